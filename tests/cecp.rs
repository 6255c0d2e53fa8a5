//! CECP (XBoard protocol) conformance: the real binary driven over pipes the way XBoard and
//! python-chess drive it (protocol.md §2-§8).

#[path = "common/engine_proc.rs"]
mod engine_proc;

use engine_proc::EngineProc;
use std::time::{Duration, Instant};

/// White mates with Ra8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

fn is_move_line(l: &str) -> bool {
    l.starts_with("move ")
}

/// A CECP move on a board of `files` x `ranks` (ranks 0..9 when there are 10).
fn looks_like_cecp_move(m: &str, files: u8, ranks: u8) -> bool {
    let b = m.as_bytes();
    let (lo, hi) = if ranks == 10 {
        (b'0', b'9')
    } else {
        (b'1', b'0' + ranks)
    };
    let sq = |f: u8, r: u8| (b'a'..b'a' + files).contains(&f) && (lo..=hi).contains(&r);
    (b.len() == 4 || b.len() == 5) && sq(b[0], b[1]) && sq(b[2], b[3])
}

#[test]
fn handshake_announces_the_features() {
    let mut e = EngineProc::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.lines_until("feature done=1");
    assert_eq!(lines[0], "feature done=0", "{}", e.dump());
    let all = lines.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "time=1",
        "memory=1",
        "smp=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "exclude=1",
        "highlight=1",
        "debug=1",
        "draw=1",
        "playother=1",
        "san=0",
        "myname=\"Estuary 0.1\"",
        "option=\"Config directory -path .\"",
    ] {
        assert!(all.contains(f), "missing {f}: {}", e.dump());
    }
    let variants = lines
        .iter()
        .find(|l| l.starts_with("feature variants=\""))
        .expect("variants feature");
    assert!(variants.contains("normal") && variants.contains("twokingdoms"));
    e.send("accepted done");
    e.send("rejected sigint");
    assert!(e.sync(1).is_empty(), "{}", e.dump());
}

#[test]
fn the_first_command_picks_the_protocol() {
    let mut e = EngineProc::start();
    e.send("hello there");
    assert_eq!(e.expect("Error"), "Error (unknown command): hello there");
    e.send("xboard");
    e.send("ping 3");
    e.expect("pong 3");

    let mut u = EngineProc::start();
    u.send("uci");
    u.expect("uciok");
    u.send("quit");
    assert_eq!(u.wait_exit(Duration::from_secs(5)), Some(0));
}

#[test]
fn variant_twokingdoms_is_described_before_the_pong() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("variant twokingdoms");
    let lines = e.sync(1);
    assert_eq!(
        lines,
        vec![
            "setup (PNBRQ..A.............Kpnbrq..a.............k) 10x10+0_fairy \
             rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
            "piece P& fmWfceFifmW3",
            "piece N& NZ",
            "piece A& FAD",
            "piece K& KO3",
        ],
        "{}",
        e.dump()
    );
    // FIDE is XBoard's own: nothing to describe.
    e.send("new");
    e.send("variant normal");
    assert!(e.sync(2).is_empty(), "{}", e.dump());
    e.send("variant no-such-game");
    assert_eq!(e.sync(3), vec!["Error (unsupported variant): no-such-game"]);
}

#[test]
fn ping_waits_for_the_move_while_thinking() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("st 0.6");
    e.send("go");
    let sent = Instant::now();
    e.send("ping 5");
    e.send("time 1000");
    let lines = e.lines_until("pong 5");
    let moved = lines.iter().position(|l| is_move_line(l));
    assert!(
        moved.is_some_and(|i| i + 1 < lines.len()),
        "the move must come before the pong: {}",
        e.dump()
    );
    assert!(sent.elapsed() >= Duration::from_millis(300), "{}", e.dump());
}

#[test]
fn question_mark_makes_it_move_now() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("level 0 20 0");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("?");
    e.until("a move", is_move_line);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "took {:?}",
        asked.elapsed()
    );
    // `?` when not thinking is ignored.
    e.send("?");
    assert!(e.sync(1).is_empty(), "{}", e.dump());
}

#[test]
fn force_mode_takes_moves_for_both_sides_and_undo_remove_take_them_back() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("g1f3");
    assert!(e.sync(1).is_empty(), "no move in force mode: {}", e.dump());
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    e.send("undo");
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    e.send("remove");
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("undo");
    assert_eq!(
        e.sync(2),
        vec!["Error (no move to take back): undo"],
        "{}",
        e.dump()
    );
}

#[test]
fn remove_keeps_the_engine_on_its_side() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("st 0.2");
    e.send("usermove e2e4");
    e.until("the engine's reply", is_move_line);
    e.send("remove");
    e.send("usermove d2d4");
    e.until("a reply to d2d4", is_move_line);
}

