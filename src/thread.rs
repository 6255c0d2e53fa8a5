//! The search threads (Lazy SMP): `Engine` owns one main search thread and N-1 helpers,
//! started once and reused for every search. Each runs iterative deepening on the same root
//! with its own killers and history, sharing the transposition table; the main thread keeps
//! time, reports progress, and at the end picks the move by a vote across threads weighted by
//! score and depth, preferring the shortest proven mate (as Stockfish's `Thread::get_best_thread`).
//!
//! `go` returns at once; `stop` may be called from any thread and is honoured within a few
//! hundred microseconds (every node polls the stop flag).

use crate::board::{Move, MoveList, Position};
use crate::eval;
use crate::rules::legal_moves;
use crate::search::timeman::budget;
use crate::search::worker::{NodeCounter, Shared, Worker};
use crate::search::{Limits, Listener, Score, SearchInfo, SearchResult, MATE_BOUND, MAX_PLY};
use crate::tt::TranspositionTable;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Plies searched beyond a proven mate's distance before the search stops.
const MATE_EXTRA_PLIES: i32 = 4;

/// The largest hash size the protocols accept: half the machine's memory (4 GB when unknown).
pub fn hash_cap_mb() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<usize>().ok()
        })
        .map_or(4096, |kb| (kb / 1024 / 2).max(1))
}

/// Default hash size in MB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The helper threads: a job channel and a join handle each.
type Helpers = Mutex<Vec<(Sender<Msg>, JoinHandle<()>)>>;

/// A helper's finished work: (depth completed, score, pv).
type Completed = Option<(u32, i32, Vec<Move>)>;

struct Job {
    pos: Position,
    shared: Arc<Shared>,
    counters: Vec<Arc<NodeCounter>>,
    depth_limit: u32,
    /// Helpers send their result here.
    reply: Sender<Completed>,
}

enum Msg {
    Search(Box<Job>),
    Clear,
    Quit,
}

struct MainJob {
    pos: Position,
    limits: Limits,
    listener: Arc<dyn Listener>,
    shared: Arc<Shared>,
}

enum MainMsg {
    Search(Box<MainJob>),
    Clear,
    Quit,
}

/// Search status shared between the engine handle and its main thread.
struct Status {
    searching: Mutex<bool>,
    idle: Condvar,
    last: Mutex<Option<SearchResult>>,
}

/// The search engine: threads, table and the current search.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    main: Option<(Sender<MainMsg>, JoinHandle<()>)>,
    helpers: Arc<Helpers>,
    threads: usize,
    current: Mutex<Option<Arc<Shared>>>,
    status: Arc<Status>,
}

