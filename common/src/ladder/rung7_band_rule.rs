//! # Rung 7's band rule: pointing and claiming inside one band word
//!
//! On a digit's *pattern* in a band, its mini-rows (bit `3 × row + stack`); rung 8 swaps
//! [`Repeated`] for a table.

use super::rung7_bands::Bands;
use crate::board::{
    band_conflict, columns_of, first_cell, in_columns, BandSet, Contradiction, BOX_IN_BAND,
    LOCKED_COLUMNS, MINI_ROW_CELLS, OTHER_BANDS, ROW_CELLS, STACKS_OF_ROW,
};
use crate::observe::{Reason, SearchObserver};

/// How the band rule finds the mini-rows a digit keeps in a band.
pub trait MiniRowRule: Copy + Eq + std::fmt::Debug {
    /// Of the mini-rows `pattern`, those kept; 0 when a row or box of the band has none.
    fn kept(pattern: u16) -> u16;
}

/// Rung 7's way: pointing and claiming, repeated until nothing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeated;

impl MiniRowRule for Repeated {
    fn kept(pattern: u16) -> u16 {
        // The mini-rows of row `row` of the band, and of the box in stack `stack`.
        let row_of = |row: usize| 0b111u16 << (3 * row);
        let box_of = |stack: usize| 0b001_001_001u16 << stack;
        let mut left = pattern;
        loop {
            let before = left;
            for line in 0..3 {
                // Claiming: a row with one mini-row left takes its box's other rows.
                let in_row = left & row_of(line);
                if in_row.count_ones() == 1 {
                    left &= !box_of(in_row.trailing_zeros() as usize % 3) | in_row;
                }
                // Pointing: a box with one mini-row left takes its row's other boxes.
                let in_box = left & box_of(line);
                if in_box.count_ones() == 1 {
                    left &= !row_of(in_box.trailing_zeros() as usize / 3) | in_box;
                }
            }
            if left == before {
                break;
            }
        }
        let row_or_box_empty =
            (0..3).any(|line| left & row_of(line) == 0 || left & box_of(line) == 0);
        if row_or_box_empty {
            0
        } else {
            left
        }
    }
}

impl<R: MiniRowRule> Bands<R> {
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
}
