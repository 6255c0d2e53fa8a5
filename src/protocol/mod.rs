//! The protocol front-ends. Started without arguments, `estuary` reads commands on stdin and
//! speaks the protocol chosen by the first command: `xboard` → CECP (`cecp`), `uci` → UCI
//! (`uci`). Anything else before that is answered `Error (unknown command): X`.
//!
//! Threads (protocol.md §1): a reader thread turns stdin lines into [`Event::Line`]s on one
//! channel, and search listeners post [`Event::SearchDone`] on the same channel, so a
//! protocol's loop handles everything in arrival order on one thread and is never blocked by a
//! search. stdout carries protocol lines only ([`send`], flushed line by line); diagnostics go
//! to stderr through `log`.
//!
//! The protocol modules only parse and print: rules come from the rules core, moves from
//! `crate::thread::Engine`, move and position text from `crate::notation` (with the GUI
//! mappings there: `two_colour`, `xboard_ferry`, `uci_name`).

pub mod cecp;
mod clock;
mod debug;
mod edit;
pub mod ferry_entry;
pub mod uci;
pub mod xboard_setup;

use crate::search::SearchResult;
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};

/// Something the protocol loop must handle.
#[derive(Debug)]
pub enum Event {
    /// One line of input, without its line ending.
    Line(String),
    /// stdin was closed.
    Eof,
    /// The search numbered `id` finished.
    SearchDone { id: u64, result: SearchResult },
}

/// The protocol loop's inbox, and a sender for search listeners to post into it.
pub struct Link {
    pub rx: Receiver<Event>,
    pub tx: Sender<Event>,
}

/// Write one protocol line to stdout and flush it. A closed stdout is ignored here: the GUI
/// going away also closes stdin, which ends the loop.
pub fn send(line: &str) {
    log::debug!(">> {line}");
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(line.as_bytes());
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

/// Longest input line kept; the rest of a longer line is dropped (junk must not exhaust memory).
const MAX_LINE: usize = 64 * 1024;

/// Start the stdin reader thread; it posts one `Event::Line` per line, then `Event::Eof`.
fn spawn_reader(tx: Sender<Event>) {
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        log::debug!("<< {line}");
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        })
        .expect("spawn the stdin reader thread");
}

/// The first word of a line and the rest, trimmed.
pub(crate) fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((cmd, rest)) => (cmd, rest.trim()),
        None => (line, ""),
    }
}

/// Read commands until one picks the protocol, then run that protocol to the end.
/// Returns the process exit code.
pub fn run() -> i32 {
    let (tx, rx) = channel();
    spawn_reader(tx.clone());
    let link = Link { rx, tx };
    loop {
        match link.rx.recv() {
            Ok(Event::Line(line)) => match split_command(&line).0 {
                "" => {}
                "xboard" => return cecp::run(link),
                "uci" => return uci::run(link),
                "quit" => return 0,
                _ => send(&format!("Error (unknown command): {}", line.trim())),
            },
            Ok(Event::SearchDone { .. }) => {}
            Ok(Event::Eof) | Err(_) => return 0,
        }
    }
}
