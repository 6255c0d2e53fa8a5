//! An engine as a child process on pipes, spoken to in CECP (XBoard) or UCI: the match runner's
//! side of the protocols. It starts the engine, performs the handshake, sets up a game, hands
//! it the moves and clocks, and reads its moves back, each step bounded by a deadline so an
//! engine that hangs or dies is noticed and named, never waited on forever.
//!
//! What it does not do: judge moves. The runner (`crate::tools::matches`) checks every move
//! against our own rules; here a move is only text in the engine's protocol.

mod eval;
mod spec;

pub use eval::{Eval, MATE_CP};
pub use spec::{EngineSpec, Proto};

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why talking to an engine failed; the match runner scores it as a loss with this reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn(String),
    /// No answer in time while waiting for `what`.
    Timeout(String),
    /// The engine closed its output (crashed or quit) while we waited for `what`.
    Exited(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "cannot start: {e}"),
            EngineError::Timeout(what) => write!(f, "no answer in time (waiting for {what})"),
            EngineError::Exited(what) => write!(f, "engine exited (waiting for {what})"),
        }
    }
}

impl std::error::Error for EngineError {}

/// What the engine said when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, as the engine wrote it.
    Move(String),
    /// CECP `resign`, or a `RESULT` in which the engine gives up.
    Resign,
    /// CECP `RESULT {comment}` claiming the game over (result string, comment).
    Claim(String, String),
    /// CECP `offer draw` sent before its move: a draw claim for the position after that move.
    DrawClaimWithMove(String),
}

/// Clocks for one move request, in milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clocks {
    /// Time left for [White, Black].
    pub left: [u64; 2],
    /// Increment per move.
    pub inc: u64,
    /// Moves to the next time control (0 = none).
    pub moves_to_go: u32,
    /// Fixed time per move (`st`), instead of a clock.
    pub per_move: Option<u64>,
    /// Depth limit instead of time.
    pub depth: Option<u32>,
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    proto: Proto,
    /// The engine's name (from `name=`, or what it reports).
    pub name: String,
    /// CECP: the engine wants moves as `usermove MOVE`.
    usermove: bool,
    /// CECP: the engine reads `setboard FEN` (`feature setboard=1`); UCI engines always can.
    pub setboard: bool,
    /// CECP: the engine has left force mode in this game (it plays one side).
    playing: bool,
    /// Variants the engine lists (CECP `feature variants`, UCI `UCI_Variant` vars); empty when
    /// it lists none.
    pub variants: Vec<String>,
    /// The last lines exchanged, for error reports.
    log: Vec<String>,
    /// The last score and depth the engine reported while thinking on its latest move.
    pub last_eval: Option<Eval>,
}

/// Lines of the exchange kept for an error report.
const LOG_LINES: usize = 40;

