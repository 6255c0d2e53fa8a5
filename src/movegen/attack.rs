//! Attack lookup through the compiled attack tables: walk outward from the target along every
//! capturing vector and ray. The tables are built from the same move tables the walker uses;
//! `crate::rules::attack` decides when a game is plain enough for them (and tests that they
//! agree with walking every piece).

use crate::types::geometry::BOARD_CELLS;
use crate::types::{Army, Cell, PieceKind, Seat, Square};
use crate::variant::Variant;

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
    // FF-2, FF-3: across the channel only the moves that fly attack.
    let crosses = |from: Square, k: PieceKind, crossing: u32| {
        !v.channel || k.in_mask(crossing) || v.bank(from) == v.bank(sq)
    };
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
                if k.in_mask(kinds) && crosses(from, k, crossing) && accept(seat, from, k) {
                    return Some(true);
                }
            }
        }
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
        if c.is_army(by) && c.piece_unchecked().kind().in_mask(ra.kinds) {
            let k = c.piece_unchecked().kind();
            for &(seat, o) in &t.seats {
                let r = &ra.by[o as usize];
                if r.reaches(k, n) && crosses(s, k, r.crossing) && accept(seat, s, k) {
                    return Some(true);
                }
            }
        }
    }
    if t.circles != 0 {
        return None;
    }
    Some(false)
}
