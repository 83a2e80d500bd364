//! The problems: the one table of what the tooling knows about each problem it solves
//! in-process, the one parser of problem names, and the workspace's problem crates.
//!
//! A problem is known to the tooling in two ways:
//!
//! - **By its manifest.** Every crate under `problems/` is a problem, with the judge's facts
//!   (number, limits, checker) in its `[package.metadata.boj]` table
//!   ([`workspace::Problem`]). That is all `check` and `bundle` need, so a problem made by
//!   `cargo xtask new` works with them at once.
//! - **By its entry in the table of problems** ([`KnownProblem::ALL`]). `stress`, `bench`,
//!   `trace` and `generate` call a solution's library, or the reference solvers of its
//!   puzzle, in-process, and take from its entry all they need to know of the problem:
//!   how its input is written, its solver and observed solver, how it writes an answer,
//!   how it names cells, the puzzle files `bench` times by default, the random inputs of
//!   `stress`, and its checker. They work only on the problems in the table, and say so
//!   for any other.
//!
//! Every subcommand reads a problem's name with the one parser here,
//! [`parse_problem_number`]: `p2239` or `2239`, nothing else.
//!
//! [`workspace`] finds the workspace, its problem crates, their manifests and samples;
//! [`data`] holds the puzzle sets of `data/`.

pub mod data;
pub mod workspace;

use std::fmt;
use std::io::BufRead;

use anyhow::{anyhow, Result};
use common::grid_reader::{read_grid, RowFormat};
use common::input::{quote, Error, Lines};
use common::observe::SearchObserver;
use rand::rngs::StdRng;
use rand::RngExt;

use crate::judge::checker::Checker;
use crate::reference::domino::{self, generate_puzzle};
use crate::reference::generate::stress_grid;
use crate::reference::Grid;

/// A mistake on the command line that the parser cannot see (an unknown problem name,
/// `-o` with several problems): a clap error, which `cargo xtask` reports as it reports
/// the parser's own, with exit code 2.
pub fn usage_error(message: impl fmt::Display) -> anyhow::Error {
    clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{message}\n")).into()
}

/// The problem number in `name`, which is the crate's name (`p2239`) or the bare number
/// (`2239`), written plainly: not `pp2239`, `02239`, `+2239` or `0`. The error says what
/// is wrong, in words every subcommand shows as they are: a number past `u32` is "too
/// large".
pub fn parse_problem_number(name: &str) -> Result<u32, String> {
    let digits = name.strip_prefix('p').unwrap_or(name);
    let plain = !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && !digits.starts_with('0');
    if !plain {
        return Err(format!(
            "a problem is named by its crate (p1000) or its number (1000), not {}",
            quote(name)
        ));
    }
    digits.parse::<u32>().map_err(|_| {
        format!(
            "the problem number {} is too large: problem numbers go up to {}",
            quote(name),
            u32::MAX
        )
    })
}

/// One puzzle, as a problem's solver takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// A Sudoku grid (2239, 2580), 0 for a blank.
    Sudoku {
        /// The givens.
        grid: Grid,
    },
    /// A Su-domino-ku puzzle (4574), as p4574 reads it.
    Domino {
        /// The tiles laid and the single digits.
        puzzle: p4574::Puzzle,
    },
}

impl Puzzle {
    /// The grid of the given digits, 0 on every other cell.
    pub fn givens(&self) -> Grid {
        match self {
            Puzzle::Sudoku { grid } => *grid,
            Puzzle::Domino { puzzle } => puzzle.given_grid(),
        }
    }
}

/// How a problem's input is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// One Sudoku grid, nine rows of nine digits with nothing between them (2239).
    PackedGrid,
    /// One Sudoku grid, nine rows of nine digits separated by spaces (2580).
    SpacedGrid,
    /// Su-domino-ku puzzles, each its tiles and single digits, then a line `0` (4574).
    DominoPuzzles,
}

