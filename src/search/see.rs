//! Static exchange evaluation: does a move win at least `threshold` once both sides have
//! recaptured on its destination with their least valuable pieces, each free to stop? For any
//! game whose attacks the compiled tables answer (`rules::attack::least_attacker`); where they
//! cannot (walking games, circular riders), a cheaper test stands in: a capture by a dearer
//! piece onto a defended square loses the difference.
//!
//! What is left out, as in most engines: pins, promotions on recaptures, and the captures only
//! Ferries make (FF-11, FF-17, FF-18) after the first move.
//!
//! Reference: <https://www.chessprogramming.org/Static_Exchange_Evaluation> (the swap
//! algorithm with a threshold, as in Stockfish's `Position::see_ge`).

use crate::board::{Move, MoveKind, Position};
use crate::eval::{value, EvalTables};
use crate::rules::attack::{attacked_as, least_attacker};
use crate::types::{Cell, Piece, PieceKind};

/// Rank of a royal piece among attackers: it recaptures last.
const ROYAL_RANK: i32 = i32::MAX / 2;

/// Does `m` gain at least `threshold` centipawns in the exchange on its destination?
pub fn see_ge(pos: &Position, t: &EvalTables, m: Move, threshold: i32) -> bool {
    let v = pos.variant();
    let us = pos.army();
    let victim = match pos.captured_piece(m) {
        Some(p) if p.army() == us => -value(t, p.kind()),
        Some(p) => value(t, p.kind()),
        None => 0,
    };
    let moving = match m.kind() {
        MoveKind::Drop => m.dropped(),
        MoveKind::Normal
        | MoveKind::MultiStep
        | MoveKind::Ride
        | MoveKind::PassThrough
        | MoveKind::Beyond => pos.piece_at(m.from()).piece().map(|p| p.kind()),
        // Castling, e.p. and Sends: their first gain only.
        _ => None,
    };
    let promo_gain = match (m.promotes_to(), moving) {
        (Some(p), Some(k)) => value(t, p) - value(t, k),
        _ => 0,
    };
    let Some(moving) = moving else {
        return victim >= threshold;
    };
    let on_to = m.promotes_to().unwrap_or(moving);
    let mut swap = victim + promo_gain - threshold;
    if swap < 0 {
        return false;
    }
    let royal = |k: PieceKind| k.in_mask(v.royal_mask);
    let rank = |k: PieceKind| {
        if royal(k) {
            ROYAL_RANK
        } else {
            value(t, k)
        }
    };
    swap = rank(on_to) - swap;
    if swap <= 0 {
        return true;
    }
    let to = m.to();
    let mut cells = *pos.cells();
    if m.kind() != MoveKind::Drop {
        cells[m.from().index()] = Cell::EMPTY;
    }
    if let Some(s) = pos.captured_square(m) {
        cells[s.index()] = Cell::EMPTY;
    }
    cells[to.index()] = Cell::from_piece(Piece::new(us, on_to));
    let mut stm = us;
    let mut res = true;
    loop {
        stm = stm.enemy();
        let Some(found) = least_attacker(pos, &cells, to, stm, rank) else {
            return fallback(pos, t, m, moving, victim, threshold);
        };
        let Some((from, kind)) = found else {
            break;
        };
        res = !res;
        cells[from.index()] = Cell::EMPTY;
        if royal(kind) {
            // A royal piece may recapture only where nothing recaptures it.
            let answered =
                least_attacker(pos, &cells, to, stm.enemy(), rank).is_none_or(|a| a.is_some());
            return if answered { !res } else { res };
        }
        swap = rank(kind) - swap;
        if swap < res as i32 {
            break;
        }
        cells[to.index()] = Cell::from_piece(Piece::new(stm, kind));
    }
    res
}

/// For games the tables do not answer: a move onto a square the enemy attacks loses the
/// moving piece, one onto a free square keeps it.
fn fallback(
    pos: &Position,
    t: &EvalTables,
    m: Move,
    moving: PieceKind,
    victim: i32,
    threshold: i32,
) -> bool {
    let mover = Piece::new(pos.army(), moving);
    if victim - value(t, moving) >= threshold {
        return true;
    }
    !attacked_as(pos, m.to(), pos.army().enemy(), Some(mover))
}
