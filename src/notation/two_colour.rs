//! The two-colour view of a game for GUIs (docs/rules/partnership-mitregi.md, "Protocols"):
//! CECP and UCI know White and Black only, so a four-seat game is shown as an ordinary game in
//! which White's two seats play White's moves and Black's two seats Black's, the moves still
//! alternating. Its FEN for a GUI is standard FEN: the board, the reserves summed per colour in
//! `[...]` after the board (all a GUI's holdings can hold), `w`/`b`, `-` for castling and
//! e.p., the counters. Reading such a FEN back, the seat to move follows from the side and the
//! move number (it grows after each Black seat's move, MIT-17); reserves must then be empty,
//! since per-colour holdings do not say which bank a piece waits on. The engine's own FEN
//! (`Position::fen`) is always accepted too. Games whose FEN is already standard pass through.

use crate::board::Position;
use crate::types::{Army, Piece};
use crate::variant::{FenField, Variant};

/// Is the game's own FEN something GUIs read (the standard six fields, two seats)?
pub fn native_is_standard(v: &Variant) -> bool {
    v.seat_count() == 2 && !v.fen.has(FenField::Hands)
}

/// The position's FEN as GUIs read it.
pub fn gui_fen(pos: &Position) -> String {
    let v = pos.variant();
    if native_is_standard(v) {
        return pos.fen();
    }
    let native = pos.fen();
    let board = native.split_whitespace().next().unwrap_or_default();
    let mut hand = String::new();
    for army in Army::ALL {
        for k in v.kind_ids() {
            let n: u32 = (0..2)
                .map(|bank| pos.hand(Variant::hand_group(army, bank), k) as u32)
                .sum();
            for _ in 0..n {
                hand.push(v.piece_char(Piece::new(army, k)));
            }
        }
    }
    let side = if pos.army() == Army::WHITE { 'w' } else { 'b' };
    let holdings = if v.drops {
        format!("[{hand}]")
    } else {
        String::new()
    };
    format!(
        "{board}{holdings} {side} - - {} {}",
        pos.halfmove(),
        pos.fullmove()
    )
}

/// The start position's FEN as GUIs read it.
pub fn gui_start_fen(v: &'static Variant) -> String {
    gui_fen(&Position::startpos(v))
}

/// Read a FEN from a GUI: the engine's own form, or the two-colour form of `gui_fen`.
pub fn from_gui_fen(v: &'static Variant, text: &str) -> Result<Position, String> {
    let native = Position::from_fen(v, text);
    if native.is_ok() || native_is_standard(v) {
        return native;
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (Some(&board), Some(&side)) = (fields.first(), fields.get(1)) else {
        return native;
    };
    let white = match side {
        "w" => true,
        "b" => false,
        _ => return native,
    };
    let (board, holdings) = match board.find('[') {
        Some(i) => (&board[..i], board[i..].trim_matches(['[', ']'])),
        None => (board, ""),
    };
    if !holdings.is_empty() && holdings != "-" {
        return Err(
            "holdings in a two-colour FEN do not say which bank; use this game's own \
                    FEN (docs/fen.md)"
                .into(),
        );
    }
    for (i, f) in fields.iter().enumerate().skip(2).take(2) {
        if *f != "-" {
            return Err(format!(
                "field {} must be '-' in {}, not {f:?}",
                i + 1,
                v.name
            ));
        }
    }
    let halfmove = fields.get(4).copied().unwrap_or("0");
    let fullmove: u32 = match fields.get(5) {
        None => 1,
        Some(f) => f.parse().map_err(|_| format!("bad move number {f:?}"))?,
    };
    if fields.len() > 6 {
        return Err(format!(
            "unexpected text {:?} after the move number",
            fields[6]
        ));
    }
    // Seats alternate White, Black; the move number counts Black's moves (MIT-17).
    let ply = 2 * (fullmove.max(1) as u64 - 1) + u64::from(!white);
    let seat = (ply % v.seat_count() as u64) as usize;
    if v.seats[seat].army != if white { Army::WHITE } else { Army::BLACK } {
        return Err(format!("{} cannot have {side} to move here", v.name));
    }
    let mut native_text = String::new();
    for field in &v.fen.fields {
        let part = match field {
            FenField::Board => board.to_string(),
            FenField::Side => seat.to_string(),
            FenField::Castling | FenField::EnPassant => "-".to_string(),
            FenField::Hands => match &v.fen.hand_labels {
                Some(l) => format!("[{}:|{}:|{}:|{}:]", l[0], l[1], l[2], l[3]),
                None => "[]".to_string(),
            },
            FenField::Halfmove => halfmove.to_string(),
            FenField::Fullmove => fullmove.max(1).to_string(),
        };
        native_text.push_str(&part);
        native_text.push(' ');
    }
    Position::from_fen(v, native_text.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_move, Dialect};
    use crate::variant::builtin;

    #[test]
    fn mitregi_start_in_the_two_colour_view_and_back() {
        let v = builtin::find("mitregi").unwrap();
        assert_eq!(
            gui_start_fen(v),
            "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk[] w - - 0 1"
        );
        let mut p = Position::startpos(v);
        for m in ["a1a2", "h1h2", "e8e7"] {
            let mv = parse_move(&mut p, m, Dialect::Uci).unwrap();
            p.make(mv);
            // Seat 1 (b, move 1), seat 2 (w, move 2), seat 3 (b, move 2): read back the same.
            let back = from_gui_fen(v, &gui_fen(&p)).unwrap();
            assert_eq!(back.fen(), p.fen());
        }
        // The engine's own form is read as it is.
        assert_eq!(from_gui_fen(v, &p.fen()).unwrap().fen(), p.fen());
        // Holdings cannot be placed on a bank.
        assert!(from_gui_fen(v, "7k/8/8/8/8/8/8/K7[P] w - - 0 1").is_err());
        assert!(from_gui_fen(v, "7k/8/8/8/8/8/8/K7[] w KQ - 0 1").is_err());
    }

    #[test]
    fn standard_games_pass_through() {
        let v = builtin::find("normal").unwrap();
        let p = Position::startpos(v);
        assert_eq!(gui_fen(&p), p.fen());
        assert!(from_gui_fen(v, "junk").is_err());
    }
}
