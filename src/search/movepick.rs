//! Move ordering: the TT move, then captures and promotions that do not lose material (static
//! exchange, `see.rs`) by MVV/LVA, then killers, then quiet moves by history, then the losing
//! captures. The TT move is used only if it is among the generated legal moves,
//! which re-validates it against hash collisions.

use super::see::see_ge;
use crate::board::{Move, MoveKind, MoveList, Position};
use crate::eval::{value, EvalTables};
use crate::types::PieceKind;

const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
/// The range of MVV/LVA within the noisy bands.
const MVV_LVA_LIMIT: i32 = 1 << 21;
/// Below every quiet move's history (which stays within +/- 2^15).
const BAD_NOISY: i32 = -(1 << 24);

/// Is the move a capture or promotion?
#[inline]
pub fn is_noisy(pos: &Position, m: Move) -> bool {
    m.promotes_to().is_some() || pos.captured_square(m).is_some()
}

/// Gain-first score of a noisy move (MVV/LVA).
#[inline]
pub fn mvv_lva(pos: &Position, t: &EvalTables, m: Move) -> i32 {
    let victim = pos.captured_piece(m).map_or(0, |p| value(t, p.kind()));
    let attacker = match m.dropped() {
        Some(_) => 0,
        None => pos
            .piece_at(m.from())
            .piece()
            .map_or(0, |p| value(t, p.kind())),
    };
    let promo = m.promotes_to().map_or(0, |k| value(t, k));
    victim * 16 + promo * 16 - attacker / 8
}

/// Ordering scores, one per move of the ordered list.
pub type Scores = [i32; crate::board::moves::MAX_MOVES];

/// What ordering learnt of a move's static exchange: `Some(true)` for a capture or promotion
/// that does not lose material, `Some(false)` for one that does, `None` when it did not look
/// (the TT move, quiet moves).
#[inline]
pub fn see_by_order(score: i32) -> Option<bool> {
    if (NOISY - KILLER..TT_MOVE).contains(&score) {
        Some(true)
    } else if score < BAD_NOISY + KILLER {
        Some(false)
    } else {
        None
    }
}

/// Order `list` in place, best first; `scores` gets the ordering score of each move (by its
/// new index).
pub fn order(
    pos: &Position,
    t: &EvalTables,
    list: &mut MoveList,
    tt_move: Move,
    killers: &[Move; 2],
    history: &[i32],
    scores: &mut Scores,
) {
    for (i, &m) in list.as_slice().iter().enumerate() {
        scores[i] = if m == tt_move {
            TT_MOVE
        } else if is_noisy(pos, m) {
            let base = if see_ge(pos, t, m, 0) {
                NOISY
            } else {
                BAD_NOISY
            };
            // Clamped so that the score still tells good from bad (`see_by_order`) whatever
            // a config's piece values.
            base + mvv_lva(pos, t, m).clamp(-MVV_LVA_LIMIT, MVV_LVA_LIMIT)
        } else if m == killers[0] {
            KILLER + 1
        } else if m == killers[1] {
            KILLER
        } else {
            history[history_index(pos, m)]
        };
    }
    // Insertion sort: lists are short and mostly ordered.
    let moves = list.as_mut_slice();
    for i in 1..moves.len() {
        let (m, s) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < s {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = m;
        scores[j] = s;
    }
}

/// Size of a history table.
pub const HISTORY_SIZE: usize = crate::board::Piece::CODES * crate::types::geometry::BOARD_CELLS;

/// History slot of a quiet move: (moving piece, destination).
#[inline]
pub fn history_index(pos: &Position, m: Move) -> usize {
    let code = if m.kind() == MoveKind::Drop {
        crate::board::Piece::new(pos.army(), m.promotion().unwrap_or(PieceKind(0))).code()
    } else {
        pos.piece_at(m.from()).piece().map_or(0, |p| p.code())
    };
    code * crate::types::geometry::BOARD_CELLS + m.to().index()
}
