//! `stress` on a problem of no family: each case made and answered by the problem's own
//! programs, which its manifest names as testlib and Polygon name them. The `generator`
//! prints the input of a case for the seed given as its last argument; the `reference`
//! reads that input on standard input and prints the right answer; both run from the
//! problem's folder. The program's run is judged as `check` judges it, with the problem's
//! limits and checker. A failure is run five times in all (one that does not fail every
//! time is flaky) and reported with the line that replays it; its input is not shrunk, as
//! a text has no parts that the tooling knows how to drop.

use std::process::{Command, ExitCode};
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use xtask::judge::command::command_in_folder;
use xtask::judge::shown::excerpt;
use xtask::judge::{run_program, Limits, Run};
use xtask::problems::workspace::Problem;
use xtask::problems::KnownProblem;
use xtask::usage_error;

use super::case::{failure_reason, Expectation};
use super::{first_seed, print_failure, Arguments, RUNS_OF_A_FAILURE};

/// How long the generator or the reference may take on one case.
const PROGRAM_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Refuses, with a usage error, what stress cannot do on `problem`, a problem of no
/// family: run without its generator and reference, `--hard` (the hard inputs are a
/// family's) and `--beyond-promise` (a generator makes inputs the judge promises).
pub(super) fn check_options(options: &Arguments, problem: &Problem) -> Result<()> {
    let name = &problem.name;
    if problem.generator.is_none() || problem.reference.is_none() {
        let manifest = problem.directory.join("Cargo.toml");
        return Err(usage_error(format!(
            "stress {name}: it is a member of no family ({}), and its manifest names no \
             generator and reference: add them to [package.metadata.boj] in {}, as commands \
             run from its folder: generator = \"...\" prints one input for the seed given as \
             its last argument, reference = \"...\" reads an input and prints the right answer",
            KnownProblem::members(),
            manifest.display()
        )));
    }
    if options.hard {
        return Err(usage_error(format!(
            "--hard runs a family's hard inputs; {name} is of no family, and its cases are \
             its generator's"
        )));
    }
    if options.beyond_promise {
        return Err(usage_error(format!(
            "--beyond-promise adds a family's inputs beyond the judge's promise; {name}'s \
             cases are its generator's, all inside it"
        )));
    }
    Ok(())
}

/// Runs `program` within `limits` on `--cases` inputs of `problem`'s generator, from the
/// first seed on (or once on the input of `--input`), each judged against its reference's
/// answer; stops at the first failure, which it runs again, [`RUNS_OF_A_FAILURE`] runs in
/// all (one that does not fail every time is flaky), and reports with the line that
/// replays it (`replay_arguments` name the program again).
pub(super) fn run(
    options: &Arguments,
    problem: &Problem,
    mut program: Command,
    limits: Limits,
    replay_arguments: &str,
) -> Result<ExitCode> {
    let (name, seed) = (&problem.name, first_seed(options));
    let cases = match &options.input {
        Some(file) => {
            let path = file.display();
            outln!("stress {name}: the input of {path}, answered by its reference");
            1
        }
        None => {
            outln!(
                "stress {name}: {} cases from seed {seed}, made by its generator and answered \
                 by its reference",
                options.cases
            );
            options.cases
        }
    };
    for case_number in 0..cases {
        let case_seed = seed.wrapping_add(case_number);
        let (input, which, replay) = match &options.input {
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .with_context(|| format!("reading {}", file.display()))?;
                let path = file.display().to_string();
                (
                    text,
                    format!("the input of {path}"),
                    format!("--input {path}"),
                )
            }
            None => {
                let text = output_of(problem, Part::Generator, &[case_seed.to_string()], b"")?;
                let which = format!("the input of case seed {case_seed}");
                (text, which, format!("--seed {case_seed} --cases 1"))
            }
        };
        let expected_output = output_of(problem, Part::Reference, &[], input.as_bytes())?;
        let expectation = Expectation::Answer { expected_output };
        let judge = |run: &Run| failure_reason(run, &input, &expectation, limits, &problem.checker);
        let run = run_program(&mut program, input.as_bytes(), limits)?;
        let Some(reason) = judge(&run) else {
            continue;
        };
        let mut failed_runs = 1;
        for _ in 1..RUNS_OF_A_FAILURE {
            let again = run_program(&mut program, input.as_bytes(), limits)?;
            failed_runs += usize::from(judge(&again).is_some());
        }
        print_failure(
            &input,
            &expectation,
            &run,
            &reason,
            &problem.checker,
            &which,
        );
        if failed_runs < RUNS_OF_A_FAILURE {
            outln!(
                "flaky: failed {failed_runs} of {RUNS_OF_A_FAILURE} runs on the same input; the \
                 output above is from the first run, which failed"
            );
        }
        outln!("replay: cargo xtask stress {name} {replay}{replay_arguments}");
        outln!("{case_number} passed, 1 failed");
        return Ok(ExitCode::FAILURE);
    }
    outln!("{cases} passed, 0 failed");
    Ok(ExitCode::SUCCESS)
}

