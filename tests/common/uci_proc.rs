//! The `estuary` binary as a UCI engine on pipes: the UCI layer over `EngineProc` (which runs the
//! process, sends, waits with timeouts and keeps the transcript). `UciProc` derefs to it, so
//! `send`, `expect`, `lines_until`, `fail`, `wait_exit`… are `EngineProc`'s; `sync` and `fen`
//! here are the UCI ones (`isready`/`readyok`, `Fen:`), not the CECP ones.

#![allow(dead_code)]

#[path = "engine_proc.rs"]
mod engine_proc;

pub use engine_proc::{EngineProc, TIMEOUT};
use std::ops::{Deref, DerefMut};
use std::time::{Duration, Instant};

/// A running engine in UCI mode.
pub struct UciProc(EngineProc);

impl UciProc {
    /// Start `estuary` and complete the handshake (`uci` … `uciok`).
    pub fn start() -> UciProc {
        let mut e = UciProc::spawn();
        e.send("uci");
        e.lines_until("uciok");
        e
    }

    /// Start `estuary` with nothing sent yet.
    pub fn spawn() -> UciProc {
        UciProc(EngineProc::start())
    }

    /// `isready` → `readyok`; returns the lines before `readyok`.
    #[track_caller]
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.lines_until("readyok");
        lines.pop();
        lines
    }

    /// Wait for `bestmove` (skipping `info` lines): the move and the ponder move.
    #[track_caller]
    pub fn bestmove_within(&mut self, timeout: Duration) -> (String, Option<String>) {
        let line = self.lines_until_within("bestmove", timeout).pop().unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["bestmove", m] => (m.to_string(), None),
            ["bestmove", m, "ponder", p] => (m.to_string(), Some(p.to_string())),
            _ => self.fail(&format!("malformed bestmove line {line:?}")),
        }
    }

    /// Wait for `bestmove` with the default timeout.
    #[track_caller]
    pub fn bestmove(&mut self) -> (String, Option<String>) {
        self.bestmove_within(TIMEOUT)
    }

    /// No line at all arrives within `d`.
    #[track_caller]
    pub fn silent_for(&mut self, d: Duration) {
        if let Some(l) = self.recv_timeout(d) {
            self.fail(&format!("unexpected line {l:?}"));
        }
    }

    /// No `bestmove` arrives within `d` (`info` lines may).
    #[track_caller]
    pub fn no_bestmove_for(&mut self, d: Duration) {
        let end = Instant::now() + d;
        while let Some(l) = self.recv_timeout(end.saturating_duration_since(Instant::now())) {
            if l.starts_with("bestmove") {
                self.fail(&format!("unexpected {l:?}"));
            }
        }
    }

    /// The engine's FEN of the current position (the `d` command).
    #[track_caller]
    pub fn fen(&mut self) -> String {
        self.send("d");
        let l = self.expect("Fen: ");
        l["Fen: ".len()..].to_string()
    }
}

impl Deref for UciProc {
    type Target = EngineProc;
    fn deref(&self) -> &EngineProc {
        &self.0
    }
}

impl DerefMut for UciProc {
    fn deref_mut(&mut self) -> &mut EngineProc {
        &mut self.0
    }
}

/// A UCI engine gets end of input and half a second to quit before `EngineProc` kills it.
impl Drop for UciProc {
    fn drop(&mut self) {
        self.close_stdin();
        self.wait_exit(Duration::from_millis(500));
    }
}
