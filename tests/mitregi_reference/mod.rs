//! An independent, slow reference move generator for Partnership Mitregi, written only for tests.
//!
//! It is a plain transcription of `docs/rules/partnership-mitregi.md` (MIT-1..MIT-18) and
//! shares no code with the crate: its own FEN reader and writer (MIT-17), its own board (an 8x8
//! array of `Option<Man>` and four reserve counters), its own move walker and its own make
//! (copying the whole position). Moves are printed as UCI strings the way the engine writes
//! them: `e2e3`; a Point crossing the River with its promotion letter, `d4d5w` (MIT-7); a drop
//! as `P@e4`, the letter always upper case (MIT-9).
//!
//! Nothing here is fast or clever on purpose: it is the thing the fast generator is checked
//! against, so every rule is written the way the rules file states it. The config defaults are
//! the ones transcribed: MIT-3a with the Wazir allowed (which needs no code: see
//! [`Position::legal_moves`]), the MIT-16 start array of MIT-17.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// The two armies (teams). Upper-case letters are White, lower-case Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Army {
    White,
    Black,
}

impl Army {
    pub fn other(self) -> Army {
        match self {
            Army::White => Army::Black,
            Army::Black => Army::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Army::White => 0,
            Army::Black => 1,
        }
    }
}

/// The two banks of the River, which runs between ranks 4 and 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bank {
    /// Ranks 1-4, the side "with the Kings".
    South,
    /// Ranks 5-8, the side "with the Rooks".
    North,
}

impl Bank {
    fn index(self) -> usize {
        match self {
            Bank::South => 0,
            Bank::North => 1,
        }
    }

    /// MIT-2: "forward" for the player of this bank points toward the River from it: up (+1
    /// rank) for the south seats, down (-1 rank) for the north seats, wherever the piece is.
    fn forward(self) -> i32 {
        match self {
            Bank::South => 1,
            Bank::North => -1,
        }
    }
}

/// MIT-1: the four seats in turn order, each with its army and its bank: 0 = White south,
/// 1 = Black south, 2 = White north, 3 = Black north, then seat 0 again.
pub const SEATS: [(Army, Bank); 4] = [
    (Army::White, Bank::South),
    (Army::Black, Bank::South),
    (Army::White, Bank::North),
    (Army::Black, Bank::North),
];

/// The Mitregi pieces, with their FEN letters (rules file, "Letters").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    King,
    Rook,
    Bishop,
    Wazir,
    Point,
    Wing,
    Helm,
    Mitre,
    Hump,
}

impl Kind {
    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'W' => Kind::Wazir,
            'P' => Kind::Point,
            'L' => Kind::Wing,
            'H' => Kind::Helm,
            'M' => Kind::Mitre,
            'U' => Kind::Hump,
            _ => return None,
        })
    }

    /// The upper-case letter.
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Wazir => 'W',
            Kind::Point => 'P',
            Kind::Wing => 'L',
            Kind::Helm => 'H',
            Kind::Mitre => 'M',
            Kind::Hump => 'U',
        }
    }

    /// MIT-4, MIT-5: the lines a piece moves along, as (file step, rank step, slides), seen
    /// by a player whose forward is up (+1 rank). A slider goes any distance through empty
    /// squares, the others take exactly one step (the Helm and Hump leap, so nothing between
    /// matters). MIT-2: a player whose forward is down sees the same lines with the rank step
    /// negated, which changes nothing for the symmetric King, Rook, Bishop and Wazir.
    fn lines(self) -> &'static [(i32, i32, bool)] {
        match self {
            // MIT-4: one step any direction.
            Kind::King => &[
                (1, 0, false),
                (-1, 0, false),
                (0, 1, false),
                (0, -1, false),
                (1, 1, false),
                (1, -1, false),
                (-1, 1, false),
                (-1, -1, false),
            ],
            // MIT-4: FIDE rook and bishop; one orthogonal step.
            Kind::Rook => &[(1, 0, true), (-1, 0, true), (0, 1, true), (0, -1, true)],
            Kind::Bishop => &[(1, 1, true), (1, -1, true), (-1, 1, true), (-1, -1, true)],
            Kind::Wazir => &[(1, 0, false), (-1, 0, false), (0, 1, false), (0, -1, false)],
            // MIT-5: fW.
            Kind::Point => &[(0, 1, false)],
            // MIT-5: fR.
            Kind::Wing => &[(0, 1, true)],
            // MIT-5: ffN, two ranks ahead on either neighbouring file.
            Kind::Helm => &[(-1, 2, false), (1, 2, false)],
            // MIT-5: fB.
            Kind::Mitre => &[(-1, 1, true), (1, 1, true)],
            // MIT-5: ffC, offsets (±1, 3 forward).
            Kind::Hump => &[(-1, 3, false), (1, 3, false)],
        }
    }
}

