//! # Rung 0: the textbook method (start)
//!
//! Picture and reasons: `docs/climb.md`.

use super::search::most_constrained_cell;
use super::{AtCap, BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung, Solver};
use crate::observe::{report_givens, Branch, Conflict, SearchObserver};
use crate::{digit_bit, digits, ALL_DIGITS, BOX_OF, COL_OF, N_CELLS, ROW_OF};

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

/// Backtracking in place on [`UsedDigits`]: rung 0's, and rung 1's with its own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backtracking {
    /// Which empty cell it fills next.
    pub order: CellOrder,
    /// The most guesses it makes on one grid; at the cap, the outcome is `capped`.
    pub cap: u64,
}

/// Which empty cell the backtracking fills next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellOrder {
    /// The first in reading order (rung 0).
    Reading,
    /// The one with the fewest candidates (rung 1).
    FewestCandidates,
}

/// Rung 0's search.
pub const SEARCH: Backtracking = Backtracking {
    order: CellOrder::Reading,
    cap: CAP,
};

impl Solver for Backtracking {
    fn solve(&self, grid: &Grid) -> Outcome {
        self.solve_with(grid, &mut ())
    }

    fn solve_observed(&self, grid: &Grid, mut observer: &mut dyn SearchObserver) -> Outcome {
        self.solve_with(grid, &mut observer)
    }

    /// By the tables (a given's: itself).
    fn candidates_after_rules(&self, grid: &Grid) -> Option<[u16; N_CELLS]> {
        let used = UsedDigits::of_givens(grid)?;
        Some(std::array::from_fn(|cell| match grid[cell] {
            0 => used.candidates(cell),
            given => digit_bit(given),
        }))
    }

    fn first_branch_point(&self, grid: &Grid) -> Option<BranchPoint> {
        let used = UsedDigits::of_givens(grid)?;
        let cell = self.next_cell(grid, &used, 0)?;
        let candidates = used.candidates(cell);
        Some(BranchPoint::Cell { cell, candidates })
    }
}

impl Backtracking {
    fn solve_with(self, grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
        report_givens(grid, observer);
        let used = match UsedDigits::of_givens(grid) {
            Some(used) => used,
            None => return Outcome::no_completion(),
        };
        let mut filling = Filling {
            search: self,
            grid: *grid,
            used,
            guesses: 0,
        };
        let filled = filling.fill_from(0, observer);
        Outcome::of_backtracking(filled, &filling.grid, filling.guesses)
    }

    /// The empty cell to fill next, the cells before `from` being full in reading order.
    fn next_cell(self, grid: &Grid, used: &UsedDigits, from: usize) -> Option<usize> {
        match self.order {
            CellOrder::Reading => (from..N_CELLS).find(|&cell| grid[cell] == 0),
            CellOrder::FewestCandidates => {
                let empty = (0..N_CELLS).filter(|&cell| grid[cell] == 0);
                most_constrained_cell(empty, |cell| used.candidates(cell))
            }
        }
    }
}

struct Filling {
    search: Backtracking,
    grid: Grid,
    used: UsedDigits,
    guesses: u64,
}

impl Filling {
    /// Fills the empty cells (in reading order, those from `from` on; rung 1's order looks
    /// at all): `Ok(true)` when full, `Ok(false)` (the grid as it was) when no digit fits
    /// somewhere.
    fn fill_from(
        &mut self,
        from: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, AtCap> {
        let cell = match self.search.next_cell(&self.grid, &self.used, from) {
            Some(cell) => cell,
            None => return Ok(true),
        };
        let candidates = self.used.candidates(cell);
        if candidates == 0 {
            observer.contradiction(Conflict::EmptyCell { cell });
        }
        for (tried_before, digit) in digits(candidates).enumerate() {
            if self.guesses == self.search.cap {
                return Err(AtCap);
            }
            self.guesses += 1;
            observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
            self.grid[cell] = digit;
            self.used.insert(cell, digit);
            if self.fill_from(cell + 1, observer)? {
                return Ok(true);
            }
            // Take the digit back.
            observer.dead_end();
            self.used.remove(cell, digit);
            self.grid[cell] = 0;
        }
        Ok(false)
    }
}

/// Rung 0 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 0,
    name: "textbook",
    idea: Idea::Start,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(grid: &Grid) -> Outcome {
        SEARCH.solve(grid)
    }

    fn solve_within(grid: &Grid, cap: u64) -> Outcome {
        Backtracking { cap, ..SEARCH }.solve(grid)
    }

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
