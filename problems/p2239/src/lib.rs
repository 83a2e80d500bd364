//! # Baekjoon 2239 — Sudoku (smallest completion)
//!
//! <https://www.acmicpc.net/problem/2239> · time limit 2 s · memory limit 256 MB
//!
//! Fill the empty cells of a 9×9 Sudoku so that every row, column and 3×3 box holds each
//! digit 1 to 9 once; when several completions exist, print the smallest.
//!
//! ## Input and output
//! - Input: 9 lines of exactly 9 digits, no separators; `0` is an empty cell.
//! - Output: the completion whose 81 digits, read row by row, form the smallest number,
//!   as 9 lines of 9 digits. Most puzzles have one completion; the empty grid has billions,
//!   and the answer must still be the smallest.
//! - Beyond the judge's files, this program accepts Windows line ends, a byte order mark
//!   at the start, spaces and tabs at line ends, blank lines after the grid and a missing
//!   final line end. Spaces and tabs are the only separators, as in the other two
//!   solutions. Anything else malformed gets one line on standard error naming the line and
//!   column, with invisible characters escaped, and exit status 1; so does a grid without
//!   completion (givens that clash included), naming no position. The input is read line
//!   by line, and a line longer than 64 KiB is refused unread, so memory stays bounded
//!   whatever its size ([`common::input`]).
//!
//! ## Approach
//! The vocabulary (cell, unit, peer, candidate, chute, mini-line) is defined in [`common`];
//! the propagation rules live in [`common::board`], which this solution shares with the
//! other two. It stands on the ladder's [rung 0](common::ladder::rung0_textbook) (reading
//! order finds the smallest completion first) and [rung 19](common::ladder::rung19_recount)
//! (the board with the whole mini-line rule, counting again only what changed, branching
//! on chutes).
//!
//! 1. **Read** the grid ([`read_grid`] in the `Packed` format, shared with p2580),
//!    reporting the line and column of anything malformed. A digit given twice in a unit
//!    is not looked for here: placing the givens in step 2 fails, and the grid has no
//!    completion.
//! 2. **Propagate** ([`sudoku_start::board_of`], the start the Sudoku solutions
//!    share): naked and hidden singles, locked candidates (the band rule and the column
//!    rules), and the mini-line rule
//!    ([`ConfinedAndOnlyThree`](common::board::MiniLineRule::ConfinedAndOnlyThree)),
//!    counting again only what changed
//!    ([`ChangedDigits`](common::board::Recount::ChangedDigits)).
//!    *Why this is safe here too:* the rules only remove possibilities that no
//!    completion uses, so the set of completions, and therefore its smallest member, is
//!    unchanged. Propagation decides cells in no particular order, but it never decides
//!    anything that the smallest completion does not have.
//! 3. **Count completions, up to two** ([`count_completions`] does the same), with a
//!    depth-first search that branches on a chute ([`ChuteBranching::branch_point`] of
//!    [`ChuteBranching::SOLUTIONS`]): in the band or stack with the fewest unsettled digits
//!    (while the board is early, the one with the fewest permutations), the digit with the
//!    fewest permutations, each tried by keeping that one. Once every digit is settled, or
//!    while fewer than
//!    [`DECIDED_FOR_CHUTES`](common::board::sparse::DECIDED_FOR_CHUTES) cells are decided, it
//!    branches on the open cell with the fewest candidates (MRV; among cells with two, the
//!    one with the most open peers, [`Board::most_constrained_cell`]). This search walks
//!    the whole tree of a unique puzzle, so a smaller tree pays most here.
//!    If there is exactly one, it is the answer: the smallest of a set of one. This is the
//!    usual case and the fast path.
//! 4. **Otherwise, fix the cells in reading order.** Keep a *witness*, a known completion
//!    of the board. For each open cell in row-major order try its candidates from smallest
//!    up: a digit below the witness's digit is kept only if a search finds a completion
//!    with it (which becomes the new witness); the witness's own digit needs no search.
//!    *Why this gives the smallest completion `S`:* suppose the cells before this one agree
//!    with `S`. A digit `d` below `S`'s digit here has no completion, since that completion
//!    would be smaller than `S`; so `d` is rejected. `S`'s own digit has `S` as a
//!    completion, so it is accepted, by search or by the witness (whose digit here is never
//!    below `S`'s). Each accepted digit is placed and propagated, so later searches run on
//!    an ever smaller puzzle, and after the last cell the witness is `S`.
//!
//! ## Worked example
//! The sample needs no guess: propagation decides its 51 open cells.
//!
//! ```console
//! $ cargo xtask trace p2239 < problems/p2239/samples/sample-1.in
//! ...
//! summary: 64 steps; 30 givens, 0 naked singles, 51 hidden singles [..], 0 guesses, [..]
//! ...
//! ```
//!
//! Every puzzle of `data/serg_benchmark_multisolution_1000.txt` has several completions.
//! On its puzzle 170, step 3 finds two; the witness, the first, has 3 in r1c3, and a search
//! with 2 there finds a third completion, smaller than both: the answer.
//!
//! ```console
//! $ cargo xtask trace p2239 --puzzle serg_benchmark_multisolution_1000:170
//! ...
//!    77 81/81              remark         completion 2 found
//!    78 42/81  remark         two completions: step 4 fixes the cells in reading order
//!    79 43/81  witness        r1c2 = 1   a completion found earlier has it
//!    80 43/81  remark         step 4: row 1, column 3: is there a completion with 2, below the witness's 3?
//!    81 44/81  guess          #8 r1c3 = 2
//! ...
//!   120 81/81  answer         the completion the solver returns
//! ...
//! ```
//!
//! On the empty grid step 4 runs 11 such short searches (`cargo xtask trace p2239 --puzzle
//! special:1 --limit 100000` prints each as a remark "below the witness"). `--html
//! trace.html` writes the steps as a page that replays them on the grid (see the README,
//! "Watching a solution think").
//!
//! ## Cost
//!
//! A search state is one [`Board`], copied for each guess. Step 3 searches the whole tree
//! of a unique puzzle (to prove there is no second completion), so it costs about twice a
//! first-solution search; step 4 runs only for puzzles with several completions, where the
//! searches are short.
//!
//! Against tdoku, the fastest published solver (C++ with SIMD, built `-march=native`),
//! counting up to two solutions: the ratio of this solution's time to tdoku's, and the
//! free guesses per puzzle (every way tried at a branch point but the last, as tdoku counts
//! them; see the [glossary](common)), as measured by `tri-bench --rounds 7` in the harness
//! outside the repository that the README describes (two runs, as a range):
//!
//! | set | ratio to tdoku | free guesses: this solution; tdoku |
//! |---|---:|---:|
//! | forum_hardest_1106 | 0.637–0.641 | 79.8; 110.4 |
//! | magictour_top1465 | 0.931–0.957 | 9.1; 8.9 |
//! | forum_hardest_1905_11plus (first 2,000) | 0.787–0.788 | 60.6; 63.2 |
//! | 17_clue (first 2,000) | 0.780–0.896 | 0.5; 0.4 |
//!
//! Every puzzle of `data/` takes well under a millisecond: the slowest, one of
//! forum_hardest_1905_11plus, takes 266 µs (`cargo xtask bench --problem p2239 data/*.txt`,
//! each puzzle's best of five rounds).
//!
//! ## Pitfalls
//! - **The order of empty cells.** "Smallest" is in reading order, row by row. A search
//!   that branches anywhere else (as MRV does) finds *a* completion, not the smallest,
//!   which is why step 4 exists. Taking the first completion of an MRV search is the most
//!   common wrong answer.
//! - **Row-major backtracking.** Plain row-major backtracking does give the smallest
//!   completion, but some valid inputs (17-clue puzzles, puzzles whose first row completes
//!   to `987654321`, see `data/special.txt`) make it run for seconds or minutes. The judge
//!   promises easy inputs; a good solution does not lean on the promise.
//! - **Undoing a guess.** A guess is made on a copy of the board, and undoing it is
//!   dropping the copy: nothing has to be restored by hand.

