//! Perft against the reference numbers of `tests/perft/*.perft`: one file per game, named after
//! the game's wire name, generated from Fairy-Stockfish by `scripts/gen-perft-reference`.
//!
//! Format (shakmaty style): blocks separated by blank lines, `#` comments, and per block
//! `id NAME`, `fen FEN` and any number of `perft DEPTH NODES` lines.
//!
//! The `*-deep.perft` files are left to `scripts/perft-deep` (release binary, minutes); here
//! every line whose node count exceeds `NODE_BUDGET` is skipped, so this file stays well under
//! a minute on two cores. Every mismatch is reported with its file, line and position id.

mod common;

use estuary::board::{MoveList, Position};
use estuary::notation::{move_text, Dialect};
use estuary::rules::legal_moves;
use estuary::tools::perft::{divide, perft};
use estuary::variant::{builtin, Variant};
use std::path::{Path, PathBuf};

/// Largest expected node count checked by `cargo test`; deeper lines belong to
/// `scripts/perft-deep`. The shallow reference files stay below ~5M nodes per line.
const NODE_BUDGET: u64 = 10_000_000;

/// File stems that are not themselves a wire name.
const STEM_ALIASES: &[(&str, &str)] = &[("fide", "normal"), ("chess", "normal")];

/// The variant a `.perft` file is for: its stem is the wire name (or an alias of one).
fn variant_for_stem(stem: &str) -> Option<&'static Variant> {
    let name = STEM_ALIASES
        .iter()
        .find(|(alias, _)| *alias == stem)
        .map_or(stem, |(_, name)| name);
    builtin::find(name)
}

/// One `perft D N` line with the block it belongs to.
#[derive(Debug, Clone)]
struct Case {
    /// `file:line` of the perft line.
    at: String,
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

/// Parse a `.perft` file's text. Errors name the line.
fn parse_perft(file: &str, text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let (mut id, mut fen): (Option<String>, Option<String>) = (None, None);
    for (i, raw) in text.lines().enumerate() {
        let at = format!("{file}:{}", i + 1);
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            id = None;
            fen = None;
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => id = Some(rest.to_string()),
            "fen" | "epd" => fen = Some(rest.to_string()),
            "perft" => {
                let mut it = rest.split_whitespace();
                let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                    return Err(format!("{at}: expected `perft DEPTH NODES`"));
                };
                let depth = d.parse().map_err(|_| format!("{at}: bad depth {d:?}"))?;
                let nodes = n
                    .parse()
                    .map_err(|_| format!("{at}: bad node count {n:?}"))?;
                let fen = fen
                    .clone()
                    .ok_or(format!("{at}: perft line before any fen"))?;
                cases.push(Case {
                    at,
                    id: id.clone().unwrap_or_else(|| "(no id)".into()),
                    fen,
                    depth,
                    nodes,
                });
            }
            _ => return Err(format!("{at}: unknown key {key:?}")),
        }
    }
    Ok(cases)
}

/// Run the cases within the node budget; returns (lines checked, lines skipped, mismatches).
fn check_cases(v: &'static Variant, cases: &[Case]) -> (usize, usize, Vec<String>) {
    let (mut checked, mut skipped, mut bad) = (0, 0, Vec::new());
    for c in cases {
        if c.nodes > NODE_BUDGET {
            skipped += 1;
            continue;
        }
        let mut pos = match Position::from_fen(v, &c.fen) {
            Ok(p) => p,
            Err(e) => {
                bad.push(format!("{} [{}]: FEN refused: {e}: {}", c.at, c.id, c.fen));
                continue;
            }
        };
        checked += 1;
        let got = perft(&mut pos, c.depth);
        if got != c.nodes {
            bad.push(format!(
                "{} [{}]: perft {} = {got}, expected {} (fen {})",
                c.at, c.id, c.depth, c.nodes, c.fen
            ));
        }
    }
    (checked, skipped, bad)
}

/// The `*.perft` files of a directory, without the `*-deep.perft` ones, sorted.
fn reference_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .filter(|p| !p.file_stem().unwrap().to_string_lossy().ends_with("-deep"))
        .collect();
    files.sort();
    files
}

