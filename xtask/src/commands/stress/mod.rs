//! The `stress` subcommand: random differential testing of a program against the
//! reference solvers, the competitive programmer's stress test.
//!
//! `cargo xtask stress <PROBLEM> [--cases N] [--seed S | --hard | --input FILE]
//! [--binary PATH | --command CMD [--beyond-promise]]`
//!
//! For a member of a family, everything it knows of the problem comes from its entry in
//! the table of problems ([`KnownProblem`]): how its input is written, its random and hard
//! inputs, the right answer as the reference solvers find it, and the judge's promise; the
//! steps below are for it. A problem of no family is tested with its own programs, the
//! generator and reference its manifest names ([`text`]): the same seeds, judging and
//! report, without shrinking.
//!
//! 1. Builds the problem's binary in release mode, unless `--binary` names another one or
//!    `--command` gives any program (in the current folder, started as
//!    [`xtask::judge::command`] says; one that cannot be run is a usage error).
//! 2. For case `k`, seeds a random number generator with `S + k` and makes an input with
//!    the problem's stress generator ([`Family::stress_case`]: for Sudoku a random solved
//!    grid with holes, for Su-domino-ku one to three generated puzzles; some of either
//!    have no answer). With `--hard`, the cases are instead the family's hard inputs
//!    ([`Family::hard_cases`]), each once.
//! 3. Works out with the reference solvers what a correct program does
//!    ([`case::Expectation`]): writes the answer (for a problem that accepts any
//!    completion, one of them), or refuses clearly: a message on standard error and a
//!    non-zero exit, after the answers to the puzzles before the one without an answer. A
//!    case the reference cannot decide (a Su-domino-ku puzzle with several grids, which
//!    the judge never gives, or one past its search budget) is skipped and counted. A
//!    program given by `--command` is not ours: it meets only the cases inside the judge's
//!    promise ([`Promise`]; the others are counted), unless `--beyond-promise`.
//! 4. Runs the program and judges the run as `cargo xtask check` does ([`judge_run`]): the
//!    problem's time and memory limits, then the problem's own checker from its manifest.
//! 5. On the first failure, runs the same input again, [`RUNS_OF_A_FAILURE`] runs in all.
//!    If it fails every time, shrinks the input (drops puzzles, givens or dominoes while it
//!    still fails, on two runs each, for at most [`SHRINK_TIME_BUDGET`]; a hard input is
//!    not shrunk); if not, the failure is *flaky*: it is reported with how often it came,
//!    and the input is kept as it was. Either way it prints the input, where it came from,
//!    what was expected, the output of the run that failed (not of a fresh one), why it
//!    failed, and the command that replays exactly the input shown (a shrunk input is
//!    written to `<target>/stress/PROBLEM-failure.in`, which `--input` reads); the exit code
//!    is then 1.
//!
//! [`Family::stress_case`]: xtask::problems::Family::stress_case
//! [`Family::hard_cases`]: xtask::problems::Family::hard_cases
//! [`Promise`]: xtask::problems::Promise
//! [`judge_run`]: xtask::judge::judge_run

mod case;
mod text;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use anyhow::{Context, Result};
use rand::rngs::StdRng;
use rand::SeedableRng;
use xtask::judge::checker::Checker;
use xtask::judge::command::{find_program, ProgramCommand};
use xtask::judge::language::Compiled;
use xtask::judge::shown::excerpt;
use xtask::judge::{kilobytes, Run};
use xtask::problems::workspace::{Problem, Profile, Workspace};
use xtask::problems::{KnownProblem, Puzzle};
use xtask::usage_error;

use case::{CaseResult, Expectation, Failure, ProgramUnderTest, Scope, Shrunk};

