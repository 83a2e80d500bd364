//! `cargo xtask check --command` and `stress --command` as a user meets them, run as a
//! process with our small programs (`tests/programs/`), and the rows of issue 32's table
//! that need the whole tool: signals to xtask, a blank line after the answer, and a
//! compiler that cannot start or fails.

mod support;

use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;
use support::members::{any_completion, exact_with_one_sample, packed_rows};
use support::{is_gone, program_path, run_xtask, wait_for_pids, xtask};
use xtask::judge::ENDING_SIGNALS;
use xtask::problems::workspace::{Profile, Workspace};

/// Standard output and standard error of `output`, for a failure message.
fn both(output: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `python3 tests/programs/sudoku_backtracking.py` as a command for `--command`, with the
/// interpreter itself in place of `python3` (see `support::tool::python3`); `None` where
/// `python3` does not run here: a test that needs it is skipped, saying so, or fails under
/// CI (see `support::tool`). It solves the Sudoku judged by the `sudoku` checker
/// ([`any_completion`]), whose rows are written with spaces.
fn python_sudoku() -> Option<String> {
    let how = "apt-get install python3, as .ci/run does";
    let python = support::tool::required(support::tool::python3(), "python3", how)?;
    let words = [python, program_path("sudoku_backtracking.py")];
    let words = words.map(|word| word.display().to_string());
    Some(shlex::try_join(words.iter().map(String::as_str)).expect("no NUL in a path"))
}

#[test]
fn check_command_judges_a_python_program_on_the_samples() {
    let Some(python_sudoku) = python_sudoku() else {
        return;
    };
    let name = any_completion().name();
    let output = run_xtask(&["check", name, "--command", &python_sudoku]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(
        stdout.contains(&format!("{name}  sample-1  AC ")),
        "{stdout}"
    );
    assert!(stdout.contains(" ms "), "{stdout}");
    assert!(stdout.contains(" KB"), "{stdout}");
    // The same program on another problem's samples (packed rows, named by number) fails,
    // and says why.
    let other = packed_rows();
    let number = other.problem.id.to_string();
    let output = run_xtask(&["check", &number, "--command", &python_sudoku]);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    let line = format!("{}  sample-1  RE ", other.name());
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(&line),
        "{}",
        both(&output)
    );
}

#[test]
fn check_command_needs_the_problem_it_solves() {
    let output = run_xtask(&["check", "--command", "true"]);
    assert_eq!(output.status.code(), Some(2), "{}", both(&output));
}

#[test]
fn a_blank_line_after_the_last_answer_is_ac() {
    // The exact checker and the Sudoku checker.
    let exact = exact_with_one_sample();
    let answer = exact.first_sample_answer();
    let output = run_xtask(&[
        "check",
        exact.name(),
        "--command",
        &format!("cat '{}'; echo", answer.display()),
    ]);
    assert!(output.status.success(), "{}", both(&output));
    if let Some(python_sudoku) = python_sudoku() {
        let command = format!("{python_sudoku}; echo");
        let output = run_xtask(&["check", any_completion().name(), "--command", &command]);
        assert!(output.status.success(), "{}", both(&output));
    }
}

#[test]
fn a_compiler_that_fails_is_said_so() {
    let name = exact_with_one_sample().name();
    let output = run_xtask(&["check", name, "--bundled", "--rustc", "/bin/false"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(
        stdout.contains(&format!("{name}  rustc     CE")),
        "{stdout}"
    );
    assert!(stdout.contains("exit status: 1"), "{stdout}");
}

/// The names in the system's temporary folder that start with `prefix`.
fn temporary_names(prefix: &str) -> Vec<String> {
    let listed = std::fs::read_dir(std::env::temp_dir()).unwrap();
    let names = listed
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned());
    names.filter(|name| name.starts_with(prefix)).collect()
}

#[test]
fn every_usage_error_exits_2_with_one_line_judges_nothing_and_leaves_no_folder() {
    // Issue 47, item 7.
    let directory = tempfile::tempdir().unwrap();
    let not_executable = directory.path().join("plain.txt");
    std::fs::write(&not_executable, "x").unwrap();
    let folder = directory.path().display().to_string();
    let missing = directory.path().join("missing").display().to_string();
    let not_executable = not_executable.display().to_string();
    /// `stress NAME` with two cases and `more`.
    fn stress<'a>(name: &'a str, more: &[&'a str]) -> Vec<&'a str> {
        [&["stress", name, "--cases", "2", "--seed", "1"], more].concat()
    }
    let name = exact_with_one_sample().name();
    let cases = [
        stress(name, &["--binary", &not_executable]),
        stress(name, &["--binary", &missing]),
        stress(name, &["--binary", &folder]),
        stress(name, &["--command", "true && no-such-program-here"]),
        vec!["check", name, "--command", "cd / && no-such-program-here"],
        vec!["check", name, "--bundled", "--rustc", &missing],
        vec!["stress", name, "--cases", "0"],
    ];
    let folders_before = temporary_names("xtask-check-bundled-");
    for arguments in cases {
        let output = run_xtask(&arguments);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{arguments:?}: {}",
            both(&output)
        );
        assert!(stderr.starts_with("error: "), "{arguments:?}: {stderr}");
        assert_eq!(
            stderr
                .lines()
                .filter(|line| line.starts_with("error"))
                .count(),
            1
        );
        for verdict in [" RE ", " WA ", " AC ", "passed", "FAILED"] {
            assert!(!stdout.contains(verdict), "{arguments:?}: {stdout}");
        }
    }
    assert_eq!(temporary_names("xtask-check-bundled-"), folders_before);
}

#[test]
fn stress_command_stays_inside_the_judges_promise_and_says_so() {
    let Some(python_sudoku) = python_sudoku() else {
        return;
    };
    let arguments = [
        "stress",
        any_completion().name(),
        "--cases",
        "8",
        "--seed",
        "200",
    ];
    let output = run_xtask(&[&arguments[..], &["--command", &python_sudoku]].concat());
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
    // Our own solution of the Sudoku judged by the `sudoku` checker, given as a command:
    // it refuses a grid without a completion clearly, so it passes every case, those beyond
    // the promise included.
    let name = any_completion().name();
    let workspace = Workspace::load().unwrap();
    let problems = workspace.select(&[name.to_string()]).unwrap();
    let binary = workspace
        .build(&problems, Profile::Release)
        .unwrap()
        .remove(0);
    let binary = binary.display().to_string();
    let arguments = ["stress", name, "--cases", "40", "--seed", "5", "--command"];
    let output = run_xtask(&[&arguments[..], &[&binary, "--beyond-promise"]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(stdout.ends_with("40 passed, 0 failed\n"), "{stdout}");
    assert!(!stdout.contains("promise"), "{stdout}");
    // Without it, the cases beyond the promise are counted, not run.
    let output = run_xtask(&[&arguments[..], &[&binary]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(
        stdout.contains("beyond the judge's promise were not run"),
        "{stdout}"
    );
}

#[test]
fn stress_hard_gives_plain_backtracking_a_tle() {
    let Some(python_sudoku) = python_sudoku() else {
        return;
    };
    let name = any_completion().name();
    let output = run_xtask(&["stress", name, "--hard", "--command", &python_sudoku]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(stdout.contains("why: TLE"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "replay: cargo xtask stress {name} --hard --command"
        )),
        "{stdout}"
    );
}

/// Starts `cargo xtask SUBCOMMAND PROBLEM --command` (`check` or `stress`, on the Sudoku
/// judged by the `sudoku` checker) on a program that
/// loops forever (with a child), in a process group of its own as a shell starts a job,
/// and returns it with the pids of the loop and its child.
fn start_a_judge_that_loops(subcommand: &str, pids: &Path) -> (Child, Vec<u32>) {
    start_a_judge_of("loop_forever.sh", subcommand, pids)
}

/// [`start_a_judge_that_loops`] with another looping script of `tests/programs/`, which
/// writes its pids as that one does.
fn start_a_judge_of(script: &str, subcommand: &str, pids: &Path) -> (Child, Vec<u32>) {
    let command = format!("sh {} {}", program_path(script).display(), pids.display());
    let mut xtask = xtask(&[subcommand, any_completion().name(), "--command", &command]);
    xtask.stdout(Stdio::null()).stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut xtask, 0);
    let child = xtask.spawn().expect("xtask starts");
    let pids = wait_for_pids(pids, 2);
    (child, pids)
}

/// Sends `signal` to `xtask` as it would come: Ctrl-C and Ctrl-\ reach the terminal's
/// foreground group (xtask's, not the program's), the others xtask alone. Returns its exit
/// status once it has ended.
fn signal_and_wait(xtask: &mut Child, signal: Signal) -> std::process::ExitStatus {
    let xtask_pid = Pid::from_raw(xtask.id() as i32);
    match signal {
        Signal::SIGINT | Signal::SIGQUIT => killpg(xtask_pid, signal).unwrap(),
        _ => kill(xtask_pid, signal).unwrap(),
    }
    let started = Instant::now();
    loop {
        if let Some(status) = xtask.try_wait().unwrap() {
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "xtask did not end on {signal}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn every_signal_that_ends_check_or_stress_kills_the_program_and_all_it_started() {
    // The signals the issue names are among them; the rest of the list is the runner's.
    for named in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGQUIT,
        Signal::SIGUSR1,
        Signal::SIGUSR2,
        Signal::SIGPIPE,
        Signal::SIGALRM,
    ] {
        assert!(ENDING_SIGNALS.contains(&named), "{named} is not taken");
    }
    let runs = ENDING_SIGNALS
        .iter()
        .map(|signal| ("check", *signal))
        .chain([("stress", Signal::SIGINT), ("stress", Signal::SIGQUIT)]);
    // All at once, a thread each: a failure in any fails the test.
    std::thread::scope(|scope| {
        for (subcommand, signal) in runs {
            scope.spawn(move || {
                let directory = tempfile::tempdir().unwrap();
                let pids = directory.path().join("pids");
                let (mut xtask, pids) = start_a_judge_that_loops(subcommand, &pids);
                let status = signal_and_wait(&mut xtask, signal);
                let code = status.code();
                assert_eq!(code, Some(128 + signal as i32), "{subcommand} {signal}");
                for pid in &pids {
                    let message = format!("{subcommand} {signal}: process {pid} outlived xtask");
                    assert!(is_gone(*pid), "{message}");
                }
            });
        }
    });
}

#[test]
fn a_command_that_cannot_be_run_is_a_usage_error_and_nothing_is_judged_or_shrunk() {
    let commands = ["", "no-such-program-anywhere", "cat 'unterminated", "cat |"];
    for command in commands {
        let name = any_completion().name();
        let check = ["check", name, "--command", command];
        let stress = [
            "stress",
            name,
            "--cases",
            "3",
            "--seed",
            "1",
            "--command",
            command,
        ];
        for arguments in [&check[..], &stress[..]] {
            let output = run_xtask(arguments);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{arguments:?}: {}",
                both(&output)
            );
            assert!(stderr.starts_with("error: --command "), "{stderr}");
            assert!(output.stdout.is_empty(), "{arguments:?}: {}", both(&output));
        }
    }
}

/// The fake compiler (`tests/programs/fake_rustc.sh`), made executable in `directory`.
fn fake_rustc(directory: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = directory.join("rustc");
    std::fs::copy(program_path("fake_rustc.sh"), &path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_server_that_the_build_starts_is_left_alone() {
    // As sccache does for a RUSTC_WRAPPER, the compiler leaves a server in a session of its
    // own. xtask, a subreaper only while programs run, must not adopt it, nor kill it with
    // the judged programs.
    let directory = tempfile::tempdir().unwrap();
    let server_pids = directory.path().join("server");
    let exact = exact_with_one_sample();
    let answer = exact.first_sample_answer();
    let output = xtask(&["check", exact.name(), "--bundled", "--rustc"])
        .arg(fake_rustc(directory.path()))
        .env("FAKE_RUSTC_SERVER_PIDS", &server_pids)
        .env("FAKE_RUSTC_RUNS", format!("cat '{}'", answer.display()))
        .output()
        .expect("xtask starts");
    assert!(output.status.success(), "{}", both(&output));
    let server = wait_for_pids(&server_pids, 1)[0];
    let alive = !is_gone(server);
    let _ = kill(Pid::from_raw(server as i32), Signal::SIGKILL);
    assert!(
        alive,
        "the build's server {server} was killed with the judged runs"
    );
}

#[test]
fn a_signal_during_check_bundled_removes_its_build_folder() {
    // The compiled program loops forever; xtask gets SIGTERM while it judges it.
    let directory = tempfile::tempdir().unwrap();
    let pids = directory.path().join("pids");
    let loop_forever = program_path("loop_forever.sh");
    let name = exact_with_one_sample().name();
    let mut xtask = xtask(&["check", name, "--bundled", "--rustc"])
        .arg(fake_rustc(directory.path()))
        .env(
            "FAKE_RUSTC_RUNS",
            format!("exec sh '{}' '{}'", loop_forever.display(), pids.display()),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask starts");
    let pids = wait_for_pids(&pids, 2);
    let status = signal_and_wait(&mut xtask, Signal::SIGTERM);
    assert_eq!(status.code(), Some(128 + Signal::SIGTERM as i32));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut xtask.stderr.take().unwrap(), &mut stderr).unwrap();
    // "bundling and compiling with `...` in /tmp/xtask-check-bundled-XXXX"
    let folder = stderr
        .lines()
        .next()
        .and_then(|line| line.rsplit(" in ").next());
    let folder = Path::new(folder.unwrap_or_else(|| panic!("no build folder in {stderr:?}")));
    assert!(folder.starts_with(std::env::temp_dir()), "{stderr}");
    assert!(!folder.exists(), "{} was left behind", folder.display());
    for pid in pids {
        assert!(is_gone(pid), "process {pid} outlived xtask");
    }
}

#[test]
fn a_deep_recursion_gets_the_judges_stack_whatever_the_callers_ulimit() {
    // Issue 47, item 1: 500,000 calls deep need about 50 MB of stack. Under the caller's
    // `ulimit -S -s 8192` (the usual soft limit) it crashed; the judge sets the stack
    // limit to the memory limit. (A hard limit below that only a privileged process may
    // raise: xtask then says so, and the test looks for the note where it applies.)
    let directory = tempfile::tempdir().unwrap();
    let binary = support::compile_program(directory.path(), "recurse_deep", &[]);
    let name = exact_with_one_sample().name();
    let script = format!(
        "ulimit -S -s 8192 && exec '{}' check {name} --command '{}'",
        support::XTASK,
        binary.display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(xtask::project_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("the hard stack limit here is") {
        return;
    }
    // It prints a number, not the sample's answer: a wrong answer, not a crash.
    let line = format!("{name}  sample-1  WA ");
    assert!(stdout.contains(&line), "{}", both(&output));
}

#[test]
fn a_programs_signals_to_xtask_change_nothing() {
    // Issue 47, item 6: the program sends SIGUSR1 and SIGTERM to its parent, xtask, then
    // answers. xtask judges it as if nothing had come.
    let exact = exact_with_one_sample();
    let (name, answer) = (exact.name(), exact.first_sample_answer());
    // From the root, where xtask runs the command.
    let root = xtask::project_root();
    let answer = answer.strip_prefix(&root).unwrap_or(&answer).display();
    let command = format!("sh -c 'kill -USR1 $PPID; kill -TERM $PPID; sleep 0.1; cat {answer}'");
    let output = run_xtask(&["check", name, "--command", &command]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", both(&output));
    assert!(
        stdout.contains(&format!("{name}  sample-1  AC ")),
        "{stdout}"
    );
    assert!(stdout.ends_with("1 passed, 0 failed\n"), "{stdout}");
}

#[test]
fn sigkill_to_xtask_ends_the_program_and_all_it_started() {
    // Issue 47, item 6: xtask can clean up after nothing on SIGKILL; the program and its
    // child end with it all the same: traced, and let go at its signals with a child that
    // left its group (which the guard knows by the program's output pipes it holds).
    for script in ["loop_forever.sh", "let_go_then_leave_the_group.sh"] {
        let directory = tempfile::tempdir().unwrap();
        let pids = directory.path().join("pids");
        let (mut xtask, pids) = start_a_judge_of(script, "check", &pids);
        kill(Pid::from_raw(xtask.id() as i32), Signal::SIGKILL).unwrap();
        xtask.wait().unwrap();
        for pid in pids {
            assert!(
                is_gone(pid),
                "{script}: process {pid} outlived xtask's SIGKILL"
            );
        }
    }
}

#[test]
fn a_slow_compiler_under_check_bundled_ends_with_xtask_on_sigterm_and_sigkill() {
    // Issue 47, item 6: rustc (here a stand-in that takes minutes, with a child) must not
    // outlive xtask, ended by a signal to xtask alone or by SIGKILL.
    for signal in [Signal::SIGTERM, Signal::SIGKILL] {
        let directory = tempfile::tempdir().unwrap();
        let pids = directory.path().join("pids");
        let name = exact_with_one_sample().name();
        let mut xtask = xtask(&["check", name, "--bundled", "--rustc"])
            .arg(fake_rustc(directory.path()))
            .env("FAKE_RUSTC_SLOW_PIDS", &pids)
            .env("FAKE_RUSTC_RUNS", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("xtask starts");
        let pids = wait_for_pids(&pids, 2);
        kill(Pid::from_raw(xtask.id() as i32), signal).unwrap();
        xtask.wait().unwrap();
        for pid in pids {
            assert!(
                is_gone(pid),
                "{signal}: compiler process {pid} outlived xtask"
            );
        }
    }
}

/// A script in `directory` named `name` that runs `body` (`$0`'s folder at hand as `$D`).
fn script(directory: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = directory.join(name);
    std::fs::write(&path, format!("#!/bin/sh\nD=$(dirname \"$0\")\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

#[test]
fn a_flaky_failure_is_run_again_told_with_how_often_and_not_shrunk() {
    // Issue 47, item 8: our own solution, failing every other run (a mark file toggles).
    let name = exact_with_one_sample().name();
    let workspace = Workspace::load().unwrap();
    let problems = workspace.select(&[name.to_string()]).unwrap();
    let binary = workspace
        .build(&problems, Profile::Release)
        .unwrap()
        .remove(0);
    let directory = tempfile::tempdir().unwrap();
    let body = format!(
        "if [ -e \"$D/mark\" ]; then rm \"$D/mark\"; exec '{}'; fi\ntouch \"$D/mark\"; exit 3",
        binary.display()
    );
    let flaky = script(directory.path(), "flaky.sh", &body);
    let arguments = [
        "stress", name, "--seed", "7", "--cases", "1", "--binary", &flaky,
    ];
    let output = run_xtask(&arguments);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(stdout.contains("flaky: failed 3 of 5 runs"), "{stdout}");
    assert!(stdout.contains("(the input of case seed 7)"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "replay: cargo xtask stress {name} --seed 7 --cases 1 --binary {flaky}"
        )),
        "{stdout}"
    );
}

#[test]
fn a_shrunk_failure_replays_the_very_input_shown() {
    // Issue 47, item 8: `cat` fails every grid with holes; shrunk, the input shown is written to a
    // file, and the replay line runs that file.
    let directory = tempfile::tempdir().unwrap();
    let echo = script(directory.path(), "echo.sh", "exec cat");
    let name = exact_with_one_sample().name();
    let arguments = [
        "stress", name, "--seed", "1", "--cases", "1", "--binary", &echo,
    ];
    let output = run_xtask(&arguments);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", both(&output));
    assert!(
        stdout.contains("shrunk from the input of case seed 1"),
        "{stdout}"
    );
    let replay = stdout
        .lines()
        .find_map(|line| line.strip_prefix("replay: cargo xtask "));
    let replay = replay.unwrap_or_else(|| panic!("no replay line: {stdout}"));
    let words = shlex::split(replay).unwrap();
    let file = &words[words.iter().position(|word| word == "--input").unwrap() + 1];
    let shown = stdout.split("FAILED on this input (").nth(1).unwrap();
    let shown = &shown[shown.find("):\n").unwrap() + 3..shown.find("expected:").unwrap()];
    let written = std::fs::read_to_string(file).unwrap();
    assert_eq!(written.trim_end(), shown.trim_end());
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let again = run_xtask(&words);
    let again_stdout = String::from_utf8_lossy(&again.stdout);
    assert_eq!(again.status.code(), Some(1), "{}", both(&again));
    assert!(
        again_stdout.contains(&format!("(the input of the file {file})")),
        "{again_stdout}"
    );
}

#[test]
fn the_time_is_the_programs_own_when_xtask_is_stopped_as_it_ends() {
    // Issue 47, item 3: a Python program of 500 ms ends while xtask is stopped for 2 s
    // (SIGSTOP, as Ctrl-Z stops it): its time is its own, not the moment xtask saw its end.
    let how = "apt-get install python3, as .ci/run does";
    if support::tool::required(support::tool::python3(), "python3", how).is_none() {
        return;
    }
    let exact = exact_with_one_sample();
    let name = exact.name();
    let answer = std::fs::read(exact.first_sample_answer()).unwrap();
    let directory = tempfile::tempdir().unwrap();
    let pids = directory.path().join("pids");
    let hex: String = answer.iter().map(|byte| format!("{byte:02x}")).collect();
    let program = format!(
        "import os, sys, time\nopen({pids:?}, 'w').write(str(os.getpid()) + '\\n')\n\
         time.sleep(0.5)\nsys.stdout.buffer.write(bytes.fromhex('{hex}'))\n"
    );
    let source = directory.path().join("main.py");
    std::fs::write(&source, program).unwrap();
    let child = xtask(&["check", name, "--source", source.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask starts");
    wait_for_pids(&pids, 1);
    let xtask_pid = Pid::from_raw(child.id() as i32);
    kill(xtask_pid, Signal::SIGSTOP).unwrap();
    std::thread::sleep(Duration::from_secs(2));
    kill(xtask_pid, Signal::SIGCONT).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().find(|line| line.contains("sample-1"));
    let words: Vec<&str> = line.unwrap_or_default().split_whitespace().collect();
    assert_eq!(words.get(2), Some(&"AC"), "{}", both(&output));
    let milliseconds = words.iter().position(|&word| word == "ms");
    let milliseconds: u64 = words[milliseconds.expect("a time") - 1].parse().unwrap();
    assert!(
        (500..1_000).contains(&milliseconds),
        "timed at {milliseconds} ms: {}",
        both(&output)
    );
}
