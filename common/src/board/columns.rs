//! Rule 3, the column rules ([rung 7](crate::ladder::rung7_bands)), on a digit's three
//! bands at once: hidden singles in columns, and claiming along columns (a column whose
//! places lie in one box clears the digit from the box's other columns).

use super::bands::{first_cell, in_columns, BandSet, BOX_IN_BAND, ROW_CELLS};
use super::{Board, Contradiction};
use crate::observe::{Conflict, Reason, SearchObserver};

/// `CLAIMED_BOX_CELLS[c]`: for columns `c` with places in one band only, the cells there
/// that the digit leaves: those of each box off its claimed column.
const CLAIMED_BOX_CELLS: [BandSet; 512] = build_claimed_box_cells();

const fn build_claimed_box_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let claimed = columns & (0b111 << (3 * stack));
            if claimed != 0 {
                // One claimed column keeps its cells; two or more keep none.
                let kept = if claimed & (claimed - 1) == 0 {
                    in_columns(claimed)
                } else {
                    0
                };
                table[columns as usize] |= BOX_IN_BAND[stack] & !kept;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

impl Board {
    /// Rule 3; whether it changed anything.
    pub(super) fn apply_column_rules(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let mut changed_any = false;
        while self.columns_to_check != 0 {
            let index = self.columns_to_check.trailing_zeros() as usize;
            self.columns_to_check &= self.columns_to_check - 1;
            let ColumnCounts {
                in_band,
                at_least_one,
                at_least_two,
            } = count_in_columns(self.digit_places(index));
            if at_least_one != ROW_CELLS {
                let column = (!at_least_one & ROW_CELLS).trailing_zeros() as usize;
                let (digit, unit) = (index as u8 + 1, 9 + column);
                observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
                return Err(Contradiction);
            }
            // Kept for the mini-line rule.
            self.mini_lines.column_bands[index] = in_band[0] | in_band[1] << 9 | in_band[2] << 18;
            // Claiming along columns.
            let [first, second, third] = in_band;
            let in_two_bands = (first & second) | (first & third) | (second & third);
            for band in 0..3 {
                let only_here = in_band[band] & !in_two_bands;
                let cleared = CLAIMED_BOX_CELLS[only_here as usize] & self.places[band][index];
                self.places[band][index] &= !cleared;
                changed_any |= cleared != 0;
            }
            let single_cells = in_columns(at_least_one & !at_least_two);
            for band in 0..3 {
                let mut cells = self.places[band][index] & single_cells & self.open[band];
                while cells != 0 {
                    let cell = first_cell(band, cells);
                    cells &= cells - 1;
                    let reason = Reason::HiddenSingle { unit: 9 + cell % 9 };
                    observer.deduced(cell, index as u8 + 1, reason);
                    self.place(cell, index as u8 + 1)?;
                    changed_any = true;
                }
            }
        }
        Ok(changed_any)
    }
}

/// A digit's columns (bit = column) with places:
pub(crate) struct ColumnCounts {
    /// In each band.
    pub(crate) in_band: [BandSet; 3],
    /// In any band.
    pub(crate) at_least_one: BandSet,
    /// With two places or more.
    pub(crate) at_least_two: BandSet,
}

pub(crate) fn count_in_columns(places: [BandSet; 3]) -> ColumnCounts {
    let mut counts = ColumnCounts {
        in_band: [0; 3],
        at_least_one: 0,
        at_least_two: 0,
    };
    for band in 0..3 {
        let places = places[band];
        let rows = [places & ROW_CELLS, (places >> 9) & ROW_CELLS, places >> 18];
        let in_band = rows[0] | rows[1] | rows[2];
        let twice_in_band = (rows[0] & rows[1]) | (rows[0] & rows[2]) | (rows[1] & rows[2]);
        counts.at_least_two |= twice_in_band | (counts.at_least_one & in_band);
        counts.at_least_one |= in_band;
        counts.in_band[band] = in_band;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_without_place_in_a_column_is_a_contradiction() {
        let mut board = Board::new();
        for cell in (0..9).map(|row| 9 * row) {
            board.eliminate(cell, 4);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }
}
