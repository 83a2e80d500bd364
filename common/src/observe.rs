//! What a search reports while it works, for whoever wants to watch.
//!
//! The solutions and [`Board::propagate_observed`](crate::board::Board::propagate_observed)
//! take an observer as a generic parameter. The unit type `()` observes nothing: its
//! methods are empty, the compiler removes the calls (and the work of describing what
//! happened), and `solve` costs what it would without them. `cargo xtask bench` counts
//! guesses with [`GuessCounter`]; `cargo xtask trace` prints every step.

/// Why a digit was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The puzzle gives it.
    Given,
    /// It was the cell's only candidate.
    NakedSingle,
    /// The cell was the digit's only place in this unit (`0..27`, see the crate docs).
    HiddenSingle {
        /// The unit in which the cell was the only place.
        unit: usize,
    },
    /// A completion found earlier (problem 2239's *witness*) has the digit here, so a
    /// completion with it exists.
    Witness,
}

/// Why a board has no completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// An open cell has no candidate left.
    EmptyCell {
        /// The cell.
        cell: usize,
    },
    /// A digit has no place left in a unit.
    NoPlaceInUnit {
        /// The digit.
        digit: u8,
        /// The unit (`0..27`).
        unit: usize,
    },
    /// Each row and box of a band still has a place for the digit, but no way to give
    /// every row of the band one box and every box one row (see the band rule).
    NoArrangementInBand {
        /// The digit.
        digit: u8,
        /// The band (`0..3`, rows 1-3, 4-6, 7-9).
        band: usize,
    },
    /// Su-domino-ku: no unused tile can cover this open cell any more.
    UncoverableCell {
        /// The cell.
        cell: usize,
    },
    /// Su-domino-ku: this unused tile has no place left.
    UnplaceableTile {
        /// The tile's two digits.
        digits: [u8; 2],
    },
}

/// Receives the steps of a search. Every method does nothing unless overridden.
pub trait SearchObserver {
    /// Whether this observer wants reports at all. Code that must loop to build a report
    /// asks first, so that for `()`, which answers `false`, the loop compiles away too.
    fn is_watching(&self) -> bool {
        true
    }

    /// Propagation decided that `digit` stands in `cell`, for `reason`.
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        let _ = (cell, digit, reason);
    }

    /// The search guesses: it puts these digits in these cells (one pair for Sudoku, two
    /// for a domino) and goes on from there.
    fn guess(&mut self, placements: &[(usize, u8)]) {
        let _ = placements;
    }

    /// Propagation found that the board has no completion.
    fn contradiction(&mut self, conflict: Conflict) {
        let _ = conflict;
    }

    /// The latest guess that is still open led nowhere: the search takes it back.
    fn dead_end(&mut self) {}

    /// The search returns past the latest open guess with what it found there (a
    /// completion, say), and goes on from the state before that guess.
    fn unwind(&mut self) {}

    /// The latest open guess is kept for good: it is a decision from now on.
    fn keep(&mut self) {}

    /// A remark on what the search is doing, in words, for a reader. The text is built
    /// only if the observer wants it, so remarks cost nothing otherwise.
    fn remark<Describe: FnOnce() -> String>(&mut self, describe: Describe) {
        let _ = describe;
    }
}

/// Observes nothing, at no cost.
impl SearchObserver for () {
    fn is_watching(&self) -> bool {
        false
    }
}

/// Counts the guesses of a search: the size of its search tree.
///
/// ```
/// use common::observe::{GuessCounter, SearchObserver};
/// let mut counter = GuessCounter::default();
/// counter.guess(&[(0, 5)]);
/// counter.dead_end();
/// counter.guess(&[(0, 6)]);
/// assert_eq!(counter.guesses, 2);
/// assert_eq!(counter.dead_ends, 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuessCounter {
    /// Guesses made.
    pub guesses: u64,
    /// Guesses taken back.
    pub dead_ends: u64,
}

impl SearchObserver for GuessCounter {
    fn guess(&mut self, _placements: &[(usize, u8)]) {
        self.guesses += 1;
    }

    fn dead_end(&mut self) {
        self.dead_ends += 1;
    }
}
