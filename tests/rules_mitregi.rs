//! Partnership Mitregi, rule by rule (`docs/rules/partnership-mitregi.md`, MIT-1..MIT-18),
//! played by the engine and checked against the independent reference generator of
//! `tests/mitregi_reference/` (no code shared with the engine). The hand-built positions here
//! are those of `tests/mitregi_reference_check.rs`, where each full move list is written out
//! by hand from the rules and checked on the reference; here the engine must give exactly the
//! reference's list, the same check status and the same FEN after every move. Beyond them:
//! every position of `tests/perft/mitregi.perft` and its children, and positions along random
//! games biased to captures and drops.

mod common;
mod mitregi_reference;

use common::variant;
use estuary::board::{MoveList, Position};
use estuary::notation::{move_text, parse_move, Dialect};
use estuary::rules::{in_check, legal_moves, outcome, Outcome};
use estuary::types::Army;
use mitregi_reference as reference;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

fn engine(fen: &str) -> Position {
    Position::from_fen(variant("mitregi"), fen)
        .unwrap_or_else(|e| panic!("engine refuses {fen}: {e}"))
}

fn engine_moves(p: &mut Position) -> BTreeSet<String> {
    let mut list = MoveList::new();
    legal_moves(p, &mut list);
    let v = p.variant();
    let out: BTreeSet<String> = list.iter().map(|m| move_text(v, m, Dialect::Uci)).collect();
    assert_eq!(out.len(), list.len(), "a move generated twice: {}", p.fen());
    out
}

/// Engine and reference agree on `fen`: the legal moves, check, the FEN read back.
#[track_caller]
fn agree(fen: &str) {
    let mut e = engine(fen);
    let r = reference::Position::from_fen(fen)
        .unwrap_or_else(|x| panic!("reference refuses {fen}: {x}"));
    let (em, rm) = (engine_moves(&mut e), r.move_texts());
    let missing: Vec<_> = rm.difference(&em).collect();
    let extra: Vec<_> = em.difference(&rm).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{fen}: engine lacks {missing:?}, has extra {extra:?}"
    );
    assert_eq!(in_check(&e), r.in_check(), "{fen}: check");
    assert_eq!(e.fen(), r.fen(), "FEN written back");
}

/// Agree on `fen`, then on each position after playing `line` (UCI moves).
#[track_caller]
fn agree_along(fen: &str, line: &[&str]) {
    agree(fen);
    let mut e = engine(fen);
    let mut r = reference::Position::from_fen(fen).unwrap();
    for m in line {
        let mv = parse_move(&mut e, m, Dialect::Uci).unwrap_or_else(|x| panic!("{m}: {x}"));
        e.make(mv);
        r = r.play_uci(m);
        assert_eq!(e.fen(), r.fen(), "after {m}");
        agree(&e.fen());
    }
}

fn fen(board: &str, seat: u32) -> String {
    format!("{board} {seat} [WS:|WN:|BS:|BN:] 0 1")
}

const START: &str =
    "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 0 1";

#[test]
fn mit_1_seats_move_in_figure_of_eight() {
    agree_along(START, &["a1a2", "h1h2", "e8e7", "d8d7", "a3a4", "e3e4"]);
    let mut p = engine(START);
    let seats: Vec<u8> = ["a1a2", "h1h2", "e8e7", "d8d7"]
        .iter()
        .map(|m| {
            let mv = parse_move(&mut p, m, Dialect::Uci).unwrap();
            p.make(mv);
            p.seat().0
        })
        .collect();
    assert_eq!(seats, [1, 2, 3, 0]);
}

#[test]
fn mit_2_a_wing_moved_by_each_partner_goes_opposite_ways() {
    agree_along(&fen("7k/8/8/8/2L5/7p/8/K7", 0), &["c4c6", "h3h4", "c6c5"]);
    agree(&fen("7k/8/2L5/8/8/7p/8/K7", 0));
}

#[test]
fn mit_3_a_move_must_start_or_end_on_the_movers_bank() {
    agree(&fen("7k/8/8/8/2L5/7p/8/K7", 2));
    agree(&fen("7k/8/8/8/8/8/8/K7", 3));
}

#[test]
fn mit_3a_pieces_come_back_from_the_other_bank() {
    agree(&fen("8/8/L4BR1/1W2K3/8/8/8/k7", 0));
}

#[test]
fn mit_4_king_rook_bishop_wazir() {
    agree(&fen("7k/8/8/8/3W4/8/8/R1B1K3", 0));
    agree(&fen("7k/8/8/8/3W4/8/8/R1B1K3", 2));
}

#[test]
fn mit_5_forward_only_pieces_for_each_seat() {
    agree(&fen("7k/8/8/8/8/8/8/KH2M1U1", 0));
    agree(&fen("KH2M1U1/8/8/8/8/8/8/7k", 2));
    agree(&fen("k7/8/8/8/8/8/8/7K", 1));
}

