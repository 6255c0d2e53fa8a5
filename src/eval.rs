//! Static evaluation, for every game from its config alone: material (config values),
//! piece-square terms derived from board geometry (centralisation; advancement of promoting
//! pieces toward their zone; a royal piece sheltered in the middlegame and central in the
//! endgame), mobility, threats (a piece attacked by a cheaper one, or hanging), king safety
//! where a royal piece exists (enemy pieces near it, their moves next to it), pawn structure,
//! and control of carriers where the game has them (Flight and Ferry). Tapered between
//! middlegame and endgame by the non-pawn material left. No game-specific code.
//!
//! Scores are centipawns from the point of view of the army to move. Every weight but the
//! piece values is an `EvalParams` field (`variant/eval_params.rs`): its default, or what the
//! game's `[eval]` table says; `estuary tune` fits them (`tools/tune/`).

use crate::board::{Position, Square};
use crate::rules::attack::attacked_as;
use crate::rules::moves::{piece_moves_of, SeatMoves};
use crate::rules::river;
use crate::rules::victory;
use crate::types::geometry::{squares, BOARD_CELLS, MAX_FILES, STRIDE};
use crate::types::{Army, Piece, PieceKind};
pub use crate::variant::EvalParams;
use crate::variant::{Orientation, Variant, MAX_KINDS};
use dashmap::DashMap;
use std::sync::{Arc, OnceLock};

/// Per-variant tables derived once from the config.
pub struct EvalTables {
    /// [kind][army][cell] -> (middlegame, endgame) bonus.
    pst: Vec<[Vec<(i16, i16)>; 2]>,
    values: [i32; MAX_KINDS],
    mobility_weight: [i32; MAX_KINDS],
    /// Non-pawn, non-royal material of the start position (for the phase).
    start_phase: i32,
    phase_weight: [i32; MAX_KINDS],
    /// The kinds that promote, when the game has pawn-structure terms (`pawn_structure`).
    promoter: [bool; MAX_KINDS],
    /// The kinds that ride along files, for `open_file`.
    file_rider: [bool; MAX_KINDS],
    /// The royal kinds (never a threat's victim, never a lesser attacker).
    royal: [bool; MAX_KINDS],
    pawn_terms: bool,
    /// The weights the tables were built with.
    params: EvalParams,
}

static TABLES: OnceLock<DashMap<usize, Arc<EvalTables>>> = OnceLock::new();

/// The tables for a variant, built on first use and shared by all threads.
pub fn tables(v: &'static Variant) -> Arc<EvalTables> {
    let map = TABLES.get_or_init(DashMap::new);
    let id = v as *const Variant as usize;
    if let Some(t) = map.get(&id) {
        return Arc::clone(&t);
    }
    let values: Vec<i32> = v.pieces.iter().map(|p| p.value).collect();
    let t = Arc::new(EvalTables::new(v, &v.eval, &values));
    map.insert(id, Arc::clone(&t));
    t
}

impl EvalTables {
    /// Tables for `v` with other weights and piece values (`values[kind]`, one per kind of
    /// `v`) than its config's: what `estuary tune` tries. The search uses [`tables`].
    pub fn new(v: &'static Variant, params: &EvalParams, values: &[i32]) -> EvalTables {
        build(v, params, values)
    }

    /// The weights these tables were built with.
    pub fn params(&self) -> &EvalParams {
        &self.params
    }
}

