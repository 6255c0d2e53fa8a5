//! The statistics against published values: cutechess-cli outputs quoted in public threads,
//! fishtest's published LLRs, and fishtest's own formulas run on the same inputs.

use super::report::significant3;
use super::*;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "got {actual}, expected {expected} (tolerance {tolerance})"
    );
}

// ---- cutechess-cli outputs quoted in public threads ------------------

/// Each case: W, L, D and the two lines cutechess-cli printed for them.
const CUTECHESS_QUOTES: &[(u64, u64, u64, &str, &str)] = &[
    // github.com/JoAnnP38/Pedantic/pull/8
    (
        332,
        316,
        352,
        "332 - 316 - 352  [0.508] 1000",
        "Elo difference: 5.6 +/- 17.3, LOS: 73.5 %, DrawRatio: 35.2 %",
    ),
    // github.com/JoAnnP38/Pedantic/pull/10
    (
        1342,
        1317,
        1341,
        "1342 - 1317 - 1341  [0.503] 4000",
        "Elo difference: 2.2 +/- 8.8, LOS: 68.6 %, DrawRatio: 33.5 %",
    ),
    // github.com/kelseyde/calvin-chess-engine/pull/97 (three outputs)
    (
        143,
        129,
        368,
        "143 - 129 - 368  [0.511] 640",
        "Elo difference: 7.6 +/- 17.5, LOS: 80.2 %, DrawRatio: 57.5 %",
    ),
    (
        540,
        531,
        1590,
        "540 - 531 - 1590  [0.502] 2661",
        "Elo difference: 1.2 +/- 8.4, LOS: 60.8 %, DrawRatio: 59.8 %",
    ),
    (
        1216,
        1199,
        3939,
        "1216 - 1199 - 3939  [0.501] 6354",
        "Elo difference: 0.9 +/- 5.3, LOS: 63.5 %, DrawRatio: 62.0 %",
    ),
    // github.com/princesslana/princhess/pull/265
    (
        65,
        66,
        69,
        "65 - 66 - 69  [0.497] 200",
        "Elo difference: -1.7 +/- 39.1, LOS: 46.5 %, DrawRatio: 34.5 %",
    ),
    // talkchess.com/viewtopic.php?t=84211 (cutechess-cli 1.3.1)
    (
        364,
        346,
        218,
        "364 - 346 - 218  [0.510] 928",
        "Elo difference: 6.7 +/- 19.5, LOS: 75.0 %, DrawRatio: 23.5 %",
    ),
    // github.com/spamdrew128/Wahoo/pull/104 (Elo line only quoted whole)
    (
        509,
        396,
        1058,
        "509 - 396 - 1058  [0.529] 1963",
        "Elo difference: 20.0 +/- 10.4, LOS: 100.0 %, DrawRatio: 53.9 %",
    ),
];

#[test]
fn reproduces_quoted_cutechess_score_and_elo_lines() {
    for &(w, l, d, score, elo) in CUTECHESS_QUOTES {
        let tally = Tally::new(w, l, d);
        assert_eq!(
            format_score_line("A", "B", &tally),
            format!("Score of A vs B: {score}")
        );
        assert_eq!(format_elo_line(&tally), elo);
    }
}

#[test]
fn elo_stats_match_cutechess_formulas_to_many_digits() {
    // Reference: cutechess elo.cpp transcribed into python3 (/tmp script),
    // W=332 L=316 D=352.
    let e = Tally::new(332, 316, 352).elo();
    close(e.diff, 5.559444, 1e-6);
    close(e.margin, 17.325030, 1e-6);
    close(e.los, 73.517466, 1e-6);
    close(e.draw_ratio, 0.352, 1e-12);
    close(e.point_ratio, 0.508, 1e-12);
    // W=364 L=346 D=218.
    let e = Tally::new(364, 346, 218).elo();
    close(e.diff, 6.739898, 1e-6);
    close(e.margin, 19.547774, 1e-6);
    close(e.los, 75.032980, 1e-6);
}

#[test]
fn cutechess_normal_quantile_is_its_approximation() {
    close(cutechess_phi_inv(0.975), 1.957162, 1e-6);
    close(cutechess_phi_inv(0.025), -1.957162, 1e-6);
}

