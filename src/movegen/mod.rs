//! The move walker: one generic loop over the compiled move tables of a variant (leapers,
//! lame leapers, riders, circular riders), and attack lookup through the compiled attack
//! tables. It knows geometry and occupancy only; which of these moves a game allows (River,
//! banks, castling, drops, legality) is for `crate::rules`, which builds on it.

pub mod attack;

use crate::types::geometry::{Square, BOARD_CELLS};
use crate::types::{Army, Cell, Piece};
use crate::variant::{Orientation, Variant};

/// Call `f(to, is_capture, is_multistep)` for every destination of `piece` standing on `from`
/// of the board `cells`, moving with `orient`. Moves not marked `cross` stop at the channel
/// (`Variant::bank`; FF-2, FF-3). `quiet` = also non-capturing moves. Destinations
/// reached several ways (circular riders) are reported once. A capture is of a cell holding a
/// piece of the other army.
#[inline(always)]
pub fn walk<F: FnMut(Square, bool, bool)>(
    v: &Variant,
    cells: &[Cell; BOARD_CELLS],
    from: Square,
    piece: Piece,
    orient: Orientation,
    quiet: bool,
    mut f: F,
) {
    let army = piece.army();
    let pt = v.piece_type(piece.kind());
    let t = &pt.tables[orient as usize];
    if t.plain {
        // The short loops of a plain table (most pieces): the same moves in the same order.
        let enemy = army.enemy();
        for l in &t.leaps {
            let to = from.offset(l.delta);
            let c = cells[to.index()];
            if c.is_empty() {
                if quiet {
                    f(to, false, false);
                }
            } else if c.is_army(enemy) {
                f(to, true, false);
            }
        }
        for r in &t.rides {
            let mut to = from;
            loop {
                to = to.offset(r.delta);
                let c = cells[to.index()];
                if c.is_empty() {
                    if quiet {
                        f(to, false, false);
                    }
                    continue;
                }
                if c.is_army(enemy) {
                    f(to, true, false);
                }
                break;
            }
        }
        return;
    }
    let initial_ok = v.initial_ranks[army.index()][piece.kind().index()] >> from.rank() & 1 != 0;
    let from_bank = v.bank(from);
    for l in &t.leaps {
        if l.initial && !initial_ok {
            continue;
        }
        let to = from.offset(l.delta);
        let c = cells[to.index()];
        if c.is_off() || (!l.cross && v.bank(to) != from_bank) {
            continue;
        }
        if l.path_len > 0 && !cells[from.offset(l.path[0]).index()].is_empty() {
            continue;
        }
        if l.path_len > 1 && !cells[from.offset(l.path[1]).index()].is_empty() {
            continue;
        }
        if c.is_empty() {
            if quiet && l.quiet {
                f(to, false, pt.en_passant && l.initial && l.path_len > 0);
            }
        } else if l.capture && !c.is_army(army) {
            f(to, true, false);
        }
    }
    for r in &t.rides {
        if r.initial && !initial_ok {
            continue;
        }
        let mut to = from;
        let mut n = 0u8;
        loop {
            to = to.offset(r.delta);
            n += 1;
            if (r.max != 0 && n > r.max) || (!r.cross && v.bank(to) != from_bank) {
                break;
            }
            let c = cells[to.index()];
            if c.is_empty() {
                if quiet && r.quiet && n >= r.min {
                    f(to, false, pt.en_passant && r.initial && n > 1);
                }
                continue;
            }
            if !c.is_off() && r.capture && !c.is_army(army) && n >= r.min {
                f(to, true, false);
            }
            break;
        }
    }
    if !t.circles.is_empty() {
        walk_circles(cells, from, army, t, quiet, &mut f);
    }
}

/// Circular riders (WEY-8): from every starting vector, turning either way, one leap per step;
/// each landing square before the last must be empty. Destinations are reported once.
#[cold]
fn walk_circles<F: FnMut(Square, bool, bool)>(
    cells: &[Cell; BOARD_CELLS],
    from: Square,
    army: Army,
    t: &crate::variant::MoveTable,
    quiet: bool,
    f: &mut F,
) {
    let mut seen = [0u64; BOARD_CELLS.div_ceil(64)];
    for c in &t.circles {
        let len = c.circle.len();
        let max = if c.max == 0 {
            len - 1
        } else {
            (c.max as usize).min(len - 1)
        };
        for start in 0..len {
            for sense in [1, len - 1] {
                let mut to = from;
                for step in 0..max {
                    to = to.offset(c.circle[(start + step * sense) % len]);
                    let cell = cells[to.index()];
                    if cell.is_off() {
                        break;
                    }
                    let bit = (seen[to.index() / 64] >> (to.index() % 64)) & 1;
                    if cell.is_empty() {
                        if quiet && c.quiet && bit == 0 {
                            seen[to.index() / 64] |= 1 << (to.index() % 64);
                            f(to, false, false);
                        }
                        continue;
                    }
                    if c.capture && !cell.is_army(army) && bit == 0 {
                        seen[to.index() / 64] |= 1 << (to.index() % 64);
                        f(to, true, false);
                    }
                    break;
                }
            }
        }
    }
}
