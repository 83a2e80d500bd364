//! # Rung 7: places cut into bands
//!
//! Representation: rung 6's rules a band at a time (the room [`crate::board::bands`]; the
//! band rule's pointing and claiming on a pattern in [`super::rung7_band_rule`]). Picture
//! and reasons: `docs/climb.md`.

use std::marker::PhantomData;

use super::{with_givens, Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};

use super::rung7_band_rule::{MiniRowRule, Repeated};
use crate::board::singles::at_least_one_two_three;
use crate::board::{
    band_and_bit, band_conflict, cell_of, columns_of, count_in_columns, first_cell, in_columns,
    join_bands, BandSet, Contradiction, ALL_BAND, BOX_IN_BAND, LOCKED_COLUMNS, MINI_ROW_CELLS,
    OTHER_BANDS, PEERS_IN_BAND, ROW_CELLS, STACKS_OF_ROW,
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

    /// The band rule on digit `index + 1` in `band`: the mini-rows `R` keeps of its
    /// pattern there, then hidden singles in the band's rows and boxes, and the columns a
    /// box locks cleared in the other bands.
    pub(super) fn apply_band_rule(
        &mut self,
        band: usize,
        index: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        let places = self.places[band][index];
        let pattern = (0..3).fold(0, |pattern, row| {
            let row_places = (places >> (9 * row)) & ROW_CELLS;
            pattern | STACKS_OF_ROW[row_places as usize] << (3 * row)
        });
        let usable = MINI_ROW_CELLS[R::kept(pattern) as usize];
        if usable == 0 {
            observer.contradiction(band_conflict(band, index, pattern));
            return Err(Contradiction);
        }
        self.places[band][index] &= usable;
        // Hidden singles: a row or box with one place, not decided.
        let rows = (0..3).map(|row| (ROW_CELLS << (9 * row), 3 * band + row));
        let boxes = (0..3).map(|stack| (BOX_IN_BAND[stack], 18 + 3 * band + stack));
        for (unit_cells, unit) in rows.chain(boxes) {
            let here = self.places[band][index] & unit_cells;
            if here & here.wrapping_sub(1) == 0 && here & self.open[band] != 0 {
                let (cell, digit) = (first_cell(band, here), index as u8 + 1);
                observer.deduced(cell, digit, Reason::HiddenSingle { unit });
                self.place(cell, digit);
            }
        }
        // Locked columns: a box whose open places lie in one column clears it elsewhere.
        let columns = columns_of(self.places[band][index] & self.open[band]);
        let locked = in_columns(LOCKED_COLUMNS[columns as usize] as BandSet);
        for other in OTHER_BANDS[band] {
            self.places[other][index] &= !locked;
        }
        Ok(())
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