fn build(v: &'static Variant, params: &EvalParams, piece_values: &[i32]) -> EvalTables {
    assert_eq!(piece_values.len(), v.kinds(), "one value per piece kind");
    let p = params;
    let mut values = [0; MAX_KINDS];
    let mut mobility_weight = [0; MAX_KINDS];
    let mut phase_weight = [0; MAX_KINDS];
    let mut promoter = [false; MAX_KINDS];
    let mut file_rider = [false; MAX_KINDS];
    let mut royal = [false; MAX_KINDS];
    let cx = (v.files as f64 - 1.0) / 2.0;
    let cy = (v.ranks as f64 - 1.0) / 2.0;
    let max_d = cx + cy;
    let mut pst = Vec::new();
    for (k, pt) in v.pieces.iter().enumerate() {
        values[k] = piece_values[k];
        promoter[k] = pt.promotes;
        royal[k] = pt.royal;
        file_rider[k] = pt.tables[0]
            .rides
            .iter()
            .any(|r| r.max == 0 && r.capture && r.delta.abs() == STRIDE);
        let rider =
            pt.tables[0].rides.iter().any(|r| r.max == 0) || !pt.tables[0].circles.is_empty();
        if !pt.royal && !pt.promotes {
            mobility_weight[k] = if rider {
                p.mobility_scale
            } else {
                p.mobility_scale + p.leaper_mobility_bonus
            };
            phase_weight[k] = values[k].max(0);
        }
        let mut by_army: [Vec<(i16, i16)>; 2] =
            [vec![(0, 0); BOARD_CELLS], vec![(0, 0); BOARD_CELLS]];
        for army in Army::ALL {
            for sq in squares(v.files, v.ranks) {
                let centre =
                    1.0 - ((sq.file() as f64 - cx).abs() + (sq.rank() as f64 - cy).abs()) / max_d; // 0..1
                let rank_from_own = if Variant::army_orientation(army) == Orientation::Up {
                    sq.rank()
                } else {
                    v.ranks - 1 - sq.rank()
                } as f64;
                let progress = rank_from_own / (v.ranks as f64 - 1.0).max(1.0); // 0..1
                let (mg, eg) = if pt.royal {
                    let eg_swing = p.royal_eg_centre as f64;
                    (
                        -(progress * p.royal_mg_advance as f64)
                            + (1.0 - centre) * p.royal_mg_edge as f64,
                        centre * eg_swing - eg_swing / 2.0,
                    )
                } else if pt.promotes {
                    let file_centre = 1.0 - (sq.file() as f64 - cx).abs() / cx.max(1.0);
                    (
                        progress * progress * p.promoter_mg_advance as f64
                            + file_centre * p.promoter_mg_file_centre as f64 * progress,
                        progress * progress * p.promoter_eg_advance as f64,
                    )
                } else {
                    let w = if rider {
                        p.rider_centre
                    } else {
                        p.leaper_centre
                    } as f64;
                    (centre * w - w / 2.0, centre * w / 2.0 - w / 4.0)
                };
                by_army[army.index()][sq.index()] = (mg.round() as i16, eg.round() as i16);
            }
        }
        pst.push(by_army);
    }
    let start = Position::startpos(v);
    let mut start_phase = 0;
    for army in Army::ALL {
        for &s in start.pieces_of(army) {
            start_phase += phase_weight[start.piece_at(s).piece_unchecked().kind().index()];
        }
    }
    EvalTables {
        pst,
        values,
        mobility_weight,
        start_phase: start_phase.max(1),
        phase_weight,
        promoter,
        file_rider,
        royal,
        pawn_terms: v.river.is_none()
            && promoter.iter().any(|&p| p)
            && p.passed_mg + p.passed_eg + p.isolated + p.doubled + p.open_file + p.shelter != 0,
        params: *params,
    }
}

/// Material balance alone (army-to-move view), for ordering and pruning margins.
pub fn material(pos: &Position, t: &EvalTables) -> i32 {
    let us = pos.army();
    let mut s = 0;
    for army in Army::ALL {
        let sign = if army == us { 1 } else { -1 };
        for &sq in pos.pieces_of(army) {
            s += sign * t.values[pos.piece_at(sq).piece_unchecked().kind().index()];
        }
        s += sign * reserve_value(pos, t, army);
    }
    s
}

/// The value of `army`'s pieces in reserve (MIT-8), both banks: a piece in hand counts as
/// much as one on the board (it can come back anywhere on its bank).
#[inline]
fn reserve_value(pos: &Position, t: &EvalTables, army: Army) -> i32 {
    if !pos.has_hands() {
        return 0;
    }
    let v = pos.variant();
    let mut s = 0;
    for bank in 0..2 {
        let group = crate::variant::Variant::hand_group(army, bank);
        for k in v.kind_ids() {
            s += pos.hand(group, k) as i32 * t.values[k.index()];
        }
    }
    s
}

