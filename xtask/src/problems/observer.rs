//! Any search observer behind one pointer, so that the table of problems can hold each
//! solution's observed solver as a plain function.
//!
//! The solutions report their steps to a [`SearchObserver`], a generic parameter they
//! compile away when nobody watches. But `SearchObserver` cannot stand behind a `dyn`
//! (its `remark` takes a closure of any type), and a function pointer in the table cannot
//! be generic. So [`AnyObserver`] is the same trait with `remark` taking the text itself;
//! every `SearchObserver` is one, and [`Forwarding`] hands a solver's reports back to it.
//! The solutions' own timed calls never go through here: only the watched ones (guess
//! counts, traces) do.

use common::observe::{Branch, Conflict, Reason, SearchObserver};

/// [`SearchObserver`] with `remark` taking its text, so it can stand behind a `dyn`.
pub trait AnyObserver {
    /// See [`SearchObserver::is_watching`].
    fn is_watching(&self) -> bool;
    /// See [`SearchObserver::deduced`].
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason);
    /// See [`SearchObserver::guess`].
    fn guess(&mut self, placements: &[(usize, u8)]);
    /// See [`SearchObserver::guess_at`].
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch);
    /// See [`SearchObserver::contradiction`].
    fn contradiction(&mut self, conflict: Conflict);
    /// See [`SearchObserver::dead_end`].
    fn dead_end(&mut self);
    /// See [`SearchObserver::unwind`].
    fn unwind(&mut self);
    /// See [`SearchObserver::keep`].
    fn keep(&mut self);
    /// See [`SearchObserver::remark`]; the text is built only for an observer that is
    /// watching (see [`Forwarding`]).
    fn remark(&mut self, text: String);
}

/// Every search observer is an [`AnyObserver`]: each report goes to the same method.
impl<Observer: SearchObserver> AnyObserver for Observer {
    fn is_watching(&self) -> bool {
        SearchObserver::is_watching(self)
    }
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        SearchObserver::deduced(self, cell, digit, reason);
    }
    fn guess(&mut self, placements: &[(usize, u8)]) {
        SearchObserver::guess(self, placements);
    }
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        SearchObserver::guess_at(self, placements, branch);
    }
    fn contradiction(&mut self, conflict: Conflict) {
        SearchObserver::contradiction(self, conflict);
    }
    fn dead_end(&mut self) {
        SearchObserver::dead_end(self);
    }
    fn unwind(&mut self) {
        SearchObserver::unwind(self);
    }
    fn keep(&mut self) {
        SearchObserver::keep(self);
    }
    fn remark(&mut self, text: String) {
        SearchObserver::remark(self, || text);
    }
}

/// The [`SearchObserver`] a solution is given: it hands every report to `observer`.
pub struct Forwarding<'a> {
    /// Where the reports go.
    pub observer: &'a mut dyn AnyObserver,
}

impl SearchObserver for Forwarding<'_> {
    fn is_watching(&self) -> bool {
        self.observer.is_watching()
    }
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        self.observer.deduced(cell, digit, reason);
    }
    fn guess(&mut self, placements: &[(usize, u8)]) {
        self.observer.guess(placements);
    }
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        self.observer.guess_at(placements, branch);
    }
    fn contradiction(&mut self, conflict: Conflict) {
        self.observer.contradiction(conflict);
    }
    fn dead_end(&mut self) {
        self.observer.dead_end();
    }
    fn unwind(&mut self) {
        self.observer.unwind();
    }
    fn keep(&mut self) {
        self.observer.keep();
    }
    fn remark<Describe: FnOnce() -> String>(&mut self, describe: Describe) {
        // The text is built only if someone reads it, as `SearchObserver` promises.
        if self.observer.is_watching() {
            self.observer.remark(describe());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::observe::GuessCounter;

    #[test]
    fn a_search_through_the_forwarding_observer_counts_the_same_guesses() {
        let grid = crate::problems::data::load("magictour_top1465.txt").unwrap()[0];
        let mut direct = GuessCounter::default();
        p2580::solve_observed(&grid, &mut direct);
        let mut counter = GuessCounter::default();
        p2580::solve_observed(
            &grid,
            &mut Forwarding {
                observer: &mut counter,
            },
        );
        assert_eq!(counter, direct);
        assert!(counter.guesses > 0);
    }
}
