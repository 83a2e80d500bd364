//! The memory figure of a run is the program's own: never the size of the process that
//! judges it, never the shell's, each page counted once across its processes, and the
//! same as GNU time's maximum resident size (`/usr/bin/time -f %M`), the reference for
//! every figure, whatever `sh` is. The tests of this file take turns (`ONE_AT_A_TIME`):
//! the runner resets the process's own memory figures before each run, and the kernel's
//! figure is told from xtask's by them.
//!
//! The full sweep of the issue (4 sizes, at once and after half a second, 20 runs each,
//! with dash and bash) is the ignored test here: `cargo test -p xtask --test
//! runner_memory -- --ignored`.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use support::{compile_program, program_path, tool};
use xtask::judge::checker::Checker;
use xtask::judge::{judge_case, run_program, Limits, Run, Verdict};

/// Held by each test while it runs (see the module's docs).
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Plenty of time and memory.
const LIMITS: Limits = Limits {
    time: Duration::from_secs(20),
    memory_bytes: 1 << 30,
};

/// How to get GNU time.
const TIME_HOW: &str = "apt-get install time, as .ci/run does";

#[test]
fn the_memory_figure_is_the_programs_own_not_the_judges() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // This process grows to 200 MB resident first: a figure that counted the judge's
    // size would be at least that.
    let ballast = vec![1_u8; 200 << 20];
    // A small program that never reads its 20 MB input.
    let input = vec![b'0'; 20 << 20];
    let mut program = Command::new("sh");
    program.args(["-c", "sleep 0.1"]);
    let run = run_program(&mut program, &input, LIMITS).expect("sh runs");
    assert!(
        run.peak_memory_bytes < 10 << 20,
        "a small program measured {} bytes",
        run.peak_memory_bytes
    );
    assert!(run.peak_memory_bytes > 0, "nothing measured");
    // A program that holds 100 MB is measured at 100 MB or a little more, though it starts
    // a shell (awk's `system`, by `vfork` where the C library's `system` is `posix_spawn`)
    // that runs on its memory until it becomes the shell.
    let mut program = Command::new("sh");
    program.args([
        "-c",
        "awk 'BEGIN { s = \"x\"; while (length(s) < 100000000) s = s s; system(\"sleep 0.1\") }'",
    ]);
    let run = run_program(&mut program, b"", LIMITS).expect("sh runs");
    let megabytes = run.peak_memory_bytes >> 20;
    assert!(
        (100..200).contains(&megabytes),
        "awk measured {megabytes} MiB"
    );
    assert_eq!(
        ballast.iter().map(|&byte| u64::from(byte)).sum::<u64>(),
        200 << 20
    );
}

#[test]
fn a_child_started_by_vfork_is_not_its_parents_memory_again() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some((time, python)) = gnu_time_and_python() else {
        return;
    };
    // Python holding 100 MiB starts a child by `posix_spawn`, which waits half a second
    // before it runs its program, on Python's own memory: counted once, as GNU time counts
    // it, and not twice (about 220 MiB, read so in every poll of that half second).
    let program = program_path("spawn_a_waiting_child.py");
    let arguments = [program.to_str().unwrap(), "100", "500"];
    let reference = gnu_time_kilobytes(&time, &python, &arguments, b"");
    let run = run_program(&mut direct(&python, &arguments), b"", LIMITS).unwrap();
    assert!(run.ending.is_success(), "{run:?}");
    let ours = run.peak_memory_bytes / 1024;
    assert!(
        is_close(ours, reference),
        "{ours} KB, GNU time {reference} KB"
    );
}

#[test]
fn two_hundred_children_sharing_their_pages_count_each_page_once() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // 200 `sleep`s at once, each some hundreds of KB resident, nearly all of it the pages
    // of `sleep` and the C library that they share: their resident sizes add up to over
    // 100 MB, their proportional sizes to a fraction of the 64 MB limit.
    let script = "i=0; while [ $i -lt 200 ]; do sleep 1 & i=$((i+1)); done; wait";
    let mut program = Command::new("sh");
    program.args(["-c", script]);
    let limits = Limits {
        memory_bytes: 64 << 20,
        ..LIMITS
    };
    let judgement = judge_case(&mut program, b"", b"", limits, &Checker::Exact).expect("sh runs");
    assert_eq!(judgement.verdict, Verdict::Accepted, "{judgement:?}");
    assert!(judgement.peak_memory_bytes > 2 << 20, "{judgement:?}");
}

