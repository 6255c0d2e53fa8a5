//! The PGN of a finished game, and the SAN of its moves.
//!
//! Tags: the Seven Tag Roster, then `Variant`, `FEN`/`SetUp` when the game did not start
//! from the start position, `TimeControl`, `Termination` (PGN standard §9.8: `normal`,
//! `adjudication`, `time forfeit`, `rules infraction`, `abandoned`, and cutechess's
//! `stalled connection`) and `PlyCount`. Moves are SAN (PGN standard §8.2.3) with squares
//! numbered from rank 1 as in FEN; a drop is written `P@e4`. After each move a comment
//! `{score/depth time}` as cutechess writes it, when the engine reported a score. The
//! reason the game ended closes the movetext as a comment, as in cutechess and XBoard.

use crate::board::{Move, MoveKind, MoveList, Position};
use crate::notation::{square, Dialect};
use crate::rules::{in_check, legal_moves};
use crate::tools::engine::{Eval, MATE_CP};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// The SAN of `m`, legal in `pos` (which is left as it was).
pub fn san(pos: &mut Position, m: Move) -> String {
    let v = pos.variant();
    let sq = |s| square(v, s, Dialect::Uci);
    let mut text = match m.kind() {
        MoveKind::CastleKing => "O-O".to_string(),
        MoveKind::CastleQueen => "O-O-O".to_string(),
        MoveKind::Drop => {
            let k = m.dropped().or(m.promotion()).unwrap_or_default();
            format!("{}@{}", v.piece_type(k).letter, sq(m.to()))
        }
        _ => {
            let piece = pos
                .piece_at(m.from())
                .piece()
                .expect("a board move starts on a piece");
            let pt = v.piece_type(piece.kind());
            let capture = pos.captured_square(m).is_some();
            let mut s = String::new();
            if pt.promotes {
                // A pawn: its file when it captures.
                if capture {
                    s.push_str(&sq(m.from())[..1]);
                }
            } else {
                s.push(pt.letter);
                s.push_str(&disambiguation(pos, m, piece.kind()));
            }
            if capture {
                s.push('x');
            }
            s.push_str(&sq(m.to()));
            if let Some(k) = m.promotes_to() {
                s.push('=');
                s.push(v.piece_type(k).letter);
            }
            s
        }
    };
    let mut after = pos.clone();
    after.make(m);
    if in_check(&after) {
        let mut replies = MoveList::new();
        legal_moves(&mut after, &mut replies);
        text.push(if replies.is_empty() { '#' } else { '+' });
    }
    text
}

/// File, rank or both of the from-square, when another piece of the kind could go there too.
fn disambiguation(pos: &mut Position, m: Move, kind: crate::types::PieceKind) -> String {
    let v = pos.variant();
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let rivals: Vec<Move> = list
        .iter()
        .filter(|o| {
            o.kind() != MoveKind::Drop
                && !o.is_castle()
                && o.to() == m.to()
                && o.from() != m.from()
                && pos.piece_at(o.from()).piece().map(|p| p.kind()) == Some(kind)
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let from = square(v, m.from(), Dialect::Uci);
    let (file, rank) = from.split_at(1);
    if rivals.iter().all(|o| o.from().file() != m.from().file()) {
        file.to_string()
    } else if rivals.iter().all(|o| o.from().rank() != m.from().rank()) {
        rank.to_string()
    } else {
        from
    }
}

/// One move of a game as the PGN shows it.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub san: String,
    pub eval: Option<Eval>,
    pub time_ms: u64,
}

/// A finished game, ready to be written.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number in the whole match (the `Round` tag).
    pub round: u64,
    pub white: String,
    pub black: String,
    pub variant: String,
    /// The start FEN when not the game's start position.
    pub fen: Option<String>,
    /// Move number and side to move (true = White) of the first move.
    pub first_move: (u32, bool),
    pub moves: Vec<PlayedMove>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the game was not finished.
    pub result: String,
    /// The `Termination` tag.
    pub termination: &'static str,
    /// Why the game ended, in words (the closing comment).
    pub reason: String,
    pub time_control: String,
}

