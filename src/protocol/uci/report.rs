//! Search output in UCI (protocol.md §10): `info` lines while the search runs and the
//! `bestmove` that always ends it. Printed from the search thread, as Stockfish does, so a
//! `bestmove` is out before the next search can start (`Engine::go` waits for the last one).

use super::super::send;
use crate::board::Move;
use crate::notation::{move_text, Dialect};
use crate::search::{Listener, Score, SearchInfo, SearchResult};
use crate::variant::Variant;

/// Prints one search's progress and result.
pub struct Reporter {
    pub variant: &'static Variant,
}

/// `score cp N` or `score mate N` (moves, negative when mated), with a bound if any.
pub fn score_text(score: Score, lower_bound: Option<bool>) -> String {
    let mut s = match score.mate_moves() {
        Some(m) => format!("mate {m}"),
        None => match score {
            Score::Cp(c) => format!("cp {c}"),
            Score::MatePlies(_) => unreachable!("mate_moves is Some for mates"),
        },
    };
    match lower_bound {
        Some(true) => s.push_str(" lowerbound"),
        Some(false) => s.push_str(" upperbound"),
        None => {}
    }
    s
}

/// One `info` line.
pub fn info_line(v: &Variant, i: &SearchInfo) -> String {
    let pv: Vec<String> =
        i.pv.iter()
            .map(|&m| move_text(v, m, Dialect::Uci))
            .collect();
    format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        score_text(i.score, i.lower_bound),
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms,
        pv.join(" ")
    )
}

/// `bestmove M [ponder P]`; `bestmove 0000` when there was nothing to play.
pub fn bestmove_line(v: &Variant, best: Move, ponder: Move) -> String {
    let mut s = format!("bestmove {}", move_text(v, best, Dialect::Uci));
    if !best.is_none() && !ponder.is_none() {
        s.push_str(" ponder ");
        s.push_str(&move_text(v, ponder, Dialect::Uci));
    }
    s
}

impl Listener for Reporter {
    fn info(&self, i: &SearchInfo) {
        if !i.pv.is_empty() {
            send(&info_line(self.variant, i));
        }
    }

    fn done(&self, r: &SearchResult) {
        send(&bestmove_line(self.variant, r.best, r.ponder));
    }
}
