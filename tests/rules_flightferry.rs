//! Flight and Ferry, rule by rule (`docs/rules/flight-and-ferry.md`, FF-1..FF-26), played by
//! the engine and checked against the independent reference generator of
//! `tests/ff_reference/` (no code shared with the engine). One test (or a few) per rule id,
//! named after it, on hand-built positions: in each, the engine's whole legal move list must
//! equal the reference's, and where the list is written out here by hand from the rules text,
//! both must equal that too. Beyond the lists, each test checks the facts its rule states:
//! what a move captures (`captured_square`), the FEN after it (engine and reference alike,
//! and unmake restoring the position), check, promotion choices, the end of the game.
//!
//! Moves are UCI text (FF-26): `e3e4`, a promotion `e9e10q`, a Ride `d5e6~`, a Send `d5>a6`,
//! castling `e2g2`, pass-through and beyond captures as plain `from to`. Squares in comments
//! are named as on the board (a1..h10); ranks 1-5 are Wessex's shore, 6-10 Wales's.

mod common;
mod ff_reference;

use common::{assert_moves, legal, moves};
use estuary::board::{MoveKind, Position};
use estuary::notation::{move_text, parse_move, square, Dialect};
use estuary::rules::{game_end, in_check, Outcome};
use estuary::tools::perft::perft;
use estuary::types::Army;
use estuary::variant::Variant;
use ff_reference as reference;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

fn ff() -> &'static Variant {
    common::variant("flightferry")
}

/// The FF-24 start position.
const START: &str = "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1";

/// The engine's position; the FEN must be accepted.
#[track_caller]
fn engine(fen: &str) -> Position {
    common::pos(ff(), fen)
}

/// The reference's position; the FEN must be accepted.
#[track_caller]
fn refpos(fen: &str) -> reference::Position {
    reference::Position::from_fen(fen).unwrap_or_else(|e| panic!("reference refuses {fen}: {e}"))
}

/// Engine and reference agree on `fen`: the whole sorted legal move list, check, and the FEN
/// written back. Returns the list.
#[track_caller]
fn agree(fen: &str) -> BTreeSet<String> {
    let mut e = engine(fen);
    let r = refpos(fen);
    let ours = legal(&mut e);
    let theirs = r.move_texts();
    assert_moves(
        &format!("{fen}: engine vs reference"),
        &ours,
        &theirs.iter().cloned().collect(),
    );
    assert_eq!(
        ours.iter().cloned().collect::<Vec<_>>(),
        theirs,
        "{fen}: sorted lists"
    );
    assert_eq!(in_check(&e), r.in_check(), "{fen}: check");
    assert_eq!(e.fen(), r.fen(), "{fen}: FEN written back");
    ours
}

/// Both generators give exactly `want` as the whole legal move list of `fen`.
#[track_caller]
fn check_all(name: &str, fen: &str, want: Vec<String>) {
    let got = agree(fen);
    let want: BTreeSet<String> = want.into_iter().collect();
    assert_moves(name, &got, &want);
}

/// The legal moves of the piece on `from` (its own moves, Rides and Sends), after checking
/// that both generators agree on the whole list.
#[track_caller]
fn from_square(fen: &str, from: &str) -> BTreeSet<String> {
    agree(fen)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// Both generators agree on `fen`, and the moves of the piece on `from` are exactly `want`.
#[track_caller]
fn check_from(name: &str, fen: &str, from: &str, want: Vec<String>) {
    let want: BTreeSet<String> = want.into_iter().collect();
    assert_moves(name, &from_square(fen, from), &want);
}

/// `want` as owned strings.
fn list(want: &[&str]) -> Vec<String> {
    want.iter().map(|s| s.to_string()).collect()
}

/// Concatenate lists.
fn join(parts: &[Vec<String>]) -> Vec<String> {
    parts.concat()
}

/// Every square of ranks 5-6 but `from` and those in `except`, as Sends `from>to` (FF-13).
fn sends(from: &str, except: &[&str]) -> Vec<String> {
    let mut v = Vec::new();
    for rank in [5, 6] {
        for file in 'a'..='h' {
            let to = format!("{file}{rank}");
            if to != from && !except.contains(&to.as_str()) {
                v.push(format!("{from}>{to}"));
            }
        }
    }
    v
}

/// The engine's kind of the legal move `text` in `fen`.
#[track_caller]
fn kind(fen: &str, text: &str) -> MoveKind {
    let mut p = engine(fen);
    parse_move(&mut p, text, Dialect::Uci)
        .unwrap_or_else(|e| panic!("{text} in {fen}: {e}"))
        .kind()
}

/// The square the legal move `text` captures on, by the engine (`captured_square`) and by the
/// reference, which must agree.
#[track_caller]
fn captured(fen: &str, text: &str) -> Option<String> {
    let mut p = engine(fen);
    let m = parse_move(&mut p, text, Dialect::Uci).unwrap_or_else(|e| panic!("{text}: {e}"));
    let ours = p.captured_square(m).map(|s| square(ff(), s, Dialect::Uci));
    let r = refpos(fen);
    let rm = r
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == text)
        .unwrap_or_else(|| panic!("reference: {text} not legal in {fen}"));
    let theirs = rm.captured.map(reference::square_name);
    assert_eq!(
        ours, theirs,
        "{fen}: what {text} captures, engine vs reference"
    );
    ours
}

/// The FEN after the legal move `text`: the engine's, which must equal the reference's; unmake
/// must give back the FEN and the key.
#[track_caller]
fn after(fen: &str, text: &str) -> String {
    let mut p = engine(fen);
    let (before, key) = (p.fen(), p.key());
    let m = parse_move(&mut p, text, Dialect::Uci).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(m);
    let ours = p.fen();
    let theirs = refpos(fen).play_text(text).fen();
    assert_eq!(ours, theirs, "{fen}: FEN after {text}, engine vs reference");
    // The position written is one the engine reads back to the same key.
    assert_eq!(
        engine(&ours).key(),
        p.key(),
        "{ours}: key of the FEN read back"
    );
    p.unmake();
    assert_eq!((p.fen(), p.key()), (before, key), "unmake of {text}");
    ours
}

/// The FEN after the legal move `text` as [`after`] checks it, but with the e.p. field left
/// out of the comparison with the reference: the engine writes an e.p. square only where an
/// enemy could capture on it (`docs/fen.md` section 4), the reference after every double step
/// (see `ff_9_ep_square_after_every_double_step_as_the_reference_writes_it`).
#[track_caller]
fn after_ep_aside(fen: &str, text: &str) -> String {
    let mask = |f: &str| {
        let mut v: Vec<&str> = f.split(' ').collect();
        v[3] = "?";
        v.join(" ")
    };
    let mut p = engine(fen);
    let m = parse_move(&mut p, text, Dialect::Uci).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(m);
    let ours = p.fen();
    let theirs = refpos(fen).play_text(text).fen();
    assert_eq!(mask(&ours), mask(&theirs), "{fen}: FEN after {text}");
    assert_eq!(
        engine(&ours).key(),
        p.key(),
        "{ours}: key of the FEN read back"
    );
    ours
}

/// Play UCI moves on the engine's position.
#[track_caller]
fn play(p: &mut Position, line: &[&str]) {
    for m in line {
        let mv = parse_move(p, m, Dialect::Uci).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
}

// Crossing (FF-1..FF-3) ----------------------------------------------------------------------

/// FF-1: a Knight on e5 (rank 5) may leap to ranks 3-4 but not to ranks 6-7: those leaps go
/// from ranks 1-5 to ranks 6-10.
#[test]
fn ff_1_a_move_crosses_between_ranks_5_and_6() {
    check_all(
        "FF-1 knight on rank 5",
        "7k/8/8/8/()7/4N2()/8/8/8/K7 w - - 0 1",
        list(&["a1a2", "a1b1", "a1b2", "e5c4", "e5d3", "e5f3", "e5g4"]),
    );
    // The same Knight one rank lower reaches rank 5 (no crossing) but still not rank 6
    // (e4d6, e4f6 would cross).
    check_from(
        "FF-1 knight on rank 4",
        "7k/8/8/8/()7/7()/4N3/8/8/K7 w - - 0 1",
        "e4",
        list(&["e4c3", "e4c5", "e4d2", "e4f2", "e4g3", "e4g5"]),
    );
}

/// FF-2: King, Bishop, Pawn on rank 5 may not step or slide into rank 6; the Queenfiler's
/// bishop moves stop at the channel too (its rank moves never cross).
#[test]
fn ff_2_king_bishop_pawn_queenfiler_do_not_cross() {
    // Pawn b5 has no move (b6 would cross); King d5 stays on its shore; Bishop g5 only goes
    // down (f6/h6 would cross).
    check_all(
        "FF-2 Wessex",
        "7k/8/8/8/()7/()P1K2B1/8/8/8/8 w - - 0 1",
        list(&[
            "d5c4", "d5c5", "d5d4", "d5e4", "d5e5", "g5c1", "g5d2", "g5e3", "g5f4", "g5h4",
        ]),
    );
    // Queenfiler c6: along rank 6 both ways, over the empty Ferry on e6; diagonally only up
    // (b5/d5 would cross); never along the file.
    check_all(
        "FF-2 Wales queenfiler",
        "7k/8/8/8/2f1()3/()7/8/8/8/K7 b - - 0 1",
        list(&[
            "c6a6", "c6b6", "c6d6", "c6e6", "c6f6", "c6g6", "c6h6", "c6b7", "c6a8", "c6d7", "c6e8",
            "c6f9", "c6g10", "h10g10", "h10g9", "h10h9",
        ]),
    );
}

/// FF-3: the Rook and the dragons' rook moves fly over the channel; the dragons' diagonal
/// moves stop at it.
#[test]
fn ff_3_rook_and_dragon_rook_moves_fly() {
    // Rook d4 goes up the whole d file, over the empty Ferry on d5 (which it may also board).
    // Golddragon h3 goes up the h file to h10; its forward diagonal stops at f5 (e6 would
    // cross).
    let fen = "k7/8/8/8/()7/3()4/3R4/7G/8/K7 w - - 0 1";
    check_all(
        "FF-3",
        fen,
        list(&[
            "a1a2", "a1b1", "a1b2", // King
            "d4d5", "d4d6", "d4d7", "d4d8", "d4d9", "d4d10", "d4d3", "d4d2", "d4d1", "d4c4",
            "d4b4", "d4a4", "d4e4", "d4f4", "d4g4", "d4h4", // Rook
            "h3h4", "h3h5", "h3h6", "h3h7", "h3h8", "h3h9", "h3h10", "h3h2", "h3h1", "h3g3",
            "h3f3", "h3e3", "h3d3", "h3c3", "h3b3", "h3a3", "h3g4", "h3f5", "h3g2", // dragon
        ]),
    );
    // The Rook that flew to d10 stands on Wales's shore.
    assert_eq!(
        after(fen, "d4d10"),
        "k2R4/8/8/8/()7/3()4/8/7G/8/K7 b - - 1 1"
    );
}

// Pieces on their own (FF-4..FF-9) -----------------------------------------------------------

/// FF-4: the King steps as in FIDE, never over the channel and never into check (the Welsh
/// Rook on a4 covers rank 4).
#[test]
fn ff_4_king_steps_not_across_not_into_check() {
    check_all(
        "FF-4",
        "7k/8/8/8/()6()/4K3/r7/8/8/8 w - - 0 1",
        list(&["e5d5", "e5f5"]),
    );
}

/// FF-5: the Queen's rook moves fly (up the e file, along rank 5 over the empty Ferry on g5),
/// her bishop moves stay on her shore.
#[test]
fn ff_5_queen_rook_moves_fly_bishop_moves_do_not() {
    check_all(
        "FF-5",
        "7k/8/8/8/2()5/4Q1()1/8/8/8/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b1", "a1b2", "e5e6", "e5e7", "e5e8", "e5e9", "e5e10", "e5e4", "e5e3",
            "e5e2", "e5e1", "e5d5", "e5c5", "e5b5", "e5a5", "e5f5", "e5g5", "e5h5", "e5d4", "e5c3",
            "e5b2", "e5f4", "e5g3", "e5h2",
        ]),
    );
}

