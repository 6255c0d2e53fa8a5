//! The board layer: geometry, pieces, moves, positions, Zobrist keys and FEN.
//! It depends only on `variant`; nothing here knows about search or protocols.

pub mod fen;
pub mod geometry;
pub mod moves;
pub mod piece;
pub mod position;
pub mod zobrist;

pub use geometry::Square;
pub use moves::{Move, MoveKind, MoveList};
pub use piece::{Cell, Piece};
pub use position::Position;
