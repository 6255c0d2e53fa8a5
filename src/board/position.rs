//! `Position`: the padded mailbox, the neutral carrier layer, hands, seat to move, castling
//! rights, e.p. squares and counters, with incremental Zobrist key, piece lists and in-place
//! make/unmake.

use super::moves::{Move, MoveKind};
use super::zobrist::{keys, HAND_GROUPS, MAX_HAND};
use crate::types::geometry::{squares, Square, BOARD_CELLS};
use crate::types::piece::{Cell, Piece};
use crate::types::{Army, PieceKind, Seat};
mod fen;
mod makemove;
mod validate;

use crate::variant::fen::ParsedFen;
use crate::variant::{Orientation, Variant, MAX_ARMIES, MAX_KINDS};

/// Most pieces one army may have on the board.
pub const MAX_PIECES: usize = 64;
/// Most carriers on the board.
pub const MAX_CARRIERS: usize = 8;

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: Cell,
    captured: Cell,
    captured_at: Square,
    castling: u8,
    ep: [Square; 2],
    ep_victim: Square,
    halfmove: u16,
    key: u64,
}

/// A game position. Cloning copies the whole state including history.
#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    board: [Cell; BOARD_CELLS],
    carriers: [bool; BOARD_CELLS],
    /// The carriers' squares, `ncarriers` of them.
    carrier_list: [Square; MAX_CARRIERS],
    ncarriers: u8,
    hands: [[u8; MAX_KINDS]; HAND_GROUPS],
    seat: Seat,
    castling: u8,
    /// Rook start squares by army and side (0 king side, 1 queen side).
    castle_rooks: [[Square; 2]; MAX_ARMIES],
    /// Rights cleared when a move starts or ends on a cell.
    castle_mask: [u8; BOARD_CELLS],
    ep: [Square; 2],
    ep_victim: Square,
    halfmove: u16,
    /// The FEN move number: it grows after each move of a seat of army 1 (Black), so a
    /// four-seat game counts one per Black move (MIT-17) and two-seat games count as FIDE.
    fullmove: u32,
    key: u64,
    counts: [[u8; MAX_KINDS]; MAX_ARMIES],
    plist: [[Square; MAX_PIECES]; MAX_ARMIES],
    plen: [u8; MAX_ARMIES],
    pindex: [u8; BOARD_CELLS],
    history: Vec<Undo>,
}

impl Position {
    /// The start position of a variant.
    pub fn startpos(v: &'static Variant) -> Position {
        Position::from_fen(v, &v.start_fen)
            .expect("start FEN was validated when the variant was compiled")
    }

    /// Build a position from FEN, rejecting illegal ones with a reason.
    pub fn from_fen(v: &'static Variant, text: &str) -> Result<Position, String> {
        let parsed = crate::variant::fen::parse(v, text)?;
        Position::from_parsed(v, &parsed)
    }

