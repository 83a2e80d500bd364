//! # Rung 11: branching on chutes
//!
//! **Tag:** branching. **Its code:** [`crate::board::chutes`].
//!
//! **The idea.** Rung 10's rules, searched another way. A *chute* is a band or a stack.
//! In a chute, each digit follows one of six *permutations*: which box each of the
//! chute's three rows uses (in a stack, which column each band uses). Instead of a cell
//! and its candidates, the search takes the chute with the fewest *unsettled* digits
//! (those with more than one permutation left: the mini-line rule counts them), the first
//! on a tie, and there the digit with two permutations left, else three, else the lowest
//! unsettled one, and tries each of its permutations. A guess confines the digit to one
//! permutation ([`Board::confine`]) and places no digit; each counts as one guess, as a
//! digit tried at a cell does. Once every digit is settled, and while fewer than 17 cells
//! are decided ([`crate::board::DECIDED_FOR_CHUTES`] says why), the search goes by cells.
//! tdoku branches on a digit's permutations in a band too.
//!
//! **Why it finds a completion when there is one.** A completion puts the digit once in
//! each row and box of the band, so its mini-rows there are one of the permutations still
//! inside its places: one branch holds every completion with that permutation.
//!
//! **Why a chute.** A permutation decides where a digit goes in three rows at once, and
//! the mini-line rule feeds on exactly that: each confinement can fill a mini-line. On
//! forum_hardest_1106 the rule alone shrinks rung 8's tree by 4%; with this branch, the
//! two shrink it by two fifths (49,103 guesses to 29,419).
//!
//! **One thing to try.** `sed -n 1p data/forum_hardest_1106.txt | tr . 0 | fold -w9 |
//! cargo xtask trace p2239 --rung 11`: each guess on a chute is a remark naming the
//! permutation's mini-lines (the first: "1 in band 2: r4c1-3, r5c4-6, r6c7-9"), then the
//! guess. The summary counts 74 guesses, where `--rung 10` counts 243.

use super::rung10_mini_line_counts::propagated_board;
use super::{Grid, Outcome};
use crate::board::{Board, ChuteChoice, MiniLineRule, Recount};
use crate::digits;
use crate::observe::{report_givens, Branch, SearchObserver};

/// Solves `grid`, watched by nobody: the `solve` of rung 11 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 10's rules, branching on chutes, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_chutes(
        grid,
        MiniLineRule::Confined,
        ChuteChoice::Unsettled,
        Recount::Everything,
        observer,
    )
}

/// Solves `grid` with the mini-line rule as `rule` says, branching on the chutes that
/// `choice` picks, the board counting as `recount` says, reporting to `observer`. (Rungs
/// 12 to 14 search this way with their own choice, rule and count.)
pub(super) fn search_on_chutes(
    grid: &Grid,
    rule: MiniLineRule,
    choice: ChuteChoice,
    recount: Recount,
    observer: &mut impl SearchObserver,
) -> Outcome {
    report_givens(grid, observer);
    let mut guesses = 0;
    let solution = match propagated_board(grid, rule, recount, observer) {
        Some(board) => depth_first(&board, choice, &mut guesses, observer),
        None => None,
    };
    Outcome {
        solution,
        guesses,
        capped: false,
    }
}

/// The first completion below `board`, branching on the chutes that `choice` picks, and
/// counting each guess in `guesses`.
fn depth_first(
    board: &Board,
    choice: ChuteChoice,
    guesses: &mut u64,
    observer: &mut impl SearchObserver,
) -> Option<Grid> {
    if let Some(branch) = board.chute_branch(choice) {
        for (tried_before, k) in branch.ways().enumerate() {
            *guesses += 1;
            // The guess is made on a copy: undoing it is dropping the copy.
            let mut child = *board;
            child.guess_on_chute(&branch, k, tried_before, observer);
            if child.propagate_observed(observer).is_ok() {
                if let Some(solution) = depth_first(&child, choice, guesses, observer) {
                    return Some(solution);
                }
            }
            observer.dead_end();
        }
        return None;
    }
    // No chute to branch on (every digit settled, or too few cells decided): the open
    // cells, if any, need the branch on cells.
    let cell = match board.most_constrained_cell() {
        Some(cell) => cell,
        None => return Some(board.to_grid()),
    };
    let candidates = board.candidates(cell);
    for (tried_before, digit) in digits(candidates).enumerate() {
        *guesses += 1;
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
        let mut child = *board;
        if child.place(cell, digit).is_ok() && child.propagate_observed(observer).is_ok() {
            if let Some(solution) = depth_first(&child, choice, guesses, observer) {
                return Some(solution);
            }
        }
        observer.dead_end();
    }
    None
}
