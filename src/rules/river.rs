//! The River (Wey: WEY-1, WEY-3, WEY-4, WEY-9): two banks split by a line between ranks.
//! "Forward" toward the River by bank is `ForwardRule::Bank` (the board layer asks `bank`);
//! this module adds promotion on crossing, the same-bank capture ban and the crossing lines.

use crate::board::{Cell, Position, Square};
use crate::variant::{River, Variant};

/// 0 = south bank, 1 = north bank.
#[inline]
pub fn bank(r: &River, sq: Square) -> u8 {
    (sq.rank() >= r.south_ranks) as u8
}

/// Does a move from `from` to `to` cross the River?
#[inline]
pub fn crosses(r: &River, from: Square, to: Square) -> bool {
    bank(r, from) != bank(r, to)
}

/// May a piece of `kind` move from `from` to `to` (holding `target`) under the River rules?
/// WEY-3: an unpromoted Pawn may not capture an unpromoted enemy Pawn on its own bank.
/// WEY-9: the Queen and Prince cross only along the long diagonals.
#[inline]
pub fn allows(r: &River, kind: u8, from: Square, to: Square, target: Cell) -> bool {
    let (capturers, victims) = r.same_bank_capture_ban;
    if capturers >> kind & 1 != 0 {
        if let Some(p) = target.piece() {
            if victims >> p.kind() & 1 != 0 && bank(r, from) == bank(r, to) {
                return false;
            }
        }
    }
    if crosses(r, from, to) {
        for (kinds, lines) in &r.restrictions {
            if kinds >> kind & 1 != 0 && !lines.iter().any(|l| l[from.index()] && l[to.index()]) {
                return false;
            }
        }
    }
    true
}

/// WEY-4: the kind a piece becomes by crossing, if it promotes on crossing.
#[inline]
pub fn crossing_promotion(r: &River, kind: u8, from: Square, to: Square) -> Option<u8> {
    match r.crossing_promotion {
        Some((mask, into)) if mask >> kind & 1 != 0 && crosses(r, from, to) => Some(into),
        _ => None,
    }
}

/// The bank whose "toward the River" a piece on `sq` moves by (`ForwardRule::Bank`).
pub fn faces_up(v: &Variant, sq: Square) -> bool {
    match &v.river {
        Some(r) => bank(r, sq) == 0,
        None => (sq.rank() as u32) < v.ranks as u32 / 2,
    }
}

/// Is the position's River rule satisfied by this move? (Used by tests and highlights.)
pub fn move_allowed(pos: &Position, from: Square, to: Square) -> bool {
    let v = pos.variant();
    match (&v.river, pos.piece_at(from).piece()) {
        (Some(r), Some(p)) => allows(r, p.kind(), from, to, pos.piece_at(to)),
        _ => true,
    }
}
