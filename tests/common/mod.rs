//! Helpers shared by the integration tests: variants by wire name, positions by FEN, and legal
//! move lists as sets of UCI strings (so expected lists can be written by hand from the rules).

#![allow(dead_code)]

use estuary::board::{MoveList, Position};
use estuary::eval::{EvalParams, EvalTables};
use estuary::notation::{move_text, Dialect};
use estuary::rules::legal_moves;
use estuary::variant::{builtin, Variant};
use rand::Rng;
use std::collections::BTreeSet;

/// A built-in variant by wire name.
pub fn variant(name: &str) -> &'static Variant {
    builtin::find(name).unwrap_or_else(|| panic!("no built-in variant {name:?}"))
}

/// A variant compiled from config text, kept for the whole test process (positions hold
/// `&'static Variant`); a config error fails the test with its message.
pub fn compiled(file: &str, text: &str) -> &'static Variant {
    let v = Variant::from_toml(file, text).unwrap_or_else(|e| panic!("{e}"));
    Box::leak(Box::new(v))
}

/// Evaluation tables for `v` with `params` and the config's piece values.
pub fn tables_with(v: &'static Variant, params: EvalParams) -> EvalTables {
    let values: Vec<i32> = v.pieces.iter().map(|p| p.value).collect();
    EvalTables::new(v, &params, &values)
}

/// FIDE chess.
pub fn fide() -> &'static Variant {
    variant("normal")
}

/// Two Kingdoms.
pub fn tk() -> &'static Variant {
    variant("twokingdoms")
}

/// A position from FEN, panicking with the reason when the FEN is refused.
pub fn pos(v: &'static Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{}: bad FEN {fen:?}: {e}", v.name))
}

/// The legal moves of a position as UCI strings.
pub fn legal(p: &mut Position) -> BTreeSet<String> {
    let mut list = MoveList::new();
    legal_moves(p, &mut list);
    let v = p.variant();
    let out: BTreeSet<String> = list.iter().map(|m| move_text(v, m, Dialect::Uci)).collect();
    assert_eq!(out.len(), list.len(), "duplicate moves generated: {out:?}");
    out
}

/// The legal moves starting on `from` (a UCI square such as `e2`), as UCI strings.
pub fn legal_from(p: &mut Position, from: &str) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// A set of move strings written in a test.
pub fn moves(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Assert two move sets are equal, printing what is missing and what is extra.
#[track_caller]
pub fn assert_moves(what: &str, got: &BTreeSet<String>, want: &BTreeSet<String>) {
    let missing: Vec<_> = want.difference(got).collect();
    let extra: Vec<_> = got.difference(want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: missing {missing:?}, extra {extra:?}"
    );
}

/// One step of a random playout: make a legal move picked by `rng`; false (and no move) when
/// the position has none.
pub fn random_step(p: &mut Position, rng: &mut impl Rng) -> bool {
    let mut list = MoveList::new();
    legal_moves(p, &mut list);
    if list.is_empty() {
        return false;
    }
    p.make(list.as_slice()[rng.gen_range(0..list.len())]);
    true
}

/// A config's text without its `[eval]` table, for tests that append a table of their own (a
/// second `[eval]` would be a TOML error). Text without the table comes back as it is.
pub fn without_eval_table(text: &str) -> String {
    let Some(table) = text.find("\n[eval]") else {
        return text.to_string();
    };
    let end = text[table + 1..]
        .find("\n[")
        .map_or(text.len(), |i| i + table + 1);
    format!("{}{}", &text[..table], &text[end..])
}

/// A fresh, empty directory for one test under the system's temp directory,
/// `estuary-{suite}-{test}-{process id}`, removed when the test ends. A failing test leaves it
/// behind for a look at what the run wrote.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    pub fn new(suite: &str, test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("estuary-{suite}-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
