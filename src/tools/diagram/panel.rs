//! The panel right of the board: every seat by name with the one to move marked (MIT-1 for
//! the four seats of Partnership Mitregi), the reserves with their counts (MIT-8, MIT-17), a
//! key to the River, channel and Ferries, and the last move in text.

use super::board::{ferry, glyph, water, wave};
use super::layout::{Layout, PANEL_WIDTH};
use super::style;
use super::svg::{Anchor, Svg};
use crate::board::Position;
use crate::notation::{move_text, Dialect};
use crate::types::{Army, PieceKind};
use crate::variant::{Variant, MAX_SEATS};

/// Height of a seat's row.
const SEAT_ROW: f64 = 22.0;
/// Reserve boxes: the label's row, a row of pieces, pieces per row, a piece's cell width.
const RESERVE_LABEL: f64 = 18.0;
const RESERVE_ROW: f64 = 26.0;
const RESERVE_PER_ROW: usize = 4;
const RESERVE_CELL: f64 = 48.0;

/// What the panel tells the rest of the picture.
pub struct Panel {
    /// The lowest y the panel drew at.
    pub bottom: f64,
    /// Per reserve (hand group), the point a drop's arrow starts from.
    pub reserve_anchor: [Option<(f64, f64)>; 4],
}

fn army_name(army: Army) -> &'static str {
    if army == Army::WHITE {
        "White"
    } else {
        "Black"
    }
}

/// The reserve groups in the order drawn, top to bottom: the bank drawn at the top first,
/// White before Black.
fn reserve_order(flip: bool) -> [(Army, u8); 4] {
    let (top, bottom) = if flip { (0, 1) } else { (1, 0) };
    [
        (Army::WHITE, top),
        (Army::BLACK, top),
        (Army::WHITE, bottom),
        (Army::BLACK, bottom),
    ]
}

/// A reserve's label: the game's FEN label and what it is.
fn reserve_label(v: &Variant, army: Army, bank: u8) -> String {
    let group = Variant::hand_group(army, bank);
    let bank_name = if bank == 0 { "south" } else { "north" };
    match &v.fen.hand_labels {
        Some(labels) => format!("{} ({}, {bank_name} bank)", labels[group], army_name(army)),
        None => format!("{}, {bank_name} bank", army_name(army)),
    }
}

/// A line of panel text in ink, left-aligned at `x`; bold for headings and the seat to move.
fn say(svg: &mut Svg, x: f64, y: f64, size: f64, bold: bool, text: &str) {
    let weight = if bold { " font-weight=\"bold\"" } else { "" };
    let style = format!("fill=\"{}\"{weight}", style::INK);
    svg.text(x, y, size, Anchor::Start, &style, text);
}

