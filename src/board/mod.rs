//! The board layer: moves, positions with make/unmake, Zobrist keys, writing FEN.
//! It depends only on `types` and `variant`; nothing here knows rules, search or protocols.

pub mod moves;
pub mod position;
pub mod zobrist;

pub use crate::types::geometry;
pub use crate::types::{Cell, Piece, Square};
pub use moves::{Move, MoveKind, MoveList};
pub use position::Position;
