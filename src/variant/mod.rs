//! The variant model: a config file compiled once into flat tables the move generator walks.
//!
//! This module knows nothing of positions or search. `Variant` is immutable after
//! compilation and lives for the whole process (`&'static Variant`).

pub mod betza;
pub mod builtin;
mod compile;
mod compile_rules;
pub mod config;
mod config_values;
mod eval_params;
pub mod fen;
mod tables;

use crate::types::geometry::{Square, BOARD_CELLS};
use crate::types::{Army, PieceKind, Seat};
pub use config::ForwardRule;
pub use eval_params::{EvalField, EvalParams};
use std::fmt;

/// Most piece types a variant may define.
pub const MAX_KINDS: usize = 30;
/// Armies (teams) a variant may have.
pub const MAX_ARMIES: usize = 2;
/// Seats a variant may have.
pub const MAX_SEATS: usize = 4;

/// Direction a piece's "forward" points on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Up = 0,
    Down = 1,
}

/// One leap of a move table (a single vector, possibly lame).
#[derive(Clone, Copy, Debug)]
pub struct Leap {
    pub delta: i16,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
    pub en_passant: bool,
    /// Squares (as deltas from the origin) that must be empty; `path_len` of them.
    pub path: [i16; 2],
    pub path_len: u8,
    /// May cross the channel (FF-2, FF-3); true in games without one.
    pub cross: bool,
}

/// A line of repeated leaps.
#[derive(Clone, Copy, Debug)]
pub struct Ride {
    pub delta: i16,
    /// Most leaps; 0 = unlimited.
    pub max: u8,
    /// First leap count reported (2 when a plain leap already gives the first square, as
    /// `fmW` beside `ifmW3`).
    pub min: u8,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
    /// May cross the channel (FF-2, FF-3); true in games without one.
    pub cross: bool,
}

/// A circular rider (the Rose, WEY-8): leaps that turn round `circle` one step at a time.
#[derive(Clone, Debug)]
pub struct Circle {
    /// The atom's images in circular order.
    pub circle: Vec<i16>,
    pub max: u8,
    pub quiet: bool,
    pub capture: bool,
}

/// The moves of one piece type for one orientation.
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
    pub leaps: Vec<Leap>,
    pub rides: Vec<Ride>,
    pub circles: Vec<Circle>,
    /// Every move is plain (the walker's short loops): each leap and ride moves and
    /// captures, from any square, across the channel; no leap is lame, every ride is
    /// unlimited from its first square; no circles.
    pub plain: bool,
}

/// A compiled piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Upper-case FEN letter.
    pub letter: char,
    pub name: String,
    pub betza: String,
    pub value: i32,
    pub royal: bool,
    pub en_passant: bool,
    pub promotes: bool,
    pub xboard_letter: char,
    /// Move tables by orientation.
    pub tables: [MoveTable; 2],
    /// By orientation, the most ranks one move can cover toward the south bank (index 0,
    /// down) and toward the north bank (index 1, up); `u8::MAX` along an unlimited line. A
    /// piece further than this from a seat's bank cannot move back to it (MIT-3a): a
    /// forward-only piece on the far bank never can.
    pub reach: [[u8; 2]; 2],
    /// May end a move on a carrier (FF-10: dragons may not).
    pub boards: bool,
    /// Unit steps, by orientation, of the lines along which it passes through an enemy on a
    /// carrier (FF-17).
    pub pass_through: [Vec<i16>; 2],
    /// Unit steps, by orientation, of the moves that capture beyond their destination (FF-18).
    pub beyond: [Vec<i16>; 2],
}

/// Attackers of a square along one step direction, for check detection.
#[derive(Clone, Debug, Default)]
pub struct RayAttack {
    /// Step from the attacker toward the target.
    pub delta: i16,
    /// Kinds that attack from any distance along the ray.
    pub unlimited: u32,
    /// Kinds with a limited range: (kind mask, most leaps).
    pub limited: Vec<(u32, u8)>,
    /// Kinds whose line may cross the channel (FF-2, FF-3).
    pub crossing: u32,
}

/// A single-leap attack: kinds that capture by exactly `delta` from attacker to target.
#[derive(Clone, Debug)]
pub struct LeapAttack {
    pub delta: i16,
    pub kinds: u32,
    /// Kinds whose leap may cross the channel (FF-2, FF-3).
    pub crossing: u32,
    pub path: [i16; 2],
    pub path_len: u8,
}

