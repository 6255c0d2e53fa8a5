//! Zobrist keys, drawn once from a fixed-seed generator so keys (and so bench node counts and
//! TT behaviour) are the same on every run and machine.

use crate::types::geometry::BOARD_CELLS;
use crate::types::piece::Piece;
use crate::variant::{MAX_ARMIES, MAX_KINDS, MAX_SEATS};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// Most pieces of one kind a hand holds (larger counts share the last key).
pub const MAX_HAND: usize = 32;
/// Hand groups: (army, bank).
pub const HAND_GROUPS: usize = MAX_ARMIES * 2;

pub struct Keys {
    pub piece_square: Vec<[u64; BOARD_CELLS]>,
    pub carrier: [u64; BOARD_CELLS],
    pub seat: [u64; MAX_SEATS],
    pub castling: [u64; 16],
    pub ep: [u64; BOARD_CELLS],
    pub hand: Vec<[[u64; MAX_HAND]; MAX_KINDS]>,
}

static KEYS: OnceLock<Keys> = OnceLock::new();

/// The process-wide key tables.
#[inline]
pub fn keys() -> &'static Keys {
    KEYS.get_or_init(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(0x4573_7475_6172_7921); // "Estuary!"
        let mut cells = || {
            let mut a = [0u64; BOARD_CELLS];
            for k in a.iter_mut() {
                *k = rng.next_u64();
            }
            a
        };
        let piece_square = (0..Piece::CODES).map(|_| cells()).collect();
        let carrier = cells();
        let ep = cells();
        let mut seat = [0u64; MAX_SEATS];
        let mut castling = [0u64; 16];
        let mut hand = vec![[[0u64; MAX_HAND]; MAX_KINDS]; HAND_GROUPS];
        for s in seat.iter_mut().skip(1) {
            *s = rng.next_u64();
        }
        for c in castling.iter_mut().skip(1) {
            *c = rng.next_u64();
        }
        for g in hand.iter_mut() {
            for k in g.iter_mut() {
                for c in k.iter_mut().skip(1) {
                    *c = rng.next_u64();
                }
            }
        }
        Keys {
            piece_square,
            carrier,
            seat,
            castling,
            ep,
            hand,
        }
    })
}
