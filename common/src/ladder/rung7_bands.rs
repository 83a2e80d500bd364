//! # Rung 5: places cut into bands (representation)
//!
//! **The idea.** Cut each digit's places into the three **bands**: one `u32` (one processor
//! word) per digit and band, bit `9 × row within band + column`. The band becomes the unit
//! of work: the givens are set up band by band, and a rule reads a band by table.
//!
//! That rule is **the band rule**: a digit's rows and boxes in a band pair up in one of six
//! **permutations**, as it stands once in each. `BAND_RULE_CELLS` (in [`crate::board`])
//! maps the 9-bit pattern of its possible mini-rows to the cells of those on a permutation
//! inside it, where any completion puts it: rung 4's pointing and claiming along the rows,
//! repeated (tested on all 512). The other rules are rung 4's; so are the guesses.
//!
//! **What a node costs.** 120 bytes to copy; sweeps of every rule everywhere.
//!
//! **Try it.** `cargo xtask bench --ladder --rounds 3 data/forum_hardest_1106.txt`: rungs 3,
//! 4 and 5 make the same guesses, and the median time falls from rung to rung.

use super::{Grid, SearchState};
use crate::board::{
    band_and_bit, band_conflict, cell_of, count_in_columns, first_cell, in_columns, join_bands,
    BandSet, Contradiction, ALL_BAND, BAND_RULE_CELLS, BOX_IN_BAND, LOCKED_COLUMNS, OTHER_BANDS,
    PEERS_IN_BAND, ROW_CELLS, STACKS_OF_ROW,
};
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::{cells, count, lowest_digit, CellSet, N_CELLS};

/// Rung 5's search state: where each digit may still stand, band by band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bands {
    /// `places[b][d - 1]`: the cells of band `b` where digit `d` may stand, or stands.
    pub(super) places: [[BandSet; 9]; 3],
    /// The cells of each band whose digit is not decided yet.
    pub(super) open: [BandSet; 3],
}

/// The columns of `cells` (cells of one band), as one row of nine bits.
fn columns_of(cells: BandSet) -> BandSet {
    (cells | cells >> 9 | cells >> 18) & ROW_CELLS
}

impl Bands {
    /// The state of `grid` with its givens set up band by band, or `None` when two clash.
    pub(super) fn with_givens(grid: &Grid) -> Option<Bands> {
        let mut givens = [[0; 9]; 3]; // `givens[b][d - 1]`: digit `d`'s givens in band `b`
        for cell in (0..N_CELLS).filter(|&cell| grid[cell] != 0) {
            let (band, bit) = band_and_bit(cell);
            givens[band][grid[cell] as usize - 1] |= bit;
        }
        let (mut places, mut open) = ([[0; 9]; 3], [0; 3]);
        let mut clash = 0; // the givens that lost their own cell
        for band in 0..3 {
            open[band] = ALL_BAND & !givens[band].iter().fold(0, |all, &given| all | given);
            let [next, after_next] = OTHER_BANDS[band];
            for index in 0..9 {
                // The open cells and the givens, less the givens' peers: their rows and
                // boxes here, their columns in the other bands.
                let given = givens[band][index];
                let peers_of_each = cells(given as CellSet).map(|cell| PEERS_IN_BAND[cell]);
                let peers = peers_of_each.fold(0, |peers, more| peers | more);
                let columns = columns_of(givens[next][index] | givens[after_next][index]);
                places[band][index] = (open[band] | given) & !peers & !in_columns(columns);
                // A given loses its cell to another of its digit in one of its units.
                clash |= given & !places[band][index];
            }
        }
        (clash == 0).then_some(Bands { places, open })
    }

    /// Decides that `digit` stands in `cell`; `false`, changing nothing, if it cannot go there.
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

