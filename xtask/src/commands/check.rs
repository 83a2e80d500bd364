//! The `check` subcommand: build the solutions, or take any program, and judge them on
//! the problems' samples.
//!
//! `cargo xtask check [--bundled | --debug | --command CMD] [PROBLEM...]`:
//!
//! 1. finds the problems (all, or those named as `p1000` or `1000`) and their samples, so
//!    a missing file is reported before anything is built; a file in `samples/` that is
//!    not a sample (`1.in`, `sample_1.in`, an `.out` without its `.in`) is a failed line
//!    that names it and says why;
//! 2. builds their binaries: in release mode with one cargo command (with `--debug`, in
//!    cargo's dev profile, where an arithmetic overflow panics instead of wrapping), or with
//!    `--bundled` as the judge builds a submission: each problem's bundle
//!    ([`xtask::bundle`]) compiled by plain `rustc --edition 2021 -O` in an empty folder,
//!    where a warning or an error fails, as `p1000  rustc  WARN` or `CE` with what `rustc`
//!    said; with `--command`, nothing is built: the command, in the current folder, is the
//!    program (`python3 sol.py`, `java -cp out Main`, `./a.out`), started directly when it
//!    is a plain list of words and by `sh -c` otherwise ([`xtask::judge::command`]); one
//!    that cannot be run is a usage error;
//! 3. judges each program on each sample, a process each, as [`xtask::judge`] describes
//!    (TLE over the time limit, MLE over the memory limit, RE, then the problem's checker),
//!    and prints one aligned line per case with the verdict, the wall time and the peak
//!    memory in the judge's unit (kilobytes of 1,024 bytes), the processor time beside the
//!    wall time, `p1000  sample-1  AC      3 ms  cpu    2 ms    1904 KB`, and the reason
//!    under a case that failed (for MLE, the limit in KB);
//! 4. closes with `N passed, M failed` and fails (exit code 1) if M is not 0, or if nothing
//!    was judged at all: a check that judged nothing is not a pass.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::rc::Rc;

use anyhow::Result;
use xtask::bundle::{bundle_crate, start_judge_build, JudgeBuild, PendingJudgeBuild};
use xtask::judge::command::{find_program, shell_could_not_find, ProgramCommand};
use xtask::judge::language::{compile, Compiled, CompiledSource, Language};
use xtask::judge::shown::escape_invisible;
use xtask::judge::Limits;
use xtask::judge::{TemporaryFolder, Verdict};
use xtask::problems::workspace::{judge_sample_within, Problem, Profile, SampleFiles, Workspace};
use xtask::usage_error;

/// Build the solutions in release mode, or take any program, and judge them on the
/// problems' samples: verdict, time and memory of each.
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
    /// Judge this command instead of the solutions, on the samples of the problems named:
    /// any program, in the current folder (through `sh -c` only when it has shell syntax),
    /// for example `python3 sol.py`,
    /// `java -cp out Main` or `./a.out`.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["bundled", "debug"])]
    command: Option<String>,
    /// Judge this source file instead, compiled and run as Baekjoon does for its language,
    /// with the language's extra time and memory: Main.java (Java 11), main.py (Python 3),
    /// main.js (node.js), main.cpp or main.cc (C++17), main.rs (Rust 2021).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["bundled", "debug", "command"])]
    source: Option<PathBuf>,
    /// The problems to judge; none means all of them.
    #[arg(value_name = "PROBLEM")]
    problems: Vec<String>,
}

/// What step 2 made of one problem.
enum Build {
    /// A program to judge.
    Ready {
        /// The program.
        program: Program,
    },
    /// A program to judge, but the compiler warned: a failed line of its own.
    Warned {
        /// The program.
        program: Program,
        /// What the compiler said.
        warning: BuildFailure,
    },
    /// Nothing to judge.
    Failed {
        /// Why.
        failure: BuildFailure,
    },
}

impl Build {
    /// The program to judge, unless the build failed.
    fn program(&self) -> Option<&Program> {
        match self {
            Build::Ready { program } | Build::Warned { program, .. } => Some(program),
            Build::Failed { .. } => None,
        }
    }

