//! `estuary tune` (README, "Evaluation tuning"): the sigmoid's scale is recovered from data
//! made with a known one; a piece value started wrong is moved back toward the value the
//! results were made with; the PGN files `estuary match --pgn` writes are read back move for
//! move; the self-play games saved with `--save-pgn` tune to the same answer as the run that
//! played them; and bad input is a message with exit code 2, never a panic.

mod common;

use estuary::board::{MoveList, Position};
use estuary::eval::evaluate;
use estuary::rules::{game_end, legal_moves};
use estuary::tools::tune::fit::{descend, fit_k, mse_of, sigmoid, Knob, Options, Problem, Weights};
use estuary::tools::tune::games::{read_pgn, Game};
use estuary::tools::tune::samples::{extract, split, Sample};
use estuary::variant::builtin;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::{Command, Output};

const ESTUARY: &str = env!("CARGO_BIN_EXE_estuary");

fn estuary(args: &[&str]) -> Output {
    Command::new(ESTUARY)
        .args(args)
        .env_remove("ESTUARY_CONFIG_DIR")
        .output()
        .expect("start estuary")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn k_fitting_recovers_a_known_k() {
    let k0 = 0.004;
    // Results that are exactly the sigmoid: the loss is least at K0 itself.
    let exact: Vec<(i32, f32)> = (-200..=200)
        .map(|i| i * 4)
        .map(|e| (e, sigmoid(k0 * e as f64) as f32))
        .collect();
    let k = fit_k(&exact);
    assert!((k - k0).abs() < k0 * 0.01, "K = {k}, made with {k0}");
    assert!(mse_of(&exact, k) < 1e-6);
    // Won, drawn and lost games drawn with those odds: K0 within a few percent.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let games: Vec<(i32, f32)> = (0..40_000)
        .map(|_| {
            let e = rng.gen_range(-800..=800);
            let p = sigmoid(k0 * e as f64);
            (e, if rng.gen_bool(p) { 1.0 } else { 0.0 })
        })
        .collect();
    let k = fit_k(&games);
    assert!((k - k0).abs() < k0 * 0.1, "K = {k}, made with {k0}");
}

/// Quiet positions of seeded random FIDE games, their results not yet set.
fn random_positions(games: usize) -> Vec<Sample> {
    let v = builtin::find("normal").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut played = Vec::new();
    for _ in 0..games {
        let start = Position::startpos(v);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..80 {
            let mut list = MoveList::new();
            legal_moves(&mut pos, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.iter().nth(rng.gen_range(0..list.len())).unwrap();
            pos.make(m);
            moves.push(m);
        }
        played.push(Game {
            start,
            moves,
            white_score: 0.5,
        });
    }
    extract(&played, &Weights::of(v).tables(v), 4).0
}

/// Results made by the config's own evaluation with a known K; a tuner started from a Knight
/// of 500 brings it back near the config's value, and the held-out loss falls.
#[test]
fn a_wrong_piece_value_is_tuned_toward_the_one_the_results_came_from() {
    let v = builtin::find("normal").unwrap();
    let truth = Weights::of(v);
    let k0 = 0.004;
    let t = truth.tables(v);
    let mut samples = random_positions(120);
    for s in &mut samples {
        s.score = sigmoid(k0 * evaluate(&s.pos, &t) as f64) as f32;
    }
    assert!(samples.len() > 1000, "{} positions", samples.len());
    let (train, held) = split(samples, 20, 1).unwrap();
    let knight = v.kind_of_letter('N').unwrap();
    let mut start = truth.clone();
    start.values[knight.index()] = 500;
    let knobs: Vec<Knob> = ['N', 'B', 'R', 'Q']
        .iter()
        .map(|&l| Knob::Value(v.kind_of_letter(l).unwrap()))
        .collect();
    let problem = Problem {
        variant: v,
        train: &train,
        held: &held,
        k: k0,
    };
    let opts = Options {
        max_passes: 40,
        patience: 3,
        reg: 0.0,
    };
    let mut passes = 0;
    let fitted = descend(&problem, &start, &knobs, &opts, |_| passes += 1);
    let n = fitted.best.values[knight.index()];
    let want = truth.values[knight.index()];
    assert!(
        (n - want).abs() <= 20,
        "Knight tuned to {n}, the results say {want}"
    );
    assert!(fitted.after.1 < fitted.before.1 / 4.0, "{:?}", fitted.after);
    assert!(passes >= 2 && passes == fitted.passes);
    // The rest stay near where the results put them.
    for l in ['B', 'R', 'Q'] {
        let kind = v.kind_of_letter(l).unwrap();
        let (got, want) = (fitted.best.values[kind.index()], truth.values[kind.index()]);
        assert!(
            (got - want).abs() <= want / 10,
            "{l} tuned to {got}, was {want}"
        );
    }
}

/// The PGN of a real `estuary match` is read back move for move: each game's moves lead to
/// a position where the rules end the game with the result the PGN gives.
#[test]
fn the_pgn_of_a_match_is_read_back_move_for_move() {
    let dir = common::Scratch::new("tune", "match");
    let pgn = dir.join("match.pgn");
    let out = estuary(&[
        "match",
        "--engine",
        ESTUARY,
        "--engine",
        &format!("cmd={ESTUARY} proto=uci"),
        "--variant",
        "twokingdoms",
        "--games",
        "2",
        "--depth",
        "1",
        "--pgn",
        s(&pgn),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = builtin::find("twokingdoms").unwrap();
    let read = read_pgn(&pgn, v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((read.games.len(), read.unfinished), (2, 0));
    let text = std::fs::read_to_string(&pgn).unwrap();
    let tag = |name: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("[{name} \"")))
            .map(|l| l.trim_end_matches("\"]").to_string())
            .collect()
    };
    for (i, g) in read.games.iter().enumerate() {
        assert_eq!(g.moves.len().to_string(), tag("PlyCount")[i]);
        let mut pos = g.start.clone();
        for &m in &g.moves {
            pos.make(m);
        }
        let end = game_end(&mut pos).expect("the game ended by rule");
        assert_eq!(end.outcome.result_string(), tag("Result")[i]);
        let white = match tag("Result")[i].as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        assert_eq!(g.white_score, white);
    }
}

/// The [eval] table of the snippet, as TOML text.
fn eval_table(snippet: &str) -> &str {
    let at = snippet.find("[eval]\n").expect("an [eval] table");
    let end = snippet[at..].find("\n\n").map_or(snippet.len(), |e| at + e);
    &snippet[at..end]
}

/// `estuary tune` on FIDE chess with few passes and a short opening skip, then `more`.
fn tune_normal(more: &[&str]) -> Output {
    let common = [
        "tune",
        "--variant",
        "normal",
        "--max-passes",
        "3",
        "--skip-plies",
        "4",
    ];
    estuary(&[&common[..], more].concat())
}

/// The flags for six self-play games at depth 1, saved to `pgn`.
fn six_games(pgn: &Path) -> [&str; 8] {
    [
        "--generate",
        "6",
        "--depth",
        "1",
        "--max-plies",
        "120",
        "--save-pgn",
        s(pgn),
    ]
}

/// Self-play games at depth 1, saved and read back, tune to the same answer, on one thread
/// or two; the snippet is a valid `[eval]` table and piece values.
#[test]
fn self_play_and_its_saved_pgn_give_the_same_answer() {
    let dir = common::Scratch::new("tune", "selfplay");
    let pgn = dir.join("games.pgn");
    let out_file = dir.join("tuned.toml");
    let tune = tune_normal;
    let played = tune(&[&six_games(&pgn)[..], &["--out", s(&out_file)]].concat());
    let stderr = String::from_utf8_lossy(&played.stderr);
    assert!(played.status.success(), "{stderr}");
    assert!(stderr.contains("held-out loss"), "{stderr}");
    let snippet = String::from_utf8(played.stdout).unwrap();
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), snippet);
    assert!(snippet.contains("# K = "), "{snippet}");
    // It goes into a config as it is.
    let v = builtin::find("normal").unwrap();
    let text = format!(
        "{}\n{}\n",
        common::without_eval_table(&v.source),
        eval_table(&snippet)
    );
    estuary::variant::Variant::from_toml("tuned.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        snippet.matches("\nvalue = ").count(),
        4,
        "N, B, R, Q: {snippet}"
    );
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Event ").count(), 6);
    let reread = tune(&["--pgn", s(&pgn), "--threads", "2"]);
    assert!(
        reread.status.success(),
        "{}",
        String::from_utf8_lossy(&reread.stderr)
    );
    assert_eq!(String::from_utf8(reread.stdout).unwrap(), snippet);
}