#[test]
fn erf_matches_python_math_erf() {
    for &(x, expected) in &[
        (0.1, 0.1124629160182849),
        (0.5, 0.5204998778130465),
        (1.0, 0.8427007929497149),
        (2.0, 0.9953222650189527),
        (3.5, 0.9999992569016276),
        (5.0, 0.9999999999984626),
        (-0.7, -0.6778011938374184),
    ] {
        close(erf(x), expected, 1e-14);
    }
    assert_eq!(erf(0.0), 0.0);
    assert_eq!(erf(40.0), 1.0);
    assert_eq!(erf(-40.0), -1.0);
}

// ---- edge cases: never NaN, inf or a panic ---------------------------

fn assert_finite_lines(tally: &Tally) -> (String, String) {
    let score = format_score_line("A", "B", tally);
    let elo = format_elo_line(tally);
    for line in [&score, &elo] {
        let lower = line.to_lowercase();
        assert!(!lower.contains("nan") && !lower.contains("inf"), "{line}");
    }
    let e = tally.elo();
    for v in [e.mu, e.stdev, e.diff, e.margin, e.los, e.draw_ratio] {
        assert!(v.is_finite());
    }
    (score, elo)
}

#[test]
fn zero_games() {
    let (score, elo) = assert_finite_lines(&Tally::default());
    assert_eq!(score, "Score of A vs B: 0 - 0 - 0  [0.500] 0");
    assert_eq!(
        elo,
        "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 0.0 %"
    );
}

#[test]
fn all_draws() {
    let (score, elo) = assert_finite_lines(&Tally::new(0, 0, 10));
    assert_eq!(score, "Score of A vs B: 0 - 0 - 10  [0.500] 10");
    assert_eq!(
        elo,
        "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 100.0 %"
    );
}

#[test]
fn all_wins_and_all_losses_are_clamped() {
    let (score, elo) = assert_finite_lines(&Tally::new(10, 0, 0));
    assert_eq!(score, "Score of A vs B: 10 - 0 - 0  [1.000] 10");
    assert_eq!(
        elo,
        "Elo difference: 1199.8 +/- 0.0, LOS: 99.9 %, DrawRatio: 0.0 %"
    );
    let (_, elo) = assert_finite_lines(&Tally::new(0, 10, 0));
    assert_eq!(
        elo,
        "Elo difference: -1199.8 +/- 0.0, LOS: 0.1 %, DrawRatio: 0.0 %"
    );
    // Upper end of the interval beyond a score of 1 (cutechess: nan).
    assert_finite_lines(&Tally::new(20, 1, 0));
    assert_finite_lines(&Tally::new(1, 0, 0));
    assert_finite_lines(&Tally::new(u64::MAX, 0, 0));
}

#[test]
fn even_score_prints_plain_zero() {
    // W == L gives -0.0 from -400*log10(1); cutechess prints 0.0 for it
    // (ijccrl.com quotes "Elo difference: 0.0 +/- 29.1, LOS: 50.0 %").
    let elo = format_elo_line(&Tally::new(50, 50, 10));
    assert!(elo.starts_with("Elo difference: 0.0 +/- "), "{elo}");
    assert!(elo.contains("LOS: 50.0 %"));
}

// ---- tallies and pentanomials ----------------------------------------

#[test]
fn recording_and_merging() {
    let mut tally = Tally::default();
    let mut penta = Pentanomial::default();
    let pairs = [
        (GameResult::Win, GameResult::Win),
        (GameResult::Win, GameResult::Loss),
        (GameResult::Draw, GameResult::Draw),
        (GameResult::Loss, GameResult::Draw),
        (GameResult::Draw, GameResult::Win),
    ];
    for (a, b) in pairs {
        tally.record(a);
        tally.record(b);
        penta.record_pair(a, b);
    }
    assert_eq!(tally, Tally::new(4, 2, 4));
    assert_eq!(penta, Pentanomial([0, 1, 2, 1, 1]));
    assert_eq!(penta.pairs(), 5);
    assert_eq!(tally.games(), 10);

    let shard = Tally::new(1, 2, 3);
    let mut merged = tally;
    merged.merge(&shard);
    assert_eq!(merged, Tally::new(5, 4, 7));
    assert_eq!(tally + shard, merged);
    let mut sum = penta;
    sum += Pentanomial([1, 0, 0, 0, 2]);
    assert_eq!(sum, Pentanomial([1, 1, 2, 1, 3]));
    assert_eq!(sum.counts(), [1, 1, 2, 1, 3]);
    assert_eq!(tally.trinomial(), [2, 4, 4]);
}

