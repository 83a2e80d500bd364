//! # Rung 3: naked and hidden singles
//!
//! Inference: Norvig's two rules. Picture and reasons: `docs/climb.md`.

use super::rung2_masks::{CandidateGrid, RuledGrid, Rules};
use super::{Idea, OnCells, PuzzleInSet, Rung};
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::{digit_bit, digits, lowest_digit, only_digit, ALL_DIGITS, CELLS_OF_UNIT, N_CELLS};

/// Rung 3's rules.
#[derive(Clone, Copy, Debug)]
pub struct Singles;

impl Rules for Singles {
    fn apply(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool {
        propagate(state, observer)
    }
}

/// Rung 3's search state.
pub type SinglesGrid = RuledGrid<Singles>;

/// Naked, then hidden singles, until a sweep places nothing; `false` on a contradiction.
///
/// ```
/// use common::ladder::{rung2_masks::CandidateGrid, rung3_singles::propagate};
/// // Row 1 holds 1 to 8: the 9 of its last cell is a naked single.
/// let mut grid = [0u8; 81];
/// grid[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
/// let mut state = CandidateGrid::with_givens(&grid).unwrap();
/// assert!(propagate(&mut state, &mut ()));
/// assert_eq!(state.grid[8], 9);
/// ```
pub fn propagate(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool {
    loop {
        let mut placed_any = false;
        // Naked singles.
        for cell in 0..N_CELLS {
            if state.grid[cell] != 0 {
                continue;
            }
            let mask = state.candidates[cell];
            if mask == 0 {
                observer.contradiction(Conflict::EmptyCell { cell });
                return false;
            }
            if let Some(digit) = only_digit(mask) {
                observer.deduced(cell, digit, Reason::NakedSingle);
                state.place(cell, digit);
                placed_any = true;
            }
        }
        // Hidden singles.
        for (unit, unit_cells) in CELLS_OF_UNIT.iter().enumerate() {
            // The digits placed, in one open cell or more, in two or more.
            let (mut placed, mut at_least_one, mut at_least_two) = (0, 0, 0);
            for &cell in unit_cells {
                let cell = cell as usize;
                if state.grid[cell] != 0 {
                    placed |= digit_bit(state.grid[cell]);
                } else {
                    at_least_two |= at_least_one & state.candidates[cell];
                    at_least_one |= state.candidates[cell];
                }
            }
            if placed | at_least_one != ALL_DIGITS {
                let digit = lowest_digit(ALL_DIGITS & !(placed | at_least_one));
                observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
                return false;
            }
            for digit in digits(at_least_one & !at_least_two & !placed) {
                let bit = digit_bit(digit);
                let is_the_place = |&&cell: &&u8| {
                    let cell = cell as usize;
                    state.grid[cell] == 0 && state.candidates[cell] & bit != 0
                };
                // Another hidden single of this unit may have taken the place.
                let cell = match unit_cells.iter().find(is_the_place) {
                    Some(&cell) => cell as usize,
                    None => {
                        observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
                        return false;
                    }
                };
                observer.deduced(cell, digit, Reason::HiddenSingle { unit });
                state.place(cell, digit);
                placed_any = true;
            }
        }
        if !placed_any {
            return true;
        }
    }
}

/// Rung 3 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 3,
    name: "singles",
    idea: Idea::Inference,
    solver: &OnCells::<SinglesGrid>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_single_is_placed() {
        // Digit 1 stands in rows 2 and 3 and in columns 2 and 3, outside box 1, which
        // leaves cell 0 as its only place in box 1.
        let mut grid = [0; N_CELLS];
        for cell in [9 + 4, 18 + 7, 27 + 1, 54 + 2] {
            grid[cell] = 1;
        }
        let mut state = CandidateGrid::with_givens(&grid).unwrap();
        assert!(state.candidates[0].count_ones() > 1, "not a naked single");
        assert!(propagate(&mut state, &mut ()));
        assert_eq!(state.grid[0], 1);
    }

    #[test]
    fn a_digit_without_a_place_is_a_contradiction() {
        // Row 1 ends in 1 2 3, and its other cells see a 5 in their box: no place for 5.
        let mut grid = [0; N_CELLS];
        grid[6..9].copy_from_slice(&[1, 2, 3]);
        grid[9] = 5; // box 1
        grid[18 + 3] = 5; // box 2
        let mut state = CandidateGrid::with_givens(&grid).unwrap();
        assert!(state.candidates[..6]
            .iter()
            .all(|&mask| mask.count_ones() > 1));
        assert!(!propagate(&mut state, &mut ()));
    }
}
