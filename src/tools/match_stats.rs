//! Match statistics for `estuary match`: tallies, Elo, LOS, SPRT, and the
//! report lines in cutechess-cli's words.
//!
//! This module uses `std` only and has no `crate::` imports, so it can be
//! built and tested on its own:
//! `rustc --edition 2021 --test src/tools/match_stats.rs`.
//!
//! # What is counted
//!
//! * [`Tally`]: wins, losses and draws of the *first* engine (engine A).
//! * [`Pentanomial`]: game pairs played on one opening with colours swapped,
//!   counted by the pair score of engine A: index 0..=4 holds the pairs that
//!   scored 0, 0.5, 1, 1.5 and 2 points (LL, LD+DL, LW+DD+WL, DW+WD, WW).
//!   That is fishtest's order (`LLRcalc.py`: "the frequencies of the game pairs
//!   LL,LD+DL,LW+DD+WL,DW+WD,WW").
//!
//! Both merge by adding counts ([`Tally::merge`], [`Pentanomial::merge`], or
//! `+`/`+=`), which is how shard result files are combined.
//!
//! # Elo difference, error margin, LOS, draw ratio (cutechess-cli)
//!
//! [`EloStats`] follows cutechess `projects/lib/src/elo.cpp` (class `Elo`)
//! formula for formula. With `n = W + L + D` and `w, l, d` the fractions:
//!
//! * score `mu = w + d/2`;
//! * per-game deviation from the trinomial distribution,
//!   `stdev = sqrt(w(1-mu)^2 + l(0-mu)^2 + d(1/2-mu)^2) / sqrt(n)`;
//! * `diff(p) = -400 log10(1/p - 1)`, Elo difference `diff(mu)`;
//! * 95% margin `(diff(mu + phiInv(0.975) stdev) - diff(mu + phiInv(0.025) stdev)) / 2`
//!   where `phiInv(p) = sqrt(2) erfInv(2p - 1)` and `erfInv` is cutechess's
//!   closed-form approximation (Winitzki's, with `a = 8(pi-3)/(3 pi (4-pi))`),
//!   so `phiInv(0.975) = 1.95716…`, not the exact 1.959964. We keep the
//!   approximation so that the printed margins are cutechess's digits;
//! * `LOS = 100 (1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))))` (percent);
//! * `DrawRatio = D / n`, and the `[ratio]` of the score line is
//!   `(2W + D) / (2n)` printed with three decimals.
//!
//! Where cutechess would print `inf` or `nan` we print finite numbers instead:
//! every score handed to `diff` is clamped to `[0.001, 0.999]` as fishtest's
//! `stat_util.elo()` does (so a clean sweep reads `1199.8`, not `inf`; this only
//! changes results whose score, or an end of its 95% interval, lies beyond
//! 0.1%/99.9%), and with no games, or no decisive game, LOS is 50%, the Elo
//! difference and margin are 0 and the ratio is 0.500. A number that rounds
//! to zero prints as `0.0`, never `-0.0` (an even score gives -0.0 in
//! cutechess's formula, and its output quoted in public reads `0.0`).
//!
//! # SPRT (fishtest)
//!
//! The log-likelihood ratio is fishtest's generalized SPRT with the logistic
//! Elo model, `LLRcalc.LLR_logistic(elo0, elo1, results)` in
//! `server/fishtest/stats/LLRcalc.py` (official-stockfish/fishtest):
//!
//! 1. regularize: every zero count becomes 0.001; `N` = sum of the counts;
//! 2. empirical pdf: outcome `i` of `k` classes has score `a_i = i/(k-1)`
//!    (per game) and probability `p_i = count_i / N`;
//! 3. `s0 = L(elo0)`, `s1 = L(elo1)` with `L(x) = 1 / (1 + 10^(-x/400))`;
//! 4. for each `s`, the maximum-likelihood distribution with expectation `s`
//!    is `p_i / (1 + x (a_i - s))` where `x` solves the secular equation
//!    `sum p_i (a_i - s) / (1 + x (a_i - s)) = 0` (fishtest `MLE_expected`;
//!    fishtest calls scipy's `brentq`, we bisect the same interval, on which the
//!    function is strictly decreasing, down to the last bit);
//! 5. `LLR = N * sum p_i (ln P1_i - ln P0_i)`.
//!
//! [`Sprt::status`] uses the pentanomial (5 classes, `N` = pairs) as soon as a
//! game pair has completed, and the trinomial `[L, D, W]` (3 classes,
//! `N` = games) otherwise, exactly like fishtest's `update_SPRT` which prefers
//! `R["pentanomial"]` and falls back to `[losses, draws, wins]`.
//!
//! Bounds are Wald's: `lower = ln(beta / (1 - alpha))`,
//! `upper = ln((1 - beta) / alpha)` (±2.944 for alpha = beta = 0.05). The
//! verdict is cutechess's (`sprt.cpp`, `Sprt::status`): `llr >= upper` accepts
//! H1, `llr <= lower` accepts H0, otherwise the match continues.
//!
//! For comparison with cutechess-cli itself, [`Sprt::llr_cutechess`] computes
//! cutechess's own trinomial BayesElo LLR (`sprt.cpp`: draw Elo estimated from
//! the sample with 1/2 pseudo-counts, bounds scaled by
//! `4x/(1+x)^2`, `x = 10^(-drawElo/400)`).
//!
//! # Report lines
//!
//! * [`format_score_line`]: cutechess `enginematch.cpp`,
//!   `"Score of %s vs %s: %d - %d - %d  [%.3f] %d"` (two spaces before `[`).
//! * [`format_elo_line`]: cutechess `tournament.cpp`,
//!   `"Elo difference: %1 +/- %2, LOS: %3 %, DrawRatio: %4 %"`, every number
//!   with `'f', 1` (one decimal); the draw ratio in percent.
//! * [`format_ptnml_line`]: cutechess prints no pentanomial, so we use
//!   fastchess's words, `"Ptnml(0-2): [a, b, c, d, e]"`.
//! * [`format_sprt_line`]: cutechess `tournament.cpp`,
//!   `"SPRT: llr %1 (%2%), lbound %3, ubound %4"` with the LLR and bounds as
//!   Qt's `'g', 3` (three significant digits, trailing zeros dropped, like
//!   C's `%.3g`), the percentage `llr / ubound * 100` with one decimal, and
//!   `" - H0 was accepted"` / `" - H1 was accepted"` appended on a verdict.

