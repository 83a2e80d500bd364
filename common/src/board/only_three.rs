//! The mini-line rule's only-three part ([rung 18](crate::ladder::rung18_only_three)),
//! counted in a loop of its own, so that the confined part's count keeps its registers.

use super::band_rule::MINI_ROW_CELLS;
use super::bands::{columns_of, in_columns, ROW_CELLS};
use super::mini_lines::Tally;
use super::Board;

impl Board {
    /// The only-three part, but not on mini-lines `full_rows`, `full_columns` (filled by
    /// three confined digits, which rules 1 and 3 cleared); whether it changed anything.
    pub(super) fn apply_only_three(&mut self, full_rows: u32, full_columns: u32) -> bool {
        let (possible_rows, possible_columns) = self.count_possible_mini_lines();
        let only_rows = possible_rows.three_and_more().0 & !full_rows;
        let only_columns = possible_columns.three_and_more().0 & !full_columns;
        only_rows | only_columns != 0 && self.keep_in_mini_lines(only_rows, only_columns)
    }

    fn count_possible_mini_lines(&self) -> (Tally, Tally) {
        let (mut rows, mut columns) = (Tally::default(), Tally::default());
        for index in 0..9 {
            rows.add(self.possible_mini_rows(index));
            columns.add(self.mini_lines.column_bands[index]);
        }
        (rows, columns)
    }

    /// Digit `index + 1`'s mini-rows (bit `9 × band + 3 × row + stack`).
    fn possible_mini_rows(&self, index: usize) -> u32 {
        let mini_rows = &self.mini_lines.mini_rows;
        mini_rows[0][index] as u32
            | (mini_rows[1][index] as u32) << 9
            | (mini_rows[2][index] as u32) << 18
    }

    /// The digits that can go in mini-rows `rows` or mini-columns `columns` leave the rest
    /// of their line and box.
    fn keep_in_mini_lines(&mut self, rows: u32, columns: u32) -> bool {
        let mut changed = false;
        // The digits that can go in one of them.
        let mut digits = 0u16;
        for index in 0..9 {
            let column_bands = self.mini_lines.column_bands[index];
            let kept = self.possible_mini_rows(index) & rows | column_bands & columns;
            digits |= ((kept != 0) as u16) << index;
        }
        while digits != 0 {
            let index = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // Its mini-columns among them, and their columns.
            let kept_columns = self.mini_lines.column_bands[index] & columns;
            let in_any_band = columns_of(kept_columns);
            for band in 0..3 {
                let mini_rows = self.mini_lines.mini_rows[band][index];
                let kept_rows = mini_rows & (rows >> (9 * band)) as u16 & 0o777;
                let own_columns = kept_columns >> (9 * band) & ROW_CELLS;
                let stacks = (own_columns | own_columns >> 1 | own_columns >> 2) & 0b001_001_001;
                // The other columns of their boxes, and their columns in other bands.
                let other_columns = ((stacks * 0b111) | in_any_band) & !own_columns;
                let cells =
                    MINI_ROW_CELLS[mini_row_mates(kept_rows) as usize] | in_columns(other_columns);
                changed |= self.places[band][index] & cells != 0;
                self.places[band][index] &= !cells;
            }
        }
        changed
    }
}

/// The mini-rows that share a row or a box with one of `pattern`, but those of `pattern`.
const fn mini_row_mates(pattern: u16) -> u16 {
    let rows = (pattern | pattern >> 1 | pattern >> 2) & 0b001_001_001; // bit 3 × row
    let stacks = (pattern | pattern >> 3 | pattern >> 6) & 0b111; // bit stack
    ((rows * 0b111) | (stacks * 0b001_001_001)) & !pattern
}

#[cfg(test)]
mod tests {
    use super::super::tests::empty_board_without;
    use super::super::MiniLineRule;
    use super::*;
    use crate::{digit_bit, ALL_DIGITS};

    #[test]
    fn mini_row_mates_share_a_row_or_a_box() {
        for pattern in 0..512u16 {
            let mut mates = 0;
            for mini_row in 0..9 {
                for other in 0..9 {
                    let same_row = mini_row / 3 == other / 3;
                    let same_box = mini_row % 3 == other % 3;
                    if pattern & 1 << mini_row != 0 && (same_row || same_box) {
                        mates |= 1 << other;
                    }
                }
            }
            assert_eq!(
                mini_row_mates(pattern),
                mates & !pattern,
                "pattern {pattern:o}"
            );
        }
    }

    #[test]
    fn where_only_three_digits_can_go_in_a_mini_line_they_go() {
        // Only 1, 2 and 3 can go in the first mini-row (cells 0 to 2), or in the first
        // mini-column (cells 0, 9, 18): they leave the rest of its row or column and box.
        let not_three: Vec<u8> = (4..=9).collect();
        let three = digit_bit(1) | digit_bit(2) | digit_bit(3);
        let cases = [([0, 1, 2], [3, 8, 9, 20]), ([0, 9, 18], [27, 72, 1, 20])];
        for (mini_line, elsewhere) in cases {
            let rule = MiniLineRule::ConfinedAndOnlyThree;
            let with_rule = empty_board_without(&not_three, &mini_line, rule).unwrap();
            let confined = empty_board_without(&not_three, &mini_line, MiniLineRule::Confined);
            for cell in elsewhere {
                let expected = ALL_DIGITS & !three;
                assert_eq!(with_rule.candidates(cell), expected, "cell {cell}");
                assert_eq!(
                    confined.unwrap().candidates(cell),
                    ALL_DIGITS,
                    "cell {cell}"
                );
            }
            for cell in mini_line {
                assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            }
        }
    }
}
