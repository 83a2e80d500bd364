//! The textbook methods, for `cargo xtask bench --baseline` to measure the solutions
//! against: plain row-major backtracking with no propagation at all.
//!
//! Each fills the first empty cell in reading order with each digit that breaks no rule,
//! smallest first, and goes on to the next; the first full grid it reaches wins. For
//! Sudoku that is also the smallest completion, so the baseline is a correct (if slow)
//! answer to both 2239 and 2580. Some puzzles take it billions of steps, so every call
//! has a cap on the number of placements it tries.

use crate::reference::Grid;

/// How a baseline run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaselineRun {
    /// The grid found, if any (`None` also when the cap was hit).
    pub solution: Option<Grid>,
    /// Placements tried: the size of the search tree.
    pub nodes: u64,
    /// Whether the run stopped at the cap before finishing.
    pub capped: bool,
}

/// The search state shared by both baselines: the grid and, for each row, column and box,
/// the digits it already holds (bit `d`).
struct Rules {
    grid: Grid,
    in_row: [u16; 9],
    in_column: [u16; 9],
    in_box: [u16; 9],
    nodes: u64,
    cap: u64,
}

impl Rules {
    /// The rules state for `grid`, or `None` if its digits already clash.
    fn new(grid: &Grid, cap: u64) -> Option<Rules> {
        let mut rules = Rules {
            grid: [0; 81],
            in_row: [0; 9],
            in_column: [0; 9],
            in_box: [0; 9],
            nodes: 0,
            cap,
        };
        for cell in 0..81 {
            if grid[cell] != 0 {
                if !rules.allows(cell, grid[cell]) {
                    return None;
                }
                rules.set(cell, grid[cell]);
            }
        }
        Some(rules)
    }

    fn box_of(cell: usize) -> usize {
        cell / 27 * 3 + cell % 9 / 3
    }

    fn allows(&self, cell: usize, digit: u8) -> bool {
        let bit = 1 << digit;
        (self.in_row[cell / 9] | self.in_column[cell % 9] | self.in_box[Self::box_of(cell)]) & bit
            == 0
    }

    fn set(&mut self, cell: usize, digit: u8) {
        let bit = 1 << digit;
        self.grid[cell] = digit;
        self.in_row[cell / 9] |= bit;
        self.in_column[cell % 9] |= bit;
        self.in_box[Self::box_of(cell)] |= bit;
    }

    fn clear(&mut self, cell: usize) {
        let bit = !(1 << self.grid[cell]);
        self.in_row[cell / 9] &= bit;
        self.in_column[cell % 9] &= bit;
        self.in_box[Self::box_of(cell)] &= bit;
        self.grid[cell] = 0;
    }

    /// Counts one placement; false once the cap is reached.
    fn spend_node(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.cap
    }
}

/// Plain row-major backtracking for Sudoku, trying at most `cap` placements.
///
/// ```
/// let run = xtask::baseline::sudoku(&[0; 81], 1_000_000);
/// assert_eq!(run.solution.unwrap()[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// assert!(!run.capped);
/// ```
pub fn sudoku(grid: &Grid, cap: u64) -> BaselineRun {
    let Some(mut rules) = Rules::new(grid, cap) else {
        return BaselineRun {
            solution: None,
            nodes: 0,
            capped: false,
        };
    };
    let found = fill_sudoku(&mut rules, 0);
    BaselineRun {
        solution: (found == Some(true)).then_some(rules.grid),
        nodes: rules.nodes.min(cap),
        capped: found.is_none(),
    }
}

/// Fills the cells from `cell` on. `Some(true)`: done; `Some(false)`: no way; `None`: cap.
fn fill_sudoku(rules: &mut Rules, cell: usize) -> Option<bool> {
    let Some(cell) = (cell..81).find(|&cell| rules.grid[cell] == 0) else {
        return Some(true);
    };
    for digit in 1..=9 {
        if rules.allows(cell, digit) {
            if !rules.spend_node() {
                return None;
            }
            rules.set(cell, digit);
            if fill_sudoku(rules, cell + 1)? {
                return Some(true);
            }
            rules.clear(cell);
        }
    }
    Some(false)
}

/// Plain row-major backtracking for Su-domino-ku: `givens` holds the digits of the singles
/// and the laid tiles, `used_tiles` the tiles laid (bit `9 × low + high` for digits
/// `low < high`). The first empty cell must be covered by a tile reaching right or down
/// (everything before it is covered); every digit pair and direction is tried in order.
///
/// ```
/// let run = xtask::baseline::domino(&[0; 81], 0, 10);
/// assert!(run.capped); // an empty grid is far too much for 10 placements
/// ```
pub fn domino(givens: &Grid, used_tiles: u128, cap: u64) -> BaselineRun {
    let Some(mut rules) = Rules::new(givens, cap) else {
        return BaselineRun {
            solution: None,
            nodes: 0,
            capped: false,
        };
    };
    let mut used = used_tiles;
    let found = fill_domino(&mut rules, &mut used, 0);
    BaselineRun {
        solution: (found == Some(true)).then_some(rules.grid),
        nodes: rules.nodes.min(cap),
        capped: found.is_none(),
    }
}

fn fill_domino(rules: &mut Rules, used: &mut u128, cell: usize) -> Option<bool> {
    let Some(cell) = (cell..81).find(|&cell| rules.grid[cell] == 0) else {
        return Some(true);
    };
    let right = (cell % 9 < 8 && rules.grid[cell + 1] == 0).then_some(cell + 1);
    let below = (cell < 72 && rules.grid[cell + 9] == 0).then_some(cell + 9);
    for partner in [right, below].into_iter().flatten() {
        for first in 1..=9 {
            if !rules.allows(cell, first) {
                continue;
            }
            for second in 1..=9 {
                let tile = 1u128 << (9 * first.min(second) + first.max(second));
                if first == second || *used & tile != 0 || !rules.allows(partner, second) {
                    continue;
                }
                if !rules.spend_node() {
                    return None;
                }
                rules.set(cell, first);
                // The partner may share the cell's row, column or box: check it again.
                if rules.allows(partner, second) {
                    rules.set(partner, second);
                    *used |= tile;
                    if fill_domino(rules, used, cell + 1)? {
                        return Some(true);
                    }
                    *used &= !tile;
                    rules.clear(partner);
                }
                rules.clear(cell);
            }
        }
    }
    Some(false)
}

/// The tile bit [`domino`] uses for digits `a` and `b`.
pub fn tile_bit(a: u8, b: u8) -> u128 {
    1u128 << (9 * a.min(b) + a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn sudoku_baseline_finds_the_smallest_completion() {
        let mut grid = [0; 81];
        grid[0] = 5;
        grid[40] = 1;
        let run = sudoku(&grid, u64::MAX);
        assert_eq!(run.solution, reference::smallest_completion(&grid));
        let mut clashing = grid;
        clashing[1] = 5;
        assert_eq!(sudoku(&clashing, u64::MAX).solution, None);
    }

    #[test]
    fn sudoku_baseline_stops_at_its_cap() {
        let run = sudoku(&[0; 81], 10);
        assert!(run.capped);
        assert_eq!(run.solution, None);
        assert_eq!(run.nodes, 10);
    }

    #[test]
    fn domino_baseline_solves_a_generated_puzzle() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let (puzzle, grid) = crate::domino::generate_puzzle(&mut rng, 35);
        let used = puzzle.tiles.iter().fold(0, |used, tile| {
            used | tile_bit(tile.first_digit, tile.second_digit)
        });
        let run = domino(&puzzle.givens(), used, 100_000_000);
        assert_eq!(run.solution, Some(grid));
    }
}
