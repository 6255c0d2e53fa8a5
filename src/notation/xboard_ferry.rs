//! Flight and Ferry as XBoard writes it (CECP only; README "Flight and Ferry in XBoard"): the
//! move text of XBoard's dialect and back to a `Move`, and the FEN in its letters. How XBoard
//! is set up for it and how a person enters a move by mouse is `protocol::ferry_entry`.
//!
//! XBoard has no neutral pieces and no piece standing on another, so a square with a Ferry is
//! shown as one glyph: an empty Ferry as `E`/`e` (the "wheel" image), a passenger as its own
//! on-Ferry letter (`T` = Rook on a Ferry, ...), in its own colour. The setup's piece-to-char
//! table (`protocol::ferry_entry`) gives each of them a slot whose image differs from every
//! piece's.
//!
//! Moves go as XBoard 4.9 applies them with legality testing off (`ApplyMove` in backend.c):
//! the glyph goes from→to, a promotion suffix replaces the glyph on `to`, and a two-leg move
//! `a k,k b` also empties `k`. So:
//! - a move that ends on a Ferry (boarding, Ride) carries the on-Ferry letter as its suffix,
//!   a passenger leaving its Ferry (disembarking) its plain letter; a Ride is `a b` + on-Ferry
//!   letter, a disembark to the same square `a b` + plain letter;
//! - a capture whose victim is not on `to` (e.p., pass-through, beyond) is `a v,v b`;
//! - a Send is a move "on the spot" `a k,k a` + plain letter, where `k` is the Ferry's new
//!   square when that is empty, and otherwise an empty square on its file in its half of the
//!   board (the Ferry goes to the Channel rank of that half), so that XBoard removes nothing.
//!
//! XBoard cannot put a glyph on a square the moving piece does not reach, so an empty Ferry
//! that is left behind (disembarking, Send, pass-through, beyond, e.p. off a Ferry) is not
//! drawn until a piece boards it, and a piece onto which a Ferry is sent keeps its plain glyph
//! until it moves again. Every piece is always drawn on its true square.
//!
//! XBoard re-sends a two-leg move whose middle square holds a piece of the mover's colour
//! (an empty square counts as Black there) as `a b,k b±1` without suffix ("castling kludge",
//! `SendMoveToProgram`); [`parse`] reads that form too.

use super::move_text as plain_text;
use super::{parse_move, parse_square, square, Dialect};
use crate::board::{Move, MoveKind, MoveList, Position, Square};
use crate::rules::legal_moves;
use crate::variant::Variant;

/// The letter of an empty Ferry.
pub const EMPTY_FERRY: char = 'E';

/// (piece letter, its on-Ferry letter): plain letters the game does not use, since XBoard
/// reads a promotion suffix as one letter. Their images: `protocol::ferry_entry`.
pub const PASSENGERS: &[(char, char)] = &[
    ('P', 'O'),
    ('N', 'J'),
    ('B', 'D'),
    ('R', 'T'),
    ('Q', 'U'),
    ('K', 'Y'),
    ('F', 'S'),
];

/// Does this game need the Ferry mapping?
pub fn active(v: &Variant) -> bool {
    v.ferries.is_some()
}

/// A move of `pos` in CECP's text: this dialect in games with Ferries, the plain coordinate
/// text otherwise. The one writer for XBoard and for CECP engines in `estuary match`.
pub fn cecp_move_text(pos: &Position, m: Move) -> String {
    if active(pos.variant()) {
        move_text(pos, m)
    } else {
        plain_text(pos.variant(), m, Dialect::Cecp)
    }
}

/// Read a move of `pos` in CECP's text (the counterpart of [`cecp_move_text`]).
pub fn parse_cecp_move(pos: &mut Position, text: &str) -> Result<Move, String> {
    if active(pos.variant()) {
        parse(pos, text)
    } else {
        parse_move(pos, text, Dialect::Cecp)
    }
}

