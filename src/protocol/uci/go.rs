//! Reading a `go` line (protocol.md §10).
//!
//! The line is cut into groups, one keyword and its argument each. The limits vampirc-uci reads
//! faithfully (`wtime btime winc binc movestogo movetime depth nodes mate infinite ponder`) go
//! to it one group at a time, as `go KEY VALUE`: its `time_control` holds only one of ponder,
//! infinite, movetime and the clocks, so a whole `go ponder wtime ...` line would lose `ponder`,
//! and it panics on a depth, mate or movestogo above 255, so numbers are checked and clamped
//! first. `searchmoves` (vampirc knows ranks 1-8 only and drops what it cannot read, ORACLES.md
//! §5) and `perft N` (unknown to vampirc) are read here, the moves by `crate::notation`.

use crate::board::Position;
use crate::notation::{parse_move, Dialect};
use crate::search::Limits;
use crate::types::Army;
use vampirc_uci::{UciMessage, UciTimeControl};

/// Keywords that take one number.
const NUMERIC: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "perft",
];
/// Keywords that stand alone.
const FLAGS: &[&str] = &["infinite", "ponder"];
/// Largest value vampirc's u8 fields (depth, mate, movestogo) can take.
const MAX_U8: u64 = u8::MAX as u64;
/// Largest value vampirc's 12-digit fields (times, nodes) can take.
const MAX_12_DIGITS: i64 = 999_999_999_999;

/// A parsed `go` line.
#[derive(Clone, Debug, Default)]
pub struct Go {
    /// Every limit but the clock, which depends on the side to move.
    pub limits: Limits,
    /// `wtime`, `btime`.
    pub time: [Option<u64>; 2],
    /// `winc`, `binc`.
    pub inc: [u64; 2],
    /// `go perft N`: count instead of searching.
    pub perft: Option<u32>,
    /// `perft` was asked for, readable or not: such a line never starts a search.
    pub perft_asked: bool,
}

impl Go {
    /// Search limits for the army to move (0 = White's clock, 1 = Black's).
    pub fn limits(&self, army: Army, move_overhead: u64) -> Limits {
        let side = army.index().min(1);
        Limits {
            time: self.time[side],
            inc: self.inc[side],
            move_overhead,
            ..self.limits.clone()
        }
    }
}

/// Read the arguments of `go` (the text after the word). Parts that cannot be read are
/// skipped and reported in the returned errors; the rest still makes a search, so a GUI
/// waiting for `bestmove` is never left waiting.
pub fn parse(args: &str, pos: &Position) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut errors = Vec::new();
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i].to_ascii_lowercase();
        i += 1;
        if FLAGS.contains(&key.as_str()) {
            merge(&mut go, &format!("go {key}"), &mut errors);
        } else if key == "searchmoves" {
            let mut p = pos.clone();
            while i < tokens.len() && !is_keyword(tokens[i]) {
                match parse_move(&mut p, tokens[i], Dialect::Uci) {
                    Ok(m) if !go.limits.searchmoves.contains(&m) => go.limits.searchmoves.push(m),
                    Ok(_) => {}
                    Err(e) => errors.push(format!("searchmoves {}: {e}", tokens[i])),
                }
                i += 1;
            }
        } else if NUMERIC.contains(&key.as_str()) {
            go.perft_asked |= key == "perft";
            let Some(text) = tokens.get(i).filter(|t| !is_keyword(t)) else {
                errors.push(format!("{key} needs a number"));
                continue;
            };
            i += 1;
            let Ok(n) = text.parse::<i128>() else {
                errors.push(format!("{key} {text}: not a number"));
                continue;
            };
            match key.as_str() {
                "perft" if n >= 1 => go.perft = Some(n.min(64) as u32),
                "perft" => errors.push(format!("perft {n}: the depth must be at least 1")),
                "depth" | "mate" | "movestogo" if n < 0 => {
                    errors.push(format!("{key} {n}: must not be negative"))
                }
                "depth" | "mate" | "movestogo" => merge(
                    &mut go,
                    &format!("go {key} {}", (n as u64).min(MAX_U8)),
                    &mut errors,
                ),
                "nodes" if n < 0 => errors.push(format!("nodes {n}: must not be negative")),
                _ => {
                    let n = n.clamp(-MAX_12_DIGITS as i128, MAX_12_DIGITS as i128);
                    merge(&mut go, &format!("go {key} {n}"), &mut errors)
                }
            }
        } else {
            errors.push(format!("unknown go parameter {:?}", tokens[i - 1]));
        }
    }
    (go, errors)
}

