//! The workspace as cargo sees it: where it is, where cargo builds, the problem crates
//! and what the judge says about each, and the binaries cargo has just built.
//!
//! The root is found one way only, [`project_root`]: the parent of
//! `xtask/`, as cargo names it when it compiles this crate. Everything else comes from cargo itself, never
//! from guessing: the manifests and the target folder from `cargo metadata`, read once
//! per command into a [`Workspace`] (so `CARGO_TARGET_DIR`, `CARGO_BUILD_TARGET_DIR`
//! and `build.target-dir` in a cargo config are all honoured), and each binary's path
//! from the `executable` that `cargo build --message-format=json` reports.
//!
//! Every package under `problems/` is a problem crate. Its package name (for example
//! `p2239`) is also the name of its binary. The judge's facts about the problem sit in
//! the manifest, in a table that cargo itself ignores:
//!
//! ```toml
//! [package.metadata.boj]
//! id = 1000
//! title = "A+B"
//! url = "https://www.acmicpc.net/problem/1000"
//! time-limit-ms = 1000
//! memory-mb = 256
//! checker = "exact"   # or "sudoku", or a command: "python3 checker.py"
//! # For `stress`, the problem's own programs, as testlib and Polygon name them: commands
//! # run from the crate's folder, as the shell reads them.
//! generator = "python3 generator.py"   # prints one input for the seed, its last argument
//! reference = "python3 reference.py"   # reads an input, prints the right answer
//! ```
//!
//! A checker command is called as `COMMAND input output answer` (see
//! [`crate::judge::checker`]). `generator` and `reference` are for a problem outside the
//! table of problems, whose family's tools make and answer its cases in-process instead.
//!
//! The sample cases are the files `samples/sample-N.in` with their answers
//! `samples/sample-N.out`, taken in the order of N; any other file there is named, with
//! why it is not taken, by `cargo xtask check`. A new problem crate is picked up
//! as soon as it exists; nothing here names the problems.

use std::ffi::OsString;
use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use cargo_metadata::{Message, MetadataCommand, Package};
use common::input::quote;
use serde::Deserialize;

use crate::judge::checker::Checker;
use crate::judge::{judge_case, Judgement, Limits};
use crate::problems::parse_problem_number;
use crate::{project_root, usage_error};

/// The cargo that runs us (cargo sets `CARGO` for the programs it runs), so the same
/// toolchain builds the solutions; plain `cargo` otherwise. (`cargo metadata` is found
/// the same way by `cargo_metadata` itself.)
pub fn cargo() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"))
}

/// The workspace's manifests and target folder, read once with `cargo metadata`.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The folder of the root `Cargo.toml`.
    pub root: PathBuf,
    /// Where cargo puts build output, whatever setting chose it.
    pub target_directory: PathBuf,
    /// Every package of the workspace.
    pub packages: Vec<Package>,
}

impl Workspace {
    /// The workspace this xtask belongs to.
    pub fn load() -> Result<Workspace> {
        Workspace::at(&project_root())
    }

    /// The workspace whose root manifest is `root/Cargo.toml`: its root is `root` (found by
    /// [`project_root`], or given by a test), never asked of cargo again.
    pub fn at(root: &Path) -> Result<Workspace> {
        let manifest_path = root.join("Cargo.toml");
        let metadata = MetadataCommand::new()
            .manifest_path(&manifest_path)
            .current_dir(root)
            .no_deps()
            .exec()
            .with_context(|| format!("running `cargo metadata` on {}", manifest_path.display()))?;
        Ok(Workspace {
            root: root.to_path_buf(),
            target_directory: metadata.target_directory.into_std_path_buf(),
            packages: metadata.packages,
        })
    }