/// Attack tables of one orientation.
#[derive(Clone, Debug, Default)]
pub struct AttackTable {
    pub leaps: Vec<LeapAttack>,
    pub rays: Vec<RayAttack>,
    /// Kinds with circular moves, whose attacks are found by walking (no table).
    pub circles: u32,
}

impl RayAttack {
    /// Does a piece of `kind` standing `n` steps away along the ray attack along it?
    #[inline]
    pub fn reaches(&self, kind: PieceKind, n: u32) -> bool {
        kind.in_mask(self.unlimited)
            || self
                .limited
                .iter()
                .any(|&(mask, max)| kind.in_mask(mask) && n <= max as u32)
    }
}

/// A leap attack of `ArmyAttacks`: the kinds that capture by `delta`, by orientation.
#[derive(Clone, Debug)]
pub struct ArmyLeap {
    pub delta: i16,
    pub path: [i16; 2],
    pub path_len: u8,
    /// Kinds that attack by this leap with any of the army's orientations (a first test).
    pub kinds: u32,
    /// By orientation: (kinds that attack by this leap, those of them that may cross the
    /// channel).
    pub by: [(u32, u32); 2],
}

/// A ray of `ArmyAttacks`: the attackers along one step direction, by orientation.
#[derive(Clone, Debug)]
pub struct ArmyRay {
    /// Step from the attacker toward the target.
    pub delta: i16,
    /// Kinds that attack along the ray with any of the army's orientations (a first test).
    pub kinds: u32,
    pub by: [RayAttack; 2],
}

/// The attack tables of one army: those of the orientations its seats move with, merged, so
/// that one scan from a square finds the attackers of every seat of the army (the two enemy
/// partners of Partnership Mitregi, who move with opposite forwards: MIT-2, MIT-10). Each
/// attacker found is then tried for each seat with that seat's orientation.
#[derive(Clone, Debug, Default)]
pub struct ArmyAttacks {
    /// The army's seats with the orientation each moves with (forward fixed per seat).
    pub seats: Vec<(Seat, Orientation)>,
    pub leaps: Vec<ArmyLeap>,
    pub rays: Vec<ArmyRay>,
    /// Kinds with circular moves in any of the army's orientations.
    pub circles: u32,
}

/// A seat (player) in the turn order: the army (team) it plays for, its "forward", and the
/// bank of the River it plays from (MIT-1..MIT-3), when the game gives seats banks.
#[derive(Clone, Debug)]
pub struct SeatSpec {
    pub name: String,
    pub army: Army,
    pub orientation: Orientation,
    pub bank: Option<u8>,
}

/// One field of a game's FEN (`docs/fen.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement (with `[hands]` after it when the layout has no `Hands` field).
    Board,
    /// `w`/`b` in two-seat games, else the seat number.
    Side,
    Castling,
    EnPassant,
    /// Reserves as a field of their own: `[WS:..|WN:..|BS:..|BN:..]` (MIT-17).
    Hands,
    Halfmove,
    Fullmove,
}

/// The FEN layout of a game: its fields in order, and the reserve labels of a `Hands` field.
#[derive(Clone, Debug)]
pub struct FenLayout {
    pub fields: Vec<FenField>,
    /// Labels per hand group (army * 2 + bank), when reserves are a labelled field.
    pub hand_labels: Option<[String; 4]>,
}

impl FenLayout {
    pub fn has(&self, f: FenField) -> bool {
        self.fields.contains(&f)
    }
}

/// Compiled promotion rule.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Kinds that promote (bit mask).
    pub pieces: u32,
    /// Kinds they may become, menu order.
    pub choices: Vec<PieceKind>,
    /// Depth of the zone from the far rank.
    pub ranks: u8,
    /// Limits of the compulsory zone (index 0) and of each optional rank (index 1..): a choice
    /// must be a kind of the army's start array of which fewer than `limit` times its
    /// start-array number stand on the board (FF-21, FF-22); 0 = any choice.
    pub limits: Vec<u8>,
}

/// Compiled castling rule.
#[derive(Clone, Debug)]
pub struct Castling {
    pub king: PieceKind,
    pub rook: PieceKind,
    /// King's and rook's destination files, [kingside, queenside].
    pub king_to: [u8; 2],
    pub rook_to: [u8; 2],
}

