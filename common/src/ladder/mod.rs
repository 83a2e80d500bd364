//! # The ladder: from plain backtracking to the band board, one idea at a time
//!
//! Most people meet Sudoku through about a hundred lines of backtracking: fill the empty
//! cells in reading order, try the digits 1 to 9, and keep a table of the digits each row,
//! column and box already holds. The solutions of this workspace use [`crate::board`]
//! instead. The rungs here are the steps in between. Each is a complete solver, each adds
//! one idea to the rung below it, and each says what that idea costs and what it buys.
//!
//! | rung | module | the idea it adds | what changes |
//! |---:|---|---|---|
//! | 0 | [`rung0_textbook`] | empty cells in reading order, digits 1 to 9, used-digit tables | |
//! | 1 | [`rung1_masks`] | a candidate mask per cell, and the cell with the fewest candidates first (MRV) | the search |
//! | 2 | [`rung2_singles`] | propagation: naked and hidden singles (Norvig's two rules) | the rules |
//! | 3 | [`rung3_locked`] | locked candidates: pointing and claiming | the rules |
//! | 4 | [`rung4_digit_sets`] | the state turned round: for each digit, the set of cells where it may go | the layout |
//! | 5 | [`rung5_bands`] | the sets cut into bands, and a table that pairs a band's rows with its boxes | the layout |
//! | 6 | [`rung6_changes`] | work only where something changed | the layout |
//! | 7 | [`rung7_tie_break`] | of the cells with two candidates, the one with the most open peers | the search |
//! | 8 | [`rung8_board`] | the band rule as straight-line code, no branch the processor mispredicts | representation |
//! | 9 | [`rung9_mini_lines`] | the mini-line rule, confined part: three digits confined to a mini-line fill it | inference |
//! | 10 | [`rung10_mini_line_counts`] | the same rule counted from what rules 1 and 3 keep, bit-sliced | representation |
//! | 11 | [`rung11_chutes`] | branch on a digit's permutations in the chute with the fewest unsettled digits | branching |
//! | 12 | [`rung12_wide_open`] | while every chute is wide open, the chute with the fewest permutations | branching |
//! | 13 | [`rung13_only_three`] | the mini-line rule, only-three part | inference |
//! | 14 | [`rung14_recount`] | naked singles and the mini-line rule count again only what changed | incremental work |
//!
//! The column "what changes" says what kind of idea each is. A new **rule** finds more
//! (fewer guesses, dearer nodes). A new **layout** keeps the rules and the search and makes
//! each node cheaper: the guesses stay exactly those of the rung below (the tests check
//! it), and only the time falls. A new **search** order changes which tree is walked.
//!
//! ## What each rung's rules cover
//!
//! | rule | rungs |
//! |---|---|
//! | a placed digit leaves its peers | 0 (as used-digit tables) to 13 |
//! | naked singles: a cell with one candidate takes it | 2 to 13 |
//! | hidden singles: a digit with one place in a unit goes there | 2 to 13 |
//! | pointing: a box's places for a digit in one row or column clear the rest of that line | 3 to 13 |
//! | claiming: a row's or column's places for a digit in one box clear the rest of that box | 3 to 13 |
//! | mini-lines: three digits confined to a mini-row or mini-column fill it | 9 to 13 |
//! | mini-lines: three digits that alone can go in a mini-row or mini-column go there | 12, 13 |
//!
//! From rung 5 on, pointing and claiming along rows take the form of the band rule (a
//! digit's rows and boxes in a band pair up one to one), which finds exactly what they
//! find, repeated. No rung drops a rule of the rung below, so from rung 1 on, each rung's propagation
//! removes at least what the rung below removes (`xtask/tests/ladder.rs` checks it on
//! random puzzles, for every pair of neighbours).
//!
//! ## One signature, one search
//!
//! Every rung takes a grid (row-major, 0 = empty) and returns an [`Outcome`]: a completion
//! or `None`, and the number of **guesses**, the placements the search tried. A guess is
//! counted the same way on every rung: each time the search puts a digit in a cell to see
//! where it leads, whether that cell had one candidate or nine. Digits that a rung's rules
//! deduce are not guesses. Rung 0 has a **cap** on its guesses, since some puzzles would
//! take it hours; the other rungs have none. [`RUNGS`] lists them all, so a benchmark can
//! run every rung on the same puzzles (`cargo xtask bench --ladder`).
//!
//! Rungs 1 to 9 share the depth-first search of [`solve_observed`]; rungs 10 to 13 share
//! their own, which branches on lines (a guess there cuts a digit to one permutation and places no
//! digit; it counts as one guess, as a digit tried at a cell does). That search: choose an open cell
//! with the fewest candidates, try each candidate on a copy of the state, and go on from
//! the copy; a copy that fails is thrown away, which undoes the guess. What differs from
//! rung to rung is the state, a [`SearchState`]: how it chooses the cell and what it does
//! after a digit is placed.
//!
//! ## Watching a rung
//!
//! Every rung reports its steps to a [`SearchObserver`], as the solutions do: the givens,
//! each digit its rules deduce and why, each guess, each contradiction and each guess taken
//! back. [`solve_rung`] runs rung `K` with an observer, so `cargo xtask trace p2580 --rung
//! K < input` prints rung K's search step by step (`--html FILE` writes the page), and the
//! same puzzle can be watched on rung 0 (thousands of steps) and on rung 8 (a few dozen).
//!
//! ## The measurements
//!
//! Each rung's table gives, per puzzle set, the mean and the largest time per puzzle, the
//! mean guesses and the puzzles over rung 0's cap, as printed by `cargo xtask bench --ladder
//! --rounds 3` on the four sets (the README gives the whole command and the plot). It runs
//! every rung on each puzzle in turn, over three rounds of the whole file, and keeps each
//! puzzle's best round (a run that hits the cap or makes over 20,000 guesses is timed once); release
//! profile, one codegen unit, on a 2-core machine that other builds shared at the time. The
//! guesses are exact; the times are rough, the largest ones most.
//!
//! The ladder is for reading and measuring. No solution uses it, so it is never part of a
//! bundle for the judge.

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

