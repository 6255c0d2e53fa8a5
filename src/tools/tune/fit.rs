//! Fitting the evaluation to results (Texel's method,
//! <https://www.chessprogramming.org/Texel%27s_Tuning_Method>): the loss is the mean squared
//! error between a position's result for the army to move and `sigmoid(K * eval)`. First `K`
//! alone is fitted with the weights as they are, then the weights by coordinate descent: each
//! weight in turn is moved a step up, else a step down, when that lowers the training loss
//! (plus a small pull toward the starting weights, `reg`); a weight that moved neither way has
//! its step halved. After each pass the loss on the held-out positions is measured, and the
//! search stops when it has not improved for `patience` passes (early stopping), keeping the
//! weights that did best there. Weights stay within their `[eval]` ranges
//! (`variant::EvalParams::FIELDS`); piece values within [`MAX_VALUE_FACTOR`] of where they
//! started. Sums are taken in fixed chunks, so a result does not depend on the thread count.

pub use super::samples::sigmoid;
use super::samples::Sample;
use crate::eval::{evaluate, EvalParams, EvalTables};
use crate::types::PieceKind;
use crate::variant::{EvalField, Variant};
use rayon::prelude::*;
use std::time::Instant;

/// Positions per chunk of a parallel sum.
const CHUNK: usize = 1024;
/// A piece value is kept between its start divided by this and its start times this.
pub const MAX_VALUE_FACTOR: i32 = 3;
/// Smallest improvement of the held-out loss that counts as one.
const MIN_GAIN: f64 = 1e-7;

/// Mean squared error of `sigmoid(k * eval)` against the scores, over (eval, score) pairs.
pub fn mse_of(points: &[(i32, f32)], k: f64) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    let sum: f64 = points
        .iter()
        .map(|&(e, r)| {
            let d = r as f64 - sigmoid(k * e as f64);
            d * d
        })
        .sum();
    sum / points.len() as f64
}

/// The `K` (per centipawn) that minimises [`mse_of`]: a scan over a logarithmic grid from
/// 1e-5 to 1e-1, then a golden-section search between the grid points around the best.
pub fn fit_k(points: &[(i32, f32)]) -> f64 {
    const STEPS: i32 = 40;
    let grid = |i: i32| 10f64.powf(-5.0 + 4.0 * i as f64 / STEPS as f64);
    let best = (0..=STEPS)
        .min_by(|&a, &b| mse_of(points, grid(a)).total_cmp(&mse_of(points, grid(b))))
        .unwrap_or(0);
    let (mut lo, mut hi) = (grid((best - 1).max(0)), grid((best + 1).min(STEPS)));
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if mse_of(points, a) <= mse_of(points, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What the tuner moves: the `[eval]` weights and the piece values (one per kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub params: EvalParams,
    pub values: Vec<i32>,
}

impl Weights {
    /// A game's weights as its config gives them.
    pub fn of(v: &Variant) -> Weights {
        Weights {
            params: v.eval,
            values: v.pieces.iter().map(|p| p.value).collect(),
        }
    }

    /// The evaluation tables with these weights.
    pub fn tables(&self, v: &'static Variant) -> EvalTables {
        EvalTables::new(v, &self.params, &self.values)
    }
}

/// One weight the tuner may move.
#[derive(Clone, Copy)]
pub enum Knob {
    /// The value of a piece kind.
    Value(PieceKind),
    /// An `[eval]` weight.
    Param(&'static EvalField),
}

impl Knob {
    fn get(&self, w: &Weights) -> i32 {
        match self {
            Knob::Value(k) => w.values[k.index()],
            Knob::Param(f) => (f.get)(&w.params),
        }
    }

    fn set(&self, w: &mut Weights, x: i32) {
        match self {
            Knob::Value(k) => w.values[k.index()] = x,
            Knob::Param(f) => (f.set)(&mut w.params, x),
        }
    }

    /// Its range, given where it started.
    fn range(&self, start: i32) -> (i32, i32) {
        match self {
            Knob::Value(_) => (
                (start / MAX_VALUE_FACTOR).max(1),
                start.saturating_mul(MAX_VALUE_FACTOR),
            ),
            Knob::Param(f) => (f.min, f.max),
        }
    }

    /// The scale of the pull toward the start: the range of a weight, the start of a value.
    fn scale(&self, start: i32) -> f64 {
        match self {
            Knob::Value(_) => start.max(1) as f64,
            Knob::Param(f) => (f.max - f.min).max(1) as f64,
        }
    }

    /// Its name in reports: the config key, or `value of N (Knight)`.
    pub fn name(&self, v: &Variant) -> String {
        match self {
            Knob::Value(k) => {
                let p = v.piece_type(*k);
                format!("value of {} ({})", p.letter, p.name)
            }
            Knob::Param(f) => f.key.to_string(),
        }
    }
}

/// The kind whose value stays fixed and anchors the scale: the first promoting kind (the
/// pawn), else the least valuable non-royal kind with a positive value.
pub fn anchor(v: &Variant) -> Option<PieceKind> {
    v.kind_ids()
        .find(|&k| v.piece_type(k).promotes)
        .or_else(|| {
            v.kind_ids()
                .filter(|&k| !v.piece_type(k).royal && v.piece_type(k).value > 0)
                .min_by_key(|&k| v.piece_type(k).value)
        })
}

/// Every weight that may move: the values of the non-royal kinds with a positive value (but
/// the anchor), and every `[eval]` weight.
pub fn all_knobs(v: &Variant) -> Vec<Knob> {
    let anchor = anchor(v);
    let values = v
        .kind_ids()
        .filter(|&k| Some(k) != anchor && !v.piece_type(k).royal && v.piece_type(k).value > 0)
        .map(Knob::Value);
    values
        .chain(EvalParams::FIELDS.iter().map(Knob::Param))
        .collect()
}

/// The evaluations of `samples` with tables `t`, in order.
pub fn evals(samples: &[Sample], t: &EvalTables) -> Vec<(i32, f32)> {
    samples
        .par_iter()
        .map(|s| (evaluate(&s.pos, t), s.score))
        .collect()
}

/// Mean squared error of `sigmoid(k * eval)` over `samples` with tables `t`.
pub fn loss(samples: &[Sample], t: &EvalTables, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let d = s.score as f64 - sigmoid(k * evaluate(&s.pos, t) as f64);
                    d * d
                })
                .sum::<f64>()
        })
        .collect();
    sums.iter().sum::<f64>() / samples.len() as f64
}

