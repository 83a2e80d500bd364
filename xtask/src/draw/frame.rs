//! The frame every picture shares: a title, the puzzle and the moment it shows, the
//! drawing, a caption of what it counts, and a legend of the colours that mean something.

use super::grid::{self, Mark};
use super::svg::{colour, Font, Paint, Svg};

/// The space around everything, in pixels.
const MARGIN: i32 = 20;
/// The narrowest picture.
const NARROWEST: i32 = 560;
/// The title's and the other lines' fonts.
const TITLE: Font = Font::sans(20, colour::INK).bold();
const SUBTITLE: Font = Font::sans(14, colour::QUIET);
const CAPTION: Font = Font::sans(15, colour::INK);
const LEGEND: Font = Font::sans(13, colour::INK);
/// From one caption line's baseline to the next.
const LINE_HEIGHT: i32 = 21;

/// What a colour means, as the legend shows it: a sample and its words.
#[derive(Clone, Debug)]
pub struct Key {
    /// The sample.
    pub swatch: Swatch,
    /// What it means.
    pub meaning: String,
}

/// A legend's sample of a colour.
#[derive(Clone, Copy, Debug)]
pub enum Swatch {
    /// A square filled with the colour.
    Fill(&'static str),
    /// A square outlined in the colour, dashed or not.
    Outline {
        /// The outline's colour.
        colour: &'static str,
        /// Whether it is dashed.
        dashed: bool,
    },
    /// A digit written in the colour (bold or not).
    Digit {
        /// The digit's colour.
        colour: &'static str,
        /// Whether it is bold.
        bold: bool,
    },
    /// A small digit struck through, as a removed candidate ([`Mark::Struck`]).
    Struck,
    /// A small digit struck through in grey, as a cleared candidate ([`Mark::Cleared`]).
    Cleared,
    /// A small digit with a ring in the colour, as a marked candidate.
    Ring(&'static str),
    /// A dot, as a place in a way's diagram or a digit's small grid.
    Dot,
    /// A red cross, as a place a rule removes in a digit's small grid.
    Cross,
}

impl Key {
    /// `swatch` means `meaning`.
    pub fn new(swatch: Swatch, meaning: &str) -> Key {
        Key {
            swatch,
            meaning: meaning.to_string(),
        }
    }
}

/// A picture: its title, the puzzle and moment it shows, the drawing of `size` (width,
/// height) pixels, its caption and its legend.
pub struct Picture {
    /// The title line.
    pub title: String,
    /// The line under it: which puzzle, at which moment.
    pub subtitle: String,
    /// The drawing, its origin at its top left corner.
    pub drawing: Svg,
    /// Its width and height.
    pub size: (i32, i32),
    /// The caption's sentences, each on lines of its own.
    pub caption: Vec<String>,
    /// What the colours mean.
    pub legend: Vec<Key>,
}

impl Picture {
    /// The picture as an SVG document, its text in `fonts` (a CSS list).
    pub fn to_svg(self, fonts: &str) -> String {
        let (drawing_width, drawing_height) = self.size;
        let longest_heading = TITLE
            .width_of(&self.title)
            .max(SUBTITLE.width_of(&self.subtitle));
        let width = (drawing_width.max(longest_heading) + 2 * MARGIN).max(NARROWEST);
        let mut svg = Svg::new();
        svg.text(MARGIN, MARGIN + 20, &self.title, TITLE);
        svg.text(MARGIN, MARGIN + 42, &self.subtitle, SUBTITLE);
        let mut y = MARGIN + 60;
        svg.place((width - drawing_width) / 2, y, self.drawing);
        y += drawing_height + 12;
        for sentence in &self.caption {
            for line in wrap(sentence, CAPTION, width - 2 * MARGIN) {
                y += LINE_HEIGHT;
                svg.text(MARGIN, y, &line, CAPTION);
            }
        }
        if !self.legend.is_empty() {
            y = draw_legend(&mut svg, &self.legend, y + 14, width - 2 * MARGIN);
        }
        svg.document(width, y + MARGIN, &self.title, fonts)
    }
}

/// Draws `keys` in rows at most `width` wide, below `top`; returns the last row's bottom.
fn draw_legend(svg: &mut Svg, keys: &[Key], top: i32, width: i32) -> i32 {
    const SWATCH: i32 = 18;
    let (mut x, mut y) = (0, top);
    for key in keys {
        let room = SWATCH + 6 + LEGEND.width_of(&key.meaning) + 18;
        if x > 0 && x + room > width {
            (x, y) = (0, y + SWATCH + 8);
        }
        draw_swatch(svg, MARGIN + x, y, SWATCH, key.swatch);
        let baseline = LEGEND.baseline_centred_on(y + SWATCH / 2);
        svg.text(MARGIN + x + SWATCH + 6, baseline, &key.meaning, LEGEND);
        x += room;
    }
    y + SWATCH
}

/// One legend sample, a square of `side` pixels at `(x, y)`.
fn draw_swatch(svg: &mut Svg, x: i32, y: i32, side: i32, swatch: Swatch) {
    let (centre_x, centre_y) = (x + side / 2, y + side / 2);
    let small = Font::sans(12, colour::QUIET);
    match swatch {
        Swatch::Fill(fill) => svg.rect(
            x,
            y,
            side,
            side,
            Paint::stroke(colour::QUIET, 1).filled(fill),
        ),
        Swatch::Outline { colour, dashed } => {
            let paint = Paint::stroke(colour, 3);
            let paint = if dashed { paint.dashed() } else { paint };
            svg.rect(x + 2, y + 2, side - 4, side - 4, paint);
        }
        Swatch::Digit { colour, bold } => {
            let font = Font::sans(18, colour);
            let font = if bold { font.bold() } else { font };
            svg.text_centred_on(centre_x, centre_y, "5", font);
        }
        Swatch::Struck | Swatch::Cleared => {
            // The mark as the grid draws it: the swatch is a cell's slot for digit 5.
            let mark = match swatch {
                Swatch::Struck => Mark::Struck,
                _ => Mark::Cleared,
            };
            let (slot_x, slot_y) = grid::mark_centre(0, 5);
            let mut sample = Svg::new();
            grid::draw_mark(&mut sample, 0, 5, mark);
            svg.place(centre_x - slot_x, centre_y - slot_y, sample);
        }
        Swatch::Ring(ring) => {
            svg.circle(centre_x, centre_y, side / 2 - 1, Paint::stroke(ring, 2));
            svg.text_centred_on(centre_x, centre_y, "5", small);
        }
        Swatch::Dot => svg.circle(centre_x, centre_y, 3, Paint::fill(colour::INK)),
        Swatch::Cross => {
            let cross = Paint::stroke(colour::REMOVED, 2);
            svg.line(
                (centre_x - 4, centre_y - 4),
                (centre_x + 4, centre_y + 4),
                cross,
            );
            svg.line(
                (centre_x - 4, centre_y + 4),
                (centre_x + 4, centre_y - 4),
                cross,
            );
        }
    }
}

/// `text` cut into lines at most `width` pixels wide in `font`, at spaces.
fn wrap(text: &str, font: Font, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && font.width_of(&longer) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_wraps_at_spaces_within_the_width() {
        let font = Font::sans(10, colour::INK);
        let lines = wrap(
            "one two three four five",
            font,
            font.width_of("one two three"),
        );
        assert_eq!(lines, ["one two three", "four five"]);
        assert_eq!(wrap("unbroken", font, 1), ["unbroken"]);
    }
}
