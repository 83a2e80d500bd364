//! # Reading a Sudoku grid, in either judge format
//!
//! A grid is nine lines of nine digits, `0` for an empty cell: problem 2239 writes a row
//! with nothing between the digits, problem 2580 with spaces. [`read_grid`] reads both
//! by the rules of [`crate::input`]; blank lines after the grid are accepted. Only the
//! format is checked here: givens that clash (a digit twice in a unit) make a grid without
//! completion, and the solver finds that, as it finds any other.

use std::io::BufRead;

use crate::input::{quote, Error, Item, Lines};
use crate::N_CELLS;

/// How a judge writes the nine digits of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFormat {
    /// Problem 2239: nothing between the digits, `530070000`.
    Packed,
    /// Problem 2580: spaces or tabs between the digits, `5 3 0 0 7 0 0 0 0`.
    Spaced,
}

/// Reads a grid of nine rows written in `format`: cell `row * 9 + column` holds the digit
/// of that row and column (both from 0), 0 for an empty cell.
pub fn read_grid(input: impl BufRead, format: RowFormat) -> Result<[u8; N_CELLS], Error> {
    let mut lines = Lines::new(input);
    let mut grid = [0; N_CELLS];
    // What a row holds, for the messages: the hint that matters when the input is in the
    // other problem's format.
    let row_holds = match format {
        RowFormat::Packed => "9 digits with nothing between them",
        RowFormat::Spaced => "9 digits separated by spaces",
    };
    for row in 0..9 {
        let row_line = lines
            .next_line()?
            .ok_or_else(|| lines.ended("9 lines of 9 digits"))?;
        // Each digit as an item of one character: the characters of a packed row (up to
        // the blanks at its end), the items of a spaced one.
        let digits: Vec<Item> = match format {
            RowFormat::Packed => row_line
                .text
                .trim_end_matches([' ', '\t'])
                .chars()
                .zip(row_line.column..)
                .map(|(character, column)| Item {
                    line: row_line.line,
                    column,
                    text: character.to_string(),
                })
                .collect(),
            RowFormat::Spaced => row_line.items(),
        };
        for (column_in_grid, digit) in digits.iter().enumerate() {
            let message = match digit.text.as_bytes() {
                _ if column_in_grid == 9 => format!(
                    "unexpected {} after the 9 digits of the row",
                    quote(&digit.text)
                ),
                [byte @ b'0'..=b'9'] => {
                    grid[row * 9 + column_in_grid] = byte - b'0';
                    continue;
                }
                _ => format!(
                    "{} is not a digit; a row holds {row_holds}, 0 for an empty cell",
                    quote(&digit.text)
                ),
            };
            return Err(Error::at(digit.line, digit.column, message));
        }
        if digits.len() < 9 {
            let message = format!("a row holds {row_holds}, found {}", digits.len());
            return Err(Error::at(row_line.line, row_line.column, message));
        }
    }
    lines.expect_end("the 9 lines of the grid")?;
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nine rows of a valid grid with givens (a solved grid with holes), packed.
    const PACKED: [&str; 9] = [
        "530070000",
        "600195000",
        "098000060",
        "800060003",
        "400803001",
        "700020006",
        "060000280",
        "000419005",
        "000080079",
    ];

    fn spaced(row: &str) -> String {
        let digits: Vec<String> = row.chars().map(String::from).collect();
        digits.join(" ")
    }

    /// The grid's text in `format`, with row `index` replaced by `replacement` when given.
    fn grid_text(format: RowFormat, replaced: Option<(usize, &str)>) -> String {
        let mut lines: Vec<String> = PACKED
            .iter()
            .map(|row| match format {
                RowFormat::Packed => row.to_string(),
                RowFormat::Spaced => spaced(row),
            })
            .collect();
        if let Some((index, replacement)) = replaced {
            lines[index] = replacement.to_string();
        }
        lines.join("\n") + "\n"
    }

    /// The message for `input`, which must be refused.
    fn message(input: &[u8], format: RowFormat) -> String {
        match read_grid(input, format) {
            Ok(grid) => panic!(
                "accepted as {format:?}:\n{}\ngrid: {grid:?}",
                String::from_utf8_lossy(input)
            ),
            Err(error) => error.to_string(),
        }
    }

    /// The message for a character or item at `at` (a position and a quote) that is no
    /// digit, in `format`.
    fn not_a_digit(at: &str, format: RowFormat) -> String {
        let holds = match format {
            RowFormat::Packed => "9 digits with nothing between them",
            RowFormat::Spaced => "9 digits separated by spaces",
        };
        format!("{at} is not a digit; a row holds {holds}, 0 for an empty cell")
    }

    fn packed_with(index: usize, row: &str) -> String {
        grid_text(RowFormat::Packed, Some((index, row)))
    }

    fn spaced_with(index: usize, row: &str) -> String {
        grid_text(RowFormat::Spaced, Some((index, row)))
    }

    #[test]
    fn both_formats_read_the_same_grid_with_loose_line_ends() {
        let expected = read_grid(
            grid_text(RowFormat::Packed, None).as_bytes(),
            RowFormat::Packed,
        )
        .unwrap();
        assert_eq!(&expected[..9], &[5, 3, 0, 0, 7, 0, 0, 0, 0]);
        for format in [RowFormat::Packed, RowFormat::Spaced] {
            let text = grid_text(format, None);
            let variants = [
                text.clone(),
                text.replace('\n', "\r\n"),
                text.replace('\n', " \t\r\n"),
                text.trim_end().to_string(),
                format!("{text}\n  \n\t\n"),
                format!("\u{feff}{text}"),
            ];
            for variant in variants {
                let grid = read_grid(variant.as_bytes(), format)
                    .unwrap_or_else(|error| panic!("{format:?} {variant:?}: {error}"));
                assert_eq!(grid, expected, "{format:?} {variant:?}");
            }
        }
        // Tabs and several spaces separate too.
        let tabbed = grid_text(RowFormat::Spaced, None).replace(' ', " \t ");
        assert_eq!(
            read_grid(tabbed.as_bytes(), RowFormat::Spaced).unwrap(),
            expected
        );
    }

    #[test]
    fn short_and_long_rows_are_refused() {
        let packed = RowFormat::Packed;
        assert_eq!(
            message(packed_with(1, "60019500").as_bytes(), packed),
            "line 2, column 1: a row holds 9 digits with nothing between them, found 8"
        );
        assert_eq!(
            message(packed_with(1, "6001950000").as_bytes(), packed),
            "line 2, column 10: unexpected `0` after the 9 digits of the row"
        );
        assert_eq!(
            message(packed_with(1, "").as_bytes(), packed),
            "line 2, column 1: a row holds 9 digits with nothing between them, found 0"
        );
        let spaced = RowFormat::Spaced;
        assert_eq!(
            message(spaced_with(1, "6 0 0 1 9 5 0 0").as_bytes(), spaced),
            "line 2, column 1: a row holds 9 digits separated by spaces, found 8"
        );
        assert_eq!(
            message(spaced_with(1, "6 0 0 1 9 5 0 0 0 4").as_bytes(), spaced),
            "line 2, column 19: unexpected `4` after the 9 digits of the row"
        );
    }

    #[test]
    fn characters_that_are_not_digits_are_quoted_with_their_column() {
        let packed = RowFormat::Packed;
        assert_eq!(
            message(packed_with(2, "098-00060").as_bytes(), packed),
            not_a_digit("line 3, column 4: `-`", packed)
        );
        assert_eq!(
            message(packed_with(2, "0 8000060").as_bytes(), packed),
            not_a_digit("line 3, column 2: ` `", packed)
        );
        assert_eq!(
            message(packed_with(2, "09800\u{1b}[2J").as_bytes(), packed),
            not_a_digit("line 3, column 6: `\\x1b`", packed)
        );
        assert_eq!(
            message(packed_with(2, "0980\u{200b}0060").as_bytes(), packed),
            not_a_digit("line 3, column 5: `\\u{200b}`", packed)
        );
        assert_eq!(
            message(packed_with(2, "098\x0000060").as_bytes(), packed),
            not_a_digit("line 3, column 4: `\\0`", packed)
        );
        let spaced = RowFormat::Spaced;
        assert_eq!(
            message(spaced_with(2, "0 9 8 x 0 0 0 6 0").as_bytes(), spaced),
            not_a_digit("line 3, column 7: `x`", spaced)
        );
        assert_eq!(
            message(spaced_with(2, "0 9 8 17 0 0 0 6 0").as_bytes(), spaced),
            not_a_digit("line 3, column 7: `17`", spaced)
        );
        // A row of the other format.
        assert!(
            message(grid_text(RowFormat::Packed, None).as_bytes(), spaced)
                .starts_with("line 1, column 1: `530070000` is not a digit; a row holds 9 digits")
        );
    }

    #[test]
    fn columns_count_characters_after_wide_ones() {
        // U+3000 is refused as white space; its column counts characters, not bytes.
        assert_eq!(
            message(
                spaced_with(0, "5 3 \u{3000}0 7 0 0 0 0").as_bytes(),
                RowFormat::Spaced
            ),
            "line 1, column 5: `\\u{3000}` is white space other than a space or a tab; only \
             those separate items, and lines end with `\\n` or `\\r\\n` (not `\\r` alone, as \
             on old Macs)"
        );
        // After é (two bytes), the bad item is the 9th character.
        assert_eq!(
            message(spaced_with(0, "5 3 é 0 7").as_bytes(), RowFormat::Spaced),
            not_a_digit("line 1, column 5: `é`", RowFormat::Spaced)
        );
        assert_eq!(
            message(
                format!(
                    "{}\n\u{3000}x",
                    grid_text(RowFormat::Spaced, None).trim_end()
                )
                .as_bytes(),
                RowFormat::Spaced
            ),
            "line 10, column 1: `\\u{3000}` is white space other than a space or a tab; only \
             those separate items, and lines end with `\\n` or `\\r\\n` (not `\\r` alone, as \
             on old Macs)"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        let text = grid_text(RowFormat::Packed, None);
        assert!(read_grid(format!("\u{feff}{text}").as_bytes(), RowFormat::Packed).is_ok());
        assert_eq!(
            message(
                packed_with(4, "\u{feff}00803001").as_bytes(),
                RowFormat::Packed
            ),
            not_a_digit("line 5, column 1: `\\u{feff}`", RowFormat::Packed)
        );
    }

    #[test]
    fn missing_rows_and_text_after_the_grid_are_refused() {
        let text = grid_text(RowFormat::Spaced, None);
        let first_six: String = text
            .lines()
            .take(6)
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(
            message(first_six.as_bytes(), RowFormat::Spaced),
            "line 7, column 1: the input ends here; expected 9 lines of 9 digits"
        );
        assert_eq!(
            message(b"", RowFormat::Packed),
            "line 1, column 1: the input ends here; expected 9 lines of 9 digits"
        );
        assert_eq!(
            message(format!("{text}\n  1 2 3\n").as_bytes(), RowFormat::Spaced),
            "line 11, column 3: unexpected `1` after the 9 lines of the grid"
        );
    }

    #[test]
    fn a_digit_given_twice_is_read_and_left_to_the_solver() {
        // Row 1 already holds a 3 in column 2: the grid reads, and the board refuses it.
        let clash = spaced_with(0, "3 3 0 0 7 0 0 0 0");
        let grid = read_grid(clash.as_bytes(), RowFormat::Spaced).unwrap();
        assert_eq!(&grid[..2], &[3, 3]);
        assert!(crate::board::Board::from_grid(&grid).is_err());
    }

    #[test]
    fn invalid_utf8_and_lone_carriage_returns_are_refused_with_their_position() {
        // Row 4 starts at byte 30 (three lines of ten bytes before it); its 9th is 0xff.
        let mut bytes = grid_text(RowFormat::Packed, None).into_bytes();
        bytes[30 + 8] = 0xff;
        let message_text = message(&bytes, RowFormat::Packed);
        assert!(
            message_text.starts_with("line 4, column 9: `\\xff` is not UTF-8 text"),
            "{message_text}"
        );
        let old_mac = grid_text(RowFormat::Packed, None).replace('\n', "\r");
        let message_text = message(old_mac.as_bytes(), RowFormat::Packed);
        assert!(
            message_text.starts_with("line 1, column 10: `\\r` is white space"),
            "{message_text}"
        );
    }
}
