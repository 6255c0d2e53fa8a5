//! Partnership Mitregi over the protocols (docs/rules/partnership-mitregi.md, "Protocols"):
//! GUIs see a two-colour game. The engine playing White plays both White seats; every move is
//! checked against the seat whose turn it is; a move from the wrong bank or a drop from the
//! wrong reserve is refused and changes nothing. CECP: `variant mitregi` answers with `setup`
//! (8x8, holdings, crazyhouse parent) before the `pong`, moves and drops (`P@e4`) are read and
//! played, and a whole game is played out by two engines through the pipes. UCI: `UCI_Variant
//! mitregi`, the `info string variant` line, `position ... moves` with drops, `go`.

#[path = "common/uci_proc.rs"]
mod uci_proc;

use std::time::Duration;
use uci_proc::{EngineProc, UciProc};

const START_NATIVE: &str =
    "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 0 1";

fn mitregi_cecp() -> EngineProc {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("variant mitregi");
    let lines = e.sync(1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("setup (") && l.contains(" 8x8+7_crazyhouse ")),
        "{}",
        e.dump()
    );
    e.send("force");
    e
}

#[test]
fn cecp_variant_mitregi_sends_setup_and_plays_seat_by_seat() {
    let mut e = mitregi_cecp();
    assert_eq!(e.fen(), START_NATIVE);
    // Seat 0 (White south), 1 (Black south), 2 (White north), 3 (Black north).
    for m in ["a1a2", "h1h2", "e8e7", "d8d7"] {
        e.send(&format!("usermove {m}"));
    }
    assert!(e.sync(2).is_empty(), "{}", e.dump());
    assert_eq!(
        e.fen(),
        "rmh2HMR/1bulLUB1/ppppPPPP/8/8/PPPPpppp/KBU2ubk/1MHLlhm1 0 [WS:|WN:|BS:|BN:] 4 3"
    );
}

#[test]
fn cecp_refuses_a_move_from_the_wrong_bank_and_keeps_the_position() {
    let mut e = mitregi_cecp();
    // Seat 0 may not move the north Rook h8, nor drop with an empty reserve.
    for bad in ["h8h7", "P@d4", "e8e7"] {
        e.send(&format!("usermove {bad}"));
        let lines = e.sync(3);
        assert!(
            lines.iter().any(|l| l.starts_with("Illegal move")),
            "{bad}: {}",
            e.dump()
        );
    }
    assert_eq!(e.fen(), START_NATIVE);
}

#[test]
fn cecp_setboard_reads_both_forms_and_drops_are_played() {
    let mut e = mitregi_cecp();
    // The engine's own FEN, with a Point in White's south reserve.
    e.send("setboard 7k/8/8/8/8/8/8/K7 0 [WS:P|WN:|BS:|BN:] 0 1");
    e.send("usermove P@d3");
    assert!(e.sync(4).is_empty(), "{}", e.dump());
    assert_eq!(e.fen(), "7k/8/8/8/8/3P4/8/K7 1 [WS:|WN:|BS:|BN:] 0 1");
    // The two-colour form: Black to move in move 2 is seat 3.
    e.send("setboard 7k/8/8/8/8/8/8/K7[] b - - 0 2");
    assert!(e.sync(5).is_empty(), "{}", e.dump());
    assert_eq!(e.fen(), "7k/8/8/8/8/8/8/K7 3 [WS:|WN:|BS:|BN:] 0 2");
    // Holdings a GUI cannot place on a bank are refused, and nothing changes.
    e.send("setboard 7k/8/8/8/8/8/8/K7[P] w - - 0 1");
    let lines = e.sync(6);
    assert!(
        lines.iter().any(|l| l.starts_with("tellusererror")),
        "{}",
        e.dump()
    );
    assert_eq!(e.fen(), "7k/8/8/8/8/8/8/K7 3 [WS:|WN:|BS:|BN:] 0 2");
}