/// FF-6: the Golddragon `RfBbF`: rook moves (flying) that pass the empty Ferry on d5 without
/// stopping there, forward diagonals that stop at the channel and skip the Ferry on f5, one
/// step diagonally backward (capturing the Pawn on c2).
#[test]
fn ff_6_golddragon_moves() {
    let fen = "k7/8/8/8/8/3()1()2/8/3G4/2p5/K7 w - - 0 1";
    check_all(
        "FF-6",
        fen,
        list(&[
            "a1a2", "a1b2", // b1 is covered by the Pawn on c2
            "d3d4", "d3d6", "d3d7", "d3d8", "d3d9", "d3d10", "d3d2", "d3d1", "d3c3", "d3b3",
            "d3a3", "d3e3", "d3f3", "d3g3", "d3h3", "d3c4", "d3b5", "d3e4", "d3c2", "d3e2",
        ]),
    );
    assert_eq!(captured(fen, "d3c2").as_deref(), Some("c2"));
    assert_eq!(
        after(fen, "d3c2"),
        "k7/8/8/8/8/3()1()2/8/8/2G5/K7 b - - 0 1"
    );
}

/// FF-7: the Copperdragon `vRsWfBbF` (Wales, forward = down): file moves both ways over the
/// empty Ferry on e6, one step sideways only, forward diagonals down to rank 6, not onto the
/// Ferry on g6, one step diagonally backward (up).
#[test]
fn ff_7_copperdragon_moves() {
    check_all(
        "FF-7",
        "7k/8/4c3/8/4()1()1/8/8/8/8/K7 b - - 0 1",
        list(&[
            "e8e9", "e8e10", "e8e7", "e8e5", "e8e4", "e8e3", "e8e2", "e8e1", "e8d8", "e8f8",
            "e8d7", "e8c6", "e8f7", "e8d9", "e8f9", "h10g10", "h10g9", "h10h9",
        ]),
    );
}

/// FF-8: a Rook and a Queenfiler of Wales side by side on rank 6, the Queenfiler blocked on
/// the rank by its friend and never moving along the file; a Bishop and a Knight of Wessex
/// kept to their shore.
#[test]
fn ff_8_rook_queenfiler_bishop_knight() {
    check_all(
        "FF-8 Rook and Queenfiler",
        "7k/8/8/8/rf2()3/7()/8/8/8/7K b - - 0 1",
        list(&[
            "a6a7", "a6a8", "a6a9", "a6a10", "a6a5", "a6a4", "a6a3", "a6a2", "a6a1", // Rook
            "b6c6", "b6d6", "b6e6", "b6f6", "b6g6", "b6h6", "b6a7", "b6c7", "b6d8", "b6e9",
            "b6f10", // Queenfiler
            "h10g10", "h10g9", "h10h9",
        ]),
    );
    // Bishop e4: up to rank 5 only (d5 is an empty Ferry it may board; f5 empty); Knight
    // b4: b4-a6/c6 would cross, b4-d5 is fine.
    check_all(
        "FF-8 Bishop and Knight",
        "7k/8/8/8/()7/3()4/1N2B3/8/8/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b1", "a1b2", // King
            "e4d5", "e4f5", "e4d3", "e4c2", "e4b1", "e4f3", "e4g2", "e4h1", // Bishop
            "b4d5", "b4d3", "b4c2", "b4a2", // Knight
        ]),
    );
}

/// FF-9: a straight step or double step may board an empty Ferry (c3-c5) but not one that
/// carries a piece (e4 is stuck under the Knight on e5); a diagonal capture takes an enemy on
/// a Ferry (d4xe5) but never lands on an empty Ferry (no b4-c5, no d4-c5); a Pawn on rank 5
/// has no move across (g5 cannot take the Rook on h6).
#[test]
fn ff_9_pawn_boards_by_step_captures_on_ferry_diagonally() {
    let fen = "7k/8/8/8/7r/2()1(n)1P1/1P1PP3/2P5/8/K7 w - - 0 1";
    check_all(
        "FF-9",
        fen,
        list(&[
            "a1a2", "a1b1", "a1b2", "b4b5", "c3c4", "c3c5", "d4d5", "d4e5",
        ]),
    );
    // The double step boards the Ferry (no enemy could take it e.p., so the engine writes no
    // e.p. square).
    assert_eq!(kind(fen, "c3c5"), MoveKind::MultiStep);
    assert_eq!(
        after_ep_aside(fen, "c3c5"),
        "7k/8/8/8/7r/2(P)1(n)1P1/1P1PP3/8/8/K7 b - - 0 1"
    );
    // The diagonal capture takes the Knight and the Pawn is aboard.
    assert_eq!(captured(fen, "d4e5").as_deref(), Some("e5"));
    assert_eq!(
        after(fen, "d4e5"),
        "7k/8/8/8/7r/2()1(P)1P1/1P2P3/2P5/8/K7 b - - 0 1"
    );
}

/// FF-9: a double step onto a Ferry (d3-d5 in the start position) sets the e.p. square; the
/// e.p. capture removes the Pawn and leaves its Ferry where it was.
#[test]
fn ff_9_en_passant_leaves_the_ferry() {
    assert_eq!(
        after_ep_aside(START, "d3d5"),
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq - 0 1"
    );
    // With a Welsh Pawn on e5 the double step d3-d5 onto the Ferry sets the e.p. square d4.
    let fen = after("7k/8/8/8/7()/3()p3/8/3P4/8/K7 w - - 0 1", "d3d5");
    assert_eq!(fen, "7k/8/8/8/7()/3(P)p3/8/8/8/K7 b - d4 0 1");
    let fen = fen.as_str();
    check_all(
        "FF-9 e.p.",
        fen,
        list(&["e5d4", "e5e4", "h10g10", "h10g9", "h10h9"]),
    );
    assert_eq!(kind(fen, "e5d4"), MoveKind::EnPassant);
    assert_eq!(captured(fen, "e5d4").as_deref(), Some("d5"));
    assert_eq!(after(fen, "e5d4"), "7k/8/8/8/7()/3()4/3p4/8/8/K7 w - - 0 2");
}

// Ferries (FF-10..FF-16) ---------------------------------------------------------------------

/// FF-9 with FF-25: the e.p. square after a double step with no enemy Pawn to take e.p. The
/// reference writes it after every double step (PGN-standard FEN); the engine only where an
/// enemy could capture (`docs/fen.md` section 4, as Stockfish). The positions are the same
/// otherwise; this compares the whole FEN.
#[test]
#[ignore = "engine disagrees with reference: e.p. square written only when capturable (engine) vs after every double step (reference)"]
fn ff_9_ep_square_after_every_double_step_as_the_reference_writes_it() {
    assert_eq!(
        after(START, "d3d5"),
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq d4 0 1"
    );
    assert_eq!(
        after("7k/8/8/8/7r/2()1(n)1P1/1P1PP3/2P5/8/K7 w - - 0 1", "c3c5"),
        "7k/8/8/8/7r/2(P)1(n)1P1/1P1PP3/8/8/K7 b - c4 0 1"
    );
}

