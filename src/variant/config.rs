//! The on-disk schema of a variant config (`engine-configs/*.toml`), as flat structs with
//! defaults, in the manner of Fairy-Stockfish's `variant.h`. `engine-configs/README.md`
//! documents every key. Unknown keys are errors, so a typo never passes silently.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A whole config file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantConfig {
    /// Wire name (`variant NAME`, `UCI_Variant`).
    pub name: Spanned<String>,
    /// Human name.
    pub display_name: Option<String>,
    pub files: Spanned<u8>,
    pub ranks: Spanned<u8>,
    /// Start position in Estuary FEN.
    pub start: Spanned<String>,
    /// The board has a neutral carrier layer (Flight and Ferry's Ferries, FF-25 FEN `(R)`).
    #[serde(default)]
    pub carriers: bool,
    /// What "forward" means for direction-dependent moves.
    #[serde(default)]
    pub forward: ForwardRule,
    /// Seats in turn order; default: White (army 0) then Black (army 1).
    #[serde(default, rename = "seat")]
    pub seats: Vec<SeatConfig>,
    /// Piece types; their order is the piece kind index.
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceConfig>,
    pub promotion: Option<PromotionConfig>,
    pub castling: Option<CastlingConfig>,
    #[serde(default)]
    pub draws: DrawConfig,
    /// Protocol presentation.
    #[serde(default)]
    pub xboard: XboardConfig,
    /// A River between two banks (rules/river.rs).
    pub river: Option<RiverConfig>,
    /// Victory by capturing a set of pieces (rules/victory.rs).
    pub victory: Option<VictoryConfig>,
    /// Seats play from their banks (rules/banks.rs, MIT-3, MIT-12).
    pub banks: Option<BanksConfig>,
    /// Captured pieces go to reserves and come back as drops (rules/reserves.rs, MIT-7..MIT-9).
    pub reserves: Option<ReservesConfig>,
    /// The FEN fields of this game and their order (`docs/fen.md`).
    #[serde(default)]
    pub fen: FenConfig,
    /// A channel between two halves that some moves may not cross (FF-1..FF-3): per piece,
    /// `crosses` names the moves that may.
    pub channel: Option<ChannelConfig>,
    /// Neutral Ferries carrying pieces (rules/ferry.rs, FF-10..FF-18); needs `carriers`.
    pub ferries: Option<FerriesConfig>,
    /// Evaluation weights over their defaults (`super::EvalParams`), by key.
    pub eval: Option<BTreeMap<String, Spanned<i64>>>,
}

/// The channel: the line after the first `south_ranks` ranks (FF-1).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChannelConfig {
    pub south_ranks: Spanned<u8>,
}

/// The Ferries (FF-10..FF-18).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FerriesConfig {
    /// Ranks (numbered from 1) where Ferries stand, and where Rides and Sends go (FF-10).
    pub ranks: Spanned<Vec<u8>>,
    /// Most Ferries on the board (a FEN with more is refused).
    pub count: u8,
    /// How a piece on a Ferry rides it (FF-11), in Betza; `""` = no Rides.
    pub ride: Spanned<String>,
    /// A piece on a Ferry may send it away from under itself (FF-13).
    #[serde(default)]
    pub send: bool,
    /// What shields a piece on a Ferry from a beyond capture (FF-18): `"first"` (any piece:
    /// only the first piece beyond is looked at) or `"none"` (the nearest occupied Ferry).
    #[serde(default = "first")]
    pub shield: String,
}

fn first() -> String {
    "first".to_string()
}

/// How a game's FEN is laid out.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenConfig {
    /// Field names in order: `board`, `side`, `castling`, `ep`, `hands`, `halfmove`,
    /// `fullmove`. Without a `hands` field, a game with reserves writes them after the board
    /// in `[...]`.
    #[serde(default = "default_fen_fields")]
    pub fields: Spanned<Vec<String>>,
    /// Labels of the reserves in a `hands` field, one per (army, bank) in the order White south,
    /// White north, Black south, Black north (MIT-17: `["WS", "WN", "BS", "BN"]`).
    #[serde(default)]
    pub hand_labels: Option<Spanned<Vec<String>>>,
}

