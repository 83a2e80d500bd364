//! # Rung 12: while every chute is wide open, the chute with the fewest permutations
//!
//! **Tag:** branching. **Its code:** [`crate::board::wide_open`].
//!
//! **The idea.** Rung 11's search, with one change in where it branches. Early in a
//! search every chute may still have seven unsettled digits or more
//! ([`crate::board::WIDE_OPEN`]); the counts then differ by one or two, and the first
//! chute on a tie is chosen almost by its position. This rung then adds up, for each
//! chute, the permutations left to its nine digits (a settled digit has one), and takes
//! the chute with the fewest, as tdoku chooses its band at every node. Once some chute has
//! fewer than seven unsettled digits, it branches as rung 11 does: that chute is further
//! on than the others, and a branch there decides most.
//!
//! **Why it finds a completion when there is one.** As on rung 11: any chute and any
//! unsettled digit will do.
//!
//! **Why seven.** [`crate::board::WIDE_OPEN`] gives the guesses from six, seven and eight.
//!
//! **One thing to try.** `sed -n 5p data/magictour_top1465.txt | tr . 0 | fold -w9 |
//! cargo xtask trace p2239 --rung 12`, then `--rung 11`. After propagation every chute
//! there has seven unsettled digits or more, and the first remarks differ: rung 11 takes
//! band 2 ("1 in band 2: r4c1-3, r5c7-9, r6c4-6"), this rung stack 2 ("1 in stack 2:
//! r1-3c5, r4-6c6, r7-9c4").

use super::rung11_chutes::search_on_chutes;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Solves `grid`, watched by nobody: the `solve` of rung 12 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 11's rules and search, choosing chutes as
/// [`ChuteChoice::Permutations`] does, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_chutes(
        grid,
        MiniLineRule::Confined,
        ChuteChoice::Permutations,
        Recount::Everything,
        observer,
    )
}
