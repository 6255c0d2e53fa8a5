//! The match runner's engine client (`estuary::tools::engine`) against real and broken engines:
//! estuary itself in CECP and in UCI (handshake, a new game, a move on a clock), and the small
//! broken engines of `tests/engines/` (one that never answers, one that exits when asked to
//! move, one that plays a move no game allows), plus a program that does not exist. Every
//! failure comes back as an error that says what was awaited; nothing hangs.

use estuary::tools::engine::{Clocks, Engine, EngineError, EngineSpec, Proto, Reply};
use std::time::{Duration, Instant};

fn estuary(proto: &str) -> EngineSpec {
    format!(
        "cmd={} proto={proto} name=Estuary-{proto} option.Hash=8",
        env!("CARGO_BIN_EXE_estuary")
    )
    .parse()
    .unwrap()
}

fn broken(name: &str) -> EngineSpec {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    EngineSpec {
        cmd: path.display().to_string(),
        args: Vec::new(),
        proto: Proto::Xboard,
        name: None,
        dir: None,
        options: Vec::new(),
    }
}

const HANDSHAKE: Duration = Duration::from_secs(10);

fn clocks() -> Clocks {
    Clocks {
        left: [2_000, 2_000],
        inc: 20,
        ..Clocks::default()
    }
}

#[test]
fn estuary_plays_a_move_in_both_protocols() {
    for proto in ["xboard", "uci"] {
        let mut e = Engine::start(&estuary(proto), HANDSHAKE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.name, format!("Estuary-{proto}"));
        assert!(
            e.variants.iter().any(|v| v == "twokingdoms"),
            "{proto}: variants {:?}",
            e.variants
        );
        e.new_game("twokingdoms", "twokingdoms", None, HANDSHAKE)
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let reply = e
            .go(None, "position startpos", true, &clocks(), deadline)
            .unwrap_or_else(|err| panic!("{proto}: {err}\n{:#?}", e.transcript()));
        let Reply::Move(m) = reply else {
            panic!("{proto}: {reply:?}")
        };
        // A Two Kingdoms move in the engine's own rank numbering (CECP 0..9, UCI 1..10).
        assert!(m.len() >= 4, "{proto}: {m}");
        e.quit(Duration::from_secs(2));
    }
}

#[test]
fn a_missing_program_is_a_spawn_error() {
    let spec: EngineSpec = "/nonexistent/engine-binary".parse().unwrap();
    match Engine::start(&spec, HANDSHAKE) {
        Err(EngineError::Spawn(msg)) => assert!(msg.contains("/nonexistent/engine-binary")),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("started a missing program"),
    }
}

#[test]
fn an_engine_that_never_answers_times_out_in_the_handshake() {
    let start = Instant::now();
    match Engine::start(&broken("silent"), Duration::from_secs(3)) {
        Err(EngineError::Timeout(what)) => assert_eq!(what, "pong"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a silent engine finished its handshake"),
    }
    assert!(start.elapsed() < Duration::from_secs(8));
}

#[test]
fn an_engine_that_exits_when_asked_to_move_is_reported() {
    let mut e = Engine::start(&broken("quitter"), HANDSHAKE).unwrap();
    e.new_game("normal", "chess", None, HANDSHAKE).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    match e.go(None, "", true, &clocks(), deadline) {
        Err(EngineError::Exited(what)) => assert_eq!(what, "a move"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_illegal_move_comes_back_as_text_for_the_referee() {
    let mut e = Engine::start(&broken("illegal"), HANDSHAKE).unwrap();
    assert_eq!(e.name, "Illegal");
    e.new_game("normal", "chess", None, HANDSHAKE).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    assert_eq!(
        e.go(None, "", true, &clocks(), deadline).unwrap(),
        Reply::Move("a1a1".into())
    );
}
