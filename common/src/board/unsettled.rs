//! How many digits are unsettled in each chute, for [branching on
//! chutes](super::chutes) ([rung 14](crate::ladder::rung14_chutes)). Each digit's unsettled
//! chutes are worked out again by the mini-line rule, in the loop that has just read what
//! they come from, and summed where a chute is chosen.

use super::Board;

/// The chutes where a digit is unsettled, chute `c` at bit `5c` (so that one sum over the
/// digits counts all six): in a band when a row keeps two mini-rows or more, in a stack
/// when a column keeps places in two bands or more. Rules 1 and 3 leave a digit in a chute
/// only mini-lines that lie on its permutations, so these are the digits with more than
/// one permutation left. The mini-line rule calls it for each digit it counts again, from
/// what it has just read: the digit's `mini_rows` in each band, those `alone` in their row,
/// and its columns with places in two bands or more (`in_two_bands`).
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
pub(super) fn unsettled_digits(board: &Board) -> [u8; 6] {
    let by_chute: u32 = board.mini_lines.unsettled_in.iter().sum();
    std::array::from_fn(|chute| (by_chute >> (5 * chute)) as u8 & 0b1_1111)
}
