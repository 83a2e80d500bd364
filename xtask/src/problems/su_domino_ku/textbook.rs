//! Su-domino-ku by the textbook method, the family's baseline: what `cargo xtask bench
//! --baseline` measures the Su-domino-ku solution against. Plain row-major backtracking,
//! no propagation. It judges nothing (the reference solvers do), so it may borrow from the
//! solutions: the ladder's rung 0 tables and the solution's domino numbering.
//!
//! The first empty cell in reading order must be covered by a domino reaching right or down
//! (everything before it is covered); every direction and digit pair is tried in order,
//! with the used-digit tables of the ladder's rung 0
//! ([`common::ladder::rung0_textbook`]), which does the same for plain Sudoku. Some
//! puzzles take it billions of steps, so every call has a cap on the placements it tries.

use common::ladder::rung0_textbook::UsedDigits;
use common::ladder::{AtCap, Outcome};

use crate::reference::Grid;

/// The bit of the domino showing digits `a` and `b` (different) in a set of used dominoes: bit
/// `t` for domino number `t`, numbered as the solution numbers them
/// ([`p4574::domino_number`]).
pub fn domino_bit(a: u8, b: u8) -> u64 {
    1 << p4574::domino_number(a, b)
}

/// Completes `puzzle` with the dominoes it does not lay, trying at most `cap` placements.
pub fn solve_puzzle(puzzle: &p4574::Puzzle, cap: u64) -> Outcome {
    let used = puzzle.dominoes.iter().fold(0, |used, domino| {
        used | domino_bit(domino.digits[0], domino.digits[1])
    });
    solve_within(&puzzle.given_grid(), used, cap)
}

/// Completes `givens` (the digits of the singles and of the laid dominoes) with the dominoes
/// not in `used_dominoes` (bits from [`domino_bit`]), trying at most `cap` domino placements.
/// The outcome counts the placements as guesses, as the ladder's rungs do.
///
/// ```
/// let outcome = xtask::problems::su_domino_ku::textbook::solve_within(&[0; 81], 0, 10);
/// assert!(outcome.capped); // an empty grid is far too much for 10 placements
/// ```
pub fn solve_within(givens: &Grid, used_dominoes: u64, cap: u64) -> Outcome {
    let Some(used) = UsedDigits::of_givens(givens) else {
        return Outcome::no_completion();
    };
    let mut search = Search {
        grid: *givens,
        used,
        used_dominoes,
        placements: 0,
        cap,
    };
    let filled = search.fill_from(0);
    Outcome::of_backtracking(filled, &search.grid, search.placements)
}

/// The search: the grid, its used-digit tables, the dominoes laid, and the placements so far.
struct Search {
    grid: Grid,
    used: UsedDigits,
    used_dominoes: u64,
    placements: u64,
    cap: u64,
}

impl Search {
    fn put(&mut self, cell: usize, digit: u8) {
        self.grid[cell] = digit;
        self.used.insert(cell, digit);
    }

    fn take_back(&mut self, cell: usize) {
        self.used.remove(cell, self.grid[cell]);
        self.grid[cell] = 0;
    }

    /// Covers the empty cells from `cell` on. `Ok(true)`: done; `Ok(false)`: no way, and
    /// the grid is as it was.
    fn fill_from(&mut self, cell: usize) -> Result<bool, AtCap> {
        let Some(cell) = (cell..81).find(|&cell| self.grid[cell] == 0) else {
            return Ok(true);
        };
        let right = (cell % 9 < 8 && self.grid[cell + 1] == 0).then_some(cell + 1);
        let below = (cell < 72 && self.grid[cell + 9] == 0).then_some(cell + 9);
        for partner in [right, below].into_iter().flatten() {
            for first in 1..=9 {
                if !self.used.allows(cell, first) {
                    continue;
                }
                for second in 1..=9 {
                    if first == second {
                        continue; // no domino shows one digit twice
                    }
                    let domino = domino_bit(first, second);
                    if self.used_dominoes & domino != 0 || !self.used.allows(partner, second) {
                        continue;
                    }
                    if self.placements == self.cap {
                        return Err(AtCap);
                    }
                    self.placements += 1;
                    self.put(cell, first);
                    // The partner may share the cell's row, column or box: check it again.
                    if self.used.allows(partner, second) {
                        self.put(partner, second);
                        self.used_dominoes |= domino;
                        if self.fill_from(cell + 1)? {
                            return Ok(true);
                        }
                        self.used_dominoes &= !domino;
                        self.take_back(partner);
                    }
                    self.take_back(cell);
                }
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_generated_puzzle() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let (puzzle, grid) = crate::reference::domino::generate_puzzle(&mut rng, 35);
        let puzzle = crate::problems::su_domino_ku::solution_puzzle(&puzzle);
        let outcome = solve_puzzle(&puzzle, 100_000_000);
        assert_eq!(outcome.solution, Some(grid));
    }
}
