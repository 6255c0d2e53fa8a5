//! Flight and Ferry (`docs/rules/flight-and-ferry.md`, FF-1..FF-26) checked on the
//! independent reference generator of `tests/ff_reference/` alone: one test per rule id on
//! hand-built positions whose move lists were worked out by hand from the rules text, the
//! start position's perft, FEN round trips and malformed FENs, and the perft lines of
//! `tests/perft/flightferry.perft`.
//!
//! The engine does not know this game yet; once it does, these lists and that file are what it
//! is checked against.
//!
//! Moves are the reference's canonical texts (FF-26): `e3e4`, `e9e10q`, a Ride `d5e6~`, a
//! Send `d5>a6`. Squares in comments are named as on the board (a1..h10).

mod ff_reference;

use ff_reference::{MoveKind, Position, START_FEN};

/// Read a FEN the reference must accept.
#[track_caller]
fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("reference refuses {fen}: {e}"))
}

/// Sort a hand-written list.
fn sorted(v: Vec<String>) -> Vec<String> {
    let mut v = v;
    v.sort();
    v
}

/// `want` as owned strings, sorted.
fn list(want: &[&str]) -> Vec<String> {
    sorted(want.iter().map(|s| s.to_string()).collect())
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

/// Compare two sorted lists, naming what is missing and what is extra.
#[track_caller]
fn assert_same(name: &str, got: &[String], want: &[String]) {
    let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
    let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
    assert!(
        missing.is_empty() && extra.is_empty() && got.len() == want.len(),
        "{name}: missing {missing:?}, extra {extra:?} (got {} moves, want {})",
        got.len(),
        want.len()
    );
}

/// The whole legal move list of the position is `want`.
#[track_caller]
fn check_all(name: &str, fen: &str, want: Vec<String>) {
    let got = pos(fen).move_texts();
    assert_same(name, &got, &sorted(want));
}

/// The legal moves of the piece on `from` are `want`.
#[track_caller]
fn check_from(name: &str, fen: &str, from: &str, want: Vec<String>) {
    let p = pos(fen);
    let got = sorted(
        p.legal_moves()
            .iter()
            .filter(|m| ff_reference::square_name(m.from) == from)
            .map(|m| m.text())
            .collect(),
    );
    assert_same(name, &got, &sorted(want));
}

/// Concatenate hand-written lists.
fn join(parts: &[Vec<String>]) -> Vec<String> {
    parts.concat()
}

// ---------------------------------------------------------------------------------------------
// Crossing (FF-1..FF-3)

/// FF-1: a Knight on e5 (rank 5) may leap to ranks 3-4 but not to ranks 6-7: those leaps go
/// from ranks 1-5 to ranks 6-10.
#[test]
fn ff_01_crossing_is_between_ranks_5_and_6() {
    check_all(
        "FF-1 knight on rank 5",
        "7k/8/8/8/()7/4N2()/8/8/8/K7 w - - 0 1",
        list(&["a1a2", "a1b1", "a1b2", "e5c4", "e5d3", "e5f3", "e5g4"]),
    );
}

/// FF-2: King, Bishop, Pawn on rank 5 may not step or slide into rank 6; the Queenfiler's
/// bishop moves stop at the channel too (its rank moves never cross).
#[test]
fn ff_02_king_bishop_pawn_queenfiler_do_not_cross() {
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
fn ff_03_rook_and_dragon_rook_moves_fly() {
    // Rook d4 goes up the whole d file, over the empty Ferry on d5 (which it may also board).
    // Golddragon h3 goes up the h file to h10; its forward diagonal stops at f5 (e6 would
    // cross); beyond f5 the Welsh King on a10 stands on no Ferry, so nothing is captured.
    check_all(
        "FF-3",
        "k7/8/8/8/()7/3()4/3R4/7G/8/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b1", "a1b2", // King
            "d4d5", "d4d6", "d4d7", "d4d8", "d4d9", "d4d10", "d4d3", "d4d2", "d4d1", "d4c4",
            "d4b4", "d4a4", "d4e4", "d4f4", "d4g4", "d4h4", // Rook
            "h3h4", "h3h5", "h3h6", "h3h7", "h3h8", "h3h9", "h3h10", "h3h2", "h3h1", "h3g3",
            "h3f3", "h3e3", "h3d3", "h3c3", "h3b3", "h3a3", "h3g4", "h3f5", "h3g2", // dragon
        ]),
    );
}

