//! # Rung 5: for each digit, the set of its places
//!
//! Representation: a [`CellSet`] per digit. Picture and reasons: `docs/climb.md`.

use std::marker::PhantomData;

use super::{with_givens, Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};

use crate::board::Contradiction;
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::{cell_bit, cells, count, lowest_digit, CellSet, ALL_CELLS, PEER_SET, UNIT_SET};

/// Each digit's places, candidates counted as `C` says (rungs 5 and 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigitSets<C: Counting> {
    /// `places[d - 1]`: the cells where digit `d` may stand, placed or not.
    pub(super) places: [CellSet; 9],
    pub(super) open: CellSet,
    counting: PhantomData<C>,
}

/// The open cells with few candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FewCandidates {
    /// With one candidate or none.
    pub at_most_one: CellSet,
    /// With two.
    pub exactly_two: CellSet,
}

/// How the open cells' candidates are counted.
pub trait Counting: Copy + Eq + std::fmt::Debug {
    /// The open cells of `state` with few candidates.
    fn few_candidates(state: &DigitSets<Self>) -> FewCandidates;
}

/// Rung 5's count: cell by cell, from the nine sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellByCell;

impl Counting for CellByCell {
    fn few_candidates(state: &DigitSets<Self>) -> FewCandidates {
        let mut few = FewCandidates {
            at_most_one: 0,
            exactly_two: 0,
        };
        for cell in cells(state.open) {
            match count(state.candidates_of(cell)) {
                0 | 1 => few.at_most_one |= cell_bit(cell),
                2 => few.exactly_two |= cell_bit(cell),
                _ => {}
            }
        }
        few
    }
}

/// Rung 5's search state.
pub type CountedCellByCell = DigitSets<CellByCell>;

impl<C: Counting> DigitSets<C> {
    fn with_givens(grid: &Grid) -> Option<DigitSets<C>> {
        let empty = DigitSets {
            places: [ALL_CELLS; 9],
            open: ALL_CELLS,
            counting: PhantomData,
        };
        with_givens(grid, empty, DigitSets::place)
    }

    /// Places `digit` in `cell`, clearing its peers; `false`, changing nothing, when it
    /// cannot go there.
    fn place(&mut self, cell: usize, digit: u8) -> bool {
        let bit = cell_bit(cell);
        let index = digit as usize - 1;
        if self.places[index] & bit == 0 {
            return false;
        }
        self.open &= !bit;
        for places in self.places.iter_mut() {
            *places &= !bit;
        }
        self.places[index] |= bit;
        self.places[index] &= !PEER_SET[cell];
        true
    }

    /// Naked singles; whether they placed anything.
    fn place_naked_singles(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let singles = C::few_candidates(self).at_most_one;
        for cell in cells(singles) {
            // A single may have lost its digit to another single of the same unit.
            let candidates = self.candidates_of(cell);
            if candidates == 0 {
                observer.contradiction(Conflict::EmptyCell { cell });
                return Err(Contradiction);
            }
            let digit = lowest_digit(candidates);
            observer.deduced(cell, digit, Reason::NakedSingle);
            self.place(cell, digit);
        }
        Ok(singles != 0)
    }

    /// Hidden singles; whether they placed anything.
    fn place_hidden_singles(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        for index in 0..9 {
            let digit = index as u8 + 1;
            for (unit, &unit_cells) in UNIT_SET.iter().enumerate() {
                let here = self.places[index] & unit_cells;
                if here & self.open == 0 {
                    // Placed in this unit already, or nowhere to go.
                    if here == 0 {
                        observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
                        return Err(Contradiction);
                    }
                    continue;
                }
                if here & (here - 1) == 0 {
                    let cell = here.trailing_zeros() as usize;
                    observer.deduced(cell, digit, Reason::HiddenSingle { unit });
                    self.place(cell, digit);
                    placed_any = true;
                }
            }
        }
        Ok(placed_any)
    }