use crate::observe::{report_givens, Branch, Conflict, SearchObserver};
use crate::{digits, N_CELLS};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// How one rung's run on one grid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// A completion of the grid, or `None` when there is none or the cap was reached.
    pub solution: Option<Grid>,
    /// The placements the search tried (see the [module documentation](self)).
    pub guesses: u64,
    /// Whether the run stopped at the rung's cap before finishing (rung 0 only).
    pub capped: bool,
}

impl Outcome {
    /// The outcome of a grid seen to have no completion before any guess.
    pub fn no_completion() -> Outcome {
        Outcome {
            solution: None,
            guesses: 0,
            capped: false,
        }
    }

    /// The outcome of a backtracking search that filled `grid` in place and made
    /// `guesses` guesses; `found` is `Some(true)` when the grid is full, `Some(false)` when
    /// there was no completion and `None` when the search stopped at its cap.
    pub fn of_backtracking(found: Option<bool>, grid: &Grid, guesses: u64) -> Outcome {
        Outcome {
            solution: if found == Some(true) {
                Some(*grid)
            } else {
                None
            },
            guesses,
            capped: found.is_none(),
        }
    }
}

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

/// Runs rung `number` on `grid`, reporting every step to `observer`: the givens, what
/// the rules deduce, each guess, contradiction and guess taken back.
///
/// # Panics
///
/// When there is no rung `number` (`RUNGS.len()` or more).
///
/// ```
/// let mut counter = common::observe::GuessCounter::default();
/// let outcome = common::ladder::solve_rung(2, &[0; 81], &mut counter);
/// assert_eq!(outcome.guesses, counter.guesses);
/// ```
pub fn solve_rung(number: usize, grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    match number {
        0 => rung0_textbook::solve_observed(grid, rung0_textbook::CAP, observer),
        1 => solve_observed::<rung1_masks::MaskGrid>(grid, observer),
        2 => solve_observed::<rung2_singles::SinglesGrid>(grid, observer),
        3 => solve_observed::<rung3_locked::LockedGrid>(grid, observer),
        4 => solve_observed::<rung4_digit_sets::DigitSets>(grid, observer),
        5 => solve_observed::<rung5_bands::Bands>(grid, observer),
        6 => solve_observed::<rung6_changes::TrackedBands>(grid, observer),
        7 => solve_observed::<rung7_tie_break::TieBreak>(grid, observer),
        8 => solve_observed::<crate::board::Board>(grid, observer),
        9 => solve_observed::<rung9_mini_lines::PlainMiniLines>(grid, observer),
        10 => solve_observed::<rung10_mini_line_counts::MiniLineCounts>(grid, observer),
        11 => rung11_chutes::solve_observed(grid, observer),
        12 => rung12_wide_open::solve_observed(grid, observer),
        13 => rung13_only_three::solve_observed(grid, observer),
        14 => rung14_recount::solve_observed(grid, observer),
        _ => panic!(
            "the ladder has rungs 0 to {}, not {number}",
            RUNGS.len() - 1
        ),
    }
}