/// GNU time and the interpreter of `python3`; `None`, said so, where one is missing (see
/// `tool::required`).
fn gnu_time_and_python() -> Option<(PathBuf, PathBuf)> {
    let time = tool::required(tool::gnu_time(), "GNU time", TIME_HOW)?;
    let how = "apt-get install python3, as .ci/run does";
    let python = tool::required(tool::python3(), "python3", how)?;
    Some((time, python))
}

/// GNU time's figure for `program` with `arguments`, in KB: the median of three runs.
fn gnu_time_kilobytes(time: &Path, program: &Path, arguments: &[&str], input: &[u8]) -> u64 {
    let mut figures: Vec<u64> = (0..3)
        .map(|_| {
            let output = run_with_input(
                Command::new(time)
                    .args(["-f", "%M"])
                    .arg(program)
                    .args(arguments),
                input,
            );
            let stderr = String::from_utf8_lossy(&output.stderr);
            let last = stderr.lines().last().unwrap_or_default();
            last.trim()
                .parse()
                .unwrap_or_else(|_| panic!("GNU time said {stderr}"))
        })
        .collect();
    figures.sort_unstable();
    figures[1]
}

/// The output of `command` given `input` on its standard input.
fn run_with_input(command: &mut Command, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("it starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// A folder whose `sh` is `shell` (dash or bash), for a `sh -c` that runs it.
fn shell_folder(shell: &str) -> Option<(tempfile::TempDir, PathBuf)> {
    let target = Path::new("/bin").join(shell);
    if !target.exists() {
        return None;
    }
    let folder = tempfile::tempdir().unwrap();
    let link = folder.path().join("sh");
    std::os::unix::fs::symlink(target, &link).unwrap();
    Some((folder, link))
}

/// Whether `ours`, in KB, is within 0.5 MB or 2% (the larger) of GNU time's `reference`.
fn is_close(ours: u64, reference: u64) -> bool {
    ours.abs_diff(reference) <= (reference / 50).max(512)
}

/// Judges `touch_mb` writing to each of `sizes` MiB, waiting each of `waits` ms, `runs`
/// times, given as itself and through `sh -c` with dash and with bash as `sh`; every
/// figure must be close to GNU time's (see [`is_close`]).
fn compare_with_gnu_time(sizes: &[u64], waits: &[u64], runs: usize) {
    let Some(time) = tool::required(tool::gnu_time(), "GNU time", TIME_HOW) else {
        return;
    };
    let directory = tempfile::tempdir().unwrap();
    let binary = compile_program(directory.path(), "touch_mb", &["-O"]);
    let shells: Vec<_> = ["dash", "bash"]
        .into_iter()
        .filter_map(|shell| {
            let how = format!("apt-get install {shell}");
            tool::required(shell_folder(shell), &format!("/bin/{shell}"), &how)
        })
        .collect();
    let mut worst = (0, String::new());
    for (&megabytes, &wait) in sizes
        .iter()
        .flat_map(|size| waits.iter().map(move |wait| (size, wait)))
    {
        let arguments = [megabytes.to_string(), wait.to_string()];
        let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
        let reference = gnu_time_kilobytes(&time, &binary, &arguments, b"");
        let script = format!("{} {megabytes} {wait} < /dev/null", binary.display());
        for _ in 0..runs {
            let mut programs = vec![("itself".to_string(), direct(&binary, &arguments))];
            for (_, link) in &shells {
                let mut shell = Command::new(link);
                shell.args(["-c", &script]);
                programs.push((format!("sh -c with {}", link.display()), shell));
            }
            for (how, mut program) in programs {
                let run = run_program(&mut program, b"", LIMITS).expect("it runs");
                let ours = run.peak_memory_bytes / 1024;
                let case = format!(
                    "{megabytes} MiB, waiting {wait} ms, {how}: {ours} KB, GNU time {reference} KB"
                );
                assert!(is_close(ours, reference), "{case}");
                if ours.abs_diff(reference) >= worst.0 {
                    worst = (ours.abs_diff(reference), case);
                }
            }
        }
    }
    eprintln!(
        "the farthest from GNU time: {} KB off, {}",
        worst.0, worst.1
    );
}

/// `program` with `arguments`, as a command.
fn direct(program: &Path, arguments: &[&str]) -> Command {
    let mut command = Command::new(program);
    command.args(arguments);
    command
}

#[test]
fn a_program_of_3_or_50_mb_is_measured_as_gnu_time_measures_it() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    compare_with_gnu_time(&[3, 50], &[0], 3);
}

#[test]
#[ignore = "the issue's full sweep, some minutes: run with --ignored"]
fn the_full_sweep_against_gnu_time() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    compare_with_gnu_time(&[3, 10, 50, 200], &[0, 500], 20);
}