use std::error::Error;
use std::fmt;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

/// The result of one game from the first engine's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The first engine won.
    Win,
    /// The game was drawn.
    Draw,
    /// The first engine lost.
    Loss,
}

impl GameResult {
    /// Half-points scored by the first engine: 2 for a win, 1 for a draw,
    /// 0 for a loss.
    pub const fn half_points(self) -> usize {
        match self {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// Wins, losses and draws of the first engine (cutechess's `W - L - D`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games won by the first engine.
    pub wins: u64,
    /// Games lost by the first engine.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Tally {
    /// A tally with the given counts.
    pub const fn new(wins: u64, losses: u64, draws: u64) -> Self {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    /// Counts one finished game.
    pub fn record(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins = self.wins.saturating_add(1),
            GameResult::Draw => self.draws = self.draws.saturating_add(1),
            GameResult::Loss => self.losses = self.losses.saturating_add(1),
        }
    }

    /// Adds another tally (for instance one read from a shard result file).
    pub fn merge(&mut self, other: &Tally) {
        self.wins = self.wins.saturating_add(other.wins);
        self.losses = self.losses.saturating_add(other.losses);
        self.draws = self.draws.saturating_add(other.draws);
    }

    /// Number of finished games.
    pub fn games(&self) -> u64 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    /// The first engine's share of the points, `(2W + D) / (2n)` (cutechess
    /// `Elo::pointRatio`); 0.5 when no game has finished.
    pub fn point_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (2.0 * self.wins as f64 + self.draws as f64) / (2.0 * n as f64)
    }

    /// Share of drawn games, `D / n` (cutechess `Elo::drawRatio`); 0 when no
    /// game has finished.
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        self.draws as f64 / n as f64
    }

    /// Elo difference, margin and LOS as cutechess-cli computes them.
    pub fn elo(&self) -> EloStats {
        EloStats::new(self)
    }

    /// The counts in fishtest's trinomial order `[losses, draws, wins]`.
    pub fn trinomial(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.merge(&other);
    }
}

impl Add for Tally {
    type Output = Tally;

    fn add(mut self, other: Tally) -> Tally {
        self.merge(&other);
        self
    }
}

/// Counts of colour-swapped game pairs by the first engine's pair score:
/// index 0..=4 holds the pairs that scored 0, 0.5, 1, 1.5 and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// A pentanomial with the given counts (pair scores 0, 0.5, 1, 1.5, 2).
    pub const fn new(counts: [u64; 5]) -> Self {
        Pentanomial(counts)
    }

    /// Counts one finished pair; both results are from the first engine's
    /// point of view, whichever colour it had.
    pub fn record_pair(&mut self, first_game: GameResult, second_game: GameResult) {
        let index = first_game.half_points() + second_game.half_points();
        self.0[index] = self.0[index].saturating_add(1);
    }

    /// Adds another pentanomial (for instance one read from a shard file).
    pub fn merge(&mut self, other: &Pentanomial) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0.iter()) {
            *mine = mine.saturating_add(*theirs);
        }
    }

    /// Number of finished pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().fold(0u64, |acc, &c| acc.saturating_add(c))
    }

    /// The counts, pair scores 0, 0.5, 1, 1.5, 2.
    pub fn counts(&self) -> [u64; 5] {
        self.0
    }
}

impl AddAssign for Pentanomial {
    fn add_assign(&mut self, other: Pentanomial) {
        self.merge(&other);
    }
}

impl Add for Pentanomial {
    type Output = Pentanomial;

    fn add(mut self, other: Pentanomial) -> Pentanomial {
        self.merge(&other);
        self
    }
}

/// Elo statistics of a [`Tally`], computed as cutechess-cli's `Elo` class
/// does (see the module documentation), always finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloStats {
    /// Mean score per game, `w + d/2` (0.5 with no games).
    pub mu: f64,
    /// Standard deviation of the mean score.
    pub stdev: f64,
    /// Elo difference, first engine minus second.
    pub diff: f64,
    /// Half-width of the 95% interval, in Elo.
    pub margin: f64,
    /// Likelihood of superiority of the first engine, in percent (0..=100).
    pub los: f64,
    /// Share of drawn games, 0..=1.
    pub draw_ratio: f64,
    /// Share of the points won by the first engine, 0..=1.
    pub point_ratio: f64,
}

impl EloStats {
    /// Computes the statistics of `tally`.
    pub fn new(tally: &Tally) -> Self {
        let games = tally.games();
        let los = los_percent(tally.wins, tally.losses);
        if games == 0 {
            return EloStats {
                mu: 0.5,
                stdev: 0.0,
                diff: 0.0,
                margin: 0.0,
                los,
                draw_ratio: 0.0,
                point_ratio: 0.5,
            };
        }
        let n = games as f64;
        let w = tally.wins as f64 / n;
        let l = tally.losses as f64 / n;
        let d = tally.draws as f64 / n;
        let mu = w + d / 2.0;

        let dev_w = w * (1.0 - mu).powi(2);
        let dev_l = l * (0.0 - mu).powi(2);
        let dev_d = d * (0.5 - mu).powi(2);
        let stdev = (dev_w + dev_l + dev_d).sqrt() / n.sqrt();

        let mu_min = mu + cutechess_phi_inv(0.025) * stdev;
        let mu_max = mu + cutechess_phi_inv(0.975) * stdev;
        let margin = (score_to_elo(mu_max) - score_to_elo(mu_min)) / 2.0;

        EloStats {
            mu,
            stdev,
            diff: score_to_elo(mu),
            margin,
            los,
            draw_ratio: tally.draw_ratio(),
            point_ratio: tally.point_ratio(),
        }
    }
}