/// Random differential testing against the reference solvers.
///
/// Runs the release binary on random inputs (a family's, or those of the problem's own
/// generator, answered by its reference) and prints the smallest failing input and the
/// command that replays it.
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
    /// when it has shell syntax), for example `python3 sol.py`. As it is not ours, the
    /// cases stay inside the judge's
    /// promise (for a Sudoku, the grid has a completion) unless --beyond-promise.
    #[arg(long, value_name = "CMD", conflicts_with = "binary")]
    command: Option<String>,
    /// Test this source file instead, compiled and run as Baekjoon does for its language
    /// (Main.java, main.py, main.js, main.cpp, main.rs), with the language's extra time and
    /// memory; as it is not ours, like --command.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["binary", "command"])]
    source: Option<PathBuf>,
    /// With --command or --source, also the cases beyond the judge's promise (grids without a
    /// completion, a Su-domino-ku puzzle without a solved grid), which our solutions must
    /// refuse clearly.
    #[arg(long)]
    beyond_promise: bool,
    /// The hard puzzles instead of random ones, each once, with the problem's time limit:
    /// a plain backtracking solution that passes the samples meets TLE here.
    #[arg(long, conflicts_with_all = ["cases", "seed"])]
    hard: bool,
    /// Run the input in this file once instead (as `replay:` names a shrunk failure's).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["cases", "seed", "hard"])]
    input: Option<PathBuf>,
}

/// How many times a failing input is run in all (the failing run among them) before it is
/// shrunk: a failure that does not come every time is flaky, and is reported as found.
pub const RUNS_OF_A_FAILURE: usize = 5;

/// How long shrinking a failure may take; past it, the smallest failing input found so
/// far is reported.
pub const SHRINK_TIME_BUDGET: Duration = Duration::from_secs(30);

