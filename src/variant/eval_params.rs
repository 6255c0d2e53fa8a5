//! The evaluation's weights as data: every weight of `crate::eval` but the piece values, with
//! the value it has when a config says nothing (`EvalParams::default()`) and the range a config
//! may give it. A game's optional `[eval]` table overrides any of them
//! (`engine-configs/README.md`, "`[eval]`"); `estuary tune` fits them to a game's own games
//! and keeps them within these ranges.
//!
//! This module only holds and checks the numbers; what each one weighs is `eval.rs`'s business
//! (it sits in the variant layer because a config sets it, and the rules core never imports
//! the engine).

use super::config_values::Fail;
use super::ConfigError;
use std::collections::BTreeMap;
use toml::Spanned;

/// One weight of [`EvalParams`]: its config key, the range a config may give it, and how to
/// read and write it.
#[derive(Clone, Copy)]
pub struct EvalField {
    /// The key in a config's `[eval]` table (the field's name).
    pub key: &'static str,
    /// Smallest value a config may give.
    pub min: i32,
    /// Largest value a config may give.
    pub max: i32,
    pub get: fn(&EvalParams) -> i32,
    pub set: fn(&mut EvalParams, i32),
}

/// Declares `EvalParams`, its defaults and its [`EvalField`] table from one list, so a
/// weight's name, default and range are written once.
macro_rules! eval_params {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal..=$max:literal;)*) => {
        /// The evaluation's weights (centipawns unless said otherwise). `Default` is what a
        /// game without an `[eval]` table plays with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct EvalParams {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for EvalParams {
            fn default() -> Self {
                EvalParams { $($name: $default,)* }
            }
        }

        impl EvalParams {
            /// Every weight, in declaration order.
            pub const FIELDS: &'static [EvalField] = &[$(EvalField {
                key: stringify!($name),
                min: $min,
                max: $max,
                get: |p| p.$name,
                set: |p, x| p.$name = x,
            },)*];
        }
    };
}

eval_params! {
    /// Bonus for having the move.
    tempo = 12 in 0..=40;
    /// Centipawns per reachable square beyond `mobility_offset`, for riders (pieces with an
    /// unlimited line or a circle); royal and promoting pieces have no mobility term.
    mobility_scale = 4 in 0..=16;
    /// Added to `mobility_scale` for leapers, which reach fewer squares.
    leaper_mobility_bonus = 2 in 0..=8;
    /// Reachable squares that count as none: a piece scores `weight * (squares - offset)`.
    mobility_offset = 4 in 0..=8;
    /// Share of the mobility term kept in the endgame, in percent.
    mobility_eg_percent = 50 in 0..=150;
    /// Penalty per unit of enemy pressure near a royal piece, middlegame.
    king_danger = 6 in 0..=24;
    /// A piece on a Ferry commands it: it can ride, send it, or leave it (FF-11..FF-13).
    ferry_control = 20 in 0..=100;
    /// Capture-a-set games: bonus at full progress for having captured the enemy's set.
    set_progress = 1500 in 0..=5000;
    /// Middlegame penalty for a royal piece at the far end of the board (grows with its
    /// advance from its own side).
    royal_mg_advance = 60 in 0..=150;
    /// Middlegame bonus for a royal piece in a corner, away from the centre (shelter).
    royal_mg_edge = 10 in 0..=60;
    /// Endgame swing of a royal piece from corner (`-half`) to centre (`+half`).
    royal_eg_centre = 40 in 0..=120;
    /// Middlegame bonus of a promoting piece on the rank before its zone (grows with the
    /// square of its advance).
    promoter_mg_advance = 60 in 0..=200;
    /// Middlegame bonus of an advanced promoting piece on the central file (times its advance).
    promoter_mg_file_centre = 10 in 0..=60;
    /// Endgame bonus of a promoting piece on the rank before its zone (grows with the square of
    /// its advance).
    promoter_eg_advance = 140 in 0..=400;
    /// Middlegame swing of a leaper from corner (`-half`) to centre (`+half`); half that in the
    /// endgame.
    leaper_centre = 30 in 0..=60;
    /// The same for riders.
    rider_centre = 16 in 0..=40;
    /// Games whose promoting pieces all head for one far side per army (no River): middlegame
    /// bonus of a passed one (no enemy promoting piece ahead of it on its own or a
    /// neighbouring file) on the rank before its zone; grows with the square of its advance.
    passed_mg = 0 in 0..=200;
    /// The same in the endgame.
    passed_eg = 0 in 0..=300;
    /// The same games: penalty for a promoting piece with none of its army's on a neighbouring
    /// file (isolated), middlegame and endgame.
    isolated = 0 in 0..=60;
    /// The same games: penalty for each promoting piece beyond the first on a file (doubled),
    /// middlegame and endgame.
    doubled = 0 in 0..=60;
    /// The same games: bonus for a piece that rides along files (a Rook) on a file without
    /// promoting pieces; half of it on a file with only enemy ones. Middlegame and endgame.
    open_file = 0 in 0..=80;
    /// The same games: middlegame bonus for a royal piece per file, its own or a neighbouring
    /// one, whose hindmost promoting piece of its army stands one or two ranks ahead of it
    /// (shelter).
    shelter = 0 in 0..=40;
    /// Threats: middlegame bonus per capture one of our pieces could make of an enemy piece
    /// (not royal) worth more than it (a promoting piece attacking a Knight, a Knight a Rook);
    /// two attackers on one piece count twice.
    threat_lesser_mg = 0 in 0..=150;
    /// The same in the endgame.
    threat_lesser_eg = 0 in 0..=150;
    /// Threats: middlegame bonus per capture one of our pieces worth as much or more (a royal
    /// piece included) could make of an enemy piece (not royal) that no enemy piece defends
    /// (hanging: none could take the capturer back on that square, as it would stand there).
    hanging_mg = 0 in 0..=150;
    /// The same in the endgame.
    hanging_eg = 0 in 0..=150;
    /// King attack, middlegame: penalty per move of an enemy piece (not royal, not promoting)
    /// onto a square next to a royal piece, times the number of such pieces (at most 4) / 4.
    king_attack = 0 in 0..=40;
}

