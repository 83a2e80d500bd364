//! What the Sudoku problems of the table share: their family ([`FAMILY`]: cell names,
//! random and hard grids, the bench sets, the textbook baseline), the two ways their grids
//! are written ([`PACKED_ROWS`], [`SPACED_ROWS`]), the reference's answer and the judge's
//! promises. An entry of a new Sudoku problem takes what fits from here.

use std::io::BufRead;

use anyhow::{anyhow, Result};
use common::grid_reader::{read_grid, RowFormat};
use common::ladder::{rung0_textbook, Outcome, Solver};
use rand::rngs::StdRng;

use crate::problems::{
    data, Baseline, EachPuzzle, Family, Format, Promise, Puzzle, ReferenceAnswer,
};
use crate::reference::generate::stress_grid;
use crate::reference::{self, Grid};

/// What every Sudoku problem shares.
pub const FAMILY: Family = Family {
    name: "Sudoku",
    plain_sudoku: true,
    cell_name: row_column_name,
    stress_case,
    hard_cases,
    bench_sets: BENCH_SETS,
    read_bench_file,
    baseline: Baseline {
        label: "baseline",
        solve: textbook_backtracking,
    },
    generator: None,
};

/// One grid, nine rows of nine digits written together, `0` for a blank, as 2239 reads
/// and answers.
pub const PACKED_ROWS: Format = Format {
    read: |input, each| read_one_grid(input, RowFormat::Packed, each),
    input_text: |puzzles| rows_of_the_grid(puzzles, ""),
    answer_text: |_, grid| rows(grid, ""),
};

/// One grid, nine rows of nine digits separated by spaces, as 2580 reads and answers.
pub const SPACED_ROWS: Format = Format {
    read: |input, each| read_one_grid(input, RowFormat::Spaced, each),
    input_text: |puzzles| rows_of_the_grid(puzzles, " "),
    answer_text: |_, grid| rows(grid, " "),
};

/// The judge's promise of 2580: the grid has a completion.
pub const COMPLETION: Promise = Promise {
    words: "the grid has a completion",
    keeps: |_, answer| answer.is_found(),
};

/// The judge's promise of 2239: the grid has a completion, which plain row-major
/// backtracking (the ladder's rung 0) finds within its cap.
pub const COMPLETION_WITHIN_TEXTBOOK_BACKTRACKING: Promise = Promise {
    words: "the grid has a completion, which plain row-major backtracking finds within \
            2,000,000 guesses (rung 0's cap; the judge does not publish its own)",
    keeps: |puzzle, answer| answer.is_found() && !textbook_backtracking(puzzle).capped,
};

/// The Sudoku sets of `data/` (see `data/SOURCES.md`), which `bench` times for the Sudoku
/// problems and the ladder.
pub const BENCH_SETS: &[&str] = &[
    "data/forum_hardest_1106.txt",
    "data/magictour_top1465.txt",
    "data/forum_hardest_1905_11plus_2000.txt",
    "data/17_clue_2000.txt",
    "data/serg_benchmark_multisolution_1000.txt",
    "data/tdoku_test_puzzles_with_counts.txt",
    "data/special.txt",
];

/// The grid of a Sudoku problem's puzzle: an entry reads its problem's puzzles in its own
/// format, so a Sudoku solver is never given another kind.
pub fn grid(puzzle: &Puzzle) -> &Grid {
    puzzle
        .sudoku_grid()
        .expect("a Sudoku solver is given Sudoku puzzles only")
}

/// The reference's smallest completion of the grid (in reading order), or that it has
/// none.
pub fn smallest_completion(puzzle: &Puzzle) -> ReferenceAnswer {
    match reference::smallest_completion(grid(puzzle)) {
        Some(grid) => ReferenceAnswer::Found { grid },
        None => ReferenceAnswer::NoAnswer,
    }
}

/// Reads one grid of `input` in `row_format`, and hands it on.
fn read_one_grid(
    input: &mut dyn BufRead,
    row_format: RowFormat,
    each: &mut EachPuzzle<'_>,
) -> Result<()> {
    let grid = read_grid(input, row_format).map_err(|error| anyhow!("{error}"))?;
    each(Puzzle::Sudoku { grid })
}

/// The input of a Sudoku case: its one grid as rows.
fn rows_of_the_grid(puzzles: &[Puzzle], separator: &str) -> String {
    puzzles
        .iter()
        .map(|puzzle| rows(grid(puzzle), separator))
        .collect()
}

/// A grid as nine rows of digits with `separator` between them, each row ending a line.
fn rows(grid: &Grid, separator: &str) -> String {
    let digits = |row: &[u8]| row.iter().map(u8::to_string).collect::<Vec<_>>();
    grid.chunks(9)
        .map(|row| digits(row).join(separator) + "\n")
        .collect()
}

/// `r3c5`: row 3, column 5, counted from 1.
fn row_column_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A random Sudoku stress input: a solved grid with holes (see [`stress_grid`]).
fn stress_case(rng: &mut StdRng) -> Vec<Puzzle> {
    vec![Puzzle::Sudoku {
        grid: stress_grid(rng),
    }]
}

/// How many hard puzzles of each source `--hard` takes.
const HARD_PUZZLES_PER_SET: usize = 2;

/// The hard grids: the two of `data/special.txt` (the empty grid, and the puzzle built
/// against row-major backtracking) and the first puzzles of the 17-clue set and of
/// forum_hardest_1106.
fn hard_cases() -> Result<Vec<Vec<Puzzle>>> {
    let mut grids = data::load_puzzles("special.txt").map_err(anyhow::Error::msg)?;
    for set in ["17_clue_2000.txt", "forum_hardest_1106.txt"] {
        let set = data::load_puzzles(set).map_err(anyhow::Error::msg)?;
        grids.extend(set.into_iter().take(HARD_PUZZLES_PER_SET));
    }
    Ok(grids
        .into_iter()
        .map(|grid| vec![Puzzle::Sudoku { grid }])
        .collect())
}

/// The puzzles of a bench file: one grid per line (see [`data::parse_puzzle_lines`]).
fn read_bench_file(text: &str) -> Result<Vec<Puzzle>> {
    let grids = data::parse_puzzle_lines(text).map_err(anyhow::Error::msg)?;
    Ok(grids
        .into_iter()
        .map(|grid| Puzzle::Sudoku { grid })
        .collect())
}

/// Plain row-major backtracking, capped: the ladder's rung 0.
fn textbook_backtracking(puzzle: &Puzzle) -> Outcome {
    rung0_textbook::SEARCH.solve(grid(puzzle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_is_written_as_it_is_read() {
        let grid = data::load_puzzles("magictour_top1465.txt").unwrap()[0];
        for format in [PACKED_ROWS, SPACED_ROWS] {
            let text = (format.input_text)(&[Puzzle::Sudoku { grid }]);
            let mut read = Vec::new();
            (format.read)(&mut text.as_bytes(), &mut |puzzle| {
                read.push(puzzle);
                Ok(())
            })
            .unwrap();
            assert_eq!(read, [Puzzle::Sudoku { grid }]);
        }
        let spaced = rows(&grid, " ");
        assert_eq!(spaced.lines().count(), 9);
        assert!(spaced.lines().all(|line| line.len() == 17), "{spaced}");
    }

    #[test]
    fn hard_cases_are_one_grid_each() {
        let cases = hard_cases().unwrap();
        assert_eq!(cases.len(), 2 + 2 * HARD_PUZZLES_PER_SET);
        assert!(cases.iter().all(|case| case.len() == 1));
    }
}
