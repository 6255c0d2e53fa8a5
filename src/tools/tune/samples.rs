//! The positions the tuner fits: quiet positions of finished games, each labelled with the
//! game's result for the army to move (1 win, 1/2 draw, 0 loss), and their split into a
//! training set and a held-out set, by game.
//!
//! A position is kept when it is past the opening (`skip_plies`), the army to move is not in
//! check, it has a legal move, and no capture or promotion wins material by static exchange
//! (`search::see`): there the static evaluation is what a quiescence search would find, so the
//! evaluation is judged on what it sees, not on an exchange under way (Texel's method:
//! <https://www.chessprogramming.org/Texel%27s_Tuning_Method>).

use super::games::Game;
use crate::board::{MoveList, Position};
use crate::eval::EvalTables;
use crate::rules::{in_check, legal_moves};
use crate::search::movepick::is_noisy;
use crate::search::see::see_ge;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A labelled position.
pub struct Sample {
    /// The position, without history.
    pub pos: Position,
    /// The game's result for the army to move: 1, 1/2 or 0.
    pub score: f32,
    /// Index of its game (for the split).
    pub game: u32,
}

/// Why positions were left out, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    pub opening: usize,
    pub in_check: usize,
    /// A capture or promotion wins material by static exchange.
    pub noisy: usize,
}

/// The quiet positions of `games` (see the module's doc), in game order; `t` judges the
/// exchanges. Runs on the current rayon pool.
pub fn extract(games: &[Game], t: &EvalTables, skip_plies: usize) -> (Vec<Sample>, Skipped) {
    let per_game: Vec<(Vec<Sample>, Skipped)> = games
        .par_iter()
        .enumerate()
        .map(|(i, g)| extract_game(g, i as u32, t, skip_plies))
        .collect();
    let mut samples = Vec::new();
    let mut skipped = Skipped::default();
    for (s, k) in per_game {
        samples.extend(s);
        skipped.opening += k.opening;
        skipped.in_check += k.in_check;
        skipped.noisy += k.noisy;
    }
    (samples, skipped)
}

fn extract_game(g: &Game, index: u32, t: &EvalTables, skip_plies: usize) -> (Vec<Sample>, Skipped) {
    let mut out = Vec::new();
    let mut skipped = Skipped::default();
    let mut pos = g.start.clone();
    pos.clear_history();
    for (ply, &m) in g.moves.iter().enumerate() {
        if ply < skip_plies {
            skipped.opening += 1;
        } else if in_check(&pos) {
            skipped.in_check += 1;
        } else if !quiet(&mut pos, t) {
            skipped.noisy += 1;
        } else {
            out.push(Sample {
                pos: pos.clone(),
                score: g.score_of(pos.army()),
                game: index,
            });
        }
        pos.make(m);
        // Positions are kept without history: the evaluation does not look at it.
        pos.clear_history();
    }
    (out, skipped)
}

/// Has `pos` a legal move, and none that captures or promotes and wins material by SEE?
fn quiet(pos: &mut Position, t: &EvalTables) -> bool {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    !list.is_empty()
        && !list
            .iter()
            .any(|m| is_noisy(pos, m) && see_ge(pos, t, m, 1))
}

/// Split samples by game: the games of a seeded shuffle's first `holdout_percent` percent (at
/// least one game, and at least one left to train on) are held out. `None` when the samples
/// come from fewer than two games.
pub fn split(
    samples: Vec<Sample>,
    holdout_percent: u32,
    seed: u64,
) -> Option<(Vec<Sample>, Vec<Sample>)> {
    let mut games: Vec<u32> = samples.iter().map(|s| s.game).collect();
    games.dedup();
    if games.len() < 2 {
        return None;
    }
    games.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let n = (games.len() * holdout_percent as usize).div_ceil(100);
    let n = n.clamp(1, games.len() - 1);
    let mut held_games = games[..n].to_vec();
    held_games.sort_unstable();
    let (held, train): (Vec<Sample>, Vec<Sample>) = samples
        .into_iter()
        .partition(|s| held_games.binary_search(&s.game).is_ok());
    Some((train, held))
}
