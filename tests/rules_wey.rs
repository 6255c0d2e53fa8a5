//! Wey, rule by rule (`docs/rules/wey.md`, WEY-1..WEY-13): one test per rule id, on named
//! hand-built positions whose legal moves are written out by hand from the rules text. Every
//! hand-written list is checked against the engine and against the independent reference
//! generator of `tests/wey_reference/`.
//!
//! The end of the file compares the engine with the reference generator on the positions of
//! `tests/perft/wey.perft` (move lists, perft 1-3) and along random games.
//!
//! Squares and moves are UCI text; a Pawn crossing the River is written with its promotion
//! to a Wazir: `d4d5w`.

mod common;
mod wey_reference;

use common::{assert_moves, legal, legal_from, moves};
use estuary::board::{MoveKind, MoveList, Position};
use estuary::notation::{parse_move, Dialect};
use estuary::rules::legal_moves;
use estuary::rules::{outcome, Outcome};
use estuary::tools::perft::perft;
use estuary::types::Army;
use estuary::variant::Variant;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use wey_reference::{Board, Side};

fn wey() -> &'static Variant {
    common::variant("wey")
}

/// The WEY-11 start position.
const START: &str = "mbboOQIM/ppppPPPP/8/8/8/8/PPPPpppp/MBBOoqim w - - 0 1";

/// The legal moves of the reference generator starting on `from`.
fn reference_from(fen: &str, from: &str) -> BTreeSet<String> {
    let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("reference refuses {fen}: {e}"));
    b.move_texts()
        .into_iter()
        .filter(|m| &m[..2] == from)
        .collect()
}

/// Both generators give exactly `want` for the piece on `from` in the named position.
#[track_caller]
fn check_from(name: &str, fen: &str, from: &str, want: &[&str]) {
    let want = moves(want);
    let mut p = common::pos(wey(), fen);
    assert_moves(
        &format!("{name}, {from} (engine)"),
        &legal_from(&mut p, from),
        &want,
    );
    assert_moves(
        &format!("{name}, {from} (reference)"),
        &reference_from(fen, from),
        &want,
    );
}

/// Both generators give exactly `want` as the whole move list of the named position.
#[track_caller]
fn check_all(name: &str, fen: &str, want: &[&str]) {
    let want = moves(want);
    let mut p = common::pos(wey(), fen);
    assert_moves(&format!("{name} (engine)"), &legal(&mut p), &want);
    let b = Board::from_fen(fen).unwrap();
    assert_moves(&format!("{name} (reference)"), &b.move_texts(), &want);
}

