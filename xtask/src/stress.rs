//! The `stress` subcommand: random differential testing of a release binary against the
//! reference solvers, the competitive programmer's stress test.
//!
//! `cargo xtask stress <PROBLEM> [--cases N] [--seed S] [--binary PATH]`
//!
//! 1. Builds the problem's binary in release mode (unless `--binary` names another one).
//! 2. For case `k`, seeds a random number generator with `S + k` and makes an input: for
//!    2239 and 2580 a random solved grid with holes of a random density, sometimes renamed
//!    against row-major search, sometimes with one given overwritten (so that some have no
//!    completion); for 4574 one to three generated puzzles with one solved grid each (10 to
//!    35 tiles), sometimes with one tile's digit changed (so that some have no grid).
//! 3. Works out with the reference solvers what the judge expects: the smallest completion
//!    (2239), any valid completion (2580), the unique grids (4574), or a clear failure: a
//!    non-zero exit with a message, after the output of the puzzles before the bad one.
//! 4. Runs the binary within the problem's time limit and compares.
//! 5. On the first failure, shrinks the input (drops givens, puzzles or tiles while it
//!    still fails), prints it, what was expected, what came out, and the command that
//!    replays the case; the exit code is then 1.

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Duration;

use anyhow::{Context, Result};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use xtask::checker::{excerpt, Checker};
use xtask::domino::{self, answer_text, generate_puzzle, input_text, reference_grids, Grids};
use xtask::generate::stress_grid;
use xtask::judge::{describe_status, first_line, run_program, Run};
use xtask::reference::{self, Grid};
use xtask::registry::KnownProblem;
use xtask::workspace::{Problem, Workspace};

/// Random differential testing against the reference solvers.
///
/// Runs the release binary on random inputs and prints the smallest failing input and
/// the command that replays it.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem to test.
    problem: String,
    /// How many random cases to run.
    #[arg(long, value_name = "N", default_value_t = 1_000)]
    cases: u64,
    /// The seed of the first case (case k uses S + k) [default: from the clock].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Test this binary instead of building the problem's release binary.
    #[arg(long, value_name = "PATH")]
    binary: Option<PathBuf>,
}

/// The search-node budget of the Su-domino-ku reference on one puzzle.
const DOMINO_BUDGET: u64 = 5_000_000;

/// One stress input, in the form that can be shrunk.
#[derive(Clone, Debug)]
enum Case {
    /// A Sudoku grid for 2239 or 2580.
    Grid(Grid),
    /// Su-domino-ku puzzles for 4574.
    Dominoes(Vec<domino::Puzzle>),
}

/// What a correct binary does on a case: write `output`, then, if `then_failure`, exit
/// non-zero with a message on standard error (about the first puzzle that has no grid).
struct Expectation {
    output: Output,
    then_failure: bool,
}

/// What standard output must hold.
enum Output {
    /// What the checker accepts, given the input and the expected output: for 2239 that
    /// output, for 2580 any valid completion of the input.
    Checked(Checker, String, String),
    /// Su-domino-ku: an answer for each puzzle in turn (none: nothing at all).
    Answers(Vec<DominoAnswer>),
}

/// The answer expected for one Su-domino-ku puzzle.
enum DominoAnswer {
    /// Its one solved grid.
    Exactly(Grid),
    /// Any grid that some tiling of this puzzle spells (the puzzle has several).
    AnyTiling(domino::Puzzle),
}

/// The problems that `stress` knows how to test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Smallest,
    Any,
    Domino,
}

impl Kind {
    fn of(problem: &Problem) -> Result<Kind> {
        Ok(match problem.known("stress")? {
            KnownProblem::P2239 => Kind::Smallest,
            KnownProblem::P2580 => Kind::Any,
            KnownProblem::P4574 => Kind::Domino,
        })
    }

    fn generate(self, rng: &mut StdRng) -> Case {
        match self {
            Kind::Smallest | Kind::Any => Case::Grid(stress_grid(rng)),
            Kind::Domino => {
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
                Case::Dominoes(puzzles)
            }
        }
    }

    fn input_text(self, case: &Case) -> String {
        match case {
            Case::Grid(grid) => {
                let separator = if self == Kind::Any { " " } else { "" };
                let digits = |row: &[u8]| row.iter().map(u8::to_string).collect::<Vec<_>>();
                let line = |row: &[u8]| digits(row).join(separator) + "\n";
                grid.chunks(9).map(line).collect()
            }
            Case::Dominoes(puzzles) => input_text(puzzles),
        }
    }

