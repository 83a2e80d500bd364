//! Rule 1, the band rule ([rung 8](crate::ladder::rung8_band_rule_table), branch-free from [rung
//! 11](crate::ladder::rung11_band_board)), only on words that differ from `seen` ([rung
//! 9](crate::ladder::rung9_changes)).

use super::bands::{cell_of, columns_of, in_columns, BandSet, ROW_CELLS};
use super::{Board, Contradiction};
use crate::observe::{Conflict, Reason, SearchObserver};
use crate::CellSet;

/// `STACKS_OF_ROW[r]`: the stacks (bit = stack) of the row's cells `r`.
pub const STACKS_OF_ROW: [u16; 512] = build_stacks_of_row();

/// The six permutations: row `r` of a band gets the box in stack `PERMUTATIONS[k][r]`;
/// band `b` of a stack gets its column `PERMUTATIONS[k][b]`.
pub const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `PERMUTATIONS_INSIDE[p]`: the permutations (bit `k`) whose mini-rows lie in `p`.
pub const PERMUTATIONS_INSIDE: [u8; 512] = build_permutations_inside();

/// `BAND_RULE[p]`: of the mini-rows `p` (bit `3 × row + stack`), those on a permutation
/// inside `p`.
pub const BAND_RULE: [u16; 512] = build_band_rule();

/// `MINI_ROW_CELLS[p]`: the cells of the mini-rows in pattern `p`.
pub const MINI_ROW_CELLS: [BandSet; 512] = build_mini_row_cells();

/// `BAND_RULE_CELLS[p]`: the cells of `BAND_RULE[p]`.
pub const BAND_RULE_CELLS: [BandSet; 512] = build_band_rule_cells();

/// `LOCKED_COLUMNS[c]`: the columns of `c` alone of `c` in their stack.
pub const LOCKED_COLUMNS: [u16; 512] = build_locked_columns();

const fn build_stacks_of_row() -> [u16; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut stack = 0;
        while stack < 3 {
            if row & (0b111 << (3 * stack)) != 0 {
                table[row] |= 1 << stack;
            }
            stack += 1;
        }
        row += 1;
    }
    table
}

/// The mini-rows of permutation `k`.
pub const fn permutation_pattern(k: usize) -> u16 {
    let mut mini_rows = 0;
    let mut row = 0;
    while row < 3 {
        mini_rows |= 1 << (3 * row + PERMUTATIONS[k][row]);
        row += 1;
    }
    mini_rows
}

const fn build_permutations_inside() -> [u8; 512] {
    let mut table = [0; 512];
    let mut pattern: u16 = 0;
    while pattern < 512 {
        let mut k = 0;
        while k < 6 {
            let mini_rows = permutation_pattern(k);
            if pattern & mini_rows == mini_rows {
                table[pattern as usize] |= 1 << k;
            }
            k += 1;
        }
        pattern += 1;
    }
    table
}

const fn build_band_rule() -> [u16; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let inside = PERMUTATIONS_INSIDE[pattern];
        let mut k = 0;
        while k < 6 {
            if inside & 1 << k != 0 {
                table[pattern] |= permutation_pattern(k);
            }
            k += 1;
        }
        pattern += 1;
    }
    table
}

const fn build_mini_row_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut mini_row = 0;
        while mini_row < 9 {
            if pattern & (1 << mini_row) != 0 {
                let (row, stack) = (mini_row / 3, mini_row % 3);
                table[pattern] |= 0b111 << (9 * row + 3 * stack);
            }
            mini_row += 1;
        }
        pattern += 1;
    }
    table
}

const fn build_band_rule_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = MINI_ROW_CELLS[BAND_RULE[pattern] as usize];
        pattern += 1;
    }
    table
}

