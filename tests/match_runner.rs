//! `estuary match` and `estuary match-merge`, driven as a user would: the built binary plays
//! short matches against itself (CECP and UCI) in every built-in game, against the broken
//! engines of `tests/engines/` (each loses, with the reason in the PGN), and gets bad input
//! (a clear message and exit code 2, never a panic). Shards merged give the single run's
//! report; the PGN is well formed, and python-chess reads the FIDE games when it is there.

mod common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ESTUARY: &str = env!("CARGO_BIN_EXE_estuary");
/// Longest a test match may run before the test fails.
const MATCH_LIMIT: Duration = Duration::from_secs(240);

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Run `estuary ARGS`, killing it (and failing) past [`MATCH_LIMIT`].
fn estuary(args: &[&str]) -> Run {
    let mut child = Command::new(ESTUARY)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start estuary");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let end = Instant::now() + MATCH_LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("estuary {args:?} ran past {MATCH_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code().unwrap_or(-1),
        stdout: reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    }
}

/// `estuary match` of estuary against itself (CECP both), with `args` added.
fn self_play(args: &[&str]) -> Run {
    let mut all = vec!["match", "--engine", ESTUARY, "--engine", ESTUARY];
    all.extend_from_slice(args);
    estuary(&all)
}

fn broken(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name)
        .display()
        .to_string()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// One game of a PGN file: its tags and its movetext.
struct PgnGame {
    tags: Vec<(String, String)>,
    movetext: String,
}

impl PgnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
    /// The moves: movetext without comments, move numbers and the result.
    fn moves(&self) -> Vec<String> {
        let mut text = String::new();
        let mut depth = 0;
        for c in self.movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => text.push(c),
                _ => {}
            }
        }
        text.split_whitespace()
            .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
            .map(str::to_string)
            .collect()
    }
}

fn read_pgn(path: &Path) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = Vec::new();
    for block in text.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let block = block.trim_start_matches('[');
        let (head, body) = block
            .split_once("]\n\n")
            .expect("tags, a blank line, moves");
        let tags = head
            .split("]\n[")
            .map(|t| {
                let (name, value) = t.split_once(' ').unwrap();
                (name.to_string(), value.trim_matches('"').to_string())
            })
            .collect();
        games.push(PgnGame {
            tags,
            movetext: body.trim().to_string(),
        });
    }
    games
}

/// Checks that hold for every game: the tags are there, PlyCount counts the moves, the
/// movetext ends with the result.
fn check_game(g: &PgnGame, variant: &str) {
    for tag in [
        "Event",
        "Site",
        "Date",
        "Round",
        "White",
        "Black",
        "Result",
        "Variant",
        "TimeControl",
        "Termination",
        "PlyCount",
    ] {
        assert!(g.tag(tag).is_some(), "no {tag} tag: {:?}", g.tags);
    }
    assert_eq!(g.tag("Variant"), Some(variant));
    let result = g.tag("Result").unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{result}");
    assert!(g.movetext.ends_with(result), "{}", g.movetext);
    let plies: usize = g.tag("PlyCount").unwrap().parse().unwrap();
    assert_eq!(g.moves().len(), plies, "{}", g.movetext);
    assert_eq!(g.tag("FEN").is_some(), g.tag("SetUp") == Some("1"));
}

/// The report lines on stdout, in cutechess-cli's words.
fn check_report(stdout: &str, first: &str, second: &str, games: u64) {
    let lines: Vec<&str> = stdout.lines().collect();
    let score = format!("Score of {first} vs {second}: ");
    assert!(lines[0].starts_with(&score), "{stdout}");
    let (counts, total) = lines[0][score.len()..].split_once("  [").unwrap();
    let wld: Vec<u64> = counts.split(" - ").map(|n| n.parse().unwrap()).collect();
    assert_eq!(wld.iter().sum::<u64>(), games, "{stdout}");
    assert!(total.ends_with(&format!("] {games}")), "{stdout}");
    assert!(lines[1].starts_with("Elo difference: "), "{stdout}");
    assert!(lines[1].contains(", LOS: ") && lines[1].contains(" %, DrawRatio: "));
    assert!(lines[2].starts_with("Ptnml(0-2): ["), "{stdout}");
}

