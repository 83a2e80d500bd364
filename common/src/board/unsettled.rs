//! A digit's mini-lines in a chute, whether they have settled, and how many digits are
//! unsettled in each chute ([rung 14](crate::ladder::rung14_chutes)), the last worked out
//! by the mini-line rule in the loop that has just read what they come from.

use super::band_rule::PERMUTATIONS_INSIDE;
use super::Board;

/// Digit `index + 1`'s mini-lines in `chute` (bit `3 × row + stack`; in a stack, `3 × band +
/// column`).
pub fn chute_pattern(board: &Board, chute: usize, index: usize) -> u16 {
    if chute < 3 {
        board.mini_lines.mini_rows[chute][index]
    } else {
        let columns = board.mini_lines.column_bands[index] >> (3 * (chute - 3));
        (columns & 0b111 | (columns >> 6) & 0b111_000 | (columns >> 12) & 0b111_000_000) as u16
    }
}

/// Whether a digit with mini-lines `pattern` in a chute is settled: they are one
/// permutation's three.
pub(super) const fn is_settled(pattern: u16) -> bool {
    pattern.count_ones() == 3 && PERMUTATIONS_INSIDE[pattern as usize].count_ones() == 1
}

/// The chutes where a digit is unsettled (chute `c` at bit `5c`, so that one sum counts
/// all six): a band where a row keeps two mini-rows or more, a stack where a column keeps
/// places in two bands or more. Rules 1 and 3 leave only mini-lines on permutations, so
/// these are the chutes where the digit has more than one permutation left.
#[inline]
pub(super) fn unsettled_chutes(mini_rows: [u16; 3], alone: [u16; 3], in_two_bands: u32) -> u32 {
    let mut unsettled = 0;
    for band in 0..3 {
        unsettled |= ((alone[band] != mini_rows[band]) as u32) << (5 * band);
    }
    // The stacks where it is unsettled (bits 0, 3, 6) as chutes 3 to 5.
    let stacks = (in_two_bands | in_two_bands >> 1 | in_two_bands >> 2) & 0b001_001_001;
    unsettled | (stacks & 1) << 15 | (stacks & 8) << 17 | (stacks & 64) << 19
}

/// How many digits are unsettled in each band (`0..3`) and stack (`3..6`) of `board`.
pub fn unsettled_digits(board: &Board) -> [u8; 6] {
    let by_chute: u32 = board.mini_lines.unsettled_in.iter().sum();
    std::array::from_fn(|chute| (by_chute >> (5 * chute)) as u8 & 0b1_1111)
}