#[test]
fn a_bad_fen_is_refused_and_changes_nothing() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send("e2e4");
    let before = e.fen();
    e.send("setboard rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
    let lines = e.sync(1);
    assert_eq!(lines[0], "tellusererror Illegal position", "{}", e.dump());
    assert!(lines[1].starts_with("Error (bad FEN): "), "{}", e.dump());
    assert_eq!(e.fen(), before);
    e.send("setboard");
    e.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    e.send("setboard kk6/8/8/8/8/8/8/KK6 w - - 0 1");
    let errors = e.sync(2);
    assert_eq!(errors.len(), 6, "{}", e.dump());
    assert_eq!(e.fen(), before);
    e.send("e7e5");
    assert!(e.sync(3).is_empty(), "moves still work: {}", e.dump());
}

#[test]
fn illegal_and_malformed_moves_leave_the_position() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    for m in ["e2e5", "e7e5", "e2", "e2e4q", "z9z9", "P@e4", "a1a10"] {
        e.send(&format!("usermove {m}"));
        let line = e.expect("Illegal move");
        assert!(line.ends_with(&format!(": {m}")), "{line}");
        assert!(line.starts_with("Illegal move (") || line.starts_with("Illegal move:"));
    }
    e.send("e2e5");
    e.expect("Illegal move");
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn the_engine_mates_and_says_so() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send(&format!("setboard {MATE_IN_ONE}"));
    e.send("post");
    e.send("st 0.3");
    e.send("go");
    let lines = e.until("a result", |l| l.starts_with("1-0"));
    let n = lines.len();
    assert_eq!(lines[n - 2], "move a1a8", "{}", e.dump());
    assert_eq!(lines[n - 1], "1-0 {White mates}");
    // Thinking output: depth score time nodes seldepth nps tbhits<TAB>pv, mate as 100000+N.
    let think = lines
        .iter()
        .find(|l| l.contains('\t'))
        .expect("thinking output");
    let (nums, pv) = think.split_once('\t').unwrap();
    let nums: Vec<i64> = nums.split(' ').map(|x| x.parse().unwrap()).collect();
    assert_eq!(nums.len(), 7, "{think}");
    assert_eq!(nums[1], 100001, "{think}");
    assert!(pv.starts_with("a1a8"), "{think}");
}

#[test]
fn the_opponent_mating_ends_the_game_too() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send(&format!("setboard {MATE_IN_ONE}"));
    e.send("st 0.3");
    e.send("usermove a1a8");
    assert_eq!(e.sync(1), vec!["1-0 {White mates}"], "{}", e.dump());
}

#[test]
fn a_repetition_is_claimed_when_the_opponent_makes_it() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send("setboard k7/p7/P7/8/8/8/8/K7 w - - 0 1");
    for m in [
        "a1b1", "a8b8", "b1a1", "b8a8", "a1b1", "a8b8", "b1a1", "b8a8",
    ] {
        e.send(m);
    }
    e.send("draw");
    assert_eq!(e.sync(1), vec!["offer draw"], "{}", e.dump());
    e.send("go");
    assert_eq!(
        e.sync(2),
        vec!["1/2-1/2 {3-fold repetition}"],
        "{}",
        e.dump()
    );
}

#[test]
fn draw_offers_are_declined_by_silence_at_the_start() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("draw");
    assert!(e.sync(1).is_empty(), "{}", e.dump());
}

#[test]
fn analysis_runs_until_exit_and_answers_ping_and_dot() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("post");
    e.send("analyze");
    e.until("thinking output", |l| l.contains('\t'));
    let asked = Instant::now();
    let lines = e.sync(1);
    assert!(asked.elapsed() < Duration::from_secs(1), "{}", e.dump());
    assert!(lines.iter().all(|l| l.contains('\t')), "{}", e.dump());
    e.send(".");
    let stat = e.expect("stat01: ");
    let fields: Vec<&str> = stat.split_whitespace().collect();
    assert_eq!(fields.len(), 6, "{stat}");
    assert_eq!(fields[5], "20", "{stat}");
    e.send("usermove e2e4");
    e.until("analysis of the new position", |l| l.contains('\t'));
    e.send("undo");
    e.send("exit");
    e.sync(2);
    assert!(
        e.quiet_for(Duration::from_millis(300)).is_empty(),
        "{}",
        e.dump()
    );
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn time_controls_produce_moves_in_time() {
    let mut e = EngineProc::xboard();
    // A 2-second game clock.
    e.send("new");
    e.send("level 40 0:02 0");
    e.send("time 200");
    e.send("otim 200");
    let t = Instant::now();
    e.send("go");
    e.until("a move", is_move_line);
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    // Fractional seconds per move.
    e.send("new");
    e.send("st 0.25");
    let t = Instant::now();
    e.send("go");
    e.until("a move", is_move_line);
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    // Depth limit with increment given as a fraction.
    e.send("new");
    e.send("level 0 1 0.5");
    e.send("sd 2");
    e.send("post");
    e.send("go");
    let lines = e.until("a move", is_move_line);
    for l in lines.iter().filter(|l| l.contains('\t')) {
        let depth: u32 = l.split(' ').next().unwrap().parse().unwrap();
        assert!(depth <= 2, "{l}");
    }
    // Node clock: `nps` turns the time into a node budget.
    e.send("new");
    e.send("nps 2000");
    e.send("st 1");
    let t = Instant::now();
    e.send("go");
    e.until("a move", is_move_line);
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
}