/// Play UCI moves on a position.
fn play(p: &mut Position, line: &[&str]) {
    for m in line {
        let mv = parse_move(p, m, Dialect::Uci).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
}

/// The placement field of a position's FEN.
fn placement(p: &Position) -> String {
    p.fen().split(' ').next().unwrap().to_string()
}

// WEY-1 ------------------------------------------------------------------------------------

/// Pawns of both colours on both banks, with enemies toward the River and behind.
const PAWNS_BY_BANK: &str = "i4b2/6P1/2p4m/1WB5/3W4/2b1p3/1P3B2/2b4I w - - 0 1";

#[test]
fn wey_1_pawns_step_toward_the_river_from_their_bank() {
    let fen = PAWNS_BY_BANK;
    // White b2, south bank: up; takes the Bishop on c3, not the one behind on c1.
    check_from("pawns by bank", fen, "b2", &["b2b3", "b2c3"]);
    // White g7, north bank: down; takes the Marshal on h6, not the Bishop behind on f8.
    check_from("pawns by bank", fen, "g7", &["g7g6", "g7h6"]);
    let fen = &fen.replace(" w ", " b ");
    // Black e3, south bank: up; takes the Wazir on d4, not the Bishop behind on f2.
    check_from("pawns by bank, Black", fen, "e3", &["e3e4", "e3d4"]);
    // Black c6, north bank: down, blocked by the Bishop on c5; takes the Wazir on b5.
    check_from("pawns by bank, Black", fen, "c6", &["c6b5"]);
}

// WEY-2 ------------------------------------------------------------------------------------

#[test]
fn wey_2_no_double_step_no_en_passant_no_castling() {
    let pawns = |fen: &str, squares: &[&str]| {
        let mut p = common::pos(wey(), fen);
        let all = legal(&mut p).into_iter();
        all.filter(|m| squares.contains(&&m[..2]))
            .collect::<BTreeSet<String>>()
    };
    let white = ["a2", "b2", "c2", "d2", "e7", "f7", "g7", "h7"];
    let want = [
        "a2a3", "b2b3", "c2c3", "d2d3", "e7e6", "f7f6", "g7g6", "h7h6",
    ];
    assert_moves("start, White Pawns", &pawns(START, &white), &moves(&want));
    let black = ["a7", "b7", "c7", "d7", "e2", "f2", "g2", "h2"];
    let want = [
        "a7a6", "b7b6", "c7c6", "d7d6", "e2e3", "f2f3", "g2g3", "h2h3",
    ];
    let start_b = START.replace(" w ", " b ");
    assert_moves(
        "start, Black Pawns",
        &pawns(&start_b, &black),
        &moves(&want),
    );

    // Along random games no move is a multi-step, an en passant capture or a castling.
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..20 {
        let mut p = common::pos(wey(), START);
        for _ in 0..120 {
            let mut list = MoveList::new();
            legal_moves(&mut p, &mut list);
            if list.is_empty() {
                break;
            }
            for m in list.iter() {
                assert_eq!(m.kind(), MoveKind::Normal, "{}: {m:?}", p.fen());
            }
            p.make(list.iter().nth(rng.gen_range(0..list.len())).unwrap());
        }
    }
}

// WEY-3 ------------------------------------------------------------------------------------

/// Pawns meeting on the same bank and across the River, with a Black Wazir among them.
const PAWN_CONTACT: &str = "i7/8/6p1/2P1p1pP/1w1p1P2/2P5/8/7I w - - 0 1";

#[test]
fn wey_3_a_pawn_may_not_take_a_same_bank_pawn() {
    let fen = PAWN_CONTACT;
    // c3 (south, up) may not take the Black Pawn on d4 (south, up), may take the Wazir on b4.
    check_from("pawn contact", fen, "c3", &["c3c4", "c3b4"]);
    // f4 (south, up) may take the Pawns on e5 and g5 (north, going down).
    check_from("pawn contact", fen, "f4", &["f4f5w", "f4e5w", "f4g5w"]);
    // c5 (north, down) may take the Pawn on d4 (south, up) and the Wazir on b4.
    check_from("pawn contact", fen, "c5", &["c5c4w", "c5b4w", "c5d4w"]);
    check_from("pawn contact", fen, "h5", &["h5h4w"]);
    let fen = &fen.replace(" w ", " b ");
    check_from("pawn contact, Black", fen, "d4", &["d4d5w", "d4c5w"]);
    check_from("pawn contact, Black", fen, "e5", &["e5e4w", "e5f4w"]);
    check_from("pawn contact, Black", fen, "g5", &["g5g4w", "g5f4w"]);
    // g6 (north, down) is blocked by its own g5 and may not take h5 (north, down).
    check_from("pawn contact, Black", fen, "g6", &[]);
    // A Wazir is no unpromoted Pawn: it takes Pawns anywhere.
    check_from(
        "pawn contact, Black",
        fen,
        "b4",
        &["b4a4", "b4b3", "b4b5", "b4c4"],
    );
    let fen = "i7/8/8/8/1w6/1P6/8/7I b - - 0 1";
    check_from(
        "wazir over a pawn",
        fen,
        "b4",
        &["b4a4", "b4b3", "b4b5", "b4c4"],
    );
}

// WEY-4 ------------------------------------------------------------------------------------

#[test]
fn wey_4_a_pawn_crossing_the_river_becomes_a_wazir() {
    let fen = "i7/8/8/4p3/3P4/8/8/7I w - - 0 1";
    check_from("pawns at the River", fen, "d4", &["d4d5w", "d4e5w"]);
    // As part of the move: the piece that lands is a Wazir.
    let mut p = common::pos(wey(), fen);
    play(&mut p, &["d4e5w"]);
    assert_eq!(placement(&p), "i7/8/8/4W3/8/8/8/7I");
    let mut p = common::pos(wey(), fen);
    play(&mut p, &["d4d5w"]);
    assert_eq!(placement(&p), "i7/8/8/3Wp3/8/8/8/7I");
    // Black's Pawn on the north bank crosses down.
    let fen = &fen.replace(" w ", " b ");
    check_from("pawns at the River, Black", fen, "e5", &["e5e4w", "e5d4w"]);
    let mut p = common::pos(wey(), fen);
    play(&mut p, &["e5e4w"]);
    assert_eq!(placement(&p), "i7/8/8/8/3Pw3/8/8/7I");
    // No other promotion: steps on one bank, even from the last rank, stay Pawns.
    check_from("start", START, "e7", &["e7e6"]);
    let fen = "P3i3/8/8/8/8/8/8/p3I3 w - - 0 1";
    check_from("pawns on the back ranks", fen, "a8", &["a8a7"]);
    check_from(
        "pawns on the back ranks",
        &fen.replace(" w ", " b "),
        "a1",
        &["a1a2"],
    );
}

// WEY-5 ------------------------------------------------------------------------------------

#[test]
fn wey_5_a_wazir_steps_orthogonally_and_may_cross_back() {
    let fen = "i7/8/3P4/2bW4/8/8/8/7I w - - 0 1";
    check_from("wazir on d5", fen, "d5", &["d5d4", "d5c5", "d5e5"]);
    let mut p = common::pos(wey(), fen);
    play(&mut p, &["d5d4"]);
    assert_eq!(placement(&p), "i7/8/3P4/2b5/3W4/8/8/7I", "still a Wazir");
}

// WEY-6 ------------------------------------------------------------------------------------

/// A Queen, a Bishop and a Prince of White among Black pieces.
const QUEEN_BISHOP_PRINCE: &str = "i7/8/6B1/8/8/1Q3o1p/6Iw/1M6 w - - 0 1";

#[test]
fn wey_6_bishop_queen_and_prince_move_as_in_fide() {
    let fen = QUEEN_BISHOP_PRINCE;
    // The Bishop crosses freely (e4-f5).
    let bishop = [
        "g6h7", "g6f7", "g6e8", "g6h5", "g6f5", "g6e4", "g6d3", "g6c2",
    ];
    check_from("queen, bishop, prince", fen, "g6", &bishop);
    // The Queen on b3: FIDE moves on her own bank; her crossing moves (b5, d5 and beyond) are
    // barred by WEY-9.
    let queen = [
        "b3a3", "b3c3", "b3d3", "b3e3", "b3f3", "b3b4", "b3b2", "b3a4", "b3c4", "b3a2", "b3c2",
        "b3d1",
    ];
    check_from("queen, bishop, prince", fen, "b3", &queen);
    let prince = [
        "g2f1", "g2g1", "g2h1", "g2f2", "g2h2", "g2f3", "g2g3", "g2h3",
    ];
    check_from("queen, bishop, prince", fen, "g2", &prince);
    // The Prince is not royal: it may be left attacked, and it may be captured.
    let fen = &fen.replace(" w ", " b ");
    check_from("queen, bishop, prince, Black", fen, "h2", &["h2h1", "h2g2"]);
    let mut p = common::pos(wey(), fen);
    play(&mut p, &["h2g2"]);
    assert_eq!(outcome(&mut p), None, "the game goes on without the Prince");
    assert!(!legal(&mut p).is_empty());
}

// WEY-7 ------------------------------------------------------------------------------------

/// Two White Marshals: one hemmed in on d2, one on an open file.
const MARSHALS: &str = "i6b/8/8/8/2p5/3P1P2/2PMp3/6IM w - - 0 1";

#[test]
fn wey_7_marshal_rides_like_a_rook_and_leaps_like_a_knight() {
    let fen = MARSHALS;
    // Knight leaps over the Pawns around it; rook moves stop at them.
    let d2 = ["d2d1", "d2e2", "d2e4", "d2f1", "d2b1", "d2b3", "d2c4"];
    check_from("marshals", fen, "d2", &d2);
    // The Marshal crosses the River freely along a file.
    let h1 = [
        "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8", "h1g3", "h1f2",
    ];
    check_from("marshals", fen, "h1", &h1);
}

// WEY-8 ------------------------------------------------------------------------------------

// A Rose on a1 has four paths (knight vectors (1,2) (2,1) (2,-1) ... numbered 0..7 round the
// circle; every other start leaves the board at once):
//   0 then 1, 2, 3 (clockwise):      b3 d4 f3 g1
//   0 then 7 (anticlockwise):        b3 a5
//   1 then 2 (clockwise):            c2 e1
//   1 then 0, 7, 6 (anticlockwise):  c2 d4 c6 a7
// so d4 is reached two ways, by b3 and by c2.

#[test]
fn wey_8_rose_on_an_empty_board_takes_every_path() {
    let fen = "7i/8/8/8/8/8/8/O6I w - - 0 1";
    let want = [
        "a1b3", "a1d4", "a1f3", "a1g1", "a1a5", "a1c2", "a1e1", "a1c6", "a1a7",
    ];
    check_from("rose in the corner", fen, "a1", &want);
}

#[test]
fn wey_8_rose_paths_blocked_and_clear() {
    // c2 blocked by an own Pawn: e1, c6, a7 are lost, d4 is still reached by b3; the Marshal
    // on f3 is taken, which ends that path (g1 is lost).
    let fen = "7i/8/8/8/8/5m2/2P5/O6I w - - 0 1";
    check_from(
        "rose, c2 blocked",
        fen,
        "a1",
        &["a1b3", "a1d4", "a1f3", "a1a5"],
    );
    // b3 blocked instead: d4 is reached by c2; the Bishop on c6 is taken, a7 is lost.
    let fen = "7i/8/2b5/8/8/1P6/8/O6I w - - 0 1";
    check_from(
        "rose, b3 blocked",
        fen,
        "a1",
        &["a1c2", "a1e1", "a1d4", "a1c6"],
    );
    // Both blocked: the Pawn on d4 is out of reach, the Rose cannot move.
    let fen = "7i/8/8/8/3p4/1P6/2P5/O6I w - - 0 1";
    check_from("rose, both first squares blocked", fen, "a1", &[]);
}

#[test]
fn wey_8_rose_may_need_all_six_leaps() {
    // From b1, f1 is one path's sixth landing square (a3 b5 d6 f5 g3 f1: start (-1,2), turning
    // clockwise) and otherwise only the second of d2-f1. With d2 blocked, only the six-leap path
    // reaches f1; with g3 blocked too, nothing does. (A seventh leap would add nothing: seven
    // consecutive leaps of the circle end one knight leap from the start, which is reached
    // directly.)
    let has_f1 = |fen: &str| {
        let mut p = common::pos(wey(), fen);
        let ours = legal_from(&mut p, "b1").contains("b1f1");
        let theirs = reference_from(fen, "b1").contains("b1f1");
        assert_eq!(ours, theirs, "{fen}: engine and reference differ on b1f1");
        ours
    };
    assert!(has_f1("7i/8/8/8/8/8/8/1O5I w - - 0 1"));
    assert!(has_f1("7i/8/8/8/8/8/3P4/1O5I w - - 0 1"));
    assert!(!has_f1("7i/8/8/8/8/6P1/3P4/1O5I w - - 0 1"));
}

#[test]
fn wey_8_rose_destination_reached_twice_is_one_move() {
    let mut p = common::pos(wey(), "7i/8/8/8/8/8/8/O6I w - - 0 1");
    let mut list = MoveList::new();
    legal_moves(&mut p, &mut list);
    let to_d4 = list
        .iter()
        .filter(|m| estuary::notation::move_text(wey(), *m, Dialect::Uci) == "a1d4")
        .count();
    assert_eq!(to_d4, 1);
}

// WEY-9 ------------------------------------------------------------------------------------

#[test]
fn wey_9_queen_crosses_only_on_the_long_diagonals() {
    // On a1-h8: she crosses by d4-e5 up to the Rose on g7, not up the c-file nor to a5.
    let fen = "i7/6o1/8/8/8/2Q5/8/7I w - - 0 1";
    let want = [
        "c3a1", "c3b2", "c3d4", "c3e5", "c3f6", "c3g7", "c3b4", "c3d2", "c3e1", "c3c4", "c3c2",
        "c3c1", "c3a3", "c3b3", "c3d3", "c3e3", "c3f3", "c3g3", "c3h3",
    ];
    check_from("queen on a1-h8", fen, "c3", &want);
    // On d4: d5 (file) and c5 (a short diagonal) are barred; e4 is not a crossing.
    let fen = "i6m/8/8/8/1P1Q4/2PPP3/8/7I w - - 0 1";
    let want = [
        "d4c4", "d4e4", "d4f4", "d4g4", "d4h4", "d4e5", "d4f6", "d4g7", "d4h8",
    ];
    check_from("queen on d4", fen, "d4", &want);
    // On h1-a8, Black's Queen crosses by d5-e4 and takes the Prince on h1.
    let fen = "8/1q6/8/8/8/8/8/i6I b - - 0 1";
    let want = [
        "b7c6", "b7d5", "b7e4", "b7f3", "b7g2", "b7h1", "b7a8", "b7a6", "b7c8", "b7a7", "b7c7",
        "b7d7", "b7e7", "b7f7", "b7g7", "b7h7", "b7b8", "b7b6", "b7b5",
    ];
    check_from("black queen on h1-a8", fen, "b7", &want);
}

#[test]
fn wey_9_prince_crosses_only_between_d4_e5_and_e4_d5() {
    let d4 = ["d4c3", "d4d3", "d4e3", "d4c4", "d4e4", "d4e5"];
    check_from("prince on d4", "i7/8/8/8/3I4/8/8/8 w - - 0 1", "d4", &d4);
    let c4 = ["c4b3", "c4c3", "c4d3", "c4b4", "c4d4"];
    check_from("prince on c4", "i7/8/8/8/2I5/8/8/8 w - - 0 1", "c4", &c4);
    let e4 = ["e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5"];
    check_from("prince on e4", "i7/8/8/8/4I3/8/8/8 w - - 0 1", "e4", &e4);
    let e5 = ["e5d6", "e5e6", "e5f6", "e5d5", "e5f5", "e5d4"];
    check_from(
        "black prince on e5",
        "8/8/8/4i3/8/8/8/7I b - - 0 1",
        "e5",
        &e5,
    );
    let d5 = ["d5c6", "d5d6", "d5e6", "d5c5", "d5e5", "d5e4"];
    check_from(
        "black prince on d5",
        "8/8/8/3i4/8/8/8/7I b - - 0 1",
        "d5",
        &d5,
    );
}

#[test]
fn wey_9_other_pieces_cross_anywhere() {
    // Bishop b4 to c5..f8, Wazir g4 to g5, Rose and Marshal too.
    let fen = "i7/8/8/8/1B4W1/8/8/M2O3I w - - 0 1";
    check_from(
        "crossers",
        fen,
        "b4",
        &[
            "b4a5", "b4c5", "b4d6", "b4e7", "b4f8", "b4a3", "b4c3", "b4d2", "b4e1",
        ],
    );
    check_from("crossers", fen, "g4", &["g4g5", "g4g3", "g4f4", "g4h4"]);
    let mut p = common::pos(wey(), fen);
    assert!(legal_from(&mut p, "a1").contains("a1a8"));
    assert!(legal_from(&mut p, "d1").contains("d1d5"));
}

// WEY-10, WEY-11 ---------------------------------------------------------------------------

#[test]
fn wey_10_each_side_has_the_usual_numbers() {
    let p = Position::startpos(wey());
    let v = wey();
    for (letter, n) in [
        ('P', 8),
        ('B', 2),
        ('Q', 1),
        ('I', 1),
        ('M', 2),
        ('O', 2),
        ('W', 0),
    ] {
        let k = v.kind_of_letter(letter).unwrap();
        assert_eq!(
            (p.count(Army::WHITE, k), p.count(Army::BLACK, k)),
            (n, n),
            "{letter}"
        );
    }
}

#[test]
fn wey_11_start_position() {
    let mut p = Position::startpos(wey());
    assert_eq!(p.fen(), START);
    // Symmetric under reflection across the River with the colours swapped.
    let ranks: Vec<String> = START
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    assert_eq!(ranks.join("/"), placement(&p));
    // The 28 first moves, worked out by hand: 8 Pawn steps, a Marshal leap from each corner,
    // and 9 moves for each Rose (d1 takes the Pawn on f2, e8 the Pawn on c7).
    let want = [
        "a2a3", "b2b3", "c2c3", "d2d3", "e7e6", "f7f6", "g7g6", "h7h6", "a1b3", "h8g6", "d1e3",
        "d1g4", "d1f2", "d1c3", "d1d5", "d1f6", "d1h5", "d1b6", "d1a4", "e8f6", "e8e4", "e8c3",
        "e8a4", "e8d6", "e8b5", "e8c7", "e8h5", "e8g3",
    ];
    check_all("start", START, &want);
    assert_eq!(perft(&mut p, 1), 28);
    // Black's first moves mirror White's.
    let want = [
        "a7a6", "b7b6", "c7c6", "d7d6", "e2e3", "f2f3", "g2g3", "h2h3", "a8b6", "h1g3", "d8e6",
        "d8g5", "d8f7", "d8c6", "d8d4", "d8f3", "d8h4", "d8b3", "d8a5", "e1f3", "e1e5", "e1c6",
        "e1a5", "e1d3", "e1b4", "e1c2", "e1h4", "e1g6",
    ];
    check_all("start, Black to move", &START.replace(" w ", " b "), &want);
}

// WEY-12 -----------------------------------------------------------------------------------

/// Black has lost its Queen, its Prince, a Marshal and a Bishop, and has both Roses (and a
/// promoted Wazir, which counts for nothing).
const ONE_ROSE_SHORT: &str = "4o2m/7b/6B1/o7/8/7w/8/M6I w - - 0 1";

#[test]
fn wey_12_taking_the_fifth_piece_of_the_set_wins() {
    let mut p = common::pos(wey(), ONE_ROSE_SHORT);
    assert_eq!(outcome(&mut p), None, "four of five is not enough");
    // Taking the second Bishop does not end the game either.
    let mut q = p.clone();
    play(&mut q, &["g6h7"]);
    assert_eq!(outcome(&mut q), None);
    assert!(!legal(&mut q).is_empty());
    // Taking a Rose completes the set: White has won and Black has no move.
    play(&mut p, &["a1a5"]);
    let o = outcome(&mut p).expect("the game is over");
    assert!(
        matches!(
            o,
            Outcome::Win {
                army: Army::WHITE,
                ..
            }
        ),
        "{o:?}"
    );
    assert_eq!(o.result_string(), "1-0");
    assert!(legal(&mut p).is_empty());
    assert_eq!(perft(&mut p, 1), 0);
    let b = Board::from_fen(&p.fen()).unwrap();
    assert_eq!(b.winner(), Some(Side::White));
    assert!(b.moves().is_empty());

    // The same with the colours swapped, reflected across the River.
    let mut p = common::pos(wey(), "m6i/8/7W/8/O7/6b1/7B/4O2M b - - 0 1");
    assert_eq!(outcome(&mut p), None);
    play(&mut p, &["a8a4"]);
    let o = outcome(&mut p).expect("the game is over");
    assert_eq!(o.result_string(), "0-1");
    assert!(legal(&mut p).is_empty());
}

#[test]
fn wey_12_the_sets_are_a_config_value() {
    // The other reading of the seed: "Queen and Prince" or "a Marshal, a Bishop and a Rose".
    let text = include_str!("../engine-configs/wey.toml");
    let alt = text.replace(
        "capture_any_of = [\"QIMBO\"]",
        "capture_any_of = [\"QI\", \"MBO\"]",
    );
    assert_ne!(
        alt, text,
        "wey.toml no longer lists capture_any_of = [\"QIMBO\"]"
    );
    let v = common::compiled("wey-alt.toml", &alt);
    // Black has lost Queen and Prince but no Marshal, Bishop or Rose: over under this reading
    // only.
    let fen = "mmbboo2/8/8/8/8/8/8/QIMMBBOO w - - 0 1";
    let mut p = common::pos(wey(), fen);
    assert_eq!(outcome(&mut p), None);
    let mut p = common::pos(v, fen);
    assert_eq!(outcome(&mut p).map(|o| o.result_string()), Some("1-0"));
    let mut list = MoveList::new();
    legal_moves(&mut p, &mut list);
    assert!(list.is_empty());
}

// WEY-13 -----------------------------------------------------------------------------------

/// White's Pawns are stuck: blocked ahead, and the Pawns they could take diagonally stand on
/// their own bank (WEY-3); the Prince is walled in by them.
const STALEMATE: &str = "7i/8/8/8/8/pp6/PP6/IP6 w - - 0 1";

#[test]
fn wey_13_stalemate_is_a_draw() {
    check_all("stalemate", STALEMATE, &[]);
    let mut p = common::pos(wey(), STALEMATE);
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Draw {
            reason: "Stalemate"
        })
    );
    assert_eq!(Board::from_fen(STALEMATE).unwrap().winner(), None);
}