    /// The package whose manifest is `directory/Cargo.toml`.
    pub fn package_in(&self, directory: &Path) -> Result<&Package> {
        let wanted = directory.join("Cargo.toml");
        let same = |package: &&Package| {
            let path = package.manifest_path.as_std_path();
            path == wanted || fs::canonicalize(path).ok() == fs::canonicalize(&wanted).ok()
        };
        let package = self.packages.iter().find(same);
        package.with_context(|| format!("{} is not a package of this workspace", wanted.display()))
    }

    /// The problem crate whose manifest is `directory/Cargo.toml`, with the judge's facts
    /// from its manifest.
    pub fn problem_in(&self, directory: &Path) -> Result<Problem> {
        Problem::from_package(self.package_in(directory)?)
    }

    /// Every problem crate (a package under `problems/`), sorted by name.
    pub fn problems(&self) -> Result<Vec<Problem>> {
        let folder = self.root.join("problems");
        let in_folder = |package: &&Package| {
            let crate_folder = package.manifest_path.as_std_path().parent();
            crate_folder.and_then(Path::parent) == Some(folder.as_path())
        };
        let packages = self.packages.iter().filter(in_folder);
        let mut problems = packages
            .map(Problem::from_package)
            .collect::<Result<Vec<_>>>()?;
        problems.sort_by(|first, second| first.name.cmp(&second.name));
        Ok(problems)
    }

    /// The problems named on a command line (see [`select_problems`]).
    pub fn select(&self, names: &[String]) -> Result<Vec<Problem>> {
        select_problems(&self.problems()?, names)
    }

    /// Builds the binaries of `problems` with `profile`, with one cargo command, and
    /// returns the `executable` cargo reports for each, in order: the binary judged is the
    /// one just built, wherever cargo put it. A failed build is an error.
    pub fn build(&self, problems: &[Problem], profile: Profile) -> Result<Vec<PathBuf>> {
        let mut command = Command::new(cargo());
        command.current_dir(&self.root).args(["build", "--bins"]);
        if profile == Profile::Release {
            command.arg("--release");
        }
        command
            .arg("--message-format=json-render-diagnostics")
            .stdout(Stdio::piped());
        for problem in problems {
            command.args(["-p", &problem.name]);
        }
        let mut child = command.spawn().context("starting cargo build")?;
        let stdout = child.stdout.take().context("cargo's standard output")?;
        let mut executables: Vec<(String, PathBuf)> = Vec::new();
        for message in Message::parse_stream(BufReader::new(stdout)) {
            let message = message.context("reading cargo's report")?;
            if let Message::CompilerArtifact(artifact) = message {
                if let Some(executable) = artifact.executable {
                    executables.push((artifact.target.name, executable.into_std_path_buf()));
                }
            }
        }
        let status = child.wait().context("waiting for cargo build")?;
        if !status.success() {
            bail!("cargo build failed ({status})");
        }
        let executable = |problem: &Problem| {
            let built = executables.iter().find(|(name, _)| *name == problem.name);
            let missing = || format!("cargo built no binary named {}", problem.name);
            built.map(|(_, path)| path.clone()).with_context(missing)
        };
        problems.iter().map(executable).collect()
    }
}

/// How cargo builds the solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// Optimised, as the judge builds (`--release`).
    Release,
    /// Cargo's dev profile: slower, but with overflow checks and debug assertions, so that
    /// an arithmetic overflow is a crash instead of a wrong answer.
    Dev,
}

/// One problem crate and the judge's facts about it, read from its manifest's
/// `[package.metadata.boj]` table (see the module's docs).
#[derive(Debug, Clone)]
pub struct Problem {
    /// The package name, which is also the binary name, for example `p1000`.
    pub name: String,
    /// The crate's folder, for example `<root>/problems/p1000`.
    pub directory: PathBuf,
    /// The problem number on the judge, for example 1000.
    pub id: u32,
    /// The problem's title.
    pub title: String,
    /// The address of the problem statement.
    pub url: String,
    /// How long one run may take before the judge stops it.
    pub time_limit: Duration,
    /// How much memory the judge allows, in mebibytes (MLE above it; see
    /// [`crate::judge`]).
    pub memory_mb: u32,
    /// How an output is judged.
    pub checker: Checker,
    /// The command that prints one input for the seed given as its last argument.
    pub generator: Option<String>,
    /// The command that reads an input on standard input and prints the right answer.
    pub reference: Option<String>,
}

