//! A tiny SVG text writer: elements appended to a string, numbers in one fixed format, text
//! escaped. Not a general XML library: it writes only what the diagram needs, and the output
//! depends on nothing but its input (no clock, no locale, no hash order), so golden files can
//! be compared byte for byte.

use std::fmt::Write;

/// A number as the diagram writes it: at most two decimals, trailing zeros dropped, never
/// `-0`.
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// Text with the XML special characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// An SVG document being written, one element per line.
pub struct Svg {
    out: String,
    depth: usize,
}

/// How text is anchored on its x coordinate.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// The font stack of every text: DejaVu Sans first, the font the PNG renderer looks for.
pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

impl Svg {
    /// An empty document; its size is given when it is finished.
    pub fn new() -> Svg {
        Svg {
            out: String::new(),
            depth: 1,
        }
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Open a group with these attributes (already formatted) and an optional title.
    pub fn open(&mut self, attrs: &str, title: Option<&str>) {
        if attrs.is_empty() {
            self.line("<g>");
        } else {
            self.line(&format!("<g {attrs}>"));
        }
        self.depth += 1;
        if let Some(t) = title {
            self.line(&format!("<title>{}</title>", escape(t)));
        }
    }

    /// Close the innermost group.
    pub fn close(&mut self) {
        self.depth -= 1;
        self.line("</g>");
    }

    /// A comment naming the part that follows.
    pub fn comment(&mut self, text: &str) {
        self.line(&format!("<!-- {} -->", text.replace("--", "- -")));
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &str) {
        self.line(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {style}/>",
            num(x),
            num(y),
            num(w),
            num(h)
        ));
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &str) {
        self.line(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {style}/>",
            num(cx),
            num(cy),
            num(r)
        ));
    }

    /// A straight line.
    pub fn segment(&mut self, a: (f64, f64), b: (f64, f64), style: &str) {
        self.line(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1)
        ));
    }

    /// A path from its `d` data.
    pub fn path(&mut self, d: &str, style: &str) {
        self.line(&format!("<path d=\"{d}\" {style}/>"));
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        self.line(&format!("<polygon points=\"{}\" {style}/>", pts.join(" ")));
    }

    /// A line of text; `size` in user units, `style` more attributes.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, style: &str, text: &str) {
        let style = if style.is_empty() {
            String::new()
        } else {
            format!(" {style}")
        };
        self.line(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{}\"{style}>{}</text>",
            num(x),
            num(y),
            num(size),
            anchor.name(),
            escape(text)
        ));
    }

    /// The finished document: `width` x `height` user units, drawn `px_width` pixels wide
    /// (the height in proportion, rounded to whole pixels).
    pub fn finish(self, width: f64, height: f64, px_width: f64) -> String {
        let px_height = (height * px_width / width).round();
        let mut doc = String::with_capacity(self.out.len() + 300);
        doc.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            doc,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" \
             height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"{FONT}\">",
            num(px_width.round()),
            num(px_height),
            num(width),
            num(height)
        );
        let _ = writeln!(
            doc,
            "  <rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(width),
            num(height)
        );
        doc.push_str(&self.out);
        doc.push_str("</svg>\n");
        doc
    }
}

impl Default for Svg {
    fn default() -> Svg {
        Svg::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_form() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(2.125), "2.12");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(48.0), "48");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
