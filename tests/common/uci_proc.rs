//! The `estuary` binary as a UCI engine on pipes, driven like an expect script: send a line,
//! wait (with a timeout) for a line that matches. A failed expectation panics with the whole
//! transcript, so a failure shows what the engine said.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an expectation waits by default.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A running engine in UCI mode.
pub struct UciProc {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Everything sent (`> `) and received (`< `), in order.
    pub transcript: Vec<String>,
}

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
        let mut child = Command::new(env!("CARGO_BIN_EXE_estuary"))
            .env_remove("ESTUARY_CONFIG_DIR")
            .env("RUST_LOG", "off")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the estuary binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(l) = line else { return };
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        UciProc {
            stdin: child.stdin.take(),
            child,
            rx,
            transcript: Vec::new(),
        }
    }

    /// Send one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Send raw bytes (junk tests).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush to the engine");
    }

    /// Close stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.transcript.push("> <EOF>".into());
        self.stdin = None;
    }

    /// Fail with the transcript.
    pub fn fail(&self, why: &str) -> ! {
        panic!("{why}\n--- transcript ---\n{}", self.transcript.join("\n"));
    }

    /// The next line within `timeout`, or `None`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`, within `timeout`.
    pub fn lines_until_within(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let end = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = l.starts_with(prefix);
                    out.push(l);
                    if done {
                        return out;
                    }
                }
                None => self.fail(&format!("no line starting {prefix:?} within {timeout:?}")),
            }
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn lines_until(&mut self, prefix: &str) -> Vec<String> {
        self.lines_until_within(prefix, TIMEOUT)
    }

    /// The first line that starts with `prefix` (earlier lines are skipped).
    pub fn expect(&mut self, prefix: &str) -> String {
        self.lines_until(prefix)
            .pop()
            .expect("at least the matching line")
    }

    /// `isready` → `readyok`; returns the lines before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.lines_until("readyok");
        lines.pop();
        lines
    }

    /// Wait for `bestmove` (skipping `info` lines): the move and the ponder move.
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
    pub fn bestmove(&mut self) -> (String, Option<String>) {
        self.bestmove_within(TIMEOUT)
    }

    /// No line at all arrives within `d`.
    pub fn silent_for(&mut self, d: Duration) {
        if let Some(l) = self.next_line(d) {
            self.fail(&format!("unexpected line {l:?}"));
        }
    }

    /// No `bestmove` arrives within `d` (`info` lines may).
    pub fn no_bestmove_for(&mut self, d: Duration) {
        let end = Instant::now() + d;
        while let Some(l) = self.next_line(end.saturating_duration_since(Instant::now())) {
            if l.starts_with("bestmove") {
                self.fail(&format!("unexpected {l:?}"));
            }
        }
    }

    /// The engine's FEN of the current position (the `d` command).
    pub fn fen(&mut self) -> String {
        self.send("d");
        let l = self.expect("Fen: ");
        l["Fen: ".len()..].to_string()
    }

    /// Wait for the process to exit; its status code.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        let end = Instant::now() + timeout;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for UciProc {
    fn drop(&mut self) {
        self.stdin = None;
        if self.wait_exit(Duration::from_millis(500)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