/// The `[package.metadata.boj]` table as the manifest writes it.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct JudgeFacts {
    id: u32,
    title: String,
    url: String,
    #[serde(rename = "time-limit-ms", deserialize_with = "milliseconds")]
    time_limit: Duration,
    memory_mb: u32,
    checker: String,
    generator: Option<String>,
    reference: Option<String>,
}

/// Reads a number of milliseconds as a duration.
fn milliseconds<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Duration, D::Error> {
    u64::deserialize(deserializer).map(Duration::from_millis)
}

/// The files of a problem's `samples/` folder, as [`Problem::sample_files`] reads them.
#[derive(Debug, Clone, Default)]
pub struct SampleFiles {
    /// The sample cases, in the order of their numbers.
    pub samples: Vec<Sample>,
    /// The files that are not part of a sample case.
    pub not_taken: Vec<NotTaken>,
}

/// A file of a `samples/` folder that is not part of a sample case, and why.
#[derive(Debug, Clone)]
pub struct NotTaken {
    /// The file.
    pub path: PathBuf,
    /// Why it was not taken.
    pub reason: &'static str,
}

/// One sample case: an input file and the file with its expected output.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The case's name, the file name without extension, for example `sample-1`.
    pub name: String,
    /// The `.in` file, given to the solution on standard input.
    pub input_path: PathBuf,
    /// The `.out` file, the answer the problem statement shows.
    pub expected_path: PathBuf,
}

impl Problem {
    /// The problem crate `package`, with the judge's facts from its manifest; a manifest
    /// without a valid `[package.metadata.boj]` table is an error that names it.
    pub fn from_package(package: &Package) -> Result<Problem> {
        let manifest_path = package.manifest_path.as_std_path();
        let Some(table) = package.metadata.get("boj") else {
            bail!(
                "{} has no [package.metadata.boj] table; every problem crate needs one \
                 (id, title, url, time-limit-ms, memory-mb, checker; for stress, a generator \
                 and a reference)",
                manifest_path.display()
            );
        };
        let reading = || format!("reading the judge facts in {}", manifest_path.display());
        let facts = JudgeFacts::deserialize(table).with_context(reading)?;
        let directory = manifest_path.parent().unwrap_or(manifest_path);
        let checker = Checker::named(&facts.checker, directory)
            .map_err(anyhow::Error::msg)
            .with_context(reading)?;
        Ok(Problem {
            name: package.name.to_string(),
            directory: directory.to_path_buf(),
            id: facts.id,
            title: facts.title,
            url: facts.url,
            time_limit: facts.time_limit,
            memory_mb: facts.memory_mb,
            checker,
            generator: facts.generator,
            reference: facts.reference,
        })
    }

