//! `estuary match`: engine against engine, every game refereed by Estuary's rules core, and
//! `estuary match-merge`, which adds up the results of a match's shards.
//!
//! Files, by concern:
//! - `options`: the command line, checked (time control, shard, adjudication);
//! - `openings`: openings from a file or seeded random balanced ones;
//! - `referee`: one game (legality, game end by rule, claims, clocks, failures);
//! - `scheduler`: game pairs, worker threads with their engines, restarts;
//! - `pgn`: SAN and the PGN of a finished game;
//! - `results`: the `--results` record and `match-merge`;
//! - `progress`: the indicatif bar on stderr.
//!
//! This module runs a match: it checks the input, starts both engines once to check their
//! handshake and that they play the game, hands out the work, and on its own thread writes
//! each finished game (PGN, results record), keeps the score and the SPRT, and prints the
//! final report on stdout in cutechess-cli's words (`crate::tools::match_stats`).

mod openings;
mod options;
mod pgn;
mod progress;
mod referee;
mod results;
mod scheduler;

pub use openings::{Opening, RandomOpenings};
pub use options::{parse_random_plies, MatchArgs, MatchOptions, Shard, TimeControl};
pub use pgn::{append as append_pgn, san, GameRecord, PlayedMove};

use crate::tools::engine::{Engine, EngineSpec, Proto};
use crate::tools::match_stats::{GameResult, SprtVerdict};
use results::{Header, Totals};
use scheduler::{Finished, Shared};
use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};

/// Exit code for bad input (arguments, files, engines that cannot play).
const BAD_INPUT: i32 = 2;
/// Exit code for a failure while the match runs (a file that cannot be written).
const RUN_ERROR: i32 = 1;

/// Start an engine to check it, with a message naming it when it cannot play.
fn check_engine(n: usize, spec: &EngineSpec, opts: &MatchOptions) -> Result<Engine, String> {
    let who = format!("engine {} ({})", n + 1, spec.cmd);
    let awaited = match spec.proto {
        Proto::Xboard => "feature done=1",
        Proto::Uci => "uciok",
    };
    let e = Engine::start(spec, opts.handshake_timeout).map_err(|e| match e {
        crate::tools::engine::EngineError::Spawn(why) => format!("{who} cannot be started: {why}"),
        other => format!("{who} did not complete its handshake ({awaited}): {other}"),
    })?;
    let v = opts.variant;
    let wanted = match spec.proto {
        Proto::Xboard => v.name.clone(),
        Proto::Uci => crate::notation::uci_name::uci_name(v),
    };
    let plays = if e.variants.is_empty() {
        v.name == "normal"
    } else {
        e.variants.contains(&wanted)
    };
    if !plays {
        let listed = if e.variants.is_empty() {
            "none, so FIDE chess only".to_string()
        } else {
            e.variants.join(", ")
        };
        return Err(format!(
            "{who} ({}) does not list the variant {wanted:?} (it lists: {listed})",
            e.name
        ));
    }
    Ok(e)
}

/// `estuary match`. Returns the exit code.
pub fn run(args: &MatchArgs) -> i32 {
    match prepare(args) {
        Ok((opts, engines, openings)) => play_match(opts, engines, openings),
        Err(e) => {
            eprintln!("error: {e}");
            BAD_INPUT
        }
    }
}

type Prepared = (MatchOptions, [Engine; 2], Option<Vec<Opening>>);

/// Check everything that can be checked before the first game.
fn prepare(args: &MatchArgs) -> Result<Prepared, String> {
    let opts = args.check()?;
    let openings = opts
        .openings
        .as_deref()
        .map(|p| openings::load(p, opts.variant))
        .transpose()?;
    let a = check_engine(0, &opts.engines[0], &opts)?;
    let b = check_engine(1, &opts.engines[1], &opts)?;
    let needs_fen = openings.iter().flatten().any(|o| o.fen.is_some());
    for (n, e) in [&a, &b].into_iter().enumerate() {
        if needs_fen && !e.setboard {
            return Err(format!(
                "engine {} ({}) cannot be given a position (no `feature setboard=1`), \
                 so it cannot play the openings of {}",
                n + 1,
                e.name,
                opts.openings
                    .as_deref()
                    .unwrap_or(std::path::Path::new("?"))
                    .display()
            ));
        }
    }
    Ok((opts, [a, b], openings))
}

