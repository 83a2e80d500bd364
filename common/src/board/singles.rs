//! Rule 2, naked singles ([rung 3](crate::ladder::rung3_singles)), counted a band at a
//! time and bit-sliced ([rung 6](crate::ladder::rung6_bit_sliced)).

use super::bands::{cell_of, first_cell, BandSet};
use super::{Board, Contradiction};
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::CellSet;

impl Board {
    /// Rule 2; whether it placed anything.
    pub(super) fn place_naked_singles(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        let mut bands = self.bands_to_count();
        while bands != 0 {
            let band = bands.trailing_zeros() as usize;
            bands &= bands - 1;
            let (at_least_one, at_least_two, at_least_three) = self.candidate_counts(band);
            let open = self.open[band];
            if open & !at_least_one != 0 {
                let cell = first_cell(band, open & !at_least_one);
                observer.contradiction(Conflict::EmptyCell { cell });
                return Err(Contradiction);
            }
            self.two_candidates[band] = open & at_least_two & !at_least_three;
            let singles = open & !at_least_two;
            if singles == 0 {
                continue;
            }
            // The digits with singles, found without a branch the processor mispredicts.
            let mut digits = 0u32;
            for index in (0..9).rev() {
                digits = digits << 1 | (singles & self.places[band][index] != 0) as u32;
            }
            while digits != 0 {
                let index = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let cells = singles & self.places[band][index];
                if observer.is_watching() {
                    for cell in crate::cells(cells as CellSet) {
                        let digit = index as u8 + 1;
                        observer.deduced(cell_of(band, cell), digit, Reason::NakedSingle);
                    }
                }
                self.settle(band, index, cells);
                // Two singles of one digit in one row or box clear each other.
                if self.places[band][index] & cells != cells {
                    let cell = first_cell(band, cells & !self.places[band][index]);
                    observer.contradiction(Conflict::EmptyCell { cell });
                    return Err(Contradiction);
                }
                placed_any = true;
            }
            // The singles left their columns in the later bands: count those too.
            bands |= (0b111 << (band + 1)) & 0b111;
        }
        Ok(placed_any)
    }

    #[inline]
    pub(super) fn candidate_counts(&self, band: usize) -> (BandSet, BandSet, BandSet) {
        let [at_least_one, at_least_two, at_least_three] =
            at_least_one_two_three(&self.places[band]);
        (at_least_one, at_least_two, at_least_three)
    }
}

/// The cells in at least one, two and three of `sets`, bit-sliced: a cell seen once already
/// is seen twice, one seen twice, three times.
///
/// ```
/// use common::board::singles::at_least_one_two_three;
/// // Cell 0 is in three sets, cell 1 in two, cell 2 in one.
/// assert_eq!(at_least_one_two_three(&[0b111u32, 0b011, 0b001]), [0b111, 0b011, 0b001]);
/// ```
#[inline]
pub fn at_least_one_two_three<Set>(sets: &[Set]) -> [Set; 3]
where
    Set: Copy + Default + std::ops::BitAnd<Output = Set> + std::ops::BitOrAssign,
{
    let [mut at_least_one, mut at_least_two, mut at_least_three] = [Set::default(); 3];
    for &set in sets {
        at_least_three |= at_least_two & set;
        at_least_two |= at_least_one & set;
        at_least_one |= set;
    }
    [at_least_one, at_least_two, at_least_three]
}

#[cfg(test)]
mod tests {
    use super::super::tests::pattern_grid;
    use super::*;

    #[test]
    fn propagation_completes_a_grid_with_one_hole_per_row() {
        let solution = pattern_grid();
        let mut grid = solution;
        for row in 0..9 {
            grid[row * 9 + (row * 4) % 9] = 0;
        }
        let mut board = Board::from_grid(&grid).unwrap();
        board.propagate().unwrap();
        assert!(board.is_complete());
        assert_eq!(board.to_grid(), solution);
    }

    #[test]
    fn empty_cell_is_a_contradiction() {
        let mut board = Board::new();
        for digit in 1..=9 {
            board.eliminate(0, digit);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }
}
