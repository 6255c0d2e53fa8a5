//! Pseudo-legal move generation of the seat to move: every board move the rule modules allow
//! (`moves.rs`), expanded by promotion (the promotion zone, and the River's promotion on
//! crossing, WEY-4; optional ranks and limited choices, FF-21, FF-22), plus the moves rule
//! modules add: en passant (FIDE 3.7d, TK-8), castling (`castling.rs`), drops
//! (`reserves.rs`), the Ferries' moves and the beyond captures (`ferry.rs`). The MIT-12 fallback moves are generated here
//! too (`fallback`), for `legal.rs` to use when nothing else is legal. Pseudo-legal moves obey every movement rule; `legal.rs` keeps those that
//! leave no royal piece attacked.

use super::moves::{piece_moves_of, SeatMoves};
use super::{banks, castling, ferry, reserves, river};
use crate::board::{Move, MoveKind, MoveList, Position};
use crate::movegen::walk;
use crate::types::{Army, Piece, Square};
use crate::variant::PieceType;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gen {
    All,
    /// Captures and promotions (for quiescence).
    Noisy,
}

/// Push a move, expanded into one move per promotion choice when it reaches the zone: the
/// choices a limit allows (FF-21, FF-22), and on an optional rank the move without promotion.
#[inline(always)]
fn push(
    pos: &Position,
    list: &mut MoveList,
    army: Army,
    pt: &PieceType,
    from: Square,
    to: Square,
    kind: MoveKind,
) {
    let v = pos.variant();
    if !pt.promotes {
        list.push(Move::new(from, to, kind));
        return;
    }
    let zone = v.promotion_zone[army.index()][to.index()];
    if zone == 0 {
        list.push(Move::new(from, to, kind));
        return;
    }
    let p = v
        .promotion
        .as_ref()
        .expect("promotes implies a promotion rule");
    let limit = p.limits[zone as usize - 1];
    if zone > 1 {
        list.push(Move::new(from, to, kind));
    }
    for &k in &p.choices {
        if limit != 0 {
            let start = v.start_counts[army.index()][k.index()];
            if pos.count(army, k) as u32 >= limit as u32 * start as u32 {
                continue;
            }
        }
        list.push(Move::with_promotion(from, to, kind, k));
    }
}

/// Push a board move of `piece` (a multi-step when `multi`), promoted on crossing the River
/// (WEY-4, MIT-7) or expanded by the promotion zone's choices.
#[inline(always)]
fn push_board_move(
    pos: &Position,
    list: &mut MoveList,
    piece: Piece,
    pt: &PieceType,
    from: Square,
    to: Square,
    multi: bool,
) {
    let v = pos.variant();
    let kind = if multi {
        MoveKind::MultiStep
    } else {
        MoveKind::Normal
    };
    if let Some(r) = &v.river {
        if let Some(into) = river::crossing_promotion(v, r, piece.kind(), from, to) {
            list.push(Move::with_promotion(from, to, kind, into));
            return;
        }
    }
    push(pos, list, piece.army(), pt, from, to, kind);
}

/// Generate the pseudo-legal moves of the seat to move.
pub fn generate(pos: &Position, list: &mut MoveList, gen: Gen) {
    let v = pos.variant();
    let seat = pos.seat();
    let army = pos.army();
    let quiet = gen == Gen::All;
    let sm = SeatMoves::new(v, seat);
    // MIT-3: the seat's bank, when it has one (pieces too far from it have no moves).
    let home = v.banks.as_ref().and(v.seats[seat.index()].bank);
    for &from in pos.pieces_of(army) {
        let p = pos.piece_at(from).piece_unchecked();
        let pt = v.piece_type(p.kind());
        let orient = sm.orientation(v, from);
        if let Some(bank) = home {
            let reach = pt.reach[orient as usize][bank as usize];
            if v.bank(from) != bank && reach < banks::distance(v, bank, from) {
                continue;
            }
        }
        // FF-18: a quiet move may capture beyond its destination.
        let beyond = v
            .ferries
            .as_ref()
            .is_some_and(|f| p.kind().in_mask(f.beyond));
        // In Noisy mode a promoting piece's quiet moves into the zone are promotions, and a
        // beyond move may capture: include them.
        let quiet_here = quiet || pt.promotes || beyond;
        let list = &mut *list;
        piece_moves_of(
            pos,
            pos.cells(),
            &sm,
            from,
            p,
            quiet_here,
            move |to, capture, multi| {
                let v = pos.variant();
                if beyond && !capture {
                    match ferry::beyond(pos, pt, orient as usize, from, to) {
                        ferry::Beyond::Plain => {}
                        ferry::Beyond::Takes => {
                            list.push(Move::new(from, to, MoveKind::Beyond));
                            return;
                        }
                        ferry::Beyond::Forbidden => return,
                    }
                }
                if !quiet && !capture && v.promotion_zone[p.army().index()][to.index()] == 0 {
                    return;
                }
                // MIT-10 (decision): no move lands on a royal piece in games with banks.
                if capture && v.banks.is_some() && lands_on_royal(pos, to) {
                    return;
                }
                push_board_move(pos, list, p, pt, from, to, multi);
            },
        );
    }
    if let Some(f) = &v.ferries {
        ferry::generate(pos, f, list, quiet);
    }
    for ep in pos.ep_squares() {
        for &from in pos.pieces_of(army) {
            if pos.ep_capture_reaches(seat, from, ep) {
                let pt = v.piece_type(pos.piece_at(from).piece_unchecked().kind());
                push(pos, list, army, pt, from, ep, MoveKind::EnPassant);
            }
        }
    }
    if quiet && pos.castling_rights() != 0 {
        castling::generate(pos, list);
    }
    if quiet && v.drops {
        reserves::generate(pos, list);
    }
}

/// Does a capture on `to` take a royal piece?
#[inline]
fn lands_on_royal(pos: &Position, to: Square) -> bool {
    pos.piece_at(to)
        .piece()
        .is_some_and(|p| p.kind().in_mask(pos.variant().royal_mask))
}

/// MIT-12: the board moves of the army to move wholly on the other bank of the seat to move,
/// with the seat's own forward (no drops). Only the River's filters apply.
pub fn fallback(pos: &Position, list: &mut MoveList) {
    let v = pos.variant();
    let seat = pos.seat();
    let army = pos.army();
    let Some(bank) = v.seats[seat.index()].bank else {
        return;
    };
    let cells = pos.cells();
    for &from in pos.pieces_of(army) {
        if v.bank(from) == bank {
            continue;
        }
        let p = pos.piece_at(from).piece_unchecked();
        let pt = v.piece_type(p.kind());
        let orient = v.orientation(seat, from);
        walk(v, cells, from, p, orient, true, |to, capture, multi| {
            if !banks::wholly_on_other_bank(v, bank, from, to) {
                return;
            }
            if capture && lands_on_royal(pos, to) {
                return;
            }
            if let Some(r) = &v.river {
                if !river::allows(v, r, p.kind(), from, to, cells[to.index()]) {
                    return;
                }
            }
            push_board_move(pos, list, p, pt, from, to, multi);
        });
    }
}
