//! FEN: standard FEN for FIDE chess, extended for the other games as `docs/fen.md` describes
//! (multi-digit empty runs, hands in `[...]`, seat to move, e.p. squares run together as
//! Fairy-Stockfish writes them, `()` for an empty neutral carrier and `(X)` for a piece that
//! rides one). Parsing never panics: every malformed field is an error saying what is wrong.

use super::geometry::Square;
use super::piece::Piece;
use super::position::Position;
use crate::variant::{Variant, MAX_KINDS};
use std::fmt::Write;

/// A FEN read into its fields, before any position is built.
#[derive(Debug, Clone, Default)]
pub struct ParsedFen {
    pub pieces: Vec<(Square, Piece)>,
    pub carriers: Vec<Square>,
    /// (group, kind, count); group = army * 2 + bank.
    pub hands: Vec<(usize, u8, u8)>,
    pub seat: u8,
    /// Castling rights as (army, rook square).
    pub castling: Vec<(u8, Square)>,
    pub ep: Vec<Square>,
    pub halfmove: u16,
    pub fullmove: u32,
}

/// Parse a square name with 1-based ranks (`e3`, `a10`). Returns the square and the bytes used.
pub fn parse_square(v: &Variant, s: &str) -> Option<(Square, usize)> {
    let b = s.as_bytes();
    let f = *b.first()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let mut n = 1;
    while n < b.len() && n < 3 && b[n].is_ascii_digit() {
        n += 1;
    }
    if n == 1 {
        return None;
    }
    let rank: u32 = s[1..n].parse().ok()?;
    let file = f - b'a';
    if file >= v.files || rank == 0 || rank > v.ranks as u32 || (n == 3 && b[1] == b'0') {
        return None;
    }
    Some((Square::new(file, rank as u8 - 1), n))
}

/// Square name with 1-based ranks.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() as u32 + 1)
}