/// Logistic Elo of a mean score, `-400 log10(1/p - 1)`, with `p` clamped to
/// `[0.001, 0.999]` first (fishtest `stat_util.elo`), so the result is finite
/// (within ±1199.83); a NaN score gives 0.
pub fn score_to_elo(p: f64) -> f64 {
    if p.is_nan() {
        return 0.0;
    }
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    // `+ 0.0` turns the -0.0 of an even score into 0.0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// Expected score of a logistic Elo difference, `1 / (1 + 10^(-elo/400))`
/// (fishtest `LLRcalc.L_`).
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// LOS in percent, `100 (1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))))`
/// (cutechess `Elo::LOS`); 50 when no game was decisive.
pub fn los_percent(wins: u64, losses: u64) -> f64 {
    let decisive = wins as f64 + losses as f64;
    if decisive == 0.0 {
        return 50.0;
    }
    let x = (wins as f64 - losses as f64) / (2.0 * decisive).sqrt();
    100.0 * (0.5 + 0.5 * erf(x))
}

/// The error function, accurate to about 1e-15 (std has no stable `erf`).
///
/// Uses `erf(x) = 2/sqrt(pi) exp(-x^2) sum_n (2x^2)^n x / (1*3*...*(2n+1))`,
/// whose terms are all positive (no cancellation); `|x| >= 6` gives ±1
/// (`erfc(6)` is 2e-17).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return 0.0;
    }
    let ax = x.abs();
    if ax >= 6.0 {
        return x.signum();
    }
    let x2 = ax * ax;
    let mut term = ax;
    let mut sum = ax;
    for k in 1..1000 {
        term *= 2.0 * x2 / (2 * k + 1) as f64;
        sum += term;
        if term <= sum * 1e-17 {
            break;
        }
    }
    let value = (2.0 / std::f64::consts::PI.sqrt() * (-x2).exp() * sum).min(1.0);
    if x < 0.0 {
        -value
    } else {
        value
    }
}

/// cutechess's `Elo::erfInv`: a closed-form approximation of the inverse
/// error function, kept verbatim (including its value of pi) so that margins
/// match cutechess-cli's.
#[allow(clippy::approx_constant)]
fn cutechess_erf_inv(x: f64) -> f64 {
    let pi = 3.1415926535897_f64;
    let a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    let y = (1.0 - x * x).ln();
    let z = 2.0 / (pi * a) + y / 2.0;
    let ret = ((z * z - y / a).sqrt() - z).sqrt();
    if x < 0.0 {
        -ret
    } else {
        ret
    }
}

/// cutechess's `Elo::phiInv`, the normal quantile `sqrt(2) erfInv(2p - 1)`.
fn cutechess_phi_inv(p: f64) -> f64 {
    std::f64::consts::SQRT_2 * cutechess_erf_inv(2.0 * p - 1.0)
}

/// Which sample an LLR was computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LlrModel {
    /// Game pairs, fishtest's pentanomial `LLR_logistic`.
    Pentanomial,
    /// Single games `[L, D, W]`, fishtest's trinomial `LLR_logistic`.
    Trinomial,
}

/// Results an SPRT can be run on: a [`Tally`] (trinomial) or a
/// [`Pentanomial`].
pub trait SprtSample {
    /// The counts in fishtest's order: `[losses, draws, wins]` or the five
    /// pair classes, lowest score first.
    fn frequencies(&self) -> Vec<u64>;
}

impl SprtSample for Tally {
    fn frequencies(&self) -> Vec<u64> {
        self.trinomial().to_vec()
    }
}

impl SprtSample for Pentanomial {
    fn frequencies(&self) -> Vec<u64> {
        self.0.to_vec()
    }
}

/// The outcome of a sequential probability ratio test so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtVerdict {
    /// Neither bound was reached: keep playing.
    Continue,
    /// The LLR reached the lower bound: H0 (`elo <= elo0`) was accepted.
    AcceptH0,
    /// The LLR reached the upper bound: H1 (`elo >= elo1`) was accepted.
    AcceptH1,
}

/// LLR, bounds and verdict at one point of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Lower bound `ln(beta / (1 - alpha))`.
    pub lower: f64,
    /// Upper bound `ln((1 - beta) / alpha)`.
    pub upper: f64,
    /// The verdict for `llr` against the bounds.
    pub verdict: SprtVerdict,
    /// Whether the LLR came from game pairs or single games.
    pub model: LlrModel,
}

/// An invalid SPRT specification, with a message fit for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprtParseError {
    message: String,
}

impl SprtParseError {
    fn new(message: impl Into<String>) -> Self {
        SprtParseError {
            message: message.into(),
        }
    }
}

impl fmt::Display for SprtParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid --sprt: {}", self.message)
    }
}

impl Error for SprtParseError {}

/// Largest |Elo| accepted for `elo0`/`elo1`: beyond it the logistic score is
/// too close to 0 or 1 for the LLR to mean anything in double precision.
pub const SPRT_MAX_ABS_ELO: f64 = 2000.0;

