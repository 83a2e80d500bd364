//! # Rung 18: where only three digits can go in a mini-line, they go there
//!
//! Inference (the room [`crate::board::only_three`]). Picture and reasons: `docs/climb.md`.

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