// ---------------------------------------------------------------------------------------------
// Pieces on their own (FF-4..FF-9)

/// FF-4: the King steps as in FIDE, never over the channel and never into check (the Welsh
/// Rook on a4 covers rank 4).
#[test]
fn ff_04_king_steps_not_across_not_into_check() {
    check_all(
        "FF-4",
        "7k/8/8/8/()6()/4K3/r7/8/8/8 w - - 0 1",
        list(&["e5d5", "e5f5"]),
    );
}

/// FF-5: the Queen's rook moves fly (up the e file, along rank 5 over the empty Ferry on g5),
/// her bishop moves stay on her shore.
#[test]
fn ff_05_queen_rook_moves_fly_bishop_moves_do_not() {
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
fn ff_06_golddragon_moves() {
    check_all(
        "FF-6",
        "k7/8/8/8/8/3()1()2/8/3G4/2p5/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b2", // b1 is covered by the Pawn on c2
            "d3d4", "d3d6", "d3d7", "d3d8", "d3d9", "d3d10", "d3d2", "d3d1", "d3c3", "d3b3",
            "d3a3", "d3e3", "d3f3", "d3g3", "d3h3", "d3c4", "d3b5", "d3e4", "d3c2", "d3e2",
        ]),
    );
}

/// FF-7: the Copperdragon `vRsWfBbF` (Wales, forward = down): file moves both ways over the
/// empty Ferry on e6, one step sideways only, forward diagonals down to rank 6, not onto the
/// Ferry on g6, one step diagonally backward (up).
#[test]
fn ff_07_copperdragon_moves() {
    check_all(
        "FF-7",
        "7k/8/4c3/8/4()1()1/8/8/8/8/K7 b - - 0 1",
        list(&[
            "e8e9", "e8e10", "e8e7", "e8e5", "e8e4", "e8e3", "e8e2", "e8e1", "e8d8", "e8f8",
            "e8d7", "e8c6", "e8f7", "e8d9", "e8f9", "h10g10", "h10g9", "h10h9",
        ]),
    );
}

/// FF-8: Rook (FF-3), Queenfiler (FF-2), Bishop (FF-2) and Knight (FF-1) are covered above;
/// here a Rook and a Queenfiler of Wales side by side on rank 6, the Queenfiler blocked on
/// the rank by its friend and never moving along the file.
#[test]
fn ff_08_rook_queenfiler_bishop_knight() {
    check_all(
        "FF-8",
        "7k/8/8/8/rf2()3/7()/8/8/8/7K b - - 0 1",
        list(&[
            "a6a7", "a6a8", "a6a9", "a6a10", "a6a5", "a6a4", "a6a3", "a6a2", "a6a1", // Rook
            "b6c6", "b6d6", "b6e6", "b6f6", "b6g6", "b6h6", "b6a7", "b6c7", "b6d8", "b6e9",
            "b6f10", // Queenfiler
            "h10g10", "h10g9", "h10h9",
        ]),
    );
}

/// FF-9: a straight step or double step may board an empty Ferry (c3-c5) but not one that
/// carries a piece (e4 is stuck under the Knight on e5); a diagonal capture takes an enemy on
/// a Ferry (d4xe5) but never lands on an empty Ferry (no b4-c5, no d4-c5); a Pawn on rank 5
/// has no move across (g5 cannot take the Rook on h6).
#[test]
fn ff_09_pawn_boards_by_step_captures_on_ferry_diagonally() {
    check_all(
        "FF-9",
        "7k/8/8/8/7r/2()1(n)1P1/1P1PP3/2P5/8/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b1", "a1b2", "b4b5", "c3c4", "c3c5", "d4d5", "d4e5",
        ]),
    );
    let p = pos("7k/8/8/8/7r/2()1(n)1P1/1P1PP3/2P5/8/K7 w - - 0 1");
    let double = p
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "c3c5")
        .unwrap();
    assert_eq!(double.kind, MoveKind::DoubleStep);
    // The double step boards the Ferry and sets the e.p. square.
    assert_eq!(
        p.play(&double).fen(),
        "7k/8/8/8/7r/2(P)1(n)1P1/1P1PP3/8/8/K7 b - c4 0 1"
    );
}