impl InputFormat {
    /// Reads the puzzles of `input` as the problem's solution reads them (a line at a
    /// time, in bounded memory), and hands each to `each` in order. Input the solution
    /// rejects is an error with its position (the puzzles before it were handed on).
    pub fn read_each(
        self,
        input: impl BufRead,
        mut each: impl FnMut(Puzzle) -> Result<()>,
    ) -> Result<()> {
        let message = |error: Error| anyhow!("{error}");
        let row_format = match self {
            InputFormat::PackedGrid => RowFormat::Packed,
            InputFormat::SpacedGrid => RowFormat::Spaced,
            InputFormat::DominoPuzzles => {
                let mut lines = Lines::new(input);
                for number in 1.. {
                    match p4574::read_puzzle(&mut lines) {
                        Ok(Some(puzzle)) => each(Puzzle::Domino { puzzle })?,
                        Ok(None) => break,
                        Err(error) => {
                            let puzzle = Some(number);
                            return Err(message(Error { puzzle, ..error }));
                        }
                    }
                }
                return Ok(());
            }
        };
        let grid = read_grid(input, row_format).map_err(message)?;
        each(Puzzle::Sudoku { grid })
    }

    /// The input text of a stress `case`, written in this format.
    pub fn case_text(self, case: &Case) -> String {
        match case {
            Case::Grid { grid } => match self {
                InputFormat::SpacedGrid => spaced_rows(0, grid),
                _ => packed_rows(0, grid),
            },
            Case::Dominoes { puzzles } => domino::input_text(puzzles),
        }
    }
}

/// One stress input, in the form that can be shrunk (made by a problem's `stress_case`).
#[derive(Clone, Debug)]
pub enum Case {
    /// A Sudoku grid, for 2239 or 2580 (0 for a blank).
    Grid {
        /// The givens.
        grid: Grid,
    },
    /// Su-domino-ku puzzles, for 4574.
    Dominoes {
        /// The puzzles, in input order.
        puzzles: Vec<domino::Puzzle>,
    },
}

/// One entry of the table of problems: everything the tooling knows of a problem beyond
/// its manifest. The entries are [`KnownProblem::ALL`]; a subcommand finds one with
/// [`KnownProblem::named`].
#[derive(Clone, Copy)]
pub struct KnownProblem {
    /// The problem's number on the judge.
    pub number: u32,
    /// How its input is written, and so how it is read.
    pub input: InputFormat,
    /// The solution's solver: the grid it finds, or `None` when there is none.
    pub solve: fn(&Puzzle) -> Option<Grid>,
    /// The same search, reporting each step to an observer (guess counts, traces).
    pub solve_observed: fn(&Puzzle, &mut dyn SearchObserver) -> Option<Grid>,
    /// How an answer is written: the grid found for puzzle `number` (counted from 1).
    pub answer_text: fn(usize, &Grid) -> String,
    /// How a step names a cell (0..81, row-major).
    pub cell_name: fn(usize) -> String,
    /// What the solver looks for, in words: "the smallest completion".
    pub goal: &'static str,
    /// The puzzle files `bench` times when given none, relative to the workspace's root.
    pub bench_sets: &'static [&'static str],
    /// A random input for `stress`.
    pub stress_case: fn(&mut StdRng) -> Case,
    /// How an output is judged; the manifest says the same (a test checks it).
    pub checker: Checker,
    /// What the judge promises about the inputs (`stress --command` keeps to it).
    pub promise: Promise,
}

/// What the judge promises about a problem's inputs, from its statement: a program that
/// is not ours is tested inside the promise unless asked otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// The grid has a completion (2580).
    Completion,
    /// The grid has a completion, which plain row-major backtracking finds within the
    /// judge's step cap (2239).
    CompletionWithinTextbookBacktracking,
    /// Every puzzle has exactly one solved grid (4574).
    OneSolvedGridEach,
}

impl Promise {
    /// The promise in words, for the first line of `stress --command`.
    pub fn words(self) -> &'static str {
        match self {
            Promise::Completion => "the grid has a completion",
            Promise::CompletionWithinTextbookBacktracking => {
                "the grid has a completion, which plain row-major backtracking finds \
                 within 2,000,000 guesses (rung 0's cap; the judge does not publish its own)"
            }
            Promise::OneSolvedGridEach => "every puzzle has exactly one solved grid",
        }
    }
}