#[test]
fn mit_6_no_double_step() {
    agree(&fen("7k/8/8/8/8/P7/8/2K5", 0));
}

#[test]
fn mit_7_point_promotes_on_crossing_and_wazir_returns_as_point() {
    agree_along(
        &fen("7k/8/8/7P/3P4/8/6b1/K7", 0),
        &["d4d5w", "g2d5", "h5h4w"],
    );
}

#[test]
fn mit_8_capture_on_the_far_bank_fills_the_far_reserve() {
    agree_along(
        &fen("6k1/8/5h2/8/8/2B5/7p/K7", 0),
        &["c3f6", "h2h3", "f6e5", "g8h7"],
    );
    let mut p = engine(&fen("6k1/8/5h2/8/8/2B5/7p/K7", 0));
    let mv = parse_move(&mut p, "c3f6", Dialect::Uci).unwrap();
    p.make(mv);
    assert!(p.fen().contains("[WS:|WN:H|BS:|BN:]"), "{}", p.fen());
}

#[test]
fn mit_9_drops_of_each_kind_onto_each_bank() {
    for seat in 0..4 {
        agree(&format!(
            "7k/8/8/8/8/8/8/K7 {seat} [WS:RBPLHMU|WN:RBPLHMU|BS:rbplhmu|BN:rbplhmu] 0 1"
        ));
    }
    agree_along(
        "7k/8/8/8/8/8/8/K7 3 [WS:RBPLHMU|WN:RBPLHMU|BS:rbplhmu|BN:rbplhmu] 0 1",
        &["U@e5"],
    );
}

#[test]
fn mit_9_a_drop_may_give_mate() {
    let f = "8/8/8/8/8/8/5K2/7k 0 [WS:R|WN:|BS:|BN:] 0 1";
    agree_along(f, &["R@h3"]);
    let mut p = engine(f);
    let mv = parse_move(&mut p, "R@h3", Dialect::Uci).unwrap();
    p.make(mv);
    assert_eq!(
        outcome(&mut p).map(|o| o.result_string()),
        Some("1-0"),
        "the White team mates"
    );
}

#[test]
fn mit_10_enemy_seats_attack_with_their_own_forward_and_bank() {
    for board in [
        "7k/8/8/4p3/4K3/8/8/8",
        "7k/8/4K3/4p3/8/8/8/8",
        "7k/8/8/8/4K3/4p3/8/8",
        "7k/8/8/8/8/4p3/4K3/8",
        "7k/8/8/4K3/4p3/8/8/8",
        "7k/8/8/8/4p3/4K3/8/8",
        "7k/8/8/3h4/8/2K5/8/8",
        "7k/2K5/8/3h4/8/8/8/8",
        "7k/8/2K5/8/3h4/8/8/8",
        "7k/8/8/8/3h4/8/2K5/8",
        "7k/8/8/4K3/8/8/3u4/8",
        "7k/8/8/8/3u4/8/8/4K3",
        "7k/3l4/8/8/8/8/3K4/8",
        "7k/3K4/8/8/8/8/3l4/8",
        "7k/3l4/8/8/3P4/8/3K4/8",
        "3K3k/8/3l4/8/8/8/8/8",
        "7k/8/2m5/8/4K3/8/8/8",
        "7k/8/8/4K3/8/2m5/8/8",
        "7k/4K3/8/2m5/8/8/8/8",
        "7k/8/8/8/8/4m3/8/2K5",
        "7k/4r3/4K3/8/8/8/8/8",
        "7k/8/8/8/8/4r3/8/4K3",
        "7k/8/8/8/8/8/b7/K7",
        "7k/8/8/8/8/8/w7/K7",
        "8/8/8/8/8/8/1k6/K7",
    ] {
        agree(&fen(board, 0));
        agree(&fen(board, 2));
    }
    agree(&fen("7k/8/8/4p3/8/2pK4/8/8", 0));
}

#[test]
fn mit_10_no_move_lands_on_a_king() {
    agree(&fen("8/8/8/8/k7/8/8/R6K", 0));
}

#[test]
fn mit_11_moves_leave_the_king_out_of_check() {
    agree(&fen("4r2k/8/8/8/8/8/4B3/4K3", 0));
}

#[test]
fn mit_12_check_answered_only_by_a_fallback_move() {
    for reserves in ["[WS:|WN:|BS:|BN:]", "[WS:P|WN:R|BS:|BN:]"] {
        agree(&format!("K7/8/1R6/r7/8/8/8/7k 0 {reserves} 0 1"));
    }
    agree(&fen("K7/8/8/rH6/8/8/8/1r5k", 0));
    agree(&fen("K7/8/1R6/r7/8/8/3B4/7k", 0));
    agree(&fen("K7/8/1R6/2r5/8/8/8/7k", 0));
}