/// The on-Ferry letter of a piece letter (upper case in, upper case out).
fn aboard_letter(piece: char) -> Option<char> {
    PASSENGERS
        .iter()
        .find(|p| p.0 == piece.to_ascii_uppercase())
        .map(|p| p.1)
}

/// The piece letter of an on-Ferry letter (upper case).
fn passenger_of(letter: char) -> Option<char> {
    PASSENGERS
        .iter()
        .find(|p| p.1 == letter.to_ascii_uppercase())
        .map(|p| p.0)
}

fn with_case(c: char, white: bool) -> char {
    if white {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// Our FEN with `()`/`(X)` replaced by XBoard's letters: `E` for an empty Ferry on the
/// southern shore, `e` on the northern one, the passenger's on-Ferry letter in its case.
pub fn gui_fen(pos: &Position) -> String {
    let native = pos.fen();
    let (board, rest) = native.split_once(' ').unwrap_or((&native, ""));
    let ranks = pos.variant().ranks as usize;
    let mut out = String::new();
    let mut rank_from_top = 0;
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        match c {
            '/' => {
                rank_from_top += 1;
                out.push('/');
            }
            '(' => {
                let inner: String = chars.by_ref().take_while(|&c| c != ')').collect();
                let south = ranks - rank_from_top <= ranks / 2;
                match inner.chars().next() {
                    None => out.push(with_case(EMPTY_FERRY, south)),
                    Some(p) => match aboard_letter(p) {
                        Some(l) => out.push(with_case(l, p.is_ascii_uppercase())),
                        None => out.push(p),
                    },
                }
            }
            _ => out.push(c),
        }
    }
    if rest.is_empty() {
        out
    } else {
        format!("{out} {rest}")
    }
}

/// Read a FEN from XBoard (its letters, or our own `()` form). A bad FEN is an error and
/// nothing changes.
pub fn from_gui_fen(v: &'static Variant, text: &str) -> Result<Position, String> {
    let text = text.trim();
    let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
    if board.contains('(') {
        return Position::from_fen(v, text);
    }
    let mut native = String::new();
    for c in board.chars() {
        if c.to_ascii_uppercase() == EMPTY_FERRY {
            native.push_str("()");
        } else if let Some(p) = passenger_of(c) {
            if v.kind_of_letter(p).is_none() {
                return Err(format!("'{c}' is a passenger this game does not have"));
            }
            native.push('(');
            native.push(with_case(p, c.is_ascii_uppercase()));
            native.push(')');
        } else {
            native.push(c);
        }
    }
    if !rest.is_empty() {
        native.push(' ');
        native.push_str(rest);
    }
    Position::from_fen(v, &native)
}

/// The suffix letter for a move whose glyph changes on the way (lower case), if any.
pub fn suffix(pos: &Position, m: Move) -> Option<char> {
    let v = pos.variant();
    let mover = pos.piece_at(m.from()).piece()?;
    let letter = v.piece_type(mover.kind()).letter;
    if let Some(k) = m.promotion() {
        return Some(v.piece_type(k).letter.to_ascii_lowercase());
    }
    let on_ferry_after = m.kind() == MoveKind::Ride || pos.carrier_at(m.to());
    if on_ferry_after {
        aboard_letter(letter).map(|c| c.to_ascii_lowercase())
    } else if pos.carrier_at(m.from()) {
        Some(letter.to_ascii_lowercase())
    } else {
        None
    }
}

/// Is `sq` empty with no Ferry (a square XBoard certainly shows empty)?
fn bare(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_empty() && !pos.carrier_at(sq)
}

/// The square that names a Send's destination `to` on the wire: `to` itself when it is
/// empty, else the nearest empty square without a Ferry on its file, in its half of the board,
/// going away from the Channel. None when there is none (then `to` is used and XBoard loses
/// the piece there from view).
pub fn send_key(pos: &Position, to: Square) -> Option<Square> {
    if pos.piece_at(to).is_empty() {
        return Some(to);
    }
    let ranks = pos.variant().ranks;
    let south = to.rank() < ranks / 2;
    let range: Vec<u8> = if south {
        (0..to.rank()).rev().collect()
    } else {
        (to.rank() + 1..ranks).collect()
    };
    range
        .into_iter()
        .map(|r| Square::new(to.file(), r))
        .find(|&s| bare(pos, s) && !is_ferry_square(pos.variant(), s))
}

fn is_ferry_square(v: &Variant, sq: Square) -> bool {
    v.ferries.as_ref().is_some_and(|f| f.squares.contains(&sq))
}

/// The Send destination a key square names (the inverse of [`send_key`]).
fn send_target(v: &Variant, key: Square) -> Square {
    if is_ferry_square(v, key) {
        return key;
    }
    let south = key.rank() < v.ranks / 2;
    let zone: Vec<u8> = v
        .ferries
        .as_ref()
        .map(|f| f.squares.iter().map(|s| s.rank()).collect())
        .unwrap_or_default();
    let lo = zone.iter().copied().min().unwrap_or(v.ranks / 2 - 1);
    let hi = zone.iter().copied().max().unwrap_or(v.ranks / 2);
    Square::new(key.file(), if south { lo } else { hi })
}

/// The CECP text of a move of `pos` (the position before it).
pub fn move_text(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let sq = |s: Square| square(v, s, Dialect::Cecp);
    if m.is_none() || m.kind() == MoveKind::Drop {
        return crate::notation::move_text(v, m, Dialect::Cecp);
    }
    let (a, b) = (m.from(), m.to());
    if m.kind() == MoveKind::Send {
        let k = send_key(pos, b).unwrap_or(b);
        let letter = pos
            .piece_at(a)
            .piece()
            .map(|p| v.piece_type(p.kind()).letter.to_ascii_lowercase());
        let mut s = format!("{}{},{}{}", sq(a), sq(k), sq(k), sq(a));
        s.extend(letter);
        return s;
    }
    let mut s = match pos.captured_square(m) {
        Some(c) if c != b && !m.is_castle() => format!("{}{},{}{}", sq(a), sq(c), sq(c), sq(b)),
        _ => format!("{}{}", sq(a), sq(b)),
    };
    s.extend(suffix(pos, m));
    s
}

/// One leg `a1b2[x]`: its squares and suffix.
fn leg(v: &Variant, text: &str) -> Option<(Square, Square, Option<char>)> {
    let (a, n1) = parse_square(v, text, Dialect::Cecp)?;
    let (b, n2) = parse_square(v, &text[n1..], Dialect::Cecp)?;
    let rest = text[n1 + n2..].trim_start_matches('=');
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Some((a, b, None)),
        (Some(c), None) if c.is_ascii_alphabetic() => Some((a, b, Some(c.to_ascii_lowercase()))),
        _ => None,
    }
}

