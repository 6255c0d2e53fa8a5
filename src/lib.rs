//! Estuary: a chess-variant engine.
//!
//! Layers, one way: `types` → `variant` → `board` → `movegen` / `rules` (the rules core) →
//! `eval` / `search` → `notation` → `tools` → `protocol` → `main`. Nothing in the rules core
//! imports the engine; `tools` never imports `protocol`.

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
