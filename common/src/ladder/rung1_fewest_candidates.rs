//! # Rung 1: the cell with the fewest candidates first
//!
//! Branching: rung 0's backtracking in MRV's order (its choice of cell is
//! `most_constrained_cell` in `search.rs`, which rung 2 calls too). Picture and reasons:
//! `docs/climb.md`.

use super::rung0_textbook::{Backtracking, CellOrder};
use super::{Idea, PuzzleInSet, Rung};

/// Rung 1's search: rung 0's, without its cap.
pub const SEARCH: Backtracking = Backtracking {
    order: CellOrder::FewestCandidates,
    cap: u64::MAX,
};

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
