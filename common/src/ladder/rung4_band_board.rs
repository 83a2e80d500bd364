//! # Rung 4: the band board
//!
//! **The idea.** Keep the state the other way round: for each digit, the set of cells
//! where it may still go, cut into the grid's three bands of 27 cells, one machine word
//! per digit and band. The rules of rungs 2 and 3 then work on whole bands at once, and
//! only where something changed. This is [`crate::board`], which the solutions of problems
//! 2239, 2580 and 4574 use; this file only connects it to the ladder's search. Problem
//! 2580's solution searches it the same way, except that of two candidates it tries first
//! the one that more open peers could take (its header says why).
//!
//! **Why it keeps every completion.** Its rules are those of rungs 2 and 3, plus the band
//! rule (a digit's rows and boxes in a band must pair up one to one), and each removes only
//! what no completion uses; the [`board`](crate::board) module says why for each.
//!
//! **What it costs per node.** A guess copies the board (244 bytes) and places the digit
//! with a handful of word operations. Propagation looks only at the digits and bands that
//! changed, and each look handles a whole band: one table lookup for the band rule, a few
//! `&` and `|` for the singles.
//!
//! **What it buys.** Rung 3's rules, and a little more, at a fraction of the cost per
//! node, because nothing is done cell by cell, and a better choice of branching cell
//! among those with two candidates (see [`Board::most_constrained_cell`]). Measured as
//! the [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | forum_hardest_1106 | 375 | 36.3 µs | 177 µs | 136 | 0 |
//! | magictour_top1465 | 1,465 | 5.3 µs | 63.7 µs | 12.7 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 22.8 µs | 166 µs | 83.5 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 1.9 µs | 17.5 µs | 0.8 | 0 |

use super::{search, Grid, Outcome, SearchState};
use crate::board::Board;

/// The search of rungs 1 to 3 over the board.
impl SearchState for Board {
    fn choose_cell(&self) -> Option<usize> {
        self.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8) -> bool {
        self.place(cell, digit).is_ok() && self.propagate().is_ok()
    }

    fn grid(&self) -> Grid {
        self.to_grid()
    }
}

/// Solves `grid`; the solver of rung 4 in [`super::RUNGS`].
///
/// ```
/// let outcome = common::ladder::rung4_band_board::solve(&[0; 81]);
/// assert!(common::is_valid_solution(&outcome.solution.unwrap()));
/// ```
pub fn solve(grid: &Grid) -> Outcome {
    search(start(grid))
}

/// The board of `grid` with its givens placed and propagated, or `None` when that fails.
fn start(grid: &Grid) -> Option<Board> {
    let mut board = Board::from_grid(grid).ok()?;
    board.propagate().ok()?;
    Some(board)
}