#[test]
fn ptnml_line() {
    assert_eq!(
        format_ptnml_line(&Pentanomial([30, 6, 18, 0, 6])),
        "Ptnml(0-2): [30, 6, 18, 0, 6]"
    );
}

// ---- SPRT --------------------------------------------------------------

#[test]
fn bounds_for_five_percent() {
    let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
    let (lower, upper) = sprt.bounds();
    // python3: math.log(0.05/0.95), math.log(0.95/0.05)
    close(lower, -2.9444389791664403, 1e-15);
    close(upper, 2.9444389791664403, 1e-15);
    let status = SprtStatus {
        llr: 0.0,
        lower,
        upper,
        verdict: SprtVerdict::Continue,
        model: LlrModel::Trinomial,
    };
    assert_eq!(
        format_sprt_line(&status),
        "SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94"
    );
}

#[test]
fn pentanomial_llr_matches_fishtest() {
    // Reference values: fishtest LLRcalc.LLR_logistic (server/fishtest/
    // stats/LLRcalc.py, run unmodified with python3 + scipy).
    let cases: &[(f64, f64, [u64; 5], f64)] = &[
        // the test data of fishtest's own stat_util.py self-test
        (
            -3.0,
            1.0,
            [10789, 19328, 33806, 19402, 10543],
            2.1310678117940807,
        ),
        (0.0, 5.0, [0, 3, 10, 5, 2], 0.24931199599324158),
        (0.0, 5.0, [0, 0, 0, 0, 10], 0.1429044325441563),
        (0.0, 5.0, [10, 0, 0, 0, 0], -0.14497624376179935),
        (0.0, 5.0, [0, 0, 25, 0, 0], -0.35593148895254795),
        (0.0, 5.0, [1, 0, 0, 0, 0], -0.014523779645967582),
    ];
    for &(elo0, elo1, counts, expected) in cases {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
        let llr = sprt.llr(&Pentanomial(counts));
        close(llr, expected, 1e-9 * expected.abs().max(1.0));
    }
}

#[test]
fn pentanomial_llr_reproduces_published_fishtest_results() {
    // official-stockfish/Stockfish PR #3209 (Nov 2020, logistic "{}"
    // bounds): STC "LLR: 2.94 (-2.94,2.94) {-0.25,1.25}" with
    // "Ptnml(0-2): 253, 4282, 17604, 4431, 286", LTC "LLR: 2.97
    // (-2.94,2.94) {0.25,1.25}" with "Ptnml(0-2): 58, 3302, 33130, 3518, 84".
    let stc = Sprt::parse("elo0=-0.25,elo1=1.25").unwrap();
    let llr = stc.llr(&Pentanomial([253, 4282, 17604, 4431, 286]));
    close(llr, 2.938391891532025, 1e-9);
    assert_eq!(format!("{llr:.2}"), "2.94");
    let ltc = Sprt::parse("elo0=0.25,elo1=1.25").unwrap();
    let llr = ltc.llr(&Pentanomial([58, 3302, 33130, 3518, 84]));
    close(llr, 2.966591342866624, 1e-9);
    assert_eq!(format!("{llr:.2}"), "2.97");
    assert_eq!(ltc.verdict(llr), SprtVerdict::AcceptH1);
}

#[test]
fn trinomial_llr_matches_fishtest() {
    // fishtest LLR_logistic on [L, D, W].
    let cases: &[(f64, f64, Tally, f64)] = &[
        (
            -3.0,
            1.0,
            Tally::new(65388, 65804, 56553),
            2.0490426179674808,
        ),
        (0.0, 5.0, Tally::new(7, 3, 0), 0.05653470168035648),
        (0.0, 10.0, Tally::new(364, 346, 218), 0.17481591671802416),
        (-5.0, 0.0, Tally::new(65, 66, 69), 0.009646917601209386),
    ];
    for &(elo0, elo1, tally, expected) in cases {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap();
        close(sprt.llr(&tally), expected, 1e-9);
    }
}

