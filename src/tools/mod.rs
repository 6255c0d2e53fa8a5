//! Command-line tools: perft, bench, position pictures (`diagram`), the match runner
//! (`matches`) with its parts: engine processes on pipes (`engine`) and match statistics
//! (`match_stats`), and the evaluation tuner (`tune`).

pub mod bench;
pub mod diagram;
pub mod engine;
pub mod match_stats;
pub mod matches;
pub mod perft;
pub mod tune;
