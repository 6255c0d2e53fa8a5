//! The UCI front-end, driven over pipes like an expect script (protocol.md §10-§11): the
//! handshake, `isready` while searching, `position ... moves` in every built-in game, every
//! `go` limit, `go perft`, ponder, variant switching and malformed input.

#[path = "common/uci_proc.rs"]
mod uci_proc;

use estuary::board::{MoveList, Position};
use estuary::notation::{move_text, Dialect};
use estuary::rules::legal_moves;
use estuary::variant::builtin;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};
use uci_proc::UciProc;

/// FIDE: White mates with Ra8.
const BACK_RANK_MATE_IN_1: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// FIDE: Black must play Kg8, then Qg7 mates.
const MATED_IN_1: &str = "7k/8/6KQ/8/8/8/8/8 b - - 0 1";
/// FIDE: Black is checkmated.
const CHECKMATED: &str = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
/// Two Kingdoms: a Soldier on b9 about to promote (ORACLES.md §1 "promo": 20 moves).
const TK_PROMOTION: &str = "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1";

fn engine_for(variant: &str) -> UciProc {
    let mut e = UciProc::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.sync();
    e
}

/// Fields of an `info` line, keyword by keyword.
fn info_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1).copied()
}

fn legal_texts(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .map(|m| move_text(pos.variant(), m, Dialect::Uci))
        .collect()
}

#[test]
fn handshake_lists_identity_and_options() {
    let mut e = UciProc::spawn();
    e.send("uci");
    let lines = e.lines_until("uciok");
    assert!(lines[0].starts_with("id name Estuary "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for opt in [
        "option name Threads type spin",
        "option name Hash type spin",
        "option name MultiPV type spin default 1 min 1 max 1",
        "option name Ponder type check",
        "option name Move Overhead type spin",
        "option name VariantPath type string",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(opt)), "{opt}: {lines:?}");
    }
    // FIDE chess is `chess` in UCI, as in Fairy-Stockfish (python-chess sets that name).
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .unwrap_or_else(|| e.fail("no UCI_Variant combo"));
    for v in builtin::names() {
        let v = if v == "normal" {
            "chess".to_string()
        } else {
            v
        };
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    assert!(!combo.contains(" var normal"), "{combo}");
    assert!(e.sync().is_empty());
}

#[test]
fn isready_is_answered_while_searching_and_stop_gives_bestmove() {
    let mut e = UciProc::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    e.expect("info depth 1 ");
    let t = Instant::now();
    e.sync();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    // An infinite search never ends on its own.
    e.no_bestmove_for(Duration::from_millis(200));
    e.send("stop");
    let t = Instant::now();
    let (best, _) = e.bestmove_within(Duration::from_secs(2));
    assert!(t.elapsed() < Duration::from_secs(1));
    let mut pos = Position::startpos(builtin::find("normal").unwrap());
    for m in ["e2e4", "e7e5"] {
        let mv = estuary::notation::parse_move(&mut pos, m, Dialect::Uci).unwrap();
        pos.make(mv);
    }
    assert!(legal_texts(&mut pos).contains(&best), "{best}");
}

#[test]
fn position_moves_in_every_built_in_game_match_the_rules_core() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for v in builtin::all() {
        let mut e = engine_for(&v.name);
        for _game in 0..4 {
            let mut pos = Position::startpos(v);
            let mut played = Vec::new();
            for _ in 0..rng.gen_range(10..60) {
                let moves = legal_texts(&mut pos);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())].clone();
                let mv = estuary::notation::parse_move(&mut pos, &m, Dialect::Uci).unwrap();
                pos.make(mv);
                played.push(m);
            }
            e.send(&format!("position startpos moves {}", played.join(" ")));
            assert_eq!(e.fen(), pos.fen(), "{}: {}", v.name, played.join(" "));
            // The same game from a FEN half-way through.
            let half = played.len() / 2;
            let mut mid = Position::startpos(v);
            for m in &played[..half] {
                let mv = estuary::notation::parse_move(&mut mid, m, Dialect::Uci).unwrap();
                mid.make(mv);
            }
            e.send(&format!(
                "position fen {} moves {}",
                mid.fen(),
                played[half..].join(" ")
            ));
            assert_eq!(e.fen(), pos.fen(), "{}: from FEN", v.name);
        }
        assert!(e.sync().is_empty(), "{}", v.name);
    }
}

