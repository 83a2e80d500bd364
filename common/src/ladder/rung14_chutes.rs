//! # Rung 14: branching on chutes
//!
//! Branching, as tdoku does in bands (the room [`crate::board::chutes`]); once every digit
//! is settled, on cells. Picture and reasons: `docs/climb.md`.

use super::{BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung, Solver};
use crate::board::chutes::ChuteBranching;
use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::{report_givens, Branch, SearchObserver};
use crate::{digits, N_CELLS};

/// A search on chutes; rungs 14 to 19 differ only in these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChuteSearch {
    /// How much of the mini-line rule the board runs.
    pub rule: MiniLineRule,
    /// Which digits the mini-line rule counts again.
    pub recount: Recount,
    /// Where the search branches.
    pub branching: ChuteBranching,
}

/// Rung 14's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    rule: MiniLineRule::Confined,
    recount: Recount::EveryDigit,
    branching: ChuteBranching::FIRST,
};

impl Solver for ChuteSearch {
    fn solve(&self, grid: &Grid) -> Outcome {
        self.solve_with(grid, &mut ())
    }

    fn solve_observed(&self, grid: &Grid, mut observer: &mut dyn SearchObserver) -> Outcome {
        self.solve_with(grid, &mut observer)
    }

    fn candidates_after_rules(&self, grid: &Grid) -> Option<[u16; N_CELLS]> {
        let board = Board::propagated(grid, self.rule, self.recount, &mut ()).ok()?;
        Some(std::array::from_fn(|cell| board.candidates(cell)))
    }

    /// A chute's, or a cell's when there is none.
    fn first_branch_point(&self, grid: &Grid) -> Option<BranchPoint> {
        let board = Board::propagated(grid, self.rule, self.recount, &mut ()).ok()?;
        if let Some(branch) = self.branching.branch_point(&board) {
            return Some(BranchPoint::Chute { branch });
        }
        let cell = board.most_constrained_cell()?;
        let candidates = board.candidates(cell);
        Some(BranchPoint::Cell { cell, candidates })
    }
}

impl ChuteSearch {
    fn solve_with(self, grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
        report_givens(grid, observer);
        let mut guesses = 0;
        let solution = match Board::propagated(grid, self.rule, self.recount, observer) {
            Ok(board) => self.depth_first(&board, &mut guesses, observer),
            Err(_) => None,
        };
        Outcome {
            solution,
            guesses,
            capped: false,
        }
    }

    fn depth_first(
        self,
        board: &Board,
        guesses: &mut u64,
        observer: &mut impl SearchObserver,
    ) -> Option<Grid> {
        if let Some(branch) = self.branching.branch_point(board) {
            for (tried_before, k) in branch.ways().enumerate() {
                *guesses += 1;
                // The guess is made on a copy: undoing it is dropping the copy.
                let mut child = *board;
                branch.guess(k, tried_before, &mut child, observer);
                if child.propagate_observed(observer).is_ok() {
                    if let Some(solution) = self.depth_first(&child, guesses, observer) {
                        return Some(solution);
                    }
                }
                observer.dead_end();
            }
            return None;
        }
        // No chute to branch on: the open cells, if any, as on rung 13.
        let cell = match board.most_constrained_cell() {
            Some(cell) => cell,
            None => return Some(board.to_grid()),
        };
        let candidates = board.candidates(cell);
        for (tried_before, digit) in digits(candidates).enumerate() {
            *guesses += 1;
            observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
            let mut child = *board;
            if child.place(cell, digit).is_ok() && child.propagate_observed(observer).is_ok() {
                if let Some(solution) = self.depth_first(&child, guesses, observer) {
                    return Some(solution);
                }
            }
            observer.dead_end();
        }
        None
    }
}

/// Rung 14 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 14,
    name: "chutes",
    idea: Idea::Branching,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "forum_hardest_1106",
        number: 1,
    },
};
