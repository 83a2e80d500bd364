//! # Rung 8: the band rule in one lookup
//!
//! Representation: [`BAND_RULE`] (the room [`crate::board::band_rule`]), equal to rung 7's
//! rule on all 512 patterns (tested below). Picture and reasons: `docs/climb.md`.

use super::rung7_band_rule::MiniRowRule;
use super::rung7_bands::Bands;
use super::{Idea, OnCells, PuzzleInSet, Rung};
use crate::board::BAND_RULE;

/// Rung 8's way: a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table;

impl MiniRowRule for Table {
    fn kept(pattern: u16) -> u16 {
        BAND_RULE[pattern as usize]
    }
}

/// Rung 8's search state.
pub type TableBands = Bands<Table>;

/// Rung 8 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 8,
    name: "band-rule-table",
    idea: Idea::Representation,
    solver: &OnCells::<TableBands>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::rung7_band_rule::Repeated;

    #[test]
    fn the_table_keeps_what_repeated_pointing_and_claiming_keeps() {
        for pattern in 0..512u16 {
            assert_eq!(
                Table::kept(pattern),
                Repeated::kept(pattern),
                "pattern {pattern:09b}"
            );
        }
    }
}
