//! # Rung 7: of the cells with two candidates, the one with the most open peers (branching)
//!
//! **The idea.** Propagation usually leaves many open cells with two candidates; rungs 1
//! to 6 take the lowest. A placed digit leaves all its peers, so the cell with the most
//! open peers passes the most to the rules, whichever candidate is tried. This rung
//! branches there (the lowest on a tie), reading the cells rung 6 keeps; with none, it
//! takes rung 6's choice.
//!
//! **Why it keeps every completion.** Any open cell can be a branch point.
//!
//! **What a node costs.** The open peers of each two-candidate cell, counted with a few
//! `&` (`count_among_peers` in [`crate::board`]).
//!
//! **Try it.** `head -1 data/forum_hardest_1106.txt | fold -w9 | tr . 0 | cargo xtask trace
//! p2239 --rung 7`, then `--rung 6`: the same rules; the summary counts 273 guesses, not 658.

use super::rung6_changes::TrackedBands;
use super::{Grid, SearchState};
use crate::board::{cell_of, count_among_peers, OTHER_BANDS};
use crate::observe::SearchObserver;
use crate::{cells, CellSet};

/// Rung 7's search state: rung 6's, branching its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieBreak {
    /// The state and rules of rung 6.
    tracked: TrackedBands,
}

impl SearchState for TieBreak {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let tracked = TrackedBands::start(grid, observer)?;
        Some(TieBreak { tracked })
    }

    /// The two-candidate cell with the most open peers, the lowest on a tie; else rung 6's.
    fn choose_cell(&self) -> Option<usize> {
        let open = self.tracked.bands.open;
        // The best cell so far and its open peers.
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
