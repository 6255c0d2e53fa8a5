//! The board moves a seat may make: the generic walker (`crate::movegen::walk`) with the
//! restrictions of the game's rule modules applied (the River, `river.rs`; the seats' banks,
//! `banks.rs`; the Ferries, `ferry.rs`). Move generation
//! and attack detection both come from here, so a move the generator refuses is never an
//! attack, and a capture it allows always is ("one capture predicate").

use super::{banks, ferry, river};
use crate::board::Position;
use crate::movegen::walk;
use crate::types::geometry::{Square, BOARD_CELLS};
use crate::types::{Cell, Piece, Seat};
use crate::variant::{Ferries, ForwardRule, Orientation, River, Variant};

/// Does any rule module restrict board moves in this game? When not, the walker's moves are
/// the moves and the filter is skipped.
#[inline]
pub fn restricted(pos: &Position) -> bool {
    let v = pos.variant();
    v.river.is_some() || v.banks.is_some() || v.ferries.is_some()
}

/// May `piece`, moved by `seat` from `from`, go to `to` (holding `target`) under the rule
/// modules' restrictions?
#[inline]
pub fn admit(
    pos: &Position,
    seat: Seat,
    piece: Piece,
    from: Square,
    to: Square,
    target: Cell,
) -> bool {
    let v = pos.variant();
    if let Some(r) = &v.river {
        if !river::allows(v, r, piece.kind(), from, to, target) {
            return false;
        }
    }
    if let Some(f) = &v.ferries {
        if !ferry::allows(pos, f, piece.kind(), to) {
            return false;
        }
    }
    match (&v.banks, v.seats[seat.index()].bank) {
        (Some(b), Some(bank)) => banks::allows(v, b, bank, piece.kind(), from, to),
        _ => true,
    }
}

/// What the rule modules say about a seat's board moves whatever the piece: decided once per
/// seat and used for each of its pieces (`piece_moves_of`).
#[derive(Clone, Copy)]
pub struct SeatMoves<'a> {
    seat: Seat,
    /// The seat's forward, when it does not depend on the square (WEY-1's does).
    orient: Option<Orientation>,
    /// MIT-3, MIT-3a: the seat's bank, and the kinds that may come back to it.
    bank: Option<(u8, u32)>,
    /// The River, when it forbids some moves (`river::filters`).
    river: Option<&'a River>,
    ferries: Option<&'a Ferries>,
}

impl<'a> SeatMoves<'a> {
    pub fn new(v: &'a Variant, seat: Seat) -> SeatMoves<'a> {
        SeatMoves {
            seat,
            orient: match v.forward {
                ForwardRule::Army | ForwardRule::Seat => Some(v.seats[seat.index()].orientation),
                ForwardRule::Bank => None,
            },
            bank: match (&v.banks, v.seats[seat.index()].bank) {
                (Some(b), Some(bank)) => Some((bank, b.return_pieces)),
                _ => None,
            },
            river: v.river.as_ref().filter(|r| river::filters(r)),
            ferries: v.ferries.as_ref(),
        }
    }

    /// The orientation a piece on `from` moves with (`Variant::orientation`).
    #[inline]
    pub fn orientation(&self, v: &Variant, from: Square) -> Orientation {
        match self.orient {
            Some(o) => o,
            None => v.orientation(self.seat, from),
        }
    }
}

/// Call `f(to, is_capture, is_multistep)` for every board move of `piece` on `from` of the
/// board `cells`, moved by `seat`, that the rule modules allow. `quiet` = also non-captures.
#[inline(always)]
pub fn piece_moves<F: FnMut(Square, bool, bool)>(
    pos: &Position,
    cells: &[Cell; BOARD_CELLS],
    seat: Seat,
    from: Square,
    piece: Piece,
    quiet: bool,
    f: F,
) {
    let sm = SeatMoves::new(pos.variant(), seat);
    piece_moves_of(pos, cells, &sm, from, piece, quiet, f)
}

/// `piece_moves` for the seat of `sm`. The same moves as the walker's filtered by `admit`,
/// with what can be decided once per piece decided once: a piece on its seat's bank passes
/// the bank rule whatever its destination, one off it only back to the bank and only if its
/// kind may (MIT-3, MIT-3a), and a River without a capture ban or crossing lines passes
/// every move.
#[inline(always)]
pub fn piece_moves_of<F: FnMut(Square, bool, bool)>(
    pos: &Position,
    cells: &[Cell; BOARD_CELLS],
    sm: &SeatMoves,
    from: Square,
    piece: Piece,
    quiet: bool,
    mut f: F,
) {
    let v = pos.variant();
    let orient = sm.orientation(v, from);
    let home = match sm.bank {
        Some((bank, back)) if v.bank(from) != bank => {
            if !piece.kind().in_mask(back) {
                return;
            }
            Some(bank)
        }
        _ => None,
    };
    if home.is_some() || sm.river.is_some() || sm.ferries.is_some() {
        let admitted = |to: Square| {
            if home.is_some_and(|bank| v.bank(to) != bank) {
                return false;
            }
            if let Some(r) = sm.river {
                if !river::allows(v, r, piece.kind(), from, to, cells[to.index()]) {
                    return false;
                }
            }
            sm.ferries
                .is_none_or(|fe| ferry::allows(pos, fe, piece.kind(), to))
        };
        walk(
            v,
            cells,
            from,
            piece,
            orient,
            quiet,
            |to, capture, multi| {
                if admitted(to) {
                    f(to, capture, multi)
                }
            },
        );
        return;
    }
    walk(v, cells, from, piece, orient, quiet, f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveList;
    use crate::variant::builtin;

    /// `piece_moves` gives exactly the walker's moves that `admit` allows, for every seat and
    /// every piece, along pseudo-random games of the games with a River, banks or Ferries.
    #[test]
    fn piece_moves_are_the_admitted_walker_moves() {
        for name in ["mitregi", "wey", "flightferry", "normal"] {
            let v = builtin::find(name).expect("built-in game");
            let mut pos = Position::startpos(v);
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for _ply in 0..60 {
                for seat in (0..v.seats.len() as u8).map(Seat) {
                    let army = v.seats[seat.index()].army;
                    for &from in pos.pieces_of(army) {
                        let piece = pos.piece_at(from).piece_unchecked();
                        for quiet in [false, true] {
                            let mut got = Vec::new();
                            piece_moves(&pos, pos.cells(), seat, from, piece, quiet, |t, c, m| {
                                got.push((t, c, m))
                            });
                            let mut want = Vec::new();
                            let orient = v.orientation(seat, from);
                            walk(v, pos.cells(), from, piece, orient, quiet, |t, c, m| {
                                if !restricted(&pos)
                                    || admit(&pos, seat, piece, from, t, pos.cells()[t.index()])
                                {
                                    want.push((t, c, m))
                                }
                            });
                            assert_eq!(got, want, "{name} seat {seat:?} from {from:?}");
                        }
                    }
                }
                let mut list = MoveList::new();
                crate::rules::legal_moves(&mut pos, &mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make(list.as_slice()[(seed % list.len() as u64) as usize]);
            }
        }
    }
}
