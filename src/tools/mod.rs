//! Command-line tools: perft, variants listing (bench and the match runner join later).

pub mod bench;
pub mod match_stats;
pub mod perft;
