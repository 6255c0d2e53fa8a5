//! Move and attack tables: a piece's Betza vectors compiled into the flat leap, ride and
//! circle lists the walker (`crate::movegen`) loops over, once per orientation, and the attack
//! tables (per capturing vector, the kinds that attack along it) built from those same tables.

use super::betza::{Reach, Vector};
use super::*;

/// Is `v` one of `among` (same step, same kind of reach)? Matches a piece's move against a
/// Betza subset of it (`crosses`, `pass_through`, `beyond`).
pub(super) fn listed(v: &Vector, among: &[Vector]) -> bool {
    among.iter().any(|c| {
        c.dx == v.dx
            && c.dy == v.dy
            && std::mem::discriminant(&c.reach) == std::mem::discriminant(&v.reach)
    })
}

/// Compile vectors into a move table; `flip` mirrors forward to point down. `crosses`: the
/// vectors that may cross a channel (FF-2, FF-3), `None` = all.
pub(super) fn table(vectors: &[Vector], flip: bool, crosses: Option<&[Vector]>) -> MoveTable {
    let mut t = MoveTable::default();
    for v in vectors {
        let cross = crosses.is_none_or(|c| listed(v, c));
        let dy = if flip { -v.dy } else { v.dy };
        let delta = Square::delta(v.dx, dy);
        match v.reach {
            Reach::Leap => {
                let mut path = [0i16; 2];
                let mut path_len = 0u8;
                if v.lame {
                    let n = v.dx.abs().max(dy.abs());
                    let (ux, uy) = (v.dx.signum(), dy.signum());
                    for i in 1..n {
                        if (path_len as usize) < 2 {
                            path[path_len as usize] = Square::delta(ux * i, uy * i);
                            path_len += 1;
                        }
                    }
                }
                t.leaps.push(Leap {
                    delta,
                    quiet: v.quiet,
                    capture: v.capture,
                    initial: v.initial,
                    en_passant: v.en_passant,
                    path,
                    path_len,
                    cross,
                });
            }
            Reach::Ride(max) => t.rides.push(Ride {
                delta,
                max,
                min: 1,
                quiet: v.quiet,
                capture: v.capture,
                initial: v.initial,
                cross,
            }),
            Reach::Circle(max) => {
                // The atom's images sorted by angle form the circle.
                let base = (v.dx.abs().min(v.dy.abs()), v.dx.abs().max(v.dy.abs()));
                let mut ring: Vec<(i8, i8)> = Vec::new();
                for (x, y) in [(base.0, base.1), (base.1, base.0)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let p = (x * sx, y * sy);
                        if !ring.contains(&p) {
                            ring.push(p);
                        }
                    }
                }
                ring.sort_by(|a, b| {
                    (a.1 as f64)
                        .atan2(a.0 as f64)
                        .total_cmp(&(b.1 as f64).atan2(b.0 as f64))
                });
                let circle: Vec<i16> = ring
                    .iter()
                    .map(|&(x, y)| Square::delta(x, if flip { -y } else { y }))
                    .collect();
                if !t.circles.iter().any(|c| c.circle == circle && c.max == max) {
                    t.circles.push(Circle {
                        circle,
                        max,
                        quiet: v.quiet,
                        capture: v.capture,
                    });
                }
            }
        }
    }
    // A ride that repeats a plain leap's first square starts one leap further.
    let leaps = t.leaps.clone();
    for r in t.rides.iter_mut() {
        if leaps.iter().any(|l| {
            l.delta == r.delta
                && !l.initial
                && l.path_len == 0
                && (l.quiet || !r.quiet)
                && (l.capture || !r.capture)
        }) {
            r.min = 2;
        }
    }
    t.plain = t
        .leaps
        .iter()
        .all(|l| l.quiet && l.capture && !l.initial && l.path_len == 0 && l.cross)
        && t.rides
            .iter()
            .all(|r| r.quiet && r.capture && !r.initial && r.cross && r.min == 1 && r.max == 0)
        && t.circles.is_empty();
    t
}

