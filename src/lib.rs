//! Estuary: a chess-variant engine.
//!
//! Layers, one way: `variant` → `board` → `movegen` / `rules` (the rules core) → `search`
//! → `protocol` and `tools`. Nothing in the rules core imports the engine.

pub mod board;
pub mod cli;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod thread;
pub mod tools;
pub mod tt;
pub mod types;
pub mod variant;
