//! The `check` subcommand: build the solutions and judge them on their samples.
//!
//! `cargo xtask check [PROBLEM...]` does four things:
//!
//! 1. finds the problems (all of them, or those named as `p2239` or `2239`) and their
//!    sample cases, so a missing file is reported before anything is built;
//! 2. builds their binaries in release mode with one cargo command;
//! 3. runs each binary on each sample as a separate process, within the problem's time
//!    limit, and prints one aligned line per case, for example
//!    `p2239  sample-1  AC    3 ms`, with the reason under a case that failed;
//! 4. closes with `N passed, M failed` and fails (exit code 1) if M is not 0.

use std::fs;

use anyhow::{bail, Context, Result};

use crate::cargo::{build_release_binaries, release_binary};
use crate::judge::{judge_case, Judgement, Program};
use crate::problems::{discover_problems, select_problems, Problem, Sample};
use crate::{project_root, Success};

/// How far the lines under a case (a diff or a reason) are indented.
const DETAILS_INDENT: &str = "    ";

/// Runs `cargo xtask check` with `arguments`, the problem names (possibly none).
pub fn run(arguments: &[String]) -> Result<Success> {
    if let Some(option) = arguments.iter().find(|argument| argument.starts_with('-')) {
        bail!("`check` has no option `{option}`; usage: cargo xtask check [PROBLEM...]");
    }
    let root = project_root();

    // 1. The problems and their samples.
    let problems = select_problems(&discover_problems(&root)?, arguments)?;
    let mut problems_with_samples = Vec::new();
    for problem in problems {
        let samples = problem.samples()?;
        problems_with_samples.push((problem, samples));
    }

    // 2. One release build for all of them.
    let problems: Vec<Problem> = problems_with_samples
        .iter()
        .map(|(problem, _)| problem.clone())
        .collect();
    build_release_binaries(&root, &problems)?;

    // 3. Every case, one line each; the columns are as wide as their longest entry.
    let name_width = column_width(
        problems_with_samples
            .iter()
            .map(|(problem, _)| &problem.name),
    );
    let sample_width = column_width(
        problems_with_samples
            .iter()
            .flat_map(|(_, samples)| samples.iter().map(|sample| &sample.name)),
    );
    let mut passed = 0;
    let mut failed = 0;
    for (problem, samples) in &problems_with_samples {
        let program = Program::new(release_binary(&root, problem));
        for sample in samples {
            let case = format!(
                "{:<name_width$}  {:<sample_width$}",
                problem.name, sample.name
            );
            match judge_sample(&program, problem, sample) {
                Ok(Judgement { verdict, elapsed }) => {
                    println!(
                        "{case}  {:<3} {:>3} ms",
                        verdict.short_name(),
                        elapsed.as_millis()
                    );
                    if let Some(details) = verdict.details() {
                        print_indented(&details);
                    }
                    if verdict.is_accepted() {
                        passed += 1;
                    } else {
                        failed += 1;
                    }
                }
                Err(error) => {
                    println!("{case}  could not be judged");
                    print_indented(&format!("{error:#}"));
                    failed += 1;
                }
            }
        }
    }

    // 4. The closing count.
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        Success::Yes
    } else {
        Success::No
    })
}

/// Reads one sample's files and judges `program` on it.
fn judge_sample(program: &Program, problem: &Problem, sample: &Sample) -> Result<Judgement> {
    let input = fs::read(&sample.input_path)
        .with_context(|| format!("reading {}", sample.input_path.display()))?;
    let expected = fs::read(&sample.expected_path)
        .with_context(|| format!("reading {}", sample.expected_path.display()))?;
    judge_case(
        program,
        &input,
        &expected,
        problem.checker,
        problem.time_limit,
    )
}

/// The number of characters in the longest of `entries`.
fn column_width<'a>(entries: impl Iterator<Item = &'a String>) -> usize {
    entries
        .map(|entry| entry.chars().count())
        .max()
        .unwrap_or(0)
}

/// Prints every line of `text`, indented by `DETAILS_INDENT`.
fn print_indented(text: &str) {
    for line in text.lines() {
        println!("{DETAILS_INDENT}{line}");
    }
}
