//! CECP v2, the XBoard/WinBoard protocol, with H.G. Muller's variant extensions
//! (protocol.md §2-§8): the command loop and the game state it keeps.
//!
//! The loop handles one [`Event`] at a time. While the engine thinks on its move, commands that
//! do not need the search to end (`time`, `post`, `?` …) are handled at once, those that end it
//! without a move (`force`, `new`, `result`, `undo` …) abort it, and the rest, `ping` first
//! among them, wait in `deferred` until the move is out, so a `pong` always follows everything
//! sent before its `ping` (protocol.md §3). Analysis counts as pondering: `ping` is answered at
//! once. Searching, moving and game ends are in `thinking`.

mod thinking;

use super::clock::{self, Clock, Control};
use super::debug;
use super::edit::{Edit, Step};
use super::ferry_entry;
use super::xboard_setup;
use super::{send, split_command, Event, Link};
use crate::board::{Move, MoveList, Position};
use crate::notation::{parse_square, two_colour, xboard_ferry, Dialect};
use crate::rules::legal_moves;
use crate::search::SearchInfo;
use crate::thread::{Engine, DEFAULT_HASH_MB};
use crate::types::Army;
use crate::variant::{builtin, Variant};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use thinking::Running;

/// The name announced in `feature myname`.
pub const ENGINE_NAME: &str = concat!(
    "Estuary ",
    env!("CARGO_PKG_VERSION_MAJOR"),
    ".",
    env!("CARGO_PKG_VERSION_MINOR")
);

/// Commands handled at once while the engine thinks on its move.
const WHILE_THINKING: &[&str] = &[
    "post", "nopost", "time", "otim", "hard", "easy", "computer", "name", "rating", "random",
    "accepted", "rejected", "draw", "hint", "bk", "ics", "level", "st", "sd", "nps", "lift", "put",
    "hover", "d", "eval", "xboard", "protover", "egtpath", "pause", "resume", ".",
];
/// Commands that end a search on the engine's move without a move.
const ABORTING: &[&str] = &[
    "force",
    "new",
    "result",
    "undo",
    "remove",
    "setboard",
    "edit",
    "variant",
    "analyze",
    "exit",
    "playother",
    "white",
    "black",
];

/// The state of one CECP session.
pub(crate) struct Cecp {
    tx: Sender<Event>,
    engine: Engine,
    hash_mb: usize,
    variant: &'static Variant,
    /// The game: its history holds every move, so the search sees repetitions.
    game: Position,
    /// Force mode: play neither side.
    force: bool,
    /// The army the engine plays when not in force mode.
    engine_army: Army,
    analyzing: bool,
    /// Pondering on (`hard`) or off (`easy`).
    ponder: bool,
    search: Option<Running>,
    next_id: u64,
    /// Commands waiting for the engine's move.
    deferred: VecDeque<String>,
    clock: Clock,
    post: Arc<AtomicBool>,
    /// Root moves excluded (`exclude`); cleared whenever the position changes.
    exclude: Vec<Move>,
    edit: Option<Edit>,
    /// Score of our last move (CECP units, our view), for answering draw offers.
    last_score: Option<i32>,
    /// The expected reply after our last move, valid while the position key matches.
    hint: Option<(u64, Move)>,
    /// Latest progress of the running search (for `stat01`).
    last_info: Arc<Mutex<Option<SearchInfo>>>,
    /// Move entry by mouse in a game with Ferries (`lift`/`put`, ferry_entry).
    entry: ferry_entry::Entry,
    quit: bool,
}

/// Run CECP after `xboard` was read, until `quit` or the end of input.
pub fn run(link: Link) -> i32 {
    let mut c = Cecp::new(link.tx.clone());
    while !c.quit {
        while !c.busy() && !c.quit {
            match c.deferred.pop_front() {
                Some(line) => c.command(&line),
                None => break,
            }
        }
        if c.quit {
            break;
        }
        match link.rx.recv() {
            Ok(Event::Line(line)) => c.incoming(&line),
            Ok(Event::SearchDone { id, result }) => c.search_done(id, result),
            Ok(Event::Eof) | Err(_) => {
                c.end_of_input();
                break;
            }
        }
    }
    c.abort();
    0
}

fn normal() -> &'static Variant {
    builtin::find("normal")
        .or_else(|| builtin::all().into_iter().next())
        .expect("at least one built-in variant")
}

/// Does a line that is no command look like a move (so it gets `Illegal move`, not `Error`)?
fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    !s.contains(char::is_whitespace)
        && ((b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
            || s.contains('@')
            || s.starts_with("O-O")
            || s.starts_with("0-0"))
}

