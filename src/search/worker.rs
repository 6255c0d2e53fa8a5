//! One search thread's alpha-beta: PVS with aspiration windows, quiescence on captures and
//! promotions (`worker/qsearch.rs`), check extension (for checks that do not lose material in
//! the exchange), null-move pruning (royal games only), reverse futility, late-move reductions
//! and pruning, static exchange pruning (`see.rs`), killers, butterfly and continuation
//! history, mate-distance pruning, and draws by repetition, move rule and dead material inside
//! the tree. Each thread keeps its own cache of evaluations (`eval::evaluate_cached`).
//!
//! References: <https://www.chessprogramming.org/Principal_Variation_Search>,
//! <https://www.chessprogramming.org/Null_Move_Pruning>,
//! <https://www.chessprogramming.org/Late_Move_Reductions>.

use super::movepick::{
    gravity, history_index, is_noisy, order, see_by_order, ContHistory, ContIndex, QuietOrder,
    Scores, HISTORY_SIZE,
};
use super::see::see_ge;
use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::board::{Move, MoveList, Position};
use crate::eval::{evaluate, evaluate_cached, EvalCache, EvalTables};
use crate::rules::draws::{dead_material, move_rule_reached};
use crate::rules::legal_moves_of;
use crate::rules::victory::decided;
use crate::rules::Outcome;
use crate::rules::{in_check, Gen};
use crate::tt::{Bound, TranspositionTable, TtHit};
use crate::types::Army;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

mod qsearch;

/// Null move: depth reduction base and divisor.
const NULL_BASE_R: i32 = 3;
const NULL_DEPTH_DIV: i32 = 4;
/// Reverse futility margin per ply.
const RFP_MARGIN: i32 = 90;
const RFP_DEPTH: i32 = 6;
/// Late move pruning: quiet moves tried beyond `LMP_BASE + depth^2` are skipped at low depth.
const LMP_BASE: usize = 3;
const LMP_DEPTH: i32 = 4;
/// Aspiration window half-width.
const ASPIRATION: i32 = 30;
/// Static exchange pruning at low depth: a capture losing more than `SEE_NOISY * depth`, a
/// quiet move losing more than `SEE_QUIET * depth^2`, is skipped.
const SEE_DEPTH: i32 = 6;
const SEE_NOISY: i32 = 90;
const SEE_QUIET: i32 = 25;
/// How often (nodes) the main thread looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

/// What every thread shares during a search.
pub struct Shared {
    pub tt: Arc<TranspositionTable>,
    pub stop: AtomicBool,
    /// Pondering: the clock does not run yet.
    pub pondering: AtomicBool,
}

/// Per-thread node counter on its own cache line.
#[repr(align(64))]
#[derive(Default)]
pub struct NodeCounter(pub AtomicU64);

/// A thread's search state, reused from search to search.
pub struct Worker {
    pub id: usize,
    pub pos: Position,
    pub eval: Arc<EvalTables>,
    pub shared: Arc<Shared>,
    pub counter: Arc<NodeCounter>,
    pub nodes: u64,
    pub seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    cont: ContHistory,
    /// The continuation-history index of the move that led to each ply (none at the root and
    /// after a null move).
    cont_stack: [ContIndex; MAX_PLY + 2],
    /// Evaluations of positions met before (iterative deepening meets most of them again).
    eval_cache: EvalCache,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Whether the side to move at each ply is in check, set by the parent (which tested it to
    /// decide the check extension) so the child need not test again.
    checks: [bool; MAX_PLY + 2],
    /// Main thread only: deadline and node limit checks.
    pub deadline: Option<Instant>,
    /// Main thread only: the hard budget (ms), and when the clock started running (the search
    /// start, or the ponder hit: a ponder search's clock starts then).
    pub hard_ms: Option<u64>,
    pub clock_start: Instant,
    pub pondered: bool,
    pub node_limit: Option<u64>,
    pub all_counters: Vec<Arc<NodeCounter>>,
    /// Root moves for this search.
    pub root_moves: Vec<Move>,
    /// The completed result: (depth, score, pv).
    pub completed: Option<(u32, i32, Vec<Move>)>,
}

impl Worker {
    pub fn new(
        id: usize,
        pos: Position,
        eval: Arc<EvalTables>,
        shared: Arc<Shared>,
        counter: Arc<NodeCounter>,
    ) -> Worker {
        let cont = ContHistory::new(pos.variant());
        Worker {
            id,
            pos,
            eval,
            shared,
            counter,
            nodes: 0,
            seldepth: 0,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            history: vec![0; HISTORY_SIZE],
            cont,
            cont_stack: [None; MAX_PLY + 2],
            eval_cache: EvalCache::new(),
            pv: vec![[Move::NONE; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            checks: [false; MAX_PLY + 2],
            deadline: None,
            hard_ms: None,
            clock_start: Instant::now(),
            pondered: false,
            node_limit: None,
            all_counters: Vec::new(),
            root_moves: Vec::new(),
            completed: None,
        }
    }

    /// Forget killers and history (new game).
    pub fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.cont.clear();
        self.killers.iter_mut().for_each(|k| *k = [Move::NONE; 2]);
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.shared.stop.load(Relaxed)
    }

    /// Count a node; the main thread checks the clock and node limit now and then.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.counter.0.store(self.nodes, Relaxed);
            if self.id == 0 {
                self.check_limits();
            }
        }
    }

