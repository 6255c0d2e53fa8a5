//! The UCI options Estuary offers (protocol.md §10, §11): their `option` lines and the
//! checking of `setoption` values. Applying a value is the session's business (`super`).

use crate::notation::uci_name::uci_name;
use crate::thread::DEFAULT_HASH_MB;
use crate::variant::{builtin, Variant};

/// Default `Move Overhead` in ms (Stockfish's default).
pub const DEFAULT_MOVE_OVERHEAD: u64 = 10;
/// Most `Move Overhead` accepted, in ms.
pub const MAX_MOVE_OVERHEAD: i64 = 5000;
/// Most search threads (`Engine::set_threads` clamps to this too).
pub const MAX_THREADS: i64 = 256;
/// The variant selected at start (FIDE chess; config name).
pub const DEFAULT_VARIANT: &str = "normal";
/// The games by UCI name.
pub fn variant_names() -> Vec<String> {
    builtin::all().into_iter().map(uci_name).collect()
}

/// A game by UCI or config name, ignoring case (`chess` and `normal` are both FIDE chess).
pub fn find_variant(name: &str) -> Option<&'static Variant> {
    let name = name.trim();
    let all = builtin::all();
    all.iter()
        .find(|v| v.name == name)
        .or_else(|| all.iter().find(|v| uci_name(v).eq_ignore_ascii_case(name)))
        .or_else(|| all.iter().find(|v| v.name.eq_ignore_ascii_case(name)))
        .copied()
}

/// An option, by its canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    Threads,
    Hash,
    MultiPv,
    Ponder,
    MoveOverhead,
    UciVariant,
    VariantPath,
}

/// Find an option by name, ignoring case (UCI option names are case-insensitive).
pub fn lookup(name: &str) -> Option<Name> {
    let n = name.trim().to_ascii_lowercase();
    Some(match n.as_str() {
        "threads" => Name::Threads,
        "hash" => Name::Hash,
        "multipv" => Name::MultiPv,
        "ponder" => Name::Ponder,
        "move overhead" => Name::MoveOverhead,
        "uci_variant" => Name::UciVariant,
        "variantpath" => Name::VariantPath,
        _ => return None,
    })
}

/// The `option` lines sent after `id`. Multi-PV is not implemented, so `MultiPV` honestly
/// offers 1..1.
pub fn declarations(variant_path: &str) -> Vec<String> {
    let default = find_variant(DEFAULT_VARIANT).map_or(DEFAULT_VARIANT.into(), uci_name);
    let vars: Vec<String> = variant_names()
        .iter()
        .map(|n| format!(" var {n}"))
        .collect();
    let path = if variant_path.is_empty() {
        "<empty>"
    } else {
        variant_path
    };
    vec![
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
            crate::thread::hash_cap_mb()
        ),
        "option name MultiPV type spin default 1 min 1 max 1".into(),
        "option name Ponder type check default false".into(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD} min 0 max {MAX_MOVE_OVERHEAD}"
        ),
        format!(
            "option name UCI_Variant type combo default {default}{}",
            vars.concat()
        ),
        format!("option name VariantPath type string default {path}"),
    ]
}

/// A `spin` value within `min..=max`.
pub fn spin(value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let v = value.ok_or("a value is needed")?.trim();
    let n: i64 = v.parse().map_err(|_| format!("{v:?} is not a number"))?;
    if n < min || n > max {
        return Err(format!("{n} is outside {min}..{max}"));
    }
    Ok(n)
}

/// A `check` value.
pub fn check(value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(v) => Err(format!("{v:?} is not true or false")),
        None => Err("a value is needed".into()),
    }
}
