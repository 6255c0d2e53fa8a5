//! The diagram's colours, in one place.

/// Light and dark squares.
pub const LIGHT: &str = "#f0d9b5";
pub const DARK: &str = "#b58863";
/// The frame round the board.
pub const BORDER: &str = "#5c4326";
/// Text, outlines and Black's pieces.
pub const INK: &str = "#1a1a1a";
/// White's pieces.
pub const WHITE_PIECE: &str = "#ffffff";
/// Faint text.
pub const FAINT: &str = "#6b6b6b";
/// The River and the channel.
pub const WATER: &str = "#2a74c9";
/// A Ferry's hull and its outline.
pub const FERRY: &str = "#c08a4a";
pub const FERRY_EDGE: &str = "#5a3a1a";
/// Squares of the last move.
pub const HIGHLIGHT: &str = "#f4f05a";
/// The last move's arrow: an ordinary move, a Ride, a Send, a drop.
pub const ARROW: &str = "#1f8f3a";
pub const RIDE_ARROW: &str = "#b5651d";
pub const SEND_ARROW: &str = "#8a5a2b";
pub const DROP_ARROW: &str = "#7b3fb5";
/// The mark on a captured piece's square when it is not the destination.
pub const CAPTURE: &str = "#c62828";
/// The row of the seat to move.
pub const TO_MOVE: &str = "#ffe680";