#[test]
fn a_python_program_is_measured_within_a_megabyte_of_gnu_time() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some((time, python)) = gnu_time_and_python() else {
        return;
    };
    // The sample of the Sudoku that the program solves.
    let input = support::members::any_completion().first_sample_input();
    let solution = program_path("sudoku_backtracking.py");
    let solution = solution.to_str().unwrap();
    let reference = gnu_time_kilobytes(&time, &python, &[solution], &input);
    for _ in 0..3 {
        let run: Run = run_program(&mut direct(&python, &[solution]), &input, LIMITS).unwrap();
        assert!(run.ending.is_success(), "{run:?}");
        let ours = run.peak_memory_bytes / 1024;
        assert!(
            ours.abs_diff(reference) <= 1024,
            "{ours} KB, GNU time {reference} KB"
        );
    }
}

#[test]
fn where_ptrace_is_refused_one_line_says_so_and_the_kernel_gives_the_figure() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(time) = tool::required(tool::gnu_time(), "GNU time", TIME_HOW) else {
        return;
    };
    let how = "apt-get install strace, as .ci/run does";
    let Some(strace) = tool::required(tool::strace(), "strace", how) else {
        return;
    };
    // Under `strace -f`, the programs xtask starts are traced already: xtask's own
    // PTRACE_SEIZE is refused, as a seccomp filter would refuse it.
    let directory = tempfile::tempdir().unwrap();
    let binary = compile_program(directory.path(), "touch_mb", &["-O"]);
    let reference = gnu_time_kilobytes(&time, &binary, &["50"], b"");
    let output = Command::new(strace)
        .args(["-f", "-o", "/dev/null", env!("CARGO_BIN_EXE_xtask")])
        .args([
            "check",
            support::members::any_completion().name(),
            "--command",
        ])
        .arg(format!("{} 50", binary.display()))
        .current_dir(xtask::project_root())
        .stdin(Stdio::null())
        .output()
        .expect("strace runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let notes: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("ptrace"))
        .collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(
        notes[0].starts_with("note: ptrace is refused here"),
        "{stderr}"
    );
    // `p1000  sample-1  WA     12 ms  cpu   10 ms   53068 KB`: the kernel's figure, above
    // xtask's size.
    let stdout = String::from_utf8_lossy(&output.stdout);
    let words: Vec<&str> = stdout
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ours: u64 = words[8].parse().unwrap_or_else(|_| panic!("{stdout}"));
    assert!(
        is_close(ours, reference),
        "{ours} KB, GNU time {reference} KB"
    );
}

/// GNU time's figure for `sh -c SCRIPT` with `sh` being `link`, in KB (the median of three).
fn gnu_time_of_shell(time: &Path, link: &Path, script: &str) -> u64 {
    let link = link.to_str().unwrap();
    gnu_time_kilobytes(time, Path::new(link), &["-c", script], b"")
}

#[test]
fn a_shells_own_pages_count_under_dash_and_bash() {
    // Issue 47, item 2: a shell script holding 150 MB in a variable is measured as GNU time
    // measures `sh -c` (about 294,708 KB under dash), the shell being the program.
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(time) = tool::required(tool::gnu_time(), "GNU time", TIME_HOW) else {
        return;
    };
    let script = "x=$(head -c 150000000 /dev/zero | tr '\\0' x); echo ${#x}";
    for shell in ["dash", "bash"] {
        let how = format!("apt-get install {shell}");
        let Some((_folder, link)) = tool::required(shell_folder(shell), shell, &how) else {
            continue;
        };
        let reference = gnu_time_of_shell(&time, &link, script);
        let mut program = Command::new(&link);
        program.args(["-c", script]);
        let run = run_program(&mut program, b"", LIMITS).expect("it runs");
        assert_eq!(run.stdout, b"150000000\n", "{run:?}");
        let ours = run.peak_memory_bytes / 1024;
        assert!(
            is_close(ours, reference),
            "{shell}: {ours} KB, GNU time {reference} KB"
        );
        eprintln!("{shell}: ours {ours} KB, GNU time {reference} KB");
    }
}

