//! Search: mates found at the right distance (checked by an independent brute-force solver
//! that uses only the move generator), no hanging pieces, `stop` honoured, a deterministic bench.

use estuary::board::{MoveList, Position};
use estuary::rules::{attacked, in_check, legal_moves};
use estuary::search::{Limits, Score, Silent};
use estuary::thread::Engine;
use estuary::types::Army;
use estuary::variant::builtin;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn pos(variant: &str, fen: &str) -> Position {
    Position::from_fen(builtin::find(variant).unwrap(), fen).unwrap()
}

/// Can the side to move force mate within `plies` plies (odd)? Plain exhaustive search.
fn forced_mate(p: &mut Position, plies: u32) -> bool {
    let mut list = MoveList::new();
    legal_moves(p, &mut list);
    for m in list.iter() {
        p.make(m);
        let mut replies = MoveList::new();
        legal_moves(p, &mut replies);
        let wins = if replies.is_empty() {
            in_check(p)
        } else if plies >= 3 {
            replies.iter().all(|r| {
                p.make(r);
                let w = forced_mate(p, plies - 2);
                p.unmake();
                w
            })
        } else {
            false
        };
        p.unmake();
        if wins {
            return true;
        }
    }
    false
}

/// The shortest forced mate in moves, by the brute-force solver (up to `max` moves).
fn solver_mate_in(p: &Position, max: u32) -> Option<u32> {
    (1..=max).find(|&n| forced_mate(&mut p.clone(), 2 * n - 1))
}

