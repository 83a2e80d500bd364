//! Step 1, reading the puzzles one at a time, through the [`Lines`] of [`common::input`]
//! (bounded memory, places, quotes). This module knows the format:
//!
//! - Blank lines (empty, or spaces and tabs only) are skipped wherever they appear.
//! - The count line holds one item, a tile line four, the singles line nine, as the judge
//!   writes them, so that every message can name the line at fault.
//! - Row letters are capitals (`b3` is refused with a hint), as the judge writes them.
//! - The givens break no rule: a tile's halves show two digits and lie side by side, no
//!   tile is laid twice, no cell is covered twice, no digit is given twice in a unit.
//!   They are checked here, where their places are known, so that a message names both.
//!
//! [`crate::run`] answers each puzzle before it reads the next, so a fault in puzzle `k`,
//! even a byte that is not UTF-8, leaves the answers to puzzles `1..k` written.

use std::io::BufRead;

use common::grid_reader::refuse_repeated_digit;
use common::input::{quote, Error, Item, Lines};
use common::{COL_OF, N_CELLS, ROW_OF};

use crate::{tile_number, Placement, Puzzle, N_TILES, TILE_DIGITS};

/// Reads the next puzzle of `lines`; `None` when the closing `0` comes instead (and
/// nothing after it but blank lines).
///
/// ```
/// let input = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n\
///              7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\nC5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
/// let mut lines = common::input::Lines::new(input.as_bytes());
/// let puzzle = p4574::read_puzzle(&mut lines).unwrap().unwrap();
/// assert_eq!(puzzle.tiles.len(), 10);
/// assert_eq!(p4574::location_name(puzzle.single_cells[0]), "C5");
/// assert_eq!(p4574::read_puzzle(&mut lines).unwrap(), None);
/// ```
pub fn read_puzzle<R: BufRead>(lines: &mut Lines<R>) -> Result<Option<Puzzle>, Error> {
    let count_holds = "the tile count line holds one number";
    let expected = "a tile count (or the line `0` that ends the input)";
    let count = read_line(lines, 1, count_holds, expected)?.remove(0);
    if count.text == "0" {
        lines.expect_end("the line `0` that ends the input")?;
        return Ok(None);
    }
    // `parse` takes a leading `+`, which the format does not.
    let n_tiles = match count.text.parse() {
        Ok(n_tiles) if (10..=35).contains(&n_tiles) && !count.text.starts_with('+') => n_tiles,
        _ => {
            let message = format!(
                "the tile count must be a number from 10 to 35 (or 0 to end the input), \
                 found {}",
                quote(&count.text)
            );
            return Err(Error::at(count.line, count.column, message));
        }
    };

    // Where each given digit stands (line, column; line 0 for a cell not covered yet),
    // and the line that laid each tile (0 for none yet).
    let mut places = [(0, 0); N_CELLS];
    let mut line_of_tile = [0; N_TILES];
    let mut cover = |cell: usize, item: &Item| {
        let (first_line, _) = places[cell];
        if first_line != 0 {
            let name = location_name(cell);
            let message = format!("cell {name} is covered twice (first on line {first_line})");
            return Err(Error::at(item.line, item.column, message));
        }
        places[cell] = (item.line, item.column);
        Ok(())
    };
    let digit = |item: &Item| match *item.text.as_bytes() {
        [digit @ b'1'..=b'9'] => Ok(digit - b'0'),
        _ => {
            let message = format!("a digit must be one of 1 to 9, found {}", quote(&item.text));
            Err(Error::at(item.line, item.column, message))
        }
    };

    // The tiles already laid, `U LU V LV` each.
    let mut tiles = Vec::with_capacity(n_tiles);
    for given in 1..=n_tiles {
        let holds = "a tile line holds 4 items `U LU V LV`, like `6 B2 1 B3`";
        let items = read_line(lines, 4, holds, &format!("tile {given} of {n_tiles}"))?;
        let digits = [digit(&items[0])?, digit(&items[2])?];
        let cells = [parse_location(&items[1])?, parse_location(&items[3])?];
        let line = items[0].line;
        if digits[0] == digits[1] {
            let message = format!(
                "there is no tile {0}+{0}: the halves of a tile show two different digits",
                digits[0]
            );
            return Err(Error::on_line(line, message));
        }
        if !are_side_by_side(cells[0], cells[1]) {
            let [first, second] = cells.map(location_name);
            let message = format!(
                "the halves of a tile must be side by side, but {first} and {second} are not"
            );
            return Err(Error::on_line(line, message));
        }
        let tile = tile_number(digits[0], digits[1]);
        if line_of_tile[tile] != 0 {
            let (low, high) = TILE_DIGITS[tile];
            let message = format!(
                "tile {low}+{high} is laid twice (first on line {}); the set has one of each",
                line_of_tile[tile]
            );
            return Err(Error::on_line(line, message));
        }
        line_of_tile[tile] = line;
        cover(cells[0], &items[1])?;
        cover(cells[1], &items[3])?;
        tiles.push(Placement { cells, digits });
    }

    // The nine single cells, for the digits 1, 2, ..., 9 in this order.
    let holds = "the singles line holds 9 locations, where 1, 2, ..., 9 stand";
    let items = read_line(lines, 9, holds, "the line of the nine single cells")?;
    let mut single_cells = [0; 9];
    for (index, item) in items.iter().enumerate() {
        single_cells[index] = parse_location(item)?;
        cover(single_cells[index], item)?;
    }
    let puzzle = Puzzle {
        tiles,
        single_cells,
    };
    refuse_repeated_digit(&puzzle.given_grid(), &places)?;
    Ok(Some(puzzle))
}