fn is_keyword(t: &str) -> bool {
    let t = t.to_ascii_lowercase();
    NUMERIC.contains(&t.as_str()) || FLAGS.contains(&t.as_str()) || t == "searchmoves"
}

/// Hand one `go KEY [VALUE]` group to vampirc-uci and fold what it read into `go`.
fn merge(go: &mut Go, line: &str, errors: &mut Vec<String>) {
    let ms = |millis: i64| millis.max(0) as u64;
    match super::vampirc_parse(line) {
        Some(UciMessage::Go {
            time_control,
            search_control,
        }) => {
            match time_control {
                Some(UciTimeControl::Ponder) => go.limits.ponder = true,
                Some(UciTimeControl::Infinite) => go.limits.infinite = true,
                Some(UciTimeControl::MoveTime(d)) => {
                    go.limits.movetime = Some(ms(d.num_milliseconds()))
                }
                Some(UciTimeControl::TimeLeft {
                    white_time,
                    black_time,
                    white_increment,
                    black_increment,
                    moves_to_go,
                }) => {
                    if let Some(d) = white_time {
                        go.time[0] = Some(ms(d.num_milliseconds()));
                    }
                    if let Some(d) = black_time {
                        go.time[1] = Some(ms(d.num_milliseconds()));
                    }
                    if let Some(d) = white_increment {
                        go.inc[0] = ms(d.num_milliseconds());
                    }
                    if let Some(d) = black_increment {
                        go.inc[1] = ms(d.num_milliseconds());
                    }
                    if let Some(m) = moves_to_go {
                        go.limits.movestogo = Some(m as u32);
                    }
                }
                None => {}
            }
            if let Some(s) = search_control {
                if let Some(d) = s.depth {
                    go.limits.depth = Some(d as u32);
                }
                if let Some(m) = s.mate {
                    go.limits.mate = Some(m as u32);
                }
                if let Some(n) = s.nodes {
                    go.limits.nodes = Some(n);
                }
            }
        }
        _ => errors.push(format!("cannot read {:?}", &line[3..])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn go(args: &str) -> (Go, Vec<String>) {
        let v = builtin::find("twokingdoms").unwrap();
        parse(args, &Position::startpos(v))
    }

    #[test]
    fn ponder_survives_clocks() {
        let (g, e) = go("ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
        assert!(e.is_empty(), "{e:?}");
        assert!(g.limits.ponder);
        assert_eq!(
            (g.time, g.inc, g.limits.movestogo),
            ([Some(1000), Some(2000)], [10, 20], Some(5))
        );
    }

    #[test]
    fn searchmoves_keep_ten_rank_squares() {
        let (g, e) = go("searchmoves a2a5 j2j3 depth 3");
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(g.limits.searchmoves.len(), 2);
        assert_eq!(g.limits.depth, Some(3));
    }

    #[test]
    fn big_and_bad_numbers_do_not_panic() {
        let (g, e) = go("depth 1000 mate 99999 nodes 99999999999999999 wtime -50 movestogo x");
        assert_eq!(g.limits.depth, Some(255));
        assert_eq!(g.limits.mate, Some(255));
        assert_eq!(g.limits.nodes, Some(999_999_999_999));
        assert_eq!(g.time[0], Some(0));
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn illegal_searchmove_is_reported() {
        let (g, e) = go("searchmoves a2a6 e2e4 perft");
        assert_eq!(g.limits.searchmoves.len(), 1);
        assert_eq!(e.len(), 2, "{e:?}");
    }
}
