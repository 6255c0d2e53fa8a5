//! The end of a game, judged by rule: what the protocols, the match runner and the tools ask.
//! Victory by the position alone (`victory.rs`), checkmate and stalemate (FIDE art. 5, TK-11),
//! and draws by rule (`draws.rs`).

use super::attack::in_check;
use super::draws;
use super::legal::legal_moves;
use super::outcome::Outcome;
use super::victory::decided;
use crate::board::{MoveList, Position};
use crate::types::Army;

/// The game result of a position, counting draws by rule (repetition, move rule, dead
/// material) as the engine claims them; `None` while the game goes on.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    if let Some(o) = decided(pos) {
        return Some(o);
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if list.is_empty() {
        return Some(no_moves(pos));
    }
    draws::claimable(pos)
}

/// The result when the side to move has no legal move: mated when in check in a royal game,
/// else stalemate (a draw in every built-in game).
fn no_moves(pos: &Position) -> Outcome {
    let royal = pos.variant().royal_mask != 0;
    if royal && in_check(pos) {
        Outcome::Win {
            army: pos.army().enemy(),
            reason: if pos.army() == Army::WHITE {
                "Black mates"
            } else {
                "White mates"
            },
        }
    } else {
        Outcome::Draw {
            reason: "Stalemate",
        }
    }
}

/// The end of the game in a position: the outcome, and whether it is definite (mate,
/// stalemate, a captured set, dead material) rather than a draw that may be claimed
/// (repetition, move rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub outcome: Outcome,
    pub definite: bool,
}

/// Is the game over (or claimably drawn) here?
pub fn game_end(pos: &mut Position) -> Option<End> {
    if let Some(o) = decided(pos) {
        return Some(End {
            outcome: o,
            definite: true,
        });
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if list.is_empty() {
        return Some(End {
            outcome: no_moves(pos),
            definite: true,
        });
    }
    let o = draws::claimable(pos)?;
    Some(End {
        outcome: o,
        definite: draws::dead_material(pos),
    })
}