fn play_match(opts: MatchOptions, engines: [Engine; 2], openings: Option<Vec<Opening>>) -> i32 {
    let names = [engines[0].name.clone(), engines[1].name.clone()];
    let pairs: VecDeque<u64> = (0..opts.games.div_ceil(2))
        .filter(|&p| opts.shard.has(p))
        .collect();
    let games_here: u64 = pairs
        .iter()
        .map(|&p| if 2 * p + 1 < opts.games { 2 } else { 1 })
        .sum();
    let mut results_file = match &opts.results {
        None => None,
        Some(path) => {
            let header = Header {
                first: names[0].clone(),
                second: names[1].clone(),
                variant: opts.variant.name.clone(),
                games: opts.games,
                seed: opts.seed,
                shard: opts.shard,
                sprt: sprt_text(&opts),
            };
            match results::Writer::create(path, &header) {
                Ok(w) => Some(w),
                Err(e) => {
                    eprintln!("error: cannot write results file {}: {e}", path.display());
                    return BAD_INPUT;
                }
            }
        }
    };
    let workers = opts.concurrency.min(pairs.len()).max(1);
    let shared = Arc::new(Shared {
        opts: opts.clone(),
        names: names.clone(),
        openings,
        queue: Mutex::new(pairs),
        stop: AtomicBool::new(false),
    });
    let (tx, rx) = channel::<Finished>();
    let mut handles = Vec::new();
    let mut first = Some(engines);
    for i in 0..workers {
        let shared = Arc::clone(&shared);
        let tx = tx.clone();
        let engines = match first.take() {
            Some([a, b]) => [Some(a), Some(b)],
            None => [None, None],
        };
        let handle = std::thread::Builder::new()
            .name(format!("match-worker-{i}"))
            .spawn(move || scheduler::worker(shared, tx, engines))
            .expect("spawn a match worker");
        handles.push(handle);
    }
    drop(tx);

    let progress = progress::Progress::new(games_here);
    let mut totals = Totals::default();
    let mut open_pairs: BTreeMap<u64, [Option<GameResult>; 2]> = BTreeMap::new();
    let mut code = 0;
    for f in rx.iter() {
        if shared.stop.load(Ordering::Relaxed) {
            continue;
        }
        let r = &f.record;
        progress.line(&format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            f.game + 1,
            r.white,
            r.black,
            r.result,
            r.reason
        ));
        if let Some(path) = &opts.pgn {
            if let Err(e) = pgn::append(path, r) {
                progress.line(&format!("error: cannot write PGN {}: {e}", path.display()));
                code = RUN_ERROR;
            }
        }
        totals.tally.record(f.result_for_a);
        let pair = f.game / 2;
        let slot = open_pairs.entry(pair).or_default();
        slot[(f.game % 2) as usize] = Some(f.result_for_a);
        let complete = slot.iter().all(Option::is_some) || 2 * pair + 1 >= opts.games;
        if complete {
            let games = *slot;
            open_pairs.remove(&pair);
            if let [Some(a), Some(b)] = games {
                totals.pentanomial.record_pair(a, b);
            }
            if let Some(w) = results_file.as_mut() {
                if let Err(e) = w.pair(pair, games) {
                    progress.line(&format!("error: cannot write results: {e}"));
                    code = RUN_ERROR;
                }
            }
        }
        let status = opts
            .sprt
            .map(|s| s.status(&totals.tally, &totals.pentanomial));
        progress.update(&totals.tally, status.as_ref());
        if status.is_some_and(|s| s.verdict != SprtVerdict::Continue) {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }
    for h in handles {
        let _ = h.join();
    }
    progress.finish();
    // Pairs cut short (a decided SPRT): their single games count in the score.
    for (pair, games) in open_pairs {
        if let Some(w) = results_file.as_mut() {
            if let Err(e) = w.pair(pair, games) {
                eprintln!("error: cannot write results: {e}");
                code = RUN_ERROR;
            }
        }
    }
    println!(
        "{}",
        results::report(&names[0], &names[1], &totals, opts.sprt.as_ref())
    );
    code
}

/// The `--sprt` text kept in the results record.
fn sprt_text(opts: &MatchOptions) -> Option<String> {
    opts.sprt.as_ref().map(|s| {
        format!(
            "elo0={},elo1={},alpha={},beta={}",
            s.elo0, s.elo1, s.alpha, s.beta
        )
    })
}

/// `estuary match-merge FILE...`. Returns the exit code.
pub fn merge(paths: &[PathBuf]) -> i32 {
    match results::merge(paths) {
        Ok(report) => {
            println!("{report}");
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            BAD_INPUT
        }
    }
}