/// A sequential probability ratio test of H0 `elo = elo0` against H1
/// `elo = elo1` (logistic Elo, first engine minus second) with error rates
/// `alpha` (type I) and `beta` (type II).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of H0.
    pub elo0: f64,
    /// Elo difference of H1.
    pub elo1: f64,
    /// Maximum probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Maximum probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// Default `alpha` and `beta` when `--sprt` leaves them out.
    pub const DEFAULT_ERROR_RATE: f64 = 0.05;

    /// A checked test: the Elo bounds finite, within ±[`SPRT_MAX_ABS_ELO`] and
    /// `elo0 < elo1`; `alpha` and `beta` in (0, 1) with `alpha + beta < 1`
    /// (otherwise the bounds do not straddle 0).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, SprtParseError> {
        for (name, value) in [("elo0", elo0), ("elo1", elo1)] {
            if !value.is_finite() || value.abs() > SPRT_MAX_ABS_ELO {
                return Err(SprtParseError::new(format!(
                    "{name}={value} must be a finite Elo difference between -{SPRT_MAX_ABS_ELO} and {SPRT_MAX_ABS_ELO}"
                )));
            }
        }
        if elo0 >= elo1 {
            return Err(SprtParseError::new(format!(
                "elo0={elo0} must be smaller than elo1={elo1}"
            )));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtParseError::new(format!(
                    "{name}={value} must lie strictly between 0 and 1"
                )));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtParseError::new(format!(
                "alpha + beta = {} must be smaller than 1",
                alpha + beta
            )));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Parses `elo0=E0,elo1=E1[,alpha=A,beta=B]`; the pairs may also be
    /// separated by spaces (cutechess's `-sprt elo0=0 elo1=5 ...`). `alpha`
    /// and `beta` default to 0.05. Same as `s.parse::<Sprt>()`.
    pub fn parse(s: &str) -> Result<Self, SprtParseError> {
        let mut elo0 = None;
        let mut elo1 = None;
        let mut alpha = None;
        let mut beta = None;
        let items = s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|item| !item.is_empty());
        for item in items {
            let Some((key, value)) = item.split_once('=') else {
                return Err(SprtParseError::new(format!(
                    "`{item}` is not of the form key=value (expected elo0=E0,elo1=E1[,alpha=A,beta=B])"
                )));
            };
            let slot = match key.trim() {
                "elo0" => &mut elo0,
                "elo1" => &mut elo1,
                "alpha" => &mut alpha,
                "beta" => &mut beta,
                other => {
                    return Err(SprtParseError::new(format!(
                        "unknown key `{other}` (the keys are elo0, elo1, alpha, beta)"
                    )))
                }
            };
            if slot.is_some() {
                return Err(SprtParseError::new(format!("`{key}` is given twice")));
            }
            let value = value.trim();
            let number: f64 = value.parse().map_err(|_| {
                SprtParseError::new(format!("`{key}={value}`: `{value}` is not a number"))
            })?;
            if !number.is_finite() {
                return Err(SprtParseError::new(format!(
                    "`{key}={value}`: the value must be finite"
                )));
            }
            *slot = Some(number);
        }
        let elo0 = elo0.ok_or_else(|| SprtParseError::new("elo0 is missing"))?;
        let elo1 = elo1.ok_or_else(|| SprtParseError::new("elo1 is missing"))?;
        Sprt::new(
            elo0,
            elo1,
            alpha.unwrap_or(Self::DEFAULT_ERROR_RATE),
            beta.unwrap_or(Self::DEFAULT_ERROR_RATE),
        )
    }

    /// The stopping bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// fishtest's logistic-Elo GSPRT log-likelihood ratio of `sample`
    /// (`LLRcalc.LLR_logistic`): trinomial for a [`Tally`], pentanomial for a
    /// [`Pentanomial`]. 0 with no results.
    pub fn llr<S: SprtSample + ?Sized>(&self, sample: &S) -> f64 {
        llr_logistic(self.elo0, self.elo1, &sample.frequencies())
    }

    /// cutechess-cli's own LLR (`sprt.cpp`, `Sprt::status`): the trinomial
    /// BayesElo model with the draw Elo estimated from the sample plus 1/2
    /// pseudo-counts. For comparing with cutechess runs; the runner uses
    /// [`Sprt::llr`]. 0 if the model breaks down (absurd Elo bounds).
    pub fn llr_cutechess(&self, tally: &Tally) -> f64 {
        let wins = tally.wins as f64 + 0.5;
        let losses = tally.losses as f64 + 0.5;
        let draws = tally.draws as f64 + 0.5;
        let count = wins + losses + draws;
        let p_win = wins / count;
        let p_loss = losses / count;
        let draw_elo = 200.0 * ((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win).log10();
        let x = 10f64.powf(-draw_elo / 400.0);
        let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
        let probabilities = |bayes_elo: f64| {
            let win = 1.0 / (1.0 + 10f64.powf((draw_elo - bayes_elo) / 400.0));
            let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + bayes_elo) / 400.0));
            (win, loss, 1.0 - win - loss)
        };
        let p0 = probabilities(self.elo0 / scale);
        let p1 = probabilities(self.elo1 / scale);
        let llr =
            wins * (p1.0 / p0.0).ln() + losses * (p1.1 / p0.1).ln() + draws * (p1.2 / p0.2).ln();
        if llr.is_finite() {
            llr
        } else {
            0.0
        }
    }

    /// The verdict for a given LLR: `llr >= upper` accepts H1, `llr <= lower`
    /// accepts H0 (cutechess `Sprt::status`), else continue.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }

    /// LLR, bounds and verdict of a match: the pentanomial LLR once a game
    /// pair has finished, the trinomial LLR of `tally` before that.
    pub fn status(&self, tally: &Tally, pentanomial: &Pentanomial) -> SprtStatus {
        let (llr, model) = if pentanomial.pairs() > 0 {
            (self.llr(pentanomial), LlrModel::Pentanomial)
        } else {
            (self.llr(tally), LlrModel::Trinomial)
        };
        let (lower, upper) = self.bounds();
        SprtStatus {
            llr,
            lower,
            upper,
            verdict: self.verdict(llr),
            model,
        }
    }
}

impl FromStr for Sprt {
    type Err = SprtParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Sprt::parse(s)
    }
}

/// fishtest's `LLRcalc.LLR_logistic(elo0, elo1, results)`: the generalized
/// log-likelihood ratio of H1 `elo = elo1` against H0 `elo = elo0` for
/// `results` in fishtest's order (`[L, D, W]` or the five pair classes).
///
/// Returns 0 when there are no results (fishtest would regularize them into a
/// tiny non-zero value), for fewer than two classes, and when an Elo bound is
/// so large that its score rounds to 0 or 1.
pub fn llr_logistic(elo0: f64, elo1: f64, results: &[u64]) -> f64 {
    if results.len() < 2 || results.iter().all(|&c| c == 0) {
        return 0.0;
    }
    // LLRcalc.regularize + results_to_pdf.
    let regularized: Vec<f64> = results
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let n: f64 = regularized.iter().sum();
    let last = (regularized.len() - 1) as f64;
    let pdf: Vec<(f64, f64)> = regularized
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last, c / n))
        .collect();

    let s0 = elo_to_score(elo0);
    let s1 = elo_to_score(elo1);
    let (Some(x0), Some(x1)) = (mle_multiplier(&pdf, s0), mle_multiplier(&pdf, s1)) else {
        return 0.0;
    };
    // LLRjumps: ln(p_i / (1 + x1 (a_i - s1))) - ln(p_i / (1 + x0 (a_i - s0))).
    let per_sample: f64 = pdf
        .iter()
        .map(|&(a, p)| p * ((1.0 + x0 * (a - s0)).ln() - (1.0 + x1 * (a - s1)).ln()))
        .sum();
    let llr = n * per_sample;
    if llr.is_finite() {
        llr
    } else {
        0.0
    }
}

