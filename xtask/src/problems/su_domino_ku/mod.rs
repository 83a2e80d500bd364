//! What the Su-domino-ku problems of the table share: their family ([`FAMILY`]: cell
//! names, random and hard puzzles, the bench sets, the textbook baseline in [`textbook`],
//! and the generator of `cargo xtask generate`), the judge's format ([`FORMAT`]), the
//! reference's answer and the judge's promise.
//!
//! The solution reads a puzzle into its own type, [`p4574::Puzzle`], which the solvers
//! take; the reference solvers and generators have theirs, [`domino::Puzzle`], written
//! again from the statement. The two meet only here ([`reference_puzzle`],
//! [`solution_puzzle`]).

pub mod textbook;

use std::io::BufRead;
use std::ops::RangeInclusive;

use anyhow::{anyhow, Result};
use common::input::{Error, Lines};
use common::ladder::rung0_textbook;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::problems::{
    Baseline, EachPuzzle, Family, Format, JudgeFiles, Promise, Puzzle, ReferenceAnswer,
};
use crate::reference::domino::{self, generate_puzzle, reference_grids, Grids, REFERENCE_BUDGET};
use crate::reference::Grid;

/// What every Su-domino-ku problem shares.
pub const FAMILY: Family = Family {
    name: "Su-domino-ku",
    plain_sudoku: false,
    cell_name: domino::location,
    stress_case,
    hard_cases,
    bench_sets: &[
        "problems/p4574/samples/sample-1.in",
        "problems/p4574/samples/sample-2.in",
        "data/sudominoku_generated_1000.in",
    ],
    read_bench_file,
    baseline: Baseline {
        label: "baseline-su-domino-ku",
        solve: |puzzle| textbook::solve_puzzle(self::puzzle(puzzle), rung0_textbook::CAP),
    },
    generator: Some(generate),
};

/// The judge's format: puzzles, each its dominoes and single digits, then a line `0`; each
/// answer `Puzzle N` and the grid.
pub const FORMAT: Format = Format {
    read: read_puzzles,
    input_text: |puzzles| {
        let puzzles: Vec<domino::Puzzle> = puzzles
            .iter()
            .map(|puzzle| reference_puzzle(self::puzzle(puzzle)))
            .collect();
        domino::input_text(&puzzles)
    },
    answer_text: domino::answer_text,
};

/// The judge's promise: every puzzle has exactly one solved grid.
pub const ONE_SOLVED_GRID: Promise = Promise {
    words: "every puzzle has exactly one solved grid",
    // A puzzle with several grids is undecided before this.
    keeps: |_, answer| answer.is_found(),
};

/// The puzzle of a Su-domino-ku problem (see [`sudoku::grid`](super::sudoku::grid)).
pub fn puzzle(puzzle: &Puzzle) -> &p4574::Puzzle {
    match puzzle {
        Puzzle::SuDominoKu { puzzle } => puzzle,
        Puzzle::Sudoku { .. } => unreachable!("a Su-domino-ku solver is given its puzzles only"),
    }
}

/// The puzzle's one solved grid as the reference finds it within its budget: undecided
/// when there are several, or when the budget runs out.
pub fn reference_answer(puzzle: &Puzzle) -> ReferenceAnswer {
    match reference_grids(&reference_puzzle(self::puzzle(puzzle)), REFERENCE_BUDGET) {
        Grids::One(grid) => ReferenceAnswer::Found { grid },
        Grids::None => ReferenceAnswer::NoAnswer,
        Grids::Several(..) | Grids::Unknown => ReferenceAnswer::Undecided,
    }
}

/// The reference's copy of a puzzle the solution read.
pub fn reference_puzzle(puzzle: &p4574::Puzzle) -> domino::Puzzle {
    let dominoes = puzzle.dominoes.iter().map(|domino| domino::Domino {
        digits: domino.digits,
        cells: domino.cells,
    });
    domino::Puzzle {
        dominoes: dominoes.collect(),
        singles: puzzle.single_cells,
    }
}

/// The solution's copy of a puzzle the reference made.
pub fn solution_puzzle(puzzle: &domino::Puzzle) -> p4574::Puzzle {
    let dominoes = puzzle.dominoes.iter().map(|domino| p4574::Placement {
        cells: domino.cells,
        digits: domino.digits,
    });
    p4574::Puzzle {
        dominoes: dominoes.collect(),
        single_cells: puzzle.singles,
    }
}