    /// This position with its pieces replaced by `pieces` and its castling rights by
    /// `castling` (army, rook square); seat to move, carriers, reserves and counters are kept.
    /// For CECP's `edit` mode.
    pub fn edited(
        &self,
        pieces: &[(Square, Piece)],
        castling: Vec<(Army, Square)>,
    ) -> Result<Position, String> {
        let v = self.variant;
        let mut hands = Vec::new();
        for (group, counts) in self.hands.iter().enumerate() {
            for kind in v.kind_ids() {
                let n = counts[kind.index()];
                if n > 0 {
                    hands.push((group, kind, n));
                }
            }
        }
        let parsed = ParsedFen {
            pieces: pieces.to_vec(),
            carriers: squares(v.files, v.ranks)
                .filter(|&s| self.carriers[s.index()])
                .collect(),
            hands,
            seat: self.seat,
            castling,
            ep: Vec::new(),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        Position::from_parsed(v, &parsed)
    }

    fn from_parsed(v: &'static Variant, f: &ParsedFen) -> Result<Position, String> {
        let mut pos = Position {
            variant: v,
            board: [Cell::OFF; BOARD_CELLS],
            carriers: [false; BOARD_CELLS],
            carrier_list: [Square::NONE; MAX_CARRIERS],
            ncarriers: 0,
            hands: [[0; MAX_KINDS]; HAND_GROUPS],
            seat: f.seat,
            castling: 0,
            castle_rooks: [[Square::NONE; 2]; MAX_ARMIES],
            castle_mask: [0; BOARD_CELLS],
            ep: [Square::NONE; 2],
            ep_victim: Square::NONE,
            halfmove: f.halfmove,
            fullmove: if f.fullmove < u32::MAX / 2 {
                f.fullmove.max(1)
            } else {
                return Err("move number too large".into());
            },
            key: 0,
            counts: [[0; MAX_KINDS]; MAX_ARMIES],
            plist: [[Square::NONE; MAX_PIECES]; MAX_ARMIES],
            plen: [0; MAX_ARMIES],
            pindex: [0; BOARD_CELLS],
            history: Vec::with_capacity(256),
        };
        for sq in squares(v.files, v.ranks) {
            pos.board[sq.index()] = Cell::EMPTY;
        }
        for &(sq, p) in &f.pieces {
            if pos.plen[p.army().index()] as usize >= MAX_PIECES {
                return Err(format!("more than {MAX_PIECES} pieces of one army"));
            }
            pos.put(sq, p);
        }
        for &sq in &f.carriers {
            if pos.ncarriers as usize >= MAX_CARRIERS {
                return Err(format!("more than {MAX_CARRIERS} carriers"));
            }
            pos.carriers[sq.index()] = true;
            pos.carrier_list[pos.ncarriers as usize] = sq;
            pos.ncarriers += 1;
            pos.key ^= keys().carrier[sq.index()];
        }
        if !f.hands.is_empty() && !v.drops {
            return Err(format!("{} has no hands, but the FEN gives one", v.name));
        }
        for &(g, k, n) in &f.hands {
            if let Some(r) = &v.reserves {
                if !k.in_mask(r.reservable) {
                    return Err(format!("a {} cannot be in a reserve", v.piece_type(k).name));
                }
            }
            if n as usize >= MAX_HAND {
                return Err(format!(
                    "more than {} pieces of one kind in a reserve",
                    MAX_HAND - 1
                ));
            }
            for _ in 0..n {
                pos.hand_add(g, k);
            }
        }
        pos.key ^= keys().seat[pos.seat.index()];

        // Castling rights: the king must stand on its rank with the rook.
        if let Some(c) = &v.castling {
            for &(army, rook) in &f.castling {
                let king = pos
                    .find(army, c.king)
                    .ok_or("castling right without a king")?;
                let side: usize = if rook.file() > king.file() { 0 } else { 1 };
                let bit = 1u8 << (army.index() * 2 + side);
                if pos.castling & bit != 0 {
                    return Err("two castling rights on one side".into());
                }
                pos.castling |= bit;
                pos.castle_rooks[army.index()][side] = rook;
                pos.castle_mask[rook.index()] |= bit;
                pos.castle_mask[king.index()] |= 0b11 << (army.index() * 2);
            }
            pos.key ^= keys().castling[pos.castling as usize];
        }

        pos.validate_pieces()?;
        pos.validate_carriers()?;

        // E.p. squares: passed squares of the last move's initial multi-step, which were empty
        // and are still; the victim is the first piece beyond them (FS writes only the squares
        // an enemy pawn attacks, so after a triple step that may be just the one nearer the
        // start, TK-8), and the origin an empty square behind them from which its initial
        // move reaches the victim.
        if !f.ep.is_empty() {
            if !pos.ep_field_follows_multistep(&f.ep) {
                return Err("en-passant squares do not follow a multi-step move".into());
            }
            let forward = pos.ep_forward(f.ep[0]);
            let mut sorted = f.ep.clone();
            sorted.sort_by_key(|s| s.0 as i16 * forward.signum());
            let mut victim = sorted[sorted.len() - 1].offset(forward);
            while pos.board[victim.index()].is_empty() {
                victim = victim.offset(forward);
            }
            pos.ep_victim = victim;
            for (i, s) in sorted.iter().enumerate() {
                pos.ep[i] = *s;
                pos.key ^= keys().ep[s.index()];
            }
        }
        Ok(pos)
    }

    // ---- accessors ----

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Cell {
        self.board[sq.index()]
    }
    #[inline]
    pub fn cells(&self) -> &[Cell; BOARD_CELLS] {
        &self.board
    }
    #[inline]
    pub fn carrier_at(&self, sq: Square) -> bool {
        self.carriers[sq.index()]
    }
    /// The squares of the carriers.
    #[inline]
    pub fn carriers(&self) -> &[Square] {
        &self.carrier_list[..self.ncarriers as usize]
    }
    #[inline]
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// Army of the seat to move.
    #[inline]
    pub fn army(&self) -> Army {
        self.variant.seats[self.seat.index()].army
    }
    /// The seat that moved last (by turn order).
    #[inline]
    pub fn previous_seat_id(&self) -> Seat {
        let n = self.variant.seat_count();
        Seat(((self.seat.index() + n - 1) % n) as u8)
    }
    /// Army of the seat that moved last.
    pub fn previous_army(&self) -> Army {
        self.variant.seats[self.previous_seat_id().index()].army
    }
    /// The seat of `army` that moves next: the seat to move if it plays `army`, else the first
    /// such seat after it in turn order.
    pub fn next_seat_of(&self, army: Army) -> Seat {
        let n = self.variant.seat_count();
        (0..n)
            .map(|i| Seat(((self.seat.index() + i) % n) as u8))
            .find(|&s| self.variant.seats[s.index()].army == army)
            .unwrap_or(self.seat)
    }
    /// The seat to move after this one.
    #[inline]
    pub fn next_seat_id(&self) -> Seat {
        Seat(((self.seat.index() + 1) % self.variant.seat_count()) as u8)
    }
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline]
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Plies played since the root position was set.
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    #[inline]
    pub fn castle_rook(&self, army: Army, side: usize) -> Square {
        self.castle_rooks[army.index()][side]
    }
    #[inline]
    pub fn ep_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.ep.iter().copied().filter(|s| !s.is_none())
    }
    #[inline]
    pub fn ep_victim(&self) -> Square {
        self.ep_victim
    }
    /// Squares of `army`'s pieces.
    #[inline]
    pub fn pieces_of(&self, army: Army) -> &[Square] {
        &self.plist[army.index()][..self.plen[army.index()] as usize]
    }
    /// How many pieces of a kind an army has on the board.
    #[inline]
    pub fn count(&self, army: Army, kind: PieceKind) -> u8 {
        self.counts[army.index()][kind.index()]
    }
    /// First square holding `army`'s piece of `kind`.
    pub fn find(&self, army: Army, kind: PieceKind) -> Option<Square> {
        self.pieces_of(army)
            .iter()
            .copied()
            .find(|&s| self.board[s.index()].piece_unchecked().kind() == kind)
    }
    /// The square of `army`'s royal piece when it has exactly one, else NONE.
    #[inline]
    pub fn royal_square(&self, army: Army) -> Square {
        let v = self.variant;
        if v.royal_mask == 0 {
            return Square::NONE;
        }
        for &s in self.pieces_of(army) {
            if self.board[s.index()]
                .piece_unchecked()
                .kind()
                .in_mask(v.royal_mask)
            {
                return s;
            }
        }
        Square::NONE
    }
    /// Hand count of (group, kind).
    pub fn hand(&self, group: usize, kind: PieceKind) -> u8 {
        self.hands[group][kind.index()]
    }
    /// Does the reserve `group` hold nothing?
    #[inline]
    pub fn hand_is_empty(&self, group: usize) -> bool {
        self.hands[group].iter().all(|&n| n == 0)
    }
    pub fn has_hands(&self) -> bool {
        self.variant.drops
    }
    /// Castling rights in FEN.
    pub fn castling_string(&self) -> String {
        let mut s = String::new();
        for army in Army::ALL {
            for side in 0..2 {
                if self.castling >> (army.index() * 2 + side) & 1 != 0 {
                    let c = if side == 0 { 'K' } else { 'Q' };
                    s.push(if army == Army::WHITE {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        s
    }
    /// The orientation a piece on `sq` moves with when the seat to move moves it.
    #[inline]
    pub fn orientation(&self, sq: Square) -> Orientation {
        self.variant.orientation(self.seat, sq)
    }
    /// Can the piece on `from`, moved by `seat`, capture en passant on `target` by one of its
    /// `e` leaps? The one e.p. test of move generation and of marking e.p. squares.
    #[inline]
    pub fn ep_capture_reaches(&self, seat: Seat, from: Square, target: Square) -> bool {
        let v = self.variant;
        let p = self.board[from.index()].piece_unchecked();
        let pt = v.piece_type(p.kind());
        pt.en_passant
            && pt.tables[v.orientation(seat, from) as usize]
                .leaps
                .iter()
                .any(|l| l.en_passant && from.offset(l.delta) == target)
    }
    /// The square whose piece `m` captures, when it captures: the destination of an ordinary
    /// capture, the passed-over victim of an e.p. capture. The one answer to "what does this
    /// move take" for make, ordering, quiescence, exchange tests, highlights and notation.
    #[inline]
    pub fn captured_square(&self, m: Move) -> Option<Square> {
        match m.kind() {
            MoveKind::Normal | MoveKind::MultiStep => {
                self.board[m.to().index()].is_piece().then_some(m.to())
            }
            MoveKind::EnPassant => Some(self.ep_victim),
            MoveKind::Ride => self.board[m.to().index()].is_piece().then_some(m.to()),
            MoveKind::PassThrough => Some(self.first_piece(m.from(), m.to(), m.from())),
            MoveKind::Beyond => self.beyond_victim(m.from(), m.to()),
            MoveKind::CastleKing
            | MoveKind::CastleQueen
            | MoveKind::Drop
            | MoveKind::Send
            | MoveKind::Invalid => None,
        }
    }
    /// The unit step of the line from `from` toward `to` (a rank, file or diagonal).
    #[inline]
    pub fn line_step(from: Square, to: Square) -> i16 {
        let (dx, dy) = crate::types::geometry::split_delta(to.0 as i16 - from.0 as i16);
        Square::delta(dx.signum(), dy.signum())
    }
    /// The first piece after `start` on the line from `from` toward `to` (FF-17's victim).
    #[inline]
    fn first_piece(&self, from: Square, to: Square, start: Square) -> Square {
        let step = Position::line_step(from, to);
        let mut s = start.offset(step);
        while self.board[s.index()].is_empty() {
            s = s.offset(step);
        }
        s
    }
    /// FF-18: the piece on a carrier that a move from `from` to the empty `to` captures beyond
    /// `to`, looking on along the line: the first piece met if it stands on a carrier (any
    /// piece shields what lies behind it), or, without shielding, the nearest piece on a
    /// carrier. Empty carriers never stop the look.
    #[inline]
    pub fn beyond_victim(&self, from: Square, to: Square) -> Option<Square> {
        let shield_first = self.variant.ferries.as_ref().is_none_or(|f| f.shield_first);
        let step = Position::line_step(from, to);
        let mut s = to.offset(step);
        loop {
            let c = self.board[s.index()];
            if c.is_off() {
                return None;
            }
            if c.is_piece() {
                if self.carriers[s.index()] {
                    return Some(s);
                }
                if shield_first {
                    return None;
                }
            }
            s = s.offset(step);
        }
    }
    /// The piece `m` captures, if any.
    #[inline]
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        self.captured_square(m)
            .and_then(|s| self.board[s.index()].piece())
    }
    /// The move that led here, if any was made on this object.
    pub fn last_move(&self) -> Move {
        self.history.last().map_or(Move::NONE, |u| u.mv)
    }
    /// Keys of earlier positions, most recent last (for repetition detection).
    pub fn key_history(&self) -> impl DoubleEndedIterator<Item = u64> + '_ {
        self.history.iter().map(|u| u.key)
    }
    /// How many of the latest earlier positions can equal this one: those since the move-rule
    /// counter was reset, as every reset is irreversible; in games with Ferries, all of them,
    /// as a Pawn's Ride resets the counter (FF-23) and can be ridden back.
    #[inline]
    pub fn repetition_window(&self) -> usize {
        let n = self.history.len();
        if self.variant.ferries.is_some() {
            n
        } else {
            (self.halfmove as usize).min(n)
        }
    }

    /// How many earlier positions within `repetition_window` equal this one.
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        let limit = self.repetition_window();
        self.history[n - limit..]
            .iter()
            .filter(|u| u.key == self.key)
            .count()
    }

    /// `f` asked of this position with the piece on `sq` lifted off the board: its cell empty,
    /// nothing else changed (piece lists, counts and key still count it), and the cell put
    /// back before returning. For attack questions about where that piece is about to go
    /// ("is the King's destination attacked once the King has left its square?"), which read
    /// the cells and the enemy's pieces only.
    #[inline]
    pub fn with_lifted<R>(&mut self, sq: Square, f: impl FnOnce(&Position) -> R) -> R {
        let cell = self.board[sq.index()];
        self.board[sq.index()] = Cell::EMPTY;
        let r = f(self);
        self.board[sq.index()] = cell;
        r
    }

    // ---- low-level edits, keeping key, lists and counts in step ----

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let a = p.army().index();
        self.board[sq.index()] = Cell::from_piece(p);
        self.pindex[sq.index()] = self.plen[a];
        self.plist[a][self.plen[a] as usize] = sq;
        self.plen[a] += 1;
        self.counts[a][p.kind().index()] += 1;
        self.key ^= keys().piece_square[p.code()][sq.index()];
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()].piece_unchecked();
        let a = p.army().index();
        self.board[sq.index()] = Cell::EMPTY;
        let i = self.pindex[sq.index()] as usize;
        self.plen[a] -= 1;
        let last = self.plist[a][self.plen[a] as usize];
        self.plist[a][i] = last;
        self.pindex[last.index()] = i as u8;
        self.counts[a][p.kind().index()] -= 1;
        self.key ^= keys().piece_square[p.code()][sq.index()];
        p
    }

    #[inline]
    fn shift(&mut self, from: Square, to: Square) {
        let p = self.board[from.index()].piece_unchecked();
        let a = p.army().index();
        self.board[to.index()] = self.board[from.index()];
        self.board[from.index()] = Cell::EMPTY;
        let i = self.pindex[from.index()];
        self.pindex[to.index()] = i;
        self.plist[a][i as usize] = to;
        let k = &keys().piece_square[p.code()];
        self.key ^= k[from.index()] ^ k[to.index()];
    }

    /// Move the carrier on `from` to `to`.
    #[inline]
    fn move_carrier(&mut self, from: Square, to: Square) {
        self.carriers[from.index()] = false;
        self.carriers[to.index()] = true;
        for c in &mut self.carrier_list[..self.ncarriers as usize] {
            if *c == from {
                *c = to;
            }
        }
        self.key ^= keys().carrier[from.index()] ^ keys().carrier[to.index()];
    }

    fn hand_add(&mut self, group: usize, kind: PieceKind) {
        let n = &mut self.hands[group][kind.index()];
        self.key ^= keys().hand[group][kind.index()][(*n as usize).min(MAX_HAND - 1)];
        *n = n.saturating_add(1);
        self.key ^= keys().hand[group][kind.index()][(*n as usize).min(MAX_HAND - 1)];
    }

    fn hand_remove(&mut self, group: usize, kind: PieceKind) {
        let n = &mut self.hands[group][kind.index()];
        self.key ^= keys().hand[group][kind.index()][(*n as usize).min(MAX_HAND - 1)];
        *n -= 1;
        self.key ^= keys().hand[group][kind.index()][(*n as usize).min(MAX_HAND - 1)];
    }

    #[inline]
    fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            self.key ^= keys().castling[self.castling as usize] ^ keys().castling[rights as usize];
            self.castling = rights;
        }
    }

    #[inline]
    fn clear_ep(&mut self) {
        for i in 0..2 {
            if !self.ep[i].is_none() {
                self.key ^= keys().ep[self.ep[i].index()];
                self.ep[i] = Square::NONE;
            }
        }
        self.ep_victim = Square::NONE;
    }

    #[inline]
    fn next_seat(&mut self) {
        self.key ^= keys().seat[self.seat.index()];
        self.seat = self.next_seat_id();
        self.key ^= keys().seat[self.seat.index()];
    }

    #[inline]
    fn previous_seat(&mut self) {
        self.seat = self.previous_seat_id();
    }

    /// Castling squares: (king from, king to, rook from, rook to).
    #[inline]
    pub fn castle_squares(
        &self,
        army: Army,
        side: usize,
        king_from: Square,
    ) -> (Square, Square, Square, Square) {
        let c = self
            .variant
            .castling
            .as_ref()
            .expect("castle move in a variant without castling");
        let rank = king_from.rank();
        (
            king_from,
            Square::new(c.king_to[side], rank),
            self.castle_rooks[army.index()][side],
            Square::new(c.rook_to[side], rank),
        )
    }
}
