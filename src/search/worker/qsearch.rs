//! Quiescence search: captures and promotions from a stand-pat score, losing captures skipped
//! by static exchange, evasions when in check for its first plies. It probes the TT (any
//! entry's bound may cut) and stores its results at depth 0, which no full-width node uses for
//! a cutoff (they need depth >= 1).

use super::{score_to_tt, tt_cut, Worker};
use crate::board::{Move, MoveList};
use crate::eval::{evaluate, evaluate_cached};
use crate::rules::victory::decided;
use crate::rules::{in_check, legal_moves_of, Gen};
use crate::search::movepick::{order, see_by_order, ContRows, QuietOrder, Scores};
use crate::search::see::see_ge;
use crate::search::{INFINITE, MATE, MAX_PLY};
use crate::tt::Bound;

/// Quiescence plies in which a side in check searches every evasion (see `qsearch`).
const QS_EVASION_PLIES: u32 = 16;

impl Worker {
    /// A capture that loses material in the exchange on its destination (`see.rs`), skipped
    /// in quiescence; `score` is its ordering score, which knows the answer unless it is the
    /// TT move. A beyond capture of an own piece (FF-18) is never skipped here.
    fn losing_capture(&self, m: Move, score: i32) -> bool {
        if self
            .pos
            .captured_piece(m)
            .is_some_and(|p| p.army() == self.pos.army())
        {
            return false;
        }
        match see_by_order(score) {
            Some(good) => !good,
            None => !see_ge(&self.pos, &self.eval, m, 0),
        }
    }

    /// Quiescence: captures and promotions, and every move when in check for the first
    /// `QS_EVASION_PLIES` plies of it (`qply` counts them); deeper, a side in check stands pat
    /// like any other, so that a chain of quiet evasions that give check back (a Send or a Ride
    /// in Flight and Ferry can) cannot run the tree to its maximum depth.
    pub(super) fn qsearch(&mut self, ply: usize, qply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = 0;
        if self.stopped() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = decided(&self.pos) {
            return self.outcome_score(o, ply);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos, &self.eval);
        }
        let checked = self.checks[ply] && qply < QS_EVASION_PLIES;
        // Evasions are every move, quiet ones too, which may go round in a cycle: a repetition
        // is a draw.
        if checked && self.is_draw() {
            return 0;
        }
        let key = self.pos.key();
        let mut tt_move = Move::NONE;
        if let Some(h) = self.shared.tt.probe(key) {
            if let Some(s) = tt_cut(h, ply, alpha, beta) {
                return s;
            }
            tt_move = h.mv;
        }
        let mut best = -INFINITE;
        if !checked {
            let stand = evaluate_cached(&self.pos, &self.eval, alpha, beta, &mut self.eval_cache);
            if stand >= beta {
                self.shared.tt.store(
                    key,
                    Move::NONE,
                    score_to_tt(stand, ply) as i16,
                    0,
                    Bound::Lower,
                );
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut list = MoveList::new();
        legal_moves_of(
            &mut self.pos,
            &mut list,
            if checked { Gen::All } else { Gen::Noisy },
        );
        if list.is_empty() {
            if checked {
                return -(MATE - ply as i32);
            }
            return best;
        }
        // The TT move, then captures that do not lose material by MVV/LVA, then the losing
        // ones (evasions: quiet moves by history in between; `movepick::order`).
        let mut scores: Scores = [0; crate::board::moves::MAX_MOVES];
        let mut ordered = order(
            &self.pos,
            &self.eval,
            &mut list,
            tt_move,
            &QuietOrder {
                killers: [Move::NONE; 2],
                history: &self.history,
                cont: ContRows::NONE,
            },
            &mut scores,
        );
        let us = self.pos.army();
        let mut best_move = Move::NONE;
        for i in 0..list.len() {
            ordered.reach(i, &mut list, &mut scores);
            let m = list.as_slice()[i];
            if !checked && self.losing_capture(m, scores[i]) {
                continue;
            }
            self.pos.make(m);
            self.tick();
            self.checks[ply + 1] = in_check(&self.pos);
            let s = if self.pos.army() == us {
                self.qsearch(ply + 1, qply + 1, alpha, beta)
            } else {
                -self.qsearch(ply + 1, qply + 1, -beta, -alpha)
            };
            self.pos.unmake();
            if self.stopped() {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = m;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, best_move, score_to_tt(best, ply) as i16, 0, bound);
        best
    }
}
