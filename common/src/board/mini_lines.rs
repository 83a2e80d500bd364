//! Rule 4, the mini-line rule, confined part ([rung
//! 13](crate::ladder::rung13_mini_line_counts)), counted bit-sliced over the nine digits.

use super::band_rule::MINI_ROW_CELLS;
use super::bands::{cell_of, in_columns, ALL_BAND, ROW_CELLS};
use super::unsettled::unsettled_chutes;
use super::{Board, Contradiction};
use crate::observe::{Conflict, SearchObserver};

/// How much of the mini-line rule a board runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MiniLineRule {
    /// None (rungs 11 and 12, p4574).
    Off,
    /// The confined part (rungs 13 to 17).
    Confined,
    /// And the [only-three part](super::only_three) (rung 18 on).
    ConfinedAndOnlyThree,
}

/// What the mini-line rule reads and keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)] // in this order: see `Board`
pub(crate) struct MiniLines {
    /// `column_bands[d - 1]`: digit `d`'s columns in each band (bit `9 × band + column`).
    pub(super) column_bands: [u32; 9],
    /// The mini-rows (bit `9 × band + 3 × row + stack`), mini-columns (bit `9 × band +
    /// column`) filled.
    filled_rows: u32,
    filled_columns: u32,
    /// Per digit: its confined mini-rows and mini-columns.
    confined_rows: [u32; 9],
    confined_columns: [u32; 9],
    /// Per digit, the chutes where it is unsettled ([`super::unsettled`]).
    pub(super) unsettled_in: [u32; 9],
    /// `mini_rows[b][d - 1]`: digit `d`'s mini-rows in band `b` (bit `3 × row + stack`).
    pub(super) mini_rows: [[u16; 9]; 3],
    pub(super) rule: MiniLineRule,
}

impl MiniLines {
    /// The empty grid's, the rule off.
    pub(super) const fn new() -> MiniLines {
        MiniLines {
            rule: MiniLineRule::Off,
            mini_rows: [[0o777; 9]; 3],
            column_bands: [ALL_BAND; 9],
            filled_rows: 0,
            filled_columns: 0,
            confined_rows: [0; 9],
            confined_columns: [0; 9],
            unsettled_in: [0; 9],
        }
    }
}

/// `ALONE_IN_ROW[p]`: the mini-rows of pattern `p` alone in their row: confined ones.
const ALONE_IN_ROW: [u16; 512] = build_alone_in_row();

const fn build_alone_in_row() -> [u16; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut row = 0;
        while row < 3 {
            let stacks = ((pattern >> (3 * row)) & 0b111) as u16;
            if stacks.count_ones() == 1 {
                table[pattern] |= stacks << (3 * row);
            }
            row += 1;
        }
        pattern += 1;
    }
    table
}

impl Board {
    /// Runs the mini-line rule as far as `rule` says, here and in copies.
    pub fn use_mini_lines(&mut self, rule: MiniLineRule) {
        self.mini_lines.rule = rule;
        self.propagated = false;
    }

    /// The mini-rows (bit `9 × band + 3 × row + stack`) to which `digit` is confined, as
    /// the mini-line rule last counted them (none before it runs).
    pub fn confined_mini_rows(&self, digit: u8) -> u32 {
        self.mini_lines.confined_rows[digit as usize - 1]
    }

    /// The mini-columns (bit `9 × band + column`) to which `digit` is confined, as the
    /// mini-line rule last counted them (none before it runs).
    pub fn confined_mini_columns(&self, digit: u8) -> u32 {
        self.mini_lines.confined_columns[digit as usize - 1]
    }

