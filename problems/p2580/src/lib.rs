//! # Baekjoon 2580 — Sudoku (any completion)
//!
//! <https://www.acmicpc.net/problem/2580> · time limit 1 s · memory limit 256 MB
//!
//! Fill the empty cells of a 9×9 Sudoku so that every row, column and 3×3 box holds each
//! digit 1 to 9 once. Any such completion is accepted.
//!
//! ## Contract
//! - Input: 9 lines of 9 digits separated by single spaces; `0` is an empty cell.
//!   The judge promises the grid can be completed.
//! - Output: 9 lines of 9 digits separated by single spaces: any valid completion that keeps
//!   every given digit. The judge validates the grid instead of comparing text.
//! - This program also accepts Windows line endings, trailing spaces and a missing final
//!   newline; anything else malformed, and a grid without completion, get a message naming
//!   the place on standard error and exit status 1.
//!
//! ## Approach
//! The vocabulary (cell, unit, peer, candidate) is defined in [`common`]; the propagation
//! rules live in [`common::board`], which this solution shares with the other two.
//!
//! 1. **Read** the grid ([`parse`]), reporting the line and column of anything malformed,
//!    and refuse a digit given twice in a unit. Such a grid has no completion, and saying
//!    where the clash is helps more than saying only that.
//! 2. **Propagate** ([`Board::propagate`]): a cell with one candidate takes it (naked
//!    single); a digit with one place in a row, column or box goes there (hidden single);
//!    a digit whose places in a box lie in one row or column leaves the rest of that line
//!    (locked candidates). *Why this is safe:* each rule removes only possibilities that
//!    no completion uses, so the completions of the board are exactly those of the puzzle.
//! 3. **Search** depth-first ([`solve_observed`]): take the open cell with the fewest
//!    candidates ("minimum remaining values", MRV), try each candidate on a copy of the
//!    board, propagate, and recurse; a contradiction sends the search back to try the next
//!    candidate. *Why this finds a completion when there is one:* every completion puts
//!    one of the cell's candidates in that cell, so some branch contains it; and a board on
//!    which propagation succeeded with every cell decided breaks no rule. *Why it is fast:*
//!    a cell with two candidates gives a two-way branch, and propagation after each guess
//!    either fills much of the grid or finds the contradiction within a few steps.
//!
//! ## Worked example
//! The sample leaves 14 cells open, and propagation alone fills them: each is the only
//! place for its digit in its row. `cargo xtask trace p2580 <
//! problems/p2580/samples/sample-1.in` shows it (step number, cells decided, what and why):
//!
//! ```text
//!    10 68/81  hidden single  r1c1 = 1   the only place for 1 in row 1
//!    11 69/81  hidden single  r2c5 = 3   the only place for 3 in row 2
//!    12 70/81  hidden single  r2c8 = 4   the only place for 4 in row 2
//! summary: 23 steps; 67 givens, 0 naked singles, 14 hidden singles ...; solved
//! ```
//!
//! The first puzzle of `data/forum_hardest_1106.txt` is another matter: after its 22
//! givens, propagation decides one cell, and the search must guess. Here the sixth guess in
//! a row leads, after nine forced placements, to a row with no place for a 9, and the
//! search takes the guess back and tries the cell's other candidate:
//!
//! ```text
//!    17 29/81            guess          #6 r3c9 = 5
//!    18 31/81              hidden single  r1c7 = 7   the only place for 7 in row 1
//!    19 32/81              naked single   r7c8 = 4   its only candidate left
//!    ...
//!    27 39/81              contradiction  9 has no place left in row 7
//!    28 29/81            back           take back #6
//!    29 29/81            guess          #7 r3c9 = 7
//! ```
//!
//! ## Cost
//!
//! A search state is one [`Board`] of 232 bytes, copied for each guess; the search is at
//! most 81 levels deep, so memory stays a few kilobytes besides the input. Time is the
//! number of guesses times the cost of propagating after each, well under a microsecond.
//! Measured with `cargo xtask bench --problem p2580 --baseline` (release build, 2-core
//! machine; time per puzzle, each the best of three runs; the full output is in
//! `docs/bench-baseline.txt`):
//!
//! | set | puzzles | mean | max | guesses (mean) | row-major backtracking (mean; puzzles over its cap) |
//! |---|---:|---:|---:|---:|---:|
//! | forum_hardest_1106 | 375 | 52.7 µs | 380 µs | 248 | 3.5 ms; 11 |
//! | magictour_top1465 | 1,465 | 4.7 µs | 103 µs | 22 | 4.6 ms; 101 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 27.1 µs | 400 µs | 134 | 4.6 ms; 28 |
//! | 17_clue (first 2,000) | 2,000 | 1.4 µs | 132 µs | 1.6 | 27 ms; 1,958 |
//!
//! The baseline stops at 2,000,000 placements (about 30 ms), so its figures are lower
//! bounds. Beside the fastest Rust solver we know (the `sudoku` crate, a port of JCZSolve)
//! this takes 0.83 to 1.92 times its time; the README shows how that was measured.
//!
//! ## Pitfalls
//! - **The format.** Digits are separated by single spaces, on input and on output; a
//!   solution that prints `135469278` is rejected here (that is problem 2239's format).
//! - **Row-major backtracking.** Scanning cells in reading order is correct but takes
//!   seconds on puzzles built against it (see `data/special.txt`); choosing the most
//!   constrained cell avoids that.
//! - **Undoing a guess.** Restoring candidates by hand after a failed guess is where most
//!   hand-written solvers go wrong. Here a guess is made on a copy of the board, and
//!   undoing it is dropping the copy.