/// How the descent runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Most passes over the weights.
    pub max_passes: usize,
    /// Passes without a better held-out loss before stopping.
    pub patience: usize,
    /// Weight of the pull toward the starting weights: `reg` times the sum of each moved
    /// weight's squared change over its scale (its range; a piece value: its start).
    pub reg: f64,
}

/// One pass, as reported.
#[derive(Clone, Debug)]
pub struct Pass {
    pub number: usize,
    pub train: f64,
    pub held_out: f64,
    /// Weights that moved in this pass.
    pub moved: usize,
    pub seconds: f64,
}

/// What the descent found.
pub struct Fitted {
    /// The weights with the best held-out loss.
    pub best: Weights,
    /// Training and held-out loss of the start and of `best`.
    pub before: (f64, f64),
    pub after: (f64, f64),
    /// Passes run; the pass `best` comes from (0: the start).
    pub passes: usize,
    pub best_pass: usize,
}

/// The weights among `knobs` that change the evaluation of some training position when moved
/// (the others would only drift).
pub fn live_knobs(
    v: &'static Variant,
    train: &[Sample],
    start: &Weights,
    knobs: &[Knob],
) -> Vec<Knob> {
    let base = evals(train, &start.tables(v));
    knobs
        .iter()
        .copied()
        .filter(|knob| {
            let x = knob.get(start);
            let (lo, hi) = knob.range(x);
            let probe = if x < hi {
                (x + initial_step(knob, x)).min(hi)
            } else {
                (x - initial_step(knob, x)).max(lo)
            };
            let mut w = start.clone();
            knob.set(&mut w, probe);
            evals(train, &w.tables(v)) != base
        })
        .collect()
}

/// A weight's first step: a sixteenth of its range, or of its start for a piece value.
fn initial_step(knob: &Knob, start: i32) -> i32 {
    match knob {
        Knob::Value(_) => (start / 16).max(1),
        Knob::Param(f) => ((f.max - f.min) / 16).max(1),
    }
}

/// The positions to fit and the sigmoid's scale.
pub struct Problem<'a> {
    pub variant: &'static Variant,
    pub train: &'a [Sample],
    pub held: &'a [Sample],
    /// The fitted scale of the sigmoid ([`fit_k`]).
    pub k: f64,
}

/// Coordinate descent of `knobs` from `start` (see the module's doc); `report` gets each pass.
pub fn descend(
    problem: &Problem,
    start: &Weights,
    knobs: &[Knob],
    opts: &Options,
    mut report: impl FnMut(&Pass),
) -> Fitted {
    let Problem {
        variant: v,
        train,
        held,
        k,
    } = *problem;
    let origin: Vec<i32> = knobs.iter().map(|kn| kn.get(start)).collect();
    let penalty = |w: &Weights| -> f64 {
        knobs
            .iter()
            .zip(&origin)
            .map(|(kn, &x0)| {
                let d = (kn.get(w) - x0) as f64 / kn.scale(x0);
                d * d
            })
            .sum::<f64>()
            * opts.reg
    };
    let objective = |w: &Weights| loss(train, &w.tables(v), k) + penalty(w);
    let before = (
        loss(train, &start.tables(v), k),
        loss(held, &start.tables(v), k),
    );
    let mut current = start.clone();
    let mut current_obj = objective(&current);
    let mut steps: Vec<i32> = knobs
        .iter()
        .zip(&origin)
        .map(|(kn, &x0)| initial_step(kn, x0))
        .collect();
    let mut best = (start.clone(), before.1, 0usize);
    let mut passes = 0;
    while passes < opts.max_passes {
        passes += 1;
        let clock = Instant::now();
        let mut moved = 0;
        for (i, knob) in knobs.iter().enumerate() {
            let x = knob.get(&current);
            let (lo, hi) = knob.range(origin[i]);
            let mut improved = false;
            for candidate in [x + steps[i], x - steps[i]] {
                if candidate < lo || candidate > hi {
                    continue;
                }
                let mut w = current.clone();
                knob.set(&mut w, candidate);
                let obj = objective(&w);
                if obj < current_obj {
                    current = w;
                    current_obj = obj;
                    improved = true;
                    break;
                }
            }
            if improved {
                moved += 1;
            } else {
                steps[i] = (steps[i] / 2).max(1);
            }
        }
        let held_loss = loss(held, &current.tables(v), k);
        report(&Pass {
            number: passes,
            train: loss(train, &current.tables(v), k),
            held_out: held_loss,
            moved,
            seconds: clock.elapsed().as_secs_f64(),
        });
        if held_loss < best.1 - MIN_GAIN {
            best = (current.clone(), held_loss, passes);
        }
        let settled = moved == 0 && steps.iter().all(|&s| s == 1);
        if settled || passes - best.2 >= opts.patience {
            break;
        }
    }
    let after = (loss(train, &best.0.tables(v), k), best.1);
    Fitted {
        best: best.0,
        before,
        after,
        passes,
        best_pass: best.2,
    }
}
