//! make/unmake under random playouts (fixed seeds, so failures reproduce): after every move the
//! incremental Zobrist key equals the key of the position read back from its own FEN, the
//! legal moves agree too, and unmake restores FEN and key exactly.

mod common;

use common::{fide, tk};
use estuary::board::{MoveKind, MoveList, Position};
use estuary::notation::{move_text, Dialect};
use estuary::rules::legal_moves;
use estuary::variant::Variant;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plies per playout.
const PLIES: usize = 160;
/// Playouts per start position.
const PLAYOUTS: u64 = 6;

const FIDE_STARTS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    ("pawn race", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"),
];

const TK_STARTS: &[(&str, &str)] = &[
    (
        "start",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "ep-pre",
        "rnabqkbanr/ppp1p1pppp/10/10/10/5p4/3p6/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "castle",
        "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    ),
    (
        "pawns",
        "5k4/p1p3p1p1/10/10/10/3p3p2/5p4/10/PPP1P1PP1P/5K4 w - - 0 1",
    ),
    (
        "pawns-b",
        "5k4/pppp1ppppp/10/2P1P5/6P3/10/10/10/P8P/5K4 b - - 0 1",
    ),
    (
        "promo-mixed",
        "1n4r3/P1P4P2/10/5k4/10/10/8P1/9Q/1p1p4p1/2R2K3A w - - 0 1",
    ),
];

fn legal_texts(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|m| move_text(pos.variant(), m, Dialect::Uci))
        .collect();
    v.sort();
    v
}

/// Checks of one position reached by make: key and moves agree with its FEN.
fn check_against_fen(pos: &mut Position, at: &str) {
    let fen = pos.fen();
    let mut fresh = Position::from_fen(pos.variant(), &fen)
        .unwrap_or_else(|e| panic!("{at}: own FEN refused: {e}: {fen}"));
    assert_eq!(fresh.fen(), fen, "{at}");
    assert_eq!(
        pos.key(),
        fresh.key(),
        "{at}: incremental key != FEN key, {fen}"
    );
    assert_eq!(
        legal_texts(pos),
        legal_texts(&mut fresh),
        "{at}: moves differ, {fen}"
    );
}

/// What the playouts covered: plies played, and e.p. captures, castlings, promotions and
/// multi-steps made and unmade along the way.
#[derive(Debug, Default)]
struct Coverage {
    plies: usize,
    en_passant: usize,
    castling: usize,
    promotion: usize,
    multi_step: usize,
}

fn playouts(v: &'static Variant, starts: &[(&str, &str)], seed: u64) -> Coverage {
    let mut seen = Coverage::default();
    for &(name, fen) in starts {
        for game in 0..PLAYOUTS {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ game << 8);
            let mut pos = common::pos(v, fen);
            let mut trail: Vec<(String, u64)> = Vec::new();
            let mut line: Vec<String> = Vec::new();
            for ply in 0..PLIES {
                let mut list = MoveList::new();
                legal_moves(&mut pos, &mut list);
                if list.is_empty() {
                    break;
                }
                let (before_fen, before_key) = (pos.fen(), pos.key());
                let at = format!("{} {name} game {game} ply {ply} after {line:?}", v.name);
                // Every legal move: make, compare with the FEN-derived position, unmake.
                for m in list.iter() {
                    match m.kind() {
                        MoveKind::EnPassant => seen.en_passant += 1,
                        MoveKind::CastleKing | MoveKind::CastleQueen => seen.castling += 1,
                        MoveKind::MultiStep => seen.multi_step += 1,
                        _ => {}
                    }
                    seen.promotion += m.promotion().is_some() as usize;
                    pos.make(m);
                    let text = move_text(v, m, Dialect::Uci);
                    check_against_fen(&mut pos, &format!("{at} then {text}"));
                    pos.unmake();
                    assert_eq!(pos.fen(), before_fen, "{at}: unmake {text}");
                    assert_eq!(pos.key(), before_key, "{at}: unmake {text} key");
                }
                // Null move.
                pos.make_null();
                pos.unmake_null();
                assert_eq!(
                    (pos.fen(), pos.key()),
                    (before_fen.clone(), before_key),
                    "{at}: null"
                );
                let m = list.as_slice()[rng.gen_range(0..list.len())];
                trail.push((before_fen, before_key));
                line.push(move_text(v, m, Dialect::Uci));
                pos.make(m);
                seen.plies += 1;
            }
            // Unwind the whole game.
            while let Some((fen, key)) = trail.pop() {
                pos.unmake();
                assert_eq!(
                    (pos.fen(), pos.key()),
                    (fen, key),
                    "{name} game {game}: unwinding"
                );
            }
            assert_eq!(pos.fen(), fen);
        }
    }
    seen
}

#[track_caller]
fn assert_covers_everything(seen: &Coverage) {
    assert!(
        seen.plies > 1000
            && seen.en_passant > 0
            && seen.castling > 0
            && seen.promotion > 0
            && seen.multi_step > 0,
        "{seen:?}"
    );
}

#[test]
fn fide_random_playouts_keep_key_and_fen_in_step() {
    assert_covers_everything(&playouts(fide(), FIDE_STARTS, 0xF1DE));
}

#[test]
fn twokingdoms_random_playouts_keep_key_and_fen_in_step() {
    assert_covers_everything(&playouts(tk(), TK_STARTS, 0x2C1D));
}

#[test]
fn unmake_after_every_kind_of_move() {
    // Named moves of each kind: castling both ways, e.p. (single and triple step),
    // promotion with capture, and a capture of a rook that drops a castling right.
    let cases: &[(&'static Variant, &str, &[&str])] = &[
        (
            fide(),
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1g1", "e1c1", "a1a8", "h1h8"],
        ),
        (
            fide(),
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            &["d4e3"],
        ),
        (
            fide(),
            "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
            &["b7a8q", "b7a8n", "b7b8r"],
        ),
        (
            tk(),
            "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
            &["f1i1", "f1c1", "a1a10", "j1j10"],
        ),
        (
            tk(),
            "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
            &["d4e3", "f5e4"],
        ),
        (
            tk(),
            "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1",
            &["b9a10a", "b9b10n", "b9c10q"],
        ),
    ];
    for &(v, fen, moves) in cases {
        let mut pos = common::pos(v, fen);
        let key = pos.key();
        for text in moves {
            let m = estuary::notation::parse_move(&mut pos, text, Dialect::Uci)
                .unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
            pos.make(m);
            check_against_fen(&mut pos, &format!("{fen} {text}"));
            pos.unmake();
            assert_eq!((pos.fen().as_str(), pos.key()), (fen, key), "{text}");
        }
    }
}
