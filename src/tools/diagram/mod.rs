//! `estuary diagram`: a picture of any position of any game, as SVG or as PNG rendered from
//! the same SVG (issue 14).
//!
//! Drawn: the board with coordinates in the game's own numbering (files `a`.., ranks from 1,
//! as in FEN and UCI); the River or channel line across it; Ferries as boats, empty or under
//! their passengers (FF-10, FF-25); every piece as its FEN letter in a circle filled in its
//! army's colour; every seat by name with the one to move marked; reserves with counts
//! (MIT-8); the last move as an arrow (a Ride, a Send, a drop each drawn their own way).
//!
//! The SVG is text that depends only on the position and the options (no clock, fixed
//! number format), so golden files compare byte for byte. Files are written whole or not at
//! all: the picture is made in memory, written to a temporary file in the target's
//! directory, then renamed over the target.
//!
//! Not here: piece figures of their own (letters stand for every piece of every game), and
//! any knowledge of rules beyond what `Position` answers.

mod arrow;
mod board;
mod layout;
mod panel;
mod png;
mod style;
pub mod svg;

use crate::board::Position;
use crate::notation::{parse_move, Dialect};
use crate::variant::builtin;
use layout::Layout;
use std::path::Path;

/// How to draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Rank 1 at the top, file a at the right.
    pub flip: bool,
    /// Width of the picture in pixels (the height follows); `None` = one pixel per unit.
    pub size: Option<u32>,
}

/// The kinds of file the tool writes, told by the file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format a path's extension asks for.
    pub fn of_path(path: &Path) -> Result<Format, String> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase())
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(format!(
                "cannot tell the format of {:?}: the file name must end in .svg or .png",
                path.display().to_string()
            )),
        }
    }
}

/// The position to draw: a game's start or a FEN, then `moves` in UCI notation played in
/// turn. The error names what is wrong.
pub fn position(variant: &str, fen: Option<&str>, moves: &[String]) -> Result<Position, String> {
    let v = builtin::find(variant).ok_or_else(|| {
        format!(
            "unknown variant {variant:?} (known: {})",
            builtin::names().join(", ")
        )
    })?;
    let mut pos = match fen {
        None => Position::startpos(v),
        Some(f) => Position::from_fen(v, f).map_err(|e| format!("bad FEN for {variant}: {e}"))?,
    };
    for (i, text) in moves.iter().enumerate() {
        let m = parse_move(&mut pos, text, Dialect::Uci)
            .map_err(|e| format!("move {} ({text:?}) of --moves: {e}", i + 1))?;
        pos.make(m);
    }
    Ok(pos)
}

/// The SVG text of a position.
pub fn svg(pos: &Position, opts: &Options) -> String {
    let v = pos.variant();
    let l = Layout::new(v, opts.flip);
    let mut doc = svg::Svg::new();
    doc.comment(&format!("Estuary diagram: {}; FEN {}", v.name, pos.fen()));
    doc.text(
        l.board_x(),
        22.0,
        16.0,
        svg::Anchor::Start,
        &format!("font-weight=\"bold\" fill=\"{}\"", style::INK),
        &v.display_name,
    );
    board::squares(&mut doc, &l);
    arrow::highlight(&mut doc, &l, pos.last_move());
    board::river(&mut doc, &l, v);
    board::pieces(&mut doc, &l, pos);
    let last = panel::last_move_text(v, pos);
    let p = panel::panel(&mut doc, &l, pos, last.clone());
    if let Some(text) = &last {
        arrow::last_move(&mut doc, &l, pos, text, &p.reserve_anchor);
    }
    let (w, h) = (l.width(), l.height(p.bottom));
    let px = opts.size.map_or(w, |s| s as f64);
    doc.finish(w, h, px)
}

/// The file's bytes: the SVG text, or the PNG rendered from it.
pub fn render(pos: &Position, format: Format, opts: &Options) -> Result<Vec<u8>, String> {
    let text = svg(pos, opts);
    match format {
        Format::Svg => Ok(text.into_bytes()),
        Format::Png => png::render(&text),
    }
}

/// Write the diagram of `pos` to `path`, in the format its extension names. Nothing is left
/// at `path` (nor beside it) when this fails.
pub fn write(pos: &Position, path: &Path, opts: &Options) -> Result<(), String> {
    let format = Format::of_path(path)?;
    if opts.size == Some(0) {
        return Err("the size must be at least 1 pixel".into());
    }
    let bytes = render(pos, format, opts)?;
    write_whole(path, &bytes)
}

/// Write `bytes` to a temporary file beside `path`, then rename it into place.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let shown = path.display();
    let name = path
        .file_name()
        .ok_or_else(|| format!("cannot write {shown}: not a file name"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {shown}: {e}")
    })
}

/// `estuary diagram`: the command line's entry; prints errors on stderr, returns the exit
/// code.
pub fn run(variant: &str, fen: Option<&str>, moves: &[String], out: &Path, opts: &Options) -> i32 {
    let result = Format::of_path(out)
        .and_then(|_| position(variant, fen, moves))
        .and_then(|pos| write(&pos, out, opts));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
