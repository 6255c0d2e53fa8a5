//! Move ordering: the TT move, then captures and promotions that do not lose material (static
//! exchange, `see.rs`) by MVV/LVA, then killers, then quiet moves by history (butterfly
//! history plus continuation history: how well the move answered the moves one and two plies
//! before), then the losing captures. The TT move is used only if it is among the generated
//! legal moves, which re-validates it against hash collisions. The quiet moves are sorted only
//! as the search reaches them (`Ordered`).

use super::see::see_ge;
use crate::board::{Move, MoveKind, MoveList, Piece, Position};
use crate::eval::{value, EvalTables};
use crate::types::PieceKind;
use crate::variant::Variant;

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

/// What orders the quiet moves of a node: its killers, the butterfly history, and the
/// continuation-history rows of the moves before it.
pub struct QuietOrder<'a> {
    pub killers: [Move; 2],
    pub history: &'a [i32],
    pub cont: ContRows<'a>,
}

/// The quiet moves (killers aside) of a list `order` has ordered, not yet sorted: they stand
/// in generation order between the TT move, the noisy moves that do not lose material and the
/// killers before them, and the losing noisy moves after them. `reach` picks the best of them
/// when the search gets to each, so a node cut off before (by the TT move or a capture, as
/// most cut nodes are) never sorts them, and one that prunes the rest (late move pruning) sorts
/// no more of them than it searched. The order is the one a stable sort of every move by its
/// score gives: the bands do not overlap.
pub struct Ordered {
    quiets: std::ops::Range<usize>,
}

