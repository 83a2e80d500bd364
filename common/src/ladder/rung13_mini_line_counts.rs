//! # Rung 13: the mini-line rule, counted from what the other rules keep
//!
//! Representation: rung 12's rule, found without reading the places. The band rule already
//! works out each digit's mini-rows in each band, and the column rules its columns in each
//! band; the board keeps both, and a table gives the mini-rows alone in their row. Over
//! the nine digits the board counts the digits confined to every mini-line at once,
//! bit-sliced (ones, twos, four or more), a few `&` and `^` per digit. Its code is
//! [`crate::board::mini_lines`]. Rung 12's guesses. `docs/climb.md` tells the idea with its
//! picture.

use super::{
    candidates_after_rules, first_branch_point, solve, solve_observed, Grid, Idea, PuzzleInSet,
    Rung, SearchState,
};
use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// The board with the mini-line rule turned on, searched on cells as rung 11 is. With
/// `ONLY_THREE`, the rule includes its only-three part (rung 18's): the ladder names the
/// two [`MiniLineCounts`] (this rung's) and [`super::rung18_only_three::OnlyThree`].
#[derive(Clone, Copy)]
pub struct MiniLines<const ONLY_THREE: bool> {
    board: Board,
}

/// This rung's board: the confined part only ([`MiniLineRule::Confined`]).
pub type MiniLineCounts = MiniLines<false>;

impl<const ONLY_THREE: bool> SearchState for MiniLines<ONLY_THREE> {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let rule = if ONLY_THREE {
            MiniLineRule::ConfinedAndOnlyThree
        } else {
            MiniLineRule::Confined
        };
        let board = Board::propagated(grid, rule, Recount::EveryDigit, observer).ok()?;
        Some(MiniLines { board })
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
    solve: solve::<MiniLineCounts>,
    solve_observed: |grid, mut observer| solve_observed::<MiniLineCounts>(grid, &mut observer),
    candidates_after_rules: candidates_after_rules::<MiniLineCounts>,
    first_branch_point: first_branch_point::<MiniLineCounts>,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};