use common::board::Board;
use common::observe::{Branch, Reason, SearchObserver};
use common::{digits, find_repeated_digit, unit_name, N_CELLS};
use std::fmt;
use std::io::Write;

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// Why the input could not be answered.
#[derive(Debug)]
pub enum Error {
    /// The input is malformed; `line` and `column` are 1-based positions in the input.
    Input {
        /// The line of the input.
        line: usize,
        /// The column (character position) in that line, when one place is at fault.
        column: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The givens obey the rules but no completion exists.
    NoCompletion,
    /// Writing the answer failed.
    Output(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                line,
                column: Some(column),
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            Error::Input {
                line,
                column: None,
                message,
            } => write!(f, "line {line}: {message}"),
            Error::NoCompletion => write!(f, "the grid has no completion"),
            Error::Output(error) => write!(f, "cannot write the answer: {error}"),
        }
    }
}

impl std::error::Error for Error {}

/// A parsed grid and where each cell's digit stands in the input (line, column).
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The givens; 0 is an empty cell.
    pub grid: Grid,
    /// The 1-based (line, column) of each cell's digit, for error messages.
    pub positions: [(usize, usize); N_CELLS],
}

/// Reads nine lines of nine space-separated digits.
///
/// White space at the ends of lines (including the `\r` of Windows line endings) and blank
/// lines after the grid are ignored.
///
/// ```
/// let line = "0 0 0 0 0 0 0 0 0\n";
/// let puzzle = p2580::parse(&line.repeat(9)).unwrap();
/// assert_eq!(puzzle.grid, [0; 81]);
/// assert!(p2580::parse(&line.repeat(8)).is_err());
/// ```
pub fn parse(input: &str) -> Result<Puzzle, Error> {
    let mut puzzle = Puzzle {
        grid: [0; N_CELLS],
        positions: [(0, 0); N_CELLS],
    };
    let mut lines = input.lines().enumerate();
    for row in 0..9 {
        let Some((index, text)) = lines.next() else {
            return Err(input_error(
                row + 1,
                None,
                if row == 0 {
                    "the input is empty; expected 9 lines of 9 digits".to_string()
                } else {
                    format!("the input ends after {row} lines; expected 9 lines of 9 digits")
                },
            ));
        };
        let line = index + 1;
        // Each token with the 1-based column where it starts.
        let tokens: Vec<(usize, &str)> = tokens_with_columns(text).collect();
        if tokens.len() != 9 {
            return Err(input_error(
                line,
                None,
                format!(
                    "expected 9 digits separated by spaces, found {} item(s)",
                    tokens.len()
                ),
            ));
        }
        for (column_in_grid, (column, token)) in tokens.into_iter().enumerate() {
            let digit =
                parse_digit(token).map_err(|message| input_error(line, Some(column), message))?;
            let cell = row * 9 + column_in_grid;
            puzzle.grid[cell] = digit;
            puzzle.positions[cell] = (line, column);
        }
    }
    if let Some((index, text)) = lines.find(|(_, text)| !text.trim().is_empty()) {
        let column = text.len() - text.trim_start().len() + 1;
        return Err(input_error(
            index + 1,
            Some(column),
            "unexpected text after the 9 lines of the grid".to_string(),
        ));
    }
    if let Some(repeat) = find_repeated_digit(&puzzle.grid) {
        let (line, column) = puzzle.positions[repeat.second_cell];
        let (first_line, first_column) = puzzle.positions[repeat.first_cell];
        return Err(input_error(
            line,
            Some(column),
            format!(
                "digit {} is given twice in {} (also at line {first_line}, column {first_column})",
                repeat.digit,
                unit_name(repeat.unit)
            ),
        ));
    }
    Ok(puzzle)
}

