//! Partnership Mitregi (`docs/rules/partnership-mitregi.md`, MIT-1..MIT-18) checked on the
//! independent reference generator of `tests/mitregi_reference/` alone, before the engine
//! plays the game: hand-built positions whose full move lists are worked out by hand from the
//! rules text (each list is written here, not taken from the generator), FEN round trips
//! (MIT-17), and the perft lines of `tests/perft/mitregi.perft` whose node count is
//! at most [`NODE_BUDGET`].
//!
//! The `.perft` file itself is written by [`print_the_perft_file`], an ignored test:
//! `cargo test --test mitregi_reference_check -- --ignored --nocapture print_the_perft_file`.
//!
//! Squares and moves are UCI text: `e2e3`, a Point crossing the River with its promotion to a
//! Wazir `d4d5w`, a drop `P@e4` (upper-case letter for both armies).

mod mitregi_reference;

use mitregi_reference::{name, Army, Bank, Kind, Move, Position, RESERVE_ORDER, START};
use std::collections::BTreeSet;

/// Largest perft node count checked here; deeper lines of the `.perft` file are left out.
const NODE_BUDGET: u64 = 2_000_000;

/// A FEN with all four reserves empty.
fn fen(board: &str, seat: u32) -> String {
    format!("{board} {seat} [WS:|WN:|BS:|BN:] 0 1")
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("reference refuses {fen}: {e}"))
}

/// The reference's legal moves of `fen` are exactly `want` (as a set, and without repeats).
#[track_caller]
fn assert_moves(fen: &str, want: &[String]) {
    let p = pos(fen);
    let got: Vec<String> = p.legal_moves().iter().map(Move::uci).collect();
    let got_set: BTreeSet<String> = got.iter().cloned().collect();
    assert_eq!(got.len(), got_set.len(), "{fen}: a move is listed twice");
    let want_set: BTreeSet<String> = want.iter().cloned().collect();
    assert_eq!(
        want.len(),
        want_set.len(),
        "{fen}: the expected list repeats a move"
    );
    let missing: Vec<&String> = want_set.difference(&got_set).collect();
    let extra: Vec<&String> = got_set.difference(&want_set).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{fen}: missing {missing:?}, extra {extra:?}"
    );
}

fn strs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Drops of `letter` onto every square of `bank` except `taken`, as UCI text (`P@e4`).
fn drops(letter: char, bank: Bank, taken: &[&str]) -> Vec<String> {
    let ranks = match bank {
        Bank::South => 0..4,
        Bank::North => 4..8,
    };
    let mut out = Vec::new();
    for r in ranks {
        for f in 0..8 {
            let sq = name((f, r));
            if !taken.contains(&sq.as_str()) {
                out.push(format!("{letter}@{sq}"));
            }
        }
    }
    out
}

// MIT-1, MIT-15..MIT-17: seats, start position, FEN ------------------------------------------

#[test]
fn mit_15_16_start_array() {
    let p = pos(START);
    // MIT-16: White south a-d, Black south e-h, White north e-h, Black north a-d.
    let groups = [
        (Army::White, 0..4, 0..4),
        (Army::Black, 4..8, 0..4),
        (Army::White, 4..8, 4..8),
        (Army::Black, 0..4, 4..8),
    ];
    for (army, files, ranks) in groups {
        let mut kinds = Vec::new();
        for r in ranks {
            for f in files.clone() {
                if let Some(m) = p.at((f, r)) {
                    assert_eq!(m.army, army, "{} holds the wrong army", name((f, r)));
                    kinds.push(m.kind);
                }
            }
        }
        // MIT-15: King or Rook, one each of Bishop, Wing, Helm, Mitre, Hump, 4 Points.
        let count = |k: Kind| kinds.iter().filter(|&&x| x == k).count();
        assert_eq!(kinds.len(), 10);
        assert_eq!(count(Kind::King) + count(Kind::Rook), 1);
        for k in [
            Kind::Bishop,
            Kind::Wing,
            Kind::Helm,
            Kind::Mitre,
            Kind::Hump,
        ] {
            assert_eq!(count(k), 1, "{army:?} {k:?}");
        }
        assert_eq!(count(Kind::Point), 4);
    }
}

/// MIT-17 start, worked out by hand: the King to a2, the Mitre to a2, the Wing to d2, four
/// Points one step, the Hump leaping over the River to b5 or d5; the Helm and Bishop are
/// blocked, and no White north piece can reach the south bank.
#[test]
fn mit_17_start_moves_and_perft() {
    let want = strs(&[
        "a1a2", "b1a2", "d1d2", "a3a4", "b3b4", "c3c4", "d3d4", "c2b5", "c2d5",
    ]);
    assert_moves(START, &want);
    let p = pos(START);
    assert_eq!(p.perft(1), 9);
    assert_eq!(p.perft(2), 81);
    assert_eq!(p.perft(3), 774);
}

