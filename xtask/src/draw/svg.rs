//! The pictures' SVG: a writer of the few elements they use, and the colours they share.
//!
//! Every coordinate is an integer and every attribute is written in a fixed order, so a
//! picture drawn twice is the same bytes. Nothing is fetched: the text names fonts the
//! systems have (the picture's language chooses them, ending in the generic `sans-serif`;
//! code is in `monospace`), and there is no script, image or `foreignObject`, so GitHub
//! shows a picture through `<img>` as any browser does. Every picture has a white
//! background, which keeps it readable on a dark page.

use std::fmt::Write;

use unicode_width::UnicodeWidthChar;

/// The colours of every picture: one meaning each, the same in all of them.
pub mod colour {
    /// Text, givens and the box lines.
    pub const INK: &str = "#1f2328";
    /// Pencil marks, labels and other quiet text.
    pub const QUIET: &str = "#57606a";
    /// The thin lines between cells.
    pub const CELL_LINE: &str = "#b6bcc3";
    /// The page.
    pub const PAPER: &str = "#ffffff";
    /// What a rule removes (struck through).
    pub const REMOVED: &str = "#cf222e";
    /// The same, lightly: the square behind a removed mark.
    pub const REMOVED_LIGHT: &str = "#ffebe9";
    /// What makes a rule act: the unit of a hidden single, the box or line of locked
    /// candidates, the mini-line of the mini-line rule.
    pub const CAUSE: &str = "#8250df";
    /// A second kind of cause in one picture: claiming beside pointing.
    pub const CAUSE_SECOND: &str = "#bc4c00";
    /// What a rule decides (a digit placed).
    pub const DECIDED: &str = "#1a7f37";
    /// The rung the picture is about: its branch point, the bits it sets, what it visits.
    pub const RUNG: &str = "#0969da";
    /// The same, lightly: a filled bit, a shaded place.
    pub const RUNG_LIGHT: &str = "#b6d7ff";
    /// The rung below, for comparison.
    pub const BELOW: &str = "#8c959f";
    /// The same, lightly.
    pub const BELOW_LIGHT: &str = "#e4e7eb";
    /// A full mini-line and other things found complete.
    pub const FULL_LIGHT: &str = "#aceebb";
    /// The three bands' tints, to tell their words apart.
    pub const BANDS: [&str; 3] = ["#fff1c2", "#d8f3f0", "#f0e2fb"];
    /// The three bands' set bits: a darker tint of each.
    pub const BAND_BITS: [&str; 3] = ["#f2b705", "#2aa198", "#a371f7"];
}

/// How a shape is painted: its fill, and its outline's colour, width and dashes.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    fill: &'static str,
    stroke: &'static str,
    stroke_width: i32,
    dashed: bool,
}

impl Paint {
    /// Filled with `colour`, no outline.
    pub const fn fill(colour: &'static str) -> Paint {
        Paint {
            fill: colour,
            stroke: "none",
            stroke_width: 0,
            dashed: false,
        }
    }

    /// An outline of `colour`, `width` pixels wide, not filled.
    pub const fn stroke(colour: &'static str, width: i32) -> Paint {
        Paint {
            fill: "none",
            stroke: colour,
            stroke_width: width,
            dashed: false,
        }
    }

    /// The same outline, dashed.
    pub const fn dashed(self) -> Paint {
        Paint {
            dashed: true,
            ..self
        }
    }

    /// The same, filled with `colour`.
    pub const fn filled(self, colour: &'static str) -> Paint {
        Paint {
            fill: colour,
            ..self
        }
    }

