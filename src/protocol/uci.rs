//! UCI, with Fairy-Stockfish's conventions for variants (protocol.md §10-§11): the session
//! state and its command loop.
//!
//! Who reads what: the commands that carry no square (`uci`, `debug`, `isready`, `setoption`,
//! `register`, `ucinewgame`, `stop`, `ponderhit`, `quit`) are parsed by the `vampirc-uci`
//! crate; `position` lines are read here and their moves by `crate::notation`, never by
//! vampirc, which knows only files a-h and ranks 1-8 and silently drops what it cannot read
//! (ORACLES.md §5); `go` is cut up in `go` (its limits go to vampirc one at a time,
//! `searchmoves` and `perft` are ours).
//!
//! Malformed input never panics and never changes the position: it gets
//! `info string error: ...` and is otherwise ignored. A `go` (other than `go perft`) always
//! starts a search (the parts that could not be read are reported and skipped), so a GUI
//! waiting for `bestmove` never waits forever. The search runs on the engine's threads; its `info` and `bestmove` lines are
//! printed from there (`report`), so this loop answers `isready` at once even while searching.

mod go;
pub mod options;
mod report;

use super::{send, split_command, Event, Link};
use crate::board::Position;
use crate::notation::{parse_move, two_colour, Dialect};
use crate::thread::{Engine, DEFAULT_HASH_MB};
use crate::tools::perft;
use crate::variant::{builtin, Variant};
use options::{find_variant, Name};
use std::sync::Arc;
use std::time::Instant;
use vampirc_uci::UciMessage;

/// `id author`.
const AUTHOR: &str = "the Estuary developers";
/// Commands vampirc-uci parses faithfully; only these lines are shown to it.
const VAMPIRC_COMMANDS: &[&str] = &[
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "stop",
    "ponderhit",
    "quit",
];

/// The state of one UCI session.
struct Uci {
    engine: Engine,
    variant: &'static Variant,
    /// The game position, with the moves of the last `position` line played on it (so the
    /// search sees repetitions).
    game: Position,
    threads: usize,
    move_overhead: u64,
    /// The `Ponder` option (GUIs use it to say whether they will send `go ponder`).
    ponder: bool,
    variant_path: String,
    debug: bool,
    /// The running search has no limit of its own (infinite, ponder or none given).
    unbounded: bool,
    quit: bool,
}

/// Run UCI after the first `uci` was read, until `quit` or the end of input. At the end of
/// input a search with limits is let finish (so `printf 'uci\ngo depth 5\n' | estuary` prints
/// its move); an unbounded one is stopped.
pub fn run(link: Link) -> i32 {
    let mut u = Uci::new();
    u.identify();
    while !u.quit {
        match link.rx.recv() {
            Ok(Event::Line(line)) => u.command(&line),
            Ok(Event::SearchDone { .. }) => {}
            Ok(Event::Eof) | Err(_) => break,
        }
    }
    if u.quit || u.unbounded {
        u.engine.stop();
    }
    u.engine.wait();
    0
}

/// Print `info string error: ...`.
fn error(text: &str) {
    send(&format!("info string error: {text}"));
}

/// Parse one line with vampirc-uci; `None` when it does not recognise it. A panic inside the
/// crate (it unwraps some numbers) is caught and counts as not recognised.
fn vampirc_parse(line: &str) -> Option<UciMessage> {
    let msg = std::panic::catch_unwind(|| vampirc_uci::parse_one(line)).ok()?;
    (!msg.is_unknown()).then_some(msg)
}

/// The position of a `position` line (the text after the word), or why there is none.
fn parse_position(v: &'static Variant, args: &str) -> Result<Position, String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let (setup, moves) = match tokens.iter().position(|t| t.eq_ignore_ascii_case("moves")) {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let mut pos = match setup.first().map(|t| t.to_ascii_lowercase()).as_deref() {
        Some("startpos") if setup.len() == 1 => Position::startpos(v),
        Some("startpos") => return Err(format!("unexpected {:?} after startpos", setup[1])),
        Some("fen") if setup.len() > 1 => two_colour::from_gui_fen(v, &setup[1..].join(" "))
            .map_err(|e| format!("bad FEN: {e}"))?,
        Some("fen") => return Err("fen needs a FEN".into()),
        _ => return Err("position needs startpos or fen".into()),
    };
    for (n, text) in moves.iter().enumerate() {
        let m = parse_move(&mut pos, text, Dialect::Uci)
            .map_err(|e| format!("move {} {text}: {e}", n + 1))?;
        pos.make(m);
    }
    Ok(pos)
}