#[test]
fn self_play_in_every_built_in_game() {
    let dir = common::Scratch::new("match", "selfplay");
    for variant in ["normal", "twokingdoms", "wey", "mitregi", "flightferry"] {
        let pgn = dir.join(format!("{variant}.pgn"));
        let r = self_play(&[
            "--variant",
            variant,
            "--games",
            "3",
            "--depth",
            "1",
            "--max-moves",
            "150",
            "--pgn",
            s(&pgn),
        ]);
        assert_eq!(r.code, 0, "{variant}: {}", r.stderr);
        check_report(&r.stdout, "Estuary 0.1", "Estuary 0.1", 3);
        let games = read_pgn(&pgn);
        assert_eq!(games.len(), 3, "{variant}");
        for g in &games {
            check_game(g, variant);
            assert!(
                ["normal", "adjudication"].contains(&g.tag("Termination").unwrap()),
                "{variant}: {:?}",
                g.tags
            );
        }
        // A pair shares its opening, colours swapped.
        assert_eq!(
            games.iter().filter(|g| g.tag("Round") == Some("3")).count(),
            1
        );
        let first_moves = |g: &PgnGame| g.moves()[..4].to_vec();
        let (g1, g2) = games
            .iter()
            .fold((None, None), |(a, b), g| match g.tag("Round") {
                Some("1") => (Some(g), b),
                Some("2") => (a, Some(g)),
                _ => (a, b),
            });
        assert_eq!(
            first_moves(g1.unwrap()),
            first_moves(g2.unwrap()),
            "{variant}"
        );
    }
}