    /// What the judge allows one run of the solution.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.time_limit,
            memory_bytes: u64::from(self.memory_mb) * 1024 * 1024,
        }
    }

    /// Whether `name` names this problem, as `p2239` or `2239` (read by
    /// [`parse_problem_number`], as every subcommand reads a problem's name).
    pub fn is_named(&self, name: &str) -> bool {
        parse_problem_number(name) == Ok(self.id)
    }

    /// The problem's sample cases, in the order of their numbers: none while it has no
    /// `samples/` folder or no sample in it (a problem fresh from `cargo xtask new`).
    /// Files that are not samples are left out: see [`Problem::sample_files`].
    pub fn samples(&self) -> Result<Vec<Sample>> {
        Ok(self.sample_files()?.samples)
    }

    /// The files of the problem's `samples/` folder: the sample cases, each `sample-N.in`
    /// with its `sample-N.out`, in the order of N, and every other file (but hidden ones,
    /// such as `.gitkeep`) with why it was not taken. Only regular files that can be read
    /// are taken: anything else there (a FIFO, a folder, a link to nothing) is named once,
    /// as what it is, and never opened, so that nothing waits on it.
    pub fn sample_files(&self) -> Result<SampleFiles> {
        let folder = self.directory.join("samples");
        let mut files = SampleFiles::default();
        if !folder.is_dir() {
            return Ok(files);
        }
        let listing = || format!("listing the samples in {}", folder.display());
        // `sample-N.in`, in the order of N: sample-10 after sample-9; N written as the
        // judge writes it (`sample-01` or `sample-+1` is no sample's name).
        let number = |name: &str| sample_number(name);
        for entry in fs::read_dir(&folder).with_context(listing)? {
            let path = entry.with_context(listing)?.path();
            let file_name = path.file_name().unwrap_or_default().to_string_lossy();
            if file_name.starts_with('.') {
                continue;
            }
            let (name, extension) = file_name.rsplit_once('.').unwrap_or((&file_name, ""));
            let partner = match extension {
                "in" => path.with_extension("out"),
                _ => path.with_extension("in"),
            };
            let is_sample_file = number(name).is_some() && matches!(extension, "in" | "out");
            let partner_kind = SampleFileKind::of(&partner);
            let same_number = written_number(name).map(|number| format!("sample-{number}"));
            let clashes = same_number.as_ref().is_some_and(|canonical| {
                canonical != name && folder.join(format!("{canonical}.{extension}")).exists()
            });
            let reason = if let Some(odd) = SampleFileKind::of(&path).why_not_read() {
                odd
            } else if clashes {
                "its number is another sample's too (sample-01 and sample-1 are one number): \
                 keep one, named sample-N as the judge names its samples"
            } else if !is_sample_file {
                "not a sample's name: a sample is sample-N.in with its answer in sample-N.out"
            } else if partner_kind.why_not_read().is_some() {
                // The partner's own line names what it is.
                continue;
            } else if partner_kind == SampleFileKind::Readable && extension == "out" {
                // Taken with its `.in`.
                continue;
            } else if partner_kind == SampleFileKind::Readable {
                files.samples.push(Sample {
                    name: name.to_string(),
                    expected_path: partner,
                    input_path: path,
                });
                continue;
            } else if extension == "in" {
                "its answer, the .out file of the same name, is missing"
            } else {
                "its input, the .in file of the same name, is missing"
            };
            files.not_taken.push(NotTaken { path, reason });
        }
        files.samples.sort_by_key(|sample| number(&sample.name));
        files
            .not_taken
            .sort_by(|first, second| first.path.cmp(&second.path));
        Ok(files)
    }
}

/// The number N of a sample named `sample-N`, written as the judge writes it: digits only,
/// without a leading zero.
fn sample_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("sample-")?;
    let canonical = !digits.starts_with('0') || digits == "0";
    digits
        .parse()
        .ok()
        .filter(|_| canonical && digits.bytes().all(|byte| byte.is_ascii_digit()))
}

/// The number a name of the form `sample-DIGITS` stands for, however it is written
/// (`sample-01` stands for 1): to find two names of one sample.
fn written_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("sample-")?;
    digits
        .bytes()
        .all(|byte| byte.is_ascii_digit())
        .then(|| digits.parse().ok())?
}

/// What a name in `samples/` is, as far as taking it as a sample goes: found by its
/// metadata first (a FIFO is never opened: reading one waits for a writer that may never
/// come), then, for a regular file, by opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SampleFileKind {
    /// A regular file that can be read: the only kind taken.
    Readable,
    /// A regular file that cannot be opened (its permissions).
    Unreadable,
    /// Nothing of that name.
    Missing,
    /// A symbolic link whose target does not exist.
    DanglingLink,
    /// A folder.
    Folder,
    /// A FIFO (named pipe).
    Fifo,
    /// A socket or a device.
    Special,
}