/// What the search of rungs 1 to 8 needs from a state. A state is `Copy`: the search
/// tries each guess on a copy and undoes it by dropping the copy.
pub trait SearchState: Copy {
    /// The state of `grid` with its givens placed and the rung's rules applied, or `None`
    /// when that already shows there is no completion.
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self>;

    /// The open cell to branch on, one with the fewest candidates, or `None` when every
    /// cell is decided. Rungs 1 to 6 take the lowest-numbered such cell; rungs 7 and 8
    /// break ties their own way.
    fn choose_cell(&self) -> Option<usize>;

    /// The candidate mask of `cell`.
    fn candidates_of(&self, cell: usize) -> u16;

    /// Places `digit` in `cell` and applies the rung's rules, telling `observer` what they
    /// deduce. Returns `false` when that shows the state has no completion.
    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool;

    /// The decided digits, 0 where a cell is open.
    fn grid(&self) -> Grid;
}

/// Solves `grid` with the state `S`, watched by nobody: the `solve` of rungs 1 to 8 in
/// [`RUNGS`].
pub fn solve<S: SearchState>(grid: &Grid) -> Outcome {
    solve_observed::<S>(grid, &mut ())
}

/// The candidates of every cell of `S`'s start on `grid` (see [`Rung`]).
pub fn candidates_after_rules<S: SearchState>(grid: &Grid) -> Option<[u16; N_CELLS]> {
    let state = S::start(grid, &mut ())?;
    Some(std::array::from_fn(|cell| state.candidates_of(cell)))
}

/// Depth-first search with the state `S`, reporting to `observer`: the solver of rungs 1
/// to 8.
///
/// *Why it finds a completion when there is one:* every completion puts one of the chosen
/// cell's candidates in that cell, so one of the branches contains it, and the rules only
/// remove what no completion uses. *Why an answer is valid:* a state whose every cell is
/// decided broke no rule on the way, because placing a digit removes it from all peers.
pub fn solve_observed<S: SearchState>(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
    report_givens(grid, observer);
    let mut guesses = 0;
    let solution = match S::start(grid, observer) {
        Some(state) => depth_first(&state, &mut guesses, observer),
        None => None,
    };
    Outcome {
        solution,
        guesses,
        capped: false,
    }
}

/// The first completion below `state`, counting each placement tried in `guesses`.
fn depth_first<S: SearchState>(
    state: &S,
    guesses: &mut u64,
    observer: &mut impl SearchObserver,
) -> Option<Grid> {
    // MRV: branch on an open cell with the fewest candidates; none open means solved.
    let cell = match state.choose_cell() {
        Some(cell) => cell,
        None => return Some(state.grid()),
    };
    let candidates = state.candidates_of(cell);
    if candidates == 0 {
        // Only rung 1, which has no rules, gets here: its peers took every digit.
        observer.contradiction(Conflict::EmptyCell { cell });
    }
    for (tried_before, digit) in digits(candidates).enumerate() {
        *guesses += 1;
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
        // The guess is made on a copy: undoing it is dropping the copy.
        let mut child = *state;
        if child.try_place(cell, digit, observer) {
            if let Some(solution) = depth_first(&child, guesses, observer) {
                return Some(solution);
            }
        }
        observer.dead_end();
    }
    None
}
