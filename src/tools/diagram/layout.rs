//! Where things go on the picture: the board's squares (flipped or not), the coordinate
//! margins and the side panel with the seats and reserves. All sizes are SVG user units; the
//! `--size` option only scales the whole picture.

use crate::types::Square;
use crate::variant::Variant;

/// Side of one square.
pub const SQUARE: f64 = 48.0;
/// Room left of the board for the rank numbers.
pub const MARGIN_LEFT: f64 = 28.0;
/// Room above the board for the game's name.
pub const MARGIN_TOP: f64 = 34.0;
/// Room below the board for the file letters.
pub const MARGIN_BOTTOM: f64 = 28.0;
/// Gap between the board and the panel.
pub const GAP: f64 = 22.0;
/// Width of the side panel.
pub const PANEL_WIDTH: f64 = 196.0;
/// Room right of the panel.
pub const MARGIN_RIGHT: f64 = 12.0;

/// The geometry of one diagram.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub files: u8,
    pub ranks: u8,
    /// Rank 1 at the top and file a at the right.
    pub flip: bool,
}

impl Layout {
    pub fn new(v: &Variant, flip: bool) -> Layout {
        Layout {
            files: v.files,
            ranks: v.ranks,
            flip,
        }
    }

    /// Left edge of the board.
    pub fn board_x(&self) -> f64 {
        MARGIN_LEFT
    }
    /// Top edge of the board.
    pub fn board_y(&self) -> f64 {
        MARGIN_TOP
    }
    pub fn board_width(&self) -> f64 {
        self.files as f64 * SQUARE
    }
    pub fn board_height(&self) -> f64 {
        self.ranks as f64 * SQUARE
    }

    /// Column of a file on the picture, 0 at the left.
    pub fn column(&self, file: u8) -> u8 {
        if self.flip {
            self.files - 1 - file
        } else {
            file
        }
    }
    /// Row of a rank on the picture, 0 at the top.
    pub fn row(&self, rank: u8) -> u8 {
        if self.flip {
            rank
        } else {
            self.ranks - 1 - rank
        }
    }

    /// Top-left corner of a square.
    pub fn corner(&self, sq: Square) -> (f64, f64) {
        (
            self.board_x() + self.column(sq.file()) as f64 * SQUARE,
            self.board_y() + self.row(sq.rank()) as f64 * SQUARE,
        )
    }
    /// Centre of a square.
    pub fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    }

    /// The y of the line between rank `below - 1` and rank `below` (the River, the channel).
    pub fn line_after_rank(&self, below: u8) -> f64 {
        let top_row = if self.flip { below } else { self.ranks - below };
        self.board_y() + top_row as f64 * SQUARE
    }

    /// Left edge of the panel.
    pub fn panel_x(&self) -> f64 {
        self.board_x() + self.board_width() + GAP
    }

    /// Width of the whole picture.
    pub fn width(&self) -> f64 {
        self.panel_x() + PANEL_WIDTH + MARGIN_RIGHT
    }
    /// Height of the whole picture, at least `panel_bottom`.
    pub fn height(&self, panel_bottom: f64) -> f64 {
        (self.board_y() + self.board_height() + MARGIN_BOTTOM).max(panel_bottom + MARGIN_BOTTOM)
    }
}
