//! # Baekjoon 2580 — Sudoku (any completion)
//!
//! <https://www.acmicpc.net/problem/2580> · time limit 1 s · memory limit 256 MB
//!
//! Fill the empty cells of a 9×9 Sudoku so that every row, column and 3×3 box holds each
//! digit 1 to 9 once. Any such completion is accepted.
//!
//! ## Input and output
//! - Input: 9 lines of 9 digits separated by single spaces; `0` is an empty cell.
//!   The judge promises the grid can be completed.
//! - Output: 9 lines of 9 digits separated by single spaces: any valid completion that keeps
//!   every given digit. The judge validates the grid instead of comparing text.
//! - Beyond the judge's files, this program accepts several spaces or tabs between digits,
//!   Windows line ends, a byte order mark, spaces and tabs at line ends, blank lines after
//!   the grid and a missing final line end. Anything else malformed gets one line on
//!   standard error naming the line and column, with invisible characters escaped, and exit
//!   status 1; so does a grid without completion, naming no position. A line longer than
//!   64 KiB is refused unread, so memory stays bounded ([`common::input`]).
//!
//! ## Approach
//! The vocabulary (cell, unit, peer, candidate, chute, mini-line) is defined in [`common`];
//! the propagation rules live in [`common::board`], which this solution shares with the
//! other two. The [ladder](common::ladder) climbs from plain backtracking to here one idea
//! per rung; this solution is [rung 19](common::ladder::rung19_recount), except for the
//! order in which it tries two candidates of a cell and the last way of a branch point
//! tried without a copy.
//!
//! 1. **Read** the grid ([`read_grid`] in the `Spaced` format, shared with p2239). A digit
//!    given twice in a unit is not looked for here: placing the givens in step 2 fails.
//! 2. **Propagate** ([`sudoku_start::board_of`], the start the Sudoku solutions
//!    share): naked and hidden singles, locked candidates (the band rule and the column
//!    rules), and the mini-line rule
//!    ([`ConfinedAndOnlyThree`](common::board::MiniLineRule::ConfinedAndOnlyThree)),
//!    counting again only what changed
//!    ([`ChangedDigits`](common::board::Recount::ChangedDigits)).
//!    *Why this is safe:* each rule removes only possibilities that no completion uses.
//! 3. **Search** depth-first ([`solve_observed`]), branching on a chute
//!    ([`ChuteBranching::branch_point`] of [`ChuteBranching::SOLUTIONS`]): in the band or stack
//!    with the fewest unsettled digits (while every one is early, the one with the fewest
//!    permutations), the digit with the fewest permutations, each tried on a copy of the
//!    board by keeping that one and propagating. *Why this finds a completion when there is
//!    one:* a completion puts the digit in one of the permutations still left, so some
//!    branch contains it; and a propagated board with every cell decided breaks no rule.
//!    *Why it is fast:* a permutation decides a digit in three rows at once, and the
//!    mini-line rule feeds on it.
//! 4. **Otherwise, a cell.** Once every digit is settled, and on a nearly empty grid (fewer
//!    than [`DECIDED_FOR_CHUTES`](common::board::sparse::DECIDED_FOR_CHUTES) cells decided), take
//!    the open cell with the fewest candidates (MRV) and, among cells with two, the one
//!    with the most open peers ([`Board::most_constrained_cell`]). Of two candidates, try
//!    first the one that more open peers could still take ("fail first",
//!    [`Board::open_places_among_peers`]): if it is wrong, taking all those places runs
//!    into the contradiction sooner, and if it is right, the search is over.
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
//! summary: 24 steps; 67 givens, 0 naked singles, 14 hidden singles ...; solved
//! ```
//!
//! The first puzzle of `data/forum_hardest_1106.txt` needs guesses. Each guess on a chute
//! is a remark naming the permutation's mini-rows, then the guess. Here the fifth guess
//! puts 3 in band 2 on r4c7-9, r5c1-3 and r6c4-6; three hidden singles later, row 3 has no
//! place for an 8, and the search tries 3's other permutation:
//!
//! ```text
//!    24 28/81          note           3 in band 2: r4c7-9, r5c1-3, r6c4-6
//!    25 28/81          guess          #5 the mini-lines in the note above
//!    26 29/81            hidden single  r6c5 = 3   the only place for 3 in row 6
//!    27 30/81            hidden single  r5c4 = 8   the only place for 8 in row 5
//!    28 31/81            hidden single  r6c1 = 8   the only place for 8 in row 6
//!    29 31/81            contradiction  8 has no place left in row 3
//!    30 28/81          back           take back #5
//!    31 28/81          note           3 in band 2: r4c7-9, r5c4-6, r6c1-3
//!    32 28/81          guess          #6 the mini-lines in the note above
//! ```
//!
//! `cargo xtask trace p2580 --html trace.html < input` writes a page that replays the same
//! steps on the grid.
//!
//! ## Cost
//!
//! A search state is one [`Board`], copied for each guess but the last at a branch point;
//! the search is at most 81 levels deep, so memory stays a few kilobytes. Time is the
//! number of guesses times the cost of propagating after each, well under a microsecond.
//!
//! Against tdoku, the fastest published solver (C++ with SIMD, built `-march=native`),
//! asked for one solution: the ratio of this solution's time to tdoku's, and the guesses
//! per puzzle counted tdoku's way (every way tried at a branch point but the last), as
//! measured by `tri-bench --rounds 7` in the harness outside the repository that the README
//! describes (two runs, as a range):
//!
//! | set | ratio to tdoku | guesses: this solution; tdoku |
//! |---|---:|---:|
//! | forum_hardest_1106 | 0.591–0.593 | 40.4; 59.8 |
//! | magictour_top1465 | 0.909–0.917 | 5.7; 6.1 |
//! | forum_hardest_1905_11plus (first 2,000) | 0.833–0.838 | 33.7; 34.1 |
//! | 17_clue (first 2,000) | 0.754–0.760 | 0.3; 0.3 |
//!
//! ## Pitfalls
//! - **The format.** Digits are separated by single spaces, on input and on output; a
//!   solution that prints `135469278` is rejected here (that is problem 2239's format).
//! - **Row-major backtracking.** Scanning cells in reading order is correct but takes
//!   seconds on puzzles built against it (see `data/special.txt`); choosing the most
//!   constrained cell avoids that.
//! - **Undoing a guess.** Restoring candidates by hand after a failed guess is where most
//!   hand-written solvers go wrong. Here a guess is made on a copy of the board, and
//!   undoing it is dropping the copy. The last way at a branch point is never undone (if
//!   it fails, so does the board it was tried on), so it is made on the board itself.

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
    let mut board = sudoku_start::board_of(grid, observer)?;
    // Step 3: search.
    first_completion(&mut board, observer)
}

