//! Seats, banks and FEN layouts as data (`engine-configs/README.md`, `[[seat]]` and `[fen]`;
//! `docs/fen.md` section 7): a four-seat game on a River, written as a config alone, reads and
//! writes the MIT-17 FEN form (seat number, labelled reserves, move number counted by army
//! 1's moves), and its check looks at every enemy seat with that seat's own forward.

mod common;

use estuary::board::Position;
use estuary::notation::{parse_move, Dialect};
use estuary::rules::in_check;
use estuary::variant::Variant;

/// Four seats in the MIT-1 order, two teams, forward by seat, banks split by a River; Kings
/// and forward-only Points (MIT-4, MIT-5); the MIT-17 FEN layout.
const FOUR_SEATS: &str = r#"
name = "fourseats"
files = 8
ranks = 8
start = "4k3/8/8/8/8/8/8/4K3 0 [WS:|WN:|BS:|BN:] 0 1"
forward = "seat"

[[seat]]
name = "white-south"
army = 0
forward = "up"
bank = "south"

[[seat]]
name = "black-south"
army = 1
forward = "up"
bank = "south"

[[seat]]
name = "white-north"
army = 0
forward = "down"
bank = "north"

[[seat]]
name = "black-north"
army = 1
forward = "down"
bank = "north"

[[piece]]
letter = "K"
name = "King"
betza = "K"
value = 0
royal = true

[[piece]]
letter = "P"
name = "Point"
betza = "fW"
value = 100

[river]
south_ranks = 4

[fen]
fields = ["board", "side", "hands", "halfmove", "fullmove"]
hand_labels = ["WS", "WN", "BS", "BN"]

[draws]
move_rule_plies = 200
reset_pieces = "P"
"#;

fn four_seats() -> &'static Variant {
    common::compiled("fourseats.toml", FOUR_SEATS)
}

#[test]
fn seats_carry_army_forward_and_bank() {
    let v = four_seats();
    let seats: Vec<(u8, bool, Option<u8>)> = v
        .seats
        .iter()
        .map(|s| {
            (
                s.army.into(),
                s.orientation == estuary::variant::Orientation::Up,
                s.bank,
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            (0, true, Some(0)),
            (1, true, Some(0)),
            (0, false, Some(1)),
            (1, false, Some(1))
        ]
    );
    assert_eq!(v.draws.move_rule_plies, 200);
}

#[test]
fn the_mit_17_fen_form_reads_and_writes_back() {
    let v = four_seats();
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 0 [WS:|WN:|BS:|BN:] 0 1",
        "4k3/8/3P4/8/8/2p5/8/4K3 2 [WS:|WN:|BS:|BN:] 7 12",
        "4k3/8/8/8/8/8/8/4K3 3 [WS:|WN:|BS:|BN:] 0 5",
    ] {
        let p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.fen(), fen);
    }
    // Labels in any order, missing ones empty.
    let p = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 1 [BN:|WS:] 0 1").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 1 [WS:|WN:|BS:|BN:] 0 1");
}

#[test]
fn malformed_mit_17_fens_are_refused_with_a_reason() {
    let v = four_seats();
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/4K3 4 [WS:|WN:|BS:|BN:] 0 1", "not a seat"),
        ("4k3/8/8/8/8/8/8/4K3 w [WS:|WN:|BS:|BN:] 0 1", "not a seat"),
        (
            "4k3/8/8/8/8/8/8/4K3 0 [WS:|XX:|BS:|BN:] 0 1",
            "unknown reserve label",
        ),
        ("4k3/8/8/8/8/8/8/4K3 0 [WS:|WS:] 0 1", "given twice"),
        ("4k3/8/8/8/8/8/8/4K3 0 WS:|WN: 0 1", "must be written"),
        ("4k3/8/8/8/8/8/8/4K3 0 [WS] 0 1", "no 'LABEL:'"),
        ("4k3/8/8/8/8/8/8/4K3 0 [WS:Z] 0 1", "unknown piece"),
        ("4k3/8/8/8/8/8/8/4K3[P|-] 0 [WS:] 0 1", "own field"),
        (
            "4k3/8/8/8/8/8/8/4K3 0 [WS:|WN:|BS:|BN:] 0 1 9",
            "unexpected text",
        ),
    ] {
        match Position::from_fen(v, fen) {
            Ok(_) => panic!("{fen} was accepted"),
            Err(e) => assert!(e.contains(why), "{fen}: {e:?} does not say {why:?}"),
        }
    }
}