use common::board::chutes::ChuteBranching;
use common::board::Board;
use common::grid_reader::{read_grid, RowFormat};
use common::input::{write_answer, Error};
use common::observe::{Branch, Reason, SearchObserver};
use common::sudoku_start;
use common::{cell_bit, digits, grid_text, N_CELLS};
use std::io::{BufRead, Write};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// The smallest completion of `grid` in reading order, or `None` when there is none.
///
/// ```
/// let smallest = p2239::solve(&[0; 81]).unwrap();
/// assert_eq!(smallest[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// assert_eq!(smallest[9..18], [4, 5, 6, 7, 8, 9, 1, 2, 3]);
/// ```
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_observed(grid, &mut ())
}

/// [`solve`], reporting each guess and dead end of the searches to `observer`.
///
/// ```
/// let mut counter = common::observe::GuessCounter::default();
/// assert!(p2239::solve_observed(&[0; 81], &mut counter).is_some());
/// assert!(counter.guesses > 0);
/// ```
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Grid> {
    // Step 2: place the givens and propagate.
    let board = sudoku_start::board_of(grid, observer)?;

    // Step 3: look for two completions; one alone is the answer.
    observer.remark(&|| "step 3: search for up to two completions".to_string());
    let mut found = Completions::up_to(2);
    find_completions(&board, &mut found, observer);
    let first = found.first?;
    if found.count == 1 {
        observer.remark(&|| "only one completion: it is the smallest".to_string());
        Some(first)
    } else {
        observer.remark(&|| "two completions: step 4 fixes the cells in reading order".to_string());
        Some(smallest_completion(board, first, observer))
    }
}