/// The Sudoku sets of `data/` (see `data/SOURCES.md`), which `bench` times for 2239, 2580
/// and the ladder.
const SUDOKU_BENCH_SETS: &[&str] = &[
    "data/forum_hardest_1106.txt",
    "data/magictour_top1465.txt",
    "data/forum_hardest_1905_11plus_2000.txt",
    "data/17_clue_2000.txt",
    "data/serg_benchmark_multisolution_1000.txt",
    "data/tdoku_test_puzzles_with_counts.txt",
    "data/special.txt",
];

impl KnownProblem {
    /// 2239 Sudoku: the smallest completion of one grid.
    pub const P2239: KnownProblem = KnownProblem {
        number: 2239,
        input: InputFormat::PackedGrid,
        solve: |puzzle| p2239::solve(sudoku_grid(puzzle)),
        solve_observed: |puzzle, mut observer| {
            p2239::solve_observed(sudoku_grid(puzzle), &mut observer)
        },
        answer_text: packed_rows,
        cell_name: row_column_name,
        goal: "the smallest completion",
        bench_sets: SUDOKU_BENCH_SETS,
        stress_case: sudoku_stress_case,
        checker: Checker::Exact,
        promise: Promise::CompletionWithinTextbookBacktracking,
    };

    /// 2580 Sudoku: any completion of one grid.
    pub const P2580: KnownProblem = KnownProblem {
        number: 2580,
        input: InputFormat::SpacedGrid,
        solve: |puzzle| p2580::solve(sudoku_grid(puzzle)),
        solve_observed: |puzzle, mut observer| {
            p2580::solve_observed(sudoku_grid(puzzle), &mut observer)
        },
        answer_text: spaced_rows,
        cell_name: row_column_name,
        goal: "any completion",
        bench_sets: SUDOKU_BENCH_SETS,
        stress_case: sudoku_stress_case,
        checker: Checker::Sudoku,
        promise: Promise::Completion,
    };

    /// 4574 Su-domino-ku: several puzzles of tiles, each with its one solved grid.
    pub const P4574: KnownProblem = KnownProblem {
        number: 4574,
        input: InputFormat::DominoPuzzles,
        solve: |puzzle| p4574::solve(domino_puzzle(puzzle)),
        solve_observed: |puzzle, mut observer| {
            let solution = p4574::solve_observed(domino_puzzle(puzzle), &mut observer);
            solution.map(|solution| solution.grid)
        },
        answer_text: domino::answer_text,
        cell_name: domino::location,
        goal: "the solved grid of each puzzle",
        bench_sets: &[
            "problems/p4574/samples/sample-1.in",
            "problems/p4574/samples/sample-2.in",
            "data/sudominoku_generated_1000.in",
        ],
        stress_case: domino_stress_case,
        checker: Checker::Exact,
        promise: Promise::OneSolvedGridEach,
    };

    /// The table of problems, in the order of their numbers.
    pub const ALL: [KnownProblem; 3] = [
        KnownProblem::P2239,
        KnownProblem::P2580,
        KnownProblem::P4574,
    ];

    /// The problem's crate name, `p2239`.
    pub fn crate_name(&self) -> String {
        format!("p{}", self.number)
    }

    /// Whether the problem's puzzles are plain Sudoku grids; the other kind is
    /// Su-domino-ku.
    pub fn is_sudoku(&self) -> bool {
        self.input != InputFormat::DominoPuzzles
    }

    /// The known problem with this number, if there is one.
    pub fn with_number(number: u32) -> Option<KnownProblem> {
        KnownProblem::ALL
            .into_iter()
            .find(|problem| problem.number == number)
    }

