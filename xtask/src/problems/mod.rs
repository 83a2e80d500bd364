//! The problems: every problem crate of the workspace, the one table of what the families
//! of Sudoku add to theirs in-process, and the one parser of problem names.
//!
//! A problem is known to the tooling in two ways:
//!
//! - **As a folder** ([`workspace::Problem`]). Every crate under `problems/` is a problem,
//!   its input and output text. Its manifest's `[package.metadata.boj]` table holds the
//!   judge's facts (number, title, limits, checker) and, for `stress`, its own programs
//!   that make and answer cases (a generator and a reference, named as commands, as
//!   testlib and Polygon name them). That is all `check`, `check --bundled`, `check
//!   --command`, `bundle`, `bench --process` and `stress` need: a problem of any shape
//!   joins with its folder alone.
//! - **As a member of a family**, by its entry in the table of problems
//!   ([`KnownProblem::ALL`]). The solutions of the Sudoku and Su-domino-ku problems are
//!   called in-process, and their family adds what text cannot: `trace`, the ladder,
//!   `--relabel`, the grid `bench`, the reference solvers in-process, and `stress`'s
//!   random and hard inputs and its shrinking. An entry holds how its input and answers
//!   are written ([`Format`]), its solver and observed solver, the right answer as the
//!   reference finds it, the solution's own count of answers where it offers one, the
//!   judge's promise, and what it shares with the other problems of its [`Family`] (cell
//!   names, random and hard inputs, the bench sets and the textbook baseline). A puzzle of
//!   any kind is one [`Puzzle`]. No code outside `problems/` names a problem or asks which
//!   kind a puzzle is, nor does a test of xtask (its correctness suites take every member
//!   of a family from this table): a new member is one entry in [`KnownProblem::ALL`] and
//!   its crate among xtask's dependencies, both of which `cargo xtask new ID --family
//!   sudoku` prints.
//!
//! Every subcommand reads a problem's name with the one parser here,
//! [`parse_problem_number`]: `p2239` or `2239`, nothing else.
//!
//! [`sudoku`] and [`su_domino_ku`] hold what the entries of each family share;
//! [`recording`] runs a problem's observed solver (or a rung of the ladder) on an input for
//! `trace`; [`workspace`] finds the workspace, its problem crates, their manifests and
//! samples; [`data`] holds the puzzle sets of `data/`.

pub mod data;
pub mod puzzle;
pub mod recording;
pub mod su_domino_ku;
pub mod sudoku;
pub mod workspace;

use std::fmt;
use std::io::BufRead;
use std::ops::RangeInclusive;

use anyhow::Result;
use common::input::quote;
use common::ladder::Outcome;
use rand::rngs::StdRng;

use crate::reference::Grid;
use crate::trace::Recorder;
use crate::usage_error;
pub use puzzle::Puzzle;

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

/// One entry of the table of problems: what a member of a family offers beyond its
/// manifest. The entries are [`KnownProblem::ALL`]; a subcommand finds one with
/// [`KnownProblem::named`].
#[derive(Clone, Copy)]
pub struct KnownProblem {
    /// The problem's number on the judge.
    pub number: u32,
    /// What the solver looks for, in words: "the smallest completion".
    pub goal: &'static str,
    /// What it shares with the other problems of its kind of puzzle.
    pub family: &'static Family,
    /// How its input and its answers are written.
    pub format: Format,
    /// The solution's solver (what `bench` times): the grid it finds, or `None` when it
    /// finds none.
    pub solve: fn(&Puzzle) -> Option<Grid>,
    /// The same search, reporting each step to a recorder (`trace`, and the guesses that
    /// `bench` counts). A solution that reports nothing leaves the recorder alone.
    pub solve_observed: fn(&Puzzle, &mut Recorder) -> Option<Grid>,
    /// The right answer to one puzzle, as the reference solvers find it (sharing no code
    /// with the solution): what `stress` expects and `bench` checks a "none" against.
    pub reference_answer: fn(&Puzzle) -> ReferenceAnswer,
    /// The solution's own count of a puzzle's answers, counting no further than the limit,
    /// where its library offers one (2239's step 3 counts completions): the correctness
    /// tests hold it to the reference's count.
    pub count_answers: Option<fn(&Puzzle, usize) -> usize>,
    /// What the judge promises about the inputs (`stress --command` keeps to it).
    pub promise: Promise,
}

