//! Step 1, reading the puzzles: one at a time, line by line, each checked against every
//! rule its givens alone can break.
//!
//! The lines come from the [`LineReader`] of [`common::input`], which all three solutions
//! share: it decodes each line as it reads it, keeps at most a few short items of it, and
//! names the line and column of anything wrong. On top of it this module knows the format:
//!
//! - Blank lines (empty, or spaces and tabs only) are skipped wherever they appear.
//! - The count line holds one item, a tile line exactly four, the singles line exactly
//!   nine. That is how the judge writes them, and it lets every message name the line at
//!   fault; a line is left as soon as it holds one item too many.
//! - Row letters must be capitals (`b3` is refused with a hint); the judge writes capitals.
//! - After the closing `0` only blank lines may follow.
//!
//! [`Puzzles`] yields one puzzle per step, so [`crate::run`] answers each before it reads
//! the next: a fault in puzzle `k`, even a byte that is not UTF-8, leaves the answers to
//! puzzles `1..k` written.

use std::fmt;
use std::io::{self, BufRead};

use common::input::{InputError, Item, LineReader};
use common::{unit_name, CELLS_OF_UNIT, N_CELLS, UNITS_OF};

use crate::{
    are_side_by_side, location_name, tile_index, PlacedTile, Puzzle, N_TILES, TILE_DIGITS,
};

/// Why a run stopped: a fault in the input, a puzzle without completion, or a failed write.
///
/// Each message is one line naming the puzzle (counted from 1) and the place, for example
/// `puzzle 2, line 14, column 1: tile 2+9 is laid twice (first on line 13); the set has
/// one of each`.
#[derive(Debug)]
pub enum Error {
    /// Puzzle `puzzle` breaks the format or a rule of the game, at `error`'s place.
    Input {
        /// The puzzle being read, counted from 1.
        puzzle: usize,
        /// What is wrong, and where.
        error: InputError,
    },
    /// The puzzle's givens are well formed, but no tiling with every tile once makes them a
    /// valid Sudoku.
    NoCompletion {
        /// The puzzle, counted from 1.
        puzzle: usize,
        /// Its first input line (the tile count).
        first_line: usize,
        /// Its last input line (the singles).
        last_line: usize,
    },
    /// Writing the output failed.
    Output(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input { puzzle, error } => write!(formatter, "puzzle {puzzle}, {error}"),
            Error::NoCompletion {
                puzzle,
                first_line,
                last_line,
            } => write!(
                formatter,
                "puzzle {puzzle} (lines {first_line}-{last_line}): no completion: no way to \
                 lay the remaining tiles, each once, so that the grid is a valid sudoku"
            ),
            Error::Output(error) => write!(formatter, "cannot write the output: {error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Input { error, .. } => Some(error),
            Error::NoCompletion { .. } => None,
            Error::Output(error) => Some(error),
        }
    }
}

/// Reads the puzzles of `input` one at a time; see [`Puzzles`].
///
/// ```
/// let input = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n\
///              7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\nC5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
/// let puzzles: Vec<_> = p4574::parse_puzzles(input.as_bytes()).collect();
/// assert_eq!(puzzles.len(), 1);
/// let puzzle = puzzles[0].as_ref().unwrap();
/// assert_eq!(puzzle.tiles.len(), 10);
/// assert_eq!(p4574::location_name(puzzle.single_cells[0]), "C5");
/// ```
pub fn parse_puzzles<R: BufRead>(input: R) -> Puzzles<R> {
    Puzzles {
        reader: LineReader::new(input),
        puzzles_read: 0,
        finished: false,
    }
}

