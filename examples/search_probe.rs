//! `search_probe`: one search of one position through the library API, for benchmark scripts
//! (scripts/search-bench). Not part of the engine.
//!
//! ```text
//! cargo run --release --example search_probe -- <variant> '<FEN>' (--depth N | --movetime MS)
//!     [--threads N] [--hash MB] [--runs K] [--info]
//! ```
//!
//! `--info` prints the main thread's progress (one line per completed depth: depth, seldepth,
//! score, nodes, ms, hashfull, pv) on stderr.
//!
//! Each run starts from an empty table and fresh history (`Engine::new_game`) and is timed from
//! `search` to its result (thread start-up and table allocation are outside the timing). One
//! line per run on stdout:
//!
//! ```text
//! run <i> depth <D> nodes <N> ms <T> nps <R> best <move in UCI text> cpu_ms <C> wait_ms <W>
//! ```
//!
//! `cpu_ms` is the CPU time all threads of the process used during the search and `wait_ms` the
//! time they were ready to run but waited for a CPU (Linux `/proc/self/task/*/schedstat`; `-`
//! where that is unavailable). On a shared machine `wait_ms` tells whether other processes
//! took CPUs away from the search, and `nodes / cpu_ms` is a speed that does not depend on it.

use estuary::board::Position;
use estuary::notation::{move_text, Dialect};
use estuary::search::{Limits, Listener, SearchInfo, Silent};
use estuary::thread::{Engine, DEFAULT_HASH_MB};
use estuary::variant::builtin;
use estuary::variant::Variant;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// (CPU ns, run-queue wait ns) summed over the threads of this process, if the kernel says.
fn schedstat() -> Option<(u64, u64)> {
    let mut run = 0u64;
    let mut wait = 0u64;
    for entry in std::fs::read_dir("/proc/self/task").ok()? {
        let text = std::fs::read_to_string(entry.ok()?.path().join("schedstat")).ok()?;
        let mut f = text.split_whitespace().map(|x| x.parse::<u64>().ok());
        run += f.next()??;
        wait += f.next()??;
    }
    Some((run, wait))
}

const USAGE: &str = "usage: search_probe <variant> <FEN> (--depth N | --movetime MS) \
                     [--threads N] [--hash MB] [--runs K] [--info]";

struct Args {
    variant: String,
    fen: String,
    depth: Option<u32>,
    movetime: Option<u64>,
    threads: usize,
    hash: usize,
    runs: usize,
    info: bool,
}

/// Prints the progress lines on stderr.
struct Progress(&'static Variant);

impl Listener for Progress {
    fn info(&self, i: &SearchInfo) {
        let pv: Vec<String> =
            i.pv.iter()
                .map(|&m| move_text(self.0, m, Dialect::Uci))
                .collect();
        eprintln!(
            "info depth {} seldepth {} score {:?} nodes {} ms {} hashfull {} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.time_ms,
            i.hashfull,
            pv.join(" ")
        );
    }
}

fn parse() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut a = Args {
        variant: String::new(),
        fen: String::new(),
        depth: None,
        movetime: None,
        threads: 1,
        hash: DEFAULT_HASH_MB,
        runs: 1,
        info: false,
    };
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value"))
                .map(|s| s.trim().to_string())
        };
        match arg.as_str() {
            "--depth" => a.depth = Some(num(&value("--depth")?)?),
            "--movetime" => a.movetime = Some(num(&value("--movetime")?)?),
            "--threads" => a.threads = num(&value("--threads")?)?,
            "--hash" => a.hash = num(&value("--hash")?)?,
            "--runs" => a.runs = num(&value("--runs")?)?,
            "--info" => a.info = true,
            "-h" | "--help" => return Err(USAGE.into()),
            s if s.starts_with("--") => return Err(format!("unknown option {s}\n{USAGE}")),
            _ => positional.push(arg),
        }
    }
    if positional.len() != 2 {
        return Err(USAGE.into());
    }
    if a.depth.is_none() && a.movetime.is_none() {
        return Err(format!("give --depth or --movetime\n{USAGE}"));
    }
    a.fen = positional.pop().unwrap_or_default();
    a.variant = positional.pop().unwrap_or_default();
    Ok(a)
}

fn num<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("not a number: {s}"))
}

fn main() -> ExitCode {
    let a = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Some(v) = builtin::find(&a.variant) else {
        eprintln!("unknown variant {}", a.variant);
        return ExitCode::from(2);
    };
    let pos = match Position::from_fen(v, &a.fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine::new(a.threads, a.hash);
    for run in 1..=a.runs.max(1) {
        engine.new_game();
        let limits = Limits {
            depth: a.depth,
            movetime: a.movetime,
            ..Default::default()
        };
        let listener: Arc<dyn Listener> = if a.info {
            Arc::new(Progress(v))
        } else {
            Arc::new(Silent)
        };
        let s0 = schedstat();
        let t = Instant::now();
        let r = engine.search(&pos, limits, listener);
        let us = t.elapsed().as_micros() as u64;
        let s1 = schedstat();
        let ms = us as f64 / 1000.0;
        let (cpu, wait) = match (s0, s1) {
            (Some(a), Some(b)) => (
                format!("{:.1}", b.0.saturating_sub(a.0) as f64 / 1e6),
                format!("{:.1}", b.1.saturating_sub(a.1) as f64 / 1e6),
            ),
            _ => ("-".to_string(), "-".to_string()),
        };
        println!(
            "run {run} depth {} nodes {} ms {ms:.1} nps {} best {} cpu_ms {cpu} wait_ms {wait}",
            r.depth,
            r.nodes,
            r.nodes * 1_000_000 / us.max(1),
            move_text(v, r.best, Dialect::Uci)
        );
    }
    ExitCode::SUCCESS
}
