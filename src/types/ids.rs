//! The small ids every layer passes around: the army (team) a piece or seat belongs to, the
//! seat (player) in the turn order, and the kind of a piece (index into the variant's piece
//! list). Each is one byte behind a newtype, so an army cannot be handed where a kind is meant;
//! the accessors are `const` and inline, so the types cost nothing at run time.
//!
//! These are ids only: what a seat plays for and how a kind moves is in `crate::variant`.

use std::fmt;

/// An army (team): 0 = White, 1 = Black. Every game has exactly two; a four-seat game seats
/// two players in each (MIT-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Army(pub u8);

impl Army {
    /// The army that moves first in FIDE (upper-case letters in FEN).
    pub const WHITE: Army = Army(0);
    /// The other army (lower-case letters in FEN).
    pub const BLACK: Army = Army(1);
    /// Both armies, White first.
    pub const ALL: [Army; 2] = [Army::WHITE, Army::BLACK];

    /// Index into per-army tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The other army: teams are always two.
    #[inline]
    pub const fn enemy(self) -> Army {
        Army(self.0 ^ 1)
    }
    /// Is this White (army 0)?
    #[inline]
    pub const fn is_white(self) -> bool {
        self.0 == 0
    }
}

impl From<Army> for u8 {
    #[inline]
    fn from(a: Army) -> u8 {
        a.0
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("white"),
            1 => f.write_str("black"),
            n => write!(f, "army {n}"),
        }
    }
}

impl fmt::Debug for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A seat (player): its index in the variant's turn order (`Variant::seats`), 0..4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// Index into per-seat tables (`Variant::seats`, Zobrist keys).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<Seat> for u8 {
    #[inline]
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A piece kind: index into the variant's piece list (`Variant::pieces`), 0..30.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(transparent)]
pub struct PieceKind(pub u8);

impl PieceKind {
    /// Index into per-kind tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The bit of this kind in a kind mask (`Variant::royal_mask`, `LeapAttack::kinds`, ...).
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }
    /// Is this kind in `mask`?
    #[inline]
    pub const fn in_mask(self, mask: u32) -> bool {
        mask >> self.0 & 1 != 0
    }
    /// The kinds of a mask, lowest first.
    #[inline]
    pub fn of_mask(mask: u32) -> impl Iterator<Item = PieceKind> {
        (0..32u8).filter(move |k| mask >> k & 1 != 0).map(PieceKind)
    }
}

impl From<PieceKind> for u8 {
    #[inline]
    fn from(k: PieceKind) -> u8 {
        k.0
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_index_and_mask() {
        assert_eq!(Army::WHITE.enemy(), Army::BLACK);
        assert_eq!(Army::BLACK.enemy(), Army::WHITE);
        assert_eq!(Army::ALL.map(Army::index), [0, 1]);
        assert_eq!(Army::BLACK.to_string(), "black");
        assert_eq!(Seat(3).index(), 3);
        let k = PieceKind(5);
        assert_eq!((k.index(), k.bit()), (5, 32));
        assert!(k.in_mask(0b10_0001) && !k.in_mask(0b1_1111));
        assert_eq!(
            PieceKind::of_mask(0b1001_0010).collect::<Vec<_>>(),
            [PieceKind(1), PieceKind(4), PieceKind(7)]
        );
    }
}
