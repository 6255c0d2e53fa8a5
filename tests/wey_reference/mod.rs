//! An independent, slow reference move generator for Wey, written only for tests.
//!
//! It is a plain transcription of `docs/rules/wey.md` (WEY-1..WEY-12) and shares no code with
//! the crate: its own FEN reader (placement and side to move of an 8x8 Wey FEN), its own board
//! (an 8x8 array of `Option<Man>`), its own move walker and its own make (copying the array).
//! Moves are printed as UCI strings the way the engine writes them: `e2e3`, a Pawn crossing
//! the River with its promotion letter, `d4d5w` (WEY-4).
//!
//! Nothing here is fast or clever on purpose: it is the thing the fast generator is checked
//! against, so every rule is written the way the rules file states it.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// The two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The Wey pieces, with their FEN letters (rules file, "Letters").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pawn,
    Wazir,
    Bishop,
    Queen,
    Prince,
    Marshal,
    Rose,
}

impl Kind {
    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'W' => Kind::Wazir,
            'B' => Kind::Bishop,
            'Q' => Kind::Queen,
            'I' => Kind::Prince,
            'M' => Kind::Marshal,
            'O' => Kind::Rose,
            _ => return None,
        })
    }

    fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Wazir => 'W',
            Kind::Bishop => 'B',
            Kind::Queen => 'Q',
            Kind::Prince => 'I',
            Kind::Marshal => 'M',
            Kind::Rose => 'O',
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub side: Side,
    pub kind: Kind,
}

/// A square as (file, rank), both 0..8: a1 = (0, 0), h8 = (7, 7).
pub type Sq = (i32, i32);

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The River runs between ranks 4 and 5: ranks 1-4 (indices 0-3) are the south bank.
fn south_bank((_, r): Sq) -> bool {
    r < 4
}

/// WEY-1: "toward the River" from a square: up on the south bank, down on the north bank.
fn toward_river(sq: Sq) -> i32 {
    if south_bank(sq) {
        1
    } else {
        -1
    }
}

/// Does a move from `a` to `b` cross the River?
fn crosses(a: Sq, b: Sq) -> bool {
    south_bank(a) != south_bank(b)
}

/// A move: from, to, and whether a Pawn becomes a Wazir on the way (WEY-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub promotes: bool,
}

impl Move {
    /// UCI text, as the engine writes it: `e2e3`, `d4d5w`.
    pub fn uci(&self) -> String {
        let mut s = name(self.from) + &name(self.to);
        if self.promotes {
            s.push('w');
        }
        s
    }
}

/// Pieces of the victory set each side starts with (WEY-10: Queen 1, Prince 1, Marshals 2,
/// Bishops 2, Roses 2), and how many of each must be captured (WEY-12: all five of Queen,
/// Prince, a Marshal, a Bishop, a Rose).
const VICTORY_SET: [(Kind, u32, u32); 5] = [
    (Kind::Queen, 1, 1),
    (Kind::Prince, 1, 1),
    (Kind::Marshal, 2, 1),
    (Kind::Bishop, 2, 1),
    (Kind::Rose, 2, 1),
];

/// A Wey position: the board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// `squares[rank][file]`, rank 0 = rank 1.
    squares: [[Option<Man>; 8]; 8],
    pub to_move: Side,
}