    /// The known problem that `name` names (see [`parse_problem_number`]); a name that
    /// does not parse, or names a problem outside the table, is a usage error, the second
    /// saying that `subcommand` knows only these.
    pub fn named(name: &str, subcommand: &str) -> Result<KnownProblem> {
        let number = parse_problem_number(name).map_err(usage_error)?;
        KnownProblem::with_number(number).ok_or_else(|| {
            let names: Vec<String> = KnownProblem::ALL
                .map(|problem| problem.crate_name())
                .to_vec();
            usage_error(format!(
                "`{subcommand}` knows the problems {}, not {}",
                names.join(", "),
                quote(name)
            ))
        })
    }
}

/// Two entries are the same problem when they have the same number.
impl PartialEq for KnownProblem {
    fn eq(&self, other: &KnownProblem) -> bool {
        self.number == other.number
    }
}

impl Eq for KnownProblem {}

impl fmt::Debug for KnownProblem {
    /// The crate name, `p2239`: the functions of an entry say nothing printed.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "p{}", self.number)
    }
}

impl fmt::Display for KnownProblem {
    /// The crate name, `p2239`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "p{}", self.number)
    }
}

/// The grid of a Sudoku problem's puzzle: the table reads each problem's puzzles in its own
/// format, so a Sudoku solver is never given another kind.
fn sudoku_grid(puzzle: &Puzzle) -> &Grid {
    match puzzle {
        Puzzle::Sudoku { grid } => grid,
        Puzzle::Domino { .. } => unreachable!("a Sudoku solver is given Sudoku puzzles only"),
    }
}

/// The puzzle of a Su-domino-ku problem (see [`sudoku_grid`]).
fn domino_puzzle(puzzle: &Puzzle) -> &p4574::Puzzle {
    match puzzle {
        Puzzle::Domino { puzzle } => puzzle,
        Puzzle::Sudoku { .. } => unreachable!("a Su-domino-ku solver is given its puzzles only"),
    }
}

/// A grid as nine rows of digits with `separator` between them, each row ending a line.
fn rows(grid: &Grid, separator: &str) -> String {
    let digits = |row: &[u8]| row.iter().map(u8::to_string).collect::<Vec<_>>();
    grid.chunks(9)
        .map(|row| digits(row).join(separator) + "\n")
        .collect()
}

/// 2239's answer (and input): rows of nine digits written together. A Sudoku input holds
/// one puzzle, so the puzzle's number is not written.
fn packed_rows(_puzzle_number: usize, grid: &Grid) -> String {
    rows(grid, "")
}

/// 2580's answer (and input): rows of nine digits separated by spaces.
fn spaced_rows(_puzzle_number: usize, grid: &Grid) -> String {
    rows(grid, " ")
}

/// `r3c5`: row 3, column 5, counted from 1.
fn row_column_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A random Sudoku stress input: a solved grid with holes (see [`stress_grid`]).
fn sudoku_stress_case(rng: &mut StdRng) -> Case {
    Case::Grid {
        grid: stress_grid(rng),
    }
}

