//! CECP time controls (protocol.md §7, CECP §11): `level`, `st`, `sd`, `nps`, `time`, `otim`,
//! kept per game and turned into search [`Limits`] for one move.
//!
//! `level MPS BASE INC`: BASE in minutes or `MIN:SEC`, INC in seconds (decimals allowed, and
//! trailing junk after BASE's number such as a future `25+5` form is ignored); `st T` seconds
//! per move (decimals allowed); `time`/`otim` in centiseconds, possibly negative. With `nps R`
//! (R > 0) the engine's clock is its node count: a move may use R nodes per second of budget.

use crate::search::timeman::budget;
use crate::search::Limits;

/// Safety margin for the GUI's pipe and bookkeeping, in ms.
pub const MOVE_OVERHEAD_MS: u64 = 30;
/// Longest time a control may name (a year), so junk numbers cannot overflow.
const MAX_MS: f64 = 365.0 * 24.0 * 3600.0 * 1000.0;

/// How time is given out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A clock: `mps` moves (0 = all) in `base_ms`, plus `inc_ms` per move.
    Clock { mps: u32, base_ms: u64, inc_ms: u64 },
    /// At most this long per move (`st`).
    PerMove(u64),
}

/// The time-control state of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: Control,
    /// `sd`: depth limit; cleared by `new`.
    pub depth: Option<u32>,
    /// `nps`: node rate standing in for the clock; 0 or `None` = wall clock.
    pub nps: Option<u64>,
    /// Our clock and the opponent's, ms (from `time` / `otim`, or kept by us).
    pub own_ms: Option<i64>,
    pub opp_ms: Option<i64>,
}

impl Default for Clock {
    /// XBoard's own default: 40 moves in 5 minutes.
    fn default() -> Clock {
        Clock {
            control: Control::Clock {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0,
            },
            depth: None,
            nps: None,
            own_ms: None,
            opp_ms: None,
        }
    }
}

/// A non-negative number of seconds (decimals allowed) as ms.
pub fn parse_seconds(s: &str) -> Result<u64, String> {
    let x: f64 = s.parse().map_err(|_| format!("bad number {s:?}"))?;
    if !x.is_finite() || x < 0.0 {
        return Err(format!("bad number {s:?}"));
    }
    Ok((x * 1000.0).min(MAX_MS).round() as u64)
}

/// The leading number of `s` (digits, one dot), ignoring what follows.
fn leading_number(s: &str) -> &str {
    let mut seen_dot = false;
    let end = s
        .char_indices()
        .find(|&(_, c)| {
            if c == '.' && !seen_dot {
                seen_dot = true;
                false
            } else {
                !c.is_ascii_digit()
            }
        })
        .map_or(s.len(), |(i, _)| i);
    &s[..end]
}

/// BASE of `level`: minutes, or `MIN:SEC`.
fn parse_base(s: &str) -> Result<u64, String> {
    match s.split_once(':') {
        Some((m, sec)) => {
            let m = if m.is_empty() {
                0
            } else {
                parse_seconds(m)? * 60
            };
            Ok(m.saturating_add(parse_seconds(leading_number(sec))?))
        }
        None => Ok(parse_seconds(leading_number(s))?.saturating_mul(60)),
    }
}

/// Parse the arguments of `level MPS BASE INC`.
pub fn parse_level(args: &str) -> Result<Control, String> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    if parts.len() < 2 {
        return Err("level needs MPS BASE INC".into());
    }
    let mps: u32 = parts[0]
        .parse()
        .map_err(|_| format!("bad moves per session {:?}", parts[0]))?;
    let base_ms = parse_base(parts[1])?;
    let inc_ms = match parts.get(2) {
        Some(i) => parse_seconds(i)?,
        None => 0,
    };
    Ok(Control::Clock {
        mps,
        base_ms,
        inc_ms,
    })
}

/// Parse a centisecond clock reading (`time`, `otim`) into ms.
pub fn parse_centis(s: &str) -> Result<i64, String> {
    let cs: f64 = s.parse().map_err(|_| format!("bad clock {s:?}"))?;
    if !cs.is_finite() {
        return Err(format!("bad clock {s:?}"));
    }
    Ok((cs * 10.0).clamp(-MAX_MS, MAX_MS) as i64)
}

