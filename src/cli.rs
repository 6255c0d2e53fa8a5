//! The command-line tools' bodies (kept out of `main.rs`, which only parses arguments).

use crate::board::Position;
use crate::tools::perft;
use crate::variant::builtin;
use std::time::Instant;

/// `estuary perft`.
pub fn perft(depth: u32, variant: &str, fen: Option<&str>, divide: bool, threads: usize) -> i32 {
    let Some(v) = builtin::find(variant) else {
        eprintln!(
            "error: unknown variant {variant:?} (known: {})",
            builtin::names().join(", ")
        );
        return 2;
    };
    let pos = match fen {
        None => Position::startpos(v),
        Some(f) => match Position::from_fen(v, f) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: bad FEN for {variant}: {e}");
                return 2;
            }
        },
    };
    let start = Instant::now();
    let nodes = if divide || threads > 1 {
        let rows = perft::divide(&pos, depth.max(1), threads);
        if divide {
            for (m, n) in &rows {
                println!("{m}: {n}");
            }
        }
        if depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        }
    } else {
        let mut p = pos.clone();
        perft::perft(&mut p, depth)
    };
    let ms = start.elapsed().as_millis() as u64;
    let nps = nodes * 1000 / ms.max(1);
    println!("nodes {nodes} time_ms {ms} nps {nps}");
    0
}

/// `estuary bench`.
pub fn bench(depth: u32, threads: usize, hash: usize) -> i32 {
    match crate::tools::bench::run(depth, threads, hash) {
        Ok((nodes, nps)) => {
            println!("{nodes} nodes {nps} nps");
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

/// `estuary diagram`.
pub fn diagram(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
    output: &std::path::Path,
    size: Option<u32>,
    flip: bool,
) -> i32 {
    let opts = crate::tools::diagram::Options { flip, size };
    crate::tools::diagram::run(variant, fen, moves, output, &opts)
}

/// `estuary variants`.
pub fn variants(show: Option<&str>) -> i32 {
    if let Some(name) = show {
        return match builtin::find(name) {
            Some(v) => {
                print!("{}", v.source);
                0
            }
            None => {
                eprintln!("error: unknown variant {name:?}");
                2
            }
        };
    }
    for v in builtin::all() {
        println!("{:<14} {}x{}  {}", v.name, v.files, v.ranks, v.display_name);
    }
    0
}

/// `estuary match`.
pub fn play_match(args: &crate::tools::matches::MatchArgs) -> i32 {
    crate::tools::matches::run(args)
}

/// `estuary match-merge`.
pub fn match_merge(files: &[std::path::PathBuf]) -> i32 {
    crate::tools::matches::merge(files)
}

/// `estuary tune`.
pub fn tune(args: &crate::tools::tune::TuneArgs) -> i32 {
    crate::tools::tune::run(args)
}

/// No subcommand: speak the protocol chosen by the first command.
pub fn protocol_loop() -> i32 {
    crate::protocol::run()
}