/// A random Su-domino-ku stress input: one to three generated puzzles with one solved grid
/// each (10 to 35 tiles, inclusive), sometimes with one tile's digit changed so that some
/// have no grid.
fn domino_stress_case(rng: &mut StdRng) -> Case {
    let count = rng.random_range(1..=3);
    let puzzles = (0..count)
        .map(|_| {
            let min_tiles = if rng.random_bool(0.5) {
                10
            } else {
                rng.random_range(10..=35)
            };
            let (mut puzzle, _) = generate_puzzle(rng, min_tiles);
            if rng.random_bool(0.2) {
                let tile = rng.random_range(0..puzzle.tiles.len());
                let digit = rng.random_range(1..=9);
                if digit != puzzle.tiles[tile].digits[1] {
                    puzzle.tiles[tile].digits[0] = digit;
                }
            }
            puzzle
        })
        .collect();
    Case::Dominoes { puzzles }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_named_by_its_crate_or_its_number_and_nothing_else() {
        assert_eq!(parse_problem_number("p2239"), Ok(2239));
        assert_eq!(parse_problem_number("2239"), Ok(2239));
        for wrong in [
            "pp2239", "02239", "p02239", "+2239", "P2239", "p", "", "2239 ", "x", "0", "p0",
        ] {
            let error = parse_problem_number(wrong).unwrap_err();
            assert!(
                error.contains("is named by its crate"),
                "{wrong:?}: {error}"
            );
        }
        for huge in ["99999999999", "p4294967296"] {
            let error = parse_problem_number(huge).unwrap_err();
            assert!(error.contains("too large"), "{huge:?}: {error}");
        }
        assert_eq!(parse_problem_number("4294967295"), Ok(u32::MAX));
    }

    #[test]
    fn only_the_listed_problems_are_known_and_a_stranger_is_a_usage_error() {
        assert_eq!(
            KnownProblem::named("4574", "trace").unwrap(),
            KnownProblem::P4574
        );
        for problem in KnownProblem::ALL {
            let name = problem.crate_name();
            assert_eq!(KnownProblem::named(&name, "bench").unwrap(), problem);
            assert_eq!(name, problem.to_string());
        }
        let error = KnownProblem::named("p1000", "bench").unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        let message = error.to_string();
        assert!(message.contains("`bench` knows the problems p2239, p2580, p4574"));
        assert!(message.contains("`p1000`"), "{message}");
        let error = KnownProblem::named("pp2239", "stress").unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        assert!(error.to_string().contains("`pp2239`"), "{error}");
    }

    #[test]
    fn cells_are_named_as_each_problem_names_them() {
        let name = KnownProblem::P2239.cell_name;
        assert_eq!([name(0), name(80), name(11)], ["r1c1", "r9c9", "r2c3"]);
        assert_eq!((KnownProblem::P4574.cell_name)(11), "B3");
    }

    #[test]
    fn each_entry_reads_solves_and_writes_its_own_sample() {
        for problem in KnownProblem::ALL {
            let samples = crate::project_root()
                .join("problems")
                .join(problem.crate_name())
                .join("samples");
            let input = std::fs::read(samples.join("sample-1.in")).unwrap();
            let expected = std::fs::read_to_string(samples.join("sample-1.out")).unwrap();
            let mut answers = String::new();
            let mut number = 0;
            problem
                .input
                .read_each(input.as_slice(), |puzzle| {
                    number += 1;
                    let grid = (problem.solve)(&puzzle).expect("the sample has an answer");
                    let mut counter = common::observe::GuessCounter::default();
                    assert_eq!((problem.solve_observed)(&puzzle, &mut counter), Some(grid));
                    answers.push_str(&(problem.answer_text)(number, &grid));
                    Ok(())
                })
                .unwrap();
            let verdict = problem
                .checker
                .check(&input, expected.as_bytes(), answers.as_bytes())
                .unwrap();
            assert_eq!(
                verdict,
                crate::judge::checker::CheckerVerdict::Accepted,
                "{problem}"
            );
        }
    }

    #[test]
    fn each_entry_has_the_checker_of_its_manifest_and_bench_sets_that_exist() {
        let workspace = workspace::Workspace::load().unwrap();
        for problem in KnownProblem::ALL {
            let crate_problem = workspace
                .problems()
                .unwrap()
                .into_iter()
                .find(|crate_problem| crate_problem.id == problem.number)
                .unwrap();
            assert_eq!(crate_problem.checker, problem.checker, "{problem}");
            for set in problem.bench_sets {
                assert!(crate::project_root().join(set).is_file(), "{set}");
            }
        }
    }

    #[test]
    fn a_reading_error_names_the_puzzle_and_comes_after_the_puzzles_before_it() {
        let sample = crate::project_root().join("problems/p4574/samples/sample-1.in");
        let text = std::fs::read_to_string(sample).unwrap();
        // The first puzzle as it is, then a second one cut short.
        let first_end = text.find("\n11\n").map_or(text.len() / 2, |end| end + 1);
        let input = format!("{}3\n", &text[..first_end]);
        let mut read = 0;
        let error = KnownProblem::P4574
            .input
            .read_each(input.as_bytes(), |_| {
                read += 1;
                Ok(())
            })
            .unwrap_err();
        assert!(read >= 1, "{error}");
        assert!(error.to_string().contains("puzzle"), "{error}");
    }
}