/// FF-9: a double step onto a Ferry (d3-d5 in the start position) sets the e.p. square; the
/// e.p. capture removes the Pawn and leaves its Ferry where it was.
#[test]
fn ff_09_en_passant_leaves_the_ferry() {
    let after = pos(START_FEN).play_text("d3d5");
    assert_eq!(
        after.fen(),
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq d4 0 1"
    );
    let fen = "7k/8/8/8/7()/3(P)p3/8/8/8/K7 b - d4 0 1";
    check_all(
        "FF-9 e.p.",
        fen,
        list(&["e5d4", "e5e4", "h10g10", "h10g9", "h10h9"]),
    );
    let p = pos(fen);
    let ep = p
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "e5d4")
        .unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(ep.captured, Some((3, 4)));
    assert_eq!(p.play(&ep).fen(), "7k/8/8/8/7()/3()4/3p4/8/8/K7 w - - 0 2");
}

// ---------------------------------------------------------------------------------------------
// Ferries (FF-10..FF-16)

/// FF-10: Ferries live on ranks 5-6 only, at most two, and a dragon never stands on one.
#[test]
fn ff_10_ferries_on_middle_ranks_dragons_never_on_them() {
    for (fen, why) in [
        ("7k/8/8/8/8/8/3()4/8/8/K7 w - - 0 1", "a Ferry on rank 4"),
        ("7k/8/8/8/()()()5/8/8/8/8/K7 w - - 0 1", "three Ferries"),
        (
            "7k/8/8/8/(c)7/8/8/8/8/K7 w - - 0 1",
            "a Copperdragon on a Ferry",
        ),
        (
            "7k/8/8/8/8/(G)7/8/8/8/K7 w - - 0 1",
            "a Golddragon on a Ferry",
        ),
    ] {
        assert!(Position::from_fen(fen).is_err(), "accepted {why}: {fen}");
    }
    // A Ferry never captures: a Send onto an enemy captures nothing (see FF-13).
}

/// FF-11: a Wessex Pawn on the Ferry on d6 rides backward over the channel (d5, and c5
/// capturing the Copperdragon, FF-11's decision); not onto the other Ferry on e6, nor onto
/// its King on e5. Its own step d7 leaves the Ferry (FF-12); Sends everywhere but onto the
/// dragon and the other Ferry (FF-13).
#[test]
fn ff_11_pawn_rides_backward_across_the_channel() {
    let fen = "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1";
    check_all(
        "FF-11",
        fen,
        join(&[
            list(&["d6c5~", "d6c6~", "d6d5~", "d6d7", "e5e4", "e5f4", "e5f5"]),
            sends("d6", &["e6", "c5"]),
        ]),
    );
    let ride = pos(fen)
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "d6c5~")
        .unwrap();
    assert_eq!(ride.kind, MoveKind::Ride);
    assert_eq!(ride.captured, Some((2, 4)));
    // The Pawn and its Ferry are on c5 now; a Pawn's Ride resets the count (FF-23).
    assert_eq!(
        pos(fen).play(&ride).fen(),
        "7k/8/8/8/4()3/2(P)1K3/8/8/8/8 b - - 0 1"
    );
}