/// Depth-first search for one completion of a propagated board: on a chute while some
/// digit is unsettled (and 17 cells are decided), else on a cell. Each way but the last
/// is tried on a copy; the last on `board` itself, which nothing needs afterwards.
fn first_completion(board: &mut Board, observer: &mut impl SearchObserver) -> Option<Grid> {
    if let Some(branch) = ChuteBranching::SOLUTIONS.branch_point(board) {
        let ways = branch.permutations.count_ones() as usize;
        for (tried_before, k) in branch.ways().enumerate() {
            if tried_before + 1 == ways {
                // The last way: no copy, since nothing is left to try on this board.
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
    // MRV: branch on the open cell with the fewest candidates; none open means solved.
    // (A `match`, not `let ... else`: the bundle must build with Rust 1.63.)
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
            // The last candidate: no copy, as for the last way on a chute above.
            if board.place(cell, digit).is_ok() && board.propagate_observed(observer).is_ok() {
                return first_completion(board, observer);
            }
            observer.dead_end();
            return None;
        }
        // The guess is made on a copy: undoing it is dropping the copy.
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

/// The candidate of `cell` to try first. Of two, the one that more open peers could
/// still take: if it is wrong, taking all those places tends to reach a contradiction
/// sooner ("fail first"). Otherwise the smallest.
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