    /// What went wrong, if anything.
    fn failure(&self) -> Option<&BuildFailure> {
        match self {
            Build::Ready { .. } => None,
            Build::Warned { warning, .. } => Some(warning),
            Build::Failed { failure } => Some(failure),
        }
    }
}

/// A program to judge: one of the solutions, the user's command or source.
enum Program {
    /// A source compiled as the judge compiles it, for every problem named.
    Source {
        /// The compiled program.
        compiled: Rc<CompiledSource>,
    },
    /// A binary that cargo or `rustc` built.
    Binary {
        /// Its path.
        path: PathBuf,
    },
    /// A command line, in the current folder.
    Command {
        /// The command line, as it runs.
        command: ProgramCommand,
    },
}

impl Program {
    /// The program as a process to start.
    fn command(&self) -> Command {
        match self {
            Program::Binary { path } => Command::new(path),
            Program::Command { command } => command.command(),
            Program::Source { compiled } => compiled.command(),
        }
    }

    /// `problem`'s limits as the judge applies them to the program: with its language's
    /// allowance for a source.
    fn limits(&self, problem: &Problem) -> Limits {
        match self {
            Program::Source { compiled } => compiled.language().limits(problem.limits()),
            Program::Binary { .. } | Program::Command { .. } => problem.limits(),
        }
    }
}

/// A build that failed or warned: one line `p1000  rustc  WARN` and the details under it.
struct BuildFailure {
    /// The step that failed: `bundle` or `rustc`.
    step: &'static str,
    /// What it came to: `could not be bundled`, `could not start`, `CE` or `WARN`.
    verdict: &'static str,
    /// What the step said.
    details: String,
}

/// Runs `cargo xtask check`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;

    // 1. The problems and their samples.
    let names_a_program = arguments.command.is_some() || arguments.source.is_some();
    if names_a_program && arguments.problems.is_empty() {
        return Err(usage_error(
            "--command and --source judge a program on the samples of the problems it \
             solves: name them, for example `cargo xtask check p1000 --command \"python3 \
             sol.py\"`",
        ));
    }
    let problems = workspace.select(&arguments.problems)?;
    let sample_files = problems
        .iter()
        .map(Problem::sample_files)
        .collect::<Result<Vec<SampleFiles>>>()?;

    // 2. The programs: the command, one release build for all of them, or one bundle each.
    let (builds, bundle_directory) = build_programs(&arguments, &workspace, &problems)?;

    // 3. Every case, one line each; the columns are as wide as their longest entry.
    let columns = Columns::of(&problems, &sample_files, &builds);
    let mut count = Count::default();
    for ((problem, files), build) in problems.iter().zip(&sample_files).zip(&builds) {
        judge_problem(problem, files, build, columns, &mut count)?;
    }

    // The bundles are kept for a look when their build failed.
    if let Some(directory) = bundle_directory {
        if builds.iter().any(|build| build.failure().is_some()) {
            let kept = directory.keep();
            eprintln!("the bundles and binaries are in {}", kept.display());
        }
    }

    // 4. The closing count; a check that judged nothing did not pass.
    count.close(&problems)
}

/// Step 2: the program to judge for each problem, and the temporary folder of the bundles
/// when they are built (`--bundled`).
fn build_programs(
    arguments: &Arguments,
    workspace: &Workspace,
    problems: &[Problem],
) -> Result<(Vec<Build>, Option<TemporaryFolder>)> {
    if let Some(command) = &arguments.command {
        // A command that cannot be run is the user's mistake, not a verdict.
        let command = ProgramCommand::parse(command).map_err(usage_error)?;
        let ready = |_| Build::Ready {
            program: Program::Command {
                command: command.clone(),
            },
        };
        return Ok((problems.iter().map(ready).collect(), None));
    }
    if let Some(source) = &arguments.source {
        let build = match compile_source(source)? {
            Compiled::Ready { source } => {
                let compiled = Rc::new(source);
                let ready = |_| Build::Ready {
                    program: Program::Source {
                        compiled: compiled.clone(),
                    },
                };
                return Ok((problems.iter().map(ready).collect(), None));
            }
            Compiled::Refused { message } => message,
        };
        let refused = |_| Build::Failed {
            failure: BuildFailure {
                step: "compile",
                verdict: "CE",
                details: build.clone(),
            },
        };
        return Ok((problems.iter().map(refused).collect(), None));
    }
    if arguments.bundled {
        // A compiler that is not there is the user's mistake: said before any folder is made.
        if let Some(rustc) = &arguments.rustc {
            find_program(&rustc.to_string_lossy())
                .map_err(|message| usage_error(format!("--rustc {message}")))?;
        }
        let (builds, directory) = build_bundles(workspace, problems, arguments.rustc.as_deref())?;
        return Ok((builds, Some(directory)));
    }
    let profile = match arguments.debug {
        true => Profile::Dev,
        false => Profile::Release,
    };
    let builds = build_each(problems, |some| workspace.build(some, profile));
    Ok((builds, None))
}