/// FF-11: a King on a Ferry rides over the channel; it may not ride into check, onto the
/// other Ferry, or onto a friend; it may ride onto an enemy.
#[test]
fn ff_11_king_rides() {
    // King on the Ferry on d5; other Ferry on c6; own Rook on e5; Welsh Knight on e6;
    // Welsh Rook on a4 covers rank 4 (and a5, a6 upward).
    let fen = "7k/8/8/8/2()1n3/3(K)R3/r7/8/8/8 w - - 0 1";
    let p = pos(fen);
    let rides: Vec<String> = sorted(
        p.legal_moves()
            .iter()
            .filter(|m| m.kind == MoveKind::Ride)
            .map(|m| m.text())
            .collect(),
    );
    // c5: free (the Knight on e6 cannot leap to c5 over the channel, FF-2); d6: free; e6:
    // capture the Knight; c6: other Ferry; e5: own Rook; rank 4: not a Ride.
    assert_same(
        "FF-11 King rides",
        &rides,
        &list(&["d5c5~", "d5d6~", "d5e6~"]),
    );
    // With the Knight on d8 instead, it covers e6 (and c6, the other Ferry) without
    // crossing: only c5 and d6 are left.
    let p = pos("7k/8/3n4/8/2()5/3(K)R3/r7/8/8/8 w - - 0 1");
    let rides: Vec<String> = sorted(
        p.legal_moves()
            .iter()
            .filter(|m| m.kind == MoveKind::Ride)
            .map(|m| m.text())
            .collect(),
    );
    assert_same("FF-11 King rides 2", &rides, &list(&["d5c5~", "d5d6~"]));
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
    let p = pos(fen);
    assert_eq!(
        p.play_text("d5d6").fen(),
        "7k/8/8/8/3R2()1/3()4/8/8/8/K7 b - - 1 1"
    );
    assert_eq!(
        p.play_text("d5d6~").fen(),
        "7k/8/8/8/3(R)2()1/8/8/8/8/K7 b - - 1 1"
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
    let p = pos(fen);
    let send = p
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "b5>e6")
        .unwrap();
    assert_eq!(send.kind, MoveKind::Send);
    assert_eq!(send.captured, None);
    // A Send is not a capture: the count goes on (FF-23).
    assert_eq!(
        p.play(&send).fen(),
        "7k/8/8/8/4(r)c2/1N5()/8/8/8/K7 b - - 1 1"
    );
}

/// FF-13 with FF-17 and FF-19: the King on e5 is in check from the Copperdragon on e8; a Send
/// of the Rook's Ferry from b6 under the King answers it (the dragon cannot take a King on a
/// Ferry by its ordinary move, and its pass-through would need an empty square beyond, but
/// e4 holds the Pawn). Other answers: the King's steps and Rook b6-e6 (leaving its Ferry).
#[test]
fn ff_13_send_under_own_king_answers_check() {
    let fen = "7k/8/4c3/8/1(R)5()/4K3/4P3/8/8/8 w - - 0 1";
    assert!(pos(fen).in_check());
    check_all(
        "FF-13 check",
        fen,
        list(&["e5d4", "e5d5", "e5f4", "e5f5", "b6e6", "b6>e5"]),
    );
}

/// FF-14: a Bishop and a Knight may board the empty Ferry on e5; the Knight captures onto the
/// Ferry on g5 carrying a Welsh Knight; nobody moves onto a Ferry carrying a friend.
#[test]
fn ff_14_board_empty_or_enemy_ferry_never_friend() {
    check_all(
        "FF-14 empty Ferry",
        "7k/8/8/8/8/4()1(n)1/8/2B2N2/8/K7 w - - 0 1",
        list(&[
            "a1a2", "a1b1", "a1b2", "c3d4", "c3e5", "c3b4", "c3a5", "c3b2", "c3d2", "c3e1", "f3d2",
            "f3d4", "f3e1", "f3e5", "f3g1", "f3g5", "f3h2", "f3h4",
        ]),
    );
    // The same with a Wessex Pawn on the e5 Ferry: neither the Bishop nor the Knight may go
    // there; the Pawn itself cannot cross on its own, so it only rides and sends.
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
/// Ferry on f5, capturing the Welsh Pawn on it.
#[test]
fn ff_15_slides_pass_empty_ferries_occupied_ferry_blocks() {
    check_all(
        "FF-15",
        "7k/8/8/8/8/R1()2(p)2/8/8/8/7K w - - 0 1",
        list(&[
            "h1g1", "h1g2", "h1h2", "a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5a6", "a5a7", "a5a8",
            "a5a9", "a5a10", "a5a4", "a5a3", "a5a2", "a5a1",
        ]),
    );
}

/// FF-16: Ride and Send are open to every piece that can stand on a Ferry; each type alone on
/// the Ferry on d5 (other Ferry on h6) has the same five Rides and fourteen Sends.
#[test]
fn ff_16_every_non_dragon_rides_and_sends() {
    let want = join(&[
        list(&["d5c5~", "d5e5~", "d5c6~", "d5d6~", "d5e6~"]),
        sends("d5", &["h6"]),
    ]);
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
        // Kings in the corners, unless the King is the piece under test.
        let (top, bottom) = match piece {
            "K" => ("7k", "8"),
            "k" => ("8", "K7"),
            _ => ("7k", "K7"),
        };
        let fen = format!("{top}/8/8/8/7()/3({piece})4/8/8/8/{bottom} {side} - - 0 1");
        let p = pos(&fen);
        let got: Vec<String> = sorted(
            p.legal_moves()
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Ride | MoveKind::Send))
                .map(|m| m.text())
                .collect(),
        );
        assert_same(&format!("FF-16 {piece}"), &got, &sorted(want.clone()));
    }
}

