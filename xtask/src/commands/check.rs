//! The `check` subcommand: build the solutions and judge them on their samples.
//!
//! `cargo xtask check [--bundled | --debug] [PROBLEM...]`:
//!
//! 1. finds the problems (all, or those named as `p2239` or `2239`) and their samples, so
//!    a missing file is reported before anything is built (a problem fresh from `cargo
//!    xtask new` has none yet, and nothing to judge);
//! 2. builds their binaries: in release mode with one cargo command (with `--debug`, in
//!    cargo's dev profile, where an arithmetic overflow panics instead of wrapping), or with
//!    `--bundled` as the judge builds a submission: each problem's bundle
//!    ([`xtask::bundle`]) compiled by plain `rustc --edition 2021 -O` in an empty folder,
//!    where a warning or an error fails, as `p2239  rustc  WARN` or `CE` with what `rustc`
//!    said;
//! 3. judges each binary on each sample, a process each, as [`xtask::judge`] describes
//!    (TLE over the time limit, MLE over the memory limit, RE, then the problem's checker),
//!    and prints one aligned line per case with the verdict, the wall time and the peak
//!    memory, `p2239  sample-1  AC    3 ms   6.9 MB`, and the reason under a case that
//!    failed;
//! 4. closes with `N passed, M failed` and fails (exit code 1) if M is not 0.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use tempfile::TempDir;
use xtask::bundle::{bundle_crate, start_judge_build, JudgeBuild, PendingJudgeBuild};
use xtask::judge::judge_sample;
use xtask::problems::workspace::{Problem, Profile, Workspace};

/// Build the solutions in release mode and judge them on their samples: verdict, time and
/// memory of each.
#[derive(clap::Args)]
pub struct Arguments {
    /// Judge the bundles instead, each built by plain `rustc --edition 2021 -O` in an
    /// empty folder, as the judge does; a warning fails.
    #[arg(long)]
    bundled: bool,
    /// Build with cargo's dev profile instead of release, so that overflow checks and
    /// debug assertions run (slower: a TLE here may not be one on the judge).
    #[arg(long, conflicts_with = "bundled")]
    debug: bool,
    /// With --bundled, compile with this rustc, for example Debian's old /usr/bin/rustc
    /// [default: $RUSTC, or the rustc on the path].
    #[arg(long, value_name = "PATH", requires = "bundled")]
    rustc: Option<PathBuf>,
    /// The problems to judge; none means all of them.
    #[arg(value_name = "PROBLEM")]
    problems: Vec<String>,
}

/// What step 2 made of one problem.
struct Build {
    /// The binary to judge; none when the build failed outright.
    binary: Option<PathBuf>,
    /// What went wrong in the build, if anything (a warning still leaves a binary).
    failure: Option<BuildFailure>,
}

/// A build that failed or warned: one line `p2239  rustc  WARN` and the details under it.
struct BuildFailure {
    /// The step that failed: `bundle` or `rustc`.
    step: &'static str,
    /// What it came to: `could not be bundled`, `CE` or `WARN`.
    verdict: &'static str,
    /// What the step said.
    details: String,
}

