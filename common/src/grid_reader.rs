//! # Reading a Sudoku grid, in either judge format
//!
//! Problem 2239 writes a row as nine digits with nothing between them (`530070000`);
//! problem 2580 puts spaces between them (`5 3 0 0 7 0 0 0 0`). [`read_grid`] reads both,
//! through the [`LineReader`] of [`crate::input`], so line ends, separators (spaces and
//! tabs only), places, quotes and memory follow the rules written there. A grid is nine
//! lines, one row each, `0` for an empty cell. White space at the end of a line, blank
//! lines after the grid and a missing final line end are accepted. Anything else is an
//! [`InputError`] naming the line (and column) at fault, and so is a digit given twice in
//! a row, column or box: such a grid has no completion, and saying where the clash is
//! helps more than saying only that.

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::input::{InputError, Item, LineReader};
use crate::{find_repeated_digit, unit_name, N_CELLS};

/// How one digit of a row is read: from the reader, whose current line is the row, the
/// digit of grid column `column_in_grid` (from 0), returned with its column in the line.
/// The two formats are two such functions, [`packed_digit`] and [`spaced_digit`].
pub type DigitReader<R> = fn(&mut LineReader<R>, usize) -> Result<(u8, usize), InputError>;

/// Why a Sudoku program stops without printing an answer.
#[derive(Debug)]
pub enum Error {
    /// The input is malformed, or gives a digit twice in one unit.
    Input(InputError),
    /// The givens break no rule, but no completion exists.
    NoCompletion,
    /// Writing the answer failed.
    Output(io::Error),
}

impl From<InputError> for Error {
    fn from(error: InputError) -> Error {
        Error::Input(error)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(error) => error.fmt(formatter),
            Error::NoCompletion => formatter.write_str("the grid has no completion"),
            Error::Output(error) => write!(formatter, "cannot write the answer: {error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Input(error) => Some(error),
            Error::NoCompletion => None,
            Error::Output(error) => Some(error),
        }
    }
}

/// The whole of a judge program that reads one grid and prints one completion: reads the
/// grid with `parse`, completes it with `solve` and writes the completion as `format`
/// prints it. Nothing is written unless the whole answer is known; a grid that `solve`
/// cannot complete is [`Error::NoCompletion`].
///
/// ```
/// use common::grid_reader::{answer, packed_digit, read_grid, Error};
///
/// let parse = |input: &[u8]| Ok::<_, Error>(read_grid(input, packed_digit)?);
/// let format = |grid: &[u8; 81]| format!("{} digits\n", grid.len());
/// let mut output = Vec::new();
/// let input = "000000000\n".repeat(9);
/// answer(input.as_bytes(), &mut output, parse, |grid| Some(*grid), format).unwrap();
/// assert_eq!(output, b"81 digits\n");
/// let error = answer(input.as_bytes(), &mut Vec::new(), parse, |_| None, format);
/// assert!(matches!(error, Err(Error::NoCompletion)));
/// ```
pub fn answer<R: BufRead>(
    input: R,
    output: &mut impl Write,
    parse: impl FnOnce(R) -> Result<[u8; N_CELLS], Error>,
    solve: impl FnOnce(&[u8; N_CELLS]) -> Option<[u8; N_CELLS]>,
    format: impl FnOnce(&[u8; N_CELLS]) -> String,
) -> Result<(), Error> {
    let grid = parse(input)?;
    let completion = solve(&grid).ok_or(Error::NoCompletion)?;
    output
        .write_all(format(&completion).as_bytes())
        .map_err(Error::Output)
}