/// MIT-17: the kinds a reserve can hold, in the order the FEN writes them. K and W never
/// appear: Kings are never captured (MIT-10) and a captured Wazir becomes a Point (MIT-7).
pub const RESERVE_ORDER: [Kind; 7] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Point,
    Kind::Wing,
    Kind::Helm,
    Kind::Mitre,
    Kind::Hump,
];

fn reserve_index(kind: Kind) -> Option<usize> {
    RESERVE_ORDER.iter().position(|&k| k == kind)
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub army: Army,
    pub kind: Kind,
}

/// A square as (file, rank), both 0..8: a1 = (0, 0), h8 = (7, 7).
pub type Sq = (i32, i32);

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// The square's name, `a1`..`h8`.
pub fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The bank a square is on: ranks 1-4 (indices 0-3) are south, ranks 5-8 north.
pub fn bank_of((_, r): Sq) -> Bank {
    if r < 4 {
        Bank::South
    } else {
        Bank::North
    }
}

/// A move: a board move (with its MIT-7 promotion and whether it is an MIT-12 fallback) or a
/// drop from the reserve (MIT-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Board {
        from: Sq,
        to: Sq,
        /// MIT-7: a Point crossing the River becomes a Wazir.
        promotes: bool,
        /// MIT-12: a move entirely on the other bank, allowed only as a last resort in check.
        fallback: bool,
    },
    Drop {
        kind: Kind,
        to: Sq,
    },
}

impl Move {
    /// UCI text, as the engine writes it: `e2e3`, `d4d5w`, `P@e4`.
    pub fn uci(&self) -> String {
        match *self {
            Move::Board {
                from, to, promotes, ..
            } => {
                let mut s = name(from) + &name(to);
                if promotes {
                    s.push('w');
                }
                s
            }
            Move::Drop { kind, to } => format!("{}@{}", kind.letter(), name(to)),
        }
    }

    /// Is this an MIT-12 fallback move (entirely on the other bank, made because nothing else
    /// gets the King out of check)?
    pub fn is_fallback(&self) -> bool {
        matches!(self, Move::Board { fallback: true, .. })
    }
}

/// A Partnership Mitregi position: board, seat to move, the four reserves and the counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// `squares[rank][file]`, rank 0 = rank 1.
    squares: [[Option<Man>; 8]; 8],
    /// The seat to move, 0..4 (MIT-1).
    pub seat: usize,
    /// MIT-8: `reserves[army][bank][i]` counts pieces of kind `RESERVE_ORDER[i]` that `army`'s
    /// player of `bank` may drop.
    reserves: [[[u32; 7]; 2]; 2],
    /// MIT-17: plies since the last capture, drop or Point move.
    pub halfmove: u32,
    /// MIT-17: starts at 1, grows after each Black seat's move.
    pub fullmove: u32,
}

/// MIT-17: the start position.
pub const START: &str =
    "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 0 1";

/// MIT-17: the labels of the four reserves in the FEN, in the order they are written.
const RESERVE_LABELS: [(&str, Army, Bank); 4] = [
    ("WS", Army::White, Bank::South),
    ("WN", Army::White, Bank::North),
    ("BS", Army::Black, Bank::South),
    ("BN", Army::Black, Bank::North),
];

