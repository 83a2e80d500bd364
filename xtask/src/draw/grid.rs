//! The 9×9 grid as the pictures draw it: where a cell and its pencil marks lie, the lines
//! and the row and column numbers, a state's digits and marks, and the ways a cell, a
//! candidate or a region is picked out.

use super::root::Root;
use super::svg::{colour, Font, Paint, Svg};

/// A cell's side in the full grid, in pixels.
pub const CELL: i32 = 42;
/// The full grid's side.
pub const SIDE: i32 = 9 * CELL;
/// The room left of and above the grid that the row and column numbers take.
pub const LABELS: i32 = 22;

/// A digit that stands in a cell.
const DIGIT: Font = Font::sans(26, colour::INK);
/// A pencil mark.
const MARK: Font = Font::sans(12, colour::QUIET);

/// The top left corner of `cell` in a grid of cells `side` pixels wide.
pub const fn corner(cell: usize, side: i32) -> (i32, i32) {
    ((cell % 9) as i32 * side, (cell / 9) as i32 * side)
}

/// The centre of `cell` in the full grid.
pub const fn centre(cell: usize) -> (i32, i32) {
    let (x, y) = corner(cell, CELL);
    (x + CELL / 2, y + CELL / 2)
}

/// Where the pencil mark of `digit` stands in `cell`: digits 1 to 9 in three rows of
/// three, as a phone's keys.
pub const fn mark_centre(cell: usize, digit: u8) -> (i32, i32) {
    let (x, y) = corner(cell, CELL);
    let slot = digit as i32 - 1;
    let step = CELL / 3;
    (
        x + step / 2 + slot % 3 * step,
        y + step / 2 + slot / 3 * step,
    )
}

/// The lines of a grid of `columns` by `rows` cells, `side` pixels each, its origin at
/// its top left corner: thin between cells, thick around every three (boxes, bands,
/// stacks).
pub fn draw_lines(svg: &mut Svg, columns: i32, rows: i32, side: i32) {
    let thin = Paint::stroke(colour::CELL_LINE, 1);
    let thick = Paint::stroke(colour::INK, 2);
    for column in 1..columns {
        let x = column * side;
        svg.line((x, 0), (x, rows * side), thin);
    }
    for row in 1..rows {
        let y = row * side;
        svg.line((0, y), (columns * side, y), thin);
    }
    for column in (3..columns).step_by(3) {
        svg.line((column * side, 0), (column * side, rows * side), thick);
    }
    for row in (3..rows).step_by(3) {
        svg.line((0, row * side), (columns * side, row * side), thick);
    }
    svg.rect(0, 0, columns * side, rows * side, thick);
}

/// The full grid's lines, with the rows and columns numbered from 1 above and left of it
/// (in the room [`LABELS`]).
pub fn draw_full_grid(svg: &mut Svg) {
    draw_lines(svg, 9, 9, CELL);
    let label = Font::sans(12, colour::QUIET);
    for index in 0..9 {
        let middle = index * CELL + CELL / 2;
        svg.text_centred_on(middle, -LABELS / 2, &format!("c{}", index + 1), label);
        svg.text_centred_on(-LABELS / 2, middle, &format!("r{}", index + 1), label);
    }
}

/// `digit` standing in `cell`, written large: bold for a given.
pub fn draw_digit(svg: &mut Svg, cell: usize, digit: u8, colour: &'static str, given: bool) {
    let (x, y) = centre(cell);
    let font = Font::sans(DIGIT.size(), colour);
    let font = if given { font.bold() } else { font };
    svg.text_centred_on(x, y, &digit.to_string(), font);
}

/// How one pencil mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Plain grey.
    Plain,
    /// Removed by the rule a picture is about: bold red on a pale red square, struck
    /// through thinly from corner to corner, so the digit stays readable.
    Struck,
    /// Cleared because a digit was decided in its cell or a peer: light grey, struck
    /// through the same way.
    Cleared,
    /// In a ring of the colour: a way to branch, a place of the digit branched on, or a
    /// digit that makes a rule act.
    Ringed(&'static str),
}

/// The pencil mark of `digit` in `cell`, drawn as `mark` says.
pub fn draw_mark(svg: &mut Svg, cell: usize, digit: u8, mark: Mark) {
    let (x, y) = mark_centre(cell, digit);
    let text = digit.to_string();
    let half = CELL / 6;
    let strike = |svg: &mut Svg, colour| {
        svg.line(
            (x - half, y + half),
            (x + half, y - half),
            Paint::stroke(colour, 1),
        );
    };
    match mark {
        Mark::Plain => svg.text_centred_on(x, y, &text, MARK),
        Mark::Struck => {
            svg.rect(
                x - half,
                y - half,
                2 * half,
                2 * half,
                Paint::fill(colour::REMOVED_LIGHT),
            );
            let font = Font::sans(MARK.size(), colour::REMOVED).bold();
            svg.text_centred_on(x, y, &text, font);
            strike(svg, colour::REMOVED);
        }
        Mark::Cleared => {
            svg.text_centred_on(x, y, &text, Font::sans(MARK.size(), colour::BELOW));
            strike(svg, colour::BELOW);
        }
        Mark::Ringed(ring) => {
            svg.circle(x, y, half, Paint::stroke(ring, 2).filled(colour::PAPER));
            svg.text_centred_on(x, y, &text, Font::sans(MARK.size(), ring).bold());
        }
    }
}

/// `cell` filled with `fill`, inside its lines.
pub fn shade(svg: &mut Svg, cell: usize, fill: &'static str) {
    let (x, y) = corner(cell, CELL);
    svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, Paint::fill(fill));
}

/// The smallest rectangle around `cells` of the full grid, `inset` pixels inside it,
/// outlined with `paint`: a cell, a chute, a box.
pub fn outline(svg: &mut Svg, cells: impl IntoIterator<Item = usize>, paint: Paint, inset: i32) {
    outline_in(svg, CELL, cells, paint, inset);
}

/// The same in a grid of cells `side` pixels wide.
pub fn outline_in(
    svg: &mut Svg,
    side: i32,
    cells: impl IntoIterator<Item = usize>,
    paint: Paint,
    inset: i32,
) {
    let (mut left, mut top, mut right, mut bottom) = (9, 9, 0, 0);
    for cell in cells {
        let (row, column) = ((cell / 9) as i32, (cell % 9) as i32);
        (left, top) = (left.min(column), top.min(row));
        (right, bottom) = (right.max(column + 1), bottom.max(row + 1));
    }
    let (x, y) = (left * side + inset, top * side + inset);
    let (width, height) = (
        (right - left) * side - 2 * inset,
        (bottom - top) * side - 2 * inset,
    );
    svg.rect(x, y, width, height, paint);
}

/// `root`'s grid: its givens in bold, the other digits it decided, and the pencil marks of
/// its open cells, each drawn as `mark_of(cell, digit)` says.
pub fn draw_state(svg: &mut Svg, root: &Root, mark_of: impl Fn(usize, u8) -> Mark) {
    for cell in 0..81 {
        let decided = root.decided[cell];
        if decided != 0 {
            draw_digit(svg, cell, decided, colour::INK, root.givens[cell] != 0);
            continue;
        }
        for digit in common::digits(root.candidates[cell]) {
            draw_mark(svg, cell, digit, mark_of(cell, digit));
        }
    }
}