/// An iterator over the puzzles of an input, reading one puzzle per step.
///
/// It yields `Ok(puzzle)` for each well-formed puzzle, and stops after the closing line `0`.
/// At the first fault it yields one `Err` and then stops, so the puzzles before a fault can
/// be solved and printed before the fault is reported.
#[derive(Debug)]
pub struct Puzzles<R> {
    /// The input, read line by line.
    reader: LineReader<R>,
    /// How many puzzles have been read in full.
    puzzles_read: usize,
    /// Set once the closing `0` or a fault has been seen.
    finished: bool,
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<Puzzle, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let puzzle = self.puzzles_read + 1;
        match self.read_puzzle(puzzle) {
            Ok(Some(read)) => {
                self.puzzles_read += 1;
                Some(Ok(read))
            }
            Ok(None) => {
                self.finished = true;
                None
            }
            Err(error) => {
                self.finished = true;
                Some(Err(Error::Input { puzzle, error }))
            }
        }
    }
}

/// The kinds of line in a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    /// The line with the tile count `N` (or the closing `0`): one item.
    TileCount,
    /// A tile line `U LU V LV`: four items.
    Tile,
    /// The line of the nine single cells: nine locations.
    Singles,
}

impl LineKind {
    /// How many items a line of this kind holds.
    fn n_items(self) -> usize {
        match self {
            LineKind::TileCount => 1,
            LineKind::Tile => 4,
            LineKind::Singles => 9,
        }
    }

    /// What a line of this kind holds, for messages.
    fn holds(self) -> &'static str {
        match self {
            LineKind::TileCount => "the tile count line holds one number",
            LineKind::Tile => "a tile line holds 4 items `U LU V LV`, like `6 B2 1 B3`",
            LineKind::Singles => "the singles line holds 9 locations, where 1, 2, ..., 9 stand",
        }
    }
}

impl<R: BufRead> Puzzles<R> {
    /// Reads the next line that is not blank, which must be of kind `kind`, and returns its
    /// items; `expected` says what was due, for the message when the input has ended.
    fn read_line(
        &mut self,
        kind: LineKind,
        expected: impl Fn() -> String,
    ) -> Result<Vec<Item>, InputError> {
        let first = match self.reader.next_nonblank_line()? {
            Some(first) => first,
            None => {
                let n_lines = self.reader.line();
                let message = if n_lines == 0 {
                    format!("the input is empty; expected {}", expected())
                } else {
                    format!(
                        "the input ends after {n_lines} lines; expected {}",
                        expected()
                    )
                };
                return Err(InputError::on_line(n_lines + 1, message));
            }
        };
        let line = self.reader.line();
        // An item cut short by the reader is longer than any item of the format: the line
        // is wrong, and the rest of it is not read.
        let refuse_cut = |item: Item| {
            if item.cut {
                Err(InputError::at(
                    line,
                    item.column,
                    format!("{}, found {}", kind.holds(), item.quoted()),
                ))
            } else {
                Ok(item)
            }
        };
        let mut items = vec![refuse_cut(first)?];
        while items.len() < kind.n_items() {
            match self.reader.next_item()? {
                Some(item) => items.push(refuse_cut(item)?),
                None => {
                    return Err(InputError::on_line(
                        line,
                        format!("{}, found {} items", kind.holds(), items.len()),
                    ))
                }
            }
        }
        // One item more is enough to know the line is wrong: the rest is not read.
        if let Some(extra) = self.reader.next_item()? {
            return Err(InputError::at(
                line,
                extra.column,
                format!("{}, found more: {}", kind.holds(), extra.quoted()),
            ));
        }
        Ok(items)
    }