fn default_fen_fields() -> Spanned<Vec<String>> {
    Spanned::new(
        0..0,
        ["board", "side", "castling", "ep", "halfmove", "fullmove"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    )
}

impl Default for FenConfig {
    fn default() -> Self {
        FenConfig {
            fields: default_fen_fields(),
            hand_labels: None,
        }
    }
}

/// Whose "forward" a piece uses.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ForwardRule {
    /// Fixed per army: up for army 0, down for army 1 (FIDE).
    #[default]
    Army,
    /// Decided by the seat making the move (Partnership Mitregi, MIT-2).
    Seat,
    /// Decided by the bank of the square the piece stands on: toward the river (Wey, WEY-1).
    Bank,
}

/// One seat (player) of the turn order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatConfig {
    pub name: String,
    /// Army (team) index: 0 = White, 1 = Black.
    pub army: u8,
    /// "up" or "down": this seat's forward (default: up for army 0, down for army 1).
    #[serde(default)]
    pub forward: Option<String>,
    /// "south" or "north": the bank of the River this seat plays from, when it has one.
    #[serde(default)]
    pub bank: Option<String>,
}

/// One piece type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceConfig {
    /// FEN letter (written upper case; lower case is the second army).
    pub letter: Spanned<String>,
    pub name: String,
    pub betza: Spanned<String>,
    /// Material value in centipawns.
    pub value: i32,
    /// Losing every royal piece (by checkmate) loses the game; must be kept out of check.
    #[serde(default)]
    pub royal: bool,
    /// Its initial multi-steps create en-passant squares and its `e` captures may use them.
    #[serde(default)]
    pub en_passant: bool,
    /// Letter XBoard should draw this piece with, when it differs from `letter`.
    #[serde(default)]
    pub xboard_letter: Option<String>,
    /// In a game with a `[channel]`: the moves (Betza, a subset of `betza`) that may cross it
    /// (FF-2, FF-3). Default: every move.
    #[serde(default)]
    pub crosses: Option<Spanned<String>>,
    /// In a game with Ferries: false if the piece never ends a move on a Ferry (FF-10).
    #[serde(default = "yes")]
    pub boards: bool,
    /// Moves (Betza, a subset of `betza`) along which the piece may pass through an enemy on a
    /// Ferry, capturing it (FF-17).
    #[serde(default)]
    pub pass_through: Option<Spanned<String>>,
    /// Moves (Betza, a subset of `betza`) that capture the piece on a Ferry beyond their
    /// destination (FF-18).
    #[serde(default)]
    pub beyond: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

/// Promotion on reaching the far ranks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionConfig {
    /// Letters of the pieces that promote.
    pub pieces: Spanned<String>,
    /// Letters of the pieces they may become, in menu order.
    pub choices: Spanned<String>,
    /// Depth of the zone, counted from the far rank.
    #[serde(default = "one")]
    pub ranks: u8,
    /// When set, a promotion may choose only a kind of which the army has fewer than `limit`
    /// times its start-array number on the board, and only kinds of its own start array
    /// (FF-22: 2). 0 = any choice.
    #[serde(default)]
    pub limit: u8,
    /// Further ranks where promotion is optional (FF-21).
    #[serde(default, rename = "optional")]
    pub optional: Vec<OptionalPromotionConfig>,
}

/// A rank where a piece may promote or stay as it is (FF-21).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionalPromotionConfig {
    /// The rank counted from the far rank (1 = the far rank itself).
    pub rank: Spanned<u8>,
    /// As `limit` of the promotion (FF-21: 1, only kinds the enemy has captured).
    #[serde(default)]
    pub limit: u8,
}

fn one() -> u8 {
    1
}

