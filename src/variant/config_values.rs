//! Reading config values that name pieces and files (one letter, or a run of letters), and the
//! error-reporting callback every compiler of `compile.rs` and `compile_rules.rs` shares.

use super::{ConfigError, PieceType};
use crate::types::PieceKind;
use toml::Spanned;

/// The letter of a one-letter value, upper case.
pub(super) fn letter_of(s: &Spanned<String>) -> Option<char> {
    let mut it = s.get_ref().chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// The file (0-based) a one-letter value names on a board of `files` files.
pub(super) fn file_of(s: &Spanned<String>, files: u8) -> Option<u8> {
    let c = letter_of(s)?.to_ascii_lowercase();
    let f = c as u8 - b'a';
    (f < files).then_some(f)
}

/// Turns a config span and a message into the error naming the config line.
pub(super) type Fail<'a> = &'a dyn Fn(std::ops::Range<usize>, String) -> ConfigError;

/// The kind of a one-letter config value.
pub(super) fn kind_of(
    pieces: &[PieceType],
    s: &Spanned<String>,
    what: &str,
    fail: Fail,
) -> Result<PieceKind, ConfigError> {
    let l = letter_of(s).ok_or_else(|| {
        fail(
            s.span(),
            format!("{what}: {:?} is not a piece letter", s.get_ref()),
        )
    })?;
    pieces
        .iter()
        .position(|p| p.letter == l)
        .map(|k| PieceKind(k as u8))
        .ok_or_else(|| fail(s.span(), format!("{what}: no piece with letter {l}")))
}

/// The kinds of a config value of letters.
pub(super) fn kinds_of(
    pieces: &[PieceType],
    s: &Spanned<String>,
    what: &str,
    fail: Fail,
) -> Result<Vec<PieceKind>, ConfigError> {
    let mut out = Vec::new();
    for c in s.get_ref().chars() {
        let l = c.to_ascii_uppercase();
        match pieces.iter().position(|p| p.letter == l) {
            Some(k) => out.push(PieceKind(k as u8)),
            None => return Err(fail(s.span(), format!("{what}: no piece with letter {c}"))),
        }
    }
    Ok(out)
}