// ---------------------------------------------------------------------------------------------
// Dragon captures of pieces on Ferries (FF-17, FF-18)

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
    let p = pos(fen);
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "a5h5")
        .unwrap();
    assert_eq!(m.kind, MoveKind::PassThrough);
    assert_eq!(m.captured, Some((3, 4)));
    assert_eq!(p.play(&m).fen(), "7k/8/8/8/8/3()2()G/8/8/8/7K b - - 0 1");
}

/// FF-17: the same move with a third piece, a Welsh Pawn on f5, on the way: only e5 is left
/// beyond the Knight (the move may not end on or pass the Pawn).
#[test]
fn ff_17_pass_through_blocked_by_third_piece() {
    check_all(
        "FF-17 third piece",
        "7k/8/8/8/8/G2(n)1p()1/8/8/8/7K w - - 0 1",
        list(&[
            "h1g1", "h1g2", "h1h2", "a5b5", "a5c5", "a5e5", "a5a6", "a5a7", "a5a8", "a5a9",
            "a5a10", "a5a4", "a5a3", "a5a2", "a5a1", "a5b4",
        ]),
    );
    // A third piece before the Ferry (Welsh Pawn on c5): the Knight is not the first piece,
    // the dragon captures the Pawn and goes no further.
    check_from(
        "FF-17 piece in front",
        "7k/8/8/8/8/G1p(n)2()1/8/8/8/7K w - - 0 1",
        "a5",
        list(&[
            "a5b5", "a5c5", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10", "a5a4", "a5a3", "a5a2",
            "a5a1", "a5b4",
        ]),
    );
    // An ally on the Ferry cannot be passed.
    check_from(
        "FF-17 ally on the Ferry",
        "7k/8/8/8/8/G2(N)2()1/8/8/8/7K w - - 0 1",
        "a5",
        list(&[
            "a5b5", "a5c5", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10", "a5a4", "a5a3", "a5a2",
            "a5a1", "a5b4",
        ]),
    );
}

/// FF-17: a Copperdragon passes through along a file and over the channel (e9 through the
/// Rook on the e6 Ferry to e5 or e4; the Pawn on e3 ends the line).
#[test]
fn ff_17_copperdragon_passes_through_along_a_file_over_the_channel() {
    check_all(
        "FF-17 Copperdragon",
        "k7/4c3/8/8/4(R)3/7()/8/4P3/8/K7 b - - 0 1",
        list(&[
            "e9e10", "e9e8", "e9e7", "e9e5", "e9e4", "e9d9", "e9f9", "e9d8", "e9c7", "e9b6",
            "e9f8", "e9g7", "e9h6", "e9d10", "e9f10", "a10a9", "a10b9", "a10b10",
        ]),
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
    let p = pos(fen);
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "c1f4")
        .unwrap();
    assert_eq!(m.kind, MoveKind::Beyond);
    assert_eq!(m.captured, Some((7, 5)));
    assert_eq!(p.play(&m).fen(), "7k/8/8/8/()6()/8/5G2/8/8/K7 b - - 0 1");
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
    let p = pos(fen);
    for m in p.legal_moves() {
        let (kind, captured) = match m.text().as_str() {
            "a1b2" | "a1c3" | "a1d4" => (MoveKind::Beyond, Some((4, 4))),
            "c1d2" | "c1e3" | "c1b2" | "c1a3" => (MoveKind::Normal, None),
            "c1f4" => (MoveKind::Normal, Some((5, 3))),
            _ => continue,
        };
        assert_eq!((m.kind, m.captured), (kind, captured), "{}", m.text());
    }
}

