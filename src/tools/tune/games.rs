//! The tuner's games: a start position, the moves played from it and the result, read from
//! the PGN files `estuary match --pgn` (and `estuary tune --save-pgn`) write
//! (`tools/matches/pgn.rs`: SAN with squares numbered from rank 1, drops `P@e4`, the
//! `Variant` tag, `FEN` when the game did not start from the start position).
//!
//! A SAN move is found among the legal moves by writing each candidate in SAN as the match
//! runner does and comparing, so whatever the runner writes is read back, in every game.
//! Check marks, annotation glyphs and `=` before a promotion letter are ignored.

use crate::board::{Move, MoveList, Position};
use crate::notation::two_colour::from_gui_fen;
use crate::notation::{square, Dialect};
use crate::rules::legal_moves;
use crate::tools::matches::san;
use crate::types::Army;
use crate::variant::Variant;
use std::path::Path;

/// A finished game.
#[derive(Clone)]
pub struct Game {
    /// The position before the first move (the start position, or the `FEN` tag's).
    pub start: Position,
    pub moves: Vec<Move>,
    /// White's score: 1, 1/2 or 0.
    pub white_score: f32,
}

impl Game {
    /// The score of `army`: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn score_of(&self, army: Army) -> f32 {
        if army == Army::WHITE {
            self.white_score
        } else {
            1.0 - self.white_score
        }
    }
}

/// What reading a PGN file gave: its finished games, and how many games had no result (`*`).
pub struct PgnGames {
    pub games: Vec<Game>,
    pub unfinished: usize,
}

/// One game of a PGN text: its tags and its movetext, with the line it starts on.
struct RawGame {
    line: usize,
    tags: Vec<(String, String)>,
    movetext: String,
}

impl RawGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Read every game of a PGN file, which must all be games of `v` (`Variant` tag; a game
/// without one is FIDE chess, `normal`). Errors name the file and the game's line.
pub fn read_pgn(path: &Path, v: &'static Variant) -> Result<PgnGames, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read PGN file {}: {e}", path.display()))?;
    let raw = split_games(&text);
    if raw.is_empty() {
        return Err(format!("PGN file {} has no game", path.display()));
    }
    let mut out = PgnGames {
        games: Vec::new(),
        unfinished: 0,
    };
    for g in &raw {
        let at = format!("{}:{}", path.display(), g.line);
        let variant = g.tag("Variant").unwrap_or("normal");
        if !variant.eq_ignore_ascii_case(&v.name) {
            return Err(format!(
                "{at}: a game of {variant:?}, not {:?} (choose the game with --variant)",
                v.name
            ));
        }
        let white_score = match g.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            Some("*") => {
                out.unfinished += 1;
                continue;
            }
            other => return Err(format!("{at}: bad or missing Result tag {other:?}")),
        };
        let start = match g.tag("FEN") {
            None => Position::startpos(v),
            Some(fen) => from_gui_fen(v, fen)
                .or_else(|_| Position::from_fen(v, fen))
                .map_err(|e| format!("{at}: bad FEN tag {fen:?}: {e}"))?,
        };
        let moves = read_moves(&start, &g.movetext).map_err(|e| format!("{at}: {e}"))?;
        out.games.push(Game {
            start,
            moves,
            white_score,
        });
    }
    Ok(out)
}

/// The games of a PGN text: tag lines, then movetext up to the next tag line.
fn split_games(text: &str) -> Vec<RawGame> {
    let mut games: Vec<RawGame> = Vec::new();
    let mut in_movetext = false;
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.starts_with('[') && (in_movetext || games.is_empty()) && !in_comment(&games) {
            games.push(RawGame {
                line: i + 1,
                tags: Vec::new(),
                movetext: String::new(),
            });
            in_movetext = false;
        }
        let Some(g) = games.last_mut() else { continue };
        if !in_movetext && l.starts_with('[') {
            if let Some(tag) = parse_tag(l) {
                g.tags.push(tag);
            }
        } else if !l.is_empty() || in_movetext {
            in_movetext |= !l.is_empty();
            g.movetext.push_str(line);
            g.movetext.push('\n');
        }
    }
    games
}

/// Is the last game's movetext inside an open `{` comment (where `[` starts no tag)?
fn in_comment(games: &[RawGame]) -> bool {
    games.last().is_some_and(|g| {
        let open = g.movetext.matches('{').count();
        let close = g.movetext.matches('}').count();
        open > close
    })
}

/// `[Name "value"]` with `\"` and `\\` escapes (PGN standard §8.1.1).
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// The move tokens of a movetext: comments (`{...}`, `;` to the end of the line), variations,
/// move numbers, NAGs and the result left out.
fn move_tokens(movetext: &str) -> Vec<String> {
    let mut plain = String::new();
    let (mut brace, mut paren, mut semicolon) = (false, 0u32, false);
    for c in movetext.chars() {
        match c {
            '\n' if semicolon => semicolon = false,
            _ if semicolon => {}
            '{' if !brace => brace = true,
            '}' if brace => {
                brace = false;
                plain.push(' ');
            }
            _ if brace => {}
            ';' => semicolon = true,
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            _ if paren > 0 => {}
            _ => plain.push(c),
        }
    }
    plain
        .split_whitespace()
        .filter(|w| !["1-0", "0-1", "1/2-1/2", "*"].contains(w) && !w.starts_with('$'))
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A SAN move as compared: without check marks, annotation glyphs and `=`.
fn san_core(s: &str) -> String {
    s.trim_end_matches(['+', '#', '!', '?'])
        .chars()
        .filter(|&c| c != '=')
        .collect()
}

/// The moves of a movetext, each checked legal in turn from `start`.
fn read_moves(start: &Position, movetext: &str) -> Result<Vec<Move>, String> {
    let mut pos = start.clone();
    let v = pos.variant();
    let mut moves = Vec::new();
    for (ply, token) in move_tokens(movetext).iter().enumerate() {
        let want = san_core(token);
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        let all: Vec<Move> = list.iter().collect();
        // Cheap first: the moves whose destination the text names (castling by its word).
        let likely: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| {
                if want.starts_with("O-O") {
                    m.is_castle()
                } else {
                    want.contains(&square(v, m.to(), Dialect::Uci))
                }
            })
            .collect();
        let found = [likely, all]
            .iter()
            .find_map(|cands| {
                cands
                    .iter()
                    .copied()
                    .find(|&m| san_core(&san(&mut pos, m)) == want)
            })
            .ok_or_else(|| format!("move {} ({token:?}) is not a legal move", ply + 1))?;
        pos.make(found);
        pos.clear_history();
        moves.push(found);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_leave_out_numbers_comments_variations_and_the_result() {
        let text = "1. e4 {+0.31/12 0.52s} e5 2. Nf3 (2. f4 exf4) Nc6 $1 ; a remark\n\
                    3... a6 {White resigns\n on two lines} 1-0\n";
        assert_eq!(move_tokens(text), ["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(san_core("e8=Q+"), "e8Q");
        assert_eq!(san_core("Nxf7#!?"), "Nxf7");
    }

    #[test]
    fn games_split_at_their_tags() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"b \\\"q\\\"\"]\n\
                    [Result \"*\"]\n\n1. d4 *\n";
        let g = split_games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].tag("Event"), Some("b \"q\""));
        assert_eq!(g[1].line, 6);
        assert_eq!(move_tokens(&g[0].movetext), ["e4"]);
    }
}
