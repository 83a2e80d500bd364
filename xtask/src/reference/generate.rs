//! Random Sudoku grids and puzzles for the property tests and `cargo xtask stress`.
//!
//! Every function takes the random number generator as an argument, so a seed replays
//! the same puzzles.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};

use crate::reference::{self, Grid};

/// A random solved grid, made one of two ways (chosen at random):
/// - a fixed valid pattern under a random symmetry (digits renamed, rows moved within
///   their band, bands moved, columns and stacks likewise, maybe transposed), or
/// - the reference solver completing a few random non-clashing digits.
pub fn solved_grid(rng: &mut impl Rng) -> Grid {
    if rng.random_bool(0.5) {
        shuffled_pattern(rng)
    } else {
        completed_seed(rng)
    }
}

/// The pattern grid `(3r + r/3 + c) mod 9 + 1` under a random symmetry of Sudoku.
pub fn shuffled_pattern(rng: &mut impl Rng) -> Grid {
    let pattern = std::array::from_fn(|cell| {
        let (row, column) = (cell / 9, cell % 9);
        ((row * 3 + row / 3 + column) % 9) as u8 + 1
    });
    Symmetry::random(rng).apply(&pattern)
}

/// A symmetry of Sudoku: digits renamed, the bands in a new order and the rows inside each
/// band too, the stacks and the columns inside each stack likewise, and maybe a
/// transposition. It maps every solved grid to a solved grid, and every puzzle to an
/// *isomorph* with as many completions, each the image of one of the original's; only a
/// solver's luck with one orientation can tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The new name of each digit (`0`, a blank, stays `0`).
    digit_names: [u8; 10],
    /// For each cell of the image, the cell of the original it comes from.
    source: [usize; 81],
}

impl Symmetry {
    /// A symmetry drawn at random, each of the 9! × 1296² × 2 equally likely.
    pub fn random(rng: &mut impl Rng) -> Symmetry {
        let mut names: Vec<u8> = (1..=9).collect();
        names.shuffle(rng);
        let mut digit_names = [0; 10];
        digit_names[1..].copy_from_slice(&names);
        let rows = shuffled_lines(rng);
        let columns = shuffled_lines(rng);
        let transpose = rng.random_bool(0.5);
        let source = std::array::from_fn(|cell| {
            let (row, column) = (cell / 9, cell % 9);
            let (row, column) = if transpose {
                (column, row)
            } else {
                (row, column)
            };
            rows[row] * 9 + columns[column]
        });
        Symmetry {
            digit_names,
            source,
        }
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        std::array::from_fn(|cell| self.digit_names[grid[self.source[cell]] as usize])
    }
}

/// A random order of the nine rows (or columns) that keeps bands together: the bands are
/// shuffled, and the three lines inside each band.
fn shuffled_lines(rng: &mut impl Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    bands.shuffle(rng);
    let mut lines = [0; 9];
    for (position, band) in bands.into_iter().enumerate() {
        let mut inside = [0, 1, 2];
        inside.shuffle(rng);
        for (offset, line) in inside.into_iter().enumerate() {
            lines[position * 3 + offset] = band * 3 + line;
        }
    }
    lines
}

/// The reference's completion of up to 11 random digits that do not clash.
pub fn completed_seed(rng: &mut impl Rng) -> Grid {
    loop {
        let mut grid = [0; 81];
        for _ in 0..11 {
            let cell = rng.random_range(0..81);
            let digit = rng.random_range(1..=9);
            if !clashes(&grid, cell, digit) {
                grid[cell] = digit;
            }
        }
        // Random digits can make a grid with no completion that takes long to refute;
        // a small budget skips those and tries new digits.
        if let Some(solution) = reference::first_completion_within(&grid, 1_000) {
            return solution;
        }
    }
}

/// Whether `digit` in `cell` would repeat a digit of `grid` in a row, column or box.
pub fn clashes(grid: &Grid, cell: usize, digit: u8) -> bool {
    (0..81).any(|other| {
        other != cell
            && grid[other] == digit
            && (other / 9 == cell / 9
                || other % 9 == cell % 9
                || (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3))
    })
}

