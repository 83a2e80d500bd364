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
pub mod rung7_bands;
pub mod rung8_band_rule_table;
pub mod rung9_changes;
mod search;

pub use search::{
    candidates_after_rules, first_branch_point, solve, solve_observed, BranchPoint, Grid, Outcome,
    SearchState,
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

/// Every rung, from the textbook method to the band board.
///
/// ```
/// for rung in common::ladder::RUNGS {
///     let outcome = (rung.solve)(&[0; 81]);
///     assert!(common::is_valid_solution(&outcome.solution.unwrap()), "{}", rung.name);
/// }
/// ```
pub const RUNGS: [Rung; 20] = [
    Rung {
        number: 0,
        name: "textbook",
        idea: Idea::Start,
        solve: rung0_textbook::solve,
        solve_observed: |grid, mut observer| {
            rung0_textbook::solve_observed(grid, rung0_textbook::CAP, &mut observer)
        },
        candidates_after_rules: rung0_textbook::candidates_after_givens,
        first_branch_point: rung0_textbook::first_branch_point,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 1,
        name: "fewest-candidates",
        idea: Idea::Branching,
        solve: rung1_fewest_candidates::solve,
        solve_observed: |grid, mut observer| {
            rung1_fewest_candidates::solve_observed(grid, &mut observer)
        },
        candidates_after_rules: rung0_textbook::candidates_after_givens,
        first_branch_point: rung1_fewest_candidates::first_branch_point,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 2,
        name: "masks",
        idea: Idea::Representation,
        solve: solve::<rung2_masks::MaskGrid>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung2_masks::MaskGrid>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung2_masks::MaskGrid>,
        first_branch_point: first_branch_point::<rung2_masks::MaskGrid>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 3,
        name: "singles",
        idea: Idea::Inference,
        solve: solve::<rung3_singles::SinglesGrid>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung3_singles::SinglesGrid>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung3_singles::SinglesGrid>,
        first_branch_point: first_branch_point::<rung3_singles::SinglesGrid>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 4,
        name: "locked-candidates",
        idea: Idea::Inference,
        solve: solve::<rung4_locked::LockedGrid>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung4_locked::LockedGrid>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung4_locked::LockedGrid>,
        first_branch_point: first_branch_point::<rung4_locked::LockedGrid>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 5,
        name: "digit-sets",
        idea: Idea::Representation,
        solve: solve::<rung5_digit_sets::CountedCellByCell>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung5_digit_sets::CountedCellByCell>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung5_digit_sets::CountedCellByCell>,
        first_branch_point: first_branch_point::<rung5_digit_sets::CountedCellByCell>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 6,
        name: "bit-sliced",
        idea: Idea::Representation,
        solve: solve::<rung6_bit_sliced::CountedAtOnce>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung6_bit_sliced::CountedAtOnce>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung6_bit_sliced::CountedAtOnce>,
        first_branch_point: first_branch_point::<rung6_bit_sliced::CountedAtOnce>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 7,
        name: "bands",
        idea: Idea::Representation,
        solve: solve::<rung7_bands::RepeatedBands>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung7_bands::RepeatedBands>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung7_bands::RepeatedBands>,
        first_branch_point: first_branch_point::<rung7_bands::RepeatedBands>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 8,
        name: "band-rule-table",
        idea: Idea::Representation,
        solve: solve::<rung8_band_rule_table::TableBands>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung8_band_rule_table::TableBands>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung8_band_rule_table::TableBands>,
        first_branch_point: first_branch_point::<rung8_band_rule_table::TableBands>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 9,
        name: "changes-only",
        idea: Idea::IncrementalWork,
        solve: solve::<rung9_changes::TrackedBands>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung9_changes::TrackedBands>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung9_changes::TrackedBands>,
        first_branch_point: first_branch_point::<rung9_changes::TrackedBands>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 10,
        name: "tie-break",
        idea: Idea::Branching,
        solve: solve::<rung10_tie_break::TieBreak>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung10_tie_break::TieBreak>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung10_tie_break::TieBreak>,
        first_branch_point: first_branch_point::<rung10_tie_break::TieBreak>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 13,
        },
    },
    Rung {
        number: 11,
        name: "band-board",
        idea: Idea::Representation,
        solve: solve::<crate::board::Board>,
        solve_observed: |grid, mut observer| {
            solve_observed::<crate::board::Board>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<crate::board::Board>,
        first_branch_point: first_branch_point::<crate::board::Board>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 13,
        },
    },
    Rung {
        number: 12,
        name: "mini-lines",
        idea: Idea::Inference,
        solve: solve::<rung12_mini_lines::PlainMiniLines>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung12_mini_lines::PlainMiniLines>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung12_mini_lines::PlainMiniLines>,
        first_branch_point: first_branch_point::<rung12_mini_lines::PlainMiniLines>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 13,
        name: "mini-line-counts",
        idea: Idea::Representation,
        solve: solve::<rung13_mini_line_counts::MiniLineCounts>,
        solve_observed: |grid, mut observer| {
            solve_observed::<rung13_mini_line_counts::MiniLineCounts>(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung13_mini_line_counts::MiniLineCounts>,
        first_branch_point: first_branch_point::<rung13_mini_line_counts::MiniLineCounts>,
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 1,
        },
    },
    Rung {
        number: 14,
        name: "chutes",
        idea: Idea::Branching,
        solve: |grid| rung14_chutes::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung14_chutes::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung13_mini_line_counts::MiniLineCounts>,
        first_branch_point: |grid| rung14_chutes::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "forum_hardest_1106",
            number: 1,
        },
    },
    Rung {
        number: 15,
        name: "sparse",
        idea: Idea::Branching,
        solve: |grid| rung15_sparse::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung15_sparse::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung13_mini_line_counts::MiniLineCounts>,
        first_branch_point: |grid| rung15_sparse::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "sparse",
            number: 1,
        },
    },
    Rung {
        number: 16,
        name: "fewest-permutations",
        idea: Idea::Branching,
        solve: |grid| rung16_fewest_permutations::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung16_fewest_permutations::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung13_mini_line_counts::MiniLineCounts>,
        first_branch_point: |grid| rung16_fewest_permutations::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 21,
        },
    },
    Rung {
        number: 17,
        name: "early",
        idea: Idea::Branching,
        solve: |grid| rung17_early::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung17_early::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung13_mini_line_counts::MiniLineCounts>,
        first_branch_point: |grid| rung17_early::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 3,
        },
    },
    Rung {
        number: 18,
        name: "only-three",
        idea: Idea::Inference,
        solve: |grid| rung18_only_three::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung18_only_three::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung18_only_three::OnlyThree>,
        first_branch_point: |grid| rung18_only_three::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 4,
        },
    },
    Rung {
        number: 19,
        name: "recount",
        idea: Idea::IncrementalWork,
        solve: |grid| rung19_recount::SEARCH.solve(grid),
        solve_observed: |grid, mut observer| {
            rung19_recount::SEARCH.solve_observed(grid, &mut observer)
        },
        candidates_after_rules: candidates_after_rules::<rung18_only_three::OnlyThree>,
        first_branch_point: |grid| rung19_recount::SEARCH.first_branch_point(grid),
        chosen_puzzle: PuzzleInSet {
            set: "magictour_top1465",
            number: 4,
        },
    },
];