    /// Reads puzzle number `puzzle`; `Ok(None)` when the closing `0` comes instead.
    fn read_puzzle(&mut self, puzzle: usize) -> Result<Option<Puzzle>, InputError> {
        // The tile count, or the closing 0.
        let items = self.read_line(LineKind::TileCount, || {
            "a tile count (or the line `0` that ends the input)".to_string()
        })?;
        let first_line = self.reader.line();
        if items[0].text() == "0" {
            return match self.reader.next_nonblank_line()? {
                None => Ok(None),
                Some(item) => Err(InputError::at(
                    self.reader.line(),
                    item.column,
                    format!(
                        "unexpected {} after the line `0` that ends the input",
                        item.quoted()
                    ),
                )),
            };
        }
        let n_tiles = parse_tile_count(&items[0]).map_err(at_item(first_line, &items[0]))?;

        // The tiles already laid.
        let mut givens = GivensSoFar::new();
        let mut tiles = Vec::with_capacity(n_tiles);
        for tile_number in 1..=n_tiles {
            let expected = || format!("tile {tile_number} of {n_tiles}");
            let items = self.read_line(LineKind::Tile, expected)?;
            tiles.push(read_tile(&items, self.reader.line(), &mut givens)?);
        }

        // The nine single cells, for the digits 1, 2, ..., 9 in this order.
        let items = self.read_line(LineKind::Singles, || {
            "the line of the nine single cells".to_string()
        })?;
        let last_line = self.reader.line();
        let mut single_cells = [0; 9];
        for (index, item) in items.iter().enumerate() {
            let cell = parse_location(item).map_err(at_item(last_line, item))?;
            givens
                .give_digit(cell, index as u8 + 1, last_line)
                .map_err(at_item(last_line, item))?;
            single_cells[index] = cell;
        }

        Ok(Some(Puzzle {
            number: puzzle,
            first_line,
            last_line,
            tiles,
            single_cells,
        }))
    }
}

/// Turns a message about `item` on line `line` into an [`InputError`] at the item's
/// column; made to be passed to `map_err`.
fn at_item(line: usize, item: &Item) -> impl Fn(String) -> InputError {
    let column = item.column;
    move |message| InputError::at(line, column, message)
}

/// Reads the tile count `N`, a number from 10 to 35.
fn parse_tile_count(item: &Item) -> Result<usize, String> {
    let is_number = item.text().bytes().all(|byte| byte.is_ascii_digit());
    match item.text().parse::<usize>() {
        Ok(count) if is_number && !item.cut && (10..=35).contains(&count) => Ok(count),
        _ => Err(format!(
            "the tile count must be a number from 10 to 35 (or 0 to end the input), found {}",
            item.quoted()
        )),
    }
}

/// Reads a digit item `1`..`9`.
fn parse_digit(item: &Item) -> Result<u8, String> {
    match *item.text().as_bytes() {
        [digit @ b'1'..=b'9'] => Ok(digit - b'0'),
        _ => Err(format!(
            "a digit must be one of 1 to 9, found {}",
            item.quoted()
        )),
    }
}

/// Reads a location item `A1`..`I9`: the cell it names.
fn parse_location(item: &Item) -> Result<usize, String> {
    let cell_of = |text: &[u8]| match *text {
        [row_letter @ b'A'..=b'I', column_digit @ b'1'..=b'9'] => {
            Some(usize::from(row_letter - b'A') * 9 + usize::from(column_digit - b'1'))
        }
        _ => None,
    };
    if let Some(cell) = cell_of(item.text().as_bytes()) {
        return Ok(cell);
    }
    let hint = if cell_of(item.text().to_ascii_uppercase().as_bytes()).is_some() {
        " (row letters are capitals)"
    } else {
        ""
    };
    Err(format!(
        "a location is a row letter A to I and a column digit 1 to 9, like `B3`, found {}{hint}",
        item.quoted()
    ))
}