/// Step 2 with `--source`: the source's language (by its name), its compiler and runtime
/// found (else a usage error naming what to install), and the source compiled as the judge
/// compiles it.
pub fn compile_source(source: &Path) -> Result<Compiled> {
    if !source.is_file() {
        let message = format!("--source `{}` is not a file", source.display());
        return Err(usage_error(message));
    }
    let language =
        Language::of(source).map_err(|message| usage_error(format!("--source {message}")))?;
    language
        .check_tools()
        .map_err(|message| usage_error(format!("--source {message}")))?;
    eprintln!(
        "compiling and running {} as the judge does for {language}",
        source.display()
    );
    compile(source, language)
}

/// Step 2 with cargo: every problem's binary from one build; where that build fails, each
/// problem is built alone, so that one that does not build fails alone (`p1000  cargo  CE`)
/// and the others are judged. (Cargo has printed its errors above.)
fn build_each(
    problems: &[Problem],
    build: impl Fn(&[Problem]) -> Result<Vec<PathBuf>>,
) -> Vec<Build> {
    let ready = |path| Build::Ready {
        program: Program::Binary { path },
    };
    if let Ok(binaries) = build(problems) {
        return binaries.into_iter().map(ready).collect();
    }
    let alone = |problem: &Problem| match build(std::slice::from_ref(problem)) {
        Ok(mut binaries) if binaries.len() == 1 => ready(binaries.remove(0)),
        Ok(_) => failed("cargo", "CE", anyhow::anyhow!("cargo built no binary")),
        Err(error) => failed("cargo", "CE", error),
    };
    problems.iter().map(alone).collect()
}

/// The widths of the first two columns of step 3's lines: the problem's name, and the
/// case (a sample, a file not taken, or a build step that failed).
#[derive(Clone, Copy)]
struct Columns {
    name: usize,
    case: usize,
}

impl Columns {
    /// Wide enough for every entry of the lines to come.
    fn of(problems: &[Problem], sample_files: &[SampleFiles], builds: &[Build]) -> Columns {
        let failed_steps = builds
            .iter()
            .filter_map(|build| Some(build.failure()?.step));
        let case_names = sample_files
            .iter()
            .flat_map(|files| &files.samples)
            .map(|sample| sample.name.clone());
        let not_taken_names = sample_files
            .iter()
            .flat_map(|files| &files.not_taken)
            .map(|file| escape_invisible(&not_taken_name(&file.path)));
        let cases = case_names
            .chain(not_taken_names)
            .chain(failed_steps.map(str::to_string));
        Columns {
            name: width(problems.iter().map(|problem| problem.name.as_str())),
            case: cases.map(|name| display_width(&name)).max().unwrap_or(0),
        }
    }
}

/// How many cases passed and failed.
#[derive(Default)]
struct Count {
    passed: usize,
    failed: usize,
}

impl Count {
    /// Counts one case.
    fn add(&mut self, passed: bool) {
        match passed {
            true => self.passed += 1,
            false => self.failed += 1,
        }
    }

