//! One capture predicate: the attack tables (the fast path of `rules::attack`) must answer
//! exactly as walking every piece's board moves does (`rules::attack::by_walking`, the moves
//! the generator makes). Checked on every square (empty, enemy-held, own-held) of positions
//! along random playouts of every game plain enough for the tables, for both armies; and in
//! every game, "a capture the generator makes is an attack" and "a royal piece is in check
//! exactly when some enemy move captures it" (pseudo-legal, as FIDE defines check).

mod common;

use common::variant;
use estuary::board::{MoveKind, MoveList, Position, Square};
use estuary::rules::attack::{attacked, by_walking};
use estuary::rules::generate::{generate, Gen};
use estuary::rules::legal_moves;
use estuary::types::geometry::squares;
use estuary::types::Army;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions along random playouts from the start (fixed seed).
fn playout_positions(name: &str, seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let v = variant(name);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::startpos(v);
        for _ in 0..plies {
            if !common::random_step(&mut p, &mut rng) {
                break;
            }
            out.push(p.clone());
        }
    }
    out
}

#[test]
fn attack_tables_agree_with_walking_every_piece() {
    for name in ["normal", "twokingdoms", "mitregi", "flightferry"] {
        let v = variant(name);
        assert!(v.table_attacks, "{name} should use the attack tables");
        let mut checked = 0;
        for p in playout_positions(name, 11, 6, 120) {
            for sq in squares(v.files, v.ranks) {
                for by in Army::ALL {
                    let fast = attacked(&p, sq, by);
                    let slow = by_walking(&p, sq, by, None);
                    assert_eq!(
                        fast,
                        slow,
                        "{name}: {} attacked by army {by}: tables {fast}, walking {slow}\n{}",
                        estuary::notation::square(v, sq, estuary::notation::Dialect::Uci),
                        p.fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{name}: only {checked} checks");
    }
}

/// The squares the army to move captures on by its pseudo-legal moves (not e.p.: that captures
/// a piece on a square it does not move to, which no attack table describes).
fn capture_targets(p: &Position) -> Vec<Square> {
    let mut list = MoveList::new();
    generate(p, &mut list, Gen::All);
    list.iter()
        .filter(|m| m.kind() != MoveKind::EnPassant)
        .filter_map(|m| p.captured_square(m))
        .collect()
}

#[test]
fn every_generated_capture_is_an_attack_in_every_game() {
    for name in ["normal", "twokingdoms", "wey", "mitregi", "flightferry"] {
        for p in playout_positions(name, 5, 4, 100) {
            for sq in capture_targets(&p) {
                assert!(
                    attacked(&p, sq, p.army()),
                    "{name}: a capture on {sq:?} is not seen as an attack\n{}",
                    p.fen()
                );
            }
        }
    }
}

#[test]
fn a_king_is_in_check_exactly_when_an_enemy_move_would_capture_it() {
    for name in ["normal", "twokingdoms", "flightferry"] {
        for mut p in playout_positions(name, 9, 6, 120) {
            // Pass the turn: the side that just moved is to move again, so its captures of the
            // enemy king are generated (FIDE 3.9: check ignores the attacker's own safety).
            let victim = p.previous_army();
            p.make_null();
            let king = p.royal_square(victim);
            let can_take = capture_targets(&p).contains(&king);
            p.unmake_null();
            assert_eq!(
                estuary::rules::attack::army_in_check(&p, victim),
                can_take,
                "{name}\n{}",
                p.fen()
            );
        }
    }
}

/// Legality by pins (FIDE, Two Kingdoms, Mitregi, and Flight and Ferry while the King is off
/// the Ferries' ranks) must keep exactly the pseudo-legal moves that, played, leave no royal
/// piece attacked: checked along random playouts of every game, kings on Ferries included.
#[test]
fn legal_moves_are_the_moves_that_leave_the_king_safe_in_every_game() {
    for name in ["normal", "twokingdoms", "wey", "mitregi", "flightferry"] {
        for mut p in playout_positions(name, 21, 8, 160) {
            // A game won by capturing a set (Wey) has no moves left.
            if estuary::rules::victory::decided(&p).is_some() {
                continue;
            }
            let mut fast = MoveList::new();
            legal_moves(&mut p, &mut fast);
            let mut pseudo = MoveList::new();
            generate(&p, &mut pseudo, Gen::All);
            let us = p.army();
            let mut slow: Vec<_> = pseudo
                .iter()
                .filter(|&m| {
                    p.make(m);
                    let safe = !estuary::rules::attack::army_in_check(&p, us);
                    p.unmake();
                    safe
                })
                .collect();
            let mut fast: Vec<_> = fast.iter().collect();
            // The MIT-12 fallback adds moves only when nothing else is legal.
            if slow.is_empty() {
                continue;
            }
            fast.sort_by_key(|m| m.0);
            slow.sort_by_key(|m| m.0);
            assert_eq!(fast, slow, "{name}\n{}", p.fen());
        }
    }
}
