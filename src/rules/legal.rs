//! Legal moves: pseudo-legal moves that leave no royal piece of the mover attacked.
//!
//! Variants plain enough for the attack tables with one royal per army and no lame or circular
//! attackers (FIDE, Two Kingdoms, Partnership Mitregi, Flight and Ferry;
//! `Variant::pin_legality`) use pins: out of check, only a royal move, e.p., or a move of a
//! piece pinned by a rider of an enemy seat (that the rules let attack the royal piece from
//! where it stands) can expose the royal piece, so every other move, drops included, is legal
//! without being played. A royal step is legal when its destination is not attacked with
//! the royal piece lifted off its square (without Ferries). Everything else is played and
//! tested with `attack::army_in_check`.
//!
//! With Ferries this holds only while the King stands off the Ferries' ranks: there no Ride
//! reaches it and, standing on no Ferry, no pass-through or beyond capture (FF-11, FF-17,
//! FF-18), so a Send or a boarding cannot expose it. A beyond capture (it may take an own
//! piece that shields the King) and a pinned dragon's pass-through (it may take the pinner and
//! land past it) are played and tested. On the Ferries' ranks every move is.

use super::attack::{self, army_in_check, attacked_as};
use super::banks;
use super::generate::{fallback, generate, Gen};
use super::victory;
use crate::board::{Move, MoveKind, MoveList, Position, Square};
use crate::movegen::attack::{leap_attacks, ray_attacks};
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
    if !v.pin_legality {
        list.retain(|m| leaves_royal_safe(pos, m));
        return;
    }
    let us = pos.army();
    let king = pos.royal_square(us);
    if king.is_none() {
        return;
    }
    let on_ferry_ranks = v.ferries.as_ref().is_some_and(|f| f.zone[king.index()]);
    let mut pins = [(Square::NONE, 0i16); MAX_PINS];
    let npins = match on_ferry_ranks {
        false => check_or_pins(pos, king, us, &mut pins),
        true => None,
    };
    let Some(npins) = npins else {
        list.retain(|m| leaves_royal_safe(pos, m));
        return;
    };
    let pins = &pins[..npins];
    // Without Ferries a King's board move changes nothing an attack on its destination
    // depends on but its own square (`king_step_safe`); with them it is played.
    let king_steps = v.ferries.is_none();
    list.retain(|m| {
        let from = m.from();
        if from == king {
            if m.is_castle() {
                return true;
            }
            if king_steps {
                return king_step_safe(pos, m, us);
            }
            return leaves_royal_safe(pos, m);
        }
        // A beyond capture may take one of the mover's own pieces (FF-18), which may be
        // shielding the King: played and tested like e.p.
        if matches!(m.kind(), MoveKind::EnPassant | MoveKind::Beyond) {
            return leaves_royal_safe(pos, m);
        }
        // A drop (no from square), a Send (the piece stays) or a piece that is not pinned
        // opens no line.
        if m.kind() == MoveKind::Send || pins.is_empty() {
            return true;
        }
        let mut pinned = pins.iter().filter(|p| p.0 == from).peekable();
        if pinned.peek().is_some() && m.kind() == MoveKind::PassThrough {
            return leaves_royal_safe(pos, m);
        }
        pinned.all(|&(_, d)| on_ray(pos, king, d, from, m.to()))
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

/// Is the King's move `m` (castling aside) legal: is its destination free of attack with the
/// King gone from its square? That is what playing it and asking would see when the move only
/// takes the King from `from` to `to`, capturing what stands there: an attack on `to` does not
/// depend on what stands on `to`, and the seat to move, the reserves and the counters do not
/// count. A move that does more (a promotion) is played.
fn king_step_safe(pos: &mut Position, m: Move, us: Army) -> bool {
    if !matches!(m.kind(), MoveKind::Normal | MoveKind::MultiStep) || m.promotion().is_some() {
        return leaves_royal_safe(pos, m);
    }
    let king = pos.piece_at(m.from()).piece();
    pos.with_lifted(m.from(), |p| !attacked_as(p, m.to(), us.enemy(), king))
}

/// Is the King on `king` (of `us`) in check (`None`), and if not, which own pieces are pinned
/// to it, with the pinning ray's step (from the King outward), written to `out` (`Some` of
/// how many)? `None` too when there are more than `MAX_PINS` pins. One scan of the enemy army's merged attack tables from the King serves both:
/// the leaps, then each ray to its first piece (an enemy there may give check) and past an
/// own piece to the next (an enemy rider there may pin it). A rider pins when some seat of its
/// army, moving it with that seat's forward, could attack the King along the line, and
/// (MIT-10) that seat's bank rule lets it attack the King from where the rider stands. The
/// check part is `attack::attacked` (the tables have no circular riders under
/// `pin_legality`, so walking is never needed).
fn check_or_pins(
    pos: &Position,
    king: Square,
    us: Army,
    out: &mut [(Square, i16); MAX_PINS],
) -> Option<usize> {
    let v = pos.variant();
    let them = us.enemy();
    let t = &v.army_attacks[them.index()];
    let cells = pos.cells();
    let checks = attack::table_accept(pos, king);
    if leap_attacks(v, cells, king, them, &checks) {
        return None;
    }
    let pins = |seat, from, k| banks::seat_may_attack(v, seat, k, from, king);
    let mut n = 0;
    for ra in &t.rays {
        let step = -ra.delta;
        let mut s = king;
        let mut steps = 0u32;
        let first = loop {
            s = s.offset(step);
            steps += 1;
            let c = cells[s.index()];
            if !c.is_empty() {
                break c;
            }
        };
        if first.is_army(them) {
            let k = first.piece_unchecked().kind();
            if ray_attacks(v, t, ra, king, s, k, steps, &checks) {
                return None;
            }
            continue;
        }
        if !first.is_army(us) {
            continue;
        }
        let blocker = s;
        let c = loop {
            s = s.offset(step);
            steps += 1;
            let c = cells[s.index()];
            if !c.is_empty() {
                break c;
            }
        };
        if c.is_army(them)
            && ray_attacks(v, t, ra, king, s, c.piece_unchecked().kind(), steps, &pins)
        {
            // More pins than the array holds (a game with many rider lines): give up, and
            // the caller tests every move by playing it.
            if n == MAX_PINS {
                return None;
            }
            out[n] = (blocker, step);
            n += 1;
        }
    }
    if let Some(f) = &v.ferries {
        if attack::ferry_attacks(pos, f, king, them, None) {
            return None;
        }
    }
    Some(n)
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