impl Engine {
    /// An engine with `threads` search threads and a `hash_mb` table.
    pub fn new(threads: usize, hash_mb: usize) -> Engine {
        let mut e = Engine {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            main: None,
            helpers: Arc::new(Mutex::new(Vec::new())),
            threads: 0,
            current: Mutex::new(None),
            status: Arc::new(Status {
                searching: Mutex::new(false),
                idle: Condvar::new(),
                last: Mutex::new(None),
            }),
        };
        e.set_threads(threads);
        e
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Change the thread count (waits for a running search to end).
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, 256);
        self.stop();
        self.wait();
        if n == self.threads && self.main.is_some() {
            return;
        }
        self.shutdown();
        let mut helpers = Vec::new();
        for id in 1..n {
            let (tx, rx) = channel::<Msg>();
            let h = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(16 << 20)
                .spawn(move || helper_loop(id, rx))
                .expect("spawn search thread");
            helpers.push((tx, h));
        }
        *self.helpers.lock().unwrap_or_else(|e| e.into_inner()) = helpers;
        let (tx, rx) = channel::<MainMsg>();
        let helpers = Arc::clone(&self.helpers);
        let status = Arc::clone(&self.status);
        let h = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(16 << 20)
            .spawn(move || main_loop(rx, helpers, status))
            .expect("spawn search thread");
        self.main = Some((tx, h));
        self.threads = n;
    }

    /// Resize the hash table (waits for a running search to end; the table starts empty).
    pub fn set_hash(&mut self, mb: usize) {
        self.stop();
        self.wait();
        self.tt = Arc::new(TranspositionTable::new(mb.max(1)));
    }

    /// Hash size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.bytes() / (1024 * 1024)
    }

    /// Forget everything learnt (new game): table, killers, history.
    pub fn new_game(&mut self) {
        self.stop();
        self.wait();
        self.tt.clear();
        if let Some((tx, _)) = &self.main {
            let _ = tx.send(MainMsg::Clear);
        }
    }

    /// Start searching `pos` (whose history is the game so far) and return at once.
    /// `listener` gets the progress lines and then the result.
    pub fn go(&mut self, pos: &Position, limits: Limits, listener: Arc<dyn Listener>) {
        self.stop();
        self.wait();
        self.tt.new_search();
        let shared = Arc::new(Shared {
            tt: Arc::clone(&self.tt),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
        });
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::clone(&shared));
        *self
            .status
            .searching
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = true;
        let job = MainJob {
            pos: pos.clone(),
            limits,
            listener,
            shared,
        };
        if let Some((tx, _)) = &self.main {
            let _ = tx.send(MainMsg::Search(Box::new(job)));
        }
    }

    /// Ask the current search to stop (from any thread); returns at once.
    pub fn stop(&self) {
        self.with_current(|s| {
            s.pondering.store(false, Relaxed);
            s.stop.store(true, Relaxed);
        });
    }

    /// Run `f` on the current search's shared state, if a search was started.
    fn with_current(&self, f: impl FnOnce(&Shared)) {
        if let Some(s) = self
            .current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
        {
            f(s);
        }
    }

    /// The opponent played the pondered move: the clock starts now.
    pub fn ponderhit(&self) {
        self.with_current(|s| s.pondering.store(false, Relaxed));
    }

    /// Is a search running?
    pub fn is_searching(&self) -> bool {
        *self
            .status
            .searching
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Block until no search runs; returns the last result.
    pub fn wait(&self) -> Option<SearchResult> {
        let mut s = self
            .status
            .searching
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        while *s {
            s = self.status.idle.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        drop(s);
        self.status
            .last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Search and wait for the result.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        listener: Arc<dyn Listener>,
    ) -> SearchResult {
        self.go(pos, limits, listener);
        self.wait().expect("a finished search leaves a result")
    }

    /// Permille of the table used by this search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    fn shutdown(&mut self) {
        if let Some((tx, h)) = self.main.take() {
            let _ = tx.send(MainMsg::Quit);
            let _ = h.join();
        }
        let mut helpers = self.helpers.lock().unwrap_or_else(|e| e.into_inner());
        for (tx, h) in helpers.drain(..) {
            let _ = tx.send(Msg::Quit);
            let _ = h.join();
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.shutdown();
    }
}

fn helper_loop(id: usize, rx: Receiver<Msg>) {
    let mut worker: Option<Worker> = None;
    while let Ok(msg) = rx.recv() {
        match msg {
            Msg::Quit => return,
            Msg::Clear => {
                if let Some(w) = worker.as_mut() {
                    w.clear();
                }
            }
            Msg::Search(job) => {
                let w = prepare(
                    &mut worker,
                    id,
                    job.pos,
                    &job.shared,
                    Arc::clone(&job.counters[id]),
                );
                w.root_moves = root_moves(&mut w.pos, &Limits::default());
                let done = iterate(w, job.depth_limit, |_, _| true);
                job.counters[id].0.store(w.nodes, Relaxed);
                let _ = job.reply.send(done);
            }
        }
    }
}

fn prepare<'a>(
    slot: &'a mut Option<Worker>,
    id: usize,
    pos: Position,
    shared: &Arc<Shared>,
    counter: Arc<NodeCounter>,
) -> &'a mut Worker {
    let eval = eval::tables(pos.variant());
    match slot {
        Some(w) if std::ptr::eq(w.pos.variant(), pos.variant()) => {
            w.pos = pos;
            w.shared = Arc::clone(shared);
            w.counter = counter;
            w.eval = eval;
        }
        _ => *slot = Some(Worker::new(id, pos, eval, Arc::clone(shared), counter)),
    }
    let w = slot.as_mut().expect("just set");
    w.nodes = 0;
    w.seldepth = 0;
    w.completed = None;
    w
}

