//! Running one solution on one case and deciding its verdict, as the judge would, in two
//! halves that other subcommands reuse: [`run_program`] runs the program on the input
//! within the time limit and collects its outputs; [`judge_run`] turns that into a
//! [`Verdict`]: too slow is TLE, a crash is RE, and otherwise the problem's [`Checker`]
//! decides between AC and WA. [`judge_sample`] does both for a sample file. Memory is not
//! limited here; the judge's limit is recorded in each manifest for the reader.
//!
//! The program runs in a process group of its own, and the whole group is killed when the
//! program ends or its time runs out, so nothing it started outlives the run. A process
//! that leaves the group (`setsid`) escapes that; the runner then waits for the output
//! pipes only [`LATE_OUTPUT_MARGIN`] past the program's end, and what such a process
//! writes later is not the program's output.

use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use crate::checker::{shorten, Checker};
use crate::workspace::{Problem, Sample};

/// The most bytes kept from standard output or standard error; the rest is read and
/// dropped. A correct output here is at most a few hundred kilobytes, so only a runaway
/// program reaches this, and it then gets a wrong answer instead of filling the memory.
pub const CAPTURE_LIMIT_BYTES: usize = 8 * 1024 * 1024;

/// What one run of a program did.
#[derive(Debug, Clone)]
pub struct Run {
    /// How the program ended within the time limit (by itself, or killed by a signal it
    /// caused, such as a segmentation fault); `None`: killed at the time limit.
    pub status: Option<ExitStatus>,
    /// Wall-clock time from the start of the program to its end or to the time limit.
    pub elapsed: Duration,
    /// Everything written to standard output (empty after a timeout).
    pub stdout: Vec<u8>,
    /// Everything written to standard error (empty after a timeout).
    pub stderr: Vec<u8>,
    /// Whether standard output passed `CAPTURE_LIMIT_BYTES` and was cut there.
    pub stdout_was_cut: bool,
    /// Whether an output was still open [`LATE_OUTPUT_MARGIN`] after the program ended,
    /// held by a process that escaped its group: what came later is not in the run.
    pub output_held_open: bool,
}

/// How long the output pipes may stay open once the program has ended. What the program
/// wrote before it ended is in the pipes already and is read within microseconds; a pipe
/// still open after this is held by a process that left the program's group (`setsid`),
/// and what it writes is not the program's.
pub const LATE_OUTPUT_MARGIN: Duration = Duration::from_millis(300);

/// What the helper threads of one run tell [`run_program`], all on one channel.
enum Report {
    /// The program ended, at this moment.
    Ended(io::Result<ExitStatus>, Instant),
    /// The next bytes of standard output (0) or standard error (1); no bytes at the end.
    Output(usize, io::Result<Vec<u8>>),
}

/// Runs `program` (a solution binary, or in the tests `/bin/sh -c SCRIPT`) with `input` on
/// its standard input, killing it at `time_limit`.
///
/// The input is written, each output read and the program waited for on threads of their
/// own, which report here: a pipe is small, and a program that writes a large output
/// before it reads its input must not wait on the runner forever.
///
/// An `Err` means the program could not be run at all (for example, the executable
/// does not exist); a crash or a timeout is a normal [`Run`].
pub fn run_program(program: &mut Command, input: &[u8], time_limit: Duration) -> Result<Run> {
    let started = Instant::now();
    let mut child = program
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .with_context(|| format!("starting {}", Path::new(program.get_program()).display()))?;
    let group = Pid::from_raw(child.id() as i32);
    let (sender, reports) = mpsc::channel();
    let (mut stdin, stdout, stderr) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let input = input.to_vec();
    // A program may end without reading all of its input, and a process it left behind
    // may hold the pipe without reading: the writer is never waited for.
    thread::spawn(move || stdin.as_mut().map(|stdin| stdin.write_all(&input)));
    read_on_thread(stdout, 0, sender.clone());
    read_on_thread(stderr, 1, sender.clone());
    thread::spawn(move || sender.send(Report::Ended(child.wait(), Instant::now())));

    // Each output's first `CAPTURE_LIMIT_BYTES` bytes, and whether there were more.
    let mut outputs = [(Vec::new(), false), (Vec::new(), false)];
    let (mut ending, mut open_outputs, mut deadline) = (None, 2, started + time_limit);
    while ending.is_none() || open_outputs > 0 {
        let timeout = deadline.saturating_duration_since(Instant::now());
        match reports.recv_timeout(timeout) {
            Ok(Report::Ended(status, at)) => {
                let status = status.context("waiting for the program")?;
                // Whatever the program started dies with it, so the pipes close now (an
                // error means the group is gone already).
                let _ = killpg(group, Signal::SIGKILL);
                ending = Some((Some(status), at - started));
                deadline = at + LATE_OUTPUT_MARGIN;
            }
            Ok(Report::Output(_, Ok(bytes))) if bytes.is_empty() => open_outputs -= 1,
            Ok(Report::Output(index, bytes)) => {
                let bytes = bytes.context("reading the program's output")?;
                let (kept, was_cut) = &mut outputs[index];
                let room = CAPTURE_LIMIT_BYTES - kept.len();
                kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
                *was_cut |= bytes.len() > room;
            }
            Err(_) if ending.is_some() => break,
            Err(_) => {
                // Too slow: kill the program and all it started, and wait until it is
                // gone (no zombie is left); its output does not matter.
                let _ = killpg(group, Signal::SIGKILL);
                while !matches!(reports.recv(), Ok(Report::Ended(..)) | Err(_)) {}
                (outputs, open_outputs) = Default::default();
                ending = Some((None, started.elapsed()));
                break;
            }
        }
    }
    let (status, elapsed) = ending.expect("the loop ends only once the program has ended");
    let [(stdout, stdout_was_cut), (stderr, _)] = outputs;
    Ok(Run {
        status,
        elapsed,
        stdout,
        stderr,
        stdout_was_cut,
        output_held_open: open_outputs > 0,
    })
}

