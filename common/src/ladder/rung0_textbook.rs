//! # Rung 0: the textbook method (start)
//!
//! The digits each row, column and box allows are read from [`UsedDigits`]. `docs/climb.md`
//! tells the idea with its picture.

use super::{BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung};
use crate::observe::{report_givens, SearchObserver};
use crate::{digit_bit, ALL_DIGITS, BOX_OF, COL_OF, N_CELLS, ROW_OF};

/// Rung 0's most guesses on one grid (tens of milliseconds), so that benchmarks end.
pub const CAP: u64 = 2_000_000;

/// The digits each row, column and box holds, as candidate masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UsedDigits {
    in_row: [u16; 9],
    in_column: [u16; 9],
    in_box: [u16; 9],
}

impl UsedDigits {
    /// The tables of `grid`'s givens; `None` when two clash.
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

    /// Whether `cell`'s row, column and box lack `digit`.
    pub fn allows(&self, cell: usize, digit: u8) -> bool {
        self.candidates(cell) & digit_bit(digit) != 0
    }

    /// The digits `cell`'s row, column and box lack.
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

    /// Takes back [`insert`](Self::insert).
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

/// Solves `grid` with at most `cap` guesses; at the cap, `capped` is set.
pub fn solve_within(grid: &Grid, cap: u64) -> Outcome {
    solve_observed(grid, cap, &mut ())
}

/// [`solve_within`], telling `observer` each step.
pub fn solve_observed(grid: &Grid, cap: u64, observer: &mut impl SearchObserver) -> Outcome {
    report_givens(grid, observer);
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

/// Each cell's candidates by the tables (a given's: itself); `None` when givens clash.
pub fn candidates_after_givens(grid: &Grid) -> Option<[u16; N_CELLS]> {
    let used = UsedDigits::of_givens(grid)?;
    Some(std::array::from_fn(|cell| match grid[cell] {
        0 => used.candidates(cell),
        given => digit_bit(given),
    }))
}

/// The first empty cell and its candidates.
pub fn first_branch_point(grid: &Grid) -> Option<BranchPoint> {
    let used = UsedDigits::of_givens(grid)?;
    let cell = (0..N_CELLS).find(|&cell| grid[cell] == 0)?;
    let candidates = used.candidates(cell);
    Some(BranchPoint::Cell { cell, candidates })
}

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
            // Take the digit back.
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