/// Legal root moves, restricted by `searchmoves` and `exclude`.
fn root_moves(pos: &mut Position, l: &Limits) -> Vec<Move> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .filter(|m| {
            (l.searchmoves.is_empty() || l.searchmoves.contains(m)) && !l.exclude.contains(m)
        })
        .collect()
}

/// Iterative deepening; `after` is called after each completed depth and returns whether to go on.
fn iterate(
    w: &mut Worker,
    depth_limit: u32,
    mut after: impl FnMut(&mut Worker, u32) -> bool,
) -> Completed {
    if w.root_moves.is_empty() {
        return None;
    }
    let mut prev = None;
    // Helpers start one ply deeper on odd ids, to spread the threads over depths.
    let first = 1 + (w.id % 2) as u32;
    for depth in first..=depth_limit.min(MAX_PLY as u32 - 1) {
        match w.root(depth as i32, prev) {
            Some(s) => {
                prev = Some(s);
                w.completed = Some((depth, s, w.pv_line()));
                if !after(w, depth) {
                    break;
                }
            }
            None => break,
        }
        if w.shared.stop.load(Relaxed) {
            break;
        }
    }
    w.completed.clone()
}

fn main_loop(rx: Receiver<MainMsg>, helpers: Arc<Helpers>, status: Arc<Status>) {
    let mut worker: Option<Worker> = None;
    while let Ok(msg) = rx.recv() {
        match msg {
            MainMsg::Quit => return,
            MainMsg::Clear => {
                if let Some(w) = worker.as_mut() {
                    w.clear();
                }
                for (tx, _) in helpers.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                    let _ = tx.send(Msg::Clear);
                }
            }
            MainMsg::Search(job) => {
                let result = run_search(&mut worker, *job, &helpers);
                *status.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                let mut s = status.searching.lock().unwrap_or_else(|e| e.into_inner());
                *s = false;
                status.idle.notify_all();
            }
        }
    }
}

