//! Static exchange evaluation (`search::see`): the exchange on a move's destination, with both
//! sides recapturing least valuable piece first and free to stop. FIDE chess is played here
//! with the classical values P 100, N 320, B 330, R 500, Q 950 (its config ships tuned ones,
//! which may change); other games with their configs' values.

use estuary::board::Position;
use estuary::eval::{tables, EvalTables};
use estuary::notation::{parse_move, Dialect};
use estuary::search::see::see_ge;
use estuary::variant::builtin;
use std::sync::Arc;

/// FIDE chess's tables with the classical piece values.
fn classical(v: &'static estuary::variant::Variant) -> EvalTables {
    let values: Vec<i32> = v
        .pieces
        .iter()
        .map(|p| match p.letter {
            'P' => 100,
            'N' => 320,
            'B' => 330,
            'R' => 500,
            'Q' => 950,
            _ => p.value,
        })
        .collect();
    EvalTables::new(v, &v.eval, &values)
}

/// The exchange value of `mv` lies in [lo, hi]: `see_ge` holds at lo and fails just above hi.
fn check(variant: &str, fen: &str, mv: &str, lo: i32, hi: i32) {
    let v = builtin::find(variant).unwrap();
    let mut pos = Position::from_fen(v, fen).unwrap();
    let m = parse_move(&mut pos, mv, Dialect::Uci).unwrap();
    let t = if variant == "normal" {
        Arc::new(classical(v))
    } else {
        tables(v)
    };
    assert!(see_ge(&pos, &t, m, lo), "{variant} {fen} {mv}: below {lo}");
    assert!(
        !see_ge(&pos, &t, m, hi + 1),
        "{variant} {fen} {mv}: above {hi}"
    );
}

#[test]
fn a_free_piece_is_won_whole() {
    // Rook takes an undefended Knight.
    check(
        "normal",
        "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
        "d1d5",
        320,
        320,
    );
}

#[test]
fn a_defended_piece_costs_the_capturer() {
    // Queen takes a Knight a pawn defends: +320 - 950.
    check(
        "normal",
        "4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1",
        "d1d5",
        -630,
        -630,
    );
    // Pawn takes the same Knight: the pawn is lost back, +220.
    check(
        "normal",
        "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1",
        "e4d5",
        220,
        220,
    );
}

#[test]
fn x_ray_attackers_join_the_exchange() {
    // Rook takes a Rook-defended pawn, the second Rook behind: R takes P, r takes R, R takes r:
    // +100 - 500 + 500 = +100.
    check(
        "normal",
        "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
        "d2d5",
        100,
        100,
    );
    // Without the second Rook the exchange loses 400.
    check(
        "normal",
        "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1",
        "d2d5",
        -400,
        -400,
    );
}

#[test]
fn the_capturer_may_stop() {
    // Knight takes a Rook defended by a pawn: +500 - 320, and Black gains nothing by going on.
    check(
        "normal",
        "4k3/8/4p3/3r4/8/4N3/8/4K3 w - - 0 1",
        "e3d5",
        180,
        180,
    );
}

#[test]
fn a_king_recaptures_only_an_undefended_piece() {
    // Queen takes a pawn next to the King; the Bishop behind defends the Queen: +100.
    check(
        "normal",
        "4k3/3p4/8/8/B7/8/8/3QK3 w - - 0 1",
        "d1d7",
        100,
        100,
    );
    check(
        "normal",
        "4k3/3p4/8/8/6B1/8/8/3QK3 w - - 0 1",
        "d1d7",
        100,
        100,
    );
    // Undefended Queen: the King takes it, 100 - 950.
    check(
        "normal",
        "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1",
        "d1d7",
        -850,
        -850,
    );
}

#[test]
fn quiet_moves_onto_attacked_squares_lose_the_piece() {
    // Knight to a square the pawn on e6 does not attack (it attacks d5 and f5): nothing lost.
    check("normal", "4k3/8/4p3/8/8/8/8/1N2K3 w - - 0 1", "b1c3", 0, 0);
    check("normal", "4k3/8/4p3/8/8/8/2N5/4K3 w - - 0 1", "c2d4", 0, 0);
    // Knight to d4, which the pawn on e5 attacks: the Knight is lost.
    check(
        "normal",
        "4k3/8/8/4p3/8/8/2N5/4K3 w - - 0 1",
        "c2d4",
        -320,
        -320,
    );
}

#[test]
fn two_kingdoms_compound_pieces_exchange_by_their_values() {
    // The same exchange on a 10x10 board: a Rook takes an undefended pawn and is safe: +100.
    check(
        "twokingdoms",
        "4k5/10/10/10/4p5/10/10/10/10/4R4K w - - 0 1",
        "e1e6",
        100,
        100,
    );
}

#[test]
fn a_promotion_gains_the_new_piece_less_the_pawn() {
    // Undefended: a Queen (+850), a Knight (+220).
    check(
        "normal",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b7b8q",
        850,
        850,
    );
    check(
        "normal",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b7b8n",
        220,
        220,
    );
    // Onto a square the Rook on a8 takes back: the Pawn is lost, -100.
    check(
        "normal",
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b7b8q",
        -100,
        -100,
    );
    // Taking that Rook instead: +500 + 850.
    check(
        "normal",
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b7a8q",
        1350,
        1350,
    );
}

#[test]
fn en_passant_counts_its_first_gain_only() {
    // The Pawn it takes, whether or not d6 is defended (e.p. is not exchanged further).
    check(
        "normal",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "e5d6",
        100,
        100,
    );
    check(
        "normal",
        "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "e5d6",
        100,
        100,
    );
}

#[test]
fn ferry_pass_through_exchanges_on_the_landing_square() {
    // FF-17: the Golddragon on c1 passes through the Welsh Pawn on the Ferry at c5 and lands
    // on c7: free (+100), or where the Pawn on d8 takes it back (+100 - 720).
    check(
        "flightferry",
        "4k3/8/8/8/4()3/2(p)5/8/8/8/2G1K3 w - - 0 1",
        "c1c7",
        100,
        100,
    );
    check(
        "flightferry",
        "4k3/8/3p4/8/4()3/2(p)5/8/8/8/2G1K3 w - - 0 1",
        "c1c7",
        -620,
        -620,
    );
}