/// FF-10: Ferries live on ranks 5-6 only, at most two, and a dragon never stands on one: such
/// FENs are refused by both readers, with a message and without a panic.
#[test]
fn ff_10_ferries_on_middle_ranks_dragons_never_on_them() {
    for (fen, why) in [
        ("7k/8/8/8/8/8/3()4/8/8/K7 w - - 0 1", "a Ferry on rank 4"),
        ("7k/8/8/()7/8/8/8/8/8/K7 w - - 0 1", "a Ferry on rank 7"),
        ("7k/8/8/8/()()()5/8/8/8/8/K7 w - - 0 1", "three Ferries"),
        ("7k/8/8/8/()()6/()7/8/8/8/K7 w - - 0 1", "three Ferries"),
        (
            "7k/8/8/8/(c)7/8/8/8/8/K7 w - - 0 1",
            "a Copperdragon aboard",
        ),
        ("7k/8/8/8/8/(G)7/8/8/8/K7 w - - 0 1", "a Golddragon aboard"),
    ] {
        let err = Position::from_fen(ff(), fen)
            .err()
            .unwrap_or_else(|| panic!("engine accepted {why}: {fen}"));
        assert!(err.contains("FF-10"), "{why}: message {err:?}");
        assert!(
            reference::Position::from_fen(fen).is_err(),
            "reference accepted {why}: {fen}"
        );
    }
    // A dragon never ends a move on a Ferry: the Golddragon on d3 passes the empty Ferry on
    // d5 (d3d4, d3d6) and the one on f5 (e4, not f5) without stopping; the Copperdragon on
    // e8 skips the Ferry on e6 and its forward diagonal never reaches the one on g6.
    let gold = from_square("k7/8/8/8/8/3()1()2/8/3G4/2p5/K7 w - - 0 1", "d3");
    assert!(gold.contains("d3d4") && gold.contains("d3d6") && gold.contains("d3e4"));
    assert!(!gold.contains("d3d5") && !gold.contains("d3f5"));
    let copper = from_square("7k/8/4c3/8/4()1()1/8/8/8/8/K7 b - - 0 1", "e8");
    assert!(copper.contains("e8e7") && copper.contains("e8e5"));
    assert!(!copper.contains("e8e6") && !copper.contains("e8g6"));
    // In these positions, no move of a dragon ends on a Ferry square.
    for fen in [
        "k7/8/8/8/8/3()1()2/8/3G4/2p5/K7 w - - 0 1",
        "7k/8/4c3/8/4()1()1/8/8/8/8/K7 b - - 0 1",
        "7k/8/8/8/8/G2(n)2()1/8/8/8/7K w - - 0 1",
        "k7/4c3/8/8/4(R)3/7()/8/4P3/8/K7 b - - 0 1",
        "7k/8/8/8/5(n)2/4(p)3/5p2/8/8/G1G4K w - - 0 1",
    ] {
        let mut p = engine(fen);
        let mut dragon_moves = 0;
        for m in agree(fen) {
            let mv = parse_move(&mut p, &m, Dialect::Uci).unwrap();
            let from = square(ff(), mv.from(), Dialect::Uci);
            if fen_piece(fen, &from).is_some_and(is_dragon) {
                dragon_moves += 1;
                assert!(
                    !p.carrier_at(mv.to()),
                    "{fen}: dragon move {m} ends on a Ferry"
                );
            }
        }
        assert!(dragon_moves >= 15, "{fen}: {dragon_moves} dragon moves");
    }
    // A Ferry never captures: a Send onto an enemy takes nothing (FF-13).
    assert_eq!(
        captured("7k/8/8/8/4rc2/1(N)5()/8/8/8/K7 w - - 0 1", "b5>e6"),
        None
    );
}

/// The letter of the piece on `sq` (a square name such as `d3`) in `fen`'s placement, if any.
fn fen_piece(fen: &str, sq: &str) -> Option<char> {
    let file = (sq.as_bytes()[0] - b'a') as usize;
    let rank: usize = sq[1..].parse().ok()?;
    let placement = fen.split(' ').next()?;
    let row = placement.split('/').nth(10 - rank)?;
    let mut col = 0;
    let mut digits = String::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            digits.push(c);
            if chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                continue;
            }
            col += digits.parse::<usize>().ok()?;
            digits.clear();
            continue;
        }
        if c == '(' {
            let inner = chars.next()?;
            if inner == ')' {
                if col == file {
                    return None;
                }
                col += 1;
                continue;
            }
            chars.next(); // ')'
            if col == file {
                return Some(inner);
            }
            col += 1;
            continue;
        }
        if col == file {
            return Some(c);
        }
        col += 1;
    }
    None
}

fn is_dragon(c: char) -> bool {
    matches!(c, 'G' | 'c')
}

/// FF-11: a Wessex Pawn on the Ferry on d6 rides backward over the channel (d5, and c5
/// capturing the Copperdragon, FF-11's decision); not onto the other Ferry on e6, nor onto
/// its King on e5. Its own step d7 leaves the Ferry (FF-12); Sends everywhere but onto the
/// dragon and the other Ferry (FF-13).
#[test]
fn ff_11_ride_pawn_backward_across_the_channel_and_onto_a_dragon() {
    let fen = "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1";
    check_all(
        "FF-11",
        fen,
        join(&[
            list(&["d6c5~", "d6c6~", "d6d5~", "d6d7", "e5e4", "e5f4", "e5f5"]),
            sends("d6", &["e6", "c5"]),
        ]),
    );
    // Backward across the channel, no capture: the Pawn and its Ferry are on d5.
    assert_eq!(kind(fen, "d6d5~"), MoveKind::Ride);
    assert_eq!(captured(fen, "d6d5~"), None);
    assert_eq!(
        after(fen, "d6d5~"),
        "7k/8/8/8/4()3/2c(P)K3/8/8/8/8 b - - 0 1"
    );
    // Backward and sideways across, capturing the Copperdragon on c5.
    assert_eq!(kind(fen, "d6c5~"), MoveKind::Ride);
    assert_eq!(captured(fen, "d6c5~").as_deref(), Some("c5"));
    assert_eq!(
        after(fen, "d6c5~"),
        "7k/8/8/8/4()3/2(P)1K3/8/8/8/8 b - - 0 1"
    );
}

/// FF-11: a King on a Ferry rides over the channel; it may not ride into check, onto the
/// other Ferry, or onto a friend; it may ride onto an enemy.
#[test]
fn ff_11_ride_king_not_onto_ferry_friend_or_check() {
    let rides = |fen: &str| -> BTreeSet<String> {
        agree(fen)
            .into_iter()
            .filter(|m| m.ends_with('~'))
            .collect()
    };
    // King on the Ferry on d5; other Ferry on c6; own Rook on e5; Welsh Knight on e6; Welsh
    // Rook on a4. c5: free (the Knight on e6 cannot leap to c5 over the channel); d6 free; e6
    // captures the Knight; c6 the other Ferry; e5 own Rook.
    let fen = "7k/8/8/8/2()1n3/3(K)R3/r7/8/8/8 w - - 0 1";
    assert_moves(
        "FF-11 King rides",
        &rides(fen),
        &moves(&["d5c5~", "d5d6~", "d5e6~"]),
    );
    assert_eq!(captured(fen, "d5e6~").as_deref(), Some("e6"));
    assert_eq!(
        after(fen, "d5e6~"),
        "7k/8/8/8/2()1(K)3/4R3/r7/8/8/8 b - - 0 1"
    );
    // With the Knight on d8 instead, it covers e6 (and c6) without crossing.
    assert_moves(
        "FF-11 King rides 2",
        &rides("7k/8/3n4/8/2()5/3(K)R3/r7/8/8/8 w - - 0 1"),
        &moves(&["d5c5~", "d5d6~"]),
    );
}

/// FF-12: a Rook on a Ferry moves as a Rook and leaves the Ferry behind; the same step as a
/// Ride takes the Ferry along: two different moves.
#[test]
fn ff_12_disembark_leaves_the_ferry() {
    let fen = "7k/8/8/8/6()1/3(R)4/8/8/8/K7 w - - 0 1";
    check_all(
        "FF-12",
        fen,
        join(&[
            list(&[
                "a1a2", "a1b1", "a1b2", "d5d6", "d5d7", "d5d8", "d5d9", "d5d10", "d5d4", "d5d3",
                "d5d2", "d5d1", "d5c5", "d5b5", "d5a5", "d5e5", "d5f5", "d5g5", "d5h5", "d5c5~",
                "d5e5~", "d5c6~", "d5d6~", "d5e6~",
            ]),
            sends("d5", &["g6"]),
        ]),
    );
    assert_eq!(kind(fen, "d5d6"), MoveKind::Normal);
    assert_eq!(
        after(fen, "d5d6"),
        "7k/8/8/8/3R2()1/3()4/8/8/8/K7 b - - 1 1"
    );
    assert_eq!(
        after(fen, "d5d6~"),
        "7k/8/8/8/3(R)2()1/8/8/8/8/K7 b - - 1 1"
    );
    assert_eq!(
        after(fen, "d5>d6"),
        "7k/8/8/8/3()2()1/3R4/8/8/8/K7 b - - 1 1"
    );
}

/// FF-13: a Send under an enemy piece: the Rook on e6 is now on the Ferry, nothing is
/// captured, the Knight stays on b5. Not onto the Copperdragon on f6 nor the other Ferry.
#[test]
fn ff_13_send_under_an_enemy_piece() {
    let fen = "7k/8/8/8/4rc2/1(N)5()/8/8/8/K7 w - - 0 1";
    check_all(
        "FF-13",
        fen,
        join(&[
            list(&[
                "a1a2", "a1b1", "a1b2", "b5a3", "b5c3", "b5d4", "b5a5~", "b5c5~", "b5a6~", "b5b6~",
                "b5c6~",
            ]),
            sends("b5", &["h5", "f6"]),
        ]),
    );
    assert_eq!(kind(fen, "b5>e6"), MoveKind::Send);
    assert_eq!(captured(fen, "b5>e6"), None);
    // The enemy Rook is aboard now; a Send is not a capture, so the count goes on (FF-23).
    assert_eq!(
        after(fen, "b5>e6"),
        "7k/8/8/8/4(r)c2/1N5()/8/8/8/K7 b - - 1 1"
    );
}

