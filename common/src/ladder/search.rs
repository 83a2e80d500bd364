//! # The search on cells that rungs 2 to 13 share
//!
//! Rungs 0 and 1 backtrack in place ([`super::rung0_textbook::Backtracking`]); rungs 14 to
//! 19 branch on chutes too ([`super::rung14_chutes::ChuteSearch`]). Rung 1's choice of
//! cell, MRV ([`most_constrained_cell`]), is here too: rung 0's backtracking takes it in
//! rung 1's order, and rung 2's masks call it.

use std::marker::PhantomData;

use super::Solver;
use crate::board::chutes::ChuteBranch;
use crate::observe::{report_givens, Branch, Conflict, SearchObserver};
use crate::{count, digits, lowest_digit, N_CELLS};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// How a rung's run on a grid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// A completion; `None` when there is none, or at the cap.
    pub solution: Option<Grid>,
    /// The guesses made, as the [glossary](crate) counts them.
    pub guesses: u64,
    /// Whether the run stopped at its cap (rung 0 only).
    pub capped: bool,
}

impl Outcome {
    /// No completion, seen before any guess.
    pub fn no_completion() -> Outcome {
        Outcome {
            solution: None,
            guesses: 0,
            capped: false,
        }
    }

    /// A search that filled `grid` in place: `filled` says whether it is full.
    pub fn of_backtracking(filled: Result<bool, AtCap>, grid: &Grid, guesses: u64) -> Outcome {
        Outcome {
            solution: if filled == Ok(true) {
                Some(*grid)
            } else {
                None
            },
            guesses,
            capped: filled.is_err(),
        }
    }
}

/// A backtracking search stopped at its cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtCap;

/// MRV ("minimum remaining values", constraint search's classic order): the first of the
/// `open` cells with the fewest `candidates`, or the first with one or none.
pub(super) fn most_constrained_cell(
    open: impl Iterator<Item = usize>,
    candidates: impl Fn(usize) -> u16,
) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for cell in open {
        let n_candidates = count(candidates(cell));
        if best.map_or(true, |(fewest, _)| n_candidates < fewest) {
            best = Some((n_candidates, cell));
            // Nobody beats one candidate but an empty cell, which fails at once anyway.
            if n_candidates <= 1 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

/// What the search on cells needs from a state (`Copy`: each guess works on a copy).
pub trait SearchState: Copy {
    /// `grid`'s givens placed and the rules applied; `None` when that shows no completion.
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self>;

    /// The open cell to branch on; `None` when every cell is decided.
    fn choose_cell(&self) -> Option<usize>;

    /// The candidate mask of `cell`.
    fn candidates_of(&self, cell: usize) -> u16;

    /// Places `digit` in `cell` and applies the rules; `false` when that shows no completion.
    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool;

    /// The digits of a fully decided state.
    fn grid(&self) -> Grid {
        std::array::from_fn(|cell| lowest_digit(self.candidates_of(cell)))
    }
}

/// Where a search splits, and its ways to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchPoint {
    /// A cell; each candidate a way.
    Cell {
        /// The cell.
        cell: usize,
        /// Its candidates.
        candidates: u16,
    },
    /// A digit in a chute; each permutation left a way.
    Chute {
        /// The chute, digit and permutations.
        branch: ChuteBranch,
    },
}

/// `empty` with `grid`'s givens placed by `place`; `None` when it refuses one (a clash).
pub fn with_givens<S>(grid: &Grid, empty: S, place: fn(&mut S, usize, u8) -> bool) -> Option<S> {
    let mut state = empty;
    for cell in 0..N_CELLS {
        if grid[cell] != 0 && !place(&mut state, cell, grid[cell]) {
            return None;
        }
    }
    Some(state)
}

/// The depth-first search on cells with the state `S`, as a rung's [`Solver`]; a fully
/// decided state is valid, as each placement clears the digit from the peers.
pub struct OnCells<S> {
    state: PhantomData<S>,
}

impl<S> OnCells<S> {
    /// The search with the state `S`.
    pub const SEARCH: OnCells<S> = OnCells { state: PhantomData };
}

impl<S: SearchState + Sync> Solver for OnCells<S> {
    fn solve(&self, grid: &Grid) -> Outcome {
        solve_observed::<S>(grid, &mut ())
    }

    fn solve_observed(&self, grid: &Grid, mut observer: &mut dyn SearchObserver) -> Outcome {
        solve_observed::<S>(grid, &mut observer)
    }

    fn candidates_after_rules(&self, grid: &Grid) -> Option<[u16; N_CELLS]> {
        let state = S::start(grid, &mut ())?;
        Some(std::array::from_fn(|cell| state.candidates_of(cell)))
    }

    fn first_branch_point(&self, grid: &Grid) -> Option<BranchPoint> {
        let state = S::start(grid, &mut ())?;
        let cell = state.choose_cell()?;
        let candidates = state.candidates_of(cell);
        Some(BranchPoint::Cell { cell, candidates })
    }
}

/// The search itself, compiled once per state and observer.
fn solve_observed<S: SearchState>(grid: &Grid, observer: &mut impl SearchObserver) -> Outcome {
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

fn depth_first<S: SearchState>(
    state: &S,
    guesses: &mut u64,
    observer: &mut impl SearchObserver,
) -> Option<Grid> {
    let cell = match state.choose_cell() {
        Some(cell) => cell,
        None => return Some(state.grid()),
    };
    let candidates = state.candidates_of(cell);
    if candidates == 0 {
        // Only rung 2, which has no rules, gets here: its peers took every digit.
        observer.contradiction(Conflict::EmptyCell { cell });
    }
    for (tried_before, digit) in digits(candidates).enumerate() {
        *guesses += 1;
        observer.guess_at(&[(cell, digit)], Branch::at_cell(candidates, tried_before));
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
