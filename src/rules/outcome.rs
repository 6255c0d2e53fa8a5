//! How a game ended: the result every rule module reports and every protocol prints.

use crate::types::Army;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `army` won.
    Win {
        army: Army,
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
            Outcome::Win {
                army: Army::WHITE, ..
            } => "1-0",
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