/// FF-18: a move whose beyond capture would take its own King does not exist (the
/// Copperdragon on d9 has no move down-right toward its King on the h5 Ferry); down-left it
/// captures the Wessex Knight on the a6 Ferry from c8 and b7.
#[test]
fn ff_18_beyond_capture_of_own_king_is_illegal() {
    check_all(
        "FF-18 own King",
        "8/3c4/8/8/(N)7/7(k)/8/8/8/K7 b - - 0 1",
        join(&[
            list(&[
                "d9d10", "d9d8", "d9d7", "d9d6", "d9d5", "d9d4", "d9d3", "d9d2", "d9d1", "d9c9",
                "d9e9", "d9c8", "d9b7", "d9c10", "d9e10", "h5g5", "h5g4", "h5h4", "h5g5~", "h5g6~",
                "h5h6~",
            ]),
            sends("h5", &["a6"]),
        ]),
    );
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
    let m = pos(fen)
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "b7c6")
        .unwrap();
    assert_eq!((m.kind, m.captured), (MoveKind::Normal, None));
}

// ---------------------------------------------------------------------------------------------
// Check (FF-19)

/// FF-19: the King on the e5 Ferry is in check only from a beyond capture (Copperdragon b8 to
/// c7 or d6 would take it); the same King on no Ferry is not in check. Every answer: its own
/// steps (off the Ferry), Rides off the line, and every Send (the King then stands on no
/// Ferry and shields itself).
#[test]
fn ff_19_king_on_ferry_in_check_only_from_beyond_capture() {
    let fen = "7k/8/1c6/8/8/()3(K)3/8/8/8/8 w - - 0 1";
    assert!(pos(fen).in_check());
    assert!(!pos("7k/8/1c6/8/8/()3K3/8/8/8/8 w - - 0 1").in_check());
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
}

/// FF-19: a King on a Ferry cannot be taken by a dragon's ordinary move, but can by a
/// pass-through; a Ride onto a King gives check, unless the King is on the other Ferry.
#[test]
fn ff_19_check_counts_rides_and_pass_through() {
    // Copperdragon d9 down the d file onto the King on the d5 Ferry: pass-through to d4.
    assert!(pos("7k/3c4/8/8/7()/3(K)4/8/8/8/8 w - - 0 1").in_check());
    // With d4 occupied there is nowhere to stop beyond: no check.
    assert!(!pos("7k/3c4/8/8/7()/3(K)4/3P4/8/8/8 w - - 0 1").in_check());
    // The Welsh King on the e6 Ferry, a Golddragon on f7: its backward step would end on a
    // Ferry, so no check; without the Ferry, check.
    assert!(!pos("8/8/8/5G2/4(k)3/()7/8/8/8/K7 b - - 0 1").in_check());
    assert!(pos("8/8/8/5G2/4k3/()()6/8/8/8/K7 b - - 0 1").in_check());
    // A Welsh Rook on the d6 Ferry rides onto the King on e5: check. With the King on the
    // other Ferry it cannot: no check.
    assert!(pos("7k/8/8/8/3(r)4/4K2()/8/8/8/8 w - - 0 1").in_check());
    assert!(!pos("7k/8/8/8/3(r)4/4(K)3/8/8/8/8 w - - 0 1").in_check());
}

