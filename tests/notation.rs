//! Move and square text (`src/notation/mod.rs`): UCI numbers ranks from 1
//! everywhere; CECP numbers them from 0 on boards of exactly 10 ranks (so the Two Kingdoms
//! triple step e2-e5 is `e1e4`) and from 1 otherwise. `parse_move` accepts only legal moves,
//! refuses everything else with an error, and never changes the position.

mod common;

use common::{fide, pos, tk};
use estuary::board::{Move, MoveList, Position, Square};
use estuary::notation::{move_text, parse_move, parse_square, square, Dialect};
use estuary::rules::legal_moves;

const TK_START: &str = "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1";
const FIDE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parse `text`, checking the position is left exactly as it was.
fn parse(p: &mut Position, text: &str, d: Dialect) -> Result<Move, String> {
    let (fen, key) = (p.fen(), p.key());
    let r = parse_move(p, text, d);
    assert_eq!(
        (p.fen(), p.key()),
        (fen, key),
        "parse_move({text:?}) changed the position"
    );
    r
}

#[test]
fn cecp_numbers_ten_ranks_from_zero() {
    let v = tk();
    assert_eq!(square(v, Square::new(0, 0), Dialect::Cecp), "a0");
    assert_eq!(square(v, Square::new(9, 9), Dialect::Cecp), "j9");
    assert_eq!(square(v, Square::new(0, 0), Dialect::Uci), "a1");
    assert_eq!(square(v, Square::new(9, 9), Dialect::Uci), "j10");
    assert_eq!(
        parse_square(v, "a9", Dialect::Cecp),
        Some((Square::new(0, 9), 2))
    );
    assert_eq!(
        parse_square(v, "a10", Dialect::Uci),
        Some((Square::new(0, 9), 3))
    );
    assert_eq!(
        parse_square(v, "a0", Dialect::Cecp),
        Some((Square::new(0, 0), 2))
    );
    // XBoard reads "a10" as rank index 10: off a 10-rank board.
    assert_eq!(parse_square(v, "a10", Dialect::Cecp), None);
    assert_eq!(parse_square(v, "a0", Dialect::Uci), None);
    assert_eq!(parse_square(v, "k1", Dialect::Uci), None);
    assert_eq!(parse_square(v, "a11", Dialect::Uci), None);
    assert_eq!(parse_square(v, "a01", Dialect::Uci), None);

    // `e1e4` in CECP is the triple step e2-e5.
    let mut p = pos(v, TK_START);
    let m = parse(&mut p, "e1e4", Dialect::Cecp).unwrap();
    assert_eq!(move_text(v, m, Dialect::Uci), "e2e5");
    assert_eq!(move_text(v, m, Dialect::Cecp), "e1e4");
    assert_eq!(parse(&mut p, "e2e5", Dialect::Uci), Ok(m));
    // The same text means a different move in the other dialect: CECP e1e2 is UCI e2e3.
    let single = parse(&mut p, "e1e2", Dialect::Cecp).unwrap();
    assert_eq!(move_text(v, single, Dialect::Uci), "e2e3");
    // UCI e1e4 would be the General jumping over its own soldier.
    assert!(parse(&mut p, "e1e4", Dialect::Uci).is_err());
}

