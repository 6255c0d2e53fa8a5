//! The vocabulary every layer shares: mailbox squares, pieces and cells, and the small ids
//! (army, seat, piece kind). Nothing here knows a game's rules; `variant` builds on it.

pub mod geometry;
pub mod ids;
pub mod piece;

pub use geometry::Square;
pub use ids::{Army, PieceKind, Seat};
pub use piece::{Cell, Piece};