impl SampleFileKind {
    /// The kind of whatever `path` names (a link is followed).
    fn of(path: &Path) -> SampleFileKind {
        use std::os::unix::fs::FileTypeExt;
        let Ok(metadata) = fs::metadata(path) else {
            return match fs::symlink_metadata(path) {
                Ok(_) => SampleFileKind::DanglingLink,
                Err(_) => SampleFileKind::Missing,
            };
        };
        let file_type = metadata.file_type();
        if file_type.is_file() {
            match fs::File::open(path) {
                Ok(_) => SampleFileKind::Readable,
                Err(_) => SampleFileKind::Unreadable,
            }
        } else if file_type.is_dir() {
            SampleFileKind::Folder
        } else if file_type.is_fifo() {
            SampleFileKind::Fifo
        } else {
            SampleFileKind::Special
        }
    }

    /// Why a file of this kind is not read, unless it is a readable file (or missing).
    fn why_not_read(self) -> Option<&'static str> {
        match self {
            SampleFileKind::Readable | SampleFileKind::Missing => None,
            SampleFileKind::Unreadable => Some("a file that cannot be read (its permissions)"),
            SampleFileKind::DanglingLink => Some("a link to nothing: its target does not exist"),
            SampleFileKind::Folder => Some("a folder, not a file"),
            SampleFileKind::Fifo => Some(
                "a FIFO (named pipe), not a file: it is not read, as reading it can wait forever",
            ),
            SampleFileKind::Special => Some("a socket or a device, not a file"),
        }
    }
}

/// Reads one sample's files and judges `program` on it with `problem`'s limits and checker
/// ([`judge_case`]): the judge knows nothing of manifests, so its facts are read here.
pub fn judge_sample(
    program: &mut Command,
    problem: &Problem,
    sample: &Sample,
) -> Result<Judgement> {
    judge_sample_within(program, problem, sample, problem.limits())
}

/// [`judge_sample`] within `limits` (a problem's, as the judge gives them to a language).
pub fn judge_sample_within(
    program: &mut Command,
    problem: &Problem,
    sample: &Sample,
    limits: Limits,
) -> Result<Judgement> {
    let read =
        |path: &Path| std::fs::read(path).with_context(|| format!("reading {}", path.display()));
    let (input, expected) = (read(&sample.input_path)?, read(&sample.expected_path)?);
    judge_case(program, &input, &expected, limits, &problem.checker)
}