/// Check every reference file of `dir`; returns (files, lines checked, mismatches).
fn check_dir(dir: &Path) -> (Vec<String>, usize, Vec<String>) {
    let (mut names, mut checked, mut bad) = (Vec::new(), 0, Vec::new());
    for path in reference_files(dir) {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let shown = path.display().to_string();
        let Some(v) = variant_for_stem(&stem) else {
            bad.push(format!("{shown}: no variant named {stem:?}"));
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        match parse_perft(&shown, &text) {
            Err(e) => bad.push(e),
            Ok(cases) => {
                let (n, skipped, mut b) = check_cases(v, &cases);
                eprintln!(
                    "{shown}: {n} perft lines checked, {skipped} over the budget of {NODE_BUDGET} nodes skipped, {} mismatches",
                    b.len()
                );
                checked += n;
                bad.append(&mut b);
            }
        }
        names.push(stem);
    }
    (names, checked, bad)
}

#[test]
fn perft_matches_the_reference_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let (names, checked, bad) = check_dir(&dir);
    assert!(
        bad.is_empty(),
        "{} perft mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
    for game in ["normal", "twokingdoms"] {
        assert!(
            names.iter().any(|n| n == game),
            "no tests/perft/{game}.perft"
        );
    }
    assert!(checked > 0);
}

#[test]
fn perft_file_reader_reports_every_mismatch_with_its_id() {
    let text = "\
# a comment
id start
fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
perft 1 20
perft 2 401

id kiwipete
epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
perft 1 47
perft 2 2039

id broken
fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1
perft 1 20
";
    let cases = parse_perft("t.perft", text).unwrap();
    assert_eq!(cases.len(), 5);
    let (checked, skipped, bad) = check_cases(common::fide(), &cases);
    assert_eq!((checked, skipped), (4, 0));
    assert_eq!(bad.len(), 3, "{bad:#?}");
    assert!(bad[0].starts_with("t.perft:5 [start]: perft 2 = 400, expected 401"));
    assert!(bad[1].starts_with("t.perft:9 [kiwipete]: perft 1 = 48, expected 47"));
    assert!(bad[2].starts_with("t.perft:14 [broken]: FEN refused"));

    assert!(parse_perft("t", "id x\nperft 1 20\n").is_err());
    assert!(parse_perft("t", "id x\nfen 8/8/8/8/8/8/8/8 w - - 0 1\nperft one 20\n").is_err());
    assert!(parse_perft("t", "id x\nfen 8/8/8/8/8/8/8/8 w - - 0 1\nperft 1\n").is_err());
    assert!(parse_perft("t", "idx x\n").is_err());
    // A blank line ends a block: its fen does not carry over.
    assert!(parse_perft("t", "id a\nfen 8/8/8/8/8/8/8/8 w - - 0 1\n\nperft 1 1\n").is_err());
}

#[test]
fn perft_directory_reader_skips_deep_files_and_maps_stems() {
    let dir = std::env::temp_dir().join(format!("estuary-perft-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let block = |fen: &str, line: &str| format!("id p\nfen {fen}\n{line}\n");
    let start8 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let start10 = "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1";
    std::fs::write(dir.join("normal.perft"), block(start8, "perft 2 400")).unwrap();
    std::fs::write(dir.join("fide.perft"), block(start8, "perft 1 20")).unwrap();
    std::fs::write(
        dir.join("twokingdoms.perft"),
        block(start10, "perft 2 1936"),
    )
    .unwrap();
    // Wrong on purpose: a deep file must not be read.
    std::fs::write(dir.join("normal-deep.perft"), block(start8, "perft 1 1")).unwrap();
    std::fs::write(dir.join("nosuchgame.perft"), block(start8, "perft 1 20")).unwrap();
    let (names, checked, bad) = check_dir(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(names, ["fide", "normal", "twokingdoms"]);
    assert_eq!(checked, 3);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].contains("no variant named \"nosuchgame\""));
}

/// Named positions for the divide checks.
const DIVIDE_POSITIONS: &[(&str, &str, &str, u32)] = &[
    (
        "fide start",
        "normal",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
    ),
    (
        "fide kiwipete",
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    (
        "fide position 4",
        "normal",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "tk start",
        "twokingdoms",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
        3,
    ),
    (
        "tk after triple step e2e5 (e.p. e3e4)",
        "twokingdoms",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
        3,
    ),
    (
        "tk castling",
        "twokingdoms",
        "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        3,
    ),
    (
        "tk promotion",
        "twokingdoms",
        "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1",
        3,
    ),
];

#[test]
fn divide_sums_to_the_perft_total() {
    for &(name, variant, fen, depth) in DIVIDE_POSITIONS {
        let v = common::variant(variant);
        let mut pos = common::pos(v, fen);
        let total = perft(&mut pos, depth);
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        let mut root: Vec<String> = list.iter().map(|m| move_text(v, m, Dialect::Uci)).collect();
        root.sort();
        for threads in [1, 2] {
            let rows = divide(&pos, depth, threads);
            let sum: u64 = rows.iter().map(|r| r.1).sum();
            assert_eq!(sum, total, "{name}: divide {depth} ({threads} threads)");
            let mut moves: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
            moves.sort();
            assert_eq!(moves, root, "{name}: divide lists the legal root moves");
            for (m, n) in &rows {
                let mut p = pos.clone();
                let mv = estuary::notation::parse_move(&mut p, m, Dialect::Uci).unwrap();
                p.make(mv);
                assert_eq!(*n, perft(&mut p, depth - 1), "{name}: divide row {m}");
            }
        }
        // Depth 1: one leaf per legal move.
        let rows = divide(&pos, 1, 1);
        assert!(rows.iter().all(|r| r.1 == 1), "{name}");
        assert_eq!(rows.len() as u64, perft(&mut pos, 1), "{name}");
        assert_eq!(
            pos.fen(),
            fen,
            "{name}: perft leaves the position as it was"
        );
    }
}