/// Runs `cargo xtask check`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;

    // 1. The problems and their samples.
    let problems = workspace.select(&arguments.problems)?;
    let samples = problems
        .iter()
        .map(Problem::samples)
        .collect::<Result<Vec<_>>>()?;

    // 2. The programs: one release build for all of them, or one bundle each.
    let (builds, bundle_directory) = if arguments.bundled {
        let (builds, directory) = build_bundles(&problems, arguments.rustc.as_deref())?;
        (builds, Some(directory))
    } else {
        let profile = match arguments.debug {
            true => Profile::Dev,
            false => Profile::Release,
        };
        let binaries = workspace.build(&problems, profile)?;
        let build = |binary| Build {
            binary: Some(binary),
            failure: None,
        };
        (binaries.into_iter().map(build).collect(), None)
    };

    // 3. Every case, one line each; the columns are as wide as their longest entry.
    let name_width = width(problems.iter().map(|problem| problem.name.as_str()));
    let failed_step = |build: &Build| Some(build.failure.as_ref()?.step);
    let failed_steps = builds.iter().filter_map(failed_step);
    let case_names = samples.iter().flatten().map(|sample| sample.name.as_str());
    let case_width = width(case_names.chain(failed_steps));
    let (mut passed, mut failed) = (0, 0);
    for ((problem, samples), build) in problems.iter().zip(&samples).zip(&builds) {
        if let Some(BuildFailure {
            step,
            verdict,
            details,
        }) = &build.failure
        {
            let name = &problem.name;
            outln!("{name:<name_width$}  {step:<case_width$}  {verdict}");
            print_indented(details);
            failed += 1;
        }
        let Some(binary) = &build.binary else {
            continue;
        };
        for sample in samples {
            let case = format!(
                "{:<name_width$}  {:<case_width$}",
                problem.name, sample.name
            );
            match judge_sample(binary, problem, sample) {
                Ok(judgement) => {
                    outln!("{case}  {}", judgement.summary());
                    let verdict = &judgement.verdict;
                    print_indented(&verdict.details().unwrap_or_default());
                    passed += usize::from(verdict.is_accepted());
                    failed += usize::from(!verdict.is_accepted());
                }
                Err(error) => {
                    outln!("{case}  could not be judged");
                    print_indented(&format!("{error:#}"));
                    failed += 1;
                }
            }
        }
    }

    // The bundles are kept for a look when their build failed.
    if let Some(directory) = bundle_directory {
        if builds.iter().any(|build| build.failure.is_some()) {
            let kept = directory.keep();
            eprintln!("the bundles and binaries are in {}", kept.display());
        }
    }

    // 4. The closing count.
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Step 2 with `--bundled`: each problem's bundle compiled by `rustc` (or the compiler
/// named), all at once, each in an empty folder of a new temporary folder (returned too).
fn build_bundles(problems: &[Problem], rustc: Option<&Path>) -> Result<(Vec<Build>, TempDir)> {
    let directory = tempfile::Builder::new()
        .prefix("xtask-check-bundled-")
        .tempdir()
        .context("making a temporary folder")?;
    let compiler = rustc.map_or_else(|| "rustc".to_string(), |path| path.display().to_string());
    eprintln!(
        "bundling and compiling with `{compiler} --edition 2021 -O` in {}",
        directory.path().display()
    );
    let started: Vec<Result<PendingJudgeBuild>> = problems
        .iter()
        .map(|problem| {
            // Without doc comments, as `cargo xtask bundle` makes it by default.
            let bundle = bundle_crate(&problem.directory, false)?;
            start_judge_build(&bundle, &directory.path().join(&problem.name), rustc)
        })
        .collect();
    let build =
        |started: Result<PendingJudgeBuild>| match started.and_then(PendingJudgeBuild::finish) {
            Err(error) => Build {
                binary: None,
                failure: Some(BuildFailure {
                    step: "bundle",
                    verdict: "could not be bundled",
                    details: format!("{error:#}"),
                }),
            },
            Ok(JudgeBuild {
                binary,
                diagnostics,
            }) => {
                let diagnostics = diagnostics.trim_end().to_string();
                let verdict = match (&binary, diagnostics.is_empty()) {
                    (None, _) => Some("CE"),
                    (Some(_), false) => Some("WARN"),
                    (Some(_), true) => None,
                };
                let failure = verdict.map(|verdict| BuildFailure {
                    step: "rustc",
                    verdict,
                    details: diagnostics,
                });
                Build { binary, failure }
            }
        };
    Ok((started.into_iter().map(build).collect(), directory))
}

/// The number of characters in the longest of `names`: the width of their column.
fn width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names.map(|name| name.chars().count()).max().unwrap_or(0)
}

/// Prints every line of `text` (a diff or a reason) indented under its case.
fn print_indented(text: &str) {
    for line in text.lines() {
        outln!("    {line}");
    }
}