/// What a reader hands each puzzle to, in order; an error stops the reading.
pub type EachPuzzle<'a> = dyn FnMut(Puzzle) -> Result<()> + 'a;

/// How a problem's input and answers are written.
#[derive(Clone, Copy)]
pub struct Format {
    /// Reads the puzzles of an input as the problem's solution reads them (a line at a
    /// time, in bounded memory), handing each to the closure in order. Input the solution
    /// rejects is an error with its position (the puzzles before it were handed on).
    pub read: fn(&mut dyn BufRead, &mut EachPuzzle<'_>) -> Result<()>,
    /// An input holding these puzzles (`stress` writes its cases with it).
    pub input_text: fn(&[Puzzle]) -> String,
    /// The answer to puzzle `number` (counted from 1): the grid found, as the solution
    /// writes it.
    pub answer_text: fn(usize, &Grid) -> String,
}

/// What the problems of one kind of puzzle share ([`sudoku::FAMILY`],
/// [`su_domino_ku::FAMILY`]).
pub struct Family {
    /// The kind of puzzle, in words: `Sudoku`.
    pub name: &'static str,
    /// Whether the puzzles are plain Sudoku grids, which the ladder's rungs
    /// (`trace --rung`, `bench --ladder`) and tdoku solve: `bench` then also counts the
    /// guesses as tdoku's benchmark does.
    pub plain_sudoku: bool,
    /// How a step names a cell (0..81, row-major): `r3c5`, `C5`.
    pub cell_name: fn(usize) -> String,
    /// A random input for `stress`: its puzzles.
    pub stress_case: fn(&mut StdRng) -> Vec<Puzzle>,
    /// The inputs of `stress --hard`, each its puzzles: a plain backtracking solution that
    /// passes the samples meets TLE on them.
    pub hard_cases: fn() -> Result<Vec<Vec<Puzzle>>>,
    /// The puzzle files `bench` times when given none, relative to the workspace's root.
    pub bench_sets: &'static [&'static str],
    /// The puzzles of a file `bench` times, from its text.
    pub read_bench_file: fn(&str) -> Result<Vec<Puzzle>>,
    /// The textbook method `bench --baseline` times beside the solutions.
    pub baseline: Baseline,
    /// Random puzzles with their answers as judge files (`generate`), if the family has a
    /// generator.
    pub generator: Option<Generator>,
}

/// The textbook method for a family, with a cap: what `bench --baseline` times.
#[derive(Clone, Copy)]
pub struct Baseline {
    /// Its name in `bench`'s lines, after `problem=`.
    pub label: &'static str,
    /// Solves one puzzle, counting its placements as guesses.
    pub solve: fn(&Puzzle) -> Outcome,
}

/// Makes `count` random puzzles, each with one answer and its fewest givens drawn from
/// the range (for Su-domino-ku, the fewest laid dominoes), as a judge input and its answer.
pub type Generator = fn(&mut StdRng, usize, RangeInclusive<usize>) -> JudgeFiles;

/// A judge input and the output it expects.
pub struct JudgeFiles {
    /// The input.
    pub input: String,
    /// The expected output.
    pub output: String,
}

/// The right answer to one puzzle, as the reference solvers find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceAnswer {
    /// This grid (for a problem that accepts any completion, one of them).
    Found {
        /// The grid.
        grid: Grid,
    },
    /// The puzzle has no answer: a right solution refuses it clearly.
    NoAnswer,
    /// The reference cannot tell within its budget, or the puzzle has several answers
    /// where the judge promises one, which the judge never gives.
    Undecided,
}

/// What the judge promises about a problem's inputs, from its statement: a program that
/// is not ours is tested inside the promise unless asked otherwise.
#[derive(Clone, Copy)]
pub struct Promise {
    /// The promise in words, for the first line of `stress --command`.
    pub words: &'static str,
    /// Whether one puzzle, whose right answer is the given one, is inside it.
    pub keeps: fn(&Puzzle, &ReferenceAnswer) -> bool,
}

