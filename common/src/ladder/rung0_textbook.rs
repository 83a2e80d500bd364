//! # Rung 0: the textbook method (start)
//!
//! **The idea.** Fill the first empty cell in reading order with the smallest digit its
//! row, column and box do not hold ([`UsedDigits`]); when a cell has no digit left, go
//! back and give the previous cell its next digit.
//!
//! **Why it keeps every completion.** Only digits that break a rule are skipped, and the
//! first full grid reached is the smallest in reading order (problem 2239's answer).
//!
//! **What a node costs.** A few table lookups, no copy. But a wrong digit shows only when
//! the search reaches the cell it starves, and everything between is tried again: some
//! puzzles take billions of guesses, so this rung stops at [`CAP`].
//!
//! **Try it.** `head -1 data/magictour_top1465.txt | fold -w9 | tr . 0 | cargo xtask trace
//! p2239 --rung 0`: the guesses walk row 1 cell by cell; the summary shows the cap reached.

use super::{BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung};
use crate::observe::{report_givens, SearchObserver};
use crate::{digit_bit, ALL_DIGITS, BOX_OF, COL_OF, N_CELLS, ROW_OF};

/// The guesses rung 0 may make on one grid: tens of milliseconds, so that benchmarks end.
pub const CAP: u64 = 2_000_000;

/// The digits each row, column and box holds, as candidate masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UsedDigits {
    in_row: [u16; 9],
    in_column: [u16; 9],
    in_box: [u16; 9],
}

impl UsedDigits {
    /// The tables of the givens of `grid`, or `None` when two clash.
    pub fn of_givens(grid: &[u8; N_CELLS]) -> Option<UsedDigits> {
        let mut used = UsedDigits::default();
        for cell in 0..N_CELLS {
            let digit = grid[cell];
            if digit != 0 {
                if !used.allows(cell, digit) {
                    return None;
                }
                used.insert(cell, digit);
            }
        }
        Some(used)
    }

    /// Whether `digit` may go in `cell`: its row, column and box do not hold it yet.
    pub fn allows(&self, cell: usize, digit: u8) -> bool {
        self.candidates(cell) & digit_bit(digit) != 0
    }

    /// The digits that `cell`'s row, column and box do not hold yet, as a candidate mask.
    pub fn candidates(&self, cell: usize) -> u16 {
        let used = self.in_row[ROW_OF[cell] as usize]
            | self.in_column[COL_OF[cell] as usize]
            | self.in_box[BOX_OF[cell] as usize];
        ALL_DIGITS & !used
    }

    /// Records that `digit` stands in `cell`.
    pub fn insert(&mut self, cell: usize, digit: u8) {
        let bit = digit_bit(digit);
        self.in_row[ROW_OF[cell] as usize] |= bit;
        self.in_column[COL_OF[cell] as usize] |= bit;
        self.in_box[BOX_OF[cell] as usize] |= bit;
    }

    /// Takes back [`insert`](Self::insert): `digit` no longer stands in `cell`.
    pub fn remove(&mut self, cell: usize, digit: u8) {
        let bit = !digit_bit(digit);
        self.in_row[ROW_OF[cell] as usize] &= bit;
        self.in_column[COL_OF[cell] as usize] &= bit;
        self.in_box[BOX_OF[cell] as usize] &= bit;
    }
}

/// Solves `grid` with at most [`CAP`] guesses.
pub fn solve(grid: &Grid) -> Outcome {
    solve_within(grid, CAP)
}

/// Solves `grid` with at most `cap` guesses. At the cap the outcome has no solution,
/// `guesses == cap` and `capped` set.
pub fn solve_within(grid: &Grid, cap: u64) -> Outcome {
    solve_observed(grid, cap, &mut ())
}

/// [`solve_within`], telling `observer` each step.
pub fn solve_observed(grid: &Grid, cap: u64, observer: &mut impl SearchObserver) -> Outcome {
    report_givens(grid, observer);
    // Clashing givens leave nothing to search.
    let used = match UsedDigits::of_givens(grid) {
        Some(used) => used,
        None => return Outcome::no_completion(),
    };
    let mut search = Textbook {
        grid: *grid,
        used,
        guesses: 0,
        cap,
    };
    let found = search.fill_from(0, observer);
    Outcome::of_backtracking(found, &search.grid, search.guesses)
}

