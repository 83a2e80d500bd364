//! # The ladder: from plain backtracking to the band board, one idea a rung
//!
//! **Read `docs/climb.md` first.** A rung is a complete solver adding one idea (its tag:
//! [`Idea`]) to the rung below; its file holds the code and local reasons.
//!
//! | rung | tag              | the one idea                                           | its code                       |
//! | ---: | ---------------- | ------------------------------------------------------ | ------------------------------ |
//! |    0 | start            | backtracking in reading order                          | [`rung0_textbook`]             |
//! |    1 | branching        | the cell with the fewest candidates (MRV)              | [`rung1_fewest_candidates`]    |
//! |    2 | representation   | a candidate mask per cell                              | [`rung2_masks`]                |
//! |    3 | inference        | naked and hidden singles                               | [`rung3_singles`]              |
//! |    4 | inference        | locked candidates: pointing and claiming               | [`rung4_locked`]               |
//! |    5 | representation   | each digit's places as a set                           | [`rung5_digit_sets`]           |
//! |    6 | representation   | every cell's candidates counted at once                | [`rung6_bit_sliced`]           |
//! |    7 | representation   | a digit's places as three band words                   | [`rung7_bands`]                |
//! |    8 | representation   | the band rule by one table lookup                      | [`rung8_band_rule_table`]      |
//! |    9 | incremental work | each rule looks only at what changed                   | [`rung9_changes`]              |
//! |   10 | branching        | of cells with two candidates, the most open peers      | [`rung10_tie_break`]           |
//! |   11 | representation   | the band rule without unpredictable branches           | [`rung11_band_board`]          |
//! |   12 | inference        | three digits confined to a mini-line fill it           | [`rung12_mini_lines`]          |
//! |   13 | representation   | rung 12's rule counted from kept mini-lines            | [`rung13_mini_line_counts`]    |
//! |   14 | branching        | branch on a digit's permutations in a chute            | [`rung14_chutes`]              |
//! |   15 | branching        | below 17 decided cells, branch on a cell               | [`rung15_sparse`]              |
//! |   16 | branching        | the chute's digit with the fewest permutations         | [`rung16_fewest_permutations`] |
//! |   17 | branching        | while early, the chute with the fewest permutations    | [`rung17_early`]               |
//! |   18 | inference        | where only three digits fit a mini-line, they go there | [`rung18_only_three`]          |
//! |   19 | incremental work | rule 4 recounts only the changed digits                | [`rung19_recount`]             |
//!
//! `xtask/tests/ladder.rs` checks each tag's promise about guesses; `cargo xtask bench
//! --ladder` measures every rung.

pub mod rung0_textbook;
pub mod rung10_tie_break;
pub mod rung11_band_board;
pub mod rung12_mini_lines;
pub mod rung13_mini_line_counts;
pub mod rung14_chutes;
pub mod rung15_sparse;
pub mod rung16_fewest_permutations;
pub mod rung17_early;
pub mod rung18_only_three;
pub mod rung19_recount;
pub mod rung1_fewest_candidates;
pub mod rung2_masks;
pub mod rung3_singles;
pub mod rung4_locked;
pub mod rung5_digit_sets;
pub mod rung6_bit_sliced;
pub mod rung7_band_rule;
pub mod rung7_bands;
pub mod rung8_band_rule_table;
pub mod rung9_changes;
mod search;

pub use search::{with_givens, AtCap, BranchPoint, Grid, OnCells, Outcome, SearchState};

use crate::observe::SearchObserver;
use crate::N_CELLS;

/// One rung. (Not `Debug`: its solver is a trait object.)
#[derive(Clone, Copy)]
pub struct Rung {
    /// Its place in [`RUNGS`].
    pub number: usize,
    /// A name without spaces, for tables.
    pub name: &'static str,
    /// Its tag.
    pub idea: Idea,
    /// Its solver.
    pub solver: &'static dyn Solver,
    /// The puzzle of its picture and its try in `docs/climb.md`.
    pub chosen_puzzle: PuzzleInSet,
}

/// What a rung's solver offers the benchmarks, the trace and the pictures. A trait object,
/// so that every rung is one entry of [`RUNGS`] while each search keeps its own compiled
/// code: `solve` passes no observer, so the benchmarks time the search alone.
pub trait Solver: Sync {
    /// Solves a grid (rung 0 stops at [`rung0_textbook::CAP`] guesses).
    fn solve(&self, grid: &Grid) -> Outcome;
    /// The same, telling an observer each step.
    fn solve_observed(&self, grid: &Grid, observer: &mut dyn SearchObserver) -> Outcome;
    /// Every cell's candidates after the givens and rules; `None`: no completion.
    fn candidates_after_rules(&self, grid: &Grid) -> Option<[u16; N_CELLS]>;
    /// The root's branch point; `None` when it needs none.
    fn first_branch_point(&self, grid: &Grid) -> Option<BranchPoint>;
}

/// Line `number` (from 1) of `data/{set}.txt`: `trace --puzzle set:number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleInSet {
    /// The file's name without `.txt`.
    pub set: &'static str,
    /// The line.
    pub number: usize,
}

/// A rung's tag: what its idea improves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idea {
    /// Rung 0.
    Start,
    /// How the state is stored: the same guesses, nodes cheaper or laid out for the rungs
    /// above.
    Representation,
    /// What propagation finds: fewer guesses, dearer nodes.
    Inference,
    /// Where the search splits.
    Branching,
    /// Not redoing what has not changed: the same guesses.
    IncrementalWork,
}

impl Idea {
    /// Whether such a rung makes the guesses of the rung below, puzzle by puzzle.
    pub fn keeps_the_guesses(self) -> bool {
        matches!(self, Idea::Representation | Idea::IncrementalWork)
    }
}

/// Every rung, each entry in its rung's file; a rung's number is its place.
///
/// ```
/// use common::ladder::Solver;
/// for (place, rung) in common::ladder::RUNGS.iter().enumerate() {
///     assert_eq!(rung.number, place, "{}", rung.name);
///     let outcome = rung.solver.solve(&[0; 81]);
///     assert!(common::is_valid_solution(&outcome.solution.unwrap()), "{}", rung.name);
/// }
/// ```
pub const RUNGS: [Rung; 20] = [
    rung0_textbook::RUNG,
    rung1_fewest_candidates::RUNG,
    rung2_masks::RUNG,
    rung3_singles::RUNG,
    rung4_locked::RUNG,
    rung5_digit_sets::RUNG,
    rung6_bit_sliced::RUNG,
    rung7_bands::RUNG,
    rung8_band_rule_table::RUNG,
    rung9_changes::RUNG,
    rung10_tie_break::RUNG,
    rung11_band_board::RUNG,
    rung12_mini_lines::RUNG,
    rung13_mini_line_counts::RUNG,
    rung14_chutes::RUNG,
    rung15_sparse::RUNG,
    rung16_fewest_permutations::RUNG,
    rung17_early::RUNG,
    rung18_only_three::RUNG,
    rung19_recount::RUNG,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_without_candidates_fails_without_a_guess() {
        // Row 1 holds 1 to 8 after cell 0, and column 1 holds the 9: cell 0 is starved.
        let mut grid = [0; N_CELLS];
        for column in 1..9 {
            grid[column] = column as u8;
        }
        grid[27] = 9;
        for rung in &RUNGS {
            let outcome = rung.solver.solve(&grid);
            let (solution, guesses) = (outcome.solution, outcome.guesses);
            assert_eq!((solution, guesses), (None, 0), "rung {}", rung.number);
        }
    }
}
