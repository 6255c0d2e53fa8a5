//! Variant configs (`engine-configs/README.md`): the built-ins compile; a broken config is an
//! error whose text names the file and the line; a new game is added by writing a config and
//! loading it from a directory (`--config-dir DIR` or `$ESTUARY_CONFIG_DIR`).

mod common;

use estuary::board::Position;
use estuary::tools::perft::perft;
use estuary::variant::{builtin, Variant};
use std::path::PathBuf;
use std::process::Command;

/// The FIDE config, the base the broken configs are made from.
fn normal_toml() -> &'static str {
    builtin::BUILTIN
        .iter()
        .find(|(file, _)| *file == "normal.toml")
        .expect("normal.toml is built in")
        .1
}

/// The FIDE config without its `[eval]` table.
fn normal_toml_without_eval() -> String {
    let text = common::without_eval_table(normal_toml());
    assert!(!text.contains("[eval]"), "{text}");
    text
}

/// 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the config"));
    text[..at].matches('\n').count() + 1
}

/// `engine-configs/README.md`, whose examples are checked here.
fn readme() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-configs/README.md");
    std::fs::read_to_string(path).expect("engine-configs/README.md")
}

/// The README's example config: Los Alamos chess (6x6, no bishops, no double step, no
/// castling), its first `toml` block.
fn los_alamos() -> String {
    let text = readme();
    let start = text.find("```toml\n").expect("a toml block in the README") + 8;
    let len = text[start..].find("```").unwrap();
    text[start..start + len].to_string()
}

