//! The bundles as the judge sees them: each problem's bundle (made by `xtask::bundle`, as
//! `cargo xtask bundle` makes it) compiled by plain `rustc --edition 2021 -O` in an empty
//! folder, which must print no warning, and the binary run on the problem's samples.
//!
//! The bundler is called as a library function, not through `cargo run`, so this test
//! never waits on the cargo lock that the running `cargo test` holds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;

use xtask::bundle::{bundle_crate, compile_like_the_judge, BundleOptions};

/// The folder of the problem crate `name`.
fn problem_directory(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("problems")
        .join(name)
}

/// A new, empty folder under the system's temporary folder.
fn empty_directory(label: &str) -> PathBuf {
    // Tests run in parallel and may bundle the same problem: number every folder.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let number = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let directory = std::env::temp_dir().join(format!(
        "xtask-bundles-{label}-{}-{number}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("the temporary folder is writable");
    directory
}

/// Bundles problem `name`, compiles the bundle like the judge and returns the binary,
/// failing on any warning or error from `rustc`.
fn judge_binary(name: &str, strip_docs: bool) -> PathBuf {
    let bundle = bundle_crate(&problem_directory(name), &BundleOptions { strip_docs })
        .unwrap_or_else(|error| panic!("bundling {name}: {error:#}"));
    let label = format!("{name}-{}", if strip_docs { "stripped" } else { "full" });
    let build = compile_like_the_judge(&bundle, &empty_directory(&label))
        .unwrap_or_else(|error| panic!("compiling {name}: {error:#}"));
    assert!(
        build.diagnostics.trim().is_empty(),
        "rustc printed something for the bundle of {name}:\n{}",
        build.diagnostics
    );
    build.binary.expect("rustc made a binary")
}

/// Removes the folder of a binary made by [`judge_binary`], once it has been judged.
fn clean_up(binary: &Path) {
    if let Some(directory) = binary.parent() {
        let _ = std::fs::remove_dir_all(directory);
    }
}

/// The samples of problem `name`: pairs of input and expected output.
fn samples(name: &str) -> Vec<(String, String)> {
    let directory = problem_directory(name).join("samples");
    let mut samples = Vec::new();
    for number in 1.. {
        let Ok(input) = std::fs::read_to_string(directory.join(format!("sample-{number}.in")))
        else {
            break;
        };
        let expected = std::fs::read_to_string(directory.join(format!("sample-{number}.out")))
            .expect("every sample input has an output");
        samples.push((input, expected));
    }
    assert!(!samples.is_empty(), "{name} has no samples");
    samples
}

/// Runs `binary` on `input` and returns its standard output, failing if it fails.
fn run(binary: &Path, input: &str) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bundled binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    drop(stdin);
    let output = child
        .wait_with_output()
        .expect("the bundled binary finishes");
    assert!(output.status.success(), "the run failed: {output:?}");
    String::from_utf8(output.stdout).expect("the output is text")
}

/// The lines of `text` without white space at their ends or empty lines at the end.
fn normalized(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Judges problem `name`'s bundle on its samples, comparing the output exactly.
fn check_exactly(name: &str, binary: &Path) {
    for (input, expected) in samples(name) {
        let actual = run(binary, &input);
        assert_eq!(
            normalized(&actual),
            normalized(&expected),
            "{name}\ninput:\n{input}\nexpected:\n{expected}\nactual:\n{actual}"
        );
    }
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
fn the_p2239_bundle_answers_its_samples_exactly() {
    let binary = judge_binary("p2239", false);
    check_exactly("p2239", &binary);
    clean_up(&binary);
}

#[test]
fn the_p4574_bundle_answers_its_samples_exactly() {
    let binary = judge_binary("p4574", false);
    check_exactly("p4574", &binary);
    clean_up(&binary);
}

#[test]
fn the_p2580_bundle_completes_its_samples_validly() {
    let binary = judge_binary("p2580", false);
    for (input, _) in samples("p2580") {
        let actual = run(&binary, &input);
        let givens = spaced_grid(&input).expect("the sample is a grid");
        let answer = spaced_grid(&actual)
            .unwrap_or_else(|| panic!("not 9 lines of 9 single-space separated digits:\n{actual}"));
        for cell in 0..81 {
            assert!(
                givens[cell] == 0 || givens[cell] == answer[cell],
                "given {cell} changed\ninput:\n{input}\nactual:\n{actual}"
            );
        }
        assert!(
            common::is_valid_solution(&answer),
            "not a valid completion\ninput:\n{input}\nactual:\n{actual}"
        );
    }
    clean_up(&binary);
}

#[test]
fn bundles_without_doc_comments_compile_cleanly_and_still_answer() {
    // The three builds run side by side: each is one `rustc` process.
    let builds: Vec<_> = ["p2239", "p2580", "p4574"]
        .map(|name| thread::spawn(move || (name, judge_binary(name, true))))
        .into_iter()
        .collect();
    for build in builds {
        let (name, binary) = build.join().expect("the build thread finished");
        if name != "p2580" {
            check_exactly(name, &binary);
        }
        clean_up(&binary);
    }
}

/// Every `step`-th puzzle of the data set `file_name`, as 81-character lines.
fn every_nth_puzzle(file_name: &str, step: usize) -> Vec<[u8; 81]> {
    let puzzles = xtask::data::load(file_name).unwrap_or_else(|error| panic!("{error}"));
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

#[test]
fn bundles_pass_a_slice_of_the_correctness_suites() {
    // The bundles must behave exactly like the workspace libraries, which the correctness
    // suites check against the reference: compare them on every 25th puzzle of each set.
    let smallest = judge_binary("p2239", false);
    let any = judge_binary("p2580", false);
    for file_name in xtask::data::UNIQUE_SETS
        .iter()
        .chain([&xtask::data::MULTI_SOLUTION_SET])
    {
        for puzzle in every_nth_puzzle(file_name, 25) {
            let expected = p2239::solve(&puzzle).expect("the sets are solvable");
            let actual = run(&smallest, &grid_input(&puzzle, false));
            assert_eq!(
                normalized(&actual),
                normalized(&grid_input(&expected, false)),
                "p2239 bundle on {file_name}: {}",
                xtask::reference::grid_to_line(&puzzle)
            );
            let answer = spaced_grid(&run(&any, &grid_input(&puzzle, true)))
                .expect("p2580 prints a spaced grid");
            assert_eq!(
                xtask::reference::completion_fault(&puzzle, &answer),
                None,
                "p2580 bundle on {file_name}: {}",
                xtask::reference::grid_to_line(&puzzle)
            );
        }
    }
    clean_up(&smallest);
    clean_up(&any);

    // Su-domino-ku: 150 generated puzzles in one input, as the judge sends them.
    let dominoes = judge_binary("p4574", false);
    let data = problem_directory("p4574").join("tests/data");
    let input = std::fs::read_to_string(data.join("unique-n10.in")).expect("the data is there");
    let expected = std::fs::read_to_string(data.join("unique-n10.out")).expect("and its answer");
    assert_eq!(normalized(&run(&dominoes, &input)), normalized(&expected));
    clean_up(&dominoes);
}
