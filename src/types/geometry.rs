//! Board geometry: the padded mailbox every board of up to 12x12 squares lives in.
//!
//! A square is an index into a 16-wide, 19-high array: three rows of padding below and four
//! above the playing area, and four columns of padding at the start of each row (files sit at
//! columns 4..16), which also pad the right edge of the row before. Any leap of up to three files and three ranks from a playing square lands
//! either on another playing square or on padding, so move generation needs no bounds checks:
//! it only looks for the `OFFBOARD` marker.

use std::fmt;

/// Width of a mailbox row (playing files plus padding).
pub const STRIDE: i16 = 16;
/// Rows of padding below the playing area (one more lies above it).
pub const PAD_RANKS: i16 = 3;
/// Columns of padding at the start of each row.
pub const PAD_FILES: i16 = 4;
/// Largest board the mailbox holds.
pub const MAX_FILES: u8 = 12;
/// Largest board the mailbox holds.
pub const MAX_RANKS: u8 = 12;
/// Number of cells in the mailbox.
pub const BOARD_CELLS: usize =
    (STRIDE as usize) * (MAX_RANKS as usize + 2 * PAD_RANKS as usize + 1);

/// A mailbox index. Only squares built from a file and rank are on a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// Sentinel for "no square".
    pub const NONE: Square = Square(0);

    /// The square on `file` (0-based, a = 0) and `rank` (0-based, rank 1 = 0).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(((rank as i16 + PAD_RANKS) * STRIDE + file as i16 + PAD_FILES) as u16)
    }

    /// 0-based file. (Unsigned arithmetic: a mailbox index is never negative, and a signed
    /// division by the stride costs a sign correction on every call.)
    #[inline]
    pub const fn file(self) -> u8 {
        ((self.0 % STRIDE as u16) as u8).wrapping_sub(PAD_FILES as u8)
    }

    /// 0-based rank.
    #[inline]
    pub const fn rank(self) -> u8 {
        ((self.0 / STRIDE as u16) as u8).wrapping_sub(PAD_RANKS as u8)
    }

    /// The mailbox index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index of the square on a board of `files` files with no padding, rank by rank from
    /// a1: `rank * files + file` (what tables over the board's own squares use).
    #[inline]
    pub const fn dense_index(self, files: usize) -> usize {
        self.rank() as usize * files + self.file() as usize
    }

    /// The square `delta` cells away (the caller guarantees it stays inside the mailbox).
    #[inline]
    pub const fn offset(self, delta: i16) -> Square {
        Square((self.0 as i16 + delta) as u16)
    }

    /// The mailbox offset of a step of `dx` files and `dy` ranks.
    #[inline]
    pub const fn delta(dx: i8, dy: i8) -> i16 {
        dy as i16 * STRIDE + dx as i16
    }

    /// Is this the sentinel?
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return write!(f, "-");
        }
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            self.rank() as u32 + 1
        )
    }
}

/// Every square of a `files` x `ranks` board, rank 1 first.
pub fn squares(files: u8, ranks: u8) -> impl Iterator<Item = Square> {
    (0..ranks).flat_map(move |r| (0..files).map(move |f| Square::new(f, r)))
}

/// The (dx, dy) of a mailbox delta whose components are each at most 7 in size.
pub const fn split_delta(delta: i16) -> (i8, i8) {
    let mut dy = delta / STRIDE;
    let mut dx = delta % STRIDE;
    if dx > STRIDE / 2 {
        dx -= STRIDE;
        dy += 1;
    } else if dx < -(STRIDE / 2) {
        dx += STRIDE;
        dy -= 1;
    }
    (dx as i8, dy as i8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_round_trip() {
        for s in squares(12, 12) {
            assert_eq!(Square::new(s.file(), s.rank()), s);
        }
        // Every leap of up to 3x3 from a playing square stays inside the mailbox.
        for s in squares(12, 12) {
            for dx in -3..=3 {
                for dy in -3..=3 {
                    let t = s.0 as i16 + Square::delta(dx, dy);
                    assert!(t > 0 && (t as usize) < BOARD_CELLS);
                }
            }
        }
    }

    /// `dense_index` numbers the squares of each board size 0, 1, 2, ... in `squares` order.
    #[test]
    fn dense_index_counts_squares_in_order() {
        for (files, ranks) in [(8u8, 8u8), (10, 10), (8, 10), (12, 12)] {
            for (i, s) in squares(files, ranks).enumerate() {
                assert_eq!(s.dense_index(files as usize), i);
            }
        }
    }

    #[test]
    fn deltas_split_back() {
        for dx in -3..=3 {
            for dy in -3..=3 {
                assert_eq!(split_delta(Square::delta(dx, dy)), (dx, dy));
            }
        }
    }
}
