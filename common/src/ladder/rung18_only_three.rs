//! # Rung 13: where only three digits can go in a mini-line, they go there
//!
//! **Tag:** inference. **Its code:** [`crate::board::only_three`].
//!
//! **The idea.** The mini-line rule turned round. Its confined part looks at a mini-line
//! from the digits' side: three digits with no other place in their row (column) fill it.
//! The only-three part looks from the cells' side: if only three digits can go in any of
//! the mini-line's three cells, those three fill it, so each leaves the rest of the
//! mini-line's row (column) and the rest of its box. Solvers call it a *naked triple* in
//! a mini-line; tdoku's write-up states both parts as one constraint on its *triads*: each
//! mini-line holds exactly three digits. The search is rung 12's.
//!
//! **Why it keeps every completion.** A completion puts three different digits in the
//! mini-line's three cells, and only three can go there: so it puts each of them there,
//! and none of them stands anywhere else in that row (column) or box.
//!
//! **What it costs.** A second bit-sliced count beside the confined part's: for each
//! mini-line, how many digits can go there at all, from the same kept words. It acts only
//! where one of the three has places elsewhere, since a mini-line whose three digits are
//! all confined to it has nothing left to give.
//!
//! **One thing to try.** `sed -n 4p data/magictour_top1465.txt | tr . 0 | fold -w9 |
//! cargo xtask trace p2239 --rung 13`, then `--rung 12`: the two agree up to guess #2;
//! there this rung finds that r4c2 has no candidate left and takes the guess back, where
//! rung 12 branches again and makes 22 guesses in all, against 4.

use super::rung10_mini_line_counts::MiniLines;
use super::rung11_chutes::search_on_chutes;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// The board with the whole mini-line rule, searched on cells: what the ladder's tests
/// compare with rung 12's propagation.
pub type OnlyThree = MiniLines<true>;

/// Solves `grid`, watched by nobody: the `solve` of rung 13 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with the whole mini-line rule
/// ([`MiniLineRule::ConfinedAndOnlyThree`]) and rung 12's search, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_chutes(
        grid,
        MiniLineRule::ConfinedAndOnlyThree,
        ChuteChoice::Permutations,
        Recount::Everything,
        observer,
    )
}
