//! # Rung 19: the mini-line rule counts again only the digits that changed
//!
//! Incremental work (the room [`crate::board::recount`]): rung 18's steps in the same order.
//! The Sudoku solutions' search. Picture and reasons: `docs/climb.md`.

use super::rung14_chutes::ChuteSearch;
use super::rung18_only_three::SEARCH as RUNG_18;
use super::{Idea, PuzzleInSet, Rung};
use crate::board::Recount;

/// Rung 19's search: the Sudoku solutions'.
pub const SEARCH: ChuteSearch = ChuteSearch {
    recount: Recount::ChangedDigits,
    ..RUNG_18
};

/// Rung 19 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 19,
    name: "recount",
    idea: Idea::IncrementalWork,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 4,
    },
};
