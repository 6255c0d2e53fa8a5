//! The board itself: squares, coordinates in the game's own numbering, the River or channel
//! line, the Ferries (FF-10, FF-25) and the pieces as letters in circles.

use super::layout::{Layout, SQUARE};
use super::style;
use super::svg::{num, Anchor, Svg};
use crate::board::Position;
use crate::types::{Army, Square};
use crate::variant::Variant;

/// Squares, then the coordinates around them.
pub fn squares(svg: &mut Svg, l: &Layout) {
    svg.comment("squares");
    svg.rect(
        l.board_x() - 1.0,
        l.board_y() - 1.0,
        l.board_width() + 2.0,
        l.board_height() + 2.0,
        &format!("fill=\"{}\"", style::BORDER),
    );
    svg.open("", None);
    for r in 0..l.ranks {
        for f in 0..l.files {
            let (x, y) = l.corner(Square::new(f, r));
            let colour = if (f + r) % 2 == 0 {
                style::DARK
            } else {
                style::LIGHT
            };
            svg.rect(x, y, SQUARE, SQUARE, &format!("fill=\"{colour}\""));
        }
    }
    svg.close();
    svg.comment("coordinates: files a.., ranks from 1");
    svg.open(&format!("fill=\"{}\"", style::INK), None);
    for f in 0..l.files {
        let (x, _) = l.centre(Square::new(f, 0));
        let y = l.board_y() + l.board_height() + 19.0;
        let name = ((b'a' + f) as char).to_string();
        svg.text(x, y, 14.0, Anchor::Middle, "", &name);
    }
    for r in 0..l.ranks {
        let (_, y) = l.centre(Square::new(0, r));
        svg.text(
            l.board_x() - 8.0,
            y + 5.0,
            14.0,
            Anchor::End,
            "",
            &(r as u32 + 1).to_string(),
        );
    }
    svg.close();
}

/// A wavy line from `x0` to `x1` at height `y`: the River's and the channel's shape.
pub fn wave(x0: f64, x1: f64, y: f64, amplitude: f64) -> String {
    let step = SQUARE / 2.0;
    let n = ((x1 - x0) / step).round().max(1.0) as usize;
    let step = (x1 - x0) / n as f64;
    let mut d = format!("M{},{}", num(x0), num(y));
    for i in 0..n {
        let x = x0 + i as f64 * step;
        let dy = if i % 2 == 0 { -amplitude } else { amplitude };
        d.push_str(&format!(
            " Q{},{} {},{}",
            num(x + step / 2.0),
            num(y + 2.0 * dy),
            num(x + step),
            num(y)
        ));
    }
    d
}

/// What line crosses the board, if any: the River (Wey, Mitregi) or the channel (Flight and
/// Ferry), with the number of ranks south of it.
pub fn water(v: &Variant) -> Option<(&'static str, u8)> {
    if v.river.is_some() {
        Some(("River", v.bank_rank))
    } else if v.channel {
        Some(("channel", v.bank_rank))
    } else {
        None
    }
}

/// The River or channel across the board.
pub fn river(svg: &mut Svg, l: &Layout, v: &Variant) {
    let Some((name, south)) = water(v) else {
        return;
    };
    let y = l.line_after_rank(south);
    svg.comment(&format!(
        "the {name}, between ranks {south} and {}",
        south + 1
    ));
    svg.open(
        "",
        Some(&format!("{name} between ranks {south} and {}", south + 1)),
    );
    svg.path(
        &wave(
            l.board_x() - 6.0,
            l.board_x() + l.board_width() + 6.0,
            y,
            2.5,
        ),
        &format!(
            "fill=\"none\" stroke=\"{}\" stroke-width=\"5\" stroke-linecap=\"round\"",
            style::WATER
        ),
    );
    svg.close();
}

/// A Ferry seen from above, filling the square at (`x`, `y`) of side `side`: a hull with
/// pointed ends and a deck line. Drawn before its passenger, so it shows round it.
pub fn ferry(svg: &mut Svg, x: f64, y: f64, side: f64) {
    let (cy, top, bottom) = (y + side / 2.0, y + side * 0.1, y + side * 0.9);
    let (left, right) = (x + side * 0.03, x + side * 0.97);
    let (bow, stern) = (x + side * 0.27, x + side * 0.73);
    let d = format!(
        "M{},{} Q{},{} {},{} L{},{} Q{},{} {},{} Q{},{} {},{} L{},{} Q{},{} {},{} Z",
        num(left),
        num(cy),
        num(left + side * 0.04),
        num(top),
        num(bow),
        num(top),
        num(stern),
        num(top),
        num(right - side * 0.04),
        num(top),
        num(right),
        num(cy),
        num(right - side * 0.04),
        num(bottom),
        num(stern),
        num(bottom),
        num(bow),
        num(bottom),
        num(left + side * 0.04),
        num(bottom),
        num(left),
        num(cy),
    );
    svg.path(
        &d,
        &format!(
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"",
            style::FERRY,
            style::FERRY_EDGE
        ),
    );
}

/// A piece glyph: its letter in a circle, filled in its army's colour.
pub fn glyph(svg: &mut Svg, centre: (f64, f64), r: f64, army: Army, letter: char) {
    let (fill, ink) = if army == Army::WHITE {
        (style::WHITE_PIECE, style::INK)
    } else {
        (style::INK, style::WHITE_PIECE)
    };
    svg.circle(
        centre.0,
        centre.1,
        r,
        &format!(
            "fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"",
            style::INK,
            num((r / 8.0).max(1.0))
        ),
    );
    let size = r * 1.15;
    svg.text(
        centre.0,
        centre.1 + size * 0.36,
        size,
        Anchor::Middle,
        &format!("font-weight=\"bold\" fill=\"{ink}\""),
        &letter.to_string(),
    );
}

/// The name a piece goes by in titles: "White Rook".
pub fn piece_title(army: Army, letter: char, name: &str) -> String {
    let a = if army == Army::WHITE {
        "White"
    } else {
        "Black"
    };
    format!("{a} {name} ({letter})")
}

/// The Ferries, each under its passenger, and every piece.
pub fn pieces(svg: &mut Svg, l: &Layout, pos: &Position) {
    let v = pos.variant();
    svg.comment("pieces (letters in circles) and Ferries");
    for r in (0..l.ranks).rev() {
        for f in 0..l.files {
            let sq = Square::new(f, r);
            let carrier = v.carriers && pos.carrier_at(sq);
            let piece = pos.piece_at(sq).piece();
            if !carrier && piece.is_none() {
                continue;
            }
            let name = crate::notation::square(v, sq, crate::notation::Dialect::Uci);
            let title = match (piece, carrier) {
                (Some(p), c) => {
                    let pt = v.piece_type(p.kind());
                    let t = piece_title(p.army(), pt.letter, &pt.name);
                    if c {
                        format!("{t} on a Ferry, {name}")
                    } else {
                        format!("{t}, {name}")
                    }
                }
                (None, _) => format!("empty Ferry, {name}"),
            };
            svg.open("", Some(&title));
            if carrier {
                let (x, y) = l.corner(sq);
                ferry(svg, x, y, SQUARE);
            }
            if let Some(p) = piece {
                let r = if carrier { 0.33 } else { 0.4 } * SQUARE;
                glyph(
                    svg,
                    l.centre(sq),
                    r,
                    p.army(),
                    v.piece_type(p.kind()).letter,
                );
            }
            svg.close();
        }
    }
}
