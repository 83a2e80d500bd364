//! The bundles as the judge sees them: the bundle of each problem of the workspace (made
//! by `xtask::bundle`, as `cargo xtask bundle` makes it) compiled by plain `rustc
//! --edition 2021 -O` in an empty folder, which must print no warning, and the binary
//! judged on the problem's samples by the same code as `cargo xtask check`; then, for each
//! member of a family, on a slice of its family's puzzles against its library. The slice
//! runs again under Debian's rustc 1.63 (`/usr/bin/rustc`, from `apt-get install rustc`)
//! where it is installed: the oldest compiler the bundles are proved to build with.
//!
//! The bundler is called as a library function, not through `cargo run`, so this test
//! never waits on the cargo lock that the running `cargo test` holds.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use tempfile::TempDir;
use xtask::bundle::{bundle_crate, start_judge_build};
use xtask::judge::checker::CheckerVerdict;
use xtask::judge::{run_program, Limits, Run};
use xtask::problems::workspace::{judge_sample, Problem, Workspace};
use xtask::problems::KnownProblem;

/// Far longer than any run of a bundle takes (150 puzzles in one input take milliseconds).
const RUN_TIME_LIMIT: Duration = Duration::from_secs(20);

/// Debian's packaged compiler, older than the judge's.
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// The problem crate `name` of this workspace.
fn problem(name: &str) -> Problem {
    let workspace = Workspace::load().expect("the workspace is readable");
    let mut problems = workspace.select(&[name.to_string()]).unwrap();
    problems.remove(0)
}

/// Bundles problem `name`, compiles the bundle like the judge (with `rustc` if given) in
/// a temporary folder and returns the folder and the binary, failing on any warning or
/// error from the compiler.
fn judge_binary(name: &str, keep_docs: bool, rustc: Option<&Path>) -> (TempDir, PathBuf) {
    let workspace = Workspace::load().expect("the workspace is readable");
    let bundle = bundle_crate(&workspace, &problem(name), keep_docs)
        .unwrap_or_else(|error| panic!("bundling {name}: {error:#}"));
    let directory = tempfile::tempdir().expect("a temporary folder");
    let build = start_judge_build(&bundle, directory.path(), rustc)
        .and_then(|build| build.finish())
        .unwrap_or_else(|error| panic!("compiling {name}: {error:#}"));
    assert!(
        build.diagnostics.trim().is_empty(),
        "the compiler printed something for the bundle of {name}:\n{}",
        build.diagnostics
    );
    (directory, build.binary.expect("rustc made a binary"))
}

/// Judges `binary` on problem `name`'s samples as `cargo xtask check` does.
fn assert_samples_accepted(name: &str, binary: &Path) {
    let problem = problem(name);
    for sample in problem.samples().expect("the samples are readable") {
        let judgement = judge_sample(&mut Command::new(binary), &problem, &sample)
            .unwrap_or_else(|error| panic!("judging {name}: {error:#}"));
        assert!(
            judgement.verdict.is_accepted(),
            "{name} {}: {}\n{}",
            sample.name,
            judgement.verdict.short_name(),
            judgement.verdict.details().unwrap_or_default()
        );
    }
}

/// Runs `binary` on `input` with the runner of `cargo xtask check`.
fn run(binary: &Path, input: &str) -> Run {
    let limits = Limits::time_only(RUN_TIME_LIMIT);
    run_program(&mut Command::new(binary), input.as_bytes(), limits)
        .expect("the bundled binary starts")
}

#[test]
fn the_bundles_compile_cleanly_and_pass_their_samples() {
    // The builds run side by side: each is one `rustc` process.
    let builds: Vec<_> = support::problem_names()
        .into_iter()
        .flat_map(|name| [(name.clone(), false), (name, true)])
        .map(|(name, keep_docs)| {
            std::thread::spawn(move || {
                let (_directory, binary) = judge_binary(&name, keep_docs, None);
                assert_samples_accepted(&name, &binary);
            })
        })
        .collect();
    for build in builds {
        build.join().expect("the bundle passed its samples");
    }
}

/// How many puzzles of each set the slice skips between two it takes.
const SLICE_STEP: usize = 25;

/// The bundle of each member of a family, built with `rustc` if given, answers as the
/// solution's library does, which the correctness suites check against the reference: on
/// every 25th puzzle of each of its family's bench sets, a puzzle an input (its answer
/// judged by the problem's checker against the library's; no answer, a refusal), and on
/// each input of the problem's own test data (`tests/data/NAME.in` with `NAME.out`).
fn assert_slice_passes(rustc: Option<&Path>) {
    for member in KnownProblem::ALL {
        let problem = support::crate_of(member);
        let name = &problem.name;
        let (_directory, binary) = judge_binary(name, false, rustc);
        for set in member.family.bench_sets {
            let text = std::fs::read_to_string(xtask::project_root().join(set)).unwrap();
            let puzzles = (member.family.read_bench_file)(&text).unwrap();
            for puzzle in puzzles.iter().step_by(SLICE_STEP) {
                let input = (member.format.input_text)(std::slice::from_ref(puzzle));
                let run = run(&binary, &input);
                let what = format!("the bundle of {name} on {set}:\n{input}");
                let Some(answer) = (member.solve)(puzzle) else {
                    assert!(!run.ending.is_success(), "{what} answered where none is");
                    continue;
                };
                let expected = (member.format.answer_text)(1, &answer);
                assert!(run.ending.is_success(), "{what} ended with {}", run.ending);
                let verdict =
                    problem
                        .checker
                        .check(input.as_bytes(), expected.as_bytes(), &run.stdout);
                assert_eq!(verdict.unwrap(), CheckerVerdict::Accepted, "{what}");
            }
        }
        for (input, expected) in test_data(&problem) {
            let run = run(&binary, &input);
            let verdict = problem
                .checker
                .check(input.as_bytes(), expected.as_bytes(), &run.stdout);
            assert_eq!(
                verdict.unwrap(),
                CheckerVerdict::Accepted,
                "{name}'s test data"
            );
        }
    }
}

/// The inputs of `problem`'s test data, `tests/data/NAME.in`, each with its answer in
/// `NAME.out`.
fn test_data(problem: &Problem) -> Vec<(String, String)> {
    let folder = problem.directory.join("tests").join("data");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let inputs = entries.map(|entry| entry.unwrap().path());
    let inputs = inputs.filter(|path| path.extension().is_some_and(|extension| extension == "in"));
    let read = |path: PathBuf| std::fs::read_to_string(&path).unwrap();
    inputs
        .map(|input| (read(input.clone()), read(input.with_extension("out"))))
        .collect()
}

#[test]
fn bundles_pass_a_slice_of_the_correctness_suites() {
    assert_slice_passes(None);
}

#[test]
fn bundles_pass_the_slice_under_debian_rustc_1_63() {
    let old_rustc = Path::new(OLD_RUSTC);
    let found = old_rustc.is_file().then_some(old_rustc);
    let how = "install Debian's compiler with `apt-get install rustc`, as .ci/run does";
    let Some(old_rustc) = support::tool::required(found, OLD_RUSTC, how) else {
        return;
    };
    assert_slice_passes(Some(old_rustc));
}
