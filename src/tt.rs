//! The transposition table: lock-free, shared by all search threads.
//!
//! Each entry is two `AtomicU64` words written with relaxed stores and no lock. A reader can see
//! the halves of two different writes (a torn entry); the XOR trick of Hyatt and Mann
//! ("A lock-less transposition table implementation for parallel search chess engines",
//! ICGA Journal 2002) detects that: the first word holds `key ^ data`, so a probe accepts the
//! entry only when `word0 ^ word1 == key`.
//!
//! ```text
//! bucket (64 bytes, one cache line) = 4 entries x 16 bytes
//! entry  = word0: key ^ data
//!          word1: data
//! data   = bits  0..27  move (all `Move::BITS` bits of `Move`)
//!          bits 27..43  score (i16, mate scores relative to the node)
//!          bits 43..51  depth (u8; 0 = quiescence)
//!          bits 51..53  bound (1 upper, 2 lower, 3 exact)
//!          bits 53..59  generation (age, 6 bits)
//!          bits 59..64  unused
//! ```
//! Replacement: within the bucket, the entry with the same key, else the empty one, else the
//! one with the lowest `depth - 4 * age` (older generations go first).

use crate::board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    pub mv: Move,
    pub score: i16,
    pub depth: u8,
    pub bound: Bound,
}

const ENTRIES_PER_BUCKET: usize = 4;
const MOVE_BITS: u32 = Move::BITS;
const MOVE_MASK: u64 = (1 << MOVE_BITS) - 1;
const SCORE_SHIFT: u32 = MOVE_BITS;
const DEPTH_SHIFT: u32 = SCORE_SHIFT + 16;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const GENERATION_SHIFT: u32 = BOUND_SHIFT + 2;
const _: () = assert!(GENERATION_SHIFT + 6 <= 64);

#[repr(C, align(64))]
struct Bucket {
    words: [AtomicU64; 2 * ENTRIES_PER_BUCKET],
}

/// The shared table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

fn pack(mv: Move, score: i16, depth: u8, bound: Bound, generation: u8) -> u64 {
    (mv.0 as u64 & MOVE_MASK)
        | (score as u16 as u64) << SCORE_SHIFT
        | (depth as u64) << DEPTH_SHIFT
        | (bound as u64) << BOUND_SHIFT
        | ((generation & 63) as u64) << GENERATION_SHIFT
}

