//! # Rung 12: where only three digits can go, they go
//!
//! **The idea.** Rung 9's rule turned round. Rung 9 looks at a mini-line (the three cells
//! where a row or a column meets a box) from the digits' side: three digits that have no
//! other place in their row (column) than this mini-line fill it. This rung looks from the
//! cells' side: if only three digits can go in any of the mini-line's three cells, those
//! three fill it, so each of them leaves the rest of the mini-line's row (column) and the
//! rest of its box. Solvers call it a *naked triple* in a mini-line. tdoku's write-up
//! (Tom Dillon's `docs/sudoku.md`) states rung 9's rule and this one as a single
//! constraint on its *triads*: each mini-line holds exactly three digits. This is
//! the second part of rule 4 in [`crate::board`]
//! ([`MiniLineRule::ConfinedAndOnlyThree`]); the search is rung 11's.
//!
//! **Why it keeps every completion.** A completion puts three different digits in the
//! mini-line's three cells, and only three can go there: so it puts each of them there,
//! and none of them stands anywhere else in that row (column) or box.
//!
//! **What it costs per node.** A second count beside rung 9's: for each mini-line, how
//! many digits can still go there at all (rung 9 counts how many are confined to it),
//! bit-sliced over the nine digits as rung 9's count is, from the same words. It runs in a
//! loop of its own, and only on a board that asks for it, so that rung 9's count keeps
//! its registers and rungs 9 to 11 pay nothing. A mini-line where only three digits can
//! go and all three are confined to it has nothing left to give (rung 9, the band rule
//! and the column rules have cleared those digits from its row or column and box), so
//! the rule acts only where one of the three has places elsewhere: in about one call of
//! rule 4 in eight on magictour_top1465 relabelled.
//!
//! **What it buys.** A tree 5% smaller on magictour_top1465 (10.0 guesses to 9.5), 1%
//! on forum_hardest_1106 (72.3 to 71.3); 1% to 3% less time than rung 11 on every set.
//! Measured with the other rungs (the README's ladder table says how; in the same run
//! rung 11 took 5.09, 21.3, 25.3 and 1.94 µs):
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.02 µs | 60.1 µs | 9.5 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 21.0 µs | 195 µs | 59.1 | 0 |
//! | forum_hardest_1106 | 375 | 24.6 µs | 98.2 µs | 71.3 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 1.91 µs | 61.4 µs | 0.6 | 0 |
//!
//! **Watching it.** The rule places no digit, so a trace shows it by what follows. On the
//! fourth puzzle of magictour_top1465, `cargo xtask trace p2239 --rung 11 < puzzle` and
//! `--rung 12` agree up to guess #2 and the 32 cells decided after it; there rung 11
//! branches again ("2 in stack 1: r1-3c1, r4-6c3, r7-9c2") and makes 22 guesses in all,
//! where rung 12 has already found that r4c2 has no candidate left, takes back guess #2,
//! and makes 4.

use super::rung10_line_branch::search_on_lines;
use super::rung9_mini_lines::MiniLines;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Rung 8's board with the whole of rule 4, searched on cells: what the ladder's tests
/// compare with rung 11's propagation.
pub type OnlyThree = MiniLines<true>;

/// Solves `grid`, watched by nobody: the `solve` of rung 12 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rule 4 in full ([`MiniLineRule::ConfinedAndOnlyThree`]) and rung
/// 11's search, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_lines(
        grid,
        MiniLineRule::ConfinedAndOnlyThree,
        ChuteChoice::Permutations,
        Recount::Everything,
        observer,
    )
}