// ---------------------------------------------------------------------------------------------
// Other rules (FF-20..FF-23)

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
    let castle = pos(fen)
        .legal_moves()
        .into_iter()
        .find(|m| m.text() == "e2c2")
        .unwrap();
    assert_eq!(castle.kind, MoveKind::Castle);
    assert_eq!(
        pos(fen).play(&castle).fen(),
        "3k4/8/8/5r2/7()/()7/8/8/2KR3R/8 b - - 1 1"
    );
    check_from(
        "FF-20 Wales",
        "8/r3k2r/8/8/()7/7()/8/8/8/4K3 b kq - 0 1",
        "e9",
        list(&[
            "e9d10", "e9e10", "e9f10", "e9d9", "e9f9", "e9d8", "e9e8", "e9f8", "e9c9", "e9g9",
        ]),
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
    let p = pos(fen).play_text("e8e9").play_text("h10h9");
    check_from(
        "FF-21 declined",
        &p.fen(),
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
}

/// FF-23: checkmate and stalemate end the tree (no moves); the counter is reset by captures
/// and Pawn moves (a Pawn's Ride too), not by a Send.
#[test]
fn ff_23_mate_stalemate_and_the_move_counter() {
    // Two Welsh Rooks fly down the a and b files (over the empty Ferry on a6): mate.
    let mate = pos("7k/rr6/8/8/()7/7()/8/8/8/K7 w - - 0 1");
    assert!(mate.in_check());
    assert!(mate.legal_moves().is_empty());
    assert_eq!(mate.perft(3), 0);
    // Rook b9 and Rook h2 leave the King on a1 no square: stalemate.
    let stalemate = pos("7k/1r6/8/8/()7/7()/8/8/7r/K7 w - - 0 1");
    assert!(!stalemate.in_check());
    assert!(stalemate.legal_moves().is_empty());
    // Counters.
    let p = pos("7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 7 30");
    assert!(p.play_text("d6>a5").fen().ends_with(" b - - 8 30"));
    assert!(p.play_text("d6d5~").fen().ends_with(" b - - 0 30"));
    assert!(p.play_text("e5f5").fen().ends_with(" b - - 8 30"));
    let q = pos("7k/8/8/8/4(r)c2/1N5()/8/8/8/K7 b - - 5 9");
    assert!(q.play_text("e6>c5").fen().ends_with(" w - - 6 10"));
    assert!(q.play_text("e6e1").fen().ends_with(" w - - 6 10"));
}

// ---------------------------------------------------------------------------------------------
// Start position, FEN, notation (FF-24..FF-26)

/// FF-24: the start position's moves and perft (the rules file's figures).
#[test]
fn ff_24_start_position() {
    let p = pos(START_FEN);
    check_all(
        "FF-24",
        START_FEN,
        list(&[
            "a3a4", "a3a5", "b3b4", "b3b5", "c3c4", "c3c5", "d3d4", "d3d5", "e3e4", "e3e5", "f3f4",
            "f3f5", "g3g4", "g3g5", "h3h4", "h3h5", "b2a4", "b2c4", "b2d1", "g2e1", "g2f4", "g2h4",
            "c1a1", "c1b1", "c1d1", "c1e1", "f1d1", "f1e1", "f1g1", "f1h1", "e2d1", "e2e1", "d2d1",
            "d2e1", "a2a1", "h2h1", "c2b1", "c2d1", "f2e1", "f2g1",
        ]),
    );
    assert_eq!(p.perft(1), 40);
    assert_eq!(p.perft(2), 1_440);
    assert_eq!(p.perft(3), 57_132);
}

/// FF-24: perft 4 of the start position (about 2 s in an optimised build).
#[test]
fn ff_24_start_position_perft_4() {
    assert_eq!(pos(START_FEN).perft(4), 2_099_676);
}

/// FF-25: FENs with Ferries read and written back unchanged.
#[test]
fn ff_25_fen_round_trips() {
    for fen in [
        START_FEN,
        "7k/8/8/8/3(P)()3/2c1K3/8/8/8/8 w - - 0 1",
        "8/3c4/8/8/(N)7/7(k)/8/8/8/K7 b - - 0 1",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(P)4/8/PPP1PPPP/RNBQKBNR/2G2G2 b KQkq d4 0 1",
        "3k4/8/8/5r2/7()/()7/8/8/R3K2R/8 w KQ - 12 40",
        "7k/8/8/8/(q)(R)6/8/8/8/8/K7 w - - 0 1",
        "8/r3k2r/8/8/()7/7()/8/8/8/4K3 b kq - 0 1",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // Counters may be left out.
    assert_eq!(
        pos("7k/8/8/8/()7/7()/8/8/8/K7 w - -").fen(),
        "7k/8/8/8/()7/7()/8/8/8/K7 w - - 0 1"
    );
}

/// FF-25: malformed FENs, Ferry marks above all, are refused without a panic.
#[test]
fn ff_25_malformed_fens_are_refused() {
    let bad = [
        "",
        "w",
        "7k/8/8/8/(()6/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/(RR)6/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/()(6/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/7(/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/7()(/8/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7( w - - 0 1",
        "7k/8/8/8/)7/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/(x)7/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/(7)/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/8()/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/()8/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7/8 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 x - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 w X - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 w - z9 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 w - e11 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 w - - x 1",
        "7k/8/8/8/()7/7()/8/8/8/K7 w - - 0 1 extra",
        "7k/8/8/8/()7/7()/8/8/8/8 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/KK6 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K6C w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K6b w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K6g w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K6F w - - 0 1",
        "7kP/8/8/8/()7/7()/8/8/8/K7 w - - 0 1",
        "6Pk/8/8/8/()7/7()/8/8/8/K7 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K6p w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K7R w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K06 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K07 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K99 w - - 0 1",
        "7k/8/8/8/()7/7()/8/8/8/K18446744073709551616 w - - 0 1",
        // The side that has just moved is in check (Rook h2 on the Welsh King).
        "7k/8/8/8/()7/7()/8/8/7R/K7 w - - 0 1",
    ];
    for fen in bad {
        assert!(Position::from_fen(fen).is_err(), "accepted {fen:?}");
    }
    // No input of up to three characters from the FEN alphabet panics.
    let alphabet = ['(', ')', 'R', 'c', '1', '8', '/', ' ', 'w', '-'];
    let base = "7k/8/8/8/()7/7()/8/8/8/K7 w - - 0 1";
    for a in alphabet {
        for b in alphabet {
            for c in alphabet {
                let piece = format!("{a}{b}{c}");
                let _ = Position::from_fen(&piece);
                for at in [10, 11, 13, 15, 26] {
                    let mut s = base.to_string();
                    s.insert_str(at, &piece);
                    let _ = Position::from_fen(&s);
                }
            }
        }
    }
}

/// FF-26: one unambiguous text per move. A piece leaving its Ferry and the same piece riding
/// it to the same square are different texts; a Send names the Ferry's squares. Every text is
/// unique in every position two plies deep from the perft file's positions; every position on
/// the way also survives a FEN round trip (FF-25) and is accepted by the reader.
#[test]
fn ff_26_move_texts_are_unique() {
    let p = pos("7k/8/8/8/6()1/3(R)4/8/8/8/K7 w - - 0 1");
    let texts = p.move_texts();
    for t in ["d5d6", "d5d6~", "d5>d6"] {
        assert!(texts.contains(&t.to_string()), "{t}");
    }
    for (_, fen, _) in perft_lines() {
        let root = pos(&fen);
        let mut stack = vec![(root, 0)];
        while let Some((p, depth)) = stack.pop() {
            let moves = p.legal_moves();
            let mut texts: Vec<String> = moves.iter().map(|m| m.text()).collect();
            texts.sort();
            let n = texts.len();
            texts.dedup();
            assert_eq!(texts.len(), n, "duplicate move text in {}", p.fen());
            assert_eq!(pos(&p.fen()), p, "FEN round trip of {}", p.fen());
            if depth < 2 {
                for m in &moves {
                    stack.push((p.play(m), depth + 1));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The perft file

/// The reference perft file.
const PERFT_FILE: &str = include_str!("perft/flightferry.perft");

/// One block of the perft file: id, FEN, and (depth, nodes) lines.
type PerftBlock = (String, String, Vec<(u32, u64)>);

/// Every block of the perft file.
fn perft_lines() -> Vec<PerftBlock> {
    let mut out: Vec<PerftBlock> = Vec::new();
    for line in PERFT_FILE.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').expect("key and value");
        match key {
            "id" => out.push((rest.to_string(), String::new(), Vec::new())),
            "fen" => out.last_mut().expect("id first").1 = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("depth and count");
                out.last_mut()
                    .expect("id first")
                    .2
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("unknown perft line {line:?}"),
        }
    }
    out
}

/// Every line of the perft file with at most 2,000,000 nodes, and every FEN round-trips.
#[test]
fn perft_file_lines() {
    let lines = perft_lines();
    assert!(lines.len() >= 26, "{} positions", lines.len());
    for (id, fen, counts) in lines {
        let p = pos(&fen);
        assert_eq!(p.fen(), fen, "{id}: FEN round trip");
        for (depth, nodes) in counts {
            if nodes <= 2_000_000 {
                assert_eq!(p.perft(depth), nodes, "{id} perft {depth}");
            }
        }
    }
}
