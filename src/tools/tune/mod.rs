//! `estuary tune`: Texel-style tuning of a game's evaluation weights (the `[eval]` table and
//! the piece values) from the results of its own games.
//!
//! Files, by concern:
//! - `games`: the games, read from `estuary match --pgn` files;
//! - `selfplay`: or played here, Estuary against itself at a fixed depth;
//! - `samples`: the quiet positions of those games, labelled with the result, and their
//!   split into training and held-out positions;
//! - `fit`: the sigmoid's scale `K`, the loss, and the coordinate descent with early stopping;
//! - `snippet`: the answer as config text.
//!
//! This module checks the input, runs those steps in order, logs on stderr and prints the
//! snippet on stdout. Bad input (a missing or unreadable PGN, a PGN of another game, no
//! usable positions, bad flags) is a message on stderr and exit code 2, never a panic.

pub mod fit;
pub mod games;
pub mod samples;
pub mod selfplay;
pub mod snippet;

use crate::tools::matches::{append_pgn, parse_random_plies};
use crate::variant::{builtin, Variant};
use clap::Args;
use fit::{all_knobs, descend, fit_k, live_knobs, Options, Problem, Weights};
use games::Game;
use selfplay::SelfPlay;
use snippet::{snippet, Summary};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Exit code for bad input.
const BAD_INPUT: i32 = 2;
/// Exit code for a failure after the input was accepted (a file that cannot be written).
const RUN_ERROR: i32 = 1;

/// `estuary tune`: fit a game's evaluation weights to the results of its games.
#[derive(Args, Clone, Debug)]
#[command(group = clap::ArgGroup::new("data").required(true).args(["pgn", "generate", "scored"]))]
pub struct TuneArgs {
    /// The game, by its config name (`estuary variants`).
    #[arg(long, default_value = "normal")]
    pub variant: String,
    /// Games to learn from: a PGN file written by `estuary match --pgn` (repeat for more).
    #[arg(long, num_args = 1)]
    pub pgn: Vec<PathBuf>,
    /// Or play this many self-play games first (Estuary against itself at `--depth`, from
    /// seeded random balanced openings).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub generate: Option<u64>,
    /// Search depth of the self-play games [default: 4].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: Option<u32>,
    /// Write the self-play games to this PGN file (appended), to tune from again later.
    #[arg(long)]
    pub save_pgn: Option<PathBuf>,
    /// A self-play game still going after this many plies is left out [default: 400].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max_plies: Option<u64>,
    /// Plies of each random opening are drawn from this range, `MIN-MAX` [default: 4-8].
    #[arg(long)]
    pub random_plies: Option<String>,
    /// Seed of the random openings and of the training / held-out split.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads for the self-play games and the loss.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Plies at the start of each game whose positions are not used (the opening).
    #[arg(long, default_value_t = 10)]
    pub skip_plies: usize,
    /// Percent of the games whose positions are held out to measure the loss.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub holdout: u32,
    /// Most passes over the weights.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_passes: u64,
    /// Stop after this many passes without a better held-out loss.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..))]
    pub patience: u64,
    /// Pull toward the starting weights: this times the sum of each weight's squared change
    /// over its range (a piece value: over its starting value).
    #[arg(long, default_value_t = 0.001)]
    pub reg: f64,
    /// Tune the piece values only (not the `[eval]` weights).
    #[arg(long)]
    pub values_only: bool,
    /// Also write the snippet to this file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Instead of fitting, write the positions the fit would use to this file and stop: one
    /// line per position, its game's index, its FEN and the game's result for the army to
    /// move (1, 0.5, 0), tab-separated. A teacher engine can score them for `--scored`
    /// (`scripts/teacher-score`).
    #[arg(long)]
    pub dump_positions: Option<PathBuf>,
    /// Or learn from positions scored by a teacher engine: lines of `--dump-positions` with
    /// the teacher's score appended (centipawns, army to move). A position's label is then
    /// `1 / (1 + 10^(-score / 400))`, mixed with its game's result by `--teacher-weight`.
    #[arg(long)]
    pub scored: Option<PathBuf>,
    /// With `--scored`: the teacher's share of each label, 0 to 1 (the rest is the game's
    /// result) [default: 1].
    #[arg(long)]
    pub teacher_weight: Option<f64>,
}