    /// The attributes, in a fixed order.
    fn attributes(self) -> String {
        let mut text = format!(r#"fill="{}""#, self.fill);
        if self.stroke_width > 0 {
            let (colour, width) = (self.stroke, self.stroke_width);
            write!(text, r#" stroke="{colour}" stroke-width="{width}""#).unwrap();
        }
        if self.dashed {
            let dash = 2 * self.stroke_width + 2;
            write!(text, r#" stroke-dasharray="{dash} {dash}""#).unwrap();
        }
        text
    }
}

/// Where a text stands from its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// It begins there.
    Start,
    /// It is centred there.
    Middle,
    /// It ends there.
    End,
}

/// How a text is written: size in pixels, colour, weight, family and anchor.
#[derive(Clone, Copy, Debug)]
pub struct Font {
    size: i32,
    colour: &'static str,
    bold: bool,
    monospace: bool,
    anchor: Anchor,
}

impl Font {
    /// A sans-serif text of `size` pixels in `colour`, beginning at its `x`.
    pub const fn sans(size: i32, colour: &'static str) -> Font {
        Font {
            size,
            colour,
            bold: false,
            monospace: false,
            anchor: Anchor::Start,
        }
    }

    /// A monospace text, for bits and words of code.
    pub const fn mono(size: i32, colour: &'static str) -> Font {
        Font {
            monospace: true,
            ..Font::sans(size, colour)
        }
    }

    /// The same, bold.
    pub const fn bold(self) -> Font {
        Font { bold: true, ..self }
    }

    /// The same, standing at its `x` as `anchor` says.
    pub const fn anchored(self, anchor: Anchor) -> Font {
        Font { anchor, ..self }
    }

    /// The same, centred on its `x`.
    pub const fn centred(self) -> Font {
        self.anchored(Anchor::Middle)
    }

    /// The size in pixels.
    pub const fn size(self) -> i32 {
        self.size
    }

    /// About how wide `text` is in this font: wide enough to lay out by, never measured.
    /// A Hangul syllable (or any character a terminal gives two columns) is a full square,
    /// the other characters a little more than half of one.
    pub fn width_of(self, text: &str) -> i32 {
        let narrow = if self.monospace { 61 } else { 58 };
        let hundredths: i32 = text
            .chars()
            .map(|character| match character.width() {
                Some(2) => 100,
                _ => narrow,
            })
            .sum();
        hundredths * self.size / 100
    }

    /// The baseline that centres a line of this font on `y`.
    pub const fn baseline_centred_on(self, y: i32) -> i32 {
        y + self.size * 35 / 100
    }
}

/// Elements of a picture, in the order drawn (later ones on top).
#[derive(Clone, Debug, Default)]
pub struct Svg {
    body: String,
}

impl Svg {
    /// Nothing drawn yet.
    pub fn new() -> Svg {
        Svg::default()
    }

    /// A rectangle with its top left corner at `(x, y)`.
    pub fn rect(&mut self, x: i32, y: i32, width: i32, height: i32, paint: Paint) {
        let attributes = paint.attributes();
        writeln!(
            self.body,
            r#"<rect x="{x}" y="{y}" width="{width}" height="{height}" {attributes}/>"#
        )
        .unwrap();
    }

    /// A line from `from` to `to`.
    pub fn line(&mut self, from: (i32, i32), to: (i32, i32), paint: Paint) {
        let ((x1, y1), (x2, y2)) = (from, to);
        let attributes = paint.attributes();
        writeln!(
            self.body,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {attributes}/>"#
        )
        .unwrap();
    }

    /// A circle of `radius` around `(x, y)`.
    pub fn circle(&mut self, x: i32, y: i32, radius: i32, paint: Paint) {
        let attributes = paint.attributes();
        writeln!(
            self.body,
            r#"<circle cx="{x}" cy="{y}" r="{radius}" {attributes}/>"#
        )
        .unwrap();
    }

    /// `text` on the baseline `y`, standing at `x` as `font` says: in the document's fonts
    /// (see [`Svg::document`]), or in `monospace`.
    pub fn text(&mut self, x: i32, y: i32, text: &str, font: Font) {
        let size = font.size;
        write!(self.body, r#"<text x="{x}" y="{y}""#).unwrap();
        if font.monospace {
            self.body.push_str(r#" font-family="monospace""#);
        }
        write!(self.body, r#" font-size="{size}" fill="{}""#, font.colour).unwrap();
        if font.bold {
            self.body.push_str(r#" font-weight="bold""#);
        }
        match font.anchor {
            Anchor::Start => {}
            Anchor::Middle => self.body.push_str(r#" text-anchor="middle""#),
            Anchor::End => self.body.push_str(r#" text-anchor="end""#),
        }
        writeln!(self.body, ">{}</text>", escape(text)).unwrap();
    }

    /// A line of text centred on `(x, y)`.
    pub fn text_centred_on(&mut self, x: i32, y: i32, text: &str, font: Font) {
        self.text(x, font.baseline_centred_on(y), text, font.centred());
    }

    /// `inner`, drawn with its origin at `(x, y)`.
    pub fn place(&mut self, x: i32, y: i32, inner: Svg) {
        writeln!(self.body, r#"<g transform="translate({x} {y})">"#).unwrap();
        self.body.push_str(&inner.body);
        self.body.push_str("</g>\n");
    }

    /// The same, the group named `class`: the grids and blocks of boxes are
    /// [`GRID_CLASS`], which the browser test keeps every other text clear of.
    pub fn place_as(&mut self, class: &str, x: i32, y: i32, inner: Svg) {
        writeln!(
            self.body,
            r#"<g class="{class}" transform="translate({x} {y})">"#
        )
        .unwrap();
        self.body.push_str(&inner.body);
        self.body.push_str("</g>\n");
    }

    /// The whole document, `width` by `height` pixels on white, titled `title` (which a
    /// browser shows on hovering and a screen reader reads), its text in the first of
    /// `fonts` the system has (a CSS list, ending in a generic family).
    pub fn document(self, width: i32, height: i32, title: &str, fonts: &str) -> String {
        let mut text = String::new();
        writeln!(
            text,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{fonts}">"#
        )
        .unwrap();
        writeln!(text, "<title>{}</title>", escape(title)).unwrap();
        writeln!(
            text,
            r#"<rect x="0" y="0" width="{width}" height="{height}" fill="{}"/>"#,
            colour::PAPER
        )
        .unwrap();
        text.push_str(&self.body);
        text.push_str("</svg>\n");
        text
    }
}

/// The class of a grid or a block of boxes: text outside them must not cross them.
pub const GRID_CLASS: &str = "grid";

/// `text` with the characters that XML reserves written as entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_its_elements_in_order_on_white() {
        let mut svg = Svg::new();
        svg.rect(1, 2, 3, 4, Paint::stroke(colour::INK, 2).dashed());
        svg.text(
            5,
            6,
            "a < b & c",
            Font::sans(12, colour::INK).bold().centred(),
        );
        let document = svg.document(10, 20, "t", "'Noto Sans', sans-serif");
        let lines: Vec<&str> = document.lines().collect();
        assert!(lines[0].contains(r#"width="10" height="20" viewBox="0 0 10 20""#));
        assert!(lines[0].ends_with(r#" font-family="'Noto Sans', sans-serif">"#));
        assert_eq!(lines[1], "<title>t</title>");
        assert!(lines[2].contains(r##"fill="#ffffff""##));
        assert!(lines[3].contains(r#"stroke-width="2" stroke-dasharray="6 6""#));
        assert!(lines[4].ends_with(">a &lt; b &amp; c</text>"));
        assert!(lines[4].contains(r#"font-weight="bold" text-anchor="middle""#));
        assert_eq!(lines[5], "</svg>");
    }

    #[test]
    fn a_hangul_syllable_is_laid_out_as_a_full_square() {
        let font = Font::sans(20, colour::INK);
        assert_eq!(font.width_of("칸"), 20);
        assert_eq!(font.width_of("r1"), 2 * 20 * 58 / 100);
        assert_eq!(font.width_of("칸 r1"), 20 + 3 * 20 * 58 / 100);
    }
}
