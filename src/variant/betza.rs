//! Betza notation: parses a piece description such as `fmWfceFifmnD` or `RN` into the list of
//! single vectors the move tables are compiled from.
//!
//! Supported (Betza 1995 with the XBoard/"XBetza" conventions of H.G. Muller,
//! <http://hgm.nubati.net/rules/Betza.html>):
//! - atoms `W F D N A H C Z G` (C = (3,1) camel, Z = (3,2) zebra; `L` and `J` are refused because
//!   XBoard and Fairy-Stockfish read them differently), shorthands `K R B Q`;
//! - a doubled atom is a rider (`NN` nightrider), a trailing number limits the range
//!   (`W3`, `R4`; `0` = unlimited);
//! - directions `f b l r v s` and compounds (`ff`, `fs`, `fl`, `br`, ...), relative to the
//!   piece's forward, which the variant decides (army, seat or bank);
//! - modalities `m` (move only), `c` (capture only), `i` (initial move only), `e` (may capture
//!   en passant), `n` (lame: the squares between must be empty), `q` (circular rider: each leap
//!   turns one step round the atom's circle, as the Rose).
//!
//! Not supported, refused with a message: hoppers (`p`, `g`), multi-leg `a`, `j`, `d`, `u`, `x`.

use std::fmt;

/// How a vector may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// One leap.
    Leap,
    /// Repeated leaps in a straight line, at most this many (0 = unlimited).
    Ride(u8),
    /// Repeated leaps, each turning one step round the atom's circle in one sense,
    /// at most this many (0 = unlimited, i.e. the whole circle less one).
    Circle(u8),
}

/// One compiled vector of a piece, in the "forward = up" orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vector {
    pub dx: i8,
    pub dy: i8,
    pub reach: Reach,
    /// May move to an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// Only from the piece's initial squares.
    pub initial: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// The squares passed over must be empty.
    pub lame: bool,
}

/// A Betza parse error, with the offending position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    pub text: String,
    pub at: usize,
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad Betza string {:?} at character {}: {}",
            self.text,
            self.at + 1,
            self.message
        )
    }
}

impl std::error::Error for BetzaError {}

/// The base vector and symmetry class of an atom letter.
fn atom(letter: char) -> Option<(i8, i8)> {
    Some(match letter {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (1, 2),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (1, 3),
        'Z' => (2, 3),
        'G' => (3, 3),
        _ => return None,
    })
}

