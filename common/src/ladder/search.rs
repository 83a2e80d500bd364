//! # The search on cells that the rungs share
//!
//! Choose an open cell, try each candidate on a copy of the state, propagate, go on from
//! the copy; dropping a failed copy undoes its guess. A rung gives its state, its choice of
//! cell and its rules: a [`SearchState`]. Rung 0 and the chute rungs search their own way.

use crate::board::chutes::ChuteBranch;
use crate::observe::{report_givens, Branch, Conflict, SearchObserver};
use crate::{digits, lowest_digit, N_CELLS};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// How one rung's run on one grid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// A completion, or `None` when there is none or the cap was reached.
    pub solution: Option<Grid>,
    /// The guesses the search made (a guess is defined in the [glossary](crate)).
    pub guesses: u64,
    /// Whether the run stopped at the rung's cap (rung 0 only).
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

    /// The outcome of a backtracking search that filled `grid` in place; `found` is
    /// `Some(true)` when full, `Some(false)` without a completion, `None` at the cap.
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

/// What the search on cells needs from a state (`Copy`, for the copy each guess makes).
pub trait SearchState: Copy {
    /// The state of `grid` with its givens placed and the rung's rules applied, or `None`
    /// when that already shows there is no completion.
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self>;

    /// The open cell to branch on, one with the fewest candidates, or `None` when every
    /// cell is decided.
    fn choose_cell(&self) -> Option<usize>;

    /// The candidate mask of `cell`.
    fn candidates_of(&self, cell: usize) -> u16;

    /// Places `digit` in `cell` and applies the rung's rules, telling `observer` what they
    /// deduce. Returns `false` when that shows the state has no completion.
    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool;

    /// The digits of a fully decided state: each cell's only candidate.
    fn grid(&self) -> Grid {
        std::array::from_fn(|cell| lowest_digit(self.candidates_of(cell)))
    }
}

/// Where a search splits: a cell and its candidates, or a digit's permutations in a chute;
/// one way to try for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchPoint {
    /// A cell, each of its candidates a way.
    Cell {
        /// The cell.
        cell: usize,
        /// Its candidates.
        candidates: u16,
    },
    /// A chute, a digit there and its permutations left, each a way.
    Chute {
        /// The chute, the digit and its permutations.
        branch: ChuteBranch,
    },
}

/// The branch point `S` chooses at the root of its search on `grid`, after the givens and
/// the rules (see [`Rung`](super::Rung)).
pub fn first_branch_point<S: SearchState>(grid: &Grid) -> Option<BranchPoint> {
    let state = S::start(grid, &mut ())?;
    let cell = state.choose_cell()?;
    let candidates = state.candidates_of(cell);
    Some(BranchPoint::Cell { cell, candidates })
}

/// Solves `grid` with the state `S`, watched by nobody.
pub fn solve<S: SearchState>(grid: &Grid) -> Outcome {
    solve_observed::<S>(grid, &mut ())
}

/// The candidates of every cell of `S`'s start on `grid` (see [`Rung`](super::Rung)).
pub fn candidates_after_rules<S: SearchState>(grid: &Grid) -> Option<[u16; N_CELLS]> {
    let state = S::start(grid, &mut ())?;
    Some(std::array::from_fn(|cell| state.candidates_of(cell)))
}

/// `empty` with the givens of `grid` placed one by one by `place`, or `None` when two
/// clash (`place` returns `false` for a digit that cannot go in its cell).
pub fn with_givens<S>(grid: &Grid, empty: S, place: fn(&mut S, usize, u8) -> bool) -> Option<S> {
    let mut state = empty;
    for cell in 0..N_CELLS {
        if grid[cell] != 0 && !place(&mut state, cell, grid[cell]) {
            return None;
        }
    }
    Some(state)
}

/// Depth-first search with the state `S`, reporting to `observer`.
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

/// The first completion below `state`, counting the guesses in `guesses`.
fn depth_first<S: SearchState>(
    state: &S,
    guesses: &mut u64,
    observer: &mut impl SearchObserver,
) -> Option<Grid> {
    // The branch point: the cell the state chooses; none open means solved.
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
