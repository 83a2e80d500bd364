//! Runs the real `p4574` binary the way the judge does: input on standard input, output
//! compared line by line, ignoring white space at line ends and at the end of the output.
//!
//! The cases are the judge's samples (`samples/sample-N.in` and `.out`) and
//! `tests/data/unique-n10.in`: 150 puzzles that give only 10 tiles each and have exactly one
//! solved grid. They were written by the project's generator, which the reference solver
//! backs (see `xtask/src/domino.rs`), with
//! `cargo xtask generate p4574 --count 150 --tiles 10 --seed 10 --out problems/p4574/tests/data/unique-n10`;
//! the expected output is the grid each puzzle was made from.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The folder of this crate (`problems/p4574`).
fn crate_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary with `input` on standard input and collects what it did.
fn run_binary(input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_p4574"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the p4574 binary starts");
    // Write on another thread, so a large output cannot block the child while we write.
    let mut stdin = child.stdin.take().expect("standard input is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("the p4574 binary finishes");
    writer
        .join()
        .expect("the writing thread finishes")
        .expect("the input is written");
    output
}

/// The lines of `text` without white space at their ends, and without empty lines at the
/// end: what the judge compares.
fn significant_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Asserts that the binary, given `input`, succeeds and prints `expected`.
fn assert_judged_right(case: &str, input: &str, expected: &str) {
    let output = run_binary(input.as_bytes());
    let actual = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && significant_lines(&actual) == significant_lines(expected),
        "case {case}\n--- input:\n{input}\n--- expected:\n{expected}\n--- actual:\n{actual}\n\
         --- stderr:\n{stderr}\n--- status: {}",
        output.status
    );
}

/// The pairs `(name.in, name.out)` of a folder, in name order.
fn cases_in(folder: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", folder.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let expected = input.with_extension("out");
            (input, expected)
        })
        .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

#[test]
fn the_samples_are_answered_as_the_judge_expects() {
    let cases = cases_in(&crate_folder().join("samples"));
    assert!(cases.len() >= 2, "the samples are missing");
    for (input, expected) in cases {
        assert_judged_right(
            &input.display().to_string(),
            &read(&input),
            &read(&expected),
        );
    }
}

#[test]
fn puzzles_with_ten_tiles_and_one_grid_are_answered_right() {
    let cases = cases_in(&crate_folder().join("tests/data"));
    assert!(!cases.is_empty(), "tests/data holds no cases");
    for (input, expected) in cases {
        assert_judged_right(
            &input.display().to_string(),
            &read(&input),
            &read(&expected),
        );
    }
}

#[test]
fn a_bad_puzzle_after_two_good_ones_keeps_their_output_and_exits_with_1() {
    let sample_input = read(&crate_folder().join("samples/sample-1.in"));
    let sample_output = read(&crate_folder().join("samples/sample-1.out"));
    // Sample 1 without its closing `0` is two puzzles on lines 1 to 25; puzzle 3 lays the
    // tile 2+9 twice, on its lines 2 and 3 (lines 27 and 28 of the input).
    let two_puzzles = sample_input.trim_end().strip_suffix('0').unwrap();
    let input = format!("{two_puzzles}10\n2 A1 9 A2\n9 C3 2 C4\n");

    let output = run_binary(input.as_bytes());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let message = "p4574: puzzle 3, line 28: tile 2+9 is laid twice (first on line 27)";
    assert!(
        output.status.code() == Some(1)
            && stdout == sample_output
            && stderr.starts_with(message)
            && stderr.lines().count() == 1,
        "--- input:\n{input}\n--- expected stdout:\n{sample_output}\n--- actual stdout:\n{stdout}\n\
         --- expected stderr:\n{message}\n--- actual stderr:\n{stderr}\n--- status: {}",
        output.status
    );
}

#[test]
fn a_puzzle_without_completion_exits_with_1_and_says_so() {
    let sample_input = read(&crate_folder().join("samples/sample-1.in"));
    // The first sample puzzle with the singles 1 and 4 swapped: no clash, no completion.
    let mut lines: Vec<&str> = sample_input.lines().take(12).collect();
    lines[11] = "I4 A3 D9 C5 A9 E5 A2 C6 I1";
    let input = format!("{}\n0\n", lines.join("\n"));

    let output = run_binary(input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code() == Some(1)
            && output.stdout.is_empty()
            && stderr.starts_with("p4574: puzzle 1 (lines 1-12): no completion"),
        "--- input:\n{input}\n--- stdout:\n{}\n--- stderr:\n{stderr}\n--- status: {}",
        String::from_utf8_lossy(&output.stdout),
        output.status
    );
}
