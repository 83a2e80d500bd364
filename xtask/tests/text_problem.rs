//! A problem of no family from end to end, in a copy of the workspace: Baekjoon 1463, "1로
//! 만들기" (make it 1: the fewest steps that take N to 1, each step dividing by 3 or by 2
//! when that divides evenly, or taking 1 away; one integer in, one count out).
//!
//! As the README's "Adding a problem" says, it is a folder and nothing more. `cargo xtask
//! new` makes its crate, whose skeleton builds, passes clippy and rustdoc, and bundles
//! into a file that plain `rustc` compiles without a warning, while `check` passes on the
//! workspace. Then the folder gets what a maintainer writes: the solution (dynamic
//! programming from 2 up to N), the judge's two samples, and the problem's own programs
//! for `stress`, named in its manifest as testlib and Polygon name them: a generator
//! (Python, N from the seed) and a reference (Python, a different method: take 1 away only
//! to reach a multiple of 3 or 2). On it pass `check`, `check --bundled` (also with
//! Debian's rustc 1.63 where it is installed), `check --command` (a right program and a
//! wrong one, the greedy method that divides whenever it can), `stress` (its own binary,
//! `--command`, and the greedy program caught, with the line that replays it, which fails
//! again alike), `bench --process` and `bundle`; `trace`, a family's tool, refuses it in
//! one line. No file outside its folder changes but `Cargo.lock`.
//!
//! The facts (Baekjoon's page, <https://www.acmicpc.net/problem/1463>): N from 1 to 10^6;
//! time limit 0.15 s, memory limit 128 MB; samples `2` → `1` and `10` → `3`.
//!
//! Like `tests/new_problem.rs`, this builds the workspace in the copy, so it is
//! `#[ignore]`d in a plain `cargo test`; CI runs both with `cargo test -p xtask --test
//! new_problem --test text_problem -- --ignored`, in the same target folder.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::copy::{succeeded, WorkspaceCopy};

/// The problem's number on Baekjoon.
const ID: &str = "1463";

/// Its crate.
const NAME: &str = "p1463";

#[test]
#[ignore = "copies the workspace and builds it whole (minutes on a first run); CI runs it \
            with --ignored"]
fn a_problem_of_no_family_joins_with_its_folder_alone() {
    let how = "apt-get install python3, as .ci/run does";
    if support::tool::required(support::tool::python3(), "python3", how).is_none() {
        return;
    }
    let copy = WorkspaceCopy::of_this_workspace("text-problem");
    let before = copy.files();
    let made = copy.succeeds(
        &[
            "xtask",
            "new",
            ID,
            "--title",
            "Make it 1",
            "--time-limit-ms",
            "150",
            "--memory-mb",
            "128",
        ],
        b"",
    );
    assert!(!made.contains("KnownProblem"), "no entry to paste:\n{made}");
    skeleton_builds_cleanly(&copy);

    write_the_problem(&copy);
    let programs = tempfile::tempdir().unwrap();
    let greedy = write_program(programs.path(), "greedy.sh", GREEDY);
    let right = write_program(programs.path(), "right.sh", RIGHT);
    judged_on_its_samples(&copy, &greedy, &right);
    stressed_with_its_own_programs(&copy, &greedy);
    timed_bundled_and_refused_by_trace(&copy);

    // Nothing outside the problem's folder changed, but the lock file.
    let after = copy.files();
    let outside = |files: &std::collections::BTreeMap<PathBuf, Vec<u8>>| {
        let folder = Path::new("problems").join(NAME);
        let outside = files.iter().filter(|(path, _)| {
            !path.starts_with(&folder) && path.as_path() != Path::new("Cargo.lock")
        });
        outside
            .map(|(path, bytes)| (path.clone(), bytes.clone()))
            .collect::<Vec<_>>()
    };
    assert!(
        outside(&before) == outside(&after),
        "a file outside problems/{NAME} changed"
    );
    copy.remove();
}

