//! The `stress` subcommand: random differential testing of a program against the
//! reference solvers, the competitive programmer's stress test.
//!
//! `cargo xtask stress <PROBLEM> [--cases N] [--seed S | --hard]
//! [--binary PATH | --command CMD [--beyond-promise]]`
//!
//! 1. Builds the problem's binary in release mode, unless `--binary` names another one or
//!    `--command` gives any program (in the current folder, started as
//!    [`xtask::judge::command`] says; one that cannot be run is a usage error).
//! 2. For case `k`, seeds a random number generator with `S + k` and makes an input: for
//!    2239 and 2580 a random solved grid with holes of a random density, sometimes renamed
//!    against row-major search, sometimes with one given overwritten (so that some have no
//!    completion); for 4574 one to three generated puzzles with one solved grid each (10 to
//!    35 tiles), sometimes with one tile's digit changed (so that some have no grid). With
//!    `--hard`, the cases are instead a handful of hard puzzles ([`hard_cases`]), each once.
//! 3. Works out with the reference solvers what a correct program does ([`Expectation`]):
//!    writes the answer (the smallest completion for 2239, any completion for 2580, the
//!    solved grids for 4574), or fails clearly: a message on standard error and a non-zero
//!    exit, after the answers to the puzzles before the bad one. A case the reference cannot
//!    decide (a Su-domino-ku puzzle with several grids, which the judge never gives, or one
//!    past its search budget) is skipped and counted. A program given by `--command` is not
//!    ours: it meets only the cases inside the judge's promise ([`Promise`]; the others
//!    are counted), unless `--beyond-promise`.
//! 4. Runs the program and judges the run as `cargo xtask check` does ([`judge_run`]): the
//!    problem's time and memory limits, then the problem's own checker from its manifest.
//! 5. On the first failure, runs the same input once more. If it fails again, shrinks the
//!    input (drops givens, puzzles or tiles while it still fails, for at most
//!    [`SHRINK_TIME_BUDGET`]; a hard puzzle is not shrunk); if it passes, the failure is
//!    *flaky* and the input is kept as it was. Either way it prints the input, where it
//!    came from, what was expected, the output of the run that failed (not of a fresh
//!    one), why it failed, and the command that replays the case; the exit code is then 1.

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use anyhow::Result;
use common::ladder::rung0_textbook;
use rand::rngs::StdRng;
use rand::SeedableRng;
use xtask::judge::checker::{excerpt, Checker, CheckerVerdict};
use xtask::judge::command::ProgramCommand;
use xtask::judge::{judge_run, kilobytes, run_program, Limits, Run, Verdict};
use xtask::problems::data;
use xtask::problems::workspace::{Problem, Profile, Workspace};
use xtask::problems::{usage_error, Case, KnownProblem, Promise};
use xtask::reference;
use xtask::reference::domino::{
    answer_text, generate_puzzle, reference_grids, Grids, REFERENCE_BUDGET,
};

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
    /// Test this command instead: any program, in the current folder (through `sh -c` only
    /// when it has shell syntax), for example `python3 sol.py`. As it is not ours, the cases stay inside the judge's
    /// promise (for 2580, the grid has a completion) unless --beyond-promise.
    #[arg(long, value_name = "CMD", conflicts_with = "binary")]
    command: Option<String>,
    /// With --command, also the cases beyond the judge's promise (grids without a
    /// completion, a Su-domino-ku puzzle without a solved grid), which our solutions must
    /// refuse clearly.
    #[arg(long, requires = "command")]
    beyond_promise: bool,
    /// The hard puzzles instead of random ones, each once, with the problem's time limit:
    /// a plain backtracking solution that passes the samples meets TLE here.
    #[arg(long, conflicts_with_all = ["cases", "seed"])]
    hard: bool,
}

/// Which cases a run of `stress` judges.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every case the reference can decide: for our own solutions, which must refuse an
    /// input without an answer clearly.
    Everything,
    /// Only the cases the judge promises: for a program that is not ours.
    InsidePromise,
}

