//! # Rung 10: of the cells with two candidates, the one with the most open peers
//!
//! Branching (the room [`crate::board::cells`]). Picture and reasons: `docs/climb.md`.

use super::rung9_changes::TrackedBands;
use super::{Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};
use crate::board::{cell_of, count_among_peers, OTHER_BANDS};
use crate::observe::SearchObserver;
use crate::{cells, CellSet};

/// Rung 10's search state: rung 9's, branching its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieBreak {
    tracked: TrackedBands,
}

impl SearchState for TieBreak {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let tracked = TrackedBands::start(grid, observer)?;
        Some(TieBreak { tracked })
    }

    /// The two-candidate cell with the most open peers, the lowest on a tie; else rung 9's.
    fn choose_cell(&self) -> Option<usize> {
        let open = self.tracked.bands.open;
        let mut best: Option<(usize, u32)> = None;
        for band in 0..3 {
            let [next, after_next] = OTHER_BANDS[band];
            let two_candidates = self.tracked.two_candidates(band);
            for cell_in_band in cells(two_candidates as CellSet) {
                let open_peers =
                    count_among_peers(open[band], [open[next], open[after_next]], cell_in_band);
                if best.map_or(true, |(_, most)| open_peers > most) {
                    best = Some((cell_of(band, cell_in_band), open_peers));
                }
            }
        }
        match best {
            Some((cell, _)) => Some(cell),
            None => self.tracked.choose_cell(),
        }
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.tracked.candidates_of(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.tracked.try_place(cell, digit, observer)
    }
}

/// Rung 10 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 10,
    name: "tie-break",
    idea: Idea::Branching,
    solver: &OnCells::<TieBreak>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 13,
    },
};
