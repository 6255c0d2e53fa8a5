//! Who plays which game when: game pairs (pair `p` is games `2p` with A as White and `2p+1`
//! with B as White, on one opening), the pairs of this shard handed out to `--concurrency`
//! worker threads, each with its own two engine processes, kept across games and restarted
//! after one fails. Workers send finished games to the match's thread, which alone writes
//! files and prints.

use super::openings::{Opening, RandomOpenings};
use super::options::MatchOptions;
use super::pgn::GameRecord;
use super::referee::{self, Played};
use crate::tools::engine::{Engine, EngineSpec};
use crate::tools::match_stats::GameResult;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long an engine gets to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A finished game, from a worker.
pub struct Finished {
    /// 0-based game index in the whole match.
    pub game: u64,
    pub record: GameRecord,
    pub result_for_a: GameResult,
}

/// What workers share.
pub struct Shared {
    pub opts: MatchOptions,
    /// Engine names, as the handshake of the first start gave them (A, B).
    pub names: [String; 2],
    /// Openings from a file (pair `p` plays line `p` modulo their number), or none for
    /// random openings.
    pub openings: Option<Vec<Opening>>,
    /// Pairs still to play.
    pub queue: Mutex<VecDeque<u64>>,
    /// Raised when the match is over early (decided SPRT).
    pub stop: AtomicBool,
}

impl Shared {
    fn next_pair(&self) -> Option<u64> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front()
    }
}

/// Start an engine with the handshake timeout, keeping the name the match reports.
fn start(spec: &EngineSpec, name: &str, opts: &MatchOptions) -> Result<Engine, String> {
    let mut e = Engine::start(spec, opts.handshake_timeout).map_err(|e| e.to_string())?;
    e.name = name.to_string();
    Ok(e)
}

/// A game lost before a move because an engine could not be (re)started.
fn forfeit(
    shared: &Shared,
    game: u64,
    white: usize,
    loser: usize,
    why: &str,
    opening: &Opening,
) -> Finished {
    let colour = if loser == white { 0 } else { 1 };
    let side = ["White", "Black"][colour];
    let result = if colour == 0 { "0-1" } else { "1-0" };
    let pos = opening.position(shared.opts.variant);
    Finished {
        game,
        record: GameRecord {
            round: game + 1,
            white: shared.names[white].clone(),
            black: shared.names[1 - white].clone(),
            variant: shared.opts.variant.name.clone(),
            fen: opening.fen.clone(),
            first_move: (pos.fullmove(), pos.army() == crate::types::Army::WHITE),
            moves: Vec::new(),
            result: result.into(),
            termination: "abandoned",
            reason: format!("{side} cannot be started: {why}"),
            time_control: shared.opts.tc.pgn_tag(),
        },
        result_for_a: if loser == 0 {
            GameResult::Loss
        } else {
            GameResult::Win
        },
    }
}

/// One worker: takes pairs until none is left or the match stops. `engines` are already
/// running ones to reuse (the first worker gets the engines that were checked at start).
pub fn worker(shared: Arc<Shared>, tx: Sender<Finished>, mut engines: [Option<Engine>; 2]) {
    let opts = &shared.opts;
    let mut random = shared
        .openings
        .is_none()
        .then(|| RandomOpenings::new(opts.variant, opts.seed, opts.random_plies));
    while let Some(pair) = shared.next_pair() {
        let opening = match (&shared.openings, random.as_mut()) {
            (Some(list), _) => list[(pair % list.len() as u64) as usize].clone(),
            (None, Some(r)) => r.opening(pair),
            (None, None) => unreachable!("random openings exist without a file"),
        };
        for (white, game) in [(0usize, 2 * pair), (1, 2 * pair + 1)] {
            if game >= opts.games || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            let mut start_error = None;
            for (player, slot) in engines.iter_mut().enumerate() {
                if slot.is_none() {
                    match start(&opts.engines[player], &shared.names[player], opts) {
                        Ok(e) => *slot = Some(e),
                        Err(why) => start_error = Some((player, why)),
                    }
                }
            }
            if let Some((loser, why)) = start_error {
                let f = forfeit(&shared, game, white, loser, &why, &opening);
                if tx.send(f).is_err() {
                    return;
                }
                continue;
            }
            let [Some(a), Some(b)] = std::mem::take(&mut engines) else {
                unreachable!("both engines were started")
            };
            let mut pair_engines = [a, b];
            let played = referee::play(
                &mut pair_engines,
                white,
                &opening,
                game + 1,
                opts,
                &shared.stop,
            );
            let [a, b] = pair_engines;
            engines = [Some(a), Some(b)];
            let Some(Played {
                record,
                result_for_a,
                failed,
            }) = played
            else {
                break;
            };
            for (player, f) in failed.iter().enumerate() {
                if *f {
                    if let Some(e) = engines[player].take() {
                        e.quit(QUIT_GRACE);
                    }
                }
            }
            let finished = Finished {
                game,
                record,
                result_for_a,
            };
            if tx.send(finished).is_err() {
                break;
            }
        }
    }
    for e in engines.into_iter().flatten() {
        e.quit(QUIT_GRACE);
    }
}
