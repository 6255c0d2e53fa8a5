//! Draws by rule (FIDE art. 9 and 5.2.2; TK-11; WEY-13): repetition, the move rule, and dead
//! material listed in the variant config.

use super::outcome::Outcome;
use crate::board::Position;
use crate::types::Army;
use crate::variant::MAX_KINDS;

/// A draw that may be claimed now (or is automatic), if any.
pub fn claimable(pos: &Position) -> Option<Outcome> {
    let v = pos.variant();
    if move_rule_reached(pos) {
        return Some(Outcome::Draw {
            reason: if pos.variant().draws.move_rule_plies == 100 {
                "50-move rule"
            } else {
                "move-count rule"
            },
        });
    }
    if v.draws.repetitions > 0 && pos.repetitions() + 1 >= v.draws.repetitions as usize {
        return Some(Outcome::Draw {
            reason: "3-fold repetition",
        });
    }
    if dead_material(pos) {
        return Some(Outcome::Draw {
            reason: "Insufficient material",
        });
    }
    None
}

/// Has the move rule's count of plies without a capture, drop or reset move been reached?
#[inline]
pub fn move_rule_reached(pos: &Position) -> bool {
    let n = pos.variant().draws.move_rule_plies;
    n > 0 && pos.halfmove() >= n
}

/// Is the material on the board one of the variant's dead combinations?
pub fn dead_material(pos: &Position) -> bool {
    let v = pos.variant();
    if v.draws.dead.is_empty() || pos.has_hands() {
        return false;
    }
    let count = |army: Army| {
        let mut c = [0u8; MAX_KINDS];
        for k in v.kind_ids() {
            c[k.index()] = pos.count(army, k);
        }
        c
    };
    let (w, b) = (count(Army::WHITE), count(Army::BLACK));
    v.draws
        .dead
        .iter()
        .any(|(x, y)| (&w == x && &b == y) || (&w == y && &b == x))
}