    /// Pointing and claiming; whether they removed a place.
    fn clear_locked_candidates(&mut self) -> bool {
        let mut removed_any = false;
        for places in self.places.iter_mut() {
            let open_places = *places & self.open;
            // Read once: a stale unit finds less, never something false; the next pass finds
            // the rest.
            let in_unit = UNIT_SET.map(|unit_cells| open_places & unit_cells);
            let before = *places;
            for box_number in 0..9 {
                let (band, stack) = (box_number / 3, box_number % 3);
                let (box_cells, in_box) = (UNIT_SET[18 + box_number], in_unit[18 + box_number]);
                if in_box == 0 {
                    continue; // placed in this box: no open cell to compare
                }
                // The box's three rows and three columns.
                let rows = (0..3).map(|k| 3 * band + k);
                for line in rows.chain((0..3).map(|k| 9 + 3 * stack + k)) {
                    let line_cells = UNIT_SET[line];
                    let mini_line = in_box & line_cells;
                    if mini_line == 0 {
                        continue;
                    }
                    if mini_line == in_box {
                        // Pointing: the line loses the digit outside the box.
                        *places &= !(line_cells & !box_cells);
                    }
                    if mini_line == in_unit[line] {
                        // Claiming: the box loses the digit off the line.
                        *places &= !(box_cells & !line_cells);
                    }
                }
            }
            removed_any |= *places != before;
        }
        removed_any
    }

    /// Naked singles, else hidden singles; whether they placed anything.
    fn place_singles(&mut self, observer: &mut impl SearchObserver) -> Result<bool, Contradiction> {
        Ok(self.place_naked_singles(observer)? || self.place_hidden_singles(observer)?)
    }

    /// Rung 4's propagation on this layout.
    fn propagate(&mut self, observer: &mut impl SearchObserver) -> bool {
        loop {
            match self.place_singles(observer) {
                Err(Contradiction) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if !self.clear_locked_candidates() {
                return true;
            }
        }
    }
}

impl<C: Counting> SearchState for DigitSets<C> {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut state = DigitSets::with_givens(grid)?;
        state.propagate(observer).then_some(state)
    }

    /// Rung 4's choice: the lowest cell with two candidates, else with the fewest.
    fn choose_cell(&self) -> Option<usize> {
        let two_candidates = C::few_candidates(self).exactly_two;
        if two_candidates != 0 {
            return Some(two_candidates.trailing_zeros() as usize);
        }
        cells(self.open).min_by_key(|&cell| count(self.candidates_of(cell)))
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        let mut mask = 0;
        for (index, &places) in self.places.iter().enumerate() {
            mask |= ((places >> cell) as u16 & 1) << index;
        }
        mask
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.place(cell, digit) && self.propagate(observer)
    }
}

/// Rung 5 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 5,
    name: "digit-sets",
    idea: Idea::Representation,
    solver: &OnCells::<CountedCellByCell>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digit_bit;
    use crate::N_CELLS;

    #[test]
    fn a_guess_copies_fewer_bytes_than_on_rung_4() {
        assert_eq!(std::mem::size_of::<CountedCellByCell>(), 160);
        assert_eq!(
            std::mem::size_of::<crate::ladder::rung4_locked::LockedGrid>(),
            244
        );
    }

    #[test]
    fn placing_clears_the_digit_from_the_peers_only() {
        let mut state = CountedCellByCell::with_givens(&[0; N_CELLS]).unwrap();
        assert!(state.place(40, 7));
        assert_eq!(state.places[6], ALL_CELLS & !PEER_SET[40]);
        assert_eq!(state.candidates_of(40), digit_bit(7));
        assert_eq!(state.open, ALL_CELLS & !cell_bit(40));
    }

    #[test]
    fn claiming_along_a_column_clears_the_rest_of_the_box() {
        // In column 1 the 5 can only go in box 1 (rows 4 to 9 hold other digits).
        let mut grid = [0; N_CELLS];
        for (row, digit) in (3..9).zip([1, 2, 3, 4, 6, 7]) {
            grid[9 * row] = digit;
        }
        let mut state = CountedCellByCell::with_givens(&grid).unwrap();
        assert!(state.clear_locked_candidates());
        for cell in [1, 2, 10, 11, 19, 20] {
            assert_eq!(state.candidates_of(cell) & digit_bit(5), 0, "cell {cell}");
        }
        assert_ne!(state.candidates_of(3) & digit_bit(5), 0);
    }
}
