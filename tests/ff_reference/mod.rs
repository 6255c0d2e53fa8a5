//! An independent, slow reference move generator for Flight and Ferry, written only for tests.
//!
//! It is a plain transcription of `docs/rules/flight-and-ferry.md` (FF-1..FF-26) and shares
//! no code with the crate: its own FEN reader and writer (FF-25: `()` an empty Ferry, `(R)` a
//! Rook on a Ferry), its own board (a 10x8 array of `Option<Man>` beside a 10x8 array of Ferry
//! marks), its own move walker and its own make (copying the position). Legality is decided the
//! slowest obvious way: play the move, then ask whether any pseudo-legal move of the enemy
//! (Rides, pass-through and beyond captures included, FF-19) would capture the King.
//!
//! Squares are `(file, rank)`, both 0-based: a1 = (0, 0), h10 = (7, 9). Ranks 1-5 (0..=4) are
//! Wessex's shore, ranks 6-10 (5..=9) Wales's; the Bristol Channel runs between ranks 5 and 6.
//!
//! Move text (FF-26): `e3e4`, a promotion `e9e10q` (letter in lower case), castling as the
//! King's move `e2g2`, a Ride `d5e6~`, a Send `d5>a6` (the Ferry goes from d5 to a6, the piece
//! stays), a pass-through (FF-17) or beyond (FF-18) capture as its plain `from to`: which
//! piece, if any, such a move captures follows from the position (see [`Move::text`]).
//!
//! Nothing here is fast or clever on purpose: it is the thing the fast generator is checked
//! against, so every rule is written the way the rules file states it.

#![allow(dead_code)]

/// Number of files (a-h).
pub const FILES: i32 = 8;
/// Number of ranks (1-10).
pub const RANKS: i32 = 10;

/// The two sides. Wessex (south, upper case, `w`) moves first; Wales (north, lower case, `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Wessex,
    Wales,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::Wessex => Side::Wales,
            Side::Wales => Side::Wessex,
        }
    }

    /// "Forward" is fixed per side, wherever the piece stands: up for Wessex, down for Wales
    /// (rules head; FF-6, FF-7, FF-9).
    fn forward(self) -> i32 {
        match self {
            Side::Wessex => 1,
            Side::Wales => -1,
        }
    }

    /// The rank (0-based) where this side's Pawns start and may double-step (FF-9, FF-24):
    /// rank 3 for Wessex, rank 8 for Wales.
    fn pawn_rank(self) -> i32 {
        match self {
            Side::Wessex => 2,
            Side::Wales => 7,
        }
    }

    /// The enemy's piece rank, where a Pawn may promote (FF-21): rank 9 for Wessex, 2 for Wales.
    fn optional_promotion_rank(self) -> i32 {
        match self {
            Side::Wessex => 8,
            Side::Wales => 1,
        }
    }

    /// The far rank, where a Pawn must promote (FF-22): rank 10 for Wessex, 1 for Wales.
    fn far_rank(self) -> i32 {
        match self {
            Side::Wessex => 9,
            Side::Wales => 0,
        }
    }

    /// The castling rank (FF-20): rank 2 for Wessex, rank 9 for Wales.
    fn castling_rank(self) -> i32 {
        match self {
            Side::Wessex => 1,
            Side::Wales => 8,
        }
    }
}

/// The piece types (rules head, "Letters").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    King,
    Queen,
    Golddragon,
    Copperdragon,
    Rook,
    Queenfiler,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    /// The upper-case FEN letter.
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Golddragon => 'G',
            Kind::Copperdragon => 'C',
            Kind::Rook => 'R',
            Kind::Queenfiler => 'F',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'G' => Kind::Golddragon,
            'C' => Kind::Copperdragon,
            'R' => Kind::Rook,
            'F' => Kind::Queenfiler,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// The dragons never stand on a Ferry (FF-6, FF-7, FF-10) and make the special captures
    /// of FF-17 and FF-18.
    fn is_dragon(self) -> bool {
        matches!(self, Kind::Golddragon | Kind::Copperdragon)
    }
}

