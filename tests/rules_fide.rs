//! FIDE chess basics (`docs/rules/fide.md`: Laws articles 3, 5 and 9): castling and its
//! conditions, en passant (with its pin), the promotion set, pins, checkmate, stalemate, the
//! draws by rule and by insufficient material. Expected move lists are worked out by hand on
//! named positions, never taken from the generator.

mod common;

use common::{assert_moves, fide, legal, legal_from, moves, pos};
use estuary::board::Position;
use estuary::notation::{parse_move, Dialect};
use estuary::rules::draws::dead_material;
use estuary::rules::{outcome, Outcome};
use estuary::types::Army;
use std::collections::BTreeSet;

fn play(p: &mut Position, line: &[&str]) {
    for text in line {
        let m = parse_move(p, text, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
        p.make(m);
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn fide_start_position_has_twenty_moves() {
    let mut want = BTreeSet::new();
    for f in 'a'..='h' {
        want.insert(format!("{f}2{f}3"));
        want.insert(format!("{f}2{f}4"));
    }
    want.extend(moves(&["b1a3", "b1c3", "g1f3", "g1h3"]));
    assert_moves("start", &legal(&mut pos(fide(), START)), &want);
}

#[test]
fn fide_3_8_castling_both_ways() {
    let mut p = pos(fide(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_moves(
        "king e1",
        &legal_from(&mut p, "e1"),
        &moves(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1c1"]),
    );
    let mut q = p.clone();
    play(&mut q, &["e1g1"]);
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let mut q = p.clone();
    play(&mut q, &["e1c1"]);
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let mut q = p.clone();
    play(&mut q, &["a1a2", "e8g8"]);
    assert_eq!(q.fen(), "r4rk1/8/8/8/8/8/R7/4K2R w K - 2 2");
}

#[test]
fn fide_3_8_castling_not_out_of_or_through_check() {
    // A fourth black rook on the eighth rank attacks one square of the first rank.
    let cases = [
        // b1 is crossed by the rook only: both castlings legal.
        (
            "rr2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1c1"][..],
        ),
        // d1 attacked: no O-O-O, and the king may not step there.
        (
            "r2rk2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1e2", "e1f1", "e1f2", "e1g1"][..],
        ),
        // f1 attacked: no O-O.
        (
            "r3kr1r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1d1", "e1d2", "e1e2", "e1c1"][..],
        ),
        // g1 (the king's destination) attacked: no O-O.
        (
            "r3k1rr/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1c1"][..],
        ),
    ];
    for (fen, want) in cases {
        let mut p = pos(fide(), fen);
        assert_moves(fen, &legal_from(&mut p, "e1"), &moves(want));
    }
    // In check from a rook on e4: only king moves off the file, no castling.
    let mut p = pos(fide(), "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
    assert_moves(
        "in check",
        &legal(&mut p),
        &moves(&["e1d1", "e1d2", "e1f1", "e1f2"]),
    );
    // Pieces between: knights on b1 and g1 block both sides.
    let mut p = pos(fide(), "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
    assert_moves(
        "blocked",
        &legal_from(&mut p, "e1"),
        &moves(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    );
}

#[test]
fn fide_3_8_castling_rights_are_lost() {
    let open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut p = pos(fide(), open);
    play(&mut p, &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert_eq!(p.castling_string(), "Qk");
    assert!(legal(&mut p).contains("e1c1") && !legal(&mut p).contains("e1g1"));
    let mut p = pos(fide(), open);
    play(&mut p, &["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(p.castling_string(), "");
    // Taking a rook on its corner takes that side's right away.
    let mut p = pos(fide(), open);
    play(&mut p, &["a1a8"]);
    assert_eq!(p.castling_string(), "Kk");
}

#[test]
fn fide_3_7_en_passant() {
    // After e2e4 beside a black pawn on d4: d4xe3 e.p. removes e4.
    let mut p = pos(
        fide(),
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3",
    );
    play(&mut p, &["e2e4"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"
    );
    assert_moves("d4", &legal_from(&mut p, "d4"), &moves(&["d4d3", "d4e3"]));
    play(&mut p, &["d4e3"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
    // No enemy pawn beside the double step: no e.p. square is written.
    let mut p = pos(fide(), START);
    play(&mut p, &["e2e4"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The right lasts one move.
    let mut p = pos(
        fide(),
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    );
    play(&mut p, &["a7a6", "a2a3"]);
    assert_moves("d4 later", &legal_from(&mut p, "d4"), &moves(&["d4d3"]));
}

#[test]
fn fide_3_7_en_passant_pin_and_check() {
    // exd6 e.p. would empty the fifth rank between Ka5 and Rh5: illegal.
    let mut p = pos(fide(), "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert_moves(
        "e.p. pin",
        &legal(&mut p),
        &moves(&["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5e6"]),
    );
    // The double step d2d4 gives check; exd3 e.p. takes the checker.
    let mut p = pos(fide(), "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert_moves(
        "e.p. out of check",
        &legal(&mut p),
        &moves(&[
            "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d5", "c5d6", "c5d4", "e4d3",
        ]),
    );
}

#[test]
fn fide_3_7_promotion_to_queen_rook_bishop_knight() {
    let mut p = pos(fide(), "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let mut want = BTreeSet::new();
    for to in ["a8", "b8", "c8"] {
        for piece in ['q', 'r', 'b', 'n'] {
            want.insert(format!("b7{to}{piece}"));
        }
    }
    assert_moves("b7", &legal_from(&mut p, "b7"), &want);
    let mut p = pos(fide(), "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    let mut want = BTreeSet::new();
    for to in ["g1", "h1"] {
        for piece in ['q', 'r', 'b', 'n'] {
            want.insert(format!("g2{to}{piece}"));
        }
    }
    assert_moves("g2", &legal_from(&mut p, "g2"), &want);
    play(&mut p, &["g2h1n"]);
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K2n w - - 0 2");
}

#[test]
fn fide_pins_and_double_check() {
    // The knight e2 is pinned by the rook e7: it may not move at all.
    let mut p = pos(fide(), "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_moves(
        "pinned knight",
        &legal(&mut p),
        &moves(&["e1d1", "e1d2", "e1f1", "e1f2"]),
    );
    // A pinned rook moves along the pin, up to taking the pinner.
    let mut p = pos(fide(), "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_moves(
        "pinned rook",
        &legal_from(&mut p, "e2"),
        &moves(&["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]),
    );
    // Double check from Re1 and Bb5: only the king moves, not the rook that could block d7.
    let mut p = pos(fide(), "4k3/r7/8/1B6/8/8/8/4RK2 b - - 0 1");
    assert_moves(
        "double check",
        &legal(&mut p),
        &moves(&["e8d8", "e8f8", "e8f7"]),
    );
}

#[test]
fn fide_5_1_checkmate_wins() {
    let mut p = pos(fide(), START);
    play(&mut p, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(legal(&mut p).is_empty());
    assert_eq!(
        outcome(&mut p).map(|o| o.result_string()),
        Some("0-1"),
        "fool's mate"
    );
    let mut p = pos(
        fide(),
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    );
    assert!(matches!(
        outcome(&mut p),
        Some(Outcome::Win {
            army: Army::WHITE,
            ..
        })
    ));
}

#[test]
fn fide_5_2_stalemate_draws() {
    let mut p = pos(fide(), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Draw {
            reason: "Stalemate"
        })
    );
}

#[test]
fn fide_5_2_insufficient_material() {
    let dead = |fen: &str| dead_material(&pos(fide(), fen));
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "1n2k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(dead(fen), "{fen} is dead");
        assert!(matches!(
            outcome(&mut pos(fide(), fen)),
            Some(Outcome::Draw { .. })
        ));
    }
    for fen in [
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
    ] {
        assert!(!dead(fen), "{fen} is not dead");
        assert_eq!(outcome(&mut pos(fide(), fen)), None);
    }
}

#[test]
fn fide_9_2_threefold_repetition() {
    let mut p = pos(fide(), START);
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play(&mut p, &cycle);
    assert_eq!(outcome(&mut p), None, "twice");
    play(&mut p, &cycle);
    assert!(
        matches!(outcome(&mut p), Some(Outcome::Draw { .. })),
        "three times"
    );
}

#[test]
fn fide_9_3_fifty_move_rule() {
    let fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 70";
    let mut p = pos(fide(), fen);
    assert_eq!(outcome(&mut p), None);
    let mut q = p.clone();
    play(&mut q, &["a1a2"]);
    assert!(matches!(outcome(&mut q), Some(Outcome::Draw { .. })));
    // A pawn move resets the count.
    play(&mut p, &["e2e3"]);
    assert_eq!(p.halfmove(), 0);
    assert_eq!(outcome(&mut p), None);
}
