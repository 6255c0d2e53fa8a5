//! Pseudo-legal move generation of the seat to move: every board move the rule modules allow
//! (`moves.rs`), expanded by promotion (the promotion zone, and the River's promotion on
//! crossing, WEY-4), plus the moves rule modules add: en passant (FIDE 3.7d, TK-8) and castling
//! (`castling.rs`). Pseudo-legal moves obey every movement rule; `legal.rs` keeps those that
//! leave no royal piece attacked.

use super::moves::piece_moves;
use super::{castling, river};
use crate::board::{Move, MoveKind, MoveList, Position};
use crate::types::{Army, Square};
use crate::variant::{PieceType, Variant};

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gen {
    All,
    /// Captures and promotions (for quiescence).
    Noisy,
}

/// Push a move, expanded into one move per promotion choice when it reaches the zone.
#[inline(always)]
fn push(
    v: &Variant,
    list: &mut MoveList,
    army: Army,
    pt: &PieceType,
    from: Square,
    to: Square,
    kind: MoveKind,
) {
    if pt.promotes && v.promotion_zone[army.index()][to.index()] {
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

/// Generate the pseudo-legal moves of the seat to move.
pub fn generate(pos: &Position, list: &mut MoveList, gen: Gen) {
    let v = pos.variant();
    let seat = pos.seat();
    let army = pos.army();
    let quiet = gen == Gen::All;
    for &from in pos.pieces_of(army) {
        let p = pos.piece_at(from).piece_unchecked();
        let pt = v.piece_type(p.kind());
        // In Noisy mode a promoting piece's quiet moves into the zone are promotions: include them.
        let quiet_here = quiet || pt.promotes;
        piece_moves(
            pos,
            pos.cells(),
            seat,
            from,
            p,
            quiet_here,
            |to, capture, multi| {
                if !quiet && !capture && !v.promotion_zone[army.index()][to.index()] {
                    return;
                }
                let kind = if multi {
                    MoveKind::MultiStep
                } else {
                    MoveKind::Normal
                };
                if let Some(r) = &v.river {
                    if let Some(into) = river::crossing_promotion(v, r, p.kind(), from, to) {
                        list.push(Move::with_promotion(from, to, kind, into));
                        return;
                    }
                }
                push(v, list, army, pt, from, to, kind);
            },
        );
    }
    for ep in pos.ep_squares() {
        for &from in pos.pieces_of(army) {
            if pos.ep_capture_reaches(seat, from, ep) {
                let pt = v.piece_type(pos.piece_at(from).piece_unchecked().kind());
                push(v, list, army, pt, from, ep, MoveKind::EnPassant);
            }
        }
    }
    if quiet && pos.castling_rights() != 0 {
        castling::generate(pos, list);
    }
}
