//! Castling (FIDE article 3.8; TK-10 for Two Kingdoms): the king moves to a configured file and
//! the rook it castles with to another. Conditions: the right still stands, every square
//! between the king's and rook's start and end squares is empty (but for those two pieces),
//! and the king is not in check and does not pass through or land on an attacked square.

use super::attack::attacked;
use crate::board::{Move, MoveKind, MoveList, Position, Square};

/// Add the castling moves of the seat to move.
pub fn generate(pos: &Position, list: &mut MoveList) {
    let v = pos.variant();
    let Some(c) = &v.castling else { return };
    let army = pos.army();
    let rights = pos.castling_rights() >> (army.index() * 2) & 3;
    if rights == 0 {
        return;
    }
    let Some(king) = pos.find(army, c.king) else {
        return;
    };
    let them = army.enemy();
    if attacked(pos, king, them) {
        return;
    }
    for side in 0..2 {
        if rights >> side & 1 == 0 {
            continue;
        }
        let (kf, kt, rf, rt) = pos.castle_squares(army, side, king);
        if rf.is_none() || rf.rank() != kf.rank() {
            continue;
        }
        let rank = kf.rank();
        let lo = kf.file().min(kt.file()).min(rf.file()).min(rt.file());
        let hi = kf.file().max(kt.file()).max(rf.file()).max(rt.file());
        let clear = (lo..=hi).all(|f| {
            let s = Square::new(f, rank);
            s == kf || s == rf || pos.piece_at(s).is_empty()
        });
        if !clear {
            continue;
        }
        let (a, b) = (kf.file().min(kt.file()), kf.file().max(kt.file()));
        let safe = (a..=b).all(|f| {
            let s = Square::new(f, rank);
            s == kf || !attacked(pos, s, them)
        });
        if !safe {
            continue;
        }
        let kind = if side == 0 {
            MoveKind::CastleKing
        } else {
            MoveKind::CastleQueen
        };
        list.push(Move::new(kf, kt, kind));
    }
}
