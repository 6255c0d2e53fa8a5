//! Perft: count the leaf nodes of the legal move tree (bulk-counted at the last ply), with a
//! per-root-move divide and an optional rayon split of the root moves.

use crate::board::{MoveList, Position};
use crate::notation::{move_text, Dialect};
use crate::rules::legal_moves;
use rayon::prelude::*;

/// Leaf count at `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for m in list.iter() {
        pos.make(m);
        n += perft(pos, depth - 1);
        pos.unmake();
    }
    n
}

/// Per-root-move counts (UCI move text), in generation order; parallel over root moves when
/// `threads` > 1.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let mut root = pos.clone();
    let mut list = MoveList::new();
    legal_moves(&mut root, &mut list);
    let v = pos.variant();
    let moves: Vec<_> = list.iter().collect();
    let count = |m| {
        let mut p = pos.clone();
        p.make(m);
        let n = if depth <= 1 {
            1
        } else {
            perft(&mut p, depth - 1)
        };
        (move_text(v, m, Dialect::Uci), n)
    };
    if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        pool.install(|| moves.par_iter().map(|&m| count(m)).collect())
    } else {
        moves.into_iter().map(count).collect()
    }
}