/// cutechess's move comment: `+0.31/12 0.52s`, `-M3/20 0.10s`.
fn eval_comment(eval: &Eval, time_ms: u64) -> String {
    let score = match eval.mate {
        Some(n) => format!("{}M{}", if n >= 0 { '+' } else { '-' }, n.abs()),
        None => format!("{:+.2}", eval.cp.clamp(-MATE_CP, MATE_CP) as f64 / 100.0),
    };
    format!("{score}/{} {:.2}s", eval.depth, time_ms as f64 / 1000.0)
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days to civil date: H. Hinnant, "chrono-Compatible Low-Level Date Algorithms".
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A tag value with `\` and `"` escaped (PGN standard §8.1.1).
fn quoted(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl GameRecord {
    /// The game as PGN text, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let _ = writeln!(out, "[{name} \"{}\"]", quoted(value));
        };
        tag("Event", "estuary match");
        tag("Site", "?");
        tag("Date", &today());
        tag("Round", &self.round.to_string());
        tag("White", &self.white);
        tag("Black", &self.black);
        tag("Result", &self.result);
        tag("Variant", &self.variant);
        if let Some(fen) = &self.fen {
            tag("FEN", fen);
            tag("SetUp", "1");
        }
        tag("TimeControl", &self.time_control);
        tag("Termination", self.termination);
        tag("PlyCount", &self.moves.len().to_string());
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let (mut number, mut white) = self.first_move;
        for (i, m) in self.moves.iter().enumerate() {
            if white {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(m.san.clone());
            if let Some(e) = &m.eval {
                words.push(format!("{{{}}}", eval_comment(e, m.time_ms)));
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        if !self.reason.is_empty() {
            words.push(format!("{{{}}}", self.reason.replace('}', ")")));
        }
        words.push(self.result.clone());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

/// Append a game to a PGN file and flush it, so an interrupted match keeps its games.
pub fn append(path: &Path, game: &GameRecord) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    f.write_all(game.to_pgn().as_bytes())?;
    f.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::variant::builtin;

    fn san_line(fen: Option<&str>, moves: &[&str]) -> Vec<String> {
        let v = builtin::find("normal").unwrap();
        let mut pos = match fen {
            Some(f) => Position::from_fen(v, f).unwrap(),
            None => Position::startpos(v),
        };
        let mut out = Vec::new();
        for text in moves {
            let m = parse_move(&mut pos, text, Dialect::Uci).unwrap();
            out.push(san(&mut pos, m));
            pos.make(m);
        }
        out
    }

    #[test]
    fn fools_mate_in_san() {
        assert_eq!(
            san_line(None, &["f2f3", "e7e5", "g2g4", "d8h4"]),
            ["f3", "e5", "g4", "Qh4#"]
        );
    }

    #[test]
    fn captures_castling_promotion_and_disambiguation() {
        assert_eq!(
            san_line(None, &["e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "b8d7"]),
            ["e4", "d5", "exd5", "Nf6", "Nf3", "Nbd7"]
        );
        // Two rooks on the first rank, a king that castles, a pawn that promotes with check.
        let fen = "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1";
        assert_eq!(san_line(Some(fen), &["e1g1"]), ["O-O"]);
        assert_eq!(san_line(Some(fen), &["a1d1"]), ["Rd1"]);
        assert_eq!(san_line(Some(fen), &["b7b8q"]), ["b8=Q+"]);
        let by_file = "4k3/8/8/8/8/4N3/8/N6K w - - 0 1";
        assert_eq!(san_line(Some(by_file), &["a1c2"]), ["Nac2"]);
        let by_rank = "4k3/8/8/8/8/N7/8/N6K w - - 0 1";
        assert_eq!(san_line(Some(by_rank), &["a1c2"]), ["N1c2"]);
    }

    #[test]
    fn movetext_numbers_and_closing_comment() {
        let g = GameRecord {
            round: 3,
            white: "A".into(),
            black: "B \"quoted\"".into(),
            variant: "normal".into(),
            fen: Some("8/8/8/8/8/8/8/K1k5 b - - 0 7".into()),
            first_move: (7, false),
            moves: ["Kc2", "Ka2", "Kc3"]
                .iter()
                .map(|s| PlayedMove {
                    san: s.to_string(),
                    eval: None,
                    time_ms: 0,
                })
                .collect(),
            result: "1/2-1/2".into(),
            termination: "adjudication",
            reason: "Draw by adjudication".into(),
            time_control: "10+0.1".into(),
        };
        let text = g.to_pgn();
        assert!(text.contains("[Black \"B \\\"quoted\\\"\"]"), "{text}");
        assert!(text.contains("[SetUp \"1\"]\n"));
        assert!(text.contains("[PlyCount \"3\"]\n"));
        assert!(
            text.ends_with("7... Kc2 8. Ka2 Kc3 {Draw by adjudication} 1/2-1/2\n\n"),
            "{text}"
        );
        assert_eq!(today().len(), 10);
    }
}