impl KnownProblem {
    /// The table of problems, in the order of their numbers.
    pub const ALL: &'static [KnownProblem] = &[
        // 2239 Sudoku: the smallest completion of one grid.
        KnownProblem {
            number: 2239,
            goal: "the smallest completion",
            family: &sudoku::FAMILY,
            format: sudoku::PACKED_ROWS,
            solve: |puzzle| p2239::solve(sudoku::grid(puzzle)),
            solve_observed: |puzzle, recorder| {
                p2239::solve_observed(sudoku::grid(puzzle), recorder)
            },
            reference_answer: sudoku::smallest_completion,
            count_answers: Some(|puzzle, limit| {
                p2239::count_completions(sudoku::grid(puzzle), limit)
            }),
            promise: sudoku::COMPLETION_WITHIN_TEXTBOOK_BACKTRACKING,
        },
        // 2580 Sudoku: any completion of one grid.
        KnownProblem {
            number: 2580,
            goal: "any completion",
            family: &sudoku::FAMILY,
            format: sudoku::SPACED_ROWS,
            solve: |puzzle| p2580::solve(sudoku::grid(puzzle)),
            solve_observed: |puzzle, recorder| {
                p2580::solve_observed(sudoku::grid(puzzle), recorder)
            },
            // Any completion is accepted; the smallest is one.
            reference_answer: sudoku::smallest_completion,
            count_answers: None,
            promise: sudoku::COMPLETION,
        },
        // 4574 Su-domino-ku: several puzzles of dominoes, each with its one solved grid.
        KnownProblem {
            number: 4574,
            goal: "the solved grid",
            family: &su_domino_ku::FAMILY,
            format: su_domino_ku::FORMAT,
            solve: |puzzle| p4574::solve(su_domino_ku::puzzle(puzzle)),
            solve_observed: |puzzle, recorder| {
                let solution = p4574::solve_observed(su_domino_ku::puzzle(puzzle), recorder);
                solution.map(|solution| solution.grid)
            },
            reference_answer: su_domino_ku::reference_answer,
            count_answers: None,
            promise: su_domino_ku::ONE_SOLVED_GRID,
        },
    ];

    /// The problem's crate name, `p2239`.
    pub fn crate_name(&self) -> String {
        format!("p{}", self.number)
    }

    /// The known problem with this number, if there is one.
    pub fn with_number(number: u32) -> Option<KnownProblem> {
        KnownProblem::ALL
            .iter()
            .find(|problem| problem.number == number)
            .copied()
    }

    /// The entry of the problem crate `problem`, if it is a member of a family.
    pub fn of(problem: &workspace::Problem) -> Option<KnownProblem> {
        KnownProblem::with_number(problem.id)
    }

    /// The known problem that `name` names (see [`parse_problem_number`]); a name that
    /// does not parse, or names a problem outside the table, is a usage error, the second
    /// a line saying that `subcommand` works on the members of the families only.
    pub fn named(name: &str, subcommand: &str) -> Result<KnownProblem> {
        let number = parse_problem_number(name).map_err(usage_error)?;
        KnownProblem::with_number(number).ok_or_else(|| {
            usage_error(format!(
                "`{subcommand}` works on the members of a family ({}), not on {}, a problem \
                 whose input and output are text only",
                KnownProblem::members(),
                quote(name)
            ))
        })
    }

    /// The members of each family, as `Sudoku: p2239, p2580; Su-domino-ku: p4574`.
    pub fn members() -> String {
        let mut families: Vec<(&str, Vec<String>)> = Vec::new();
        for problem in KnownProblem::ALL {
            let name = problem.family.name;
            match families.iter_mut().find(|(family, _)| *family == name) {
                Some((_, members)) => members.push(problem.crate_name()),
                None => families.push((name, vec![problem.crate_name()])),
            }
        }
        let family =
            |(name, members): &(&str, Vec<String>)| format!("{name}: {}", members.join(", "));
        families.iter().map(family).collect::<Vec<_>>().join("; ")
    }

    /// Reads the puzzles of `input` as the problem's solution reads them, and hands each
    /// to `each` in order (see [`Format::read`]).
    pub fn read_each(
        &self,
        mut input: impl BufRead,
        mut each: impl FnMut(Puzzle) -> Result<()>,
    ) -> Result<()> {
        (self.format.read)(&mut input, &mut each)
    }
}

