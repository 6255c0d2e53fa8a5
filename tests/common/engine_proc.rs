//! The `estuary` binary as a child process on pipes, driven like an expect script: send a line,
//! wait (with a timeout) for a line that matches. A failed expectation panics with the whole
//! transcript, so a protocol test failure shows what the engine said. The CECP helpers live
//! here; `uci_proc.rs` is the UCI layer on top.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an expectation waits by default.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A running engine.
pub struct EngineProc {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    pings: u32,
    /// Everything sent (`> `) and received (`< `), in order.
    pub transcript: Vec<String>,
}

impl EngineProc {
    /// Start `estuary` with no arguments (protocol mode).
    pub fn start() -> EngineProc {
        EngineProc::start_with(&[])
    }

    /// Start `estuary` with these arguments.
    pub fn start_with(args: &[&str]) -> EngineProc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_estuary"))
            .args(args)
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
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        EngineProc {
            stdin: child.stdin.take(),
            child,
            rx,
            pings: 0,
            transcript: Vec::new(),
        }
    }

    /// Start and complete the handshake (`xboard`, `protover 2` … `feature done=1`); returns
    /// the feature lines.
    pub fn xboard() -> EngineProc {
        let mut e = EngineProc::start();
        e.send("xboard");
        e.send("protover 2");
        e.lines_until("feature done=1");
        e
    }

    /// Send one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Send raw bytes, not recorded in the transcript (junk tests).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        if let Err(e) = stdin.write_all(bytes).and_then(|_| stdin.flush()) {
            let text = String::from_utf8_lossy(bytes);
            self.fail(&format!("writing {text:?}: {e}"));
        }
    }

    /// Close stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.transcript.push("> <EOF>".into());
        self.stdin = None;
    }

    /// The next line within `timeout`, or `None`.
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first one for which `pred` holds.
    #[track_caller]
    pub fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> Vec<String> {
        self.until_within(what, TIMEOUT, pred)
    }

    /// As `until`, with its own timeout.
    #[track_caller]
    pub fn until_within(
        &mut self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv_timeout(left) {
                Some(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => self.fail(&format!("no line {what} within {timeout:?}")),
            }
        }
    }

    /// Lines up to and including the first one starting with `prefix`.
    #[track_caller]
    pub fn lines_until(&mut self, prefix: &str) -> Vec<String> {
        self.lines_until_within(prefix, TIMEOUT)
    }

    /// As `lines_until`, with its own timeout.
    #[track_caller]
    pub fn lines_until_within(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        self.until_within(&format!("starting {prefix:?}"), timeout, |l| {
            l.starts_with(prefix)
        })
    }

    /// The first line starting with `prefix` (earlier lines are skipped).
    #[track_caller]
    pub fn expect(&mut self, prefix: &str) -> String {
        self.lines_until(prefix).pop().expect("at least the match")
    }

    /// Send `ping n` and return the lines that came before `pong n`.
    #[track_caller]
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut lines = self.lines_until(&format!("pong {n}"));
        lines.pop();
        lines
    }

    /// Everything said within `d` (used to check that nothing is said).
    pub fn quiet_for(&mut self, d: Duration) -> Vec<String> {
        let deadline = Instant::now() + d;
        let mut got = Vec::new();
        while let Some(l) = self.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            got.push(l);
        }
        got
    }

    /// The FEN the engine reports through `d` (read up to a `ping`, so nothing is left over).
    #[track_caller]
    pub fn fen(&mut self) -> String {
        self.send("d");
        self.pings += 1;
        let lines = self.sync(1_000_000 + self.pings);
        let fen = lines.iter().find_map(|l| l.strip_prefix("# FEN: "));
        fen.unwrap_or_else(|| panic!("no FEN in the `d` output\n{}", self.dump()))
            .to_string()
    }

    /// Wait for the process to exit; its exit code, or `None` if it is still running.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.code().unwrap_or(-1));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Fail with the transcript.
    #[track_caller]
    pub fn fail(&self, why: &str) -> ! {
        panic!("{why}\n{}", self.dump());
    }

    /// The transcript as text.
    pub fn dump(&self) -> String {
        format!("--- transcript ---\n{}\n---", self.transcript.join("\n"))
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
