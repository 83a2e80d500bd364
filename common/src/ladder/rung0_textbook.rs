//! # Rung 0: the textbook method
//!
//! **The idea.** Fill the first empty cell in reading order with the smallest digit that its
//! row, column and box do not hold yet, go on to the next empty cell, and when a cell has
//! no digit left, go back and give the previous cell its next digit.
//!
//! **Why it keeps every completion.** The digits are tried in order and only those that
//! break a rule are skipped, so the search visits every grid that obeys the rules so far;
//! a completion is never skipped. The first full grid it reaches is also the smallest in
//! reading order, the answer of problem 2239.
//!
//! **What it costs per node.** One guess is a few table lookups: the three used-digit
//! tables ([`UsedDigits`]) tell in three `|` whether a digit may go, and placing or taking
//! back a digit sets or clears one bit in each. Nothing is copied.
//!
//! **What it buys.** It is short and obviously right, but it knows nothing about the
//! cells it has not reached. A wrong digit early on is found out only when the search
//! reaches the cell it starves, and everything in between is tried again for each digit
//! in front. Puzzles built against reading order take it billions of guesses, so this
//! rung stops at [`CAP`] guesses and reports that it did. Measured as the
//! [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.1 ms | 32.8 ms | 345,997 | 101 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 4.9 ms | 36.0 ms | 314,354 | 28 |
//! | forum_hardest_1106 | 375 | 3.6 ms | 38.0 ms | 234,530 | 11 |
//! | 17_clue (first 2,000) | 2,000 | 29.1 ms | 43.9 ms | 1,982,874 | 1,958 |

use super::{Grid, Outcome};
use crate::observe::{report_givens, SearchObserver};
use crate::{digit_bit, BOX_OF, COL_OF, N_CELLS, ROW_OF};

/// The guesses rung 0 may make on one grid: a few tens of milliseconds of work, enough to
/// show what the method costs and few enough that a benchmark of thousands of puzzles ends.
pub const CAP: u64 = 2_000_000;

/// The digits each row, column and box already holds, as candidate masks (bit `d - 1`
/// for digit `d`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UsedDigits {
    in_row: [u16; 9],
    in_column: [u16; 9],
    in_box: [u16; 9],
}

impl UsedDigits {
    /// The tables of the givens of `grid` (0 = empty), or `None` when two of them clash.
    ///
    /// ```
    /// use common::ladder::rung0_textbook::UsedDigits;
    /// let mut grid = [0u8; 81];
    /// grid[0] = 5;
    /// assert!(!UsedDigits::of_givens(&grid).unwrap().allows(80 - 8, 5)); // column 1
    /// grid[10] = 5; // box 1 again
    /// assert_eq!(UsedDigits::of_givens(&grid), None);
    /// ```
    pub fn of_givens(grid: &[u8; N_CELLS]) -> Option<UsedDigits> {
        let mut used = UsedDigits::default();
        for cell in 0..N_CELLS {
            let digit = grid[cell];
            if digit != 0 {
                if !used.allows(cell, digit) {
                    return None;
                }
                used.insert(cell, digit);
            }
        }
        Some(used)
    }

    /// Whether `digit` may go in `cell`: its row, column and box do not hold it yet.
    ///
    /// ```
    /// use common::ladder::rung0_textbook::UsedDigits;
    /// let mut used = UsedDigits::default();
    /// used.insert(0, 5);
    /// assert!(!used.allows(8, 5)); // same row
    /// assert!(used.allows(80, 5));
    /// ```
    pub fn allows(&self, cell: usize, digit: u8) -> bool {
        let used = self.in_row[ROW_OF[cell] as usize]
            | self.in_column[COL_OF[cell] as usize]
            | self.in_box[BOX_OF[cell] as usize];
        used & digit_bit(digit) == 0
    }

    /// Records that `digit` stands in `cell`.
    pub fn insert(&mut self, cell: usize, digit: u8) {
        let bit = digit_bit(digit);
        self.in_row[ROW_OF[cell] as usize] |= bit;
        self.in_column[COL_OF[cell] as usize] |= bit;
        self.in_box[BOX_OF[cell] as usize] |= bit;
    }

    /// Takes back [`insert`](Self::insert): `digit` no longer stands in `cell`.
    pub fn remove(&mut self, cell: usize, digit: u8) {
        let bit = !digit_bit(digit);
        self.in_row[ROW_OF[cell] as usize] &= bit;
        self.in_column[COL_OF[cell] as usize] &= bit;
        self.in_box[BOX_OF[cell] as usize] &= bit;
    }
}

/// Solves `grid` with at most [`CAP`] guesses; the solver of rung 0 in [`super::RUNGS`].
///
/// ```
/// let outcome = common::ladder::rung0_textbook::solve(&[0; 81]);
/// assert_eq!(outcome.solution.unwrap()[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// ```
pub fn solve(grid: &Grid) -> Outcome {
    solve_within(grid, CAP)
}