fn input_error(line: usize, column: Option<usize>, message: String) -> Error {
    Error::Input {
        line,
        column,
        message,
    }
}

/// The white-space separated tokens of a line, each with the 1-based column it starts at.
fn tokens_with_columns(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_ascii_whitespace())
        .scan(1, |column, token| {
            let start = *column;
            *column += token.chars().count() + 1;
            Some((start, token))
        })
        .filter(|(_, token)| !token.is_empty())
}

fn parse_digit(token: &str) -> Result<u8, String> {
    match token.as_bytes() {
        [byte @ b'0'..=b'9'] => Ok(byte - b'0'),
        _ if token.bytes().all(|byte| byte.is_ascii_digit()) => {
            Err(format!("'{token}' is not a single digit 0-9"))
        }
        _ => Err(format!("'{token}' is not a digit (0 marks an empty cell)")),
    }
}

/// Any completion of `grid` that keeps its givens, or `None` when there is none.
///
/// ```
/// let solution = p2580::solve(&[0; 81]).unwrap();
/// assert!(common::is_valid_solution(&solution));
/// ```
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_observed(grid, &mut ())
}

/// [`solve`], reporting each guess and dead end of the search to `observer`.
///
/// ```
/// let mut counter = common::observe::GuessCounter::default();
/// let solution = p2580::solve_observed(&[0; 81], &mut counter);
/// assert!(solution.is_some());
/// assert!(counter.guesses > 0);
/// ```
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Grid> {
    // Step 2: place the givens and propagate.
    report_givens(grid, observer);
    let mut board = Board::from_grid(grid).ok()?;
    board.propagate_observed(observer).ok()?;
    // Step 3: search.
    first_completion(&board, observer)
}

/// Tells `observer` about each given digit.
fn report_givens(grid: &Grid, observer: &mut impl SearchObserver) {
    if !observer.is_watching() {
        return;
    }
    for (cell, &digit) in grid.iter().enumerate() {
        if digit != 0 {
            observer.deduced(cell, digit, Reason::Given);
        }
    }
}

/// Depth-first search for one completion of a propagated board.
fn first_completion(board: &Board, observer: &mut impl SearchObserver) -> Option<Grid> {
    // MRV: branch on the open cell with the fewest candidates; none open means solved.
    let Some(cell) = board.most_constrained_cell() else {
        return Some(board.to_grid());
    };
    let candidates = board.candidates(cell);
    for (index, digit) in digits(candidates).enumerate() {
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, index));
        // The guess is made on a copy: undoing it is dropping the copy.
        let mut child = *board;
        if child.place(cell, digit).is_ok() && child.propagate_observed(observer).is_ok() {
            if let Some(solution) = first_completion(&child, observer) {
                return Some(solution);
            }
        }
        observer.dead_end();
    }
    None
}