/// The skeleton as `new` wrote it: `check` passes on the workspace with it (it has no
/// sample yet), and it builds cleanly (see `WorkspaceCopy::skeleton_builds_cleanly`).
fn skeleton_builds_cleanly(copy: &WorkspaceCopy) {
    let checked = copy.succeeds(&["xtask", "check"], b"");
    assert!(!checked.contains(NAME), "{checked}");
    let bundle = copy.skeleton_builds_cleanly(NAME);
    assert!(!bundle.source.contains("mod board"), "{}", bundle.source);
}

/// Writes what a maintainer writes into the folder `new` made: the solution under the
/// skeleton's header, the judge's samples, the generator and the reference, and the
/// manifest's lines that name them, the commented ones the skeleton wrote made live.
fn write_the_problem(copy: &WorkspaceCopy) {
    let folder = copy.path(&format!("problems/{NAME}"));
    let library = fs::read_to_string(folder.join("src/lib.rs")).unwrap();
    let header_end = library.find("\nuse ").expect("the skeleton's code") + 1;
    let library = format!("{}{SOLUTION}", &library[..header_end]);
    fs::write(folder.join("src/lib.rs"), library).unwrap();
    for (name, text) in [
        ("samples/sample-1.in", "2\n"),
        ("samples/sample-1.out", "1\n"),
        ("samples/sample-2.in", "10\n"),
        ("samples/sample-2.out", "3\n"),
        ("generator.py", GENERATOR),
        ("reference.py", REFERENCE),
    ] {
        fs::write(folder.join(name), text).unwrap();
    }
    let manifest = fs::read_to_string(folder.join("Cargo.toml")).unwrap();
    let manifest = manifest
        .replace("\n# generator = ", "\ngenerator = ")
        .replace("\n# reference = ", "\nreference = ");
    assert!(
        manifest.contains("\ngenerator = \"python3 generator.py\"\n"),
        "{manifest}"
    );
    assert!(
        manifest.contains("\nreference = \"python3 reference.py\"\n"),
        "{manifest}"
    );
    fs::write(folder.join("Cargo.toml"), manifest).unwrap();
}

/// Writes `text` as the executable file `name` in `folder`; returns its path.
fn write_program(folder: &Path, name: &str, text: &str) -> String {
    let path = folder.join(name);
    fs::write(&path, text).unwrap();
    let mut permissions = fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    fs::set_permissions(&path, permissions).unwrap();
    path.display().to_string()
}

/// `check`, `check --bundled` (with Debian's rustc 1.63 too, where it is installed) and
/// `check --command`: the solution and the `right` program pass the samples, the `greedy`
/// one fails the second.
fn judged_on_its_samples(copy: &WorkspaceCopy, greedy: &str, right: &str) {
    let all_passed = "2 passed, 0 failed";
    let checked = copy.succeeds(&["xtask", "check", NAME], b"");
    assert!(
        checked.contains(&format!("{NAME}  sample-2  AC")),
        "{checked}"
    );
    assert!(checked.trim_end().ends_with(all_passed), "{checked}");
    let bundled = copy.succeeds(&["xtask", "check", "--bundled", NAME], b"");
    assert!(bundled.trim_end().ends_with(all_passed), "{bundled}");
    let old_rustc = Path::new("/usr/bin/rustc");
    let how = "apt-get install rustc, as .ci/run does";
    let found = old_rustc.is_file().then_some(old_rustc);
    if let Some(old_rustc) = support::tool::required(found, "Debian's rustc", how) {
        let rustc = old_rustc.to_str().unwrap();
        let bundled = copy.succeeds(
            &["xtask", "check", "--bundled", NAME, "--rustc", rustc],
            b"",
        );
        assert!(bundled.trim_end().ends_with(all_passed), "{bundled}");
    }
    let commanded = copy.succeeds(&["xtask", "check", NAME, "--command", right], b"");
    assert!(commanded.trim_end().ends_with(all_passed), "{commanded}");
    let wrong = copy.output(&["xtask", "check", NAME, "--command", greedy], b"");
    let printed = String::from_utf8_lossy(&wrong.stdout);
    assert_eq!(wrong.status.code(), Some(1), "{printed}");
    assert!(
        printed.contains(&format!("{NAME}  sample-2  WA")),
        "{printed}"
    );
    assert!(
        printed.contains("-   1 | 3\n") && printed.contains("+   1 | 4\n"),
        "{printed}"
    );
}

