//! Pieces and board cells as single bytes.

use super::ids::{Army, PieceKind};
use std::fmt;

/// A piece: an army and a kind (index into the variant's piece list).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// Largest encoded value + 1 (size of per-piece tables).
    pub const CODES: usize = 64;

    #[inline]
    pub const fn new(army: Army, kind: PieceKind) -> Piece {
        Piece(1 + army.0 * 32 + kind.0)
    }
    #[inline]
    pub const fn army(self) -> Army {
        Army((self.0 - 1) >> 5)
    }
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind((self.0 - 1) & 31)
    }
    /// Dense code, 1..CODES.
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece(army {}, kind {})", self.army().0, self.kind().0)
    }
}

/// The content of one mailbox cell: empty, off the board, or a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub const OFF: Cell = Cell(0xFF);

    #[inline]
    pub const fn from_piece(p: Piece) -> Cell {
        Cell(p.0)
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn is_off(self) -> bool {
        self.0 == 0xFF
    }
    /// A piece (neither empty nor off the board)?
    #[inline]
    pub const fn is_piece(self) -> bool {
        self.0 != 0 && self.0 != 0xFF
    }
    #[inline]
    pub const fn piece(self) -> Option<Piece> {
        if self.is_piece() {
            Some(Piece(self.0))
        } else {
            None
        }
    }
    /// The piece, when the caller knows there is one.
    #[inline]
    pub const fn piece_unchecked(self) -> Piece {
        Piece(self.0)
    }
    /// Is there a piece of `army` here?
    #[inline]
    pub const fn is_army(self, army: Army) -> bool {
        // The codes of `army`'s pieces are 1 + 32 * army + kind, kind < 32: one unsigned
        // comparison, which EMPTY (0) and OFF (0xFF) fail as well.
        self.0.wrapping_sub(1 + (army.0 << 5)) < 32
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.piece() {
            Some(p) => p.fmt(f),
            None if self.is_off() => write!(f, "Off"),
            None => write!(f, "Empty"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_army_matches_the_decoded_army_for_every_byte() {
        for byte in 0..=u8::MAX {
            let c = Cell(byte);
            for army in Army::ALL {
                let want = c.is_piece() && c.piece_unchecked().army() == army;
                assert_eq!(c.is_army(army), want, "cell {byte}, army {}", army.0);
            }
        }
    }
}