/// Castling with the outermost rooks, FIDE-style conditions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingConfig {
    pub king: Spanned<String>,
    pub rook: Spanned<String>,
    /// Files (letters) where king and rook land, king side (toward the last file).
    pub kingside_king: Spanned<String>,
    pub kingside_rook: Spanned<String>,
    /// Files where king and rook land, queen side (toward file a).
    pub queenside_king: Spanned<String>,
    pub queenside_rook: Spanned<String>,
}

/// Draw rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawConfig {
    /// Moves by each side without capture or pawn move (0 = no such rule): twice as many
    /// plies.
    #[serde(default = "fifty")]
    pub move_rule: u16,
    /// The move rule counted in plies instead (MIT-14: 200); overrides `move_rule`.
    #[serde(default)]
    pub move_rule_plies: Option<u16>,
    /// Occurrences of a position that make a draw (0 = no such rule).
    #[serde(default = "three")]
    pub repetitions: u8,
    /// Dead material, as "KB v K" lists (either army may hold either side).
    #[serde(default)]
    pub dead: Vec<String>,
    /// Letters of the pieces whose moves reset the move-rule counter.
    #[serde(default = "pawn")]
    pub reset_pieces: String,
}

fn fifty() -> u16 {
    50
}
fn three() -> u8 {
    3
}
fn pawn() -> String {
    "P".to_string()
}

impl Default for DrawConfig {
    fn default() -> Self {
        DrawConfig {
            move_rule: fifty(),
            move_rule_plies: None,
            repetitions: three(),
            dead: Vec::new(),
            reset_pieces: pawn(),
        }
    }
}

/// How the game is presented to XBoard.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct XboardConfig {
    /// Parent variant of the `setup` command (`fairy` by default).
    pub parent: Option<String>,
    /// The piece-to-char table; derived from the pieces when absent.
    pub piece_to_char: Option<String>,
    /// True for FIDE itself: XBoard knows it, no `setup` is sent.
    #[serde(default)]
    pub builtin: bool,
}

/// A River between the south bank (the first `south_ranks` ranks) and the north bank.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiverConfig {
    pub south_ranks: Spanned<u8>,
    /// `"P=W"`: a P that crosses the River becomes a W as part of the move.
    pub crossing_promotion: Option<Spanned<String>>,
    /// Letters of pieces that may not capture an enemy piece of one of these letters standing
    /// on the capturer's own bank.
    #[serde(default)]
    pub same_bank_capture_ban: Option<Spanned<String>>,
    /// Pieces that may cross only along given lines.
    #[serde(default, rename = "restriction")]
    pub restrictions: Vec<RiverRestrictionConfig>,
}

/// Crossing moves of `pieces` must run along one of `lines` (`"a1-h8"`: the straight line
/// between two squares).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiverRestrictionConfig {
    pub pieces: Spanned<String>,
    pub lines: Vec<Spanned<String>>,
}

/// Capture-a-set victory.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryConfig {
    /// Alternatives: a player wins on capturing all pieces of any one of these sets
    /// (letters, repeated for counts: `"QIMBO"`).
    pub capture_any_of: Vec<Spanned<String>>,
}

/// Every board move of a seat must start or end on the seat's bank (MIT-3); the fallback of
/// MIT-12; no move may capture a royal piece (MIT-10).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BanksConfig {
    /// Letters of the pieces that may move from the other bank back to the seat's bank
    /// (MIT-3a); default: every piece.
    pub return_pieces: Option<Spanned<String>>,
    /// When in check with no legal move, a move wholly on the other bank that removes the check
    /// is allowed (MIT-12).
    #[serde(default)]
    pub fallback: bool,
}

/// Reserves per army and bank, filled by captures and emptied by drops (MIT-7..MIT-9).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReservesConfig {
    /// `"W=P"`: a captured W goes to the reserve as a P (MIT-7); several separated by spaces.
    #[serde(default)]
    pub demote: Option<Spanned<String>>,
}