#[test]
fn two_kingdoms_speaks_ranks_0_to_9() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("variant twokingdoms");
    e.send("force");
    e.send("usermove e1e4"); // the triple step e2-e5
    e.send("usermove e8e5"); // and Black's e9-e6
    assert!(
        e.sync(1).iter().all(|l| !l.contains("llegal")),
        "{}",
        e.dump()
    );
    assert_eq!(
        e.fen(),
        "rnabqkbanr/pppp1ppppp/10/10/4p5/4P5/10/10/PPPP1PPPPP/RNABQKBANR w KQkq - 0 2"
    );
    e.send("usermove d1d5"); // four squares: too far
    e.expect("Illegal move");
    e.send("usermove a1a10"); // UCI-style rank 10 is not CECP
    e.expect("Illegal move");
    e.send("lift d1");
    assert_eq!(
        e.expect("highlight"),
        "highlight 10/10/10/10/10/3Y6/3Y6/3Y6/10/10"
    );
    e.send("st 0.3");
    e.send("go");
    let line = e.until("a move", is_move_line).pop().unwrap();
    let m = &line["move ".len()..];
    assert!(looks_like_cecp_move(m, 10, 10), "{line}");
}

#[test]
fn excluded_moves_are_not_played() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send(&format!("setboard {MATE_IN_ONE}"));
    e.send("exclude a1a8");
    e.send("st 0.3");
    e.send("go");
    let line = e.until("a move", is_move_line).pop().unwrap();
    assert_ne!(line, "move a1a8", "{}", e.dump());
    // A new position clears the list; `exclude all` + `include` leaves one move.
    e.send("force");
    e.send(&format!("setboard {MATE_IN_ONE}"));
    e.send("exclude all");
    e.send("include g1f1");
    e.send("go");
    assert_eq!(e.until("a move", is_move_line).pop().unwrap(), "move g1f1");
}

#[test]
fn lift_answers_with_highlights() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 4k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
    e.send("lift b7");
    assert_eq!(e.expect("highlight"), "highlight 1M6/8/8/8/8/8/8/8");
    e.send("lift e1"); // castling shows on the king's destination
    assert_eq!(e.expect("highlight"), "highlight 8/8/8/8/8/8/3YYY2/3Y1YY1");
    e.send("setboard 4k3/1P6/8/8/8/8/3p4/4K2R w K - 0 1");
    e.send("lift b7"); // in check: the pawn may not move
    assert_eq!(e.expect("highlight"), "highlight 8/8/8/8/8/8/8/8");
    e.send("lift e1");
    assert_eq!(e.expect("highlight"), "highlight 8/8/8/8/8/8/3RYY2/3Y1Y2");
    e.send("put e1");
    e.send("hover e2");
    e.send("lift z0");
    assert_eq!(e.sync(1), vec!["Error (bad square): lift z0"]);
}

#[test]
fn cores_memory_and_options_are_accepted() {
    let mut e = EngineProc::xboard();
    e.send("memory 32");
    e.send("cores 2");
    e.send("option Threads=1");
    e.send("option Hash=16");
    e.send("new");
    e.send("random");
    e.send("computer");
    e.send("name Someone");
    e.send("rating 2000 1800");
    e.send("hard");
    e.send("easy");
    e.send("accepted memory");
    assert!(e.sync(1).is_empty(), "{}", e.dump());
    e.send("st 0.2");
    e.send("go");
    e.until("a move", is_move_line);
    e.send("option Nonsense=1");
    assert_eq!(e.sync(2), vec!["Error (unknown option): option Nonsense=1"]);
}

#[test]
fn config_directory_option_loads_and_reannounces() {
    let dir = std::env::temp_dir().join(format!("estuary-cecp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine-configs/normal.toml"
    ))
    .unwrap()
    .replace("name = \"normal\"", "name = \"mynormal\"")
    .replace("builtin = true", "builtin = false");
    std::fs::write(dir.join("mynormal.toml"), text).unwrap();
    std::fs::write(dir.join("broken.toml"), "name = 3").unwrap();
    let mut e = EngineProc::xboard();
    e.send(&format!("option Config directory={}", dir.display()));
    let lines = e.sync(1);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("feature variants=") && l.contains("mynormal")),
        "{}",
        e.dump()
    );
    assert!(
        lines.iter().any(|l| l.starts_with("telluser ")),
        "{}",
        e.dump()
    );
    e.send("variant mynormal");
    let lines = e.sync(2);
    assert!(lines[0].starts_with("setup (PNBRQ"), "{}", e.dump());
}