/// `--dump-positions` writes the positions a fit would use; read back with `--scored` and a
/// teacher's share of 0, their labels are the games' results again, so the fit is the one
/// from the PGN. With a teacher's share of 1 the labels are the teacher's scores.
#[test]
fn dumped_positions_read_back_as_scored_fit_as_their_games() {
    let dir = common::Scratch::new("tune", "scored");
    let pgn = dir.join("games.pgn");
    let dump = dir.join("positions.tsv");
    let run = tune_normal;
    let played = run(&six_games(&pgn));
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let from_pgn = String::from_utf8(played.stdout).unwrap();
    let dumped = run(&["--pgn", s(&pgn), "--dump-positions", s(&dump)]);
    assert!(
        dumped.status.success(),
        "{}",
        String::from_utf8_lossy(&dumped.stderr)
    );
    assert!(dumped.stdout.is_empty(), "no fit when dumping");
    let text = std::fs::read_to_string(&dump).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 50, "{} positions", lines.len());
    // Each line: game, FEN, result; a teacher appends its score.
    let v = builtin::find("normal").unwrap();
    let mut scored = String::new();
    for l in &lines {
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!(f.len(), 3, "{l}");
        Position::from_fen(v, f[1]).unwrap_or_else(|e| panic!("{l}: {e}"));
        assert!(["0", "0.5", "1"].contains(&f[2]), "{l}");
        scored.push_str(&format!("{l}\t123\n"));
    }
    let scored_file = dir.join("scored.tsv");
    std::fs::write(&scored_file, scored).unwrap();
    let results_only = run(&["--scored", s(&scored_file), "--teacher-weight", "0"]);
    assert!(
        results_only.status.success(),
        "{}",
        String::from_utf8_lossy(&results_only.stderr)
    );
    let results_only = String::from_utf8(results_only.stdout).unwrap();
    assert_eq!(eval_table(&results_only), eval_table(&from_pgn));
    let values = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("value"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(values(&results_only), values(&from_pgn));
    // Every label 1 / (1 + 10^(-123 / 400)) = 0.673: not the results' fit.
    let teacher = run(&["--scored", s(&scored_file)]);
    assert!(teacher.status.success());
    assert_ne!(String::from_utf8(teacher.stdout).unwrap(), results_only);
}