fn search_mate(variant: &str, fen: &str, depth: u32) -> Option<i32> {
    let mut e = Engine::new(1, 16);
    let r = e.search(
        &pos(variant, fen),
        Limits {
            depth: Some(depth),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    r.score.mate_moves()
}

/// (name, variant, FEN, mate in N moves).
const MATES: &[(&str, &str, &str, u32)] = &[
    (
        "fide back-rank mate in 1",
        "normal",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        1,
    ),
    (
        "fide Morphy's mate in 2",
        "normal",
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
        2,
    ),
    (
        "fide queen-and-rook mate in 3",
        "normal",
        "8/8/8/8/8/5k2/8/4K1QR w - - 0 1",
        3,
    ),
    (
        "two kingdoms rook mate in 1",
        "twokingdoms",
        "5k4/10/5K4/10/10/10/10/10/10/R9 w - - 0 1",
        1,
    ),
    (
        "two kingdoms knight-zebra mate in 2",
        "twokingdoms",
        "9k/10/7K2/10/10/10/10/10/10/1R1N6 w - - 0 1",
        2,
    ),
    (
        "two kingdoms general-and-castle mate in 3",
        "twokingdoms",
        "10/10/10/10/10/10/10/6k3/10/5K1QR1 w - - 0 1",
        3,
    ),
];

#[test]
fn solver_agrees_with_the_mate_positions() {
    for &(name, variant, fen, n) in MATES {
        assert_eq!(
            solver_mate_in(&pos(variant, fen), n),
            Some(n),
            "{name}: the brute-force solver disagrees"
        );
    }
}

/// The shortest mate, found within two plies more than the solver needs (2n - 1) and two for
/// pruning: static exchange pruning may skip a quiet sacrifice at the shallowest depths (the
/// Two Kingdoms mate in 3 is first seen as a mate in 4 at depth 8, as mate in 3 at depth 9).
#[test]
fn finds_mates_in_one_two_and_three() {
    for &(name, variant, fen, n) in MATES {
        let got = search_mate(variant, fen, 2 * n + 4);
        assert_eq!(got, Some(n as i32), "{name}");
    }
}

#[test]
fn sees_being_mated() {
    // Black to move, mated next move whatever it does (back rank).
    let got = search_mate("normal", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", 6);
    assert!(
        got.is_none() || got.unwrap() < 0 || got == Some(0),
        "{got:?}"
    );
    let mut e = Engine::new(1, 16);
    let r = e.search(
        &pos("normal", "7k/6pp/8/8/8/8/8/R5K1 b - - 0 1"),
        Limits {
            depth: Some(5),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert!(
        matches!(r.score, Score::Cp(_)),
        "escapes with ...h6 or g6: {:?}",
        r.score
    );
}

#[test]
fn does_not_leave_the_queen_hanging() {
    // The white queen on e4 is attacked by a protected pawn.
    for (variant, fen) in [
        ("normal", "4k3/8/2p5/3p4/4Q3/8/8/4K3 w - - 0 1"),
        (
            "twokingdoms",
            "4k5/10/10/10/2p7/3p6/4Q5/10/10/4K5 w - - 0 1",
        ),
    ] {
        let mut p = pos(variant, fen);
        let mut e = Engine::new(1, 16);
        let r = e.search(
            &p,
            Limits {
                depth: Some(5),
                ..Default::default()
            },
            Arc::new(Silent),
        );
        p.make(r.best);
        let queen = p.variant().kind_of_letter('Q').unwrap();
        let q = p
            .find(Army::WHITE, queen)
            .expect("the queen was not traded for a pawn");
        assert!(
            !attacked(&p, q, Army::BLACK),
            "{variant}: queen left en prise after {:?}",
            r.best
        );
    }
}

#[test]
fn captures_a_free_queen() {
    let p = pos("normal", "4k3/8/8/8/3q4/8/4N3/4K3 w - - 0 1");
    let mut e = Engine::new(1, 16);
    let r = e.search(
        &p,
        Limits {
            depth: Some(4),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert_eq!(
        estuary::notation::move_text(p.variant(), r.best, estuary::notation::Dialect::Uci),
        "e2d4"
    );
}

#[test]
fn stop_is_honoured_promptly() {
    for threads in [1, 2] {
        let mut e = Engine::new(threads, 16);
        let p = pos(
            "twokingdoms",
            "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
        );
        e.go(
            &p,
            Limits {
                infinite: true,
                ..Default::default()
            },
            Arc::new(Silent),
        );
        std::thread::sleep(Duration::from_millis(200));
        assert!(e.is_searching(), "an infinite search runs until stopped");
        let t = Instant::now();
        e.stop();
        let r = e.wait().unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "stop took {:?}",
            t.elapsed()
        );
        assert!(!r.best.is_none());
    }
}

#[test]
fn movetime_and_node_limits_end_the_search() {
    let mut e = Engine::new(2, 16);
    let p = pos(
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    let t = Instant::now();
    let r = e.search(
        &p,
        Limits {
            movetime: Some(300),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "movetime 300 ms took {:?}",
        t.elapsed()
    );
    assert!(!r.best.is_none());
    let r = e.search(
        &p,
        Limits {
            nodes: Some(20_000),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert!(r.nodes < 200_000, "node limit 20000 searched {}", r.nodes);
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let mut e = Engine::new(1, 16);
    let r = e.search(
        &pos("normal", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Limits {
            depth: Some(3),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert!(r.best.is_none());
}

#[test]
fn bench_is_deterministic_single_threaded() {
    let a = estuary::tools::bench::run(5, 1, 16).unwrap().0;
    let b = estuary::tools::bench::run(5, 1, 16).unwrap().0;
    assert_eq!(a, b);
    assert!(a > 1000);
}

#[test]
fn the_clock_starts_at_ponderhit() {
    let mut e = Engine::new(1, 16);
    let p = pos(
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    e.go(
        &p,
        Limits {
            ponder: true,
            movetime: Some(400),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    std::thread::sleep(Duration::from_millis(600));
    assert!(e.is_searching(), "a ponder search does not end on its own");
    let t = Instant::now();
    e.ponderhit();
    let r = e.wait().unwrap();
    let after = t.elapsed();
    assert!(
        after >= Duration::from_millis(200),
        "the move came {after:?} after ponderhit: the clock ran while pondering"
    );
    assert!(
        after < Duration::from_millis(2000),
        "movetime 400 ms took {after:?} after ponderhit"
    );
    assert!(!r.best.is_none());
}

#[test]
fn a_proven_mate_ends_a_timed_search_early() {
    let mut e = Engine::new(1, 16);
    let p = pos("normal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let t = Instant::now();
    let r = e.search(
        &p,
        Limits {
            movetime: Some(10_000),
            ..Default::default()
        },
        Arc::new(Silent),
    );
    assert_eq!(r.score.mate_moves(), Some(1));
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "a mate in 1 took {:?} of a 10 s budget",
        t.elapsed()
    );
}
