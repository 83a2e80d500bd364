//! What the solutions are judged against, built apart from them: the reference solvers
//! and the generators of puzzles.
//!
//! This module is the reference Sudoku solver (the smallest-completion oracle and a
//! validity check); [`exact_cover`] is the engine of both reference solvers, [`domino`]
//! the Su-domino-ku format, reference solver and generator, and [`generate`] random grids
//! and puzzles.
//!
//! None of it shares code with `common` or the problem crates: rows, columns and boxes are
//! computed here again, and the search is [`ExactCover`] rather than candidate masks. The
//! tests and `cargo xtask stress` compare the solutions against it.

pub mod domino;
pub mod exact_cover;
pub mod generate;

use std::sync::OnceLock;

use crate::reference::exact_cover::ExactCover;

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; 81];

/// Sudoku as exact cover. Items: `cell` (0..81), then "digit in row", "digit in column",
/// "digit in box" (81 each, see [`unit_items`]). Option `cell * 9 + digit - 1` puts
/// `digit` in `cell`.
fn sudoku_problem() -> &'static ExactCover {
    static PROBLEM: OnceLock<ExactCover> = OnceLock::new();
    PROBLEM.get_or_init(|| {
        let option = |index: usize| {
            let (cell, digit) = (index / 9, (index % 9) as u8 + 1);
            let [row, column, square] = unit_items(cell, digit);
            vec![cell, row, column, square]
        };
        ExactCover::new(324, (0..729).map(option).collect())
    })
}

/// The items "digit in row", "digit in column" and "digit in box" of `digit` in `cell`:
/// 81 + row * 9 + digit - 1, and so on, after the 81 items of the cells.
pub(crate) fn unit_items(cell: usize, digit: u8) -> [usize; 3] {
    let (row, column) = (cell / 9, cell % 9);
    let square = row / 3 * 3 + column / 3;
    [81 + row * 9, 162 + column * 9, 243 + square * 9].map(|item| item + digit as usize - 1)
}

fn forced_options(grid: &Grid) -> Vec<usize> {
    (0..81)
        .filter(|&cell| grid[cell] != 0)
        .map(|cell| cell * 9 + grid[cell] as usize - 1)
        .collect()
}

fn grid_of(chosen: &[usize]) -> Grid {
    let mut grid = [0; 81];
    for &option in chosen {
        grid[option / 9] = (option % 9) as u8 + 1;
    }
    grid
}

/// Up to `limit` completions of `grid`, in the reference's search order.
pub fn completions(grid: &Grid, limit: usize) -> Vec<Grid> {
    completions_within(grid, limit, u64::MAX)
}

/// The first completion of `grid` that the reference finds within `node_budget` search
/// nodes, or `None` (no completion, or the budget ran out).
pub fn first_completion_within(grid: &Grid, node_budget: u64) -> Option<Grid> {
    completions_within(grid, 1, node_budget).pop()
}

/// Up to `limit` completions of `grid`, found within `node_budget` search nodes.
fn completions_within(grid: &Grid, limit: usize, node_budget: u64) -> Vec<Grid> {
    let mut found = Vec::new();
    sudoku_problem().search(&forced_options(grid), node_budget, |chosen| {
        found.push(grid_of(chosen));
        found.len() < limit
    });
    found.truncate(limit);
    found
}

/// The number of completions of `grid`, counting no further than `limit`.
pub fn count_completions(grid: &Grid, limit: usize) -> usize {
    sudoku_problem().count(&forced_options(grid), limit)
}

/// The smallest completion in reading order, found the obvious way: for each empty cell
/// in row-major order, the smallest digit that leaves the grid completable.
pub fn smallest_completion(grid: &Grid) -> Option<Grid> {
    let mut grid = *grid;
    if count_completions(&grid, 1) == 0 {
        return None;
    }
    for cell in 0..81 {
        if grid[cell] != 0 {
            continue;
        }
        // Some digit keeps the grid completable, since the grid was completable.
        let completable = |digit: &u8| {
            let mut trial = grid;
            trial[cell] = *digit;
            count_completions(&trial, 1) == 1
        };
        grid[cell] = (1..=9)
            .find(completable)
            .expect("a completable grid stays completable");
    }
    Some(grid)
}

