//! Victory conditions decided by the position alone, before looking at moves: capture-a-set
//! (WEY-12). A decided position has no legal moves. Checkmate and stalemate, which need the
//! legal moves, are judged in `game.rs`.

use super::outcome::Outcome;
use crate::board::Position;
use crate::types::{Army, PieceKind};

/// A victory decided by the position alone, before looking at moves: capture-a-set (WEY-12).
/// A decided position has no legal moves.
#[inline]
pub fn decided(pos: &Position) -> Option<Outcome> {
    let v = pos.variant();
    if v.victory_sets.is_empty() {
        return None;
    }
    for loser in Army::ALL {
        if v.victory_sets
            .iter()
            .any(|need| set_captured(pos, loser, need))
        {
            let army = loser.enemy();
            return Some(Outcome::Win {
                army,
                reason: if army == Army::WHITE {
                    "White captured the set"
                } else {
                    "Black captured the set"
                },
            });
        }
    }
    None
}

/// How many of `army`'s pieces of each kind have been captured: the start count less what
/// is on the board (promotions only add pieces of kinds outside the set, WEY-12).
#[inline]
pub fn captured(pos: &Position, army: Army, kind: PieceKind) -> u8 {
    pos.variant().start_counts[army.index()][kind.index()].saturating_sub(pos.count(army, kind))
}

fn set_captured(pos: &Position, army: Army, need: &[u8; crate::variant::MAX_KINDS]) -> bool {
    pos.variant()
        .kind_ids()
        .all(|k| need[k.index()] == 0 || captured(pos, army, k) >= need[k.index()])
}

/// Progress toward capturing `army`'s nearest set: (pieces of it captured, set size).
pub fn set_progress(pos: &Position, army: Army) -> Option<(u32, u32)> {
    let v = pos.variant();
    v.victory_sets
        .iter()
        .map(|need| {
            let total: u32 = need.iter().map(|&n| n as u32).sum();
            let got: u32 = v
                .kind_ids()
                .map(|k| captured(pos, army, k).min(need[k.index()]) as u32)
                .sum();
            (got, total)
        })
        .max_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)))
}