impl ReferenceAnswer {
    /// Whether the reference found the answer.
    pub fn is_found(&self) -> bool {
        matches!(self, ReferenceAnswer::Found { .. })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::checker::CheckerVerdict;

    /// The entry of the problem with this number.
    fn entry(number: u32) -> KnownProblem {
        KnownProblem::with_number(number).expect("an entry of the table")
    }

    /// The problem crate of `problem`'s entry, with its manifest's facts.
    fn crate_of(problem: &KnownProblem) -> workspace::Problem {
        let workspace = workspace::Workspace::load().unwrap();
        let problems = workspace.problems().unwrap();
        let same = |crate_problem: &&workspace::Problem| crate_problem.id == problem.number;
        problems.iter().find(same).expect("a crate").clone()
    }

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
        assert_eq!(KnownProblem::named("4574", "trace").unwrap(), entry(4574));
        for &problem in KnownProblem::ALL {
            let name = problem.crate_name();
            assert_eq!(KnownProblem::named(&name, "bench").unwrap(), problem);
            assert_eq!(name, problem.to_string());
        }
        let error = KnownProblem::named("p1000", "bench").unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        let message = error.to_string();
        let members = "(Sudoku: p2239, p2580; Su-domino-ku: p4574)";
        assert!(message.contains(&format!(
            "`bench` works on the members of a family {members}"
        )));
        assert!(message.contains("`p1000`"), "{message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
        let error = KnownProblem::named("pp2239", "stress").unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        assert!(error.to_string().contains("`pp2239`"), "{error}");
    }

    #[test]
    fn the_table_lists_each_problem_once_in_the_order_of_their_numbers() {
        let numbers: Vec<u32> = KnownProblem::ALL.iter().map(|entry| entry.number).collect();
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(numbers, sorted);
    }

    #[test]
    fn cells_are_named_as_each_problem_names_them() {
        let name = entry(2239).family.cell_name;
        assert_eq!([name(0), name(80), name(11)], ["r1c1", "r9c9", "r2c3"]);
        assert_eq!((entry(4574).family.cell_name)(11), "B3");
    }

    #[test]
    fn each_entry_reads_solves_and_writes_its_own_sample() {
        for problem in KnownProblem::ALL {
            let crate_problem = crate_of(problem);
            let samples = crate_problem.directory.join("samples");
            let input = std::fs::read(samples.join("sample-1.in")).unwrap();
            let expected = std::fs::read_to_string(samples.join("sample-1.out")).unwrap();
            let mut answers = String::new();
            let mut number = 0;
            problem
                .read_each(input.as_slice(), |puzzle| {
                    number += 1;
                    let grid = (problem.solve)(&puzzle).expect("the sample has an answer");
                    let mut recorder = Recorder::new(0);
                    let observed = (problem.solve_observed)(&puzzle, &mut recorder);
                    assert_eq!(observed, Some(grid));
                    let reference = (problem.reference_answer)(&puzzle);
                    assert!(reference.is_found(), "{problem}: {reference:?}");
                    assert!((problem.promise.keeps)(&puzzle, &reference), "{problem}");
                    assert_eq!(puzzle.why_not_solved_by(&grid), None, "{problem}");
                    answers.push_str(&(problem.format.answer_text)(number, &grid));
                    Ok(())
                })
                .unwrap();
            let verdict = crate_problem
                .checker
                .check(&input, expected.as_bytes(), answers.as_bytes())
                .unwrap();
            assert_eq!(verdict, CheckerVerdict::Accepted, "{problem}");
        }
    }

    #[test]
    fn each_entry_writes_the_input_it_reads() {
        let mut rng = rand::SeedableRng::seed_from_u64(7);
        for problem in KnownProblem::ALL {
            let puzzles = (problem.family.stress_case)(&mut rng);
            let text = (problem.format.input_text)(&puzzles);
            let mut read = Vec::new();
            let reading = problem.read_each(text.as_bytes(), |puzzle| {
                read.push(puzzle);
                Ok(())
            });
            // A stress case may break the rules of the input (a domino changed), which the
            // solution then refuses; the puzzles before that read back as written.
            if reading.is_ok() {
                assert_eq!(read, puzzles, "{problem}");
            } else {
                assert_eq!(read, puzzles[..read.len()], "{problem}");
            }
        }
    }

    #[test]
    fn each_entry_is_a_problem_crate_with_bench_sets_that_exist() {
        for problem in KnownProblem::ALL {
            assert_eq!(crate_of(problem).name, problem.crate_name());
            for set in problem.family.bench_sets {
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
        let error = entry(4574)
            .read_each(input.as_bytes(), |_| {
                read += 1;
                Ok(())
            })
            .unwrap_err();
        assert!(read >= 1, "{error}");
        assert!(error.to_string().contains("puzzle"), "{error}");
    }
}