/// Why the tuner stopped early: bad input (exit 2) or a failure after it (exit 1).
enum Failure {
    BadInput(String),
    Run(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::BadInput(s)
    }
}

/// `estuary tune`. Returns the exit code.
pub fn run(args: &TuneArgs) -> i32 {
    match tune(args) {
        Ok(()) => 0,
        Err(Failure::BadInput(e)) => {
            eprintln!("error: {e}");
            BAD_INPUT
        }
        Err(Failure::Run(e)) => {
            eprintln!("error: {e}");
            RUN_ERROR
        }
    }
}

/// A file's directory must exist before hours are spent on what will go in it.
fn check_writable(path: &Path, what: &str) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    match dir {
        Some(d) if !d.is_dir() => Err(format!(
            "{what} {}: no directory {}",
            path.display(),
            d.display()
        )),
        _ if path.is_dir() => Err(format!("{what} {} is a directory", path.display())),
        _ => Ok(()),
    }
}

fn tune(args: &TuneArgs) -> Result<(), Failure> {
    let v = builtin::find(&args.variant).ok_or_else(|| {
        format!(
            "unknown variant {:?} (known: {})",
            args.variant,
            builtin::names().join(", ")
        )
    })?;
    let teacher_weight = args.teacher_weight.unwrap_or(1.0);
    if !(0.0..=1.0).contains(&teacher_weight) {
        return Err(
            format!("bad --teacher-weight {teacher_weight}: want a number from 0 to 1").into(),
        );
    }
    if args.teacher_weight.is_some() && args.scored.is_none() {
        return Err(Failure::BadInput(
            "--teacher-weight weighs the labels of --scored: it needs --scored".into(),
        ));
    }
    if args.scored.is_some() && args.dump_positions.is_some() {
        return Err(Failure::BadInput(
            "--dump-positions writes what --scored reads: give one of them".into(),
        ));
    }
    if !(args.reg >= 0.0 && args.reg.is_finite()) {
        return Err(format!("bad --reg {}: want a number >= 0", args.reg).into());
    }
    if let Some(out) = &args.out {
        check_writable(out, "--out")?;
    }
    if let Some(p) = &args.save_pgn {
        check_writable(p, "--save-pgn")?;
    }
    if let Some(p) = &args.dump_positions {
        check_writable(p, "--dump-positions")?;
    }
    let self_play_only = [
        ("--depth", args.depth.is_some()),
        ("--save-pgn", args.save_pgn.is_some()),
        ("--max-plies", args.max_plies.is_some()),
        ("--random-plies", args.random_plies.is_some()),
    ];
    if let (None, Some((flag, _))) = (args.generate, self_play_only.iter().find(|f| f.1)) {
        return Err(format!("{flag} is for self-play games: it needs --generate").into());
    }
    let random_plies = parse_random_plies(args.random_plies.as_deref().unwrap_or("4-8"))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| Failure::Run(format!("cannot start {} threads: {e}", args.threads)))?;
    pool.install(|| {
        if let Some(path) = &args.scored {
            let read = samples::read_scored(v, path, teacher_weight)?;
            eprintln!(
                "tune: {}: {} scored positions from {} games",
                path.display(),
                read.samples.len(),
                read.games
            );
            return fit_samples(v, args, read.samples, read.games);
        }
        let games = match args.generate {
            Some(n) => self_play(v, args, n as usize, random_plies)?,
            None => read_games(v, &args.pgn)?,
        };
        fit_games(v, args, &games)
    })
}

/// The finished games of the PGN files.
fn read_games(v: &'static Variant, files: &[PathBuf]) -> Result<Vec<Game>, Failure> {
    let mut all = Vec::new();
    for f in files {
        let read = games::read_pgn(f, v)?;
        eprintln!(
            "tune: {}: {} finished games ({} unfinished left out)",
            f.display(),
            read.games.len(),
            read.unfinished
        );
        all.extend(read.games);
    }
    Ok(all)
}