/// Whether `case`, whose right answer is `expectation`, is inside the judge's `promise`.
fn is_inside_promise(promise: Promise, case: &Case, expectation: &Expectation) -> bool {
    let has_answer = matches!(expectation, Expectation::Answer { .. });
    match (promise, case) {
        (Promise::CompletionWithinTextbookBacktracking, Case::Grid { grid }) => {
            has_answer && !rung0_textbook::solve(grid).capped
        }
        // A Su-domino-ku case with a puzzle of several grids is undecided before this.
        _ => has_answer,
    }
}

/// How many hard puzzles of each source `--hard` takes.
const HARD_PUZZLES_PER_SET: usize = 2;

/// The cases of `--hard` for `problem`: for Sudoku, the two grids of `data/special.txt`
/// (the empty grid, and the puzzle built against row-major backtracking) and the first
/// puzzles of the 17-clue set and of forum_hardest_1106; for Su-domino-ku, puzzles with
/// 10 tiles, the fewest the statement allows.
fn hard_cases(problem: KnownProblem) -> Result<Vec<Case>> {
    if !problem.is_sudoku() {
        let puzzle = |seed| generate_puzzle(&mut StdRng::seed_from_u64(seed), 10).0;
        let cases = (0..3).map(|seed| Case::Dominoes {
            puzzles: vec![puzzle(seed)],
        });
        return Ok(cases.collect());
    }
    let mut grids = data::load("special.txt").map_err(anyhow::Error::msg)?;
    for set in ["17_clue_2000.txt", "forum_hardest_1106.txt"] {
        let set = data::load(set).map_err(anyhow::Error::msg)?;
        grids.extend(set.into_iter().take(HARD_PUZZLES_PER_SET));
    }
    Ok(grids.into_iter().map(|grid| Case::Grid { grid }).collect())
}

/// How long shrinking a failure may take; past it, the smallest failing input found so
/// far is reported.
pub const SHRINK_TIME_BUDGET: Duration = Duration::from_secs(30);

/// What a correct program does on a case.
enum Expectation {
    /// It answers, exiting with 0, and the problem's checker accepts its output against
    /// `expected_output` (for 2580 any completion is accepted; this is one).
    Answer {
        /// The expected output.
        expected_output: String,
    },
    /// The Sudoku has no completion: it writes nothing, then a message on standard error,
    /// and exits non-zero.
    NoCompletion,
    /// Su-domino-ku puzzle `puzzle_number` has no solved grid: it writes the answers to the
    /// puzzles before it, then a message on standard error, and exits non-zero.
    NoSolvedGrid {
        /// The puzzle without a grid, counted from 1.
        puzzle_number: usize,
        /// The answers to the puzzles before it.
        answers_before: String,
    },
}

/// A run that failed a case, and why.
struct Failure {
    /// The case.
    case: Case,
    /// Its input, as given to the program.
    input: String,
    /// What a correct program does on it.
    expectation: Expectation,
    /// The run that failed.
    run: Run,
    /// Why it failed.
    reason: String,
}

/// What one case came to.
enum Outcome {
    /// The run was right.
    Passed,
    /// The reference could not decide the case, so it was not run.
    Undecided,
    /// The case is beyond the judge's promise, and only cases inside it are run.
    BeyondPromise,
    /// The run was wrong.
    Failed {
        /// The case, the run and why (boxed: it is large, and rare).
        failure: Box<Failure>,
    },
}

/// What a correct program does on `case`, or `None` when the reference cannot tell.
fn expectation(problem: KnownProblem, case: &Case) -> Option<Expectation> {
    match case {
        Case::Grid { grid } => Some(match reference::smallest_completion(grid) {
            None => Expectation::NoCompletion,
            Some(smallest) => Expectation::Answer {
                expected_output: (problem.answer_text)(1, &smallest),
            },
        }),
        Case::Dominoes { puzzles } => {
            let mut answers = String::new();
            for (index, puzzle) in puzzles.iter().enumerate() {
                match reference_grids(puzzle, REFERENCE_BUDGET) {
                    Grids::One(grid) => answers.push_str(&answer_text(index + 1, &grid)),
                    Grids::Several(..) | Grids::Unknown => return None,
                    Grids::None => {
                        return Some(Expectation::NoSolvedGrid {
                            puzzle_number: index + 1,
                            answers_before: answers,
                        })
                    }
                }
            }
            Some(Expectation::Answer {
                expected_output: answers,
            })
        }
    }
}

