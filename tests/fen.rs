//! FEN as `docs/fen.md` describes it: standard FEN for FIDE chess; multi-digit empty runs and
//! e.p. squares run together (`e3e4`, as Fairy-Stockfish writes them) for Two Kingdoms.
//! Every named position round-trips exactly; every kind of malformed FEN is refused with an
//! error, never a panic (also under random strings and random edits of good FENs).

mod common;

use common::{fide, tk};
use estuary::board::Position;
use estuary::tools::perft::perft;
use estuary::variant::Variant;
use proptest::prelude::*;
use std::path::Path;

/// FIDE positions that must be written back exactly as given.
const FIDE_ROUND_TRIP: &[(&str, &str)] = &[
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
        "position 4, castling rights of one side only",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "position 6, counters",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (
        "e.p. after e2e4 beside a black pawn on d4",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    ),
    (
        "e.p. after d7d5 beside a white pawn on e5",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ),
    (
        "one castling right each",
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 12 40",
    ),
    ("large counters", "8/8/4k3/8/8/4K3/8/8 w - - 99 1234"),
];

/// Two Kingdoms positions that must be written back exactly as given.
const TK_ROUND_TRIP: &[(&str, &str)] = &[
    (
        "start",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "after the triple step e2e5: both passed squares (TK-8)",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
    ),
    (
        "after the double step e2e4",
        "rnabqkbanr/ppp1p1pppp/10/10/10/5p4/3pP5/10/PPPP1PPPPP/RNABQKBANR b KQkq e3 0 1",
    ),
    (
        "triple step, only the near square attacked",
        "5k4/p8p/10/10/10/4P5/3p6/10/PP8/5K4 b - e3 0 1",
    ),
    (
        "triple step, only the far square attacked",
        "5k4/p8p/10/10/10/4Pp4/10/10/PP6PP/5K4 b - e4 0 1",
    ),
    (
        "black triple step e9e6 (field e7e8)",
        "rnabqkbanr/pppp1ppppp/10/3P6/4pP4/10/10/10/PPP1P1PPPP/RNABQKBANR w KQkq e7e8 0 2",
    ),
    (
        "black triple step, only e8 attacked",
        "5k4/pp8/10/3P6/4p5/10/10/10/P8P/5K4 w - e8 0 2",
    ),
    (
        "castling rights, ten-file runs",
        "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    ),
    ("promotion", "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1"),
    (
        "knights and archers",
        "n4ka2n/1pp5p1/a9/4p5/10/10/4P5/A9/1PP5P1/N2A1K3N b - - 7 31",
    ),
];

fn check_round_trip(v: &'static Variant, name: &str, fen: &str) -> Result<(), String> {
    let p = Position::from_fen(v, fen).map_err(|e| format!("{name}: refused: {e}: {fen}"))?;
    if p.fen() != fen {
        return Err(format!("{name}: wrote\n  {}\nfor\n  {fen}", p.fen()));
    }
    let again = Position::from_fen(v, &p.fen()).map_err(|e| format!("{name}: {e}"))?;
    if again.key() != p.key() {
        return Err(format!("{name}: key changed on re-reading"));
    }
    Ok(())
}

#[test]
fn named_positions_round_trip() {
    let mut bad = Vec::new();
    for &(name, fen) in FIDE_ROUND_TRIP {
        bad.extend(check_round_trip(fide(), name, fen).err());
    }
    for &(name, fen) in TK_ROUND_TRIP {
        bad.extend(check_round_trip(tk(), name, fen).err());
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_reference_fen_round_trips() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut bad = Vec::new();
    let mut n = 0;
    for (file, variant) in [
        ("normal.perft", "normal"),
        ("normal-deep.perft", "normal"),
        ("twokingdoms.perft", "twokingdoms"),
        ("twokingdoms-deep.perft", "twokingdoms"),
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
            continue;
        };
        for line in text.lines() {
            if let Some(fen) = line.strip_prefix("fen ") {
                n += 1;
                bad.extend(check_round_trip(common::variant(variant), file, fen.trim()).err());
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(n > 50, "only {n} reference FENs found");
}

#[test]
fn the_start_positions_are_the_configs() {
    assert_eq!(Position::startpos(fide()).fen(), FIDE_ROUND_TRIP[0].1);
    assert_eq!(Position::startpos(tk()).fen(), TK_ROUND_TRIP[0].1);
}

#[test]
fn short_fens_take_defaults() {
    // Only the board: White to move, no castling, no e.p., counters 0 and 1.
    let p = common::pos(fide(), "4k3/8/8/8/8/8/8/4K3");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let p = common::pos(fide(), "4k3/8/8/8/8/8/8/4K3 b");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Surrounding white space is ignored, so is a move number of 0.
    let p = common::pos(fide(), "  4k3/8/8/8/8/8/8/4K3 w - - 3 0 ");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 1");
}

/// Malformed FENs: (what is wrong, variant, FEN). Each must be refused with an error.
const MALFORMED: &[(&str, &str, &str)] = &[
    ("empty string", "normal", ""),
    ("only white space", "normal", "   \t "),
    (
        "seven ranks",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    ),
    (
        "nine ranks",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "trailing slash",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
    ),
    (
        "rank of seven squares",
        "normal",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank of nine squares",
        "normal",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank of nine pieces",
        "normal",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "multi-digit run too long",
        "normal",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "enormous run",
        "normal",
        "rnbqkbnr/pppppppp/1p4294967295/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "run of 0",
        "normal",
        "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "unknown letter x",
        "normal",
        "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms archer in FIDE",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1",
    ),
    (
        "punctuation in the board",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN. w KQkq - 0 1",
    ),
    (
        "unicode chess glyph",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w KQkq - 0 1",
    ),
    (
        "unicode letter",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1",
    ),
    (
        "unicode digit",
        "normal",
        "rnbqkbnr/pppppppp/٨/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "unicode side",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ẁ KQkq - 0 1",
    ),
    (
        "side x",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ),
    (
        "side W",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
    ),
    (
        "side seat 2 of 2",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 2 KQkq - 0 1",
    ),
    (
        "side -",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - KQkq - 0 1",
    ),
    (
        "castling K without a rook",
        "normal",
        "r3k3/8/8/8/8/8/8/4K3 w K - 0 1",
    ),
    (
        "castling q without a rook",
        "normal",
        "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
    ),
    (
        "castling K, rook on another rank",
        "normal",
        "4k3/8/8/8/8/8/7R/4K3 w K - 0 1",
    ),
    (
        "castling k without a black king",
        "normal",
        "r3q2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ),
    (
        "castling right twice",
        "normal",
        "r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1",
    ),
    (
        "castling letter X",
        "normal",
        "r3k2r/8/8/8/8/8/8/R3K2R w KXkq - 0 1",
    ),
    (
        "castling letter digit",
        "normal",
        "r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1",
    ),
    (
        "e.p. square off the board",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 3",
    ),
    (
        "e.p. square on rank 0",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e0 0 3",
    ),
    (
        "e.p. square on file i",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 3",
    ),
    (
        "e.p. junk after the square",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3x 0 3",
    ),
    (
        "e.p. upper case",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 3",
    ),
    (
        "e.p. rank first",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq 3e 0 3",
    ),
    (
        "e.p. square given twice",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e3 0 3",
    ),
    (
        "e.p. at the start",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
    ),
    (
        "e.p. for the side to move",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    ),
    (
        "e.p. square occupied",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 3",
    ),
    (
        "e.p. after a single step",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3p4/4P3/PPPP1PPP/RNBQKBNR b KQkq e2 0 3",
    ),
    (
        "e.p. with the pawn still on its start square",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 3",
    ),
    (
        "e.p. two squares in FIDE",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 3",
    ),
    (
        "e.p. behind a knight",
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pN3/8/PPPP1PPP/RNBQKB1R b KQkq e3 0 3",
    ),
    (
        "junk after the fields",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
    ),
    (
        "seventh field",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
    ),
    (
        "negative halfmove clock",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    ),
    (
        "negative move number",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
    ),
    (
        "halfmove clock not a number",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    ),
    (
        "halfmove clock too large",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999 1",
    ),
    (
        "move number too large for u32",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
    ),
    (
        "move number that overflows the ply count",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 4294967295",
    ),
    (
        "fractional move number",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
    ),
    (
        "10x10 FEN given to FIDE",
        "normal",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "hand given to FIDE",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
    ),
    (
        "hand not closed",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1",
    ),
    (
        "text after the hand",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q]x w KQkq - 0 1",
    ),
    (
        "unknown piece in hand",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1",
    ),
    (
        "three hand groups",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q|q|Q] w KQkq - 0 1",
    ),
    (
        "no white king",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    ),
    ("no kings at all", "normal", "8/8/8/8/8/8/8/8 w - - 0 1"),
    (
        "two white kings",
        "normal",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    ),
    (
        "white pawn on the last rank",
        "normal",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ),
    (
        "black pawn on the first rank",
        "normal",
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
    ),
    (
        "carrier mark at the end of a rank",
        "normal",
        "4k3/8/8/8/8/8/8/4K2( w - - 0 1",
    ),
    (
        "carrier mark before a digit",
        "normal",
        "4k3/8/8/8/8/8/8/4K(3 w - - 0 1",
    ),
    (
        "double carrier mark",
        "normal",
        "4k3/8/8/8/8/8/8/4K2((R) w - - 0 1",
    ),
    (
        "8x8 FEN given to Two Kingdoms",
        "twokingdoms",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms rank of eleven",
        "twokingdoms",
        "rnabqkbanr/ppppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms rank of nine",
        "twokingdoms",
        "rnabqkbanr/pppppppppp/9/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms run of 1 then 0",
        "twokingdoms",
        "rnabqkbanr/pppppppppp/1p0/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms unknown letter z",
        "twokingdoms",
        "rzabqkbazr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RZABQKBAZR w KQkq - 0 1",
    ),
    (
        "Two Kingdoms e.p. of a four-square step",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/4P5/5p4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
    ),
    (
        "Two Kingdoms e.p. squares on two files",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3f4 0 1",
    ),
    (
        "Two Kingdoms e.p. with a gap",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e5 0 1",
    ),
    (
        "Two Kingdoms three e.p. squares",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e2e3e4 0 1",
    ),
    (
        "Two Kingdoms e.p. square a10 wrong",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e11 0 1",
    ),
    (
        "Two Kingdoms e.p. square e03",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e03 0 1",
    ),
    (
        "Two Kingdoms castling without the rook",
        "twokingdoms",
        "r4k4/10/10/10/10/10/10/10/10/R4K4 w Kq - 0 1",
    ),
    (
        "Two Kingdoms hand",
        "twokingdoms",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR[N] w KQkq - 0 1",
    ),
    (
        "Two Kingdoms no black king",
        "twokingdoms",
        "rnabq1banr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQ - 0 1",
    ),
    (
        "Two Kingdoms soldier on its last rank",
        "twokingdoms",
        "P4k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
    ),
];

#[test]
fn malformed_fens_are_refused_with_an_error() {
    let mut accepted = Vec::new();
    for &(what, variant, fen) in MALFORMED {
        let v = common::variant(variant);
        match std::panic::catch_unwind(|| Position::from_fen(v, fen).map(|p| p.fen())) {
            Err(_) => accepted.push(format!("{what}: PANIC on {fen:?}")),
            Ok(Ok(written)) => accepted.push(format!("{what}: accepted {fen:?} as {written:?}")),
            Ok(Err(e)) => assert!(!e.is_empty(), "{what}: empty error message"),
        }
    }
    assert!(accepted.is_empty(), "{}", accepted.join("\n"));
}

#[test]
fn errors_say_what_is_wrong() {
    let err = |v: &'static Variant, fen: &str| Position::from_fen(v, fen).err().unwrap();
    assert!(err(fide(), "").contains("empty"));
    assert!(err(fide(), "8/8 w - - 0 1").contains("ranks"));
    assert!(err(
        fide(),
        "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .contains('x'));
    assert!(err(fide(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x").contains("\"x\""));
    assert!(err(fide(), "4k3/8/8/8/8/8/8/4K3 w - - -1 1").contains("halfmove"));
    assert!(err(
        tk(),
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR[N] w KQkq - 0 1"
    )
    .contains("hand"));
}

/// Good FENs the random edits start from.
const SEEDS: &[(&str, &str)] = &[
    (
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "normal",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    ),
    (
        "twokingdoms",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
    ),
    (
        "twokingdoms",
        "5k4/p8p/10/10/10/4P5/3p6/10/PP8/5K4 b - e3 0 1",
    ),
    (
        "twokingdoms",
        "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    ),
    (
        "mitregi",
        "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "mitregi",
        "r3LHMP/1U1l1U1R/pBppP2P/W2b2P1/5p2/3Pp1pU/1B1Ll1km/KMHp1h2 0 [WS:B|WN:PHM|BS:pp|BN:u] 0 21",
    ),
];

/// Characters the edits insert: everything FEN uses, and some it does not.
const EDIT_CHARS: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'a', 'P', 'N', 'B', 'R', 'Q', 'K', 'A', 'x', 'Z', '0', '1', '2',
    '3', '4', '8', '9', '/', ' ', '-', 'w', 'e', 'j', '[', ']', '|', '(', ')', '@', 'é', '♖', '\0',
    ':', 'S', 'W', 'L', 'H', 'M', 'U', 'u',
];

/// Parse with every variant; whatever parses must write a FEN that reads back to itself, and
/// must survive move generation and make/unmake (perft 2).
fn must_not_panic(text: &str) {
    for v in [fide(), tk(), common::variant("mitregi")] {
        if let Ok(mut p) = Position::from_fen(v, text) {
            let written = p.fen();
            let again = Position::from_fen(v, &written)
                .unwrap_or_else(|e| panic!("{text:?} read, but its FEN {written:?} not: {e}"));
            assert_eq!(again.fen(), written, "{text:?}");
            assert_eq!(again.key(), p.key(), "{text:?}");
            perft(&mut p, 2);
            assert_eq!(p.fen(), written, "{text:?}: perft changed the position");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_strings_never_panic(text in "\\PC{0,90}") {
        must_not_panic(&text);
    }

    #[test]
    fn random_fen_like_strings_never_panic(
        text in "[pnbrqkaPNBRQKA1-9/]{0,40}( [wb0-3]( [KQkqA-Ja-j-]{1,5}( [a-j0-9-]{1,5}( -?[0-9]{1,6}( -?[0-9]{1,11})?)?)?)?)?"
    ) {
        must_not_panic(&text);
    }

    #[test]
    fn random_mit_17_like_strings_never_panic(
        text in "[rbwplhmukRBWPLHMUK1-8/]{0,40} [0-5] \\[((WS|WN|BS|BN|XX):[rbwplhmukRBWPLHMUK]{0,4}\\|?){0,5}\\] -?[0-9]{1,4} -?[0-9]{1,6}"
    ) {
        must_not_panic(&text);
    }

    #[test]
    fn edited_fens_never_panic(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0usize..200, 0u8..4, 0..EDIT_CHARS.len()), 1..4),
    ) {
        let mut chars: Vec<char> = SEEDS[seed].1.chars().collect();
        for (at, op, c) in edits {
            let at = at % (chars.len() + 1);
            let c = EDIT_CHARS[c];
            match op {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                2 => chars.insert(at, c),
                _ => {
                    // Swap two whitespace-separated fields.
                    let s: String = chars.iter().collect();
                    let mut fields: Vec<&str> = s.split(' ').collect();
                    let (i, j) = (at % fields.len(), (at / 7) % fields.len());
                    fields.swap(i, j);
                    chars = fields.join(" ").chars().collect();
                }
            }
        }
        let text: String = chars.into_iter().collect();
        must_not_panic(&text);
    }
}

/// A small game with a carrier layer, as Flight and Ferry will have (FF-25 FEN notation).
fn carrier_game() -> &'static estuary::variant::Variant {
    let text = r#"
name = "carrier-test"
files = 8
ranks = 8
carriers = true
start = "4k3/8/8/3()4/4(R)3/8/8/4K3 w - - 0 1"
[[piece]]
letter = "K"
name = "King"
betza = "K"
value = 0
royal = true
[[piece]]
letter = "R"
name = "Rook"
betza = "R"
value = 500
"#;
    common::compiled("carrier-test.toml", text)
}

#[test]
fn carriers_round_trip_and_enter_the_key() {
    let v = carrier_game();
    for fen in [
        "4k3/8/8/3()4/4(R)3/8/8/4K3 w - - 0 1",
        "()3k3/8/8/8/8/8/8/4K2(r) b - - 3 7",
        "4k3/8/8/8/8/8/8/(K)7 w - - 0 1",
    ] {
        let p = Position::from_fen(v, fen).unwrap();
        assert_eq!(p.fen(), fen);
    }
    let with = Position::from_fen(v, "4k3/8/8/3()4/4R3/8/8/4K3 w - - 0 1").unwrap();
    let without = Position::from_fen(v, "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1").unwrap();
    let moved = Position::from_fen(v, "4k3/8/8/4()3/4R3/8/8/4K3 w - - 0 1").unwrap();
    assert_ne!(with.key(), without.key());
    assert_ne!(with.key(), moved.key());
    for bad in [
        "4k3/8/8/3(4/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3(RR)3/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3)4/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3(1)4/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(Position::from_fen(v, bad).is_err(), "{bad} accepted");
    }
    // A game without carriers refuses them.
    let normal = estuary::variant::builtin::find("normal").unwrap();
    assert!(Position::from_fen(normal, "4k3/8/8/3()4/8/8/8/4K3 w - - 0 1").is_err());
}