/// Reads the four items `U LU V LV` of tile line `line` and records the tile in `givens`.
fn read_tile(
    items: &[Item],
    line: usize,
    givens: &mut GivensSoFar,
) -> Result<PlacedTile, InputError> {
    let first_digit = parse_digit(&items[0]).map_err(at_item(line, &items[0]))?;
    let first_cell = parse_location(&items[1]).map_err(at_item(line, &items[1]))?;
    let second_digit = parse_digit(&items[2]).map_err(at_item(line, &items[2]))?;
    let second_cell = parse_location(&items[3]).map_err(at_item(line, &items[3]))?;
    let whole_line = |message: String| InputError::on_line(line, message);

    if first_digit == second_digit {
        return Err(whole_line(format!(
            "there is no tile {first_digit}+{first_digit}: the halves of a tile show two \
             different digits"
        )));
    }
    if first_cell == second_cell {
        let name = location_name(first_cell);
        return Err(whole_line(format!("both halves of the tile are on {name}")));
    }
    if !are_side_by_side(first_cell, second_cell) {
        return Err(whole_line(format!(
            "the halves of a tile must be side by side, but {} and {} are not",
            location_name(first_cell),
            location_name(second_cell)
        )));
    }
    let tile = tile_index(first_digit, second_digit);
    let first_line = givens.line_of_tile[tile];
    if first_line != 0 {
        let (low, high) = TILE_DIGITS[tile];
        return Err(whole_line(format!(
            "tile {low}+{high} is laid twice (first on line {first_line}); the set has one \
             of each"
        )));
    }
    givens
        .give_digit(first_cell, first_digit, line)
        .map_err(at_item(line, &items[1]))?;
    givens
        .give_digit(second_cell, second_digit, line)
        .map_err(at_item(line, &items[3]))?;
    givens.line_of_tile[tile] = line;
    Ok(PlacedTile {
        cells: [first_cell, second_cell],
        digits: [first_digit, second_digit],
    })
}

/// The givens of a puzzle read so far, with the line that gave each, so that a clash can
/// name both lines. (The solver's start state makes the same checks without lines; see
/// `State::start`.)
struct GivensSoFar {
    /// The given digit of each cell, 0 where none is given yet.
    grid: [u8; N_CELLS],
    /// The line that covered each cell, 0 where none did yet.
    line_of_cell: [usize; N_CELLS],
    /// The line that laid each tile, 0 where none did yet.
    line_of_tile: [usize; N_TILES],
}

impl GivensSoFar {
    fn new() -> GivensSoFar {
        GivensSoFar {
            grid: [0; N_CELLS],
            line_of_cell: [0; N_CELLS],
            line_of_tile: [0; N_TILES],
        }
    }