/// Value of a piece kind.
#[inline]
pub fn value(t: &EvalTables, kind: PieceKind) -> i32 {
    t.values[kind.index()]
}

/// No evaluation goes beyond this, whatever the config's piece values: scores from
/// `search::MATE_BOUND` (29,000) up are mate scores to the search and the TT.
pub const EVAL_LIMIT: i32 = 20_000;

/// Margin beyond which the cheap terms decide a lazy evaluation.
const LAZY_MARGIN: i32 = 400;

/// Full static evaluation, from the view of the army to move.
pub fn evaluate(pos: &Position, t: &EvalTables) -> i32 {
    evaluate_lazy(pos, t, -i32::MAX, i32::MAX)
}

/// Evaluation that skips mobility and king safety when material and piece-square terms alone
/// are further than `LAZY_MARGIN` outside the (alpha, beta) window.
pub fn evaluate_lazy(pos: &Position, t: &EvalTables, alpha: i32, beta: i32) -> i32 {
    let (cheap, full) = eval_parts(pos, t, alpha, beta);
    lazy_answer(cheap, full)
}

/// [`evaluate_lazy`] through a cache of the evaluations already made: the same score, computed
/// once per position as long as its entry lasts (an entry holds the cheap terms, and the full
/// score once some window needed it).
pub fn evaluate_cached(
    pos: &Position,
    t: &EvalTables,
    alpha: i32,
    beta: i32,
    cache: &mut EvalCache,
) -> i32 {
    let key = pos.key();
    let e = cache.slot(key);
    if e.key == key {
        if lazy_cut(e.cheap, alpha, beta) {
            return e.cheap.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        if e.full != EvalCache::UNKNOWN {
            return e.full;
        }
    }
    let (cheap, full) = eval_parts(pos, t, alpha, beta);
    *e = CacheEntry {
        key,
        cheap,
        full: full.unwrap_or(EvalCache::UNKNOWN),
    };
    lazy_answer(cheap, full)
}

/// A lazy evaluation's score from its parts (`eval_parts`): the whole evaluation when it was
/// made, else the cheap terms, clamped.
#[inline]
fn lazy_answer(cheap: i32, full: Option<i32>) -> i32 {
    full.unwrap_or(cheap.clamp(-EVAL_LIMIT, EVAL_LIMIT))
}

/// Whether the cheap terms alone decide a lazy evaluation in the (alpha, beta) window.
#[inline]
fn lazy_cut(cheap: i32, alpha: i32, beta: i32) -> bool {
    cheap - LAZY_MARGIN >= beta || cheap + LAZY_MARGIN <= alpha
}

#[derive(Clone, Copy, Default)]
struct CacheEntry {
    key: u64,
    /// The material, piece-square, tempo, set and ferry terms (not clamped).
    cheap: i32,
    /// The whole evaluation, or `EvalCache::UNKNOWN`.
    full: i32,
}

/// A search thread's cache of evaluations by position key (one variant's positions: a
/// worker is rebuilt when the game changes).
pub struct EvalCache {
    entries: Vec<CacheEntry>,
}

impl EvalCache {
    const UNKNOWN: i32 = i32::MIN;
    const BITS: u32 = 16;

    pub fn new() -> EvalCache {
        EvalCache {
            entries: vec![CacheEntry::default(); 1 << Self::BITS],
        }
    }

    #[inline]
    fn slot(&mut self, key: u64) -> &mut CacheEntry {
        // The top bits of the key, as the TT's multiply-shift takes them.
        &mut self.entries[(key >> (64 - Self::BITS)) as usize]
    }
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache::new()
    }
}