impl Cecp {
    fn new(tx: Sender<Event>) -> Cecp {
        let variant = normal();
        Cecp {
            tx,
            engine: Engine::new(1, DEFAULT_HASH_MB),
            hash_mb: DEFAULT_HASH_MB,
            variant,
            game: Position::startpos(variant),
            force: false,
            engine_army: Army::BLACK,
            analyzing: false,
            ponder: false,
            search: None,
            next_id: 1,
            deferred: VecDeque::new(),
            clock: Clock::default(),
            post: Arc::new(AtomicBool::new(false)),
            exclude: Vec::new(),
            edit: None,
            last_score: None,
            hint: None,
            last_info: Arc::new(Mutex::new(None)),
            entry: ferry_entry::Entry::default(),
            quit: false,
        }
    }

    /// A line arrived from the GUI.
    fn incoming(&mut self, line: &str) {
        if !self.busy() {
            self.command(line);
            return;
        }
        match split_command(line).0 {
            "quit" => self.command(line),
            "?" => self.engine.stop(),
            cmd if WHILE_THINKING.contains(&cmd) && self.deferred.is_empty() => self.command(line),
            cmd if ABORTING.contains(&cmd) => {
                self.abort();
                self.deferred.push_back(line.to_string());
            }
            _ => self.deferred.push_back(line.to_string()),
        }
    }

