//! `estuary diagram` (issue 14), driven through the real binary.
//!
//! - Golden pictures: each named position below is drawn as SVG and compared byte for byte
//!   with `tests/golden/diagram/NAME.svg`. After a deliberate change to the drawing, run
//!   `scripts/regen-diagram-golden` (it sets `ESTUARY_REGEN_DIAGRAM=1`, which makes this
//!   test write the files instead of comparing), look at the pictures, and commit them.
//! - Every SVG is well-formed XML; every PNG decodes and has the size asked for.
//! - Bad input gets a clear error, a nonzero exit status and no file.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A named position: game, FEN (None = start), moves played from it, flipped.
struct Case {
    name: &'static str,
    variant: &'static str,
    fen: Option<&'static str>,
    moves: &'static [&'static str],
    flip: bool,
}

/// Flight and Ferry with a White Rook on the d5 Ferry and a Black Knight on the e6 Ferry.
const FF_PASSENGERS: &str =
    "2c2c2/rnfqkfnr/pppppppp/8/4(n)3/3(R)4/8/PPPPPPPP/1NBQKBNR/2G2G2 w Kkq - 0 1";

/// Partnership Mitregi with pieces in all four reserves, White-south to move.
const MIT_RESERVES: &str =
    "rmhlLHMR/1bu2UB1/ppp1PPPP/8/8/PPPPp1pp/1BU2ub1/KMHLlhmk 0 [WS:RPP|WN:B|BS:pu|BN:h] 0 1";

const CASES: &[Case] = &[
    Case {
        name: "normal-start",
        variant: "normal",
        fen: None,
        moves: &[],
        flip: false,
    },
    Case {
        name: "twokingdoms-start",
        variant: "twokingdoms",
        fen: None,
        moves: &[],
        flip: false,
    },
    Case {
        name: "wey-start",
        variant: "wey",
        fen: None,
        moves: &[],
        flip: false,
    },
    Case {
        name: "mitregi-start",
        variant: "mitregi",
        fen: None,
        moves: &[],
        flip: false,
    },
    Case {
        name: "flightferry-start",
        variant: "flightferry",
        fen: None,
        moves: &[],
        flip: false,
    },
    // A last-move arrow, the board turned round.
    Case {
        name: "normal-e4-flipped",
        variant: "normal",
        fen: None,
        moves: &["e2e4", "e7e5", "g1f3"],
        flip: true,
    },
    // Ferries carrying pieces; the last move a Ride (FF-11).
    Case {
        name: "flightferry-ride",
        variant: "flightferry",
        fen: Some(FF_PASSENGERS),
        moves: &["d5c5~"],
        flip: false,
    },
    // The last move a Send (FF-13): the Ferry goes, the Rook stays.
    Case {
        name: "flightferry-send",
        variant: "flightferry",
        fen: Some(FF_PASSENGERS),
        moves: &["d5>c6"],
        flip: false,
    },
    // Four reserves filled; the last move a drop from White's south reserve (MIT-9).
    Case {
        name: "mitregi-drop",
        variant: "mitregi",
        fen: Some(MIT_RESERVES),
        moves: &["R@f3"],
        flip: false,
    },
    // Reserves filled, the board turned round: the north reserves are drawn at the bottom.
    Case {
        name: "mitregi-reserves-flipped",
        variant: "mitregi",
        fen: Some(MIT_RESERVES),
        moves: &[],
        flip: true,
    },
];

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_estuary"))
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/diagram")
}

/// Run `estuary diagram` for a case into `out`, with more arguments.
fn draw(case: &Case, out: &Path, more: &[&str]) -> Output {
    let mut cmd = bin();
    cmd.args(["diagram", "--variant", case.variant, "-o"])
        .arg(out);
    if let Some(f) = case.fen {
        cmd.args(["--fen", f]);
    }
    if !case.moves.is_empty() {
        cmd.arg("--moves").args(case.moves);
    }
    if case.flip {
        cmd.arg("--flip");
    }
    cmd.args(more);
    cmd.output().unwrap()
}

fn assert_ok(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}: exit {:?}, stderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "{what}: printed on stdout");
}

