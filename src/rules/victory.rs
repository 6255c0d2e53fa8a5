//! The end of the game by rule: checkmate and stalemate for royal games (FIDE art. 5, TK-11),
//! plus position-only victory conditions of other games (capture-a-set, added by their
//! modules). Draw claims (repetition, move rule, dead material) are in `draws`.

use crate::board::{MoveList, Position};
use crate::movegen::{in_check, legal_moves};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `army` won.
    Win {
        army: u8,
        reason: &'static str,
    },
    Draw {
        reason: &'static str,
    },
}

impl Outcome {
    /// The CECP/PGN result string.
    pub fn result_string(&self) -> &'static str {
        match self {
            Outcome::Win { army: 0, .. } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

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

/// The game result of a position, counting draws by rule (repetition, move rule, dead
/// material) as the engine claims them; `None` while the game goes on.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    if let Some(o) = decided(pos) {
        return Some(o);
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if list.is_empty() {
        let royal = pos.variant().royal_mask != 0;
        return Some(if royal && in_check(pos) {
            Outcome::Win {
                army: 1 - pos.army(),
                reason: if pos.army() == 0 {
                    "Black mates"
                } else {
                    "White mates"
                },
            }
        } else {
            Outcome::Draw {
                reason: "Stalemate",
            }
        });
    }
    super::draws::claimable(pos)
}
