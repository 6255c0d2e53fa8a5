//! One game between two running engines, refereed by Estuary's rules core.
//!
//! Every move an engine sends is read in its protocol's notation and matched against our
//! legal moves (`crate::notation::parse_move`); the game ends by rule as soon as
//! `crate::rules::game_end` says so (checkmate, stalemate, a captured set, team mate, and the
//! draws by repetition, move rule and dead material, which the runner ends at once as
//! cutechess does). The runner keeps the clocks. What loses, and what the PGN then says:
//!
//! | event | `Termination` | comment |
//! |---|---|---|
//! | a move that is not legal | `rules infraction` | `White makes an illegal move: a1a1 (not a legal move)` |
//! | a claim (`RESULT {...}`) the rules do not back | `rules infraction` | `White makes a false claim: 1-0 {...}` |
//! | no move before the clock (plus `--timemargin`) runs out | `time forfeit` | `White loses on time` |
//! | no move in `--move-timeout` under `--depth` | `stalled connection` | `White's connection stalls` |
//! | the engine exits or closes its output | `abandoned` | `White disconnects` |
//!
//! A CECP `offer draw` sent with a move is a claim for the position after the move: granted
//! when the rules make that position a draw, otherwise an offer nobody takes up.

use super::options::{MatchOptions, TimeControl};
use super::pgn::{san, GameRecord, PlayedMove};
use super::Opening;
use crate::board::Position;
use crate::notation::{move_text, parse_move, Dialect};
// CECP engines get the text XBoard would send them (the Ferry dialect in Flight and Ferry).
use crate::notation::xboard_ferry::{cecp_move_text, parse_cecp_move};
use crate::rules::{game_end, Outcome};
use crate::tools::engine::{Clocks, Engine, EngineError, Proto, Reply};
use crate::tools::match_stats::GameResult;
use crate::types::Army;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a game came to.
pub struct Played {
    pub record: GameRecord,
    /// The result for engine A (the first `--engine`).
    pub result_for_a: GameResult,
    /// Engines (by player, A = 0) that failed and must be restarted before another game.
    pub failed: [bool; 2],
}

/// How a game ended, before it is written down.
struct Ending {
    /// The winning colour (0 = White), `None` for a draw.
    winner: Option<usize>,
    termination: &'static str,
    reason: String,
}

const COLOUR: [&str; 2] = ["White", "Black"];

