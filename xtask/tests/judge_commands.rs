//! `cargo xtask check --command` and `stress --command` as a user meets them, run as a
//! process with our small programs (`tests/programs/`), and the rows of issue 32's table
//! that need the whole tool: signals to xtask, a blank line after the answer, and a
//! compiler that cannot start or fails.

mod support;

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;
use support::{is_gone, program_path, wait_for_pids};
use xtask::problems::workspace::{Profile, Workspace};

/// Runs xtask with `arguments` in the workspace's root, and no input.
fn xtask(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(arguments)
        .current_dir(xtask::project_root())
        .stdin(Stdio::null())
        .output()
        .expect("xtask starts")
}

/// Standard output and standard error of `output`, for a failure message.
fn both(output: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `python3 tests/programs/sudoku_2580.py`, as a command for `--command`.
fn python_2580() -> String {
    format!("python3 {}", program_path("sudoku_2580.py").display())
}

/// Whether `python3` runs here; a test that needs it is skipped without it, saying so,
/// or fails under CI (see `support::tool`).
fn has_python() -> bool {
    let how = "apt-get install python3, as .ci/run does";
    support::tool::required(support::tool::python3(), "python3", how).is_some()
}

#[test]
fn check_command_judges_a_python_program_on_the_samples() {
    if !has_python() {
        return;
    }
    let output = xtask(&["check", "p2580", "--command", &python_2580()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(stdout.contains("p2580  sample-1  AC "), "{stdout}");
    assert!(stdout.contains(" ms "), "{stdout}");
    assert!(stdout.contains(" KB"), "{stdout}");
    // The same program on another problem's samples fails, and says why.
    let output = xtask(&["check", "2239", "--command", &python_2580()]);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("p2239  sample-1  RE "),
        "{}",
        both(&output)
    );
}

#[test]
fn check_command_needs_the_problem_it_solves() {
    let output = xtask(&["check", "--command", "true"]);
    assert_eq!(output.status.code(), Some(2), "{}", both(&output));
}

#[test]
fn a_blank_line_after_the_last_answer_is_ac() {
    // 2239 (the exact checker) and 2580 (the Sudoku checker).
    let answer = "problems/p2239/samples/sample-1.out";
    let output = xtask(&[
        "check",
        "p2239",
        "--command",
        &format!("cat {answer}; echo"),
    ]);
    assert!(output.status.success(), "{}", both(&output));
    if has_python() {
        let command = format!("{}; echo", python_2580());
        let output = xtask(&["check", "p2580", "--command", &command]);
        assert!(output.status.success(), "{}", both(&output));
    }
}

#[test]
fn a_compiler_that_cannot_start_or_fails_is_said_so() {
    let output = xtask(&["check", "p2239", "--bundled", "--rustc", "/nonexistent"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(stdout.contains("could not start the compiler"), "{stdout}");
    assert!(stdout.contains("/nonexistent"), "{stdout}");
    let output = xtask(&["check", "p2239", "--bundled", "--rustc", "/bin/false"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(stdout.contains("p2239  rustc     CE"), "{stdout}");
    assert!(stdout.contains("exit status: 1"), "{stdout}");
}

#[test]
fn stress_command_stays_inside_the_judges_promise_and_says_so() {
    if !has_python() {
        return;
    }
    let arguments = ["stress", "p2580", "--cases", "8", "--seed", "200"];
    let output = xtask(&[&arguments[..], &["--command", &python_2580()]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(
        stdout.contains("inside the judge's promise") && stdout.contains("has a completion"),
        "{stdout}"
    );
    assert!(
        stdout.contains("beyond the judge's promise were not run"),
        "{stdout}"
    );
}

#[test]
fn stress_command_with_beyond_promise_runs_every_case() {
    // Our own p2580, given as a command: it refuses a grid without a completion clearly,
    // so it passes every case, those beyond the promise included.
    let workspace = Workspace::load().unwrap();
    let problems = workspace.select(&["p2580".to_string()]).unwrap();
    let binary = workspace
        .build(&problems, Profile::Release)
        .unwrap()
        .remove(0);
    let binary = binary.display().to_string();
    let arguments = [
        "stress",
        "p2580",
        "--cases",
        "40",
        "--seed",
        "5",
        "--command",
    ];
    let output = xtask(&[&arguments[..], &[&binary, "--beyond-promise"]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(stdout.ends_with("40 passed, 0 failed\n"), "{stdout}");
    assert!(!stdout.contains("promise"), "{stdout}");
    // Without it, the cases beyond the promise are counted, not run.
    let output = xtask(&[&arguments[..], &[&binary]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(
        stdout.contains("beyond the judge's promise were not run"),
        "{stdout}"
    );
}

#[test]
fn stress_hard_gives_plain_backtracking_a_tle() {
    if !has_python() {
        return;
    }
    let output = xtask(&["stress", "p2580", "--hard", "--command", &python_2580()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(stdout.contains("why: TLE"), "{stdout}");
    assert!(
        stdout.contains("replay: cargo xtask stress p2580 --hard --command"),
        "{stdout}"
    );
}

/// Starts `cargo xtask SUBCOMMAND p2580 --command` (`check` or `stress`) on a program that
/// loops forever (with a child), in a process group of its own as a shell starts a job,
/// and returns it with the pids of the loop and its child.
fn start_a_judge_that_loops(subcommand: &str, pids: &Path) -> (Child, Vec<u32>) {
    let command = format!(
        "sh {} {}",
        program_path("loop_forever.sh").display(),
        pids.display()
    );
    let mut xtask = Command::new(env!("CARGO_BIN_EXE_xtask"));
    xtask
        .args([subcommand, "p2580", "--command", &command])
        .current_dir(xtask::project_root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut xtask, 0);
    let child = xtask.spawn().expect("xtask starts");
    let pids = wait_for_pids(pids, 2);
    (child, pids)
}

#[test]
fn sigint_sigterm_or_sighup_to_check_or_stress_kill_the_program_and_all_it_started() {
    let runs = [
        ("check", Signal::SIGINT),
        ("check", Signal::SIGTERM),
        ("check", Signal::SIGHUP),
        ("stress", Signal::SIGINT),
        ("stress", Signal::SIGTERM),
    ];
    for (subcommand, signal) in runs {
        let directory = tempfile::tempdir().unwrap();
        let pids = directory.path().join("pids");
        let (mut xtask, pids) = start_a_judge_that_loops(subcommand, &pids);
        let xtask_pid = Pid::from_raw(xtask.id() as i32);
        // Ctrl-C reaches the terminal's foreground group: xtask's, not the program's.
        match signal {
            Signal::SIGINT => killpg(xtask_pid, signal).unwrap(),
            _ => kill(xtask_pid, signal).unwrap(),
        }
        let started = Instant::now();
        let status = loop {
            if let Some(status) = xtask.try_wait().unwrap() {
                break status;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "xtask did not end"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(
            status.code(),
            Some(128 + signal as i32),
            "{subcommand} {signal}"
        );
        for pid in &pids {
            let alive = !is_gone(*pid);
            assert!(
                !alive,
                "{subcommand} {signal}: process {pid} outlived xtask"
            );
        }
    }
}