/// The Lagrange multiplier `x` of fishtest's `MLE_expected(pdf, s)`: the root
/// of `f(x) = sum p_i b_i / (1 + x b_i)`, `b_i = a_i - s`, on
/// `(-1/max b, -1/min b)` (fishtest `secular`). `f` decreases strictly from
/// +inf to -inf there, so bisection always finds the root; `None` if the
/// support does not straddle `s`.
fn mle_multiplier(pdf: &[(f64, f64)], s: f64) -> Option<f64> {
    let min = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::INFINITY, f64::min);
    let max = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let f = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| {
                let b = a - s;
                p * b / (1.0 + x * b)
            })
            .sum()
    };
    let mut lo = -1.0 / max;
    let mut hi = -1.0 / min;
    for _ in 0..300 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// `"Score of A vs B: W - L - D  [ratio] N"` (cutechess-cli `enginematch.cpp`).
pub fn format_score_line(first: &str, second: &str, tally: &Tally) -> String {
    format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        first,
        second,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.point_ratio(),
        tally.games()
    )
}

/// `"Elo difference: E +/- M, LOS: L %, DrawRatio: D %"` (cutechess-cli
/// `tournament.cpp`), one decimal each, never `nan` or `inf`.
pub fn format_elo_line(tally: &Tally) -> String {
    let elo = tally.elo();
    format!(
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        fixed1(elo.diff),
        fixed1(elo.margin),
        fixed1(elo.los),
        fixed1(elo.draw_ratio * 100.0)
    )
}

/// `"Ptnml(0-2): [a, b, c, d, e]"` (fastchess's words; cutechess has none).
pub fn format_ptnml_line(pentanomial: &Pentanomial) -> String {
    let [a, b, c, d, e] = pentanomial.0;
    format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}]")
}

/// `"SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94"`, plus
/// `" - H0 was accepted"` or `" - H1 was accepted"` on a verdict
/// (cutechess-cli `tournament.cpp`).
pub fn format_sprt_line(status: &SprtStatus) -> String {
    let percent = if status.upper != 0.0 && status.upper.is_finite() {
        status.llr / status.upper * 100.0
    } else {
        0.0
    };
    let mut line = format!(
        "SPRT: llr {} ({}%), lbound {}, ubound {}",
        significant3(status.llr),
        fixed1(percent),
        significant3(status.lower),
        significant3(status.upper)
    );
    match status.verdict {
        SprtVerdict::AcceptH0 => line.push_str(" - H0 was accepted"),
        SprtVerdict::AcceptH1 => line.push_str(" - H1 was accepted"),
        SprtVerdict::Continue => {}
    }
    line
}

/// The end-of-match block: score line, Elo line, then the pentanomial line if
/// any pair finished and the SPRT line if a test runs, joined by newlines
/// (no trailing newline).
pub fn format_report(
    first: &str,
    second: &str,
    tally: &Tally,
    pentanomial: &Pentanomial,
    sprt: Option<&SprtStatus>,
) -> String {
    let mut lines = vec![
        format_score_line(first, second, tally),
        format_elo_line(tally),
    ];
    if pentanomial.pairs() > 0 {
        lines.push(format_ptnml_line(pentanomial));
    }
    if let Some(status) = sprt {
        lines.push(format_sprt_line(status));
    }
    lines.join("\n")
}

/// One decimal (Qt `'f', 1`); non-finite values print as 0.0 and a value
/// that rounds to zero prints without a minus sign.
fn fixed1(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let text = format!("{x:.1}");
    if text == "-0.0" {
        "0.0".to_string()
    } else {
        text
    }
}

