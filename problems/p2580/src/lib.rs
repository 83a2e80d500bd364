//! # Baekjoon 2580 — Sudoku (any completion)
//!
//! <https://www.acmicpc.net/problem/2580> · time limit 1 s · memory limit 256 MB
//!
//! Complete a 9×9 Sudoku; any completion that keeps the givens is accepted.
//!
//! ## Input and output
//! Nine lines of nine digits separated by spaces (`0`: empty), in and out; a completion
//! exists. Bad input: one line on standard error naming its position, exit status 1.
//!
//! ## Approach
//! [Rung 19](common::ladder::rung19_recount) of the climb (`docs/climb.md`), but for
//! step 4's order and the last way tried without a copy.
//!
//! 1. **Read** the grid ([`read_grid`]).
//! 2. **Propagate** ([`sudoku_start::board_of`]) the board's four rules. *Safe:* a rule
//!    removes only what no completion uses.
//! 3. **Branch on a chute** as rung 17 does ([`ChuteBranching::SOLUTIONS`]); each
//!    guess keeps one permutation, on a copy. *Complete:* the completion's permutation is
//!    among them. *Fast:* it decides the digit in three lines.
//! 4. **Otherwise, a cell**: once every digit is settled, or below
//!    [`DECIDED_FOR_CHUTES`](common::board::sparse::DECIDED_FOR_CHUTES) decided cells, the
//!    open cell with the fewest candidates; of two, first the one more open peers could
//!    take: if wrong, it fails sooner.
//!
//! ## Worked example
//! On the first puzzle of `data/forum_hardest_1106.txt`, guess 5 keeps a permutation of
//! 3 in band 2, finds 8 without a place in row 3, and is taken back:
//!
//! ```console
//! $ cargo xtask trace p2580 --puzzle forum_hardest_1106:1
//! trace p2580, forum_hardest_1106:1: any completion
//! ...
//!    24 28/81          remark         3 in band 2: r4c7-9, r5c1-3, r6c4-6
//!    25 28/81          guess          #5 the permutation in the remark above
//! ...
//!    29 31/81            contradiction  8 has no place left in row 3
//!    30 28/81          back           take back #5
//! ...
//! ```
//!
//! ## Cost
//! One [`Board`] per level, at most 81. On forum_hardest_1106, 0.59 of tdoku's time and
//! 40.4 free guesses per puzzle to its 59.8 (`tri-bench --rounds 7`, README's Speed).
//!
//! ## Pitfalls
//! - **Row-major backtracking** takes seconds on `data/special.txt`.
//! - **Undoing a guess** by hand is error-prone; here a copy is dropped.

use common::board::chutes::ChuteBranching;
use common::board::Board;
use common::grid_reader::{read_grid, RowFormat};
use common::input::{write_answer, Error};
use common::observe::{Branch, SearchObserver};
use common::sudoku_start;
use common::{count, digit_bit, digits, lowest_digit, N_CELLS};
use std::io::{BufRead, Write};
use std::iter;

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// Any completion of `grid` that keeps its givens, or `None` when there is none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_observed(grid, &mut ())
}

/// [`solve`], reporting each guess and dead end of the search to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Grid> {
    // Step 2: place the givens and propagate.
    let mut board = sudoku_start::board_of(grid, observer)?;
    // Step 3: search.
    first_completion(&mut board, observer)
}

/// Steps 3 and 4: depth-first search for one completion of a propagated board.
fn first_completion(board: &mut Board, observer: &mut impl SearchObserver) -> Option<Grid> {
    if let Some(branch) = ChuteBranching::SOLUTIONS.branch_point(board) {
        let ways = branch.permutations.count_ones() as usize;
        for (tried_before, k) in branch.ways().enumerate() {
            if tried_before + 1 == ways {
                // The last way: no copy, nothing is left to try on this board.
                branch.guess(k, tried_before, board, observer);
                if board.propagate_observed(observer).is_ok() {
                    return first_completion(board, observer);
                }
                observer.dead_end();
                return None;
            }
            // The guess is made on a copy: undoing it is dropping the copy.
            let mut child = *board;
            branch.guess(k, tried_before, &mut child, observer);
            if child.propagate_observed(observer).is_ok() {
                if let Some(solution) = first_completion(&mut child, observer) {
                    return Some(solution);
                }
            }
            observer.dead_end();
        }
        return None;
    }
    // MRV; no open cell means solved. (`match`: `let ... else` is newer than Rust 1.63.)
    let cell = match board.most_constrained_cell() {
        Some(cell) => cell,
        None => return Some(board.to_grid()),
    };
    let candidates = board.candidates(cell);
    let first = first_to_try(board, cell, candidates);
    let rest = digits(candidates & !digit_bit(first));
    let ways = count(candidates) as usize;
    for (tried_before, digit) in iter::once(first).chain(rest).enumerate() {
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
        if tried_before + 1 == ways {
            // The last candidate: no copy, as above.
            if board.place(cell, digit).is_ok() && board.propagate_observed(observer).is_ok() {
                return first_completion(board, observer);
            }
            observer.dead_end();
            return None;
        }
        // On a copy, as above.
        let mut child = *board;
        if child.place(cell, digit).is_ok() && child.propagate_observed(observer).is_ok() {
            if let Some(solution) = first_completion(&mut child, observer) {
                return Some(solution);
            }
        }
        observer.dead_end();
    }
    None
}

