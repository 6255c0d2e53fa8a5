//! Move and square text, once for every protocol.
//!
//! - UCI (and FEN) numbers ranks from 1 (`a10` on a 10-rank board);
//! - CECP numbers ranks from 0 on boards of exactly 10 ranks (`a0`..`a9`), from 1 otherwise
//!   (protocol.md §4; Fairy-Stockfish `UCI::square`).
//!
//! Moves are coordinate moves: `e2e4`, promotions `e7e8q` (lower-case letter), drops `P@e4`,
//! castling as the king's move to its destination (`e1g1`, Two Kingdoms `f1i1`). Flight and
//! Ferry (FF-26) adds a Ride `d5e6~` (the piece and its Ferry) beside the plain `d5e6` (the
//! piece alone, leaving its Ferry), and a Send `d5>a6` (the Ferry goes, the piece stays); a
//! pass-through or beyond capture is its plain `from to`, since no ordinary move has the same
//! squares in the same position. `docs/notation.md` is the full description.
//!
//! Beside it, how GUIs and engines write what they cannot say in this notation:
//! - `two_colour`: a four-seat game's FEN as a two-colour game (Partnership Mitregi);
//! - `xboard_ferry`: XBoard's dialect for Flight and Ferry moves and FENs (CECP);
//! - `uci_name`: a game's name in UCI (`chess` for FIDE chess).
//!
//! The protocols (`crate::protocol`) and the match runner (`crate::tools::matches`) both write
//! and read through these; neither owns them.

pub mod two_colour;
pub mod uci_name;
pub mod xboard_ferry;

use crate::board::{Move, MoveKind, MoveList, Position, Square};
use crate::rules::legal_moves;
use crate::types::PieceKind;
use crate::variant::Variant;

/// Which protocol's numbering to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Cecp,
}

fn rank_base(v: &Variant, d: Dialect) -> u32 {
    if d == Dialect::Cecp && v.ranks == 10 {
        0
    } else {
        1
    }
}

/// A square's name.
pub fn square(v: &Variant, sq: Square, d: Dialect) -> String {
    format!(
        "{}{}",
        (b'a' + sq.file()) as char,
        sq.rank() as u32 + rank_base(v, d)
    )
}

/// Read a square name at the start of `s`; returns it and the bytes used.
pub fn parse_square(v: &Variant, s: &str, d: Dialect) -> Option<(Square, usize)> {
    let b = s.as_bytes();
    let f = *b.first()?;
    if !f.is_ascii_lowercase() || f - b'a' >= v.files {
        return None;
    }
    let mut n = 1;
    while n < b.len() && n < 3 && b[n].is_ascii_digit() {
        n += 1;
    }
    if n == 1 || (n == 3 && b[1] == b'0') {
        return None;
    }
    let r: u32 = s[1..n].parse().ok()?;
    let base = rank_base(v, d);
    if r < base || r - base >= v.ranks as u32 {
        return None;
    }
    Some((Square::new(f - b'a', (r - base) as u8), n))
}

/// A move's text.
pub fn move_text(v: &Variant, m: Move, d: Dialect) -> String {
    if m.is_none() {
        return if d == Dialect::Uci {
            "0000".into()
        } else {
            "@@@@".into()
        };
    }
    if m.kind() == MoveKind::Drop {
        let k = m.promotion().unwrap_or(PieceKind(0));
        return format!("{}@{}", v.piece_type(k).letter, square(v, m.to(), d));
    }
    let mut s = square(v, m.from(), d);
    if m.kind() == MoveKind::Send {
        s.push('>');
    }
    s.push_str(&square(v, m.to(), d));
    if let Some(k) = m.promotion() {
        s.push(v.piece_type(k).letter.to_ascii_lowercase());
    }
    if m.kind() == MoveKind::Ride {
        s.push('~');
    }
    s
}

/// Read a move and match it against the legal moves of `pos`. The error says why it is not
/// a legal move here.
pub fn parse_move(pos: &mut Position, text: &str, d: Dialect) -> Result<Move, String> {
    let v = pos.variant();
    let text = text.trim();
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    // Castling by name.
    if text == "O-O" || text == "O-O-O" || text == "0-0" || text == "0-0-0" {
        let want = if text.len() == 3 {
            MoveKind::CastleKing
        } else {
            MoveKind::CastleQueen
        };
        return list
            .iter()
            .find(|m| m.kind() == want)
            .ok_or_else(|| "castling is not legal here".into());
    }
    if let Some((piece, sq)) = text.split_once('@') {
        let mut chars = piece.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err("bad drop piece".into());
        };
        let kind = v.kind_of_letter(c).ok_or("unknown drop piece")?;
        let (to, n) = parse_square(v, sq, d).ok_or("bad drop square")?;
        if n != sq.len() {
            return Err("text after the drop square".into());
        }
        return list
            .iter()
            .find(|m| m.kind() == MoveKind::Drop && m.to() == to && m.promotion() == Some(kind))
            .ok_or_else(|| "drop is not legal here".into());
    }
    let (from, n1) = parse_square(v, text, d).ok_or("bad from-square")?;
    // FF-26: `from>to` sends the Ferry, a trailing `~` rides it.
    let send = text[n1..].starts_with('>');
    let n1 = n1 + send as usize;
    let (to, n2) = parse_square(v, &text[n1..], d).ok_or("bad to-square")?;
    let mut rest = &text[n1 + n2..];
    let ride = rest.ends_with('~');
    if ride {
        rest = &rest[..rest.len() - 1];
    }
    if send || ride {
        let want = if send { MoveKind::Send } else { MoveKind::Ride };
        if send && ride {
            return Err("a move is a Send or a Ride, not both".into());
        }
        if !rest.is_empty() {
            return Err("text after the move".into());
        }
        return list
            .iter()
            .find(|m| m.kind() == want && m.from() == from && m.to() == to)
            .ok_or_else(|| format!("not a legal {}", if send { "Send" } else { "Ride" }));
    }
    let promo = match rest {
        "" => None,
        _ => {
            let mut chars = rest.trim_start_matches('=').chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(v.kind_of_letter(c).ok_or("unknown promotion piece")?),
                _ => return Err("text after the move".into()),
            }
        }
    };
    if let Some(m) = list.iter().find(|m| {
        !matches!(m.kind(), MoveKind::Drop | MoveKind::Ride | MoveKind::Send)
            && m.from() == from
            && m.to() == to
            && m.promotion() == promo
    }) {
        return Ok(m);
    }
    // King takes own rook: the Chess960-style way of writing castling.
    if promo.is_none() {
        if let Some(m) = list.iter().find(|m| {
            m.is_castle() && m.from() == from && {
                let side = (m.kind() == MoveKind::CastleQueen) as usize;
                pos.castle_rook(pos.army(), side) == to
            }
        }) {
            return Ok(m);
        }
    }
    if promo.is_none()
        && list
            .iter()
            .any(|m| m.from() == from && m.to() == to && m.promotion().is_some())
    {
        return Err("a promotion piece is needed".into());
    }
    if list
        .iter()
        .any(|m| m.kind() == MoveKind::Ride && m.from() == from && m.to() == to)
    {
        return Err("not a legal move (a Ride is written with a trailing ~)".into());
    }
    Err("not a legal move".into())
}
