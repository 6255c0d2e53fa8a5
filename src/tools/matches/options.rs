//! The command line of `estuary match` and the small values it carries: the time control
//! (`[MOVES/]SECONDS[+INC]`), the shard (`K/N`) and the adjudication rules. Everything is
//! checked here, before an engine is started, and a bad value is a message, never a panic.

use crate::tools::engine::EngineSpec;
use crate::tools::match_stats::Sprt;
use clap::Args;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// `estuary match`: engine against engine, every game refereed by Estuary's rules.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// An engine: a plain command (spoken to in CECP) or `cmd=PATH proto=xboard|uci name=NAME
    /// arg=ARG dir=DIR option.NAME=VALUE`. Give it twice; the first is "A" in the report.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// The game, by its config name (`estuary variants`).
    #[arg(long, default_value = "normal")]
    pub variant: String,
    /// Games in the whole match (pairs of games with colours swapped on one opening).
    #[arg(long, default_value_t = 2)]
    pub games: u64,
    /// Clock: `[MOVES/]SECONDS[+INC]`, e.g. `10+0.1`, `40/60`, `1:30+1`.
    #[arg(long, conflicts_with_all = ["st", "depth"])]
    pub tc: Option<String>,
    /// Fixed time per move, in seconds (e.g. `0.05`).
    #[arg(long, conflicts_with = "depth")]
    pub st: Option<f64>,
    /// Fixed search depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: a file of FENs or EPDs, one a line (`#` starts a comment). Without it,
    /// random balanced openings from `--seed`.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the random openings (the same seed gives the same openings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append every finished game to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Stop when a sequential probability ratio test decides:
    /// `elo0=E0,elo1=E1[,alpha=A,beta=B]`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Play slice K of N (`K/N`, 1-based) of the match: the game pairs whose index is K-1
    /// modulo N, with the openings and colours of the whole match.
    #[arg(long)]
    pub shard: Option<String>,
    /// Write a results record (one line per game pair) for `estuary match-merge`.
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Draw by adjudication: `MOVENUMBER,MOVECOUNT,SCORE` (from move MOVENUMBER on, both
    /// engines' scores within SCORE centipawns for MOVECOUNT moves each).
    #[arg(long)]
    pub draw_adjudication: Option<String>,
    /// Loss by adjudication: `COUNT,SCORE` (an engine's score at or below -SCORE for COUNT
    /// moves, its opponent agreeing).
    #[arg(long)]
    pub resign_adjudication: Option<String>,
    /// Draw by adjudication after this many moves (full moves).
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Time an engine may overstep its clock before it loses on time, in milliseconds.
    #[arg(long, default_value_t = 100)]
    pub timemargin: u64,
    /// Longest wait for a move under `--depth` (no clock), in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub move_timeout: f64,
    /// Longest wait for an engine's handshake (`feature done=1` / `uciok`), in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub handshake_timeout: f64,
    /// Plies of each random opening are drawn from this range (`MIN-MAX`).
    #[arg(long, default_value = "4-8")]
    pub random_plies: String,
}

/// The clock of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `[MOVES/]SECONDS[+INC]`: base time per period of `moves` moves (0 = the whole game).
    Clock {
        moves: u32,
        base_ms: u64,
        inc_ms: u64,
    },
    /// A fixed time per move.
    PerMove(u64),
    /// A fixed depth, no clock.
    Depth(u32),
}

impl TimeControl {
    /// The PGN `TimeControl` tag: `40/60+0.6`, `10+0.1` (cutechess's form), `1/move` for a
    /// time per move, `-` for a depth.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                let mut s = String::new();
                if moves > 0 {
                    s.push_str(&format!("{moves}/"));
                }
                s.push_str(&secs_text(base_ms));
                if inc_ms > 0 {
                    s.push('+');
                    s.push_str(&secs_text(inc_ms));
                }
                s
            }
            TimeControl::PerMove(ms) => format!("{}/move", secs_text(ms)),
            TimeControl::Depth(_) => "-".into(),
        }
    }
}

