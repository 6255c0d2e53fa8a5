//! Move ordering: the TT move, then captures and promotions that do not lose material (static
//! exchange, `see.rs`) by MVV/LVA, then killers, then quiet moves by history (butterfly
//! history plus continuation history: how well the move answered the moves one and two plies
//! before), then the losing captures. The TT move is used only if it is among the generated
//! legal moves, which re-validates it against hash collisions.

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

/// Order `list` in place, best first; `scores` gets the ordering score of each move (by its
/// new index).
pub fn order(
    pos: &Position,
    t: &EvalTables,
    list: &mut MoveList,
    tt_move: Move,
    quiet: &QuietOrder,
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
        } else if m == quiet.killers[0] {
            KILLER + 1
        } else if m == quiet.killers[1] {
            KILLER
        } else {
            quiet.history[history_index(pos, m)] + quiet.cont.score(pos, m)
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
        (p * self.cells + sq) % self.n
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