#[test]
fn two_kingdoms_speaks_ranks_one_to_ten() {
    let mut e = engine_for("twokingdoms");
    // Triple steps, then the rook on a10 leaves its corner.
    e.send("position startpos moves a2a5 a9a6 b2b3 a10a7");
    assert_eq!(
        e.fen(),
        "1nabqkbanr/1ppppppppp/10/r9/p9/P9/10/1P8/2PPPPPPPP/RNABQKBANR w KQk - 1 3"
    );
    e.send(&format!("position fen {TK_PROMOTION} moves b9a10a"));
    assert!(e.fen().starts_with("A1r2k4/10/"));
    e.send(&format!("position fen {TK_PROMOTION} moves b9b10n"));
    assert!(e.fen().starts_with("rNr2k4/10/"));
    e.send(&format!("position fen {TK_PROMOTION}"));
    e.send("go perft 1");
    let lines = e.lines_until("Nodes searched:");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 20");
    for m in ["b9a10a: 1", "b9a10n: 1", "b9b10q: 1", "b9c10r: 1"] {
        assert!(lines.iter().any(|l| l == m), "{m}: {lines:?}");
    }
    // A searchmoves restriction with a ten-rank square is kept, not dropped.
    e.send(&format!("position fen {TK_PROMOTION}"));
    e.send("go depth 2 searchmoves b9b10b");
    assert_eq!(e.bestmove().0, "b9b10b");
}

#[test]
fn go_depth_prints_full_info_lines() {
    let mut e = UciProc::start();
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.lines_until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    for (i, l) in infos.iter().enumerate() {
        assert_eq!(info_value(l, "depth"), Some((i + 1).to_string().as_str()));
        for key in ["seldepth", "nodes", "nps", "hashfull", "time"] {
            let n = info_value(l, key).unwrap_or_else(|| e.fail(key));
            assert!(n.parse::<u64>().is_ok(), "{key} in {l}");
        }
        assert_eq!(info_value(l, "score"), Some("cp"), "{l}");
        assert!(l.contains(" pv "), "{l}");
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let last_pv = info_value(infos[3], "pv").unwrap();
    assert_eq!(best, last_pv);
}

#[test]
fn go_movetime_nodes_and_clock_end_on_their_own() {
    let mut e = UciProc::start();
    e.send("position startpos moves d2d4");
    let t = Instant::now();
    e.send("go movetime 300");
    e.bestmove_within(Duration::from_secs(3));
    let ms = t.elapsed().as_millis();
    // The search may stop early when another iteration would not finish in time (past half
    // the budget), never late.
    assert!((100..2000).contains(&ms), "movetime 300 took {ms} ms");

    e.send("go nodes 2000");
    let lines = e.lines_until("bestmove");
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        let n: u64 = info_value(l, "nodes").unwrap().parse().unwrap();
        assert!(n <= 2000 + 1000, "{l}");
    }

    let t = Instant::now();
    e.send("go wtime 1000 btime 1000 winc 0 binc 0 movestogo 10");
    e.bestmove_within(Duration::from_secs(3));
    assert!(t.elapsed() < Duration::from_secs(1));
}