/// Build the attack table: for each capturing vector, which kinds attack along it.
pub(super) fn attack_table(pieces: &[PieceType], o: Orientation) -> AttackTable {
    let mut t = AttackTable::default();
    for (k, p) in (0u8..).map(PieceKind).zip(pieces) {
        let bit = k.bit();
        let mt = &p.tables[o as usize];
        for l in mt.leaps.iter().filter(|l| l.capture && !l.initial) {
            match t
                .leaps
                .iter_mut()
                .find(|a| a.delta == l.delta && a.path_len == l.path_len && a.path == l.path)
            {
                Some(a) => {
                    a.kinds |= bit;
                    if l.cross {
                        a.crossing |= bit;
                    }
                }
                None => t.leaps.push(LeapAttack {
                    delta: l.delta,
                    kinds: bit,
                    crossing: if l.cross { bit } else { 0 },
                    path: l.path,
                    path_len: l.path_len,
                }),
            }
        }
        for r in mt.rides.iter().filter(|r| r.capture && !r.initial) {
            let entry = match t.rays.iter_mut().position(|a| a.delta == r.delta) {
                Some(i) => &mut t.rays[i],
                None => {
                    t.rays.push(RayAttack {
                        delta: r.delta,
                        ..Default::default()
                    });
                    t.rays.last_mut().unwrap()
                }
            };
            if r.cross {
                entry.crossing |= bit;
            }
            if r.max == 0 {
                entry.unlimited |= bit;
            } else {
                entry.limited.push((bit, r.max));
            }
        }
        if mt.circles.iter().any(|c| c.capture) {
            t.circles |= bit;
        }
    }
    t
}

/// Merge the attack tables of the orientations `army`'s seats move with into one table
/// (`ArmyAttacks`): one entry per leap and per ray direction, with its kinds by orientation.
/// Orientations none of its seats uses add nothing, so a one-seat army's table has the
/// entries of its orientation's table, in the same order.
pub(super) fn army_attack_table(
    tables: &[AttackTable; 2],
    seats: &[SeatSpec],
    army: Army,
) -> ArmyAttacks {
    let mut t = ArmyAttacks {
        seats: (0u8..)
            .map(Seat)
            .zip(seats)
            .filter(|(_, s)| s.army == army)
            .map(|(seat, s)| (seat, s.orientation))
            .collect(),
        ..Default::default()
    };
    for o in [Orientation::Up, Orientation::Down] {
        if !t.seats.iter().any(|&(_, so)| so == o) {
            continue;
        }
        let table = &tables[o as usize];
        let oi = o as usize;
        for l in &table.leaps {
            let i =
                match t.leaps.iter().position(|a| {
                    a.delta == l.delta && a.path_len == l.path_len && a.path == l.path
                }) {
                    Some(i) => i,
                    None => {
                        t.leaps.push(ArmyLeap {
                            delta: l.delta,
                            path: l.path,
                            path_len: l.path_len,
                            kinds: 0,
                            by: [(0, 0); 2],
                        });
                        t.leaps.len() - 1
                    }
                };
            let a = &mut t.leaps[i];
            a.kinds |= l.kinds;
            a.by[oi] = (l.kinds, l.crossing);
        }
        for r in &table.rays {
            let i = match t.rays.iter().position(|a| a.delta == r.delta) {
                Some(i) => i,
                None => {
                    t.rays.push(ArmyRay {
                        delta: r.delta,
                        kinds: 0,
                        by: Default::default(),
                    });
                    t.rays.len() - 1
                }
            };
            let a = &mut t.rays[i];
            a.kinds |= r.unlimited | r.limited.iter().fold(0, |m, &(k, _)| m | k);
            a.by[oi] = r.clone();
        }
        t.circles |= table.circles;
    }
    t
}