impl Clock {
    /// `new`: clocks back to the start, no depth limit, wall-clock timing.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.nps = None;
        self.own_ms = None;
        self.opp_ms = None;
    }

    /// Node rate when `nps` is in force.
    pub fn node_rate(&self) -> Option<u64> {
        self.nps.filter(|&r| r > 0)
    }

    /// Limits for our move at full move number `fullmove`.
    pub fn limits(&self, fullmove: u32) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            move_overhead: MOVE_OVERHEAD_MS,
            ..Limits::default()
        };
        match self.control {
            Control::PerMove(ms) => l.movetime = Some(ms.max(1)),
            Control::Clock {
                mps,
                base_ms,
                inc_ms,
            } => {
                let own = self.own_ms.unwrap_or(base_ms as i64);
                l.time = Some(own.max(1) as u64);
                l.inc = inc_ms;
                if mps > 0 {
                    l.movestogo = Some(mps - (fullmove.max(1) - 1) % mps);
                }
            }
        }
        if let Some(rate) = self.node_rate() {
            // The node count is the clock: spend the budget's worth of nodes, no wall time.
            let ms = match self.control {
                Control::PerMove(ms) => ms,
                Control::Clock { .. } => budget(&l).soft.unwrap_or(1000),
            };
            l.nodes = Some((ms as u128 * rate as u128 / 1000).clamp(1, u64::MAX as u128) as u64);
            l.time = None;
            l.movetime = None;
            l.movestogo = None;
            l.inc = 0;
        }
        l
    }

    /// Our move took `ms`: keep our own clock for GUIs that do not send `time`.
    pub fn spent(&mut self, ms: u64, fullmove: u32) {
        if let Control::Clock {
            mps,
            base_ms,
            inc_ms,
        } = self.control
        {
            let mut own = self.own_ms.unwrap_or(base_ms as i64) - ms as i64 + inc_ms as i64;
            if mps > 0 && fullmove.is_multiple_of(mps) {
                own += base_ms as i64;
            }
            self.own_ms = Some(own);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        assert_eq!(
            parse_level("40 5 0"),
            Ok(Control::Clock {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0
            })
        );
        assert_eq!(
            parse_level("0 0:30 0.5"),
            Ok(Control::Clock {
                mps: 0,
                base_ms: 30_000,
                inc_ms: 500
            })
        );
        assert_eq!(
            parse_level("0 2 12"),
            Ok(Control::Clock {
                mps: 0,
                base_ms: 120_000,
                inc_ms: 12_000
            })
        );
        assert_eq!(
            parse_level("40 1:30"),
            Ok(Control::Clock {
                mps: 40,
                base_ms: 90_000,
                inc_ms: 0
            })
        );
        // A future "25+5" form: the junk after BASE's number is ignored.
        assert_eq!(
            parse_level("0 25+5 0"),
            Ok(Control::Clock {
                mps: 0,
                base_ms: 25 * 60_000,
                inc_ms: 0
            })
        );
        assert!(parse_level("x 5 0").is_err());
        assert!(parse_level("40").is_err());
        assert!(parse_level("40 5 -1").is_err());
    }

    #[test]
    fn seconds_and_centis() {
        assert_eq!(parse_seconds("0.1"), Ok(100));
        assert_eq!(parse_seconds("30"), Ok(30_000));
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("-1").is_err());
        assert_eq!(parse_centis("-150"), Ok(-1500));
        assert_eq!(parse_centis("6000"), Ok(60_000));
    }

    #[test]
    fn limits_from_controls() {
        let mut c = Clock::default();
        let l = c.limits(1);
        assert_eq!(l.time, Some(300_000));
        assert_eq!(l.movestogo, Some(40));
        assert_eq!(c.limits(41).movestogo, Some(40));
        assert_eq!(c.limits(40).movestogo, Some(1));
        c.own_ms = Some(-20);
        assert_eq!(c.limits(1).time, Some(1));
        c.control = Control::PerMove(2500);
        c.depth = Some(7);
        let l = c.limits(1);
        assert_eq!((l.movetime, l.time, l.depth), (Some(2500), None, Some(7)));
        c.nps = Some(1);
        let l = c.limits(1);
        assert_eq!((l.nodes, l.movetime), (Some(2), None));
    }
}
