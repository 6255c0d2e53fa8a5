//! Seats that play from a bank of the River (Partnership Mitregi: MIT-3, MIT-3a, MIT-10,
//! MIT-12). A seat's board move must start or end on its own bank; a move from the other bank
//! back to its own is open only to the kinds the config lists (MIT-3a). The same filter holds
//! for attacks (`moves.rs`), so an enemy seat gives check only by a move it could make
//! (MIT-10). When the army to move is in check and has no legal move, a move wholly on the
//! other bank that removes the check is allowed (MIT-12, `generate::fallback` and
//! `legal.rs`); such moves never count as attacks.

use crate::types::{PieceKind, Seat, Square};
use crate::variant::{Banks, Variant};

/// May a piece of `kind`, moved by a seat whose bank is `bank`, go from `from` to `to`?
#[inline]
pub fn allows(v: &Variant, b: &Banks, bank: u8, kind: PieceKind, from: Square, to: Square) -> bool {
    let (start, end) = (v.bank(from) == bank, v.bank(to) == bank);
    start || (end && kind.in_mask(b.return_pieces))
}

/// May `seat` attack `target` with a piece of `kind` standing on `from` (MIT-10: the seat's
/// own bank rule)? Always, in a game without banks.
#[inline]
pub fn seat_may_attack(
    v: &Variant,
    seat: Seat,
    kind: PieceKind,
    from: Square,
    target: Square,
) -> bool {
    match (&v.banks, v.seats[seat.index()].bank) {
        (Some(b), Some(bank)) => allows(v, b, bank, kind, from, target),
        _ => true,
    }
}

/// How many ranks `from` lies from `bank` (0 on it): a piece on the other bank needs a move
/// at least this long to come back (MIT-3a).
#[inline]
pub fn distance(v: &Variant, bank: u8, from: Square) -> u8 {
    if bank == 0 {
        (from.rank() + 1).saturating_sub(v.bank_rank)
    } else {
        v.bank_rank.saturating_sub(from.rank())
    }
}

/// Is a move from `from` to `to` wholly on the bank that is not `bank` (a MIT-12 fallback)?
#[inline]
pub fn wholly_on_other_bank(v: &Variant, bank: u8, from: Square, to: Square) -> bool {
    v.bank(from) != bank && v.bank(to) != bank
}