    /// Step 4: the closing line `N passed, M failed`, and the exit code: a failure if a
    /// case failed, or if nothing was judged at all (which says where samples go).
    fn close(&self, problems: &[Problem]) -> Result<ExitCode> {
        let Count { passed, failed } = *self;
        outln!("{passed} passed, {failed} failed");
        if !is_a_pass(passed, failed) && failed == 0 {
            let folders: Vec<String> = problems
                .iter()
                .map(|problem| problem.directory.join("samples").display().to_string())
                .collect();
            eprintln!(
                "error: nothing was judged: no sample in {} (a sample is sample-N.in with its \
                 answer in sample-N.out)",
                folders.join(", ")
            );
            return Ok(ExitCode::FAILURE);
        }
        Ok(match is_a_pass(passed, failed) {
            true => ExitCode::SUCCESS,
            false => ExitCode::FAILURE,
        })
    }
}

/// Step 3 for one problem: a failed line for each file of `samples/` not taken and for a
/// build that failed or warned, then, if there is a program, a line for each sample. A
/// `--command` whose shell cannot find its program is a usage error, not a verdict.
fn judge_problem(
    problem: &Problem,
    files: &SampleFiles,
    build: &Build,
    columns: Columns,
    count: &mut Count,
) -> Result<()> {
    let (name, name_width, case_width) = (&problem.name, columns.name, columns.case);
    for file in &files.not_taken {
        let file_name = escape_invisible(&not_taken_name(&file.path));
        outln!(
            "{}  {}  not taken",
            pad(name, name_width),
            pad(&file_name, case_width)
        );
        print_indented(file.reason);
        count.add(false);
    }
    if let Some(BuildFailure {
        step,
        verdict,
        details,
    }) = build.failure()
    {
        outln!(
            "{}  {}  {verdict}",
            pad(name, name_width),
            pad(step, case_width)
        );
        print_indented(details);
        count.add(false);
    }
    let Some(program) = build.program() else {
        return Ok(());
    };
    for sample in &files.samples {
        let case = format!(
            "{}  {}",
            pad(name, name_width),
            pad(&sample.name, case_width)
        );
        let mut command = program.command();
        match judge_sample_within(&mut command, problem, sample, program.limits(problem)) {
            Ok(judgement) => {
                if let Verdict::RuntimeError {
                    ending,
                    stderr_message: Some(stderr),
                } = &judgement.verdict
                {
                    if let Some(error) = shell_could_not_find(&command, *ending, stderr) {
                        return Err(usage_error(error));
                    }
                }
                outln!("{case}  {}", judgement.summary());
                print_indented(&judgement.memory_note().unwrap_or_default());
                let verdict = &judgement.verdict;
                print_indented(&verdict.details().unwrap_or_default());
                count.add(verdict.is_accepted());
            }
            Err(error) => {
                outln!("{case}  could not be judged");
                print_indented(&format!("{error:#}"));
                count.add(false);
            }
        }
    }
    Ok(())
}

/// Whether a check that counted `passed` and `failed` cases passed: none failed, and
/// something was judged.
fn is_a_pass(passed: usize, failed: usize) -> bool {
    failed == 0 && passed > 0
}

/// How a line names a file of `samples/` that was not taken: `samples/1.in`.
fn not_taken_name(path: &Path) -> String {
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    format!("samples/{file_name}")
}