/// The digits each cell may take by the tables (a given keeps its own), or `None` when
/// givens clash.
pub fn candidates_after_givens(grid: &Grid) -> Option<[u16; N_CELLS]> {
    let used = UsedDigits::of_givens(grid)?;
    Some(std::array::from_fn(|cell| match grid[cell] {
        0 => used.candidates(cell),
        given => digit_bit(given),
    }))
}

/// The first branch point: the first empty cell in reading order, with the digits its row,
/// column and box allow.
pub fn first_branch_point(grid: &Grid) -> Option<BranchPoint> {
    let used = UsedDigits::of_givens(grid)?;
    let cell = (0..N_CELLS).find(|&cell| grid[cell] == 0)?;
    let candidates = used.candidates(cell);
    Some(BranchPoint::Cell { cell, candidates })
}

/// The grid being filled, its tables and the guesses so far.
struct Textbook {
    grid: Grid,
    used: UsedDigits,
    guesses: u64,
    cap: u64,
}

impl Textbook {
    /// Fills the empty cells from `cell` on: `Some(true)` when full, `Some(false)` (the grid
    /// as it was) when no digit fits somewhere, `None` at the cap.
    fn fill_from(&mut self, cell: usize, observer: &mut impl SearchObserver) -> Option<bool> {
        // The first empty cell in reading order; none left means the grid is full.
        let cell = match (cell..N_CELLS).find(|&cell| self.grid[cell] == 0) {
            Some(cell) => cell,
            None => return Some(true),
        };
        for digit in 1..=9 {
            if !self.used.allows(cell, digit) {
                continue;
            }
            if self.guesses == self.cap {
                return None;
            }
            self.guesses += 1;
            observer.guess(&[(cell, digit)]);
            self.grid[cell] = digit;
            self.used.insert(cell, digit);
            if self.fill_from(cell + 1, observer)? {
                return Some(true);
            }
            // Take the digit back and try the next one.
            observer.dead_end();
            self.used.remove(cell, digit);
            self.grid[cell] = 0;
        }
        Some(false)
    }
}

/// Rung 0 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 0,
    name: "textbook",
    idea: Idea::Start,
    solve,
    solve_observed: |grid, mut observer| solve_observed(grid, CAP, &mut observer),
    candidates_after_rules: candidates_after_givens,
    first_branch_point,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashing_givens_have_no_completion_and_take_no_guess() {
        let mut grid = [0; N_CELLS];
        grid[0] = 5;
        grid[40] = 5;
        assert!(solve(&grid).solution.is_some());
        grid[20] = 5; // box 1 again
        let outcome = solve(&grid);
        assert_eq!((outcome.solution, outcome.guesses), (None, 0));
        assert!(!outcome.capped);
    }

    #[test]
    fn the_first_completion_is_the_smallest() {
        // On the empty grid, each row is the smallest arrangement the rows above allow.
        let solution = solve(&[0; N_CELLS]).solution.unwrap();
        let first_rows: Vec<u8> = solution[..27].to_vec();
        let expected: Vec<u8> = [1, 2, 3, 4, 5, 6, 7, 8, 9]
            .iter()
            .chain(&[4, 5, 6, 7, 8, 9, 1, 2, 3])
            .chain(&[7, 8, 9, 1, 2, 3, 4, 5, 6])
            .copied()
            .collect();
        assert_eq!(first_rows, expected);
    }

    #[test]
    fn a_finished_run_counts_its_guesses_below_the_cap() {
        let outcome = solve(&[0; N_CELLS]);
        assert!(!outcome.capped);
        // At least one guess per cell; backtracking adds more.
        assert!(outcome.guesses >= N_CELLS as u64 && outcome.guesses < CAP);
        let stopped = solve_within(&[0; N_CELLS], outcome.guesses - 1);
        assert!(stopped.capped && stopped.solution.is_none());
        assert_eq!(solve_within(&[0; N_CELLS], outcome.guesses), outcome);
    }
}
