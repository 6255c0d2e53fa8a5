//! Attacks and check: "could `army` capture a piece standing on this square?" A square is
//! attacked when some seat of that army has a board move that captures there (`moves.rs`, the
//! same moves the generator makes, under the same rules, with that seat's forward). Games
//! plain enough (forward fixed per seat, no River filter that looks at more than the squares,
//! no carriers but the Ferries) use the compiled attack tables instead, with the seats' bank
//! rule and the Ferries' boarding rule applied to each attacker found, and the Ferries' own
//! captures added; `tests/attacks.rs` checks that both answers agree.

use super::moves::{piece_moves_of, SeatMoves};
use super::{banks, ferry};
use crate::board::Position;
use crate::movegen::attack::by_tables;
use crate::types::geometry::BOARD_CELLS;
use crate::types::{Army, Cell, Piece, PieceKind, Seat, Square};

/// Could a piece of `by` capture on `sq`? Whatever stands on `sq` is treated as an enemy of
/// `by`: an empty square (castling transit) or a square `by` itself holds (is it defended?)
/// is asked as if the victim were there. `victim` is that piece, for rules that look at it
/// (WEY-3); `None` takes the occupant when it is an enemy of `by`, else an enemy royal piece.
#[inline]
pub fn attacked(pos: &Position, sq: Square, by: Army) -> bool {
    attacked_as(pos, sq, by, None)
}

/// `attacked` with the victim named.
pub fn attacked_as(pos: &Position, sq: Square, by: Army, victim: Option<Piece>) -> bool {
    let v = pos.variant();
    if v.table_attacks {
        match by_tables(v, pos.cells(), sq, by, table_accept(pos, sq)) {
            Some(true) => return true,
            Some(false) => {}
            None => return by_walking(pos, sq, by, victim),
        }
        if let Some(f) = &v.ferries {
            return ferry_attacks(pos, f, sq, by, victim);
        }
        return false;
    }
    by_walking(pos, sq, by, victim)
}

/// The piece of `by` that could capture on `sq` on the board `cells` with the lowest
/// `rank(kind)`, and its square: what the attack tables find, under the seats' bank rule and
/// the Ferries' boarding rule, as `attacked_as` applies them. The Ferries' own captures
/// (FF-11, FF-17, FF-18) are not among them. `None` when the tables cannot answer (a game
/// that needs walking, or a circular rider); `Some(None)` when nothing attacks.
pub fn least_attacker(
    pos: &Position,
    cells: &[Cell; BOARD_CELLS],
    sq: Square,
    by: Army,
    rank: impl Fn(PieceKind) -> i32,
) -> Option<Option<(Square, PieceKind)>> {
    let v = pos.variant();
    if !v.table_attacks {
        return None;
    }
    let accept = table_accept(pos, sq);
    let best = std::cell::Cell::new(None::<(i32, Square, PieceKind)>);
    // Every attacker is refused, so the tables go on to the next: all are seen.
    by_tables(v, cells, sq, by, |seat, from, k| {
        if accept(seat, from, k) {
            let r = rank(k);
            if best.get().is_none_or(|(b, _, _)| r < b) {
                best.set(Some((r, from, k)));
            }
        }
        false
    })?;
    Some(best.get().map(|(_, from, k)| (from, k)))
}

/// The rules' say on an attacker the tables find capturing on `sq` (`by_tables`' `accept`):
/// FF-10, a piece that never boards does not capture on a Ferry; MIT-10, each enemy seat's
/// own bank rule (its moves start or end on its bank).
#[inline(always)]
pub(super) fn table_accept(
    pos: &Position,
    sq: Square,
) -> impl Fn(Seat, Square, PieceKind) -> bool + '_ {
    let v = pos.variant();
    let no_boarding = match &v.ferries {
        Some(f) if pos.carrier_at(sq) => f.non_boarding,
        _ => 0,
    };
    move |seat, from, k| !k.in_mask(no_boarding) && banks::seat_may_attack(v, seat, k, from, sq)
}

/// `ferry::attacks` on the board with the victim on `sq`.
pub(super) fn ferry_attacks(
    pos: &Position,
    f: &crate::variant::Ferries,
    sq: Square,
    by: Army,
    victim: Option<Piece>,
) -> bool {
    let occupant = pos.piece_at(sq);
    if occupant.is_piece() && !occupant.is_army(by) && victim.is_none() {
        return ferry::attacks(pos, f, pos.cells(), sq, by);
    }
    let mut cells = *pos.cells();
    cells[sq.index()] = Cell::from_piece(victim_on(pos, sq, by, victim));
    ferry::attacks(pos, f, &cells, sq, by)
}

/// The piece asked about on `sq`: `victim`, else the occupant when it is an enemy of `by`,
/// else an enemy royal piece.
fn victim_on(pos: &Position, sq: Square, by: Army, victim: Option<Piece>) -> Piece {
    let v = pos.variant();
    victim
        .or_else(|| pos.piece_at(sq).piece().filter(|p| p.army() != by))
        .unwrap_or_else(|| Piece::new(by.enemy(), v.royal_kind().unwrap_or(PieceKind(0))))
}

/// The general answer: every board move of every piece of `by`, for each of its seats, on a
/// board where `sq` holds the victim.
pub fn by_walking(pos: &Position, sq: Square, by: Army, victim: Option<Piece>) -> bool {
    let v = pos.variant();
    let mut cells = *pos.cells();
    cells[sq.index()] = Cell::from_piece(victim_on(pos, sq, by, victim));
    for seat in v.seats_of(by) {
        let sm = SeatMoves::new(v, seat);
        for &from in pos.pieces_of(by) {
            if from == sq {
                continue;
            }
            let piece = pos.piece_at(from).piece_unchecked();
            let mut hit = false;
            piece_moves_of(pos, &cells, &sm, from, piece, false, |to, capture, _| {
                hit |= capture && to == sq;
            });
            if hit {
                return true;
            }
        }
    }
    // FF-19: the captures only the Ferries make possible.
    if let Some(f) = &v.ferries {
        return ferry::attacks(pos, f, &cells, sq, by);
    }
    false
}

/// Is `army` in check (any of its royal pieces attacked)?
pub fn army_in_check(pos: &Position, army: Army) -> bool {
    let v = pos.variant();
    if v.royal_mask == 0 {
        return false;
    }
    pos.pieces_of(army).iter().any(|&s| {
        pos.piece_at(s)
            .piece_unchecked()
            .kind()
            .in_mask(v.royal_mask)
            && attacked(pos, s, army.enemy())
    })
}

/// Is the army to move in check?
#[inline]
pub fn in_check(pos: &Position) -> bool {
    army_in_check(pos, pos.army())
}