impl Ending {
    fn loss(loser: usize, termination: &'static str, reason: String) -> Ending {
        Ending {
            winner: Some(1 - loser),
            termination,
            reason,
        }
    }
    fn by_rule(o: Outcome) -> Ending {
        Ending {
            winner: match o {
                Outcome::Win { army, .. } => Some(usize::from(army != Army::WHITE)),
                Outcome::Draw { .. } => None,
            },
            termination: "normal",
            reason: o.reason().to_string(),
        }
    }
    /// Losing because the engine's connection failed.
    fn engine_error(colour: usize, e: &EngineError, tc: &TimeControl) -> Ending {
        let side = COLOUR[colour];
        match (e, tc) {
            (EngineError::Timeout(_), TimeControl::Depth(_)) => Ending::loss(
                colour,
                "stalled connection",
                format!("{side}'s connection stalls"),
            ),
            (EngineError::Timeout(_), _) => {
                Ending::loss(colour, "time forfeit", format!("{side} loses on time"))
            }
            (EngineError::Exited(_) | EngineError::Spawn(_), _) => {
                Ending::loss(colour, "abandoned", format!("{side} disconnects"))
            }
        }
    }
    fn result_string(&self) -> &'static str {
        match self.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The protocol's move notation.
fn dialect(e: &Engine) -> Dialect {
    match e.proto() {
        Proto::Xboard => Dialect::Cecp,
        Proto::Uci => Dialect::Uci,
    }
}

/// Adjudication counters: consecutive moves per colour with a score in range.
#[derive(Default)]
struct Adjudicator {
    draw_run: [u32; 2],
    resign_run: [u32; 2],
}

impl Adjudicator {
    /// After `colour` moved with `score` (its own view): an adjudicated ending, if any.
    fn after_move(
        &mut self,
        opts: &MatchOptions,
        colour: usize,
        score: Option<i32>,
        full_moves: u32,
    ) -> Option<Ending> {
        if let Some(r) = opts.resign_adjudication {
            match score {
                Some(s) if s <= -r.score => self.resign_run[colour] += 1,
                _ => self.resign_run[colour] = 0,
            }
            if self.resign_run[colour] >= r.move_count {
                return Some(Ending::loss(
                    colour,
                    "adjudication",
                    format!("{} loses by adjudication", COLOUR[colour]),
                ));
            }
        }
        if let Some(d) = opts.draw_adjudication {
            match score {
                Some(s) if s.abs() <= d.score => self.draw_run[colour] += 1,
                _ => self.draw_run[colour] = 0,
            }
            if full_moves >= d.move_number && self.draw_run.iter().all(|&n| n >= d.move_count) {
                return Some(Ending {
                    winner: None,
                    termination: "adjudication",
                    reason: "Draw by adjudication".into(),
                });
            }
        }
        None
    }
}

/// The clocks handed to the engine to move for `colour`, and how long it may take before it
/// loses (on time, or as stalled under a depth limit).
fn move_limits(
    opts: &MatchOptions,
    left: &[i64; 2],
    moved: &[u32; 2],
    colour: usize,
) -> (Clocks, Duration) {
    let margin = opts.timemargin_ms;
    let mut clocks = Clocks {
        left: [left[0].max(0) as u64, left[1].max(0) as u64],
        ..Clocks::default()
    };
    let allowed = match opts.tc {
        TimeControl::Clock { moves, inc_ms, .. } => {
            clocks.inc = inc_ms;
            if moves > 0 {
                clocks.moves_to_go = moves - moved[colour] % moves;
            }
            Duration::from_millis(clocks.left[colour] + margin)
        }
        TimeControl::PerMove(ms) => {
            clocks.per_move = Some(ms);
            Duration::from_millis(ms + margin)
        }
        TimeControl::Depth(depth) => {
            clocks.depth = Some(depth);
            opts.move_timeout
        }
    };
    (clocks, allowed)
}

/// UCI's `position` line: the start position or the opening's FEN, then the moves.
fn position_line(fen: Option<&str>, moves: &[String]) -> String {
    let mut line = match fen {
        None => "position startpos".to_string(),
        Some(f) => format!("position fen {f}"),
    };
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// Play one game: `engines[0]` is A, `engines[1]` B, `white` the player with White. Returns
/// `None` when `stop` was raised before the game ended.
pub fn play(
    engines: &mut [Engine; 2],
    white: usize,
    opening: &Opening,
    round: u64,
    opts: &MatchOptions,
    stop: &AtomicBool,
) -> Option<Played> {
    let v = opts.variant;
    let mut pos: Position = opening.position(v);
    let first_move = (pos.fullmove(), pos.army() == Army::WHITE);
    let player_of = |colour: usize| if colour == 0 { white } else { 1 - white };
    let mut record = GameRecord {
        round,
        white: engines[white].name.clone(),
        black: engines[1 - white].name.clone(),
        variant: v.name.clone(),
        fen: opening.fen.clone(),
        first_move,
        moves: Vec::new(),
        result: "*".into(),
        termination: "unterminated",
        reason: String::new(),
        time_control: opts.tc.pgn_tag(),
    };
    let mut failed = [false; 2];
    // Moves so far in each dialect (CECP, UCI), for CECP's last move and UCI's `position`;
    // the opening's moves first.
    let mut texts: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for &m in &opening.moves {
        record.moves.push(PlayedMove {
            san: san(&mut pos, m),
            eval: None,
            time_ms: 0,
        });
        texts[0].push(cecp_move_text(&pos, m));
        texts[1].push(move_text(v, m, Dialect::Uci));
        pos.make(m);
    }
    // How many of those moves each player's engine has been told (CECP).
    let mut known = [texts[0].len(); 2];
    let ending = 'game: {
        // Both engines to the start position.
        for colour in 0..2 {
            let e = &mut engines[player_of(colour)];
            let uci_name = crate::notation::uci_name::uci_name(v);
            if let Err(err) = e.new_game(
                &v.name,
                &uci_name,
                opening.fen.as_deref(),
                opts.move_timeout,
            ) {
                failed[player_of(colour)] = true;
                break 'game Ending::engine_error(colour, &err, &TimeControl::Depth(0));
            }
            if let TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } = opts.tc
            {
                e.set_level(moves, base_ms, inc_ms);
            }
            e.force_moves(&texts[0]);
        }
        let (base_ms, inc_ms, period) = match opts.tc {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => (base_ms as i64, inc_ms, moves),
            _ => (0, 0, 0),
        };
        let mut left = [base_ms; 2];
        let mut moved = [0u32; 2];
        let mut adjudicator = Adjudicator::default();
        loop {
            if let Some(end) = game_end(&mut pos) {
                break 'game Ending::by_rule(end.outcome);
            }
            if let Some(max) = opts.max_moves {
                if record.moves.len() as u32 >= 2 * max {
                    break 'game Ending {
                        winner: None,
                        termination: "adjudication",
                        reason: format!("Draw by adjudication: {max} moves played"),
                    };
                }
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let colour = usize::from(pos.army() != Army::WHITE);
            let player = player_of(colour);
            let e = &mut engines[player];
            let d = dialect(e);
            let (clocks, allowed) = move_limits(opts, &left, &moved, colour);
            let moves = &texts[usize::from(d == Dialect::Uci)];
            let position = position_line(opening.fen.as_deref(), moves);
            let last = if known[player] < moves.len() {
                moves.last().cloned()
            } else {
                None
            };
            let started = Instant::now();
            let reply = e.go(
                last.as_deref(),
                &position,
                colour == 0,
                &clocks,
                started + allowed,
            );
            let spent = started.elapsed().as_millis() as u64;
            let eval = e.last_eval;
            let reply = match reply {
                Ok(r) => r,
                Err(err) => {
                    failed[player] = true;
                    let mut ending = Ending::engine_error(colour, &err, &opts.tc);
                    // The position the engine failed in, to reproduce it.
                    ending
                        .reason
                        .push_str(&format!(" (position {})", pos.fen()));
                    break 'game ending;
                }
            };
            let overstepped = match opts.tc {
                TimeControl::Clock { .. } => {
                    spent as i64 > left[colour] + opts.timemargin_ms as i64
                }
                TimeControl::PerMove(ms) => spent > ms + opts.timemargin_ms,
                TimeControl::Depth(_) => false,
            };
            let side = COLOUR[colour];
            let (text, claims_draw) = match reply {
                Reply::Move(t) => (t, false),
                Reply::DrawClaimWithMove(t) => (t, true),
                Reply::Resign => {
                    break 'game Ending::loss(colour, "normal", format!("{side} resigns"))
                }
                Reply::Claim(result, comment) => {
                    let gives_up =
                        (result == "1-0" && colour == 1) || (result == "0-1" && colour == 0);
                    if gives_up {
                        break 'game Ending::loss(colour, "normal", format!("{side} resigns"));
                    }
                    break 'game Ending::loss(
                        colour,
                        "rules infraction",
                        format!("{side} makes a false claim: {result} {{{comment}}}"),
                    );
                }
            };
            if overstepped {
                break 'game Ending::loss(colour, "time forfeit", format!("{side} loses on time"));
            }
            let read = match d {
                Dialect::Cecp => parse_cecp_move(&mut pos, &text),
                Dialect::Uci => parse_move(&mut pos, &text, d),
            };
            let m = match read {
                Ok(m) => m,
                Err(why) => {
                    break 'game Ending::loss(
                        colour,
                        "rules infraction",
                        format!("{side} makes an illegal move: {text} ({why})"),
                    )
                }
            };
            record.moves.push(PlayedMove {
                san: san(&mut pos, m),
                eval,
                time_ms: spent,
            });
            texts[0].push(cecp_move_text(&pos, m));
            texts[1].push(move_text(v, m, Dialect::Uci));
            pos.make(m);
            known[player] = texts[0].len();
            moved[colour] += 1;
            if let TimeControl::Clock { .. } = opts.tc {
                left[colour] -= spent as i64;
                left[colour] += inc_ms as i64;
                if period > 0 && moved[colour] % period == 0 {
                    left[colour] += base_ms;
                }
            }
            if claims_draw {
                let mut after = pos.clone();
                if let Some(end) = game_end(&mut after) {
                    if matches!(end.outcome, Outcome::Draw { .. }) {
                        break 'game Ending::by_rule(end.outcome);
                    }
                }
            }
            let full_moves = (record.moves.len() / 2) as u32;
            let score = eval.map(|e| e.cp);
            if let Some(end) = adjudicator.after_move(opts, colour, score, full_moves) {
                if game_end(&mut pos).is_none() {
                    break 'game end;
                }
            }
        }
    };
    record.result = ending.result_string().to_string();
    record.termination = ending.termination;
    record.reason = ending.reason;
    for (player, e) in engines.iter_mut().enumerate() {
        if !failed[player] {
            e.game_over(&record.result, &record.reason);
        }
    }
    let result_for_a = match ending.winner {
        None => GameResult::Draw,
        Some(colour) if player_of(colour) == 0 => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    Some(Played {
        record,
        result_for_a,
        failed,
    })
}
