//! While every chute is wide open, branch in the one with the fewest permutations, added
//! over its digits, as tdoku chooses its band ([rung 12](crate::ladder::rung12_wide_open)).

use super::band_rule::PERMUTATIONS_INSIDE;
use super::Board;

/// The fewest unsettled digits that make a chute *wide open*. On forum_hardest_1106, p2239
/// makes 88.0 guesses per puzzle (tdoku's way) with the fewest unsettled digits alone, and
/// 114.5, 80.8 and 87.2 with the permutations from 6, 7 or 8 on: from 6, they override
/// chutes further on than the others, the better branch points.
pub const WIDE_OPEN: u8 = 7;

impl Board {
    /// Whether every chute is wide open, given the fewest unsettled digits of one.
    #[inline]
    pub(super) fn is_wide_open(&self, fewest_unsettled: u8) -> bool {
        fewest_unsettled >= WIDE_OPEN
    }

    /// The chute with unsettled digits and the fewest permutations, the first on a tie.
    pub(super) fn chute_with_fewest_permutations(&self) -> usize {
        let (mut chute, mut fewest) = (0, u32::MAX);
        for (other, &unsettled) in self.mini_lines.unsettled.iter().enumerate() {
            if unsettled == 0 {
                continue;
            }
            let permutations = self.permutations_in_chute(other);
            if permutations < fewest {
                chute = other;
                fewest = permutations;
            }
        }
        chute
    }

    /// The permutations left in `chute`, added over its digits.
    pub(super) fn permutations_in_chute(&self, chute: usize) -> u32 {
        (0..9)
            .map(|index| {
                PERMUTATIONS_INSIDE[self.chute_pattern(chute, index) as usize].count_ones()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::super::chutes::tests::{
        assert_lowest_rank, propagated_with_mini_lines, unsettled_in_chute,
    };
    use super::super::ChuteChoice;
    use super::*;

    #[test]
    fn a_wide_open_board_branches_in_the_chute_with_fewest_permutations() {
        // magictour_top1465's fifth puzzle, propagated: 19 cells decided, and every chute
        // with seven unsettled digits or more.
        let board = propagated_with_mini_lines(
            "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
        );
        assert!((0..6).all(|chute| unsettled_in_chute(&board, chute) >= WIDE_OPEN as usize));
        let permutations = |chute: usize| board.permutations_in_chute(chute);
        let fewest = (0..6).map(permutations).min().unwrap();
        let chosen = board.chute_branch(ChuteChoice::Permutations).unwrap();
        assert_eq!(
            Some(chosen.chute),
            (0..6).position(|chute| permutations(chute) == fewest)
        );
        assert_lowest_rank(&board, chosen);
        // Here the fewest unsettled digits point elsewhere.
        let by_unsettled = board.chute_branch(ChuteChoice::Unsettled).unwrap();
        assert_ne!(by_unsettled.chute, chosen.chute);
    }
}