    fn check_limits(&mut self) {
        if self.shared.pondering.load(Relaxed) {
            self.pondered = true;
            return;
        }
        self.start_clock_after_ponderhit();
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.shared.stop.store(true, Relaxed);
            }
        }
        if let Some(limit) = self.node_limit {
            let total: u64 = self.all_counters.iter().map(|c| c.0.load(Relaxed)).sum();
            if total >= limit {
                self.shared.stop.store(true, Relaxed);
            }
        }
    }

    /// After a ponder hit the clock runs from now.
    pub fn start_clock_after_ponderhit(&mut self) {
        if self.pondered {
            self.pondered = false;
            let now = Instant::now();
            self.clock_start = now;
            self.deadline = self
                .hard_ms
                .map(|h| now + std::time::Duration::from_millis(h));
        }
    }

    /// Search the root to `depth` with an aspiration window around `prev`. Returns the score,
    /// or None when stopped before any root move was finished at this depth.
    pub fn root(&mut self, depth: i32, prev: Option<i32>) -> Option<i32> {
        let (mut alpha, mut beta, mut delta) = match prev {
            Some(p) if depth >= 4 && p.abs() < MATE_BOUND => {
                (p - ASPIRATION, p + ASPIRATION, ASPIRATION)
            }
            _ => (-INFINITE, INFINITE, INFINITE),
        };
        loop {
            let s = self.root_search(depth, alpha, beta)?;
            if s <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta && beta < INFINITE {
                beta = (s + delta).min(INFINITE);
            } else {
                return Some(s);
            }
            delta += delta / 2 + 10;
            if delta > 600 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32) -> Option<i32> {
        let us = self.pos.army();
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        self.pv_len[0] = 0;
        let moves = self.root_moves.clone();
        for (i, &m) in moves.iter().enumerate() {
            self.cont_stack[1] = Some(self.cont.index(&self.pos, m));
            self.pos.make(m);
            self.tick();
            let gives_check = in_check(&self.pos);
            self.checks[1] = gives_check;
            let new_depth = depth - 1 + gives_check as i32;
            let mut s;
            if i == 0 {
                s = self.child(us, new_depth, 1, alpha, beta);
            } else {
                s = self.child(us, new_depth, 1, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped() {
                    s = self.child(us, new_depth, 1, alpha, beta);
                }
            }
            self.pos.unmake();
            if self.stopped() {
                break;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    self.update_pv(0, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if best_move.is_none() {
            return None;
        }
        // Best move first for the next iteration.
        if let Some(i) = self.root_moves.iter().position(|&m| m == best_move) {
            let m = self.root_moves.remove(i);
            self.root_moves.insert(0, m);
        }
        if self.stopped() && best <= -INFINITE {
            return None;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > -INFINITE {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            self.pos.key(),
            best_move,
            best as i16,
            depth.max(0) as u8,
            bound,
        );
        Some(best)
    }

    /// The principal variation of the last root search.
    pub fn pv_line(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = m;
        let n = child_len.min(MAX_PLY - 1);
        for i in 0..n {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = n + 1;
    }

    /// Search the position after a move made by army `parent`; the score comes back from
    /// `parent`'s view, negated only when the army to move changed.
    #[inline]
    fn child(&mut self, parent: Army, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.pos.army() == parent {
            self.search(depth, ply, alpha, beta)
        } else {
            -self.search(depth, ply, -beta, -alpha)
        }
    }

    fn outcome_score(&self, o: Outcome, ply: usize) -> i32 {
        match o {
            Outcome::Win { army, .. } if army == self.pos.army() => MATE - ply as i32,
            Outcome::Win { .. } => -(MATE - ply as i32),
            Outcome::Draw { .. } => 0,
        }
    }

    /// Draw by rule inside the tree: move rule, dead material, or any repetition of an
    /// earlier position within `Position::repetition_window` (twofold, the game's history
    /// before the root included).
    fn is_draw(&self) -> bool {
        let v = self.pos.variant();
        if move_rule_reached(&self.pos) {
            return true;
        }
        if v.draws.repetitions > 0 {
            let key = self.pos.key();
            let limit = self.pos.repetition_window();
            if self
                .pos
                .key_history()
                .rev()
                .take(limit)
                .skip(1)
                .any(|k| k == key)
            {
                return true;
            }
        }
        dead_material(&self.pos)
    }

    fn search(&mut self, mut depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.pv_len[ply] = 0;
        if self.stopped() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos, &self.eval);
        }
        if let Some(o) = decided(&self.pos) {
            return self.outcome_score(o, ply);
        }
        if self.is_draw() {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let checked = self.checks[ply];
        if depth <= 0 && !checked {
            return self.qsearch(ply, 0, alpha, beta);
        }
        depth = depth.max(1);
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key);
        let tt_move = tt.map_or(Move::NONE, |h| h.mv);
        if let Some(h) = tt {
            if !pv_node && h.depth as i32 >= depth {
                if let Some(s) = tt_cut(h, ply, alpha, beta) {
                    return s;
                }
            }
        }
        let royal = self.pos.variant().royal_mask != 0;
        let static_eval = if checked {
            -INFINITE
        } else {
            evaluate_cached(
                &self.pos,
                &self.eval,
                -i32::MAX,
                i32::MAX,
                &mut self.eval_cache,
            )
        };

        if !pv_node && !checked {
            // Reverse futility pruning.
            if depth <= RFP_DEPTH
                && static_eval - RFP_MARGIN * depth >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Null move: only where a royal piece makes zugzwang rare, and never with pawns only.
            if royal
                && depth >= 3
                && static_eval >= beta
                && self.has_pieces()
                && self.pos.last_move() != Move::NONE
            {
                let r = NULL_BASE_R + depth / NULL_DEPTH_DIV;
                let us = self.pos.army();
                self.pos.make_null();
                self.checks[ply + 1] = false;
                self.cont_stack[ply + 1] = None;
                let s = self.child(us, depth - 1 - r, ply + 1, beta - 1, beta);
                self.pos.unmake_null();
                if self.stopped() {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        let mut list = MoveList::new();
        legal_moves_of(&mut self.pos, &mut list, Gen::All);
        if list.is_empty() {
            return if royal && checked {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        let killers = self.killers[ply];
        let mut scores: Scores = [0; crate::board::moves::MAX_MOVES];
        let prev = self.prev_moves(ply);
        let mut ordered = order(
            &self.pos,
            &self.eval,
            &mut list,
            tt_move,
            &QuietOrder {
                killers,
                history: &self.history,
                cont: self.cont.rows(prev),
            },
            &mut scores,
        );
        let us = self.pos.army();
        let old_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut quiets_tried: [Move; 64] = [Move::NONE; 64];
        let mut nquiets = 0usize;
        let mut next = 0;
        while next < list.len() {
            let i = next;
            next += 1;
            ordered.reach(i, &mut list, &mut scores);
            let m = list.as_slice()[i];
            let noisy = is_noisy(&self.pos, m);
            // Late move pruning of quiet moves at low depth: the quiet moves after this one
            // are pruned too (the test only grows stricter), unsorted.
            if !pv_node
                && !checked
                && !noisy
                && depth <= LMP_DEPTH
                && i > LMP_BASE + (depth * depth) as usize
                && best > -MATE_BOUND
            {
                next = ordered.quiets_end(i).unwrap_or(next);
                continue;
            }
            // Static exchange pruning at low depth (a capture that ordering found not to lose
            // material clears every threshold here).
            if !pv_node
                && !checked
                && depth <= SEE_DEPTH
                && i > 0
                && best > -MATE_BOUND
                && !(noisy && see_by_order(scores[i]) == Some(true))
                && !see_ge(
                    &self.pos,
                    &self.eval,
                    m,
                    if noisy {
                        -SEE_NOISY * depth
                    } else {
                        -SEE_QUIET * depth * depth
                    },
                )
            {
                continue;
            }
            let hist_idx = if noisy {
                0
            } else {
                history_index(&self.pos, m)
            };
            self.cont_stack[ply + 1] = Some(self.cont.index(&self.pos, m));
            self.pos.make(m);
            self.tick();
            let gives_check = in_check(&self.pos);
            self.checks[ply + 1] = gives_check;
            let new_depth = depth - 1
                + (gives_check && ply < MAX_PLY / 2 && self.safe_check(m, see_by_order(scores[i])))
                    as i32;
            let mut s;
            if i == 0 {
                s = self.child(us, new_depth, ply + 1, alpha, beta);
            } else {
                // Late move reductions for quiet moves.
                let mut r = 0;
                if depth >= 3 && !noisy && !checked && !gives_check && i >= 3 {
                    r = (0.75 + (depth as f32).ln() * (i as f32).ln() / 2.25) as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if m == killers[0] || m == killers[1] {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                s = self.child(us, new_depth - r, ply + 1, alpha, alpha + 1);
                if s > alpha && r > 0 {
                    s = self.child(us, new_depth, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta {
                    s = self.child(us, new_depth, ply + 1, alpha, beta);
                }
            }
            self.pos.unmake();
            if self.stopped() {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = m;
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if !noisy {
                            self.reward_quiet(
                                ply,
                                m,
                                hist_idx,
                                depth,
                                prev,
                                &quiets_tried[..nquiets],
                            );
                        }
                        break;
                    }
                }
            }
            if !noisy && nquiets < quiets_tried.len() {
                quiets_tried[nquiets] = m;
                nquiets += 1;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            best_move,
            score_to_tt(best, ply) as i16,
            depth as u8,
            bound,
        );
        best
    }

    /// Whether the check just given by `m` (made) does not lose material in the exchange on
    /// its destination (`see.rs`): only such checks are extended. `known` is what move ordering
    /// already learnt of the exchange (`see_by_order`); otherwise the move is taken back to
    /// look.
    fn safe_check(&mut self, m: Move, known: Option<bool>) -> bool {
        known.unwrap_or_else(|| {
            self.pos.unmake();
            let safe = see_ge(&self.pos, &self.eval, m, 0);
            self.pos.make(m);
            safe
        })
    }

    fn has_pieces(&self) -> bool {
        let v = self.pos.variant();
        self.pos.pieces_of(self.pos.army()).iter().any(|&s| {
            let pt = v.piece_type(self.pos.piece_at(s).piece_unchecked().kind());
            !pt.royal && !pt.promotes
        })
    }

    /// The continuation-history indices of the moves one and two plies before `ply`.
    #[inline]
    fn prev_moves(&self, ply: usize) -> [ContIndex; 2] {
        [
            self.cont_stack[ply],
            ply.checked_sub(1).and_then(|p| self.cont_stack[p]),
        ]
    }

    /// A quiet move `m` refuted the position: it becomes a killer, and its history (butterfly
    /// and continuation, answering `prev`) grows while that of the quiet moves `tried` before
    /// it shrinks.
    fn reward_quiet(
        &mut self,
        ply: usize,
        m: Move,
        idx: usize,
        depth: i32,
        prev: [ContIndex; 2],
        tried: &[Move],
    ) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let bonus = history_bonus(depth);
        self.history[idx] = gravity(self.history[idx], bonus);
        // The index of `m`, the move just searched from `ply`, is still on the stack.
        if let Some(ci) = self.cont_stack[ply + 1] {
            self.cont.update(prev, ci, bonus);
        }
        for &q in tried {
            let qi = history_index(&self.pos, q);
            self.history[qi] = gravity(self.history[qi], -bonus);
            let ci = self.cont.index(&self.pos, q);
            self.cont.update(prev, ci, -bonus);
        }
    }
}

/// The history reward (or, negated, penalty) of a quiet move at a cutoff at `depth`: large
/// enough against `HISTORY_MAX` that the tables follow the search (after Stockfish's
/// `stat_bonus`; it was `depth^2` up to 400, so a value took hundreds of cutoffs to turn).
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (32 * depth * depth + 128 * depth - 128).min(2400)
}

/// The score of a TT entry when its bound settles the (alpha, beta) window, else `None`.
fn tt_cut(h: TtHit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(h.score as i32, ply);
    let cut = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
        Bound::None => false,
    };
    cut.then_some(s)
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