/// The number of completions of `grid`, counting no further than `limit`.
///
/// ```
/// assert_eq!(p2239::count_completions(&[0; 81], 2), 2);
/// ```
pub fn count_completions(grid: &Grid, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let board = match sudoku_start::board_of(grid, &mut ()) {
        Some(board) => board,
        None => return 0,
    };
    let mut found = Completions::up_to(limit);
    find_completions(&board, &mut found, &mut ());
    found.count
}

/// What a search for completions has found so far: how many, and the first one (the
/// others are only counted).
struct Completions {
    /// How many completions to find before stopping.
    limit: usize,
    /// How many have been found.
    count: usize,
    /// The first completion found.
    first: Option<Grid>,
}

impl Completions {
    fn up_to(limit: usize) -> Completions {
        Completions {
            limit,
            count: 0,
            first: None,
        }
    }
}

/// Depth-first search that counts the completions of a propagated board into `found`,
/// keeping the first, until it has counted `found.limit` of them. It branches on a chute
/// ([`ChuteBranching::branch_point`]) while some digit is unsettled, and on a cell after that.
fn find_completions(board: &Board, found: &mut Completions, observer: &mut impl SearchObserver) {
    if let Some(branch) = ChuteBranching::SOLUTIONS.branch_point(board) {
        for (tried_before, k) in branch.ways().enumerate() {
            // The guess is made on a copy: undoing it is dropping the copy.
            let mut child = *board;
            branch.guess(k, tried_before, &mut child, observer);
            if child.propagate_observed(observer).is_ok() {
                find_completions(&child, found, observer);
                if found.count >= found.limit {
                    observer.unwind();
                    return;
                }
            }
            observer.dead_end();
        }
        return;
    }
    // (A `match`, not `let ... else`: the bundle must build with Rust 1.63.)
    let cell = match board.most_constrained_cell() {
        Some(cell) => cell,
        None => {
            if found.first.is_none() {
                found.first = Some(board.to_grid());
            }
            found.count += 1;
            observer.remark(&|| format!("completion {} found", found.count));
            return;
        }
    };
    let candidates = board.candidates(cell);
    for (tried_before, digit) in digits(candidates).enumerate() {
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
        // The guess is made on a copy: undoing it is dropping the copy.
        let mut child = *board;
        if child.place(cell, digit).is_ok() && child.propagate_observed(observer).is_ok() {
            find_completions(&child, found, observer);
            if found.count >= found.limit {
                observer.unwind(); // enough found: return, dropping the copy
                return;
            }
        }
        observer.dead_end();
    }
}