/// The start array of each army (FF-24) as (type, number). The armies differ: Wessex has the
/// Golddragons and Bishops, Wales the Copperdragons and Queenfilers. Promotion (FF-21, FF-22)
/// chooses among the types of the promoting Pawn's own army.
pub fn army(side: Side) -> [(Kind, u32); 7] {
    match side {
        Side::Wessex => [
            (Kind::King, 1),
            (Kind::Queen, 1),
            (Kind::Golddragon, 2),
            (Kind::Rook, 2),
            (Kind::Bishop, 2),
            (Kind::Knight, 2),
            (Kind::Pawn, 8),
        ],
        Side::Wales => [
            (Kind::King, 1),
            (Kind::Queen, 1),
            (Kind::Copperdragon, 2),
            (Kind::Rook, 2),
            (Kind::Queenfiler, 2),
            (Kind::Knight, 2),
            (Kind::Pawn, 8),
        ],
    }
}

/// The start-array number of `kind` in `side`'s army (0 if the army has no such piece).
fn array_number(side: Side, kind: Kind) -> u32 {
    army(side)
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |&(_, n)| n)
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    pub side: Side,
    pub kind: Kind,
}

impl Man {
    /// The FEN letter: upper case for Wessex, lower case for Wales.
    fn letter(self) -> char {
        match self.side {
            Side::Wessex => self.kind.letter(),
            Side::Wales => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// Read a FEN letter; a type that is not in the letter's army (a Wessex Copperdragon, a
    /// Welsh Bishop, ...) is refused.
    fn from_letter(c: char) -> Option<Man> {
        let kind = Kind::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::Wessex
        } else {
            Side::Wales
        };
        if array_number(side, kind) == 0 {
            return None;
        }
        Some(Man { side, kind })
    }
}

/// An internal square, `(file, rank)`, 0-based, signed so that steps can leave the board.
type Sq = (i32, i32);

fn on_board((f, r): Sq) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r)
}

fn add((f, r): Sq, (df, dr): Sq) -> Sq {
    (f + df, r + dr)
}

/// Square name: `a1`, `h10`.
pub fn square_name((f, r): (u8, u8)) -> String {
    format!("{}{}", (b'a' + f) as char, r + 1)
}

fn name(sq: Sq) -> String {
    square_name(pub_sq(sq))
}

fn pub_sq((f, r): Sq) -> (u8, u8) {
    (f as u8, r as u8)
}

fn int_sq((f, r): (u8, u8)) -> Sq {
    (f as i32, r as i32)
}

/// Read a square name such as `d4` or `e10`.
fn parse_square(s: &str) -> Option<Sq> {
    let mut chars = s.chars();
    let file = chars.next()?;
    if !('a'..='h').contains(&file) {
        return None;
    }
    let rank_text = chars.as_str();
    if rank_text.is_empty() || !rank_text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: i32 = rank_text.parse().ok()?;
    if !(1..=RANKS).contains(&rank) {
        return None;
    }
    Some((file as i32 - 'a' as i32, rank - 1))
}

/// Wessex's shore: ranks 1-5.
fn south((_, r): Sq) -> bool {
    r <= 4
}

/// FF-1: a move crosses when it goes from ranks 1-5 to ranks 6-10 or back.
fn crosses(a: Sq, b: Sq) -> bool {
    south(a) != south(b)
}

/// The middle two ranks, 5 and 6, where the Ferries live (FF-10) and Rides go (FF-11).
fn middle((_, r): Sq) -> bool {
    r == 4 || r == 5
}

const ORTHOGONAL: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KING_STEPS: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const KNIGHT_LEAPS: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// What a move does, beyond taking a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move of the piece (FF-4..FF-9), capturing on `to` or not, boarding a Ferry
    /// (FF-14) or leaving one (FF-12), promoting or not (FF-21, FF-22).
    Normal,
    /// A Pawn's double step (FF-9); sets the e.p. square.
    DoubleStep,
    /// En passant (FF-9); `captured` is the Pawn's square.
    EnPassant,
    /// Castling (FF-20); `from`/`to` are the King's squares.
    Castle,
    /// FF-11: the piece on the Ferry at `from` steps as a King to `to` within ranks 5-6,
    /// taking its Ferry along.
    Ride,
    /// FF-13: the Ferry under the piece on `from` goes to `to`; the piece stays on `from`.
    Send,
    /// FF-17: a dragon passes through an enemy on a Ferry (`captured`) and stops on `to`.
    PassThrough,
    /// FF-18: a dragon moves diagonally forward to the empty `to` and captures the piece on a
    /// Ferry further along the line (`captured`).
    Beyond,
}

/// A move. Squares are `(file, rank)`, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveKind,
    pub from: (u8, u8),
    pub to: (u8, u8),
    /// The promotion type's letter in lower case (FF-21, FF-22).
    pub promotion: Option<char>,
    /// The square of the piece this move captures, if any.
    pub captured: Option<(u8, u8)>,
}