/// Step 2 with `--bundled`: each problem's bundle compiled by `rustc` (or the compiler
/// named), all at once, each in an empty folder of a new temporary folder (returned too).
fn build_bundles(
    workspace: &Workspace,
    problems: &[Problem],
    rustc: Option<&Path>,
) -> Result<(Vec<Build>, TemporaryFolder)> {
    // Removed at the end, and by a signal that ends xtask.
    let directory = TemporaryFolder::new("xtask-check-bundled-")?;
    let compiler = rustc.map_or_else(|| "rustc".to_string(), |path| path.display().to_string());
    eprintln!(
        "bundling and compiling with `{compiler} --edition 2021 -O` in {}",
        directory.path().display()
    );
    let builds = problems.iter().map(|problem| {
        // Without doc comments, as `cargo xtask bundle` makes it by default.
        let bundle = match bundle_crate(workspace, problem, false) {
            Ok(bundle) => bundle,
            Err(error) => {
                return Pending::Failed {
                    build: failed("bundle", "could not be bundled", error),
                }
            }
        };
        let folder = directory.path().join(&problem.name);
        match start_judge_build(&bundle, &folder, rustc) {
            Ok(compiling) => Pending::Compiling { compiling },
            Err(error) => Pending::Failed {
                build: failed("rustc", "could not start the compiler", error),
            },
        }
    });
    // All compilers run at once; then each is waited for.
    let builds: Vec<Pending> = builds.collect();
    let finish = |pending: Pending| match pending {
        Pending::Failed { build } => build,
        Pending::Compiling { compiling } => match compiling.finish() {
            Err(error) => failed("rustc", "could not be waited for", error),
            Ok(JudgeBuild {
                binary,
                diagnostics,
                status,
            }) => {
                let diagnostics = diagnostics.trim_end().to_string();
                match binary {
                    None => Build::Failed {
                        failure: BuildFailure {
                            step: "rustc",
                            verdict: "CE",
                            details: format!("rustc ended with {status}\n{diagnostics}"),
                        },
                    },
                    Some(path) if diagnostics.is_empty() => Build::Ready {
                        program: Program::Binary { path },
                    },
                    Some(path) => Build::Warned {
                        program: Program::Binary { path },
                        warning: BuildFailure {
                            step: "rustc",
                            verdict: "WARN",
                            details: diagnostics,
                        },
                    },
                }
            }
        },
    };
    Ok((builds.into_iter().map(finish).collect(), directory))
}

/// One problem's bundle on its way through step 2 with `--bundled`.
enum Pending {
    /// `rustc` is compiling it.
    Compiling {
        /// The compiler's run.
        compiling: PendingJudgeBuild,
    },
    /// It failed before `rustc` could start.
    Failed {
        /// What failed.
        build: Build,
    },
}

/// A build that failed at `step` with `verdict`, because of `error`.
fn failed(step: &'static str, verdict: &'static str, error: anyhow::Error) -> Build {
    Build::Failed {
        failure: BuildFailure {
            step,
            verdict,
            details: format!("{error:#}"),
        },
    }
}

/// The display width of the longest of `names`: the width of their column.
fn width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names.map(display_width).max().unwrap_or(0)
}

/// How many columns a terminal gives `text`: a Hangul syllable takes two, a combining mark
/// none (`unicode-width`); the column's padding is counted so, not in characters.
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` padded with spaces to `width` columns (see [`display_width`]).
fn pad(text: &str, width: usize) -> String {
    let padding = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(padding))
}

/// Prints every line of `text` (a diff or a reason) indented under its case.
fn print_indented(text: &str) {
    for line in text.lines() {
        outln!("    {line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_that_does_not_build_fails_alone() {
        let workspace = Workspace::load().unwrap();
        let problems = workspace.select(&[]).unwrap();
        // The last problem does not build.
        let broken = problems.last().unwrap().name.clone();
        let build = |some: &[Problem]| match some.iter().any(|problem| problem.name == broken) {
            true => Err(anyhow::anyhow!("cargo build failed")),
            false => Ok(some
                .iter()
                .map(|problem| PathBuf::from(&problem.name))
                .collect()),
        };
        let builds = build_each(&problems, build);
        for (problem, build) in problems.iter().zip(&builds) {
            let failed = problem.name == broken;
            assert_eq!(build.program().is_none(), failed, "{}", problem.name);
            assert_eq!(build.failure().is_some(), failed, "{}", problem.name);
        }
    }

    #[test]
    fn columns_are_as_wide_as_the_terminal_shows_them() {
        // A Hangul file name takes two columns a syllable.
        assert_eq!(display_width("samples/예제.in"), 15);
        assert_eq!(pad("예제", 6), "예제  ");
        assert_eq!(pad("ab", 6), "ab    ");
    }

    #[test]
    fn nothing_judged_is_not_a_pass() {
        assert!(!is_a_pass(0, 0));
        assert!(!is_a_pass(3, 1));
        assert!(is_a_pass(3, 0));
    }
}
