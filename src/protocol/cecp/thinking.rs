//! The searching side of the CECP session: starting and aborting searches, the thinking
//! output (protocol.md §6), playing the engine's move, pondering (`hard`: after its move the
//! engine thinks on the position after the reply it expects; if that reply comes the search
//! goes on as its move, otherwise it is dropped), and game ends by rule: `RESULT {comment}`
//! when the game is over for certain, `offer draw` before a move that makes a draw claimable
//! (protocol.md §5.2; XBoard then treats the offer as the claim).

use super::{Cecp, Event};
use crate::board::{Move, MoveList, Position};
use crate::notation::xboard_ferry::cecp_move_text;
use crate::rules::legal_moves;
use crate::rules::{game_end, Outcome};
use crate::search::{Limits, Listener, SearchInfo, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Accept a draw offer when our last score is at most this (we are losing) …
const ACCEPT_DRAW_BELOW: i32 = -150;
/// … or, from this move number on, when the score is this close to even.
const ACCEPT_DRAW_LATE_MOVE: u32 = 60;
const ACCEPT_DRAW_EVEN: i32 = 15;
/// Claim a draw the opponent's move made claimable unless our last score was above this.
const CLAIM_DRAW_MAX: i32 = 50;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The engine's move: its result is played.
    Think,
    /// `analyze`: runs until stopped; its result is dropped.
    Analyze,
    /// Pondering on the position after the expected reply `guess`.
    Ponder { guess: Move },
}

/// The running search.
pub struct Running {
    pub id: u64,
    pub task: Task,
    pub start: Instant,
}

/// `RESULT {comment}`.
fn result_line(o: &Outcome) -> String {
    format!("{} {{{}}}", o.result_string(), o.reason())
}

/// Prints thinking output from the search thread and posts the result to the loop.
struct Reporter {
    id: u64,
    tx: Sender<Event>,
    /// The position searched: PV moves are written in CECP's text, which in Flight and Ferry
    /// depends on the position each is played from.
    root: Position,
    /// Print only while `post` is on (analysis prints always).
    post: Option<Arc<AtomicBool>>,
    node_rate: Option<u64>,
    last: Arc<Mutex<Option<SearchInfo>>>,
}

impl Listener for Reporter {
    fn info(&self, i: &SearchInfo) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(i.clone());
        if self.post.as_ref().is_some_and(|p| !p.load(Relaxed)) {
            return;
        }
        let cs = match self.node_rate {
            Some(rate) => i.nodes.saturating_mul(100) / rate,
            None => i.time_ms / 10,
        };
        let mut pos = self.root.clone();
        let pv: Vec<String> =
            i.pv.iter()
                .map(|&m| {
                    let text = cecp_move_text(&pos, m);
                    pos.make(m);
                    text
                })
                .collect();
        super::send(&format!(
            "{} {} {} {} {} {} 0\t{}",
            i.depth,
            i.score.cecp(),
            cs,
            i.nodes,
            i.seldepth,
            i.nps,
            pv.join(" ")
        ));
    }

    fn done(&self, r: &SearchResult) {
        let _ = self.tx.send(Event::SearchDone {
            id: self.id,
            result: r.clone(),
        });
    }
}

