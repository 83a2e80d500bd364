//! # Rung 1: the cell with the fewest candidates first
//!
//! Branching: rung 0's backtracking in MRV's order. Picture and reasons: `docs/climb.md`.

use super::rung0_textbook::{Backtracking, CellOrder};
use super::{Idea, PuzzleInSet, Rung};
use crate::count;

/// Rung 1's search: rung 0's, without its cap.
pub const SEARCH: Backtracking = Backtracking {
    order: CellOrder::FewestCandidates,
    cap: u64::MAX,
};

/// MRV ("minimum remaining values", constraint search's classic order): the first of the
/// `open` cells with the fewest `candidates`, or the first with one or none.
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

/// Rung 1 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 1,
    name: "fewest-candidates",
    idea: Idea::Branching,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::{BranchPoint, Solver};
    use crate::N_CELLS;

    #[test]
    fn a_cell_without_candidates_fails_without_a_guess() {
        // Row 1 holds 1 to 8 after cell 0, and column 1 holds the 9: cell 0 is starved.
        let mut grid = [0; N_CELLS];
        for column in 1..9 {
            grid[column] = column as u8;
        }
        grid[27] = 9;
        let outcome = SEARCH.solve(&grid);
        assert_eq!((outcome.solution, outcome.guesses), (None, 0));
    }

    #[test]
    fn the_narrowest_cell_is_filled_first() {
        // Row 1 holds 1 to 7: its last two cells have two candidates each, every other
        // empty cell more. The first guess goes to cell 7, the lower of the two.
        let mut grid = [0; N_CELLS];
        grid[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        let cell = match SEARCH.first_branch_point(&grid) {
            Some(BranchPoint::Cell { cell, .. }) => cell,
            other => panic!("{other:?}"),
        };
        assert_eq!(cell, 7);
    }
}
