//! Legal moves: pseudo-legal moves that leave no royal piece of the mover attacked.
//!
//! Variants plain enough for the attack tables with one royal per army (FIDE, Two Kingdoms;
//! `Variant::simple_legality`) use pins: out of check, a move by a piece that is neither pinned
//! nor royal, and not e.p., is legal without being played. Everything else is played and
//! tested with `attack::army_in_check`.

use super::attack::{army_in_check, attacked};
use super::banks;
use super::generate::{fallback, generate, Gen};
use super::victory;
use crate::board::{Move, MoveKind, MoveList, Position, Square};
use crate::types::Army;

/// Most pinned pieces tracked at once (one per ray direction suffices).
const MAX_PINS: usize = 16;

/// Fill `list` with the legal moves of the seat to move. A position whose game is over by a
/// victory rule (not by a draw claim) has none.
pub fn legal_moves(pos: &mut Position, list: &mut MoveList) {
    legal_moves_of(pos, list, Gen::All)
}

/// Legal moves of a kind (`Gen::Noisy` for quiescence).
pub fn legal_moves_of(pos: &mut Position, list: &mut MoveList, gen: Gen) {
    list.clear();
    if victory::decided(pos).is_some() {
        return;
    }
    generate(pos, list, gen);
    filter_legal(pos, list);
    // MIT-12: in check with no legal move, a move wholly on the other bank that removes the
    // check. (Quiescence asks for all moves when in check, so `Noisy` never needs it.)
    if list.is_empty()
        && gen == Gen::All
        && pos.variant().banks.as_ref().is_some_and(|b| b.fallback)
        && army_in_check(pos, pos.army())
    {
        fallback(pos, list);
        filter_legal(pos, list);
    }
}

/// Remove the moves that leave a royal piece attacked.
pub fn filter_legal(pos: &mut Position, list: &mut MoveList) {
    let v = pos.variant();
    if v.royal_mask == 0 {
        return;
    }
    let us = pos.army();
    let them = us.enemy();
    if !v.simple_legality {
        if v.line_legality {
            filter_by_lines(pos, list);
        } else {
            list.retain(|m| leaves_royal_safe(pos, m));
        }
        return;
    }
    let king = pos.royal_square(us);
    if king.is_none() {
        return;
    }
    if attacked(pos, king, them) {
        list.retain(|m| leaves_royal_safe(pos, m));
        return;
    }
    let mut pins = [(Square::NONE, 0i16); MAX_PINS];
    let npins = find_pins(pos, king, us, &mut pins);
    let pins = &pins[..npins];
    list.retain(|m| {
        let from = m.from();
        if from == king || m.kind() == MoveKind::EnPassant {
            return m.is_castle() || leaves_royal_safe(pos, m);
        }
        match pins.iter().find(|p| p.0 == from) {
            None => true,
            Some(&(_, d)) => on_ray(pos, king, d, from, m.to()),
        }
    });
}

/// Legality where attacks are leaps and rook or bishop lines only (`Variant::line_legality`:
/// Partnership Mitregi). Out of check, a move can expose the King only by opening a line: a
/// drop never does; a move of another piece does only if that piece is pinned, by a rider of
/// one of the enemy seats that may attack the King from where it stands (its own forward and
/// bank rule, MIT-10), and then only off the pinning line. King moves (and e.p.) are played
/// and tested.
fn filter_by_lines(pos: &mut Position, list: &mut MoveList) {
    let v = pos.variant();
    let us = pos.army();
    let king = pos.royal_square(us);
    if king.is_none() || army_in_check(pos, us) {
        list.retain(|m| leaves_royal_safe(pos, m));
        return;
    }
    let mut pins = [(Square::NONE, 0i16); MAX_PINS];
    let mut npins = 0;
    for seat in v.seats_of(us.enemy()) {
        let orient = v.orientation(seat, king);
        match (&v.banks, v.seats[seat.index()].bank) {
            (Some(b), Some(bank)) => find_pins_of(
                pos,
                king,
                us,
                orient,
                |from, k| banks::allows(v, b, bank, k, from, king),
                &mut pins,
                &mut npins,
            ),
            _ => find_pins_of(pos, king, us, orient, |_, _| true, &mut pins, &mut npins),
        }
    }
    let pins = &pins[..npins];
    list.retain(|m| {
        if m.kind() == MoveKind::Drop {
            return true;
        }
        let from = m.from();
        if from == king || !matches!(m.kind(), MoveKind::Normal | MoveKind::MultiStep) {
            return leaves_royal_safe(pos, m);
        }
        pins.iter()
            .filter(|p| p.0 == from)
            .all(|&(_, d)| on_ray(pos, king, d, from, m.to()))
    });
}

