//! # Rung 11: the band board, without a branch the processor cannot predict
//!
//! Representation: rung 10 on the solutions' [`Board`]: a straight-line band rule (the room
//! [`crate::board::band_rule`]), the givens at once ([`Board::from_grid`]). Picture and
//! reasons: `docs/climb.md`.

use super::{Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};
use crate::board::Board;
use crate::observe::SearchObserver;

impl SearchState for Board {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut board = Board::from_grid(grid).ok()?;
        board.propagate_observed(observer).ok()?;
        Some(board)
    }

    fn choose_cell(&self) -> Option<usize> {
        self.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.place(cell, digit).is_ok() && self.propagate_observed(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.to_grid()
    }
}

/// Rung 11 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 11,
    name: "band-board",
    idea: Idea::Representation,
    solver: &OnCells::<Board>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 13,
    },
};