/// FF-13 with FF-17 and FF-19: the King on e5 is in check from the Copperdragon on e8; a Send
/// of the Rook's Ferry from b6 under the King answers it (the dragon cannot take a King on a
/// Ferry by its ordinary move, and its pass-through would need an empty square beyond, but
/// e4 holds the Pawn).
#[test]
fn ff_13_send_under_own_king_answers_check() {
    let fen = "7k/8/4c3/8/1(R)5()/4K3/4P3/8/8/8 w - - 0 1";
    assert!(in_check(&engine(fen)));
    check_all(
        "FF-13 check",
        fen,
        list(&["e5d4", "e5d5", "e5f4", "e5f5", "b6e6", "b6>e5"]),
    );
    let next = after(fen, "b6>e5");
    assert_eq!(next, "7k/8/4c3/8/1R5()/4(K)3/4P3/8/8/8 b - - 1 1");
    assert!(!in_check(&engine(&next)));
}

/// FF-13 with FF-18 and FF-19: a Send may give check. The Welsh King on h6 is out of reach of
/// the Golddragon on c1 (its diagonal stops at the channel); the Rook on a5 sends its Ferry
/// under the King, and now every forward diagonal move of the dragon would take the King
/// beyond.
#[test]
fn ff_13_send_under_the_enemy_king_gives_check() {
    let fen = "8/8/8/8/1()5k/(R)7/8/8/8/K1G5 w - - 0 1";
    assert!(agree(fen).contains("a5>h6"));
    let next = after(fen, "a5>h6");
    assert_eq!(next, "8/8/8/8/1()5(k)/R7/8/8/8/K1G5 b - - 1 1");
    assert!(in_check(&engine(&next)));
    agree(&next);
}

/// FF-14: a Bishop and a Knight may board the empty Ferry on e5; the Knight captures onto the
/// Ferry on g5 carrying a Welsh Knight; nobody moves onto a Ferry carrying a friend.
#[test]
fn ff_14_board_empty_or_enemy_ferry_never_friend() {
    let fen = "7k/8/8/8/8/4()1(n)1/8/2B2N2/8/K7 w - - 0 1";
    check_all(
        "FF-14 empty Ferry",
        fen,
        list(&[
            "a1a2", "a1b1", "a1b2", "c3d4", "c3e5", "c3b4", "c3a5", "c3b2", "c3d2", "c3e1", "f3d2",
            "f3d4", "f3e1", "f3e5", "f3g1", "f3g5", "f3h2", "f3h4",
        ]),
    );
    assert_eq!(
        after(fen, "c3e5"),
        "7k/8/8/8/8/4(B)1(n)1/8/5N2/8/K7 b - - 1 1"
    );
    assert_eq!(captured(fen, "f3g5").as_deref(), Some("g5"));
    assert_eq!(
        after(fen, "f3g5"),
        "7k/8/8/8/8/4()1(N)1/8/2B5/8/K7 b - - 0 1"
    );
    // A Wessex Pawn on the e5 Ferry: neither the Bishop nor the Knight may go there; the Pawn
    // cannot cross on its own, so it only rides and sends.
    check_all(
        "FF-14 friend on the Ferry",
        "7k/8/8/8/8/4(P)1(n)1/8/2B2N2/8/K7 w - - 0 1",
        join(&[
            list(&[
                "a1a2", "a1b1", "a1b2", "c3d4", "c3b4", "c3a5", "c3b2", "c3d2", "c3e1", "f3d2",
                "f3d4", "f3e1", "f3g1", "f3g5", "f3h2", "f3h4", "e5d5~", "e5f5~", "e5d6~", "e5e6~",
                "e5f6~",
            ]),
            sends("e5", &["g5"]),
        ]),
    );
}

/// FF-15: a Rook slides over the empty Ferry on c5 (and may stop on it), and stops at the
/// Ferry on f5, capturing the Welsh Pawn on it; it gets no further along rank 5.
#[test]
fn ff_15_slides_pass_empty_ferries_occupied_ferry_blocks() {
    let fen = "7k/8/8/8/8/R1()2(p)2/8/8/8/7K w - - 0 1";
    check_all(
        "FF-15",
        fen,
        list(&[
            "h1g1", "h1g2", "h1h2", "a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5a6", "a5a7", "a5a8",
            "a5a9", "a5a10", "a5a4", "a5a3", "a5a2", "a5a1",
        ]),
    );
    assert_eq!(captured(fen, "a5f5").as_deref(), Some("f5"));
    assert_eq!(after(fen, "a5f5"), "7k/8/8/8/8/2()2(R)2/8/8/8/7K b - - 0 1");
    // The same for check: the Welsh Rook on a6 checks the King on the h6 Ferry over the
    // empty Ferry on d6; a Knight on that Ferry blocks the check.
    assert!(in_check(&engine("8/8/8/8/r2()3(K)/8/8/8/8/7k w - - 0 1")));
    assert!(!in_check(&engine("8/8/8/8/r2(N)3(K)/8/8/8/8/7k w - - 0 1")));
    agree("8/8/8/8/r2()3(K)/8/8/8/8/7k w - - 0 1");
    agree("8/8/8/8/r2(N)3(K)/8/8/8/8/7k w - - 0 1");
}

/// FF-16: Ride and Send are open to every piece that can stand on a Ferry; each type alone on
/// the Ferry on d5 (other Ferry on h6) has the same five Rides and fourteen Sends.
#[test]
fn ff_16_every_non_dragon_rides_and_sends() {
    let want: BTreeSet<String> = join(&[
        list(&["d5c5~", "d5e5~", "d5c6~", "d5d6~", "d5e6~"]),
        sends("d5", &["h6"]),
    ])
    .into_iter()
    .collect();
    for (piece, side) in [
        ("K", "w"),
        ("Q", "w"),
        ("R", "w"),
        ("B", "w"),
        ("N", "w"),
        ("P", "w"),
        ("f", "b"),
        ("q", "b"),
        ("r", "b"),
        ("n", "b"),
        ("p", "b"),
        ("k", "b"),
    ] {
        let (top, bottom) = match piece {
            "K" => ("7k", "8"),
            "k" => ("8", "K7"),
            _ => ("7k", "K7"),
        };
        let fen = format!("{top}/8/8/8/7()/3({piece})4/8/8/8/{bottom} {side} - - 0 1");
        let carried: BTreeSet<String> = agree(&fen)
            .into_iter()
            .filter(|m| m.ends_with('~') || m.contains('>'))
            .collect();
        assert_moves(&format!("FF-16 {piece}"), &carried, &want);
        for m in &carried {
            let k = kind(&fen, m);
            assert!(matches!(k, MoveKind::Ride | MoveKind::Send), "{m}: {k:?}");
        }
    }
}

// Dragon captures of pieces on Ferries (FF-17, FF-18) -----------------------------------------

/// FF-17: the Golddragon on a5 passes through the Welsh Knight on the d5 Ferry, capturing it,
/// and stops on e5, f5 or h5 (not on the empty Ferry on g5); it cannot stop on d5.
#[test]
fn ff_17_golddragon_passes_through_enemy_on_ferry() {
    let fen = "7k/8/8/8/8/G2(n)2()1/8/8/8/7K w - - 0 1";
    check_all(
        "FF-17",
        fen,
        list(&[
            "h1g1", "h1g2", "h1h2", "a5b5", "a5c5", "a5e5", "a5f5", "a5h5", "a5a6", "a5a7", "a5a8",
            "a5a9", "a5a10", "a5a4", "a5a3", "a5a2", "a5a1", "a5b4",
        ]),
    );
    for to in ["a5e5", "a5f5", "a5h5"] {
        assert_eq!(kind(fen, to), MoveKind::PassThrough, "{to}");
        assert_eq!(captured(fen, to).as_deref(), Some("d5"), "{to}");
    }
    assert_eq!(captured(fen, "a5c5"), None);
    // The Knight is gone, its Ferry stays on d5, empty.
    assert_eq!(after(fen, "a5h5"), "7k/8/8/8/8/3()2()G/8/8/8/7K b - - 0 1");
    assert_eq!(after(fen, "a5e5"), "7k/8/8/8/8/3()G1()1/8/8/8/7K b - - 0 1");
}

/// FF-17: the same move with a third piece, a Welsh Pawn on f5, on the way: only e5 is left
/// beyond the Knight (the move may not end on or pass the Pawn); a piece before the Ferry
/// stops the dragon; an ally on the Ferry cannot be passed.
#[test]
fn ff_17_pass_through_blocked_by_a_third_piece() {
    let fen = "7k/8/8/8/8/G2(n)1p()1/8/8/8/7K w - - 0 1";
    check_all(
        "FF-17 third piece",
        fen,
        list(&[
            "h1g1", "h1g2", "h1h2", "a5b5", "a5c5", "a5e5", "a5a6", "a5a7", "a5a8", "a5a9",
            "a5a10", "a5a4", "a5a3", "a5a2", "a5a1", "a5b4",
        ]),
    );
    assert_eq!(captured(fen, "a5e5").as_deref(), Some("d5"));
    let rank_moves = [
        "a5b5", "a5c5", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10", "a5a4", "a5a3", "a5a2", "a5a1",
        "a5b4",
    ];
    check_from(
        "FF-17 piece in front",
        "7k/8/8/8/8/G1p(n)2()1/8/8/8/7K w - - 0 1",
        "a5",
        list(&rank_moves),
    );
    assert_eq!(
        captured("7k/8/8/8/8/G1p(n)2()1/8/8/8/7K w - - 0 1", "a5c5").as_deref(),
        Some("c5")
    );
    check_from(
        "FF-17 ally on the Ferry",
        "7k/8/8/8/8/G2(N)2()1/8/8/8/7K w - - 0 1",
        "a5",
        list(&rank_moves),
    );
}

