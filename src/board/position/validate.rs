//! The checks a position read from FEN must pass: e.p. squares that follow a multi-step, the
//! royal pieces and promoting pieces, and the carriers of a game with Ferries.

use super::*;

impl Position {
    /// One rank forward (as a mailbox step) for the army that moved last, at `sq`.
    pub(super) fn ep_forward(&self, sq: Square) -> i16 {
        if self.variant.orientation(self.previous_seat_id(), sq) == Orientation::Up {
            Square::delta(0, 1)
        } else {
            Square::delta(0, -1)
        }
    }

    /// Can the e.p. squares `ep` (as read from FEN) be the squares passed by an initial
    /// multi-step of the army that moved last?
    pub(super) fn ep_field_follows_multistep(&self, ep: &[Square]) -> bool {
        let v = self.variant;
        let mover = self.previous_army();
        let forward = self.ep_forward(ep[0]);
        let mut sorted = ep.to_vec();
        sorted.sort_by_key(|s| s.0 as i16 * forward.signum());
        let empty = |s: Square| self.board[s.index()].is_empty();
        let (first, last) = (sorted[0], sorted[sorted.len() - 1]);
        if sorted
            .iter()
            .any(|s| s.file() != first.file() || !empty(*s))
            || sorted.windows(2).any(|w| w[0] == w[1])
        {
            return false;
        }
        let mut s = first;
        while s != last {
            s = s.offset(forward);
            if !empty(s) {
                return false;
            }
        }
        let mut victim = last.offset(forward);
        while empty(victim) {
            victim = victim.offset(forward);
        }
        let Some(piece) = self.board[victim.index()].piece() else {
            return false;
        };
        let pt = v.piece_type(piece.kind());
        if piece.army() != mover || !pt.en_passant {
            return false;
        }
        let initial = v.initial_ranks[mover.index()][piece.kind().index()];
        let mut origin = first.offset(-forward);
        while empty(origin) {
            let delta = victim.0 as i16 - origin.0 as i16;
            let t = &pt.tables[v.orientation(self.previous_seat_id(), origin) as usize];
            let reaches = t
                .leaps
                .iter()
                .any(|l| l.initial && l.quiet && l.delta == delta)
                || t.rides.iter().any(|r| {
                    let n = delta / r.delta;
                    r.initial
                        && r.quiet
                        && delta % r.delta == 0
                        && n >= 2
                        && (r.max == 0 || n <= r.max as i16)
                });
            if initial >> origin.rank() & 1 != 0 && reaches {
                return true;
            }
            origin = origin.offset(-forward);
        }
        false
    }

    /// Carriers in a game with Ferries: on the Ferries' ranks, no more than the game allows,
    /// none under a piece that never boards (FF-10).
    pub(super) fn validate_carriers(&self) -> Result<(), String> {
        let v = self.variant;
        let Some(f) = &v.ferries else {
            return Ok(());
        };
        if self.carriers().len() > f.count as usize {
            return Err(format!(
                "{} Ferries, at most {} (FF-10)",
                self.carriers().len(),
                f.count
            ));
        }
        for &c in self.carriers() {
            let name = crate::variant::fen::square_name(c);
            if !f.zone[c.index()] {
                return Err(format!("a Ferry on {name}, off the Ferries' ranks (FF-10)"));
            }
            if let Some(p) = self.board[c.index()].piece() {
                if p.kind().in_mask(f.non_boarding) {
                    let piece = &v.piece_type(p.kind()).name;
                    return Err(format!("a {piece} on the Ferry on {name} (FF-10)"));
                }
            }
        }
        Ok(())
    }

    pub(super) fn validate_pieces(&self) -> Result<(), String> {
        let v = self.variant;
        if v.royal_mask != 0 {
            for army in Army::ALL {
                let royals: u32 = v
                    .kind_ids()
                    .filter(|k| k.in_mask(v.royal_mask))
                    .map(|k| self.count(army, k) as u32)
                    .sum();
                let side = if army == Army::WHITE {
                    "White"
                } else {
                    "Black"
                };
                if royals == 0 {
                    return Err(format!("{side} has no royal piece"));
                }
                // The pin shortcut of `rules::legal` assumes one royal piece per army.
                if v.pin_legality && royals > 1 {
                    return Err(format!(
                        "{side} has {royals} royal pieces; {} allows one",
                        v.name
                    ));
                }
            }
        }
        if let Some(p) = &v.promotion {
            for army in Army::ALL {
                for &sq in self.pieces_of(army) {
                    let piece = self.board[sq.index()].piece_unchecked();
                    let last = if army == Army::WHITE { v.ranks - 1 } else { 0 };
                    if piece.kind().in_mask(p.pieces)
                        && sq.rank() == last
                        && v.piece_type(piece.kind()).tables[0]
                            .leaps
                            .iter()
                            .all(|l| !l.quiet || l.initial || l.delta.abs() == 16)
                    {
                        return Err(format!(
                            "a {} stands on its last rank",
                            v.piece_type(piece.kind()).name
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
