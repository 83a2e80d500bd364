//! In the chosen chute, the digit with the fewest permutations left ([rung
//! 16](crate::ladder::rung16_fewest_permutations)).

use super::band_rule::PERMUTATIONS_INSIDE;
use super::unsettled::{chute_pattern, is_settled};
use super::Board;

/// Which unsettled digit of a chute the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DigitChoice {
    /// The lowest (rungs 14 and 15).
    Lowest,
    /// The lowest of the lowest [`BRANCH_RANK`] (rung 16 on).
    FewestPermutations,
}

/// The rank of a digit settled in a chute.
pub const SETTLED: u8 = u8::MAX;

/// `BRANCH_RANK[p]`: how good a branch point a digit with mini-lines `p` is, best lowest:
/// no permutation (a dead end), two, three, more, one (forced, not yet settled); [`SETTLED`].
pub const BRANCH_RANK: [u8; 512] = build_branch_rank();

const fn build_branch_rank() -> [u8; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = if is_settled(pattern as u16) {
            SETTLED
        } else {
            match PERMUTATIONS_INSIDE[pattern].count_ones() {
                0 => 0,
                2 => 1,
                3 => 2,
                1 => 4,
                _ => 3,
            }
        };
        pattern += 1;
    }
    table
}

impl DigitChoice {
    /// The index of the digit to branch on in `chute`; `None` when every digit is settled.
    pub(super) fn digit_to_branch_on(self, board: &Board, chute: usize) -> Option<usize> {
        let rank = |index: usize| BRANCH_RANK[chute_pattern(board, chute, index) as usize];
        match self {
            DigitChoice::Lowest => (0..9).find(|&index| rank(index) != SETTLED),
            DigitChoice::FewestPermutations => {
                // The lowest rank, the lowest digit on a tie.
                let mut fewest = (SETTLED, 0);
                for index in 0..9 {
                    if rank(index) < fewest.0 {
                        fewest = (rank(index), index);
                    }
                }
                (fewest.0 != SETTLED).then_some(fewest.1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_permutations_rank_before_three_and_settled_digits_last() {
        // Row 1 in boxes 1 and 2, row 2 in boxes 1 and 2, row 3 in box 3: two permutations.
        let two = 0b100_011_011;
        // Every row in every box: all six permutations.
        let six = 0o777;
        // One permutation, its three mini-rows all that is left.
        let settled = 0b100_010_001;
        assert!(BRANCH_RANK[two] < BRANCH_RANK[six]);
        assert_eq!(BRANCH_RANK[settled], SETTLED);
        assert_eq!(BRANCH_RANK[0], 0);
    }
}