#[test]
fn a_uci_engine_plays_a_cecp_engine_on_a_clock() {
    let dir = common::Scratch::new("match", "uci");
    let pgn = dir.join("uci.pgn");
    let uci = format!("cmd={ESTUARY} proto=uci name=EstuaryUCI option.Hash=8");
    let r = estuary(&[
        "match",
        "--engine",
        &uci,
        "--engine",
        ESTUARY,
        "--variant",
        "twokingdoms",
        "--games",
        "2",
        "--tc",
        "2+0.05",
        "--timemargin",
        "2000",
        "--max-moves",
        "60",
        "--pgn",
        s(&pgn),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    check_report(&r.stdout, "EstuaryUCI", "Estuary 0.1", 2);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        check_game(g, "twokingdoms");
        assert_eq!(g.tag("TimeControl"), Some("2+0.05"));
        assert_ne!(
            g.tag("Termination"),
            Some("rules infraction"),
            "{:?}",
            g.tags
        );
    }
}

/// A match of estuary against a broken engine: both games lost by it, with the reason.
fn against_broken(name: &str, limits: &[&str], termination: &str, comment: &str) {
    let dir = common::Scratch::new("match", name);
    let pgn = dir.join("broken.pgn");
    let engine = broken(name);
    let mut args = vec![
        "match", "--engine", ESTUARY, "--engine", &engine, "--games", "2", "--pgn",
    ];
    args.push(s(&pgn));
    args.extend_from_slice(limits);
    let r = estuary(&args);
    assert_eq!(r.code, 0, "{name}: {}", r.stderr);
    assert!(
        r.stdout.contains(": 2 - 0 - 0  [1.000] 2"),
        "{name}: {}",
        r.stdout
    );
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for (g, side) in games.iter().zip(["Black", "White"]) {
        check_game(g, "normal");
        assert_eq!(g.tag("Termination"), Some(termination), "{name}");
        let reason = format!("{{{side}{comment}");
        assert!(g.movetext.contains(&reason), "{name}: {}", g.movetext);
    }
}

#[test]
fn an_illegal_move_loses() {
    against_broken(
        "illegal",
        &["--depth", "1"],
        "rules infraction",
        " makes an illegal move: a1a1",
    );
}

#[test]
fn an_engine_that_exits_loses() {
    against_broken("quitter", &["--depth", "1"], "abandoned", " disconnects");
}

#[test]
fn an_engine_that_never_moves_loses_on_time() {
    against_broken(
        "mute",
        &["--tc", "0.5+0.05", "--timemargin", "1000"],
        "time forfeit",
        " loses on time",
    );
}

#[test]
fn an_engine_that_never_moves_stalls_under_a_depth_limit() {
    against_broken(
        "mute",
        &["--depth", "1", "--move-timeout", "0.5"],
        "stalled connection",
        "'s connection stalls",
    );
}

/// `estuary match ARGS` must fail with exit code 2 and a message containing `message`.
fn refused(args: &[&str], message: &str) {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    let r = estuary(&all);
    assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
}

#[test]
fn bad_input_gets_a_message_and_exit_code_2() {
    let dir = common::Scratch::new("match", "bad");
    let e = ["--engine", ESTUARY];
    fn both<'a>(more: &[&'a str]) -> Vec<&'a str> {
        [&["--engine", ESTUARY, "--engine", ESTUARY][..], more].concat()
    }
    refused(
        &[&e[..], &["--engine", "/no/such/engine", "--depth", "1"]].concat(),
        "engine 2 (/no/such/engine) cannot be started",
    );
    let silent = broken("silent");
    refused(
        &[
            &e[..],
            &[
                "--engine",
                &silent,
                "--depth",
                "1",
                "--handshake-timeout",
                "3",
            ],
        ]
        .concat(),
        "did not complete its handshake (feature done=1)",
    );
    let illegal = broken("illegal");
    refused(
        &[
            &e[..],
            &[
                "--engine",
                &illegal,
                "--variant",
                "twokingdoms",
                "--depth",
                "1",
            ],
        ]
        .concat(),
        "does not list the variant \"twokingdoms\"",
    );
    refused(
        &both(&["--games", "0", "--depth", "1"]),
        "--games must be at least 1",
    );
    refused(&both(&["--tc", "ten"]), "bad --tc \"ten\"");
    refused(&both(&["--tc", "0"]), "bad --tc \"0\"");
    refused(&both(&[]), "give a time control");
    refused(
        &both(&["--variant", "nochess", "--depth", "1"]),
        "unknown variant",
    );
    refused(&both(&["--shard", "3/2", "--depth", "1"]), "bad --shard");
    refused(
        &both(&["--sprt", "elo0=5,elo1=0", "--depth", "1"]),
        "bad --sprt",
    );
    refused(&e, "give exactly two --engine");
    let openings = dir.join("openings.epd");
    std::fs::write(
        &openings,
        "# two good lines and a bad one\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open\";\n\
         this is not a position\n",
    )
    .unwrap();
    refused(
        &both(&["--openings", s(&openings), "--depth", "1"]),
        "openings.epd:4: not a normal FEN or EPD",
    );
    refused(
        &both(&["--openings", s(&dir.join("missing.epd")), "--depth", "1"]),
        "cannot read openings file",
    );
}

