//! Flight and Ferry over CECP in XBoard's dialect (src/notation/xboard_ferry.rs and
//! src/protocol/ferry_entry.rs, README "Flight
//! and Ferry in XBoard"): the setup line with the Ferry glyphs, `setboard` in XBoard's letters
//! (junk refused, position kept), every move kind as a user move in its wire form with the
//! position checked afterwards, `lift`/`put` answers, and the engine's own `move` texts read
//! back by a second engine along a game played through the pipes, its PVs in the same text.

#[path = "common/engine_proc.rs"]
mod engine_proc;

use engine_proc::EngineProc;
use estuary::notation::xboard_ferry::PASSENGERS;
use std::time::Duration;

fn ff() -> EngineProc {
    let mut e = EngineProc::xboard();
    e.send("new");
    e.send("variant flightferry");
    let lines = e.sync(1);
    assert!(
        lines.iter().any(|l| l.starts_with("setup (")
            && l.contains(" 8x10+0_fairy ")
            && l.ends_with(
                "2c2c2/rnfqkfnr/pppppppp/8/4e3/3E4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1"
            )),
        "{}",
        e.dump()
    );
    e.send("force");
    e
}

/// Our FEN of the engine's position (`d`).
fn fen(e: &mut EngineProc, n: u32) -> String {
    e.send("d");
    let lines = e.sync(n);
    lines
        .iter()
        .find_map(|l| l.strip_prefix("# FEN: "))
        .unwrap_or_else(|| e.fail("no FEN from d"))
        .to_string()
}

/// Set a position in XBoard's letters, play one wire move, compare the FEN after it.
#[track_caller]
fn user_move(xb_fen: &str, wire: &str, after: &str) {
    let mut e = ff();
    e.send(&format!("setboard {xb_fen}"));
    e.send(&format!("usermove {wire}"));
    let lines = e.sync(2);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{wire}: {}",
        e.dump()
    );
    assert_eq!(fen(&mut e, 3), after, "{wire}");
}

#[test]
fn every_move_kind_as_a_user_move() {
    let start = "2c2c2/rnfqkfnr/pppppppp/8/4e3/3E4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1";
    // Ordinary.
    user_move(
        start,
        "e2e3",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/4P3/PPPP1PPP/RNBQKBNR/2G2G2 b KQkq - 0 1",
    );
    // Boarding: the suffix is the glyph on the Ferry.
    user_move(
        start,
        "d2d4o",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq - 0 1",
    );
    let rook = "2c2c2/rnfqkfnr/pppppppp/8/4e3/3T4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1";
    // Ride (on-Ferry letter) and disembarking (plain letter) to the same square.
    user_move(
        rook,
        "d4d5t",
        "2c2c2/rnfqkfnr/pppppppp/8/3(R)()3/8/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 1 1",
    );
    user_move(
        rook,
        "d4d5r",
        "2c2c2/rnfqkfnr/pppppppp/8/3R()3/3()4/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 1 1",
    );
    // Send as a move on the spot: to an empty square, and onto a piece (key square d6).
    user_move(
        rook,
        "d4a5,a5d4r",
        "2c2c2/rnfqkfnr/pppppppp/8/()3()3/3R4/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 1 1",
    );
    user_move(
        "2c2c2/rnfqkfnr/ppp1pppp/8/3pe3/3T4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1",
        "d4d6,d6d4r",
        "2c2c2/rnfqkfnr/ppp1pppp/8/3(p)()3/3R4/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 1 1",
    );
    // XBoard's re-sent form of a Black Send to an empty square (`a a,k a±1`).
    user_move(
        "2c2c2/rnfqkfnr/pppppppp/8/4t3/3E4/8/PPPPPPPP/RNBQKBNR/2G2G2 b KQq - 0 1",
        "e5e5,a5d5",
        "2c2c2/rnfqkfnr/pppppppp/8/()3r3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQq - 1 2",
    );
    // Pass-through and beyond: the victim first.
    let dragon = "4k3/8/8/8/4e3/2o5/8/8/8/2G1K3 w - - 0 1";
    user_move(
        dragon,
        "c0c4,c4c7",
        "4k3/8/2G5/8/4()3/2()5/8/8/8/4K3 b - - 0 1",
    );
    user_move(
        "4k3/8/8/8/4e3/6o1/8/8/8/2G1K3 w - - 0 1",
        "c0g4,g4e2",
        "4k3/8/8/8/4()3/6()1/8/4G3/8/4K3 b - - 0 1",
    );
    // En passant off a Ferry (the Pawn that double-stepped onto the Ferry on e6).
    user_move(
        "4k3/8/8/8/3Po3/3E4/8/8/8/4K3 w - e7 0 2",
        "d5e5,e5e6",
        "4k3/8/8/4P3/4()3/3()4/8/8/8/4K3 b - - 0 2",
    );
}

#[test]
fn junk_setboard_is_refused_and_changes_nothing() {
    let mut e = ff();
    let before = fen(&mut e, 2);
    e.send("setboard 2c2c2/rnfqkfnr/ZZZ w - - 0 1");
    let lines = e.sync(3);
    assert!(
        lines.iter().any(|l| l.starts_with("Error (bad FEN)")),
        "{}",
        e.dump()
    );
    assert_eq!(fen(&mut e, 4), before);
}

#[test]
fn lift_and_put_guide_the_person() {
    let mut e = ff();
    e.send("setboard 2c2c2/rnfqkfnr/pppppppp/8/4e3/3T4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1");
    e.send("lift d4");
    let h = e.expect("highlight ");
    // Rank 6 (XBoard's rank 5): Send keys in cyan.
    assert_eq!(h.split('/').nth(4), Some("CCCC1CCC"), "{h}");
    e.send("put d5");
    e.send("lift d5");
    assert_eq!(e.expect("highlight "), "highlight 8/8/8/8/3M4/3B4/8/8/8/8");
    e.send("put d4");
    assert_eq!(e.expect("choice"), "choice R");
}

#[test]
fn engine_moves_read_back_by_a_second_engine() {
    let (mut a, mut b) = (ff(), ff());
    for e in [&mut a, &mut b] {
        e.send("st 1");
        e.send("sd 3");
        e.send("post");
    }
    let mut ferry_moves = 0;
    let mut n = 10;
    for ply in 0..40 {
        let (mover, other) = if ply % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        mover.send("go");
        let line = mover.until_within("move or result", Duration::from_secs(30), |l| {
            l.starts_with("move ") || l.contains("{")
        });
        let last = line.last().unwrap().clone();
        let Some(text) = last.strip_prefix("move ") else {
            break;
        };
        // The PV is written in the same dialect as the move (its first move is the move).
        let pv_first = line
            .iter()
            .rev()
            .find_map(|l| l.split_once('\t'))
            .and_then(|(_, pv)| pv.split_whitespace().next())
            .unwrap_or_else(|| mover.fail("no thinking line before the move"));
        assert_eq!(pv_first, text, "PV and move in different texts");
        // A two-leg text, or a suffix that is an on-Ferry letter (boarding, Ride).
        let aboard = |c: char| PASSENGERS.iter().any(|p| p.1 == c.to_ascii_uppercase());
        ferry_moves += (text.contains(',') || text.chars().last().is_some_and(aboard)) as u32;
        mover.send("force");
        other.send(&format!("usermove {text}"));
        n += 1;
        let lines = other.sync(n);
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
            "{text}: {}",
            other.dump()
        );
        n += 1;
        let fa = fen(mover, n);
        n += 1;
        assert_eq!(fa, fen(other, n), "after {text}");
    }
    assert!(ferry_moves > 0, "no move in the Ferry dialect was played");
}