#[test]
fn mit_12_checkmate_when_the_fallback_fails_too() {
    let f = fen("K7/8/7L/r7/8/8/4P3/1r5k", 0);
    agree(&f);
    let mut p = engine(&f);
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Win {
            army: Army::BLACK,
            reason: "Black mates"
        })
    );
}

#[test]
fn mit_13_stalemate_does_not_use_the_fallback() {
    let f = fen("K7/8/8/2r5/8/8/8/7k", 0);
    agree(&f);
    let mut p = engine(&f);
    assert_eq!(outcome(&mut p).map(|o| o.result_string()), Some("1/2-1/2"));
}

#[test]
fn mit_14_draws_by_repetition_and_200_plies() {
    let v = variant("mitregi");
    assert_eq!(v.draws.move_rule_plies, 200);
    assert_eq!(v.draws.repetitions, 3);
    // 199 plies without capture, drop or Point move: not yet; one more King step: drawn.
    let mut p = engine("1R6/6r1/8/8/8/8/8/K6k 0 [WS:|WN:|BS:|BN:] 199 50");
    assert_eq!(outcome(&mut p), None);
    let mv = parse_move(&mut p, "a1a2", Dialect::Uci).unwrap();
    p.make(mv);
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Draw {
            reason: "move-count rule"
        })
    );
    // A drop resets the count.
    let mut p = engine("7k/8/8/8/8/8/8/K7 0 [WS:P|WN:|BS:|BN:] 150 50");
    let mv = parse_move(&mut p, "P@d3", Dialect::Uci).unwrap();
    p.make(mv);
    assert_eq!(p.halfmove(), 0);
    // Repetition: the same board, reserves and seat a third time.
    // Kings on the south bank, Rooks on the north bank: every seat has a piece to shuffle.
    let mut p = engine("1R6/6r1/8/8/8/8/8/K6k 0 [WS:|WN:|BS:|BN:] 0 1");
    let cycle = [
        "a1a2", "h1h2", "b8b7", "g7g6", "a2a1", "h2h1", "b7b8", "g6g7",
    ];
    for (i, m) in cycle.iter().cycle().take(16).enumerate() {
        assert!(outcome(&mut p).is_none(), "drawn too early, before ply {i}");
        let mv = parse_move(&mut p, m, Dialect::Uci).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Draw {
            reason: "3-fold repetition"
        })
    );
}

#[test]
fn mit_15_to_17_start_position_and_fen() {
    agree(START);
    let p = engine(START);
    assert_eq!(p.fen(), START);
    for bad in [
        "7k/8/8/8/8/8/8/K7 0 [WS:K|WN:|BS:|BN:] 0 1",
        "7k/8/8/8/8/8/8/K7 0 [WS:W|WN:|BS:|BN:] 0 1",
        "7k/8/8/8/8/8/8/K7 4 [WS:|WN:|BS:|BN:] 0 1",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
    ] {
        assert!(
            Position::from_fen(variant("mitregi"), bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn mit_18_the_alternative_pieces_are_not_in_the_main_game() {
    let v = variant("mitregi");
    let letters: String = v.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "KRBWPLHMU");
}

/// Every position of the perft file and every position one move later.
#[test]
fn engine_agrees_with_the_reference_on_every_perft_position_and_its_children() {
    let text = include_str!("perft/mitregi.perft");
    let mut n = 0;
    for line in text.lines() {
        let Some(f) = line.strip_prefix("fen ") else {
            continue;
        };
        agree(f);
        let r = reference::Position::from_fen(f).unwrap();
        for m in r.legal_moves() {
            agree(&r.play(&m).fen());
            n += 1;
        }
    }
    assert!(n > 500, "only {n} child positions");
}

/// Random games (fixed seeds), two moves in three a capture or a drop when there is one.
#[test]
fn engine_agrees_with_the_reference_along_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut positions = 0;
    for _ in 0..30 {
        let mut e = engine(START);
        for _ in 0..160 {
            let f = e.fen();
            agree(&f);
            positions += 1;
            let mut list = MoveList::new();
            legal_moves(&mut e, &mut list);
            if list.is_empty() {
                break;
            }
            let noisy: Vec<_> = list
                .iter()
                .filter(|&m| e.captured_square(m).is_some() || m.dropped().is_some())
                .collect();
            let m = if !noisy.is_empty() && rng.gen_range(0..3) < 2 {
                noisy[rng.gen_range(0..noisy.len())]
            } else {
                list.as_slice()[rng.gen_range(0..list.len())]
            };
            let key = e.key();
            e.make(m);
            // The incremental key equals the key of the position read from its FEN.
            assert_eq!(e.key(), engine(&e.fen()).key(), "{f} then {m:?}");
            e.unmake();
            assert_eq!((e.fen(), e.key()), (f.clone(), key));
            e.make(m);
        }
    }
    assert!(positions > 2000, "{positions}");
}