/// One of a problem's own programs.
#[derive(Clone, Copy)]
enum Part {
    /// Makes an input.
    Generator,
    /// Answers an input.
    Reference,
}

/// What `part` of `problem` prints, given `arguments` and `input`; an error, with what it
/// wrote on standard error, when it does not exit with 0 within [`PROGRAM_TIME_LIMIT`],
/// or writes more than the runner keeps, or writes no text.
fn output_of(problem: &Problem, part: Part, arguments: &[String], input: &[u8]) -> Result<String> {
    let (word, command) = match part {
        Part::Generator => ("generator", &problem.generator),
        Part::Reference => ("reference", &problem.reference),
    };
    let command = command.as_deref().expect("checked before the cases");
    let mut program = command_in_folder(command, &problem.directory, arguments);
    let run = run_program(&mut program, input, Limits::time_only(PROGRAM_TIME_LIMIT))?;
    let failed = |why: String| anyhow!("{}'s {word} `{command}` {why}", problem.name);
    if !run.ending.is_success() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let said = excerpt(stderr.trim());
        return Err(failed(format!("failed ({}): {said}", run.ending)));
    }
    if run.stdout_was_cut {
        return Err(failed("wrote more than the runner keeps".to_string()));
    }
    String::from_utf8(run.stdout).map_err(|_| failed("wrote bytes that are not UTF-8".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// A problem of no family in a temporary folder (which lives as long as the guard),
    /// whose generator prints twice its seed and whose reference adds one to its input;
    /// the generator fails on the seed 13.
    fn doubling_problem() -> (tempfile::TempDir, Problem) {
        let folder = tempfile::tempdir().unwrap();
        let generator = "[ \"$1\" = 13 ] && { echo unlucky >&2; exit 4; }; echo $(($1 * 2))";
        std::fs::write(folder.path().join("gen.sh"), generator).unwrap();
        std::fs::write(folder.path().join("ref.sh"), "read n; echo $((n + 1))").unwrap();
        let problem = Problem {
            name: "p1000".to_string(),
            directory: folder.path().to_path_buf(),
            id: 1000,
            title: "Doubling".to_string(),
            url: String::new(),
            time_limit: Duration::from_secs(1),
            memory_mb: 256,
            checker: xtask::judge::checker::Checker::Exact,
            generator: Some("sh gen.sh".to_string()),
            reference: Some("sh ref.sh".to_string()),
        };
        (folder, problem)
    }

    #[test]
    fn the_generator_makes_the_input_of_a_seed_and_the_reference_answers_it() {
        let (_folder, problem) = doubling_problem();
        let input = output_of(&problem, Part::Generator, &["21".to_string()], b"").unwrap();
        assert_eq!(input, "42\n");
        let answer = output_of(&problem, Part::Reference, &[], input.as_bytes()).unwrap();
        assert_eq!(answer, "43\n");
        let error = output_of(&problem, Part::Generator, &["13".to_string()], b"").unwrap_err();
        let message = format!("{error:#}");
        assert!(
            message.contains("p1000's generator `sh gen.sh` failed (exit code 4): unlucky"),
            "{message}"
        );
    }

    /// What `cargo xtask stress` makes of the words `line`.
    fn options(line: &str) -> Arguments {
        let words = ["cargo xtask", "stress"]
            .into_iter()
            .chain(line.split_whitespace());
        match crate::Cli::try_parse_from(words).unwrap().command {
            crate::Subcommands::Stress(arguments) => arguments,
            _ => unreachable!("the subcommand is `stress`"),
        }
    }

    #[test]
    fn a_problem_of_no_family_is_stressed_with_its_own_programs_or_refused_clearly() {
        let (_folder, mut problem) = doubling_problem();
        assert!(check_options(&options("p1000"), &problem).is_ok());
        for (line, words) in [
            ("p1000 --hard", "--hard runs a family's hard inputs"),
            (
                "p1000 --command cat --beyond-promise",
                "--beyond-promise adds",
            ),
        ] {
            let error = check_options(&options(line), &problem).unwrap_err();
            assert!(error.is::<clap::Error>(), "{error}");
            assert!(error.to_string().contains(words), "{error}");
        }
        problem.reference = None;
        let error = check_options(&options("p1000"), &problem).unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        let message = error.to_string();
        assert!(
            message.contains("names no generator and reference"),
            "{message}"
        );
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    }
}
