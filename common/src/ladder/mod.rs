//! # The ladder: from plain backtracking to the band board, one idea at a time
//!
//! From a blog's hundred lines of backtracking (rung 0) to the solutions' [`crate::board`]:
//! complete solvers, each adding one idea to the rung below. **Read the climb in pictures
//! first**: `docs/climb.md` draws each rung's idea at the moment it first acts, says why no
//! completion is lost and what it buys, and gives one thing to try. The rung files hold the
//! code and its local reasons.
//!
//! ## What a fast solver improves
//!
//! Each idea improves one of four things, its rung's tag:
//!
//! - **representation**: how the state is stored; the guesses stay, nodes get cheaper;
//! - **inference**: what propagation finds; fewer guesses, dearer nodes;
//! - **branching**: where the search splits; another tree;
//! - **incremental work**: not redoing what has not changed; the guesses stay.
//!
//! In the field's terms, propagation plus search is **DPLL**, as tdoku's write-up frames
//! Sudoku: apply the rules until none finds more, split at a branch point, and take a guess
//! back when propagation meets a contradiction (see the [glossary](crate)).
//!
//! | rung | tag | the one idea | its code |
//! |---:|---|---|---|
//! | 0 | start | fill the first empty cell in reading order with each digit its row, column and box allow; go back when a cell has none | [`rung0_textbook`] |
//! | 1 | branching | fill the cell with the fewest candidates first (MRV) | [`rung1_fewest_candidates`] |
//! | 2 | representation | a candidate mask per cell, a guess made on a copy | [`rung2_masks`] |
//! | 3 | inference | naked and hidden singles | [`rung3_singles`] |
//! | 4 | inference | locked candidates: pointing and claiming | [`rung4_locked`] |
//! | 5 | representation | for each digit, the set of its places | [`rung5_digit_sets`] |
//! | 6 | representation | every cell's candidates counted at once, bit-sliced | [`rung6_bit_sliced`], [`board::singles`](crate::board::singles) |
//! | 7 | representation | each digit's places cut into three band words | [`rung7_bands`], [`board::bands`](crate::board::bands) |
//! | 8 | representation | the band rule by one table lookup | [`rung8_band_rule_table`], [`board::band_rule`](crate::board::band_rule) |
//! | 9 | incremental work | each rule looks only at what changed since it last looked | [`rung9_changes`], [`board::recount`](crate::board::recount) |
//! | 10 | branching | of the cells with two candidates, the one with the most open peers | [`rung10_tie_break`], [`board::cells`](crate::board::cells) |
//! | 11 | representation | the band rule and the givens without a branch the processor cannot predict | [`rung11_band_board`], [`board::band_rule`](crate::board::band_rule) |
//! | 12 | inference | three digits confined to a mini-line fill it | [`rung12_mini_lines`] |
//! | 13 | representation | rung 12's rule counted from the mini-lines the other rules keep | [`rung13_mini_line_counts`], [`board::mini_lines`](crate::board::mini_lines) |
//! | 14 | branching | branch on a digit's permutations in a chute | [`rung14_chutes`], [`board::chutes`](crate::board::chutes) |
//! | 15 | branching | below 17 decided cells, branch on a cell | [`rung15_sparse`], [`board::sparse`](crate::board::sparse) |
//! | 16 | branching | in the chute, the digit with the fewest permutations | [`rung16_fewest_permutations`], [`board::digit_choice`](crate::board::digit_choice) |
//! | 17 | branching | while every chute is early, the chute with the fewest permutations | [`rung17_early`], [`board::early`](crate::board::early) |
//! | 18 | inference | where only three digits can go in a mini-line, they go there | [`rung18_only_three`], [`board::only_three`](crate::board::only_three) |
//! | 19 | incremental work | the mini-line rule counts again only the digits that changed | [`rung19_recount`], [`board::recount`](crate::board::recount) |
//!
//! `cargo xtask bench --ladder` measures every rung (the README holds its table); `cargo
//! xtask trace p2580 --rung K < input` prints rung K's search ([`Rung::solve_observed`]).
//!
//! Tests: every rung solves as the reference does; a representation or incremental-work
//! rung makes the guesses of the rung below, puzzle by puzzle (`xtask/tests/ladder.rs`); no
//! rung keeps a candidate that the rung below removes (`xtask/tests/properties.rs`). Rung 0
//! stops at [`rung0_textbook::CAP`] guesses. The ladder is for reading and measuring, never
//! bundled.

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

