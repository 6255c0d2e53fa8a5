//! Victory conditions decided by the position alone, before looking at moves: capture-a-set
//! (WEY-12). A decided position has no legal moves. Checkmate and stalemate, which need the
//! legal moves, are judged in `game.rs`.

use super::outcome::Outcome;
use crate::board::Position;

/// A victory decided by the position alone, before looking at moves: capture-a-set (WEY-12).
/// A decided position has no legal moves.
#[inline]
pub fn decided(pos: &Position) -> Option<Outcome> {
    let v = pos.variant();
    if v.victory_sets.is_empty() {
        return None;
    }
    for loser in 0..2u8 {
        if v.victory_sets
            .iter()
            .any(|need| set_captured(pos, loser, need))
        {
            let army = 1 - loser;
            return Some(Outcome::Win {
                army,
                reason: if army == 0 {
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
pub fn captured(pos: &Position, army: u8, kind: u8) -> u8 {
    pos.variant().start_counts[army as usize][kind as usize].saturating_sub(pos.count(army, kind))
}

fn set_captured(pos: &Position, army: u8, need: &[u8; crate::variant::MAX_KINDS]) -> bool {
    need.iter()
        .enumerate()
        .all(|(k, &n)| n == 0 || captured(pos, army, k as u8) >= n)
}

/// Progress toward capturing `army`'s nearest set: (pieces of it captured, set size).
pub fn set_progress(pos: &Position, army: u8) -> Option<(u32, u32)> {
    let v = pos.variant();
    v.victory_sets
        .iter()
        .map(|need| {
            let total: u32 = need.iter().map(|&n| n as u32).sum();
            let got: u32 = need
                .iter()
                .enumerate()
                .map(|(k, &n)| (captured(pos, army, k as u8)).min(n) as u32)
                .sum();
            (got, total)
        })
        .max_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)))
}