/// Reads a grid of nine rows whose digits `read_digit` reads ([`packed_digit`] or
/// [`spaced_digit`]); cell `row * 9 + column` holds the digit of row `row` and column
/// `column` (both from 0), 0 for an empty cell.
///
/// ```
/// use common::grid_reader::{packed_digit, read_grid, spaced_digit};
///
/// let packed = "000000000\n".repeat(8) + "000000001\n";
/// let spaced = "0 0 0 0 0 0 0 0 0\n".repeat(8) + "0 0 0 0 0 0 0 0 1\n";
/// let grid = read_grid(packed.as_bytes(), packed_digit).unwrap();
/// assert_eq!(grid[80], 1);
/// assert_eq!(read_grid(spaced.as_bytes(), spaced_digit).unwrap(), grid);
/// let error = read_grid(spaced.as_bytes(), packed_digit).unwrap_err();
/// assert_eq!(error.to_string(), "line 1, column 2: a space inside the row; this format \
///     writes the 9 digits of a row without separators");
/// ```
pub fn read_grid<R: BufRead>(
    input: R,
    read_digit: DigitReader<R>,
) -> Result<[u8; N_CELLS], InputError> {
    let mut reader = LineReader::new(input);
    let mut grid = [0; N_CELLS];
    // Where each cell's digit stands (line, column), for a message about a repeated digit.
    let mut places = [(0, 0); N_CELLS];
    for row in 0..9 {
        if !reader.next_line()? {
            let message = if row == 0 {
                "the input is empty; expected 9 lines of 9 digits".to_string()
            } else {
                format!("the input ends after {row} lines; expected 9 lines of 9 digits")
            };
            return Err(InputError::on_line(row + 1, message));
        }
        for column_in_grid in 0..9 {
            let (digit, column) = read_digit(&mut reader, column_in_grid)?;
            grid[row * 9 + column_in_grid] = digit;
            places[row * 9 + column_in_grid] = (reader.line(), column);
        }
        // Only separators may follow the ninth digit.
        if let Some(item) = reader.next_item()? {
            return Err(InputError::at(
                reader.line(),
                item.column,
                format!("unexpected {} after the 9 digits of the row", item.quoted()),
            ));
        }
    }
    if let Some(item) = reader.next_nonblank_line()? {
        return Err(InputError::at(
            reader.line(),
            item.column,
            format!("unexpected {} after the 9 lines of the grid", item.quoted()),
        ));
    }
    if let Some(repeat) = find_repeated_digit(&grid) {
        let (line, column) = places[repeat.second_cell];
        let (first_line, first_column) = places[repeat.first_cell];
        return Err(InputError::at(
            line,
            column,
            format!(
                "digit {} is given twice in {} (also at line {first_line}, column \
                 {first_column})",
                repeat.digit,
                unit_name(repeat.unit)
            ),
        ));
    }
    Ok(grid)
}

/// The [`DigitReader`] of problem 2239's rows, nine digits with nothing between them
/// (`530070000`): a digit is the next character.
pub fn packed_digit<R: BufRead>(
    reader: &mut LineReader<R>,
    column_in_grid: usize,
) -> Result<(u8, usize), InputError> {
    let line = reader.line();
    let character = match reader.next_char()? {
        Some(character) => character,
        None => {
            return Err(InputError::on_line(
                line,
                format!("expected 9 digits, found {column_in_grid}"),
            ))
        }
    };
    let column = reader.column();
    match character {
        '0'..='9' => Ok((character as u8 - b'0', column)),
        ' ' | '\t' => Err(InputError::at(
            line,
            column,
            format!(
                "a {} inside the row; this format writes the 9 digits of a row without \
                 separators",
                if character == ' ' { "space" } else { "tab" }
            ),
        )),
        _ => Err(InputError::at(
            line,
            column,
            format!(
                "{} is not a digit (0 marks an empty cell)",
                crate::input::quote(&character.to_string())
            ),
        )),
    }
}

/// The [`DigitReader`] of problem 2580's rows, digits separated by spaces or tabs
/// (`5 3 0 0 7 0 0 0 0`): a digit is the next item, which must be one character.
pub fn spaced_digit<R: BufRead>(
    reader: &mut LineReader<R>,
    column_in_grid: usize,
) -> Result<(u8, usize), InputError> {
    let line = reader.line();
    let item = match reader.next_item()? {
        Some(item) => item,
        None => {
            return Err(InputError::on_line(
                line,
                format!("expected 9 digits separated by spaces, found {column_in_grid}"),
            ))
        }
    };
    match item.text().as_bytes() {
        [digit @ b'0'..=b'9'] => Ok((digit - b'0', item.column)),
        _ => Err(InputError::at(line, item.column, not_one_digit(&item))),
    }
}

