//! # Rung 15: a board with few decided cells branches on a cell
//!
//! Branching: a permutation decides no cell, and a nearly empty board hides its
//! contradictions from the rules. So below [`DECIDED_FOR_CHUTES`] decided cells the search
//! branches on a cell, as rung 13 does; from there on, as rung 14. Its code is
//! [`crate::board::sparse`]. `docs/climb.md` tells the idea with its picture.
//!
//! [`DECIDED_FOR_CHUTES`]: crate::board::sparse::DECIDED_FOR_CHUTES

use super::rung14_chutes::{ChuteSearch, SEARCH as RUNG_14};
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
