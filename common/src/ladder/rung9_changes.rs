//! # Rung 9: work only where something changed
//!
//! Incremental work, as JCZSolve does (the room [`crate::board::recount`]). Picture and
//! reasons: `docs/climb.md`.

use super::rung8_band_rule_table::TableBands;
use super::{Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};
use crate::board::{join_bands, BandSet, Contradiction};
use crate::observe::SearchObserver;
use crate::{cells, CellSet, ALL_DIGITS};

/// Rung 9's search state: rung 8's bands, and what each rule has seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackedBands {
    pub(super) bands: TableBands,
    /// `bands.places` as the band rule last left it.
    seen: [[BandSet; 9]; 3],
    /// The bands (bit `b`) changed since naked singles last looked.
    bands_to_check: u8,
    /// The digits (bit `d - 1`) changed since the column rules last looked.
    digits_to_check: u16,
    /// The open cells with two candidates, as naked singles last counted.
    two_candidates: [BandSet; 3],
}

impl TrackedBands {
    /// The words that differ from `seen` (bit `9 × band + index`).
    fn changed_words(&self) -> u32 {
        let mut changed = 0;
        for band in 0..3 {
            for index in 0..9 {
                let differs = self.bands.places[band][index] != self.seen[band][index];
                changed |= (differs as u32) << (9 * band + index);
            }
        }
        changed
    }

    /// Rung 8's rules, only where something changed, until none finds more.
    fn propagate(&mut self, observer: &mut impl SearchObserver) -> Result<(), Contradiction> {
        loop {
            let mut changed = self.changed_words();
            while changed != 0 {
                for word in cells(changed as CellSet) {
                    let (band, index) = (word / 9, word % 9);
                    self.bands.apply_band_rule(band, index, observer)?;
                    self.seen[band][index] = self.bands.places[band][index];
                    self.bands_to_check |= 1 << band;
                    self.digits_to_check |= 1 << index;
                }
                changed = self.changed_words();
            }
            if self.bands_to_check == 0 && self.digits_to_check == 0 {
                return Ok(());
            }
            // The other rules where marked; the band rule sees what they change.
            for band in cells(self.bands_to_check as CellSet) {
                self.two_candidates[band] = self.bands.place_naked_singles(band, observer)?;
            }
            for index in cells(self.digits_to_check as CellSet) {
                self.bands.apply_column_rules(index, observer)?;
            }
            self.bands_to_check = 0;
            self.digits_to_check = 0;
        }
    }

    /// The kept two-candidate cells of `band` (checked in debug builds).
    pub(super) fn two_candidates(&self, band: usize) -> BandSet {
        debug_assert_eq!(self.two_candidates[band], self.bands.two_candidates(band));
        self.two_candidates[band]
    }
}

impl SearchState for TrackedBands {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut state = TrackedBands {
            bands: TableBands::with_givens(grid)?,
            // A memory no band word (27 bits) can equal: the band rule looks at every word.
            seen: [[BandSet::MAX; 9]; 3],
            bands_to_check: 0b111,
            digits_to_check: ALL_DIGITS,
            two_candidates: [0; 3],
        };
        state.propagate(observer).ok()?;
        Some(state)
    }

    /// Rung 8's choice, reading the kept two-candidate cells.
    fn choose_cell(&self) -> Option<usize> {
        let two_candidates = join_bands([0, 1, 2].map(|band| self.two_candidates(band)));
        cells(two_candidates)
            .next()
            .or_else(|| self.bands.choose_cell())
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.bands.candidates_of(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.bands.place(cell, digit) && self.propagate(observer).is_ok()
    }
}

/// Rung 9 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 9,
    name: "changes-only",
    idea: Idea::IncrementalWork,
    solver: &OnCells::<TrackedBands>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guess_copies_what_the_rules_have_seen_too() {
        assert_eq!(std::mem::size_of::<TrackedBands>(), 244);
        assert_eq!(std::mem::size_of::<TableBands>(), 120);
    }
}
