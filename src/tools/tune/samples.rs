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
use crate::variant::Variant;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

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

/// Write `samples` for a teacher engine: per line the game's index, the FEN and the label,
/// tab-separated (`estuary tune --dump-positions`).
pub fn write_positions(path: &Path, samples: &[Sample]) -> std::io::Result<()> {
    let mut text = String::new();
    for s in samples {
        let _ = writeln!(text, "{}\t{}\t{}", s.game, s.pos.fen(), s.score);
    }
    std::fs::write(path, text)
}

/// Positions scored by a teacher (`estuary tune --scored`), and how many games they come from.
pub struct Scored {
    pub samples: Vec<Sample>,
    pub games: usize,
}

/// The logistic function: a scaled evaluation as an expected result, as the fit predicts a
/// sample's score (`fit.rs`) and as a teacher's score becomes a label (`teacher_label`).
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The teacher's score (centipawns, army to move) as a result: `1 / (1 + 10^(-cp / 400))`,
/// the tuner's logistic at a scale of ln 10 / 400 per centipawn.
pub fn teacher_label(cp: i32) -> f32 {
    sigmoid(cp as f64 * std::f64::consts::LN_10 / 400.0) as f32
}

/// Read a `--scored` file: lines of `write_positions` with the teacher's score appended; each
/// label is `weight` x the teacher's (`teacher_label`) + (1 - `weight`) x the game's result.
/// A malformed line is an error naming it.
pub fn read_scored(v: &'static Variant, path: &Path, weight: f64) -> Result<Scored, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut samples = Vec::new();
    let mut games = std::collections::BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("{} line {}: {why}: {line:?}", path.display(), i + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, fen, result, cp] = fields[..] else {
            return Err(bad(
                "want 4 tab-separated fields (game, FEN, result, score)",
            ));
        };
        let game: u32 = game.parse().map_err(|_| bad("bad game index"))?;
        let result: f32 = result
            .parse()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| bad("bad result (want 0 to 1)"))?;
        let cp: i32 = cp
            .trim()
            .parse()
            .map_err(|_| bad("bad score (want centipawns)"))?;
        let pos = Position::from_fen(v, fen).map_err(|e| bad(&format!("bad FEN ({e})")))?;
        let score = (weight * teacher_label(cp) as f64 + (1.0 - weight) * result as f64) as f32;
        games.insert(game);
        samples.push(Sample { pos, score, game });
    }
    if samples.is_empty() {
        return Err(format!("{}: no scored positions", path.display()));
    }
    // The split wants each game's positions together.
    samples.sort_by_key(|s| s.game);
    Ok(Scored {
        samples,
        games: games.len(),
    })
}