#[test]
fn wey_13_fifty_moves_and_threefold_repetition_draw() {
    let mut p = common::pos(wey(), "i7/8/8/8/8/8/8/7I w - - 99 80");
    assert_eq!(outcome(&mut p), None);
    play(&mut p, &["h1g1"]);
    assert!(
        matches!(outcome(&mut p), Some(Outcome::Draw { .. })),
        "100 plies"
    );
    // Pawn moves and captures reset the count; Wazir moves do not.
    let mut p = common::pos(wey(), "i7/8/8/8/8/1p6/P7/W6I w - - 30 40");
    play(&mut p, &["a1b1"]);
    assert_eq!(p.halfmove(), 31);
    play(&mut p, &["b3b4"]);
    assert_eq!(p.halfmove(), 0);
    play(&mut p, &["h1h2", "a8b8", "b1b2", "b8a8"]);
    assert_eq!(p.halfmove(), 4);
    play(&mut p, &["b2b3", "a8b8", "b3b4"]);
    assert_eq!(p.halfmove(), 0, "capture");
    // Threefold repetition.
    let mut p = common::pos(wey(), "i7/8/8/8/8/8/8/7I w - - 0 1");
    let shuffle = ["h1g1", "a8b8", "g1h1", "b8a8"];
    play(&mut p, &shuffle);
    assert_eq!(outcome(&mut p), None, "twice");
    play(&mut p, &shuffle);
    assert!(
        matches!(outcome(&mut p), Some(Outcome::Draw { .. })),
        "three times"
    );
}