/// The cheap terms (not clamped) and, unless they alone decide the (alpha, beta) window, the whole
/// evaluation.
fn eval_parts(pos: &Position, t: &EvalTables, alpha: i32, beta: i32) -> (i32, Option<i32>) {
    let v = pos.variant();
    let us = pos.army();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for army in Army::ALL {
        let a = army.index();
        for &sq in pos.pieces_of(army) {
            let k = pos.piece_at(sq).piece_unchecked().kind().index();
            let (m, e) = t.pst[k][a][sq.index()];
            mg[a] += t.values[k] + m as i32;
            eg[a] += t.values[k] + e as i32;
            phase += t.phase_weight[k];
        }
        let reserve = reserve_value(pos, t, army);
        mg[a] += reserve;
        eg[a] += reserve;
    }
    let phase = phase.min(t.start_phase);
    // In i64: a config's piece values (and so the phase weights) may be large.
    let taper = |m: i32, e: i32| {
        ((m as i64 * phase as i64 + e as i64 * (t.start_phase - phase) as i64)
            / t.start_phase as i64)
            .clamp(-EVAL_LIMIT as i64, EVAL_LIMIT as i64) as i32
    };
    let (ua, ta) = (us.index(), us.enemy().index());
    let p = &t.params;
    let cheap = taper(mg[ua] - mg[ta], eg[ua] - eg[ta])
        + p.tempo
        + set_term(pos, p, us)
        + ferry_term(pos, p, us);
    if lazy_cut(cheap, alpha, beta) {
        return (cheap, None);
    }
    let Activity {
        mobility,
        threats,
        attack,
    } = activity(pos, t);
    // King safety: enemy pieces close to a royal piece, weighted by value, middlegame only.
    let mut danger = [0i32; 2];
    if v.royal_mask != 0 {
        for army in Army::ALL {
            let king = pos.royal_square(army);
            if king.is_none() {
                continue;
            }
            danger[army.index()] = king_danger(pos, t, king, army.enemy());
        }
    }
    let pawns = if t.pawn_terms {
        pawn_structure(pos, t)
    } else {
        [(0, 0); 2]
    };
    let score = |a: usize| {
        let m = mg[a] + mobility[a] - danger[a] - attack[a] + pawns[a].0 + threats[a].0;
        let e = eg[a] + mobility[a] * p.mobility_eg_percent / 100 + pawns[a].1 + threats[a].1;
        taper(m, e)
    };
    let s = score(us.index()) - score(us.enemy().index());
    let full = (s + p.tempo + set_term(pos, p, us) + ferry_term(pos, p, us))
        .clamp(-EVAL_LIMIT, EVAL_LIMIT);
    (cheap, Some(full))
}

/// What walking every piece's moves gives, per army: its mobility, its threat bonus (middlegame,
/// endgame), and the king-attack penalty it suffers.
#[derive(Default)]
struct Activity {
    mobility: [i32; 2],
    threats: [(i32, i32); 2],
    attack: [i32; 2],
}

