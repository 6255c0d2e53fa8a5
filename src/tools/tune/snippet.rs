//! The tuner's answer as config text: an `[eval]` table of the tuned weights and one `value =`
//! line per tuned piece, under a comment saying what data and losses they come from.

use super::fit::{Fitted, Knob};
use crate::variant::Variant;
use std::fmt::Write as _;

/// Where the weights come from, for the snippet's header.
pub struct Summary {
    pub games: usize,
    pub train_positions: usize,
    pub held_positions: usize,
    pub k: f64,
}

/// `n` with thousands separated by commas.
fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The TOML snippet for `knobs` as `fitted` left them.
pub fn snippet(v: &Variant, fitted: &Fitted, knobs: &[Knob], s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# estuary tune: {}, {} games, {} positions ({} training, {} held out)",
        v.name,
        count(s.games),
        count(s.train_positions + s.held_positions),
        count(s.train_positions),
        count(s.held_positions)
    );
    let _ = writeln!(
        out,
        "# K = {:.6} per centipawn; loss (training / held out) {:.5} / {:.5} before, \
         {:.5} / {:.5} after (pass {} of {})",
        s.k,
        fitted.before.0,
        fitted.before.1,
        fitted.after.0,
        fitted.after.1,
        fitted.best_pass,
        fitted.passes
    );
    out.push_str("[eval]\n");
    for knob in knobs {
        if let Knob::Param(f) = knob {
            let _ = writeln!(out, "{} = {}", f.key, (f.get)(&fitted.best.params));
        }
    }
    let values: Vec<_> = knobs
        .iter()
        .filter_map(|k| match k {
            Knob::Value(kind) => Some(*kind),
            Knob::Param(_) => None,
        })
        .collect();
    if !values.is_empty() {
        out.push_str("\n# Piece values: each line goes in its piece's [[piece]] table.\n");
        for kind in values {
            let p = v.piece_type(kind);
            let _ = writeln!(out, "# {} ({}), was {}", p.letter, p.name, p.value);
            let _ = writeln!(out, "value = {}", fitted.best.values[kind.index()]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(count(7), "7");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(123456789), "123,456,789");
    }
}
