//! Estuary: a chess-variant engine.
//!
//! Layers, one way: `variant` → `board` → `movegen` / `rules` (the rules core) → `search`
//! → `protocol` and `tools`. Nothing in the rules core imports the engine.

pub mod board;
pub mod cli;
pub mod movegen;
pub mod notation;
pub mod rules;
pub mod tools;
pub mod variant;