/// Mobility, threats and king attack (`Activity`) of both armies, in one walk over each piece's
/// moves.
fn activity(pos: &Position, t: &EvalTables) -> Activity {
    let v = pos.variant();
    let p = &t.params;
    let threats_on = p.threat_lesser_mg + p.threat_lesser_eg + p.hanging_mg + p.hanging_eg != 0;
    let attack_on = p.king_attack != 0 && v.royal_mask != 0;
    let mut out = Activity::default();
    for army in Army::ALL {
        let a = army.index();
        let sm = SeatMoves::new(v, pos.next_seat_of(army));
        if !threats_on && !attack_on {
            // Mobility alone (a game that sets no threat or king-attack weight: Wey, Mitregi,
            // Flight and Ferry): a walk whose closure only counts, as lean as it was before
            // those terms.
            for &sq in pos.pieces_of(army) {
                let piece = pos.piece_at(sq).piece_unchecked();
                let k = piece.kind().index();
                if t.mobility_weight[k] != 0 {
                    let mut n = 0;
                    piece_moves_of(pos, pos.cells(), &sm, sq, piece, true, |_, _, _| n += 1);
                    out.mobility[a] += t.mobility_weight[k] * (n - p.mobility_offset);
                }
            }
            continue;
        }
        let enemy_king = if attack_on {
            pos.royal_square(army.enemy())
        } else {
            Square::NONE
        };
        let (mut lesser, mut hanging, mut hits, mut attackers) = (0, 0, 0, 0);
        for &sq in pos.pieces_of(army) {
            let piece = pos.piece_at(sq).piece_unchecked();
            let k = piece.kind().index();
            let mobile = t.mobility_weight[k] != 0;
            if !mobile && !threats_on {
                continue;
            }
            let mut n = 0;
            let mut near = 0;
            // Pieces without a mobility term are walked for their captures only.
            piece_moves_of(
                pos,
                pos.cells(),
                &sm,
                sq,
                piece,
                mobile,
                |to, capture, _| {
                    n += 1;
                    if mobile && !enemy_king.is_none() && next_to(to, enemy_king) {
                        near += 1;
                    }
                    if !(threats_on && capture) {
                        return;
                    }
                    let Some(victim) = pos.piece_at(to).piece() else {
                        return;
                    };
                    let vk = victim.kind().index();
                    if victim.army() == army || t.royal[vk] {
                        return;
                    }
                    if !t.royal[k] && t.values[k] < t.values[vk] {
                        lesser += 1;
                    } else if !attacked_as(pos, to, victim.army(), Some(taker(pos, piece, sq, to)))
                    {
                        hanging += 1;
                    }
                },
            );
            if mobile {
                out.mobility[a] += t.mobility_weight[k] * (n - p.mobility_offset);
            }
            if near > 0 {
                hits += near;
                attackers += 1;
            }
        }
        out.threats[a] = (
            lesser * p.threat_lesser_mg + hanging * p.hanging_mg,
            lesser * p.threat_lesser_eg + hanging * p.hanging_eg,
        );
        out.attack[army.enemy().index()] = p.king_attack * hits * attackers.min(4) / 4;
    }
    out
}

/// The piece that stands on `to` once `piece` has captured there from `from`: what the
/// victim's army would take back, asked about as such because some rules look at the piece
/// taken (WEY-3: an unpromoted Pawn may not take a same-bank Pawn; WEY-4: a Pawn that crosses
/// the River is a Wazir on landing). A victim is hanging when nothing could.
fn taker(pos: &Position, piece: Piece, from: Square, to: Square) -> Piece {
    let v = pos.variant();
    v.river
        .as_ref()
        .and_then(|r| river::crossing_promotion(v, r, piece.kind(), from, to))
        .map_or(piece, |k| Piece::new(piece.army(), k))
}

/// Ferry control (FF-11..FF-13) from `us`'s view: the Ferries our pieces stand on, less
/// theirs. (Material on a Ferry is counted with the rest of the board.)
fn ferry_term(pos: &Position, p: &EvalParams, us: Army) -> i32 {
    pos.carriers()
        .iter()
        .filter_map(|&c| pos.piece_at(c).piece())
        .map(|piece| {
            if piece.army() == us {
                p.ferry_control
            } else {
                -p.ferry_control
            }
        })
        .sum()
}

