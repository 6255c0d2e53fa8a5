//! Debug commands shared by the protocols: `d` (board diagram and FEN; `d svg PATH` also
//! writes the picture of `tools::diagram`), `eval` (static evaluation) and `perft N` (divide
//! and total). Each returns plain text lines; the protocol decides how to mark them (CECP
//! prefixes `# `, so XBoard treats them as comments).

use crate::board::{MoveList, Position};
use crate::eval;
use crate::notation::{move_text, square, Dialect};
use crate::rules::{in_check, legal_moves};
use crate::tools::perft::perft;
use std::time::Instant;

/// Deepest `perft` the protocols accept (deeper would block the loop for hours).
pub const MAX_PERFT_DEPTH: u32 = 10;

/// The board, top rank first, with rank and file labels in `d`'s dialect, then FEN and state.
pub fn diagram(pos: &Position, d: Dialect) -> Vec<String> {
    let v = pos.variant();
    let mut out = Vec::new();
    for r in (0..v.ranks).rev() {
        let mut row = String::new();
        for f in 0..v.files {
            let sq = crate::board::Square::new(f, r);
            let c = match pos.piece_at(sq).piece() {
                Some(p) => v.piece_char(p),
                None => '.',
            };
            row.push(' ');
            row.push(c);
        }
        let label = square(v, crate::board::Square::new(0, r), d);
        out.push(format!("{:>3} {row}", &label[1..]));
    }
    let files: String = (0..v.files)
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    out.push(format!("    {files}"));
    out.push(format!("FEN: {}", pos.fen()));
    out.push(format!(
        "Variant: {}; {} to move{}; key {:016x}",
        v.name,
        v.seats[pos.seat().index()].name,
        if in_check(pos) { ", in check" } else { "" },
        pos.key()
    ));
    out
}

/// The argument of `d`: nothing, or `svg PATH` (the path is the rest of the line, spaces
/// and all; a `.png` path gets a PNG). Writes the picture and says where, or why not; the
/// position is not touched either way.
pub fn write_diagram(pos: &Position, arg: &str) -> Option<Result<String, String>> {
    let arg = arg.trim();
    if arg.is_empty() {
        return None;
    }
    let Some(path) = arg
        .strip_prefix("svg")
        .filter(|p| p.starts_with(char::is_whitespace))
    else {
        return Some(Err(format!("unknown argument {arg:?} (d, or d svg PATH)")));
    };
    let path = std::path::Path::new(path.trim());
    let opts = crate::tools::diagram::Options::default();
    Some(
        crate::tools::diagram::write(pos, path, &opts)
            .map(|()| format!("diagram written to {}", path.display())),
    )
}

/// The static evaluation from the side to move's view.
pub fn static_eval(pos: &Position) -> Vec<String> {
    let t = eval::tables(pos.variant());
    vec![format!(
        "eval {} cp (static, side to move's view)",
        eval::evaluate(pos, &t)
    )]
}

/// Perft divide: one `MOVE: N` line per legal move, then the total and the time.
pub fn perft_divide(pos: &Position, depth: u32, d: Dialect) -> Vec<String> {
    let v = pos.variant();
    let start = Instant::now();
    let mut p = pos.clone();
    let mut list = MoveList::new();
    legal_moves(&mut p, &mut list);
    let mut out = Vec::new();
    let mut total = 0u64;
    if depth == 0 {
        total = 1;
    } else {
        for m in list.iter() {
            p.make(m);
            let n = perft(&mut p, depth - 1);
            p.unmake();
            total += n;
            out.push(format!("{}: {n}", move_text(v, m, d)));
        }
    }
    let ms = start.elapsed().as_millis() as u64;
    out.push(format!(
        "Nodes searched: {total} (depth {depth}, {ms} ms, {} nps)",
        total * 1000 / ms.max(1)
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    #[test]
    fn perft_divide_sums() {
        let p = Position::startpos(builtin::find("normal").unwrap());
        let lines = perft_divide(&p, 2, Dialect::Cecp);
        assert_eq!(lines.len(), 21);
        assert!(lines[20].starts_with("Nodes searched: 400 "));
        let tk = Position::startpos(builtin::find("twokingdoms").unwrap());
        let lines = perft_divide(&tk, 1, Dialect::Cecp);
        assert!(lines.iter().any(|l| l == "e1e4: 1"), "{lines:?}");
    }

    #[test]
    fn diagram_labels_ranks_per_dialect() {
        let tk = Position::startpos(builtin::find("twokingdoms").unwrap());
        let lines = diagram(&tk, Dialect::Cecp);
        assert_eq!(lines[0], "  9  r n a b q k b a n r");
        assert_eq!(lines[9], "  0  R N A B Q K B A N R");
    }
}
