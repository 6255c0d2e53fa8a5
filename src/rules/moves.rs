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
    mut f: F,
) {
    let v = pos.variant();
    let orient = v.orientation(seat, from);
    if !restricted(pos) {
        walk(v, cells, from, piece, orient, quiet, f);
        return;
    }
    walk(
        v,
        cells,
        from,
        piece,
        orient,
        quiet,
        |to, capture, multi| {
            if admit(pos, seat, piece, from, to, cells[to.index()]) {
                f(to, capture, multi)
            }
        },
    );
}