/// FF-17: a Copperdragon passes through along a file and over the channel (e9 through the
/// Rook on the e6 Ferry to e5 or e4; the Pawn on e3 ends the line); it has no pass-through
/// along a rank.
#[test]
fn ff_17_copperdragon_passes_through_along_a_file_over_the_channel() {
    let fen = "k7/4c3/8/8/4(R)3/7()/8/4P3/8/K7 b - - 0 1";
    check_all(
        "FF-17 Copperdragon",
        fen,
        list(&[
            "e9e10", "e9e8", "e9e7", "e9e5", "e9e4", "e9d9", "e9f9", "e9d8", "e9c7", "e9b6",
            "e9f8", "e9g7", "e9h6", "e9d10", "e9f10", "a10a9", "a10b9", "a10b10",
        ]),
    );
    assert_eq!(kind(fen, "e9e4"), MoveKind::PassThrough);
    assert_eq!(captured(fen, "e9e4").as_deref(), Some("e6"));
    assert_eq!(
        after(fen, "e9e4"),
        "k7/8/8/8/4()3/7()/4c3/4P3/8/K7 w - - 0 2"
    );
}

/// FF-18: a beyond capture taking an ally: every forward step of the Golddragon on c1 along
/// c1-g5 captures the Wessex Pawn on the h6 Ferry (compulsory, over the channel).
#[test]
fn ff_18_beyond_capture_takes_an_ally() {
    let fen = "7k/8/8/8/()6(P)/8/8/8/8/K1G5 w - - 0 1";
    check_all(
        "FF-18 ally",
        fen,
        join(&[
            list(&[
                "a1a2", "a1b1", "a1b2", "c1b1", "c1d1", "c1e1", "c1f1", "c1g1", "c1h1", "c1c2",
                "c1c3", "c1c4", "c1c5", "c1c6", "c1c7", "c1c8", "c1c9", "c1c10", "c1b2", "c1a3",
                "c1d2", "c1e3", "c1f4", "c1g5", "h6h7", "h6g5~", "h6h5~", "h6g6~",
            ]),
            sends("h6", &["a6"]),
        ]),
    );
    for to in ["c1d2", "c1e3", "c1f4", "c1g5"] {
        assert_eq!(kind(fen, to), MoveKind::Beyond, "{to}");
        assert_eq!(captured(fen, to).as_deref(), Some("h6"), "{to}");
    }
    // Wessex's own Pawn is gone; its Ferry stays; a capture resets the count.
    assert_eq!(after(fen, "c1f4"), "7k/8/8/8/()6()/8/5G2/8/8/K7 b - - 0 1");
}

/// FF-18: the nearer of two occupied Ferries is taken (a1-d4 all capture the Pawn on e5, not
/// the Knight on f6); a piece on no Ferry shields what lies behind it (c1-d2, c1-e3 capture
/// nothing: the Pawn on f4 stands first); a capture on the destination captures nothing
/// beyond (c1xf4).
#[test]
fn ff_18_beyond_nearer_ferry_shielding_destination_capture() {
    let fen = "7k/8/8/8/5(n)2/4(p)3/5p2/8/8/G1G4K w - - 0 1";
    check_all(
        "FF-18 shielding",
        fen,
        list(&[
            "h1g1", "h1g2", "h1h2", "a1b1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8",
            "a1a9", "a1a10", "a1b2", "a1c3", "a1d4", "c1b1", "c1d1", "c1e1", "c1f1", "c1g1",
            "c1c2", "c1c3", "c1c4", "c1c5", "c1c6", "c1c7", "c1c8", "c1c9", "c1c10", "c1b2",
            "c1a3", "c1d2", "c1e3", "c1f4",
        ]),
    );
    for m in ["a1b2", "a1c3", "a1d4"] {
        assert_eq!(kind(fen, m), MoveKind::Beyond, "{m}");
        assert_eq!(captured(fen, m).as_deref(), Some("e5"), "{m}");
    }
    for m in ["c1d2", "c1e3", "c1b2", "c1a3"] {
        assert_eq!(captured(fen, m), None, "{m}");
    }
    assert_eq!(kind(fen, "c1f4"), MoveKind::Normal);
    assert_eq!(captured(fen, "c1f4").as_deref(), Some("f4"));
    assert_eq!(
        after(fen, "a1c3"),
        "7k/8/8/8/5(n)2/4()3/5p2/2G5/8/2G4K b - - 0 1"
    );
    assert_eq!(
        after(fen, "c1f4"),
        "7k/8/8/8/5(n)2/4(p)3/5G2/8/8/G6K b - - 0 1"
    );
}

/// FF-18: a move whose beyond capture would take its own King does not exist (the
/// Copperdragon on d9 has no move down-right toward its King on the h5 Ferry); down-left it
/// captures the Wessex Knight on the a6 Ferry from c8 and b7.
#[test]
fn ff_18_beyond_capture_of_own_king_is_illegal() {
    let fen = "8/3c4/8/8/(N)7/7(k)/8/8/8/K7 b - - 0 1";
    check_all(
        "FF-18 own King",
        fen,
        join(&[
            list(&[
                "d9d10", "d9d8", "d9d7", "d9d6", "d9d5", "d9d4", "d9d3", "d9d2", "d9d1", "d9c9",
                "d9e9", "d9c8", "d9b7", "d9c10", "d9e10", "h5g5", "h5g4", "h5h4", "h5g5~", "h5g6~",
                "h5h6~",
            ]),
            sends("h5", &["a6"]),
        ]),
    );
    assert_eq!(captured(fen, "d9b7").as_deref(), Some("a6"));
    assert_eq!(after(fen, "d9c8"), "8/8/2c5/8/()7/7(k)/8/8/8/K7 w - - 0 2");
}

/// FF-18: the one-step backward diagonal never captures beyond: Golddragon b7 to c6 leaves
/// the Welsh Rook on the d5 Ferry alone.
#[test]
fn ff_18_backward_step_never_captures_beyond() {
    let fen = "7k/8/8/1G6/6()1/3(r)4/8/8/8/7K w - - 0 1";
    check_from(
        "FF-18 backward",
        fen,
        "b7",
        list(&[
            "b7a8", "b7c8", "b7d9", "b7e10", "b7a7", "b7c7", "b7d7", "b7e7", "b7f7", "b7g7",
            "b7h7", "b7b8", "b7b9", "b7b10", "b7b6", "b7b5", "b7b4", "b7b3", "b7b2", "b7b1",
            "b7a6", "b7c6",
        ]),
    );
    assert_eq!(kind(fen, "b7c6"), MoveKind::Normal);
    assert_eq!(captured(fen, "b7c6"), None);
}

// Check (FF-19) ------------------------------------------------------------------------------

/// FF-19: the King on the e5 Ferry is in check only from a beyond capture (Copperdragon b8 to
/// c7 or d6 would take it); the same King on no Ferry is not in check. Every answer: its own
/// steps (off the Ferry), Rides off the line, and every Send (the King then stands on no
/// Ferry and shields itself).
#[test]
fn ff_19_king_on_ferry_in_check_only_from_a_beyond_capture() {
    let fen = "7k/8/1c6/8/8/()3(K)3/8/8/8/8 w - - 0 1";
    assert!(in_check(&engine(fen)));
    assert!(!in_check(&engine("7k/8/1c6/8/8/()3K3/8/8/8/8 w - - 0 1")));
    agree("7k/8/1c6/8/8/()3K3/8/8/8/8 w - - 0 1");
    check_all(
        "FF-19 beyond check",
        fen,
        join(&[
            list(&[
                "e5d4", "e5e4", "e5f4", "e5d5", "e5f5", "e5d5~", "e5f5~", "e5e6~", "e5f6~",
            ]),
            sends("e5", &["a5"]),
        ]),
    );
    // No Ride along the diagonal (d6 is on it: b8-c7, then d6 would be the King's square).
    assert!(!agree(fen).contains("e5d6~"));
}

/// FF-19: the King on the d5 Ferry is in check only from a pass-through: the Copperdragon on
/// d9 cannot land on a Ferry, but it can pass through the King to d4. With d4 occupied there
/// is nowhere to stop beyond: no check. Answers: steps off the file (a step to d4 leaves the
/// empty Ferry on d5, which does not shield), Rides off the file; no Send, since the King
/// would stay on d5 without a Ferry, open to the dragon's ordinary move.
#[test]
fn ff_19_king_on_ferry_in_check_only_from_a_pass_through() {
    let fen = "7k/3c4/8/8/7()/3(K)4/8/8/8/8 w - - 0 1";
    assert!(in_check(&engine(fen)));
    check_all(
        "FF-19 pass-through check",
        fen,
        list(&[
            "d5c4", "d5c5", "d5e4", "d5e5", "d5c5~", "d5e5~", "d5c6~", "d5e6~",
        ]),
    );
    let blocked = "7k/3c4/8/8/7()/3(K)4/3P4/8/8/8 w - - 0 1";
    assert!(!in_check(&engine(blocked)));
    // Not in check, yet no Send is legal (the King would stand on d5 without a Ferry, open
    // to the dragon's ordinary move), nor the Ride to d6 (a pass-through to d5).
    let b = agree(blocked);
    assert!(!b.iter().any(|m| m.contains('>')), "{b:?}");
    assert!(!b.contains("d5d6~") && b.contains("d5c6~"), "{b:?}");
}