impl Position {
    /// Read an MIT-17 FEN: `<board> <seat 0-3> [WS:..|WN:..|BS:..|BN:..] <halfmove>
    /// <fullmove>`. Reserve letters may come in any order and either case; the four reserve
    /// sections may come in any order but each exactly once. At most one King per army.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(format!("{} fields, expected 5", fields.len()));
        }
        let squares = read_board(fields[0])?;
        let seat = match fields[1] {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            "3" => 3,
            s => return Err(format!("bad seat {s:?}")),
        };
        let reserves = read_reserves(fields[2])?;
        let halfmove = fields[3]
            .parse()
            .map_err(|_| format!("bad halfmove count {:?}", fields[3]))?;
        let fullmove = fields[4]
            .parse()
            .map_err(|_| format!("bad fullmove number {:?}", fields[4]))?;
        let p = Position {
            squares,
            seat,
            reserves,
            halfmove,
            fullmove,
        };
        for army in [Army::White, Army::Black] {
            if p.kings(army).len() > 1 {
                return Err(format!("{army:?} has more than one King"));
            }
        }
        Ok(p)
    }

    /// The MIT-17 FEN of the position: reserves in the army's case, in the order R B P L H M U.
    pub fn fen(&self) -> String {
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
                        out.push(army_case(m.army, m.kind.letter()));
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
        out.push_str(&format!(" {} [", self.seat));
        for (i, &(label, army, bank)) in RESERVE_LABELS.iter().enumerate() {
            if i > 0 {
                out.push('|');
            }
            out.push_str(label);
            out.push(':');
            for (j, &kind) in RESERVE_ORDER.iter().enumerate() {
                for _ in 0..self.reserves[army.index()][bank.index()][j] {
                    out.push(army_case(army, kind.letter()));
                }
            }
        }
        out.push_str(&format!("] {} {}", self.halfmove, self.fullmove));
        out
    }

    /// The piece on a square.
    pub fn at(&self, (f, r): Sq) -> Option<Man> {
        self.squares[r as usize][f as usize]
    }

    fn put(&mut self, (f, r): Sq, man: Option<Man>) {
        self.squares[r as usize][f as usize] = man;
    }

    /// How many pieces of `kind` the reserve of (`army`, `bank`) holds (MIT-8).
    pub fn reserve(&self, army: Army, bank: Bank, kind: Kind) -> u32 {
        reserve_index(kind).map_or(0, |i| self.reserves[army.index()][bank.index()][i])
    }

    /// The army of the seat to move (MIT-1).
    pub fn army(&self) -> Army {
        SEATS[self.seat].0
    }

    /// The bank of the seat to move (MIT-1).
    pub fn bank(&self) -> Bank {
        SEATS[self.seat].1
    }

    fn squares_of(&self, army: Army) -> Vec<(Sq, Kind)> {
        let mut out = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if let Some(m) = self.at((f, r)) {
                    if m.army == army {
                        out.push(((f, r), m.kind));
                    }
                }
            }
        }
        out
    }

    fn kings(&self, army: Army) -> Vec<Sq> {
        self.squares_of(army)
            .into_iter()
            .filter(|&(_, kind)| kind == Kind::King)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The walker: calls `visit` with each square a piece of `kind` on `from` reaches when
    /// moved with forward `fwd` (+1 up, -1 down): along each line the empty squares, and the
    /// first occupied square whoever stands on it (the caller decides whether it may be
    /// captured).
    fn walk(&self, from: Sq, kind: Kind, fwd: i32, mut visit: impl FnMut(Sq)) {
        for &(df, dr, slides) in kind.lines() {
            let dr = dr * fwd;
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                visit(to);
                if !slides || self.at(to).is_some() {
                    break;
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
    }

    /// The squares the walker visits, in order.
    fn reach(&self, from: Sq, kind: Kind, fwd: i32) -> Vec<Sq> {
        let mut out = Vec::new();
        self.walk(from, kind, fwd, |to| out.push(to));
        out
    }

    /// Does the walker visit `target`?
    fn reaches(&self, from: Sq, kind: Kind, fwd: i32, target: Sq) -> bool {
        let mut hit = false;
        self.walk(from, kind, fwd, |to| hit |= to == target);
        hit
    }

    /// Board moves of the seat to move's army, with the seat's forward (MIT-2), whose from and
    /// to squares pass `allowed`. A move may end on an empty square or on an enemy piece that
    /// is not a King (MIT-10: no move lands on a King).
    fn board_moves(&self, allowed: impl Fn(Sq, Sq) -> bool, fallback: bool) -> Vec<Move> {
        let army = self.army();
        let fwd = self.bank().forward();
        let mut out = Vec::new();
        for (from, kind) in self.squares_of(army) {
            for to in self.reach(from, kind, fwd) {
                let may_land = match self.at(to) {
                    None => true,
                    Some(m) => m.army != army && m.kind != Kind::King,
                };
                if may_land && allowed(from, to) {
                    out.push(Move::Board {
                        from,
                        to,
                        // MIT-7: the Point crossing the River promotes.
                        promotes: kind == Kind::Point && bank_of(from) != bank_of(to),
                        fallback,
                    });
                }
            }
        }
        out
    }

    /// MIT-9: drops from the reserve of the mover's army for the mover's bank, onto every
    /// empty square of the mover's bank.
    fn drops(&self) -> Vec<Move> {
        let (army, bank) = (self.army(), self.bank());
        let mut out = Vec::new();
        for &kind in &RESERVE_ORDER {
            if self.reserve(army, bank, kind) == 0 {
                continue;
            }
            for r in 0..8 {
                for f in 0..8 {
                    if bank_of((f, r)) == bank && self.at((f, r)).is_none() {
                        out.push(Move::Drop { kind, to: (f, r) });
                    }
                }
            }
        }
        out
    }

    /// MIT-10: is a King of `army` in check? It is when a piece of the enemy army could capture
    /// it by a board move that one of the two enemy seats could make under MIT-2 and MIT-3's
    /// first sentence: with that seat's forward, starting or ending on that seat's bank. The
    /// enemy's own King safety does not matter, and MIT-12 fallback moves (both squares off the
    /// seat's bank) never count.
    pub fn king_in_check(&self, army: Army) -> bool {
        let enemy = army.other();
        let enemy_seats: Vec<Bank> = SEATS
            .iter()
            .filter(|&&(seat_army, _)| seat_army == enemy)
            .map(|&(_, bank)| bank)
            .collect();
        let attackers = self.squares_of(enemy);
        self.kings(army).into_iter().any(|king| {
            attackers.iter().any(|&(from, kind)| {
                enemy_seats.iter().any(|&seat_bank| {
                    (bank_of(from) == seat_bank || bank_of(king) == seat_bank)
                        && self.reaches(from, kind, seat_bank.forward(), king)
                })
            })
        })
    }

    /// Is the King of the seat to move's army in check (MIT-10)?
    pub fn in_check(&self) -> bool {
        self.king_in_check(self.army())
    }

    /// Every legal move of the seat to move.
    ///
    /// MIT-3/MIT-11: board moves starting or ending on the mover's bank, and drops (MIT-9),
    /// that leave the mover's King out of check. MIT-3a needs no filter here: a move from the
    /// other bank onto the mover's bank goes against the mover's forward, so only the pieces
    /// that also move backward (King, Rook, Bishop and, by the MIT-3a decision, Wazir) can
    /// make it; a forward-only piece on the other bank can only move further from the River.
    ///
    /// MIT-12: only if the King is in check and there is no such move, board moves entirely
    /// on the other bank (mover's forward) that take the King out of check; never drops.
    ///
    /// MIT-13: not in check and no MIT-11 move: stalemate, no moves. A checkmated or
    /// stalemated seat has an empty list.
    pub fn legal_moves(&self) -> Vec<Move> {
        let army = self.army();
        let bank = self.bank();
        let mut moves = self.board_moves(
            |from, to| bank_of(from) == bank || bank_of(to) == bank,
            false,
        );
        moves.extend(self.drops());
        moves.retain(|m| !self.play(m).king_in_check(army));
        if !moves.is_empty() || !self.in_check() {
            return moves;
        }
        let mut fallback = self.board_moves(
            |from, to| bank_of(from) != bank && bank_of(to) != bank,
            true,
        );
        fallback.retain(|m| !self.play(m).king_in_check(army));
        fallback
    }

    /// The legal moves as a set of UCI strings.
    pub fn move_texts(&self) -> BTreeSet<String> {
        self.legal_moves().iter().map(Move::uci).collect()
    }

    /// Play a move on a copy of the position (no legality check).
    ///
    /// MIT-7/MIT-8: a captured piece goes, a Wazir as a Point, to the reserve of the capturing
    /// army for the bank of the destination square; a crossing Point becomes a Wazir. MIT-9: a
    /// drop takes the piece from the mover's reserve for the mover's bank. MIT-17: the
    /// halfmove count resets on a capture, a drop or a Point move; the fullmove number grows
    /// after a Black seat's move. MIT-1: the next seat moves.
    pub fn play(&self, m: &Move) -> Position {
        let mut next = self.clone();
        let army = self.army();
        match *m {
            Move::Board {
                from, to, promotes, ..
            } => {
                let mut man = self.at(from).expect("a piece on the from square");
                let mut reset = man.kind == Kind::Point;
                if let Some(victim) = self.at(to) {
                    assert!(victim.army != army && victim.kind != Kind::King);
                    let kind = if victim.kind == Kind::Wazir {
                        Kind::Point
                    } else {
                        victim.kind
                    };
                    let i = reserve_index(kind).expect("a reserve kind");
                    next.reserves[army.index()][bank_of(to).index()][i] += 1;
                    reset = true;
                }
                if promotes {
                    man.kind = Kind::Wazir;
                }
                next.put(from, None);
                next.put(to, Some(man));
                if reset {
                    next.halfmove = 0;
                } else {
                    next.halfmove += 1;
                }
            }
            Move::Drop { kind, to } => {
                let i = reserve_index(kind).expect("a reserve kind");
                let count = &mut next.reserves[army.index()][self.bank().index()][i];
                assert!(*count > 0, "drop from an empty reserve");
                *count -= 1;
                assert!(self.at(to).is_none(), "drop onto an occupied square");
                next.put(to, Some(Man { army, kind }));
                next.halfmove = 0;
            }
        }
        if army == Army::Black {
            next.fullmove += 1;
        }
        next.seat = (self.seat + 1) % 4;
        next
    }

    /// Play a move given as UCI text; panics if it is not legal here.
    pub fn play_uci(&self, text: &str) -> Position {
        let m = self
            .legal_moves()
            .into_iter()
            .find(|m| m.uci() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()));
        self.play(&m)
    }

    /// Leaf count of the legal move tree. A decided position (checkmate, stalemate) has no
    /// moves; the MIT-14 draws do not end the tree (rules README).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

/// A letter in the army's case: upper for White, lower for Black.
fn army_case(army: Army, c: char) -> char {
    match army {
        Army::White => c.to_ascii_uppercase(),
        Army::Black => c.to_ascii_lowercase(),
    }
}

/// The placement field: eight ranks, rank 8 first, digits for empty squares.
fn read_board(placement: &str) -> Result<[[Option<Man>; 8]; 8], String> {
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
            let army = if c.is_ascii_uppercase() {
                Army::White
            } else {
                Army::Black
            };
            if file >= 8 {
                return Err(format!("rank {} is too long", rank + 1));
            }
            squares[rank][file] = Some(Man { army, kind });
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {file} files", rank + 1));
        }
    }
    Ok(squares)
}

