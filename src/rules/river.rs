//! The River (Wey: WEY-1, WEY-3, WEY-4, WEY-9): two banks split by a line between ranks.
//! "Forward" toward the River by bank is `ForwardRule::Bank` (`Variant::orientation`, with the
//! one `Variant::bank`); this module filters board moves (the same-bank capture ban, the
//! crossing lines) and adds promotion on crossing.

use crate::board::{Cell, Square};
use crate::types::PieceKind;
use crate::variant::{River, Variant};

/// Does a move from `from` to `to` cross the River?
#[inline]
pub fn crosses(v: &Variant, from: Square, to: Square) -> bool {
    v.bank(from) != v.bank(to)
}

/// Does the River forbid any board move (a same-bank capture ban or crossing lines)? When
/// not, `allows` holds for every move.
#[inline]
pub fn filters(r: &River) -> bool {
    r.same_bank_capture_ban.0 != 0 || !r.restrictions.is_empty()
}

/// May a piece of `kind` move from `from` to `to` (holding `target`) under the River rules?
/// WEY-3: an unpromoted Pawn may not capture an unpromoted enemy Pawn on its own bank.
/// WEY-9: the Queen and Prince cross only along the long diagonals.
#[inline]
pub fn allows(
    v: &Variant,
    r: &River,
    kind: PieceKind,
    from: Square,
    to: Square,
    target: Cell,
) -> bool {
    let (capturers, victims) = r.same_bank_capture_ban;
    if kind.in_mask(capturers) {
        if let Some(p) = target.piece() {
            if p.kind().in_mask(victims) && !crosses(v, from, to) {
                return false;
            }
        }
    }
    if crosses(v, from, to) {
        for (kinds, lines) in &r.restrictions {
            if kind.in_mask(*kinds) && !lines.iter().any(|l| l[from.index()] && l[to.index()]) {
                return false;
            }
        }
    }
    true
}

/// WEY-4: the kind a piece becomes by crossing, if it promotes on crossing.
#[inline]
pub fn crossing_promotion(
    v: &Variant,
    r: &River,
    kind: PieceKind,
    from: Square,
    to: Square,
) -> Option<PieceKind> {
    match r.crossing_promotion {
        Some((mask, into)) if kind.in_mask(mask) && crosses(v, from, to) => Some(into),
        _ => None,
    }
}
