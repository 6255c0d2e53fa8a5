//! CECP's old position-entry mode (`edit` … `.`, CECP §8): `c` toggles the colour of pieces
//! placed (White first), `Pa4` places one, `xa4` empties a square, `#` clears the board, `.`
//! leaves. The side (seat) to move, carriers, reserves and counters are kept; castling is
//! assumed legal where king and rook stand on their start squares (as the spec says).

use crate::board::{Piece, Position, Square};
use crate::notation::{parse_square, Dialect};
use crate::types::Army;
use crate::variant::{fen, Variant};

/// The position being edited.
pub struct Edit {
    army: Army,
    pieces: Vec<(Square, Piece)>,
}

/// What an edit command did.
pub enum Step {
    Continue,
    /// `.`: edit mode ends.
    Done,
}

impl Edit {
    /// Start from the current position's pieces.
    pub fn start(pos: &Position) -> Edit {
        let mut pieces = Vec::new();
        for army in Army::ALL {
            for &sq in pos.pieces_of(army) {
                pieces.push((sq, pos.piece_at(sq).piece_unchecked()));
            }
        }
        Edit {
            army: Army::WHITE,
            pieces,
        }
    }

    /// Apply one edit-mode line.
    pub fn command(&mut self, v: &Variant, line: &str) -> Result<Step, String> {
        match line {
            "." => return Ok(Step::Done),
            "c" => self.army = self.army.enemy(),
            "#" => self.pieces.clear(),
            _ => {
                let mut chars = line.chars();
                let c = chars.next().ok_or("empty edit command")?;
                let rest = chars.as_str();
                let (sq, n) =
                    parse_square(v, rest, Dialect::Cecp).ok_or("bad square in edit command")?;
                if n != rest.len() {
                    return Err("text after the square".into());
                }
                self.pieces.retain(|&(s, _)| s != sq);
                if c != 'x' {
                    let kind = v
                        .kind_of_letter(c)
                        .ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                    self.pieces.push((sq, Piece::new(self.army, kind)));
                }
            }
        }
        Ok(Step::Continue)
    }

    /// The edited position: `pos` with the edited pieces, keeping its seat to move, carriers,
    /// reserves and counters.
    pub fn finish(&self, pos: &Position) -> Result<Position, String> {
        let v = pos.variant();
        let at = |sq: Square| self.pieces.iter().find(|p| p.0 == sq).map(|p| p.1);
        pos.edited(&self.pieces, self.castling(v, &at))
    }

    /// Castling rights (army, rook square) where king and rook are on their start squares.
    fn castling(&self, v: &Variant, at: &dyn Fn(Square) -> Option<Piece>) -> Vec<(Army, Square)> {
        let mut rights = Vec::new();
        let (Some(c), Ok(start)) = (&v.castling, fen::parse(v, &v.start_fen)) else {
            return rights;
        };
        for army in Army::ALL {
            let Some(&(king, _)) = start
                .pieces
                .iter()
                .find(|(_, p)| p.army() == army && p.kind() == c.king)
            else {
                continue;
            };
            if at(king) != Some(Piece::new(army, c.king)) {
                continue;
            }
            let rooks: Vec<Square> = start
                .pieces
                .iter()
                .filter(|(s, p)| p.army() == army && p.kind() == c.rook && s.rank() == king.rank())
                .map(|p| p.0)
                .collect();
            let sides = [
                rooks.iter().filter(|s| s.file() > king.file()).max(),
                rooks.iter().filter(|s| s.file() < king.file()).min(),
            ];
            for &r in sides.into_iter().flatten() {
                if at(r) == Some(Piece::new(army, c.rook)) {
                    rights.push((army, r));
                }
            }
        }
        rights
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    #[test]
    fn edit_builds_a_position_with_castling_from_start_squares() {
        let v = builtin::find("normal").unwrap();
        let pos = Position::startpos(v);
        let mut e = Edit::start(&pos);
        for cmd in ["#", "Ke1", "Rh1", "Ra2", "c", "Ke8", "Ra8", "xa2"] {
            assert!(matches!(e.command(v, cmd), Ok(Step::Continue)), "{cmd}");
        }
        assert!(matches!(e.command(v, "."), Ok(Step::Done)));
        let p = e.finish(&pos).unwrap();
        assert_eq!(p.fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
        assert!(e.command(v, "Zz9").is_err());
    }
}