/// Is `m` (pseudo-legal) legal here?
pub fn is_legal(pos: &mut Position, m: Move) -> bool {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.contains(m)
}

/// Play `m` and see whether every royal piece of the mover is safe.
fn leaves_royal_safe(pos: &mut Position, m: Move) -> bool {
    let us = pos.army();
    pos.make(m);
    let safe = !army_in_check(pos, us);
    pos.unmake();
    safe
}

/// Own pieces pinned to `king` by enemy riders, with the pinning ray's step (from king outward).
fn find_pins(pos: &Position, king: Square, us: Army, out: &mut [(Square, i16); MAX_PINS]) -> usize {
    let v = pos.variant();
    // Two seats (simple legality): the enemy seat is the next to move.
    let mut n = 0;
    find_pins_of(
        pos,
        king,
        us,
        v.orientation(pos.next_seat_id(), king),
        |_, _| true,
        out,
        &mut n,
    );
    n
}

/// Own pieces pinned to `king` by riders of the enemy moving with `orient` that `accept`
/// lets attack the King from where they stand; appended to `out[..n]`.
fn find_pins_of(
    pos: &Position,
    king: Square,
    us: Army,
    orient: crate::variant::Orientation,
    accept: impl Fn(Square, crate::types::PieceKind) -> bool,
    out: &mut [(Square, i16); MAX_PINS],
    n: &mut usize,
) {
    let v = pos.variant();
    let them = us.enemy();
    let t = &v.attacks[orient as usize];
    let cells = pos.cells();
    for ra in &t.rays {
        let step = -ra.delta;
        let mut s = king;
        let mut blocker = Square::NONE;
        loop {
            s = s.offset(step);
            let c = cells[s.index()];
            if c.is_empty() {
                continue;
            }
            if c.is_army(us) && blocker.is_none() {
                blocker = s;
                continue;
            }
            break;
        }
        let c = cells[s.index()];
        if blocker.is_none() || !c.is_army(them) {
            continue;
        }
        // Distance from the pinner to the king, counted in steps.
        let total = steps_between(king, s, step);
        let k = c.piece_unchecked().kind();
        let pins = k.in_mask(ra.unlimited)
            || ra
                .limited
                .iter()
                .any(|&(mask, max)| k.in_mask(mask) && total <= max as u32);
        if pins && accept(s, k) && *n < MAX_PINS {
            out[*n] = (blocker, step);
            *n += 1;
        }
    }
}

fn steps_between(a: Square, b: Square, step: i16) -> u32 {
    ((b.0 as i32 - a.0 as i32) / step as i32) as u32
}

/// Is `to` on the ray from `king` along `step`, no further than the pinner? The pinned piece
/// on `pinned` may move along the ray or take the pinner, but a leaper (the Two Kingdoms
/// Archer's (2,2) jump, TK-6) must not jump over the pinner to a square beyond it.
fn on_ray(pos: &Position, king: Square, step: i16, pinned: Square, to: Square) -> bool {
    let cells = pos.cells();
    let mut s = king;
    loop {
        s = s.offset(step);
        if s == to {
            return true;
        }
        let c = cells[s.index()];
        if c.is_off() || (c.is_piece() && s != pinned) {
            return false;
        }
    }
}