/// Solves `grid` with at most `cap` guesses. When the cap is reached the outcome has no
/// solution, `guesses == cap` and `capped` set.
///
/// ```
/// let outcome = common::ladder::rung0_textbook::solve_within(&[0; 81], 10);
/// assert!(outcome.capped);
/// assert_eq!((outcome.solution, outcome.guesses), (None, 10));
/// ```
pub fn solve_within(grid: &Grid, cap: u64) -> Outcome {
    solve_observed(grid, cap, &mut ())
}

/// [`solve_within`], telling `observer` the givens, each guess and each guess taken back.
pub fn solve_observed(grid: &Grid, cap: u64, observer: &mut impl SearchObserver) -> Outcome {
    report_givens(grid, observer);
    // The givens go into the tables first; two that clash leave nothing to search.
    let used = match UsedDigits::of_givens(grid) {
        Some(used) => used,
        None => return Outcome::no_completion(),
    };
    let mut search = Textbook {
        grid: *grid,
        used,
        guesses: 0,
        cap,
    };
    let found = search.fill_from(0, observer);
    Outcome::of_backtracking(found, &search.grid, search.guesses)
}

/// Rung 0 keeps no candidates, but its tables say which digits a cell may take: every
/// digit its row, column and box do not hold yet (a given keeps its own digit). `None`
/// when two givens clash. This is what rung 1 starts from.
pub fn candidates_after_givens(grid: &Grid) -> Option<[u16; N_CELLS]> {
    let used = UsedDigits::of_givens(grid)?;
    Some(std::array::from_fn(|cell| match grid[cell] {
        0 => (1..=9)
            .filter(|&digit| used.allows(cell, digit))
            .fold(0, |mask, digit| mask | digit_bit(digit)),
        given => digit_bit(given),
    }))
}

/// The search: the grid being filled, its used-digit tables, and the guesses so far.
struct Textbook {
    grid: Grid,
    used: UsedDigits,
    guesses: u64,
    cap: u64,
}

impl Textbook {
    /// Fills the empty cells from `cell` on. `Some(true)`: the grid is full;
    /// `Some(false)`: no digit fits somewhere, and the grid is as it was; `None`: the cap
    /// was reached.
    fn fill_from(&mut self, cell: usize, observer: &mut impl SearchObserver) -> Option<bool> {
        // The first empty cell in reading order; none left means the grid is full.
        let cell = match (cell..N_CELLS).find(|&cell| self.grid[cell] == 0) {
            Some(cell) => cell,
            None => return Some(true),
        };
        for digit in 1..=9 {
            if !self.used.allows(cell, digit) {
                continue;
            }
            if self.guesses == self.cap {
                return None;
            }
            self.guesses += 1;
            observer.guess(&[(cell, digit)]);
            self.grid[cell] = digit;
            self.used.insert(cell, digit);
            if self.fill_from(cell + 1, observer)? {
                return Some(true);
            }
            // Take the digit back and try the next one.
            observer.dead_end();
            self.used.remove(cell, digit);
            self.grid[cell] = 0;
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashing_givens_have_no_completion_and_take_no_guess() {
        let mut grid = [0; N_CELLS];
        grid[0] = 5;
        grid[40] = 5;
        assert!(solve(&grid).solution.is_some());
        grid[20] = 5; // box 1 again
        let outcome = solve(&grid);
        assert_eq!((outcome.solution, outcome.guesses), (None, 0));
        assert!(!outcome.capped);
    }

    #[test]
    fn the_first_completion_is_the_smallest() {
        // On the empty grid, each row is the smallest arrangement the rows above allow.
        let solution = solve(&[0; N_CELLS]).solution.unwrap();
        let first_rows: Vec<u8> = solution[..27].to_vec();
        let expected: Vec<u8> = [1, 2, 3, 4, 5, 6, 7, 8, 9]
            .iter()
            .chain(&[4, 5, 6, 7, 8, 9, 1, 2, 3])
            .chain(&[7, 8, 9, 1, 2, 3, 4, 5, 6])
            .copied()
            .collect();
        assert_eq!(first_rows, expected);
    }

    #[test]
    fn a_finished_run_counts_its_guesses_below_the_cap() {
        let outcome = solve(&[0; N_CELLS]);
        assert!(!outcome.capped);
        // At least one guess per cell; backtracking adds more.
        assert!(outcome.guesses >= N_CELLS as u64 && outcome.guesses < CAP);
        let stopped = solve_within(&[0; N_CELLS], outcome.guesses - 1);
        assert!(stopped.capped && stopped.solution.is_none());
        assert_eq!(solve_within(&[0; N_CELLS], outcome.guesses), outcome);
    }
}
