//! Writing a position as FEN, field by field in the order of its game's `FenLayout`
//! (`docs/fen.md`). Reading FEN is the variant layer's (`crate::variant::fen`).

use super::*;
use crate::variant::fen::square_name;
use crate::variant::FenField;
use std::fmt::Write;

impl Position {
    /// FEN of the position.
    pub fn fen(&self) -> String {
        let v = self.variant;
        let mut fields: Vec<String> = Vec::with_capacity(v.fen.fields.len());
        for &field in &v.fen.fields {
            fields.push(match field {
                FenField::Board => {
                    let mut s = self.placement();
                    if self.has_hands() && !v.fen.has(FenField::Hands) {
                        s.push('[');
                        s.push_str(&self.hand_string());
                        s.push(']');
                    }
                    s
                }
                FenField::Side => {
                    if v.seat_count() == 2 {
                        (if self.seat() == Seat(0) { "w" } else { "b" }).to_string()
                    } else {
                        self.seat().to_string()
                    }
                }
                FenField::Castling => {
                    let rights = self.castling_string();
                    if rights.is_empty() {
                        "-".to_string()
                    } else {
                        rights
                    }
                }
                FenField::EnPassant => {
                    // In square order, as Fairy-Stockfish writes them (`e7e8` after Black's
                    // e9-e6 too).
                    let mut ep: Vec<Square> = self.ep_squares().collect();
                    ep.sort();
                    if ep.is_empty() {
                        "-".to_string()
                    } else {
                        ep.into_iter().map(square_name).collect()
                    }
                }
                FenField::Hands => self.labelled_hands(),
                FenField::Halfmove => self.halfmove().to_string(),
                FenField::Fullmove => self.fullmove().to_string(),
            });
        }
        fields.join(" ")
    }

    /// The placement field: ranks from the last down, `()`/`(X)` for carriers (FF-25).
    fn placement(&self) -> String {
        let v = self.variant;
        let mut s = String::new();
        for rank in (0..v.ranks).rev() {
            let mut empty = 0;
            for file in 0..v.files {
                let sq = Square::new(file, rank);
                let carrier = self.carrier_at(sq);
                let cell = self.piece_at(sq).piece();
                if cell.is_none() && !carrier {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(s, "{empty}").unwrap();
                    empty = 0;
                }
                match (cell, carrier) {
                    (None, _) => s.push_str("()"),
                    (Some(p), true) => {
                        s.push('(');
                        s.push(v.piece_char(p));
                        s.push(')');
                    }
                    (Some(p), false) => s.push(v.piece_char(p)),
                }
            }
            if empty > 0 {
                write!(s, "{empty}").unwrap();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The hand after the board, without brackets: south group `|` north group, both armies in
    /// each, `-` for an empty group.
    pub fn hand_string(&self) -> String {
        let mut s = String::new();
        for bank in 0..2u8 {
            if bank == 1 {
                s.push('|');
            }
            let before = s.len();
            for army in Army::ALL {
                self.push_hand(&mut s, Variant::hand_group(army, bank), army);
            }
            if s.len() == before {
                s.push('-');
            }
        }
        s
    }

    /// Reserves as a labelled field (MIT-17): `[WS:..|WN:..|BS:..|BN:..]`, letters in the
    /// army's case, in config order.
    fn labelled_hands(&self) -> String {
        let Some(labels) = &self.variant.fen.hand_labels else {
            return String::new();
        };
        let mut s = String::from("[");
        for (group, label) in labels.iter().enumerate() {
            if group > 0 {
                s.push('|');
            }
            s.push_str(label);
            s.push(':');
            self.push_hand(&mut s, group, Army((group / 2) as u8));
        }
        s.push(']');
        s
    }

    fn push_hand(&self, s: &mut String, group: usize, army: Army) {
        let v = self.variant;
        for k in v.kind_ids() {
            for _ in 0..self.hands[group][k.index()] {
                s.push(v.piece_char(Piece::new(army, k)));
            }
        }
    }
}
