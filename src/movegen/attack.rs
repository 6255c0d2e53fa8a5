//! Attack lookup through the compiled attack tables: walk outward from the target along every
//! capturing vector and ray. The tables are built from the same move tables the walker uses;
//! `crate::rules::attack` decides when a game is plain enough for them (and tests that they
//! agree with walking every piece).

use crate::types::geometry::BOARD_CELLS;
use crate::types::{Army, Cell, PieceKind, Seat, Square};
use crate::variant::{ArmyAttacks, ArmyRay, Variant};

/// Could a piece of `by`, moved by any of its seats with that seat's forward, capture on `sq`
/// (whatever stands there)? One scan of the army's merged tables (`Variant::army_attacks`)
/// serves all its seats: each attacker found is tried for each seat. `accept(seat, from,
/// kind)` is the rules' say on a capture from `from` by `seat` (the seats' banks); a refused
/// attacker does not count. `None` when nothing was found but a circular rider of the tables
/// could capture: those are found only by walking.
#[inline(always)]
pub fn by_tables(
    v: &Variant,
    cells: &[Cell; BOARD_CELLS],
    sq: Square,
    by: Army,
    accept: impl Fn(Seat, Square, PieceKind) -> bool,
) -> Option<bool> {
    let t = &v.army_attacks[by.index()];
    if leap_attacks(v, cells, sq, by, &accept) {
        return Some(true);
    }
    for ra in &t.rays {
        let mut s = sq;
        let mut n = 0u32;
        let c = loop {
            s = s.offset(-ra.delta);
            n += 1;
            let c = cells[s.index()];
            if !c.is_empty() {
                break c;
            }
        };
        if c.is_army(by) && ray_attacks(v, t, ra, sq, s, c.piece_unchecked().kind(), n, &accept) {
            return Some(true);
        }
    }
    if t.circles != 0 {
        return None;
    }
    Some(false)
}

/// The leaps of `by_tables`: could a piece of `by` capture on `sq` by a leap?
#[inline(always)]
pub fn leap_attacks(
    v: &Variant,
    cells: &[Cell; BOARD_CELLS],
    sq: Square,
    by: Army,
    accept: &impl Fn(Seat, Square, PieceKind) -> bool,
) -> bool {
    let t = &v.army_attacks[by.index()];
    for la in &t.leaps {
        let from = sq.offset(-la.delta);
        let c = cells[from.index()];
        if c.is_army(by) && c.piece_unchecked().kind().in_mask(la.kinds) {
            if la.path_len > 0 && !cells[from.offset(la.path[0]).index()].is_empty() {
                continue;
            }
            if la.path_len > 1 && !cells[from.offset(la.path[1]).index()].is_empty() {
                continue;
            }
            let k = c.piece_unchecked().kind();
            for &(seat, o) in &t.seats {
                let (kinds, crossing) = la.by[o as usize];
                if k.in_mask(kinds) && crosses(v, from, sq, k, crossing) && accept(seat, from, k) {
                    return true;
                }
            }
        }
    }
    false
}

/// Does a piece of kind `k` of the army of `t`, standing on `from`, `n` steps out from `sq`
/// along `ra`, capture on `sq` for some seat of the army (with nothing between)?
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn ray_attacks(
    v: &Variant,
    t: &ArmyAttacks,
    ra: &ArmyRay,
    sq: Square,
    from: Square,
    k: PieceKind,
    n: u32,
    accept: &impl Fn(Seat, Square, PieceKind) -> bool,
) -> bool {
    if !k.in_mask(ra.kinds) {
        return false;
    }
    t.seats.iter().any(|&(seat, o)| {
        let r = &ra.by[o as usize];
        r.reaches(k, n) && crosses(v, from, sq, k, r.crossing) && accept(seat, from, k)
    })
}

/// FF-2, FF-3: across the channel only the moves that fly (`crossing`) attack.
#[inline(always)]
fn crosses(v: &Variant, from: Square, sq: Square, k: PieceKind, crossing: u32) -> bool {
    !v.channel || k.in_mask(crossing) || v.bank(from) == v.bank(sq)
}
