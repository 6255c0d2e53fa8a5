//! Flight and Ferry on XBoard's board (CECP only; README "Flight and Ferry in XBoard"): the
//! setup's piece-to-char table, which gives every Ferry glyph of `notation::xboard_ferry` an
//! image slot of its own, and move entry by mouse (`lift`/`put` answered with `highlight` and
//! `choice`, protocol.md §8.5). The move and FEN text of the dialect is `notation::xboard_ferry`.
//!
//! A move whose victim is not on its destination, or a Send, is entered in two legs: the
//! piece is put on a cyan square first (the victim, or the Send's key square), then lifted
//! from there to its destination; where the glyph on the destination can differ (Ride or
//! disembark, promotion), XBoard is told the letters to choose from.

use crate::board::{MoveKind, MoveList, Position, Square};
use crate::notation::xboard_ferry::{gui_fen, send_key, suffix, EMPTY_FERRY, PASSENGERS};
use crate::rules::legal_moves;
use crate::variant::Variant;

/// XBoard's image slots (white half; `common.h` order) used for the Ferry glyphs.
const SLOT_NIGHTRIDER: usize = 12;
const SLOT_CARDINAL: usize = 13; // "CrownedBishop"
const SLOT_DRAGON: usize = 14; // "CrownedRook"
const SLOT_VIKING: usize = 38;
const SLOT_WHEEL: usize = 44; // "Left": a wheel
const SLOT_PBISHOP: usize = 46; // "PromoBishop": a bishop on waves
const SLOT_HCROWN: usize = 48;
const SLOT_TOKIN: usize = 55; // "GoldPawn"
/// Slots per colour in XBoard 4.9 (the King is the last).
const SLOTS: usize = 66;

/// The image slot of each on-Ferry letter (`PASSENGERS`).
const IMAGE_SLOTS: &[(char, usize)] = &[
    ('O', SLOT_TOKIN),
    ('J', SLOT_NIGHTRIDER),
    ('D', SLOT_PBISHOP),
    ('T', SLOT_DRAGON),
    ('U', SLOT_HCROWN),
    ('Y', SLOT_VIKING),
    ('S', SLOT_CARDINAL),
];

/// The image slot of an on-Ferry letter.
fn image_slot(letter: char) -> usize {
    IMAGE_SLOTS
        .iter()
        .find(|s| s.0 == letter)
        .map(|s| s.1)
        .expect("every on-Ferry letter has an image slot")
}

/// The piece-to-char table: the game's pieces on their usual slots, the on-Ferry glyphs and
/// the empty Ferry on slots of their own (XBoard 4.9's full 66 slots per colour).
pub fn piece_to_char(v: &Variant) -> String {
    let base = super::xboard_setup::piece_to_char(v);
    let base_white: Vec<char> = base.chars().take(base.len() / 2).collect();
    let mut white = vec!['.'; SLOTS];
    for (i, &c) in base_white.iter().enumerate().take(base_white.len() - 1) {
        white[i] = c;
    }
    white[SLOTS - 1] = *base_white.last().unwrap_or(&'K');
    for &(piece, letter) in PASSENGERS {
        let slot = image_slot(letter);
        if v.kind_of_letter(piece).is_some() && white[slot] == '.' {
            white[slot] = letter;
        }
    }
    white[SLOT_WHEEL] = EMPTY_FERRY;
    let w: String = white.iter().collect();
    format!("{w}{}", w.to_ascii_lowercase())
}

/// `setup (TABLE) 8x10+0_fairy FEN` with the Ferries in XBoard's letters.
pub fn setup_line(v: &'static Variant) -> String {
    format!(
        "setup ({}) {}x{}+0_{} {}",
        piece_to_char(v),
        v.files,
        v.ranks,
        v.xboard_parent,
        gui_fen(&Position::startpos(v))
    )
}

/// Move entry state: the piece lifted and, after a click on a cyan square, that square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub from: Option<Square>,
    pub via: Option<Square>,
}

/// What a target square of the current entry is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mark {
    /// A first-leg square (victim of a capture elsewhere, or a Send's key square).
    Via,
    /// A destination; the letters XBoard must be given with `choice` (empty: none).
    To { capture: bool, letters: Vec<char> },
}