#[test]
fn built_in_configs_compile() {
    for (file, text) in builtin::BUILTIN {
        let v = Variant::from_toml(file, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(builtin::find(&v.name).map(|b| b.name.clone()), Some(v.name));
    }
    let names = builtin::names();
    assert!(names.iter().any(|n| n == "normal") && names.iter().any(|n| n == "twokingdoms"));
}

#[test]
fn broken_configs_name_file_and_line() {
    let base = normal_toml();
    // (what, from, to, the text whose line the error must name, words the message must hold)
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        (
            "bad TOML",
            "name = \"normal\"",
            "name = \"normal",
            "name = \"normal",
            "string",
        ),
        (
            "unknown key",
            "files = 8",
            "files = 8\ncolour = \"red\"",
            "colour",
            "colour",
        ),
        (
            "unknown piece key",
            "betza = \"N\"",
            "betza = \"N\"\nspeed = 3",
            "speed",
            "speed",
        ),
        (
            "bad Betza",
            "betza = \"N\"",
            "betza = \"NpX\"",
            "betza = \"NpX\"",
            "Betza",
        ),
        (
            "unknown promotion letter",
            "choices = \"QRBN\"",
            "choices = \"QRBX\"",
            "choices",
            "X",
        ),
        (
            "bad start FEN",
            "RNBQKBNR w",
            "RNBQKBN w",
            "start =",
            "start position",
        ),
        (
            "too many files",
            "files = 8",
            "files = 13",
            "files = 13",
            "13",
        ),
        ("no ranks", "ranks = 8", "ranks = 0", "ranks = 0", "ranks"),
        (
            "wrong type",
            "ranks = 8",
            "ranks = \"8\"",
            "ranks = \"8\"",
            "string",
        ),
        (
            "castling file off the board",
            "kingside_king = \"g\"",
            "kingside_king = \"k\"",
            "kingside_king",
            "kingside_king",
        ),
        (
            "piece letter twice",
            "letter = \"B\"",
            "letter = \"N\"",
            "letter = \"N\"\nname = \"Bishop\"",
            "twice",
        ),
        (
            "bad variant name",
            "name = \"normal\"",
            "name = \"no spaces please\"",
            "name = \"no spaces",
            "name",
        ),
    ];
    let mut bad = Vec::new();
    for &(what, from, to, at, words) in cases {
        assert!(base.contains(from), "{what}: {from:?}");
        let text = base.replacen(from, to, 1);
        let line = line_of(&text, at);
        match Variant::from_toml("configs/broken.toml", &text) {
            Ok(_) => bad.push(format!("{what}: accepted")),
            Err(e) => {
                let shown = e.to_string();
                let want = format!("configs/broken.toml:{line}: ");
                if !shown.starts_with(&want) || !shown.contains(words) || e.line != Some(line) {
                    bad.push(format!(
                        "{what}: {shown:?}, wanted {want}... with {words:?}"
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_missing_key_names_the_file() {
    let text = normal_toml().replacen("start = ", "# start = ", 1);
    let e = Variant::from_toml("my.toml", &text).unwrap_err();
    assert!(e.to_string().starts_with("my.toml:"), "{e}");
    assert!(e.to_string().contains("start"), "{e}");
    let e = Variant::from_toml("empty.toml", "").unwrap_err();
    assert!(e.to_string().starts_with("empty.toml"), "{e}");
}

#[test]
fn a_new_game_is_a_config_file() {
    let v: &'static Variant = Box::leak(Box::new(
        Variant::from_toml("losalamos.toml", &los_alamos()).unwrap_or_else(|e| panic!("{e}")),
    ));
    assert_eq!((v.files, v.ranks), (6, 6));
    let mut p = Position::startpos(v);
    // By hand: six single pawn steps, knights b1 {a3 c3} and e1 {d3 f3}; Black the same,
    // and no move of one side changes the other's at ply 2.
    assert_eq!(perft(&mut p, 1), 10);
    assert_eq!(perft(&mut p, 2), 100);
    // No double step, no castling right in FEN.
    assert!(Position::from_fen(v, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - 0 1").is_err());
}

fn temp_config_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("estuary-config-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("losalamos.toml"), los_alamos()).unwrap();
    dir
}

#[test]
fn load_dir_registers_the_games_it_finds() {
    let dir = temp_config_dir("lib");
    let names = builtin::load_dir(&dir).unwrap();
    assert_eq!(names, ["losalamos"]);
    let v = builtin::find("losalamos").expect("loaded");
    assert_eq!(v.display_name, "Los Alamos chess");
    // A broken file in the directory is reported with its path and line.
    std::fs::write(dir.join("zz-broken.toml"), "name = \"x\"\nfiles = 99\n").unwrap();
    let e = builtin::load_dir(&dir).unwrap_err();
    assert!(e.to_string().contains("zz-broken.toml:"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_binary_loads_configs_from_config_dir_and_the_environment() {
    let dir = temp_config_dir("bin");
    let bin = env!("CARGO_BIN_EXE_estuary");
    let last_line = |out: std::process::Output| {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .last()
            .unwrap_or_default()
            .to_string()
    };
    let out = Command::new(bin)
        .arg("--config-dir")
        .arg(&dir)
        .args(["perft", "2", "--variant", "losalamos"])
        .env_remove("ESTUARY_CONFIG_DIR")
        .output()
        .unwrap();
    assert!(last_line(out).starts_with("nodes 100 "));
    let out = Command::new(bin)
        .args(["perft", "1", "--variant", "losalamos"])
        .env("ESTUARY_CONFIG_DIR", &dir)
        .output()
        .unwrap();
    assert!(last_line(out).starts_with("nodes 10 "));
    let out = Command::new(bin)
        .arg("--config-dir")
        .arg(&dir)
        .arg("variants")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("losalamos"));
    // A broken config stops the program with the file and line on stderr.
    std::fs::write(dir.join("broken.toml"), "name = \"x\"\nfiles = 99\n").unwrap();
    let out = Command::new(bin)
        .arg("--config-dir")
        .arg(&dir)
        .arg("variants")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("broken.toml:"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_betza_examples_parse_and_the_refused_ones_are_refused() {
    use estuary::variant::betza::parse;
    let text = readme();
    let table = &text[text.find("**Examples**").expect("Betza examples")..];
    let mut n = 0;
    for row in table.lines().skip(4).take_while(|l| l.starts_with('|')) {
        let betza = row.split('`').nth(1).expect("a Betza string in backquotes");
        parse(betza).unwrap_or_else(|e| panic!("README example {betza:?}: {e}"));
        n += 1;
    }
    assert!(n >= 8, "{n} examples");
    // Refused as the README says: ambiguous atoms, castling, hoppers, multi-leg modifiers,
    // a range on K, lame oblique leaps, directions that select nothing.
    for refused in [
        "L", "J", "O", "pR", "gQ", "aW", "jN", "xK", "K2", "nN", "fm", "", "W-", "Wé",
    ] {
        assert!(parse(refused).is_err(), "{refused:?} accepted");
    }
    // A few readings, counted by hand.
    let count = |b: &str| parse(b).unwrap().len();
    assert_eq!(count("NZ"), 16);
    assert_eq!(count("FAD"), 12);
    assert_eq!(count("ffN"), 2);
    assert_eq!(count("fsN"), 2);
    assert_eq!(count("flN"), 2);
    assert_eq!(count("fsW"), 3);
    assert_eq!(count("flW"), 2);
    assert_eq!(count("frF"), 1);
    assert_eq!(count("WfF"), 6);
}

/// Piece values are a config's to choose, up to `MAX_PIECE_VALUE`; with the largest, the
/// evaluation neither overflows (it did: a Queen of 900,000 came out as -382) nor reaches the
/// scores the search reads as mates.
#[test]
fn huge_piece_values_keep_the_evaluation_out_of_the_mate_range() {
    let normal = builtin::find("normal").unwrap();
    let queen = normal.kind_of_letter('Q').unwrap();
    let queen = format!("value = {}", normal.pieces[queen.index()].value);
    assert!(normal_toml().contains(&queen), "{queen}");
    let too_much = normal_toml().replacen(&queen, "value = 100001", 1);
    let e = Variant::from_toml("huge.toml", &too_much)
        .unwrap_err()
        .to_string();
    assert!(e.contains("huge.toml") && e.contains("out of range"), "{e}");
    let text = normal_toml().replacen(&queen, "value = 100000", 1);
    let v: &'static Variant = Box::leak(Box::new(
        Variant::from_toml("huge.toml", &text).unwrap_or_else(|e| panic!("{e}")),
    ));
    let t = estuary::eval::tables(v);
    // White has a Queen more; Black to move, then White to move.
    for fen in [
        "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    ] {
        let p = Position::from_fen(v, fen).unwrap();
        let e = estuary::eval::evaluate(&p, &t);
        // A Queen of 100,000 up: the evaluation is as high as it goes, with the right sign.
        let white_up = if fen.contains(" w ") { e } else { -e };
        assert!(white_up > 10_000, "{fen}: {e}");
        assert!(e.abs() <= estuary::eval::EVAL_LIMIT, "{fen}: {e}");
    }
}

/// `[eval]` (engine-configs/README.md): any evaluation weight may be set; a game without the
/// table plays with the defaults.
#[test]
fn an_eval_table_sets_the_weights_it_names() {
    use estuary::eval::{evaluate, tables, EvalParams};
    for v in builtin::all()
        .into_iter()
        .filter(|v| !v.source.contains("\n[eval]"))
    {
        assert_eq!(v.eval, EvalParams::default(), "{}", v.name);
    }
    let text = format!(
        "{}\n[eval]\ntempo = 30\nrider_centre = 0\n",
        normal_toml_without_eval()
    );
    let v: &'static Variant = Box::leak(Box::new(
        Variant::from_toml("tuned.toml", &text).unwrap_or_else(|e| panic!("{e}")),
    ));
    assert_eq!(v.eval.tempo, 30);
    assert_eq!(v.eval.rider_centre, 0);
    assert_eq!(v.eval.leaper_centre, EvalParams::default().leaper_centre);
    // The start position is symmetric: all that is left is the tempo.
    let start = Position::startpos(v);
    assert_eq!(evaluate(&start, &tables(v)), 30);
    let normal = builtin::find("normal").unwrap();
    assert_eq!(
        evaluate(&Position::startpos(normal), &tables(normal)),
        normal.eval.tempo
    );
}

/// An unknown `[eval]` key, a value out of its range, or a value of the wrong type is an error
/// naming the file, the line and the key.
#[test]
fn a_bad_eval_table_names_the_key_and_its_line() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("tempoo = 5", "tempoo", &["unknown key", "tempoo", "tempo"]),
        ("tempo = 41", "tempo", &["eval.tempo = 41", "0..=40"]),
        (
            "leaper_centre = -1",
            "leaper_centre",
            &["eval.leaper_centre = -1", "out of range"],
        ),
        (
            "set_progress = 99999999999",
            "set_progress",
            &["eval.set_progress", "0..=5000"],
        ),
        ("king_danger = \"high\"", "king_danger", &["string"]),
        ("tempo = 1.5", "tempo", &["float"]),
    ];
    for &(line, key, words) in cases {
        let text = format!(
            "{}\n[eval]\nmobility_scale = 5\n{line}\n",
            normal_toml_without_eval()
        );
        let want = format!("bad.toml:{}: ", line_of(&text, &format!("\n{key} =")) + 1);
        let e = Variant::from_toml("bad.toml", &text)
            .map(|_| ())
            .expect_err(line)
            .to_string();
        assert!(e.starts_with(&want), "{line}: {e:?}, wanted {want}...");
        for w in words {
            assert!(e.contains(w), "{line}: {e:?} lacks {w:?}");
        }
    }
}

/// The README's `[eval]` table lists every key with its default and range, as the code has them.
#[test]
fn the_readme_lists_every_eval_key_with_its_default_and_range() {
    use estuary::eval::EvalParams;
    let text = readme();
    let section = &text[text.find("### `[eval]`").expect("an [eval] section")..];
    let d = EvalParams::default();
    for f in EvalParams::FIELDS {
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", f.key)))
            .unwrap_or_else(|| panic!("README has no row for eval.{}", f.key));
        let want = format!("| `{}` | {}..={} |", (f.get)(&d), f.min, f.max);
        assert!(row.contains(&want), "{row:?} should hold {want:?}");
    }
}
