//! Command-line tools: perft, bench, position pictures (`diagram`), and the match runner
//! (`matches`) with its parts: engine processes on pipes (`engine`) and match statistics
//! (`match_stats`).

pub mod bench;
pub mod diagram;
pub mod engine;
pub mod match_stats;
pub mod matches;
pub mod perft;
