//! The Ferries of Flight and Ferry (FF-10..FF-19): neutral carriers on the middle ranks that
//! pieces board, ride and send, and the dragons' captures of pieces standing on them.
//!
//! The carrier layer itself (which squares hold a Ferry, in the key and the FEN) is the
//! position's; the side effects of each move kind (`MoveKind::Ride`, `Send`, `PassThrough`,
//! `Beyond`) are carried out by `Position::make`, which also finds what a pass-through or
//! beyond move captures (`Position::captured_square`). This module says which of those moves
//! exist:
//! - `allows`: the board-move filter, FF-10 (a dragon never ends a move on a Ferry);
//! - `generate`: Rides (FF-11), Sends (FF-13) and pass-through captures (FF-17);
//! - `beyond`: whether a forward diagonal move of a dragon captures beyond (FF-18);
//! - `attacks`: the same three captures seen from the victim's square, for check (FF-19).
//!
//! Boarding (FF-14), disembarking (FF-12) and sliding past empty Ferries (FF-15) need nothing
//! here: a Ferry is not a piece, so the walker moves on and off Ferries as on any square.

use crate::board::{Move, MoveKind, MoveList, Position};
use crate::types::geometry::BOARD_CELLS;
use crate::types::{Army, Cell, PieceKind, Square};
use crate::variant::{Ferries, PieceType};

/// FF-10: may a piece of `kind` end a move on `to`? Not on a Ferry if it never boards.
#[inline]
pub fn allows(pos: &Position, f: &Ferries, kind: PieceKind, to: Square) -> bool {
    !(kind.in_mask(f.non_boarding) && pos.carrier_at(to))
}

/// May a move of `pt` (moving with orientation index `o`) along `step` cross the channel?
/// The move table's line with that step says (FF-2, FF-3).
#[inline]
fn line_crosses(pt: &PieceType, o: usize, step: i16) -> bool {
    pt.tables[o]
        .rides
        .iter()
        .find(|r| r.delta == step)
        .is_some_and(|r| r.cross)
}

/// The moves of the army to move that only the Ferries make possible: Rides (FF-11) and Sends
/// (FF-13) of pieces standing on a Ferry, and the pass-through captures of FF-17. Without
/// `quiet`, only the captures (for quiescence).
pub fn generate(pos: &Position, f: &Ferries, list: &mut MoveList, quiet: bool) {
    let v = pos.variant();
    let army = pos.army();
    let seat = pos.seat();
    let cells = pos.cells();
    for &c in pos.carriers() {
        if !cells[c.index()].is_army(army) {
            continue;
        }
        // FF-11: the passenger steps with its Ferry, within the Ferries' ranks, never onto the
        // other Ferry or a friend; an enemy there (a dragon too) is captured.
        let orient = v.orientation(seat, c) as usize;
        for &s in &f.ride[orient] {
            let to = c.offset(s);
            let t = cells[to.index()];
            if t.is_off() || !f.zone[to.index()] || pos.carrier_at(to) || t.is_army(army) {
                continue;
            }
            if !quiet && t.is_empty() {
                continue;
            }
            list.push(Move::new(c, to, MoveKind::Ride));
        }
        // FF-13: the Ferry alone goes to any square of its ranks holding neither the other
        // Ferry nor a piece that never boards; a piece there is now on it.
        if f.send && quiet {
            for &to in &f.squares {
                let t = cells[to.index()];
                if to == c
                    || pos.carrier_at(to)
                    || t.piece().is_some_and(|p| p.kind().in_mask(f.non_boarding))
                {
                    continue;
                }
                list.push(Move::new(c, to, MoveKind::Send));
            }
        }
    }
    if f.pass_through == 0 {
        return;
    }
    for &from in pos.pieces_of(army) {
        let kind = cells[from.index()].piece_unchecked().kind();
        if !kind.in_mask(f.pass_through) {
            continue;
        }
        let pt = v.piece_type(kind);
        let o = v.orientation(seat, from) as usize;
        for &s in &pt.pass_through[o] {
            pass_through_line(pos, cells, pt, o, from, s, army, |to| {
                list.push(Move::new(from, to, MoveKind::PassThrough));
                false
            });
        }
    }
}

/// What a quiet move of `pt` (moving with orientation index `o`) from `from` to the empty
/// `to` does under FF-18.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beyond {
    /// Not a beyond move, or nothing on a Ferry beyond it: an ordinary move.
    Plain,
    /// It captures the piece on a Ferry beyond `to` (compulsory).
    Takes,
    /// It would capture the mover's own royal piece, so the move does not exist.
    Forbidden,
}

/// FF-18 for the quiet move `from`-`to` of a piece with beyond moves.
#[inline]
pub fn beyond(pos: &Position, pt: &PieceType, o: usize, from: Square, to: Square) -> Beyond {
    let step = Position::line_step(from, to);
    if !pt.beyond[o].contains(&step) {
        return Beyond::Plain;
    }
    match pos.beyond_victim(from, to) {
        None => Beyond::Plain,
        Some(sq) => {
            let p = pos.piece_at(sq).piece_unchecked();
            if p.army() == pos.army() && p.kind().in_mask(pos.variant().royal_mask) {
                Beyond::Forbidden
            } else {
                Beyond::Takes
            }
        }
    }
}