/// `info string variant ...` as Fairy-Stockfish prints it for a game GUIs may not know.
fn variant_info(v: &'static Variant) -> String {
    let pocket = super::xboard_setup::holdings(v);
    format!(
        "info string variant {} files {} ranks {} pocket {pocket} template fairy startpos {}",
        v.name,
        v.files,
        v.ranks,
        two_colour::gui_start_fen(v)
    )
}

impl Uci {
    fn new() -> Uci {
        let variant = find_variant(options::DEFAULT_VARIANT)
            .or_else(|| builtin::all().into_iter().next())
            .expect("at least one built-in variant");
        Uci {
            engine: Engine::new(1, DEFAULT_HASH_MB),
            variant,
            game: Position::startpos(variant),
            threads: 1,
            move_overhead: options::DEFAULT_MOVE_OVERHEAD,
            ponder: false,
            variant_path: String::new(),
            debug: false,
            unbounded: false,
            quit: false,
        }
    }

    /// The answer to `uci`.
    fn identify(&self) {
        send(&format!("id name {}", super::cecp::ENGINE_NAME));
        send(&format!("id author {AUTHOR}"));
        for line in options::declarations(&self.variant_path) {
            send(&line);
        }
        send("uciok");
    }

    /// Handle one line of input.
    fn command(&mut self, line: &str) {
        let (cmd, args) = split_command(line);
        let cmd = cmd.to_ascii_lowercase();
        match cmd.as_str() {
            "" => {}
            "position" => match parse_position(self.variant, args) {
                Ok(p) => self.game = p,
                Err(e) => error(&format!("{e}; position unchanged")),
            },
            "go" => self.go(args),
            "d" => {
                send(&format!("Fen: {}", self.game.fen()));
                match super::debug::write_diagram(&self.game, args) {
                    Some(Ok(done)) => send(&format!("info string {done}")),
                    Some(Err(e)) => error(&e),
                    None => {}
                }
            }
            c if VAMPIRC_COMMANDS.contains(&c) => match vampirc_parse(line.trim()) {
                Some(msg) => self.message(msg),
                None => error(&format!("cannot read {:?}", line.trim())),
            },
            _ => error(&format!("unknown command {:?}", line.trim())),
        }
    }

    /// A command vampirc-uci read.
    fn message(&mut self, msg: UciMessage) {
        match msg {
            UciMessage::Uci => self.identify(),
            UciMessage::Debug(on) => self.debug = on,
            UciMessage::IsReady => send("readyok"),
            UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciMessage::Register { .. } => {}
            UciMessage::UciNewGame => {
                self.engine.new_game();
                self.game = Position::startpos(self.variant);
            }
            UciMessage::Stop => self.engine.stop(),
            UciMessage::PonderHit => self.engine.ponderhit(),
            UciMessage::Quit => self.quit = true,
            other => error(&format!("unexpected {other}")),
        }
    }

    /// Let a running search end before the next one, as Stockfish does: one with limits is
    /// waited for (its `bestmove` comes first), an unbounded one is stopped.
    fn finish_search(&mut self) {
        if self.engine.is_searching() {
            if self.unbounded {
                self.engine.stop();
            }
            self.engine.wait();
        }
    }

    fn go(&mut self, args: &str) {
        self.finish_search();
        let (go, errors) = go::parse(args, &self.game);
        for e in &errors {
            error(e);
        }
        if let Some(depth) = go.perft {
            return self.perft(depth);
        }
        if go.perft_asked {
            return;
        }
        let limits = go.limits(self.game.army(), self.move_overhead);
        self.unbounded = limits.infinite
            || limits.ponder
            || (limits.time.is_none()
                && limits.movetime.is_none()
                && limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.mate.is_none());
        if self.debug {
            send(&format!("info string debug: {limits:?}"));
        }
        let reporter = Arc::new(report::Reporter {
            variant: self.game.variant(),
        });
        self.engine.go(&self.game, limits, reporter);
    }

