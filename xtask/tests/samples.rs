//! Every problem's samples, judged by the same code as `cargo xtask check`: the release
//! binaries cargo builds (and reports), each run as its own process within the problem's
//! time limit, the output judged by the problem's checker. Besides the judge's samples
//! (`samples/sample-N.in` and `.out`), each problem's `tests/data/NAME.in` with its
//! `NAME.out` is judged the same way: for the Su-domino-ku problem, 150 generated puzzles
//! that give only 10 dominoes each and have exactly one solved grid (README's "What is
//! verified" names the command that wrote them).
//!
//! The release build takes a lock of its own (`target/release`), not the one of the
//! running `cargo test`, so the test does not wait on itself.

use std::path::PathBuf;
use std::process::Command;

use xtask::problems::workspace::judge_sample;
use xtask::problems::workspace::{Profile, Sample, Workspace};

/// The cases in `problems/NAME/tests/data/`: each `.in` file with its `.out` file.
fn data_cases(directory: PathBuf) -> Vec<Sample> {
    let Ok(entries) = std::fs::read_dir(&directory) else {
        return Vec::new();
    };
    let mut cases: Vec<Sample> = entries
        .map(|entry| entry.expect("the data folder is readable").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
        .map(|input_path| Sample {
            name: format!(
                "tests/data/{}",
                input_path.file_name().unwrap().to_string_lossy()
            ),
            expected_path: input_path.with_extension("out"),
            input_path,
        })
        .collect();
    cases.sort_by(|first, second| first.name.cmp(&second.name));
    cases
}

#[test]
fn every_problem_passes_its_samples_and_data() {
    let workspace = Workspace::load().expect("the workspace is readable");
    let problems = workspace.problems().expect("the problems are readable");
    let binaries = workspace
        .build(&problems, Profile::Release)
        .expect("the solutions build");
    let mut judged = 0;
    let mut failures = Vec::new();
    for (problem, binary) in problems.iter().zip(binaries) {
        let mut cases = problem.samples().expect("the samples are readable");
        cases.extend(data_cases(problem.directory.join("tests/data")));
        for case in cases {
            let judgement = judge_sample(&mut Command::new(&binary), problem, &case)
                .unwrap_or_else(|error| {
                    panic!("judging {} {}: {error:#}", problem.name, case.name)
                });
            judged += 1;
            if !judgement.verdict.is_accepted() {
                failures.push(format!(
                    "{} {}: {}\n{}",
                    problem.name,
                    case.name,
                    judgement.verdict.short_name(),
                    judgement.verdict.details().unwrap_or_default()
                ));
            }
        }
    }
    assert!(judged >= 4, "only {judged} cases found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