/// Starts a thread that reads `pipe` to its end and sends what it reads, a piece at a
/// time, as output `index`. It stops when nobody listens any more.
fn read_on_thread(pipe: Option<impl Read + Send + 'static>, index: usize, sender: Sender<Report>) {
    let Some(mut pipe) = pipe else { return };
    thread::spawn(move || loop {
        let mut bytes = vec![0; 64 * 1024];
        let read = match pipe.read(&mut bytes) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            read => read.map(|length| {
                bytes.truncate(length);
                bytes
            }),
        };
        let last = !matches!(&read, Ok(bytes) if !bytes.is_empty());
        if sender.send(Report::Output(index, read)).is_err() || last {
            break;
        }
    });
}

/// The judge's verdict on one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// AC: the output is right.
    Accepted,
    /// WA: the program ended normally but the output is wrong, for this reason (from the
    /// checker: a diff or one sentence).
    WrongAnswer(String),
    /// RE: the program ended with this non-zero exit code or was killed by a signal, and
    /// wrote this first line to standard error, if any.
    RuntimeError(ExitStatus, Option<String>),
    /// TLE: the program was still running at the time limit.
    TimeLimitExceeded,
}

impl Verdict {
    /// The judge's short name for the verdict: `AC`, `WA`, `RE` or `TLE`.
    pub fn short_name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError(..) => "RE",
            Verdict::TimeLimitExceeded => "TLE",
        }
    }

    /// Whether the verdict is AC.
    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// What to print under the verdict line, if anything: the reason for a wrong
    /// answer, or the exit status and first line of standard error for a crash.
    pub fn details(&self) -> Option<String> {
        match self {
            Verdict::Accepted | Verdict::TimeLimitExceeded => None,
            Verdict::WrongAnswer(reason) => Some(reason.clone()),
            Verdict::RuntimeError(status, first_stderr_line) => Some(match first_stderr_line {
                Some(line) => format!("{}; standard error: {line}", describe_status(*status)),
                None => format!("{}; nothing on standard error", describe_status(*status)),
            }),
        }
    }
}

/// "exit code 3" for a program that exited, or the system's words for a signal, such
/// as "signal: 11 (SIGSEGV) (core dumped)".
pub fn describe_status(status: ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => format!("killed by {status}"),
    }
}

/// The first line of `output` that is not blank, shortened for a message.
pub fn first_line(output: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(output);
    let line = text.lines().find(|line| !line.trim().is_empty())?;
    Some(shorten(line.trim_end()).into_owned())
}

/// The verdict on `run`: TLE first, then RE, then the checker's word on the output. An
/// `Err` comes only from the checker failing to work (a broken input file).
pub fn judge_run(run: &Run, input: &[u8], expected: &[u8], checker: Checker) -> Result<Verdict> {
    let Some(status) = run.status else {
        return Ok(Verdict::TimeLimitExceeded);
    };
    if !status.success() {
        return Ok(Verdict::RuntimeError(status, first_line(&run.stderr)));
    }
    if run.stdout_was_cut {
        let reason = format!("the output is longer than {CAPTURE_LIMIT_BYTES} bytes");
        return Ok(Verdict::WrongAnswer(reason));
    }
    Ok(match checker.check(input, expected, &run.stdout)? {
        None => Verdict::Accepted,
        Some(reason) if run.output_held_open => Verdict::WrongAnswer(format!(
            "{reason}\n(a process it started held its output open after it ended; \
             what came later was not read)"
        )),
        Some(reason) => Verdict::WrongAnswer(reason),
    })
}

