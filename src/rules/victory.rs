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

/// A victory decided by the position alone, before looking at moves (none for FIDE and Two
/// Kingdoms; Wey's capture-the-set hooks in here). A decided position has no legal moves.
pub fn decided(_pos: &Position) -> Option<Outcome> {
    None
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