/// Bad input: a message on stderr naming what is wrong, exit code 2, no panic.
#[test]
fn bad_input_gets_a_message_and_exit_code_2() {
    let dir = common::Scratch::new("tune", "bad");
    let tk_game = dir.join("tk.pgn");
    std::fs::write(
        &tk_game,
        "[Event \"x\"]\n[Result \"1-0\"]\n[Variant \"twokingdoms\"]\n\n1. e4 1-0\n",
    )
    .unwrap();
    let fools_mate = dir.join("short.pgn");
    std::fs::write(
        &fools_mate,
        "[Event \"x\"]\n[Result \"0-1\"]\n[Variant \"normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    )
    .unwrap();
    let illegal = dir.join("illegal.pgn");
    std::fs::write(&illegal, "[Event \"x\"]\n[Result \"0-1\"]\n\n1. e5 0-1\n").unwrap();
    let missing = dir.join("missing.pgn");
    let bad_scored = dir.join("bad.tsv");
    std::fs::write(
        &bad_scored,
        "0\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\t0.5\t12\n0\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\t0.5\n",
    )
    .unwrap();
    let bad_fen = dir.join("badfen.tsv");
    std::fs::write(&bad_fen, "0\t4k3/8/8/9/8/8/8/4K3 w - - 0 1\t0.5\t12\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--pgn", s(&missing)], "cannot read PGN file"),
        (vec!["--pgn", s(&tk_game)], "not \"normal\""),
        (vec!["--pgn", s(&fools_mate)], "no usable positions"),
        (vec!["--pgn", s(&illegal)], "not a legal move"),
        (vec!["--pgn", s(&dir)], "cannot read PGN file"),
        (vec![], "--pgn"),
        (
            vec!["--pgn", s(&fools_mate), "--generate", "2"],
            "cannot be used",
        ),
        (vec!["--generate", "0"], "--generate"),
        (vec!["--generate", "2", "--depth", "0"], "--depth"),
        (vec!["--pgn", s(&fools_mate), "--holdout", "0"], "--holdout"),
        (vec!["--pgn", s(&fools_mate), "--reg=-1"], "--reg"),
        (
            vec!["--pgn", s(&fools_mate), "--variant", "nochess"],
            "unknown variant",
        ),
        (vec!["--pgn", s(&fools_mate), "--depth", "3"], "--generate"),
        (
            vec!["--generate", "2", "--random-plies", "9-2"],
            "--random-plies",
        ),
        (
            vec!["--pgn", s(&fools_mate), "--out", "/no/such/dir/x.toml"],
            "no directory",
        ),
        (vec!["--scored", s(&bad_scored)], "line 2"),
        (vec!["--scored", s(&bad_fen)], "bad FEN"),
        (vec!["--scored", s(&missing)], "cannot read"),
        (
            vec!["--scored", s(&bad_scored), "--teacher-weight", "2"],
            "--teacher-weight",
        ),
        (
            vec!["--scored", s(&bad_scored), "--dump-positions", s(&missing)],
            "give one of them",
        ),
        (
            vec!["--pgn", s(&fools_mate), "--teacher-weight", "0.5"],
            "needs --scored",
        ),
    ];
    for (args, words) in cases {
        let out = estuary(&[&["tune"][..], &args[..]].concat());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(words),
            "{args:?}: {stderr:?} lacks {words:?}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
