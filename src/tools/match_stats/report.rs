//! The report lines of a match in cutechess-cli's words (and fastchess's for the
//! pentanomial line), so existing scripts can read them.

use super::{Pentanomial, SprtStatus, SprtVerdict, Tally};

/// `"Score of A vs B: W - L - D  [ratio] N"` (cutechess-cli `enginematch.cpp`).
pub fn format_score_line(first: &str, second: &str, tally: &Tally) -> String {
    format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        first,
        second,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.point_ratio(),
        tally.games()
    )
}

/// `"Elo difference: E +/- M, LOS: L %, DrawRatio: D %"` (cutechess-cli
/// `tournament.cpp`), one decimal each, never `nan` or `inf`.
pub fn format_elo_line(tally: &Tally) -> String {
    let elo = tally.elo();
    format!(
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        fixed1(elo.diff),
        fixed1(elo.margin),
        fixed1(elo.los),
        fixed1(elo.draw_ratio * 100.0)
    )
}

/// `"Ptnml(0-2): [a, b, c, d, e]"` (fastchess's words; cutechess has none).
pub fn format_ptnml_line(pentanomial: &Pentanomial) -> String {
    let [a, b, c, d, e] = pentanomial.0;
    format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}]")
}

/// `"SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94"`, plus
/// `" - H0 was accepted"` or `" - H1 was accepted"` on a verdict
/// (cutechess-cli `tournament.cpp`).
pub fn format_sprt_line(status: &SprtStatus) -> String {
    let percent = if status.upper != 0.0 && status.upper.is_finite() {
        status.llr / status.upper * 100.0
    } else {
        0.0
    };
    let mut line = format!(
        "SPRT: llr {} ({}%), lbound {}, ubound {}",
        significant3(status.llr),
        fixed1(percent),
        significant3(status.lower),
        significant3(status.upper)
    );
    match status.verdict {
        SprtVerdict::AcceptH0 => line.push_str(" - H0 was accepted"),
        SprtVerdict::AcceptH1 => line.push_str(" - H1 was accepted"),
        SprtVerdict::Continue => {}
    }
    line
}

/// The end-of-match block: score line, Elo line, then the pentanomial line if
/// any pair finished and the SPRT line if a test runs, joined by newlines
/// (no trailing newline).
pub fn format_report(
    first: &str,
    second: &str,
    tally: &Tally,
    pentanomial: &Pentanomial,
    sprt: Option<&SprtStatus>,
) -> String {
    let mut lines = vec![
        format_score_line(first, second, tally),
        format_elo_line(tally),
    ];
    if pentanomial.pairs() > 0 {
        lines.push(format_ptnml_line(pentanomial));
    }
    if let Some(status) = sprt {
        lines.push(format_sprt_line(status));
    }
    lines.join("\n")
}

/// One decimal (Qt `'f', 1`); non-finite values print as 0.0 and a value
/// that rounds to zero prints without a minus sign.
fn fixed1(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let text = format!("{x:.1}");
    if text == "-0.0" {
        "0.0".to_string()
    } else {
        text
    }
}

/// Three significant digits as Qt's `'g', 3` / C's `%.3g`: fixed notation
/// for exponents -4..=2, else `d.dde±XX`; trailing zeros dropped.
/// Non-finite values print as 0.
pub(super) fn significant3(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return "0".to_string();
    }
    let sci = format!("{x:.2e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..3).contains(&exponent) {
        let mantissa = trim_fraction_zeros(mantissa);
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    } else {
        let decimals = (2 - exponent) as usize;
        trim_fraction_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

/// Drops trailing zeros after a decimal point, and the point if bare.
fn trim_fraction_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}