    /// What the judge expects, or `None` when the reference cannot tell within its budget.
    fn expectation(self, case: &Case) -> Option<Expectation> {
        let (output, then_failure) = match case {
            Case::Grid(grid) => match reference::smallest_completion(grid) {
                None => (Output::Answers(Vec::new()), true),
                Some(smallest) => {
                    let checker = match self {
                        Kind::Any => Checker::Sudoku,
                        _ => Checker::Exact,
                    };
                    let input = self.input_text(case);
                    let expected = self.input_text(&Case::Grid(smallest));
                    (Output::Checked(checker, input, expected), false)
                }
            },
            Case::Dominoes(puzzles) => {
                let mut answers = Vec::new();
                let mut then_failure = false;
                for puzzle in puzzles {
                    answers.push(match reference_grids(puzzle, DOMINO_BUDGET) {
                        Grids::One(grid) => DominoAnswer::Exactly(grid),
                        Grids::Several(..) => DominoAnswer::AnyTiling(puzzle.clone()),
                        Grids::Unknown => return None,
                        Grids::None => {
                            then_failure = true;
                            break;
                        }
                    });
                }
                (Output::Answers(answers), then_failure)
            }
        };
        Some(Expectation {
            output,
            then_failure,
        })
    }

    /// Smaller cases to try when shrinking a failure: one given, one puzzle or one tile
    /// fewer.
    fn smaller_cases(self, case: &Case) -> Vec<Case> {
        match case {
            Case::Grid(grid) => (0..81)
                .filter(|&cell| grid[cell] != 0)
                .map(|cell| {
                    let mut smaller = *grid;
                    smaller[cell] = 0;
                    Case::Grid(smaller)
                })
                .collect(),
            Case::Dominoes(puzzles) => {
                let mut smaller = Vec::new();
                if puzzles.len() > 1 {
                    for index in 0..puzzles.len() {
                        let mut fewer = puzzles.clone();
                        fewer.remove(index);
                        smaller.push(Case::Dominoes(fewer));
                    }
                }
                for (index, puzzle) in puzzles.iter().enumerate() {
                    if puzzle.tiles.len() > 10 {
                        for tile in 0..puzzle.tiles.len() {
                            let mut fewer = puzzles.clone();
                            fewer[index].tiles.remove(tile);
                            smaller.push(Case::Dominoes(fewer));
                        }
                    }
                }
                smaller
            }
        }
    }
}

/// The fault in `run` given `expectation`, or `None` if the run is right.
fn fault(run: &Run, expectation: &Expectation) -> Option<String> {
    let Some(status) = run.status else {
        return Some("time limit exceeded".to_string());
    };
    let failed = !status.success();
    if expectation.then_failure && !failed {
        return Some("expected a failure with a message, but the run succeeded".to_string());
    }
    let stderr = first_line(&run.stderr);
    match (expectation.then_failure, stderr) {
        (true, None) => {
            let status = describe_status(status);
            return Some(format!("{status}, but nothing on standard error"));
        }
        (false, stderr) if failed => {
            let (status, stderr) = (describe_status(status), stderr.unwrap_or_default());
            return Some(format!("{status}; standard error: {stderr}"));
        }
        _ => {}
    }
    match &expectation.output {
        Output::Answers(answers) => domino_fault(answers, &String::from_utf8_lossy(&run.stdout)),
        Output::Checked(checker, input, expected) => {
            match checker.check(input.as_bytes(), expected.as_bytes(), &run.stdout) {
                Ok(fault) => fault,
                Err(error) => Some(format!("{error:#}")),
            }
        }
    }
}

/// The fault in a Su-domino-ku output: each answer must be `Puzzle k` and the right grid
/// (white space at line ends is not significant), and nothing may follow the last one.
fn domino_fault(answers: &[DominoAnswer], stdout: &str) -> Option<String> {
    let mut lines = stdout.lines().map(str::trim_end);
    for (index, answer) in answers.iter().enumerate() {
        let number = index + 1;
        if lines.next() != Some(format!("Puzzle {number}").as_str()) {
            return Some(format!("expected the line `Puzzle {number}`"));
        }
        let grid_text: String = lines.by_ref().take(9).collect();
        let grid = reference::grid_from_line(&grid_text).filter(|grid| !grid.contains(&0));
        let Some(grid) = grid else {
            return Some(format!("puzzle {number}: expected 9 lines of 9 digits 1-9"));
        };
        let right = match answer {
            DominoAnswer::Exactly(expected) => *expected == grid,
            DominoAnswer::AnyTiling(puzzle) => domino::has_tiling_for(puzzle, &grid),
        };
        if !right {
            return Some(format!("puzzle {number}: wrong grid"));
        }
    }
    lines
        .find(|line| !line.is_empty())
        .map(|extra| format!("unexpected output after the last answer: {extra:?}"))
}

