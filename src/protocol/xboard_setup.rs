//! What XBoard must be told about a game it does not know (protocol.md §8): the `setup` line
//! with the piece-to-char table, board size and parent variant, the `piece` lines in XBetza,
//! and the `highlight` answer to `lift` that guides move entry (and XBoard's legality test)
//! where XBetza cannot describe a rule.

use crate::board::{MoveKind, MoveList, Position, Square};
use crate::rules::legal_moves;
use crate::types::{Army, PieceKind};
use crate::variant::Variant;

/// XBoard's internal piece order for the `fairy` family (protocol.md §8.1): the slot of a
/// letter picks the glyph XBoard draws; the last one is the King.
pub const FAIRY_ORDER: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// XBoard's own moves for the glyphs it knows, as Betza. A piece whose moves differ from
/// its glyph's gets a `piece` line.
const KNOWN_MOVES: &[(char, &str)] = &[
    ('P', "fmWfceFifmnD"),
    ('N', "N"),
    ('B', "B"),
    ('R', "R"),
    ('Q', "Q"),
    ('F', "F"),
    ('E', "A"),
    ('A', "BN"),
    ('C', "RN"),
    ('W', "W"),
    ('M', "K"),
    ('H', "NN"),
    ('K', "K"),
];

/// The piece-to-char table: the config's `[xboard] piece_to_char`, or each piece's letter at
/// the slot of its `xboard_letter` in [`FAIRY_ORDER`] (white half, then black half), `.`
/// elsewhere (a royal piece takes the King's slot). A piece whose glyph letter is unknown or
/// taken goes to the first free slot before the King's.
pub fn piece_to_char(v: &Variant) -> String {
    if let Some(t) = &v.xboard_piece_to_char {
        return t.clone();
    }
    let order: Vec<char> = FAIRY_ORDER.chars().collect();
    let king = order.len() - 1;
    let mut slots: Vec<Option<char>> = vec![None; order.len()];
    let mut homeless = Vec::new();
    // Royal pieces first, so they get the King's glyph before anything else that asks for it.
    let pieces = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .chain(v.pieces.iter().filter(|p| !p.royal));
    for p in pieces {
        let letter = if p.royal { 'K' } else { p.xboard_letter };
        match order.iter().position(|&c| c == letter) {
            Some(i) if slots[i].is_none() => slots[i] = Some(p.letter),
            _ => homeless.push(p.letter),
        }
    }
    for letter in homeless {
        match (0..king).find(|&i| slots[i].is_none()) {
            Some(i) => slots[i] = Some(letter),
            None => log::warn!("{}: no XBoard glyph left for piece {letter}", v.name),
        }
    }
    let white: String = slots.iter().map(|s| s.unwrap_or('.')).collect();
    let black = white.to_ascii_lowercase();
    format!("{white}{black}")
}

/// Holdings size for the `setup` line (0 without drops): XBoard's holdings hold the first S
/// piece types of the table, so S reaches the last slot of a kind that can be in a reserve.
pub fn holdings(v: &Variant) -> usize {
    let Some(r) = &v.reserves else {
        return 0;
    };
    let table = piece_to_char(v);
    let white: Vec<char> = table.chars().take(table.len() / 2).collect();
    v.kind_ids()
        .filter(|k| k.in_mask(r.reservable))
        .filter_map(|k| white.iter().position(|&c| c == v.piece_type(k).letter))
        .map(|slot| slot + 1)
        .max()
        .unwrap_or(0)
}

/// `setup (PIECETOCHAR) WxH+S_PARENT FEN`.
pub fn setup_line(v: &'static Variant) -> String {
    format!(
        "setup ({}) {}x{}+{}_{} {}",
        piece_to_char(v),
        v.files,
        v.ranks,
        holdings(v),
        v.xboard_parent,
        crate::notation::two_colour::gui_start_fen(v)
    )
}

