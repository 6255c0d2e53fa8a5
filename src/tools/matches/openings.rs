//! Where each game pair starts: a line of an openings file (FEN or EPD, one a line, `#`
//! comments), or a seeded random balanced opening: a few random plies from the start
//! position, kept only if a short search of Estuary's own finds the position level. A random
//! opening is kept as its moves, not a FEN: engines get the start position and the moves
//! (so engines without `setboard`, like Fairy-Max, can play them, and repetitions count from
//! the start), and the PGN shows them.
//!
//! The opening of pair `i` depends on the seed and `i` only (a ChaCha stream per pair), so
//! every shard of a match, on any machine, plays the same openings as a single run.

use crate::board::{Move, MoveList, Position};
use crate::notation::two_colour::{from_gui_fen, gui_fen, gui_start_fen};
use crate::rules::{game_end, legal_moves};
use crate::search::{Limits, Score, Silent};
use crate::thread::Engine as Searcher;
use crate::variant::Variant;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

/// Depth of the search that judges a random opening.
const BALANCE_DEPTH: u32 = 4;
/// A random opening is kept when that search scores it within this many centipawns.
const BALANCE_CP: i32 = 100;
/// Random openings tried per pair before the most level one seen is taken.
const BALANCE_TRIES: u32 = 40;
/// Transposition table of the judging search, in MB.
const BALANCE_HASH_MB: usize = 4;

/// The start of a game pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The FEN sent to engines, `None` for the game's start position.
    pub fen: Option<String>,
    /// Moves played from there before the engines take over.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The position the game starts from (before `moves`), in our rules.
    pub fn position(&self, v: &'static Variant) -> Position {
        match &self.fen {
            None => Position::startpos(v),
            Some(f) => from_gui_fen(v, f).expect("openings are checked when made"),
        }
    }
}

/// The FEN to hand engines for a position: the two-colour form GUIs use (what Estuary's
/// protocols read), or the game's own FEN where the two-colour form would lose something
/// (a Mitregi position with pieces in reserve).
fn engine_fen(pos: &Position) -> String {
    let gui = gui_fen(pos);
    match from_gui_fen(pos.variant(), &gui) {
        Ok(back) if back.fen() == pos.fen() => gui,
        _ => pos.fen(),
    }
}

/// An opening from a position: `None` FEN when it is the start position.
fn opening_of(pos: &Position) -> Opening {
    let fen = engine_fen(pos);
    if fen == gui_start_fen(pos.variant()) {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    } else {
        Opening {
            fen: Some(fen),
            moves: Vec::new(),
        }
    }
}

/// Read an openings file: FEN lines, or EPD lines (four fields then `;`-ended opcodes).
/// Every line is checked against the game's rules; the error names the file and line.
pub fn load(path: &Path, v: &'static Variant) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let pos = parse_line(v, line).map_err(|e| {
            format!(
                "{}:{}: not a {} FEN or EPD ({e}): {line:?}",
                path.display(),
                i + 1,
                v.name
            )
        })?;
        let mut p = pos.clone();
        if let Some(end) = game_end(&mut p) {
            if end.definite {
                return Err(format!(
                    "{}:{}: the game is already over there ({}): {line:?}",
                    path.display(),
                    i + 1,
                    end.outcome.reason()
                ));
            }
        }
        out.push(opening_of(&pos));
    }
    if out.is_empty() {
        return Err(format!("openings file {} has no position", path.display()));
    }
    Ok(out)
}

/// A FEN, or an EPD (its first four fields, with counters 0 1 added).
fn parse_line(v: &'static Variant, line: &str) -> Result<Position, String> {
    let fen_error = match from_gui_fen(v, line) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() > 4 && (line.contains(';') || fields[4].parse::<u32>().is_err()) {
        let fen = format!("{} 0 1", fields[..4].join(" "));
        if let Ok(p) = from_gui_fen(v, &fen) {
            return Ok(p);
        }
    }
    Err(fen_error)
}

/// Random balanced openings for one match.
pub struct RandomOpenings {
    variant: &'static Variant,
    seed: u64,
    plies: (u32, u32),
    searcher: Searcher,
}

impl RandomOpenings {
    /// One per worker thread: each has its own small search.
    pub fn new(variant: &'static Variant, seed: u64, plies: (u32, u32)) -> RandomOpenings {
        RandomOpenings {
            variant,
            seed,
            plies,
            searcher: Searcher::new(1, BALANCE_HASH_MB),
        }
    }

    /// The opening of pair `pair`: the first of up to [`BALANCE_TRIES`] random lines whose
    /// position a depth-[`BALANCE_DEPTH`] search scores within [`BALANCE_CP`], else the
    /// most level one seen. The same seed and pair always give the same opening.
    pub fn opening(&mut self, pair: u64) -> Opening {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(pair);
        let mut best: Option<(i32, Vec<Move>)> = None;
        for _ in 0..BALANCE_TRIES {
            let Some((pos, moves)) = self.random_line(&mut rng) else {
                continue;
            };
            let score = self.judge(&pos);
            if score <= BALANCE_CP {
                return Opening { fen: None, moves };
            }
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((score, moves));
            }
        }
        Opening {
            fen: None,
            moves: best.map(|b| b.1).unwrap_or_default(),
        }
    }

    /// A few uniformly random legal plies from the start, and the position they reach;
    /// `None` if the game ended on the way.
    fn random_line(&self, rng: &mut ChaCha8Rng) -> Option<(Position, Vec<Move>)> {
        let mut pos = Position::startpos(self.variant);
        let plies = rng.gen_range(self.plies.0..=self.plies.1);
        let mut moves = Vec::new();
        for _ in 0..plies {
            let mut list = MoveList::new();
            legal_moves(&mut pos, &mut list);
            if list.is_empty() {
                return None;
            }
            let m = list.iter().nth(rng.gen_range(0..list.len()))?;
            pos.make(m);
            moves.push(m);
            if game_end(&mut pos).is_some() {
                return None;
            }
        }
        Some((pos, moves))
    }

    /// How unbalanced a position is: the absolute score of a short search (mates count as
    /// maximal), with a cleared table so the result depends on the position only.
    fn judge(&mut self, pos: &Position) -> i32 {
        self.searcher.new_game();
        let r = self.searcher.search(
            pos,
            Limits {
                depth: Some(BALANCE_DEPTH),
                ..Default::default()
            },
            Arc::new(Silent),
        );
        match r.score {
            Score::Cp(cp) => cp.abs(),
            Score::MatePlies(_) => i32::MAX,
        }
    }
}