/// The items of the next line that is not blank, which must hold `n_items` of them:
/// `holds` says what such a line holds, `expected` what was due, for the messages.
fn read_line<R: BufRead>(
    lines: &mut Lines<R>,
    n_items: usize,
    holds: &str,
    expected: &str,
) -> Result<Vec<Item>, Error> {
    let mut items = Vec::new();
    while items.is_empty() {
        let line = lines.next_line()?.ok_or_else(|| lines.ended(expected))?;
        items = line.items();
    }
    if let Some(extra) = items.get(n_items) {
        let message = format!("{holds}, found more: {}", quote(&extra.text));
        return Err(Error::at(extra.line, extra.column, message));
    }
    if items.len() < n_items {
        let message = format!("{holds}, found {} items", items.len());
        return Err(Error::on_line(items[0].line, message));
    }
    Ok(items)
}

/// Reads a location item `A1`..`I9`: the cell it names.
fn parse_location(item: &Item) -> Result<usize, Error> {
    let cell_of = |text: &[u8]| match *text {
        [row_letter @ b'A'..=b'I', column_digit @ b'1'..=b'9'] => {
            Some(usize::from(row_letter - b'A') * 9 + usize::from(column_digit - b'1'))
        }
        _ => None,
    };
    if let Some(cell) = cell_of(item.text.as_bytes()) {
        return Ok(cell);
    }
    let hint = match cell_of(item.text.to_ascii_uppercase().as_bytes()) {
        Some(_) => " (row letters are capitals)",
        None => "",
    };
    let message = format!(
        "a location is a row letter A to I and a column digit 1 to 9, like `B3`, found {}{hint}",
        quote(&item.text)
    );
    Err(Error::at(item.line, item.column, message))
}

/// The name the input gives a cell: its row letter `A`..`I`, then its column digit `1`..`9`.
///
/// ```
/// assert_eq!(p4574::location_name(0), "A1");
/// assert_eq!(p4574::location_name(11), "B3");
/// assert_eq!(p4574::location_name(80), "I9");
/// ```
pub fn location_name(cell: usize) -> String {
    let row_letter = char::from(b'A' + ROW_OF[cell]);
    format!("{}{}", row_letter, COL_OF[cell] + 1)
}

