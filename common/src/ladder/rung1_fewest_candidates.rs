//! # Rung 1: the cell with the fewest candidates first
//!
//! Branching: rung 0's tables, the empty cell chosen by MRV. `docs/climb.md` tells the idea with
//! its picture.

use super::rung0_textbook::UsedDigits;
use super::{BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung};
use crate::observe::{report_givens, Branch, Conflict, SearchObserver};
use crate::{count, digits, N_CELLS};

/// Solves `grid`.
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid`, telling `observer` each step.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    report_givens(grid, observer);
    let used = match UsedDigits::of_givens(grid) {
        Some(used) => used,
        None => return Outcome::no_completion(),
    };
    let mut search = FewestFirst {
        grid: *grid,
        used,
        guesses: 0,
    };
    let found = search.fill(observer);
    Outcome::of_backtracking(Some(found), &search.grid, search.guesses)
}

/// The root's cell and its candidates.
pub fn first_branch_point(grid: &Grid) -> Option<BranchPoint> {
    let used = UsedDigits::of_givens(grid)?;
    let search = FewestFirst {
        grid: *grid,
        used,
        guesses: 0,
    };
    let cell = search.choose_cell()?;
    let candidates = used.candidates(cell);
    Some(BranchPoint::Cell { cell, candidates })
}

struct FewestFirst {
    grid: Grid,
    used: UsedDigits,
    guesses: u64,
}

/// MRV ("minimum remaining values", constraint search's classic order): the first of the
/// `open` cells with the fewest `candidates`.
pub(super) fn most_constrained_cell(
    open: impl Iterator<Item = usize>,
    candidates: impl Fn(usize) -> u16,
) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for cell in open {
        let n_candidates = count(candidates(cell));
        if best.map_or(true, |(fewest, _)| n_candidates < fewest) {
            best = Some((n_candidates, cell));
            // Nobody beats one candidate but an empty cell, which fails at once anyway.
            if n_candidates <= 1 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

impl FewestFirst {
    fn choose_cell(&self) -> Option<usize> {
        let empty = (0..N_CELLS).filter(|&cell| self.grid[cell] == 0);
        most_constrained_cell(empty, |cell| self.used.candidates(cell))
    }

    /// Fills the empty cells; `false` (the grid as it was) when some cell has no digit left.
    fn fill(&mut self, observer: &mut impl SearchObserver) -> bool {
        let cell = match self.choose_cell() {
            Some(cell) => cell,
            None => return true,
        };
        let candidates = self.used.candidates(cell);
        if candidates == 0 {
            // Chosen first, a starved cell fails without a guess.
            observer.contradiction(Conflict::EmptyCell { cell });
        }
        for (tried_before, digit) in digits(candidates).enumerate() {
            self.guesses += 1;
            observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
            self.grid[cell] = digit;
            self.used.insert(cell, digit);
            if self.fill(observer) {
                return true;
            }
            // Take the digit back.
            observer.dead_end();
            self.used.remove(cell, digit);
            self.grid[cell] = 0;
        }
        false
    }
}

/// Rung 1 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 1,
    name: "fewest-candidates",
    idea: Idea::Branching,
    solve,
    solve_observed: |grid, mut observer| solve_observed(grid, &mut observer),
    candidates_after_rules: super::rung0_textbook::candidates_after_givens,
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
    fn a_cell_without_candidates_fails_without_a_guess() {
        // Row 1 holds 1 to 8 after cell 0, and column 1 holds the 9: cell 0 is starved.
        let mut grid = [0; N_CELLS];
        for column in 1..9 {
            grid[column] = column as u8;
        }
        grid[27] = 9;
        let outcome = solve(&grid);
        assert_eq!((outcome.solution, outcome.guesses), (None, 0));
    }

    #[test]
    fn the_narrowest_cell_is_filled_first() {
        // Row 1 holds 1 to 7: its last two cells have two candidates each, every other
        // empty cell more. The first guess goes to cell 7, the lower of the two.
        let mut grid = [0; N_CELLS];
        grid[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        let search = FewestFirst {
            grid,
            used: UsedDigits::of_givens(&grid).unwrap(),
            guesses: 0,
        };
        assert_eq!(search.choose_cell(), Some(7));
    }
}