/// FF-19: could a piece of `by` capture on `sq` by a Ride (FF-11), a pass-through (FF-17) or
/// a beyond capture (FF-18)? `cells` is the board with the victim standing on `sq`. The
/// ordinary captures are the walker's (`attack::by_walking`).
pub fn attacks(
    pos: &Position,
    f: &Ferries,
    cells: &[Cell; BOARD_CELLS],
    sq: Square,
    by: Army,
) -> bool {
    let v = pos.variant();
    let on_ferry = pos.carrier_at(sq);
    if !on_ferry && f.zone[sq.index()] {
        // A Ride can take a piece on no Ferry, within the Ferries' ranks.
        for &c in pos.carriers() {
            if cells[c.index()].is_army(by)
                && v.seats_of(by).any(|seat| {
                    let o = v.orientation(seat, c) as usize;
                    f.ride[o].iter().any(|&s| c.offset(s) == sq)
                })
            {
                return true;
            }
        }
    }
    if !on_ferry || (f.pass_through | f.beyond) == 0 {
        return false;
    }
    for &from in pos.pieces_of(by) {
        let kind = cells[from.index()].piece_unchecked().kind();
        if !kind.in_mask(f.pass_through | f.beyond) {
            continue;
        }
        let pt = v.piece_type(kind);
        for seat in v.seats_of(by) {
            let o = v.orientation(seat, from) as usize;
            for &s in &pt.pass_through[o] {
                if first_piece_from(cells, from, s) == sq
                    && pass_through_line(pos, cells, pt, o, from, s, by, |_| true)
                {
                    return true;
                }
            }
            for &s in &pt.beyond[o] {
                if beyond_reaches(pos, f, cells, pt, o, from, s, sq) {
                    return true;
                }
            }
        }
    }
    false
}

/// The first piece (or the edge) from `from` along `step`.
#[inline]
fn first_piece_from(cells: &[Cell; BOARD_CELLS], from: Square, step: i16) -> Square {
    let mut x = from.offset(step);
    while cells[x.index()].is_empty() {
        x = x.offset(step);
    }
    x
}

/// FF-17 along one line of the board `cells` (the position's, or with a victim put on the
/// square asked about): the first piece from `from` along `step` must be an enemy of `army`
/// on a Ferry; `land(to)` is called for each empty non-Ferry square beyond it, up to the next
/// piece, that the line may reach (the channel rule of the line's move), until it returns
/// true. Returns whether it did.
#[allow(clippy::too_many_arguments)]
#[inline]
fn pass_through_line(
    pos: &Position,
    cells: &[Cell; BOARD_CELLS],
    pt: &PieceType,
    o: usize,
    from: Square,
    step: i16,
    army: Army,
    mut land: impl FnMut(Square) -> bool,
) -> bool {
    let v = pos.variant();
    let cross = line_crosses(pt, o, step);
    let home = v.bank(from);
    let x = first_piece_from(cells, from, step);
    let victim = cells[x.index()];
    if !victim.is_piece() || victim.is_army(army) || !pos.carrier_at(x) {
        return false;
    }
    if !cross && v.bank(x) != home {
        return false;
    }
    let mut to = x.offset(step);
    while cells[to.index()].is_empty() {
        if !cross && v.bank(to) != home {
            break;
        }
        if !pos.carrier_at(to) && land(to) {
            return true;
        }
        to = to.offset(step);
    }
    false
}

/// FF-18 seen from the victim: can the piece of `pt` on `from`, moving along `step`, stop on
/// an empty non-Ferry square from which the look beyond finds `sq` (a piece on a Ferry)?
#[allow(clippy::too_many_arguments)]
#[inline]
fn beyond_reaches(
    pos: &Position,
    f: &Ferries,
    cells: &[Cell; BOARD_CELLS],
    pt: &PieceType,
    o: usize,
    from: Square,
    step: i16,
    sq: Square,
) -> bool {
    let v = pos.variant();
    let leap = !pt.tables[o].rides.iter().any(|r| r.delta == step);
    let cross = if leap {
        pt.tables[o]
            .leaps
            .iter()
            .find(|l| l.delta == step)
            .is_some_and(|l| l.cross)
    } else {
        line_crosses(pt, o, step)
    };
    let home = v.bank(from);
    // Stops the piece can make along the line: empty non-Ferry squares up to the first piece
    // (only the first square for a leap), on its side of the channel unless the move crosses.
    let first = from.offset(step);
    let mut stop_found = false;
    let mut x = first;
    while cells[x.index()].is_empty() {
        if (x == first || !leap) && (cross || v.bank(x) == home) && !pos.carrier_at(x) {
            stop_found = true;
        }
        x = x.offset(step);
    }
    if !stop_found {
        return false;
    }
    // The look beyond the stop: the first piece, or without shielding the first one on a
    // Ferry.
    loop {
        if x == sq {
            return true;
        }
        let c = cells[x.index()];
        if c.is_off() || pos.carrier_at(x) || f.shield_first {
            return false;
        }
        x = x.offset(step);
        while cells[x.index()].is_empty() {
            x = x.offset(step);
        }
    }
}
