//! The last move: its squares lit, and an arrow from where it came to where it went. A Ride
//! (FF-11) is the piece and its Ferry going together; a Send (FF-13) is the Ferry going
//! alone, drawn dashed in the Ferry's colour; a drop (MIT-9) comes from its reserve's box in
//! the panel. A capture whose victim stood elsewhere (e.p., FF-17, FF-18) crosses that square.

use super::layout::{Layout, SQUARE};
use super::style;
use super::svg::Svg;
use crate::board::{Move, MoveKind, Position};
use crate::types::Square;
use crate::variant::Variant;

/// The arrow's shape: an outline from `a` to `b`, with its tip at `b`.
pub fn arrow_points(a: (f64, f64), b: (f64, f64)) -> Vec<(f64, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (px, py) = (-uy, ux);
    let shaft = SQUARE * 0.07;
    let head_len = (SQUARE * 0.34).min(len * 0.6);
    let head = SQUARE * 0.2;
    let neck = (b.0 - ux * head_len, b.1 - uy * head_len);
    vec![
        (a.0 + px * shaft, a.1 + py * shaft),
        (neck.0 + px * shaft, neck.1 + py * shaft),
        (neck.0 + px * head, neck.1 + py * head),
        b,
        (neck.0 - px * head, neck.1 - py * head),
        (neck.0 - px * shaft, neck.1 - py * shaft),
        (a.0 - px * shaft, a.1 - py * shaft),
    ]
}

/// Squares of the last move, lit; drawn before the pieces.
pub fn highlight(svg: &mut Svg, l: &Layout, m: Move) {
    if m.is_none() {
        return;
    }
    svg.comment("squares of the last move");
    svg.open(
        &format!("fill=\"{}\" fill-opacity=\"0.5\"", style::HIGHLIGHT),
        None,
    );
    if m.kind() != MoveKind::Drop {
        let (x, y) = l.corner(m.from());
        svg.rect(x, y, SQUARE, SQUARE, "");
    }
    let (x, y) = l.corner(m.to());
    svg.rect(x, y, SQUARE, SQUARE, "");
    svg.close();
}

/// The square whose piece the last move took, when that is not its destination.
fn victim_elsewhere(pos: &Position, m: Move) -> Option<Square> {
    let mut before = pos.clone();
    before.unmake();
    before.captured_square(m).filter(|&s| s != m.to())
}

/// The last move's arrow, drawn over the pieces. `reserve_anchor` gives a drop's start.
pub fn last_move(
    svg: &mut Svg,
    l: &Layout,
    pos: &Position,
    text: &str,
    reserve_anchor: &[Option<(f64, f64)>; 4],
) {
    let m = pos.last_move();
    if m.is_none() {
        return;
    }
    let v = pos.variant();
    let to = l.centre(m.to());
    // A Send is drawn pale and dashed: the Ferry goes, the piece stays.
    let (from, colour, extra) = match m.kind() {
        MoveKind::Drop => {
            let army = v.seats[pos.previous_seat_id().index()].army;
            let group = Variant::hand_group(army, v.bank(m.to()));
            let start = reserve_anchor[group].unwrap_or((l.panel_x(), to.1));
            (start, style::DROP_ARROW, " fill-opacity=\"0.8\"")
        }
        MoveKind::Ride => (
            l.centre(m.from()),
            style::RIDE_ARROW,
            " fill-opacity=\"0.8\"",
        ),
        MoveKind::Send => (
            l.centre(m.from()),
            style::SEND_ARROW,
            " fill-opacity=\"0.55\" stroke-dasharray=\"5 3\"",
        ),
        _ => (l.centre(m.from()), style::ARROW, " fill-opacity=\"0.8\""),
    };
    svg.comment(&format!("last move: {text}"));
    svg.open("", Some(&format!("last move: {text}")));
    if m.kind() == MoveKind::Drop {
        svg.circle(
            to.0,
            to.1,
            SQUARE * 0.46,
            &format!(
                "fill=\"none\" stroke=\"{}\" stroke-width=\"3\"",
                style::DROP_ARROW
            ),
        );
    }
    if let Some(victim) = victim_elsewhere(pos, m) {
        let (x, y) = l.corner(victim);
        let (a, b) = (SQUARE * 0.2, SQUARE * 0.8);
        let stroke = format!(
            "stroke=\"{}\" stroke-width=\"4\" stroke-linecap=\"round\"",
            style::CAPTURE
        );
        svg.segment((x + a, y + a), (x + b, y + b), &stroke);
        svg.segment((x + b, y + a), (x + a, y + b), &stroke);
    }
    let tip = if m.kind() == MoveKind::Drop {
        // Stop at the ring, not in the middle of the dropped piece.
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let back = SQUARE * 0.46;
        (to.0 - dx / len * back, to.1 - dy / len * back)
    } else {
        to
    };
    svg.polygon(
        &arrow_points(from, tip),
        &format!(
            "fill=\"{colour}\" stroke=\"{colour}\" stroke-width=\"1.5\" \
             stroke-linejoin=\"round\"{extra}"
        ),
    );
    svg.close();
}