const fn build_locked_columns() -> [u16; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let in_stack = columns & (0b111 << (3 * stack));
            if in_stack != 0 && in_stack & (in_stack - 1) == 0 {
                table[columns] |= in_stack as u16;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

/// The digits (bit `d - 1`) of `words` (bit `9 × band + d - 1`).
#[inline]
pub const fn digits_of_words(words: u32) -> u16 {
    (words | words >> 9 | words >> 18) as u16 & crate::ALL_DIGITS
}

impl Board {
    /// Rule 1 on the words that changed, until none did; returns those swept (bit
    /// `9 × band + d - 1`).
    pub(super) fn apply_band_rule_where_changed(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<u32, Contradiction> {
        let mut swept = 0;
        loop {
            let mut changed = self.changed_words();
            if changed == 0 {
                return Ok(swept);
            }
            swept |= changed;
            let digits = digits_of_words(changed);
            self.columns_to_check |= digits;
            self.note_changed_digits(digits);
            while changed != 0 {
                let word = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.apply_band_rule(word / 9, word % 9, observer)?;
            }
        }
    }

    /// The words (bit `9 × band + d - 1`) that differ from `seen`, without a branch: those
    /// the band rule's next sweep visits.
    pub fn changed_words(&self) -> u32 {
        // One word at a time: four at a time, the loads would wait on the rule's stores.
        let mut changed = 0;
        for band in (0..3).rev() {
            for index in (0..9).rev() {
                let differs = self.places[band][index] != self.seen[band][index];
                changed = changed << 1 | differs as u32;
            }
        }
        changed
    }

    fn apply_band_rule(
        &mut self,
        band: usize,
        index: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        let places = self.places[band][index];
        // The digit's mini-rows; the masks only spare bounds checks.
        let pattern = STACKS_OF_ROW[(places & ROW_CELLS) as usize]
            | STACKS_OF_ROW[((places >> 9) & ROW_CELLS) as usize] << 3
            | STACKS_OF_ROW[((places >> 18) & ROW_CELLS) as usize] << 6;
        let usable_cells = BAND_RULE_CELLS[pattern as usize & 0x1ff];
        if usable_cells == 0 {
            observer.contradiction(band_conflict(band, index, pattern));
            return Err(Contradiction);
        }
        let places = places & usable_cells;
        // Stored in `places` below; the mini-line rule reads the mini-rows kept.
        self.seen[band][index] = places;
        self.mini_lines.mini_rows[band][index] = BAND_RULE[pattern as usize & 0x1ff];

        // Hidden singles: a row with one place, not yet decided.
        let open = self.open[band];
        let singles = (single_or_empty(places & ROW_CELLS)
            | single_or_empty(places & ROW_CELLS << 9)
            | single_or_empty(places & ROW_CELLS << 18))
            & open;
        // Locked columns: a box whose open places lie in one column.
        let locked = LOCKED_COLUMNS[columns_of(places & open) as usize] as BandSet;

        if observer.is_watching() && singles != 0 {
            report_hidden_singles(observer, band, index, singles);
        }
        self.open[band] &= !singles;
        for other in self.places[band].iter_mut() {
            *other &= !singles;
        }
        // All three bands (this band's word is stored whole next), after the `&`s above,
        // whose wide loads would otherwise wait on these stores.
        for band_places in self.places.iter_mut() {
            band_places[index] &= !in_columns(locked);
        }
        self.places[band][index] = places;
        Ok(())
    }
}

/// Why digit `index + 1`'s `pattern` in `band` has no permutation.
pub fn band_conflict(band: usize, index: usize, pattern: u16) -> Conflict {
    let digit = index as u8 + 1;
    for line in 0..3 {
        if pattern & (0b111 << (3 * line)) == 0 {
            return Conflict::NoPlaceInUnit {
                digit,
                unit: 3 * band + line, // row `line` of the band
            };
        }
        if pattern & (0b001_001_001 << line) == 0 {
            return Conflict::NoPlaceInUnit {
                digit,
                unit: 18 + 3 * band + line, // the box in stack `line`
            };
        }
    }
    Conflict::NoArrangementInBand { digit, band }
}

/// Reports digit `index + 1`'s hidden singles in `band`, each alone in its row.
fn report_hidden_singles(
    observer: &mut impl SearchObserver,
    band: usize,
    index: usize,
    singles: BandSet,
) {
    for cell_in_band in crate::cells(singles as CellSet) {
        let unit = 3 * band + cell_in_band / 9;
        let (cell, digit) = (cell_of(band, cell_in_band), index as u8 + 1);
        observer.deduced(cell, digit, Reason::HiddenSingle { unit });
    }
}

/// `set` if it holds at most one cell, else 0, without a branch.
fn single_or_empty(set: BandSet) -> BandSet {
    let at_most_one = set & set.wrapping_sub(1) == 0;
    set & (at_most_one as BandSet).wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digit_bit;

    #[test]
    fn band_rule_keeps_exactly_the_mini_rows_on_permutations() {
        // Everything possible: every mini-row lies on some permutation.
        assert_eq!(BAND_RULE[0b111_111_111], 0b111_111_111);
        // A row with no place: no permutation.
        assert_eq!(BAND_RULE[0b111_000_111], 0);
        // A box (in stack 1) with no place: no permutation.
        assert_eq!(BAND_RULE[0b110_110_110], 0);
        // Claiming: row 1 can only use the box of stack 1, so rows 2 and 3 lose that box.
        assert_eq!(BAND_RULE[0b111_111_001], 0b110_110_001);
        // One permutation only: the diagonal.
        assert_eq!(BAND_RULE[0b100_010_001 | 0b000_001_000], 0b100_010_001);
    }

    #[test]
    fn band_rule_clears_locked_candidates() {
        // In box 1 (rows 1-3, columns 1-3) digit 5 can only go in row 1, so the rest of
        // row 1 loses it ("pointing").
        let mut board = Board::new();
        for cell in [9, 10, 11, 18, 19, 20] {
            board.eliminate(cell, 5);
        }
        board.propagate().unwrap();
        for column in 3..9 {
            assert_eq!(
                board.candidates(column) & digit_bit(5),
                0,
                "column {column}"
            );
        }
        assert_ne!(board.candidates(0) & digit_bit(5), 0);
    }
}
