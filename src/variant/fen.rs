//! Reading FEN: standard FEN for FIDE chess, extended for the other games as `docs/fen.md`
//! describes (multi-digit empty runs, hands in `[...]` or as a labelled field, seat to move,
//! e.p. squares run together as Fairy-Stockfish writes them, `()` for an empty neutral carrier
//! and `(X)` for a piece that rides one). Each game's fields and their order come from its
//! `FenLayout`. Parsing never panics: every malformed field is an error saying what is wrong.
//! Writing a position's FEN is the board layer's (`Position::fen`).

use super::{FenField, Variant, MAX_KINDS};
use crate::types::geometry::Square;
use crate::types::piece::Piece;
use crate::types::{Army, PieceKind, Seat};

/// A FEN read into its fields, before any position is built.
#[derive(Debug, Clone, Default)]
pub struct ParsedFen {
    pub pieces: Vec<(Square, Piece)>,
    pub carriers: Vec<Square>,
    /// (group, kind, count); group = army * 2 + bank.
    pub hands: Vec<(usize, PieceKind, u8)>,
    pub seat: Seat,
    /// Castling rights as (army, rook square).
    pub castling: Vec<(Army, Square)>,
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

/// Parse the fields of a FEN for variant `v`, in the order its `FenLayout` gives. Trailing
/// fields may be left out (side to move White/seat 0, no rights, counters 0 and 1).
pub fn parse(v: &Variant, fen: &str) -> Result<ParsedFen, String> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Err("empty FEN".into());
    }
    let mut out = ParsedFen {
        fullmove: 1,
        ..Default::default()
    };
    let mut fields = fen.split_whitespace();
    for &field in &v.fen.fields {
        let text = match (field, fields.next()) {
            (FenField::Board, None) => return Err("empty FEN".into()),
            (_, None) => break,
            (_, Some(t)) => t,
        };
        match field {
            FenField::Board => parse_board(v, text, &mut out)?,
            FenField::Side => out.seat = parse_side(v, text)?,
            FenField::Castling => parse_castling(v, text, &mut out)?,
            FenField::EnPassant => parse_ep(v, text, &mut out)?,
            FenField::Hands => parse_labelled_hands(v, text, &mut out)?,
            FenField::Halfmove => {
                out.halfmove = text
                    .parse()
                    .map_err(|_| format!("bad halfmove clock {text:?}"))?;
            }
            FenField::Fullmove => {
                out.fullmove = text
                    .parse()
                    .map_err(|_| format!("bad move number {text:?}"))?;
                out.fullmove = out.fullmove.max(1);
            }
        }
    }
    if let Some(extra) = fields.next() {
        return Err(format!("unexpected text {extra:?} after the last field"));
    }
    Ok(out)
}

/// The placement field, with `[hands]` after it in games whose reserves are not a field.
fn parse_board(v: &Variant, text: &str, out: &mut ParsedFen) -> Result<(), String> {
    let mut board = text;
    if let Some(open) = board.find('[') {
        if v.fen.has(FenField::Hands) {
            return Err("reserves belong in their own field, not after the board".into());
        }
        let close = board.rfind(']').ok_or("hand '[' is not closed by ']'")?;
        if close != board.len() - 1 || close < open {
            return Err("text after the hand's ']'".into());
        }
        let hand = &board[open + 1..close];
        board = &board[..open];
        parse_hands(v, hand, out)?;
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
                    let army = army_of_case(c as char);
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

    Ok(())
}

/// Side to move: `w`/`b` in two-seat games, else the seat number or name.
fn parse_side(v: &Variant, side: &str) -> Result<Seat, String> {
    Ok(match side {
        "w" if v.seat_count() == 2 => Seat(0),
        "b" if v.seat_count() == 2 => Seat(1),
        s => match s.parse::<u8>() {
            Ok(n) if (n as usize) < v.seat_count() => Seat(n),
            _ => match v.seats.iter().position(|seat| seat.name == s) {
                Some(i) => Seat(i as u8),
                None => return Err(format!("side to move {s:?} is not a seat of {}", v.name)),
            },
        },
    })
}

/// The army a FEN letter's case names: upper case White, lower case Black.
fn army_of_case(c: char) -> Army {
    if c.is_ascii_uppercase() {
        Army::WHITE
    } else {
        Army::BLACK
    }
}

fn parse_castling(v: &Variant, castling: &str, out: &mut ParsedFen) -> Result<(), String> {
    if castling == "-" {
        return Ok(());
    }
    let cfg = v
        .castling
        .as_ref()
        .ok_or_else(|| format!("{} has no castling, but the FEN gives {castling:?}", v.name))?;
    for c in castling.chars() {
        let army = army_of_case(c);
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

    Ok(())
}

/// En passant: "-" or one or more squares run together ("e3", "e3e4").
fn parse_ep(v: &Variant, ep: &str, out: &mut ParsedFen) -> Result<(), String> {
    if ep == "-" {
        return Ok(());
    }
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

    Ok(())
}

/// Reserves as a labelled field (MIT-17): `[WS:rb|WN:|BS:P|BN:]`. Labels may come in any order,
/// each at most once; a missing one is empty. The label gives the army, so letters may be in
/// either case.
fn parse_labelled_hands(v: &Variant, text: &str, out: &mut ParsedFen) -> Result<(), String> {
    let labels = v
        .fen
        .hand_labels
        .as_ref()
        .ok_or("this game has no labelled reserves")?;
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("reserves {text:?} must be written [..|..]"))?;
    let mut seen = [false; 4];
    for part in inner.split('|') {
        let (label, letters) = part
            .split_once(':')
            .ok_or_else(|| format!("reserve {part:?} has no 'LABEL:'"))?;
        let group = labels
            .iter()
            .position(|l| l == label)
            .ok_or_else(|| format!("unknown reserve label {label:?}"))?;
        if std::mem::replace(&mut seen[group], true) {
            return Err(format!("reserve {label} given twice"));
        }
        for c in letters.chars() {
            let kind = v
                .kind_of_letter(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or_else(|| format!("unknown piece '{c}' in reserve {label}"))?;
            add_to_hand(out, group, kind, 1);
        }
    }
    Ok(())
}

fn add_to_hand(out: &mut ParsedFen, group: usize, kind: PieceKind, count: u32) {
    match out
        .hands
        .iter_mut()
        .find(|(g, k, _)| *g == group && *k == kind)
    {
        Some(e) => e.2 = e.2.saturating_add(count.min(255) as u8),
        None => out.hands.push((group, kind, count.min(255) as u8)),
    }
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
            let army = army_of_case(c);
            add_to_hand(out, Variant::hand_group(army, bank as u8), kind, count);
            j += 1;
        }
    }
    if out.hands.iter().any(|&(_, k, _)| k.index() >= MAX_KINDS) {
        return Err("bad hand".into());
    }
    Ok(())
}

impl Variant {
    /// FEN letter of a piece: upper case for army 0, lower case for army 1.
    pub fn piece_char(&self, p: Piece) -> char {
        let c = self.piece_type(p.kind()).letter;
        if p.army() == Army::WHITE {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}