#[test]
fn edit_mode_sets_up_a_position() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("force");
    e.send("edit");
    for c in ["#", "Ke1", "Rh1", "Pa2", "c", "Ke8", "Pa7", "xa2", "."] {
        e.send(c);
    }
    assert_eq!(e.fen(), "4k3/p7/8/8/8/8/8/4K2R w K - 0 1");
}

#[test]
fn debug_commands_print_comments() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("perft 3");
    let lines = e.sync(1);
    assert_eq!(lines.len(), 21, "{}", e.dump());
    assert!(lines.iter().all(|l| l.starts_with("# ")));
    assert!(
        lines[20].starts_with("# Nodes searched: 8902 "),
        "{}",
        e.dump()
    );
    e.send("eval");
    assert!(e.expect("# eval ").contains(" cp"));
    e.send("perft 99");
    assert_eq!(e.sync(2), vec!["Error (bad depth): perft 99"]);
}

#[test]
fn pondering_continues_on_the_expected_reply_and_restarts_on_another() {
    let mut e = EngineProc::xboard();
    for round in 0..2 {
        e.send("new");
        e.send("hard");
        e.send("st 0.4");
        e.send("go");
        e.until("a move", is_move_line);
        // Pondering is not thinking on the move: ping and hint are answered at once.
        let asked = Instant::now();
        e.send("hint");
        let lines = e.sync(10 + round);
        assert!(asked.elapsed() < Duration::from_millis(300), "{}", e.dump());
        let guess = lines
            .iter()
            .find_map(|l| l.strip_prefix("Hint: "))
            .map(str::to_string);
        let reply = match (round, guess) {
            (0, Some(g)) => g, // the expected reply: ponder hit
            (_, Some(g)) if g == "a7a6" => "h7h6".to_string(), // anything else: a miss
            _ => "a7a6".to_string(),
        };
        e.send(&format!("usermove {reply}"));
        let line = e
            .until("a move after the reply", is_move_line)
            .pop()
            .unwrap();
        assert!(looks_like_cecp_move(&line[5..], 8, 8), "{}", e.dump());
    }
    e.send("easy");
    assert!(e.sync(20).is_empty(), "{}", e.dump());
}

#[test]
fn hint_and_playother() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("playother"); // engine takes Black, White (us) to move
    e.send("st 0.3");
    assert!(e.sync(1).is_empty());
    e.send("e2e4");
    e.until("the reply", is_move_line);
    e.send("hint");
    let lines = e.sync(2);
    assert!(
        lines.is_empty() || (lines.len() == 1 && lines[0].starts_with("Hint: ")),
        "{}",
        e.dump()
    );
}

#[test]
fn junk_never_breaks_the_loop() {
    let mut e = EngineProc::xboard();
    let long = "x".repeat(100_000);
    for junk in [
        "",
        "   ",
        "foo",
        "\u{1F600} ♞",
        long.as_str(),
        "level",
        "level x y z",
        "st abc",
        "st -1",
        "sd -3",
        "time foo",
        "otim",
        "nps x",
        "memory lots",
        "cores -2",
        "setboard",
        "variant",
        "usermove",
        "usermove ''",
        "lift",
        "exclude nonsense",
        "include",
        "perft",
        "option",
        "result",
        "exit",
        ".",
        "undo",
        "remove",
        "#",
    ] {
        e.send(junk);
    }
    let lines = e.sync(1);
    for l in &lines {
        assert!(
            l.starts_with("Error (")
                || l.starts_with("Illegal move")
                || l.starts_with("tellusererror"),
            "unexpected {l:?}\n{}",
            e.dump()
        );
    }
    // Still playing.
    e.send("new");
    e.send("st 0.2");
    e.send("go");
    e.until("a move", is_move_line);
}

#[test]
fn end_of_input_while_thinking_still_moves_then_exits() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("st 0.3");
    e.send("go");
    e.send("ping 9");
    e.close_stdin();
    let lines = e.lines_until("pong 9");
    assert!(lines.iter().any(|l| is_move_line(l)), "{}", e.dump());
    assert_eq!(e.wait_exit(Duration::from_secs(5)), Some(0));
}

#[test]
fn quit_exits_at_once_even_while_thinking() {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("level 0 30 0");
    e.send("go");
    e.send("quit");
    assert_eq!(e.wait_exit(Duration::from_secs(3)), Some(0), "{}", e.dump());
}