#[test]
fn cutechess_llr_reproduces_quoted_sprt_lines() {
    // talkchess.com/viewtopic.php?t=84211: "-sprt elo0=0 elo1=10
    // alpha=0.05 beta=0.05", 364 - 346 - 218, "SPRT: llr 0.174 (5.9%),
    // lbound -2.94, ubound 2.94".
    let sprt = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05").unwrap();
    let tally = Tally::new(364, 346, 218);
    let llr = sprt.llr_cutechess(&tally);
    close(llr, 0.17405431252338444, 1e-12);
    let (lower, upper) = sprt.bounds();
    let status = SprtStatus {
        llr,
        lower,
        upper,
        verdict: sprt.verdict(llr),
        model: LlrModel::Trinomial,
    };
    assert_eq!(
        format_sprt_line(&status),
        "SPRT: llr 0.174 (5.9%), lbound -2.94, ubound 2.94"
    );

    // github.com/princesslana/princhess/pull/265: 65 - 66 - 69,
    // "SPRT: llr 0.00988 (0.3%), lbound -2.25, ubound 2.89" — bounds of
    // alpha=0.05, beta=0.10; the LLR fits elo0=-5, elo1=0.
    let sprt = Sprt::parse("elo0=-5,elo1=0,alpha=0.05,beta=0.1").unwrap();
    let llr = sprt.llr_cutechess(&Tally::new(65, 66, 69));
    let (lower, upper) = sprt.bounds();
    let status = SprtStatus {
        llr,
        lower,
        upper,
        verdict: sprt.verdict(llr),
        model: LlrModel::Trinomial,
    };
    assert_eq!(
        format_sprt_line(&status),
        "SPRT: llr 0.00988 (0.3%), lbound -2.25, ubound 2.89"
    );
}

#[test]
fn status_prefers_pairs_and_reports_verdicts() {
    let sprt = Sprt::parse("elo0=-0.25,elo1=1.25").unwrap();
    let penta = Pentanomial([253, 4282, 17604, 4431, 286]);
    let tally = Tally::new(1, 0, 0);
    let status = sprt.status(&tally, &penta);
    assert_eq!(status.model, LlrModel::Pentanomial);
    assert_eq!(status.verdict, SprtVerdict::Continue); // 2.938 < 2.944
    assert_eq!(
        format_sprt_line(&status),
        "SPRT: llr 2.94 (99.8%), lbound -2.94, ubound 2.94"
    );
    let status = sprt.status(&tally, &Pentanomial::default());
    assert_eq!(status.model, LlrModel::Trinomial);

    let accepted = SprtStatus {
        llr: 2.95,
        verdict: sprt.verdict(2.95),
        ..status
    };
    assert_eq!(
        format_sprt_line(&accepted),
        "SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was accepted"
    );
    let rejected = SprtStatus {
        llr: -3.1,
        verdict: sprt.verdict(-3.1),
        ..status
    };
    assert_eq!(
        format_sprt_line(&rejected),
        "SPRT: llr -3.1 (-105.3%), lbound -2.94, ubound 2.94 - H0 was accepted"
    );
    let (lower, upper) = sprt.bounds();
    assert_eq!(sprt.verdict(upper), SprtVerdict::AcceptH1);
    assert_eq!(sprt.verdict(lower), SprtVerdict::AcceptH0);
}