/// The verdict on one case, and how long the run took.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Wall-clock time of the run (about the time limit for TLE).
    pub elapsed: Duration,
}

/// Reads one sample's files and judges `binary` on it with `problem`'s checker and time
/// limit: what `cargo xtask check` and the samples test do for each sample.
pub fn judge_sample(binary: &Path, problem: &Problem, sample: &Sample) -> Result<Judgement> {
    let read =
        |path: &Path| std::fs::read(path).with_context(|| format!("reading {}", path.display()));
    let (input, expected) = (read(&sample.input_path)?, read(&sample.expected_path)?);
    let run = run_program(&mut Command::new(binary), &input, problem.time_limit)?;
    let verdict = judge_run(&run, &input, &expected, problem.checker)?;
    Ok(Judgement {
        verdict,
        elapsed: run.elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plenty of time for the quick fake programs below.
    const GENEROUS_LIMIT: Duration = Duration::from_secs(10);

    const EXPECTED: &[u8] = b"1 2 3\n4 5 6\n";

    /// Runs `program` on `input` within `time_limit` and judges its output against
    /// `expected` with `checker`.
    fn judge_case(
        program: &mut Command,
        input: &[u8],
        expected: &[u8],
        checker: Checker,
        time_limit: Duration,
    ) -> Result<Judgement> {
        let run = run_program(program, input, time_limit)?;
        let verdict = judge_run(&run, input, expected, checker)?;
        Ok(Judgement {
            verdict,
            elapsed: run.elapsed,
        })
    }

    /// A fake solution: `/bin/sh -c script`.
    fn shell(script: &str) -> Command {
        let mut program = Command::new("/bin/sh");
        program.args(["-c", script]);
        program
    }

    /// Judges `program` on an empty input against `EXPECTED` with the exact checker.
    fn judge_exact(program: &mut Command, time_limit: Duration) -> Judgement {
        judge_case(program, b"", EXPECTED, Checker::Exact, time_limit)
            .expect("the fake program runs")
    }

    #[test]
    fn a_correct_answer_is_accepted() {
        // A script file that prints a file holding the expected output. The script is
        // given to `sh` rather than executed itself, which avoids "text file busy" when
        // another test thread starts a process while this file is still open.
        let directory = tempfile::tempdir().expect("a temporary folder");
        let answer_path = directory.path().join("answer.out");
        std::fs::write(&answer_path, EXPECTED).expect("temp dir is writable");
        let script_path = directory.path().join("solution.sh");
        let script = format!("cat '{}'\n", answer_path.display());
        std::fs::write(&script_path, script).expect("temp dir is writable");

        let mut program = Command::new("/bin/sh");
        program.arg(&script_path);
        let judgement = judge_exact(&mut program, GENEROUS_LIMIT);
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn the_input_reaches_standard_input() {
        // `cat` copies its input to its output, so giving it the expected output as
        // input must be accepted.
        let mut program = Command::new("/bin/cat");
        let judgement = judge_case(
            &mut program,
            EXPECTED,
            EXPECTED,
            Checker::Exact,
            GENEROUS_LIMIT,
        )
        .expect("cat runs");
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn a_wrong_answer_is_caught_with_a_diff_naming_the_line() {
        let judgement = judge_exact(&mut shell("printf '1 2 3\\n4 0 6\\n'"), GENEROUS_LIMIT);
        assert_eq!(judgement.verdict.short_name(), "WA");
        let details = judgement
            .verdict
            .details()
            .expect("a wrong answer has a reason");
        assert!(details.contains("line 2 differs"), "{details}");
        assert!(details.contains("-   2 | 4 5 6"), "{details}");
        assert!(details.contains("+   2 | 4 0 6"), "{details}");
    }

    #[test]
    fn a_crash_is_a_runtime_error_with_its_status_and_first_stderr_line() {
        let judgement = judge_exact(
            &mut shell(
                "printf '1 2 3\\n4 5 6\\n'; echo 'out of cheese' >&2; echo more >&2; exit 3",
            ),
            GENEROUS_LIMIT,
        );
        match &judgement.verdict {
            Verdict::RuntimeError(status, first_stderr_line) => {
                assert_eq!(status.code(), Some(3));
                assert_eq!(first_stderr_line.as_deref(), Some("out of cheese"));
            }
            other => panic!("expected RE, got {other:?}"),
        }
        let details = judgement.verdict.details().expect("RE has details");
        assert_eq!(details, "exit code 3; standard error: out of cheese");

        // A line of a megabyte is shown cut short.
        let judgement = judge_exact(
            &mut shell("head -c 1000000 /dev/zero | tr '\\0' x >&2; exit 1"),
            GENEROUS_LIMIT,
        );
        let details = judgement.verdict.details().expect("RE has details");
        assert!(details.len() < 200, "{} bytes", details.len());
        assert!(details.ends_with("xxx..."), "{details}");
    }

    #[test]
    fn a_program_killed_by_a_signal_is_a_runtime_error() {
        let judgement = judge_exact(&mut shell("kill -9 $$"), GENEROUS_LIMIT);
        match &judgement.verdict {
            Verdict::RuntimeError(status, _) => assert_eq!(status.code(), None),
            other => panic!("expected RE, got {other:?}"),
        }
        let details = judgement.verdict.details().expect("RE has details");
        assert!(details.contains("signal"), "{details}");
    }

    #[test]
    fn a_slow_program_is_killed_at_the_time_limit() {
        let directory = tempfile::tempdir().expect("a temporary folder");
        let pid_path = directory.path().join("pid");
        // The shell writes its process id and then becomes `sleep` (same id) by `exec`.
        let script = format!("echo $$ > '{}'; exec sleep 30", pid_path.display());

        let started = Instant::now();
        let judgement = judge_exact(&mut shell(&script), Duration::from_millis(200));
        assert_eq!(judgement.verdict, Verdict::TimeLimitExceeded);
        assert!(judgement.elapsed >= Duration::from_millis(200));
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the runner waited too long"
        );

        // `kill -0` only asks whether the process exists; it must be gone.
        let pid = std::fs::read_to_string(&pid_path).expect("the script wrote its pid");
        let still_alive = Command::new("/bin/sh")
            .args(["-c", &format!("kill -0 {} 2>/dev/null", pid.trim())])
            .status()
            .expect("sh runs");
        assert!(!still_alive.success(), "process {} survived", pid.trim());
    }

    #[test]
    fn a_slow_program_whose_child_holds_the_pipes_does_not_hang_the_runner() {
        // Here the shell starts `sleep` as a separate process that inherits the output
        // pipes; the runner kills the shell and must not wait for `sleep` to finish.
        let started = Instant::now();
        let judgement = judge_exact(&mut shell("sleep 3; echo late"), Duration::from_millis(200));
        assert_eq!(judgement.verdict, Verdict::TimeLimitExceeded);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "the runner waited too long"
        );
    }

    #[test]
    fn output_from_a_process_left_behind_does_not_count() {
        // The program ends at once, leaving a process that prints the right answer a
        // moment later. The judge must not wait for it, nor take its output.
        let mut program = shell("(sleep 1; printf '1 2 3\\n4 5 6\\n') & exit 0");
        let started = Instant::now();
        let judgement = judge_exact(&mut program, GENEROUS_LIMIT);
        assert!(!judgement.verdict.is_accepted(), "{judgement:?}");
        assert!(
            started.elapsed() < Duration::from_millis(900),
            "waited for the orphan"
        );
    }

    #[test]
    fn a_process_that_leaves_the_group_cannot_hold_the_judge() {
        // `setsid` puts the grandchild in a session and process group of its own (the
        // program waits a moment for that), so killing the program's group does not reach
        // it, and it keeps the output pipes open for seconds. The program answers and
        // ends; the judge must judge that answer soon after, without the late words.
        let mut program = shell(
            "setsid sh -c 'sleep 4; echo late-output; echo late >&2' & sleep 0.3; \
             printf '1 2 3\\n4 5 6\\n'",
        );
        let started = Instant::now();
        let run = run_program(&mut program, b"", GENEROUS_LIMIT).expect("sh runs");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "waited {:?} for the grandchild",
            started.elapsed()
        );
        assert!(run.status.is_some_and(|status| status.success()));
        assert_eq!(run.stdout, EXPECTED);
        assert!(run.output_held_open);
        let verdict = judge_run(&run, b"", EXPECTED, Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::Accepted);
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        // The program prints 8 MB before reading any of its 8 MB input; with both
        // pipes handled on threads neither side waits on the other forever.
        let input = vec![b'x'; 8 * 1024 * 1024];
        let mut program = shell("head -c 8388608 /dev/zero; cat > /dev/null");
        let run = run_program(&mut program, &input, GENEROUS_LIMIT).expect("sh runs");
        assert!(run.status.is_some_and(|status| status.success()));
        assert_eq!(run.stdout.len(), 8 * 1024 * 1024);
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let input = vec![b'x'; 8 * 1024 * 1024];
        let judgement = judge_case(
            &mut shell("printf '1 2 3\\n4 5 6\\n'"),
            &input,
            EXPECTED,
            Checker::Exact,
            GENEROUS_LIMIT,
        )
        .expect("sh runs");
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn a_missing_executable_is_an_error_naming_it() {
        let mut program = Command::new("/no/such/solution");
        let error = run_program(&mut program, b"", GENEROUS_LIMIT).expect_err("nothing to run");
        assert!(
            format!("{error:#}").contains("/no/such/solution"),
            "{error:#}"
        );
    }
}
