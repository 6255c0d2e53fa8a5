//! Attack lookup through the compiled attack tables: walk outward from the target along every
//! capturing vector and ray. The tables are built from the same move tables the walker uses;
//! `crate::rules::attack` decides when a game is plain enough for them (and tests that they
//! agree with walking every piece).

use crate::types::geometry::BOARD_CELLS;
use crate::types::{Army, Cell, PieceKind, Square};
use crate::variant::{Orientation, Variant};

/// Could a piece of `by`, moving with `orient`, capture on `sq` (whatever stands there)?
/// `accept(from, kind)` is the rules' say on a capture from `from` (the seats' banks); a
/// refused attacker does not count. `None` when a circular rider of the tables could capture:
/// those are found only by walking.
#[inline(always)]
pub fn by_tables(
    v: &Variant,
    cells: &[Cell; BOARD_CELLS],
    sq: Square,
    by: Army,
    orient: Orientation,
    accept: impl Fn(Square, PieceKind) -> bool,
) -> Option<bool> {
    let t = &v.attacks[orient as usize];
    // FF-2, FF-3: across the channel only the moves that fly attack.
    let crosses = |from: Square, k: PieceKind, crossing: u32| {
        !v.channel || k.in_mask(crossing) || v.bank(from) == v.bank(sq)
    };
    for la in &t.leaps {
        let from = sq.offset(-la.delta);
        let c = cells[from.index()];
        if c.is_army(by)
            && c.piece_unchecked().kind().in_mask(la.kinds)
            && crosses(from, c.piece_unchecked().kind(), la.crossing)
        {
            if la.path_len > 0 && !cells[from.offset(la.path[0]).index()].is_empty() {
                continue;
            }
            if la.path_len > 1 && !cells[from.offset(la.path[1]).index()].is_empty() {
                continue;
            }
            if accept(from, c.piece_unchecked().kind()) {
                return Some(true);
            }
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
            let reaches = k.in_mask(ra.unlimited)
                || ra
                    .limited
                    .iter()
                    .any(|&(mask, max)| k.in_mask(mask) && n <= max);
            if reaches && crosses(s, k, ra.crossing) && accept(s, k) {
                return Some(true);
            }
        }
    }
    if t.circles != 0 {
        return None;
    }
    Some(false)
}