impl Board {
    /// Read the placement and side-to-move fields of a Wey FEN (the rest is ignored: Wey has
    /// no castling and no en passant, WEY-2, and perft ignores the move counters).
    pub fn from_fen(fen: &str) -> Result<Board, String> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or("empty FEN")?;
        let side = fields.next().ok_or("no side to move")?;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return Err(format!("{} ranks, expected 8", rows.len()));
        }
        let mut squares = [[None; 8]; 8];
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let kind = Kind::from_letter(c).ok_or(format!("unknown piece letter {c:?}"))?;
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                if file >= 8 {
                    return Err(format!("rank {} is too long", rank + 1));
                }
                squares[rank][file] = Some(Man { side, kind });
                file += 1;
            }
            if file != 8 {
                return Err(format!("rank {} has {file} files", rank + 1));
            }
        }
        let to_move = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(format!("bad side to move {side:?}")),
        };
        Ok(Board { squares, to_move })
    }

    /// The placement and side-to-move fields of the FEN.
    pub fn fen_head(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank][file] {
                    None => empty += 1,
                    Some(m) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = m.kind.letter();
                        out.push(if m.side == Side::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.to_move == Side::White {
            " w"
        } else {
            " b"
        });
        out
    }

    pub fn at(&self, (f, r): Sq) -> Option<Man> {
        self.squares[r as usize][f as usize]
    }

    fn count(&self, side: Side, kind: Kind) -> u32 {
        self.squares
            .iter()
            .flatten()
            .filter(|m| **m == Some(Man { side, kind }))
            .count() as u32
    }

    /// WEY-12: has `side` lost its whole victory set? Captured pieces are the start-array
    /// numbers less those still on the board.
    pub fn set_captured(&self, side: Side) -> bool {
        VICTORY_SET
            .iter()
            .all(|&(kind, start, need)| start.saturating_sub(self.count(side, kind)) >= need)
    }

    /// The winner, once a victory set is complete.
    pub fn winner(&self) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|&s| self.set_captured(s))
            .map(Side::other)
    }

    /// Every legal move of the side to move. There is no king and no check, so every move that
    /// obeys the movement rules is legal; a finished game has none. A destination reached by
    /// several Rose paths is one move.
    pub fn moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = Vec::new();
        if self.winner().is_some() {
            return out;
        }
        for r in 0..8 {
            for f in 0..8 {
                let from = (f, r);
                match self.at(from) {
                    Some(m) if m.side == self.to_move => {
                        for to in self.targets(from, m.kind) {
                            let mv = Move {
                                from,
                                to,
                                promotes: m.kind == Kind::Pawn && crosses(from, to),
                            };
                            if !out.contains(&mv) {
                                out.push(mv);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The legal moves as a set of UCI strings.
    pub fn move_texts(&self) -> BTreeSet<String> {
        self.moves().iter().map(Move::uci).collect()
    }

    /// May the side to move end a move on `sq`? (Empty, or an enemy to capture.)
    fn free_or_enemy(&self, sq: Sq) -> bool {
        match self.at(sq) {
            None => true,
            Some(m) => m.side != self.to_move,
        }
    }

    fn enemy_at(&self, sq: Sq) -> bool {
        matches!(self.at(sq), Some(m) if m.side != self.to_move)
    }

    /// Destinations of the piece of `kind` on `from` (may repeat).
    fn targets(&self, from: Sq, kind: Kind) -> Vec<Sq> {
        const ORTHOGONAL: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const KNIGHT: [Sq; 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let all_eight: Vec<Sq> = ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect();
        match kind {
            Kind::Pawn => self.pawn_targets(from),
            Kind::Wazir => self.steps(from, &ORTHOGONAL),
            Kind::Bishop => self.slides(from, &DIAGONAL),
            Kind::Queen => self
                .slides(from, &all_eight)
                .into_iter()
                .filter(|&to| queen_may_cross(from, to))
                .collect(),
            Kind::Prince => self
                .steps(from, &all_eight)
                .into_iter()
                .filter(|&to| prince_may_cross(from, to))
                .collect(),
            Kind::Marshal => {
                let mut t = self.slides(from, &ORTHOGONAL);
                t.extend(self.steps(from, &KNIGHT));
                t
            }
            Kind::Rose => self.rose_targets(from, &KNIGHT),
        }
    }

    /// WEY-1..WEY-3: one step toward the River, orthogonally onto an empty square, or
    /// diagonally (toward the River) onto an enemy; never onto an unpromoted enemy Pawn that
    /// goes in the same direction as this one.
    fn pawn_targets(&self, from: Sq) -> Vec<Sq> {
        let dir = toward_river(from);
        let mut t = Vec::new();
        let ahead = (from.0, from.1 + dir);
        if on_board(ahead) && self.at(ahead).is_none() {
            t.push(ahead);
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + dir);
            if !on_board(to) || !self.enemy_at(to) {
                continue;
            }
            let victim = self.at(to).unwrap();
            if victim.kind == Kind::Pawn && toward_river(to) == dir {
                continue; // WEY-3
            }
            t.push(to);
        }
        t
    }

    /// One step along each vector (leaps cannot be blocked).
    fn steps(&self, from: Sq, vectors: &[Sq]) -> Vec<Sq> {
        vectors
            .iter()
            .map(|&(df, dr)| (from.0 + df, from.1 + dr))
            .filter(|&to| on_board(to) && self.free_or_enemy(to))
            .collect()
    }

    /// Any distance along each vector through empty squares, capturing the first enemy.
    fn slides(&self, from: Sq, vectors: &[Sq]) -> Vec<Sq> {
        let mut t = Vec::new();
        for &(df, dr) in vectors {
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                match self.at(to) {
                    None => t.push(to),
                    Some(m) => {
                        if m.side != self.to_move {
                            t.push(to);
                        }
                        break;
                    }
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
        t
    }

    /// WEY-8: up to 6 knight leaps, starting with any of the 8 knight vectors and turning by
    /// one step round the circle between leaps, always the same way; every landing square
    /// before the last is on the board and empty, the last is empty or an enemy.
    fn rose_targets(&self, from: Sq, circle: &[Sq; 8]) -> Vec<Sq> {
        let mut t = Vec::new();
        for first in 0..8 {
            for turn in [1, 7] {
                let mut at = from;
                for leap in 0..6 {
                    let (df, dr) = circle[(first + leap * turn) % 8];
                    at = (at.0 + df, at.1 + dr);
                    if !on_board(at) {
                        break;
                    }
                    if self.free_or_enemy(at) {
                        t.push(at);
                    }
                    if self.at(at).is_some() {
                        break;
                    }
                }
            }
        }
        t
    }

    /// Play a move on a copy of the board.
    pub fn play(&self, m: Move) -> Board {
        let mut next = self.clone();
        let mut man = self.at(m.from).expect("a piece on the from square");
        if m.promotes {
            man.kind = Kind::Wazir;
        }
        next.squares[m.from.1 as usize][m.from.0 as usize] = None;
        next.squares[m.to.1 as usize][m.to.0 as usize] = Some(man);
        next.to_move = self.to_move.other();
        next
    }

    /// Play a move given as UCI text; panics if it is not legal here.
    pub fn play_uci(&self, text: &str) -> Board {
        let m = self
            .moves()
            .into_iter()
            .find(|m| m.uci() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen_head()));
        self.play(m)
    }

    /// Leaf count of the legal move tree.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }
}

/// WEY-9: a Queen move from one bank to the other is legal only if it is a diagonal move along
/// a1-h8 through d4 and e5, or along h1-a8 through e4 and d5.
fn queen_may_cross(from: Sq, to: Sq) -> bool {
    if !crosses(from, to) {
        return true;
    }
    let (df, dr) = (to.0 - from.0, to.1 - from.1);
    if df.abs() != dr.abs() {
        return false;
    }
    let step = (df.signum(), dr.signum());
    let mut passed = vec![from];
    let mut at = from;
    while at != to {
        at = (at.0 + step.0, at.1 + step.1);
        passed.push(at);
    }
    let through = |a: &str, b: &str| {
        passed.iter().any(|&s| name(s) == a) && passed.iter().any(|&s| name(s) == b)
    };
    through("d4", "e5") || through("e4", "d5")
}

/// WEY-9: a Prince crosses only by the steps d4-e5, e5-d4, e4-d5, d5-e4.
fn prince_may_cross(from: Sq, to: Sq) -> bool {
    if !crosses(from, to) {
        return true;
    }
    let step = name(from) + &name(to);
    ["d4e5", "e5d4", "e4d5", "d5e4"].contains(&step.as_str())
}
