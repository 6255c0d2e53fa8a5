//! Scores engines report while thinking (CECP thinking output, UCI `info ... score`), read
//! for adjudication and for the PGN's move comments.

/// A score the engine reported while thinking: centipawns from the mover's view (a mate
/// becomes ±[`MATE_CP`] less its distance in moves), and the depth reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    pub cp: i32,
    pub depth: u32,
    /// Mate in this many moves (negative: being mated), when the score is a mate score.
    pub mate: Option<i32>,
}

/// The centipawn value a mate score is mapped to (less its distance in moves).
pub const MATE_CP: i32 = 100_000;

impl Eval {
    fn mate_in(moves: i32, depth: u32) -> Eval {
        let cp = if moves >= 0 {
            MATE_CP - moves
        } else {
            -MATE_CP - moves
        };
        Eval {
            cp,
            depth,
            mate: Some(moves),
        }
    }

    /// CECP thinking output: `PLY SCORE TIME NODES PV...`, mate as ±(100000 + N).
    pub(super) fn from_cecp(line: &str) -> Option<Eval> {
        let mut words = line.split_whitespace();
        let depth: u32 = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
        let score: i32 = words.next()?.parse().ok()?;
        words.next()?.parse::<u64>().ok()?;
        if score.abs() > MATE_CP {
            let n = score.abs() - MATE_CP;
            return Some(Eval::mate_in(if score > 0 { n } else { -n }, depth));
        }
        Some(Eval {
            cp: score,
            depth,
            mate: None,
        })
    }

    /// UCI `info ... depth D ... score cp X | score mate N ...`.
    pub(super) fn from_uci(line: &str) -> Option<Eval> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            return None;
        }
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        let depth = after("depth").and_then(|d| d.parse().ok()).unwrap_or(0);
        let i = words.iter().position(|w| *w == "score")?;
        let value: i32 = words.get(i + 2)?.parse().ok()?;
        match *words.get(i + 1)? {
            "cp" => Some(Eval {
                cp: value,
                depth,
                mate: None,
            }),
            "mate" => Some(Eval::mate_in(value, depth)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_output_gives_scores() {
        let e = Eval::from_cecp("12 -35 120 345678 e2e4 e7e5").unwrap();
        assert_eq!((e.cp, e.depth, e.mate), (-35, 12, None));
        assert_eq!(Eval::from_cecp("9 100003 10 5 a1a8").unwrap().mate, Some(3));
        assert_eq!(
            Eval::from_cecp("9 -100002 10 5 a1a8").unwrap().cp,
            -MATE_CP + 2
        );
        assert!(Eval::from_cecp("move e2e4").is_none());
        let u = Eval::from_uci("info depth 7 seldepth 9 score cp 41 nodes 100 pv e2e4").unwrap();
        assert_eq!((u.cp, u.depth), (41, 7));
        assert_eq!(
            Eval::from_uci("info depth 3 score mate -2 pv a1a2")
                .unwrap()
                .mate,
            Some(-2)
        );
        assert!(Eval::from_uci("info string hello").is_none());
    }
}