#[test]
fn the_move_number_grows_after_each_black_seat_moves() {
    // MIT-17: seats 0 (White) 1 (Black) 2 (White) 3 (Black): 1 → 1 → 2 → 2 → 3.
    let v = four_seats();
    let mut p = Position::from_fen(v, "7k/8/8/8/8/8/8/K7 0 [WS:|WN:|BS:|BN:] 0 1").unwrap();
    let mut numbers = vec![p.fullmove()];
    for m in ["a1a2", "h8h7", "a2b2", "h7g7"] {
        let mv = parse_move(&mut p, m, Dialect::Uci).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
        numbers.push(p.fullmove());
    }
    assert_eq!(numbers, [1, 1, 2, 2, 3]);
    assert!(p.fen().ends_with(" 0 [WS:|WN:|BS:|BN:] 4 3"), "{}", p.fen());
}

#[test]
fn check_comes_from_every_enemy_seat_with_its_own_forward() {
    let v = four_seats();
    // A White Point on d5 just above the Black King on d4. For White's south seat (forward up)
    // it attacks d6; for White's north seat (forward down) it attacks d4: Black is in check,
    // whichever Black seat is to move.
    for seat in [1, 3] {
        let fen = format!("8/8/8/3P4/3k4/8/8/K7 {seat} [WS:|WN:|BS:|BN:] 0 1");
        let p = Position::from_fen(v, &fen).unwrap();
        assert!(in_check(&p), "{fen}");
    }
    // Below the King, on d3, the Point attacks d4 for White's south seat (forward up).
    let p = Position::from_fen(v, "8/8/8/8/3k4/3P4/8/K7 1 [WS:|WN:|BS:|BN:] 0 1").unwrap();
    assert!(in_check(&p));
    // Two squares away: no seat's one step reaches.
    let p = Position::from_fen(v, "8/8/8/3P4/8/3k4/8/K7 1 [WS:|WN:|BS:|BN:] 0 1").unwrap();
    assert!(!in_check(&p));
}

#[test]
fn broken_fen_layouts_are_config_errors() {
    for (edit, why) in [
        (
            ("\"board\", \"side\"", "\"board\", \"colour\""),
            "unknown field",
        ),
        (
            ("\"board\", \"side\"", "\"side\", \"board\""),
            "must start with",
        ),
        (
            ("\"halfmove\", \"fullmove\"", "\"halfmove\", \"halfmove\""),
            "given twice",
        ),
        (
            (
                "[\"WS\", \"WN\", \"BS\", \"BN\"]",
                "[\"WS\", \"WN\", \"BS\"]",
            ),
            "four different",
        ),
        (
            (
                "[\"WS\", \"WN\", \"BS\", \"BN\"]",
                "[\"WS\", \"WS\", \"BS\", \"BN\"]",
            ),
            "four different",
        ),
        (
            ("hand_labels = [\"WS\", \"WN\", \"BS\", \"BN\"]", ""),
            "hand_labels must name",
        ),
        (("bank = \"north\"", "bank = \"east\""), "south or north"),
    ] {
        let text = FOUR_SEATS.replacen(edit.0, edit.1, 1);
        assert_ne!(text, FOUR_SEATS, "edit {edit:?} did not apply");
        match Variant::from_toml("fourseats.toml", &text) {
            Ok(_) => panic!("{edit:?} was accepted"),
            Err(e) => {
                let e = e.to_string();
                assert!(e.contains(why), "{edit:?}: {e}");
                assert!(e.starts_with("fourseats.toml:"), "{e}");
            }
        }
    }
}
