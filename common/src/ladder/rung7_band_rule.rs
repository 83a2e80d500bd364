//! # Rung 7's band rule: pointing and claiming inside one band word
//!
//! On a digit's *pattern* in a band, its mini-rows (bit `3 × row + stack`); rung 8 swaps
//! [`Repeated`] for a table.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_with_one_mini_row_takes_that_row_from_the_other_boxes() {
        // Row 1 of the band has the digit in all three boxes, rows 2 and 3 in boxes 2 and 3
        // only: box 1 must have it in row 1, so boxes 2 and 3 lose row 1, and no more.
        assert_eq!(Repeated::kept(0b110_110_111), 0b110_110_001);
        // Rows 2 and 3 have places only in box 3: no permutation, a contradiction.
        assert_eq!(Repeated::kept(0b100_100_111), 0);
    }
}