/// Step 4: the smallest completion of a propagated `board`, given one completion of it.
fn smallest_completion(
    mut board: Board,
    mut witness: Grid,
    observer: &mut impl SearchObserver,
) -> Grid {
    // Invariant: every completion of `board` agrees with the smallest completion on the
    // cells before `cell`, the smallest completion is one of them, and so is `witness`.
    for cell in 0..N_CELLS {
        if board.solved_cells() & cell_bit(cell) != 0 {
            continue; // decided by the givens or by propagation
        }
        let candidates = board.candidates(cell);
        for (tried_before, digit) in digits(candidates).enumerate() {
            if digit == witness[cell] {
                // The witness proves that a completion has `digit` here: no search needed.
                // (Placing it cannot fail, since the witness is a completion of `board`.)
                observer.deduced(cell, digit, Reason::Witness);
                let mut decided = board;
                if decided.place(cell, digit).is_ok()
                    && decided.propagate_observed(observer).is_ok()
                {
                    board = decided;
                }
                break;
            }
            // A smaller digit than the witness's: is there a completion with it here?
            observer.remark(&|| smaller_digit_question(cell, digit, witness[cell]));
            observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
            let mut trial = board;
            let mut found = Completions::up_to(1);
            if trial.place(cell, digit).is_ok() && trial.propagate_observed(observer).is_ok() {
                find_completions(&trial, &mut found, observer);
            }
            if let Some(completion) = found.first {
                observer.keep(); // the guess is now a decision
                witness = completion; // a smaller completion than the old witness
                board = trial;
                break;
            }
            observer.dead_end(); // no completion has `digit` here
        }
    }
    // Every cell now agrees with the smallest completion, and the witness is a completion.
    witness
}

/// Step 4's question at `cell`, in words for a trace: is there a completion with `digit`
/// there, smaller than the witness's `witness_digit`?
fn smaller_digit_question(cell: usize, digit: u8, witness_digit: u8) -> String {
    let (row, column) = (cell / 9 + 1, cell % 9 + 1);
    format!(
        "step 4: row {row}, column {column}: is there a completion with {digit}, below the \
         witness's {witness_digit}?"
    )
}