/// The SVG's `(width, height)` attributes and its view box's size.
fn svg_sizes(text: &str) -> ((f64, f64), (f64, f64)) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let attr = |n: &str| root.attribute(n).unwrap().parse::<f64>().unwrap();
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|s| s.parse().unwrap())
        .collect();
    ((attr("width"), attr("height")), (vb[2], vb[3]))
}

#[test]
fn golden_svgs_match_byte_for_byte() {
    let dir = common::Scratch::new("diagram", "golden");
    let regen = std::env::var_os("ESTUARY_REGEN_DIAGRAM").is_some();
    let mut stale = Vec::new();
    for case in CASES {
        let out = dir.join(format!("{}.svg", case.name));
        assert_ok(&draw(case, &out, &[]), case.name);
        let got = std::fs::read_to_string(&out).unwrap();
        svg_sizes(&got);
        let golden = golden_dir().join(format!("{}.svg", case.name));
        if regen {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&golden, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&golden) {
            Ok(want) if want == got => {}
            _ => stale.push(case.name),
        }
    }
    assert!(
        stale.is_empty(),
        "these diagrams differ from tests/golden/diagram/: {stale:?}; if the change is \
         meant, run scripts/regen-diagram-golden, look at the pictures and commit them"
    );
}

#[test]
fn svg_shows_seats_reserves_ferries_river_and_arrows() {
    let dir = common::Scratch::new("diagram", "content");
    let find = |name: &str| CASES.iter().find(|c| c.name == name).unwrap();
    let read = |case: &Case| {
        let out = dir.join(format!("{}.svg", case.name));
        assert_ok(&draw(case, &out, &[]), case.name);
        std::fs::read_to_string(out).unwrap()
    };
    let mit = read(find("mitregi-drop"));
    for seat in ["white-south", "black-south", "white-north", "black-north"] {
        assert!(mit.contains(seat), "seat {seat} is named");
    }
    assert!(
        mit.contains("black-south to move"),
        "the seat to move is marked"
    );
    for label in ["WS (White, south bank)", "WN", "BS", "BN"] {
        assert!(mit.contains(label), "reserve {label} is drawn");
    }
    assert!(
        mit.contains(">\u{d7}2<"),
        "White-south's two Points are counted"
    );
    assert!(mit.contains("last move: R@f3 (drop)"));
    assert!(mit.contains("River between ranks 4 and 5"));
    assert!(mit.contains("River after rank 4"));
    let ride = read(find("flightferry-ride"));
    assert!(ride.contains("White Rook (R) on a Ferry, c5"));
    assert!(ride.contains("Black Knight (N) on a Ferry, e6"));
    assert!(ride.contains("last move: d5c5~ (Ride)"));
    assert!(ride.contains("channel between ranks 5 and 6"));
    let send = read(find("flightferry-send"));
    assert!(
        send.contains("White Rook (R), d5"),
        "the Rook stays, off its Ferry"
    );
    assert!(send.contains("empty Ferry, c6"));
    assert!(send.contains("stroke-dasharray"), "a Send is drawn dashed");
    let start = read(find("normal-start"));
    assert!(!start.contains("last move"), "no arrow without a last move");
    assert!(start.contains("white to move"));
}

#[test]
fn png_decodes_at_the_size_asked_for() {
    let dir = common::Scratch::new("diagram", "png");
    for (case, size) in [(&CASES[4], 300u32), (&CASES[8], 640)] {
        let svg_path = dir.join("a.svg");
        assert_ok(&draw(case, &svg_path, &[]), case.name);
        let (_, (vw, vh)) = svg_sizes(&std::fs::read_to_string(&svg_path).unwrap());
        let png_path = dir.join("a.png");
        assert_ok(
            &draw(case, &png_path, &["--size", &size.to_string()]),
            case.name,
        );
        let decoder = png::Decoder::new(std::io::BufReader::new(
            std::fs::File::open(&png_path).unwrap(),
        ));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).expect("PNG pixels");
        assert_eq!(info.width, size, "{}", case.name);
        assert_eq!(
            info.height,
            (vh * size as f64 / vw).round() as u32,
            "{}",
            case.name
        );
        assert!(
            buf.iter().any(|&b| b != 255),
            "{}: something is drawn",
            case.name
        );
    }
    // Without --size: one pixel per SVG unit.
    let png_path = dir.join("b.png");
    assert_ok(&draw(&CASES[0], &png_path, &[]), "normal-start");
    let reader = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ))
    .read_info()
    .unwrap();
    let svg_path = dir.join("b.svg");
    assert_ok(&draw(&CASES[0], &svg_path, &[]), "normal-start");
    let ((w, h), _) = svg_sizes(&std::fs::read_to_string(&svg_path).unwrap());
    assert_eq!(
        (reader.info().width, reader.info().height),
        (w as u32, h as u32)
    );
}