#[test]
fn mit_1_seats_move_in_figure_of_eight_and_counters_follow() {
    let mut p = pos(START);
    // Seat 0 White south, 1 Black south, 2 White north, 3 Black north.
    let plies = ["a1a2", "h1h2", "e8e7", "d8d7", "a3a4", "e3e4"];
    let want = [
        (1, 1, 1), // after a King move: halfmove 1, fullmove 1, seat 1
        (2, 2, 2), // after Black's King move: fullmove 2
        (3, 3, 2),
        (0, 4, 3), // after Black north's move: seat 0 again, fullmove 3
        (1, 0, 3), // Point move resets the halfmove count
        (2, 0, 4),
    ];
    for (ply, (seat, half, full)) in plies.iter().zip(want) {
        p = p.play_uci(ply);
        assert_eq!(
            (p.seat, p.halfmove, p.fullmove),
            (seat, half, full),
            "after {ply}"
        );
        assert_eq!(pos(&p.fen()), p, "round trip after {ply}");
    }
    assert_eq!(
        p.fen(),
        "rmh2HMR/1bulLUB1/ppppPPPP/8/P3p3/1PPP1ppp/KBU2ubk/1MHLlhm1 2 [WS:|WN:|BS:|BN:] 0 4"
    );
}

#[test]
fn mit_17_fen_reserves_any_order_and_case() {
    let p = pos("7k/8/8/8/8/8/8/K7 0 [BN:prP|WS:uhMLpbR|BS:H|WN:pp] 7 12");
    assert_eq!(
        p.fen(),
        "7k/8/8/8/8/8/8/K7 0 [WS:RBPLHMU|WN:PP|BS:h|BN:rpp] 7 12"
    );
    assert_eq!(p.reserve(Army::Black, Bank::North, Kind::Point), 2);
    assert_eq!(p.reserve(Army::White, Bank::South, Kind::Hump), 1);
    assert_eq!(p.reserve(Army::White, Bank::North, Kind::Rook), 0);
    for bad in [
        "7k/8/8/8/8/8/8/K7 4 [WS:|WN:|BS:|BN:] 0 1",  // no seat 4
        "7k/8/8/8/8/8/8/K7 0 [WS:K|WN:|BS:|BN:] 0 1", // K never in a reserve
        "7k/8/8/8/8/8/8/K7 0 [WS:W|WN:|BS:|BN:] 0 1", // nor W (MIT-7)
        "7k/8/8/8/8/8/8/K7 0 [WS:|WN:|BS:] 0 1",      // a reserve missing
        "7k/8/8/8/8/8/8/K7 0 [WS:|WN:|BS:|BS:] 0 1",  // one given twice
        "7k/8/8/8/8/8/8/K7 0 WS:|WN:|BS:|BN: 0 1",    // no brackets
        "7k/8/8/8/8/8/8/K7 0 [WS:|WN:|BS:|BN:]",      // no counters
        "7k/8/8/8/8/8/8/K6K 0 [WS:|WN:|BS:|BN:] 0 1", // two White Kings
        "7k/8/8/8/8/8/8/K7 w - - 0 1",                // a chess FEN
    ] {
        assert!(Position::from_fen(bad).is_err(), "accepted {bad}");
    }
}

/// MIT-18: the alternative pieces are not in the main game, so their letters are refused.
#[test]
fn mit_18_alternative_piece_letters_are_not_mitregi() {
    for letter in ['N', 'C', 'Q', 'A'] {
        let f = fen(&format!("7k/8/8/8/8/8/8/K6{letter}"), 0);
        assert!(Position::from_fen(&f).is_err(), "accepted {f}");
    }
}

#[test]
fn mit_17_fen_round_trips_along_random_games() {
    let mut checked = 0;
    for seed in 0..24u64 {
        let mut rng = XorShift::new(seed);
        let mut p = pos(START);
        for _ in 0..80 {
            let text = p.fen();
            let back = pos(&text);
            assert_eq!(back, p, "{text}");
            assert_eq!(back.fen(), text);
            checked += 1;
            match random_move(&p, &mut rng, seed % 2 == 1) {
                Some(m) => p = p.play(&m),
                None => break,
            }
        }
    }
    assert!(checked > 1000);
}

// MIT-2, MIT-3, MIT-3a, MIT-5, MIT-6: who moves what, which way -----------------------------

