//! While the board is early (every chute with an unsettled digit is), branch in the chute
//! with the fewest permutations, added over its digits, as tdoku chooses its band ([rung
//! 17](crate::ladder::rung17_early)).

use super::band_rule::PERMUTATIONS_INSIDE;
use super::unsettled::chute_pattern;
use super::Board;

/// The fewest unsettled digits that make a chute *early*: 7 made the fewest guesses of 6
/// to 8 (`docs/experiments.md`).
pub const EARLY: u8 = 7;

/// Which chute the search on chutes branches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChuteChoice {
    /// The first with the fewest unsettled digits (rungs 14 to 16).
    FewestUnsettled,
    /// The same, but the fewest permutations while the board is early (rung 17 on).
    FewestPermutationsWhileEarly,
}

/// Whether the board is early, given the fewest unsettled digits of a chute that has any.
#[inline]
pub(super) fn is_early(fewest_unsettled: u8) -> bool {
    fewest_unsettled >= EARLY
}

/// Of the chutes with `unsettled` digits, the first with the fewest permutations.
pub(super) fn chute_with_fewest_permutations(board: &Board, unsettled: &[u8; 6]) -> usize {
    let (mut chute, mut fewest) = (0, u32::MAX);
    for (other, &count) in unsettled.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let permutations = permutations_in_chute(board, other);
        if permutations < fewest {
            chute = other;
            fewest = permutations;
        }
    }
    chute
}

/// The permutations left in `chute` of `board`, added over its digits.
pub fn permutations_in_chute(board: &Board, chute: usize) -> u32 {
    (0..9)
        .map(|index| PERMUTATIONS_INSIDE[chute_pattern(board, chute, index) as usize].count_ones())
        .sum()
}