/// Smaller cases to try when shrinking a failure: one given, one puzzle or one tile
/// fewer.
fn smaller_cases(case: &Case) -> Vec<Case> {
    match case {
        Case::Grid { grid } => (0..81)
            .filter(|&cell| grid[cell] != 0)
            .map(|cell| {
                let mut smaller = *grid;
                smaller[cell] = 0;
                Case::Grid { grid: smaller }
            })
            .collect(),
        Case::Dominoes { puzzles } => {
            let mut smaller = Vec::new();
            if puzzles.len() > 1 {
                for index in 0..puzzles.len() {
                    let mut fewer = puzzles.clone();
                    fewer.remove(index);
                    smaller.push(Case::Dominoes { puzzles: fewer });
                }
            }
            for (index, puzzle) in puzzles.iter().enumerate() {
                if puzzle.tiles.len() > 10 {
                    for tile in 0..puzzle.tiles.len() {
                        let mut fewer = puzzles.clone();
                        fewer[index].tiles.remove(tile);
                        smaller.push(Case::Dominoes { puzzles: fewer });
                    }
                }
            }
            smaller
        }
    }
}

/// What is wrong with `run` on `input`, given `expectation`, judged as `cargo xtask check`
/// judges (`limits`, then `checker`); `None` when it is right.
fn fault(
    run: &Run,
    input: &str,
    expectation: &Expectation,
    limits: Limits,
    checker: Checker,
) -> Option<String> {
    let input = input.as_bytes();
    let (output_before, what_is_missing) = match expectation {
        Expectation::Answer { expected_output } => {
            let verdict = judge_run(run, limits, input, expected_output.as_bytes(), checker);
            return match verdict {
                Ok(Verdict::Accepted) => None,
                Ok(verdict) => Some(describe(&verdict)),
                Err(error) => Some(format!("the checker failed: {error:#}")),
            };
        }
        Expectation::NoCompletion => ("", "the grid has no completion".to_string()),
        Expectation::NoSolvedGrid {
            puzzle_number,
            answers_before,
        } => {
            let missing = format!("puzzle {puzzle_number} has no solved grid");
            (answers_before.as_str(), missing)
        }
    };
    // A clear failure is expected: within the limits, a non-zero exit with a message, and
    // exactly the answers before the bad puzzle.
    let verdict = judge_run(run, limits, input, output_before.as_bytes(), Checker::Exact);
    match verdict {
        Ok(Verdict::RuntimeError {
            stderr_message: Some(_),
            ..
        }) => match Checker::Exact.check(input, output_before.as_bytes(), &run.stdout) {
            Ok(CheckerVerdict::Accepted) => None,
            Ok(CheckerVerdict::Rejected { reason }) => Some(format!(
                "{what_is_missing}, and the output before the message is wrong: {reason}"
            )),
            Err(error) => Some(format!("the checker failed: {error:#}")),
        },
        Ok(Verdict::RuntimeError { ending, .. }) => Some(format!(
            "{what_is_missing}: expected a message on standard error; the run ended with \
             {ending} and nothing on standard error"
        )),
        Ok(Verdict::Accepted | Verdict::WrongAnswer { .. }) => Some(format!(
            "{what_is_missing}: expected a message on standard error and a non-zero exit, \
             but the run exited with 0"
        )),
        Ok(verdict) => Some(describe(&verdict)),
        Err(error) => Some(format!("the checker failed: {error:#}")),
    }
}

/// A verdict in words: its short name and its details.
fn describe(verdict: &Verdict) -> String {
    match verdict.details() {
        Some(details) => format!("{}: {details}", verdict.short_name()),
        None => verdict.short_name().to_string(),
    }
}

/// The solution `cargo xtask stress` tests: its problem, its binary, and the limits and
/// checker of its manifest.
struct SolutionUnderTest {
    problem: KnownProblem,
    program: Command,
    limits: Limits,
    checker: Checker,
    scope: Scope,
}

/// What shrinking a failure came to.
struct Shrunk {
    /// The smallest failure found.
    failure: Failure,
    /// Whether the time ran out before no smaller case failed (a smaller input may fail too).
    time_ran_out: bool,
}