/// `--random-plies MIN-MAX`: the range random openings draw their number of plies from
/// (at most 40).
pub fn parse_random_plies(text: &str) -> Result<(u32, u32), String> {
    text.split_once('-')
        .and_then(|(lo, hi)| Some((lo.parse().ok()?, hi.parse().ok()?)))
        .filter(|&(lo, hi): &(u32, u32)| lo <= hi && hi <= 40)
        .ok_or_else(|| format!("bad --random-plies {text:?}: want MIN-MAX"))
}

/// Milliseconds as seconds without needless digits: `10`, `0.1`.
pub fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.3}", ms as f64 / 1000.0)
            .trim_end_matches('0')
            .to_string()
    }
}

/// Seconds (`1.5`) or minutes and seconds (`1:30`) as milliseconds.
fn parse_secs(text: &str) -> Result<u64, String> {
    let (minutes, seconds) = match text.split_once(':') {
        Some((m, s)) => (
            m.parse::<u64>().map_err(|_| format!("bad minutes {m:?}"))?,
            s,
        ),
        None => (0, text),
    };
    let s: f64 = seconds
        .parse()
        .map_err(|_| format!("bad seconds {seconds:?}"))?;
    if !(0.0..=1e7).contains(&s) {
        return Err(format!("bad seconds {seconds:?}"));
    }
    Ok(minutes * 60_000 + (s * 1000.0).round() as u64)
}

impl FromStr for TimeControl {
    type Err = String;

    /// `[MOVES/]SECONDS[+INC]`, SECONDS also as `M:SS`.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let bad = |why: String| format!("bad --tc {text:?}: {why} (want [MOVES/]SECONDS[+INC])");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (
                m.parse::<u32>()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| bad(format!("bad move count {m:?}")))?,
                r,
            ),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = parse_secs(base).map_err(bad)?;
        let inc_ms = inc.map(parse_secs).transpose().map_err(bad)?.unwrap_or(0);
        if base_ms == 0 && inc_ms == 0 {
            return Err(bad("no time at all".into()));
        }
        Ok(TimeControl::Clock {
            moves,
            base_ms,
            inc_ms,
        })
    }
}

/// `--shard K/N`: slice K (1-based) of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole match.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Does this shard play game pair `pair`?
    pub fn has(&self, pair: u64) -> bool {
        pair % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("bad --shard {text:?}: want K/N with 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `--draw-adjudication MOVENUMBER,MOVECOUNT,SCORE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// `--resign-adjudication COUNT,SCORE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    pub move_count: u32,
    pub score: i32,
}

/// Comma-separated non-negative numbers, exactly `n` of them.
fn numbers(flag: &str, text: &str, n: usize) -> Result<Vec<i64>, String> {
    let values: Result<Vec<i64>, _> = text.split(',').map(|w| w.trim().parse::<i64>()).collect();
    match values {
        Ok(v) if v.len() == n && v.iter().all(|&x| x >= 0) => Ok(v),
        _ => Err(format!(
            "bad {flag} {text:?}: want {n} non-negative numbers separated by commas"
        )),
    }
}

impl FromStr for DrawAdjudication {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let v = numbers("--draw-adjudication", text, 3)?;
        Ok(DrawAdjudication {
            move_number: v[0] as u32,
            move_count: v[1].max(1) as u32,
            score: v[2] as i32,
        })
    }
}

impl FromStr for ResignAdjudication {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let v = numbers("--resign-adjudication", text, 2)?;
        Ok(ResignAdjudication {
            move_count: v[0].max(1) as u32,
            score: v[1] as i32,
        })
    }
}

/// Everything a match needs, checked.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub engines: [EngineSpec; 2],
    pub variant: &'static crate::variant::Variant,
    pub games: u64,
    pub tc: TimeControl,
    pub concurrency: usize,
    pub openings: Option<PathBuf>,
    pub seed: u64,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub shard: Shard,
    pub results: Option<PathBuf>,
    pub draw_adjudication: Option<DrawAdjudication>,
    pub resign_adjudication: Option<ResignAdjudication>,
    pub max_moves: Option<u32>,
    pub timemargin_ms: u64,
    pub move_timeout: Duration,
    pub handshake_timeout: Duration,
    pub random_plies: (u32, u32),
}

fn duration(flag: &str, secs: f64) -> Result<Duration, String> {
    if secs.is_finite() && secs > 0.0 && secs < 1e6 {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(format!(
            "bad {flag} {secs}: want a positive number of seconds"
        ))
    }
}