/// What is wrong with an item of a spaced row that is not one digit.
fn not_one_digit(item: &Item) -> String {
    if item.text().bytes().all(|byte| byte.is_ascii_digit()) {
        format!(
            "{} is not a single digit; this format separates the digits of a row by spaces",
            item.quoted()
        )
    } else {
        format!("{} is not a digit (0 marks an empty cell)", item.quoted())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two formats, for tests that run over both.
    #[derive(Clone, Copy, Debug)]
    enum Format {
        Packed,
        Spaced,
    }

    /// Reads `input` in `format`.
    fn read_in(input: &[u8], format: Format) -> Result<[u8; N_CELLS], InputError> {
        match format {
            Format::Packed => read_grid(input, packed_digit),
            Format::Spaced => read_grid(input, spaced_digit),
        }
    }

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
    fn grid_text(format: Format, replaced: Option<(usize, &str)>) -> String {
        let mut lines: Vec<String> = PACKED
            .iter()
            .map(|row| match format {
                Format::Packed => row.to_string(),
                Format::Spaced => spaced(row),
            })
            .collect();
        if let Some((index, replacement)) = replaced {
            lines[index] = replacement.to_string();
        }
        lines.join("\n") + "\n"
    }

    /// The message for `input`, which must be refused.
    fn message(input: &[u8], format: Format) -> String {
        match read_in(input, format) {
            Ok(grid) => panic!(
                "accepted as {format:?}:\n{}\ngrid: {grid:?}",
                String::from_utf8_lossy(input)
            ),
            Err(error) => error.to_string(),
        }
    }

    fn packed_with(index: usize, row: &str) -> String {
        grid_text(Format::Packed, Some((index, row)))
    }

    fn spaced_with(index: usize, row: &str) -> String {
        grid_text(Format::Spaced, Some((index, row)))
    }

    #[test]
    fn both_formats_read_the_same_grid_with_loose_line_ends() {
        let expected = read_in(grid_text(Format::Packed, None).as_bytes(), Format::Packed).unwrap();
        assert_eq!(&expected[..9], &[5, 3, 0, 0, 7, 0, 0, 0, 0]);
        for format in [Format::Packed, Format::Spaced] {
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
                let grid = read_in(variant.as_bytes(), format)
                    .unwrap_or_else(|error| panic!("{format:?} {variant:?}: {error}"));
                assert_eq!(grid, expected, "{format:?} {variant:?}");
            }
        }
        // Tabs and several spaces separate too.
        let tabbed = grid_text(Format::Spaced, None).replace(' ', " \t ");
        assert_eq!(
            read_in(tabbed.as_bytes(), Format::Spaced).unwrap(),
            expected
        );
    }

    #[test]
    fn short_and_long_rows_are_refused() {
        let packed = Format::Packed;
        assert_eq!(
            message(packed_with(1, "60019500").as_bytes(), packed),
            "line 2: expected 9 digits, found 8"
        );
        assert_eq!(
            message(packed_with(1, "6001950000").as_bytes(), packed),
            "line 2, column 10: unexpected `0` after the 9 digits of the row"
        );
        assert_eq!(
            message(packed_with(1, "").as_bytes(), packed),
            "line 2: expected 9 digits, found 0"
        );
        let spaced = Format::Spaced;
        assert_eq!(
            message(spaced_with(1, "6 0 0 1 9 5 0 0").as_bytes(), spaced),
            "line 2: expected 9 digits separated by spaces, found 8"
        );
        assert_eq!(
            message(spaced_with(1, "6 0 0 1 9 5 0 0 0 4").as_bytes(), spaced),
            "line 2, column 19: unexpected `4` after the 9 digits of the row"
        );
    }

    #[test]
    fn characters_that_are_not_digits_are_quoted_with_their_column() {
        let packed = Format::Packed;
        assert_eq!(
            message(packed_with(2, "098-00060").as_bytes(), packed),
            "line 3, column 4: `-` is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(packed_with(2, "0 8000060").as_bytes(), packed),
            "line 3, column 2: a space inside the row; this format writes the 9 digits of \
             a row without separators"
        );
        assert_eq!(
            message(packed_with(2, "09800\u{1b}[2J").as_bytes(), packed),
            "line 3, column 6: `\\x1b` is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(packed_with(2, "0980\u{200b}0060").as_bytes(), packed),
            "line 3, column 5: `\\u{200b}` is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(packed_with(2, "098\x0000060").as_bytes(), packed),
            "line 3, column 4: `\\0` is not a digit (0 marks an empty cell)"
        );
        let spaced = Format::Spaced;
        assert_eq!(
            message(spaced_with(2, "0 9 8 x 0 0 0 6 0").as_bytes(), spaced),
            "line 3, column 7: `x` is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(spaced_with(2, "0 9 8 17 0 0 0 6 0").as_bytes(), spaced),
            "line 3, column 7: `17` is not a single digit; this format separates the digits \
             of a row by spaces"
        );
        // A row of the other format.
        assert!(message(grid_text(Format::Packed, None).as_bytes(), spaced)
            .starts_with("line 1, column 1: `530070000` is not a single digit"));
    }

    #[test]
    fn columns_count_characters_after_wide_ones() {
        // U+3000 is refused as white space; its column counts characters, not bytes.
        assert_eq!(
            message(
                spaced_with(0, "5 3 \u{3000}0 7 0 0 0 0").as_bytes(),
                Format::Spaced
            ),
            "line 1, column 5: `\\u{3000}` is white space other than a space or a tab; only \
             spaces and tabs separate items"
        );
        // After é (two bytes), the bad item is the 9th character.
        assert_eq!(
            message(spaced_with(0, "5 3 é 0 7").as_bytes(), Format::Spaced),
            "line 1, column 5: `é` is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(
                format!("{}\n\u{3000}x", grid_text(Format::Spaced, None).trim_end()).as_bytes(),
                Format::Spaced
            ),
            "line 10, column 1: `\\u{3000}` is white space other than a space or a tab; only \
             spaces and tabs separate items"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        let text = grid_text(Format::Packed, None);
        assert!(read_in(format!("\u{feff}{text}").as_bytes(), Format::Packed).is_ok());
        assert_eq!(
            message(
                packed_with(4, "\u{feff}00803001").as_bytes(),
                Format::Packed
            ),
            "line 5, column 1: `\\u{feff}` is not a digit (0 marks an empty cell)"
        );
    }

    #[test]
    fn missing_rows_and_text_after_the_grid_are_refused() {
        let text = grid_text(Format::Spaced, None);
        let first_six: String = text
            .lines()
            .take(6)
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(
            message(first_six.as_bytes(), Format::Spaced),
            "line 7: the input ends after 6 lines; expected 9 lines of 9 digits"
        );
        assert_eq!(
            message(b"", Format::Packed),
            "line 1: the input is empty; expected 9 lines of 9 digits"
        );
        assert_eq!(
            message(format!("{text}\n  1 2 3\n").as_bytes(), Format::Spaced),
            "line 11, column 3: unexpected `1` after the 9 lines of the grid"
        );
    }

    #[test]
    fn a_digit_given_twice_names_both_places() {
        // Row 1 already holds a 3 in column 2.
        assert_eq!(
            message(
                spaced_with(0, "3 3 0 0 7 0 0 0 0").as_bytes(),
                Format::Spaced
            ),
            "line 1, column 3: digit 3 is given twice in row 1 (also at line 1, column 1)"
        );
        // Column 1 holds a 4 on line 5.
        assert_eq!(
            message(packed_with(6, "460000280").as_bytes(), Format::Packed),
            "line 7, column 1: digit 4 is given twice in column 1 (also at line 5, column 1)"
        );
    }

    #[test]
    fn invalid_utf8_and_lone_carriage_returns_are_refused_with_their_place() {
        // Row 4 starts at byte 30 (three lines of ten bytes before it); its 9th is 0xff.
        let mut bytes = grid_text(Format::Packed, None).into_bytes();
        bytes[30 + 8] = 0xff;
        let message_text = message(&bytes, Format::Packed);
        assert!(
            message_text.starts_with("line 4, column 9: `\\xff` is not UTF-8 text"),
            "{message_text}"
        );
        let old_mac = grid_text(Format::Packed, None).replace('\n', "\r");
        let message_text = message(old_mac.as_bytes(), Format::Packed);
        assert!(
            message_text.starts_with("line 1, column 10: a carriage return"),
            "{message_text}"
        );
    }

    #[test]
    fn errors_read_as_one_line() {
        assert_eq!(
            Error::NoCompletion.to_string(),
            "the grid has no completion"
        );
        let error = Error::from(InputError::on_line(2, "expected 9 digits, found 8"));
        assert_eq!(error.to_string(), "line 2: expected 9 digits, found 8");
        let output = Error::Output(io::Error::new(io::ErrorKind::Other, "disk full"));
        assert_eq!(output.to_string(), "cannot write the answer: disk full");
    }
}