impl EvalParams {
    /// The field with this config key.
    pub fn field(key: &str) -> Option<&'static EvalField> {
        Self::FIELDS.iter().find(|f| f.key == key)
    }

    /// These weights with `key` set to `value`, if `key` is a weight and `value` in its range.
    pub fn with(mut self, key: &str, value: i32) -> Result<EvalParams, String> {
        let f = Self::field(key).ok_or_else(|| unknown_key(key))?;
        if !(f.min..=f.max).contains(&value) {
            return Err(out_of_range(f, value as i64));
        }
        (f.set)(&mut self, value);
        Ok(self)
    }
}

fn unknown_key(key: &str) -> String {
    let known: Vec<&str> = EvalParams::FIELDS.iter().map(|f| f.key).collect();
    format!(
        "eval: unknown key {key:?} (known keys: {})",
        known.join(", ")
    )
}

fn out_of_range(f: &EvalField, value: i64) -> String {
    format!(
        "eval.{} = {value} is out of range {}..={}",
        f.key, f.min, f.max
    )
}

/// A config's `[eval]` table over the defaults; an unknown key or a value out of its range is
/// an error naming the key and its line.
pub(super) fn compile_eval(
    table: Option<&BTreeMap<String, Spanned<i64>>>,
    fail: Fail,
) -> Result<EvalParams, ConfigError> {
    let mut params = EvalParams::default();
    for (key, value) in table.into_iter().flatten() {
        let f = EvalParams::field(key).ok_or_else(|| fail(value.span(), unknown_key(key)))?;
        let x = *value.get_ref();
        if !(f.min as i64..=f.max as i64).contains(&x) {
            return Err(fail(value.span(), out_of_range(f, x)));
        }
        (f.set)(&mut params, x as i32);
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_in_its_range_and_every_key_is_distinct() {
        let d = EvalParams::default();
        for (i, f) in EvalParams::FIELDS.iter().enumerate() {
            assert!(f.min <= (f.get)(&d) && (f.get)(&d) <= f.max, "{}", f.key);
            assert!(EvalParams::FIELDS[..i].iter().all(|g| g.key != f.key));
        }
    }

    #[test]
    fn with_sets_one_weight_and_refuses_the_rest() {
        let p = EvalParams::default().with("tempo", 20).unwrap();
        assert_eq!(p.tempo, 20);
        assert_eq!(p.rider_centre, EvalParams::default().rider_centre);
        assert!(EvalParams::default()
            .with("tempoo", 1)
            .unwrap_err()
            .contains("tempoo"));
        assert!(EvalParams::default()
            .with("tempo", -1)
            .unwrap_err()
            .contains("0..=40"));
    }
}