/// FF-19: a King on a Ferry is safe from a dragon's ordinary move; a Ride onto a King gives
/// check, unless the King is on the other Ferry.
#[test]
fn ff_19_check_counts_rides_and_ordinary_moves() {
    for (fen, check) in [
        // The Welsh King on the e6 Ferry, a Golddragon on f7: its backward step would end on
        // a Ferry, so no check; without the Ferry, check.
        ("8/8/8/5G2/4(k)3/()7/8/8/8/K7 b - - 0 1", false),
        ("8/8/8/5G2/4k3/()()6/8/8/8/K7 b - - 0 1", true),
        // A Welsh Rook on the d6 Ferry rides onto the King on e5: check. With the King on the
        // other Ferry it cannot: no check.
        ("7k/8/8/8/3(r)4/4K2()/8/8/8/8 w - - 0 1", true),
        ("7k/8/8/8/3(r)4/4(K)3/8/8/8/8 w - - 0 1", false),
        // A Welsh Pawn on a Ferry rides sideways onto the King (FF-11: a Pawn rides in every
        // direction).
        ("7k/8/8/8/8/3(p)K2()/8/8/8/8 w - - 0 1", true),
    ] {
        assert_eq!(in_check(&engine(fen)), check, "{fen}");
        agree(fen);
    }
}

// Other rules (FF-20..FF-23) -----------------------------------------------------------------

/// FF-20: castling on rank 2; not through an attacked square (the Welsh Rook on f7 covers
/// f2, so no e2-g2); e2-c2 is fine. Wales castles on rank 9.
#[test]
fn ff_20_castling_on_the_second_rank() {
    let fen = "3k4/8/8/5r2/7()/()7/8/8/R3K2R/8 w KQ - 0 1";
    check_all(
        "FF-20",
        fen,
        list(&[
            "a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2a8", "a2a9", "a2a10", "a2a1", "a2b2",
            "a2c2", "a2d2", "h2h3", "h2h4", "h2h5", "h2h6", "h2h7", "h2h8", "h2h9", "h2h10",
            "h2h1", "h2g2", "h2f2", "e2e1", "e2d1", "e2d2", "e2d3", "e2e3", "e2c2",
        ]),
    );
    assert_eq!(kind(fen, "e2c2"), MoveKind::CastleQueen);
    assert_eq!(
        after(fen, "e2c2"),
        "3k4/8/8/5r2/7()/()7/8/8/2KR3R/8 b - - 1 1"
    );
    // With the Rook on f7 gone, e2-g2 is there too.
    let open = "3k4/8/8/8/7()/()7/8/8/R3K2R/8 w KQ - 0 1";
    assert!(agree(open).contains("e2g2"));
    assert_eq!(kind(open, "e2g2"), MoveKind::CastleKing);
    assert_eq!(
        after(open, "e2g2"),
        "3k4/8/8/8/7()/()7/8/8/R4RK1/8 b - - 1 1"
    );
    check_from(
        "FF-20 Wales",
        "8/r3k2r/8/8/()7/7()/8/8/8/4K3 b kq - 0 1",
        "e9",
        list(&[
            "e9d10", "e9e10", "e9f10", "e9d9", "e9f9", "e9d8", "e9e8", "e9f8", "e9c9", "e9g9",
        ]),
    );
    assert_eq!(
        after("8/r3k2r/8/8/()7/7()/8/8/8/4K3 b kq - 0 1", "e9g9"),
        "8/r4rk1/8/8/()7/7()/8/8/8/4K3 w - - 1 2"
    );
}

/// FF-21: a Wessex Pawn reaching rank 9 may promote, to a type of which fewer stand on the
/// board than in the array (here Golddragon, one left, and Bishop, none left; not Queen,
/// Rook or Knight, all there), or decline; declining, it must promote on rank 10 (FF-22).
#[test]
fn ff_21_optional_promotion_on_the_enemy_piece_rank() {
    let fen = "7k/3r4/4P3/8/()7/7()/8/8/8/KQGNNRR1 w - - 0 1";
    check_from(
        "FF-21",
        fen,
        "e8",
        list(&["e8e9", "e8e9g", "e8e9b", "e8d9", "e8d9g", "e8d9b"]),
    );
    assert_eq!(
        after(fen, "e8d9g"),
        "7k/3G4/8/8/()7/7()/8/8/8/KQGNNRR1 b - - 0 1"
    );
    assert_eq!(
        after(fen, "e8e9b"),
        "7k/3rB3/8/8/()7/7()/8/8/8/KQGNNRR1 b - - 0 1"
    );
    // Declined: the Pawn stays a Pawn on e9, and must promote on e10.
    let declined = after(fen, "e8e9");
    assert_eq!(declined, "7k/3rP3/8/8/()7/7()/8/8/8/KQGNNRR1 b - - 0 1");
    let next = after(&declined, "h10h9");
    check_from(
        "FF-21 declined",
        &next,
        "e9",
        list(&["e9e10q", "e9e10g", "e9e10r", "e9e10b", "e9e10n"]),
    );
}

/// FF-22: a Welsh Pawn reaching rank 1 must promote, to any type but those already at twice
/// their array number (Queen 2, Queenfiler 4); FF-21 on rank 2 offers only the types below
/// their array number (Copperdragon, Knight).
#[test]
fn ff_22_compulsory_promotion_limited_to_twice_the_array() {
    let fen = "qqffffck/rrr5/8/8/()7/7()/8/4p2K/1p6/2N5 b - - 0 1";
    check_from(
        "FF-22",
        fen,
        "b2",
        list(&["b2b1c", "b2b1n", "b2b1r", "b2c1c", "b2c1n", "b2c1r"]),
    );
    check_from("FF-21 Wales", fen, "e3", list(&["e3e2", "e3e2c", "e3e2n"]));
    assert_eq!(captured(fen, "b2c1r").as_deref(), Some("c1"));
    assert_eq!(
        after(fen, "b2c1r"),
        "qqffffck/rrr5/8/8/()7/7()/8/4p2K/8/2r5 w - - 0 2"
    );
}

/// FF-23: checkmate wins and stalemate draws, by `game_end`; the game goes on otherwise.
#[test]
fn ff_23_checkmate_and_stalemate() {
    // Two Welsh Rooks fly down the a and b files (over the empty Ferry on a6): mate.
    let mate = "7k/rr6/8/8/()7/7()/8/8/8/K7 w - - 0 1";
    check_all("FF-23 mate", mate, vec![]);
    let mut p = engine(mate);
    assert!(in_check(&p));
    let end = game_end(&mut p).expect("mate ends the game");
    assert!(end.definite);
    assert!(
        matches!(end.outcome, Outcome::Win { army, .. } if army == Army::BLACK),
        "{end:?}"
    );
    // Rook b9 and Rook h2 leave the King on a1 no square: stalemate.
    let stalemate = "7k/1r6/8/8/()7/7()/8/8/7r/K7 w - - 0 1";
    check_all("FF-23 stalemate", stalemate, vec![]);
    let mut p = engine(stalemate);
    assert!(!in_check(&p));
    let end = game_end(&mut p).expect("stalemate ends the game");
    assert_eq!(
        (end.outcome, end.definite),
        (
            Outcome::Draw {
                reason: "Stalemate"
            },
            true
        )
    );
    // Mate given by a pass-through: the King on the d5 Ferry, the Copperdragon on d9 would
    // pass through it to d4. Its own Pawns (immobile: rank 5 Pawns cannot cross) fill c4,
    // c5, e4, e5; a step to d4 meets the dragon's ordinary move (the empty Ferry left on d5
    // does not shield); the Rook on a6 covers the Rides to c6, d6 and e6; a Send leaves the
    // King on d5 without a Ferry, open to the dragon.
    let ferry_mate = "7k/3c4/8/8/r7/()1P(K)P3/2P1P3/8/8/8 w - - 0 1";
    check_all("FF-23 pass-through mate", ferry_mate, vec![]);
    let mut p = engine(ferry_mate);
    assert!(in_check(&p));
    assert!(matches!(
        game_end(&mut p).map(|e| e.outcome),
        Some(Outcome::Win { army, .. }) if army == Army::BLACK
    ));
    // Not over: the start position, a King in check with answers.
    assert_eq!(game_end(&mut engine(START)), None);
    assert_eq!(
        game_end(&mut engine("7k/8/4c3/8/1(R)5()/4K3/4P3/8/8/8 w - - 0 1")),
        None
    );
}

/// FF-23: the move count starts again after any capture (a pass-through and a beyond capture
/// too) and any Pawn move (a Pawn's Ride too), not after a Send or a Ride of another piece;
/// the fifty-move rule then draws.
#[test]
fn ff_23_the_move_count() {
    let halfmove = |fen: &str| fen.split(' ').nth(4).unwrap().to_string();
    // A Pawn on the d6 Ferry: a Send goes on counting, the Pawn's Ride resets, a King move
    // goes on counting.
    let p = "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 7 30";
    assert_eq!(halfmove(&after(p, "d6>a5")), "8");
    assert_eq!(halfmove(&after(p, "d6d5~")), "0");
    assert_eq!(halfmove(&after(p, "d6c6~")), "0");
    assert_eq!(halfmove(&after(p, "e5f5")), "8");
    // A Send under an enemy, a Rook's move off its Ferry: no reset.
    let q = "7k/8/8/8/4(r)c2/1N5()/8/8/8/K7 b - - 5 9";
    assert_eq!(halfmove(&after(q, "e6>c5")), "6");
    assert_eq!(halfmove(&after(q, "e6e1")), "6");
    // A Rook's Ride without a capture goes on counting; with one it resets.
    let r = "7k/8/8/8/3n2()1/3(R)4/8/8/8/K7 w - - 11 20";
    assert_eq!(halfmove(&after(r, "d5e6~")), "12");
    assert_eq!(halfmove(&after(r, "d5d6~")), "0");
    // Pass-through and beyond captures reset.
    let s = "7k/8/8/8/8/G2(n)2()1/8/8/8/7K w - - 9 20";
    assert_eq!(halfmove(&after(s, "a5h5")), "0");
    assert_eq!(halfmove(&after(s, "a5a6")), "10");
    let t = "7k/8/8/8/()6(P)/8/8/8/8/K1G5 w - - 9 20";
    assert_eq!(halfmove(&after(t, "c1f4")), "0");
    // The fifty-move rule: 99 plies, then a Send makes 100 and draws; a Pawn's Ride instead
    // does not.
    let u = "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 99 80";
    let mut e = engine(u);
    assert_eq!(game_end(&mut e), None);
    play(&mut e, &["d6>a5"]);
    assert!(
        matches!(
            game_end(&mut e).map(|x| x.outcome),
            Some(Outcome::Draw { .. })
        ),
        "100 plies after a Send"
    );
    let mut e = engine(u);
    play(&mut e, &["d6d5~"]);
    assert_eq!(game_end(&mut e), None, "a Pawn's Ride resets the count");
}