/// The grid as nine lines of nine space-separated digits.
///
/// ```
/// let text = p2580::format_grid(&[1; 81]);
/// assert!(text.starts_with("1 1 1 1 1 1 1 1 1\n"));
/// assert_eq!(text.lines().count(), 9);
/// ```
pub fn format_grid(grid: &Grid) -> String {
    let mut text = String::with_capacity(N_CELLS * 2);
    for row in grid.chunks(9) {
        let digits: Vec<String> = row.iter().map(|digit| digit.to_string()).collect();
        text.push_str(&digits.join(" "));
        text.push('\n');
    }
    text
}

/// Reads the puzzle from `input`, solves it and writes the answer to `output`.
///
/// Nothing is written unless the whole answer is known.
pub fn run(input: &str, output: &mut impl Write) -> Result<(), Error> {
    let puzzle = parse(input)?; // Step 1.
    let solution = solve(&puzzle.grid).ok_or(Error::NoCompletion)?; // Steps 2 and 3.
    output
        .write_all(format_grid(&solution).as_bytes())
        .map_err(Error::Output)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../samples/sample-1.in");

    fn message(input: &str) -> String {
        match parse(input) {
            Ok(_) => panic!("input was accepted:\n{input}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn sample_is_completed_validly() {
        let puzzle = parse(SAMPLE_IN).unwrap();
        let solution = solve(&puzzle.grid).unwrap();
        assert!(common::is_valid_solution(&solution));
        for (cell, (&given, &digit)) in puzzle.grid.iter().zip(&solution).enumerate() {
            assert!(
                given == 0 || given == digit,
                "the given at cell {cell} changed"
            );
        }
    }

    #[test]
    fn windows_endings_trailing_spaces_and_no_final_newline_are_accepted() {
        let expected = parse(SAMPLE_IN).unwrap().grid;
        let crlf = SAMPLE_IN.replace('\n', " \r\n");
        assert_eq!(parse(&crlf).unwrap().grid, expected);
        assert_eq!(parse(SAMPLE_IN.trim_end()).unwrap().grid, expected);
        assert_eq!(parse(&format!("{SAMPLE_IN}\n\n")).unwrap().grid, expected);
    }

    #[test]
    fn bad_inputs_are_reported_with_their_place() {
        let lines: Vec<&str> = SAMPLE_IN.lines().collect();
        let with_line = |index: usize, text: &str| {
            let mut changed = lines.clone();
            changed[index] = text;
            changed.join("\n")
        };
        assert_eq!(
            message(&with_line(1, "7 8 2 1 0 5 6 0")),
            "line 2: expected 9 digits separated by spaces, found 8 item(s)"
        );
        assert_eq!(
            message(&with_line(2, "0 6 0 2 x 8 1 3 5")),
            "line 3, column 9: 'x' is not a digit (0 marks an empty cell)"
        );
        assert_eq!(
            message(&with_line(2, "0 6 0 2 17 8 1 3 5")),
            "line 3, column 9: '17' is not a single digit 0-9"
        );
        assert_eq!(
            message(&lines[..6].join("\n")),
            "line 7: the input ends after 6 lines; expected 9 lines of 9 digits"
        );
        // Row 1 already holds a 3 in column 2.
        assert_eq!(
            message(&with_line(0, "3 3 5 4 6 9 2 7 8")),
            "line 1, column 3: digit 3 is given twice in row 1 (also at line 1, column 1)"
        );
        assert_eq!(
            message(&format!("{SAMPLE_IN}1 2 3\n")),
            "line 10, column 1: unexpected text after the 9 lines of the grid"
        );
    }

    #[test]
    fn a_grid_without_completion_is_reported() {
        // Row 1 misses only 1 and 2 but column 9 already holds both, and no digit repeats.
        let mut grid = [0u8; N_CELLS];
        grid[..7].copy_from_slice(&[3, 4, 5, 6, 7, 8, 9]);
        grid[9 * 4 + 8] = 1;
        grid[9 * 5 + 8] = 2;
        let input = format_grid(&grid);
        let mut output = Vec::new();
        let error = run(&input, &mut output).unwrap_err();
        assert_eq!(error.to_string(), "the grid has no completion");
        assert!(output.is_empty());
    }
}