pub use search::{
    candidates_after_rules, first_branch_point, solve, solve_observed, with_givens, BranchPoint,
    Grid, Outcome, SearchState,
};

use crate::observe::SearchObserver;
use crate::N_CELLS;

/// One rung of the ladder: its number, a short name for tables, and its solver.
///
/// (Not `Debug`: under Rust 1.63, which the judge uses, a function pointer taking a
/// reference has no `Debug`.)
#[derive(Clone, Copy)]
pub struct Rung {
    /// The rung's place on the ladder, `0..RUNGS.len()`.
    pub number: usize,
    /// A short name without spaces, as `cargo xtask bench --ladder` prints it.
    pub name: &'static str,
    /// What kind of idea the rung adds to the one below.
    pub idea: Idea,
    /// Solves a grid, watched by nobody. Rung 0 stops at [`rung0_textbook::CAP`] guesses.
    pub solve: fn(&Grid) -> Outcome,
    /// Solves a grid the same way, reporting every step to an observer.
    pub solve_observed: fn(&Grid, &mut dyn SearchObserver) -> Outcome,
    /// The candidate mask of every cell once the givens are placed and the rung's rules
    /// have run, or `None` when that already shows there is no completion.
    pub candidates_after_rules: fn(&Grid) -> Option<[u16; N_CELLS]>,
    /// The branch point of the search's root, once the rules have run; `None` when the
    /// root needs none (solved, or no completion).
    pub first_branch_point: fn(&Grid) -> Option<BranchPoint>,
    /// The puzzle on which the climb (`docs/climb.md`) shows the rung's idea acting: its
    /// picture and its try.
    pub chosen_puzzle: PuzzleInSet,
}

/// A puzzle of a set in `data/`: the file `data/{set}.txt`, line `number` (from 1), as
/// `cargo xtask trace --puzzle set:number` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleInSet {
    /// The file's name without `.txt`.
    pub set: &'static str,
    /// The puzzle's line, from 1.
    pub number: usize,
}

/// What a rung improves, of the four things a fast solver improves (see the
/// [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idea {
    /// Rung 0: the method the ladder starts from.
    Start,
    /// How the state is stored: the same guesses as the rung below, cheaper nodes.
    Representation,
    /// What propagation finds: fewer guesses, dearer nodes.
    Inference,
    /// Where the search splits: another tree.
    Branching,
    /// Not redoing what has not changed: the same guesses, cheaper nodes.
    IncrementalWork,
}

impl Idea {
    /// Whether a rung of this kind makes exactly the guesses of the rung below it, puzzle
    /// by puzzle.
    ///
    /// ```
    /// assert!(common::ladder::Idea::Representation.keeps_the_guesses());
    /// assert!(!common::ladder::Idea::Inference.keeps_the_guesses());
    /// ```
    pub fn keeps_the_guesses(self) -> bool {
        matches!(self, Idea::Representation | Idea::IncrementalWork)
    }
}

/// Every rung, from the textbook method to the band board. Each rung's entry lives in its
/// own file, beside the code it names; a rung's number is its place here.
///
/// ```
/// for (place, rung) in common::ladder::RUNGS.iter().enumerate() {
///     assert_eq!(rung.number, place, "{}", rung.name);
///     let outcome = (rung.solve)(&[0; 81]);
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