/// Reads the puzzles of a judge input as the solution reads them (its own reader,
/// [`p4574::read_puzzle`]), each error naming the puzzle.
fn read_puzzles(input: &mut dyn BufRead, each: &mut EachPuzzle<'_>) -> Result<()> {
    let mut lines = Lines::new(input);
    for number in 1.. {
        match p4574::read_puzzle(&mut lines) {
            Ok(Some(puzzle)) => each(Puzzle::SuDominoKu { puzzle })?,
            Ok(None) => break,
            Err(error) => {
                let puzzle = Some(number);
                return Err(anyhow!("{}", Error { puzzle, ..error }));
            }
        }
    }
    Ok(())
}

/// The puzzles of a bench file: a judge input.
fn read_bench_file(text: &str) -> Result<Vec<Puzzle>> {
    let mut puzzles = Vec::new();
    read_puzzles(&mut text.as_bytes(), &mut |puzzle| {
        puzzles.push(puzzle);
        Ok(())
    })?;
    Ok(puzzles)
}

/// A random stress input: one to three generated puzzles with one solved grid each (10 to
/// 35 dominoes, inclusive), sometimes with one domino's digit changed so that some have no
/// grid.
fn stress_case(rng: &mut StdRng) -> Vec<Puzzle> {
    let count = rng.random_range(1..=3);
    (0..count)
        .map(|_| {
            let min_dominoes = if rng.random_bool(0.5) {
                10
            } else {
                rng.random_range(10..=35)
            };
            let (mut puzzle, _) = generate_puzzle(rng, min_dominoes);
            if rng.random_bool(0.2) {
                let domino = rng.random_range(0..puzzle.dominoes.len());
                let digit = rng.random_range(1..=9);
                if digit != puzzle.dominoes[domino].digits[1] {
                    puzzle.dominoes[domino].digits[0] = digit;
                }
            }
            Puzzle::SuDominoKu {
                puzzle: solution_puzzle(&puzzle),
            }
        })
        .collect()
}

/// The hard puzzles: three with 10 dominoes, the fewest the statement allows, each an input
/// of its own.
fn hard_cases() -> Result<Vec<Vec<Puzzle>>> {
    let hard_puzzle = |seed| {
        let (puzzle, _) = generate_puzzle(&mut StdRng::seed_from_u64(seed), 10);
        vec![Puzzle::SuDominoKu {
            puzzle: solution_puzzle(&puzzle),
        }]
    };
    Ok((0..3).map(hard_puzzle).collect())
}

/// `count` generated puzzles, each with one solved grid (proved by the reference) and at
/// least its number of laid dominoes drawn from `fewest_dominoes`, as a judge input and output.
fn generate(rng: &mut StdRng, count: usize, fewest_dominoes: RangeInclusive<usize>) -> JudgeFiles {
    let mut puzzle = || {
        let min_dominoes = rng.random_range(fewest_dominoes.clone());
        generate_puzzle(rng, min_dominoes)
    };
    let (puzzles, grids): (Vec<_>, Vec<Grid>) = (0..count).map(|_| puzzle()).unzip();
    JudgeFiles {
        input: domino::input_text(&puzzles),
        output: domino::output_text(&grids),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_copies_of_a_puzzle_agree() {
        let (puzzle, grid) = generate_puzzle(&mut StdRng::seed_from_u64(4), 12);
        let solution = solution_puzzle(&puzzle);
        assert_eq!(reference_puzzle(&solution), puzzle);
        assert_eq!(
            reference_answer(&Puzzle::SuDominoKu { puzzle: solution }),
            ReferenceAnswer::Found { grid }
        );
    }

    #[test]
    fn the_generator_writes_its_puzzles_and_their_answers() {
        let files = generate(&mut StdRng::seed_from_u64(1), 2, 30..=35);
        let puzzles = read_bench_file(&files.input).unwrap();
        assert_eq!(puzzles.len(), 2);
        assert!(files.output.starts_with("Puzzle 1\n"));
        assert!(files.output.contains("Puzzle 2\n"));
    }
}
