//! The vocabulary every layer shares: mailbox squares, pieces and cells, and the small ids
//! (army, seat, piece kind). Nothing here knows a game's rules; `variant` builds on it.

pub mod geometry;
pub mod piece;

pub use geometry::Square;
pub use piece::{Cell, Piece};