impl Move {
    /// The canonical text of the move (FF-26): `from to` plus the promotion letter in lower
    /// case (`e3e4`, `e9e10q`, castling `e2g2`), a Ride with `~` (`d5e6~`), a Send as
    /// `from>to` of the Ferry (`d5>a6`).
    ///
    /// Pass-through (FF-17) and beyond (FF-18) captures are written as plain `from to`. That
    /// is unambiguous because such a move and an ordinary move with the same squares cannot
    /// both be legal in one position:
    /// - along a rank or file (FF-17) the squares strictly between `from` and `to` are fixed;
    ///   an ordinary slide needs all of them free of pieces, a pass-through needs exactly one
    ///   piece among them (an enemy on a Ferry), so at most one of the two exists;
    /// - along a forward diagonal (FF-18) the beyond capture is compulsory and decided by the
    ///   position alone (the first piece past `to`), so a move to an empty `to` either
    ///   captures beyond or does not, never both ways; a move capturing on `to` never
    ///   captures beyond;
    /// - the backward diagonal step never captures beyond, and it never shares its squares
    ///   with a forward diagonal move.
    ///
    /// Ordinary moves, Rides (`~`) and Sends (`>`) with the same squares differ in text.
    pub fn text(&self) -> String {
        let (from, to) = (square_name(self.from), square_name(self.to));
        match self.kind {
            MoveKind::Ride => format!("{from}{to}~"),
            MoveKind::Send => format!("{from}>{to}"),
            _ => {
                let mut s = from + &to;
                if let Some(p) = self.promotion {
                    s.push(p);
                }
                s
            }
        }
    }
}

/// Castling rights, in FEN order K Q k q.
const CASTLE_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// A Flight and Ferry position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[rank][file]`, rank 0 = rank 1.
    pieces: [[Option<Man>; 8]; 10],
    /// `ferry[rank][file]`: a Ferry stands on the square (FF-10: only ranks 5-6).
    ferry: [[bool; 8]; 10],
    /// The side to move.
    pub to_move: Side,
    /// Castling rights K, Q, k, q (FF-20).
    castling: [bool; 4],
    /// The square a Pawn skipped with its double step on the last move (FF-9).
    ep: Option<Sq>,
    /// Plies since the last capture or Pawn move (FF-23).
    pub halfmove: u32,
    /// Move number, starting at 1, incremented after Wales moves.
    pub fullmove: u32,
}

/// The start position (FF-24).
pub const START_FEN: &str =
    "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1";

