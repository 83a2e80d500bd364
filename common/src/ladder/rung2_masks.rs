//! # Rung 2: a candidate mask per cell
//!
//! Representation: rung 1's search, each guess on a copy. Picture and reasons:
//! `docs/climb.md`.

use std::marker::PhantomData;

use super::{with_givens, Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};

use super::search::most_constrained_cell;
use crate::observe::SearchObserver;
use crate::{digit_bit, ALL_DIGITS, N_CELLS, PEERS_OF};

/// The grid and each cell's candidate mask (rungs 2 to 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CandidateGrid {
    /// The decided digits; 0 marks an open cell.
    pub grid: Grid,
    /// Each cell's candidate mask; a decided cell's holds its digit alone.
    pub candidates: [u16; N_CELLS],
}

impl CandidateGrid {
    /// `grid`'s givens placed; `None` when two clash.
    pub fn with_givens(grid: &Grid) -> Option<CandidateGrid> {
        let empty = CandidateGrid {
            grid: [0; N_CELLS],
            candidates: [ALL_DIGITS; N_CELLS],
        };
        with_givens(grid, empty, CandidateGrid::place)
    }

    /// Places `digit` in open `cell`, clearing it from the peers; `false`, changing nothing,
    /// when it is no candidate there.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        let bit = digit_bit(digit);
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        self.grid[cell] = digit;
        self.candidates[cell] = bit;
        for &peer in &PEERS_OF[cell] {
            self.candidates[peer as usize] &= !bit;
        }
        true
    }

    /// Rung 1's choice, MRV.
    pub fn most_constrained_cell(&self) -> Option<usize> {
        let open = (0..N_CELLS).filter(|&cell| self.grid[cell] == 0);
        most_constrained_cell(open, |cell| self.candidates[cell])
    }
}

/// The rules of rungs 2 to 4, a type of no size, so that [`RuledGrid`] serves all three.
pub trait Rules: Copy {
    /// Applies the rules until they find nothing more; `false` on a contradiction.
    fn apply(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool;
}

/// Rung 2's rules: none.
#[derive(Clone, Copy, Debug)]
pub struct NoRules;

impl Rules for NoRules {
    fn apply(_: &mut CandidateGrid, _: &mut impl SearchObserver) -> bool {
        true
    }
}

/// The search state of rungs 2 to 4: a candidate grid under the rules `R`.
#[derive(Clone, Copy, Debug)]
pub struct RuledGrid<R: Rules> {
    /// The grid and its candidates.
    pub state: CandidateGrid,
    rules: PhantomData<R>,
}

/// Rung 2's search state.
pub type MaskGrid = RuledGrid<NoRules>;

impl<R: Rules> SearchState for RuledGrid<R> {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut state = CandidateGrid::with_givens(grid)?;
        let rules = PhantomData;
        R::apply(&mut state, observer).then_some(RuledGrid { state, rules })
    }

    fn choose_cell(&self) -> Option<usize> {
        self.state.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.state.candidates[cell]
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.state.place(cell, digit) && R::apply(&mut self.state, observer)
    }
}

/// Rung 2 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 2,
    name: "masks",
    idea: Idea::Representation,
    solver: &OnCells::<MaskGrid>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_clears_the_digit_from_the_peers_only() {
        let mut state = CandidateGrid::with_givens(&[0; N_CELLS]).unwrap();
        assert!(state.place(40, 7));
        for cell in 0..N_CELLS {
            let has_seven = state.candidates[cell] & digit_bit(7) != 0;
            let is_peer = PEERS_OF[40].contains(&(cell as u8));
            assert_eq!(has_seven, !is_peer, "cell {cell}");
        }
        assert!(!state.place(41, 7), "a peer of cell 40 took its digit");
    }

    #[test]
    fn the_most_constrained_cell_is_chosen_and_an_empty_one_first() {
        let mut state = CandidateGrid::with_givens(&[0; N_CELLS]).unwrap();
        assert_eq!(state.most_constrained_cell(), Some(0));
        state.candidates[50] = 0b111;
        state.candidates[60] = 0b11;
        assert_eq!(state.most_constrained_cell(), Some(60));
        state.candidates[70] = 0;
        assert_eq!(state.most_constrained_cell(), Some(70));
    }
}
