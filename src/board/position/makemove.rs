//! Make and unmake: playing a move in place and taking it back exactly, keeping the key,
//! piece lists, counts, castling rights and e.p. squares in step.

use super::*;

impl Position {
    /// What every move (null moves too) saves and resets first: the undo record, with the
    /// e.p. squares cleared and the move-rule counter advanced.
    #[inline]
    fn begin_move(&mut self, m: Move) -> Undo {
        let undo = Undo {
            mv: m,
            moved: Cell::EMPTY,
            captured: Cell::EMPTY,
            captured_at: Square::NONE,
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            key: self.key,
        };
        self.clear_ep();
        self.halfmove = self.halfmove.saturating_add(1);
        undo
    }

    /// Play a move (legal or at least pseudo-legal: the generator's output).
    pub fn make(&mut self, m: Move) {
        let v = self.variant;
        let army = self.army();
        let mut undo = self.begin_move(m);
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::MultiStep => {
                let moved = self.board[from.index()];
                undo.moved = moved;
                let target = self.board[to.index()];
                if target.is_piece() {
                    undo.captured = target;
                    undo.captured_at = to;
                    self.take(to);
                    self.reserve_captured(army, target, to);
                    self.halfmove = 0;
                }
                let p = moved.piece_unchecked();
                if p.kind().in_mask(v.draws.reset_pieces) {
                    self.halfmove = 0;
                }
                match m.promotion() {
                    None => self.shift(from, to),
                    Some(k) => {
                        self.take(from);
                        self.put(to, Piece::new(army, k));
                    }
                }
                let mask = self.castle_mask[from.index()] | self.castle_mask[to.index()];
                if mask != 0 {
                    self.set_castling(self.castling & !mask);
                }
                if m.kind() == MoveKind::MultiStep {
                    self.set_ep_after_multistep(from, to);
                }
            }
            MoveKind::EnPassant => {
                let victim = undo.ep_victim;
                undo.moved = self.board[from.index()];
                undo.captured = self.board[victim.index()];
                undo.captured_at = victim;
                self.take(victim);
                self.reserve_captured(army, undo.captured, victim);
                self.shift(from, to);
                self.halfmove = 0;
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let side = (m.kind() == MoveKind::CastleQueen) as usize;
                let (kf, kt, rf, rt) = self.castle_squares(army, side, from);
                undo.moved = self.board[kf.index()];
                let king = self.take(kf);
                let rook = self.take(rf);
                self.put(kt, king);
                self.put(rt, rook);
                let mask = self.castle_mask[kf.index()] | self.castle_mask[rf.index()];
                self.set_castling(self.castling & !mask);
            }
            MoveKind::Ride | MoveKind::PassThrough | MoveKind::Beyond => {
                // FF-11, FF-17, FF-18: a capture (or none, for a quiet Ride) anywhere the move
                // names, then the piece moves; a Ride takes its carrier along.
                let at = self.captured_square(m);
                let moved = self.board[from.index()];
                undo.moved = moved;
                if let Some(at) = at {
                    undo.captured = self.board[at.index()];
                    undo.captured_at = at;
                    self.take(at);
                    self.reserve_captured(army, undo.captured, at);
                    self.halfmove = 0;
                }
                if moved.piece_unchecked().kind().in_mask(v.draws.reset_pieces) {
                    self.halfmove = 0;
                }
                self.shift(from, to);
                if m.kind() == MoveKind::Ride {
                    self.move_carrier(from, to);
                }
                let mut mask = self.castle_mask[from.index()] | self.castle_mask[to.index()];
                if let Some(at) = at {
                    mask |= self.castle_mask[at.index()];
                }
                if mask != 0 {
                    self.set_castling(self.castling & !mask);
                }
            }
            MoveKind::Send => {
                // FF-13: only the carrier moves; it resets nothing.
                undo.moved = self.board[from.index()];
                self.move_carrier(from, to);
            }
            MoveKind::Invalid => {
                debug_assert!(false, "make of a move with no kind: {m:?}");
            }
            MoveKind::Drop => {
                let k = m.promotion().unwrap_or(PieceKind(0));
                self.hand_remove(Variant::hand_group(army, v.bank(to)), k);
                self.put(to, Piece::new(army, k));
                undo.moved = Cell::from_piece(Piece::new(army, k));
                // A drop is irreversible, like a capture (MIT-14).
                self.halfmove = 0;
            }
        }
        self.history.push(undo);
        self.end_move(army);
    }

    /// Count the move (MIT-17: the move number grows after Black's moves) and pass the turn.
    #[inline]
    fn end_move(&mut self, army: Army) {
        self.fullmove += u32::from(army.0);
        self.next_seat();
    }

    /// MIT-8: a piece `army` captured on `at` goes, demoted (MIT-7), to `army`'s reserve for
    /// the bank of `at`, in games with reserves.
    #[inline]
    fn reserve_captured(&mut self, army: Army, captured: Cell, at: Square) {
        if let Some(r) = &self.variant.reserves {
            let kind = r.demote[captured.piece_unchecked().kind().index()];
            self.hand_add(Variant::hand_group(army, self.variant.bank(at)), kind);
        }
    }

    /// Undo `reserve_captured`.
    #[inline]
    fn unreserve_captured(&mut self, army: Army, captured: Cell, at: Square) {
        if let Some(r) = &self.variant.reserves {
            let kind = r.demote[captured.piece_unchecked().kind().index()];
            self.hand_remove(Variant::hand_group(army, self.variant.bank(at)), kind);
        }
    }

    /// Take back the last move made.
    pub fn unmake(&mut self) {
        let u = self.history.pop().expect("unmake without a move");
        self.previous_seat();
        let army = self.army();
        self.fullmove -= u32::from(army.0);
        let m = u.mv;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::MultiStep => {
                if m.promotion().is_some() {
                    self.take(to);
                    self.put(from, u.moved.piece_unchecked());
                } else {
                    self.shift(to, from);
                }
                if u.captured.is_piece() {
                    self.unreserve_captured(army, u.captured, u.captured_at);
                    self.put(u.captured_at, u.captured.piece_unchecked());
                }
            }
            MoveKind::EnPassant => {
                self.shift(to, from);
                self.unreserve_captured(army, u.captured, u.captured_at);
                self.put(u.captured_at, u.captured.piece_unchecked());
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let side = (m.kind() == MoveKind::CastleQueen) as usize;
                let (kf, kt, rf, rt) = self.castle_squares(army, side, from);
                let king = self.take(kt);
                let rook = self.take(rt);
                self.put(kf, king);
                self.put(rf, rook);
            }
            MoveKind::Ride | MoveKind::PassThrough | MoveKind::Beyond => {
                self.shift(to, from);
                if m.kind() == MoveKind::Ride {
                    self.move_carrier(to, from);
                }
                if u.captured.is_piece() {
                    self.unreserve_captured(army, u.captured, u.captured_at);
                    self.put(u.captured_at, u.captured.piece_unchecked());
                }
            }
            MoveKind::Send => self.move_carrier(to, from),
            MoveKind::Invalid => {}
            MoveKind::Drop => {
                let k = m.promotion().unwrap_or(PieceKind(0));
                self.take(to);
                self.hand_add(Variant::hand_group(army, self.variant.bank(to)), k);
            }
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }

    /// Pass the turn without moving (null move, for search). Must be undone with `unmake_null`.
    pub fn make_null(&mut self) {
        let undo = self.begin_move(Move::NONE);
        self.history.push(undo);
        self.end_move(self.army());
    }

    pub fn unmake_null(&mut self) {
        let u = self.history.pop().expect("unmake_null without a null move");
        self.previous_seat();
        self.fullmove -= u32::from(self.army().0);
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }

    /// Forget the history (after a root position is fixed); keeps repetition keys out of reach.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// After an initial multi-step by `army` from `from` to `to`, mark the passed squares that an
    /// enemy e.p. piece could capture on (as Fairy-Stockfish writes them: TK-8).
    fn set_ep_after_multistep(&mut self, from: Square, to: Square) {
        let diff = to.0 as i16 - from.0 as i16;
        let (dx, dy) = crate::types::geometry::split_delta(diff);
        let n = dx.abs().max(dy.abs());
        let step = Square::delta(dx.signum(), dy.signum());
        let next = self.next_seat_id();
        let mut found = [Square::NONE; 2];
        let mut count = 0;
        for i in 1..n {
            let sq = from.offset(step * i as i16);
            if self.ep_attacked_by(sq, next) && count < 2 {
                found[count] = sq;
                count += 1;
            }
        }
        if count > 0 {
            self.ep = found;
            self.ep_victim = to;
            for s in found.iter().take(count) {
                self.key ^= keys().ep[s.index()];
            }
        }
    }

    /// Could an e.p.-capable piece of the seat `seat` (the next to move) capture on `sq`?
    fn ep_attacked_by(&self, sq: Square, seat: Seat) -> bool {
        let army = self.variant.seats[seat.index()].army;
        self.pieces_of(army)
            .iter()
            .any(|&s| self.ep_capture_reaches(seat, s, sq))
    }
}