impl Position {
    /// The start position (FF-24).
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Read a FEN (FF-25): ten ranks from rank 10 down, eight squares each; a digit run is
    /// that many empty squares, `()` an empty Ferry, `(X)` the piece X on a Ferry. Then the
    /// side (`w` Wessex, `b` Wales), castling (`-` or letters of `KQkq`), the e.p. square
    /// (`-` or a square), and the two counters (optional, default `0 1`).
    ///
    /// Refused: a type not in the letter's army (FF-24), a Ferry off ranks 5-6 or more than
    /// two Ferries, a dragon on a Ferry (FF-10), a Pawn on its own far rank, not exactly one
    /// King a side, and a position where the side that has just moved is in check.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(format!("{} FEN fields, expected 4 to 6", fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != RANKS as usize {
            return Err(format!("{} ranks, expected 10", rows.len()));
        }
        let mut pieces = [[None; 8]; 10];
        let mut ferry = [[false; 8]; 10];
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS as usize - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '0' {
                    return Err(format!("a run of 0 on rank {}", rank + 1));
                }
                if c.is_ascii_digit() {
                    let mut run = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        run = run * 10 + d as usize;
                        chars.next();
                        if run > 8 {
                            break;
                        }
                    }
                    if run == 0 || file + run > 8 {
                        return Err(format!("bad empty run on rank {}", rank + 1));
                    }
                    file += run;
                    continue;
                }
                if file >= 8 {
                    return Err(format!("rank {} is too long", rank + 1));
                }
                if c == '(' {
                    // FF-25: `()` or `(X)`.
                    let inner = chars.next().ok_or("unclosed Ferry")?;
                    if inner != ')' {
                        let man = Man::from_letter(inner)
                            .ok_or(format!("bad piece {inner:?} on a Ferry"))?;
                        if chars.next() != Some(')') {
                            return Err("a Ferry holds one piece: expected ')'".into());
                        }
                        pieces[rank][file] = Some(man);
                    }
                    ferry[rank][file] = true;
                    file += 1;
                    continue;
                }
                let man = Man::from_letter(c).ok_or(format!("bad piece letter {c:?}"))?;
                pieces[rank][file] = Some(man);
                file += 1;
            }
            if file != 8 {
                return Err(format!("rank {} has {file} squares", rank + 1));
            }
        }
        let to_move = match fields[1] {
            "w" => Side::Wessex,
            "b" => Side::Wales,
            s => return Err(format!("bad side to move {s:?}")),
        };
        let mut castling = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let i = CASTLE_LETTERS
                    .iter()
                    .position(|&l| l == c)
                    .ok_or(format!("bad castling letter {c:?}"))?;
                if castling[i] {
                    return Err(format!("castling letter {c:?} twice"));
                }
                castling[i] = true;
            }
        }
        let ep = match fields[3] {
            "-" => None,
            s => Some(parse_square(s).ok_or(format!("bad e.p. square {s:?}"))?),
        };
        let number = |i: usize, default: u32| -> Result<u32, String> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse().map_err(|_| format!("bad counter {s:?}")),
            }
        };
        let pos = Position {
            pieces,
            ferry,
            to_move,
            castling,
            ep,
            halfmove: number(4, 0)?,
            fullmove: number(5, 1)?,
        };
        pos.validate()?;
        Ok(pos)
    }

    /// The checks of [`Position::from_fen`] on the board.
    fn validate(&self) -> Result<(), String> {
        let mut ferries = 0;
        for sq in all_squares() {
            if self.ferry_at(sq) {
                ferries += 1;
                if !middle(sq) {
                    return Err(format!("a Ferry on {}, off ranks 5-6 (FF-10)", name(sq)));
                }
                if matches!(self.at(sq), Some(m) if m.kind.is_dragon()) {
                    return Err(format!("a dragon on the Ferry on {} (FF-10)", name(sq)));
                }
            }
            if let Some(m) = self.at(sq) {
                if m.kind == Kind::Pawn && sq.1 == m.side.far_rank() {
                    return Err(format!("a Pawn on its far rank, {}", name(sq)));
                }
            }
        }
        if ferries > 2 {
            return Err(format!("{ferries} Ferries, at most two (FF-10)"));
        }
        for side in [Side::Wessex, Side::Wales] {
            let kings = self.count(side, Kind::King);
            if kings != 1 {
                return Err(format!("{side:?} has {kings} Kings"));
            }
        }
        if self.king_attacked(self.to_move.other()) {
            return Err("the side that has just moved is in check".into());
        }
        Ok(())
    }

    /// Write the FEN in the form [`Position::from_fen`] reads.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let sq = (file, rank);
                let (man, ferry) = (self.at(sq), self.ferry_at(sq));
                if man.is_none() && !ferry {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if ferry {
                    out.push('(');
                }
                if let Some(m) = man {
                    out.push(m.letter());
                }
                if ferry {
                    out.push(')');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(match self.to_move {
            Side::Wessex => " w ",
            Side::Wales => " b ",
        });
        let rights: String = CASTLE_LETTERS
            .iter()
            .zip(self.castling)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        match self.ep {
            Some(sq) => out.push_str(&name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// The piece on a square.
    fn at(&self, (f, r): Sq) -> Option<Man> {
        self.pieces[r as usize][f as usize]
    }

    /// Is there a Ferry on the square?
    fn ferry_at(&self, (f, r): Sq) -> bool {
        self.ferry[r as usize][f as usize]
    }

    /// The piece on a square, for tests: `(file, rank)` 0-based.
    pub fn piece_at(&self, sq: (u8, u8)) -> Option<Man> {
        self.at(int_sq(sq))
    }

    /// Is there a Ferry on the square? For tests.
    pub fn has_ferry(&self, sq: (u8, u8)) -> bool {
        self.ferry_at(int_sq(sq))
    }

    fn set(&mut self, (f, r): Sq, man: Option<Man>) {
        self.pieces[r as usize][f as usize] = man;
    }

    fn set_ferry(&mut self, (f, r): Sq, on: bool) {
        self.ferry[r as usize][f as usize] = on;
    }

    /// How many pieces of this side and type stand on the board, Ferries included.
    fn count(&self, side: Side, kind: Kind) -> u32 {
        all_squares()
            .filter(|&sq| self.at(sq) == Some(Man { side, kind }))
            .count() as u32
    }

    fn king_square(&self, side: Side) -> Option<Sq> {
        all_squares().find(|&sq| {
            self.at(sq)
                == Some(Man {
                    side,
                    kind: Kind::King,
                })
        })
    }

    /// Every legal move of the side to move: the pseudo-legal moves after which the mover's
    /// King cannot be captured (FF-19, FF-23). A checkmated or stalemated side has none.
    pub fn legal_moves(&self) -> Vec<Move> {
        let side = self.to_move;
        self.pseudo_moves(side, true)
            .into_iter()
            .filter(|m| !self.play(m).king_attacked(side))
            .collect()
    }

    /// The legal moves as sorted texts ([`Move::text`]).
    pub fn move_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(Move::text).collect();
        v.sort();
        v
    }

    /// Play the legal move with this text; panics if there is none.
    pub fn play_text(&self, text: &str) -> Position {
        let m = self
            .legal_moves()
            .into_iter()
            .find(|m| m.text() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()));
        self.play(&m)
    }

    /// Is the side to move in check (FF-19)?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.to_move)
    }

    /// FF-19, FF-23: could the other side capture `side`'s King with any of its moves (legal
    /// for it or not, as in FIDE), Rides, pass-through and beyond captures included? Castling,
    /// Sends and e.p. never capture a King, so castling is left out (it would ask this again).
    fn king_attacked(&self, side: Side) -> bool {
        let Some(king) = self.king_square(side) else {
            return true;
        };
        let king = pub_sq(king);
        self.pseudo_moves(side.other(), false)
            .iter()
            .any(|m| m.captured == Some(king))
    }

    /// Leaf count of the legal move tree; repetition and the 50-move rule do not end it.
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

    /// Play a move (legal or pseudo-legal) on a copy of the position.
    pub fn play(&self, m: &Move) -> Position {
        let mut next = self.clone();
        let (from, to) = (int_sq(m.from), int_sq(m.to));
        let mover = self.at(from).expect("a piece on the from square");
        next.ep = None;
        if let Some(c) = m.captured {
            next.set(int_sq(c), None);
        }
        match m.kind {
            MoveKind::Send => {
                // FF-13: only the Ferry moves; a piece on `to` is now on it.
                next.set_ferry(from, false);
                next.set_ferry(to, true);
            }
            MoveKind::Ride => {
                // FF-11: the piece and its Ferry move together.
                next.set(from, None);
                next.set(to, Some(mover));
                next.set_ferry(from, false);
                next.set_ferry(to, true);
            }
            MoveKind::Castle => {
                // FF-20: the King goes two squares, the Rook to the square it passed.
                let (rook_from, rook_to) = if to.0 > from.0 {
                    ((7, from.1), (5, from.1))
                } else {
                    ((0, from.1), (3, from.1))
                };
                let rook = self.at(rook_from);
                next.set(from, None);
                next.set(rook_from, None);
                next.set(to, Some(mover));
                next.set(rook_to, rook);
            }
            _ => {
                // Any other move: the piece goes from `from` to `to`; a Ferry stays where it
                // is (FF-12 leaving it, FF-14 boarding one).
                let mut man = mover;
                if let Some(p) = m.promotion {
                    man.kind = Kind::from_letter(p).expect("a promotion letter");
                }
                next.set(from, None);
                next.set(to, Some(man));
                if m.kind == MoveKind::DoubleStep {
                    next.ep = Some((from.0, (from.1 + to.1) / 2));
                }
            }
        }
        // FF-20: a King or Rook leaving its square, or anything arriving on or captured on a
        // Rook's square, ends the right.
        let touched = [Some(from), Some(to), m.captured.map(int_sq)];
        for (i, (king, rook)) in [
            ((4, 1), (7, 1)),
            ((4, 1), (0, 1)),
            ((4, 8), (7, 8)),
            ((4, 8), (0, 8)),
        ]
        .into_iter()
        .enumerate()
        {
            if m.kind != MoveKind::Send && touched.iter().flatten().any(|&s| s == king || s == rook)
            {
                next.castling[i] = false;
            }
        }
        // FF-23: any capture and any Pawn move but a Send reset the count.
        let pawn_move = mover.kind == Kind::Pawn && m.kind != MoveKind::Send;
        next.halfmove = if m.captured.is_some() || pawn_move {
            0
        } else {
            self.halfmove + 1
        };
        if self.to_move == Side::Wales {
            next.fullmove += 1;
        }
        next.to_move = self.to_move.other();
        next
    }

    /// Every move `side` could make by the movement rules, without asking whether its own King
    /// is left in check. `castling` is false when this is asked for check detection.
    fn pseudo_moves(&self, side: Side, castling: bool) -> Vec<Move> {
        let mut out = Vec::new();
        for from in all_squares() {
            let Some(man) = self.at(from) else { continue };
            if man.side != side {
                continue;
            }
            match man.kind {
                Kind::King => {
                    self.steps(&mut out, side, from, &KING_STEPS);
                    if castling {
                        self.castlings(&mut out, side, from);
                    }
                }
                Kind::Queen => {
                    self.slides(&mut out, side, from, &ORTHOGONAL, true);
                    self.slides(&mut out, side, from, &DIAGONAL, false);
                }
                Kind::Rook => self.slides(&mut out, side, from, &ORTHOGONAL, true),
                Kind::Queenfiler => {
                    self.slides(&mut out, side, from, &[(1, 0), (-1, 0)], true);
                    self.slides(&mut out, side, from, &DIAGONAL, false);
                }
                Kind::Bishop => self.slides(&mut out, side, from, &DIAGONAL, false),
                Kind::Knight => self.steps(&mut out, side, from, &KNIGHT_LEAPS),
                Kind::Pawn => self.pawn_moves(&mut out, side, from),
                Kind::Golddragon => {
                    // FF-6: `RfBbF`; pass-through along ranks and files (FF-17).
                    for d in ORTHOGONAL {
                        self.dragon_line(&mut out, side, from, d, true);
                    }
                    self.dragon_diagonals(&mut out, side, from);
                }
                Kind::Copperdragon => {
                    // FF-7: `vRsWfBbF`; pass-through along files only (FF-17).
                    for d in [(0, 1), (0, -1)] {
                        self.dragon_line(&mut out, side, from, d, true);
                    }
                    for d in [(1, 0), (-1, 0)] {
                        self.dragon_line(&mut out, side, from, d, false);
                    }
                    self.dragon_diagonals(&mut out, side, from);
                }
            }
            if self.ferry_at(from) && !man.kind.is_dragon() {
                self.ferry_moves(&mut out, side, from);
            }
        }
        out
    }

    /// An ordinary move of a non-dragon to `to` (FF-14): onto an empty square or empty Ferry,
    /// or capturing an enemy there (on a Ferry or not); never onto a friend.
    fn ordinary(&self, out: &mut Vec<Move>, side: Side, from: Sq, to: Sq) {
        match self.at(to) {
            None => out.push(plain(MoveKind::Normal, from, to, None)),
            Some(m) if m.side != side => out.push(plain(MoveKind::Normal, from, to, Some(to))),
            Some(_) => {}
        }
    }

    /// King steps and Knight leaps, which may not cross (FF-2).
    fn steps(&self, out: &mut Vec<Move>, side: Side, from: Sq, vectors: &[Sq]) {
        for &d in vectors {
            let to = add(from, d);
            if on_board(to) && !crosses(from, to) {
                self.ordinary(out, side, from, to);
            }
        }
    }

    /// Slides of a non-dragon. An empty Ferry is passed like an empty square, a Ferry with a
    /// piece blocks like that piece (FF-15). `flying` moves may cross (FF-3), the others stop
    /// at the channel (FF-2).
    fn slides(&self, out: &mut Vec<Move>, side: Side, from: Sq, vectors: &[Sq], flying: bool) {
        for &d in vectors {
            let mut to = add(from, d);
            while on_board(to) && (flying || !crosses(from, to)) {
                self.ordinary(out, side, from, to);
                if self.at(to).is_some() {
                    break;
                }
                to = add(to, d);
            }
        }
    }

    /// FF-9: a Pawn's step, double step, diagonal captures and e.p., never crossing. Steps need
    /// an empty square, which may be an empty Ferry; a diagonal capture takes an enemy, on a
    /// Ferry or not.
    fn pawn_moves(&self, out: &mut Vec<Move>, side: Side, from: Sq) {
        let f = side.forward();
        let ahead = (from.0, from.1 + f);
        if on_board(ahead) && !crosses(from, ahead) && self.at(ahead).is_none() {
            self.pawn_arrival(out, side, MoveKind::Normal, from, ahead, None);
            let two = (from.0, from.1 + 2 * f);
            if from.1 == side.pawn_rank()
                && on_board(two)
                && !crosses(from, two)
                && self.at(two).is_none()
            {
                out.push(plain(MoveKind::DoubleStep, from, two, None));
            }
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + f);
            if !on_board(to) || crosses(from, to) {
                continue;
            }
            match self.at(to) {
                Some(m) if m.side != side => {
                    self.pawn_arrival(out, side, MoveKind::Normal, from, to, Some(to))
                }
                Some(_) => {}
                None => {
                    // e.p. as FIDE: the enemy Pawn beside us has just double-stepped over
                    // `to`; its Ferry, if any, stays (FF-9).
                    let victim = (to.0, from.1);
                    if self.ep == Some(to)
                        && self.at(victim)
                            == Some(Man {
                                side: side.other(),
                                kind: Kind::Pawn,
                            })
                    {
                        out.push(plain(MoveKind::EnPassant, from, to, Some(victim)));
                    }
                }
            }
        }
    }

    /// A Pawn arriving on `to` by a step or capture, with the promotion choices of FF-21 and
    /// FF-22.
    fn pawn_arrival(
        &self,
        out: &mut Vec<Move>,
        side: Side,
        kind: MoveKind,
        from: Sq,
        to: Sq,
        captured: Option<Sq>,
    ) {
        let choices = army(side)
            .into_iter()
            .filter(|(k, _)| *k != Kind::King && *k != Kind::Pawn);
        let mut push = |promotion: Option<char>| {
            out.push(Move {
                kind,
                from: pub_sq(from),
                to: pub_sq(to),
                promotion,
                captured: captured.map(pub_sq),
            })
        };
        if to.1 == side.far_rank() {
            // FF-22: compulsory, so that no type goes over twice its array number.
            for (k, n) in choices {
                if self.count(side, k) < 2 * n {
                    push(Some(k.letter().to_ascii_lowercase()));
                }
            }
        } else if to.1 == side.optional_promotion_rank() {
            // FF-21: optional, to a type of which fewer stand on the board than in the array.
            push(None);
            for (k, n) in choices {
                if self.count(side, k) < n {
                    push(Some(k.letter().to_ascii_lowercase()));
                }
            }
        } else {
            push(None);
        }
    }

    /// FF-20: castling as FIDE on the second rank, King e2-g2 / e2-c2 (e9 for Wales), the
    /// Rook from h2 to f2 / a2 to d2; the squares between empty; the King not in check, not
    /// passing an attacked square, not landing on one.
    fn castlings(&self, out: &mut Vec<Move>, side: Side, from: Sq) {
        let r = side.castling_rank();
        if from != (4, r) {
            return;
        }
        let (king_right, queen_right) = match side {
            Side::Wessex => (self.castling[0], self.castling[1]),
            Side::Wales => (self.castling[2], self.castling[3]),
        };
        let rook = Some(Man {
            side,
            kind: Kind::Rook,
        });
        // (right, rook square, squares to be empty, King's path after e, King's target)
        let wings = [
            (king_right, 7, vec![5, 6], vec![5, 6], 6),
            (queen_right, 0, vec![1, 2, 3], vec![3, 2], 2),
        ];
        for (right, rook_file, empty, path, target) in wings {
            if !right || self.at((rook_file, r)) != rook {
                continue;
            }
            if empty.iter().any(|&f| self.at((f, r)).is_some()) {
                continue;
            }
            if self.king_attacked(side) {
                continue;
            }
            let attacked = path.iter().any(|&f| {
                let mut there = self.clone();
                there.set(from, None);
                there.set(
                    (f, r),
                    Some(Man {
                        side,
                        kind: Kind::King,
                    }),
                );
                there.king_attacked(side)
            });
            if !attacked {
                out.push(plain(MoveKind::Castle, from, (target, r), None));
            }
        }
    }

    /// A dragon's rook line in direction `d` (FF-6, FF-7): flying (it may cross, FF-3); it
    /// passes empty Ferries but never stops on a Ferry (FF-10); it captures an enemy standing
    /// on no Ferry. If `pass_through`, FF-17: when the first piece on the line is an enemy on
    /// a Ferry, the dragon may pass through it, capturing it, and stop on any empty non-Ferry
    /// square beyond, up to the next piece.
    fn dragon_line(&self, out: &mut Vec<Move>, side: Side, from: Sq, d: Sq, pass_through: bool) {
        // `pass_through` is false only for the Copperdragon's sideways move, a single step
        // (`sW`, FF-7): it neither slides on nor passes through.
        let one_step = !pass_through;
        let mut to = add(from, d);
        while on_board(to) {
            match self.at(to) {
                None => {
                    if !self.ferry_at(to) {
                        out.push(plain(MoveKind::Normal, from, to, None));
                    }
                }
                Some(m) => {
                    if m.side != side && !self.ferry_at(to) {
                        out.push(plain(MoveKind::Normal, from, to, Some(to)));
                    } else if m.side != side && pass_through {
                        let victim = to;
                        let mut beyond = add(victim, d);
                        while on_board(beyond) && self.at(beyond).is_none() {
                            if !self.ferry_at(beyond) {
                                out.push(plain(MoveKind::PassThrough, from, beyond, Some(victim)));
                            }
                            beyond = add(beyond, d);
                        }
                    }
                    break;
                }
            }
            if one_step {
                break;
            }
            to = add(to, d);
        }
    }

    /// A dragon's diagonal moves (FF-6, FF-7), which may not cross (FF-3): any distance
    /// diagonally forward, with the beyond capture of FF-18, and one step diagonally backward,
    /// which never captures beyond. Never onto a Ferry (FF-10).
    fn dragon_diagonals(&self, out: &mut Vec<Move>, side: Side, from: Sq) {
        let f = side.forward();
        for df in [-1, 1] {
            // Forward: a bishop line.
            let d = (df, f);
            let mut to = add(from, d);
            while on_board(to) && !crosses(from, to) {
                match self.at(to) {
                    Some(m) => {
                        // A capture on the destination captures nothing beyond (FF-18).
                        if m.side != side && !self.ferry_at(to) {
                            out.push(plain(MoveKind::Normal, from, to, Some(to)));
                        }
                        break;
                    }
                    None => {
                        if !self.ferry_at(to) {
                            self.beyond(out, side, from, to, d);
                        }
                    }
                }
                to = add(to, d);
            }
            // Backward: one step (`bF`).
            let back = (from.0 + df, from.1 - f);
            if on_board(back) && !crosses(from, back) && !self.ferry_at(back) {
                match self.at(back) {
                    None => out.push(plain(MoveKind::Normal, from, back, None)),
                    Some(m) if m.side != side => {
                        out.push(plain(MoveKind::Normal, from, back, Some(back)))
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// FF-18: a dragon's forward diagonal move to the empty `to`. Look on along the line past
    /// `to` (empty squares and empty Ferries do not stop the look; it may go over the channel):
    /// the first piece met is captured if it stands on a Ferry, ally or enemy (compulsory); a
    /// piece on no Ferry shields everything behind it. Capturing one's own King is illegal, so
    /// that move does not exist.
    fn beyond(&self, out: &mut Vec<Move>, side: Side, from: Sq, to: Sq, d: Sq) {
        let mut look = add(to, d);
        while on_board(look) {
            if let Some(m) = self.at(look) {
                if !self.ferry_at(look) {
                    break; // shielded: an ordinary move
                }
                if m.side == side && m.kind == Kind::King {
                    return; // would take its own King
                }
                out.push(plain(MoveKind::Beyond, from, to, Some(look)));
                return;
            }
            look = add(look, d);
        }
        out.push(plain(MoveKind::Normal, from, to, None));
    }

    /// Moves only a piece on a Ferry has (FF-11, FF-13, FF-16; dragons never stand on one).
    fn ferry_moves(&self, out: &mut Vec<Move>, side: Side, from: Sq) {
        // FF-11 Ride: a King step within ranks 5-6, not onto the other Ferry nor a friend;
        // an enemy there, a dragon included, is captured.
        for d in KING_STEPS {
            let to = add(from, d);
            if !on_board(to) || !middle(to) || self.ferry_at(to) {
                continue;
            }
            match self.at(to) {
                None => out.push(plain(MoveKind::Ride, from, to, None)),
                Some(m) if m.side != side => out.push(plain(MoveKind::Ride, from, to, Some(to))),
                Some(_) => {}
            }
        }
        // FF-13 Send: the Ferry alone goes to any other square of ranks 5-6 holding neither a
        // dragon nor the other Ferry; nothing is captured.
        for to in all_squares() {
            if to == from || !middle(to) || self.ferry_at(to) {
                continue;
            }
            if matches!(self.at(to), Some(m) if m.kind.is_dragon()) {
                continue;
            }
            out.push(plain(MoveKind::Send, from, to, None));
        }
    }
}

/// A move without promotion.
fn plain(kind: MoveKind, from: Sq, to: Sq, captured: Option<Sq>) -> Move {
    Move {
        kind,
        from: pub_sq(from),
        to: pub_sq(to),
        promotion: None,
        captured: captured.map(pub_sq),
    }
}

/// All 80 squares, rank by rank from a1.
fn all_squares() -> impl Iterator<Item = Sq> {
    (0..RANKS).flat_map(|r| (0..FILES).map(move |f| (f, r)))
}