/// Pawn structure, (middlegame, endgame) per army: passed, isolated and doubled promoting
/// pieces, file riders on open files, and the shelter of promoting pieces in front of a royal
/// piece, in games where each army's promoting pieces head for one far side
/// (`EvalTables::pawn_terms`). A promoting piece is passed when no enemy one stands ahead of it
/// on its own or a neighbouring file (<https://www.chessprogramming.org/Passed_Pawn>).
fn pawn_structure(pos: &Position, t: &EvalTables) -> [(i32, i32); 2] {
    const FILES: usize = MAX_FILES as usize;
    let v = pos.variant();
    // Per army and file: the lowest and highest rank of its promoting pieces (i32::MAX and -1
    // when it has none there), and how many there are.
    let mut lo = [[i32::MAX; FILES + 2]; 2];
    let mut hi = [[-1i32; FILES + 2]; 2];
    let mut count = [[0i32; FILES + 2]; 2];
    for army in Army::ALL {
        let a = army.index();
        for &sq in pos.pieces_of(army) {
            if t.promoter[pos.piece_at(sq).piece_unchecked().kind().index()] {
                // Files shifted by one, so that both neighbours of every file exist.
                let f = sq.file() as usize + 1;
                let r = sq.rank() as i32;
                lo[a][f] = lo[a][f].min(r);
                hi[a][f] = hi[a][f].max(r);
                count[a][f] += 1;
            }
        }
    }
    let p = &t.params;
    let last = (v.ranks as i32 - 1).max(1);
    let mut out = [(0, 0); 2];
    for army in Army::ALL {
        let (a, e) = (army.index(), army.enemy().index());
        let up = Variant::army_orientation(army) == Orientation::Up;
        let (mut mg, mut eg) = (0, 0);
        for &sq in pos.pieces_of(army) {
            let k = pos.piece_at(sq).piece_unchecked().kind().index();
            let f = sq.file() as usize + 1;
            if t.file_rider[k] && count[a][f] == 0 {
                let bonus = if count[e][f] == 0 {
                    p.open_file
                } else {
                    p.open_file / 2
                };
                mg += bonus;
                eg += bonus;
            }
            if !t.promoter[k] {
                continue;
            }
            let r = sq.rank() as i32;
            let files = f - 1..=f + 1;
            let passed = if up {
                files.clone().all(|g| hi[e][g] <= r)
            } else {
                files.clone().all(|g| lo[e][g] >= r)
            };
            if passed {
                let advance = if up { r } else { last - r };
                let sq_adv = advance * advance;
                mg += p.passed_mg * sq_adv / (last * last);
                eg += p.passed_eg * sq_adv / (last * last);
            }
            if count[a][f - 1] == 0 && count[a][f + 1] == 0 {
                mg -= p.isolated;
                eg -= p.isolated;
            }
        }
        if p.shelter != 0 && v.royal_mask != 0 {
            let king = pos.royal_square(army);
            if !king.is_none() {
                let f = king.file() as usize + 1;
                let r = king.rank() as i32;
                let shield = |g: usize| {
                    let (l, h) = (lo[a][g], hi[a][g]);
                    // Its lowest (Up) or highest (Down) promoting piece on file g, if any.
                    let ahead = if up { l - r } else { r - h };
                    count[a][g] > 0 && (1..=2).contains(&ahead)
                };
                mg += p.shelter * (f - 1..=f + 1).filter(|&g| shield(g)).count() as i32;
            }
        }
        for &c in &count[a] {
            if c > 1 {
                mg -= p.doubled * (c - 1);
                eg -= p.doubled * (c - 1);
            }
        }
        out[a] = (mg, eg);
    }
    out
}

/// Are `a` and `b` (playing squares) the same square or neighbours? In the mailbox a neighbour
/// is one of nine offsets: the four columns of padding keep a step off one edge of the board
/// from landing on the other (`types::geometry`).
#[inline]
fn next_to(a: Square, b: Square) -> bool {
    let d = a.0 as i32 - b.0 as i32;
    let s = STRIDE as i32;
    d.abs() <= 1 || (d - s).abs() <= 1 || (d + s).abs() <= 1
}

fn king_danger(pos: &Position, t: &EvalTables, king: Square, enemy: Army) -> i32 {
    let mut weight = 0;
    let mut count = 0;
    for &s in pos.pieces_of(enemy) {
        let df = (s.file() as i32 - king.file() as i32).abs();
        let dr = (s.rank() as i32 - king.rank() as i32).abs();
        let d = df.max(dr);
        if d <= 3 {
            let k = pos.piece_at(s).piece_unchecked().kind().index();
            if t.mobility_weight[k] != 0 {
                weight += (4 - d) * (t.values[k] / 100).clamp(1, 10);
                count += 1;
            }
        }
    }
    t.params.king_danger * weight * count.min(4) / 2
}

/// Capture-a-set progress (WEY-12) from `us`'s view: what we have taken of their nearest set,
/// less what they have taken of ours. The bonus grows with the square of the share captured,
/// so set pieces weigh more as the set fills.
fn set_term(pos: &Position, p: &EvalParams, us: Army) -> i32 {
    if pos.variant().victory_sets.is_empty() {
        return 0;
    }
    let share = |army: Army| match victory::set_progress(pos, army) {
        Some((got, total)) if total > 0 => {
            p.set_progress * (got * got) as i32 / (total * total) as i32
        }
        _ => 0,
    };
    share(us.enemy()) - share(us)
}
