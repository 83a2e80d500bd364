//! Step 1, reading the grid: nine lines of nine digits with nothing between them.
//!
//! The reading itself is [`common::grid_reader`], shared with problem 2580 (whose rows
//! put spaces between the digits); it reads the input line by line in bounded memory and
//! names the line and column of anything wrong. This module says which format is ours.

use std::io::BufRead;

pub use common::grid_reader::Error;
use common::grid_reader::{packed_digit, read_grid};

use crate::Grid;

/// Reads nine lines of nine digits. Cell `(row, column)` stands at line `row + 1`,
/// column `column + 1` of the input.
///
/// Spaces and tabs at the ends of lines, Windows line ends, a byte order mark, blank lines
/// after the grid and a missing final line end are accepted; see [`common::input`].
///
/// ```
/// let grid = p2239::parse("000000000\n".repeat(9).as_bytes()).unwrap();
/// assert_eq!(grid, [0; 81]);
/// assert!(p2239::parse("12345678\n".as_bytes()).is_err());
/// ```
pub fn parse(input: impl BufRead) -> Result<Grid, Error> {
    Ok(read_grid(input, packed_digit)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../samples/sample-1.in");

    #[test]
    fn the_sample_reads_row_by_row() {
        let grid = parse(SAMPLE_IN.as_bytes()).unwrap();
        let first_line: Vec<u8> = SAMPLE_IN.bytes().take(9).map(|byte| byte - b'0').collect();
        assert_eq!(grid[..9], first_line[..]);
    }

    #[test]
    fn a_row_in_2580s_spaced_format_is_refused_with_a_hint() {
        let spaced = SAMPLE_IN.replacen("103000509", "1 0 3 0 0 0 5 0 9", 1);
        assert_ne!(spaced, SAMPLE_IN, "the sample's first row changed");
        let error = parse(spaced.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            error,
            "line 1, column 2: a space inside the row; this format writes the 9 digits of a \
             row without separators"
        );
    }
}
