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

#[cfg(test)]
mod tests {
    use super::super::chutes::ChuteBranching;
    use super::super::MiniLineRule;
    use super::*;

    #[test]
    fn a_board_branches_on_chutes_from_seventeen_decided_cells() {
        // Sixteen cells decided: the first row and seven of the second. Then one more.
        let mut grid = [0; N_CELLS];
        grid[..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1]);
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        assert_eq!(board.solved_cells().count_ones(), 16);
        assert!(ChuteBranching::SOLUTIONS.branch_point(&board).is_none());
        assert!(ChuteBranching::FIRST.branch_point(&board).is_some());
        board.place(16, 2).unwrap();
        board.propagate().unwrap();
        assert!(board.solved_cells().count_ones() >= DECIDED_FOR_CHUTES);
        assert!(ChuteBranching::SOLUTIONS.branch_point(&board).is_some());
    }
}