/// Three significant digits as Qt's `'g', 3` / C's `%.3g`: fixed notation
/// for exponents -4..=2, else `d.dde±XX`; trailing zeros dropped.
/// Non-finite values print as 0.
fn significant3(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return "0".to_string();
    }
    let sci = format!("{x:.2e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..3).contains(&exponent) {
        let mantissa = trim_fraction_zeros(mantissa);
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    } else {
        let decimals = (2 - exponent) as usize;
        trim_fraction_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

/// Drops trailing zeros after a decimal point, and the point if bare.
fn trim_fraction_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "got {actual}, expected {expected} (tolerance {tolerance})"
        );
    }

    // ---- cutechess-cli outputs quoted in public threads ------------------

    /// Each case: W, L, D and the two lines cutechess-cli printed for them.
    const CUTECHESS_QUOTES: &[(u64, u64, u64, &str, &str)] = &[
        // github.com/JoAnnP38/Pedantic/pull/8
        (
            332,
            316,
            352,
            "332 - 316 - 352  [0.508] 1000",
            "Elo difference: 5.6 +/- 17.3, LOS: 73.5 %, DrawRatio: 35.2 %",
        ),
        // github.com/JoAnnP38/Pedantic/pull/10
        (
            1342,
            1317,
            1341,
            "1342 - 1317 - 1341  [0.503] 4000",
            "Elo difference: 2.2 +/- 8.8, LOS: 68.6 %, DrawRatio: 33.5 %",
        ),
        // github.com/kelseyde/calvin-chess-engine/pull/97 (three outputs)
        (
            143,
            129,
            368,
            "143 - 129 - 368  [0.511] 640",
            "Elo difference: 7.6 +/- 17.5, LOS: 80.2 %, DrawRatio: 57.5 %",
        ),
        (
            540,
            531,
            1590,
            "540 - 531 - 1590  [0.502] 2661",
            "Elo difference: 1.2 +/- 8.4, LOS: 60.8 %, DrawRatio: 59.8 %",
        ),
        (
            1216,
            1199,
            3939,
            "1216 - 1199 - 3939  [0.501] 6354",
            "Elo difference: 0.9 +/- 5.3, LOS: 63.5 %, DrawRatio: 62.0 %",
        ),
        // github.com/princesslana/princhess/pull/265
        (
            65,
            66,
            69,
            "65 - 66 - 69  [0.497] 200",
            "Elo difference: -1.7 +/- 39.1, LOS: 46.5 %, DrawRatio: 34.5 %",
        ),
        // talkchess.com/viewtopic.php?t=84211 (cutechess-cli 1.3.1)
        (
            364,
            346,
            218,
            "364 - 346 - 218  [0.510] 928",
            "Elo difference: 6.7 +/- 19.5, LOS: 75.0 %, DrawRatio: 23.5 %",
        ),
        // github.com/spamdrew128/Wahoo/pull/104 (Elo line only quoted whole)
        (
            509,
            396,
            1058,
            "509 - 396 - 1058  [0.529] 1963",
            "Elo difference: 20.0 +/- 10.4, LOS: 100.0 %, DrawRatio: 53.9 %",
        ),
    ];

    #[test]
    fn reproduces_quoted_cutechess_score_and_elo_lines() {
        for &(w, l, d, score, elo) in CUTECHESS_QUOTES {
            let tally = Tally::new(w, l, d);
            assert_eq!(
                format_score_line("A", "B", &tally),
                format!("Score of A vs B: {score}")
            );
            assert_eq!(format_elo_line(&tally), elo);
        }
    }

    #[test]
    fn elo_stats_match_cutechess_formulas_to_many_digits() {
        // Reference: cutechess elo.cpp transcribed into python3 (/tmp script),
        // W=332 L=316 D=352.
        let e = Tally::new(332, 316, 352).elo();
        close(e.diff, 5.559444, 1e-6);
        close(e.margin, 17.325030, 1e-6);
        close(e.los, 73.517466, 1e-6);
        close(e.draw_ratio, 0.352, 1e-12);
        close(e.point_ratio, 0.508, 1e-12);
        // W=364 L=346 D=218.
        let e = Tally::new(364, 346, 218).elo();
        close(e.diff, 6.739898, 1e-6);
        close(e.margin, 19.547774, 1e-6);
        close(e.los, 75.032980, 1e-6);
    }

    #[test]
    fn cutechess_normal_quantile_is_its_approximation() {
        close(cutechess_phi_inv(0.975), 1.957162, 1e-6);
        close(cutechess_phi_inv(0.025), -1.957162, 1e-6);
    }

    #[test]
    fn erf_matches_python_math_erf() {
        for &(x, expected) in &[
            (0.1, 0.1124629160182849),
            (0.5, 0.5204998778130465),
            (1.0, 0.8427007929497149),
            (2.0, 0.9953222650189527),
            (3.5, 0.9999992569016276),
            (5.0, 0.9999999999984626),
            (-0.7, -0.6778011938374184),
        ] {
            close(erf(x), expected, 1e-14);
        }
        assert_eq!(erf(0.0), 0.0);
        assert_eq!(erf(40.0), 1.0);
        assert_eq!(erf(-40.0), -1.0);
    }

    // ---- edge cases: never NaN, inf or a panic ---------------------------

    fn assert_finite_lines(tally: &Tally) -> (String, String) {
        let score = format_score_line("A", "B", tally);
        let elo = format_elo_line(tally);
        for line in [&score, &elo] {
            let lower = line.to_lowercase();
            assert!(!lower.contains("nan") && !lower.contains("inf"), "{line}");
        }
        let e = tally.elo();
        for v in [e.mu, e.stdev, e.diff, e.margin, e.los, e.draw_ratio] {
            assert!(v.is_finite());
        }
        (score, elo)
    }

    #[test]
    fn zero_games() {
        let (score, elo) = assert_finite_lines(&Tally::default());
        assert_eq!(score, "Score of A vs B: 0 - 0 - 0  [0.500] 0");
        assert_eq!(
            elo,
            "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 0.0 %"
        );
    }

    #[test]
    fn all_draws() {
        let (score, elo) = assert_finite_lines(&Tally::new(0, 0, 10));
        assert_eq!(score, "Score of A vs B: 0 - 0 - 10  [0.500] 10");
        assert_eq!(
            elo,
            "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 100.0 %"
        );
    }

    #[test]
    fn all_wins_and_all_losses_are_clamped() {
        let (score, elo) = assert_finite_lines(&Tally::new(10, 0, 0));
        assert_eq!(score, "Score of A vs B: 10 - 0 - 0  [1.000] 10");
        assert_eq!(
            elo,
            "Elo difference: 1199.8 +/- 0.0, LOS: 99.9 %, DrawRatio: 0.0 %"
        );
        let (_, elo) = assert_finite_lines(&Tally::new(0, 10, 0));
        assert_eq!(
            elo,
            "Elo difference: -1199.8 +/- 0.0, LOS: 0.1 %, DrawRatio: 0.0 %"
        );
        // Upper end of the interval beyond a score of 1 (cutechess: nan).
        assert_finite_lines(&Tally::new(20, 1, 0));
        assert_finite_lines(&Tally::new(1, 0, 0));
        assert_finite_lines(&Tally::new(u64::MAX, 0, 0));
    }

    #[test]
    fn even_score_prints_plain_zero() {
        // W == L gives -0.0 from -400*log10(1); cutechess prints 0.0 for it
        // (ijccrl.com quotes "Elo difference: 0.0 +/- 29.1, LOS: 50.0 %").
        let elo = format_elo_line(&Tally::new(50, 50, 10));
        assert!(elo.starts_with("Elo difference: 0.0 +/- "), "{elo}");
        assert!(elo.contains("LOS: 50.0 %"));
    }

    // ---- tallies and pentanomials ----------------------------------------

    #[test]
    fn recording_and_merging() {
        let mut tally = Tally::default();
        let mut penta = Pentanomial::default();
        let pairs = [
            (GameResult::Win, GameResult::Win),
            (GameResult::Win, GameResult::Loss),
            (GameResult::Draw, GameResult::Draw),
            (GameResult::Loss, GameResult::Draw),
            (GameResult::Draw, GameResult::Win),
        ];
        for (a, b) in pairs {
            tally.record(a);
            tally.record(b);
            penta.record_pair(a, b);
        }
        assert_eq!(tally, Tally::new(4, 2, 4));
        assert_eq!(penta, Pentanomial([0, 1, 2, 1, 1]));
        assert_eq!(penta.pairs(), 5);
        assert_eq!(tally.games(), 10);

        let shard = Tally::new(1, 2, 3);
        let mut merged = tally;
        merged.merge(&shard);
        assert_eq!(merged, Tally::new(5, 4, 7));
        assert_eq!(tally + shard, merged);
        let mut sum = penta;
        sum += Pentanomial([1, 0, 0, 0, 2]);
        assert_eq!(sum, Pentanomial([1, 1, 2, 1, 3]));
        assert_eq!(sum.counts(), [1, 1, 2, 1, 3]);
        assert_eq!(tally.trinomial(), [2, 4, 4]);
    }

    #[test]
    fn ptnml_line() {
        assert_eq!(
            format_ptnml_line(&Pentanomial([30, 6, 18, 0, 6])),
            "Ptnml(0-2): [30, 6, 18, 0, 6]"
        );
    }

    // ---- SPRT --------------------------------------------------------------

    #[test]
    fn bounds_for_five_percent() {
        let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        // python3: math.log(0.05/0.95), math.log(0.95/0.05)
        close(lower, -2.9444389791664403, 1e-15);
        close(upper, 2.9444389791664403, 1e-15);
        let status = SprtStatus {
            llr: 0.0,
            lower,
            upper,
            verdict: SprtVerdict::Continue,
            model: LlrModel::Trinomial,
        };
        assert_eq!(
            format_sprt_line(&status),
            "SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94"
        );
    }

    #[test]
    fn pentanomial_llr_matches_fishtest() {
        // Reference values: fishtest LLRcalc.LLR_logistic (server/fishtest/
        // stats/LLRcalc.py, run unmodified with python3 + scipy).
        let cases: &[(f64, f64, [u64; 5], f64)] = &[
            // the test data of fishtest's own stat_util.py self-test
            (
                -3.0,
                1.0,
                [10789, 19328, 33806, 19402, 10543],
                2.1310678117940807,
            ),
            (0.0, 5.0, [0, 3, 10, 5, 2], 0.24931199599324158),
            (0.0, 5.0, [0, 0, 0, 0, 10], 0.1429044325441563),
            (0.0, 5.0, [10, 0, 0, 0, 0], -0.14497624376179935),
            (0.0, 5.0, [0, 0, 25, 0, 0], -0.35593148895254795),
            (0.0, 5.0, [1, 0, 0, 0, 0], -0.014523779645967582),
        ];
        for &(elo0, elo1, counts, expected) in cases {
            let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
            let llr = sprt.llr(&Pentanomial(counts));
            close(llr, expected, 1e-9 * expected.abs().max(1.0));
        }
    }

    #[test]
    fn pentanomial_llr_reproduces_published_fishtest_results() {
        // official-stockfish/Stockfish PR #3209 (Nov 2020, logistic "{}"
        // bounds): STC "LLR: 2.94 (-2.94,2.94) {-0.25,1.25}" with
        // "Ptnml(0-2): 253, 4282, 17604, 4431, 286", LTC "LLR: 2.97
        // (-2.94,2.94) {0.25,1.25}" with "Ptnml(0-2): 58, 3302, 33130, 3518, 84".
        let stc = Sprt::parse("elo0=-0.25,elo1=1.25").unwrap();
        let llr = stc.llr(&Pentanomial([253, 4282, 17604, 4431, 286]));
        close(llr, 2.938391891532025, 1e-9);
        assert_eq!(format!("{llr:.2}"), "2.94");
        let ltc = Sprt::parse("elo0=0.25,elo1=1.25").unwrap();
        let llr = ltc.llr(&Pentanomial([58, 3302, 33130, 3518, 84]));
        close(llr, 2.966591342866624, 1e-9);
        assert_eq!(format!("{llr:.2}"), "2.97");
        assert_eq!(ltc.verdict(llr), SprtVerdict::AcceptH1);
    }

    #[test]
    fn trinomial_llr_matches_fishtest() {
        // fishtest LLR_logistic on [L, D, W].
        let cases: &[(f64, f64, Tally, f64)] = &[
            (
                -3.0,
                1.0,
                Tally::new(65388, 65804, 56553),
                2.0490426179674808,
            ),
            (0.0, 5.0, Tally::new(7, 3, 0), 0.05653470168035648),
            (0.0, 10.0, Tally::new(364, 346, 218), 0.17481591671802416),
            (-5.0, 0.0, Tally::new(65, 66, 69), 0.009646917601209386),
        ];
        for &(elo0, elo1, tally, expected) in cases {
            let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
            close(sprt.llr(&tally), expected, 1e-9);
        }
    }

    #[test]
    fn cutechess_llr_reproduces_quoted_sprt_lines() {
        // talkchess.com/viewtopic.php?t=84211: "-sprt elo0=0 elo1=10
        // alpha=0.05 beta=0.05", 364 - 346 - 218, "SPRT: llr 0.174 (5.9%),
        // lbound -2.94, ubound 2.94".
        let sprt = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05").unwrap();
        let tally = Tally::new(364, 346, 218);
        let llr = sprt.llr_cutechess(&tally);
        close(llr, 0.17405431252338444, 1e-12);
        let (lower, upper) = sprt.bounds();
        let status = SprtStatus {
            llr,
            lower,
            upper,
            verdict: sprt.verdict(llr),
            model: LlrModel::Trinomial,
        };
        assert_eq!(
            format_sprt_line(&status),
            "SPRT: llr 0.174 (5.9%), lbound -2.94, ubound 2.94"
        );

        // github.com/princesslana/princhess/pull/265: 65 - 66 - 69,
        // "SPRT: llr 0.00988 (0.3%), lbound -2.25, ubound 2.89" — bounds of
        // alpha=0.05, beta=0.10; the LLR fits elo0=-5, elo1=0.
        let sprt = Sprt::parse("elo0=-5,elo1=0,alpha=0.05,beta=0.1").unwrap();
        let llr = sprt.llr_cutechess(&Tally::new(65, 66, 69));
        let (lower, upper) = sprt.bounds();
        let status = SprtStatus {
            llr,
            lower,
            upper,
            verdict: sprt.verdict(llr),
            model: LlrModel::Trinomial,
        };
        assert_eq!(
            format_sprt_line(&status),
            "SPRT: llr 0.00988 (0.3%), lbound -2.25, ubound 2.89"
        );
    }

    #[test]
    fn status_prefers_pairs_and_reports_verdicts() {
        let sprt = Sprt::parse("elo0=-0.25,elo1=1.25").unwrap();
        let penta = Pentanomial([253, 4282, 17604, 4431, 286]);
        let tally = Tally::new(1, 0, 0);
        let status = sprt.status(&tally, &penta);
        assert_eq!(status.model, LlrModel::Pentanomial);
        assert_eq!(status.verdict, SprtVerdict::Continue); // 2.938 < 2.944
        assert_eq!(
            format_sprt_line(&status),
            "SPRT: llr 2.94 (99.8%), lbound -2.94, ubound 2.94"
        );
        let status = sprt.status(&tally, &Pentanomial::default());
        assert_eq!(status.model, LlrModel::Trinomial);

        let accepted = SprtStatus {
            llr: 2.95,
            verdict: sprt.verdict(2.95),
            ..status
        };
        assert_eq!(
            format_sprt_line(&accepted),
            "SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was accepted"
        );
        let rejected = SprtStatus {
            llr: -3.1,
            verdict: sprt.verdict(-3.1),
            ..status
        };
        assert_eq!(
            format_sprt_line(&rejected),
            "SPRT: llr -3.1 (-105.3%), lbound -2.94, ubound 2.94 - H0 was accepted"
        );
        let (lower, upper) = sprt.bounds();
        assert_eq!(sprt.verdict(upper), SprtVerdict::AcceptH1);
        assert_eq!(sprt.verdict(lower), SprtVerdict::AcceptH0);
    }

    #[test]
    fn llr_edge_cases_are_finite() {
        let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // cutechess adds 1/2 pseudo-counts: a tiny LLR even with no games.
        assert!(sprt.llr_cutechess(&Tally::default()).abs() < 1e-3);
        for tally in [
            Tally::new(1000, 0, 0),
            Tally::new(0, 1000, 0),
            Tally::new(0, 0, 1000),
        ] {
            assert!(sprt.llr(&tally).is_finite());
            assert!(sprt.llr_cutechess(&tally).is_finite());
        }
        let extreme = Sprt::new(1500.0, 2000.0, 0.05, 0.05).unwrap();
        assert!(extreme.llr(&Pentanomial([0, 0, 0, 0, 7])).is_finite());
        // Unchecked, absurd bounds: no panic, no NaN.
        let absurd = Sprt {
            elo0: 1e6,
            elo1: 2e6,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(absurd.llr(&Tally::new(3, 1, 1)), 0.0);
        assert!(absurd.llr_cutechess(&Tally::new(3, 1, 1)).is_finite());
        assert_eq!(llr_logistic(0.0, 5.0, &[4]), 0.0);
    }

    #[test]
    fn sprt_parsing() {
        let sprt = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
        assert_eq!(sprt, Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap());
        let sprt: Sprt = " elo0=-1.5, elo1=2.5 ,beta=0.1".parse().unwrap();
        assert_eq!(sprt.elo0, -1.5);
        assert_eq!(sprt.elo1, 2.5);
        assert_eq!(sprt.alpha, 0.05);
        assert_eq!(sprt.beta, 0.1);

        let error = |s: &str| Sprt::parse(s).unwrap_err().to_string();
        assert!(error("").contains("elo0 is missing"));
        assert!(error("elo0=0").contains("elo1 is missing"));
        assert!(error("elo0=0,elo1").contains("not of the form key=value"));
        assert!(error("elo0=0,elo1=x").contains("`x` is not a number"));
        assert!(error("elo0=0,elo1=5,gamma=1").contains("unknown key `gamma`"));
        assert!(error("elo0=0,elo0=1,elo1=5").contains("given twice"));
        assert!(error("elo0=0,elo1=inf").contains("finite"));
        assert!(error("elo0=0,elo1=nan").contains("finite"));
        assert!(error("elo0=5,elo1=0").contains("smaller than elo1"));
        assert!(error("elo0=5,elo1=5").contains("smaller than elo1"));
        assert!(error("elo0=0,elo1=5000").contains("between -2000 and 2000"));
        assert!(error("elo0=0,elo1=5,alpha=0").contains("strictly between 0 and 1"));
        assert!(error("elo0=0,elo1=5,beta=1.5").contains("strictly between 0 and 1"));
        assert!(error("elo0=0,elo1=5,alpha=0.5,beta=0.5").contains("smaller than 1"));
        assert!(error("elo0=0,elo1=5,alpha=").contains("is not a number"));
        assert!(error("=").contains("unknown key"));
        assert!(error("elo0=0,elo1=5,alpha=x").starts_with("invalid --sprt: "));
    }

    #[test]
    fn significant_digits_like_printf_g3() {
        for &(x, expected) in &[
            (0.0, "0"),
            (2.9444389791664403, "2.94"),
            (-2.9444389791664403, "-2.94"),
            (0.17405431252338444, "0.174"),
            (0.009883193206147337, "0.00988"),
            (2.5, "2.5"),
            (3.0, "3"),
            (12.345, "12.3"),
            (-111.03, "-111"),
            (999.6, "1e+03"),
            (1234.0, "1.23e+03"),
            (0.0001234, "0.000123"),
            (0.00001234, "1.23e-05"),
            (0.0995, "0.0995"),
            (f64::NAN, "0"),
        ] {
            assert_eq!(significant3(x), expected, "{x}");
        }
    }

    #[test]
    fn report_block() {
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        let tally = Tally::new(364, 346, 218);
        let penta = Pentanomial([20, 100, 180, 110, 54]);
        let status = sprt.status(&tally, &penta);
        let report = format_report("New", "Old", &tally, &penta, Some(&status));
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[0],
            "Score of New vs Old: 364 - 346 - 218  [0.510] 928"
        );
        assert_eq!(
            lines[1],
            "Elo difference: 6.7 +/- 19.5, LOS: 75.0 %, DrawRatio: 23.5 %"
        );
        assert_eq!(lines[2], "Ptnml(0-2): [20, 100, 180, 110, 54]");
        assert!(lines[3].starts_with("SPRT: llr "));
        let short = format_report("New", "Old", &tally, &Pentanomial::default(), None);
        assert_eq!(short.lines().count(), 2);
    }
}