#[test]
fn openings_from_a_file_of_fens_and_epds() {
    let dir = common::Scratch::new("match", "openings");
    let openings = dir.join("openings.epd");
    let sicilian = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    std::fs::write(
        &openings,
        format!(
            "{sicilian}  # a FEN\n\
             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3; id \"open game\";\n"
        ),
    )
    .unwrap();
    let pgn = dir.join("o.pgn");
    let r = self_play(&[
        "--games",
        "4",
        "--depth",
        "1",
        "--openings",
        s(&openings),
        "--pgn",
        s(&pgn),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    for g in &games {
        check_game(g, "normal");
        let round: usize = g.tag("Round").unwrap().parse().unwrap();
        let want = if round <= 2 {
            sicilian.to_string()
        } else {
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1".to_string()
        };
        assert_eq!(g.tag("FEN"), Some(want.as_str()), "round {round}");
    }
}

#[test]
fn shards_merged_give_the_single_run_report() {
    let dir = common::Scratch::new("match", "shards");
    let common = |extra: &[&str]| {
        let mut a = vec![
            "match",
            "--engine",
            ESTUARY,
            "--engine",
            ESTUARY,
            "--games",
            "7",
            "--depth",
            "2",
            "--seed",
            "11",
            "--max-moves",
            "120",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| {
        let args = common(extra);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = estuary(&refs);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r
    };
    let full_results = dir.join("full.txt");
    let full = run(&["--results", s(&full_results), "--concurrency", "2"]);
    check_report(&full.stdout, "Estuary 0.1", "Estuary 0.1", 7);
    let mut shard_files = Vec::new();
    for k in 1..=2 {
        let f = dir.join(format!("shard{k}.txt"));
        let shard = format!("{k}/2");
        run(&["--shard", &shard, "--results", s(&f)]);
        shard_files.push(f);
    }
    let merged = estuary(&["match-merge", s(&shard_files[0]), s(&shard_files[1])]);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, full.stdout);
    let again = estuary(&["match-merge", s(&full_results)]);
    assert_eq!(again.stdout, full.stdout);
    // One shard alone is a different (smaller) report; the same shard twice is refused.
    let one = estuary(&["match-merge", s(&shard_files[0])]);
    assert_ne!(one.stdout, full.stdout);
    let twice = estuary(&["match-merge", s(&shard_files[0]), s(&shard_files[0])]);
    assert_eq!(twice.code, 2);
    assert!(twice.stderr.contains("appears twice"), "{}", twice.stderr);
}

#[test]
fn adjudication_ends_games_by_the_engines_scores() {
    let dir = common::Scratch::new("match", "adjudication");
    for (flag, value, reason) in [
        (
            "--draw-adjudication",
            "2,2,100000",
            "{Draw by adjudication}",
        ),
        ("--resign-adjudication", "1,0", "loses by adjudication}"),
        ("--max-moves", "3", "{Draw by adjudication: 3 moves played}"),
    ] {
        let pgn = dir.join(format!("{flag}.pgn"));
        let r = self_play(&[
            "--games",
            "2",
            "--st",
            "0.02",
            "--timemargin",
            "2000",
            "--random-plies",
            "0-0",
            flag,
            value,
            "--pgn",
            s(&pgn),
        ]);
        assert_eq!(r.code, 0, "{flag}: {}", r.stderr);
        for g in read_pgn(&pgn) {
            check_game(&g, "normal");
            assert_eq!(g.tag("Termination"), Some("adjudication"), "{flag}");
            assert!(g.movetext.contains(reason), "{flag}: {}", g.movetext);
            assert!(g.moves().len() <= 6, "{flag}: {}", g.movetext);
            assert_eq!(g.tag("TimeControl"), Some("0.02/move"));
        }
    }
}

#[test]
fn a_decided_sprt_stops_the_match() {
    let illegal = broken("illegal");
    let r = estuary(&[
        "match",
        "--engine",
        ESTUARY,
        "--engine",
        &illegal,
        "--games",
        "1000",
        "--depth",
        "1",
        "--sprt",
        "elo0=0,elo1=50",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let last = r.stdout.lines().last().unwrap();
    assert!(last.starts_with("SPRT: llr "), "{}", r.stdout);
    assert!(last.ends_with(" - H1 was accepted"), "{}", r.stdout);
    let games: u64 = r
        .stdout
        .lines()
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(games < 100, "{}", r.stdout);
}

#[test]
fn python_chess_reads_the_fide_games() {
    let have = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        eprintln!("python3 with python-chess not found: skipped");
        return;
    }
    let dir = common::Scratch::new("match", "python-chess");
    let pgn = dir.join("fide.pgn");
    let r = self_play(&[
        "--games",
        "4",
        "--depth",
        "2",
        "--seed",
        "3",
        "--pgn",
        s(&pgn),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Every game parses without errors, its move count is PlyCount, and a game won on the
    // board ends in checkmate there.
    let script = r#"
import sys, chess.pgn
f = open(sys.argv[1])
n = 0
while True:
    g = chess.pgn.read_game(f)
    if g is None:
        break
    n += 1
    assert not g.errors, g.errors
    moves = list(g.mainline_moves())
    assert len(moves) == int(g.headers["PlyCount"]), (len(moves), g.headers)
    board = g.end().board()
    if g.headers["Result"] != "1/2-1/2" and g.headers["Termination"] == "normal":
        assert board.is_checkmate(), board.fen()
print(n)
"#;
    let out = Command::new("python3")
        .args(["-c", script, s(&pgn)])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "4");
}
