//! Words drawn as boxes: a row or a block of bits, each box a bit (or a cell, or a
//! mini-line) with its text and its fill, under the grid's lines (thick every three, as a
//! band's rows and boxes are), and a heading above. The layout pictures of
//! [`cell_words`](super::cell_words), [`band_words`](super::band_words) and
//! [`changes`](super::changes) are made of these.

use super::grid;
use super::svg::{colour, Font, Paint, Svg, GRID_CLASS};

/// The heading above a block of boxes.
pub const HEADING: Font = Font::sans(13, colour::INK).bold();
/// The room a heading takes above its boxes.
pub const HEADING_ROOM: i32 = 20;

/// One box: its text and its fill (none for paper).
#[derive(Clone, Debug)]
pub struct BitBox {
    /// What is written in it: a bit's number, a digit, a count.
    pub text: String,
    /// Its fill; [`colour::PAPER`] for a clear bit.
    pub fill: &'static str,
    /// Whether the text stands out (bold, in ink) or is quiet.
    pub strong: bool,
}

impl BitBox {
    /// A box of `text`, filled with `fill` when `set`, else clear; strong when set.
    pub fn bit(text: impl ToString, set: bool, fill: &'static str) -> BitBox {
        BitBox {
            text: text.to_string(),
            fill: if set { fill } else { colour::PAPER },
            strong: set,
        }
    }

    /// The same box, its text strong or quiet as `strong` says.
    pub fn with_strength(self, strong: bool) -> BitBox {
        BitBox { strong, ..self }
    }
}

/// A block of `columns` by `rows` boxes, `side` pixels each, with `heading` above: what
/// `content(column, row)` says in each. Returns the drawing and its width and height.
pub fn block(
    heading: &str,
    columns: i32,
    rows: i32,
    side: i32,
    content: impl Fn(i32, i32) -> BitBox,
) -> (Svg, i32, i32) {
    let mut svg = Svg::new();
    svg.text(0, 14, heading, HEADING);
    let mut boxes = Svg::new();
    let size = (side * 45 / 100).clamp(9, 15);
    for row in 0..rows {
        for column in 0..columns {
            let bit_box = content(column, row);
            let (x, y) = (column * side, row * side);
            if bit_box.fill != colour::PAPER {
                boxes.rect(x, y, side, side, Paint::fill(bit_box.fill));
            }
            let font = if bit_box.strong {
                Font::sans(size, colour::INK).bold()
            } else {
                Font::sans(size, colour::QUIET)
            };
            boxes.text_centred_on(x + side / 2, y + side / 2, &bit_box.text, font);
        }
    }
    grid::draw_lines(&mut boxes, columns, rows, side);
    svg.place_as(GRID_CLASS, 0, HEADING_ROOM, boxes);
    let width = (columns * side).max(HEADING.width_of(heading));
    (svg, width, HEADING_ROOM + rows * side)
}

/// `drawing` of `width` by `height` pixels, a grid, with `heading` above: the piece and
/// its size.
pub fn titled(heading: &str, drawing: Svg, width: i32, height: i32) -> (Svg, i32, i32) {
    let mut svg = Svg::new();
    svg.text(0, 14, heading, HEADING);
    svg.place_as(GRID_CLASS, 0, HEADING_ROOM, drawing);
    let width = width.max(HEADING.width_of(heading));
    (svg, width, HEADING_ROOM + height)
}

/// Pieces left to right, `gap` pixels apart, in rows at most `max_width` wide: the
/// drawing and its size.
pub fn rows(pieces: Vec<(Svg, i32, i32)>, gap: i32, max_width: i32) -> (Svg, i32, i32) {
    let mut rows: Vec<Vec<(Svg, i32, i32)>> = vec![Vec::new()];
    let mut row_width = 0;
    for piece in pieces {
        let last = rows.last_mut().expect("a row");
        if !last.is_empty() && row_width + gap + piece.1 > max_width {
            rows.push(Vec::new());
            row_width = 0;
        }
        row_width += if row_width == 0 { 0 } else { gap } + piece.1;
        rows.last_mut().expect("a row").push(piece);
    }
    let laid_out = rows.into_iter().map(|row| side_by_side(row, gap)).collect();
    stack(laid_out, gap)
}

/// Pieces stacked top to bottom, `gap` pixels apart: the drawing and its size.
pub fn stack(pieces: Vec<(Svg, i32, i32)>, gap: i32) -> (Svg, i32, i32) {
    let mut svg = Svg::new();
    let (mut width, mut y) = (0, 0);
    for (piece, piece_width, piece_height) in pieces {
        svg.place(0, y, piece);
        width = width.max(piece_width);
        y += piece_height + gap;
    }
    (svg, width, (y - gap).max(0))
}

/// Pieces side by side, left to right, `gap` pixels apart: the drawing and its size.
pub fn side_by_side(pieces: Vec<(Svg, i32, i32)>, gap: i32) -> (Svg, i32, i32) {
    let mut svg = Svg::new();
    let (mut x, mut height) = (0, 0);
    for (piece, piece_width, piece_height) in pieces {
        svg.place(x, 0, piece);
        height = height.max(piece_height);
        x += piece_width + gap;
    }
    (svg, (x - gap).max(0), height)
}

/// A word as the code prints it, with bit 0 on the right: `0b1_0100_0011` for nine bits.
pub fn binary(word: u128, bits: u32) -> String {
    let digits: Vec<char> = (0..bits)
        .rev()
        .map(|bit| if word >> bit & 1 == 1 { '1' } else { '0' })
        .collect();
    let mut text = String::from("0b");
    for (position, digit) in digits.iter().enumerate() {
        if position > 0 && (bits as usize - position).is_multiple_of(4) {
            text.push('_');
        }
        text.push(*digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_written_with_bit_zero_last_in_groups_of_four() {
        assert_eq!(binary(0b1_0100_0011, 9), "0b1_0100_0011");
        assert_eq!(binary(1, 4), "0b0001");
    }

    #[test]
    fn a_block_is_as_wide_as_its_boxes_or_its_heading() {
        let (_, width, height) = block("h", 9, 3, 10, |_, _| BitBox::bit(0, false, colour::RUNG));
        assert_eq!((width, height), (90, HEADING_ROOM + 30));
    }
}
