//! # Rung 7: places cut into bands
//!
//! Representation: rung 6's rules a band at a time (the room [`crate::board::bands`]; the
//! band rule in [`super::rung7_band_rule`]). Picture and reasons: `docs/climb.md`.

use std::marker::PhantomData;

use super::{with_givens, Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};

use super::rung7_band_rule::{MiniRowRule, Repeated};
use crate::board::singles::at_least_one_two_three;
use crate::board::{
    band_and_bit, cell_of, count_in_columns, in_columns, join_bands, BandSet, Contradiction,
    ALL_BAND, BOX_IN_BAND, OTHER_BANDS, PEERS_IN_BAND, ROW_CELLS,
};
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::{cells, count, lowest_digit, CellSet};

/// Each digit's places, band by band; the band rule as `R` finds it (rungs 7 and 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bands<R: MiniRowRule> {
    /// `places[b][d - 1]`: the cells of band `b` where digit `d` may stand, placed or not.
    pub(super) places: [[BandSet; 9]; 3],
    pub(super) open: [BandSet; 3],
    rule: PhantomData<R>,
}

/// Rung 7's search state.
pub type RepeatedBands = Bands<Repeated>;

impl<R: MiniRowRule> Bands<R> {
    pub(super) fn with_givens(grid: &Grid) -> Option<Bands<R>> {
        let empty = Bands {
            places: [[ALL_BAND; 9]; 3],
            open: [ALL_BAND; 3],
            rule: PhantomData,
        };
        with_givens(grid, empty, Bands::place)
    }

    /// Places `digit` in `cell`; `false`, changing nothing, if it cannot go there.
    pub(super) fn place(&mut self, cell: usize, digit: u8) -> bool {
        let (band, bit) = band_and_bit(cell);
        let index = digit as usize - 1;
        if self.places[band][index] & bit == 0 {
            return false;
        }
        self.open[band] &= !bit;
        self.places[band] = self.places[band].map(|places| places & !bit);
        self.places[band][index] |= bit;
        self.places[band][index] &= !PEERS_IN_BAND[cell % 27];
        for other in OTHER_BANDS[band] {
            self.places[other][index] &= !in_columns(1 << (cell % 9));
        }
        true
    }

    /// Naked singles in `band`; returns its open cells with two candidates (for rung 9).
    pub(super) fn place_naked_singles(
        &mut self,
        band: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<BandSet, Contradiction> {
        let [_, at_least_two, at_least_three] = at_least_one_two_three(&self.places[band]);
        let two_candidates = self.open[band] & at_least_two & !at_least_three;
        let singles = cells((self.open[band] & !at_least_two) as CellSet);
        for cell in singles.map(|cell_in_band| cell_of(band, cell_in_band)) {
            // A single may have lost its digit to another single of the same unit.
            let candidates = self.candidates_of(cell);
            if candidates == 0 {
                observer.contradiction(Conflict::EmptyCell { cell });
                return Err(Contradiction);
            }
            observer.deduced(cell, lowest_digit(candidates), Reason::NakedSingle);
            self.place(cell, lowest_digit(candidates));
        }
        Ok(two_candidates)
    }

    pub(super) fn apply_column_rules(
        &mut self,
        index: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        let digit = index as u8 + 1;
        let counts = count_in_columns(self.places.map(|band| band[index]));
        if counts.at_least_one != ROW_CELLS {
            let unit = 9 + (!counts.at_least_one & ROW_CELLS).trailing_zeros() as usize;
            observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
            return Err(Contradiction);
        }
        let single_columns = in_columns(counts.at_least_one & !counts.at_least_two);
        for band in 0..3 {
            // Hidden singles in columns: a column with one place, not decided.
            let singles = self.places[band][index] & single_columns & self.open[band];
            for cell in cells(singles as CellSet).map(|cell_in_band| cell_of(band, cell_in_band)) {
                observer.deduced(cell, digit, Reason::HiddenSingle { unit: 9 + cell % 9 });
                self.place(cell, digit);
            }
            // Claiming along columns: a column with places only here clears the rest of its
            // box (all of it, if two columns of the box do).
            let [next, after_next] = OTHER_BANDS[band];
            let only_here =
                counts.in_band[band] & !(counts.in_band[next] | counts.in_band[after_next]);
            for column in cells(only_here as CellSet) {
                self.places[band][index] &= !(BOX_IN_BAND[column / 3] & !in_columns(1 << column));
            }
        }
        Ok(())
    }

    pub(super) fn two_candidates(&self, band: usize) -> BandSet {
        let [_, at_least_two, at_least_three] = at_least_one_two_three(&self.places[band]);
        self.open[band] & at_least_two & !at_least_three
    }

    /// Every rule everywhere, until a sweep changes nothing.
    fn propagate(&mut self, observer: &mut impl SearchObserver) -> Result<(), Contradiction> {
        loop {
            let before = *self;
            for word in 0..27 {
                self.apply_band_rule(word / 9, word % 9, observer)?; // word `9 × band + index`
            }
            for band in 0..3 {
                self.place_naked_singles(band, observer)?;
            }
            for index in 0..9 {
                self.apply_column_rules(index, observer)?;
            }
            if *self == before {
                return Ok(());
            }
        }
    }
}

impl<R: MiniRowRule> SearchState for Bands<R> {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut state = Bands::with_givens(grid)?;
        state.propagate(observer).ok()?;
        Some(state)
    }

    /// Rung 6's choice: the lowest cell with two candidates, else with the fewest.
    fn choose_cell(&self) -> Option<usize> {
        let two_candidates = join_bands([0, 1, 2].map(|band| self.two_candidates(band)));
        let open_cells = cells(join_bands(self.open));
        let fewest = || open_cells.min_by_key(|&cell| count(self.candidates_of(cell)));
        cells(two_candidates).next().or_else(fewest)
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        let (band, bit) = band_and_bit(cell);
        let has = |index: usize| (self.places[band][index] & bit != 0) as u16;
        (0..9).fold(0, |mask, index| mask | has(index) << index)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.place(cell, digit) && self.propagate(observer).is_ok()
    }
}

/// Rung 7 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 7,
    name: "bands",
    idea: Idea::Representation,
    solver: &OnCells::<RepeatedBands>::SEARCH,
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
    fn a_box_with_one_mini_row_takes_that_row_from_the_other_boxes() {
        // Row 1 of the band has the digit in all three boxes, rows 2 and 3 in boxes 2 and 3
        // only: box 1 must have it in row 1, so boxes 2 and 3 lose row 1, and no more.
        assert_eq!(Repeated::kept(0b110_110_111), 0b110_110_001);
        // Rows 2 and 3 have places only in box 3: no permutation, a contradiction.
        assert_eq!(Repeated::kept(0b100_100_111), 0);
    }

    #[test]
    fn claiming_along_a_column_clears_the_rest_of_the_box() {
        // In column 1 the 5 can only go in box 1 (rows 4 to 9 hold other digits).
        let mut grid = [0; N_CELLS];
        for (row, digit) in (3..9).zip([1, 2, 3, 4, 6, 7]) {
            grid[9 * row] = digit;
        }
        let mut state = RepeatedBands::with_givens(&grid).unwrap();
        state.apply_column_rules(4, &mut ()).unwrap();
        for cell in [1, 2, 10, 11, 19, 20] {
            assert_eq!(state.candidates_of(cell) & digit_bit(5), 0, "cell {cell}");
        }
        assert_ne!(state.candidates_of(3) & digit_bit(5), 0);
    }
}