// The reference generator ------------------------------------------------------------------

/// One block of a `.perft` file.
struct PerftBlock {
    id: String,
    fen: String,
    /// (depth, nodes)
    lines: Vec<(u32, u64)>,
}

/// The blocks of a `.perft` file (tests/perft.rs checks the format itself).
fn perft_blocks(text: &str) -> Vec<PerftBlock> {
    let mut out: Vec<PerftBlock> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            out.push(PerftBlock {
                id: id.to_string(),
                fen: String::new(),
                lines: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("fen ") {
            out.last_mut().unwrap().fen = fen.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').unwrap();
            let depth_nodes = (d.parse().unwrap(), n.parse().unwrap());
            out.last_mut().unwrap().lines.push(depth_nodes);
        }
    }
    out
}

/// Largest depth checked against the reference here (`cargo test`).
const REFERENCE_DEPTH: u32 = 3;

#[test]
fn reference_agrees_on_the_perft_positions() {
    let text = include_str!("perft/wey.perft");
    let blocks = perft_blocks(text);
    assert!(blocks.iter().any(|b| b.fen == START), "start position");
    assert!(
        blocks.len() >= 11,
        "start and at least 10 middle-game positions"
    );
    for PerftBlock { id, fen, lines } in &blocks {
        let mut p = common::pos(wey(), fen);
        let b = Board::from_fen(fen).unwrap();
        assert_moves(
            &format!("{id}: engine vs reference"),
            &legal(&mut p),
            &b.move_texts(),
        );
        for &(depth, nodes) in lines.iter().filter(|l| l.0 <= REFERENCE_DEPTH) {
            assert_eq!(b.perft(depth), nodes, "{id}: reference perft {depth}");
            assert_eq!(perft(&mut p, depth), nodes, "{id}: engine perft {depth}");
        }
        let has = |d: u32| lines.iter().any(|l| l.0 == d);
        assert!(
            has(1) && (has(2) || b.winner().is_some()),
            "{id}: depths 1 and 2"
        );
    }
}

#[test]
fn reference_agrees_along_random_games() {
    let (mut nodes, mut decided) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = common::pos(wey(), START);
        let mut b = Board::from_fen(START).unwrap();
        for ply in 0..300 {
            let fen = p.fen();
            let at = format!("seed {seed} ply {ply} {fen}");
            assert!(
                fen.starts_with(&b.fen_head()),
                "{at}: reference board {}",
                b.fen_head()
            );
            let ours = legal(&mut p);
            assert_moves(&at, &ours, &b.move_texts());
            let over = estuary::rules::victory::decided(&p).map(|o| o.result_string());
            let winner = b
                .winner()
                .map(|s| if s == Side::White { "1-0" } else { "0-1" });
            assert_eq!(over, winner, "{at}");
            if ply % 25 == 0 {
                assert_eq!(perft(&mut p, 2), b.perft(2), "{at}: perft 2");
            }
            nodes += 1;
            if ours.is_empty() {
                decided += over.is_some() as u32;
                break;
            }
            let list: Vec<&String> = ours.iter().collect();
            let m = list[rng.gen_range(0..list.len())];
            play(&mut p, &[m]);
            b = b.play_uci(m);
        }
    }
    assert!(
        nodes > 5_000 && decided > 20,
        "{nodes} positions, {decided} games decided"
    );
}