/// The marks for the current entry (square, mark), at most one per square.
fn marks(pos: &mut Position, e: Entry) -> Vec<(Square, Mark)> {
    let Some(from) = e.from else {
        return Vec::new();
    };
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut out: Vec<(Square, Mark)> = Vec::new();
    let add = |out: &mut Vec<(Square, Mark)>, sq: Square, mark: Mark| {
        let Some(i) = out.iter().position(|(s, _)| *s == sq) else {
            out.push((sq, mark));
            return;
        };
        match (&mut out[i].1, mark) {
            // A first-leg square wins: clicked twice, it is the destination.
            (old, Mark::Via) => *old = Mark::Via,
            (
                Mark::To { capture, letters },
                Mark::To {
                    capture: c,
                    letters: l,
                },
            ) => {
                *capture |= c;
                for x in l {
                    if !letters.contains(&x) {
                        letters.push(x);
                    }
                }
            }
            (Mark::Via, _) => {}
        }
    };
    for m in list.iter().filter(|m| m.from() == from) {
        let captured = pos.captured_square(m);
        let letters: Vec<char> = suffix(pos, m)
            .map(|c| c.to_ascii_uppercase())
            .into_iter()
            .collect();
        if m.kind() == MoveKind::Send {
            let k = send_key(pos, m.to()).unwrap_or(m.to());
            match e.via {
                None => add(&mut out, k, Mark::Via),
                Some(v) if v == k => add(
                    &mut out,
                    from,
                    Mark::To {
                        capture: false,
                        letters,
                    },
                ),
                _ => {}
            }
            continue;
        }
        let elsewhere = captured.filter(|&c| c != m.to() && !m.is_castle());
        match (e.via, elsewhere) {
            (None, Some(c)) => add(&mut out, c, Mark::Via),
            (Some(v), Some(c)) if v == c => add(
                &mut out,
                m.to(),
                Mark::To {
                    capture: true,
                    letters,
                },
            ),
            (None, None) => add(
                &mut out,
                m.to(),
                Mark::To {
                    capture: captured.is_some(),
                    letters,
                },
            ),
            // The cyan square clicked again: its own move, without a first leg.
            (Some(v), None) if v == m.to() => add(
                &mut out,
                m.to(),
                Mark::To {
                    capture: captured.is_some(),
                    letters,
                },
            ),
            _ => {}
        }
    }
    out
}

/// The `highlight` line for an entry: cyan first-leg squares, blue destinations whose glyph
/// changes (one letter), magenta where the person must choose (Ride or disembark, promotion
/// piece), red captures, yellow the rest.
pub fn highlight(pos: &mut Position, e: Entry) -> String {
    let v = pos.variant();
    let (files, ranks) = (v.files as usize, v.ranks as usize);
    let mut cells = vec![None::<char>; files * ranks];
    for (sq, mark) in marks(pos, e) {
        let c = match mark {
            Mark::Via => 'C',
            Mark::To { letters, .. } if letters.len() > 1 => 'M',
            Mark::To { letters, .. } if letters.len() == 1 => 'B',
            Mark::To { capture: true, .. } => 'R',
            Mark::To { .. } => 'Y',
        };
        cells[sq.dense_index(files)] = Some(c);
    }
    super::xboard_setup::colour_fen(v, &cells)
}

/// `lift SQ`: a new piece, or the second leg after a cyan square was clicked.
pub fn lift(pos: &mut Position, e: &mut Entry, sq: Square) -> String {
    let second = e.via == Some(sq) && e.from.is_some();
    if !second {
        *e = Entry {
            from: Some(sq),
            via: None,
        };
    }
    highlight(pos, *e)
}

/// `put SQ`: remember a cyan square; answer a blue or magenta destination with `choice`.
pub fn put(pos: &mut Position, e: &mut Entry, sq: Square) -> Option<String> {
    let mark = marks(pos, *e)
        .into_iter()
        .find(|(s, _)| *s == sq)
        .map(|m| m.1);
    match mark {
        Some(Mark::Via) if e.via.is_none() => {
            e.via = Some(sq);
            None
        }
        Some(Mark::To { letters, .. }) if !letters.is_empty() => {
            Some(format!("choice {}", letters.iter().collect::<String>()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn ff() -> &'static Variant {
        builtin::find("flightferry").unwrap()
    }

    #[test]
    fn table_gives_every_ferry_glyph_a_slot_of_its_own() {
        let t = piece_to_char(ff());
        assert_eq!(t.len(), 2 * SLOTS);
        let w: Vec<char> = t.chars().take(SLOTS).collect();
        assert_eq!(w[SLOT_WHEEL], 'E');
        assert_eq!(w[SLOT_DRAGON], 'T');
        assert_eq!(w[SLOTS - 1], 'K');
        let mut seen: Vec<char> = w.iter().copied().filter(|&c| c != '.').collect();
        let n = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), n, "letters are distinct: {t}");
    }

    #[test]
    fn highlights_guide_ferry_moves() {
        let mut p = Position::from_fen(
            ff(),
            "2c2c2/rnfqkfnr/pppppppp/8/4()3/3(R)4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1",
        )
        .unwrap();
        let (d5, d6) = (Square::new(3, 4), Square::new(3, 5));
        let mut e = Entry::default();
        let h = lift(&mut p, &mut e, d5);
        // Rank 6: Send keys (cyan) everywhere but the other Ferry on e6.
        let rows: Vec<&str> = h["highlight ".len()..].split('/').collect();
        assert_eq!(rows[4], "CCCC1CCC", "{h}");
        // Cyan d6, then the second leg: d6 itself (Ride or disembark), or back to d5 (Send).
        assert_eq!(put(&mut p, &mut e, d6), None);
        let h = lift(&mut p, &mut e, d6);
        assert_eq!(h, "highlight 8/8/8/8/3M4/3B4/8/8/8/8");
        let c = put(&mut p, &mut e, d6).unwrap();
        assert!(c == "choice TR" || c == "choice RT", "{c}");
        assert_eq!(put(&mut p, &mut e, d5), Some("choice R".into()));
    }
}
