//! # Rung 14: branching on chutes
//!
//! Branching: a guess keeps one permutation of a digit in a chute (the room
//! [`crate::board::chutes`]; tdoku branches so in a band); once every digit is settled, on cells.
//! `docs/climb.md` tells the idea with its picture.

use super::{candidates_after_rules, BranchPoint, Grid, Idea, Outcome, PuzzleInSet, Rung};
use crate::board::chutes::ChuteBranching;
use crate::board::{Board, MiniLineRule, Recount};
use crate::digits;
use crate::observe::{report_givens, Branch, SearchObserver};

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

impl ChuteSearch {
    /// Solves `grid`.
    pub fn solve(self, grid: &Grid) -> Outcome {
        self.solve_observed(grid, &mut ())
    }

    /// Solves `grid`, reporting every step to `observer`.
    pub fn solve_observed(self, grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
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

    /// The root's branch point: a chute's, or a cell's when there is none.
    pub fn first_branch_point(self, grid: &Grid) -> Option<BranchPoint> {
        let board = Board::propagated(grid, self.rule, self.recount, &mut ()).ok()?;
        if let Some(branch) = self.branching.branch_point(&board) {
            return Some(BranchPoint::Chute { branch });
        }
        let cell = board.most_constrained_cell()?;
        let candidates = board.candidates(cell);
        Some(BranchPoint::Cell { cell, candidates })
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
    solve: |grid| SEARCH.solve(grid),
    solve_observed: |grid, mut observer| SEARCH.solve_observed(grid, &mut observer),
    candidates_after_rules: candidates_after_rules::<super::rung13_mini_line_counts::MiniLineCounts>,
    first_branch_point: |grid| SEARCH.first_branch_point(grid),
    chosen_puzzle: PuzzleInSet {
        set: "forum_hardest_1106",
        number: 1,
    },
};
