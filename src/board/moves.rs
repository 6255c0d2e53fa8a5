//! `Move`: a compact 32-bit move value.
//!
//! Layout (low bit first):
//! ```text
//!  bits 0..9   from square (mailbox index; unused for drops)
//!  bits 9..18  to square
//!  bits 18..22 kind (`MoveKind`, 4 bits: room for the carrier moves of Flight and Ferry)
//!  bits 22..27 promotion or dropped kind + 1 (0 = none)
//! ```
//! `Move::BITS` bits in all; the transposition table stores them whole. Kind codes that name no
//! kind decode as `MoveKind::Invalid`, which no generator produces, so a corrupted move (a hash
//! collision) can never be read as a real one.
//! Text forms live in `crate::notation`, once for every protocol.

use crate::types::geometry::Square;
use crate::types::PieceKind;
use std::fmt;
use std::mem::MaybeUninit;

/// What a move does beyond moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    /// An initial multi-square advance of an e.p. piece: passed squares may become e.p. squares.
    MultiStep = 1,
    EnPassant = 2,
    CastleKing = 3,
    CastleQueen = 4,
    /// A piece from a reserve onto an empty square (MIT-9); `promotion()` is the dropped kind.
    Drop = 5,
    /// The piece on the carrier at `from` moves with its carrier to `to`, capturing what
    /// stands there (FF-11).
    Ride = 6,
    /// The carrier under the piece on `from` goes to `to`; the piece stays, and a piece on
    /// `to` is now on the carrier (FF-13).
    Send = 7,
    /// A line move that captures the first piece on its way, which stands on a carrier
    /// (FF-17).
    PassThrough = 8,
    /// A move to an empty square that captures the piece on a carrier beyond it (FF-18).
    Beyond = 9,
    /// A code that names no kind: never generated, never legal.
    Invalid = 15,
}

impl MoveKind {
    /// Decode the 4-bit field: every code maps to exactly one kind, unknown codes to `Invalid`.
    #[inline]
    pub const fn from_bits(bits: u32) -> MoveKind {
        match bits & 15 {
            0 => MoveKind::Normal,
            1 => MoveKind::MultiStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::CastleKing,
            4 => MoveKind::CastleQueen,
            5 => MoveKind::Drop,
            6 => MoveKind::Ride,
            7 => MoveKind::Send,
            8 => MoveKind::PassThrough,
            9 => MoveKind::Beyond,
            _ => MoveKind::Invalid,
        }
    }
}

/// A move. `Move::NONE` (0) is no move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u32);

impl Move {
    pub const NONE: Move = Move(0);
    /// Bits a move uses.
    pub const BITS: u32 = 27;

    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.0 as u32 | (to.0 as u32) << 9 | (kind as u32) << 18)
    }
    #[inline]
    pub const fn with_promotion(
        from: Square,
        to: Square,
        kind: MoveKind,
        promo: PieceKind,
    ) -> Move {
        Move(Move::new(from, to, kind).0 | (promo.0 as u32 + 1) << 22)
    }
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move((to.0 as u32) << 9 | (MoveKind::Drop as u32) << 18 | (kind.0 as u32 + 1) << 22)
    }
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 0x1FF) as u16)
    }
    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 9 & 0x1FF) as u16)
    }
    #[inline]
    pub const fn kind(self) -> MoveKind {
        MoveKind::from_bits(self.0 >> 18)
    }
    /// Promotion kind (or dropped kind for drops).
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        let p = self.0 >> 22 & 31;
        if p == 0 {
            None
        } else {
            Some(PieceKind(p as u8 - 1))
        }
    }
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
    /// The dropped kind, for a drop.
    #[inline]
    pub const fn dropped(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::Drop => self.promotion(),
            _ => None,
        }
    }
    /// The kind a moving piece becomes, for a board move that promotes.
    #[inline]
    pub const fn promotes_to(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::Drop => None,
            _ => self.promotion(),
        }
    }
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::CastleKing | MoveKind::CastleQueen)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return write!(f, "Move::NONE");
        }
        write!(f, "{:?}{:?}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "={}", p.0)?;
        }
        if self.kind() != MoveKind::Normal {
            write!(f, "({:?})", self.kind())?;
        }
        Ok(())
    }
}

/// Longest move list a position can produce.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity move list (no allocation in the hot path). Its storage is left
/// uninitialised until pushed to: clearing 2 KiB at every node of a perft cost a sixth of the
/// time in Partnership Mitregi (callgrind).
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }
    #[inline]
    pub fn push(&mut self, m: Move) {
        // A position can never exceed MAX_MOVES on a 12x12 board with 30 kinds in practice;
        // dropping the excess keeps the generator panic-free if a user config does.
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: `push` is the only writer, and it initialises `moves[len]` before counting
        // it, so the first `len` elements are initialised; `MaybeUninit<Move>` has the layout
        // of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
    /// Keep only the moves for which `f` holds.
    #[inline]
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        let moves = self.as_mut_slice();
        for i in 0..moves.len() {
            let m = moves[i];
            if f(m) {
                moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
    #[inline]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let (a, b) = (Square::new(4, 1), Square::new(11, 11));
        let m = Move::with_promotion(a, b, MoveKind::Normal, PieceKind(29));
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promotion()),
            (a, b, MoveKind::Normal, Some(PieceKind(29)))
        );
        let d = Move::drop(PieceKind(3), b);
        assert_eq!(
            (d.to(), d.kind(), d.promotion()),
            (b, MoveKind::Drop, Some(PieceKind(3)))
        );
        assert_eq!(
            Move::new(a, b, MoveKind::CastleQueen).kind(),
            MoveKind::CastleQueen
        );
        assert!(m.0 < 1 << Move::BITS && d.0 < 1 << Move::BITS);
    }

    #[test]
    fn every_kind_code_decodes_to_itself_or_invalid() {
        for code in 0..16u32 {
            let k = MoveKind::from_bits(code);
            assert!(k as u32 == code || k == MoveKind::Invalid, "code {code}");
        }
        // A code no kind has is never read as a drop (the old 3-bit decode did that).
        assert_eq!(MoveKind::from_bits(10), MoveKind::Invalid);
        assert_eq!(Move(13 << 18).kind(), MoveKind::Invalid);
        assert_eq!(MoveKind::from_bits(6), MoveKind::Ride);
    }
}
