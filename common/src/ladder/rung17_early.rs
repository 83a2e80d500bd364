//! # Rung 17: while the board is early, the chute with the fewest permutations
//!
//! Branching, as tdoku chooses its band (the room [`crate::board::early`]). Picture and
//! reasons: `docs/climb.md`.

use super::rung14_chutes::ChuteSearch;
use super::rung16_fewest_permutations::SEARCH as RUNG_16;
use super::{Idea, PuzzleInSet, Rung};
use crate::board::chutes::ChuteBranching;
use crate::board::early::ChuteChoice;

/// Rung 17's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    branching: ChuteBranching {
        chute: ChuteChoice::FewestPermutationsWhileEarly,
        ..RUNG_16.branching
    },
    ..RUNG_16
};

/// Rung 17 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 17,
    name: "early",
    idea: Idea::Branching,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 3,
    },
};