impl SolutionUnderTest {
    /// Runs the program on `case`, if the reference can decide it, and judges the run.
    fn try_case(&mut self, case: &Case) -> Result<Outcome> {
        let Some(expectation) = expectation(self.problem, case) else {
            return Ok(Outcome::Undecided);
        };
        let inside_promise = is_inside_promise(self.problem.promise, case, &expectation);
        if self.scope == Scope::InsidePromise && !inside_promise {
            return Ok(Outcome::BeyondPromise);
        }
        let input = self.problem.input.case_text(case);
        let run = run_program(&mut self.program, input.as_bytes(), self.limits)?;
        let Some(reason) = fault(&run, &input, &expectation, self.limits, self.checker) else {
            return Ok(Outcome::Passed);
        };
        let case = case.clone();
        Ok(Outcome::Failed {
            failure: Box::new(Failure {
                case,
                input,
                expectation,
                run,
                reason,
            }),
        })
    }

    /// Shrinks `failure` greedily, taking the first smaller case that still fails until
    /// none does or `budget` has passed.
    fn shrink(&mut self, mut failure: Failure, budget: Duration) -> Result<Shrunk> {
        let started = Instant::now();
        'shrinking: loop {
            for smaller in smaller_cases(&failure.case) {
                if started.elapsed() > budget {
                    return Ok(Shrunk {
                        failure,
                        time_ran_out: true,
                    });
                }
                if let Outcome::Failed {
                    failure: smaller_failure,
                } = self.try_case(&smaller)?
                {
                    failure = *smaller_failure;
                    continue 'shrinking;
                }
            }
            return Ok(Shrunk {
                failure,
                time_ran_out: false,
            });
        }
    }
}

