//! Command-line tools: perft, bench, and the parts of the match runner: engine processes on
//! pipes (`engine`) and match statistics (`match_stats`).

pub mod bench;
pub mod engine;
pub mod match_stats;
pub mod perft;