impl Engine {
    /// Start an engine and complete its handshake within `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<Engine, EngineError> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", spec.cmd)))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            stdin: child.stdin.take(),
            child,
            rx,
            proto: spec.proto,
            name: spec.name.clone().unwrap_or_else(|| base_name(&spec.cmd)),
            usermove: false,
            setboard: spec.proto == Proto::Uci,
            playing: false,
            variants: Vec::new(),
            log: Vec::new(),
            last_eval: None,
        };
        let deadline = Instant::now() + timeout;
        match spec.proto {
            Proto::Xboard => e.handshake_xboard(deadline, spec)?,
            Proto::Uci => e.handshake_uci(deadline, spec)?,
        }
        Ok(e)
    }

    /// The protocol this engine speaks.
    pub fn proto(&self) -> Proto {
        self.proto
    }

    /// The last lines exchanged (`> ` sent, `< ` received).
    pub fn transcript(&self) -> &[String] {
        &self.log
    }

    fn note(&mut self, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.remove(0);
        }
        self.log.push(line);
    }

    /// Send one line (a dead engine is noticed by the next read).
    pub fn send(&mut self, line: &str) {
        self.note(format!("> {line}"));
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "{line}").and_then(|_| stdin.flush());
        }
    }

    /// The next line, or the error saying why none came by `deadline`.
    fn read(&mut self, deadline: Instant, what: &str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(left) {
            Ok(line) => {
                self.note(format!("< {line}"));
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited(what.to_string())),
        }
    }

    fn handshake_xboard(
        &mut self,
        deadline: Instant,
        spec: &EngineSpec,
    ) -> Result<(), EngineError> {
        self.send("xboard");
        self.send("protover 2");
        // Features until done=1. An engine that never sends `feature` is protocol 1: XBoard
        // waits 2 s for it; we wait for the whole handshake deadline only once `done=0` came.
        let mut done = false;
        let mut wait_long = false;
        let short = Instant::now() + Duration::from_secs(2);
        while !done {
            let until = if wait_long {
                deadline
            } else {
                short.min(deadline)
            };
            let line = match self.read(until, "feature done=1") {
                Ok(l) => l,
                Err(EngineError::Timeout(_)) if !wait_long && Instant::now() < deadline => break,
                Err(e) => return Err(e),
            };
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            for (key, value) in parse_features(rest) {
                let accepted = match key.as_str() {
                    "done" => {
                        done = value == "1";
                        wait_long = value == "0";
                        continue;
                    }
                    "usermove" => {
                        self.usermove = value == "1";
                        true
                    }
                    "setboard" => {
                        self.setboard = value == "1";
                        true
                    }
                    "myname" => {
                        if spec.name.is_none() {
                            self.name = value.clone();
                        }
                        true
                    }
                    "variants" => {
                        self.variants = value.split(',').map(|v| v.trim().to_string()).collect();
                        true
                    }
                    "ping" | "sigint" | "sigterm" | "colors" | "time" | "draw" | "reuse"
                    | "analyze" | "san" | "name" | "debug" | "memory" | "smp" | "option"
                    | "highlight" | "nps" | "exclude" | "pause" | "playother" | "ics" | "egt" => {
                        key != "san" || value == "0"
                    }
                    _ => false,
                };
                let reply = if accepted { "accepted" } else { "rejected" };
                self.send(&format!("{reply} {key}"));
            }
        }
        for (name, value) in &spec.options {
            self.send(&format!("option {name}={value}"));
        }
        self.ping(deadline)
    }

    fn handshake_uci(&mut self, deadline: Instant, spec: &EngineSpec) -> Result<(), EngineError> {
        self.send("uci");
        loop {
            let line = self.read(deadline, "uciok")?;
            if line == "uciok" {
                break;
            }
            if let Some(n) = line.strip_prefix("id name ") {
                if spec.name.is_none() {
                    self.name = n.trim().to_string();
                }
            } else if line.starts_with("option name UCI_Variant ") {
                self.variants = line
                    .split(" var ")
                    .skip(1)
                    .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
                    .filter(|v| !v.is_empty())
                    .collect();
            }
        }
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"));
        }
        self.ping(deadline)
    }

    /// Wait until the engine has processed everything sent so far (`ping`/`pong`,
    /// `isready`/`readyok`).
    pub fn ping(&mut self, deadline: Instant) -> Result<(), EngineError> {
        match self.proto {
            Proto::Xboard => {
                self.send("ping 1");
                while self.read(deadline, "pong")? != "pong 1" {}
            }
            Proto::Uci => {
                self.send("isready");
                while self.read(deadline, "readyok")? != "readyok" {}
            }
        }
        Ok(())
    }

    /// Start a new game of `variant` (its wire name; `uci_name` for UCI) from `fen` (None =
    /// the start position), every engine in force mode / idle.
    pub fn new_game(
        &mut self,
        variant: &str,
        uci_name: &str,
        fen: Option<&str>,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        match self.proto {
            Proto::Xboard => {
                self.playing = false;
                self.send("new");
                if variant != "normal" {
                    self.send(&format!("variant {variant}"));
                }
                self.send("force");
                if let Some(f) = fen {
                    self.send(&format!("setboard {f}"));
                }
                self.send("post");
            }
            Proto::Uci => {
                // An engine without a `UCI_Variant` option plays FIDE chess only.
                if !self.variants.is_empty() {
                    self.send(&format!("setoption name UCI_Variant value {uci_name}"));
                }
                self.send("ucinewgame");
            }
        }
        self.ping(deadline)
    }

    /// CECP `level MPS BASE INC`: the time control of the game, sent after `new_game` when
    /// the game is played on a clock (UCI engines read it from every `go`).
    pub fn set_level(&mut self, moves: u32, base_ms: u64, inc_ms: u64) {
        if self.proto == Proto::Xboard {
            let line = format!(
                "level {moves} {} {}",
                minutes_seconds(base_ms),
                seconds(inc_ms)
            );
            self.send(&line);
        }
    }

    /// CECP: moves played before the engine's first turn (an opening), sent in force mode.
    /// UCI engines get them in the `position` line instead.
    pub fn force_moves(&mut self, moves: &[String]) {
        if self.proto == Proto::Xboard {
            for m in moves {
                let line = self.move_line(m);
                self.send(&line);
            }
        }
    }

    fn move_line(&self, mv: &str) -> String {
        if self.usermove {
            format!("usermove {mv}")
        } else {
            mv.to_string()
        }
    }

    /// Ask for a move. CECP: `last` is the opponent's move since this engine last moved (the
    /// engine stays in force mode until its first turn, then plays its side). UCI: `position`
    /// is the whole `position ...` line. `clocks` gives the time; the reply is awaited until
    /// `deadline` (the clock plus a margin).
    pub fn go(
        &mut self,
        last: Option<&str>,
        position: &str,
        white_to_move: bool,
        clocks: &Clocks,
        deadline: Instant,
    ) -> Result<Reply, EngineError> {
        match self.proto {
            Proto::Xboard => self.go_xboard(last, white_to_move, clocks, deadline),
            Proto::Uci => self.go_uci(position, clocks, deadline),
        }
    }

    fn go_xboard(
        &mut self,
        last: Option<&str>,
        white_to_move: bool,
        c: &Clocks,
        deadline: Instant,
    ) -> Result<Reply, EngineError> {
        let (own, other) = if white_to_move {
            (c.left[0], c.left[1])
        } else {
            (c.left[1], c.left[0])
        };
        if let Some(d) = c.depth {
            self.send(&format!("sd {d}"));
        }
        if let Some(ms) = c.per_move {
            // Whole seconds as CECP writes them; a fraction where one is asked for (read by
            // Estuary, Fairy-Stockfish and python-chess's engines).
            self.send(&format!("st {}", seconds(ms.max(1))));
        } else if c.depth.is_none() {
            self.send(&format!("time {}", own / 10));
            self.send(&format!("otim {}", other / 10));
        }
        match (self.playing, last) {
            (true, Some(m)) => {
                let line = self.move_line(m);
                self.send(&line);
            }
            _ => {
                if let Some(m) = last {
                    let line = self.move_line(m);
                    self.send(&line);
                }
                self.send("go");
                self.playing = true;
            }
        }
        let mut draw_offer = false;
        self.last_eval = None;
        loop {
            let line = self.read(deadline, "a move")?;
            if let Some(eval) = Eval::from_cecp(&line) {
                self.last_eval = Some(eval);
                continue;
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("move") => {
                    let mv = words.next().unwrap_or("").to_string();
                    return Ok(if draw_offer {
                        Reply::DrawClaimWithMove(mv)
                    } else {
                        Reply::Move(mv)
                    });
                }
                Some("resign") => return Ok(Reply::Resign),
                Some("offer") if line.trim() == "offer draw" => draw_offer = true,
                Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => {
                    let comment = line[r.len()..].trim().trim_matches(['{', '}']).to_string();
                    if comment.to_ascii_lowercase().contains("resign") {
                        return Ok(Reply::Resign);
                    }
                    return Ok(Reply::Claim(r.to_string(), comment));
                }
                _ => {}
            }
        }
    }

    fn go_uci(
        &mut self,
        position: &str,
        c: &Clocks,
        deadline: Instant,
    ) -> Result<Reply, EngineError> {
        self.send(position);
        let go = if let Some(d) = c.depth {
            format!("go depth {d}")
        } else if let Some(ms) = c.per_move {
            format!("go movetime {ms}")
        } else {
            let mut g = format!(
                "go wtime {} btime {} winc {} binc {}",
                c.left[0], c.left[1], c.inc, c.inc
            );
            if c.moves_to_go > 0 {
                g.push_str(&format!(" movestogo {}", c.moves_to_go));
            }
            g
        };
        self.send(&go);
        self.last_eval = None;
        loop {
            let line = self.read(deadline, "bestmove")?;
            if let Some(eval) = Eval::from_uci(&line) {
                self.last_eval = Some(eval);
                continue;
            }
            if let Some(rest) = line.strip_prefix("bestmove") {
                let mv = rest.split_whitespace().next().unwrap_or("").to_string();
                return Ok(if mv == "0000" || mv == "(none)" || mv.is_empty() {
                    Reply::Resign
                } else {
                    Reply::Move(mv)
                });
            }
        }
    }

    /// Tell the engine the game is over (CECP `result`), leaving it ready for another.
    pub fn game_over(&mut self, result: &str, comment: &str) {
        if self.proto == Proto::Xboard {
            self.send(&format!("result {result} {{{comment}}}"));
            self.send("force");
            self.playing = false;
        } else {
            self.send("stop");
        }
    }

    /// Ask the engine to quit, and kill it if it has not within `grace`.
    pub fn quit(mut self, grace: Duration) {
        self.send("quit");
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Milliseconds as CECP seconds: `5`, `0.05`.
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let text = format!("{:.3}", ms as f64 / 1000.0);
        text.trim_end_matches('0').to_string()
    }
}

