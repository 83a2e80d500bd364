//! Step 1, reading the grid: nine lines of nine digits separated by spaces.
//!
//! The reading itself is [`common::grid_reader`], shared with problem 2239 (whose rows
//! write the digits without spaces); it reads the input line by line in bounded memory and
//! names the line and column of anything wrong. This module says which format is ours.

use std::io::BufRead;

pub use common::grid_reader::Error;
use common::grid_reader::{read_grid, spaced_digit};

use crate::Grid;

/// Reads nine lines of nine digits separated by spaces or tabs; the digit of cell
/// `(row, column)` is the `column + 1`-th item on line `row + 1`.
///
/// Several separators between digits, spaces and tabs at the ends of lines, Windows line
/// ends, a byte order mark, blank lines after the grid and a missing final line end are
/// accepted; see [`common::input`].
///
/// ```
/// let line = "0 0 0 0 0 0 0 0 0\n";
/// assert_eq!(p2580::parse(line.repeat(9).as_bytes()).unwrap(), [0; 81]);
/// let error = p2580::parse(line.repeat(8).as_bytes()).unwrap_err();
/// assert_eq!(error.to_string(), "line 9: the input ends after 8 lines; expected 9 lines of 9 digits");
/// ```
pub fn parse(input: impl BufRead) -> Result<Grid, Error> {
    Ok(read_grid(input, spaced_digit)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../samples/sample-1.in");

    #[test]
    fn the_sample_reads_item_by_item() {
        let grid = parse(SAMPLE_IN.as_bytes()).unwrap();
        let last_row: Vec<u8> = SAMPLE_IN
            .lines()
            .nth(8)
            .unwrap()
            .split(' ')
            .map(|item| item.parse().unwrap())
            .collect();
        assert_eq!(grid[72..], last_row[..]);
    }

    #[test]
    fn a_row_in_2239s_packed_format_is_refused_with_a_hint() {
        let packed = SAMPLE_IN.replacen("0 3 5 4 6 9 2 7 8", "035469278", 1);
        let error = parse(packed.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            error,
            "line 1, column 1: `035469278` is not a single digit; this format separates the \
             digits of a row by spaces"
        );
    }
}