/// Runs `cargo xtask stress`.
pub fn run(options: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(std::slice::from_ref(&options.problem))?;
    let problem = &problems[0];
    let kind = Kind::of(problem)?;
    let mut program = Command::new(match &options.binary {
        Some(path) => path.clone(),
        None => workspace.build_release(&problems)?.remove(0),
    });
    // A fresh seed each run, printed so that a failure can be replayed.
    let seed = options
        .seed
        .unwrap_or_else(|| rand::random::<u64>() % 1_000_000_007);
    let (name, cases) = (&problem.name, options.cases);
    outln!("stress {name}: {cases} cases from seed {seed}");
    let (mut judged, mut skipped) = (0, 0);
    for case_number in 0..options.cases {
        let case_seed = seed.wrapping_add(case_number);
        let case = kind.generate(&mut StdRng::seed_from_u64(case_seed));
        let Some(expectation) = kind.expectation(&case) else {
            skipped += 1;
            continue;
        };
        let input = kind.input_text(&case);
        let run = run_program(&mut program, input.as_bytes(), problem.time_limit)?;
        if fault(&run, &expectation).is_some() {
            report_failure(kind, &mut program, problem.time_limit, case)?;
            let binary = match &options.binary {
                Some(path) => format!(" --binary {}", shell_word(&path.display().to_string())),
                None => String::new(),
            };
            outln!("replay: cargo xtask stress {name} --seed {case_seed} --cases 1{binary}");
            outln!("{judged} passed, 1 failed");
            return Ok(ExitCode::FAILURE);
        }
        judged += 1;
    }
    if skipped > 0 {
        outln!("({skipped} cases skipped: the reference could not decide them within its budget)");
    }
    outln!("{judged} passed, 0 failed");
    Ok(ExitCode::SUCCESS)
}

/// `word` as a shell reads it back: as it is when it holds only safe characters,
/// otherwise in single quotes.
fn shell_word(word: &str) -> String {
    let safe =
        |character: char| character.is_ascii_alphanumeric() || "/._-+=:,".contains(character);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Shrinks a failing case greedily and prints the smallest one found.
fn report_failure(
    kind: Kind,
    program: &mut Command,
    limit: Duration,
    mut case: Case,
) -> Result<()> {
    let mut run = |case: &Case| run_program(program, kind.input_text(case).as_bytes(), limit);
    let mut fails = |case: &Case| -> Result<Option<String>> {
        let Some(expectation) = kind.expectation(case) else {
            return Ok(None);
        };
        Ok(fault(&run(case)?, &expectation))
    };
    let mut reason = fails(&case)?.context("the failure did not repeat")?;
    // Keep taking the first smaller case that still fails, until none does.
    'shrinking: loop {
        for smaller in kind.smaller_cases(&case) {
            if let Some(smaller_reason) = fails(&smaller)? {
                case = smaller;
                reason = smaller_reason;
                continue 'shrinking;
            }
        }
        break;
    }
    let (input, run) = (kind.input_text(&case), run(&case)?);
    outln!("FAILED on this input (shrunk):\n{input}");
    let expectation = kind.expectation(&case).context("the reference gave up")?;
    outln!("expected:");
    match &expectation.output {
        Output::Checked(Checker::Sudoku, ..) => outln!("any valid completion"),
        Output::Checked(_, _, expected) => outln!("{}", expected.trim_end()),
        Output::Answers(answers) => {
            for (index, answer) in answers.iter().enumerate() {
                match answer {
                    DominoAnswer::Exactly(grid) => {
                        outln!("{}", answer_text(index + 1, grid).trim_end())
                    }
                    DominoAnswer::AnyTiling(_) => {
                        outln!("Puzzle {}\n(any grid that a tiling spells)", index + 1)
                    }
                }
            }
        }
    }
    if expectation.then_failure {
        outln!("and then a message on standard error and a non-zero exit");
    }
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    outln!("actual:\n{}", excerpt(&stdout));
    if !stderr.trim().is_empty() {
        outln!("standard error:\n{}", excerpt(stderr.trim_end()));
    }
    outln!("why: {reason}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// A fake solution: an executable shell script running `script`, in a temporary
    /// folder that lives as long as the returned guard.
    fn fake_binary(script: &str) -> (tempfile::TempDir, String) {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("fake.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&path, permissions).unwrap();
        let path = path.display().to_string();
        (directory, path)
    }

    /// Runs `cargo xtask stress` with `arguments`.
    fn stress(arguments: &[&str]) -> ExitCode {
        let words = ["cargo xtask", "stress"].iter().chain(arguments);
        match crate::Cli::try_parse_from(words).unwrap().command {
            crate::Subcommands::Stress(arguments) => run(arguments).unwrap(),
            _ => unreachable!("the subcommand is `stress`"),
        }
    }

    #[test]
    fn a_binary_that_echoes_its_input_is_caught() {
        // `cat` answers a full grid correctly, but not a grid with holes.
        let (_directory, binary) = fake_binary("cat");
        assert_eq!(
            stress(&["p2239", "--cases", "20", "--seed", "1", "--binary", &binary]),
            ExitCode::FAILURE
        );
    }

    #[test]
    fn a_binary_that_always_fails_is_caught() {
        let (_directory, binary) = fake_binary("echo 'no completion' >&2; exit 1");
        assert_eq!(
            stress(&["p2580", "--cases", "20", "--seed", "2", "--binary", &binary]),
            ExitCode::FAILURE
        );
        assert_eq!(
            stress(&["p4574", "--cases", "5", "--seed", "3", "--binary", &binary]),
            ExitCode::FAILURE
        );
    }

    #[test]
    fn shrinking_removes_givens() {
        let smaller = Kind::Smallest.smaller_cases(&Case::Grid([5; 81]));
        assert_eq!(smaller.len(), 81);
    }
}
