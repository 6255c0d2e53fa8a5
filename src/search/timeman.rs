//! Time management: from the protocol's limits to a soft budget (don't start another
//! iteration past it) and a hard one (abort the search).

use super::Limits;

/// Moves assumed left in the game when the time control doesn't say.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Never plan to use more than this share of the remaining time on one move.
const MAX_SHARE: f64 = 0.4;

/// Budgets in milliseconds; `None` = no time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Option<u64>,
    pub hard: Option<u64>,
}

/// Work out the budget for one move.
pub fn budget(l: &Limits) -> Budget {
    if l.infinite {
        return Budget {
            soft: None,
            hard: None,
        };
    }
    if let Some(mt) = l.movetime {
        let t = mt.saturating_sub(l.move_overhead).max(1);
        return Budget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let Some(time) = l.time else {
        return Budget {
            soft: None,
            hard: None,
        };
    };
    let left = time.saturating_sub(l.move_overhead).max(1);
    let mtg = l.movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| {
        (m as u64).clamp(1, DEFAULT_MOVES_TO_GO)
    });
    let base = left / mtg + l.inc * 3 / 4;
    let cap = ((left as f64) * MAX_SHARE) as u64;
    let soft = base.min(cap).max(1);
    let hard = (soft * 4).min(cap.max(soft)).min(left * 8 / 10).max(1);
    let soft = soft.min(hard);
    Budget {
        soft: Some(soft),
        hard: Some(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_is_exact() {
        let b = budget(&Limits {
            movetime: Some(1000),
            move_overhead: 10,
            ..Default::default()
        });
        assert_eq!(
            b,
            Budget {
                soft: Some(990),
                hard: Some(990)
            }
        );
    }

    #[test]
    fn clock_budget_is_a_share_and_hard_stays_below_the_clock() {
        let b = budget(&Limits {
            time: Some(60_000),
            inc: 1000,
            ..Default::default()
        });
        let (s, h) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(s > 1000 && s < 5000, "soft {s}");
        assert!(h >= s && h <= 24_000, "hard {h}");
        let low = budget(&Limits {
            time: Some(50),
            move_overhead: 30,
            ..Default::default()
        });
        assert!(low.hard.unwrap() <= 20);
    }

    #[test]
    fn no_clock_means_no_limit() {
        assert_eq!(
            budget(&Limits {
                depth: Some(5),
                ..Default::default()
            }),
            Budget {
                soft: None,
                hard: None
            }
        );
        assert_eq!(
            budget(&Limits {
                infinite: true,
                time: Some(5),
                ..Default::default()
            })
            .hard,
            None
        );
    }
}
