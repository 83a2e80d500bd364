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
//!   Windows line ends, a byte order mark at the start, spaces and tabs at line ends, blank
//!   lines after the grid and a missing final line end. Spaces and tabs are the only
//!   separators, as in the other two solutions. Anything else malformed gets one line on
//!   standard error naming the line and column, with invisible characters escaped, and exit
//!   status 1; so does a grid without completion (givens that clash included), naming no
//!   position. The input is read line by line, and a line
//!   longer than 64 KiB is refused unread, so memory stays bounded whatever its size
//!   ([`common::input`]).
//!
//! ## Approach
//! The vocabulary (cell, unit, peer, candidate) is defined in [`common`]; the propagation
//! rules live in [`common::board`], which this solution shares with the other two.
//! From plain backtracking to here, one idea at a time: the [ladder](common::ladder), from
//! [rung 1](common::ladder::rung1_masks) (MRV) to [rung 13](common::ladder::rung13_recount)
//! (this board with the whole mini-line rule, counting again only what changed, searched
//! on lines; this solution differs only in the order in which it tries two candidates of
//! a cell, and in trying the last way of each branch point without a copy).
//!
//! 1. **Read** the grid ([`read_grid`] in the `Spaced` format, shared with p2239),
//!    reporting the line and column of anything malformed. A digit given twice in a unit
//!    is not looked for here: placing the givens in step 2 fails, and the grid has no
//!    completion.
//! 2. **Propagate** ([`Board::propagate`]): a cell with one candidate takes it (naked
//!    single); a digit with one place in a row, column or box goes there (hidden single);
//!    a digit whose places in a box lie in one row or column leaves the rest of that line
//!    (locked candidates); three digits confined to a mini-row or mini-column fill it, and
//!    three digits that alone can go in one go there (the mini-line rule,
//!    [`Board::use_mini_lines`] with [`MiniLineRule::ConfinedAndOnlyThree`]); naked
//!    singles and the mini-line rule count again only what changed since they last
//!    counted ([`Board::use_recount`] with [`Recount::Changes`]). *Why this is safe:* each
//!    rule removes only possibilities that no completion uses, so the completions of the
//!    board are exactly those of the puzzle.
//! 3. **Search** depth-first ([`solve_observed`]) on a *line*: in the band or stack with
//!    the fewest digits still open (while every one has seven or more, the one whose digits
//!    have the fewest permutations in all: [`ChuteChoice::Permutations`]), one digit's
//!    permutations (the ways to give each row of
//!    the band one box), each tried by cutting the digit's places to that permutation's
//!    mini-rows or mini-columns on a copy of the board, propagating, and recursing
//!    ([`Board::chute_branch`]); a contradiction sends the search back to try the next.
//!    *Why this finds a completion when there is one:* a completion puts the digit in one
//!    of the permutations still open, so some branch contains it; and a board on which
//!    propagation succeeded with every cell decided breaks no rule. *Why it is fast:* a
//!    permutation decides a digit in three rows at once, and the mini-line rule feeds on
//!    it; on forum_hardest_1106 the search makes 71.3 guesses per puzzle (72.3 without
//!    the mini-line rule's second part, 78.5 choosing lines by open digits alone), against
//!    121.1 with the branch on cells alone (`cargo xtask bench --problem p2580` counts
//!    them).
//! 4. **Otherwise, a cell.** Once no digit is open in any line, and on a nearly empty
//!    grid (fewer than 17 cells decided, where lines hide contradictions:
//!    [`common::board::DECIDED_FOR_CHUTES`]), take the open cell with the fewest candidates
//!    ("minimum remaining values", MRV) and, among cells with two, the one with the most
//!    open peers ([`Board::most_constrained_cell`]), and try each candidate. Of two
//!    candidates, try first the one that more open peers could still take ("fail first",
//!    [`Board::open_places_among_peers`]): if it is wrong, taking all those places runs
//!    into the contradiction sooner, and if it is right, the search is over. With only
//!    the branch on cells, this took forum_hardest_1106 from 130.9 guesses per puzzle (the
//!    smaller digit first) to 121.1. p2239 searches the whole tree of a puzzle with one
//!    completion, where the order changes nothing.
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
//! The first puzzle of `data/forum_hardest_1106.txt` is another matter: after its 22
//! givens, propagation decides one cell, and the search must guess. Each guess on a line
//! is a note naming the permutation's mini-rows, then the guess. Here the fifth guess in
//! a row puts 3 in band 2 on r4c7-9, r5c1-3 and r6c4-6; three hidden singles later, row 3
//! has no place for an 8, and the search tries 3's other permutation:
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
//! To watch it on the grid, `cargo xtask trace p2580 --html trace.html < input` writes a
//! page that replays the same steps (see the README, "Watching a solution think").
//!
//! ## Cost
//!
//! A search state is one [`Board`] of 460 bytes, copied for each guess but the last at a
//! branch point; the search is at most 81 levels deep, so memory stays a few kilobytes.
//! Time is the number of guesses times the cost of propagating after each, well under a
//! microsecond.
//! [`common::board`] explains, step by step, what makes a node cheap and the tree small,
//! with the instructions each step saved. Plain row-major backtracking takes milliseconds
//! per puzzle on the same sets (see the README, `cargo xtask bench --baseline`).
//!
//! Against the fastest Rust solver we know, the `sudoku` crate 0.8 (a port of JCZSolve),
//! asked for its first solution (`some_solution`), measured fairly in a harness outside
//! the repository that also links tdoku (the README says how): the solvers in one process,
//! taking turns puzzle by puzzle, each puzzle once per round, seven rounds; mean time per
//! puzzle, each puzzle counted with its fastest round. Two runs of `nice -n -15 tri-bench
//! --rounds 7` per set (the README has the whole script), as the range over the two runs;
//! the ratio is this solution's time over the peer's, and the guesses are counted by
//! `GuessCounter`. The relabelled sets (`--relabel K --seed S`) put each puzzle in K random
//! disguises: digits renamed, rows, columns, bands and stacks shuffled, the grid transposed
//! half the time.
//!
//! | set | puzzles | this solution | peer | ratio | guesses per puzzle (ours; tdoku's way) |
//! |---|---:|---:|---:|---:|---:|
//! | forum_hardest_1106 | 375 | 26.0–26.1 µs | 37.5–37.7 µs | 0.69 | 71.3; 40.4 |
//! | forum_hardest_1106, 4 random relabellings, seed 2024 | 1,500 | 29.7–29.8 µs | 63.3–63.5 µs | 0.47 | 80.6; 44.8 |
//! | the same, seed 777 | 1,500 | 29.5–30.2 µs | 59.0–59.5 µs | 0.50–0.51 | 79.9; 44.4 |
//! | the same, seed 31337 | 1,500 | 29.9–30.0 µs | 60.8–63.2 µs | 0.47–0.49 | 80.7; 44.9 |
//! | the same, seed 4242 | 1,500 | 29.7–29.9 µs | 63.3–65.3 µs | 0.46–0.47 | 80.8; 45.0 |
//! | the same, seed 5150 | 1,500 | 28.7–29.8 µs | 60.7–62.5 µs | 0.47–0.48 | 77.8; 43.2 |
//! | magictour_top1465 | 1,465 | 5.41–5.45 µs | 6.00–6.11 µs | 0.89–0.90 | 9.5; 5.7 |
//! | magictour_top1465, 4 random relabellings, seed 99 | 5,860 | 5.83–6.08 µs | 5.91–6.20 µs | 0.98–0.99 | 10.7; 6.3 |
//! | the same, seed 8086 | 5,860 | 5.86–6.01 µs | 5.87–6.12 µs | 0.98–1.00 | 10.5; 6.1 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 22.3–22.5 µs | 27.5–27.9 µs | 0.81 | 59.1; 33.7 |
//! | the same, relabelled once, seed 606 | 2,000 | 21.8–22.2 µs | 33.3–33.9 µs | 0.65–0.66 | 57.9; 33.0 |
//! | 17_clue (first 2,000) | 2,000 | 2.04–2.05 µs | 2.21 µs | 0.92–0.93 | 0.6; 0.3 |
//! | the same, relabelled once, seed 606 | 2,000 | 2.19–2.23 µs | 2.18–2.22 µs | **1.00** | 0.6; 0.3 |
//!
//! Relabelled magictour_top1465 and 17_clue are where the peer is level: on magictour this
//! search makes 10.5 to 10.7 guesses per puzzle relabelled, against 9.5 on the file as
//! published, whose orientation happens to suit it.
//!
//! Against tdoku, the fastest published solver (C++ with SIMD), asked for one solution,
//! measured the same way in the same harness, built once for the host (`-march=native`)
//! and once for plain SSE2, the x86-64 baseline that the judge's `rustc -O` gives this
//! code (the README says how). The first table is of an earlier version of this solution,
//! which branched on cells (the ratio as a range over four runs on a shared machine, the
//! ratio of each side's best time over the four runs, and tdoku's own guesses per puzzle):
//!
//! | set | ratio to tdoku, native | best of four | ratio to tdoku, SSE2 | tdoku's guesses |
//! |---|---:|---:|---:|---:|
//! | forum_hardest_1106 | 0.90–0.99 | 0.90 | 0.23–0.28 | 59.8 |
//! | forum_hardest_1106, 4 random relabellings (two seeds) | 0.91–1.06 | 0.99; 0.99 | 0.26–0.31 | |
//! | magictour_top1465 | 0.82–1.39 | 0.99 | 0.21–0.35 | 6.1 |
//! | forum_hardest_1905_11plus (first 2,000) | 1.04–1.14 | 1.04 | 0.30–0.31 | 34.1 |
//! | 17_clue (first 2,000) | 0.73–0.84 | 0.74 | 0.16–0.22 | 0.3 |
//!
//! This solution as it is now (rung 13's board: rung 12's rules, counting again only what
//! changed; the branch on lines chosen as rung 11 chooses; the last way of a branch point
//! without a copy), in the runs of the `sudoku` table above:
//! the ratio of its time to tdoku's, as the range over the two runs, and the guesses per
//! puzzle, this solution's counted tdoku's way and tdoku's own (asked for one solution):
//!
//! | set | ratio to tdoku, native | ratio to tdoku, SSE2 | guesses: this solution; tdoku |
//! |---|---:|---:|---:|
//! | forum_hardest_1106 | 0.591–0.593 | 0.19 | 40.4; 59.8 |
//! | forum_hardest_1106, 4 random relabellings, seed 2024 | 0.658–0.659 | 0.20–0.21 | 44.8; 62.8 |
//! | the same, seed 777 | 0.658–0.672 | 0.21 | 44.4; 62.4 |
//! | the same, seed 31337 | 0.706 | 0.22 | 44.9; 58.4 |
//! | the same, seed 4242 | 0.674–0.676 | 0.21 | 45.0; 61.5 |
//! | the same, seed 5150 | 0.643–0.659 | 0.20–0.21 | 43.2; 62.5 |
//! | magictour_top1465 | 0.909–0.917 | 0.28–0.29 | 5.7; 6.1 |
//! | magictour_top1465, 4 random relabellings, seed 99 | 0.978–0.991 | 0.30 | 6.3; 6.2 |
//! | the same, seed 8086 | 0.992–0.994 | 0.30–0.31 | 6.1; 6.1 |
//! | forum_hardest_1905_11plus (first 2,000) | 0.833–0.838 | 0.26 | 33.7; 34.1 |
//! | the same, relabelled once, seed 606 | 0.755–0.756 | 0.24 | 33.0; 37.1 |
//! | 17_clue (first 2,000) | 0.754–0.760 | 0.22 | 0.3; 0.3 |
//! | the same, relabelled once, seed 606 | 0.764–0.768 | 0.23 | 0.3; 0.3 |
//!
//! This solution is ahead of tdoku on every set and relabelling: by 29% to 41% on
//! forum_hardest_1106 and its relabellings, 8% to 9% on magictour_top1465 as published. On
//! its relabellings, where its tree is as large as tdoku's (counted tdoku's way), by less:
//! 0.978 to 0.994 of tdoku's time in the runs above, 0.941 to 0.992 over one run of each
//! of twenty more seeds and two more runs of these two (the README has the runs). Counting
//! again only what changed (rung 13) took 3% to 5% off its time on the hard sets; rung
//! 11's choice of line 5% to 8% on forum_hardest_1106; setting up the givens without a
//! branch 2% on magictour_top1465, and rung 12's rule with the last way without a copy 1%
//! to 1.5% on its relabellings.

