//! # Rung 18: where only three digits can go in a mini-line, they go there
//!
//! Inference: each of the three leaves the rest of the mini-line's row (or column) and box (the
//! room [`crate::board::only_three`]). `docs/climb.md` tells the idea with its picture.

use super::rung14_chutes::ChuteSearch;
use super::rung17_early::SEARCH as RUNG_17;
use super::{Idea, PuzzleInSet, Rung};
use crate::board::MiniLineRule;

/// Rung 18's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    rule: MiniLineRule::ConfinedAndOnlyThree,
    ..RUNG_17
};

/// Rung 18 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 18,
    name: "only-three",
    idea: Idea::Inference,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 4,
    },
};
