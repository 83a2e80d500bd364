//! `cargo xtask` as a user meets it, run as a process: the exit codes of a command line it
//! does not understand (2, as `main.rs` documents), and what it does when its standard
//! output is closed or full (a quiet end, or one line and exit code 1; never a panic).

mod support;

use std::fs::File;
use std::io::Write;
use std::process::Stdio;

use support::members::{member, members, Member};
use support::{run_xtask, xtask};

/// The member of a family the tests take as their example where any would do: the first
/// of the table that has one sample (its `check` passes one case).
fn example() -> &'static Member {
    member("a problem with one sample", |member| {
        let samples = member.problem.samples().expect("the samples are readable");
        samples.len() == 1
    })
}

/// Writes `script` to the file `name` in `directory`, executable, and returns its path.
#[cfg(unix)]
fn executable_script(directory: &std::path::Path, name: &str, script: &str) -> std::path::PathBuf {
    let binary = directory.join(name);
    std::fs::write(&binary, script).unwrap();
    let mut permissions = std::fs::metadata(&binary).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&binary, permissions).unwrap();
    binary
}

#[test]
fn command_lines_it_does_not_understand_exit_with_2() {
    let name = example().name();
    let other = members().iter().find(|member| member.name() != name);
    let other = other.expect("two members").name();
    // A family without a generator: `generate` refuses its members.
    let ungenerated = member("of a family without a generator", |member| {
        member.entry.family.generator.is_none()
    });
    let (doubled, padded) = (format!("p{name}"), format!("0{}", example().problem.id));
    for arguments in [
        &["frobnicate"][..],
        &["check", "--frob"],
        &["check", "p9999"],
        &["bundle"],
        &["bundle", name, other, "-o", "x.rs"],
        &["stress", name, "--cases", "ten"],
        &["new", "1000", "--time-limit-ms", "18446744073709551615"],
        &["new", "1000", "--memory-mb", "0"],
        &["new", "1000", "--title", "A\u{202E}B"],
        &["new", "1000", "--title", "two\nlines"],
        &["generate", ungenerated.name(), "--count", "1", "--out", "x"],
        &["trace", "p1000"],
        &["bench", "--problem", &doubled],
        &["stress", &padded],
    ] {
        let output = run_xtask(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{arguments:?}: {stderr}");
    }
}

#[test]
fn trace_refuses_a_name_it_does_not_know_before_it_reads_any_input() {
    // Standard input stays open and empty: a tool that read it first would wait forever.
    let mut child = xtask(&["trace", "nope"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask starts");
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("xtask can be waited for") {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("`trace nope` waited for its input");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(2));
    let output = child.wait_with_output().expect("its output");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("`nope`"), "{stderr}");
}

#[test]
fn names_and_titles_are_shown_escaped() {
    // A right-to-left override would turn the rest of the terminal's line around.
    let escaped = ["`A\\u{202e}B`", "`A\\x1b[2JB`", "`two\\nlines`"];
    for (text, escaped) in ["A\u{202E}B", "A\u{1b}[2JB", "two\nlines"]
        .iter()
        .zip(escaped)
    {
        for arguments in [&["new", "1000", "--title", text][..], &["check", text]] {
            let output = run_xtask(arguments);
            assert_eq!(output.status.code(), Some(2), "{output:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(escaped), "{stderr}");
            assert!(!stderr.contains(text), "{stderr}");
            let control = |c: char| c != '\n' && (c.is_control() || c == '\u{202E}');
            assert!(!stderr.contains(control), "{stderr:?}");
        }
    }
}

#[test]
fn a_closed_standard_output_ends_it_quietly() {
    let mut child = xtask(&["trace", example().name()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask starts");
    // The reader goes away before anything is written, as `| head -0` would.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&example().first_sample_input()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_full_standard_output_is_one_line_and_exit_code_1() {
    let full = File::create("/dev/full").ok();
    let Some(full) = support::tool::required(full, "/dev/full", "a Linux system has it") else {
        return;
    };
    let name = example().name();
    for (arguments, input) in [
        (&["trace", name][..], example().first_sample_input()),
        (&["bundle", name, "-o", "-"], Vec::new()),
        (&["--help"], Vec::new()),
        (&["bench", "--help"], Vec::new()),
    ] {
        let mut child = xtask(arguments)
            .stdin(Stdio::piped())
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .expect("xtask starts");
        child.stdin.take().unwrap().write_all(&input).unwrap();
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{arguments:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn the_replay_line_of_stress_names_the_binary_it_tested() {
    let directory = tempfile::tempdir().unwrap();
    let binary = executable_script(directory.path(), "echo input.sh", "#!/bin/sh\ncat\n");
    let binary = binary.to_str().unwrap();
    let output = run_xtask(&[
        "stress",
        example().name(),
        "--cases",
        "20",
        "--seed",
        "1",
        "--binary",
        binary,
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let replay = stdout
        .lines()
        .find(|line| line.starts_with("replay: "))
        .expect("a replay line");
    assert!(
        replay.ends_with(&format!(" --binary '{binary}'")),
        "{replay}"
    );
}

#[cfg(unix)]
#[test]
fn stress_shows_a_runaway_output_shortened() {
    // Three megabytes of short lines on standard output and one long line on standard
    // error: the report shows the start of each, and says how much it left out.
    let directory = tempfile::tempdir().unwrap();
    let script =
        "#!/bin/sh\nyes 1 2 3 | head -c 3000000\nhead -c 3000000 /dev/zero | tr '\\0' x >&2\n";
    let binary = executable_script(directory.path(), "runaway.sh", script);
    let output = run_xtask(&[
        "stress",
        example().name(),
        "--cases",
        "1",
        "--seed",
        "1",
        "--binary",
        binary.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.len() < 16 * 1024, "{} bytes shown", stdout.len());
    assert!(stdout.contains("1 2 3\n1 2 3\n"), "{stdout}");
    assert!(stdout.contains("more lines not shown"), "{stdout}");
    assert!(stdout.contains("xxx..."), "{stdout}");
}

#[cfg(unix)]
#[test]
fn stress_keeps_a_failure_that_does_not_repeat_and_calls_it_flaky() {
    // A solution that is wrong on its first run only: the real one afterwards.
    let name = example().name();
    let solution = support::release_binaries(std::slice::from_ref(&example().problem));
    let directory = tempfile::tempdir().unwrap();
    let marker = directory.path().join("ran once");
    let script = format!(
        "#!/bin/sh\nif [ -e '{marker}' ]; then exec '{solution}'; fi\n\
         touch '{marker}'\necho 'a wrong first answer'\n",
        marker = marker.display(),
        solution = solution[0].display()
    );
    let binary = executable_script(directory.path(), "flaky.sh", &script);
    let output = run_xtask(&[
        "stress",
        name,
        "--cases",
        "3",
        "--seed",
        "7",
        "--binary",
        binary.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The input as generated (not shrunk), its seed, the output that failed and why, the
    // word "flaky" and the replay command.
    assert!(
        stdout.contains("FAILED on this input (the input of case seed 7)"),
        "{stdout}"
    );
    assert!(stdout.contains("a wrong first answer"), "{stdout}");
    assert!(stdout.contains("\nwhy: "), "{stdout}");
    assert!(stdout.contains("flaky: failed 1 of 5 runs"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "replay: cargo xtask stress {name} --seed 7 --cases 1"
        )),
        "{stdout}"
    );
}

#[test]
fn check_shows_the_verdict_time_and_memory_of_every_case() {
    let name = example().name();
    let output = run_xtask(&["check", name]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find(|line| line.starts_with(&format!("{name}  sample-1  ")))
        .unwrap_or_else(|| panic!("no line for the sample:\n{stdout}"));
    // `p1000  sample-1  AC      3 ms  cpu    2 ms    1904 KB`: the wall time, the
    // processor time beside it, memory in the judge's unit.
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 10, "{line}");
    assert_eq!(words[2], "AC", "{line}");
    assert!(
        words[3].parse::<u64>().is_ok() && words[4] == "ms",
        "{line}"
    );
    assert!(
        words[5] == "cpu" && words[6].parse::<u64>().is_ok() && words[7] == "ms",
        "{line}"
    );
    let kilobytes: u64 = words[8].parse().expect("a whole number of kilobytes");
    assert!(kilobytes > 0 && words[9] == "KB", "{line}");
    assert!(
        stdout.trim_end().ends_with("1 passed, 0 failed"),
        "{stdout}"
    );
}

#[test]
fn new_reads_the_problem_number_with_the_one_parser() {
    // A crate's name names its problem, as for every subcommand: it exists, so nothing is
    // written.
    let output = run_xtask(&["new", example().name()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("exists already"), "{stderr}");
    // A number past what a problem number can be is "too large", not "not a number".
    let output = run_xtask(&["new", "99999999999"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("too large"), "{stderr}");
    // The same parser, and the same words, for every other subcommand that reads a name
    // (`generate` names the problems it can generate instead).
    let doubled = format!("p{}", example().name());
    let others: [&[&str]; 5] = [
        &["trace"],
        &["check"],
        &["bundle"],
        &["stress"],
        &["bench", "--problem"],
    ];
    for before_the_name in others {
        for (name, words) in [
            ("99999999999", "too large"),
            (
                doubled.as_str(),
                "a problem is named by its crate (p1000) or its number (1000)",
            ),
        ] {
            let arguments = [before_the_name, &[name]].concat();
            let output = run_xtask(&arguments);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
            assert!(stderr.contains(words), "{arguments:?}: {stderr}");
        }
    }
}

#[test]
fn generate_writes_files_with_the_mode_the_umask_gives() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().unwrap();
    let prefix = folder.path().join("puzzles");
    // A family with a generator: `generate` writes its members' puzzles.
    let generated = member("of a family with a generator", |member| {
        member.entry.family.generator.is_some()
    });
    let output = run_xtask(&[
        "generate",
        generated.name(),
        "--count",
        "1",
        "--dominoes",
        "35",
        "--out",
        prefix.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    // A file written plainly gets 0666 less the umask: the generated files get the same.
    let plain = folder.path().join("plain");
    std::fs::write(&plain, "").unwrap();
    let mode =
        |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for extension in ["in", "out"] {
        let written = prefix.with_extension(extension);
        assert_eq!(mode(&written), mode(&plain), "{}", written.display());
    }
}
