//! `estuary`: command-line entry. Parses arguments and hands over; nothing else lives here.

use clap::{Parser, Subcommand};
use estuary::cli;

#[derive(Parser)]
#[command(
    name = "estuary",
    version,
    about = "A chess-variant engine (XBoard/CECP and UCI)"
)]
struct Args {
    /// Load more variant configs from this directory (also $ESTUARY_CONFIG_DIR).
    #[arg(long, global = true, env = "ESTUARY_CONFIG_DIR")]
    config_dir: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf nodes of the legal move tree.
    Perft {
        depth: u32,
        #[arg(long, default_value = "normal")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// One `move: count` line per root move.
        #[arg(long)]
        divide: bool,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Search a fixed set of positions; the node count is the search's signature.
    Bench {
        #[arg(default_value_t = estuary::tools::bench::DEFAULT_DEPTH)]
        depth: u32,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Play a match between two engines, every game refereed by Estuary's rules.
    Match(Box<estuary::tools::matches::MatchArgs>),
    /// Print the report of a match from the `--results` files of its shards.
    MatchMerge {
        /// Results files written by `estuary match --results`.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Fit a game's evaluation weights to the results of its games (Texel's method).
    Tune(Box<estuary::tools::tune::TuneArgs>),
    /// Draw a position of any game as SVG or PNG.
    Diagram {
        #[arg(long, default_value = "normal")]
        variant: String,
        /// The position (default: the game's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from that position, in UCI notation (`e2e4`, `P@e4`, `d5e6~`, `d5>a6`).
        #[arg(long, num_args = 1.., allow_hyphen_values = false)]
        moves: Vec<String>,
        /// Output file: `.svg` or `.png`.
        #[arg(short = 'o', long = "output")]
        output: std::path::PathBuf,
        /// Width of the picture in pixels (the height follows).
        #[arg(long)]
        size: Option<u32>,
        /// Rank 1 at the top.
        #[arg(long)]
        flip: bool,
    },
    /// List the known variants.
    Variants {
        /// Print this variant's config.
        #[arg(long)]
        show: Option<String>,
    },
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args = Args::parse();
    if let Some(dir) = &args.config_dir {
        if let Err(e) = estuary::variant::builtin::load_dir(dir) {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
    let code = match args.command {
        Some(Command::Perft {
            depth,
            variant,
            fen,
            divide,
            threads,
        }) => cli::perft(depth, &variant, fen.as_deref(), divide, threads),
        Some(Command::Bench {
            depth,
            threads,
            hash,
        }) => cli::bench(depth, threads, hash),
        Some(Command::Diagram {
            variant,
            fen,
            moves,
            output,
            size,
            flip,
        }) => cli::diagram(&variant, fen.as_deref(), &moves, &output, size, flip),
        Some(Command::Variants { show }) => cli::variants(show.as_deref()),
        Some(Command::Match(args)) => cli::play_match(&args),
        Some(Command::MatchMerge { files }) => cli::match_merge(&files),
        Some(Command::Tune(args)) => cli::tune(&args),
        None => cli::protocol_loop(),
    };
    std::process::exit(code);
}