fn unpack(data: u64) -> (TtHit, u8) {
    let bound = match data >> BOUND_SHIFT & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    (
        TtHit {
            mv: Move((data & MOVE_MASK) as u32),
            score: (data >> SCORE_SHIFT & 0xFFFF) as u16 as i16,
            depth: (data >> DEPTH_SHIFT & 0xFF) as u8,
            bound,
        },
        (data >> GENERATION_SHIFT & 63) as u8,
    )
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(n);
        buckets.resize_with(n, || Bucket {
            words: Default::default(),
        });
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empty the table (new game).
    pub fn clear(&self) {
        for b in &self.buckets {
            for w in &b.words {
                w.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Start a new search: entries of older searches become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the table without a modulo.
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Prefetch hint is unnecessary at this size; probe straight away.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        let b = self.bucket(key);
        for e in 0..ENTRIES_PER_BUCKET {
            let data = b.words[2 * e + 1].load(Relaxed);
            let check = b.words[2 * e].load(Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data).0);
            }
        }
        None
    }

    /// Store a result. Keeps an existing move when the new one is none.
    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i16, depth: u8, bound: Bound) {
        let b = self.bucket(key);
        let gen = self.generation.load(Relaxed) & 63;
        let mut victim = 0;
        let mut worst = i32::MAX;
        for e in 0..ENTRIES_PER_BUCKET {
            let data = b.words[2 * e + 1].load(Relaxed);
            let check = b.words[2 * e].load(Relaxed);
            if data == 0 {
                victim = e;
                break;
            }
            let (hit, age) = unpack(data);
            if check ^ data == key {
                // Same position: keep a deeper exact result of this search unless we bring one.
                if bound != Bound::Exact && hit.depth as i32 > depth as i32 + 3 && age == gen {
                    return;
                }
                let mv = if mv.is_none() { hit.mv } else { mv };
                let d = pack(mv, score, depth, bound, gen);
                b.words[2 * e].store(key ^ d, Relaxed);
                b.words[2 * e + 1].store(d, Relaxed);
                return;
            }
            let age_diff = (gen.wrapping_sub(age) & 63) as i32;
            let value = hit.depth as i32 - 4 * age_diff;
            if value < worst {
                worst = value;
                victim = e;
            }
        }
        let d = pack(mv, score, depth, bound, gen);
        b.words[2 * victim].store(key ^ d, Relaxed);
        b.words[2 * victim + 1].store(d, Relaxed);
    }

    /// Permille of the first 1000 entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Relaxed) & 63;
        let mut used = 0u32;
        let mut seen = 0;
        for b in self.buckets.iter().take(250) {
            for e in 0..ENTRIES_PER_BUCKET {
                let data = b.words[2 * e + 1].load(Relaxed);
                seen += 1;
                if data != 0 && unpack(data).1 == gen {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};
    use std::sync::Arc;

    fn mv(i: u16) -> Move {
        Move::new(
            Square::new((i % 8) as u8, 1),
            Square::new((i % 8) as u8, 3),
            MoveKind::Normal,
        )
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF, mv(3), -1234, 17, Bound::Lower);
        let h = tt.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(
            (h.mv, h.score, h.depth, h.bound),
            (mv(3), -1234, 17, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn collisions_in_one_bucket_replace_shallowest_and_oldest() {
        let tt = TranspositionTable::new(1);
        // Keys with the same high bits land in the same bucket.
        let keys: Vec<u64> = (1..=5).map(|i| i as u64).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, mv(i as u16), i as i16, 10 + i as u8, Bound::Exact);
        }
        // The bucket is full; a fifth key evicts the shallowest (depth 10, key 1).
        tt.store(keys[4], mv(7), 99, 5, Bound::Exact);
        assert!(tt.probe(keys[0]).is_none());
        for &k in &keys[1..] {
            assert!(tt.probe(k).is_some(), "key {k} lost");
        }
        // An old generation entry goes before a shallower new one.
        tt.new_search();
        tt.new_search();
        tt.store(100, mv(1), 0, 1, Bound::Upper);
        assert!(tt.probe(100).is_some());
        let still = keys[1..].iter().filter(|&&k| tt.probe(k).is_some()).count();
        assert_eq!(still, 3, "exactly one old entry was replaced");
    }

    #[test]
    fn same_key_keeps_old_move_when_new_has_none() {
        let tt = TranspositionTable::new(1);
        tt.store(42, mv(5), 10, 3, Bound::Lower);
        tt.store(42, Move::NONE, 20, 4, Bound::Upper);
        let h = tt.probe(42).unwrap();
        assert_eq!((h.mv, h.score, h.depth), (mv(5), 20, 4));
    }

    #[test]
    fn concurrent_hammer_never_returns_a_torn_entry() {
        // Every writer stores entries whose fields are all derived from the key; a reader
        // that ever sees fields that don't match its key has read a torn entry.
        let tt = Arc::new(TranspositionTable::new(1));
        let field = |k: u64| ((k % 997) as i16, (k % 200) as u8 + 1, mv((k % 8) as u16));
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let tt = Arc::clone(&tt);
                std::thread::spawn(move || {
                    let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ t;
                    let mut bad = 0;
                    for _ in 0..300_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let k = x % 50_000 + 1;
                        let (s, d, m) = field(k);
                        if x & 1 == 0 {
                            tt.store(k, m, s, d, Bound::Exact);
                        } else if let Some(h) = tt.probe(k) {
                            if (h.score, h.depth, h.mv) != (s, d, m) {
                                bad += 1;
                            }
                        }
                    }
                    bad
                })
            })
            .collect();
        let bad: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert_eq!(bad, 0);
        assert!(tt.hashfull() > 0);
    }
}