/// Runs `cargo xtask stress`.
pub fn run(options: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(std::slice::from_ref(&options.problem))?;
    let problem: &Problem = &problems[0];
    let known = problem.known("stress")?;
    // The program, and the arguments that name it again in the replay line.
    let (program, scope, program_arguments) = match (&options.command, &options.binary) {
        (Some(command), _) => {
            let program = ProgramCommand::parse(command)
                .map_err(usage_error)?
                .command();
            let mut arguments = format!(" --command {}", shell_word(command));
            let scope = match options.beyond_promise {
                true => {
                    arguments.push_str(" --beyond-promise");
                    Scope::Everything
                }
                false => Scope::InsidePromise,
            };
            (program, scope, arguments)
        }
        (None, Some(path)) => {
            let arguments = format!(" --binary {}", shell_word(&path.display().to_string()));
            (Command::new(path), Scope::Everything, arguments)
        }
        (None, None) => {
            let binary = workspace.build(&problems, Profile::Release)?.remove(0);
            (Command::new(binary), Scope::Everything, String::new())
        }
    };
    let mut solution = SolutionUnderTest {
        problem: known,
        program,
        limits: problem.limits(),
        checker: problem.checker,
        scope,
    };

    // The cases: random ones from a seed, or the hard puzzles.
    let name = &problem.name;
    let cases: Box<dyn Iterator<Item = NamedCase>> = if options.hard {
        let hard = hard_cases(known)?;
        let count = hard.len();
        let millis = problem.time_limit.as_millis();
        outln!(
            "stress {name}: the {count} hard puzzles, each within the time limit of {millis} ms"
        );
        Box::new(
            hard.into_iter()
                .enumerate()
                .map(move |(index, case)| NamedCase {
                    case,
                    origin: format!("hard puzzle {} of {count}", index + 1),
                    replay: "--hard".to_string(),
                }),
        )
    } else {
        // A fresh seed each run, printed so that a failure can be replayed.
        let seed = options
            .seed
            .unwrap_or_else(|| rand::random::<u64>() % 1_000_000_007);
        outln!("stress {name}: {} cases from seed {seed}", options.cases);
        Box::new((0..options.cases).map(move |case_number| {
            let case_seed = seed.wrapping_add(case_number);
            NamedCase {
                case: (known.stress_case)(&mut StdRng::seed_from_u64(case_seed)),
                origin: format!("case seed {case_seed}"),
                replay: format!("--seed {case_seed} --cases 1"),
            }
        }))
    };
    if scope == Scope::InsidePromise {
        outln!(
            "only cases inside the judge's promise, as the program is not ours: {}; \
             --beyond-promise adds the others",
            known.promise.words()
        );
    }

    let (mut judged, mut skipped, mut beyond_promise) = (0, 0, 0);
    for NamedCase {
        case,
        origin,
        replay,
    } in cases
    {
        let failure = match solution.try_case(&case)? {
            Outcome::Passed => {
                judged += 1;
                continue;
            }
            Outcome::Undecided => {
                skipped += 1;
                continue;
            }
            Outcome::BeyondPromise => {
                beyond_promise += 1;
                continue;
            }
            Outcome::Failed { failure } => *failure,
        };
        // The same input once more: a failure that does not repeat is flaky, and is
        // reported as it was found, without shrinking. A hard puzzle is not shrunk: it
        // is the puzzle that matters.
        let outcome = solution.try_case(&failure.case)?;
        let repeated = matches!(outcome, Outcome::Failed { .. });
        let shrunk = match repeated && !options.hard {
            true => solution.shrink(failure, SHRINK_TIME_BUDGET)?,
            false => Shrunk {
                failure,
                time_ran_out: false,
            },
        };
        let was_shrunk = shrunk.failure.input != known.input.case_text(&case);
        let which = match was_shrunk {
            true => format!("shrunk from the input of {origin}"),
            false => format!("the input of {origin}"),
        };
        report_failure(&shrunk.failure, solution.checker, &which);
        if !repeated {
            outln!(
                "flaky: a second run on the same input passed; the output above is from \
                 the run that failed"
            );
        }
        if shrunk.time_ran_out {
            let seconds = SHRINK_TIME_BUDGET.as_secs();
            outln!("(shrinking stopped after {seconds} s; a smaller input may fail too)");
        }
        outln!("replay: cargo xtask stress {name} {replay}{program_arguments}");
        outln!("{judged} passed, 1 failed");
        return Ok(ExitCode::FAILURE);
    }
    if skipped > 0 {
        outln!(
            "({skipped} cases skipped: the reference could not decide them, or a \
             Su-domino-ku puzzle had several grids)"
        );
    }
    if beyond_promise > 0 {
        outln!("({beyond_promise} cases beyond the judge's promise were not run)");
    }
    outln!("{judged} passed, 0 failed");
    Ok(ExitCode::SUCCESS)
}