/// FF-23: threefold repetition, where a position includes both Ferries and who is on them:
/// the same men on the same squares with a Ferry elsewhere is another position.
#[test]
fn ff_23_repetition_counts_the_ferries() {
    // X: the Rook on the a5 Ferry, the other Ferry on h6, Welsh King h10, Wessex to move.
    let x = "7k/8/8/8/7()/(R)7/8/8/8/K7 w - - 0 1";
    agree(x);
    let mut p = engine(x);
    let cycle = ["a5a4", "h10g10", "a4a5", "g10h10"];
    play(&mut p, &cycle); // X twice
    assert_eq!(game_end(&mut p), None);
    // Y: the Rook on a5 without its Ferry, which is on b5: same men, same squares.
    play(
        &mut p,
        &["a5>b5", "h10g10", "a5a4", "g10g9", "a4a5", "g9h10"],
    ); // Y once
    assert_eq!(
        p.fen().split(' ').next().unwrap(),
        "7k/8/8/8/7()/R()6/8/8/8/K7"
    );
    assert_eq!(game_end(&mut p), None, "Y once, X twice");
    play(&mut p, &cycle); // Y twice
    assert_eq!(game_end(&mut p), None, "Y twice, X twice: no threefold");
    play(&mut p, &cycle); // Y three times
    assert!(
        matches!(
            game_end(&mut p).map(|e| e.outcome),
            Some(Outcome::Draw { .. })
        ),
        "Y three times"
    );
}

/// FF-23: a Pawn's Ride resets the move count but can be ridden back, so a position repeated
/// across Pawn Rides is a repetition too (found by scripts/python-chess-flightferry).
#[test]
fn ff_23_repetition_across_pawn_rides() {
    let x = "4k3/8/8/8/8/3(P)4/8/8/8/4K3 w - - 0 1";
    agree(x);
    let mut p = engine(x);
    let cycle = ["d5c5~", "e10d10", "c5d5~", "d10e10"];
    play(&mut p, &cycle);
    assert_eq!(p.halfmove(), 1, "the Pawn's Ride reset the count");
    assert_eq!(p.repetitions(), 1);
    assert_eq!(game_end(&mut p), None, "X twice");
    play(&mut p, &cycle);
    assert_eq!(p.fen(), "4k3/8/8/8/8/3(P)4/8/8/8/4K3 w - - 1 5");
    assert!(
        matches!(
            game_end(&mut p).map(|e| e.outcome),
            Some(Outcome::Draw { .. })
        ),
        "X three times"
    );
}

// Start position, FEN, notation (FF-24..FF-26) ------------------------------------------------

/// FF-24: the start position's moves and perft (the rules file's figures).
#[test]
fn ff_24_start_position() {
    assert_eq!(engine(START).fen(), START);
    assert_eq!(ff().start_fen, START);
    check_all(
        "FF-24",
        START,
        list(&[
            "a3a4", "a3a5", "b3b4", "b3b5", "c3c4", "c3c5", "d3d4", "d3d5", "e3e4", "e3e5", "f3f4",
            "f3f5", "g3g4", "g3g5", "h3h4", "h3h5", "b2a4", "b2c4", "b2d1", "g2e1", "g2f4", "g2h4",
            "c1a1", "c1b1", "c1d1", "c1e1", "f1d1", "f1e1", "f1g1", "f1h1", "e2d1", "e2e1", "d2d1",
            "d2e1", "a2a1", "h2h1", "c2b1", "c2d1", "f2e1", "f2g1",
        ]),
    );
    let mut p = engine(START);
    for (depth, nodes) in [(1, 40), (2, 1_440), (3, 57_132), (4, 2_099_676)] {
        assert_eq!(perft(&mut p, depth), nodes, "perft {depth}");
    }
    assert_eq!(refpos(START).perft(2), 1_440);
}