/// The castling suffix `O<n>` for a king whose castling moves it `n` files either way, when
/// XBoard would not assume it (any board but 8 files, or a distance other than 2).
fn castling_suffix(v: &Variant, king_kind: PieceKind) -> Option<String> {
    let c = v.castling.as_ref()?;
    if c.king != king_kind {
        return None;
    }
    let start = crate::variant::fen::parse(v, &v.start_fen).ok()?;
    let from = start
        .pieces
        .iter()
        .find(|(_, p)| p.army() == Army::WHITE && p.kind() == c.king)?
        .0
        .file() as i32;
    let d_king = (c.king_to[0] as i32 - from).abs();
    let d_queen = (c.king_to[1] as i32 - from).abs();
    if d_king != d_queen || (v.files == 8 && d_king == 2) {
        return None;
    }
    Some(format!("O{d_king}"))
}

/// One `piece ID& BETZA` line per piece whose moves XBoard would get wrong from its glyph.
pub fn piece_lines(v: &Variant) -> Vec<String> {
    let table = piece_to_char(v);
    let white: Vec<char> = table.chars().take(table.len() / 2).collect();
    let order: Vec<char> = FAIRY_ORDER.chars().collect();
    let mut out = Vec::new();
    for (k, p) in v.kind_ids().zip(&v.pieces) {
        // The glyph this piece got, hence the moves XBoard assumes for it.
        let glyph = white
            .iter()
            .position(|&c| c == p.letter)
            .and_then(|i| order.get(i).copied());
        let known = glyph.and_then(|g| KNOWN_MOVES.iter().find(|(c, _)| *c == g).map(|m| m.1));
        let mut betza = p.betza.clone();
        if let Some(o) = castling_suffix(v, k) {
            betza.push_str(&o);
        }
        if known != Some(betza.as_str()) && xbetza_can_describe(v, &p.betza) {
            out.push(format!("piece {}& {}", p.letter, betza));
        }
    }
    out
}

/// Can XBoard's XBetza say how this piece moves? Not circular riders (`q`, the Rose), and not
/// direction-dependent moves when "forward" is not fixed per army (Wey's bank-relative Pawns):
/// those pieces are left to `lift`/`highlight`, which XBoard then uses as its legality test.
fn xbetza_can_describe(v: &Variant, betza: &str) -> bool {
    if betza.contains('q') {
        return false;
    }
    let directional = betza
        .chars()
        .any(|c| matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's'));
    !(directional && v.forward != crate::variant::ForwardRule::Army)
}

/// The variant names for `feature variants="..."`.
pub fn variants_feature(all: &[&Variant]) -> String {
    let names: Vec<&str> = all.iter().map(|v| v.name.as_str()).collect();
    format!("feature variants=\"{}\"", names.join(","))
}

/// The piece on a holdings square XBoard names in `lift` (the user picks a piece from a
/// holding): XBoard sends the square's coordinates off the board, White's holding in the last
/// column (file letter `files + 1` past `a`, 0-based: `j` on 8 files), Black's in the first
/// (`_`, two before `a`); the row is the piece's number among the table's used slots, counted
/// up from the bottom for White and down from the top for Black (XBoard `PieceToNumber`,
/// `board[n][BOARD_WIDTH-1]`, `board[BOARD_HEIGHT-1-n][0]`). `None` for any other text.
pub fn holdings_piece(v: &Variant, text: &str) -> Option<(Army, PieceKind)> {
    let size = holdings(v);
    let mut chars = text.chars();
    let file = chars.next()?;
    let digits = chars.as_str();
    if size == 0 || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let base = if v.ranks == 10 { 0 } else { 1 };
    let y = digits.parse::<usize>().ok()?.checked_sub(base)?;
    let (army, n) = if file as u32 == 'a' as u32 + v.files as u32 + 1 {
        (Army::WHITE, y)
    } else if file == '_' {
        (Army::BLACK, (v.ranks as usize).checked_sub(1 + y)?)
    } else {
        return None;
    };
    if n >= size {
        return None;
    }
    let table = piece_to_char(v);
    let letter = table
        .chars()
        .take(table.len() / 2)
        .filter(|&c| c != '.' && c != '+')
        .nth(n)?;
    Some((army, v.kind_of_letter(letter)?))
}

/// The answer to `lift` on a holdings square: the squares where the side to move may drop
/// that piece now (from the reserve of its seat's bank, MIT-9), `Y`; nothing when the holding
/// is not the side to move's.
pub fn highlight_drops(pos: &mut Position, army: Army, kind: PieceKind) -> String {
    let mut list = MoveList::new();
    if army == pos.army() {
        legal_moves(pos, &mut list);
    }
    let targets = list
        .iter()
        .filter(|m| m.dropped() == Some(kind))
        .map(|m| (m.to(), 'Y'));
    highlight_string(pos.variant(), targets)
}