    /// The band rule for digit `index + 1` in `band`, with its hidden singles and locked columns.
    pub(super) fn apply_band_rule(
        &mut self,
        band: usize,
        index: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        // The pattern: bit `3 × row + stack` when the mini-row has a place.
        let places = self.places[band][index];
        let pattern = (0..3).fold(0, |pattern, row| {
            let row_places = (places >> (9 * row)) & ROW_CELLS;
            pattern | STACKS_OF_ROW[row_places as usize] << (3 * row)
        });
        let usable = BAND_RULE_CELLS[pattern as usize];
        if usable == 0 {
            observer.contradiction(band_conflict(band, index, pattern));
            return Err(Contradiction);
        }
        self.places[band][index] &= usable;
        // Hidden singles: a row or a box of the band (unit `unit`) with one place, not decided.
        let units = [
            (ROW_CELLS, 3 * band),
            (ROW_CELLS << 9, 3 * band + 1),
            (ROW_CELLS << 18, 3 * band + 2),
            (BOX_IN_BAND[0], 18 + 3 * band),
            (BOX_IN_BAND[1], 18 + 3 * band + 1),
            (BOX_IN_BAND[2], 18 + 3 * band + 2),
        ];
        for (unit_cells, unit) in units {
            let here = self.places[band][index] & unit_cells;
            if here & here.wrapping_sub(1) == 0 && here & self.open[band] != 0 {
                let (cell, digit) = (first_cell(band, here), index as u8 + 1);
                observer.deduced(cell, digit, Reason::HiddenSingle { unit });
                self.place(cell, digit);
            }
        }
        // Locked columns: a box whose open cells have the digit in one column clears it elsewhere.
        let columns = columns_of(self.places[band][index] & self.open[band]);
        let locked = in_columns(LOCKED_COLUMNS[columns as usize] as BandSet);
        for other in OTHER_BANDS[band] {
            self.places[other][index] &= !locked;
        }
        Ok(())
    }

    /// Naked singles in `band`; returns its open cells with two candidates (rung 6 keeps them).
    pub(super) fn place_naked_singles(
        &mut self,
        band: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<BandSet, Contradiction> {
        let [_, at_least_two, at_least_three] = self.candidate_counts(band);
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

    /// The column rules for digit `index + 1`: hidden singles in columns, claiming along columns.
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
            // Hidden singles: a column with one place, not decided.
            let singles = self.places[band][index] & single_columns & self.open[band];
            for cell in cells(singles as CellSet).map(|cell_in_band| cell_of(band, cell_in_band)) {
                observer.deduced(cell, digit, Reason::HiddenSingle { unit: 9 + cell % 9 });
                self.place(cell, digit);
            }
            // Claiming: a column with places only here clears the rest of its box (all of
            // it, if two columns of the box do).
            let [next, after_next] = OTHER_BANDS[band];
            let only_here =
                counts.in_band[band] & !(counts.in_band[next] | counts.in_band[after_next]);
            for column in cells(only_here as CellSet) {
                self.places[band][index] &= !(BOX_IN_BAND[column / 3] & !in_columns(1 << column));
            }
        }
        Ok(())
    }

    /// The cells of `band` with at least one, two and three candidates (see rung 4).
    pub(super) fn candidate_counts(&self, band: usize) -> [BandSet; 3] {
        let [mut at_least_one, mut at_least_two, mut at_least_three] = [0; 3];
        for &places in &self.places[band] {
            at_least_three |= at_least_two & places;
            at_least_two |= at_least_one & places;
            at_least_one |= places;
        }
        [at_least_one, at_least_two, at_least_three]
    }

    /// The open cells of `band` with exactly two candidates.
    pub(super) fn two_candidates(&self, band: usize) -> BandSet {
        let [_, at_least_two, at_least_three] = self.candidate_counts(band);
        self.open[band] & at_least_two & !at_least_three
    }

    /// Every rule everywhere, sweep after sweep, until a sweep changes nothing.
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

impl SearchState for Bands {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut state = Bands::with_givens(grid)?;
        state.propagate(observer).ok()?;
        Some(state)
    }