/// The reserve field: `[WS:..|WN:..|BS:..|BN:..]`, each section once, in any order; letters
/// R B P L H M U in any order and either case (the section names the army).
fn read_reserves(field: &str) -> Result<[[[u32; 7]; 2]; 2], String> {
    let inner = field
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or(format!("reserves {field:?} not in brackets"))?;
    let mut reserves = [[[0u32; 7]; 2]; 2];
    let mut seen = [false; 4];
    for section in inner.split('|') {
        let (label, letters) = section
            .split_once(':')
            .ok_or(format!("reserve section {section:?} without ':'"))?;
        let slot = RESERVE_LABELS
            .iter()
            .position(|&(l, _, _)| l == label)
            .ok_or(format!("unknown reserve {label:?}"))?;
        if seen[slot] {
            return Err(format!("reserve {label} given twice"));
        }
        seen[slot] = true;
        let (_, army, bank) = RESERVE_LABELS[slot];
        for c in letters.chars() {
            let i = Kind::from_letter(c)
                .and_then(reserve_index)
                .ok_or(format!("{c:?} cannot be in a reserve"))?;
            reserves[army.index()][bank.index()][i] += 1;
        }
    }
    if seen.contains(&false) {
        return Err(format!("reserves {field:?} miss a section"));
    }
    Ok(reserves)
}
