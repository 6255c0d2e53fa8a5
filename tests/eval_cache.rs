//! The search's evaluation cache (`eval::evaluate_cached`) answers exactly what the lazy
//! evaluation answers, window for window, whichever windows met the position before: random
//! playouts (fixed seeds) in every built-in game, each position evaluated under several windows
//! in a shuffled order, twice over.

mod common;

use estuary::board::{MoveList, Position};
use estuary::eval::{evaluate, evaluate_cached, evaluate_lazy, tables, EvalCache};
use estuary::rules::legal_moves;
use estuary::variant::builtin;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const PLIES: usize = 120;
const PLAYOUTS: u64 = 4;

#[test]
fn cached_evaluation_equals_lazy_evaluation_in_every_window() {
    for v in builtin::all() {
        let t = tables(v);
        let mut cache = EvalCache::new();
        let mut checked = 0usize;
        for seed in 0..PLAYOUTS {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = Position::startpos(v);
            for _ in 0..PLIES {
                let full = evaluate(&pos, &t);
                // Windows around the full score and far from it on both sides: some let the
                // cheap terms decide, some do not.
                let mut windows = vec![
                    (-i32::MAX, i32::MAX),
                    (full - 1, full + 1),
                    (full + 450, full + 451),
                    (full - 2000, full - 1999),
                    (full + 5000, full + 6000),
                    (full - 900, full - 300),
                ];
                for _ in 0..2 {
                    windows.shuffle(&mut rng);
                    for &(a, b) in &windows {
                        assert_eq!(
                            evaluate_cached(&pos, &t, a, b, &mut cache),
                            evaluate_lazy(&pos, &t, a, b),
                            "{}: {} window ({a}, {b})",
                            v.name,
                            pos.fen()
                        );
                        checked += 1;
                    }
                }
                if !common::random_step(&mut pos, &mut rng) {
                    break;
                }
            }
        }
        assert!(checked > 100, "{}: only {checked} evaluations", v.name);
    }
}

#[test]
fn a_cache_entry_belongs_to_its_position_only() {
    // Two different positions in turn through one cache: each gets its own score.
    for v in builtin::all() {
        let t = tables(v);
        let mut cache = EvalCache::new();
        let mut pos = Position::startpos(v);
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        let start = pos.clone();
        pos.make(list.as_slice()[0]);
        for _ in 0..3 {
            for p in [&start, &pos] {
                assert_eq!(
                    evaluate_cached(p, &t, -i32::MAX, i32::MAX, &mut cache),
                    evaluate(p, &t),
                    "{}",
                    v.name
                );
            }
        }
    }
}