#[test]
fn llr_edge_cases_are_finite() {
    let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
    assert_eq!(sprt.llr(&Tally::default()), 0.0);
    assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    // cutechess adds 1/2 pseudo-counts: a tiny LLR even with no games.
    assert!(sprt.llr_cutechess(&Tally::default()).abs() < 1e-3);
    for tally in [
        Tally::new(1000, 0, 0),
        Tally::new(0, 1000, 0),
        Tally::new(0, 0, 1000),
    ] {
        assert!(sprt.llr(&tally).is_finite());
        assert!(sprt.llr_cutechess(&tally).is_finite());
    }
    let extreme = Sprt::new(1500.0, 2000.0, 0.05, 0.05).unwrap();
    assert!(extreme.llr(&Pentanomial([0, 0, 0, 0, 7])).is_finite());
    // Unchecked, absurd bounds: no panic, no NaN.
    let absurd = Sprt {
        elo0: 1e6,
        elo1: 2e6,
        alpha: 0.05,
        beta: 0.05,
    };
    assert_eq!(absurd.llr(&Tally::new(3, 1, 1)), 0.0);
    assert!(absurd.llr_cutechess(&Tally::new(3, 1, 1)).is_finite());
    assert_eq!(llr_logistic(0.0, 5.0, &[4]), 0.0);
}

#[test]
fn sprt_parsing() {
    let sprt = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
    assert_eq!(sprt, Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap());
    let sprt: Sprt = " elo0=-1.5, elo1=2.5 ,beta=0.1".parse().unwrap();
    assert_eq!(sprt.elo0, -1.5);
    assert_eq!(sprt.elo1, 2.5);
    assert_eq!(sprt.alpha, 0.05);
    assert_eq!(sprt.beta, 0.1);

    let error = |s: &str| Sprt::parse(s).unwrap_err().to_string();
    assert!(error("").contains("elo0 is missing"));
    assert!(error("elo0=0").contains("elo1 is missing"));
    assert!(error("elo0=0,elo1").contains("not of the form key=value"));
    assert!(error("elo0=0,elo1=x").contains("`x` is not a number"));
    assert!(error("elo0=0,elo1=5,gamma=1").contains("unknown key `gamma`"));
    assert!(error("elo0=0,elo0=1,elo1=5").contains("given twice"));
    assert!(error("elo0=0,elo1=inf").contains("finite"));
    assert!(error("elo0=0,elo1=nan").contains("finite"));
    assert!(error("elo0=5,elo1=0").contains("smaller than elo1"));
    assert!(error("elo0=5,elo1=5").contains("smaller than elo1"));
    assert!(error("elo0=0,elo1=5000").contains("between -2000 and 2000"));
    assert!(error("elo0=0,elo1=5,alpha=0").contains("strictly between 0 and 1"));
    assert!(error("elo0=0,elo1=5,beta=1.5").contains("strictly between 0 and 1"));
    assert!(error("elo0=0,elo1=5,alpha=0.5,beta=0.5").contains("smaller than 1"));
    assert!(error("elo0=0,elo1=5,alpha=").contains("is not a number"));
    assert!(error("=").contains("unknown key"));
    assert!(error("elo0=0,elo1=5,alpha=x").starts_with("invalid --sprt: "));
}

#[test]
fn significant_digits_like_printf_g3() {
    for &(x, expected) in &[
        (0.0, "0"),
        (2.9444389791664403, "2.94"),
        (-2.9444389791664403, "-2.94"),
        (0.17405431252338444, "0.174"),
        (0.009883193206147337, "0.00988"),
        (2.5, "2.5"),
        (3.0, "3"),
        (12.345, "12.3"),
        (-111.03, "-111"),
        (999.6, "1e+03"),
        (1234.0, "1.23e+03"),
        (0.0001234, "0.000123"),
        (0.00001234, "1.23e-05"),
        (0.0995, "0.0995"),
        (f64::NAN, "0"),
    ] {
        assert_eq!(significant3(x), expected, "{x}");
    }
}

#[test]
fn report_block() {
    let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
    let tally = Tally::new(364, 346, 218);
    let penta = Pentanomial([20, 100, 180, 110, 54]);
    let status = sprt.status(&tally, &penta);
    let report = format_report("New", "Old", &tally, &penta, Some(&status));
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        "Score of New vs Old: 364 - 346 - 218  [0.510] 928"
    );
    assert_eq!(
        lines[1],
        "Elo difference: 6.7 +/- 19.5, LOS: 75.0 %, DrawRatio: 23.5 %"
    );
    assert_eq!(lines[2], "Ptnml(0-2): [20, 100, 180, 110, 54]");
    assert!(lines[3].starts_with("SPRT: llr "));
    let short = format_report("New", "Old", &tally, &Pentanomial::default(), None);
    assert_eq!(short.lines().count(), 2);
}
