//! What a search reports while it works, for whoever wants to watch.
//!
//! The solutions take an observer as a generic parameter. The unit type `()` observes
//! nothing: its methods are empty, the compiler removes the calls, and `solve` costs what
//! it would without them. `cargo xtask bench` counts guesses with [`GuessCounter`];
//! `cargo xtask trace` prints every step.

/// Receives the steps of a search. Every method does nothing unless overridden.
pub trait SearchObserver {
    /// The search guesses: it puts these digits in these cells (one pair for Sudoku, two
    /// for a domino) and goes on from there.
    fn guess(&mut self, placements: &[(usize, u8)]) {
        let _ = placements;
    }

    /// The latest guess that is still open led nowhere: the search takes it back.
    fn dead_end(&mut self) {}
}

/// Observes nothing, at no cost.
impl SearchObserver for () {}

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