#[test]
fn go_mate_finds_mates_in_moves_with_sign() {
    let mut e = UciProc::start();
    e.send(&format!("position fen {BACK_RANK_MATE_IN_1}"));
    e.send("go mate 1");
    let lines = e.lines_until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");

    e.send(&format!("position fen {MATED_IN_1}"));
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate -1 ")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove h8g8 ponder h6g7");

    e.send(&format!("position fen {CHECKMATED}"));
    e.send("go depth 3");
    assert_eq!(e.bestmove(), ("0000".to_string(), None));
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = UciProc::start();
    e.send("position startpos");
    e.send("go depth 3 searchmoves a2a3");
    assert_eq!(e.bestmove().0, "a2a3");
    e.send("go depth 3 searchmoves h2h3 a2a3");
    let best = e.bestmove().0;
    assert!(best == "h2h3" || best == "a2a3", "{best}");
    // An illegal move in the list is reported and skipped.
    e.send("go depth 2 searchmoves e2e5 g2g4");
    let lines = e.lines_until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info string error:")));
    assert_eq!(
        lines.last().unwrap().split_whitespace().nth(1),
        Some("g2g4")
    );
}

#[test]
fn go_perft_divides_like_stockfish() {
    let mut e = UciProc::start();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.lines_until("Nodes searched:");
    let divide: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(divide.len(), 21, "{lines:?}");
    assert!(lines.iter().any(|l| l == "e2e4: 600"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert!(e.sync().iter().all(|l| l.is_empty()));

    let mut e = engine_for("twokingdoms");
    e.send("go perft 2");
    let lines = e.lines_until("Nodes searched:");
    assert!(lines.iter().any(|l| l == "a2a5: 44"), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1936");
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut e = UciProc::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    e.expect("info depth 1 ");
    e.sync();
    e.no_bestmove_for(Duration::from_millis(300));
    e.send("ponderhit");
    e.bestmove_within(Duration::from_secs(3));

    e.send("go ponder wtime 60000 btime 60000");
    e.expect("info depth 1 ");
    e.send("stop");
    e.bestmove_within(Duration::from_secs(2));
    assert!(e.sync().is_empty());
}

#[test]
fn uci_variant_switch_prints_the_variant_line() {
    let mut e = UciProc::start();
    e.send("setoption name UCI_Variant value twokingdoms");
    let l = e.sync();
    assert_eq!(
        l,
        vec![
            "info string variant twokingdoms files 10 ranks 10 pocket 0 template fairy startpos \
              rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1"
        ]
    );
    e.send("position startpos");
    assert_eq!(
        e.fen(),
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1"
    );
    e.send("setoption name uci_variant value Wey");
    let l = e.sync();
    assert_eq!(l.len(), 1);
    assert!(l[0].starts_with(
        "info string variant wey files 8 ranks 8 pocket 0 template fairy startpos mbboOQIM/"
    ));
    e.send("go depth 2");
    let (best, _) = e.bestmove();
    let mut wey = Position::startpos(builtin::find("wey").unwrap());
    assert!(legal_texts(&mut wey).contains(&best));
    // An unknown game is refused and the old one kept.
    e.send("setoption name UCI_Variant value nosuchgame");
    let l = e.sync();
    assert!(l[0].starts_with("info string error:"), "{l:?}");
    assert_eq!(e.fen(), wey.fen());
    // Back to chess (by its UCI name or its config name): GUIs know it, no variant line.
    for name in ["chess", "normal"] {
        e.send("setoption name UCI_Variant value wey");
        e.sync();
        e.send(&format!("setoption name UCI_Variant value {name}"));
        assert!(e.sync().is_empty());
        assert!(e.fen().starts_with("rnbqkbnr/"));
    }
}

#[test]
fn variant_path_loads_configs_and_reports_bad_paths() {
    let dir = std::env::temp_dir().join(format!("estuary-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-configs/normal.toml"),
    )
    .unwrap()
    .replacen("name = \"normal\"", "name = \"ucitestchess\"", 1);
    std::fs::write(dir.join("ucitestchess.toml"), text).unwrap();

    let mut e = UciProc::start();
    e.send("setoption name VariantPath value /no/such/dir/estuary");
    let l = e.sync();
    assert!(
        l.iter().any(|l| l.starts_with("info string error:")),
        "{l:?}"
    );
    e.send(&format!(
        "setoption name VariantPath value {}",
        dir.display()
    ));
    let l = e.sync();
    assert!(
        l.iter()
            .any(|l| l.starts_with("info string variants ") && l.contains("ucitestchess")),
        "{l:?}"
    );
    e.send("uci");
    let lines = e.lines_until("uciok");
    assert!(lines.iter().any(|l| l.contains(" var ucitestchess")));
    e.send("setoption name UCI_Variant value ucitestchess");
    assert!(e.sync()[0].starts_with("info string variant ucitestchess files 8 ranks 8"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn options_are_case_insensitive_and_checked() {
    let mut e = UciProc::start();
    for ok in [
        "setoption name threads value 2",
        "setoption name HASH value 8",
        "setoption name Move Overhead value 50",
        "setoption name move overhead value 0",
        "setoption name MultiPV value 1",
        "setoption name Ponder value false",
    ] {
        e.send(ok);
        assert!(e.sync().is_empty(), "{ok}");
    }
    for bad in [
        "setoption name Threads value 0",
        "setoption name Hash value lots",
        "setoption name MultiPV value 2",
        "setoption name Ponder value maybe",
        "setoption name NoSuchOption value 1",
        "setoption name Threads",
    ] {
        e.send(bad);
        let l = e.sync();
        assert!(
            l.len() == 1 && l[0].starts_with("info string error:"),
            "{bad}: {l:?}"
        );
    }
    e.send("go depth 5");
    e.bestmove();
}

#[test]
fn malformed_input_is_reported_and_changes_nothing() {
    let mut e = UciProc::start();
    e.send("position startpos moves e2e4 c7c5");
    let fen = e.fen();
    for junk in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 a9a10",
        "position startpos moves e2e4 P@e4",
        "position startpos moves e7e8z",
        "position fen rnbqkbnr/pppppppp/8 w - - 0 1",
        "position fen",
        "position",
        "position sideways",
        "position startpos extra moves e2e4",
        "flubber",
        "info depth 999 score cp 1",
        "bestmove e2e4",
        "debug sideways",
        "setoption",
        "go perft 0",
        "go perft",
        "registerx",
    ] {
        e.send(junk);
        let l = e.sync();
        assert!(
            l.iter().any(|l| l.starts_with("info string error:")),
            "{junk}: {l:?}"
        );
        assert_eq!(e.fen(), fen, "{junk}");
    }
    for silent in [
        "",
        "   ",
        "debug on",
        "debug off",
        "register later",
        "stop",
        "ponderhit",
        "ucinewgame",
    ] {
        e.send(silent);
        let l = e.sync();
        assert!(l.is_empty(), "{silent:?}: {l:?}");
    }
    // Bytes that are not UTF-8, a very long line, NULs.
    e.send_bytes(b"\xff\xfe\x00garbage\x00\n");
    e.send(&"x".repeat(200_000));
    e.send(&format!("position startpos moves {}", "e2e4 ".repeat(5000)));
    e.sync();
    // A `go` with unreadable parts still searches, so bestmove follows.
    e.send("go depth 2 bogus 7 wtime soon");
    let lines = e.lines_until("bestmove");
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error:"))
            .count()
            >= 2
    );
    e.send("go depth 999 mate 9999 nodes 500");
    e.bestmove();
}

#[test]
fn quit_ends_an_infinite_search_and_eof_lets_a_finite_one_finish() {
    let mut e = UciProc::start();
    e.send("go infinite");
    e.expect("info depth 1 ");
    e.send("quit");
    e.bestmove_within(Duration::from_secs(2));
    assert_eq!(e.wait_exit(Duration::from_secs(2)), Some(0));

    let mut e = UciProc::start();
    e.send("go depth 3");
    e.close_stdin();
    e.bestmove();
    assert_eq!(e.wait_exit(Duration::from_secs(2)), Some(0));
}
