//! # Rung 1: the cell with the fewest candidates first (branching)
//!
//! **The idea.** Branch on the open cell with the fewest candidates (MRV, "minimum
//! remaining values", the classic variable ordering of constraint search), read from a
//! candidate mask kept per cell: the mask serves the choice, so both are one idea.
//!
//! **Why it keeps every completion.** A placed digit leaves only its peers, where no
//! completion has it, and every completion puts one of the chosen cell's candidates there.
//!
//! **What a node costs.** A copy of the state ([`RuledGrid`], 244 bytes), 20 peers updated,
//! 81 cells scanned. In return a starved cell is chosen at once and fails without a guess,
//! and a forced cell is filled before any real choice.
//!
//! **Try it.** `head -1 data/magictour_top1465.txt | fold -w9 | tr . 0 | cargo xtask trace
//! p2239 --rung 1`: the guesses jump to the narrowest cells, and the puzzle rung 0 gave up
//! on takes about 4,300 guesses.

use std::marker::PhantomData;

use super::{Grid, SearchState};
use crate::observe::SearchObserver;
use crate::{count, digit_bit, ALL_DIGITS, N_CELLS, PEERS_OF};

/// The grid and every cell's candidate mask (rungs 1 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CandidateGrid {
    /// The decided digits; 0 marks an open cell.
    pub grid: Grid,
    /// The candidate mask of each cell; a decided cell keeps only its digit.
    pub candidates: [u16; N_CELLS],
}

impl CandidateGrid {
    /// The state of `grid` with its givens placed, or `None` when two givens clash.
    pub fn with_givens(grid: &Grid) -> Option<CandidateGrid> {
        let mut state = CandidateGrid {
            grid: [0; N_CELLS],
            candidates: [ALL_DIGITS; N_CELLS],
        };
        for cell in 0..N_CELLS {
            if grid[cell] != 0 && !state.place(cell, grid[cell]) {
                return None;
            }
        }
        Some(state)
    }

    /// Decides that `digit` stands in `cell` (open) and removes it from the peers. Returns
    /// `false`, changing nothing, when `digit` is no longer a candidate of `cell`.
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

    /// MRV: the lowest open cell with the fewest candidates, or `None` when none is open.
    pub fn most_constrained_cell(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for cell in 0..N_CELLS {
            if self.grid[cell] != 0 {
                continue;
            }
            let n_candidates = count(self.candidates[cell]);
            if best.map_or(true, |(fewest, _)| n_candidates < fewest) {
                best = Some((n_candidates, cell));
                // Nobody beats one candidate but an empty cell, which fails at once anyway.
                if n_candidates <= 1 {
                    break;
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// The rules of rungs 1 to 3, named by a type of no size (here [`NoRules`]), so that
/// [`RuledGrid`] is one search state for all three.
pub trait Rules: Copy {
    /// Applies the rules until they find nothing more, telling `observer` what they place.
    /// Returns `false` when they show there is no completion.
    fn apply(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool;
}

/// Rung 1's rules: none.
#[derive(Clone, Copy, Debug)]
pub struct NoRules;

impl Rules for NoRules {
    fn apply(_: &mut CandidateGrid, _: &mut impl SearchObserver) -> bool {
        true
    }
}

/// The search state of rungs 1 to 3: a candidate grid, kept under the rules `R`.
#[derive(Clone, Copy, Debug)]
pub struct RuledGrid<R: Rules> {
    /// The grid and its candidates.
    pub state: CandidateGrid,
    /// The rules, applied after every placement.
    rules: PhantomData<R>,
}

/// Rung 1's search state.
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

    #[test]
    fn a_cell_without_candidates_fails_without_a_guess() {
        // Row 1 holds 1 to 8 after cell 0, and column 1 holds the 9: cell 0 is starved.
        let mut grid = [0; N_CELLS];
        for column in 1..9 {
            grid[column] = column as u8;
        }
        grid[27] = 9;
        let outcome = crate::ladder::solve::<MaskGrid>(&grid);
        assert_eq!((outcome.solution, outcome.guesses), (None, 0));
    }
}
