//! # Rung 13: count again only what changed
//!
//! **The idea.** Rung 6's idea, carried to the two rules that still looked at everything.
//! At every pass, rung 12's naked-single rule counts the candidates of all 81 cells, band
//! by band, and rule 4 works out afresh, for each of the nine digits, the mini-rows and
//! mini-columns it is confined to. Yet between two calls little has changed: on
//! magictour_top1465 relabelled, rule 4 finds on average 3.6 of the nine digits with
//! mini-rows or columns changed since its last call (3.2 on forum_hardest_1106), and naked
//! singles 2.2 of the three bands with a place changed. The band rule's sweeps already know
//! which words changed, so they note the bands and the digits as they go
//! ([`Recount::Changes`]):
//!
//! - naked singles count only the bands noted since their last pass, and the bands after
//!   one where they placed a digit (its column lost it there), as a pass over all three
//!   would;
//! - rule 4 works out again only the digits noted since its last call, and keeps what it
//!   worked out for every digit in the board (the mini-rows and mini-columns it is confined
//!   to, the lines where it is open), so that its counts over the nine digits read the
//!   notes instead of the patterns.
//!
//! **Why it keeps every completion.** The rules are rung 12's, and so is what they find:
//! every change to the places passes through a sweep before the next pass of naked
//! singles, so a band that is not counted has the candidates it had when last counted (no
//! single, the same cells with two candidates); and a digit not worked out again has the
//! mini-rows and columns it had, so the same confined mini-lines. The search takes the
//! same steps in the same order as on rung 12 (`xtask/tests/ladder.rs` compares the
//! traces).
//!
//! **What it costs per node.** Noting the bands and digits costs a few instructions per
//! sweep; the notes make the board 460 bytes instead of 348, so a copy costs a third more.
//!
//! **What it buys.** The guesses of rung 12 and 3% to 4.5% less time on the three hard
//! sets, 0.5% on 17_clue, where propagation alone solves most puzzles and little is counted
//! twice; the instructions it saves the solutions are in the table of [`crate::board`]
//! ("The cost", step 6). Measured with the other rungs (the README's ladder table says
//! how; in the same run rung 12 took 5.08, 21.4, 25.0 and 1.91 µs):
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 4.92 µs | 58.8 µs | 9.5 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 20.5 µs | 191 µs | 59.1 | 0 |
//! | forum_hardest_1106 | 375 | 23.9 µs | 95.0 µs | 71.3 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 1.90 µs | 59.7 µs | 0.6 | 0 |
//!
//! **Watching it.** A trace of this rung is rung 12's, step for step: `cargo xtask trace
//! p2580 --rung 12 < puzzle` and `--rung 13` print the same lines but the title. What
//! changed is what each step costs, which the bench shows and a trace does not.

use super::rung10_line_branch::search_on_lines;
use super::{Grid, Outcome};
use crate::board::{ChuteChoice, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Solves `grid`, watched by nobody: the `solve` of rung 13 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 12's rules and search on a board that counts again only what
/// changed ([`Recount::Changes`]), reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_lines(
        grid,
        MiniLineRule::ConfinedAndOnlyThree,
        ChuteChoice::Permutations,
        Recount::Changes,
        observer,
    )
}