#[test]
fn cecp_two_engines_play_a_game_through_the_pipes() {
    // Each engine plays one colour (both of its seats); moves are relayed as XBoard does.
    let mut white = mitregi_cecp();
    let mut black = mitregi_cecp();
    for e in [&mut white, &mut black] {
        e.send("sd 2");
    }
    white.send("go");
    let mut engines = [white, black];
    let mut plies = 0;
    let mut result = None;
    for turn in 0..120 {
        let (m, o) = if turn % 2 == 0 { (0, 1) } else { (1, 0) };
        let lines = engines[m].until("a move or a result", |l| {
            l.starts_with("move ") || l.contains('{')
        });
        let last = lines.last().unwrap().clone();
        let Some(mv) = last.strip_prefix("move ") else {
            result = Some(last);
            break;
        };
        plies += 1;
        engines[o].send(&format!("usermove {mv}"));
        if plies == 1 {
            engines[o].send("go");
        }
    }
    let [mut white, mut black] = engines;
    // Both engines saw the same game.
    let (fw, fb) = (white.fen(), black.fen());
    assert_eq!(fw, fb, "{}\n{}", white.dump(), black.dump());
    assert!(plies >= 20 || result.is_some(), "{plies} plies, {result:?}");
}

#[test]
fn uci_mitregi_variant_line_positions_and_drops() {
    let mut u = UciProc::start();
    u.send("setoption name UCI_Variant value mitregi");
    let lines = u.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variant mitregi files 8 ranks 8")),
        "{}",
        u.dump()
    );
    u.send("position startpos moves a1a2 h1h2 e8e7 d8d7");
    assert_eq!(
        u.fen(),
        "rmh2HMR/1bulLUB1/ppppPPPP/8/8/PPPPpppp/KBU2ubk/1MHLlhm1 0 [WS:|WN:|BS:|BN:] 4 3"
    );
    u.send("position fen 7k/8/8/8/8/8/8/K7 0 [WS:P|WN:|BS:|BN:] 0 1 moves P@d3");
    assert_eq!(u.fen(), "7k/8/8/8/8/3P4/8/K7 1 [WS:|WN:|BS:|BN:] 0 1");
    // A move of the wrong seat keeps the previous position whole.
    u.send("position startpos moves h8h7");
    let lines = u.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{}",
        u.dump()
    );
    assert_eq!(u.fen(), "7k/8/8/8/8/3P4/8/K7 1 [WS:|WN:|BS:|BN:] 0 1");
    u.send("position startpos");
    u.send("go depth 3");
    let (m, _) = u.bestmove_within(Duration::from_secs(10));
    assert!(
        ["a1a2", "b1a2", "d1d2", "a3a4", "b3b4", "c3c4", "d3d4", "c2b5", "c2d5"]
            .contains(&m.as_str()),
        "{m}"
    );
}

#[test]
fn cecp_lift_on_a_holdings_square_highlights_the_drops() {
    let mut e = mitregi_cecp();
    // A Point (slot 0: the first holdings row) and a Helm (slot 1) in White's south reserve;
    // White south (seat 0) to move drops on the south bank (MIT-9).
    e.send("setboard 7k/8/8/8/8/8/8/K7 0 [WS:PH|WN:|BS:|BN:] 0 1");
    // White's holding is XBoard's last column, `j` on 8 files; rows from the bottom.
    e.send("lift j1");
    e.send("lift j2");
    // Black's holding is the first column, `_`; Black is not to move: nothing is marked.
    e.send("lift _8");
    let lines = e.sync(7);
    let marks: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("highlight"))
        .collect();
    assert_eq!(marks.len(), 3, "{}", e.dump());
    // MIT-9: Points and Helms alike drop on every empty square of the south bank (ranks 1-4
    // but a1, the King's: 31), with no rank barred; each answer marks exactly the legal drops.
    let count = |l: &str| l.matches('Y').count();
    let mut pos = estuary::board::Position::from_fen(
        estuary::variant::builtin::find("mitregi").unwrap(),
        "7k/8/8/8/8/8/8/K7 0 [WS:PH|WN:|BS:|BN:] 0 1",
    )
    .unwrap();
    let mut list = estuary::board::MoveList::new();
    estuary::rules::legal_moves(&mut pos, &mut list);
    let drops = |letter: char| {
        list.iter()
            .filter(|m| {
                m.dropped()
                    .is_some_and(|k| pos.variant().piece_type(k).letter == letter)
            })
            .count()
    };
    assert_eq!(count(marks[0]), drops('P'), "{}", marks[0]);
    assert_eq!(count(marks[1]), drops('H'), "{}", marks[1]);
    assert_eq!((drops('P'), drops('H')), (31, 31));
    assert_eq!(count(marks[2]), 0, "{}", marks[2]);
    // Junk after `lift` is an error, not a highlight.
    e.send("lift z9");
    let lines = e.sync(8);
    assert!(lines.iter().any(|l| l.starts_with("Error")), "{}", e.dump());
}