impl Cecp {
    /// Is the engine thinking on its move (commands then wait for the move)?
    pub(super) fn busy(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.task == Task::Think)
    }

    /// A move of the current game in XBoard's text (the Ferry dialect where it applies).
    pub(super) fn move_text(&self, m: Move) -> String {
        cecp_move_text(&self.game, m)
    }

    /// Stop any search and drop its result.
    pub(super) fn abort(&mut self) {
        if self.search.take().is_some() {
            self.engine.stop();
            self.engine.wait();
        }
    }

    /// Start a search of `pos` (the game, or the game after a guessed reply).
    fn start(&mut self, task: Task, pos: &Position, mut limits: Limits) {
        let mut pos = pos.clone();
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        // Exclusions that leave nothing to play are ignored.
        if list.iter().any(|m| !self.exclude.contains(&m)) {
            limits.exclude = self.exclude.clone();
        }
        let id = self.next_id;
        self.next_id += 1;
        *self.last_info.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let reporter = Reporter {
            id,
            tx: self.tx.clone(),
            root: pos.clone(),
            post: (task != Task::Analyze).then(|| Arc::clone(&self.post)),
            node_rate: self.clock.node_rate(),
            last: Arc::clone(&self.last_info),
        };
        self.engine.go(&pos, limits, Arc::new(reporter));
        self.search = Some(Running {
            id,
            task,
            start: Instant::now(),
        });
    }

    /// Think on the engine's move, or announce the end of the game instead.
    pub(super) fn think(&mut self) {
        self.abort();
        if let Some(end) = game_end(&mut self.game) {
            // The opponent's move ended the game, or made a draw claimable and we are not
            // winning: say so.
            if end.definite || self.last_score.is_none_or(|s| s <= CLAIM_DRAW_MAX) {
                super::send(&result_line(&end.outcome));
                return;
            }
        }
        let limits = self.clock.limits(self.game.fullmove());
        let game = self.game.clone();
        self.start(Task::Think, &game, limits);
    }

    /// After our move, with pondering on: think on the position after the expected reply.
    fn start_ponder(&mut self, guess: Move) {
        let mut list = MoveList::new();
        legal_moves(&mut self.game, &mut list);
        if !list.contains(guess) {
            return;
        }
        let mut pos = self.game.clone();
        pos.make(guess);
        if game_end(&mut pos).is_some() {
            return;
        }
        let limits = Limits {
            ponder: true,
            ..self.clock.limits(pos.fullmove())
        };
        self.start(Task::Ponder { guess }, &pos, limits);
    }

    /// The opponent played `m`. If we were pondering on it, the search goes on as our move
    /// (its clock started when pondering did) and `true` is returned; any other search ends.
    pub(super) fn ponder_hit(&mut self, m: Move) -> bool {
        match self.search.as_mut() {
            Some(run) if run.task == (Task::Ponder { guess: m }) => {
                run.task = Task::Think;
                self.engine.ponderhit();
                true
            }
            _ => {
                self.abort();
                false
            }
        }
    }

    pub(super) fn start_analysis(&mut self) {
        let mut list = MoveList::new();
        legal_moves(&mut self.game, &mut list);
        if list.is_empty() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let game = self.game.clone();
        self.start(Task::Analyze, &game, limits);
    }

    /// A search finished: play the move if it was ours.
    pub(super) fn search_done(&mut self, id: u64, result: SearchResult) {
        if self.search.as_ref().is_none_or(|s| s.id != id) {
            return; // an aborted search
        }
        let run = self.search.take().expect("checked above");
        if run.task == Task::Think {
            self.play(result, run.start);
        }
    }

    /// Play the search's move: `move X`, with `offer draw` before it when it makes a draw
    /// claimable and `RESULT {…}` after it when it ends the game.
    fn play(&mut self, result: SearchResult, start: Instant) {
        self.clock
            .spent(start.elapsed().as_millis() as u64, self.game.fullmove());
        let mut list = MoveList::new();
        legal_moves(&mut self.game, &mut list);
        let best = if list.contains(result.best) {
            result.best
        } else {
            match list.iter().next() {
                Some(m) => {
                    log::warn!("search gave no legal move; playing the first legal one");
                    m
                }
                None => {
                    if let Some(end) = game_end(&mut self.game) {
                        super::send(&result_line(&end.outcome));
                    }
                    return;
                }
            }
        };
        self.last_score = Some(result.score.cecp());
        let text = self.move_text(best);
        self.game.make(best);
        self.position_changed();
        if !result.ponder.is_none() {
            self.hint = Some((self.game.key(), result.ponder));
        }
        match game_end(&mut self.game) {
            Some(end) if !end.definite => {
                super::send("offer draw");
                super::send(&format!("move {text}"));
            }
            Some(end) => {
                super::send(&format!("move {text}"));
                super::send(&result_line(&end.outcome));
            }
            None => {
                super::send(&format!("move {text}"));
                if self.ponder && !self.force && !result.ponder.is_none() {
                    self.start_ponder(result.ponder);
                }
            }
        }
    }

    /// stdin closed: finish a move being thought about and the commands behind it.
    pub(super) fn end_of_input(&mut self) {
        loop {
            if self.busy() {
                let result = self.engine.wait();
                let run = self.search.take().expect("busy");
                if let Some(r) = result {
                    self.play(r, run.start);
                }
            }
            match self.deferred.pop_front() {
                Some(line) if !self.quit => self.command(&line),
                _ => break,
            }
        }
    }

    /// `draw`: accept (`offer draw`) when a draw can be claimed, we are losing, or the game is
    /// long and even; otherwise decline by silence.
    pub(super) fn draw_offered(&mut self) {
        let by_rule =
            game_end(&mut self.game).is_some_and(|e| !matches!(e.outcome, Outcome::Win { .. }));
        let by_score = self.last_score.is_some_and(|s| {
            s <= ACCEPT_DRAW_BELOW
                || (self.game.fullmove() >= ACCEPT_DRAW_LATE_MOVE && s.abs() <= ACCEPT_DRAW_EVEN)
        });
        if by_rule || by_score {
            super::send("offer draw");
        }
    }

    /// `.` in analysis: `stat01: TIME NODES DEPTH MOVESLEFT MOVESTOTAL`.
    pub(super) fn status(&mut self) {
        let Some(run) = self.search.as_ref().filter(|s| s.task == Task::Analyze) else {
            return;
        };
        let info = self
            .last_info
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let (nodes, depth) = info.map_or((0, 0), |i| (i.nodes, i.depth));
        let cs = run.start.elapsed().as_millis() as u64 / 10;
        let mut list = MoveList::new();
        legal_moves(&mut self.game, &mut list);
        super::send(&format!("stat01: {cs} {nodes} {depth} 0 {}", list.len()));
    }
}