//! ## Pitfalls
//! - **The format.** Digits are separated by single spaces, on input and on output; a
//!   solution that prints `135469278` is rejected here (that is problem 2239's format).
//! - **Row-major backtracking.** Scanning cells in reading order is correct but takes
//!   seconds on puzzles built against it (see `data/special.txt`); choosing the most
//!   constrained cell avoids that.
//! - **Undoing a guess.** Restoring candidates by hand after a failed guess is where most
//!   hand-written solvers go wrong. Here a guess is made on a copy of the board, and
//!   undoing it is dropping the copy. The last way at a branch point is never undone
//!   (if it fails, so does the board it was tried on), so it is made on the board itself:
//!   one copy fewer per branch point, 1% of the time on magictour_top1465 relabelled.

use common::board::{Board, ChuteChoice, MiniLineRule, Recount};
use common::grid_reader::{read_grid, RowFormat};
use common::input::{write_answer, Error};
use common::observe::{report_givens, Branch, SearchObserver};
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
    report_givens(grid, observer);
    let mut board = Board::from_grid(grid).ok()?;
    board.use_mini_lines(MiniLineRule::ConfinedAndOnlyThree);
    board.use_recount(Recount::Changes);
    board.propagate_observed(observer).ok()?;
    // Step 3: search.
    first_completion(&mut board, observer)
}

/// Depth-first search for one completion of a propagated board: on a line while some
/// digit is open in one (and 17 cells are decided), else on a cell. Each way but the last
/// is tried on a copy; the last on `board` itself, which nothing needs afterwards.
fn first_completion(board: &mut Board, observer: &mut impl SearchObserver) -> Option<Grid> {
    if let Some(branch) = board.chute_branch(ChuteChoice::Permutations) {
        let ways = branch.permutations.count_ones() as usize;
        for (tried_before, k) in branch.ways().enumerate() {
            if tried_before + 1 == ways {
                // The last way: no copy, since nothing is left to try on this board.
                board.guess_on_chute(&branch, k, tried_before, observer);
                if board.propagate_observed(observer).is_ok() {
                    return first_completion(board, observer);
                }
                observer.dead_end();
                return None;
            }
            // The guess is made on a copy: undoing it is dropping the copy.
            let mut child = *board;
            child.guess_on_chute(&branch, k, tried_before, observer);
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
            // The last candidate: no copy, as for the last way of a line above.
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
