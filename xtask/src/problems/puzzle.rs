//! One puzzle as a problem's solver takes it: [`Puzzle`], the one enum of the kinds of
//! puzzle the tooling knows. What the subcommands ask of any puzzle (its givens, its dominoes,
//! the smaller puzzles that shrinking tries, whether a grid solves it, an isomorph) is
//! answered here, once per kind, so that no code outside `problems/` asks which kind a
//! puzzle is.

use crate::problems::su_domino_ku;
use crate::reference::domino::{has_tiling_for, reference_grids, Grids, REFERENCE_BUDGET};
use crate::reference::generate::Symmetry;
use crate::reference::{completion_fault, count_completions, Grid};

/// One puzzle, as a problem's solver takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// A Sudoku grid, 0 for a blank.
    Sudoku {
        /// The givens.
        grid: Grid,
    },
    /// A Su-domino-ku puzzle, as p4574 reads it.
    SuDominoKu {
        /// The dominoes laid and the single digits.
        puzzle: p4574::Puzzle,
    },
}

/// The fewest dominoes a Su-domino-ku puzzle lays, as the statement says; shrinking keeps
/// them.
const FEWEST_DOMINOES: usize = 10;

impl Puzzle {
    /// The grid of the given digits, 0 on every other cell.
    pub fn givens(&self) -> Grid {
        match self {
            Puzzle::Sudoku { grid } => *grid,
            Puzzle::SuDominoKu { puzzle } => puzzle.given_grid(),
        }
    }

    /// The cells of each domino the puzzle lays (none for Sudoku): what a trace page draws.
    pub fn given_dominoes(&self) -> Vec<[usize; 2]> {
        match self {
            Puzzle::Sudoku { .. } => Vec::new(),
            Puzzle::SuDominoKu { puzzle } => {
                puzzle.dominoes.iter().map(|domino| domino.cells).collect()
            }
        }
    }

    /// The grid of a plain Sudoku puzzle, which the ladder's rungs solve; `None` for
    /// another kind.
    pub fn sudoku_grid(&self) -> Option<&Grid> {
        match self {
            Puzzle::Sudoku { grid } => Some(grid),
            Puzzle::SuDominoKu { .. } => None,
        }
    }

    /// The puzzles one step smaller, which shrinking a failure tries: one given fewer, or
    /// one laid domino fewer (down to the fewest the statement allows).
    pub fn smaller(&self) -> Vec<Puzzle> {
        match self {
            Puzzle::Sudoku { grid } => (0..81)
                .filter(|&cell| grid[cell] != 0)
                .map(|cell| {
                    let mut smaller = *grid;
                    smaller[cell] = 0;
                    Puzzle::Sudoku { grid: smaller }
                })
                .collect(),
            Puzzle::SuDominoKu { puzzle } => {
                let dominoes = puzzle.dominoes.len();
                let removable = if dominoes > FEWEST_DOMINOES {
                    0..dominoes
                } else {
                    0..0
                };
                removable
                    .map(|domino| {
                        let mut smaller = puzzle.clone();
                        smaller.dominoes.remove(domino);
                        Puzzle::SuDominoKu { puzzle: smaller }
                    })
                    .collect()
            }
        }
    }

    /// Why this puzzle, number `number` of its input (from 1), has no answer, in words:
    /// `the grid has no completion`, `puzzle 2 has no solved grid`.
    pub fn without_answer(&self, number: usize) -> String {
        match self {
            Puzzle::Sudoku { .. } => "the grid has no completion".to_string(),
            Puzzle::SuDominoKu { .. } => format!("puzzle {number} has no solved grid"),
        }
    }

    /// Why `answer` does not solve the puzzle, or `None` when it does: for Sudoku a
    /// completion of the givens, for Su-domino-ku also a grid that the puzzle's dominoes and
    /// the unused ones spell. Checked by the reference, which shares no code with the
    /// solutions.
    pub fn why_not_solved_by(&self, answer: &Grid) -> Option<String> {
        if let Some(fault) = completion_fault(&self.givens(), answer) {
            return Some(fault);
        }
        match self {
            Puzzle::Sudoku { .. } => None,
            Puzzle::SuDominoKu { puzzle } => {
                let reference = su_domino_ku::reference_puzzle(puzzle);
                let tiled = has_tiling_for(&reference, answer);
                (!tiled).then(|| "no tiling with the 36 dominoes spells this grid".to_string())
            }
        }
    }

    /// Whether the puzzle has an answer (a completion, a solved grid), as the reference
    /// solvers find, which share no code with the solutions; `None` when they cannot tell
    /// within their budget.
    pub fn reference_has_answer(&self) -> Option<bool> {
        match self {
            Puzzle::Sudoku { grid } => Some(count_completions(grid, 1) > 0),
            Puzzle::SuDominoKu { puzzle } => {
                let reference = su_domino_ku::reference_puzzle(puzzle);
                match reference_grids(&reference, REFERENCE_BUDGET) {
                    Grids::None => Some(false),
                    Grids::One(_) | Grids::Several(..) => Some(true),
                    Grids::Unknown => None,
                }
            }
        }
    }

    /// The puzzle under `symmetry` (see [`Symmetry`]), or `None` for a kind it does not
    /// apply to: Su-domino-ku's dominoes lie across rows and columns that it moves apart.
    pub fn isomorph(&self, symmetry: &Symmetry) -> Option<Puzzle> {
        match self {
            Puzzle::Sudoku { grid } => Some(Puzzle::Sudoku {
                grid: symmetry.apply(grid),
            }),
            Puzzle::SuDominoKu { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_removes_one_given_at_a_time() {
        let smaller = Puzzle::Sudoku { grid: [5; 81] }.smaller();
        assert_eq!(smaller.len(), 81);
        assert!(smaller.iter().all(|puzzle| puzzle
            .givens()
            .iter()
            .filter(|&&digit| digit == 0)
            .count()
            == 1));
    }
}
