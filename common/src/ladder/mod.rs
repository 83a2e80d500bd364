//! # The ladder: from plain backtracking to the band board, one idea at a time
//!
//! Most people meet Sudoku through about a hundred lines of backtracking: fill the empty
//! cells in reading order, try the digits 1 to 9, and keep a table of the digits each row,
//! column and box already holds. The solutions of this workspace use [`crate::board`]
//! instead: a band layout, a permutation table and change detection. The five rungs here
//! are the steps in between. Each is a complete solver, each adds one idea to the rung
//! below it, and each says what that idea costs and what it buys.
//!
//! | rung | module | the idea it adds |
//! |---:|---|---|
//! | 0 | [`rung0_textbook`] | empty cells in reading order, digits 1 to 9, used-digit tables |
//! | 1 | [`rung1_masks`] | a candidate mask per cell, and the cell with the fewest candidates first (MRV) |
//! | 2 | [`rung2_singles`] | propagation: naked singles and hidden singles (Norvig's two rules) |
//! | 3 | [`rung3_locked`] | locked candidates: pointing and claiming |
//! | 4 | [`rung4_band_board`] | the band board of [`crate::board`], as the solutions use it |
//!
//! ## One signature
//!
//! Every rung takes a grid (row-major, 0 = empty) and returns an [`Outcome`]: a completion
//! or `None`, and the number of **guesses**, the placements the search tried. A guess is
//! counted the same way on every rung: each time the search puts a digit in a cell to see
//! where it leads, whether that cell had one candidate or nine. Digits that a rung's rules
//! deduce are not guesses. Rung 0 has a **cap** on its guesses, since some puzzles would
//! take it hours; the other rungs have none. [`RUNGS`] lists them all, so a benchmark can
//! run every rung on the same puzzles (`cargo xtask bench --ladder`).
//!
//! ## One search
//!
//! Rungs 1 to 4 share the depth-first search of [`search`]: choose the open cell with
//! the fewest candidates, try each candidate on a copy of the state, and go on from the
//! copy; a copy that fails is thrown away, which undoes the guess. What differs from rung
//! to rung is the state ([`SearchState`]) and what happens after a digit is placed: rung 1
//! removes the digit from the cell's peers and nothing more; rungs 2 and 3 then apply
//! their rules until nothing changes; rung 4 runs [`Board::propagate`](crate::board::Board::propagate).
//!
//! ## The measurements
//!
//! Each rung's table gives, per puzzle set, the mean and the largest time per puzzle, the
//! mean guesses and the puzzles over rung 0's cap, as printed by `cargo xtask bench --ladder
//! --rounds 3` on the four sets (the README gives the whole command and the plot). It runs
//! every rung on each puzzle in turn, over three rounds of the whole file, and keeps each
//! puzzle's best round (a run that hits the cap or takes over 10 ms is timed once); release
//! profile, one codegen unit, on a 2-core machine that other builds shared at the time. The
//! guesses are exact; the times are rough, the largest ones most.
//!
//! The ladder is for reading and measuring. No solution uses it, so it is never part of a
//! bundle for the judge.

pub mod rung0_textbook;
pub mod rung1_masks;
pub mod rung2_singles;
pub mod rung3_locked;
pub mod rung4_band_board;

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
    /// The rung's place on the ladder, `0..5`.
    pub number: usize,
    /// A short name without spaces, as `cargo xtask bench --ladder` prints it.
    pub name: &'static str,
    /// Solves a grid. Rung 0 stops at [`rung0_textbook::CAP`] guesses.
    pub solve: fn(&Grid) -> Outcome,
}

/// Every rung, from the textbook method to the band board.
///
/// ```
/// for rung in common::ladder::RUNGS {
///     let outcome = (rung.solve)(&[0; 81]);
///     assert!(common::is_valid_solution(&outcome.solution.unwrap()), "{}", rung.name);
/// }
/// ```
pub const RUNGS: [Rung; 5] = [
    Rung {
        number: 0,
        name: "textbook",
        solve: rung0_textbook::solve,
    },
    Rung {
        number: 1,
        name: "masks-mrv",
        solve: rung1_masks::solve,
    },
    Rung {
        number: 2,
        name: "singles",
        solve: rung2_singles::solve,
    },
    Rung {
        number: 3,
        name: "locked-candidates",
        solve: rung3_locked::solve,
    },
    Rung {
        number: 4,
        name: "band-board",
        solve: rung4_band_board::solve,
    },
];

/// What the search of rungs 1 to 4 needs from a state. A state is `Copy`: the search
/// tries each guess on a copy and undoes it by dropping the copy.
pub trait SearchState: Copy {
    /// The open cell to branch on, one with the fewest candidates, or `None` when every
    /// cell is decided. Rungs 1 to 3 take the lowest-numbered such cell; the board of rung
    /// 4 breaks ties its own way.
    fn choose_cell(&self) -> Option<usize>;

    /// The candidate mask of `cell`.
    fn candidates_of(&self, cell: usize) -> u16;

    /// Places `digit` in `cell` and applies the rung's rules. Returns `false` when that
    /// shows the state has no completion.
    fn try_place(&mut self, cell: usize, digit: u8) -> bool;

    /// The decided digits, 0 where a cell is open.
    fn grid(&self) -> Grid;
}

/// Depth-first search from `start`, the state of a grid with its givens placed and the
/// rung's rules applied (`None` when that already failed): the solver of rungs 1 to 4.
///
/// *Why it finds a completion when there is one:* every completion puts one of the chosen
/// cell's candidates in that cell, so one of the branches contains it, and the rules only
/// remove what no completion uses. *Why an answer is valid:* a state whose every cell is
/// decided broke no rule on the way, because placing a digit removes it from all peers.
pub fn search<S: SearchState>(start: Option<S>) -> Outcome {
    let mut guesses = 0;
    let solution = match start {
        Some(state) => depth_first(&state, &mut guesses),
        None => None,
    };
    Outcome {
        solution,
        guesses,
        capped: false,
    }
}
/// The first completion below `state`, counting each placement tried in `guesses`.
fn depth_first<S: SearchState>(state: &S, guesses: &mut u64) -> Option<Grid> {
    // MRV: branch on the open cell with the fewest candidates; none open means solved.
    let cell = match state.choose_cell() {
        Some(cell) => cell,
        None => return Some(state.grid()),
    };
    for digit in digits(state.candidates_of(cell)) {
        *guesses += 1;
        // The guess is made on a copy: undoing it is dropping the copy.
        let mut child = *state;
        if child.try_place(cell, digit) {
            if let Some(solution) = depth_first(&child, guesses) {
                return Some(solution);
            }
        }
    }
    None
}