/// The candidate of `cell` to try first, as step 4 says ("fail first"); otherwise the smallest.
fn first_to_try(board: &Board, cell: usize, candidates: u16) -> u8 {
    let smallest = lowest_digit(candidates);
    if count(candidates) != 2 {
        return smallest;
    }
    let other = lowest_digit(candidates & !digit_bit(smallest));
    if board.open_places_among_peers(cell, other) > board.open_places_among_peers(cell, smallest) {
        other
    } else {
        smallest
    }
}

/// The grid as nine lines of nine space-separated digits.
pub fn format_grid(grid: &Grid) -> String {
    let mut text = String::with_capacity(N_CELLS * 2);
    for row in grid.chunks(9) {
        let digits: Vec<String> = row.iter().map(|digit| digit.to_string()).collect();
        text.push_str(&digits.join(" "));
        text.push('\n');
    }
    text
}

/// Reads the puzzle from `input`, solves it and writes the answer to `output`; nothing
/// unless the whole answer is known.
///
/// ```
/// let mut output = Vec::new();
/// let input = "1 0 0 0 0 0 0 0 0\n".repeat(9);
/// let result = p2580::run(input.as_bytes(), &mut output);
/// assert_eq!(result.unwrap_err().to_string(), "the grid has no completion");
/// assert!(output.is_empty());
/// ```
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    // Step 1: read the grid as the judge writes it.
    let grid = read_grid(input, RowFormat::Spaced)?;
    let completion = solve(&grid).ok_or_else(|| Error::new("the grid has no completion"))?;
    write_answer(output, &format_grid(&completion))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../samples/sample-1.in");

    #[test]
    fn the_sample_reads_item_by_item() {
        let grid = read_grid(SAMPLE_IN.as_bytes(), RowFormat::Spaced).unwrap();
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
        let error = read_grid(packed.as_bytes(), RowFormat::Spaced)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "line 1, column 1: `035469278` is not a digit; a row holds 9 digits separated by \
             spaces, 0 for an empty cell"
        );
    }

    #[test]
    fn sample_is_completed_validly() {
        let grid = read_grid(SAMPLE_IN.as_bytes(), RowFormat::Spaced).unwrap();
        let solution = solve(&grid).unwrap();
        assert!(common::is_valid_solution(&solution));
        for (cell, (&given, &digit)) in grid.iter().zip(&solution).enumerate() {
            assert!(
                given == 0 || given == digit,
                "the given at cell {cell} changed"
            );
        }
    }

    #[test]
    fn of_two_candidates_the_one_more_peers_could_take_is_tried_first() {
        // Cell 0 keeps 1 and 2; 1 has left two of its peers, so 2 could take more.
        let mut board = Board::new();
        for digit in 3..=9 {
            board.eliminate(0, digit);
        }
        let candidates = board.candidates(0);
        assert_eq!(
            first_to_try(&board, 0, candidates),
            1,
            "a tie goes to the smaller"
        );
        board.eliminate(1, 1);
        board.eliminate(9, 1);
        assert_eq!(first_to_try(&board, 0, candidates), 2);
        board.eliminate(2, 2);
        board.eliminate(10, 2);
        board.eliminate(18, 2);
        assert_eq!(first_to_try(&board, 0, candidates), 1);
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
        let error = run(input.as_bytes(), &mut output).unwrap_err();
        assert_eq!(error.to_string(), "the grid has no completion");
        assert!(output.is_empty());
    }
}
