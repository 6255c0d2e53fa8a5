//! Match statistics for `estuary match`: tallies, Elo, LOS, SPRT, and the
//! report lines in cutechess-cli's words.
//!
//! This module uses `std` only and has no `crate::` imports, so it can be
//! built and tested on its own:
//! `rustc --edition 2021 --test src/tools/match_stats/mod.rs`.
//!
//! Files: this one holds the results and the Elo figures, `sprt.rs` the SPRT, `report.rs`
//! the report lines, `tests.rs` the checks against published values.
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

use std::ops::{Add, AddAssign};

mod report;
mod sprt;
#[cfg(test)]
mod tests;

pub use report::*;
pub use sprt::*;

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
