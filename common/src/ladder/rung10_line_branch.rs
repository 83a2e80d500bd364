//! # Rung 10: branch on a digit's permutations in a band or stack
//!
//! **The idea.** Rung 9's rules, searched another way. Instead of a cell and its
//! candidates, the search takes a *line* (one of the three bands, or one of the three
//! stacks, read like a band with its columns for rows) and a digit open there, and tries
//! each of the digit's *permutations* in it: the ways to give each of the line's three
//! rows (columns) one of its three boxes, as the band rule of [`crate::board`] defines
//! them. A permutation is tried by cutting the digit's places in the line to that
//! permutation's mini-rows (mini-columns) ([`Board::confine`]), and propagating.
//!
//! [`Board::chute_branch`], asked for [`ChuteChoice::Unsettled`], chooses the line with the
//! fewest digits still *open* (not yet confined to one mini-row in each of its rows: rule
//! 4 counts them as it goes), the first on a tie, and there the digit with two permutations, else three, else the lowest one
//! open. Once no digit is open anywhere, the search goes on by cells, as rung 9's does;
//! so it does while fewer than 17 cells are decided ([`crate::board::DECIDED_FOR_CHUTES`]
//! says why: on a nearly empty board, lines hide contradictions for millions of guesses).
//!
//! tdoku (Tom Dillon's solver, whose write-up `docs/sudoku.md` describes it) branches on a
//! digit's configurations in a band too; it takes the band or stack with the fewest
//! configurations in all. Taking the fewest open digits made the smaller tree here; rung
//! 11 takes tdoku's measure where the open digits say little.
//!
//! **Why it finds a completion when there is one.** In a completion the digit stands once
//! in each row and box of the band, so its mini-rows there are one of the permutations
//! still inside its places: one branch holds every completion with that permutation, and
//! together they hold all.
//!
//! **Why a line first.** A permutation decides where a digit goes in three rows at once,
//! and rule 4 feeds on exactly that: each confinement can fill a mini-line. With the
//! branch on cells, rule 4 shrinks the tree by 4%; with this branch, by two fifths.
//!
//! **How guesses are counted.** Each permutation tried counts as one guess, as each
//! digit tried at a cell does. A trace shows such a guess as a note naming the
//! mini-lines, then the guess (`cargo xtask trace p2580 --rung 10 < puzzle`).
//!
//! **What it costs per node.** Choosing the line reads six counts that rule 4 left; the
//! digit, nine mini-line patterns that rules 1 and 3 noted (a shift or two each in a
//! stack). A child is a copy of the board with one word cut (three in a stack).

//!
//! **What it buys.** On the hardest puzzles, nearly two fifths of rung 9's tree and a
//! third of its time (forum_hardest_1106: 125.9 guesses to 78.5, 42.3 µs to 28.5 µs);
//! the easy ones break about even with rung 8 (magictour_top1465: 5.8 µs and 5.7 µs).
//! Measured with the other rungs (the README's ladder table says how):
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.7 µs | 64.3 µs | 10.3 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 22.2 µs | 205 µs | 58.9 | 0 |
//! | forum_hardest_1106 | 375 | 28.5 µs | 117 µs | 78.5 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 2.0 µs | 64.6 µs | 0.6 | 0 |

use super::rung9_mini_lines::propagated_board;
use super::{Grid, Outcome};
use crate::board::{Board, ChuteChoice, MiniLineRule, Recount};
use crate::digits;
use crate::observe::{report_givens, Branch, SearchObserver};

/// Solves `grid`, watched by nobody: the `solve` of rung 10 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    solve_observed(grid, &mut ())
}

/// Solves `grid` with rung 9's rules and the branch on lines, reporting to `observer`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    search_on_lines(
        grid,
        MiniLineRule::Confined,
        ChuteChoice::Unsettled,
        Recount::Everything,
        observer,
    )
}

/// Solves `grid` with rule 4 as `rule` says and the branch on the lines that `choice`
/// picks, the board counting as `recount` says, reporting to `observer`. (Rungs 11 to 13
/// search this way with their own choice, rule and count.)
pub(super) fn search_on_lines(
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

/// The first completion below `board`, branching on the lines that `choice` picks, and
/// counting each way tried in `guesses`.
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
    // No line to branch on (no digit open, or too few cells decided): the open cells (if
    // any) need the branch on cells.
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