/// Compiled draw rules.
#[derive(Clone, Debug)]
pub struct Draws {
    /// Plies without a capture, a drop or a move of a `reset_pieces` kind that draw (0 = none).
    pub move_rule_plies: u16,
    pub repetitions: u8,
    /// Dead material: per entry, piece counts by kind for the stronger and weaker side.
    pub dead: Vec<([u8; MAX_KINDS], [u8; MAX_KINDS])>,
    /// Kinds whose moves reset the move-rule counter.
    pub reset_pieces: u32,
}

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub display_name: String,
    pub files: u8,
    pub ranks: u8,
    pub start_fen: String,
    pub forward: ForwardRule,
    pub seats: Vec<SeatSpec>,
    pub pieces: Vec<PieceType>,
    pub promotion: Option<Promotion>,
    pub castling: Option<Castling>,
    pub draws: Draws,
    pub royal_mask: u32,
    /// Pieces may be dropped from hands (reserves): `reserves` is set.
    pub drops: bool,
    /// Seats play from their banks (MIT-3, MIT-12), when the game says so.
    pub banks: Option<Banks>,
    /// Reserves per army and bank (MIT-7..MIT-9), when the game has them.
    pub reserves: Option<Reserves>,
    /// Squares may hold a neutral carrier under a piece.
    pub carriers: bool,
    /// Attack tables by orientation (`army_attacks` is merged from them).
    pub attacks: [AttackTable; 2],
    /// Attack tables by army, merged over its seats' orientations (used when
    /// `table_attacks`, which implies forward fixed per seat).
    pub army_attacks: [ArmyAttacks; MAX_ARMIES],
    /// Per army, per kind: the ranks (bit mask) where that kind stands at the start.
    /// Moves marked `i` are allowed only from those ranks.
    pub initial_ranks: [[u16; MAX_KINDS]; MAX_ARMIES],
    /// Per army, per mailbox cell: 0 outside the promotion zone, 1 in the compulsory zone,
    /// `1 + i` on the optional promotion rank `i` (FF-21); an index into `Promotion::limits`
    /// plus one.
    pub promotion_zone: [[u8; BOARD_CELLS]; MAX_ARMIES],
    /// Attacks can be looked up in the attack tables: no rule restricts board moves, forward
    /// is fixed per seat (`crate::rules::attack`).
    pub table_attacks: bool,
    /// Legality can use pins (`crate::rules::legal`): attack tables, one royal per army, no
    /// circular or lame attackers.
    pub pin_legality: bool,
    /// XBoard presentation.
    pub xboard_parent: String,
    pub xboard_piece_to_char: Option<String>,
    pub xboard_builtin: bool,
    /// The config source, for `variants --show`.
    pub source: String,
    /// The River, when the game has one.
    pub river: Option<River>,
    /// Some moves may not cross the line after rank `bank_rank` (FF-1..FF-3): the move
    /// tables' `cross` flags.
    pub channel: bool,
    /// The Ferries, when the game has them (rules/ferry.rs).
    pub ferries: Option<Ferries>,
    /// Capture-a-set victory: alternatives, each the number of pieces of each kind to capture.
    pub victory_sets: Vec<[u8; MAX_KINDS]>,
    /// Ranks below this are the south bank (the River's line; half the board without one).
    pub bank_rank: u8,
    /// The FEN fields of this game.
    pub fen: FenLayout,
    /// Pieces of each kind each army starts with.
    pub start_counts: [[u8; MAX_KINDS]; MAX_ARMIES],
    /// The evaluation's weights: the defaults, or the config's `[eval]` table.
    pub eval: EvalParams,
}

/// A config error: file, line (when known) and what is wrong.
#[derive(Debug, Clone)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.file, l, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

impl Variant {
    /// Parse and compile a config file's text. `file` names it in errors.
    pub fn from_toml(file: &str, text: &str) -> Result<Variant, ConfigError> {
        let line_of = |span: std::ops::Range<usize>| -> usize {
            text[..span.start.min(text.len())].matches('\n').count() + 1
        };
        let cfg: config::VariantConfig = toml::from_str(text).map_err(|e| ConfigError {
            file: file.to_string(),
            line: e.span().map(&line_of),
            message: e.message().trim().to_string(),
        })?;
        let fail = |span: std::ops::Range<usize>, message: String| ConfigError {
            file: file.to_string(),
            line: Some(line_of(span)),
            message,
        };
        compile::compile(cfg, text, &fail)
    }

    /// Number of piece kinds.
    pub fn kinds(&self) -> usize {
        self.pieces.len()
    }

    /// Every piece kind of the game, in piece-list order.
    #[inline]
    pub fn kind_ids(&self) -> impl Iterator<Item = PieceKind> {
        (0..self.pieces.len() as u8).map(PieceKind)
    }