    /// `go perft N`, Stockfish style: `move: count` per root move, then `Nodes searched: N`.
    fn perft(&self, depth: u32) {
        let start = Instant::now();
        let rows = perft::divide(&self.game, depth, self.threads);
        for (m, n) in &rows {
            send(&format!("{m}: {n}"));
        }
        let total: u64 = rows.iter().map(|r| r.1).sum();
        send("");
        send(&format!("Nodes searched: {total}"));
        send("");
        if self.debug {
            send(&format!(
                "info string debug: perft {depth} took {} ms",
                start.elapsed().as_millis()
            ));
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(option) = options::lookup(name) else {
            return error(&format!("unknown option {name:?}"));
        };
        let result = match option {
            Name::Threads => options::spin(value, 1, options::MAX_THREADS).map(|n| {
                self.threads = n as usize;
                self.engine.set_threads(self.threads);
            }),
            Name::Hash => options::spin(value, 1, crate::thread::hash_cap_mb() as i64)
                .map(|n| self.engine.set_hash(n as usize)),
            Name::MultiPv => options::spin(value, 1, 1).map(|_| ()),
            Name::Ponder => options::check(value).map(|on| self.ponder = on),
            Name::MoveOverhead => options::spin(value, 0, options::MAX_MOVE_OVERHEAD)
                .map(|n| self.move_overhead = n as u64),
            Name::UciVariant => self.set_variant(value.unwrap_or("")),
            Name::VariantPath => self.load_variants(value.unwrap_or("")),
        };
        if let Err(e) = result {
            error(&format!("option {}: {e}", name.trim()));
        }
    }

    /// `UCI_Variant`: select a game and set up its start position.
    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let v = find_variant(name).ok_or_else(|| {
            format!(
                "unknown variant {:?} (known: {})",
                name.trim(),
                options::variant_names().join(" ")
            )
        })?;
        self.variant = v;
        self.game = Position::startpos(v);
        if v.name != options::DEFAULT_VARIANT {
            send(&variant_info(v));
        }
        Ok(())
    }

    /// `VariantPath`: load config files (`*.toml`) from directories or single files, several
    /// separated by `:` as Fairy-Stockfish does, then list the variants known now.
    fn load_variants(&mut self, paths: &str) -> Result<(), String> {
        let mut failed = Vec::new();
        for part in std::env::split_paths(paths.trim()) {
            if part.as_os_str().is_empty() {
                continue;
            }
            let loaded = if part.is_dir() {
                builtin::load_dir(&part).map(|_| ())
            } else {
                builtin::load_file(&part).map(|_| ())
            };
            if let Err(e) = loaded {
                failed.push(e.to_string());
            }
        }
        self.variant_path = paths.trim().to_string();
        // A loaded config may have replaced the current game's; follow it by name.
        if let Some(v) = builtin::find(&self.variant.name) {
            if !std::ptr::eq(v, self.variant) {
                self.variant = v;
                self.game = Position::startpos(v);
            }
        }
        send(&format!(
            "info string variants {}",
            options::variant_names().join(" ")
        ));
        if failed.is_empty() {
            Ok(())
        } else {
            Err(failed.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_move_keeps_nothing() {
        let v = find_variant("twokingdoms").unwrap();
        assert!(parse_position(v, "startpos moves a2a5 a9a7 b1c3").is_ok());
        assert!(parse_position(v, "startpos moves a2a5 a9a5").is_err());
        assert!(parse_position(v, "startpos junk").is_err());
        assert!(parse_position(v, "fen").is_err());
        assert!(parse_position(v, "").is_err());
    }

    #[test]
    fn vampirc_sees_only_what_it_reads() {
        assert!(matches!(
            vampirc_parse("isready"),
            Some(UciMessage::IsReady)
        ));
        assert!(vampirc_parse("debug sideways").is_none());
        match vampirc_parse("setoption name Move Overhead value 30") {
            Some(UciMessage::SetOption { name, value }) => {
                assert_eq!(name, "Move Overhead");
                assert_eq!(value.as_deref(), Some("30"));
            }
            other => panic!("{other:?}"),
        }
    }
}
