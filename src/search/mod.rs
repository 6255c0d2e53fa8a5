//! The search: Lazy-SMP iterative deepening alpha-beta (PVS) over the rules core's
//! "legal moves / make / unmake / in check / outcome / evaluate" interface. No game knowledge.
//!
//! Scores are from the point of view of the *army* (team) to move and flip sign only when the
//! army changes between plies, so games whose turn order is not "White, Black" (four seats in
//! two teams) are searched correctly.

pub mod movepick;
pub mod see;
pub mod timeman;
pub mod worker;

use crate::board::Move;

/// Mate score: mate at ply p scores `MATE - p`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
// No static evaluation may look like a mate.
const _: () = assert!(crate::eval::EVAL_LIMIT < MATE_BOUND);
/// Larger than any score.
pub const INFINITE: i32 = 31_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// A score as protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies (positive: the side to move mates; negative: is mated).
    MatePlies(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::MatePlies(MATE - s)
        } else if s <= -MATE_BOUND {
            Score::MatePlies(-(MATE + s))
        } else {
            Score::Cp(s)
        }
    }
    /// Mate in moves (UCI `score mate N`): plies rounded up to the mover's moves.
    pub fn mate_moves(self) -> Option<i32> {
        match self {
            Score::MatePlies(p) if p > 0 => Some((p + 1) / 2),
            Score::MatePlies(p) => Some(-((-p + 1) / 2)),
            Score::Cp(_) => None,
        }
    }
    /// CECP thinking-output score: centipawns, or ±(100000 + N) for mate in N moves.
    pub fn cecp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::MatePlies(p) if p > 0 => 100_000 + (p + 1) / 2,
            Score::MatePlies(p) => -100_000 - (-p + 1) / 2,
        }
    }
}

/// Limits of one search. Times in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Time left on the mover's clock.
    pub time: Option<u64>,
    /// Increment per move.
    pub inc: u64,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// Pondering: no time limit until `ponderhit`.
    pub ponder: bool,
    /// Only these root moves (empty = all).
    pub searchmoves: Vec<Move>,
    /// Never these root moves (CECP `exclude`).
    pub exclude: Vec<Move>,
    /// Safety margin for communication.
    pub move_overhead: u64,
}

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    /// The score is only a bound: Some(true) = lower (fail high), Some(false) = upper.
    pub lower_bound: Option<bool>,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Move,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Receives progress and the final result (called from the main search thread).
pub trait Listener: Send + Sync {
    fn info(&self, _info: &SearchInfo) {}
    fn done(&self, _result: &SearchResult) {}
}

/// A listener that ignores everything (bench, tests).
pub struct Silent;
impl Listener for Silent {}