/// Milliseconds as the BASE of CECP `level`: `M` or `M:SS` (seconds may carry a fraction).
fn minutes_seconds(ms: u64) -> String {
    let minutes = ms / 60_000;
    let rest = ms % 60_000;
    if rest == 0 {
        minutes.to_string()
    } else if rest.is_multiple_of(1000) {
        format!("{minutes}:{:02}", rest / 1000)
    } else {
        format!("{minutes}:{}", seconds(rest))
    }
}

/// The file name of a command, as the engine's name when it gives none.
fn base_name(cmd: &str) -> String {
    std::path::Path::new(cmd)
        .file_name()
        .map_or(cmd.to_string(), |n| n.to_string_lossy().into_owned())
}

/// `KEY=VALUE` pairs of a CECP `feature` line; values may be quoted (`myname="Fairy-Max 5"`).
pub fn parse_features(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            let end = r.find('"').unwrap_or(r.len());
            value = r[..end].to_string();
            rest = r.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        out.push((key, value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cecp_time_texts() {
        assert_eq!(seconds(5000), "5");
        assert_eq!(seconds(50), "0.05");
        assert_eq!(minutes_seconds(60_000), "1");
        assert_eq!(minutes_seconds(10_000), "0:10");
        assert_eq!(minutes_seconds(90_500), "1:30.5");
    }

    #[test]
    fn feature_lines_split_with_quotes() {
        let f = parse_features(
            r#"myname="Fairy-Max 5.0b" usermove=1 variants="normal,twokingdoms" done=1"#,
        );
        assert_eq!(
            f,
            [
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("usermove".to_string(), "1".to_string()),
                ("variants".to_string(), "normal,twokingdoms".to_string()),
                ("done".to_string(), "1".to_string())
            ]
        );
        assert!(parse_features("").is_empty());
        assert_eq!(parse_features(r#"myname="unclosed"#)[0].1, "unclosed");
    }
}