/// Reads the puzzle from `input`, solves it and writes the answer to `output`.
///
/// Nothing is written unless the whole answer is known.
///
/// ```
/// let mut output = Vec::new();
/// p2239::run("000000000\n".repeat(9).as_bytes(), &mut output).unwrap();
/// assert!(output.starts_with(b"123456789\n456789123\n"));
/// ```
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    // Step 1: read the grid as the judge writes it.
    let grid = read_grid(input, RowFormat::Packed)?;
    let completion = solve(&grid).ok_or_else(|| Error::new("the grid has no completion"))?;
    write_answer(output, &grid_text(&completion))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../samples/sample-1.in");
    const SAMPLE_OUT: &str = include_str!("../samples/sample-1.out");

    /// Plain row-major backtracking: obviously returns the smallest completion, and fast
    /// enough on grids with few open cells.
    fn smallest_by_backtracking(grid: &mut Grid, cell: usize) -> bool {
        if cell == N_CELLS {
            return true;
        }
        if grid[cell] != 0 {
            return smallest_by_backtracking(grid, cell + 1);
        }
        for digit in 1..=9 {
            let clashes = common::PEERS_OF[cell]
                .iter()
                .any(|&peer| grid[peer as usize] == digit);
            if !clashes {
                grid[cell] = digit;
                if smallest_by_backtracking(grid, cell + 1) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }

    #[test]
    fn the_sample_reads_row_by_row() {
        let grid = read_grid(SAMPLE_IN.as_bytes(), RowFormat::Packed).unwrap();
        let first_line: Vec<u8> = SAMPLE_IN.bytes().take(9).map(|byte| byte - b'0').collect();
        assert_eq!(grid[..9], first_line[..]);
    }

    #[test]
    fn a_row_in_2580s_spaced_format_is_refused_with_a_hint() {
        let spaced = SAMPLE_IN.replacen("103000509", "1 0 3 0 0 0 5 0 9", 1);
        assert_ne!(spaced, SAMPLE_IN, "the sample's first row changed");
        let error = read_grid(spaced.as_bytes(), RowFormat::Packed)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "line 1, column 2: ` ` is not a digit; a row holds 9 digits with nothing between \
             them, 0 for an empty cell"
        );
    }

    #[test]
    fn sample_gives_the_expected_output() {
        let mut output = Vec::new();
        run(SAMPLE_IN.as_bytes(), &mut output).unwrap();
        assert_eq!(String::from_utf8(output).unwrap(), SAMPLE_OUT);
    }

    #[test]
    fn grids_with_many_completions_give_the_smallest() {
        // Start from the sample's solution and empty whole rows: many completions remain.
        let solution = read_grid(SAMPLE_OUT.as_bytes(), RowFormat::Packed).unwrap();
        for emptied_rows in [&[0usize, 1][..], &[3, 4, 6], &[0, 4, 8], &[2, 5, 7, 8]] {
            let mut grid = solution;
            for &row in emptied_rows {
                grid[row * 9..row * 9 + 9].fill(0);
            }
            let mut expected = grid;
            assert!(smallest_by_backtracking(&mut expected, 0));
            assert_eq!(
                solve(&grid),
                Some(expected),
                "rows {emptied_rows:?} emptied"
            );
        }
    }

    #[test]
    fn nearly_empty_grids_are_searched_by_cells() {
        // Grids of two or three givens on which branching on chutes from the start made
        // millions of guesses (the first is stress case 4213); the search goes by cells
        // until 17 cells are decided (`DECIDED_FOR_CHUTES`).
        let grids = [
            "000000000000000000000000000000000000000000000000000000000000010000000050000000000",
            "000000000000000000000000000000000000000000200000000040000002000000000000000000000",
            "000000004000000000000000000000000000000000003000000000000000000000000000000000000",
        ];
        for text in grids {
            let mut grid = [0; N_CELLS];
            for (cell, byte) in text.bytes().enumerate() {
                grid[cell] = byte - b'0';
            }
            let mut counter = common::observe::GuessCounter::default();
            let mut expected = grid;
            assert!(smallest_by_backtracking(&mut expected, 0));
            assert_eq!(
                solve_observed(&grid, &mut counter),
                Some(expected),
                "{text}"
            );
            assert!(
                counter.guesses < 1_000,
                "{text}: {} guesses",
                counter.guesses
            );
        }
    }

    #[test]
    fn a_grid_without_completion_is_reported() {
        // Row 1 misses only 1 and 2, but column 9 already holds both.
        let mut grid = [0u8; N_CELLS];
        grid[..7].copy_from_slice(&[3, 4, 5, 6, 7, 8, 9]);
        grid[9 * 4 + 8] = 1;
        grid[9 * 5 + 8] = 2;
        let mut output = Vec::new();
        let error = run(grid_text(&grid).as_bytes(), &mut output).unwrap_err();
        assert_eq!(error.to_string(), "the grid has no completion");
        assert!(output.is_empty());
    }
}
