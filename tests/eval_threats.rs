//! The evaluation's threat and king-attack terms (`[eval]` `threat_lesser_*`, `hanging_*`,
//! `king_attack`; engine-configs/README.md): each position is evaluated with one term's weight
//! and without it, and the difference is the term worked out by hand. Middlegame and endgame
//! weights are equal, so the taper does not matter.

mod common;

use common::{fide, pos, tables_with, variant};
use estuary::board::Position;
use estuary::eval::{evaluate, EvalParams};
use estuary::variant::Variant;

/// The config's weights with the terms under test off.
fn plain(v: &Variant) -> EvalParams {
    EvalParams {
        threat_lesser_mg: 0,
        threat_lesser_eg: 0,
        hanging_mg: 0,
        hanging_eg: 0,
        king_attack: 0,
        ..v.eval
    }
}

/// Is `got` the term worked out by hand, `want`? Each army's score is tapered (an integer
/// division) before the two are subtracted, so a term may come out one centipawn short.
fn near(got: i32, want: i32) -> bool {
    (got - want).abs() <= 1
}

/// The evaluation with `params` less the evaluation with the terms off.
fn term(p: &Position, params: EvalParams) -> i32 {
    let v = p.variant();
    evaluate(p, &tables_with(v, params)) - evaluate(p, &tables_with(v, plain(v)))
}

fn lesser(w: i32) -> EvalParams {
    EvalParams {
        threat_lesser_mg: w,
        threat_lesser_eg: w,
        ..plain(fide())
    }
}

fn hanging(w: i32) -> EvalParams {
    EvalParams {
        hanging_mg: w,
        hanging_eg: w,
        ..plain(fide())
    }
}

#[test]
fn a_piece_attacked_by_a_cheaper_one_is_a_threat_whether_defended_or_not() {
    // The pawn on e4 attacks the Knight on d5 (defended by the pawn on c6 or not).
    let p = pos(fide(), "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    assert!(near(term(&p, lesser(40)), 40));
    let p = pos(fide(), "4k3/8/2p5/3n4/4P3/8/8/4K3 b - - 0 1");
    assert!(near(term(&p, lesser(40)), -40));
    // Not hanging: the attacker is cheaper, so only the lesser term counts it.
    assert_eq!(term(&p, hanging(30)), 0);
    // Two attackers on one piece count twice.
    let p = pos(fide(), "4k3/8/8/3n4/2P1P3/8/8/4K3 w - - 0 1");
    assert!(near(term(&p, lesser(40)), 80));
    // A Knight attacking a Rook (the Rook attacks nothing).
    let p = pos(fide(), "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1");
    assert!(near(term(&p, lesser(40)), 40));
}

#[test]
fn an_undefended_piece_attacked_by_an_equal_or_dearer_one_is_hanging() {
    // The Rooks attack each other; d5 has no defender, d2 has the King.
    let p = pos(fide(), "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1");
    assert!(near(term(&p, hanging(30)), 30));
    assert_eq!(term(&p, lesser(40)), 0);
    // Defend d5 with the King too: neither hangs.
    let p = pos(fide(), "8/8/3k4/3r4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(term(&p, hanging(30)), 0);
    // A piece attacked by a King only (value 0, never "cheaper") hangs when undefended.
    let p = pos(fide(), "8/8/8/8/8/8/3n4/4K2k w - - 0 1");
    assert!(near(term(&p, hanging(30)), 30));
}

#[test]
fn a_royal_piece_is_never_a_threat_victim() {
    // The Rook gives check: no threat term for it.
    let p = pos(fide(), "k7/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(term(&p, lesser(40)), 0);
    assert_eq!(term(&p, hanging(30)), 0);
}

#[test]
fn king_attack_counts_moves_next_to_the_royal_piece_times_the_attackers() {
    let attack = |w| EvalParams {
        king_attack: w,
        ..plain(fide())
    };
    // The term is middlegame only: every piece stays on the board, so the phase is full.
    // The Knight on f6 reaches e8 (the King's own square counts) and d7: 2 moves, 1 attacker:
    // 40 x 2 x 1 / 4 = 20 against Black. (g8 is two files from e8.)
    let p = pos(
        fide(),
        "rnbqkbnr/pppp1ppp/5N2/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
    );
    assert_eq!(term(&p, attack(40)), 20);
    // A Rook on a7 reaches d7 too: 3 moves, 2 attackers: 40 x 3 x 2 / 4 = 60.
    let p = pos(
        fide(),
        "rnbqkbnr/R2p1ppp/5N2/8/8/8/1PPPPPPP/1NBQKB1R b Kkq - 0 1",
    );
    assert_eq!(term(&p, attack(40)), -60);
}

#[test]
fn hanging_asks_whether_the_attacker_itself_could_be_taken_back() {
    // WEY-3 and WEY-4 look at the piece taken, so "is the victim defended?" must be asked
    // about the attacker as it would stand on the victim's square.
    let wey = variant("wey");
    let hanging = |w| EvalParams {
        hanging_mg: w,
        hanging_eg: w,
        ..plain(wey)
    };
    // The Black Marshal on c8 attacks the White Bishop on c4; the Pawn on b3 would take the
    // Marshal back (a Pawn may not take a same-bank Pawn, but a Marshal it may): not hanging.
    let p = pos(wey, "2m5/8/8/8/2B5/1P6/8/8 w - - 0 1");
    assert_eq!(term(&p, hanging(30)), 0);
    // Without the Pawn the Bishop hangs.
    let p = pos(wey, "2m5/8/8/8/2B5/8/8/8 w - - 0 1");
    assert!(near(term(&p, hanging(30)), -30));
    // The Pawns on c4 and d5 attack each other across the River, and whichever takes lands
    // as a Wazir (WEY-4): the Pawn on b3 could take that Wazir back on c4, so only d5 hangs.
    let p = pos(wey, "8/8/8/3p4/2P5/1P6/8/8 w - - 0 1");
    assert!(near(term(&p, hanging(30)), 30));
}
