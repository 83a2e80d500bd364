//! # Rung 18: where only three digits can go in a mini-line, they go there
//!
//! Inference: the mini-line rule turned round. Its confined part looks from the digits'
//! side (three digits with no other place in their line fill the mini-line); this part
//! from the cells' side: if only three digits can go in the mini-line's three cells, those
//! three fill it, so each leaves the rest of the mini-line's line and box. Its code is
//! [`crate::board::only_three`]; tdoku's write-up states both parts as one constraint on
//! its triads. `docs/climb.md` tells the idea with its picture.

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

/// The board with the whole mini-line rule, searched on cells: what the ladder's tests
/// compare with rung 17's propagation.
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
