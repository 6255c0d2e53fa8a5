//! Attack detection: "could `army` capture on this square now?" Used for check, castling and
//! legality. Army-forward variants use the per-orientation attack tables (walk outward from the
//! target); other variants fall back to walking every enemy piece's captures.

use crate::board::{Position, Square};
use crate::movegen::walk_piece;
use crate::variant::{ForwardRule, Variant};

/// Is `sq` attacked by a piece of `by`?
#[inline]
pub fn attacked(pos: &Position, sq: Square, by: u8) -> bool {
    let v = pos.variant();
    if v.forward != ForwardRule::Army {
        return attacked_by_walking(pos, sq, by);
    }
    let t = &v.attacks[Variant::army_orientation(by) as usize];
    let cells = pos.cells();
    for la in &t.leaps {
        let from = sq.offset(-la.delta);
        let c = cells[from.index()];
        if c.is_army(by) && la.kinds >> c.piece_unchecked().kind() & 1 != 0 {
            if la.path_len > 0 && !cells[from.offset(la.path[0]).index()].is_empty() {
                continue;
            }
            if la.path_len > 1 && !cells[from.offset(la.path[1]).index()].is_empty() {
                continue;
            }
            return true;
        }
    }
    for ra in &t.rays {
        let mut s = sq;
        let mut n = 0u8;
        let c = loop {
            s = s.offset(-ra.delta);
            n += 1;
            let c = cells[s.index()];
            if !c.is_empty() {
                break c;
            }
        };
        if c.is_army(by) {
            let k = c.piece_unchecked().kind();
            if ra.unlimited >> k & 1 != 0 {
                return true;
            }
            if ra
                .limited
                .iter()
                .any(|&(mask, max)| mask >> k & 1 != 0 && n <= max)
            {
                return true;
            }
        }
    }
    if t.circles != 0 {
        return attacked_by_walking(pos, sq, by);
    }
    false
}

/// The slow, general answer: walk every piece of `by` and see whether one captures on `sq`.
/// Only an occupied `sq` can be captured on, so this answers for occupied squares (royal
/// pieces); empty-square attacks (castling transit) need the attack tables.
pub fn attacked_by_walking(pos: &Position, sq: Square, by: u8) -> bool {
    for &from in pos.pieces_of(by) {
        let mut hit = false;
        walk_piece(
            pos,
            from,
            pos.orientation_of(by, from),
            false,
            |to, capture, _| {
                hit |= capture && to == sq;
            },
        );
        if hit {
            return true;
        }
    }
    false
}

/// Is the seat to move in check (any of its royal pieces attacked)?
pub fn in_check(pos: &Position) -> bool {
    let v = pos.variant();
    if v.royal_mask == 0 {
        return false;
    }
    let us = pos.army();
    let them = 1 - us;
    pos.pieces_of(us).iter().any(|&s| {
        v.royal_mask >> pos.piece_at(s).piece_unchecked().kind() & 1 != 0 && attacked(pos, s, them)
    })
}
