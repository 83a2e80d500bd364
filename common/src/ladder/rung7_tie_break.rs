//! # Rung 7: of the cells with two candidates, the one with the most open peers
//!
//! **The idea.** After propagation most puzzles leave many open cells with two
//! candidates, and rungs 1 to 6 branch on the lowest of them. Any of them would do, but
//! they are not equally useful: a digit placed in a cell leaves all its peers, so the cell
//! with the most open peers passes the most information to the rules, whichever candidate
//! the search tries. This rung branches on that cell (the lowest on a tie), and keeps rung
//! 6's choice (the lowest cell with the fewest candidates) when no cell has two.
//!
//! **Why it keeps every completion.** The rules are rung 6's. Any open cell can be branched
//! on: every completion puts one of the cell's candidates there, and the search tries them
//! all.
//!
//! **What it costs per node.** Counting the open peers of each two-candidate cell: for a
//! cell of a band, its row and box in that band and its column in the other two
//! (`count_among_peers` in [`crate::board`]), a few `&` and one count of set bits per cell.
//!
//! **What it buys.** A smaller tree with the same rules: 39% to 46% fewer guesses on the
//! three hard sets. Between rung 3 and the solutions' board, this is the only rung that
//! changes the guesses at all; the others change the layout.
//! Measured as the [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 10.9 µs | 144 µs | 12.1 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 50.0 µs | 378 µs | 80.8 | 0 |
//! | forum_hardest_1106 | 375 | 79.0 µs | 387 µs | 131 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 3.6 µs | 42.3 µs | 0.8 | 0 |

use super::rung6_changes::TrackedBands;
use super::{Grid, SearchState};
use crate::board::{cell_of, count_among_peers, OTHER_BANDS};
use crate::observe::SearchObserver;

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

    /// Among the open cells with two candidates, the one with the most open peers, the
    /// lowest on a tie; with none, the lowest cell with the fewest candidates.
    fn choose_cell(&self) -> Option<usize> {
        let bands = &self.tracked.bands;
        // The best cell so far and its open peers.
        let mut best: Option<(usize, u32)> = None;
        for band in 0..3 {
            let [_, at_least_two, at_least_three] = bands.candidate_counts(band);
            let two_candidates = bands.open[band] & at_least_two & !at_least_three;
            let [next, after_next] = OTHER_BANDS[band];
            let open_elsewhere = [bands.open[next], bands.open[after_next]];
            for cell_in_band in crate::cells(two_candidates as crate::CellSet) {
                let open_peers = count_among_peers(bands.open[band], open_elsewhere, cell_in_band);
                if best.map_or(true, |(_, most)| open_peers > most) {
                    best = Some((cell_of(band, cell_in_band), open_peers));
                }
            }
        }
        match best {
            Some((cell, _)) => Some(cell),
            None => bands.lowest_most_constrained_cell(),
        }
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.tracked.candidates_of(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.tracked.try_place(cell, digit, observer)
    }

    fn grid(&self) -> Grid {
        self.tracked.grid()
    }
}