/// Draw the panel; `last` is the last move's text, if any.
pub fn panel(svg: &mut Svg, l: &Layout, pos: &Position, last: Option<String>) -> Panel {
    let v = pos.variant();
    let x = l.panel_x();
    let mut y = l.board_y();
    svg.comment("seats, the one to move marked");
    say(
        svg,
        x,
        y + 12.0,
        13.0,
        true,
        if v.seats.len() > 2 {
            "Seats (turn order)"
        } else {
            "Players"
        },
    );
    y += 20.0;
    debug_assert!(v.seats.len() <= MAX_SEATS);
    for (i, seat) in v.seats.iter().enumerate() {
        let moving = i == pos.seat().index();
        let mid = y + SEAT_ROW / 2.0;
        svg.open(
            "",
            Some(&format!(
                "seat {i}: {} ({}){}",
                seat.name,
                army_name(seat.army),
                if moving { ", to move" } else { "" }
            )),
        );
        if moving {
            svg.rect(
                x,
                y + 1.0,
                PANEL_WIDTH,
                SEAT_ROW - 2.0,
                &format!("fill=\"{}\" rx=\"4\"", style::TO_MOVE),
            );
            svg.polygon(
                &[(x + 3.0, mid - 6.0), (x + 13.0, mid), (x + 3.0, mid + 6.0)],
                &format!("fill=\"{}\"", style::INK),
            );
        }
        let fill = if seat.army == Army::WHITE {
            style::WHITE_PIECE
        } else {
            style::INK
        };
        svg.circle(
            x + 24.0,
            mid,
            7.0,
            &format!(
                "fill=\"{fill}\" stroke=\"{}\" stroke-width=\"1.5\"",
                style::INK
            ),
        );
        let label = if moving {
            format!("{} to move", seat.name)
        } else {
            seat.name.clone()
        };
        say(svg, x + 38.0, mid + 5.0, 13.0, moving, &label);
        svg.close();
        y += SEAT_ROW;
    }
    if crate::rules::in_check(pos) {
        svg.text(
            x + 38.0,
            y + 14.0,
            13.0,
            Anchor::Start,
            &format!("fill=\"{}\" font-weight=\"bold\"", style::CAPTURE),
            "in check",
        );
        y += SEAT_ROW;
    }
    let mut reserve_anchor = [None; 4];
    if v.drops {
        y += 10.0;
        svg.comment("reserves with their counts");
        say(svg, x, y + 12.0, 13.0, true, "Reserves");
        y += 18.0;
        for (army, bank) in reserve_order(l.flip) {
            let group = Variant::hand_group(army, bank);
            let held: Vec<(PieceKind, u8)> = v
                .kind_ids()
                .map(|k| (k, pos.hand(group, k)))
                .filter(|&(_, n)| n > 0)
                .collect();
            let rows = held.len().div_ceil(RESERVE_PER_ROW).max(1);
            let h = RESERVE_LABEL + rows as f64 * RESERVE_ROW + 4.0;
            let total: u32 = held.iter().map(|&(_, n)| n as u32).sum();
            let label = reserve_label(v, army, bank);
            svg.open("", Some(&format!("reserve {label}: {total} piece(s)")));
            svg.rect(
                x,
                y,
                PANEL_WIDTH,
                h,
                &format!(
                    "fill=\"none\" stroke=\"{}\" stroke-width=\"1\" rx=\"4\"",
                    style::FAINT
                ),
            );
            say(svg, x + 6.0, y + 13.0, 11.0, false, &label);
            if held.is_empty() {
                svg.text(
                    x + 6.0,
                    y + RESERVE_LABEL + 17.0,
                    12.0,
                    Anchor::Start,
                    &format!("fill=\"{}\" font-style=\"italic\"", style::FAINT),
                    "empty",
                );
            }
            for (i, &(k, n)) in held.iter().enumerate() {
                let cx = x + 16.0 + (i % RESERVE_PER_ROW) as f64 * RESERVE_CELL;
                let cy = y + RESERVE_LABEL + (i / RESERVE_PER_ROW) as f64 * RESERVE_ROW + 12.0;
                glyph(svg, (cx, cy), 10.0, army, v.piece_type(k).letter);
                say(svg, cx + 13.0, cy + 5.0, 12.0, false, &format!("\u{d7}{n}"));
            }
            svg.close();
            reserve_anchor[group] = Some((x, y + h / 2.0));
            y += h + 6.0;
        }
    }
    // A key to what is drawn on the board besides squares and pieces.
    let has_water = water(v);
    if has_water.is_some() || v.carriers {
        y += 10.0;
        svg.comment("key");
    }
    if let Some((name, south)) = has_water {
        let name = if name == "channel" { "Channel" } else { name };
        svg.path(
            &wave(x + 2.0, x + 26.0, y + 10.0, 2.0),
            &format!(
                "fill=\"none\" stroke=\"{}\" stroke-width=\"4\" stroke-linecap=\"round\"",
                style::WATER
            ),
        );
        say(
            svg,
            x + 34.0,
            y + 15.0,
            12.0,
            false,
            &format!("{name} after rank {south}"),
        );
        y += 24.0;
    }
    if v.carriers {
        ferry(svg, x, y, 28.0);
        say(svg, x + 34.0, y + 19.0, 12.0, false, "Ferry (neutral)");
        y += 32.0;
    }
    if let Some(text) = last {
        y += 10.0;
        svg.comment("the last move");
        say(svg, x, y + 12.0, 13.0, false, &format!("Last move: {text}"));
        y += 18.0;
    }
    Panel {
        bottom: y,
        reserve_anchor,
    }
}

/// The last move's text in the game's own numbering, with what kind of move it was when that
/// is not plain from its text.
pub fn last_move_text(v: &Variant, pos: &Position) -> Option<String> {
    let m = pos.last_move();
    if m.is_none() {
        return None;
    }
    let text = move_text(v, m, Dialect::Uci);
    let what = match m.kind() {
        crate::board::MoveKind::Ride => " (Ride)",
        crate::board::MoveKind::Send => " (Send)",
        crate::board::MoveKind::Drop => " (drop)",
        crate::board::MoveKind::EnPassant => " (e.p.)",
        crate::board::MoveKind::PassThrough => " (pass-through)",
        crate::board::MoveKind::Beyond => " (beyond)",
        _ => "",
    };
    Some(format!("{text}{what}"))
}