#[test]
fn cecp_castling_and_promotion_on_ten_ranks() {
    let v = tk();
    let mut p = pos(v, "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    let m = parse(&mut p, "f0i0", Dialect::Cecp).unwrap();
    assert!(m.is_castle());
    assert_eq!(move_text(v, m, Dialect::Uci), "f1i1");
    let mut p = pos(v, "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let m = parse(&mut p, "b8a9a", Dialect::Cecp).unwrap();
    assert_eq!(move_text(v, m, Dialect::Uci), "b9a10a");
    assert_eq!(move_text(v, m, Dialect::Cecp), "b8a9a");
}

#[test]
fn eight_ranks_are_the_same_in_both_dialects() {
    let v = fide();
    let mut p = pos(v, FIDE_START);
    let m = parse(&mut p, "e2e4", Dialect::Cecp).unwrap();
    assert_eq!(parse(&mut p, "e2e4", Dialect::Uci), Ok(m));
    assert_eq!(move_text(v, m, Dialect::Cecp), "e2e4");
    assert_eq!(square(v, Square::new(7, 7), Dialect::Cecp), "h8");
    assert_eq!(move_text(v, Move::NONE, Dialect::Uci), "0000");
    assert_eq!(move_text(v, Move::NONE, Dialect::Cecp), "@@@@");
}

#[test]
fn every_legal_move_reads_back_from_its_text() {
    for (v, fen) in [
        (fide(), FIDE_START),
        (
            fide(),
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (fide(), "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1"),
        (tk(), TK_START),
        (
            tk(),
            "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
        ),
        (tk(), "r4k3r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1"),
        (
            tk(),
            "1n4r3/P1P4P2/10/5k4/10/10/8P1/9Q/1p1p4p1/2R2K3A w - - 0 1",
        ),
    ] {
        let mut p = pos(v, fen);
        let mut list = MoveList::new();
        legal_moves(&mut p, &mut list);
        assert!(!list.is_empty());
        for m in list.iter() {
            for d in [Dialect::Uci, Dialect::Cecp] {
                let text = move_text(v, m, d);
                assert_eq!(parse(&mut p, &text, d), Ok(m), "{fen}: {text} ({d:?})");
            }
        }
    }
}

#[test]
fn castling_by_name_and_as_king_takes_rook() {
    let v = fide();
    let mut p = pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = parse(&mut p, "e1g1", Dialect::Uci).unwrap();
    let long = parse(&mut p, "e1c1", Dialect::Uci).unwrap();
    assert_eq!(parse(&mut p, "O-O", Dialect::Uci), Ok(short));
    assert_eq!(parse(&mut p, "0-0-0", Dialect::Uci), Ok(long));
    assert_eq!(parse(&mut p, "e1h1", Dialect::Uci), Ok(short));
    assert_eq!(parse(&mut p, "e1a1", Dialect::Uci), Ok(long));
    let mut p = pos(tk(), "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    let short = parse(&mut p, "f1i1", Dialect::Uci).unwrap();
    assert_eq!(parse(&mut p, "f1j1", Dialect::Uci), Ok(short));
    assert_eq!(parse(&mut p, "O-O", Dialect::Uci), Ok(short));
    // Not when castling is illegal.
    let mut p = pos(v, FIDE_START);
    assert!(parse(&mut p, "O-O", Dialect::Uci).is_err());
    assert!(parse(&mut p, "e1g1", Dialect::Uci).is_err());
}

#[test]
fn garbage_and_illegal_moves_are_refused() {
    let mut p = pos(fide(), FIDE_START);
    for text in [
        "",
        " ",
        "e",
        "e2",
        "e2e",
        "e2e44",
        "xyz",
        "e2-e4",
        "E2E4",
        "e2e4e",
        "e2e4qq",
        "e2e9",
        "e0e1",
        "i2i3",
        "e2e4=",
        "é2e4",
        "e2e4é",
        "e2\u{0}e4",
        "@@@@",
        "0000",
        "P@e4",
        "@e4",
        "PP@e4",
        "O-O-O-O",
        "🙂",
        "e2e4 junk",
    ] {
        assert!(
            parse(&mut p, text, Dialect::Uci).is_err(),
            "{text:?} accepted"
        );
        assert!(
            parse(&mut p, text, Dialect::Cecp).is_err(),
            "{text:?} accepted (CECP)"
        );
    }
    // Well-formed but illegal: wrong side, blocked, not a move of the piece, into check.
    for text in ["e7e5", "a1a3", "e2e5", "g1g3", "e1e2", "d1h5"] {
        let err = parse(&mut p, text, Dialect::Uci).unwrap_err();
        assert!(!err.is_empty(), "{text}");
    }
    let mut p = pos(fide(), "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert!(parse(&mut p, "e1d2", Dialect::Uci).is_err(), "into check");
    // Ten ranks: the 11th rank and the k-file do not exist.
    let mut p = pos(tk(), TK_START);
    for text in ["e2e11", "k2k3", "e10e11", "a10a9"] {
        assert!(parse(&mut p, text, Dialect::Uci).is_err(), "{text:?}");
    }
}

#[test]
fn promotion_needs_a_piece_letter() {
    let mut p = pos(fide(), "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let err = parse(&mut p, "b7b8", Dialect::Uci).unwrap_err();
    assert!(err.contains("promotion"), "{err}");
    for text in ["b7b8k", "b7b8p", "b7b8x", "b7b8a", "b7b8Qq"] {
        assert!(parse(&mut p, text, Dialect::Uci).is_err(), "{text}");
    }
    // Lower or upper case, with or without '='.
    let q = parse(&mut p, "b7b8q", Dialect::Uci).unwrap();
    assert_eq!(parse(&mut p, "b7b8Q", Dialect::Uci), Ok(q));
    assert_eq!(parse(&mut p, "b7b8=q", Dialect::Uci), Ok(q));
    // A promotion letter on a move that does not promote.
    let mut p = pos(fide(), FIDE_START);
    assert!(parse(&mut p, "e2e4q", Dialect::Uci).is_err());
    // Two Kingdoms: the archer is a choice, the king is not.
    let mut p = pos(tk(), "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1");
    assert!(parse(&mut p, "b9b10", Dialect::Uci)
        .unwrap_err()
        .contains("promotion"));
    assert!(parse(&mut p, "b9b10a", Dialect::Uci).is_ok());
    assert!(parse(&mut p, "b9b10k", Dialect::Uci).is_err());
    assert!(parse(&mut p, "b9b10p", Dialect::Uci).is_err());
}

/// FF-26: a Ride, the same piece's own move and a Send from the same Ferry have different
/// texts, each read back as itself; every legal move of positions with Ferries in play
/// round-trips through both dialects.
#[test]
fn ff26_flight_and_ferry_moves_round_trip_in_both_dialects() {
    use estuary::board::{MoveKind, MoveList, Position};
    use estuary::notation::{move_text, parse_move, Dialect};
    use estuary::rules::legal_moves;
    let v = estuary::variant::builtin::find("flightferry").unwrap();
    let fens = [
        "7k/8/8/8/4rc2/1(N)5()/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/()7/3()4/3R4/7G/8/K7 w - - 0 1",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1",
    ];
    let mut kinds = std::collections::HashSet::new();
    for fen in fens {
        let mut pos = Position::from_fen(v, fen).unwrap();
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        for m in list.iter() {
            kinds.insert(m.kind() as u8);
            for d in [Dialect::Uci, Dialect::Cecp] {
                let text = move_text(v, m, d);
                assert_eq!(parse_move(&mut pos, &text, d), Ok(m), "{text} in {fen}");
            }
        }
    }
    assert!(kinds.contains(&(MoveKind::Ride as u8)) && kinds.contains(&(MoveKind::Send as u8)));
    let mut pos = Position::from_fen(v, fens[0]).unwrap();
    let ride = parse_move(&mut pos, "b5c6~", Dialect::Uci).unwrap();
    let send = parse_move(&mut pos, "b5>c6", Dialect::Uci).unwrap();
    assert_eq!((ride.kind(), send.kind()), (MoveKind::Ride, MoveKind::Send));
    // The Knight's own move off the Ferry (not across the channel, FF-2) is not a Ride.
    let own = parse_move(&mut pos, "b5d4", Dialect::Uci).unwrap();
    assert_eq!(own.kind(), MoveKind::Normal);
    for bad in ["b5c6", "b5>c6~", "b5>b5", "b5c6~q", "b5>h5"] {
        let before = pos.fen();
        assert!(parse_move(&mut pos, bad, Dialect::Uci).is_err(), "{bad}");
        assert_eq!(pos.fen(), before);
    }
}