#[test]
fn a_process_whose_main_thread_leaves_early_is_measured_whole() {
    // Issue 47, item 2: `pthread_exit` in main while a worker writes to 300 MB. It is MLE
    // under 256 MB, at GNU time's figure (about 308,876 KB).
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(time) = tool::required(tool::gnu_time(), "GNU time", TIME_HOW) else {
        return;
    };
    let how = "apt-get install gcc, as .ci/run does";
    let Some(gcc) = tool::required(tool::gcc(), "gcc", how) else {
        return;
    };
    let directory = tempfile::tempdir().unwrap();
    let binary = directory.path().join("leave_main_early");
    let compiled = Command::new(gcc)
        .args(["-O2", "-pthread", "-o"])
        .arg(&binary)
        .arg(program_path("leave_main_early.c"))
        .status()
        .unwrap();
    assert!(compiled.success());
    let reference = gnu_time_kilobytes(&time, &binary, &[], b"");
    let run = run_program(&mut Command::new(&binary), b"", LIMITS).expect("it runs");
    let ours = run.peak_memory_bytes / 1024;
    assert!(
        is_close(ours, reference),
        "{ours} KB, GNU time {reference} KB"
    );
    eprintln!("pthread_exit: ours {ours} KB, GNU time {reference} KB");
    let limits = Limits {
        memory_bytes: 256 << 20,
        ..LIMITS
    };
    let judgement = judge_case(
        &mut Command::new(&binary),
        b"",
        b"",
        limits,
        &Checker::Exact,
    )
    .expect("it runs");
    assert_eq!(judgement.verdict.short_name(), "MLE", "{judgement:?}");
}

#[test]
fn a_program_that_takes_a_signal_is_measured_to_its_end() {
    // Issue 47, item 2: the program gets a SIGCHLD first, then writes to 9 MiB and ends
    // within milliseconds; held to its end, it is measured as GNU time measures it.
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(time) = tool::required(tool::gnu_time(), "GNU time", TIME_HOW) else {
        return;
    };
    let directory = tempfile::tempdir().unwrap();
    let binary = compile_program(directory.path(), "spawn_then_touch", &["-O"]);
    let reference = gnu_time_kilobytes(&time, &binary, &["9"], b"");
    for attempt in 0..5 {
        let run = run_program(&mut direct(&binary, &["9"]), b"", LIMITS).expect("it runs");
        let ours = run.peak_memory_bytes / 1024;
        assert!(
            is_close(ours, reference),
            "run {attempt}: {ours} KB, GNU time {reference} KB"
        );
    }
}

#[test]
fn where_ptrace_is_refused_a_small_program_gets_no_figure_rather_than_a_wrong_one() {
    // Issue 47, item 2: a program of 2 MiB, smaller than xtask itself, under `strace -f`:
    // no exit is held and the kernel's figure may be xtask's, so the line shows `?` and
    // says why, instead of a figure that swings from a few KB to a few MB.
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let how = "apt-get install strace, as .ci/run does";
    let Some(strace) = tool::required(tool::strace(), "strace", how) else {
        return;
    };
    let directory = tempfile::tempdir().unwrap();
    let binary = compile_program(directory.path(), "touch_2_mb", &["-O"]);
    let output = Command::new(strace)
        .args(["-f", "-o", "/dev/null", env!("CARGO_BIN_EXE_xtask")])
        .args([
            "check",
            support::members::any_completion().name(),
            "--command",
        ])
        .arg(binary.display().to_string())
        .current_dir(xtask::project_root())
        .stdin(Stdio::null())
        .output()
        .expect("strace runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let first = stdout.lines().next().unwrap_or_default();
    assert!(first.ends_with("       ? KB"), "{stdout}");
    assert!(
        stdout.contains("no memory figure: the program was not held"),
        "{stdout}"
    );
}
