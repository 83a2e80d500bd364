//! # Rung 8: the board of the solutions
//!
//! **The idea.** Rung 7, engineered for the processor: [`crate::board`], which the
//! solutions of problems 2239, 2580 and 4574 use. It has rung 7's state, rules and choice
//! of branching cell, and does the same work with fewer instructions and fewer branches
//! the processor guesses wrong. The board's header lists each change with what it saved;
//! in short:
//! - the band rule runs as straight-line code, without a branch on what it found (about
//!   half its calls find a hidden single, which a processor cannot predict);
//! - the hidden singles of a band come from its rows alone (after the band rule, a row
//!   with one place ties that place's box to it too), and one clear per band removes both
//!   the locked columns and the singles' columns from the other bands;
//! - the givens are set up in bulk, one pass per band, not placed one by one, and
//!   without a branch on whether a cell is given;
//! - the sweep for changes compares its 27 words one at a time: four at a time takes half
//!   the instructions but more time, since those 16-byte loads wait for the 4-byte stores
//!   the band rule has just made (the board's header has the measurements);
//! - the naked-single rule keeps the cells with two candidates it counted, so choosing the
//!   branching cell does not count them again.
//!
//! Problem 2580's solution searches the board the same way, except that of two candidates
//! it tries first the one that more open peers could take (its header says why); problem
//! 2239's searches it in two passes (its header says why).
//!
//! **Why it keeps every completion.** Its rules are rung 7's, and the
//! [`board`](crate::board) module says why each removes only what no completion uses.
//!
//! **What it costs per node.** A guess copies the board (460 bytes, 217 of them for the
//! rules and counts of rungs 9 to 13) and places the digit with a handful of word
//! operations. The band rule and the column rules look only at the digits whose places
//! changed; the naked-single rule counts all three bands (rung 13 counts only the bands
//! whose places changed). Each look handles a
//! whole band: one table lookup for the band rule, a few `&` and `|` for the singles.
//!
//! **What it buys.** Rung 7's tree, walked faster. Measured as the
//! [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.8 µs | 74.4 µs | 12.1 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 25.6 µs | 192 µs | 80.8 | 0 |
//! | forum_hardest_1106 | 375 | 40.6 µs | 201 µs | 131 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 2.2 µs | 24.2 µs | 0.8 | 0 |

use super::{Grid, SearchState};
use crate::board::Board;
use crate::observe::SearchObserver;

/// The search of the ladder over the board.
impl SearchState for Board {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut board = Board::from_grid(grid).ok()?;
        board.propagate_observed(observer).ok()?;
        Some(board)
    }

    fn choose_cell(&self) -> Option<usize> {
        self.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.place(cell, digit).is_ok() && self.propagate_observed(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.to_grid()
    }
}