    /// The compiled piece type of `kind`.
    #[inline]
    pub fn piece_type(&self, kind: PieceKind) -> &PieceType {
        &self.pieces[kind.index()]
    }

    /// Kind of an upper-case letter.
    pub fn kind_of_letter(&self, letter: char) -> Option<PieceKind> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|k| PieceKind(k as u8))
    }

    /// Is this square on the board?
    pub fn on_board(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// The bank of a square: 0 south (below the River), 1 north. Games without a River split
    /// the board in half. The one definition of "bank" for forward-by-bank moves (WEY-1), seats
    /// (MIT-3) and reserves (MIT-8).
    #[inline]
    pub fn bank(&self, sq: Square) -> u8 {
        (sq.rank() >= self.bank_rank) as u8
    }

    /// The reserve (hand) group of `army` for `bank`.
    #[inline]
    pub const fn hand_group(army: Army, bank: u8) -> usize {
        army.index() * 2 + bank as usize
    }

    /// The orientation a piece standing on `sq` moves with when `seat` moves it: the seat's
    /// forward (FIDE; MIT-2), or toward the River from the square's bank (WEY-1).
    #[inline]
    pub fn orientation(&self, seat: Seat, sq: Square) -> Orientation {
        match self.forward {
            ForwardRule::Army | ForwardRule::Seat => self.seats[seat.index()].orientation,
            ForwardRule::Bank => {
                if self.bank(sq) == 0 {
                    Orientation::Up
                } else {
                    Orientation::Down
                }
            }
        }
    }

    /// Seats that play for `army`.
    #[inline]
    pub fn seats_of(&self, army: Army) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats.len() as u8)
            .map(Seat)
            .filter(move |&s| self.seats[s.index()].army == army)
    }

    /// Orientation of army-forward pieces of `army`.
    pub fn army_orientation(army: Army) -> Orientation {
        if army == Army::WHITE {
            Orientation::Up
        } else {
            Orientation::Down
        }
    }

    /// The first royal kind, if the game has one.
    pub fn royal_kind(&self) -> Option<PieceKind> {
        (self.royal_mask != 0).then(|| PieceKind(self.royal_mask.trailing_zeros() as u8))
    }

    /// Number of seats.
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }
}

/// Compiled bank rule (rules/banks.rs has the behaviour).
#[derive(Clone, Debug)]
pub struct Banks {
    /// Kinds that may move from the other bank to the seat's bank (MIT-3a).
    pub return_pieces: u32,
    /// The MIT-12 fallback.
    pub fallback: bool,
}

/// Compiled reserves (rules/reserves.rs and `Position::make` have the behaviour).
#[derive(Clone, Debug)]
pub struct Reserves {
    /// The kind a captured piece of each kind enters the reserve as (MIT-7).
    pub demote: [PieceKind; MAX_KINDS],
    /// Kinds that can stand in a reserve: what captures can put there.
    pub reservable: u32,
}

/// Compiled Ferries (rules/ferry.rs has the behaviour; `Position::make` the side effects).
#[derive(Clone, Debug)]
pub struct Ferries {
    /// Cells where Ferries may stand, and where Rides and Sends go (FF-10).
    pub zone: Vec<bool>,
    /// The same squares as a list.
    pub squares: Vec<Square>,
    /// Most Ferries on the board.
    pub count: u8,
    /// Ride steps by orientation (FF-11).
    pub ride: [Vec<i16>; 2],
    /// Sends are allowed (FF-13).
    pub send: bool,
    /// Any piece shields a Ferry's passenger from a beyond capture (FF-18); else only a
    /// nearer occupied Ferry does.
    pub shield_first: bool,
    /// Kinds that never stand on a Ferry (FF-10).
    pub non_boarding: u32,
    /// Kinds with pass-through moves (FF-17).
    pub pass_through: u32,
    /// Kinds with beyond captures (FF-18).
    pub beyond: u32,
}

/// Compiled River rule (rules/river.rs has the behaviour).
#[derive(Clone, Debug)]
pub struct River {
    /// (kinds that promote on crossing, kind they become).
    pub crossing_promotion: Option<(u32, PieceKind)>,
    /// (capturers, victims): a capturer may not take such a victim on its own bank.
    pub same_bank_capture_ban: (u32, u32),
    /// (kinds, lines): crossing moves of these kinds must run along one of the lines, each a
    /// membership table over mailbox cells.
    pub restrictions: Vec<(u32, Vec<Vec<bool>>)>,
}