/// Keeps the problems the user named, as `p2239` or as the bare number `2239` (none: all
/// of them), each once and in the order of `problems`. A name the one parser refuses
/// ([`parse_problem_number`]) is a usage error in its words; the name of no problem here
/// is one that lists the known ones.
pub fn select_problems(problems: &[Problem], names: &[String]) -> Result<Vec<Problem>> {
    for name in names {
        parse_problem_number(name).map_err(usage_error)?;
    }
    let is_known = |name: &&String| problems.iter().any(|problem| problem.is_named(name));
    if let Some(unknown) = names.iter().find(|name| !is_known(name)) {
        let known: Vec<&str> = problems
            .iter()
            .map(|problem| problem.name.as_str())
            .collect();
        let known = known.join(", ");
        let message = format!(
            "unknown problem {}; the known problems are: {known}",
            quote(unknown)
        );
        return Err(usage_error(message));
    }
    let named =
        |problem: &&Problem| names.is_empty() || names.iter().any(|name| problem.is_named(name));
    Ok(problems.iter().filter(named).cloned().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The real problems of this workspace.
    fn real_problems() -> Vec<Problem> {
        Workspace::load()
            .and_then(|workspace| workspace.problems())
            .expect("the real problems are readable")
    }

    /// Finds the problem called `name` among the real ones, or fails the test.
    fn real_problem(name: &str) -> Problem {
        let problems = real_problems();
        problems
            .into_iter()
            .find(|problem| problem.name == name)
            .unwrap_or_else(|| panic!("problem {name} was not discovered"))
    }

    #[test]
    fn discovery_finds_the_real_problems_sorted_by_name() {
        let problems = real_problems();
        let names: Vec<&str> = problems
            .iter()
            .map(|problem| problem.name.as_str())
            .collect();
        for expected in ["p2239", "p2580", "p4574"] {
            assert!(
                names.contains(&expected),
                "{expected} missing from {names:?}"
            );
        }
        let mut sorted_names = names.clone();
        sorted_names.sort_unstable();
        assert_eq!(names, sorted_names);
    }

    #[test]
    fn discovery_reads_the_limits_and_checkers_from_the_manifests() {
        let p2239 = real_problem("p2239");
        assert_eq!(p2239.id, 2239);
        assert_eq!(p2239.time_limit, Duration::from_millis(2000));
        assert_eq!(p2239.memory_mb, 256);
        assert_eq!(p2239.checker, Checker::Exact);
        assert_eq!(p2239.url, "https://www.acmicpc.net/problem/2239");

        let p2580 = real_problem("p2580");
        assert_eq!(p2580.id, 2580);
        assert_eq!(p2580.time_limit, Duration::from_millis(1000));
        assert_eq!(p2580.memory_mb, 256);
        assert_eq!(p2580.checker, Checker::Sudoku);

        let p4574 = real_problem("p4574");
        assert_eq!(p4574.id, 4574);
        assert_eq!(p4574.time_limit, Duration::from_millis(2000));
        assert_eq!(p4574.memory_mb, 128);
        assert_eq!(p4574.checker, Checker::Exact);
    }

    #[test]
    fn samples_come_in_pairs_sorted_by_number() {
        let samples = real_problem("p4574").samples().expect("p4574 has samples");
        let names: Vec<&str> = samples.iter().map(|sample| sample.name.as_str()).collect();
        assert_eq!(names, ["sample-1", "sample-2"]);
        for sample in &samples {
            assert!(sample.input_path.is_file());
            assert!(sample.expected_path.is_file());
        }
    }

    /// Each file not taken as `NAME: why`.
    fn not_taken_lines(files: &SampleFiles) -> Vec<String> {
        let line = |file: &NotTaken| {
            let name = file.path.file_name().unwrap().to_string_lossy();
            format!("{name}: {}", file.reason)
        };
        files.not_taken.iter().map(line).collect()
    }

    /// The sample files p2239 would find in a `samples/` holding empty files of `names`,
    /// and the names of the samples taken.
    fn sample_files_of(names: &[&str]) -> (SampleFiles, Vec<String>) {
        let directory = tempfile::tempdir().expect("a temporary folder");
        let samples = directory.path().join("samples");
        fs::create_dir(&samples).expect("temp dir is writable");
        for name in names {
            fs::write(samples.join(name), "").expect("temp dir is writable");
        }
        let mut problem = real_problem("p2239");
        problem.directory = directory.path().to_path_buf();
        let files = problem.sample_files().expect("the folder is readable");
        let taken = files.samples.iter().map(|sample| sample.name.clone());
        let taken = taken.collect();
        (files, taken)
    }

    #[test]
    fn sample_names_are_exact_and_a_clash_is_named() {
        // Issue 47, item 9: `sample-01` is no sample's name; beside `sample-1` it is a clash.
        let (files, names) = sample_files_of(&[
            "sample-1.in",
            "sample-1.out",
            "sample-01.in",
            "sample-01.out",
            "sample-+2.in",
            "sample-+2.out",
            "sample-07.in",
            "sample-07.out",
        ]);
        assert_eq!(names, ["sample-1"]);
        let lines = not_taken_lines(&files);
        assert_eq!(lines.len(), 6, "{lines:#?}");
        assert!(
            lines[0].starts_with("sample-+2.in: not a sample's name"),
            "{lines:#?}"
        );
        assert!(
            lines[2].starts_with("sample-01.in: its number is another sample's too"),
            "{lines:#?}"
        );
        assert!(
            lines[4].starts_with("sample-07.in: not a sample's name"),
            "{lines:#?}"
        );
    }

    #[test]
    fn every_file_that_is_not_a_sample_is_named_with_why() {
        let (files, names) = sample_files_of(&[
            ".gitkeep",
            "1.in",
            "1.out",
            "sample_1.in",
            "sample-1.txt",
            "sample-2.in",
            "sample-2.out",
            "sample-3.out",
            "sample-4.in",
        ]);
        assert_eq!(names, ["sample-2"]);
        let not_taken = not_taken_lines(&files);
        let not_a_name =
            "not a sample's name: a sample is sample-N.in with its answer in sample-N.out";
        assert_eq!(
            not_taken,
            [
                format!("1.in: {not_a_name}"),
                format!("1.out: {not_a_name}"),
                "sample-1.txt: ".to_string() + not_a_name,
                "sample-3.out: its input, the .in file of the same name, is missing".to_string(),
                "sample-4.in: its answer, the .out file of the same name, is missing".to_string(),
                format!("sample_1.in: {not_a_name}"),
            ]
        );
    }

    #[test]
    fn what_is_not_a_readable_file_is_named_once_and_never_waited_on() {
        // A FIFO, a folder and a link to nothing, each named as a sample's input beside a
        // good answer file: one line each, saying what it is; the FIFO is never opened
        // (opening it would wait for a writer forever).
        let directory = tempfile::tempdir().expect("a temporary folder");
        let samples = directory.path().join("samples");
        fs::create_dir(&samples).expect("temp dir is writable");
        for number in 1..=3 {
            fs::write(samples.join(format!("sample-{number}.out")), "1\n").unwrap();
        }
        let made = Command::new("mkfifo")
            .arg(samples.join("sample-1.in"))
            .status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo runs");
        fs::create_dir(samples.join("sample-2.in")).unwrap();
        std::os::unix::fs::symlink("nowhere.in", samples.join("sample-3.in")).unwrap();
        let mut problem = real_problem("p2239");
        problem.directory = directory.path().to_path_buf();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || sender.send(problem.sample_files().map_err(|e| e.to_string())));
        let files = receiver
            .recv_timeout(Duration::from_secs(10))
            .expect("reading samples/ does not wait")
            .expect("the folder is readable");
        assert!(files.samples.is_empty(), "{:?}", files.samples);
        assert_eq!(
            not_taken_lines(&files),
            [
                "sample-1.in: a FIFO (named pipe), not a file: it is not read, as reading it \
                 can wait forever",
                "sample-2.in: a folder, not a file",
                "sample-3.in: a link to nothing: its target does not exist",
            ]
        );
    }

    #[test]
    fn problems_can_be_selected_by_name_or_number() {
        let problems = real_problems();
        let names = |selected: Vec<Problem>| -> Vec<String> {
            selected.into_iter().map(|problem| problem.name).collect()
        };

        let by_number = select_problems(&problems, &["2580".to_string()]).expect("2580 is known");
        assert_eq!(names(by_number), ["p2580"]);

        let twice_and_out_of_order = ["p4574", "2239", "4574"].map(String::from);
        let selected = select_problems(&problems, &twice_and_out_of_order).expect("all are known");
        assert_eq!(names(selected), ["p2239", "p4574"]);

        let error = select_problems(&problems, &["p9999".to_string()])
            .expect_err("p9999 is not a problem here");
        let message = error.to_string();
        assert!(
            message.contains("p9999") && message.contains("p2239"),
            "{message}"
        );
    }

    /// Reads `manifest` as the problem crate of a workspace of its own, in a temporary
    /// folder, and returns what [`Problem::from_package`] made of it and the manifest's path.
    fn read_problem(manifest: &str) -> (Result<Problem>, String) {
        let directory = tempfile::tempdir().expect("a temporary folder");
        fs::create_dir(directory.path().join("src")).expect("temp dir is writable");
        fs::write(directory.path().join("src/lib.rs"), "").expect("temp dir is writable");
        let manifest_path = directory.path().join("Cargo.toml");
        let text =
            format!("[workspace]\n[package]\nname = \"p1000\"\nversion = \"0.1.0\"\n{manifest}");
        fs::write(&manifest_path, text).expect("temp dir is writable");
        let workspace = Workspace::at(directory.path()).expect("cargo reads the manifest");
        let problem = Problem::from_package(&workspace.packages[0]);
        (problem, manifest_path.display().to_string())
    }

    #[test]
    fn a_manifest_without_judge_facts_is_an_error_naming_it() {
        let (problem, manifest_path) = read_problem("");
        let message = format!("{:#}", problem.expect_err("no facts"));
        assert!(message.contains("[package.metadata.boj]"), "{message}");
        assert!(message.contains(&manifest_path), "{message}");
    }

    #[test]
    fn an_unknown_checker_is_an_error_naming_it() {
        let (problem, manifest_path) = read_problem(
            "[package.metadata.boj]\nid = 1000\ntitle = \"A+B\"\nurl = \"u\"\n\
             time-limit-ms = 1000\nmemory-mb = 128\nchecker = \"lenient\"\n",
        );
        let message = format!("{:#}", problem.expect_err("bad checker"));
        assert!(message.contains("lenient"), "{message}");
        assert!(message.contains(&manifest_path), "{message}");
    }

    #[test]
    fn a_manifest_with_a_missing_field_is_an_error_naming_it() {
        let (problem, manifest_path) = read_problem("[package.metadata.boj]\nid = 1000\n");
        let message = format!("{:#}", problem.expect_err("fields missing"));
        assert!(message.contains(&manifest_path), "{message}");
        assert!(message.contains("title"), "{message}");
    }

    /// The judge facts of a manifest for problem 1000, with `more` lines after them.
    fn facts(more: &str) -> String {
        format!(
            "[package.metadata.boj]\nid = 1000\ntitle = \"A+B\"\nurl = \"u\"\n\
             time-limit-ms = 1000\nmemory-mb = 128\n{more}"
        )
    }

    #[test]
    fn a_problem_of_any_shape_names_its_checker_generator_and_reference_as_commands() {
        let (problem, manifest_path) = read_problem(&facts(
            "checker = \"python3 check.py\"\ngenerator = \"./gen 5\"\nreference = \"./ref\"\n",
        ));
        let problem = problem.expect("the facts are readable");
        let folder = Path::new(&manifest_path).parent().unwrap().to_path_buf();
        let command = "python3 check.py".to_string();
        assert_eq!(problem.checker, Checker::Command { command, folder });
        assert_eq!(problem.generator.as_deref(), Some("./gen 5"));
        assert_eq!(problem.reference.as_deref(), Some("./ref"));
        let (plain, _) = read_problem(&facts("checker = \"exact\"\n"));
        let plain = plain.expect("the facts are readable");
        assert_eq!((plain.generator, plain.reference), (None, None));
    }

    #[test]
    fn a_misspelt_fact_is_an_error_naming_it() {
        let (problem, manifest_path) =
            read_problem(&facts("checker = \"exact\"\ngenerater = \"./gen\"\n"));
        let message = format!("{:#}", problem.expect_err("an unknown fact"));
        assert!(message.contains("generater"), "{message}");
        assert!(message.contains(&manifest_path), "{message}");
    }
}
