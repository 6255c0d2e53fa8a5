//! Move generation: one generic walker over the compiled move tables of `variant`, plus the
//! rule modules' extra moves (castling, e.p.). `legal` filters to legal moves; `attack`
//! answers "is this square attacked".
//!
//! Pseudo-legal moves obey every movement rule; legal moves also leave no royal piece attacked.

pub mod attack;
pub mod legal;

use crate::board::geometry::{Square, BOARD_CELLS};
use crate::board::{Cell, Move, MoveKind, MoveList, Position};
use crate::rules::{castling, river};
use crate::variant::{Orientation, PieceType, Variant};

pub use attack::{attacked, in_check};
pub use legal::{is_legal, legal_moves};

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gen {
    All,
    /// Captures and promotions (for quiescence).
    Noisy,
}

/// Call `f(to, is_capture, is_multistep)` for every destination of the piece on `from`,
/// moving with `orient`.
/// `quiet` = also non-capturing moves. Destinations reached several ways (circular riders) are
/// reported once.
#[inline(always)]
pub fn walk_piece<F: FnMut(Square, bool, bool)>(
    pos: &Position,
    from: Square,
    orient: Orientation,
    quiet: bool,
    mut f: F,
) {
    let v = pos.variant();
    let p = pos.piece_at(from).piece_unchecked();
    let army = p.army();
    let pt = &v.pieces[p.kind() as usize];
    let initial_ok = v.initial_ranks[army as usize][p.kind() as usize] >> from.rank() & 1 != 0;
    let cells = pos.cells();
    let t = &pt.tables[orient as usize];
    for l in &t.leaps {
        if l.initial && !initial_ok {
            continue;
        }
        let to = from.offset(l.delta);
        let c = cells[to.index()];
        if c.is_off() {
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
            if r.max != 0 && n > r.max {
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
    army: u8,
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

/// Push a move, expanded into one move per promotion choice when it reaches the zone.
#[inline(always)]
fn push(
    v: &Variant,
    list: &mut MoveList,
    army: u8,
    pt: &PieceType,
    from: Square,
    to: Square,
    kind: MoveKind,
) {
    if pt.promotes && v.promotion_zone[army as usize][to.index()] {
        let p = v
            .promotion
            .as_ref()
            .expect("promotes implies a promotion rule");
        for &k in &p.choices {
            list.push(Move::with_promotion(from, to, kind, k));
        }
    } else {
        list.push(Move::new(from, to, kind));
    }
}

/// Generate pseudo-legal moves of the seat to move.
pub fn generate(pos: &Position, list: &mut MoveList, gen: Gen) {
    let v = pos.variant();
    let army = pos.army();
    let quiet = gen == Gen::All;
    for &from in pos.pieces_of(army) {
        let p = pos.piece_at(from).piece_unchecked();
        let kind = p.kind();
        let pt = &v.pieces[kind as usize];
        let orient = pos.orientation_of(army, from);
        // In Noisy mode a promoting piece's quiet moves into the zone are promotions: include them.
        let quiet_here = quiet || pt.promotes;
        walk_piece(pos, from, orient, quiet_here, |to, capture, multi| {
            if !quiet && !capture && !v.promotion_zone[army as usize][to.index()] {
                return;
            }
            let kind = if multi {
                MoveKind::MultiStep
            } else {
                MoveKind::Normal
            };
            if let Some(r) = &v.river {
                if !river::allows(r, p.kind(), from, to, pos.piece_at(to)) {
                    return;
                }
                if let Some(into) = river::crossing_promotion(r, p.kind(), from, to) {
                    list.push(Move::with_promotion(from, to, kind, into));
                    return;
                }
            }
            push(v, list, army, pt, from, to, kind);
        });
    }
    // En passant.
    for ep in pos.ep_squares() {
        for &from in pos.pieces_of(army) {
            let p = pos.piece_at(from).piece_unchecked();
            let pt = &v.pieces[p.kind() as usize];
            if !pt.en_passant {
                continue;
            }
            let t = &pt.tables[pos.orientation_of(army, from) as usize];
            if t.leaps
                .iter()
                .any(|l| l.en_passant && from.offset(l.delta) == ep)
            {
                push(v, list, army, pt, from, ep, MoveKind::EnPassant);
            }
        }
    }
    if quiet && pos.castling_rights() != 0 {
        castling::generate(pos, list);
    }
}