    /// Handle one command.
    fn command(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = split_command(line);
        if self.edit.is_some() && !matches!(cmd, "quit" | "ping") {
            return self.edit_command(line);
        }
        match cmd {
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self
                    .search
                    .as_ref()
                    .is_some_and(|s| s.task != thinking::Task::Analyze)
                {
                    self.abort();
                }
            }
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "egtpath" | "pause" | "resume" | "hover" | "white" | "black" => {}
            "put" => {
                if xboard_ferry::active(self.variant) {
                    if let Some((sq, n)) = parse_square(self.variant, arg, Dialect::Cecp) {
                        if n == arg.len() {
                            if let Some(c) = ferry_entry::put(&mut self.game, &mut self.entry, sq) {
                                send(&c);
                            }
                        }
                    }
                }
            }
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.set_variant(arg),
            "force" => {
                self.abort();
                self.force = true;
            }
            "go" => self.go(),
            "playother" => {
                self.abort();
                self.analyzing = false;
                self.force = false;
                self.engine_army = self.game.army().enemy();
            }
            "level" => match clock::parse_level(arg) {
                Ok(c) => self.clock.control = c,
                Err(e) => send(&format!("Error ({e}): {line}")),
            },
            "st" => match clock::parse_seconds(arg) {
                Ok(ms) => self.clock.control = Control::PerMove(ms),
                Err(e) => send(&format!("Error ({e}): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) => self.clock.depth = Some(d.clamp(1, 127)),
                Err(_) => send(&format!("Error (bad depth): {line}")),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(r) => self.clock.nps = Some(r),
                Err(_) => send(&format!("Error (bad rate): {line}")),
            },
            "time" | "otim" => match clock::parse_centis(arg) {
                Ok(ms) if cmd == "time" => self.clock.own_ms = Some(ms),
                Ok(ms) => self.clock.opp_ms = Some(ms),
                Err(e) => send(&format!("Error ({e}): {line}")),
            },
            "usermove" => self.user_move(arg),
            "?" => {}
            "ping" => send(&format!("pong {arg}")),
            "draw" => self.draw_offered(),
            "result" => {
                self.abort();
                self.force = true;
                self.analyzing = false;
            }
            "setboard" => self.set_board(arg),
            "edit" => {
                self.abort();
                self.edit = Some(Edit::start(&self.game));
            }
            "hint" => {
                if let Some((key, m)) = self.hint {
                    if key == self.game.key() {
                        send(&format!("Hint: {}", self.move_text(m)));
                    }
                }
            }
            "bk" => {
                send(" no book");
                send("");
            }
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.abort();
                self.analyzing = true;
                self.force = true;
                self.start_analysis();
            }
            "exit" => {
                self.abort();
                self.analyzing = false;
            }
            "." => self.status(),
            "memory" => match arg.parse::<usize>() {
                Ok(mb) => self.set_hash(mb),
                Err(_) => send(&format!("Error (bad size): {line}")),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) => {
                    self.abort();
                    self.engine.set_threads(n.clamp(1, 256));
                    self.restart_analysis();
                }
                Err(_) => send(&format!("Error (bad count): {line}")),
            },
            "option" => self.option(arg, line),
            "exclude" | "include" => self.exclude_command(cmd == "exclude", arg, line),
            "lift" => match parse_square(self.variant, arg, Dialect::Cecp) {
                Some((sq, n)) if n == arg.len() => {
                    if xboard_ferry::active(self.variant) {
                        send(&ferry_entry::lift(&mut self.game, &mut self.entry, sq));
                    } else {
                        send(&xboard_setup::highlight(&mut self.game, sq));
                    }
                }
                _ => match xboard_setup::holdings_piece(self.variant, arg) {
                    Some((army, kind)) => {
                        send(&xboard_setup::highlight_drops(&mut self.game, army, kind))
                    }
                    None => send(&format!("Error (bad square): {line}")),
                },
            },
            "d" => {
                debug_lines(debug::diagram(&self.game, Dialect::Cecp));
                match debug::write_diagram(&self.game, arg) {
                    Some(Ok(done)) => debug_lines(vec![done]),
                    Some(Err(e)) => send(&format!("Error ({e}): {line}")),
                    None => {}
                }
            }
            "eval" => debug_lines(debug::static_eval(&self.game)),
            "perft" => match arg.parse::<u32>() {
                Ok(d) if d <= debug::MAX_PERFT_DEPTH => {
                    debug_lines(debug::perft_divide(&self.game, d, Dialect::Cecp))
                }
                _ => send(&format!("Error (bad depth): {line}")),
            },
            "quit" => {
                self.abort();
                self.quit = true;
            }
            _ if looks_like_move(line) => self.user_move(line),
            _ => send(&format!("Error (unknown command): {line}")),
        }
    }

    /// `protover`: announce the features (protocol.md §5.1).
    fn features(&self) {
        send("feature done=0");
        send(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 exclude=1 highlight=1 \
             debug=1 nps=1 name=0 myname=\"{ENGINE_NAME}\""
        ));
        send(&xboard_setup::variants_feature(&builtin::all()));
        send("feature option=\"Config directory -path .\"");
        send("feature done=1");
    }

    /// `new`: FIDE start position, White to move, engine plays Black.
    fn new_game(&mut self) {
        self.abort();
        self.variant = normal();
        self.game = Position::startpos(self.variant);
        self.force = false;
        self.engine_army = Army::BLACK;
        self.clock.new_game();
        self.last_score = None;
        self.engine.new_game();
        self.position_changed();
    }

    /// `variant NAME`: switch games; describe engine-defined ones at once (protocol.md §8.2).
    fn set_variant(&mut self, arg: &str) {
        // A size-prefixed name (`10x10+0_twokingdoms`) is accepted when the size is the game's.
        let found = builtin::find(arg).or_else(|| {
            let (size, name) = arg.split_once('_')?;
            builtin::find(name).filter(|v| size == format!("{}x{}+0", v.files, v.ranks))
        });
        let Some(v) = found else {
            send(&format!("Error (unsupported variant): {arg}"));
            return;
        };
        self.abort();
        self.variant = v;
        self.game = Position::startpos(v);
        self.engine.new_game();
        if xboard_ferry::active(v) {
            send(&ferry_entry::setup_line(v));
            for l in xboard_setup::piece_lines(v) {
                send(&l);
            }
        } else if !v.xboard_builtin {
            send(&xboard_setup::setup_line(v));
            for l in xboard_setup::piece_lines(v) {
                send(&l);
            }
        }
        self.position_changed();
    }

    /// `go`: play the side to move, starting now.
    fn go(&mut self) {
        self.abort();
        self.analyzing = false;
        self.force = false;
        self.engine_army = self.game.army();
        self.think();
    }

    /// A move from the GUI (`usermove MOVE` or a bare move).
    fn user_move(&mut self, text: &str) {
        self.entry = ferry_entry::Entry::default();
        let m = match self.parse_cecp_move(text) {
            Ok(m) => m,
            Err(reason) => return send(&format!("Illegal move ({reason}): {text}")),
        };
        let hit = self.ponder_hit(m);
        self.game.make(m);
        self.position_changed();
        if !hit && !self.analyzing && !self.force && self.game.army() == self.engine_army {
            self.think();
        }
    }

    /// A move in XBoard's text: the Ferry dialect in games with Ferries (xboard_ferry).
    fn parse_cecp_move(&mut self, text: &str) -> Result<Move, String> {
        xboard_ferry::parse_cecp_move(&mut self.game, text)
    }

    /// `setboard FEN`: a bad FEN leaves everything as it was.
    fn set_board(&mut self, fen: &str) {
        let read = if xboard_ferry::active(self.variant) {
            xboard_ferry::from_gui_fen(self.variant, fen)
        } else {
            two_colour::from_gui_fen(self.variant, fen)
        };
        match read {
            Ok(p) => {
                self.abort();
                self.game = p;
                self.position_changed();
            }
            Err(e) => {
                send("tellusererror Illegal position");
                // XBoard treats an `Error` line mentioning "llegal" as a rejected move.
                let e = e.replace("llegal", "nvalid");
                send(&format!("Error (bad FEN): {e}"));
            }
        }
    }

    /// Lines inside `edit` mode.
    fn edit_command(&mut self, line: &str) {
        let Some(edit) = self.edit.as_mut() else {
            return;
        };
        match edit.command(self.variant, line) {
            Ok(Step::Continue) => {}
            Ok(Step::Done) => {
                let edit = self.edit.take().expect("in edit mode");
                match edit.finish(&self.game) {
                    Ok(p) => {
                        self.game = p;
                        self.position_changed();
                    }
                    Err(e) => {
                        send("tellusererror Illegal position");
                        log::warn!("edited position refused: {e}");
                    }
                }
            }
            Err(e) => send(&format!("Error ({e}): {line}")),
        }
    }

    /// `undo` (1 ply) and `remove` (2 plies).
    fn take_back(&mut self, plies: usize, line: &str) {
        if self.game.plies_played() < plies {
            send(&format!("Error (no move to take back): {line}"));
            return;
        }
        self.abort();
        for _ in 0..plies {
            self.game.unmake();
        }
        self.position_changed();
    }

    /// After any change of position: forget exclusions and hint, restart analysis.
    fn position_changed(&mut self) {
        self.entry = ferry_entry::Entry::default();
        self.exclude.clear();
        self.hint = None;
        self.restart_analysis();
    }

    fn restart_analysis(&mut self) {
        if self.analyzing {
            self.abort();
            self.start_analysis();
        }
    }

    /// `memory N`: the hash table takes all of it (capped by the machine).
    fn set_hash(&mut self, mb: usize) {
        let mb = mb.clamp(1, crate::thread::hash_cap_mb());
        if mb != self.hash_mb {
            self.abort();
            self.engine.set_hash(mb);
            self.hash_mb = mb;
            self.restart_analysis();
        }
    }

    /// `option NAME[=VALUE]`.
    fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (arg.trim(), ""),
        };
        match name {
            "Config directory" => self.load_configs(value),
            "Threads" | "Hash" => match value.parse::<usize>() {
                Ok(n) if name == "Hash" => self.set_hash(n),
                Ok(n) => {
                    self.abort();
                    self.engine.set_threads(n.clamp(1, 256));
                    self.restart_analysis();
                }
                Err(_) => send(&format!("Error (bad value): {line}")),
            },
            _ => send(&format!("Error (unknown option): {line}")),
        }
    }

    /// Load every `*.toml` of a directory and announce the variants again.
    fn load_configs(&mut self, dir: &str) {
        let path = std::path::Path::new(if dir.is_empty() { "." } else { dir });
        let (names, errors) = builtin::load_dir_all(path);
        for name in &names {
            log::info!("loaded variant {name} from {}", path.display());
        }
        for e in &errors {
            log::warn!("{e}");
            send(&format!("# {e}"));
        }
        if let Some(first) = errors.first() {
            send(&format!(
                "telluser {} config error(s); first: {first}",
                errors.len()
            ));
        }
        send(&xboard_setup::variants_feature(&builtin::all()));
    }

    /// `exclude`/`include` MOVE or `all`.
    fn exclude_command(&mut self, exclude: bool, arg: &str, line: &str) {
        if arg == "all" {
            self.exclude.clear();
            if exclude {
                let mut list = MoveList::new();
                legal_moves(&mut self.game, &mut list);
                self.exclude.extend(list.iter());
            }
        } else {
            match self.parse_cecp_move(arg) {
                Ok(m) => {
                    self.exclude.retain(|&x| x != m);
                    if exclude {
                        self.exclude.push(m);
                    }
                }
                Err(reason) => return send(&format!("Error ({reason}): {line}")),
            }
        }
        self.restart_analysis();
    }
}

/// Debug output as `#` lines (XBoard logs and ignores them).
fn debug_lines(lines: Vec<String>) {
    for l in lines {
        send(&format!("# {l}"));
    }
}