/// Runs `cargo xtask stress`.
pub fn run(options: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(std::slice::from_ref(&options.problem))?;
    let problem: &Problem = &problems[0];
    let known = KnownProblem::of(problem);
    if options.cases == 0 && !options.hard {
        return Err(usage_error("--cases 0 runs nothing: give at least 1"));
    }
    if options.beyond_promise && options.command.is_none() && options.source.is_none() {
        return Err(usage_error(
            "--beyond-promise is for a program not ours: --command or --source",
        ));
    }
    if known.is_none() {
        text::check_options(&options, problem)?;
    }
    let (program, scope, replay_arguments) = program_to_test(&options, &workspace, &problems)?;
    let compiled = match &options.source {
        Some(source) => match super::check::compile_source(source)? {
            Compiled::Ready { source } => Some(source),
            Compiled::Refused { message } => {
                outln!("{} does not compile:\n{message}", source.display());
                return Ok(ExitCode::FAILURE);
            }
        },
        None => None,
    };
    let (program, limits) = match &compiled {
        Some(compiled) => (
            compiled.command(),
            compiled.language().limits(problem.limits()),
        ),
        None => (program, problem.limits()),
    };
    let Some(known) = known else {
        return text::run(&options, problem, program, limits, &replay_arguments);
    };
    let mut program = ProgramUnderTest {
        problem: known,
        program,
        limits,
        checker: problem.checker.clone(),
        scope,
    };
    let cases = cases(&options, known, problem)?;
    let failures_folder = workspace.target_directory.join("stress");
    if scope == Scope::InsidePromise {
        outln!(
            "only cases inside the judge's promise, as the program is not ours: {}; \
             --beyond-promise adds the others",
            known.promise.words
        );
    }
    let mut tally = Tally::default();
    for case in cases {
        match program.try_case(&case.puzzles)? {
            CaseResult::Passed => tally.judged += 1,
            CaseResult::Undecided => tally.undecided += 1,
            CaseResult::BeyondPromise => tally.beyond_promise += 1,
            CaseResult::Failed { failure } => {
                let replay = Replay {
                    problem: problem.name.clone(),
                    arguments: replay_arguments.clone(),
                    folder: failures_folder.clone(),
                };
                report(&mut program, *failure, &case, options.hard, &replay)?;
                outln!("{} passed, 1 failed", tally.judged);
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    tally.print();
    Ok(ExitCode::SUCCESS)
}

/// The program to test (the problem's release binary, `--binary` or `--command`), which
/// cases it meets, and the arguments that name it again in the replay line.
fn program_to_test(
    options: &Arguments,
    workspace: &Workspace,
    problems: &[Problem],
) -> Result<(Command, Scope, String)> {
    let not_ours = |name: &str, value: &str| {
        let mut arguments = format!(" --{name} {}", shell_word(value));
        let scope = match options.beyond_promise {
            true => {
                arguments.push_str(" --beyond-promise");
                Scope::Everything
            }
            false => Scope::InsidePromise,
        };
        (scope, arguments)
    };
    if let Some(source) = &options.source {
        // Compiled by the caller; the command here is a stand-in.
        let (scope, arguments) = not_ours("source", &source.display().to_string());
        return Ok((Command::new(source), scope, arguments));
    }
    Ok(match (&options.command, &options.binary) {
        (Some(command), _) => {
            let program = ProgramCommand::parse(command)
                .map_err(usage_error)?
                .command();
            let (scope, arguments) = not_ours("command", command);
            (program, scope, arguments)
        }
        (None, Some(path)) => {
            // Named as a path, even without a `/`: a binary is never looked up on PATH.
            let named = Path::new(".").join(path);
            find_program(&named.to_string_lossy())
                .map_err(|message| usage_error(format!("--binary {message}")))?;
            let arguments = format!(" --binary {}", shell_word(&path.display().to_string()));
            (Command::new(path), Scope::Everything, arguments)
        }
        (None, None) => {
            let binary = workspace.build(problems, Profile::Release)?.remove(0);
            (Command::new(binary), Scope::Everything, String::new())
        }
    })
}

/// One case to run: the puzzles of its input, where it came from for the report (`case
/// seed 12`, `hard puzzle 2 of 6`), and the arguments of `stress` that replay it.
struct NamedCase {
    puzzles: Vec<Puzzle>,
    origin: String,
    replay: String,
}

/// The cases to run, after a line that says which: random ones from a seed, or the
/// family's hard inputs.
fn cases(
    options: &Arguments,
    known: KnownProblem,
    problem: &Problem,
) -> Result<Box<dyn Iterator<Item = NamedCase>>> {
    let name = &problem.name;
    if let Some(file) = &options.input {
        let puzzles = read_input_file(known, file)?;
        outln!("stress {name}: the input in {}", file.display());
        let case = NamedCase {
            puzzles,
            origin: format!("the file {}", file.display()),
            replay: format!("--input {}", shell_word(&file.display().to_string())),
        };
        return Ok(Box::new(std::iter::once(case)));
    }
    if options.hard {
        let hard = (known.family.hard_cases)()?;
        let count = hard.len();
        let millis = problem.time_limit.as_millis();
        outln!(
            "stress {name}: the {count} hard puzzles, each within the time limit of {millis} ms"
        );
        let named = move |(index, puzzles)| NamedCase {
            puzzles,
            origin: format!("hard puzzle {} of {count}", index + 1),
            replay: "--hard".to_string(),
        };
        return Ok(Box::new(hard.into_iter().enumerate().map(named)));
    }
    let seed = first_seed(options);
    outln!("stress {name}: {} cases from seed {seed}", options.cases);
    Ok(Box::new((0..options.cases).map(move |case_number| {
        let case_seed = seed.wrapping_add(case_number);
        NamedCase {
            puzzles: (known.family.stress_case)(&mut StdRng::seed_from_u64(case_seed)),
            origin: format!("case seed {case_seed}"),
            replay: format!("--seed {case_seed} --cases 1"),
        }
    })))
}

/// The seed of the first case: `--seed`, or a fresh one each run, printed so that a
/// failure can be replayed.
fn first_seed(options: &Arguments) -> u64 {
    options
        .seed
        .unwrap_or_else(|| rand::random::<u64>() % 1_000_000_007)
}

/// The puzzles of the input in `file`, read as the problem's solution reads them.
fn read_input_file(known: KnownProblem, file: &std::path::Path) -> Result<Vec<Puzzle>> {
    let text = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let mut puzzles = Vec::new();
    (known.format.read)(&mut text.as_slice(), &mut |puzzle| {
        puzzles.push(puzzle);
        Ok(())
    })
    .with_context(|| format!("reading {}", file.display()))?;
    Ok(puzzles)
}

/// How many cases were judged, and how many were not run (and why).
#[derive(Default)]
struct Tally {
    judged: u64,
    undecided: u64,
    beyond_promise: u64,
}

impl Tally {
    /// The closing lines of a run in which every case passed.
    fn print(&self) {
        if self.undecided > 0 {
            outln!(
                "({} cases skipped: the reference could not decide them, or a \
                 Su-domino-ku puzzle had several grids)",
                self.undecided
            );
        }
        if self.beyond_promise > 0 {
            let beyond_promise = self.beyond_promise;
            outln!("({beyond_promise} cases beyond the judge's promise were not run)");
        }
        outln!("{} passed, 0 failed", self.judged);
    }
}

/// Where the replay line of a failure points: the problem and the program's arguments,
/// and the folder a shrunk input is written to (`<target>/stress/`).
struct Replay {
    problem: String,
    arguments: String,
    folder: PathBuf,
}

/// Reports `failure`, found on `case`: runs the same input again, [`RUNS_OF_A_FAILURE`] runs
/// in all (a failure that does not come every time is flaky, and is reported as found, with
/// how often it came), shrinks one that comes every time (but not a hard input: it is the
/// input that matters), and prints it all with the line that replays exactly the input
/// shown (a shrunk input is written to a file that `--input` reads).
fn report(
    program: &mut ProgramUnderTest,
    failure: Failure,
    case: &NamedCase,
    hard: bool,
    replay: &Replay,
) -> Result<()> {
    let mut failed_runs = 1;
    for _ in 1..RUNS_OF_A_FAILURE {
        let outcome = program.try_case(&failure.puzzles)?;
        failed_runs += usize::from(matches!(outcome, CaseResult::Failed { .. }));
    }
    let repeated = failed_runs == RUNS_OF_A_FAILURE;
    let shrunk = match repeated && !hard {
        true => program.shrink(failure, SHRINK_TIME_BUDGET)?,
        false => Shrunk {
            failure,
            time_ran_out: false,
        },
    };
    let was_shrunk = shrunk.failure.puzzles != case.puzzles;
    let origin = &case.origin;
    let which = match was_shrunk {
        true => format!("shrunk from the input of {origin}"),
        false => format!("the input of {origin}"),
    };
    let Failure {
        input,
        expectation,
        run,
        reason,
        ..
    } = &shrunk.failure;
    print_failure(input, expectation, run, reason, &program.checker, &which);
    if !repeated {
        outln!(
            "flaky: failed {failed_runs} of {RUNS_OF_A_FAILURE} runs on the same input, so it \
             was not shrunk; the output above is from the first run, which failed"
        );
    }
    if shrunk.time_ran_out {
        let seconds = SHRINK_TIME_BUDGET.as_secs();
        outln!("(shrinking stopped after {seconds} s; a smaller input may fail too)");
    }
    let case_arguments = match was_shrunk {
        true => {
            std::fs::create_dir_all(&replay.folder)?;
            let file = replay.folder.join(format!("{}-failure.in", replay.problem));
            std::fs::write(&file, &shrunk.failure.input)?;
            format!("--input {}", shell_word(&file.display().to_string()))
        }
        false => case.replay.clone(),
    };
    outln!(
        "replay: cargo xtask stress {} {case_arguments}{}",
        replay.problem,
        replay.arguments
    );
    Ok(())
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
fn print_failure(
    input: &str,
    expectation: &Expectation,
    run: &Run,
    reason: &str,
    checker: &Checker,
    which: &str,
) {
    outln!("FAILED on this input ({which}):\n{input}");
    outln!("expected:");
    match expectation {
        Expectation::Answer { .. } if *checker == Checker::Sudoku => {
            outln!("any valid completion")
        }
        Expectation::Answer { expected_output } => outln!("{}", expected_output.trim_end()),
        Expectation::Refusal {
            why,
            answers_before,
        } if answers_before.is_empty() => {
            outln!("nothing ({why}), a message on standard error and a non-zero exit")
        }
        Expectation::Refusal {
            why,
            answers_before,
        } => {
            outln!("{}", answers_before.trim_end());
            outln!("and then, as {why}, a message on standard error and a non-zero exit");
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

    /// Runs `cargo xtask stress` on `problem` with `arguments`.
    fn stress(problem: KnownProblem, arguments: &[&str]) -> ExitCode {
        let name = problem.to_string();
        let words = ["cargo xtask", "stress", &name]
            .into_iter()
            .chain(arguments.iter().copied());
        match crate::Cli::try_parse_from(words).unwrap().command {
            crate::Subcommands::Stress(arguments) => run(arguments).unwrap(),
            _ => unreachable!("the subcommand is `stress`"),
        }
    }

    /// The checker of `problem`'s manifest.
    fn checker_of(problem: &KnownProblem) -> Checker {
        let workspace = Workspace::load().unwrap();
        let problems = workspace.select(&[problem.crate_name()]).unwrap();
        problems[0].checker.clone()
    }

    /// The first Sudoku problem of the table whose checker compares outputs exactly.
    fn exact_sudoku_problem() -> KnownProblem {
        let exact_sudoku = |problem: &&KnownProblem| {
            problem.family.plain_sudoku && checker_of(problem) == Checker::Exact
        };
        *KnownProblem::ALL
            .iter()
            .find(exact_sudoku)
            .expect("such a problem")
    }

    #[test]
    fn a_binary_that_echoes_its_input_is_caught() {
        // `cat` answers a full grid correctly, but not a grid with holes.
        let (_directory, binary) = fake_binary("cat");
        let arguments = ["--cases", "20", "--seed", "1", "--binary", &binary];
        assert_eq!(
            stress(exact_sudoku_problem(), &arguments),
            ExitCode::FAILURE
        );
    }

    #[test]
    fn a_binary_that_always_fails_is_caught() {
        let (_directory, binary) = fake_binary("echo 'no completion' >&2; exit 1");
        for &problem in KnownProblem::ALL {
            let arguments = ["--cases", "5", "--seed", "3", "--binary", &binary];
            assert_eq!(stress(problem, &arguments), ExitCode::FAILURE, "{problem}");
        }
    }

    #[test]
    fn shrinking_stops_when_its_time_is_up() {
        // `cat` fails every grid with holes, so shrinking could go on for 81 rounds.
        let (_directory, binary) = fake_binary("cat");
        let problem = exact_sudoku_problem();
        let mut program = ProgramUnderTest {
            problem,
            program: Command::new(binary),
            limits: xtask::judge::Limits::time_only(Duration::from_secs(1)),
            checker: Checker::Exact,
            scope: Scope::Everything,
        };
        let puzzles = (1..100)
            .map(|seed| (problem.family.stress_case)(&mut StdRng::seed_from_u64(seed)))
            .find(|puzzles| {
                let expected = case::expected(problem, puzzles);
                expected.is_some_and(|expected| {
                    matches!(expected.expectation, Expectation::Answer { .. })
                })
            })
            .expect("a case with a completion");
        let CaseResult::Failed { failure } = program.try_case(&puzzles).unwrap() else {
            panic!("cat answered a grid with holes");
        };
        let started = std::time::Instant::now();
        let shrunk = program.shrink(*failure, Duration::ZERO).unwrap();
        assert!(shrunk.time_ran_out, "the time was up at once");
        assert_eq!(shrunk.failure.puzzles, puzzles);
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_word_is_quoted_for_the_shell_only_when_it_needs_it() {
        assert_eq!(shell_word("target/release/x"), "target/release/x");
        assert_eq!(shell_word("echo input.sh"), "'echo input.sh'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }
}