fn run_search(slot: &mut Option<Worker>, job: MainJob, helpers: &Helpers) -> SearchResult {
    let start = Instant::now();
    let helpers = helpers.lock().unwrap_or_else(|e| e.into_inner());
    let n = helpers.len() + 1;
    let counters: Vec<Arc<NodeCounter>> =
        (0..n).map(|_| Arc::new(NodeCounter::default())).collect();
    let limits = job.limits.clone();
    let b = budget(&limits);
    let depth_limit = limits.depth.unwrap_or(MAX_PLY as u32 - 1).max(1);
    let w = prepare(
        slot,
        0,
        job.pos.clone(),
        &job.shared,
        Arc::clone(&counters[0]),
    );
    w.root_moves = root_moves(&mut w.pos, &limits);
    w.deadline = b.hard.map(|h| start + Duration::from_millis(h));
    w.hard_ms = b.hard;
    w.pondered = limits.ponder;
    w.clock_start = start;
    w.node_limit = limits.nodes;
    w.all_counters = counters.clone();
    let (reply_tx, reply_rx) = channel();
    if w.root_moves.len() > 1 {
        for (tx, _) in helpers.iter() {
            let _ = tx.send(Msg::Search(Box::new(Job {
                pos: job.pos.clone(),
                shared: Arc::clone(&job.shared),
                counters: counters.clone(),
                // Helpers search on until the main thread stops them (as in Stockfish), so
                // none sits idle after reaching the depth limit first.
                depth_limit: MAX_PLY as u32 - 1,
                reply: reply_tx.clone(),
            })));
        }
    }
    drop(reply_tx);
    let listener = Arc::clone(&job.listener);
    let tt = Arc::clone(&job.shared.tt);
    let single = w.root_moves.len() == 1;
    let completed = iterate(w, depth_limit, |w, depth| {
        let nodes: u64 = w
            .all_counters
            .iter()
            .skip(1)
            .map(|c| c.0.load(Relaxed))
            .sum::<u64>()
            + w.nodes;
        let (_, score, pv) = w.completed.clone().expect("set before the callback");
        let ms = start.elapsed().as_millis() as u64;
        listener.info(&SearchInfo {
            depth,
            seldepth: (w.seldepth as u32).max(depth),
            score: Score::from_internal(score),
            lower_bound: None,
            nodes,
            time_ms: ms,
            nps: nodes * 1000 / ms.max(1),
            hashfull: tt.hashfull(),
            pv,
        });
        if let Some(m) = limits.mate {
            if score >= MATE_BOUND && (crate::search::MATE - score + 1) / 2 <= m as i32 {
                return false;
            }
        }
        // A proven mate, searched a few plies past its distance, will not change: stop
        // (except in analysis, which runs until told).
        let mate_plies = crate::search::MATE - score.abs();
        if score.abs() >= MATE_BOUND
            && depth as i32 >= mate_plies + MATE_EXTRA_PLIES
            && !limits.infinite
        {
            return false;
        }
        let pondering = w.shared.pondering.load(Relaxed);
        if !pondering {
            if let Some(soft) = b.soft {
                // Don't start an iteration unlikely to finish.
                w.start_clock_after_ponderhit();
                let used = w.clock_start.elapsed().as_millis() as u64;
                // A fixed movetime is used to its end (the hard deadline stops the search);
                // a clock budget starts no iteration past half of it.
                let fixed = limits.movetime.is_some();
                if (!fixed && used * 2 >= soft) || (single && depth >= 4) {
                    return false;
                }
            }
        }
        true
    });
    // Infinite and ponder searches wait for `stop` (UCI: no bestmove before it).
    while (limits.infinite || w.shared.pondering.load(Relaxed)) && !w.shared.stop.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
    w.shared.stop.store(true, Relaxed);
    counters[0].0.store(w.nodes, Relaxed);
    let mut results: Vec<(u32, i32, Vec<Move>)> = completed.into_iter().collect();
    for r in reply_rx.iter().flatten() {
        results.push(r);
    }
    let nodes: u64 = counters.iter().map(|c| c.0.load(Relaxed)).sum();
    let pick = vote(&results);
    let (depth, score, pv) = match pick {
        Some(r) => r.clone(),
        None => (
            0,
            0,
            w.root_moves.first().map(|&m| vec![m]).unwrap_or_default(),
        ),
    };
    let result = SearchResult {
        best: pv.first().copied().unwrap_or(Move::NONE),
        ponder: pv.get(1).copied().unwrap_or(Move::NONE),
        score: Score::from_internal(score),
        depth,
        nodes,
        pv,
    };
    job.listener.done(&result);
    result
}

/// Pick a thread's result: votes weighted by (score - min + 14) * depth, a proven win
/// preferring the shortest mate.
fn vote(results: &[(u32, i32, Vec<Move>)]) -> Option<&(u32, i32, Vec<Move>)> {
    let valid: Vec<_> = results.iter().filter(|r| !r.2.is_empty()).collect();
    let min = valid.iter().map(|r| r.1).min()?;
    let mut votes: HashMap<Move, i64> = HashMap::new();
    for r in &valid {
        *votes.entry(r.2[0]).or_default() += (r.1 - min + 14) as i64 * r.0 as i64;
    }
    let mut best = valid[0];
    for &r in &valid[1..] {
        if best.1 >= MATE_BOUND {
            if r.1 > best.1 {
                best = r;
            }
        } else if r.1 >= MATE_BOUND
            || votes[&r.2[0]] > votes[&best.2[0]]
            || (votes[&r.2[0]] == votes[&best.2[0]] && r.0 > best.0)
        {
            best = r;
        }
    }
    Some(best)
}