/// `stress` with the problem's own generator and reference: its binary passes, and so does
/// that binary as a `--command`; the greedy program fails, with the input, the answers and
/// a replay line, and the replay fails again on the same input.
fn stressed_with_its_own_programs(copy: &WorkspaceCopy, greedy: &str) {
    let stress = ["xtask", "stress", NAME, "--cases", "30", "--seed", "1"];
    let stressed = copy.succeeds(&stress, b"");
    assert!(stressed.contains("made by its generator and answered by its reference"));
    assert!(
        stressed.trim_end().ends_with("30 passed, 0 failed"),
        "{stressed}"
    );
    let binary = copy.target_directory.join("release").join(NAME);
    let binary = binary.to_str().unwrap();
    let as_command = [&stress[..], &["--command", binary]].concat();
    let stressed = copy.succeeds(&as_command, b"");
    assert!(
        stressed.trim_end().ends_with("30 passed, 0 failed"),
        "{stressed}"
    );

    let caught = [&stress[..], &["--command", greedy]].concat();
    let (failed_input, printed) = stress_fails(copy, &caught);
    let replay = printed
        .lines()
        .find_map(|line| line.strip_prefix("replay: cargo "))
        .unwrap_or_else(|| panic!("no replay line:\n{printed}"));
    assert!(replay.contains("--cases 1 --command "), "{replay}");
    let words = shlex::split(replay).expect("the replay line is shell words");
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (replayed_input, _) = stress_fails(copy, &words);
    assert_eq!(failed_input, replayed_input, "the same input fails again");
}

/// Runs `cargo` with `arguments`, a `stress` that must fail; returns the input it failed
/// on and all it printed.
fn stress_fails(copy: &WorkspaceCopy, arguments: &[&str]) -> (String, String) {
    let failed = copy.output(arguments, b"");
    let printed = String::from_utf8_lossy(&failed.stdout).into_owned();
    assert_eq!(failed.status.code(), Some(1), "{printed}");
    let failure = printed.split("FAILED on this input").nth(1);
    let failure = failure.unwrap_or_else(|| panic!("no failure:\n{printed}"));
    let input = failure.split("expected:").next().unwrap_or_default();
    (input.to_string(), printed)
}

/// `bench --process` times the binary on the samples; `bundle` writes one file without
/// Sudoku's board, which the problem never names; `trace`, which follows a family's
/// search, refuses it in one line with exit status 2.
fn timed_bundled_and_refused_by_trace(copy: &WorkspaceCopy) {
    // `bench` runs itself again from a release build; the debug one is timed here (the
    // figures do not matter), which spares building xtask twice.
    let mut bench = copy.cargo(&["xtask", "bench", "--process", NAME]);
    bench.env("XTASK_BENCH_OPTIMISED", "1");
    let output = support::output_with_input(&mut bench, b"", support::copy::STEP_LIMIT);
    let benched = succeeded("cargo xtask bench --process", output);
    for sample in ["sample-1", "sample-2"] {
        let line = format!("process problem={NAME} file={sample}.in runs=");
        assert!(benched.contains(&line), "{benched}");
    }

    let bundle = copy.succeeds(&["xtask", "bundle", NAME, "-o", "-"], b"");
    assert!(
        bundle.starts_with(&format!("// Baekjoon {ID}: Make it 1\n")),
        "{bundle:.300}"
    );
    assert!(bundle.contains("\tpub mod input {"), "{bundle}");
    assert!(!bundle.contains("mod board"), "{bundle}");

    let traced = copy.output(&["xtask", "trace", NAME], b"10\n");
    let stderr = String::from_utf8_lossy(&traced.stderr);
    assert_eq!(traced.status.code(), Some(2), "{stderr}");
    assert!(traced.stdout.is_empty(), "trace printed no summary");
    let said: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("error:"))
        .collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains(&format!("not on `{NAME}`")), "{stderr}");
}