/// Run `estuary diagram ARGS -o OUT`; expect failure with `message` on stderr and no file.
fn fails(test: &str, args: &[&str], out: &Path, message: &str) {
    let res = bin()
        .arg("diagram")
        .args(args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&res.stderr);
    assert_eq!(
        res.status.code(),
        Some(2),
        "{test}: exit status; stderr: {err}"
    );
    assert!(
        err.contains(message),
        "{test}: stderr {err:?} lacks {message:?}"
    );
    assert!(res.stdout.is_empty(), "{test}: printed on stdout");
    assert!(!out.exists(), "{test}: {} was written", out.display());
}

#[test]
fn bad_input_gets_an_error_and_no_file() {
    let dir = common::Scratch::new("diagram", "bad");
    let svg = dir.join("out.svg");
    fails(
        "unknown variant",
        &["--variant", "nosuchgame"],
        &svg,
        "unknown variant \"nosuchgame\"",
    );
    fails(
        "bad FEN",
        &["--fen", "rnbqkbnr/pppppppp/8/8 w"],
        &svg,
        "bad FEN for normal",
    );
    fails(
        "illegal move",
        &["--moves", "e2e4", "e7e4"],
        &svg,
        "move 2 (\"e7e4\") of --moves: not a legal move",
    );
    fails(
        "unknown extension",
        &[],
        &dir.join("out.gif"),
        "must end in .svg or .png",
    );
    fails(
        "unwritable path",
        &[],
        &dir.join("no/such/dir/out.svg"),
        "cannot write",
    );
    fails(
        "zero size",
        &["--size", "0"],
        &dir.join("out.png"),
        "at least 1 pixel",
    );
    // Nothing at all is left in the directory, not even a temporary file.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
}

/// Send `input` to the protocol loop and return what it printed.
fn protocol(input: &str) -> String {
    use std::io::Write;
    let mut child = bin()
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn d_svg_writes_the_current_position_in_cecp_and_uci() {
    // CECP numbers this 10-rank board's ranks from 0: d4c4~ is the Ride d5c5~ of UCI.
    let dir = common::Scratch::new("diagram", "protocol");
    let cecp_file = dir.join("cecp.svg");
    let out = protocol(&format!(
        "xboard\nprotover 2\nvariant flightferry\nforce\nsetboard {FF_PASSENGERS}\n\
         usermove d4c4~\nd svg {}\nd svg {}\nd\nquit\n",
        cecp_file.display(),
        dir.join("no/such/x.svg").display()
    ));
    let svg = std::fs::read_to_string(&cecp_file).expect("CECP wrote the diagram");
    svg_sizes(&svg);
    assert!(svg.contains("last move: d5c5~ (Ride)"), "{out}");
    assert!(out.contains(&format!("# diagram written to {}", cecp_file.display())));
    assert!(out.contains("Error (cannot write"), "{out}");
    // The failed write left the position as it was: the last `d` shows the same FEN.
    let fens: Vec<&str> = out.lines().filter(|l| l.starts_with("# FEN: ")).collect();
    assert_eq!(fens.len(), 3, "{out}");
    assert!(fens.iter().all(|f| *f == fens[0]), "{out}");

    let uci_file = dir.join("uci.png");
    let out = protocol(&format!(
        "uci\nsetoption name UCI_Variant value mitregi\nposition startpos moves c3c4\n\
         d svg {}\nd svg\nisready\nquit\n",
        uci_file.display()
    ));
    assert!(out.contains("Fen: "), "{out}");
    assert!(out.contains("info string diagram written to"), "{out}");
    assert!(out.contains("info string error: unknown argument"), "{out}");
    let bytes = std::fs::read(&uci_file).expect("UCI wrote the PNG");
    assert!(bytes.starts_with(b"\x89PNG"));
}