/// Whether two cells are side by side: same row and neighbouring columns, or same column
/// and neighbouring rows. Only such a pair can carry a tile.
pub(crate) fn are_side_by_side(first: usize, second: usize) -> bool {
    let same_row = ROW_OF[first] == ROW_OF[second];
    let same_column = COL_OF[first] == COL_OF[second];
    (same_row && COL_OF[first].abs_diff(COL_OF[second]) == 1)
        || (same_column && ROW_OF[first].abs_diff(ROW_OF[second]) == 1)
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

    /// The message that stops the run on `input`; the run names the puzzle.
    fn message(input: &str) -> String {
        match crate::run(input.as_bytes(), &mut Vec::new()) {
            Err(error) => error.to_string(),
            Ok(()) => panic!("input:\n{input}\nwas not refused"),
        }
    }

    /// Asserts that reading `input` stops at a fault whose message holds every piece of
    /// `parts`, in one line.
    fn assert_rejected(input: &str, parts: &[&str]) {
        let message = message(input);
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

    /// The item `text` as read at line 1, column 1.
    fn item(text: &str) -> Item {
        Item {
            line: 1,
            column: 1,
            text: text.to_string(),
        }
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
    fn puzzles_are_read_one_at_a_time() {
        let mut lines = Lines::new(SAMPLE_1_IN.as_bytes());
        let first = read_puzzle(&mut lines).unwrap().unwrap();
        assert_eq!((first.tiles.len(), lines.n_read), (10, 12));
        let second = read_puzzle(&mut lines).unwrap().unwrap();
        assert_eq!((second.tiles.len(), lines.n_read), (11, 25));
        // "5 I9 2 H9": digit 5 on row 9, column 9, digit 2 just above it.
        assert_eq!(second.tiles[0].cells, [80, 71]);
        assert_eq!(second.tiles[0].digits, [5, 2]);
        // The singles line "I5 E6 ...": digit 1 on I5, digit 2 on E6.
        assert_eq!(second.single_cells[0], 8 * 9 + 4);
        assert_eq!(second.single_cells[1], 4 * 9 + 5);
        assert_eq!(read_puzzle(&mut lines).unwrap(), None);
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
            &["puzzle 3, line 27", "B2 and B2 are not"],
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
                "puzzle 3, line 36, column 8",
                "digit 1 is given twice in row 2 (also at line 27, column 8)",
            ],
        );
        // In a column: digit 1 on H3, below that same 1 on B3.
        assert_rejected(
            &third_puzzle_with(11, "1 H3 3 H4"),
            &[
                "puzzle 3, line 36, column 3",
                "digit 1 is given twice in column 3 (also at line 27, column 8)",
            ],
        );
        // In a box only: digit 6 on A1, where B2 holds a 6 (line 2 of the puzzle). (The
        // givens are checked for clashes once all are read, so the input has no other
        // fault: no 6 in row A or column 1, and A1 and B1 free.)
        assert_rejected(
            &third_puzzle_with(11, "6 A1 3 B1"),
            &[
                "puzzle 3, line 36, column 3",
                "digit 6 is given twice in box 1 (also at line 27, column 3)",
            ],
        );
        // A single: the 8 moved to E2, where E3 holds an 8 (line 4 of the puzzle).
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 E2 I1"),
            &[
                "puzzle 3, line 37, column 22",
                "digit 8 is given twice in row 5 (also at line 29, column 8)",
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
    fn long_lines_are_refused_at_their_first_fault_or_at_the_limit() {
        // 40 kB: within the limit, refused at the first item too many.
        let long_line = format!("6 B2 1 B3{}", " 7".repeat(20_000));
        assert_eq!(
            message(&third_puzzle_with(2, &long_line)),
            "puzzle 3, line 27, column 11: a tile line holds 4 items `U LU V LV`, like \
             `6 B2 1 B3`, found more: `7`"
        );
        let long_item = "1".repeat(60_000);
        assert_eq!(
            message(&third_puzzle_with(1, &long_item)),
            "puzzle 3, line 26, column 1: the tile count must be a number from 10 to 35 (or \
             0 to end the input), found `1111111111111111...`"
        );
        // 200 kB: past the limit, refused whole, and read no further.
        let longer_line = format!("6 B2 1 B3{}", " 7".repeat(100_000));
        assert_eq!(
            message(&third_puzzle_with(2, &longer_line)),
            "puzzle 3, line 27: the line is longer than 65536 bytes; no line of the input is \
             nearly that long"
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