    /// Rule 4, confined part; whether it removed anything.
    pub(super) fn fill_mini_lines(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        // Each digit to count again: its confined mini-lines.
        let mut digits = self.digits_to_confine();
        let state = &mut self.mini_lines;
        while digits != 0 {
            let index = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mini_rows = [0, 1, 2].map(|band| state.mini_rows[band][index]);
            let alone = mini_rows.map(|pattern| ALONE_IN_ROW[pattern as usize & 0o777]);
            let rows = alone[0] as u32 | (alone[1] as u32) << 9 | (alone[2] as u32) << 18;
            state.confined_rows[index] = rows;

            let bands = state.column_bands[index];
            let (first, second, third) = (bands & ROW_CELLS, bands >> 9 & ROW_CELLS, bands >> 18);
            let in_two_bands = first & second | third & (first | second);
            state.confined_columns[index] = bands & !in_columns(in_two_bands);
            state.unsettled_in[index] = unsettled_chutes(mini_rows, alone, in_two_bands);
        }
        // Over the nine digits.
        let (mut row_tally, mut column_tally) = (Tally::default(), Tally::default());
        for index in 0..9 {
            row_tally.add(state.confined_rows[index]);
            column_tally.add(state.confined_columns[index]);
        }

        let (full_rows, crowded) = row_tally.three_and_more();
        if crowded != 0 {
            let bit = crowded.trailing_zeros() as usize;
            let (band, mini_row) = (bit / 9, bit % 9);
            let cell = cell_of(band, 9 * (mini_row / 3) + 3 * (mini_row % 3));
            report_crowded(observer, cell, 1);
            return Err(Contradiction);
        }
        let (full_columns, crowded) = column_tally.three_and_more();
        if crowded != 0 {
            let bit = crowded.trailing_zeros() as usize;
            report_crowded(observer, cell_of(bit / 9, bit % 9), 9);
            return Err(Contradiction);
        }
        let mut changed = false;
        if self.mini_lines.rule == MiniLineRule::ConfinedAndOnlyThree {
            changed = self.apply_only_three(full_rows, full_columns);
        }
        let state = &mut self.mini_lines;
        let full_rows = full_rows & !state.filled_rows;
        let full_columns = full_columns & !state.filled_columns;
        if full_rows | full_columns == 0 {
            return Ok(changed);
        }
        state.filled_rows |= full_rows;
        state.filled_columns |= full_columns;
        // The other digits leave the cells of the mini-lines just filled.
        for band in 0..3 {
            if full_rows >> (9 * band) & 0o777 == 0 {
                continue;
            }
            for (index, places) in self.places[band].iter_mut().enumerate() {
                let rows = full_rows & !state.confined_rows[index];
                let cells = MINI_ROW_CELLS[(rows >> (9 * band)) as usize & 0o777];
                changed |= *places & cells != 0;
                *places &= !cells;
            }
        }
        if full_columns != 0 {
            for index in 0..9 {
                let columns = full_columns & !state.confined_columns[index];
                for band in 0..3 {
                    let cells = in_columns(columns >> (9 * band) & ROW_CELLS);
                    changed |= self.places[band][index] & cells != 0;
                    self.places[band][index] &= !cells;
                }
            }
        }
        Ok(changed)
    }
}

/// Per bit, how many words added set it, bit-sliced: the count's two low bits, and four
/// or more.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    ones: u32,
    twos: u32,
    crowded: u32,
}

impl Tally {
    pub(super) fn add(&mut self, bits: u32) {
        let carry = self.ones & bits;
        self.ones ^= bits;
        self.crowded |= self.twos & carry;
        self.twos ^= carry;
    }

    /// The bits counted exactly three times, and those counted four times or more.
    pub(super) fn three_and_more(self) -> (u32, u32) {
        (self.ones & self.twos & !self.crowded, self.crowded)
    }
}

/// Reports four digits or more confined to the mini-line `cell`, `cell + step`, `cell +
/// 2 × step`.
fn report_crowded(observer: &mut impl SearchObserver, cell: usize, step: usize) {
    observer.contradiction(Conflict::CrowdedMiniLine {
        cells: [cell, cell + step, cell + 2 * step],
    });
}

#[cfg(test)]
mod tests {
    use super::super::tests::empty_board_without;
    use super::*;
    use crate::{digit_bit, ALL_DIGITS};

    #[test]
    fn three_digits_confined_to_a_mini_row_fill_it() {
        // 1, 2 and 3 are left, in row 1, only the cells of its first box.
        let rest_of_row: Vec<usize> = (3..9).collect();
        let three = digit_bit(1) | digit_bit(2) | digit_bit(3);
        let with_rule =
            empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Confined).unwrap();
        let without = empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Off).unwrap();
        for cell in 0..3 {
            assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            assert_eq!(without.candidates(cell), ALL_DIGITS, "cell {cell}");
        }
        // Nothing else changed: the rest of the box only lost 1, 2 and 3 (claiming).
        assert_eq!(with_rule.candidates(9), ALL_DIGITS & !three);
    }

    #[test]
    fn three_digits_confined_to_a_mini_column_fill_it() {
        // 7, 8 and 9 are left, in column 5, only the cells of rows 4 to 6.
        let rest_of_column: Vec<usize> = [0, 1, 2, 6, 7, 8].iter().map(|row| 9 * row + 4).collect();
        let three = digit_bit(7) | digit_bit(8) | digit_bit(9);
        let with_rule =
            empty_board_without(&[7, 8, 9], &rest_of_column, MiniLineRule::Confined).unwrap();
        let without = empty_board_without(&[7, 8, 9], &rest_of_column, MiniLineRule::Off).unwrap();
        for cell in [31, 40, 49] {
            assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            assert_eq!(without.candidates(cell), ALL_DIGITS, "cell {cell}");
        }
    }

    #[test]
    fn four_digits_confined_to_a_mini_line_is_a_contradiction() {
        let rest_of_row: Vec<usize> = (3..9).collect();
        assert!(empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Confined).is_ok());
        assert_eq!(
            empty_board_without(&[1, 2, 3, 4], &rest_of_row, MiniLineRule::Confined),
            Err(Contradiction)
        );
        let rest_of_column: Vec<usize> = (1..9).map(|row| 9 * row).skip(2).collect();
        assert_eq!(
            empty_board_without(&[5, 6, 7, 8], &rest_of_column, MiniLineRule::Confined),
            Err(Contradiction)
        );
    }
}