/// Play the self-play games (and save them when asked).
fn self_play(
    v: &'static Variant,
    args: &TuneArgs,
    n: usize,
    random_plies: (u32, u32),
) -> Result<Vec<Game>, Failure> {
    let sp = SelfPlay {
        games: n,
        depth: args.depth.unwrap_or(4),
        seed: args.seed,
        max_plies: args.max_plies.unwrap_or(400) as usize,
        random_plies,
    };
    eprintln!(
        "tune: playing {n} games of {} at depth {} ({} threads)",
        v.name, sp.depth, args.threads
    );
    let played = selfplay::generate(v, &sp);
    if let Some(path) = &args.save_pgn {
        for p in &played {
            append_pgn(path, &p.record)
                .map_err(|e| Failure::Run(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    let games: Vec<Game> = played.into_iter().filter_map(|p| p.game).collect();
    eprintln!(
        "tune: {} finished games ({} stopped at {} plies left out)",
        games.len(),
        n - games.len(),
        sp.max_plies
    );
    Ok(games)
}

/// Extract the positions, then dump them (`--dump-positions`) or fit them.
fn fit_games(v: &'static Variant, args: &TuneArgs, games: &[Game]) -> Result<(), Failure> {
    let clock = Instant::now();
    let (all, skipped) = samples::extract(games, &Weights::of(v).tables(v), args.skip_plies);
    eprintln!(
        "tune: {} positions from {} games (left out: {} opening, {} in check, {} with a \
         winning capture) ({:.1} s)",
        all.len(),
        games.len(),
        skipped.opening,
        skipped.in_check,
        skipped.noisy,
        clock.elapsed().as_secs_f64()
    );
    if all.is_empty() {
        return Err(format!(
            "no usable positions in {} games of {} (quiet positions past the first {} plies)",
            games.len(),
            v.name,
            args.skip_plies
        )
        .into());
    }
    if let Some(path) = &args.dump_positions {
        samples::write_positions(path, &all)
            .map_err(|e| Failure::Run(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("tune: wrote {} positions to {}", all.len(), path.display());
        return Ok(());
    }
    fit_samples(v, args, all, games.len())
}

/// Split, fit `K`, descend, print.
fn fit_samples(
    v: &'static Variant,
    args: &TuneArgs,
    all: Vec<samples::Sample>,
    games: usize,
) -> Result<(), Failure> {
    let start = Weights::of(v);
    let (train, held) = samples::split(all, args.holdout, args.seed).ok_or_else(|| {
        Failure::BadInput(
            "the usable positions come from one game only: the held-out set needs another".into(),
        )
    })?;
    let k = fit_k(&fit::evals(&train, &start.tables(v)));
    let mut knobs = all_knobs(v);
    if args.values_only {
        knobs.retain(|k| matches!(k, fit::Knob::Value(_)));
    }
    let knobs = live_knobs(v, &train, &start, &knobs);
    eprintln!(
        "tune: {} training and {} held-out positions; K = {k:.6}; tuning {}",
        train.len(),
        held.len(),
        knobs
            .iter()
            .map(|kn| kn.name(v))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let problem = Problem {
        variant: v,
        train: &train,
        held: &held,
        k,
    };
    let opts = Options {
        max_passes: args.max_passes as usize,
        patience: args.patience as usize,
        reg: args.reg,
    };
    let fitted = descend(&problem, &start, &knobs, &opts, |p| {
        eprintln!(
            "tune: pass {:>2}: training loss {:.6}, held-out loss {:.6}, {} weights moved ({:.1} s)",
            p.number, p.train, p.held_out, p.moved, p.seconds
        );
    });
    let text = snippet(
        v,
        &fitted,
        &knobs,
        &Summary {
            games,
            train_positions: train.len(),
            held_positions: held.len(),
            k,
        },
    );
    print!("{text}");
    if let Some(out) = &args.out {
        std::fs::write(out, &text)
            .map_err(|e| Failure::Run(format!("cannot write {}: {e}", out.display())))?;
    }
    Ok(())
}
