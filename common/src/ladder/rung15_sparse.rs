//! # Rung 15: a board with few decided cells branches on a cell
//!
//! Branching (the room [`crate::board::sparse`]). Picture and reasons: `docs/climb.md`.

use super::rung14_chutes::{ChuteSearch, SEARCH as RUNG_14};
use super::{Idea, PuzzleInSet, Rung};
use crate::board::chutes::ChuteBranching;
use crate::board::sparse::SparseBoard;

/// Rung 15's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    branching: ChuteBranching {
        sparse_board: SparseBoard::Cells,
        ..RUNG_14.branching
    },
    ..RUNG_14
};

/// Rung 15 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 15,
    name: "sparse",
    idea: Idea::Branching,
    solver: &SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "sparse",
        number: 1,
    },
};