/// The answer to `lift SQ`: a board-shaped string marking the piece's legal targets,
/// `Y` quiet, `R` capture, `M` promotion (castling on the king's destination), top rank first.
pub fn highlight(pos: &mut Position, from: Square) -> String {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut targets = Vec::new();
    for m in list.iter() {
        if m.kind() == MoveKind::Drop || m.from() != from {
            continue;
        }
        let code = if m.promotion().is_some() {
            'M'
        } else if pos.captured_square(m).is_some() {
            'R'
        } else {
            'Y'
        };
        targets.push((m.to(), code));
    }
    highlight_string(pos.variant(), targets.into_iter())
}

/// `highlight COLORFEN` marking `targets`; where a square gets several marks the strongest
/// wins (`M` over `R` over `Y`).
fn highlight_string(v: &Variant, targets: impl Iterator<Item = (Square, char)>) -> String {
    let mut marks = vec![None::<char>; v.files as usize * v.ranks as usize];
    for (to, code) in targets {
        let cell = &mut marks[to.dense_index(v.files as usize)];
        let rank = |c: Option<char>| match c {
            Some('M') => 3,
            Some('R') => 2,
            Some(_) => 1,
            None => 0,
        };
        if rank(Some(code)) > rank(*cell) {
            *cell = Some(code);
        }
    }
    colour_fen(v, &marks)
}

/// `highlight COLORFEN` for one mark (or none) per square, indexed rank * files + file: the
/// board-shaped string XBoard reads, top rank first.
pub fn colour_fen(v: &Variant, marks: &[Option<char>]) -> String {
    let (files, ranks) = (v.files as usize, v.ranks as usize);
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..files {
            match marks[r * files + f] {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("highlight {}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    #[test]
    fn two_kingdoms_table_matches_the_fs_oracle_config() {
        // scripts/oracle/twokingdoms.ini: N on the knight glyph, A on the archbishop glyph.
        let v = builtin::find("twokingdoms").unwrap();
        assert_eq!(
            piece_to_char(v),
            "PNBRQ..A.............Kpnbrq..a.............k"
        );
        assert_eq!(
            setup_line(v),
            "setup (PNBRQ..A.............Kpnbrq..a.............k) 10x10+0_fairy \
             rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1"
        );
        assert_eq!(
            piece_lines(v),
            vec![
                "piece P& fmWfceFifmW3",
                "piece N& NZ",
                "piece A& FAD",
                "piece K& KO3"
            ]
        );
    }

    #[test]
    fn fide_needs_no_piece_lines() {
        let v = builtin::find("normal").unwrap();
        assert!(piece_lines(v).is_empty());
        assert_eq!(
            piece_to_char(v),
            "PNBRQ................Kpnbrq................k"
        );
    }

    #[test]
    fn wey_sends_no_piece_line_xbetza_cannot_hold() {
        // The Rose (circular) and the bank-relative Pawn are left to lift/highlight.
        let v = builtin::find("wey").unwrap();
        assert!(piece_lines(v).is_empty(), "{:?}", piece_lines(v));
    }

    #[test]
    fn wey_glyphs_follow_xboard_letters() {
        // The Prince (not royal) asks for the Commoner's glyph, the Marshal the
        // Chancellor's, the Rose the Nightrider's; no King.
        let v = builtin::find("wey").unwrap();
        assert_eq!(
            piece_to_char(v),
            "P.B.Q...MWI.O.........p.b.q...mwi.o........."
        );
    }

    #[test]
    fn highlight_marks_quiet_targets() {
        let v = builtin::find("normal").unwrap();
        let mut p = Position::startpos(v);
        let e2 = Square::new(4, 1);
        assert_eq!(highlight(&mut p, e2), "highlight 8/8/8/8/4Y3/4Y3/8/8");
        let mut p = Position::from_fen(v, "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(
            highlight(&mut p, Square::new(1, 6)),
            "highlight 1M6/8/8/8/8/8/8/8"
        );
        assert_eq!(
            highlight(&mut p, Square::new(4, 0)),
            "highlight 8/8/8/8/8/8/3YYY2/3Y1YY1"
        );
    }
}
