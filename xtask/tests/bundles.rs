//! The bundles as the judge sees them: each problem's bundle (made by `xtask::bundle`, as
//! `cargo xtask bundle` makes it) compiled by plain `rustc --edition 2021 -O` in an empty
//! folder, which must print no warning, and the binary judged on the problem's samples by
//! the same code as `cargo xtask check`, then on a slice of the correctness suites. The
//! slice runs again under Debian's rustc 1.63 (`/usr/bin/rustc`, from `apt-get install
//! rustc`) where it is installed: the oldest compiler the bundles are proved to build with.
//!
//! The bundler is called as a library function, not through `cargo run`, so this test
//! never waits on the cargo lock that the running `cargo test` holds.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use tempfile::TempDir;
use xtask::bundle::{bundle_crate, start_judge_build};
use xtask::judge::{run_program, Limits};
use xtask::problems::workspace::{judge_sample, Problem, Workspace};

/// Far longer than any run of a bundle takes (150 puzzles in one input take milliseconds).
const RUN_TIME_LIMIT: Duration = Duration::from_secs(20);

/// Debian's packaged compiler, older than the judge's.
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// The problem crate `name` of this workspace.
fn problem(name: &str) -> Problem {
    let problems = Workspace::load().and_then(|workspace| workspace.problems());
    problems
        .expect("the workspace is readable")
        .into_iter()
        .find(|problem| problem.name == name)
        .unwrap_or_else(|| panic!("no problem {name}"))
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

/// Runs `binary` on `input` with the runner of `cargo xtask check` and returns its
/// standard output, failing if the run fails.
fn run(binary: &Path, input: &str) -> String {
    let run = run_program(
        &mut Command::new(binary),
        input.as_bytes(),
        Limits::time_only(RUN_TIME_LIMIT),
    )
    .expect("the bundled binary starts");
    assert!(
        run.ending.is_success(),
        "the run ended with {}: {}",
        run.ending,
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).expect("the output is text")
}

/// The lines of `text` without white space at their ends or empty lines at the end.
fn normalized(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Reads 9 lines of 9 digits separated by single spaces, as 2580 reads and writes them.
fn spaced_grid(text: &str) -> Option<[u8; 81]> {
    let lines = normalized(text);
    if lines.len() != 9 {
        return None;
    }
    let mut grid = [0u8; 81];
    for (row, line) in lines.iter().enumerate() {
        let digits: Vec<&str> = line.split(' ').collect();
        if digits.len() != 9 {
            return None;
        }
        for (column, digit) in digits.iter().enumerate() {
            grid[row * 9 + column] = digit.parse().ok().filter(|digit| *digit <= 9)?;
        }
    }
    Some(grid)
}

#[test]
fn the_bundles_compile_cleanly_and_pass_their_samples() {
    // The builds run side by side: each is one `rustc` process.
    let builds: Vec<_> = ["p2239", "p2580", "p4574"]
        .into_iter()
        .flat_map(|name| [(name, false), (name, true)])
        .map(|(name, keep_docs)| {
            std::thread::spawn(move || (name, judge_binary(name, keep_docs, None)))
        })
        .collect();
    for build in builds {
        let (name, (_directory, binary)) = build.join().expect("the build thread finished");
        assert_samples_accepted(name, &binary);
    }
}

/// Every `step`-th puzzle of the data set `file_name`, as 81-character lines.
fn every_nth_puzzle(file_name: &str, step: usize) -> Vec<[u8; 81]> {
    let puzzles =
        xtask::problems::data::load_puzzles(file_name).unwrap_or_else(|error| panic!("{error}"));
    puzzles.into_iter().step_by(step).collect()
}

/// A grid as the nine input lines of 2239 (`spaced` false) or 2580 (`spaced` true).
fn grid_input(grid: &[u8; 81], spaced: bool) -> String {
    let separator = if spaced { " " } else { "" };
    let mut text = String::new();
    for row in grid.chunks(9) {
        let digits: Vec<String> = row.iter().map(u8::to_string).collect();
        text.push_str(&digits.join(separator));
        text.push('\n');
    }
    text
}

/// The bundles, built with `rustc` if given, behave exactly like the workspace
/// libraries, which the correctness suites check against the reference: compare them on
/// every 25th puzzle of each set, and on 150 generated Su-domino-ku puzzles.
fn assert_slice_passes(rustc: Option<&Path>) {
    let (_smallest_directory, smallest) = judge_binary("p2239", false, rustc);
    let (_any_directory, any) = judge_binary("p2580", false, rustc);
    for file_name in xtask::problems::data::UNIQUE_SETS
        .iter()
        .chain([&xtask::problems::data::MULTI_SOLUTION_SET])
    {
        for puzzle in every_nth_puzzle(file_name, 25) {
            let expected = p2239::solve(&puzzle).expect("the sets are solvable");
            let actual = run(&smallest, &grid_input(&puzzle, false));
            assert_eq!(
                normalized(&actual),
                normalized(&grid_input(&expected, false)),
                "p2239 bundle on {file_name}: {}",
                support::grid_to_line(&puzzle)
            );
            let answer = spaced_grid(&run(&any, &grid_input(&puzzle, true)))
                .expect("p2580 prints a spaced grid");
            assert_eq!(
                xtask::reference::completion_fault(&puzzle, &answer),
                None,
                "p2580 bundle on {file_name}: {}",
                support::grid_to_line(&puzzle)
            );
        }
    }

    // Su-domino-ku: 150 generated puzzles in one input, as the judge sends them.
    let (_dominoes_directory, dominoes) = judge_binary("p4574", false, rustc);
    assert_samples_accepted("p4574", &dominoes);
    let data = problem("p4574").directory.join("tests/data");
    let input = std::fs::read_to_string(data.join("unique-n10.in")).expect("the data is there");
    let expected = std::fs::read_to_string(data.join("unique-n10.out")).expect("and its answer");
    assert_eq!(normalized(&run(&dominoes, &input)), normalized(&expected));
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