    /// Rung 4's choice: the lowest cell with two candidates, else with the fewest.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digit_bit;

    /// The mini-rows left by pointing and claiming along rows (a box with one usable
    /// mini-row takes its row from the other boxes, a row with one usable mini-row takes
    /// its box from the other rows), repeated until nothing changes; 0 when some row or
    /// box is left without a mini-row. Mini-row `3 × row + stack`, as in the band rule.
    fn pointing_and_claiming(pattern: u16) -> u16 {
        let mini_row = |row: usize, stack: usize| 1u16 << (3 * row + stack);
        let mut left = pattern;
        loop {
            let before = left;
            for line in 0..3 {
                let in_row: Vec<usize> =
                    (0..3).filter(|&s| left & mini_row(line, s) != 0).collect();
                if let [stack] = in_row[..] {
                    for other in (0..3).filter(|&row| row != line) {
                        left &= !mini_row(other, stack);
                    }
                }
                let in_box: Vec<usize> =
                    (0..3).filter(|&r| left & mini_row(r, line) != 0).collect();
                if let [row] = in_box[..] {
                    for other in (0..3).filter(|&stack| stack != line) {
                        left &= !mini_row(row, other);
                    }
                }
            }
            if left == before {
                break;
            }
        }
        let row_or_box_empty = (0..3).any(|line| {
            (0..3).all(|other| left & mini_row(line, other) == 0)
                || (0..3).all(|other| left & mini_row(other, line) == 0)
        });
        if row_or_box_empty {
            0
        } else {
            left
        }
    }

    #[test]
    fn the_band_rule_is_pointing_and_claiming_along_rows_repeated() {
        for pattern in 0..512u16 {
            let kept_cells = BAND_RULE_CELLS[pattern as usize];
            let kept = (0..9).fold(0, |kept, mini_row| {
                let cells = 0b111 << (9 * (mini_row / 3) + 3 * (mini_row % 3));
                kept | (((kept_cells & cells != 0) as u16) << mini_row)
            });
            assert_eq!(
                kept,
                pointing_and_claiming(pattern),
                "pattern {pattern:09b}"
            );
        }
    }

    #[test]
    fn givens_in_bulk_are_the_givens_placed_one_by_one() {
        // Givens in every band, some digits in several bands, some cells empty.
        let mut grid = [0; N_CELLS];
        for (cell, digit) in [(0, 5), (13, 7), (26, 1), (30, 5), (40, 2), (51, 9), (62, 4)] {
            grid[cell] = digit;
        }
        let mut one_by_one = Bands {
            places: [[ALL_BAND; 9]; 3],
            open: [ALL_BAND; 3],
        };
        for cell in (0..N_CELLS).filter(|&cell| grid[cell] != 0) {
            assert!(one_by_one.place(cell, grid[cell]), "cell {cell}");
        }
        assert_eq!(Bands::with_givens(&grid), Some(one_by_one));
        // A second 5 in column 1 (cell 0 holds one), then in row 1, then in box 1.
        for clash in [72, 8, 20] {
            let mut clashing = grid;
            clashing[clash] = 5;
            assert_eq!(Bands::with_givens(&clashing), None, "cell {clash}");
        }
    }

    #[test]
    fn claiming_along_a_column_clears_the_rest_of_the_box() {
        // In column 1 the 5 can only go in box 1 (rows 4 to 9 hold other digits).
        let mut grid = [0; N_CELLS];
        for (row, digit) in (3..9).zip([1, 2, 3, 4, 6, 7]) {
            grid[9 * row] = digit;
        }
        let mut state = Bands::with_givens(&grid).unwrap();
        state.apply_column_rules(4, &mut ()).unwrap();
        for cell in [1, 2, 10, 11, 19, 20] {
            assert_eq!(state.candidates_of(cell) & digit_bit(5), 0, "cell {cell}");
        }
        assert_ne!(state.candidates_of(3) & digit_bit(5), 0);
    }
}
