//! # Rung 16: in the chute, the digit with the fewest permutations left
//!
//! Branching: rung 1's idea again, for the digits of a chute. Rung 15 tries the lowest
//! unsettled digit; this rung the one with two permutations left, else three, else the
//! lowest ([`crate::board::digit_choice`]): fewer ways to try, and each decides more. A
//! digit with no permutation left comes first of all, a dead end at once. `docs/climb.md`
//! tells the idea with its picture.

use super::rung14_chutes::ChuteSearch;
use super::rung15_sparse::SEARCH as RUNG_15;
use crate::board::chutes::ChuteBranching;
use crate::board::digit_choice::DigitChoice;

/// Rung 16's search.
pub const SEARCH: ChuteSearch = ChuteSearch {
    branching: ChuteBranching {
        digit: DigitChoice::FewestPermutations,
        ..RUNG_15.branching
    },
    ..RUNG_15
};
