//! # Rung 14: count again only what changed
//!
//! **Tag:** incremental work. **Its code:** [`crate::board::recount`].
//!
//! **The idea.** Rung 6's idea, carried to the two rules that still counted everything.
//! At every pass, rung 13's naked singles count the candidates of all 81 cells, and its
//! mini-line rule works out afresh, for each of the nine digits, the mini-lines it is
//! confined to. Yet between two calls little changes: on magictour_top1465 relabelled,
//! the mini-line rule finds 3.6 of the nine digits changed since its last call on average,
//! and naked singles 2.2 of the three bands. The band rule's sweeps know which words
//! changed, so the board keeps the bands and digits they touched ([`Recount::Changes`]):
//! naked singles count only those bands, and the mini-line rule works out again only those
//! digits, keeping what it found for every digit in the board.
//!
//! **Why it finds what rung 13 finds.** Every change to the places passes through a sweep
//! before the next pass of naked singles, so a band not counted has the candidates it had
//! when last counted, and a digit not worked out again the mini-lines it had. The search
//! takes rung 13's steps in the same order (`xtask/tests/ladder.rs` compares the traces).
//!
//! **What it costs and buys.** A few instructions per sweep, for less counting at every
//! pass: rung 13's guesses in less time on the hard sets. This is the board the Sudoku
//! solutions use.
//!
//! **One thing to try.** `cargo xtask bench --ladder --rounds 1
//! data/forum_hardest_1106.txt`: rungs 13 and 14 print the same guesses, and rung 14 a
//! smaller time. A trace shows nothing new: `--rung 13` and `--rung 14` print the same
//! lines but the title.

use super::rung11_chutes::search_on_chutes;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Solves `grid`, watched by nobody: the `solve` of rung 14 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 13's rules and search on a board that counts again only what
/// changed ([`Recount::Changes`]), reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_chutes(
        grid,
        MiniLineRule::ConfinedAndOnlyThree,
        ChuteChoice::Permutations,
        Recount::Changes,
        observer,
    )
}