/// All images of a base vector under the board's 8 symmetries, without repeats.
fn images(base: (i8, i8)) -> Vec<(i8, i8)> {
    let (a, b) = base;
    let mut out: Vec<(i8, i8)> = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Does vector (dx, dy) belong to the direction set named by `dir` (one letter or a
/// two-letter compound)?
fn in_direction(dir: &str, dx: i8, dy: i8) -> bool {
    let oblique = dx != 0 && dy != 0 && dx.abs() != dy.abs();
    let diagonal = dx != 0 && dx.abs() == dy.abs();
    let narrow = dy.abs() > dx.abs(); // more vertical than horizontal
    let wide = dx.abs() > dy.abs();
    match dir {
        "f" => dy > 0,
        "b" => dy < 0,
        "l" => dx < 0,
        "r" => dx > 0,
        "v" => {
            if oblique {
                narrow
            } else {
                dx == 0 || diagonal
            }
        }
        "s" => {
            if oblique {
                wide
            } else {
                dy == 0 || diagonal
            }
        }
        "ff" => dy > 0 && (!oblique || narrow),
        "bb" => dy < 0 && (!oblique || narrow),
        "ll" => dx < 0 && (!oblique || wide),
        "rr" => dx > 0 && (!oblique || wide),
        "fs" | "sf" => dy > 0 && (!oblique || wide),
        "bs" | "sb" => dy < 0 && (!oblique || wide),
        "fv" | "vf" => dy > 0 && (!oblique || narrow),
        "bv" | "vb" => dy < 0 && (!oblique || narrow),
        "lv" | "vl" => dx < 0 && (!oblique || narrow),
        "rv" | "vr" => dx > 0 && (!oblique || narrow),
        "ls" | "sl" => dx < 0 && (!oblique || wide),
        "rs" | "sr" => dx > 0 && (!oblique || wide),
        "fl" | "lf" => dy > 0 && dx < 0,
        "fr" | "rf" => dy > 0 && dx > 0,
        "bl" | "lb" => dy < 0 && dx < 0,
        "br" | "rb" => dy < 0 && dx > 0,
        _ => false,
    }
}

/// Does the direction token `dir` select vector (dx, dy)? For an orthogonal vector a pair of
/// two different letters means either of them (`fsW`: the forward and the sideways steps, the
/// Xiangqi soldier), as XBoard and Fairy-Stockfish read it; pairs narrow only oblique and
/// diagonal moves.
fn selects(dir: &str, dx: i8, dy: i8) -> bool {
    let b = dir.as_bytes();
    if b.len() == 2 && b[0] != b[1] && (dx == 0 || dy == 0) {
        return in_direction(&dir[..1], dx, dy) || in_direction(&dir[1..], dx, dy);
    }
    in_direction(dir, dx, dy)
}

/// Split a run of direction letters into single letters and compounds.
fn direction_tokens(letters: &[char]) -> Vec<String> {
    const COMPOUNDS: [&str; 24] = [
        "ff", "bb", "ll", "rr", "fs", "sf", "bs", "sb", "fv", "vf", "bv", "vb", "lv", "vl", "rv",
        "vr", "ls", "sl", "rs", "sr", "fl", "lf", "fr", "rf",
    ];
    let more = ["bl", "lb", "br", "rb"];
    let mut out = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        if i + 1 < letters.len() {
            let pair: String = letters[i..i + 2].iter().collect();
            if COMPOUNDS.contains(&pair.as_str()) || more.contains(&pair.as_str()) {
                out.push(pair);
                i += 2;
                continue;
            }
        }
        out.push(letters[i].to_string());
        i += 1;
    }
    out
}

/// Parse a Betza string into vectors (forward = +y). Duplicate vectors are merged.
pub fn parse(text: &str) -> Result<Vec<Vector>, BetzaError> {
    let err = |at: usize, message: &str| BetzaError {
        text: text.to_string(),
        at,
        message: message.to_string(),
    };
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(err(0, "empty piece description"));
    }
    let mut out: Vec<Vector> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // Prefix modifiers: lower-case letters, up to the atom.
        let mut dirs: Vec<char> = Vec::new();
        let mut dir_runs: Vec<Vec<char>> = Vec::new();
        let (mut quiet, mut capture) = (false, false);
        let (mut initial, mut ep, mut lame, mut circle) = (false, false, false, false);
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            let c = chars[i];
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(c),
                _ => {
                    if !dirs.is_empty() {
                        dir_runs.push(std::mem::take(&mut dirs));
                    }
                    match c {
                        'm' => quiet = true,
                        'c' => capture = true,
                        'i' => initial = true,
                        'e' => {
                            ep = true;
                        }
                        'n' => lame = true,
                        'q' => circle = true,
                        'p' | 'g' => return Err(err(i, "hoppers (p, g) are not supported")),
                        'a' | 'j' | 'd' | 'u' | 'x' | 't' | 'o' | 'y' | 'z' | 'k' | 'h' => {
                            return Err(err(i, &format!("modifier '{c}' is not supported")))
                        }
                        _ => return Err(err(i, &format!("unknown modifier '{c}'"))),
                    }
                }
            }
            i += 1;
        }
        if !dirs.is_empty() {
            dir_runs.push(dirs);
        }
        if i >= chars.len() {
            return Err(err(i, "modifiers without an atom"));
        }
        let letter = chars[i];
        let at = i;
        i += 1;
        // Shorthands expand into several atoms with a range.
        let (bases, mut range): (Vec<(i8, i8)>, Option<u8>) = match letter {
            'K' => (vec![(1, 0), (1, 1)], None),
            'R' => (vec![(1, 0)], Some(0)),
            'B' => (vec![(1, 1)], Some(0)),
            'Q' => (vec![(1, 0), (1, 1)], Some(0)),
            'L' | 'J' => {
                return Err(err(
                    at,
                    "atoms L and J are ambiguous between programs; use C (3,1) or Z (3,2)",
                ))
            }
            'O' => {
                return Err(err(
                    at,
                    "castling (O) is configured in [castling], not in Betza",
                ))
            }
            c => match atom(c) {
                Some(b) => (vec![b], None),
                None => return Err(err(at, &format!("unknown atom '{c}'"))),
            },
        };
        // Doubled atom = rider.
        if i < chars.len() && chars[i] == letter && atom(letter).is_some() {
            range = Some(0);
            i += 1;
        }
        // Trailing range number.
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            let n: u32 = chars[start..i]
                .iter()
                .collect::<String>()
                .parse()
                .map_err(|_| err(start, "bad range number"))?;
            if n > 99 {
                return Err(err(start, "range over 99"));
            }
            if letter == 'K' {
                return Err(err(
                    start,
                    "a range on K is not supported; write it as W and F",
                ));
            }
            range = Some(n as u8);
        }
        if !quiet && !capture {
            quiet = true;
            capture = true;
        }
        if ep && !capture {
            return Err(err(at, "e (en passant) needs a capturing move"));
        }
        let reach = match (circle, range) {
            (true, r) => {
                if letter != 'N' && letter != 'W' && letter != 'F' && atom(letter).is_none() {
                    return Err(err(at, "q (circular) needs a single atom"));
                }
                Reach::Circle(r.unwrap_or(0))
            }
            (false, None) | (false, Some(1)) => Reach::Leap,
            (false, Some(r)) => Reach::Ride(r),
        };
        let dir_tokens: Vec<String> = dir_runs.iter().flat_map(|r| direction_tokens(r)).collect();
        let before = out.len();
        for base in bases {
            for (dx, dy) in images(base) {
                if !dir_tokens.is_empty() && !dir_tokens.iter().any(|d| selects(d, dx, dy)) {
                    continue;
                }
                if lame && reach == Reach::Leap && !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                    return Err(err(at, "lame (n) oblique leaps are not supported"));
                }
                let v = Vector {
                    dx,
                    dy,
                    reach,
                    quiet,
                    capture,
                    initial,
                    en_passant: ep,
                    lame,
                };
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        if out.len() == before {
            return Err(err(at, "the directions select no move of this atom"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Vec<(i8, i8, Reach, bool, bool)> {
        let mut v: Vec<_> = parse(text)
            .unwrap()
            .into_iter()
            .map(|v| (v.dx, v.dy, v.reach, v.quiet, v.capture))
            .collect();
        v.sort_by_key(|t| (t.0, t.1));
        v
    }

    #[test]
    fn knight_has_eight_leaps() {
        assert_eq!(set("N").len(), 8);
        assert!(set("N").iter().all(|t| t.2 == Reach::Leap));
    }

    #[test]
    fn queen_is_rook_and_bishop() {
        let q = set("Q");
        assert_eq!(q.len(), 8);
        assert!(q.iter().all(|t| t.2 == Reach::Ride(0)));
        let mut rb = set("RB");
        rb.sort_by_key(|t| (t.0, t.1));
        assert_eq!(q, rb);
    }

    #[test]
    fn fide_pawn() {
        let p = parse("fmWfceFifmnD").unwrap();
        assert_eq!(p.len(), 4);
        assert!(p
            .iter()
            .any(|v| v.dx == 0 && v.dy == 1 && v.quiet && !v.capture));
        assert!(p
            .iter()
            .any(|v| v.dx == 1 && v.dy == 1 && v.capture && v.en_passant));
        assert!(p
            .iter()
            .any(|v| v.dx == 0 && v.dy == 2 && v.initial && v.lame));
    }

    #[test]
    fn narrow_and_wide_knight_directions() {
        assert_eq!(
            set("ffN").iter().map(|t| (t.0, t.1)).collect::<Vec<_>>(),
            vec![(-1, 2), (1, 2)]
        );
        assert_eq!(
            set("fsN").iter().map(|t| (t.0, t.1)).collect::<Vec<_>>(),
            vec![(-2, 1), (2, 1)]
        );
        assert_eq!(set("fN").len(), 4);
        assert_eq!(
            set("ffC").iter().map(|t| (t.0, t.1)).collect::<Vec<_>>(),
            vec![(-1, 3), (1, 3)]
        );
    }

    #[test]
    fn directional_riders() {
        assert_eq!(set("vRsW").len(), 4);
        assert_eq!(set("fB").len(), 2);
        assert_eq!(set("fsW").len(), 3);
        assert_eq!(set("flW").len(), 2);
        assert_eq!(set("frF").len(), 1);
        assert_eq!(set("bF").iter().filter(|t| t.1 < 0).count(), 2);
        assert_eq!(set("W3")[0].2, Reach::Ride(3));
        assert_eq!(set("NN")[0].2, Reach::Ride(0));
    }

    #[test]
    fn errors_say_where() {
        let e = parse("fpR").unwrap_err();
        assert_eq!(e.at, 1);
        assert!(parse("").is_err());
        assert!(parse("fm").is_err());
        assert!(parse("X").is_err());
        assert!(parse("L").is_err());
        assert!(parse("bW0x").is_err());
    }
}
