//! # Rung 16: in the chute, the digit with the fewest permutations left
//!
//! Branching: rung 1's idea for a chute's digits (the room [`crate::board::digit_choice`]).
//! Picture and reasons: `docs/climb.md`.

use super::rung14_chutes::ChuteSearch;
use super::rung15_sparse::SEARCH as RUNG_15;
use super::{Idea, PuzzleInSet, Rung};
use crate::board::chutes::ChuteBranching;
use crate::board::digit_choice::DigitChoice;

/// Rung 16's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    branching: ChuteBranching {
        digit: DigitChoice::FewestPermutations,
        ..RUNG_15.branching
    },
    ..RUNG_15
};

/// Rung 16 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 16,
    name: "fewest-permutations",
    idea: Idea::Branching,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 21,
    },
};
