//! PNG: the same SVG text, rasterised by resvg (its re-exported usvg parses, tiny-skia paints
//! and encodes). Text is drawn with the machine's fonts (DejaVu Sans first, see
//! `svg::FONT`); without any font installed the letters are missing but the picture is still
//! made.

use resvg::{tiny_skia, usvg};

/// Rasterise `svg` at the pixel size its `width`/`height` attributes give.
pub fn render(svg: &str) -> Result<Vec<u8>, String> {
    let mut opt = usvg::Options {
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    };
    opt.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| format!("cannot read the SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot make a {}x{} image", size.width(), size.height()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}