/// The solution under the skeleton's header: dynamic programming from 2 up to N.
const SOLUTION: &str = r#"use common::input::{write_answer, Error, Lines};
use std::io::{BufRead, Write};

/// The largest N the statement allows.
pub const MAX_N: u32 = 1_000_000;

/// The fewest steps that take `n` to 1, found for every number from 2 up to `n` in turn:
/// the last step into a number is the best of the steps from the numbers it comes from.
pub fn fewest_steps(n: u32) -> u32 {
    let n = n as usize;
    let mut steps = vec![0u32; n + 1];
    for number in 2..=n {
        let mut fewest = steps[number - 1] + 1;
        if number % 2 == 0 {
            fewest = fewest.min(steps[number / 2] + 1);
        }
        if number % 3 == 0 {
            fewest = fewest.min(steps[number / 3] + 1);
        }
        steps[number] = fewest;
    }
    steps[n]
}

/// Reads N from `input` and writes its fewest steps to `output`.
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let line = lines.next_line()?.ok_or_else(|| lines.ended("N"))?;
    let items = line.items();
    let item = items.first().ok_or_else(|| Error::at(line.line, 1, "expected N"))?;
    let n = match item.text.parse::<u32>() {
        Ok(n) if (1..=MAX_N).contains(&n) => n,
        _ => {
            let message = format!("N is a whole number from 1 to {MAX_N}");
            return Err(Error::at(item.line, item.column, message));
        }
    };
    lines.expect_end("N")?;
    write_answer(output, &format!("{}\n", fewest_steps(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_takes_three_steps_not_the_four_of_dividing_first() {
        assert_eq!(fewest_steps(10), 3);
        assert_eq!(fewest_steps(1), 0);
    }
}
"#;

/// The generator: one input for the seed given as its last argument, N from 1 to 10^6,
/// small ones often.
const GENERATOR: &str = r#"import random
import sys

rng = random.Random(int(sys.argv[-1]))
largest = rng.choice([30, 1000, 10**6])
print(rng.randint(1, largest))
"#;

/// The reference, by another method than the solution's: take 1 away only to reach a
/// multiple of 3 or of 2, then divide (checked against the dynamic programming for every
/// N up to 10^6 when it was written).
const REFERENCE: &str = r#"import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def fewest(n):
    if n == 1:
        return 0
    best = n % 2 + 1 + fewest(n // 2)
    if n >= 3:
        best = min(best, n % 3 + 1 + fewest(n // 3))
    return best


print(fewest(int(sys.stdin.read())))
"#;

/// A wrong program: divide by 3 when it can, else by 2, else take 1 away (10 → 5 → 4 → 2
/// → 1, four steps where three do).
const GREEDY: &str = r#"#!/bin/sh
awk '{ n = $1; c = 0; while (n > 1) { if (n % 3 == 0) n /= 3; else if (n % 2 == 0) n /= 2; else n -= 1; c++ } print c }'
"#;

/// A right program for small N: the solution's method in `awk`.
const RIGHT: &str = r#"#!/bin/sh
awk '{ n = $1; s[1] = 0; for (i = 2; i <= n; i++) { s[i] = s[i - 1] + 1; if (i % 2 == 0 && s[i / 2] + 1 < s[i]) s[i] = s[i / 2] + 1; if (i % 3 == 0 && s[i / 3] + 1 < s[i]) s[i] = s[i / 3] + 1 } print s[n] }'
"#;