/// MIT-2: the same White Wing goes up when the south partner moves it and down when the north
/// partner does (after crossing, it heads back toward the River: the zigzag).
#[test]
fn mit_2_a_wing_moved_by_each_partner_goes_opposite_ways() {
    let f0 = fen("7k/8/8/8/2L5/7p/8/K7", 0);
    // Seat 0, forward up: the Wing c4 up to c8 (crossing is fine: it starts on the south
    // bank); the King a1 to a2, b1, b2.
    assert_moves(
        &f0,
        &strs(&["a1a2", "a1b1", "a1b2", "c4c5", "c4c6", "c4c7", "c4c8"]),
    );
    let p1 = pos(&f0).play_uci("c4c6");
    // Seat 1, Black south, forward up: only the Point h3 (the King h8 is north).
    assert_moves(&p1.fen(), &strs(&["h3h4"]));
    let p2 = p1.play_uci("h3h4");
    // Seat 2, White north, forward down: the Wing c6 down to c1; the King a1 is south.
    assert_moves(&p2.fen(), &strs(&["c6c5", "c6c4", "c6c3", "c6c2", "c6c1"]));
    let p3 = p2.play_uci("c6c5");
    // Seat 3, Black north, forward down: the King; the Point h4 would go down to h3 entirely on
    // the south bank, which is not its bank (MIT-3).
    assert_moves(&p3.fen(), &strs(&["h8g7", "h8g8", "h8h7"]));
    // Seat 0 with the Wing on the north bank: up stays north, so the Wing has no move.
    assert_moves(
        &fen("7k/8/2L5/8/8/7p/8/K7", 0),
        &strs(&["a1a2", "a1b1", "a1b2"]),
    );
}

/// MIT-5 (and MIT-2): Helm, Mitre and Hump from the south seat's side, forward up...
#[test]
fn mit_5_forward_only_pieces_of_the_south_seat() {
    assert_moves(
        &fen("7k/8/8/8/8/8/8/KH2M1U1", 0),
        &strs(&[
            "a1a2", "a1b2", "b1a3", "b1c3", "e1d2", "e1c3", "e1b4", "e1a5", "e1f2", "e1g3", "e1h4",
            "g1f4", "g1h4",
        ]),
    );
}

/// ...and the same pieces mirrored for the north seat, forward down.
#[test]
fn mit_5_forward_only_pieces_of_the_north_seat() {
    assert_moves(
        &fen("KH2M1U1/8/8/8/8/8/8/7k", 2),
        &strs(&[
            "a8a7", "a8b7", "b8a6", "b8c6", "e8d7", "e8c6", "e8b5", "e8a4", "e8f7", "e8g6", "e8h5",
            "g8f5", "g8h5",
        ]),
    );
}

/// MIT-4: King, Rook, Bishop and Wazir move the same for both partners; the north partner
/// (seat 2) may only use the moves that end on the north bank (MIT-3).
#[test]
fn mit_4_king_rook_bishop_wazir() {
    let board = "7k/8/8/8/3W4/8/8/R1B1K3";
    assert_moves(
        &fen(board, 0),
        &strs(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "c1b2", "c1a3", "c1d2",
            "c1e3", "c1f4", "c1g5", "c1h6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "d4d5", "d4d3",
            "d4c4", "d4e4",
        ]),
    );
    assert_moves(
        &fen(board, 2),
        &strs(&["a1a5", "a1a6", "a1a7", "a1a8", "c1g5", "c1h6", "d4d5"]),
    );
}

/// MIT-3, MIT-3a: from the other bank only moves ending on the mover's bank; King, Rook,
/// Bishop and (the decision) Wazir can make them, the forward-only Wing cannot.
#[test]
fn mit_3a_wazir_rook_bishop_king_come_back_from_the_other_bank() {
    assert_moves(
        &fen("8/8/L4BR1/1W2K3/8/8/8/k7", 0),
        &strs(&[
            "b5b4", "e5d4", "e5e4", "e5f4", "f6h4", "g6g4", "g6g3", "g6g2", "g6g1",
        ]),
    );
}

/// MIT-3: a move entirely on the other bank is no move for this seat (outside MIT-12): with
/// the Wing on c4, the north partner has nothing at all, which is a stalemate (MIT-13).
#[test]
fn mit_3_a_move_must_start_or_end_on_the_movers_bank() {
    let f = fen("7k/8/8/8/2L5/7p/8/K7", 2);
    assert_moves(&f, &[]);
    assert!(!pos(&f).in_check());
}

