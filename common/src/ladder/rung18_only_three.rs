//! # Rung 18: where only three digits can go in a mini-line, they go there
//!
//! Inference: each of the three leaves the rest of the mini-line's row (or column) and box (the
//! room [`crate::board::only_three`]). `docs/climb.md` tells the idea with its picture.

use super::rung13_mini_line_counts::MiniLines;
use super::rung14_chutes::ChuteSearch;
use super::rung17_early::SEARCH as RUNG_17;
use super::{candidates_after_rules, Idea, PuzzleInSet, Rung};
use crate::board::MiniLineRule;

/// Rung 18's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    rule: MiniLineRule::ConfinedAndOnlyThree,
    ..RUNG_17
};

/// The board with the whole mini-line rule, searched on cells.
pub type OnlyThree = MiniLines<true>;

/// Rung 18 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 18,
    name: "only-three",
    idea: Idea::Inference,
    solve: |grid| SEARCH.solve(grid),
    solve_observed: |grid, mut observer| SEARCH.solve_observed(grid, &mut observer),
    candidates_after_rules: candidates_after_rules::<OnlyThree>,
    first_branch_point: |grid| SEARCH.first_branch_point(grid),
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 4,
    },
};
