//! # The ladder: from plain backtracking to the band board, one idea at a time
//!
//! From a blog's hundred lines of backtracking (rung 0) to the solutions' [`crate::board`]:
//! complete solvers, each adding one idea to the rung below.
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
//! | 0 | start | reading-order backtracking with used-digit tables | [`rung0_textbook`] |
//! | 1 | branching | the cell with the fewest candidates (MRV), read from a candidate mask per cell | [`rung1_masks`] |
//! | 2 | inference | naked and hidden singles | [`rung2_singles`] |
//! | 3 | inference | locked candidates (pointing, claiming) | [`rung3_locked`] |
//! | 4 | representation | per digit, the set of its places | [`rung4_digit_sets`] |
//! | 5 | representation | places cut into bands: the band rule by table, the givens band by band | [`rung5_bands`] |
//! | 6 | incremental work | work only where something changed; two-candidate cells counted once | [`rung6_changes`] |
//! | 7 | branching | among two-candidate cells, the one with the most open peers | [`rung7_tie_break`] |
//! | 8 | representation | the band rule as straight-line code, no branch the processor mispredicts | [`rung8_board`], [`board::band_rule`](crate::board::band_rule) |
//! | 9 | inference | the mini-line rule, confined part, counted from the places | [`rung9_mini_lines`] |
//! | 10 | representation | the same rule on what rules 1 and 3 keep, in bit-sliced counts | [`rung10_mini_line_counts`], [`board::mini_lines`](crate::board::mini_lines) |
//! | 11 | branching | a digit's permutations in the chute with the fewest unsettled digits | [`rung11_chutes`], [`board::chutes`](crate::board::chutes) |
//! | 12 | branching | while every chute has seven or more unsettled digits, the one with the fewest permutations | [`rung12_wide_open`], [`board::wide_open`](crate::board::wide_open) |
//! | 13 | inference | the mini-line rule, only-three part | [`rung13_only_three`], [`board::only_three`](crate::board::only_three) |
//! | 14 | incremental work | naked singles and the mini-line rule recount only what changed | [`rung14_recount`], [`board::recount`](crate::board::recount) |
//!
//! Each rung file ends with one thing to try. `cargo xtask bench --ladder` measures every
//! rung (the README holds its table); `cargo xtask trace p2580 --rung K < input` prints
//! rung K's search ([`solve_rung`]).
//!
//! Tests: every rung solves as the reference does; a representation or incremental-work
//! rung makes the guesses of the rung below, puzzle by puzzle (`xtask/tests/ladder.rs`); no
//! rung keeps a candidate that the rung below removes (`xtask/tests/properties.rs`). Rung 0
//! stops at [`rung0_textbook::CAP`] guesses. The ladder is for reading and measuring, never
//! bundled.

pub mod rung0_textbook;
pub mod rung10_mini_line_counts;
pub mod rung11_chutes;
pub mod rung12_wide_open;
pub mod rung13_only_three;
pub mod rung14_recount;
pub mod rung1_masks;
pub mod rung2_singles;
pub mod rung3_locked;
pub mod rung4_digit_sets;
pub mod rung5_bands;
pub mod rung6_changes;
pub mod rung7_tie_break;
pub mod rung8_board;
pub mod rung9_mini_lines;
mod search;

pub use search::{
    candidates_after_rules, solve, solve_observed, solve_rung, Grid, Outcome, SearchState,
};

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
    /// Solves a grid. Rung 0 stops at [`rung0_textbook::CAP`] guesses.
    pub solve: fn(&Grid) -> Outcome,
    /// The candidate mask of every cell once the givens are placed and the rung's rules
    /// have run, or `None` when that already shows there is no completion.
    pub candidates_after_rules: fn(&Grid) -> Option<[u16; N_CELLS]>,
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
pub const RUNGS: [Rung; 15] = [
    Rung {
        number: 0,
        name: "textbook",
        idea: Idea::Start,
        solve: rung0_textbook::solve,
        candidates_after_rules: rung0_textbook::candidates_after_givens,
    },
    Rung {
        number: 1,
        name: "masks-mrv",
        idea: Idea::Branching,
        solve: solve::<rung1_masks::MaskGrid>,
        candidates_after_rules: candidates_after_rules::<rung1_masks::MaskGrid>,
    },
    Rung {
        number: 2,
        name: "singles",
        idea: Idea::Inference,
        solve: solve::<rung2_singles::SinglesGrid>,
        candidates_after_rules: candidates_after_rules::<rung2_singles::SinglesGrid>,
    },
    Rung {
        number: 3,
        name: "locked-candidates",
        idea: Idea::Inference,
        solve: solve::<rung3_locked::LockedGrid>,
        candidates_after_rules: candidates_after_rules::<rung3_locked::LockedGrid>,
    },
    Rung {
        number: 4,
        name: "digit-sets",
        idea: Idea::Representation,
        solve: solve::<rung4_digit_sets::DigitSets>,
        candidates_after_rules: candidates_after_rules::<rung4_digit_sets::DigitSets>,
    },
    Rung {
        number: 5,
        name: "bands",
        idea: Idea::Representation,
        solve: solve::<rung5_bands::Bands>,
        candidates_after_rules: candidates_after_rules::<rung5_bands::Bands>,
    },
    Rung {
        number: 6,
        name: "changes-only",
        idea: Idea::IncrementalWork,
        solve: solve::<rung6_changes::TrackedBands>,
        candidates_after_rules: candidates_after_rules::<rung6_changes::TrackedBands>,
    },
    Rung {
        number: 7,
        name: "tie-break",
        idea: Idea::Branching,
        solve: solve::<rung7_tie_break::TieBreak>,
        candidates_after_rules: candidates_after_rules::<rung7_tie_break::TieBreak>,
    },
    Rung {
        number: 8,
        name: "band-board",
        idea: Idea::Representation,
        solve: solve::<crate::board::Board>,
        candidates_after_rules: candidates_after_rules::<crate::board::Board>,
    },
    Rung {
        number: 9,
        name: "mini-lines",
        idea: Idea::Inference,
        solve: solve::<rung9_mini_lines::PlainMiniLines>,
        candidates_after_rules: candidates_after_rules::<rung9_mini_lines::PlainMiniLines>,
    },
    Rung {
        number: 10,
        name: "mini-line-counts",
        idea: Idea::Representation,
        solve: solve::<rung10_mini_line_counts::MiniLineCounts>,
        candidates_after_rules: candidates_after_rules::<rung10_mini_line_counts::MiniLineCounts>,
    },
    Rung {
        number: 11,
        name: "chutes",
        idea: Idea::Branching,
        solve: rung11_chutes::solve,
        candidates_after_rules: candidates_after_rules::<rung10_mini_line_counts::MiniLineCounts>,
    },
    Rung {
        number: 12,
        name: "wide-open",
        idea: Idea::Branching,
        solve: rung12_wide_open::solve,
        candidates_after_rules: candidates_after_rules::<rung10_mini_line_counts::MiniLineCounts>,
    },
    Rung {
        number: 13,
        name: "only-three",
        idea: Idea::Inference,
        solve: rung13_only_three::solve,
        candidates_after_rules: candidates_after_rules::<rung13_only_three::OnlyThree>,
    },
    Rung {
        number: 14,
        name: "recount",
        idea: Idea::IncrementalWork,
        solve: rung14_recount::solve,
        candidates_after_rules: candidates_after_rules::<rung13_only_three::OnlyThree>,
    },
];