/// MIT-6: a Point steps once, even from its start rank (see also the start list).
#[test]
fn mit_6_no_double_step() {
    assert_moves(
        &fen("7k/8/8/8/8/P7/8/2K5", 0),
        &strs(&["a3a4", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2"]),
    );
}

// MIT-7, MIT-8, MIT-9: promotion, captures, reserves, drops ----------------------------------

/// MIT-7: a Point crossing becomes a Wazir, in either direction; a captured Wazir goes to the
/// reserve as a Point. MIT-8: the capture on d5 fills Black's north reserve although the
/// capturing Bishop came from the south bank.
#[test]
fn mit_7_point_promotes_on_crossing_and_wazir_returns_as_point() {
    let f0 = fen("7k/8/8/7P/3P4/8/6b1/K7", 0);
    assert_moves(&f0, &strs(&["a1a2", "a1b1", "a1b2", "d4d5w"]));
    let p1 = pos(&f0).play_uci("d4d5w");
    assert_eq!(p1.fen(), "7k/8/8/3W3P/8/8/6b1/K7 1 [WS:|WN:|BS:|BN:] 0 1");
    assert_moves(
        &p1.fen(),
        &strs(&["g2d5", "g2e4", "g2f1", "g2f3", "g2h1", "g2h3"]),
    );
    let p2 = p1.play_uci("g2d5");
    assert_eq!(p2.fen(), "7k/8/8/3b3P/8/8/8/K7 2 [WS:|WN:|BS:|BN:p] 0 2");
    // Seat 2's forward is down: the Point h5 crosses to h4 and promotes.
    assert_moves(&p2.fen(), &strs(&["h5h4w"]));
    let p3 = p2.play_uci("h5h4w");
    assert_eq!(p3.fen(), "7k/8/8/3b4/7W/8/8/K7 3 [WS:|WN:|BS:|BN:p] 0 2");
    // Seat 3 drops the Point anywhere empty on the north bank (MIT-9), or moves.
    let mut want = strs(&[
        "h8g8", "h8g7", "h8h7", "d5c6", "d5b7", "d5a8", "d5e6", "d5f7", "d5g8", "d5c4", "d5b3",
        "d5a2", "d5e4", "d5f3", "d5g2", "d5h1",
    ]);
    want.extend(drops('P', Bank::North, &["d5", "h8"]));
    assert_eq!(want.len(), 46);
    assert_moves(&p3.fen(), &want);
}

/// MIT-8: seat 0's Bishop captures a Helm on the far bank: the Helm goes to White's north
/// reserve, so only the north partner (seat 2) can drop it; seat 0 cannot (the seed's note).
#[test]
fn mit_8_capture_on_the_far_bank_fills_the_far_reserve() {
    let f0 = fen("6k1/8/5h2/8/8/2B5/7p/K7", 0);
    assert_moves(
        &f0,
        &strs(&[
            "a1a2", "a1b1", "a1b2", "c3b2", "c3d2", "c3e1", "c3b4", "c3a5", "c3d4", "c3e5", "c3f6",
        ]),
    );
    let p1 = pos(&f0).play_uci("c3f6");
    assert_eq!(p1.fen(), "6k1/8/5B2/8/8/8/7p/K7 1 [WS:|WN:H|BS:|BN:] 0 1");
    assert_eq!(p1.reserve(Army::White, Bank::North, Kind::Helm), 1);
    assert_eq!(p1.reserve(Army::White, Bank::South, Kind::Helm), 0);
    assert_moves(&p1.fen(), &strs(&["h2h3"]));
    let p2 = p1.play_uci("h2h3");
    // Seat 2: the Bishop's ten moves and the Helm onto any of the 30 empty north squares.
    let mut want = strs(&[
        "f6b2", "f6c3", "f6d4", "f6e5", "f6g5", "f6h4", "f6e7", "f6d8", "f6g7", "f6h8",
    ]);
    want.extend(drops('H', Bank::North, &["f6", "g8"]));
    assert_eq!(want.len(), 40);
    assert_moves(&p2.fen(), &want);
    let p3 = p2.play_uci("f6e5");
    // Seat 3: the King, not onto g7 or h8 (the Bishop); the Point h3 may not go down.
    assert_moves(&p3.fen(), &strs(&["g8f7", "g8f8", "g8h7"]));
    let p4 = p3.play_uci("g8h7");
    // Seat 0 again: no drop (the Helm waits in the north reserve); the Bishop comes back to
    // the south bank (MIT-3a).
    assert_moves(
        &p4.fen(),
        &strs(&[
            "a1a2", "a1b1", "a1b2", "e5b2", "e5c3", "e5d4", "e5f4", "e5g3", "e5h2",
        ]),
    );
}

/// MIT-9: every kind of the reserve, from each of the four reserves, onto every empty square
/// of the seat's own bank and nowhere else; the letter is upper case for both armies.
#[test]
fn mit_9_drops_of_each_kind_onto_each_bank() {
    let board = "7k/8/8/8/8/8/8/K7";
    let reserves = "[WS:RBPLHMU|WN:RBPLHMU|BS:rbplhmu|BN:rbplhmu]";
    let cases: [(u32, Bank, &[&str], &str); 4] = [
        (0, Bank::South, &["a1a2", "a1b1", "a1b2"], "a1"),
        (1, Bank::South, &[], "a1"),
        (2, Bank::North, &[], "h8"),
        (3, Bank::North, &["h8g8", "h8g7", "h8h7"], "h8"),
    ];
    for (seat, bank, king_moves, king) in cases {
        let f = format!("{board} {seat} {reserves} 0 1");
        let mut want = strs(king_moves);
        for letter in ['R', 'B', 'P', 'L', 'H', 'M', 'U'] {
            want.extend(drops(letter, bank, &[king]));
        }
        assert_eq!(want.len(), king_moves.len() + 7 * 31);
        assert_moves(&f, &want);
    }
    // The drop takes the piece from that reserve only.
    let p = pos(&format!("{board} 3 {reserves} 0 1")).play_uci("U@e5");
    assert_eq!(
        p.fen(),
        "7k/8/8/4u3/8/8/8/K7 0 [WS:RBPLHMU|WN:RBPLHMU|BS:rbplhmu|BN:rbplhm] 0 2"
    );
}

/// MIT-9: a drop may give check and even mate: the Rook dropped on h3 mates the Black King
/// (h2 is the Rook's, g1 and g2 the White King's; Black has nothing else).
#[test]
fn mit_9_a_drop_may_give_mate() {
    let f = "8/8/8/8/8/8/5K2/7k 0 [WS:R|WN:|BS:|BN:] 0 1";
    let mut want = strs(&["f2e1", "f2e2", "f2e3", "f2f1", "f2f3", "f2g3"]);
    want.extend(drops('R', Bank::South, &["f2", "h1"]));
    assert_moves(f, &want);
    let mated = pos(f).play_uci("R@h3");
    assert!(mated.in_check());
    assert_moves(&mated.fen(), &[]);
}

// MIT-10..MIT-13: check, fallback, mate, stalemate ---------------------------------------------

/// MIT-10: the check of a forward-only piece is the move of one of the two enemy seats, with
/// that seat's forward and its bank rule; a move entirely off that seat's bank (a fallback)
/// is no attack. One Black piece, the White King, seat 0 to move.
#[test]
fn mit_10_enemy_seats_attack_with_their_own_forward_and_bank() {
    let cases = [
        // Point: the north seat steps down from the north bank...
        ("7k/8/8/4p3/4K3/8/8/8", true),
        // ...the south seat's step up from e5 stays on the north bank: no attack.
        ("7k/8/4K3/4p3/8/8/8/8", false),
        // Point on the south bank: the south seat steps up to the King...
        ("7k/8/8/8/4K3/4p3/8/8", true),
        // ...the north seat's step down to e2 is entirely south: no attack.
        ("7k/8/8/8/8/4p3/4K3/8", false),
        // Crossing up from e4 to e5 is the south seat's move.
        ("7k/8/8/4K3/4p3/8/8/8", true),
        // Down from e4 to e3 would be the north seat's move entirely south.
        ("7k/8/8/8/4p3/4K3/8/8", false),
        // Helm d5: the north seat leaps down to c3; up to c7 is no one's move.
        ("7k/8/8/3h4/8/2K5/8/8", true),
        ("7k/2K5/8/3h4/8/8/8/8", false),
        // Helm d4: the south seat leaps up to c6; down to c2 is no one's move.
        ("7k/8/2K5/8/3h4/8/8/8", true),
        ("7k/8/8/8/3h4/8/2K5/8", false),
        // Hump d2 up to e5 (south seat); Hump d4 down to e1 is no one's move.
        ("7k/8/8/4K3/8/8/3u4/8", true),
        ("7k/8/8/8/3u4/8/8/4K3", false),
        // Wing d7 down the file to d2 (north seat), Wing d2 up to d7 (south seat)...
        ("7k/3l4/8/8/8/8/3K4/8", true),
        ("7k/3K4/8/8/8/8/3l4/8", true),
        // ...but not through a piece, and Wing d6 up to d8 is no one's move.
        ("7k/3l4/8/8/3P4/8/3K4/8", false),
        ("3K3k/8/3l4/8/8/8/8/8", false),
        // Mitre c6 down to e4 (north seat); Mitre c3 up to e5 (south seat).
        ("7k/8/2m5/8/4K3/8/8/8", true),
        ("7k/8/8/4K3/8/2m5/8/8", true),
        // Mitre c5 up to e7: no one's move; Mitre e3 down to c1: no one's move.
        ("7k/4K3/8/2m5/8/8/8/8", false),
        ("7k/8/8/8/8/4m3/8/2K5", false),
        // Symmetric pieces attack on both banks.
        ("7k/4r3/4K3/8/8/8/8/8", true),
        ("7k/8/8/8/8/4r3/8/4K3", true),
        ("7k/8/8/8/8/8/b7/K7", false),
        ("7k/8/8/8/8/8/w7/K7", true),
        ("8/8/8/8/8/8/1k6/K7", true),
    ];
    for (board, check) in cases {
        let f = fen(board, 0);
        assert_eq!(pos(&f).in_check(), check, "{f}");
    }
}

/// MIT-10: the King may not step onto c4 (Point c3, south seat) nor e4 (Point e5, north
/// seat), but may step onto c2, where only a fallback of the north seat would go.
#[test]
fn mit_10_king_moves_and_the_two_enemy_seats() {
    assert_moves(
        &fen("7k/8/8/4p3/8/2pK4/8/8", 0),
        &strs(&["d3c2", "d3c3", "d3d2", "d3d4", "d3e2", "d3e3"]),
    );
}

/// MIT-10 decision: no move lands on a King (an artificial position: Black's King stands in
/// the Rook's line with White to move).
#[test]
fn mit_10_no_move_lands_on_a_king() {
    assert_moves(
        &fen("8/8/8/8/k7/8/8/R6K", 0),
        &strs(&[
            "a1a2", "a1a3", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "h1g1", "h1g2", "h1h2",
        ]),
    );
}

/// MIT-11: a pinned piece may not move off the line; the King may not step into check.
#[test]
fn mit_11_moves_leave_the_king_out_of_check() {
    // The Bishop e2 is pinned by the Rook e8 (north seat, down the file).
    assert_moves(
        &fen("4r2k/8/8/8/8/8/4B3/4K3", 0),
        &strs(&["e1d1", "e1d2", "e1f1", "e1f2"]),
    );
}

/// MIT-12: White (seat 0) is in check from the Rook a5; nothing that starts or ends on the
/// south bank helps (the Rook b6 can only go down the b-file), so the fallback moves entirely
/// on the north bank, and only those that end the check: the King to b7 or b8, the Rook
/// blocking on a6. The Point reserve cannot help (drops are never fallback moves), the north
/// reserve is not seat 0's.
#[test]
fn mit_12_check_answered_only_by_a_fallback_move() {
    for reserves in ["[WS:|WN:|BS:|BN:]", "[WS:P|WN:R|BS:|BN:]"] {
        let f = format!("K7/8/1R6/r7/8/8/8/7k 0 {reserves} 0 1");
        let p = pos(&f);
        assert!(p.in_check());
        assert_moves(&f, &strs(&["a8b7", "a8b8", "b6a6"]));
        assert!(p.legal_moves().iter().all(Move::is_fallback));
    }
}

/// MIT-12: a fallback move keeps the mover's forward: seat 0's Helm on b5 leaps up to a7 to
/// block (with the north seat's forward it would leap down).
#[test]
fn mit_12_fallback_uses_the_movers_forward() {
    let f = fen("K7/8/8/rH6/8/8/8/1r5k", 0);
    assert_moves(&f, &strs(&["a8b7", "a8b8", "b5a7"]));
    assert!(pos(&f).legal_moves().iter().all(Move::is_fallback));
}

/// MIT-12: no fallback when a normal move answers the check (the Bishop takes the Rook), nor
/// when there is no check (see also the MIT-13 stalemate).
#[test]
fn mit_12_fallback_only_when_in_check() {
    let f = fen("K7/8/1R6/r7/8/8/3B4/7k", 0);
    assert_moves(&f, &strs(&["d2a5"]));
    assert!(!pos(&f).legal_moves()[0].is_fallback());
    let quiet = fen("K7/8/1R6/2r5/8/8/8/7k", 0);
    assert!(!pos(&quiet).in_check());
    assert_moves(&quiet, &strs(&["b6b1", "b6b2", "b6b3", "b6b4"]));
}

/// MIT-12: checkmate although fallbacks exist: the King's steps on the north bank are all
/// attacked (a7 by the Rook a5, b7 and b8 by the Rook b1), the Wing's steps up do not help,
/// and the Point's normal move leaves the check.
#[test]
fn mit_12_checkmate_when_the_fallback_fails_too() {
    let f = fen("K7/8/7L/r7/8/8/4P3/1r5k", 0);
    let p = pos(&f);
    assert!(p.in_check());
    assert_moves(&f, &[]);
    assert_eq!(p.perft(1), 0);
    assert_eq!(p.perft(3), 0);
}

/// MIT-13: not in check and no move starting or ending on the south bank: stalemate, even
/// though the King could step on the north bank (the fallback is only for check).
#[test]
fn mit_13_stalemate_does_not_use_the_fallback() {
    let f = fen("K7/8/8/2r5/8/8/8/7k", 0);
    let p = pos(&f);
    assert!(!p.in_check());
    assert_moves(&f, &[]);
    assert_eq!(p.perft(2), 0);
}

/// MIT-14: the draw counters do not end a perft tree (rules README).
#[test]
fn mit_14_draw_counters_do_not_end_perft() {
    let p =
        pos("rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 400 201");
    assert_eq!(p.perft(2), 81);
}

// The perft reference file -----------------------------------------------------------------------

/// One block of a `.perft` file.
struct PerftBlock {
    id: String,
    fen: String,
    /// (depth, nodes)
    lines: Vec<(u32, u64)>,
}

/// The blocks of a `.perft` file: `# comments`, `id`, `fen` and `perft DEPTH NODES` lines.
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
            out.last_mut().expect("id before fen").fen = fen.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
            let depth_nodes = (d.parse().unwrap(), n.parse().unwrap());
            out.last_mut()
                .expect("id before perft")
                .lines
                .push(depth_nodes);
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "bad line {line:?}"
            );
        }
    }
    out
}