/// Why `answer` is not a completion of `givens`, or `None` when it is one: the first cell
/// that holds no digit 1 to 9 or changes a given, else the first row, then column, then
/// box that holds a digit twice (nine digits 1 to 9 with no repeat are each digit once).
pub fn completion_fault(givens: &Grid, answer: &Grid) -> Option<String> {
    for cell in 0..81 {
        let place = format!("row {}, column {}", cell / 9 + 1, cell % 9 + 1);
        if !(1..=9).contains(&answer[cell]) {
            return Some(format!("{place} holds {}", answer[cell]));
        }
        if givens[cell] != 0 && givens[cell] != answer[cell] {
            let (given, answer) = (givens[cell], answer[cell]);
            return Some(format!("{place}: given {given} was changed to {answer}"));
        }
    }
    for kind in ["row", "column", "box"] {
        for index in 0..9 {
            // A box's top row and left column, counted from 0.
            let (top, left) = (index / 3 * 3, index % 3 * 3);
            let cells: [usize; 9] = std::array::from_fn(|k| match kind {
                "row" => index * 9 + k,
                "column" => k * 9 + index,
                _ => (top + k / 3) * 9 + left + k % 3,
            });
            let mut seen = [false; 10];
            for cell in cells {
                let digit = answer[cell] as usize;
                if std::mem::replace(&mut seen[digit], true) {
                    let (number, top, left) = (index + 1, top + 1, left + 1);
                    let unit = match kind {
                        "box" => {
                            let (bottom, right) = (top + 2, left + 2);
                            format!("box {number} (rows {top}-{bottom}, columns {left}-{right})")
                        }
                        _ => format!("{kind} {number}"),
                    };
                    return Some(format!("{unit} holds {digit} twice"));
                }
            }
        }
    }
    None
}

/// Reads a grid written as 81 characters, digits for givens and `.` or `0` for blanks.
pub fn grid_from_line(line: &str) -> Option<Grid> {
    let bytes = line.trim().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut grid = [0; 81];
    for (cell, &byte) in bytes.iter().enumerate() {
        grid[cell] = match byte {
            b'.' | b'0' => 0,
            b'1'..=b'9' => byte - b'0',
            _ => return None,
        };
    }
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_grid_has_many_completions_and_a_known_smallest() {
        assert_eq!(count_completions(&[0; 81], 5), 5);
        let smallest = smallest_completion(&[0; 81]).unwrap();
        let first_rows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3];
        assert_eq!(smallest[..18], first_rows);
        assert_eq!(completion_fault(&[0; 81], &smallest), None);
    }

    #[test]
    fn clashing_givens_have_no_completion() {
        let mut grid = [0; 81];
        grid[0] = 4;
        grid[80] = 4;
        assert_eq!(count_completions(&grid, 2), 2);
        grid[40] = 4;
        grid[44] = 4; // same row as cell 40
        assert_eq!(count_completions(&grid, 2), 0);
        assert_eq!(smallest_completion(&grid), None);
    }

    #[test]
    fn completion_fault_names_the_problem() {
        let solution = completions(&[0; 81], 1)[0];
        assert_eq!(completion_fault(&[0; 81], &solution), None);
        let mut broken = solution;
        broken.swap(0, 1);
        assert!(completion_fault(&[0; 81], &broken)
            .unwrap()
            .contains("twice"));
        let mut givens = [0; 81];
        givens[5] = solution[5] % 9 + 1;
        assert!(completion_fault(&givens, &solution)
            .unwrap()
            .contains("row 1, column 6: given"));
    }

    #[test]
    fn lines_are_read_as_grids() {
        let line = format!("1{}", ".".repeat(80));
        let grid = grid_from_line(&line).unwrap();
        assert_eq!(grid[0], 1);
        assert!(grid[1..].iter().all(|&digit| digit == 0));
        assert_eq!(grid_from_line("12"), None);
    }
}