/// `solution` with each cell emptied with probability `hole_density`.
pub fn with_holes(solution: &Grid, hole_density: f64, rng: &mut impl Rng) -> Grid {
    let mut grid = *solution;
    for digit in grid.iter_mut() {
        if rng.random_bool(hole_density) {
            *digit = 0;
        }
    }
    grid
}

/// Renames the digits of `puzzle` so that the first row of `solution` reads `987654321`:
/// a plain row-major backtracking search then tries and rejects almost every digit of the
/// first row before it finds the right one (the idea behind the well-known puzzle built
/// against brute force).
pub fn against_row_major(puzzle: &Grid, solution: &Grid) -> (Grid, Grid) {
    let mut new_name = [0u8; 10];
    for column in 0..9 {
        new_name[solution[column] as usize] = 9 - column as u8;
    }
    let rename = |grid: &Grid| grid.map(|digit| new_name[digit as usize]);
    (rename(puzzle), rename(solution))
}

/// A random Sudoku input for `cargo xtask stress`: a random solved grid, holes of a random
/// density, sometimes renamed against row-major search, and sometimes one given changed
/// (which may leave no completion, or even clash).
pub fn stress_grid(rng: &mut impl Rng) -> Grid {
    let solution = solved_grid(rng);
    let density = rng.random_range(0.0..=1.0);
    let mut puzzle = with_holes(&solution, density, rng);
    if rng.random_bool(0.25) {
        puzzle = against_row_major(&puzzle, &solution).0;
    }
    if rng.random_bool(0.2) {
        let givens: Vec<usize> = (0..81).filter(|&cell| puzzle[cell] != 0).collect();
        if let Some(&cell) = givens.choose(rng) {
            puzzle[cell] = rng.random_range(1..=9);
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The grid whose image under `symmetry` is `image`: a solver's answer to the
    /// isomorph, mapped back.
    fn undo(symmetry: &Symmetry, image: &Grid) -> Grid {
        let mut old_name = [0; 10];
        for digit in 1..=9 {
            old_name[symmetry.digit_names[digit] as usize] = digit as u8;
        }
        let mut grid = [0; 81];
        for cell in 0..81 {
            grid[symmetry.source[cell]] = old_name[image[cell] as usize];
        }
        grid
    }

    #[test]
    fn solved_grids_are_valid_and_varied() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let grid = solved_grid(&mut rng);
            assert_eq!(reference::completion_fault(&[0; 81], &grid), None);
            seen.insert(grid);
        }
        assert!(seen.len() > 45);
    }

    #[test]
    fn an_isomorph_keeps_completions_and_the_answer_maps_back() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let (mut unique, mut moved) = (0, 0);
        while unique < 20 {
            let puzzle = with_holes(&solved_grid(&mut rng), 0.5, &mut rng);
            let [solution] = reference::completions(&puzzle, 2)[..] else {
                continue; // not a puzzle with one completion
            };
            unique += 1;
            let symmetry = Symmetry::random(&mut rng);
            let image = symmetry.apply(&solution);
            assert_eq!(reference::completion_fault(&[0; 81], &image), None);
            let isomorph = symmetry.apply(&puzzle);
            let answers = reference::completions(&isomorph, 2);
            assert_eq!(answers, [image], "puzzle {puzzle:?}, isomorph {isomorph:?}");
            assert_eq!(undo(&symmetry, &answers[0]), solution);
            moved += usize::from(isomorph != puzzle);
        }
        assert!(
            moved > 15,
            "only {moved} of 20 isomorphs differ from their puzzle"
        );
    }

    #[test]
    fn renaming_against_row_major_keeps_validity() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(2);
        let solution = solved_grid(&mut rng);
        let puzzle = with_holes(&solution, 0.6, &mut rng);
        let (puzzle, solution) = against_row_major(&puzzle, &solution);
        assert_eq!(solution[..9], [9, 8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(reference::completion_fault(&puzzle, &solution), None);
    }
}