/// FF-25: FENs with Ferries read and written back unchanged, by the engine and the reference
/// alike.
#[test]
fn ff_25_fen_round_trips() {
    for fen in [
        START,
        "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1",
        "8/3c4/8/8/(N)7/7(k)/8/8/8/K7 b - - 0 1",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq d4 0 1",
        "3k4/8/8/5r2/7()/()7/8/8/R3K2R/8 w KQ - 12 40",
        "7k/8/8/8/(q)(R)6/8/8/8/8/K7 w - - 0 1",
        "8/r3k2r/8/8/()7/7()/8/8/8/4K3 b kq - 0 1",
        "7k/8/8/8/()()6/8/8/8/8/K7 w - - 0 1",
    ] {
        let p = engine(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(refpos(fen).fen(), fen);
        assert_eq!(engine(&p.fen()).key(), p.key(), "{fen}: key");
    }
    // Ferries are part of the key: a Ferry moved elsewhere is another position.
    assert_ne!(
        engine("7k/8/8/8/7()/(R)7/8/8/8/K7 w - - 0 1").key(),
        engine("7k/8/8/8/7()/R()6/8/8/8/K7 w - - 0 1").key()
    );
    assert_ne!(
        engine("7k/8/8/8/7()/(R)7/8/8/8/K7 w - - 0 1").key(),
        engine("7k/8/8/8/7()/R7/8/8/8/K7 w - - 0 1").key()
    );
    // Counters may be left out.
    assert_eq!(
        engine("7k/8/8/8/()7/7()/8/8/8/K7 w - -").fen(),
        "7k/8/8/8/()7/7()/8/8/8/K7 w - - 0 1"
    );
}

/// FF-25: malformed FENs, Ferry marks above all, are refused with a message and without a
/// panic, by the engine and the reference alike.
#[test]
fn ff_25_malformed_fens_are_refused() {
    let bad = [
        ("", "empty"),
        ("w", "no board"),
        ("7k/8/8/8/(()6/7()/8/8/8/K7 w - - 0 1", "nested ("),
        ("7k/8/8/8/(RR)6/7()/8/8/8/K7 w - - 0 1", "two passengers"),
        ("7k/8/8/8/()(6/7()/8/8/8/K7 w - - 0 1", "unclosed ("),
        (
            "7k/8/8/8/7(/7()/8/8/8/K7 w - - 0 1",
            "unclosed ( at the end of a rank",
        ),
        (
            "7k/8/8/8/7()(/8/8/8/8/K7 w - - 0 1",
            "unclosed ( and a long rank",
        ),
        (
            "7k/8/8/8/()7/7()/8/8/8/K7( w - - 0 1",
            "unclosed ( at the end",
        ),
        ("7k/8/8/8/7(R w - - 0 1", "unclosed ( with a passenger"),
        ("7k/8/8/8/)7/7()/8/8/8/K7 w - - 0 1", "lone )"),
        ("7k/8/8/8/(x)7/7()/8/8/8/K7 w - - 0 1", "unknown passenger"),
        ("7k/8/8/8/(7)/7()/8/8/8/K7 w - - 0 1", "a digit aboard"),
        ("7k/8/8/8/8()/7()/8/8/8/K7 w - - 0 1", "rank too long"),
        ("7k/8/8/8/()8/7()/8/8/8/K7 w - - 0 1", "rank too long"),
        ("7k/8/8/8/()6/7()/8/8/8/K7 w - - 0 1", "rank too short"),
        ("7k/8/8/()7/8/8/8/8/8/K7 w - - 0 1", "a Ferry on rank 7"),
        ("7k/8/8/8/8/8/8/8/()7/K7 w - - 0 1", "a Ferry on rank 2"),
        ("7k/8/8/8/()()()5/8/8/8/8/K7 w - - 0 1", "three Ferries"),
        (
            "7k/8/8/8/(c)7/8/8/8/8/K7 w - - 0 1",
            "a Copperdragon aboard",
        ),
        ("7k/8/8/8/8/(G)7/8/8/8/K7 w - - 0 1", "a Golddragon aboard"),
        ("7k/8/8/8/()7/7()/8/8/8 w - - 0 1", "nine ranks"),
        ("7k/8/8/8/()7/7()/8/8/8/8 w - - 0 1", "no Wessex King"),
        ("7k/8/8/8/()7/7()/8/8/8/KK6 w - - 0 1", "two Wessex Kings"),
        ("7k/8/8/8/()7/7()/8/8/8/K7 x - - 0 1", "bad side"),
        ("7k/8/8/8/()7/7()/8/8/8/K7 w - e11 0 1", "bad e.p. square"),
        ("7k/8/8/8/()7/7()/8/8/8/K7 w - - x 1", "bad counter"),
    ];
    let mut accepted = Vec::new();
    for (fen, why) in bad {
        assert!(
            reference::Position::from_fen(fen).is_err(),
            "reference accepted {why}: {fen:?}"
        );
        match Position::from_fen(ff(), fen) {
            Ok(_) => accepted.push(format!("{why}: {fen:?}")),
            Err(e) => assert!(!e.trim().is_empty(), "{why}: empty message"),
        }
    }
    assert!(accepted.is_empty(), "engine accepted {accepted:#?}");
    // The message names the fault.
    let err = Position::from_fen(ff(), "7k/8/8/8/7(/7()/8/8/8/K7 w - - 0 1")
        .err()
        .expect("refused");
    assert!(err.contains("'(' not closed"), "{err}");
}

/// FF-24/FF-8 with FF-25: FENs the reference refuses and the engine reads. The reference
/// refuses a piece type outside its army (Copperdragon and Queenfiler are Welsh only,
/// Golddragon and Bishop Wessex only) and a position where the side that has just moved is
/// in check; the engine reads any letter for either army (`docs/fen.md`: upper case army 0,
/// lower case army 1) and does not test the side not to move for check.
#[test]
#[ignore = "engine disagrees with reference: engine reads off-army piece types and the side not to move in check"]
fn ff_25_off_army_types_and_side_not_to_move_in_check_are_refused() {
    for (fen, why) in [
        (
            "7k/8/8/8/()7/7()/8/8/8/K6C w - - 0 1",
            "a Wessex Copperdragon",
        ),
        ("7k/8/8/8/()7/7()/8/8/8/K6g w - - 0 1", "a Welsh Golddragon"),
        (
            "7k/8/8/8/()7/7()/8/8/8/K6F w - - 0 1",
            "a Wessex Queenfiler",
        ),
        ("7k/8/8/8/()7/7()/8/8/8/K6b w - - 0 1", "a Welsh Bishop"),
        (
            "7k/8/8/8/()7/7()/8/8/7R/K7 w - - 0 1",
            "the side not to move in check",
        ),
    ] {
        assert!(
            reference::Position::from_fen(fen).is_err(),
            "reference accepted {why}: {fen:?}"
        );
        assert!(
            Position::from_fen(ff(), fen).is_err(),
            "engine accepted {why}: {fen:?}"
        );
    }
}

/// Characters the edits insert: the Flight and Ferry FEN alphabet and some others.
const EDIT_CHARS: &[char] = &[
    '(', ')', '(', ')', 'p', 'n', 'b', 'r', 'q', 'k', 'f', 'c', 'P', 'N', 'B', 'R', 'Q', 'K', 'F',
    'G', 'g', 'C', '0', '1', '2', '7', '8', '9', '/', ' ', '-', 'w', 'e', 'x', '~', '>', 'é',
];

/// FENs the edits start from.
const SEEDS: &[&str] = &[
    START,
    "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1",
    "8/3c4/8/8/(N)7/7(k)/8/8/8/K7 b - - 0 1",
    "7k/8/8/8/(q)(R)6/8/8/8/8/K7 w - - 0 1",
    "7k/8/8/8/7()/3(P)p3/8/8/8/K7 b - d4 0 1",
];

/// Whatever the engine accepts must write a FEN that reads back to itself with the same key
/// and survive perft 2; where the reference accepts it too, both give the same moves.
fn must_not_panic(text: &str) {
    if let Ok(mut p) = Position::from_fen(ff(), text) {
        let written = p.fen();
        let again = Position::from_fen(ff(), &written)
            .unwrap_or_else(|e| panic!("{text:?} read, but its FEN {written:?} not: {e}"));
        assert_eq!(again.fen(), written, "{text:?}");
        assert_eq!(again.key(), p.key(), "{text:?}");
        perft(&mut p, 2);
        assert_eq!(p.fen(), written, "{text:?}: perft changed the position");
        if let Ok(r) = reference::Position::from_fen(text) {
            let theirs: BTreeSet<String> = r.move_texts().into_iter().collect();
            assert_moves(&format!("{text:?}"), &legal(&mut p), &theirs);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// FF-25: strings of the FEN alphabet with Ferry marks never panic the reader.
    #[test]
    fn ff_25_random_ferry_fen_strings_never_panic(
        text in "[()pnrqkfcPNBRQKG0-9/]{0,60}( [wb]( [KQkq-]{1,4}( [a-h0-9-]{1,3}( [0-9]{1,3}( [0-9]{1,3})?)?)?)?)?"
    ) {
        must_not_panic(&text);
    }

    /// FF-25: rank-shaped strings (ten ranks, Ferry marks among them) never panic the reader.
    #[test]
    fn ff_25_random_ten_rank_strings_never_panic(
        ranks in proptest::collection::vec("([1-8]|\\(\\)|\\([PNBRQKpnrqkfcGC]?\\)?|[PNBRQKpnrqkfcGC(]){1,6}", 10),
        tail in " [wb] (-|[KQkq]{1,4}) (-|[a-h][1-9]|[a-h]10)( [0-9]{1,2} [1-9])?",
    ) {
        must_not_panic(&format!("{}{tail}", ranks.join("/")));
    }

    /// FF-25: FENs with Ferries, edited at random, never panic the reader.
    #[test]
    fn ff_25_edited_ferry_fens_never_panic(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0usize..120, 0u8..3, 0..EDIT_CHARS.len()), 1..4),
    ) {
        let mut chars: Vec<char> = SEEDS[seed].chars().collect();
        for (at, op, c) in edits {
            let at = at % (chars.len() + 1);
            let c = EDIT_CHARS[c];
            match op {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        must_not_panic(&chars.into_iter().collect::<String>());
    }
}

/// FF-26: one text per move. A piece leaving its Ferry, the same piece riding it to the same
/// square and the Send of the Ferry to that square are three texts, each read back as
/// itself, in both dialects; every legal move of these positions round-trips.
#[test]
fn ff_26_move_texts_round_trip() {
    let v = ff();
    let fen = "7k/8/8/8/6()1/3(R)4/8/8/8/K7 w - - 0 1";
    let texts = agree(fen);
    let mut p = engine(fen);
    let kinds: Vec<MoveKind> = ["d5d6", "d5d6~", "d5>d6"]
        .iter()
        .map(|t| {
            assert!(texts.contains(*t), "{t}");
            parse_move(&mut p, t, Dialect::Uci).unwrap().kind()
        })
        .collect();
    assert_eq!(kinds, [MoveKind::Normal, MoveKind::Ride, MoveKind::Send]);
    for fen in [
        fen,
        START,
        "7k/8/8/8/8/G2(n)2()1/8/8/8/7K w - - 0 1",
        "7k/8/8/8/()6(P)/8/8/8/8/K1G5 w - - 0 1",
        "7k/8/8/8/7()/3(P)p3/8/8/8/K7 b - d4 0 1",
        "qqffffck/rrr5/8/8/()7/7()/8/4p2K/1p6/2N5 b - - 0 1",
        "3k4/8/8/8/7()/()7/8/8/R3K2R/8 w KQ - 0 1",
    ] {
        let mut p = engine(fen);
        let mut list = estuary::board::MoveList::new();
        estuary::rules::legal_moves(&mut p, &mut list);
        for m in list.iter() {
            for d in [Dialect::Uci, Dialect::Cecp] {
                let text = move_text(v, m, d);
                assert_eq!(parse_move(&mut p, &text, d), Ok(m), "{text} in {fen}");
            }
        }
        agree(fen);
    }
}

// Along random games --------------------------------------------------------------------------

/// Random games from the start and from positions with Ferries in play (fixed seed), biased
/// to the moves of this game (Rides, Sends, pass-through and beyond captures) and to
/// captures: in every position the engine and the reference agree on the legal moves, check
/// and the FEN; the FEN after each move is the same for both (e.p. field aside, see
/// [`after_ep_aside`]); make/unmake and the key of the FEN read back agree.
#[test]
fn engine_agrees_with_the_reference_along_random_games() {
    let starts = [
        START,
        "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1",
        "2c2c2/rnfqkfnr/ppp1pppp/8/4(p)3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 w KQkq - 0 3",
        "3c4/r3k2r/8/8/1(N)6/6(q)1/8/8/R3K2R/4G3 w KQkq - 0 1",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (mut positions, mut special) = (0, 0);
    for game in 0..16 {
        let start = starts[game % starts.len()];
        let mut e = engine(start);
        for _ in 0..100 {
            let f = e.fen();
            let texts: Vec<String> = agree(&f).into_iter().collect();
            positions += 1;
            if texts.is_empty() || game_end(&mut e).is_some() {
                break;
            }
            let moves: Vec<_> = texts
                .iter()
                .map(|t| parse_move(&mut e, t, Dialect::Uci).unwrap())
                .collect();
            let carrier = |k: MoveKind| {
                matches!(
                    k,
                    MoveKind::Ride | MoveKind::Send | MoveKind::PassThrough | MoveKind::Beyond
                )
            };
            let special_moves: Vec<usize> = (0..moves.len())
                .filter(|&i| carrier(moves[i].kind()) && moves[i].kind() != MoveKind::Send)
                .collect();
            let noisy: Vec<usize> = (0..moves.len())
                .filter(|&i| carrier(moves[i].kind()) || e.captured_square(moves[i]).is_some())
                .collect();
            let i = if !special_moves.is_empty() && rng.gen_range(0..2) == 0 {
                special_moves[rng.gen_range(0..special_moves.len())]
            } else if !noisy.is_empty() && rng.gen_range(0..3) < 2 {
                noisy[rng.gen_range(0..noisy.len())]
            } else {
                rng.gen_range(0..moves.len())
            };
            if carrier(moves[i].kind()) {
                special += 1;
            }
            let next = after_ep_aside(&f, &texts[i]);
            e.make(moves[i]);
            assert_eq!(e.fen(), next, "{f} then {}", texts[i]);
        }
    }
    assert!(
        positions > 1000 && special > 60,
        "{positions} positions, {special} special moves"
    );
}
