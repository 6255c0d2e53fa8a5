//! Two Kingdoms, rule by rule (`docs/rules/two-kingdoms.md`, TK-1..TK-12): one test per rule
//! id, named after it, on named hand-built positions. Expected move lists are worked out by hand
//! from the rule text (or, for riders on open boards, by the small geometric helper below, which
//! shares no code with the engine), never taken from the generator.

mod common;

use common::{assert_moves, legal, legal_from, moves, pos, tk};
use estuary::board::{Position, Square};
use estuary::notation::{parse_move, Dialect};
use estuary::rules::{outcome, Outcome};
use estuary::types::Army;
use std::collections::BTreeSet;

/// Name of the square at 0-based `file`, `rank` (UCI: ranks 1..10).
fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Moves of a rider from `from` (0-based file, rank) along `dirs` on an empty 10x10 board.
fn rider(from: (i32, i32), dirs: &[(i32, i32)]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for &(dx, dy) in dirs {
        let (mut f, mut r) = (from.0 + dx, from.1 + dy);
        while (0..10).contains(&f) && (0..10).contains(&r) {
            out.insert(format!("{}{}", name(from.0, from.1), name(f, r)));
            f += dx;
            r += dy;
        }
    }
    out
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Play UCI moves on a position.
fn play(p: &mut Position, line: &[&str]) {
    for text in line {
        let m = parse_move(p, text, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
        p.make(m);
    }
}

/// The piece letter on a UCI square, '.' when empty.
fn letter_at(p: &Position, square: &str) -> char {
    let (sq, _) = estuary::variant::fen::parse_square(p.variant(), square).unwrap();
    match p.piece_at(sq).piece() {
        None => '.',
        Some(piece) => p.variant().piece_char(piece),
    }
}

/// The Two Kingdoms start position.
const START: &str = "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1";

#[test]
fn tk_1_board_is_10x10() {
    let v = tk();
    assert_eq!((v.files, v.ranks), (10, 10));
    // Castle a1, kings out of its lines: it reaches the far corners a10 and j1.
    let mut p = pos(v, "9k/10/10/10/10/10/10/10/4K5/R9 w - - 0 1");
    let want = rider((0, 0), &ORTHOGONAL);
    assert_eq!(want.len(), 18);
    assert!(want.contains("a1a10") && want.contains("a1j1"));
    assert_moves("castle a1", &legal_from(&mut p, "a1"), &want);
    // The dark corner squares a1 and j10 (TK-1) are of the same colour: file + rank even.
    let corner = |sq: Square| (sq.file() + sq.rank()) % 2;
    assert_eq!(corner(Square::new(0, 0)), corner(Square::new(9, 9)));
    // There is no k-file and no 11th rank.
    let f = estuary::variant::fen::parse_square;
    assert!(f(v, "j10").is_some() && f(v, "k1").is_none() && f(v, "a11").is_none());
}

#[test]
fn tk_2_white_start_array() {
    let p = pos(tk(), START);
    let rank1 = [
        ("a1", 'R'),
        ("b1", 'N'),
        ("c1", 'A'),
        ("d1", 'B'),
        ("e1", 'Q'),
        ("f1", 'K'),
        ("g1", 'B'),
        ("h1", 'A'),
        ("i1", 'N'),
        ("j1", 'R'),
    ];
    for (sq, letter) in rank1 {
        assert_eq!(letter_at(&p, sq), letter, "{sq}");
    }
    for file in 0..10 {
        assert_eq!(letter_at(&p, &name(file, 1)), 'P');
    }
    assert_eq!(Position::startpos(tk()).fen(), START);
    // Names as the rule gives them: General, Castle, Knight, Archer, Canon, Soldier.
    let names: Vec<(char, &str)> = tk()
        .pieces
        .iter()
        .map(|p| (p.letter, p.name.as_str()))
        .collect();
    for want in [
        ('K', "King"),
        ('Q', "General"),
        ('R', "Castle"),
        ('N', "Knight"),
        ('A', "Archer"),
        ('B', "Canon"),
        ('P', "Soldier"),
    ] {
        assert!(names.contains(&want), "{want:?} in {names:?}");
    }
}

#[test]
fn tk_3_black_mirrors_on_ranks_10_and_9() {
    let p = pos(tk(), START);
    for file in 0..10 {
        let white = letter_at(&p, &name(file, 0));
        assert_eq!(letter_at(&p, &name(file, 9)), white.to_ascii_lowercase());
        assert_eq!(letter_at(&p, &name(file, 8)), 'p');
        for rank in 2..8 {
            assert_eq!(letter_at(&p, &name(file, rank)), '.');
        }
    }
    // From the start, by hand: 10 soldiers x 3 steps; knights b1 {a3 c3 (N), d4 e3 (Z)},
    // i1 {j3 h3 (N), g4 f3 (Z)}; archers c1 {a3 e3 (A), c3 (D over c2)}, h1 {f3 j3 h3}.
    let mut want = BTreeSet::new();
    for file in 0..10 {
        for to in 2..5 {
            want.insert(format!("{}{}", name(file, 1), name(file, to)));
        }
    }
    want.extend(moves(&[
        "b1a3", "b1c3", "b1d4", "b1e3", "i1j3", "i1h3", "i1g4", "i1f3", "c1a3", "c1e3", "c1c3",
        "h1f3", "h1j3", "h1h3",
    ]));
    assert_eq!(want.len(), 44);
    assert_moves("start, White", &legal(&mut pos(tk(), START)), &want);
    // Black's moves from the start mirror White's.
    let mut black = pos(
        tk(),
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR b KQkq - 0 1",
    );
    let mirrored: BTreeSet<String> = want
        .iter()
        .map(|m| {
            let flip = |s: &str| {
                let r: i32 = s[1..].parse().unwrap();
                format!("{}{}", &s[..1], 11 - r)
            };
            let split = 1 + m[1..].find(|c: char| c.is_ascii_lowercase()).unwrap();
            format!("{}{}", flip(&m[..split]), flip(&m[split..]))
        })
        .collect();
    assert_moves("start, Black", &legal(&mut black), &mirrored);
}

#[test]
fn tk_4_king_general_castle_canon_are_fide_pieces() {
    // Kings on j2 and a8 stand off the lines of a piece on e5.
    let place = |letter: char| format!("10/10/k9/10/10/4{letter}5/10/10/9K/10 w - - 0 1");
    let e5 = (4, 4);
    let mut p = pos(tk(), &place('Q'));
    let general: BTreeSet<String> = rider(e5, &ORTHOGONAL)
        .union(&rider(e5, &DIAGONAL))
        .cloned()
        .collect();
    assert_eq!(general.len(), 35);
    assert_moves("general e5", &legal_from(&mut p, "e5"), &general);
    let mut p = pos(tk(), &place('R'));
    assert_moves(
        "castle e5",
        &legal_from(&mut p, "e5"),
        &rider(e5, &ORTHOGONAL),
    );
    let mut p = pos(tk(), &place('B'));
    assert_moves("canon e5", &legal_from(&mut p, "e5"), &rider(e5, &DIAGONAL));
    let mut p = pos(tk(), "10/10/k9/10/10/4K5/10/10/10/10 w - - 0 1");
    assert_moves(
        "king e5",
        &legal(&mut p),
        &moves(&[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6",
        ]),
    );
    // Riders are blocked: a canon on e5 behind own soldiers on d4 and f6, enemy on c7.
    let mut p = pos(tk(), "10/10/k9/2p7/5P4/4B5/3P6/10/9K/10 w - - 0 1");
    assert_moves(
        "canon e5 blocked",
        &legal_from(&mut p, "e5"),
        &moves(&["e5d6", "e5c7", "e5f4", "e5g3", "e5h2", "e5i1"]),
    );
}

#[test]
fn tk_5_knight_is_knight_plus_zebra() {
    // Knight on e5 boxed in by its own soldiers: leaps cannot be blocked.
    let mut p = pos(tk(), "9k/10/10/10/3PPP4/3PNP4/3PPP4/10/10/K9 w - - 0 1");
    let want = moves(&[
        // knight (1,2)
        "e5d7", "e5f7", "e5c6", "e5g6", "e5c4", "e5g4", "e5d3", "e5f3", // zebra (2,3)
        "e5c8", "e5g8", "e5b7", "e5h7", "e5b3", "e5h3", "e5c2", "e5g2",
    ]);
    assert_moves("knight e5", &legal_from(&mut p, "e5"), &want);
    // In the corner: two knight leaps and two zebra leaps (b3 c2, c4 d3); no camel (1,3).
    let mut p = pos(tk(), "9k/10/10/10/10/10/10/10/10/N4K4 w - - 0 1");
    assert_moves(
        "knight a1",
        &legal_from(&mut p, "a1"),
        &moves(&["a1b3", "a1c2", "a1c4", "a1d3"]),
    );
    // The zebra leap captures, and gives check: a black knight on h4 mates a smothered king j1.
    let mut p = pos(tk(), "5k4/10/10/10/10/10/7n2/10/7PPP/8RK w - - 0 1");
    assert!(estuary::rules::in_check(&p));
    assert!(legal(&mut p).is_empty());
}

#[test]
fn tk_6_archer_is_ferz_plus_alibaba() {
    // Archer e5: enemy soldiers on the ferz squares d4 d6 f4 f6 (captured, and jumped over by
    // the (2,2) leaps), own soldiers on d5 f5 e4 e6 (jumped over by the (2,0) leaps).
    let mut p = pos(tk(), "K9/10/10/10/3pPp4/3PAP4/3pPp4/10/10/9k w - - 0 1");
    let want = moves(&[
        "e5d4", "e5d6", "e5f4", "e5f6", // ferz, capturing
        "e5c5", "e5g5", "e5e3", "e5e7", // dabbaba jumps
        "e5c3", "e5c7", "e5g3", "e5g7", // alfil jumps
    ]);
    assert_moves("archer e5", &legal_from(&mut p, "e5"), &want);
    // No other move: not a knight, not a wazir (e5e6 would take its own soldier anyway).
    // In the corner a1 with own pieces on a2 b1: b2 (F), c1 a3 (D), c3 (A).
    let mut p = pos(tk(), "9k/10/10/10/10/10/10/10/P9/AN3K4 w - - 0 1");
    assert_moves(
        "archer a1",
        &legal_from(&mut p, "a1"),
        &moves(&["a1b2", "a1c1", "a1a3", "a1c3"]),
    );
}

#[test]
fn tk_7_soldier_triple_step_needs_empty_squares() {
    // White soldiers a2 c2 e2 g2 i2 on their first rank, j4 off it; black blockers c4 e5 g3.
    let mut p = pos(tk(), "9k/10/10/10/10/4p5/2p6P/6p3/P1P1P1P1P1/K9 w - - 0 1");
    let mut got = BTreeSet::new();
    for from in ["a2", "c2", "e2", "g2", "i2", "j4"] {
        got.extend(legal_from(&mut p, from));
    }
    let want = moves(&[
        "a2a3", "a2a4", "a2a5", // one, two or three
        "c2c3", // c4 blocks the double and the triple step
        "e2e3", "e2e4", // the triple step's landing square e5 is taken
        // g2: g3 blocks everything
        "i2i3", "i2i4", "i2i5", // one, two or three
        "j4j5", // only from the first rank
    ]);
    assert_moves("white soldiers", &got, &want);
    // Black: the same from rank 9, downwards.
    let mut p = pos(tk(), "k9/p1p1p1p1p1/6P3/2P6p/4P5/10/10/10/10/9K b - - 0 1");
    let mut got = BTreeSet::new();
    for from in ["a9", "c9", "e9", "g9", "i9", "j7"] {
        got.extend(legal_from(&mut p, from));
    }
    let want = moves(&[
        "a9a8", "a9a7", "a9a6", "c9c8", "e9e8", "e9e7", "i9i8", "i9i7", "i9i6", "j7j6",
    ]);
    assert_moves("black soldiers", &got, &want);
    // Soldiers capture one square diagonally forward only, never straight ahead.
    let mut p = pos(tk(), "9k/10/10/10/10/3ppp4/4P5/10/10/K9 w - - 0 1");
    assert_moves(
        "soldier e4",
        &legal_from(&mut p, "e4"),
        &moves(&["e4d5", "e4f5"]),
    );
}

#[test]
fn tk_8_en_passant_through_both_passed_squares() {
    // Black soldiers d4 and f5; White plays the triple step e2e5, passing e3 and e4.
    let before = "rnabqkbanr/ppp1p1pppp/10/10/10/5p4/3p6/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1";
    let mut p = pos(tk(), before);
    play(&mut p, &["e2e5"]);
    let after = "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1";
    assert_eq!(p.fen(), after);
    // d4 takes on e3 (the first passed square), f5 on e4 (the second); both remove e5.
    assert_moves("d4", &legal_from(&mut p, "d4"), &moves(&["d4d3", "d4e3"]));
    assert_moves("f5", &legal_from(&mut p, "f5"), &moves(&["f5f4", "f5e4"]));
    for (capture, fen) in [
        (
            "d4e3",
            "rnabqkbanr/ppp1p1pppp/10/10/10/5p4/10/4p5/PPPP1PPPPP/RNABQKBANR w KQkq - 0 2",
        ),
        (
            "f5e4",
            "rnabqkbanr/ppp1p1pppp/10/10/10/10/3pp5/10/PPPP1PPPPP/RNABQKBANR w KQkq - 0 2",
        ),
    ] {
        let mut q = p.clone();
        play(&mut q, &[capture]);
        assert_eq!(q.fen(), fen, "{capture}");
    }
    // The double step passes only e3.
    let mut p = pos(tk(), before);
    play(&mut p, &["e2e4"]);
    assert!(p.fen().contains(" b KQkq e3 0 1"), "{}", p.fen());
    assert_moves(
        "d4 after e2e4",
        &legal_from(&mut p, "d4"),
        &moves(&["d4d3", "d4e3"]),
    );
    // f5 takes the soldier on e4 normally.
    assert_moves(
        "f5 after e2e4",
        &legal_from(&mut p, "f5"),
        &moves(&["f5f4", "f5e4"]),
    );
    // Only squares an enemy soldier attacks are written: near square only, far square only.
    let mut p = pos(tk(), "5k4/p8p/10/10/10/10/3p6/10/PP2P5/5K4 w - - 0 1");
    play(&mut p, &["e2e5"]);
    assert_eq!(p.fen(), "5k4/p8p/10/10/10/4P5/3p6/10/PP8/5K4 b - e3 0 1");
    assert!(legal(&mut p).contains("d4e3"));
    let mut p = pos(tk(), "5k4/p8p/10/10/10/5p4/10/10/4P3PP/5K4 w - - 0 1");
    play(&mut p, &["e2e5"]);
    assert_eq!(p.fen(), "5k4/p8p/10/10/10/4Pp4/10/10/8PP/5K4 b - e4 0 1");
    assert!(legal(&mut p).contains("f5e4"));
    // Black's triple step e9e6: White takes on e8 (from d7) or e7 (from f6).
    let mut p = pos(
        tk(),
        "rnabqkbanr/pppppppppp/10/3P6/5P4/10/10/10/PPP1P1PPPP/RNABQKBANR b KQkq - 0 1",
    );
    play(&mut p, &["e9e6"]);
    assert!(p.fen().ends_with(" w KQkq e7e8 0 2"), "{}", p.fen());
    assert_moves("d7", &legal_from(&mut p, "d7"), &moves(&["d7d8", "d7e8"]));
    assert_moves("f6", &legal_from(&mut p, "f6"), &moves(&["f6f7", "f6e7"]));
    // The right lasts one move only.
    let mut p = pos(tk(), before);
    play(&mut p, &["e2e5", "a9a8", "a2a3"]);
    assert_moves("d4 later", &legal_from(&mut p, "d4"), &moves(&["d4d3"]));
    assert_moves("f5 later", &legal_from(&mut p, "f5"), &moves(&["f5f4"]));
}

#[test]
fn tk_9_promotion_choices() {
    // White soldier b9: to b10, or taking a10 or c10; General, Castle, Knight, Archer, Canon.
    let mut p = pos(tk(), "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let mut want = BTreeSet::new();
    for to in ["a10", "b10", "c10"] {
        for piece in ['q', 'r', 'n', 'a', 'b'] {
            want.insert(format!("b9{to}{piece}"));
        }
    }
    assert_moves("b9", &legal_from(&mut p, "b9"), &want);
    // The new piece is the one chosen.
    play(&mut p, &["b9c10a"]);
    assert_eq!(letter_at(&p, "c10"), 'A');
    // Black soldier b2 promotes on rank 1.
    let mut p = pos(tk(), "5k4/10/10/10/10/10/10/10/1p8/R1R2K4 b - - 0 1");
    let mut want = BTreeSet::new();
    for to in ["a1", "b1", "c1"] {
        for piece in ['q', 'r', 'n', 'a', 'b'] {
            want.insert(format!("b2{to}{piece}"));
        }
    }
    assert_moves("b2", &legal_from(&mut p, "b2"), &want);
    // A triple step never reaches the last rank, and a soldier on rank 8 does not promote.
    let mut p = pos(tk(), "5k4/10/1P8/10/10/10/10/10/10/5K4 w - - 0 1");
    assert_moves("b8", &legal_from(&mut p, "b8"), &moves(&["b8b9"]));
}

/// Castling positions: kings f1/f10, castles in the corners, nothing else unless said.
const CASTLE_OPEN: &str = "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1";

#[test]
fn tk_10_castling_both_ways_and_conditions() {
    // Both ways: f1-i1 with j1-h1, f1-c1 with a1-d1.
    let mut p = pos(tk(), CASTLE_OPEN);
    assert_moves(
        "king f1",
        &legal_from(&mut p, "f1"),
        &moves(&["f1e1", "f1g1", "f1e2", "f1f2", "f1g2", "f1i1", "f1c1"]),
    );
    let mut q = p.clone();
    play(&mut q, &["f1i1"]);
    assert_eq!(q.fen(), "r4k3r/10/10/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    let mut q = p.clone();
    play(&mut q, &["f1c1"]);
    assert_eq!(q.fen(), "r4k3r/10/10/10/10/10/10/10/10/2KR5R b kq - 1 1");
    // Black likewise on rank 10.
    let mut p = pos(tk(), "r4k3r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1");
    assert_moves(
        "king f10",
        &legal_from(&mut p, "f10"),
        &moves(&[
            "f10e10", "f10g10", "f10e9", "f10f9", "f10g9", "f10i10", "f10c10",
        ]),
    );
    let mut q = p.clone();
    play(&mut q, &["f10i10"]);
    assert_eq!(q.fen(), "r6rk1/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");
    let mut q = p.clone();
    play(&mut q, &["f10c10"]);
    assert_eq!(q.fen(), "2kr5r/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");

    // Squares between king and castle must be empty: knight b1 (the castle's path only) and
    // canon g1 block.
    let mut p = pos(tk(), "r4k3r/10/10/10/10/10/10/10/10/RN3KB2R w KQkq - 0 1");
    assert_moves(
        "blocked",
        &legal_from(&mut p, "f1"),
        &moves(&["f1e1", "f1e2", "f1f2", "f1g2"]),
    );
    // Not out of check: a black castle on f8 gives check.
    let mut p = pos(tk(), "r4k3r/10/5r4/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_moves(
        "in check",
        &legal(&mut p),
        &moves(&["f1e1", "f1g1", "f1e2", "f1g2"]),
    );
    // Not through or onto an attacked square: a black castle on file X, rank 8, attacks X1.
    // The king passes g1 h1 to i1 (king side) and e1 d1 to c1 (queen side); b1 is only
    // crossed by the castle, so an attack on it does not matter.
    for (file, king_side, queen_side) in [
        ('b', true, true),
        ('c', true, false),
        ('d', true, false),
        ('e', true, false),
        ('g', false, true),
        ('h', false, true),
        ('i', false, true),
    ] {
        let col = (file as u8 - b'a') as usize;
        let rank8 = format!("{}r{}", col, 9 - col).replace('0', "");
        let fen = format!("r4k3r/10/{rank8}/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
        let mut p = pos(tk(), &fen);
        let got = legal(&mut p);
        assert_eq!(got.contains("f1i1"), king_side, "O-O with {file}1 attacked");
        assert_eq!(
            got.contains("f1c1"),
            queen_side,
            "O-O-O with {file}1 attacked"
        );
    }
    // Rights go when the king or the castle moves, or the castle is taken.
    let mut p = pos(tk(), CASTLE_OPEN);
    play(&mut p, &["a1a2", "j10j9", "a2a1", "j9j10"]);
    assert_eq!(p.castling_string(), "Kq");
    assert!(!legal(&mut p).contains("f1c1") && legal(&mut p).contains("f1i1"));
    let mut p = pos(tk(), CASTLE_OPEN);
    play(&mut p, &["f1f2", "f10f9", "f2f1", "f9f10"]);
    assert_eq!(p.fen(), "r4k3r/10/10/10/10/10/10/10/10/R4K3R w - - 4 3");
    assert_moves(
        "king moved",
        &legal_from(&mut p, "f1"),
        &moves(&["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"]),
    );
    let mut p = pos(tk(), CASTLE_OPEN);
    play(&mut p, &["j1j10"]);
    assert_eq!(p.castling_string(), "Qq");
    assert!(!legal(&mut p).contains("f10i10"));
}

#[test]
fn tk_11_checkmate_and_stalemate() {
    // Back-rank mate: White king f1 behind its soldiers, black castle a1.
    let mut p = pos(tk(), "9k/10/10/10/10/10/10/10/4PPP3/r4K4 w - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert!(matches!(
        outcome(&mut p),
        Some(Outcome::Win {
            army: Army::BLACK,
            ..
        })
    ));
    // Black mated by a castle on j10.
    let mut p = pos(tk(), "5k3R/4ppp3/10/10/10/10/10/10/10/K9 b - - 0 1");
    assert!(matches!(
        outcome(&mut p),
        Some(Outcome::Win {
            army: Army::WHITE,
            ..
        })
    ));
    // Stalemate: White king a1 against a general on b3; a draw.
    let mut p = pos(tk(), "9k/10/10/10/10/10/10/1q8/10/K9 w - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert!(!estuary::rules::in_check(&p));
    assert_eq!(
        outcome(&mut p),
        Some(Outcome::Draw {
            reason: "Stalemate"
        })
    );
    // The game goes on from the start.
    assert_eq!(outcome(&mut pos(tk(), START)), None);
}

#[test]
fn tk_11_only_king_against_king_is_dead() {
    let dead = |fen: &str| estuary::rules::draws::dead_material(&pos(tk(), fen));
    assert!(dead("5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1"));
    for fen in [
        "5k4/10/10/10/10/10/10/10/10/4NK4 w - - 0 1",
        "5k4/10/10/10/10/10/10/10/10/4AK4 w - - 0 1",
        "5k4/10/10/10/10/10/10/10/10/4BK4 w - - 0 1",
        "5kb3/10/10/10/10/10/10/10/10/4BK4 w - - 0 1",
        "5k4/10/10/10/10/10/10/10/4P5/5K4 w - - 0 1",
    ] {
        assert!(!dead(fen), "{fen} is not dead in Two Kingdoms");
    }
    let mut p = pos(tk(), "5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1");
    assert!(matches!(outcome(&mut p), Some(Outcome::Draw { .. })));
}

#[test]
fn tk_11_repetition_and_move_rule() {
    // Threefold repetition: knights out and back twice.
    let mut p = pos(tk(), START);
    play(&mut p, &["b1a3", "b10a8", "a3b1", "a8b10"]);
    assert_eq!(outcome(&mut p), None, "second occurrence");
    play(&mut p, &["b1a3", "b10a8", "a3b1", "a8b10"]);
    assert!(
        matches!(outcome(&mut p), Some(Outcome::Draw { .. })),
        "third"
    );
    // The e.p. squares belong to the position: the same placement without them differs.
    let with_ep = pos(
        tk(),
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
    );
    let without = pos(
        tk(),
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq - 0 1",
    );
    assert_ne!(with_ep.key(), without.key());
    // 50 moves by each side without a capture or a soldier move.
    let mut p = pos(tk(), "5k4/10/10/10/10/10/10/10/10/4RK4 w - - 99 80");
    assert_eq!(outcome(&mut p), None);
    play(&mut p, &["e1e2"]);
    assert!(matches!(outcome(&mut p), Some(Outcome::Draw { .. })));
}

#[test]
fn tk_12_variations_are_not_the_main_game() {
    // Soldiers do not retreat; the knight has no camel (1,3) leap; the archer is not feudal
    // (no orthogonal step).
    let mut p = pos(tk(), "9k/10/10/10/10/4P5/10/10/10/K9 w - - 0 1");
    assert_moves("soldier e5", &legal_from(&mut p, "e5"), &moves(&["e5e6"]));
    let mut p = pos(tk(), "9k/10/10/10/10/4N5/10/10/10/K9 w - - 0 1");
    let got = legal_from(&mut p, "e5");
    assert!(!got.contains("e5f8") && !got.contains("e5h6"), "{got:?}");
    let mut p = pos(tk(), "9k/10/10/10/10/4A5/10/10/10/K9 w - - 0 1");
    let got = legal_from(&mut p, "e5");
    assert!(!got.contains("e5e6") && !got.contains("e5f5"), "{got:?}");
}
