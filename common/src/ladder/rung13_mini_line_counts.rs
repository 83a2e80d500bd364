//! # Rung 13: the mini-line rule, counted from what the other rules keep
//!
//! Representation (the room [`crate::board::mini_lines`]). Picture and reasons:
//! `docs/climb.md`.

use super::{Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};
use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Rung 13's search state: the board with the mini-line rule's confined part.
#[derive(Clone, Copy)]
pub struct MiniLineCounts {
    board: Board,
}

impl SearchState for MiniLineCounts {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let rule = MiniLineRule::Confined;
        let board = Board::propagated(grid, rule, Recount::EveryDigit, observer).ok()?;
        Some(MiniLineCounts { board })
    }

    fn choose_cell(&self) -> Option<usize> {
        self.board.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.board.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.board.place(cell, digit).is_ok() && self.board.propagate_observed(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.board.to_grid()
    }
}

/// Rung 13 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 13,
    name: "mini-line-counts",
    idea: Idea::Representation,
    solver: &OnCells::<MiniLineCounts>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};
