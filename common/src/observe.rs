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
    /// Four digits or more are each confined to these three cells, a mini-row or
    /// mini-column (the mini-line rule), which can hold only three.
    CrowdedMiniLine {
        /// The three cells.
        cells: [usize; 3],
    },
    /// Su-domino-ku: no unused domino can cover this open cell any more.
    UncoverableCell {
        /// The cell.
        cell: usize,
    },
    /// Su-domino-ku: this unused domino has no place left.
    UnplaceableDomino {
        /// The domino's two digits.
        digits: [u8; 2],
    },
}

/// Where a guess stands at its branch point: the search chose a branch point with a few
/// ways to go (a cell and its candidates, or a digit's permutations in a chute) and tries
/// them one after another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// How many ways the branch point had when the search chose it.
    pub ways: u32,
    /// Which way this guess is: 1 for the first tried.
    pub attempt: u32,
}

impl Branch {
    /// The digit tried after `tried_before` others (0 for the first) at a cell whose
    /// candidates were `candidates`.
    pub const fn at_cell(candidates: u16, tried_before: usize) -> Branch {
        Branch {
            ways: crate::count(candidates),
            attempt: tried_before as u32 + 1,
        }
    }
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

    /// The search guesses: it puts these digits in these cells (one pair for a guess on a
    /// cell, two for a domino, none for a guess on a chute) and goes on from there.
    fn guess(&mut self, placements: &[(usize, u8)]) {
        let _ = placements;
    }

    /// A guess, as for [`guess`](Self::guess), told with its rank among the ways to go at
    /// its branch point. Unless overridden, it is reported as a plain `guess`.
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        let _ = branch;
        self.guess(placements);
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
    /// only if the observer calls `describe`, so remarks cost nothing otherwise.
    fn remark(&mut self, describe: &dyn Fn() -> String) {
        let _ = describe;
    }
}

/// A borrowed observer observes for its owner. So a search can be handed a `&mut dyn
/// SearchObserver` (every method above takes plain values, so the trait can stand behind
/// a `dyn`): the ladder's [`RUNGS`](crate::ladder::RUNGS) and the tooling's table of
/// problems hold watched searches as plain function pointers this way.
impl<Observer: SearchObserver + ?Sized> SearchObserver for &mut Observer {
    fn is_watching(&self) -> bool {
        (**self).is_watching()
    }
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        (**self).deduced(cell, digit, reason);
    }
    fn guess(&mut self, placements: &[(usize, u8)]) {
        (**self).guess(placements);
    }
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        (**self).guess_at(placements, branch);
    }
    fn contradiction(&mut self, conflict: Conflict) {
        (**self).contradiction(conflict);
    }
    fn dead_end(&mut self) {
        (**self).dead_end();
    }
    fn unwind(&mut self) {
        (**self).unwind();
    }
    fn keep(&mut self) {
        (**self).keep();
    }
    fn remark(&mut self, describe: &dyn Fn() -> String) {
        (**self).remark(describe);
    }
}

/// Tells `observer` about each given digit of `grid` (row-major, 0 = empty), in cell
/// order: the first steps of every search that reports to an observer.
///
/// ```
/// use common::observe::{report_givens, GuessCounter};
/// let mut counter = GuessCounter::default();
/// report_givens(&[0; 81], &mut counter); // givens are not guesses
/// assert_eq!(counter.guesses, 0);
/// ```
pub fn report_givens(grid: &[u8; crate::N_CELLS], observer: &mut impl SearchObserver) {
    if !observer.is_watching() {
        return;
    }
    for (cell, &digit) in grid.iter().enumerate() {
        if digit != 0 {
            observer.deduced(cell, digit, Reason::Given);
        }
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
/// Besides every guess, it counts them as tdoku's published benchmark does, so that its
/// table can be read against ours: at a branch point, every way tried counts except the
/// last, which is forced once the others have failed (tdoku's search then asserts it
/// without guessing). So a cell with two candidates is one guess however many of its ways
/// are tried, and a cell with three whose candidates are all tried is two. Only guesses
/// told with their [`Branch`] (through [`guess_at`](SearchObserver::guess_at)) count that
/// way.
///
/// ```
/// use common::observe::{Branch, GuessCounter, SearchObserver};
/// let mut counter = GuessCounter::default();
/// // Cell 0 has candidates 5 and 6: the first fails, the second is forced.
/// counter.guess_at(&[(0, 5)], Branch::at_cell(0b11_0000, 0));
/// counter.dead_end();
/// counter.guess_at(&[(0, 6)], Branch::at_cell(0b11_0000, 1));
/// assert_eq!((counter.guesses, counter.dead_ends, counter.free_guesses), (2, 1, 1));
/// // Cell 1 has candidates 1, 2 and 3: the first two tried count, the third is forced.
/// counter.guess_at(&[(1, 1)], Branch::at_cell(0b111, 0));
/// counter.dead_end();
/// counter.guess_at(&[(1, 2)], Branch::at_cell(0b111, 1));
/// counter.dead_end();
/// counter.guess_at(&[(1, 3)], Branch::at_cell(0b111, 2));
/// assert_eq!((counter.guesses, counter.free_guesses), (5, 3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuessCounter {
    /// Guesses made.
    pub guesses: u64,
    /// Guesses taken back.
    pub dead_ends: u64,
    /// Free guesses: every way tried but the last at its branch point (see above).
    pub free_guesses: u64,
}

impl SearchObserver for GuessCounter {
    fn guess(&mut self, _placements: &[(usize, u8)]) {
        self.guesses += 1;
    }

    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        self.guess(placements);
        if branch.attempt < branch.ways {
            self.free_guesses += 1;
        }
    }

    fn dead_end(&mut self) {
        self.dead_ends += 1;
    }
}