/// Parse the fields of a FEN for variant `v`.
pub fn parse(v: &Variant, fen: &str) -> Result<ParsedFen, String> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Err("empty FEN".into());
    }
    let mut fields = fen.split_whitespace();
    let mut board = fields.next().unwrap_or_default();
    let mut out = ParsedFen {
        fullmove: 1,
        ..Default::default()
    };

    // Hands: "board[...]" or a trailing "/..." rank as in some crazyhouse FENs is not accepted.
    if let Some(open) = board.find('[') {
        let close = board.rfind(']').ok_or("hand '[' is not closed by ']'")?;
        if close != board.len() - 1 || close < open {
            return Err("text after the hand's ']'".into());
        }
        let hand = &board[open + 1..close];
        board = &board[..open];
        parse_hands(v, hand, &mut out)?;
    }

    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != v.ranks as usize {
        return Err(format!(
            "board has {} ranks, {} needs {}",
            rows.len(),
            v.name,
            v.ranks
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = v.ranks - 1 - i as u8;
        let b = row.as_bytes();
        let mut file: u32 = 0;
        let mut j = 0;
        // Inside "(...)": a neutral carrier square (FF-25), empty or holding one piece.
        let mut carrier_open = false;
        let mut carrier_filled = false;
        while j < b.len() {
            let c = b[j];
            if c.is_ascii_digit() {
                if carrier_open {
                    return Err(format!("a digit inside '(...)' on rank {}", rank + 1));
                }
                let start = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let n: u32 = row[start..j].parse().map_err(|_| "bad number in board")?;
                if n == 0 {
                    return Err(format!("empty-square count 0 on rank {}", rank + 1));
                }
                file = file.saturating_add(n);
                continue;
            }
            let too_long = |file: u32| {
                (file >= v.files as u32)
                    .then(|| format!("rank {} is longer than {} files", rank + 1, v.files))
            };
            match c {
                b'(' => {
                    if carrier_open {
                        return Err(format!("'(' inside '(...)' on rank {}", rank + 1));
                    }
                    if !v.carriers {
                        return Err(format!("{} has no carriers, but the FEN has '('", v.name));
                    }
                    if let Some(e) = too_long(file) {
                        return Err(e);
                    }
                    carrier_open = true;
                    carrier_filled = false;
                }
                b')' => {
                    if !carrier_open {
                        return Err(format!("')' without '(' on rank {}", rank + 1));
                    }
                    out.carriers.push(Square::new(file as u8, rank));
                    carrier_open = false;
                    file += 1;
                }
                c if c.is_ascii_alphabetic() => {
                    let kind = v.kind_of_letter(c as char).ok_or_else(|| {
                        format!("unknown piece letter '{}' for {}", c as char, v.name)
                    })?;
                    let army = if c.is_ascii_uppercase() { 0 } else { 1 };
                    if let Some(e) = too_long(file) {
                        return Err(e);
                    }
                    if carrier_open {
                        if carrier_filled {
                            return Err(format!("two pieces inside '(...)' on rank {}", rank + 1));
                        }
                        carrier_filled = true;
                        out.pieces
                            .push((Square::new(file as u8, rank), Piece::new(army, kind)));
                    } else {
                        out.pieces
                            .push((Square::new(file as u8, rank), Piece::new(army, kind)));
                        file += 1;
                    }
                }
                _ => return Err(format!("unexpected character '{}' in board", c as char)),
            }
            j += 1;
        }
        if carrier_open {
            return Err(format!("'(' not closed on rank {}", rank + 1));
        }
        if file != v.files as u32 {
            return Err(format!(
                "rank {} has {} squares, {} needs {}",
                rank + 1,
                file,
                v.name,
                v.files
            ));
        }
    }

    // Side to move.
    let side = fields.next().unwrap_or("w");
    out.seat = match side {
        "w" if v.seat_count() == 2 => 0,
        "b" if v.seat_count() == 2 => 1,
        s => match s.parse::<u8>() {
            Ok(n) if (n as usize) < v.seat_count() => n,
            _ => match v.seats.iter().position(|seat| seat.name == s) {
                Some(i) => i as u8,
                None => return Err(format!("side to move {s:?} is not a seat of {}", v.name)),
            },
        },
    };

    // Castling.
    let castling = fields.next().unwrap_or("-");
    if castling != "-" {
        let cfg = v
            .castling
            .as_ref()
            .ok_or_else(|| format!("{} has no castling, but the FEN gives {castling:?}", v.name))?;
        for c in castling.chars() {
            let army = if c.is_ascii_uppercase() { 0u8 } else { 1 };
            let king_sq = out
                .pieces
                .iter()
                .find(|(_, p)| p.army() == army && p.kind() == cfg.king)
                .map(|&(s, _)| s)
                .ok_or_else(|| format!("castling right '{c}' but no castling king"))?;
            let rooks = |pred: &dyn Fn(u8) -> bool| {
                out.pieces
                    .iter()
                    .filter(|(s, p)| {
                        p.army() == army
                            && p.kind() == cfg.rook
                            && s.rank() == king_sq.rank()
                            && pred(s.file())
                    })
                    .map(|&(s, _)| s)
                    .collect::<Vec<_>>()
            };
            let rook = match c.to_ascii_uppercase() {
                'K' => rooks(&|f| f > king_sq.file())
                    .into_iter()
                    .max_by_key(|s| s.file()),
                'Q' => rooks(&|f| f < king_sq.file())
                    .into_iter()
                    .min_by_key(|s| s.file()),
                l @ 'A'..='L' => {
                    let f = l as u8 - b'A';
                    rooks(&|x| x == f).into_iter().next()
                }
                _ => return Err(format!("bad castling character '{c}'")),
            }
            .ok_or_else(|| format!("castling right '{c}' has no rook to castle with"))?;
            if out.castling.contains(&(army, rook)) {
                return Err(format!("castling right '{c}' given twice"));
            }
            out.castling.push((army, rook));
        }
    }

    // En passant: "-" or one or more squares run together ("e3", "e3e4").
    let ep = fields.next().unwrap_or("-");
    if ep != "-" {
        let mut rest = ep;
        while !rest.is_empty() {
            let (sq, n) =
                parse_square(v, rest).ok_or_else(|| format!("bad en-passant field {ep:?}"))?;
            out.ep.push(sq);
            rest = &rest[n..];
        }
        if out.ep.len() > 2 {
            return Err(format!("en-passant field {ep:?} has more than two squares"));
        }
    }

    if let Some(h) = fields.next() {
        out.halfmove = h.parse().map_err(|_| format!("bad halfmove clock {h:?}"))?;
    }
    if let Some(f) = fields.next() {
        out.fullmove = f.parse().map_err(|_| format!("bad move number {f:?}"))?;
        if out.fullmove == 0 {
            out.fullmove = 1;
        }
    }
    if let Some(extra) = fields.next() {
        return Err(format!("unexpected text {extra:?} after the move number"));
    }
    Ok(out)
}

fn parse_hands(v: &Variant, hand: &str, out: &mut ParsedFen) -> Result<(), String> {
    let groups: Vec<&str> = hand.split('|').collect();
    if groups.len() > 2 {
        return Err("a hand has at most two groups (south|north)".into());
    }
    for (bank, g) in groups.iter().enumerate() {
        if *g == "-" {
            continue;
        }
        let b = g.as_bytes();
        let mut j = 0;
        while j < b.len() {
            let mut count = 1u32;
            if b[j].is_ascii_digit() {
                let start = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                count = g[start..j].parse().map_err(|_| "bad hand count")?;
            }
            let c = *b.get(j).ok_or("hand count without a piece")? as char;
            let kind = v
                .kind_of_letter(c)
                .ok_or_else(|| format!("unknown piece '{c}' in hand"))?;
            let army = if c.is_ascii_uppercase() { 0 } else { 1 };
            let group = army * 2 + bank;
            match out
                .hands
                .iter_mut()
                .find(|(g, k, _)| *g == group && *k == kind)
            {
                Some(e) => e.2 = e.2.saturating_add(count as u8),
                None => out.hands.push((group, kind, count.min(255) as u8)),
            }
            j += 1;
        }
    }
    if out.hands.iter().any(|&(_, k, _)| k as usize >= MAX_KINDS) {
        return Err("bad hand".into());
    }
    Ok(())
}

/// Write a position as FEN.
pub fn write(pos: &Position) -> String {
    let v = pos.variant();
    let mut s = String::new();
    for rank in (0..v.ranks).rev() {
        let mut empty = 0;
        for file in 0..v.files {
            let sq = Square::new(file, rank);
            let carrier = pos.carrier_at(sq);
            match pos.piece_at(sq).piece() {
                None if !carrier => empty += 1,
                cell => {
                    if empty > 0 {
                        write!(s, "{empty}").unwrap();
                        empty = 0;
                    }
                    match (cell, carrier) {
                        (None, _) => s.push_str("()"),
                        (Some(p), true) => {
                            s.push('(');
                            s.push(piece_char(v, p));
                            s.push(')');
                        }
                        (Some(p), false) => s.push(piece_char(v, p)),
                    }
                }
            }
        }
        if empty > 0 {
            write!(s, "{empty}").unwrap();
        }
        if rank > 0 {
            s.push('/');
        }
    }
    if pos.has_hands() {
        s.push('[');
        s.push_str(&pos.hand_string());
        s.push(']');
    }
    s.push(' ');
    if v.seat_count() == 2 {
        s.push(if pos.seat() == 0 { 'w' } else { 'b' });
    } else {
        write!(s, "{}", pos.seat()).unwrap();
    }
    s.push(' ');
    let rights = pos.castling_string();
    s.push_str(if rights.is_empty() { "-" } else { &rights });
    s.push(' ');
    // In square order, as Fairy-Stockfish writes them (`e7e8` after Black's e9-e6 too).
    let mut ep: Vec<Square> = pos.ep_squares().collect();
    ep.sort();
    if ep.is_empty() {
        s.push('-');
    } else {
        for sq in ep {
            s.push_str(&square_name(sq));
        }
    }
    write!(s, " {} {}", pos.halfmove(), pos.fullmove()).unwrap();
    s
}

/// FEN letter of a piece.
pub fn piece_char(v: &Variant, p: Piece) -> char {
    let c = v.pieces[p.kind() as usize].letter;
    if p.army() == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}
