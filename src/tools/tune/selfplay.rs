//! Self-play games for the tuner: Estuary's own search (`thread::Engine`, one thread, a fixed
//! depth) plays both sides from a seeded random balanced opening (`tools::matches`'s
//! `RandomOpenings`, as `estuary match` makes them), until the rules end the game
//! (`rules::game_end`, claimable draws at once, as the match runner does) or `max_plies` is
//! reached (the game is then unfinished, `*`, and not used).
//!
//! Game `i` depends on the seed and `i` only: a new engine plays each game, so the games are
//! the same whatever the number of threads (rayon, one game per task).

use super::games::Game;
use crate::board::Position;
use crate::rules::{game_end, Outcome};
use crate::search::{Limits, Score, SearchResult, Silent};
use crate::thread::Engine as Searcher;
use crate::tools::engine::{Eval, MATE_CP};
use crate::tools::matches::{san, GameRecord, PlayedMove, RandomOpenings};
use crate::types::Army;
use crate::variant::Variant;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Transposition table of each game's engine, in MB.
const HASH_MB: usize = 16;

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub games: usize,
    pub depth: u32,
    pub seed: u64,
    /// A game still going after this many plies (the opening's included) is left unfinished.
    pub max_plies: usize,
    /// The random openings' plies are drawn from this range.
    pub random_plies: (u32, u32),
}

/// A game played: the game when it finished, and its record for the PGN.
pub struct Played {
    pub game: Option<Game>,
    pub record: GameRecord,
}

/// Play the games on the current rayon pool, in order of their number; a line on stderr
/// every tenth of the way.
pub fn generate(v: &'static Variant, sp: &SelfPlay) -> Vec<Played> {
    let done = AtomicUsize::new(0);
    let clock = Instant::now();
    let every = sp.games.div_ceil(10).max(1);
    (0..sp.games)
        .into_par_iter()
        .map(|i| {
            let p = play(v, sp, i);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(every) || n == sp.games {
                eprintln!(
                    "tune: played {n}/{} games ({:.0} s)",
                    sp.games,
                    clock.elapsed().as_secs_f64()
                );
            }
            p
        })
        .collect()
}

/// The engine's score as the PGN's move comment shows it.
fn eval_of(r: &SearchResult) -> Eval {
    match r.score {
        Score::Cp(cp) => Eval {
            cp,
            depth: r.depth,
            mate: None,
        },
        Score::MatePlies(_) => {
            let n = r.score.mate_moves().unwrap_or(0);
            Eval {
                cp: if n >= 0 { MATE_CP - n } else { -MATE_CP - n },
                depth: r.depth,
                mate: Some(n),
            }
        }
    }
}

/// Game number `i` (0-based).
fn play(v: &'static Variant, sp: &SelfPlay, i: usize) -> Played {
    let opening = RandomOpenings::new(v, sp.seed, sp.random_plies).opening(i as u64);
    let mut pos: Position = opening.position(v);
    let start = pos.clone();
    let name = format!("Estuary depth {}", sp.depth);
    let mut record = GameRecord {
        round: i as u64 + 1,
        white: name.clone(),
        black: name,
        variant: v.name.clone(),
        fen: opening.fen.clone(),
        first_move: (pos.fullmove(), pos.army() == Army::WHITE),
        moves: Vec::new(),
        result: "*".into(),
        termination: "unterminated",
        reason: String::new(),
        time_control: "-".into(),
    };
    let mut moves = Vec::new();
    for &m in &opening.moves {
        record.moves.push(PlayedMove {
            san: san(&mut pos, m),
            eval: None,
            time_ms: 0,
        });
        pos.make(m);
        moves.push(m);
    }
    let mut engine = Searcher::new(1, HASH_MB);
    let limits = Limits {
        depth: Some(sp.depth),
        ..Default::default()
    };
    let outcome = loop {
        if let Some(end) = game_end(&mut pos) {
            break Some(end.outcome);
        }
        if moves.len() >= sp.max_plies {
            break None;
        }
        let r = engine.search(&pos, limits.clone(), Arc::new(Silent));
        if r.best.is_none() {
            break None;
        }
        record.moves.push(PlayedMove {
            san: san(&mut pos, r.best),
            eval: Some(eval_of(&r)),
            time_ms: 0,
        });
        pos.make(r.best);
        moves.push(r.best);
    };
    let game = outcome.map(|o| {
        record.result = o.result_string().into();
        record.termination = "normal";
        record.reason = o.reason().to_string();
        Game {
            start,
            moves,
            white_score: match o {
                Outcome::Win {
                    army: Army::WHITE, ..
                } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            },
        }
    });
    if game.is_none() {
        record.reason = format!("Stopped after {} plies", sp.max_plies);
    }
    Played { game, record }
}
