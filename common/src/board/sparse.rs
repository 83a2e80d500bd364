//! A board with few decided cells branches on a cell ([rung 15](crate::ladder::rung15_sparse)).

use super::Board;
use crate::N_CELLS;

/// The fewest decided cells for branching on chutes: a permutation decides no cell, so a
/// nearly empty board hides its contradictions (`docs/experiments.md`). 17, as no puzzle
/// with fewer givens has one completion (McGuire, Tugemann and Civario, 2012).
pub const DECIDED_FOR_CHUTES: u32 = 17;

/// What a board with fewer than [`DECIDED_FOR_CHUTES`] decided cells branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseBoard {
    /// Chutes (rung 14).
    Chutes,
    /// Cells (rung 15 on).
    Cells,
}

impl SparseBoard {
    #[inline]
    pub(super) fn branches_on_cells(self, board: &Board) -> bool {
        let open_cells: u32 = board.open.iter().map(|band| band.count_ones()).sum();
        self == SparseBoard::Cells && N_CELLS as u32 - open_cells < DECIDED_FOR_CHUTES
    }
}