/// One case to run, with where it came from for the report (`case seed 12`, `hard puzzle
/// 2 of 6`) and the arguments of `stress` that replay it.
struct NamedCase {
    case: Case,
    origin: String,
    replay: String,
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

/// Prints a failure on the input described by `which` (`the input of case seed 12`): the
/// input, what was expected, what the failing run wrote, and why it failed.
fn report_failure(failure: &Failure, checker: Checker, which: &str) {
    let Failure {
        input,
        expectation,
        run,
        reason,
        ..
    } = failure;
    outln!("FAILED on this input ({which}):\n{input}");
    outln!("expected:");
    match expectation {
        Expectation::Answer { .. } if checker == Checker::Sudoku => {
            outln!("any valid completion")
        }
        Expectation::Answer { expected_output } => outln!("{}", expected_output.trim_end()),
        Expectation::NoCompletion => {
            outln!("nothing (the grid has no completion), a message on standard error and a non-zero exit")
        }
        Expectation::NoSolvedGrid {
            puzzle_number,
            answers_before,
        } => {
            if !answers_before.is_empty() {
                outln!("{}", answers_before.trim_end());
            }
            outln!(
                "and then, as puzzle {puzzle_number} has no solved grid, a message on \
                 standard error and a non-zero exit"
            );
        }
    }
    let (ending, millis) = (run.ending, run.elapsed.as_millis());
    let memory = kilobytes(run.peak_memory_bytes);
    outln!("actual ({ending}, {millis} ms, {memory} KB):");
    outln!("{}", excerpt(&String::from_utf8_lossy(&run.stdout)));
    let stderr = String::from_utf8_lossy(&run.stderr);
    if !stderr.trim().is_empty() {
        outln!("standard error:\n{}", excerpt(stderr.trim_end()));
    }
    outln!("why: {reason}");
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
    fn shrinking_stops_when_its_time_is_up() {
        // `cat` fails every grid with holes, so shrinking could go on for 81 rounds.
        let (_directory, binary) = fake_binary("cat");
        let mut solution = SolutionUnderTest {
            problem: KnownProblem::P2239,
            program: Command::new(binary),
            limits: LIMITS,
            checker: Checker::Exact,
            scope: Scope::Everything,
        };
        let case = (1..100)
            .map(|seed| (KnownProblem::P2239.stress_case)(&mut StdRng::seed_from_u64(seed)))
            .find(|case| {
                matches!(
                    expectation(KnownProblem::P2239, case),
                    Some(Expectation::Answer { .. })
                )
            })
            .expect("a case with a completion");
        let Outcome::Failed { failure } = solution.try_case(&case).unwrap() else {
            panic!("cat answered a grid with holes");
        };
        let started = Instant::now();
        let shrunk = solution.shrink(*failure, Duration::ZERO).unwrap();
        assert!(shrunk.time_ran_out, "the time was up at once");
        assert_eq!(
            shrunk.failure.input,
            KnownProblem::P2239.input.case_text(&case)
        );
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn shrinking_removes_givens() {
        let smaller = smaller_cases(&Case::Grid { grid: [5; 81] });
        assert_eq!(smaller.len(), 81);
    }

    /// A run that exited with `code` after writing `stdout` and `stderr`, quickly and in
    /// little memory.
    fn finished_run(code: i32, stdout: &str, stderr: &str) -> Run {
        Run {
            ending: xtask::judge::Ending::Exited { code },
            elapsed: Duration::from_millis(3),
            peak_memory_bytes: 2_000_000,
            stdout: stdout.as_bytes().to_vec(),
            stderr: stderr.as_bytes().to_vec(),
            stdout_was_cut: false,
            output_held_open: false,
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        memory_bytes: 256 << 20,
    };

    #[test]
    fn each_kind_of_failure_is_told_in_its_own_words() {
        let sudoku = Expectation::NoCompletion;
        let answered = finished_run(0, "1 2 3\n", "");
        let reason = fault(&answered, "", &sudoku, LIMITS, Checker::Exact).unwrap();
        assert!(
            reason.starts_with("the grid has no completion: expected a message"),
            "{reason}"
        );
        assert!(!reason.contains("puzzle"), "{reason}");
        let silent = finished_run(1, "", "");
        let reason = fault(&silent, "", &sudoku, LIMITS, Checker::Exact).unwrap();
        assert!(
            reason.contains("exit code 1 and nothing on standard error"),
            "{reason}"
        );
        let clear = finished_run(1, "", "error: no completion");
        assert_eq!(fault(&clear, "", &sudoku, LIMITS, Checker::Exact), None);

        let dominoes = Expectation::NoSolvedGrid {
            puzzle_number: 2,
            answers_before: "Puzzle 1\n123\n".to_string(),
        };
        let reason = fault(&answered, "", &dominoes, LIMITS, Checker::Exact).unwrap();
        assert!(
            reason.starts_with("puzzle 2 has no solved grid: expected"),
            "{reason}"
        );
        let nothing_before = finished_run(1, "", "error: puzzle 2");
        let reason = fault(&nothing_before, "", &dominoes, LIMITS, Checker::Exact).unwrap();
        assert!(
            reason.contains("the output before the message is wrong"),
            "{reason}"
        );

        let answer = Expectation::Answer {
            expected_output: "1 2 3\n".to_string(),
        };
        assert_eq!(fault(&answered, "", &answer, LIMITS, Checker::Exact), None);
        let mut slow = answered.clone();
        slow.elapsed = Duration::from_millis(1_050);
        assert_eq!(
            fault(&slow, "", &answer, LIMITS, Checker::Exact).as_deref(),
            Some("TLE")
        );
        let mut large = answered.clone();
        large.peak_memory_bytes = 600_000_000;
        assert_eq!(
            fault(&large, "", &answer, LIMITS, Checker::Exact).as_deref(),
            Some("MLE: the memory limit is 262144 KB")
        );
    }
}