impl MatchArgs {
    /// Check every value; the error is the message for the user.
    pub fn check(&self) -> Result<MatchOptions, String> {
        let [a, b] = self.engines.as_slice() else {
            return Err(format!(
                "give exactly two --engine, not {}",
                self.engines.len()
            ));
        };
        let spec = |s: &str| {
            s.parse::<EngineSpec>()
                .map_err(|e| format!("--engine {s:?}: {e}"))
        };
        let engines = [spec(a)?, spec(b)?];
        let variant = crate::variant::builtin::find(&self.variant).ok_or_else(|| {
            format!(
                "unknown variant {:?} (known: {})",
                self.variant,
                crate::variant::builtin::names().join(", ")
            )
        })?;
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        let tc = match (&self.tc, self.st, self.depth) {
            (Some(t), _, _) => t.parse()?,
            (None, Some(st), _) => {
                let d = duration("--st", st)?;
                TimeControl::PerMove((d.as_millis() as u64).max(1))
            }
            (None, None, Some(0)) => return Err("--depth must be at least 1".into()),
            (None, None, Some(d)) => TimeControl::Depth(d),
            (None, None, None) => {
                return Err("give a time control: --tc, --st or --depth".into());
            }
        };
        if self.concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        let sprt = self
            .sprt
            .as_deref()
            .map(|s| Sprt::parse(s).map_err(|e| format!("bad --sprt {s:?}: {e}")))
            .transpose()?;
        let shard = self
            .shard
            .as_deref()
            .map(str::parse)
            .transpose()?
            .unwrap_or(Shard::ALL);
        let random_plies = parse_random_plies(&self.random_plies)?;
        Ok(MatchOptions {
            engines,
            variant,
            games: self.games,
            tc,
            concurrency: self.concurrency,
            openings: self.openings.clone(),
            seed: self.seed,
            pgn: self.pgn.clone(),
            sprt,
            shard,
            results: self.results.clone(),
            draw_adjudication: self
                .draw_adjudication
                .as_deref()
                .map(str::parse)
                .transpose()?,
            resign_adjudication: self
                .resign_adjudication
                .as_deref()
                .map(str::parse)
                .transpose()?,
            max_moves: self.max_moves,
            timemargin_ms: self.timemargin,
            move_timeout: duration("--move-timeout", self.move_timeout)?,
            handshake_timeout: duration("--handshake-timeout", self.handshake_timeout)?,
            random_plies,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_like_cutechess() {
        let clock = |moves, base_ms, inc_ms| TimeControl::Clock {
            moves,
            base_ms,
            inc_ms,
        };
        assert_eq!("10+0.1".parse(), Ok(clock(0, 10_000, 100)));
        assert_eq!("40/60".parse(), Ok(clock(40, 60_000, 0)));
        assert_eq!("1:30+1".parse(), Ok(clock(0, 90_000, 1000)));
        assert_eq!("0+1".parse(), Ok(clock(0, 0, 1000)));
        for bad in ["", "abc", "0", "-5", "10+", "0/10", "x/10", "10+y", "1:xx"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
        assert_eq!(clock(40, 60_000, 600).pgn_tag(), "40/60+0.6");
        assert_eq!(clock(0, 10_000, 100).pgn_tag(), "10+0.1");
        assert_eq!(TimeControl::PerMove(50).pgn_tag(), "0.05/move");
    }

    #[test]
    fn shards_split_the_pairs() {
        let s: Shard = "2/3".parse().unwrap();
        assert_eq!((s.index, s.count), (2, 3));
        let pairs: Vec<u64> = (0..7).filter(|&p| s.has(p)).collect();
        assert_eq!(pairs, [1, 4]);
        for bad in ["0/2", "3/2", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn adjudication_values() {
        let d: DrawAdjudication = "40,8,10".parse().unwrap();
        assert_eq!((d.move_number, d.move_count, d.score), (40, 8, 10));
        let r: ResignAdjudication = "3,500".parse().unwrap();
        assert_eq!((r.move_count, r.score), (3, 500));
        assert!("1,2".parse::<DrawAdjudication>().is_err());
        assert!("1,-2".parse::<ResignAdjudication>().is_err());
    }
}