#[test]
fn reference_matches_the_perft_file() {
    let blocks = perft_blocks(include_str!("perft/mitregi.perft"));
    assert!(blocks.iter().any(|b| b.fen == START), "start position");
    assert!(blocks.len() >= 21, "start and at least 20 more positions");
    let mut checked = 0;
    for PerftBlock { id, fen, lines } in &blocks {
        let p = pos(fen);
        assert_eq!(pos(&p.fen()), p, "{id}: FEN round trip");
        assert!(lines.iter().any(|l| l.0 == 1), "{id}: depth 1");
        for &(depth, nodes) in lines.iter().filter(|l| l.1 <= NODE_BUDGET) {
            assert_eq!(p.perft(depth), nodes, "{id}: perft {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked} lines checked");
}

// Random playouts and the generator of the perft file ----------------------------------------

/// Marsaglia's xorshift64: a fixed, dependency-free random sequence.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal move, chosen from the list sorted by UCI text (so the choice does not depend
/// on the order moves are generated in). With `captures_first`, a capture or drop is taken
/// whenever there is one, in two cases out of three (to fill the reserves). `None` when the
/// game is decided.
fn random_move(p: &Position, rng: &mut XorShift, captures_first: bool) -> Option<Move> {
    let mut moves = p.legal_moves();
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(Move::uci);
    let active: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| match *m {
            Move::Board { to, .. } => p.at(to).is_some(),
            Move::Drop { .. } => true,
        })
        .collect();
    if captures_first && !active.is_empty() && rng.below(3) > 0 {
        return Some(active[rng.below(active.len())]);
    }
    Some(moves[rng.below(moves.len())])
}

/// The position after up to `plies` random moves from the start (fewer if the game ends).
fn playout(seed: u64, plies: u32, captures_first: bool) -> Position {
    let mut rng = XorShift::new(seed);
    let mut p = pos(START);
    for _ in 0..plies {
        match random_move(&p, &mut rng, captures_first) {
            Some(m) => p = p.play(&m),
            None => break,
        }
    }
    p
}

/// Hand-built positions of the perft file (those of the tests above and a few more).
const HAND_BUILT: &[(&str, &str, &str)] = &[
    (
        "wing-zigzag",
        "MIT-2: a Wing either partner can move (the mit_2 test)",
        "7k/8/8/8/2L5/7p/8/K7 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "far-capture",
        "MIT-8: a capture on the far bank (the mit_8 test)",
        "6k1/8/5h2/8/8/2B5/7p/K7 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "point-crossing",
        "MIT-7: Points crossing both ways, a Wazir captured (the mit_7 test)",
        "7k/8/8/7P/3P4/8/6b1/K7 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "fallback-rook",
        "MIT-12: check answered only by fallback moves (the mit_12 test)",
        "K7/8/1R6/r7/8/8/8/7k 0 [WS:P|WN:R|BS:|BN:] 0 1",
    ),
    (
        "fallback-helm",
        "MIT-12: a fallback with the mover's forward",
        "K7/8/8/rH6/8/8/8/1r5k 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "mate-fallback-fails",
        "MIT-12: checkmate, the fallback fails too (no moves)",
        "K7/8/7L/r7/8/8/4P3/1r5k 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "stalemate",
        "MIT-13: stalemate (no moves)",
        "K7/8/8/2r5/8/8/8/7k 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "drop-mate",
        "MIT-9: a Rook drop mates (R@h3)",
        "8/8/8/8/8/8/5K2/7k 0 [WS:R|WN:|BS:|BN:] 0 1",
    ),
    (
        "start-full-reserves",
        "MIT-9: the start array with one of each kind in all four reserves",
        "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:RBPLHMU|WN:RBPLHMU|BS:rbplhmu|BN:rbplhmu] 0 1",
    ),
    (
        "start-seat-2",
        "MIT-1/MIT-2: the start array with the White north partner to move",
        "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 2 [WS:|WN:|BS:|BN:] 0 1",
    ),
];

/// What a position shows, for the comment above its block.
fn features(p: &Position) -> String {
    let mut f = Vec::new();
    for (army, bank, label) in [
        (Army::White, Bank::South, "WS"),
        (Army::White, Bank::North, "WN"),
        (Army::Black, Bank::South, "BS"),
        (Army::Black, Bank::North, "BN"),
    ] {
        let n: u32 = RESERVE_ORDER
            .iter()
            .map(|&k| p.reserve(army, bank, k))
            .sum();
        if n > 0 {
            f.push(format!("{label} reserve {n}"));
        }
    }
    let wazirs = (0..64)
        .filter(|i| matches!(p.at((i % 8, i / 8)), Some(m) if m.kind == Kind::Wazir))
        .count();
    if wazirs > 0 {
        f.push(format!("{wazirs} Wazir(s)"));
    }
    let moves = p.legal_moves();
    if p.in_check() {
        f.push("in check".to_string());
    }
    if !moves.is_empty() && moves.iter().all(Move::is_fallback) {
        f.push("only fallback moves".to_string());
    }
    if moves.is_empty() {
        f.push(
            if p.in_check() {
                "checkmate"
            } else {
                "stalemate"
            }
            .to_string(),
        );
    }
    f.join(", ")
}

/// The features as a sentence to append to a comment, or nothing.
fn and_features(p: &Position) -> String {
    let f = features(p);
    if f.is_empty() {
        f
    } else {
        format!(" {}{}.", f[..1].to_uppercase(), &f[1..])
    }
}

/// Perft lines for a block: depths 1 to `max_depth`.
fn perft_lines(p: &Position, max_depth: u32) -> String {
    (1..=max_depth)
        .map(|depth| format!("perft {depth} {}\n", p.perft(depth)))
        .collect()
}

/// Writes `tests/perft/mitregi.perft` to stdout. Slow (minutes, release build).
#[test]
#[ignore]
fn print_the_perft_file() {
    let mut out = String::from(
        "# Partnership Mitregi (docs/rules/partnership-mitregi.md, MIT-1..MIT-18).\n\
         #\n\
         # Every number here was made by the independent reference generator of\n\
         # tests/mitregi_reference/ (a slow, plain transcription of the rules that shares no code with\n\
         # the engine), printed by the ignored test print_the_perft_file of\n\
         # tests/mitregi_reference_check.rs (release build, about 80 s). No second program has\n\
         # confirmed them yet, except the start's perft 1-3 (9, 81, 774), which match the figures\n\
         # quoted when this file was commissioned (they are not in the rules file itself).\n\
         #\n\
         # Middle-game positions come from random legal playouts from the start, with a fixed\n\
         # xorshift64 seed; each move is picked from the legal moves sorted by UCI text, and the\n\
         # capture-biased playouts take a capture or a drop two times in three when there is one.\n\
         # A checkmate or stalemate has no moves; the MIT-14 draws do not end a tree. Depths 1-4\n\
         # (the start to 7); tests/mitregi_reference_check.rs checks every line of at most 2,000,000\n\
         # nodes on each run.\n",
    );
    let start = pos(START);
    out.push_str("\n# Start position (MIT-15..MIT-17).\nid start\n");
    out.push_str(&format!("fen {START}\n"));
    out.push_str(&perft_lines(&start, 7));
    for &(id, what, f) in HAND_BUILT {
        let p = pos(f);
        out.push_str(&format!("\n# {what}.{}\nid {id}\n", and_features(&p)));
        out.push_str(&format!("fen {f}\n"));
        out.push_str(&perft_lines(&p, 4));
    }
    for (seed, plies, captures_first) in PLAYOUTS {
        let p = playout(*seed, *plies, *captures_first);
        let kind = if *captures_first {
            "capture-biased playout"
        } else {
            "playout"
        };
        out.push_str(&format!(
            "\n# {kind}, seed {seed}, {plies} plies.{}\nid playout-{seed}-ply{plies}\n",
            and_features(&p)
        ));
        out.push_str(&format!("fen {}\n", p.fen()));
        out.push_str(&perft_lines(&p, 4));
    }
    print!("{out}");
}

/// (seed, plies, capture-biased) of the playout positions in the perft file, picked from a
/// scan of seeds for what they show: plain middle games, checks, fallback situations, full
/// reserves (capture-biased), and games that ended in checkmate or stalemate.
const PLAYOUTS: &[(u64, u32, bool)] = &[
    (1, 12, false),
    (2, 20, false),
    (3, 30, false),
    (4, 40, false),
    (5, 60, false),
    (6, 80, false),
    (4, 20, false),
    (10, 45, false),
    (27, 19, false),
    (18, 23, false),
    (13, 46, false),
    (1, 47, true),
    (28, 58, true),
    (8, 40, true),
    (9, 50, true),
    (10, 80, true),
    (16, 30, true),
    (21, 60, true),
    (30, 40, true),
    (14, 90, true),
    (16, 121, false),
    (26, 185, true),
    (11, 119, true),
    (26, 191, false),
];