impl Ordered {
    /// Before the search takes move `i` of `list`: if `i` is among the quiet moves, bring the
    /// best of the quiet moves from `i` on to `i` (the first of equals, the others keeping
    /// their order).
    #[inline]
    pub fn reach(&mut self, i: usize, list: &mut MoveList, scores: &mut Scores) {
        if !self.quiets.contains(&i) {
            return;
        }
        let end = self.quiets.end;
        let mut best = i;
        for j in i + 1..end {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        if best > i {
            list.as_mut_slice()[i..=best].rotate_right(1);
            scores[i..=best].rotate_right(1);
        }
    }

    /// Where the quiet moves end, for a search that skips every quiet move from `i` on;
    /// `None` when `i` is not among them.
    #[inline]
    pub fn quiets_end(&self, i: usize) -> Option<usize> {
        self.quiets.contains(&i).then_some(self.quiets.end)
    }
}

/// Order `list` in place, best first, but for the quiet moves other than the killers, which
/// `Ordered::reach` sorts later; `scores` gets the ordering score of each move (by its new
/// index).
pub fn order(
    pos: &Position,
    t: &EvalTables,
    list: &mut MoveList,
    tt_move: Move,
    quiet: &QuietOrder,
    scores: &mut Scores,
) -> Ordered {
    // Moves that go before the quiet ones, and after them.
    let (mut before, mut after) = (0, 0);
    for (i, &m) in list.as_slice().iter().enumerate() {
        scores[i] = if m == tt_move {
            before += 1;
            TT_MOVE
        } else if is_noisy(pos, m) {
            // Clamped so that the score still tells good from bad (`see_by_order`) whatever
            // a config's piece values.
            let mvv_lva = mvv_lva(pos, t, m).clamp(-MVV_LVA_LIMIT, MVV_LVA_LIMIT);
            if see_ge(pos, t, m, 0) {
                before += 1;
                NOISY + mvv_lva
            } else {
                after += 1;
                BAD_NOISY + mvv_lva
            }
        } else if m == quiet.killers[0] {
            before += 1;
            KILLER + 1
        } else if m == quiet.killers[1] {
            before += 1;
            KILLER
        } else {
            quiet.history[history_index(pos, m)] + quiet.cont.score(pos, m)
        };
    }
    let n = list.len();
    sort_bands(list.as_mut_slice(), &mut scores[..n]);
    Ordered {
        quiets: before..n - after,
    }
}

/// Stable insertion sort of `moves` by their `scores`, highest first, with the quiet moves'
/// history scores (within +/- 3 x HISTORY_MAX, far inside (BAD_NOISY + KILLER, KILLER)) taken
/// as equal: the few other moves move past them, and they keep their generation order.
#[inline]
fn sort_bands(moves: &mut [Move], scores: &mut [i32]) {
    let key = |s: i32| {
        if (BAD_NOISY + KILLER..KILLER).contains(&s) {
            0
        } else {
            s
        }
    };
    for i in 1..moves.len() {
        let (m, s) = (moves[i], scores[i]);
        let k = key(s);
        let mut j = i;
        while j > 0 && key(scores[j - 1]) < k {
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
    let code = moving_piece(pos, m).map_or(0, |p| p.code());
    code * crate::types::geometry::BOARD_CELLS + m.to().index()
}

/// The piece a move moves, in the position before it (a drop's is the dropped piece).
#[inline]
fn moving_piece(pos: &Position, m: Move) -> Option<Piece> {
    if m.kind() == MoveKind::Drop {
        Some(Piece::new(
            pos.army(),
            m.promotion().unwrap_or(PieceKind(0)),
        ))
    } else {
        pos.piece_at(m.from()).piece()
    }
}

/// Largest continuation-history index range: (pieces x squares) beyond it fold onto it, so a
/// config with many piece kinds on a large board keeps the table within a few tens of MB.
const CONT_LIMIT: usize = 3072;
/// History values stay within +/- this (the gravity of `gravity`).
const HISTORY_MAX: i32 = 16384;

/// A history value `h` rewarded (`bonus` > 0) or punished (`bonus` < 0): the closer `h` is to
/// +/- `HISTORY_MAX` in the bonus's direction, the less it moves, so it never passes it.
#[inline]
pub fn gravity(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// Continuation history (after Stockfish's `continuationHistory`): for each (piece,
/// destination) of a previous move, how good each (piece, destination) quiet move was as an
/// answer to it. One table serves one and two plies back.
pub struct ContHistory {
    /// Squares on the board (files x ranks), the board's width, the variant's piece kinds.
    cells: usize,
    files: usize,
    kinds: usize,
    /// Number of indices (after folding): rows and columns of `table`.
    n: usize,
    table: Vec<i16>,
}

/// A move's continuation-history index, or none (a null move, no move yet).
pub type ContIndex = Option<usize>;

impl ContHistory {
    pub fn new(v: &Variant) -> ContHistory {
        let files = v.files as usize;
        let cells = files * v.ranks as usize;
        let kinds = v.pieces.len();
        let n = ((2 * kinds + 1) * cells).min(CONT_LIMIT);
        ContHistory {
            cells,
            files,
            kinds,
            n,
            table: vec![0; n * n],
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }

    /// Index of a move (a drop or a board move) in the position before it is made.
    #[inline]
    pub fn index(&self, pos: &Position, m: Move) -> usize {
        let p = moving_piece(pos, m).map_or(0, |p| {
            1 + p.army().0 as usize * self.kinds + p.kind().0 as usize
        });
        let to = m.to();
        let sq = to.dense_index(self.files);
        let i = p * self.cells + sq;
        // Only an index beyond the table (many piece kinds on a large board) is folded: no
        // division otherwise.
        if i < self.n {
            i
        } else {
            i % self.n
        }
    }

    /// The rows answering the moves one and two plies before.
    #[inline]
    pub fn rows(&self, prev: [ContIndex; 2]) -> ContRows<'_> {
        let row = |p: ContIndex| p.map(|i| &self.table[i * self.n..(i + 1) * self.n]);
        ContRows {
            hist: Some(self),
            rows: [row(prev[0]), row(prev[1])],
        }
    }

    /// Reward (`bonus` > 0) or punish a quiet move `cur` answering `prev`.
    #[inline]
    pub fn update(&mut self, prev: [ContIndex; 2], cur: usize, bonus: i32) {
        for p in prev.into_iter().flatten() {
            let h = &mut self.table[p * self.n + cur];
            *h = gravity(*h as i32, bonus) as i16;
        }
    }
}

/// The continuation-history rows a node orders its quiet moves by.
#[derive(Clone, Copy)]
pub struct ContRows<'a> {
    hist: Option<&'a ContHistory>,
    rows: [Option<&'a [i16]>; 2],
}

impl ContRows<'_> {
    /// No continuation history (quiescence).
    pub const NONE: ContRows<'static> = ContRows {
        hist: None,
        rows: [None, None],
    };

    #[inline]
    pub fn score(&self, pos: &Position, m: Move) -> i32 {
        let Some(h) = self.hist else { return 0 };
        if self.rows[0].is_none() && self.rows[1].is_none() {
            return 0;
        }
        let i = h.index(pos, m);
        self.rows.iter().flatten().map(|r| r[i] as i32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tables;
    use crate::rules::{legal_moves_of, Gen};
    use crate::variant::builtin;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The order a stable sort of the generated moves by their scores gives, the scores
    /// computed here one by one: what `order` and `Ordered::reach` must reproduce.
    fn sorted_by_score(
        pos: &Position,
        t: &EvalTables,
        moves: &[Move],
        tt: Move,
        q: &QuietOrder,
    ) -> Vec<Move> {
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = if m == tt {
                    TT_MOVE
                } else if is_noisy(pos, m) {
                    let band = if see_ge(pos, t, m, 0) {
                        NOISY
                    } else {
                        BAD_NOISY
                    };
                    band + mvv_lva(pos, t, m).clamp(-MVV_LVA_LIMIT, MVV_LVA_LIMIT)
                } else if m == q.killers[0] {
                    KILLER + 1
                } else if m == q.killers[1] {
                    KILLER
                } else {
                    q.history[history_index(pos, m)]
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    #[test]
    fn lazy_quiet_order_is_a_stable_sort_by_score() {
        let positions = [
            (
                "normal",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            (
                "twokingdoms",
                "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
            ),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        for (name, fen) in positions {
            let v = builtin::find(name).unwrap();
            let t = tables(v);
            let mut pos = Position::from_fen(v, fen).unwrap();
            let mut generated = MoveList::new();
            legal_moves_of(&mut pos, &mut generated, Gen::All);
            let moves = generated.as_slice().to_vec();
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !is_noisy(&pos, m))
                .collect();
            let noisy: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| is_noisy(&pos, m))
                .collect();
            assert!(
                quiet.len() > 10 && noisy.len() > 1,
                "{name}: a position with both kinds"
            );
            for round in 0..50 {
                // Few history values, so that many quiet moves tie and stability shows.
                let history: Vec<i32> = (0..HISTORY_SIZE)
                    .map(|_| rng.gen_range(-3..=3) * 1000)
                    .collect();
                let killers = [
                    quiet[rng.gen_range(0..quiet.len())],
                    quiet[rng.gen_range(0..quiet.len())],
                ];
                let tt = match round % 3 {
                    0 => Move::NONE,
                    1 => quiet[rng.gen_range(0..quiet.len())],
                    _ => noisy[rng.gen_range(0..noisy.len())],
                };
                let q = QuietOrder {
                    killers,
                    history: &history,
                    cont: ContRows::NONE,
                };
                let expected = sorted_by_score(&pos, &t, &moves, tt, &q);
                let mut list = MoveList::new();
                legal_moves_of(&mut pos, &mut list, Gen::All);
                let mut scores: Scores = [0; crate::board::moves::MAX_MOVES];
                let mut ordered = order(&pos, &t, &mut list, tt, &q, &mut scores);
                for i in 0..list.len() {
                    ordered.reach(i, &mut list, &mut scores);
                }
                assert_eq!(list.as_slice(), &expected[..], "{name}, round {round}");
            }
        }
    }

    #[test]
    fn quiets_end_names_the_end_of_the_quiet_moves() {
        let v = builtin::find("normal").unwrap();
        let t = tables(v);
        let mut pos = Position::from_fen(
            v,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let mut list = MoveList::new();
        legal_moves_of(&mut pos, &mut list, Gen::All);
        let history = vec![0; HISTORY_SIZE];
        let q = QuietOrder {
            killers: [Move::NONE; 2],
            history: &history,
            cont: ContRows::NONE,
        };
        let mut scores: Scores = [0; crate::board::moves::MAX_MOVES];
        let ordered = order(&pos, &t, &mut list, Move::NONE, &q, &mut scores);
        let moves = list.as_slice();
        let first = moves.iter().position(|&m| !is_noisy(&pos, m)).unwrap();
        let end = first
            + moves[first..]
                .iter()
                .take_while(|&&m| !is_noisy(&pos, m))
                .count();
        assert!(moves[end..].iter().all(|&m| is_noisy(&pos, m)));
        assert!(end < moves.len(), "kiwipete has losing captures");
        assert_eq!(ordered.quiets_end(first), Some(end));
        assert_eq!(ordered.quiets_end(end - 1), Some(end));
        assert_eq!(ordered.quiets_end(first - 1), None);
        assert_eq!(ordered.quiets_end(end), None);
    }
}
