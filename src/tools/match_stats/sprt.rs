//! The sequential probability ratio test of `estuary match --sprt`: fishtest's logistic-Elo
//! generalized SPRT over game pairs (pentanomial) or single games (trinomial), cutechess's
//! bounds and verdict, and the parsing of `elo0=..,elo1=..[,alpha=..,beta=..]`.

use super::{elo_to_score, Pentanomial, Tally};
use std::error::Error;
use std::fmt;
use std::str::FromStr;

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
