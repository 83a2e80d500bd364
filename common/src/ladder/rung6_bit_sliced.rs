//! # Rung 6: every cell's candidates counted at once
//!
//! Representation: [`at_least_one_two_three`] (the room [`crate::board::singles`]). Picture
//! and reasons: `docs/climb.md`.

use super::rung5_digit_sets::{Counting, DigitSets, FewCandidates};
use super::{Idea, OnCells, PuzzleInSet, Rung};
use crate::board::singles::at_least_one_two_three;
use crate::CellSet;

/// Rung 6's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitSliced;

impl Counting for BitSliced {
    fn few_candidates(state: &DigitSets<Self>) -> FewCandidates {
        let [_, at_least_two, at_least_three]: [CellSet; 3] = at_least_one_two_three(&state.places);
        FewCandidates {
            at_most_one: state.open & !at_least_two,
            exactly_two: state.open & at_least_two & !at_least_three,
        }
    }
}

/// Rung 6's search state.
pub type CountedAtOnce = DigitSets<BitSliced>;

/// Rung 6 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 6,
    name: "bit-sliced",
    idea: Idea::Representation,
    solver: &OnCells::<CountedAtOnce>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::rung5_digit_sets::CellByCell;
    use crate::ladder::{Grid, SearchState};

    #[test]
    fn the_two_counts_agree_on_every_cell() {
        // A grid part filled, with cells of one, two and more candidates.
        let mut grid: Grid = [0; 81];
        grid[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        grid[9..12].copy_from_slice(&[8, 9, 4]);
        let cell_by_cell = DigitSets::<CellByCell>::start(&grid, &mut ()).unwrap();
        let at_once = DigitSets::<BitSliced>::start(&grid, &mut ()).unwrap();
        assert_eq!(cell_by_cell.places, at_once.places);
        assert_eq!(
            CellByCell::few_candidates(&cell_by_cell),
            BitSliced::few_candidates(&at_once)
        );
        assert_ne!(BitSliced::few_candidates(&at_once).exactly_two, 0);
    }
}
