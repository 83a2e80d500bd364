//! # Rung 11: while every line is wide open, the line with the fewest permutations
//!
//! **The idea.** Rung 10's search, with one change in where it branches. Rung 10 takes the
//! band or stack with the fewest open digits. Early in a search, though, every line may
//! still have seven open digits or more ([`crate::board::WIDE_OPEN`]); the counts then
//! differ by one or two, and the first line on a tie is chosen almost by its position.
//! This rung then counts, for each line, the permutations left to its nine digits, added
//! up (a settled digit has one), and takes the line with the fewest. That is how tdoku
//! (Tom Dillon's solver, whose write-up `docs/sudoku.md` describes it) chooses its band
//! at every node; here it decides only while the lines are wide open. Once some line has
//! fewer than seven open digits, this rung branches exactly as rung 10 does: that line is
//! further on than the others, and the branch there decides most.
//!
//! **Why it finds a completion when there is one.** As on rung 10: any line and any open
//! digit will do, since each completion follows one of the digit's permutations there.
//!
//! **Why seven.** On forum_hardest_1106, p2239 (which searches as this rung does) makes
//! 88.0 guesses per puzzle counted tdoku's way with rung 10's choice alone, and 114.5,
//! 80.8 and 87.2 when the permutations decide from six, seven and eight open digits on.
//! From six, they override lines further on than the others, the better branch; from
//! eight, they decide too rarely to matter. Both sets, and relabelled copies, gain at
//! seven: the README's "Speed" has the counts and the times.
//!
//! **Watching it.** `cargo xtask trace p2580 --rung 11 < puzzle` shows the same notes and
//! guesses as rung 10's trace. On the fifth puzzle of magictour_top1465, 19 cells are
//! decided after propagation and every line has seven open digits or more; rung 10's first
//! note is "1 in band 2: r4c1-3, r5c7-9, r6c4-6", this rung's "1 in stack 2: r1-3c5,
//! r4-6c6, r7-9c4".
//!
//! **What it costs per node.** Nothing while some line has fewer than seven open digits.
//! Otherwise, 54 patterns read and counted, at a few nodes near the top of the tree.
//!
//! **What it buys.** A tree a tenth smaller on the hardest puzzles, for p2239 (which walks
//! the whole tree: forum_hardest_1106, 88.0 guesses counted tdoku's way to 80.8) and for
//! a first-solution search like this rung's (78.5 guesses to 72.3); 3% fewer on
//! magictour_top1465 (10.3 to 10.0); 1% and 3% more on forum_hardest_1905_11plus and
//! the 17-clue puzzles (58.9 to 59.4, 0.64 to 0.66), where p2239's whole tree shrinks
//! by 2% and stays the same. Measured with the other rungs (the
//! README's ladder table says how; rung 10 took 5.9, 23.3, 29.5 and 2.1 µs in the same
//! run):
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.2 µs | 60.5 µs | 10.0 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 22.0 µs | 195 µs | 59.4 | 0 |
//! | forum_hardest_1106 | 375 | 25.7 µs | 102 µs | 72.3 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 1.9 µs | 61.3 µs | 0.7 | 0 |

use super::rung10_line_branch::search_on_lines;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Solves `grid`, watched by nobody: the `solve` of rung 11 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 9's rules and rung 10's search, choosing lines as
/// [`ChuteChoice::Permutations`] does, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_lines(
        grid,
        MiniLineRule::Confined,
        ChuteChoice::Permutations,
        Recount::Everything,
        observer,
    )
}