    /// Records digit `digit` given on `cell` by line `line`, refusing a cell covered twice
    /// and a digit that a unit of the cell already holds.
    fn give_digit(&mut self, cell: usize, digit: u8, line: usize) -> Result<(), String> {
        let first_line = self.line_of_cell[cell];
        if first_line != 0 {
            return Err(format!(
                "cell {} is covered twice (first on line {first_line})",
                location_name(cell)
            ));
        }
        for &unit in &UNITS_OF[cell] {
            for &other_cell in &CELLS_OF_UNIT[usize::from(unit)] {
                let other_cell = usize::from(other_cell);
                if self.grid[other_cell] == digit {
                    return Err(format!(
                        "digit {digit} stands twice in {}: at {} and at {} (line {})",
                        unit_name(usize::from(unit)),
                        location_name(cell),
                        location_name(other_cell),
                        self.line_of_cell[other_cell]
                    ));
                }
            }
        }
        self.grid[cell] = digit;
        self.line_of_cell[cell] = line;
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const SAMPLE_1_IN: &str = include_str!("../samples/sample-1.in");

    /// The first puzzle of sample 1, line by line (lines 1 to 12 of the sample).
    const FIRST_PUZZLE: [&str; 12] = [
        "10",
        "6 B2 1 B3",
        "2 C4 9 C3",
        "6 D3 8 E3",
        "7 E1 4 F1",
        "8 B7 4 B8",
        "3 F5 2 F6",
        "7 F7 6 F8",
        "5 G4 9 G5",
        "7 I8 8 I9",
        "7 C9 2 B9",
        "C5 A3 D9 I4 A9 E5 A2 C6 I1",
    ];

    /// Sample 1 without its closing `0`: two good puzzles on lines 1 to 25.
    pub(crate) fn two_good_puzzles() -> String {
        SAMPLE_1_IN
            .trim_end()
            .strip_suffix('0')
            .unwrap()
            .to_string()
    }

    /// Two good puzzles, then the first puzzle again as puzzle 3 (lines 26 to 37) with
    /// line `line_in_puzzle` (1 to 12) replaced by `replacement`, then `0`.
    pub(crate) fn third_puzzle_with(line_in_puzzle: usize, replacement: &str) -> String {
        let mut lines = FIRST_PUZZLE.to_vec();
        lines[line_in_puzzle - 1] = replacement;
        format!("{}{}\n0\n", two_good_puzzles(), lines.join("\n"))
    }

    /// Asserts that reading `input` stops at a fault whose message holds every piece of
    /// `parts`, in one line.
    fn assert_rejected(input: &str, parts: &[&str]) {
        let message = match parse_puzzles(input.as_bytes()).find_map(Result::err) {
            Some(error) => error.to_string(),
            None => String::from("(no error)"),
        };
        for part in parts {
            assert!(
                message.contains(part),
                "input:\n{input}\nexpected a message with: {parts:?}\nactual: {message}"
            );
        }
        assert!(
            !message.contains('\n'),
            "the message is not one line: {message}"
        );
    }

    /// The item `text` as read at column 1.
    fn item(text: &str) -> Item {
        Item::new(1, text)
    }

    #[test]
    fn locations_name_rows_by_letter_and_columns_by_digit() {
        for cell in 0..N_CELLS {
            assert_eq!(parse_location(&item(&location_name(cell))).ok(), Some(cell));
        }
        assert_eq!(parse_location(&item("C9")).ok(), Some(2 * 9 + 8));
        for bad in ["J1", "A0", "a1", "A10", "1A", "", "A", "I0"] {
            assert_eq!(parse_location(&item(bad)).ok(), None, "{bad}");
        }
    }

    #[test]
    fn puzzles_are_parsed_with_their_lines() {
        let puzzles: Vec<Puzzle> = parse_puzzles(SAMPLE_1_IN.as_bytes())
            .map(Result::unwrap)
            .collect();
        assert_eq!(puzzles.len(), 2);
        assert_eq!((puzzles[0].number, puzzles[0].first_line), (1, 1));
        assert_eq!((puzzles[1].number, puzzles[1].first_line), (2, 13));
        assert_eq!(puzzles[1].last_line, 25);
        assert_eq!(puzzles[1].tiles.len(), 11);
        // "5 I9 2 H9": digit 5 on row 9, column 9, digit 2 just above it.
        let first_tile = puzzles[1].tiles[0];
        assert_eq!(first_tile.cells, [80, 71]);
        assert_eq!(first_tile.digits, [5, 2]);
        // The singles line "I5 E6 ...": digit 1 on I5, digit 2 on E6.
        assert_eq!(puzzles[1].single_cells[0], 8 * 9 + 4);
        assert_eq!(puzzles[1].single_cells[1], 4 * 9 + 5);
    }

    #[test]
    fn a_bad_tile_count_is_rejected() {
        for bad in ["ten", "9", "36", "-10", "+10", "1e1"] {
            assert_rejected(
                &third_puzzle_with(1, bad),
                &[
                    "puzzle 3, line 26",
                    "tile count",
                    "10 to 35",
                    &format!("`{bad}`"),
                ],
            );
        }
        assert_rejected(
            &third_puzzle_with(1, "10 11"),
            &[
                "puzzle 3, line 26",
                "tile count line holds one number, found more: `11`",
            ],
        );
    }

    #[test]
    fn input_that_ends_early_is_rejected() {
        // No closing 0.
        assert_rejected(
            &two_good_puzzles(),
            &[
                "puzzle 3, line 26: the input ends after 25 lines; expected a tile count",
                "`0`",
            ],
        );
        // In the middle of a puzzle's tiles.
        let lines: Vec<&str> = SAMPLE_1_IN.lines().collect();
        assert_rejected(
            &lines[..18].join("\n"),
            &["puzzle 2, line 19: the input ends after 18 lines; expected tile 6 of 11"],
        );
        // Before the singles.
        assert_rejected(
            &lines[..11].join("\n"),
            &["puzzle 1, line 12: the input ends after 11 lines; expected the line of the nine single cells"],
        );
        assert_rejected(
            "",
            &["puzzle 1, line 1: the input is empty; expected a tile count"],
        );
        assert_rejected(
            " \n\n",
            &["puzzle 1, line 3: the input ends after 2 lines; expected a tile count"],
        );
    }

    #[test]
    fn lines_with_the_wrong_number_of_items_are_rejected() {
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8"),
            &["puzzle 3, line 29", "a tile line holds 4 items", "found 3"],
        );
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8 E3 5"),
            &["puzzle 3, line 29, column 11", "found more: `5`"],
        );
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6"),
            &[
                "puzzle 3, line 37",
                "singles line holds 9 locations",
                "found 8",
            ],
        );
        // Eleven tile lines where ten were announced: the eleventh is read as the singles.
        assert_rejected(
            &third_puzzle_with(12, "5 G2 1 G3\nC5 A3 D9 I4 A9 E5 A2 C6 I1"),
            &["puzzle 3, line 37", "singles line", "found 4"],
        );
    }

    #[test]
    fn digits_outside_one_to_nine_are_rejected() {
        for bad in ["0", "10", "x", "٣"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 C4 {bad} C3")),
                &[
                    "puzzle 3, line 28",
                    "digit must be one of 1 to 9",
                    &format!("`{bad}`"),
                ],
            );
        }
    }

    #[test]
    fn locations_outside_the_grid_are_rejected() {
        for bad in ["J1", "A0", "B10", "3B", "C"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 {bad} 9 C3")),
                &[
                    "puzzle 3, line 28",
                    "row letter A to I",
                    &format!("`{bad}`"),
                ],
            );
        }
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6 i1"),
            &["puzzle 3, line 37", "`i1`", "row letters are capitals"],
        );
    }

    #[test]
    fn a_tile_with_equal_halves_is_rejected() {
        assert_rejected(
            &third_puzzle_with(2, "6 B2 6 B3"),
            &["puzzle 3, line 27", "there is no tile 6+6"],
        );
    }

    #[test]
    fn halves_that_are_not_side_by_side_are_rejected() {
        assert_rejected(
            &third_puzzle_with(2, "6 B2 1 C3"),
            &["puzzle 3, line 27", "side by side", "B2 and C3 are not"],
        );
        // The end of one row and the start of the next are not side by side.
        assert_rejected(
            &third_puzzle_with(2, "6 A9 1 B1"),
            &["puzzle 3, line 27", "A9 and B1 are not"],
        );
        assert_rejected(
            &third_puzzle_with(2, "6 B2 1 B2"),
            &["puzzle 3, line 27", "both halves of the tile are on B2"],
        );
    }

    #[test]
    fn a_tile_laid_twice_is_rejected_in_either_order() {
        // Line 3 of the puzzle lays 2+9 as "2 C4 9 C3".
        assert_rejected(
            &third_puzzle_with(11, "9 C9 2 B9"),
            &[
                "puzzle 3, line 36",
                "tile 2+9 is laid twice (first on line 28)",
            ],
        );
        assert_rejected(
            &third_puzzle_with(11, "2 A1 9 A2"),
            &[
                "puzzle 3, line 36",
                "tile 2+9 is laid twice (first on line 28)",
            ],
        );
    }

    #[test]
    fn a_cell_covered_twice_is_rejected() {
        // Two tiles: C3 is covered by "2 C4 9 C3" on line 3 of the puzzle.
        assert_rejected(
            &third_puzzle_with(11, "5 C2 1 C3"),
            &[
                "puzzle 3, line 36",
                "cell C3 is covered twice (first on line 28)",
            ],
        );
        // A tile and a single: digit 1 put on B3, covered by "6 B2 1 B3".
        assert_rejected(
            &third_puzzle_with(12, "B3 A3 D9 I4 A9 E5 A2 C6 I1"),
            &[
                "puzzle 3, line 37",
                "cell B3 is covered twice (first on line 27)",
            ],
        );
        // Two singles on one cell.
        assert_rejected(
            &third_puzzle_with(12, "C5 C5 D9 I4 A9 E5 A2 C6 I1"),
            &[
                "puzzle 3, line 37",
                "cell C5 is covered twice (first on line 37)",
            ],
        );
    }

    #[test]
    fn a_digit_twice_in_a_unit_is_rejected_naming_the_unit() {
        // In a row: digit 1 on B9, where B3 holds a 1 (line 2 of the puzzle).
        assert_rejected(
            &third_puzzle_with(11, "7 C9 1 B9"),
            &[
                "puzzle 3, line 36",
                "digit 1 stands twice in row 2: at B9 and at B3 (line 27)",
            ],
        );
        // In a column: digit 1 on H3, below that same 1 on B3.
        assert_rejected(
            &third_puzzle_with(11, "1 H3 3 H4"),
            &[
                "puzzle 3, line 36",
                "digit 1 stands twice in column 3: at H3 and at B3 (line 27)",
            ],
        );
        // In a box only: digit 9 on A1, where C3 holds a 9 (line 3 of the puzzle).
        assert_rejected(
            &third_puzzle_with(11, "9 A1 3 A2"),
            &[
                "puzzle 3, line 36",
                "digit 9 stands twice in box 1: at A1 and at C3 (line 28)",
            ],
        );
        // A single: the 8 moved to E2, where E3 holds an 8 (line 4 of the puzzle).
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 E2 I1"),
            &[
                "puzzle 3, line 37",
                "digit 8 stands twice in row 5: at E2 and at E3 (line 29)",
            ],
        );
    }

    #[test]
    fn text_after_the_closing_zero_is_rejected() {
        assert_rejected(
            &format!("{SAMPLE_1_IN}\n5\n"),
            &["puzzle 3, line 28", "after the line `0`"],
        );
    }

    /// The message of the first fault in `input`.
    fn message(input: &str) -> String {
        match parse_puzzles(input.as_bytes()).find_map(Result::err) {
            Some(error) => error.to_string(),
            None => panic!("input:\n{input}\nwas not refused"),
        }
    }

    #[test]
    fn items_are_reported_at_their_column() {
        assert_eq!(
            message(&third_puzzle_with(3, "2 C4 0 C3")),
            "puzzle 3, line 28, column 6: a digit must be one of 1 to 9, found `0`"
        );
        assert_eq!(
            message(&third_puzzle_with(3, "2  J4 9 C3")),
            "puzzle 3, line 28, column 4: a location is a row letter A to I and a column \
             digit 1 to 9, like `B3`, found `J4`"
        );
        assert_eq!(
            message(&third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6 i1")),
            "puzzle 3, line 37, column 25: a location is a row letter A to I and a column \
             digit 1 to 9, like `B3`, found `i1` (row letters are capitals)"
        );
        assert_eq!(
            message(&third_puzzle_with(1, "1\u{feff}0")),
            "puzzle 3, line 26, column 1: the tile count must be a number from 10 to 35 (or \
             0 to end the input), found `1\\u{feff}0`"
        );
    }

    #[test]
    fn a_line_is_left_at_its_first_item_too_many() {
        let long_line = format!("6 B2 1 B3{}", " 7".repeat(100_000));
        assert_eq!(
            message(&third_puzzle_with(2, &long_line)),
            "puzzle 3, line 27, column 11: a tile line holds 4 items `U LU V LV`, like \
             `6 B2 1 B3`, found more: `7`"
        );
        let long_item = "1".repeat(1_000_000);
        assert_eq!(
            message(&third_puzzle_with(1, &long_item)),
            "puzzle 3, line 26, column 1: the tile count line holds one number, found \
             `1111111111111111...`"
        );
    }

    #[test]
    fn text_after_the_closing_zero_is_quoted() {
        assert_eq!(
            message("0\n\n  \x1b[2J\n"),
            "puzzle 1, line 3, column 3: unexpected `\\x1b[2J` after the line `0` that ends \
             the input"
        );
    }
}