/// Read a CECP move in XBoard's dialect (also every form of docs/notation.md).
pub fn parse(pos: &mut Position, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    let text = text.trim();
    if text.contains(['~', '>', '@']) || text.starts_with(['O', '0']) {
        return parse_move(pos, text, Dialect::Cecp);
    }
    let legs: Vec<&str> = text.split(',').collect();
    let (from, to, kill, suf) = match legs.as_slice() {
        [one] => {
            let (a, b, s) = leg(v, one).ok_or("bad move text")?;
            (a, b, None, s)
        }
        [first, second] => {
            let (a, k, s1) = leg(v, first).ok_or("bad first leg")?;
            if s1.is_some() {
                return Err("a suffix belongs after the last leg".into());
            }
            match leg(v, second) {
                Some((k2, b, s2)) if k2 == k => (a, b, Some(k), s2),
                _ => {
                    // XBoard's re-sent form `a b,k b±1` (see the module text); `b±1` may be
                    // off the board, so only the middle square is read.
                    let (k2, _) = parse_square(v, second, Dialect::Cecp).ok_or("bad second leg")?;
                    (a, k, Some(k2), None)
                }
            }
        }
        _ => return Err("at most two legs".into()),
    };
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    // A move on the spot is a Send.
    if from == to {
        let Some(k) = kill else {
            return Err("not a legal move".into());
        };
        let target = send_target(v, k);
        return list
            .iter()
            .find(|m| m.kind() == MoveKind::Send && m.from() == from && m.to() == target)
            .ok_or_else(|| "not a legal Send".into());
    }
    let mover = pos
        .piece_at(from)
        .piece()
        .ok_or("no piece on the from-square")?;
    let own = v.piece_type(mover.kind()).letter.to_ascii_lowercase();
    let cands: Vec<Move> = list
        .iter()
        .filter(|m| {
            m.from() == from
                && m.to() == to
                && !matches!(m.kind(), MoveKind::Send | MoveKind::Drop)
                && kill.is_none_or(|k| pos.captured_square(*m) == Some(k))
        })
        .collect();
    if cands.is_empty() {
        return Err("not a legal move".into());
    }
    let plain = |m: &&Move| m.kind() != MoveKind::Ride && m.promotion().is_none();
    let found = match suf {
        Some(s) if passenger_of(s).is_some() && v.kind_of_letter(s).is_none() => cands
            .iter()
            .find(|m| m.kind() == MoveKind::Ride)
            .or_else(|| cands.iter().find(plain)),
        Some(s) => match v.kind_of_letter(s) {
            Some(k) if cands.iter().any(|m| m.promotion() == Some(k)) => {
                cands.iter().find(|m| m.promotion() == Some(k))
            }
            Some(_) if s == own => cands.iter().find(plain),
            _ => return Err("unknown suffix".into()),
        },
        None => cands.iter().find(plain),
    };
    match found {
        Some(&m) => Ok(m),
        None if cands.iter().any(|m| m.promotion().is_some()) => {
            Err("a promotion piece is needed".into())
        }
        None => Err("not a legal move".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn ff() -> &'static Variant {
        builtin::find("flightferry").unwrap()
    }

    fn play(p: &mut Position, uci: &str) -> Move {
        let m = parse_move(p, uci, Dialect::Uci).unwrap();
        p.make(m);
        m
    }

    /// The wire text of a UCI move, and that it reads back as the same move.
    fn wire(fen: &str, uci: &str) -> String {
        let mut p = Position::from_fen(ff(), fen).unwrap();
        let m = parse_move(&mut p, uci, Dialect::Uci).unwrap();
        let t = move_text(&p, m);
        assert_eq!(parse(&mut p, &t), Ok(m), "{uci} as {t}");
        t
    }

    #[test]
    fn start_fen_in_xboard_letters_and_back() {
        let v = ff();
        let p = Position::startpos(v);
        assert_eq!(
            gui_fen(&p),
            "2c2c2/rnfqkfnr/pppppppp/8/4e3/3E4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1"
        );
        assert_eq!(from_gui_fen(v, &gui_fen(&p)).unwrap().fen(), p.fen());
        let fen = "2c2c2/rnfqkfnr/pppppp1p/8/4(p)3/3(R)4/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 0 1";
        let p = Position::from_fen(v, fen).unwrap();
        assert_eq!(
            gui_fen(&p),
            "2c2c2/rnfqkfnr/pppppp1p/8/4o3/3T4/8/PPPPPPPP/1NBQKBNR/2G2G2 b Kkq - 0 1"
        );
        assert_eq!(from_gui_fen(v, &gui_fen(&p)).unwrap().fen(), fen);
        // Our own form is read too; junk is refused.
        assert_eq!(from_gui_fen(v, fen).unwrap().fen(), fen);
        assert!(from_gui_fen(v, "8/8 w - - 0 1").is_err());
        assert!(from_gui_fen(v, "junk").is_err());
    }

    const START: &str =
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1";

    #[test]
    fn wire_forms_of_every_kind() {
        // Ordinary, boarding (the suffix names the glyph on the Ferry).
        assert_eq!(wire(START, "e3e4"), "e2e3");
        assert_eq!(wire(START, "d3d5"), "d2d4o");
        // Ride, disembark, Send to an empty square.
        let fen = "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(R)4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1";
        assert_eq!(wire(fen, "d5d6~"), "d4d5t");
        assert_eq!(wire(fen, "d5d6"), "d4d5r");
        assert_eq!(wire(fen, "d5c6~"), "d4c5t");
        assert_eq!(wire(fen, "d5>a6"), "d4a5,a5d4r");
        // Send onto a piece: the key square is an empty square on its file, north half.
        let fen = "2c2c2/rnfqkfnr/ppp1pppp/8/3p()3/3(R)4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1";
        assert_eq!(wire(fen, "d5>d6"), "d4d6,d6d4r");
    }

    #[test]
    fn dragon_captures_and_en_passant_name_the_victim() {
        // Pass-through: G c1 up the c-file through a Welsh Pawn on a Ferry at c5.
        let fen = "4k3/8/8/8/4()3/2(p)5/8/8/8/2G1K3 w - - 0 1";
        let mut p = Position::from_fen(ff(), fen).unwrap();
        let mut list = MoveList::new();
        legal_moves(&mut p, &mut list);
        let m = list
            .iter()
            .find(|m| m.kind() == MoveKind::PassThrough)
            .expect("a pass-through");
        let t = move_text(&p, m);
        assert!(t.starts_with("c0c4,c4"), "{t}");
        assert_eq!(parse(&mut p, &t), Ok(m));
        // The plain form of docs/notation.md still reads.
        let plain = crate::notation::move_text(ff(), m, Dialect::Cecp);
        assert_eq!(parse(&mut p, &plain), Ok(m));
        // XBoard's re-sent form `a b,k b±1`.
        let to = square(ff(), m.to(), Dialect::Cecp);
        let side = format!(
            "c0{to},c4{}",
            square(ff(), Square::new(1, m.to().rank()), Dialect::Cecp)
        );
        assert_eq!(parse(&mut p, &side), Ok(m));
    }

    #[test]
    fn xboard_resent_send_with_its_off_board_tail() {
        // A Welsh Send h6>a6 as XBoard re-sends it: `h5h5,a5i5` (the file after h).
        let fen = "4k3/8/8/8/7(r)/3()4/8/8/8/4K3 b - - 0 1";
        let mut p = Position::from_fen(ff(), fen).unwrap();
        let m = parse_move(&mut p, "h6>a6", Dialect::Uci).unwrap();
        assert_eq!(move_text(&p, m), "h5a5,a5h5r");
        assert_eq!(parse(&mut p, "h5h5,a5i5"), Ok(m));
        assert_eq!(parse(&mut p, "h5h5,a5g5"), Ok(m));
    }

    #[test]
    fn en_passant_off_a_ferry() {
        // A Welsh Pawn double-steps onto the Ferry on e6; the Wessex Pawn on d6 takes it.
        let fen = "4k3/8/4p3/8/3P()3/3()4/8/8/8/4K3 b - - 0 1";
        let mut p = Position::from_fen(ff(), fen).unwrap();
        play(&mut p, "e8e6");
        let m = parse_move(&mut p, "d6e7", Dialect::Uci).unwrap();
        assert_eq!(move_text(&p, m), "d5e5,e5e6");
        assert_eq!(parse(&mut p, "d5e5,e5e6"), Ok(m));
        assert_eq!(parse(&mut p, "d5e6"), Ok(m));
    }
}
