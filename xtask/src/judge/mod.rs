//! Running one solution on one case and deciding its verdict, as the judge would, in two
//! halves that other subcommands reuse: [`run_program`] runs the program on the input
//! within the time limit and measures it (wall time, peak memory, how it ended, what it
//! wrote); [`judge_run`] turns that into a [`Verdict`]. [`judge_case`] does both.
//! [`checker`] decides whether an output is right.
//!
//! The judge knows nothing of manifests: it is given a program, an input, limits and a
//! checker (a problem's sample is read, and its facts taken from its manifest, in
//! `problems::workspace`).
//!
//! The verdict, in the order the judge decides it:
//!
//! 1. **TLE** when the wall time from start to end is over the time limit, however the run
//!    ended (the runner stops a program still running at the limit; a program that ends
//!    after the limit, while the runner was slow to notice, is over it all the same).
//! 2. **MLE** when the peak memory is over the memory limit, however the run ended.
//! 3. **RE** when the program exited with a non-zero code or a signal killed it.
//! 4. **WA** or **AC**, as the problem's [`Checker`] decides on the output.
//!
//! **Peak memory** is the kernel's high-water mark of the program's resident memory, its
//! `ru_maxrss`, read when the runner reaps it (`wait4`). Linux carries over into that figure
//! the resident size of the process that started the program (a process's memory is
//! counted up to the moment it becomes the program), so the runner resets its own mark to
//! its current size just before (`/proc/self/clear_refs`): the figure is the program's
//! peak, or the runner's size at the start (7 to 14 MB for `cargo xtask`), whichever is
//! larger. Memory is measured, not limited while the program runs, so that the verdict
//! does not depend on how a program fails when an allocation is refused.
//!
//! The program runs in a process group of its own, and the whole group is killed when the
//! program ends, when its time runs out, or when watching it fails, so nothing it started
//! outlives the run, and the program is always reaped. A process that leaves the group
//! (`setsid`) escapes that; the runner then waits for the output pipes only
//! [`LATE_OUTPUT_MARGIN`] past the program's end, and what such a process writes later is
//! not the program's output.

pub mod checker;

use std::fmt;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use wait4::Wait4;

use crate::judge::checker::{shorten, Checker, CheckerVerdict};

/// The most bytes kept from standard output or standard error; the rest is read and
/// dropped. A correct output here is at most a few hundred kilobytes, so only a runaway
/// program reaches this, and it then gets a wrong answer instead of filling the memory.
pub const CAPTURE_LIMIT_BYTES: usize = 8 * 1024 * 1024;

/// How long the output pipes may stay open once the program has ended. What the program
/// wrote before it ended is in the pipes already and is read within microseconds; a pipe
/// still open after this is held by a process that left the program's group (`setsid`),
/// and what it writes is not the program's.
pub const LATE_OUTPUT_MARGIN: Duration = Duration::from_millis(300);

/// What the judge allows one run of a problem's solution, from its manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most wall time from the program's start to its end.
    pub time: Duration,
    /// The most resident memory at the program's peak, in bytes.
    pub memory_bytes: u64,
}

/// Every way a run can end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The program exited by itself with this exit code (0 is success).
    Exited {
        /// The exit code.
        code: i32,
    },
    /// A signal the runner did not send killed the program: a crash (a segmentation
    /// fault, an abort), or a signal from elsewhere.
    KilledBySignal {
        /// The signal's number (11 for SIGSEGV).
        signal: i32,
        /// The status as the system reports it, for its description.
        status: ExitStatus,
    },
    /// The runner stopped the program: it was still running at the time limit.
    StoppedAtTimeLimit,
}

impl Ending {
    /// The ending of a program the runner did not stop, from its exit status.
    fn from_status(status: ExitStatus) -> Ending {
        match (status.code(), status.signal()) {
            (Some(code), _) => Ending::Exited { code },
            (None, Some(signal)) => Ending::KilledBySignal { signal, status },
            // A stopped or continued child is not reaped, so this cannot happen; a
            // status that is neither exit nor signal is reported by its raw value.
            (None, None) => Ending::Exited {
                code: status.into_raw(),
            },
        }
    }

    /// Whether the program exited by itself with code 0.
    pub fn is_success(self) -> bool {
        self == Ending::Exited { code: 0 }
    }
}

impl fmt::Display for Ending {
    /// "exit code 3", "killed by signal: 11 (SIGSEGV) (core dumped)" or "stopped at the
    /// time limit".
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Exited { code } => write!(formatter, "exit code {code}"),
            Ending::KilledBySignal { status, .. } => write!(formatter, "killed by {status}"),
            Ending::StoppedAtTimeLimit => write!(formatter, "stopped at the time limit"),
        }
    }
}

/// What one run of a program did.
#[derive(Debug, Clone)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Wall-clock time from the start of the program to its end (or to when the runner
    /// stopped it).
    pub elapsed: Duration,
    /// The peak resident memory, in bytes (see the module's docs).
    pub peak_memory_bytes: u64,
    /// What it wrote to standard output, up to `CAPTURE_LIMIT_BYTES`.
    pub stdout: Vec<u8>,
    /// What it wrote to standard error, up to `CAPTURE_LIMIT_BYTES`.
    pub stderr: Vec<u8>,
    /// Whether standard output passed `CAPTURE_LIMIT_BYTES` and was cut there.
    pub stdout_was_cut: bool,
    /// Whether an output was still open [`LATE_OUTPUT_MARGIN`] after the program ended,
    /// held by a process that escaped its group: what came later is not in the run.
    pub output_held_open: bool,
}

/// Which output of the program a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    Stdout,
    Stderr,
}

/// What the helper threads of one run tell [`run_program`], all on one channel.
enum Report {
    /// The program ended and was reaped (or waiting for it failed), at this moment.
    Reaped {
        /// Its exit status and resource usage.
        waited: io::Result<wait4::ResUse>,
        /// When the wait returned.
        at: Instant,
    },
    /// The next bytes of one output; no bytes at its end.
    Output {
        /// Which output.
        stream: Stream,
        /// The bytes read, or why reading failed.
        bytes: io::Result<Vec<u8>>,
    },
}

/// How far the run has come, as [`watch`] follows the reports.
enum Progress {
    /// The program is running and must end by the deadline.
    Running,
    /// The runner stopped the program at the time limit and waits for it to be reaped.
    StoppedAtTimeLimit,
    /// The program ended and was reaped; only its outputs are still read, until they
    /// close or the deadline (the late-output margin) passes.
    Reaped {
        /// How it ended.
        ending: Ending,
        /// From its start to its end.
        elapsed: Duration,
        /// Its peak resident memory, in bytes.
        peak_memory_bytes: u64,
    },
}

/// One output as it is captured: its first `CAPTURE_LIMIT_BYTES` bytes.
#[derive(Default)]
struct CapturedOutput {
    kept: Vec<u8>,
    was_cut: bool,
    closed: bool,
}

impl CapturedOutput {
    /// Keeps what fits of `bytes` and notes whether anything was dropped.
    fn add(&mut self, bytes: &[u8]) {
        let room = CAPTURE_LIMIT_BYTES - self.kept.len();
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.was_cut |= bytes.len() > room;
    }
}

/// Runs `program` (a solution binary, or in the tests `/bin/sh -c SCRIPT`) with `input` on
/// its standard input, stopping it at `time_limit`.
///
/// The input is written, each output read and the program waited for on threads of their
/// own, which report here: a pipe is small, and a program that writes a large output
/// before it reads its input must not wait on the runner forever.
///
/// An `Err` means the program could not be run at all (for example, the executable
/// does not exist) or watching it failed (then it was killed and reaped first); a crash
/// or a timeout is a normal [`Run`].
pub fn run_program(program: &mut Command, input: &[u8], time_limit: Duration) -> Result<Run> {
    // Resets this process's peak resident memory to its current size, so that the peak
    // the program inherits is no more than that (see the module's docs). Where this file
    // does not exist (not Linux) there is nothing to reset.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
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
    read_on_thread(stdout, Stream::Stdout, sender.clone());
    read_on_thread(stderr, Stream::Stderr, sender.clone());
    wait_on_thread(child, sender);
    // Whatever the program started dies with it, and so does the program itself when
    // the runner stops it (an error means the group is gone already).
    let mut stop_group = || {
        let _ = killpg(group, Signal::SIGKILL);
    };
    watch(&reports, started, time_limit, &mut stop_group)
}

/// Follows the reports of one run started at `started` until the program has been reaped
/// and its outputs are closed (or the late-output margin has passed), calling `stop_group`
/// to kill the program's group at the time limit, once it has ended, and on an error. On
/// an error it also waits until the program is reaped before it returns.
fn watch(
    reports: &Receiver<Report>,
    started: Instant,
    time_limit: Duration,
    stop_group: &mut dyn FnMut(),
) -> Result<Run> {
    let mut outputs = [CapturedOutput::default(), CapturedOutput::default()];
    let mut progress = Progress::Running;
    let mut deadline = started + time_limit;
    let watched: Result<()> = loop {
        let all_closed = outputs.iter().all(|output| output.closed);
        if all_closed && matches!(progress, Progress::Reaped { .. }) {
            break Ok(());
        }
        match reports.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Report::Reaped { waited, at }) => {
                stop_group();
                let waited = match waited {
                    Ok(waited) => waited,
                    Err(error) => break Err(anyhow!(error).context("waiting for the program")),
                };
                let ending = match progress {
                    Progress::StoppedAtTimeLimit => Ending::StoppedAtTimeLimit,
                    _ => Ending::from_status(waited.status),
                };
                progress = Progress::Reaped {
                    ending,
                    elapsed: at.saturating_duration_since(started),
                    peak_memory_bytes: waited.rusage.maxrss,
                };
                deadline = at + LATE_OUTPUT_MARGIN;
            }
            Ok(Report::Output { stream, bytes }) => {
                let output = &mut outputs[stream as usize];
                match bytes {
                    Ok(bytes) if bytes.is_empty() => output.closed = true,
                    Ok(bytes) => output.add(&bytes),
                    Err(error) => break Err(anyhow!(error).context("reading the program's output")),
                }
            }
            Err(RecvTimeoutError::Timeout) => match progress {
                // The late-output margin has passed: what is still open is not the program's.
                Progress::Reaped { .. } => break Ok(()),
                // The time limit: stop the program; the report that it was reaped follows.
                Progress::Running | Progress::StoppedAtTimeLimit => {
                    stop_group();
                    progress = Progress::StoppedAtTimeLimit;
                    deadline = Instant::now() + LATE_OUTPUT_MARGIN;
                }
            },
            Err(RecvTimeoutError::Disconnected) => {
                break Err(anyhow!(
                    "the threads watching the program stopped reporting"
                ))
            }
        }
    };
    let Progress::Reaped {
        ending,
        elapsed,
        peak_memory_bytes,
    } = progress
    else {
        // Watching failed before the program was reaped: stop it, and wait until the
        // waiting thread has reaped it, so that no process is left behind.
        // (A killed process is reaped at once; the wait is bounded in case waiting itself
        // was what failed.)
        stop_group();
        let give_up = Instant::now() + Duration::from_secs(10);
        while let Ok(report) =
            reports.recv_timeout(give_up.saturating_duration_since(Instant::now()))
        {
            if matches!(report, Report::Reaped { .. }) {
                break;
            }
        }
        return Err(watched.expect_err("the loop ends early only on an error"));
    };
    watched?;
    let [stdout, stderr] = outputs;
    Ok(Run {
        ending,
        elapsed,
        peak_memory_bytes,
        output_held_open: !(stdout.closed && stderr.closed),
        stdout_was_cut: stdout.was_cut,
        stdout: stdout.kept,
        stderr: stderr.kept,
    })
}

/// Starts a thread that reads `pipe` to its end and sends what it reads, a piece at a
/// time, as `stream`. It stops when nobody listens any more.
fn read_on_thread(
    pipe: Option<impl Read + Send + 'static>,
    stream: Stream,
    sender: Sender<Report>,
) {
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
        if sender
            .send(Report::Output {
                stream,
                bytes: read,
            })
            .is_err()
            || last
        {
            break;
        }
    });
}

/// Starts a thread that waits for `child` to end, reaps it with `wait4` (which also reads
/// its resource usage) and reports when.
fn wait_on_thread(mut child: Child, sender: Sender<Report>) {
    thread::spawn(move || {
        let waited = loop {
            match child.wait4() {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                waited => break waited,
            }
        };
        let _ = sender.send(Report::Reaped {
            waited,
            at: Instant::now(),
        });
    });
}

/// The judge's verdict on one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// AC: the output is right.
    Accepted,
    /// WA: the program ended normally but the output is wrong.
    WrongAnswer {
        /// Why, from the checker: a diff or one sentence.
        reason: String,
    },
    /// RE: the program exited with a non-zero code or a signal killed it.
    RuntimeError {
        /// How it ended.
        ending: Ending,
        /// The first line it wrote to standard error that is not blank, if any.
        first_stderr_line: Option<String>,
    },
    /// TLE: the run took longer than the time limit.
    TimeLimitExceeded,
    /// MLE: the run's peak memory was over the memory limit.
    MemoryLimitExceeded,
}

impl Verdict {
    /// The judge's short name for the verdict: `AC`, `WA`, `RE`, `TLE` or `MLE`.
    pub fn short_name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer { .. } => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
        }
    }

    /// Whether the verdict is AC.
    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// What to print under the verdict line, if anything: the reason for a wrong
    /// answer, or how a crashed program ended and the first line of its standard error.
    pub fn details(&self) -> Option<String> {
        match self {
            Verdict::Accepted | Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded => None,
            Verdict::WrongAnswer { reason } => Some(reason.clone()),
            Verdict::RuntimeError {
                ending,
                first_stderr_line,
            } => Some(match first_stderr_line {
                Some(line) => format!("{ending}; standard error: {line}"),
                None => format!("{ending}; nothing on standard error"),
            }),
        }
    }
}

/// The first line of `output` that is not blank, shortened for a message.
pub fn first_line(output: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(output);
    let line = text.lines().find(|line| !line.trim().is_empty())?;
    Some(shorten(line.trim_end()).into_owned())
}

/// The verdict on `run` under `limits` (see the module's docs for the order). An `Err`
/// comes only from the checker failing to work (a broken input file).
pub fn judge_run(
    run: &Run,
    limits: Limits,
    input: &[u8],
    expected: &[u8],
    checker: Checker,
) -> Result<Verdict> {
    if run.ending == Ending::StoppedAtTimeLimit || run.elapsed > limits.time {
        return Ok(Verdict::TimeLimitExceeded);
    }
    if run.peak_memory_bytes > limits.memory_bytes {
        return Ok(Verdict::MemoryLimitExceeded);
    }
    if !run.ending.is_success() {
        return Ok(Verdict::RuntimeError {
            ending: run.ending,
            first_stderr_line: first_line(&run.stderr),
        });
    }
    if run.stdout_was_cut {
        let reason = format!("the output is longer than {CAPTURE_LIMIT_BYTES} bytes");
        return Ok(Verdict::WrongAnswer { reason });
    }
    Ok(match checker.check(input, expected, &run.stdout)? {
        CheckerVerdict::Accepted => Verdict::Accepted,
        CheckerVerdict::Rejected { reason } if run.output_held_open => Verdict::WrongAnswer {
            reason: format!(
                "{reason}\n(a process it started held its output open after it ended; \
                 what came later was not read)"
            ),
        },
        CheckerVerdict::Rejected { reason } => Verdict::WrongAnswer { reason },
    })
}

/// The verdict on one case, with the time and memory the run took.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Wall-clock time of the run (about the time limit for TLE).
    pub elapsed: Duration,
    /// The run's peak resident memory, in bytes.
    pub peak_memory_bytes: u64,
}

impl Judgement {
    /// The verdict, time and memory as one aligned piece of a line: `AC    3 ms   6.9 MB`.
    pub fn summary(&self) -> String {
        let name = self.verdict.short_name();
        let millis = self.elapsed.as_millis();
        let megabytes = self.peak_memory_bytes as f64 / 1e6;
        format!("{name:<3} {millis:>3} ms {megabytes:>5.1} MB")
    }
}

/// Runs `program` on `input` within `limits` and judges its output against `expected`
/// with `checker`: what `cargo xtask check` does for each case.
pub fn judge_case(
    program: &mut Command,
    input: &[u8],
    expected: &[u8],
    limits: Limits,
    checker: Checker,
) -> Result<Judgement> {
    let run = run_program(program, input, limits.time)?;
    let verdict = judge_run(&run, limits, input, expected, checker)?;
    Ok(Judgement {
        verdict,
        elapsed: run.elapsed,
        peak_memory_bytes: run.peak_memory_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plenty of time for the quick fake programs below.
    const GENEROUS_LIMIT: Duration = Duration::from_secs(10);

    const EXPECTED: &[u8] = b"1 2 3\n4 5 6\n";

    /// Generous limits for the quick fake programs below.
    const GENEROUS: Limits = Limits {
        time: GENEROUS_LIMIT,
        memory_bytes: 1 << 30,
    };

    /// `GENEROUS`, but with this time limit.
    fn time_limit(time: Duration) -> Limits {
        Limits { time, ..GENEROUS }
    }

    /// A fake solution: `/bin/sh -c script`.
    fn shell(script: &str) -> Command {
        let mut program = Command::new("/bin/sh");
        program.args(["-c", script]);
        program
    }

    /// Judges `program` on an empty input against `EXPECTED` with the exact checker.
    fn judge_exact(program: &mut Command, limits: Limits) -> Judgement {
        judge_case(program, b"", EXPECTED, limits, Checker::Exact).expect("the fake program runs")
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
        let judgement = judge_exact(&mut program, GENEROUS);
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn the_input_reaches_standard_input() {
        // `cat` copies its input to its output, so giving it the expected output as
        // input must be accepted.
        let mut program = Command::new("/bin/cat");
        let judgement = judge_case(&mut program, EXPECTED, EXPECTED, GENEROUS, Checker::Exact)
            .expect("cat runs");
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn a_wrong_answer_is_caught_with_a_diff_naming_the_line() {
        let judgement = judge_exact(&mut shell("printf '1 2 3\\n4 0 6\\n'"), GENEROUS);
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
            GENEROUS,
        );
        match &judgement.verdict {
            Verdict::RuntimeError {
                ending,
                first_stderr_line,
            } => {
                assert_eq!(*ending, Ending::Exited { code: 3 });
                assert_eq!(first_stderr_line.as_deref(), Some("out of cheese"));
            }
            other => panic!("expected RE, got {other:?}"),
        }
        let details = judgement.verdict.details().expect("RE has details");
        assert_eq!(details, "exit code 3; standard error: out of cheese");

        // A line of a megabyte is shown cut short.
        let judgement = judge_exact(
            &mut shell("head -c 1000000 /dev/zero | tr '\\0' x >&2; exit 1"),
            GENEROUS,
        );
        let details = judgement.verdict.details().expect("RE has details");
        assert!(details.len() < 200, "{} bytes", details.len());
        assert!(details.ends_with("xxx..."), "{details}");
    }

    #[test]
    fn a_program_killed_by_a_signal_is_a_runtime_error() {
        let judgement = judge_exact(&mut shell("kill -9 $$"), GENEROUS);
        match &judgement.verdict {
            Verdict::RuntimeError { ending, .. } => {
                assert!(matches!(ending, Ending::KilledBySignal { signal: 9, .. }))
            }
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
        let judgement = judge_exact(&mut shell(&script), time_limit(Duration::from_millis(200)));
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
        let judgement = judge_exact(
            &mut shell("sleep 3; echo late"),
            time_limit(Duration::from_millis(200)),
        );
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
        let judgement = judge_exact(&mut program, GENEROUS);
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
        assert!(run.ending.is_success());
        assert_eq!(run.stdout, EXPECTED);
        assert!(run.output_held_open);
        let verdict = judge_run(&run, GENEROUS, b"", EXPECTED, Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::Accepted);
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        // The program prints 8 MB before reading any of its 8 MB input; with both
        // pipes handled on threads neither side waits on the other forever.
        let input = vec![b'x'; 8 * 1024 * 1024];
        let mut program = shell("head -c 8388608 /dev/zero; cat > /dev/null");
        let run = run_program(&mut program, &input, GENEROUS_LIMIT).expect("sh runs");
        assert!(run.ending.is_success());
        assert_eq!(run.stdout.len(), 8 * 1024 * 1024);
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let input = vec![b'x'; 8 * 1024 * 1024];
        let judgement = judge_case(
            &mut shell("printf '1 2 3\\n4 5 6\\n'"),
            &input,
            EXPECTED,
            GENEROUS,
            Checker::Exact,
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

    /// A report that the program exited with `code` at `at`, using `peak_memory_bytes`.
    fn reaped(code: i32, at: Instant, peak_memory_bytes: u64) -> Report {
        Report::Reaped {
            waited: Ok(wait4::ResUse {
                status: ExitStatus::from_raw(code << 8),
                rusage: wait4::ResourceUsage {
                    utime: Duration::ZERO,
                    stime: Duration::ZERO,
                    maxrss: peak_memory_bytes,
                },
            }),
            at,
        }
    }

    /// The reports that both outputs are closed, `stdout` having been written.
    fn outputs(stdout: &[u8]) -> [Report; 3] {
        let report = |stream, bytes: &[u8]| Report::Output {
            stream,
            bytes: Ok(bytes.to_vec()),
        };
        [
            report(Stream::Stdout, stdout),
            report(Stream::Stdout, b""),
            report(Stream::Stderr, b""),
        ]
    }

    #[test]
    fn a_run_that_ends_after_the_limit_is_tle_whatever_order_the_reports_come_in() {
        // The stall: the program ended at 1,050 ms under a 1,000 ms limit, and the
        // runner, stalled, finds that report waiting before its own deadline passes. With
        // the clock stepped back: the run started 1.2 s ago, the reports are queued.
        let (sender, reports) = mpsc::channel();
        let started = Instant::now() - Duration::from_millis(1_200);
        sender
            .send(reaped(0, started + Duration::from_millis(1_050), 2_000_000))
            .unwrap();
        for report in outputs(EXPECTED) {
            sender.send(report).unwrap();
        }
        let mut stops = 0;
        let run = watch(&reports, started, Duration::from_secs(1), &mut || {
            stops += 1
        })
        .unwrap();
        assert_eq!(run.ending, Ending::Exited { code: 0 });
        assert_eq!(run.elapsed, Duration::from_millis(1_050));
        assert!(stops >= 1, "the group is killed once the program has ended");
        let limits = time_limit(Duration::from_secs(1));
        let verdict = judge_run(&run, limits, b"", EXPECTED, Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::TimeLimitExceeded);
        // The same run under a limit it kept is accepted, with its memory.
        let limits = time_limit(Duration::from_millis(1_100));
        let verdict = judge_run(&run, limits, b"", EXPECTED, Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::Accepted);
        assert_eq!(run.peak_memory_bytes, 2_000_000);
    }

    #[test]
    fn an_error_while_watching_still_stops_the_program_and_waits_for_it() {
        // Reading an output fails while the program runs: the runner must stop the group
        // and wait until the program is reaped before it reports the error.
        let (sender, reports) = mpsc::channel();
        let started = Instant::now();
        sender
            .send(Report::Output {
                stream: Stream::Stdout,
                bytes: Err(io::Error::other("the pipe broke")),
            })
            .unwrap();
        let reaper = sender.clone();
        let mut stops = 0;
        let mut stop_group = || {
            stops += 1;
            // Killing the group makes the waiting thread report the program reaped.
            let _ = reaper.send(reaped(137, Instant::now(), 0));
        };
        let error = watch(&reports, started, GENEROUS_LIMIT, &mut stop_group).unwrap_err();
        assert!(format!("{error:#}").contains("the pipe broke"), "{error:#}");
        assert_eq!(stops, 1);
        assert!(
            reports.try_recv().is_err(),
            "the report that it was reaped was read"
        );
    }

    #[test]
    fn a_failure_to_wait_for_the_program_is_an_error_after_its_group_is_killed() {
        // The waiting thread reports that waiting failed, then is gone; the readers end
        // once the group is killed and the pipes close.
        let (sender, reports) = mpsc::channel();
        sender
            .send(Report::Reaped {
                waited: Err(io::Error::other("no such child")),
                at: Instant::now(),
            })
            .unwrap();
        drop(sender);
        let mut stops = 0;
        let started = Instant::now();
        let error = watch(&reports, started, GENEROUS_LIMIT, &mut || stops += 1).unwrap_err();
        assert!(
            format!("{error:#}").contains("waiting for the program"),
            "{error:#}"
        );
        assert!(stops >= 1, "the group was not killed");
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "it waited too long"
        );
    }

    #[test]
    fn a_program_stopped_by_sigstop_past_its_limit_is_tle_and_killed() {
        // The stall of the child itself: it would end after 100 ms, but is stopped (as a
        // loaded machine may stop it) from 20 ms to 700 ms, past the 300 ms limit.
        let directory = tempfile::tempdir().expect("a temporary folder");
        let pid_path = directory.path().join("pid");
        let script = format!(
            "echo $$ > '{}'; sleep 0.1; printf '1 2 3\\n4 5 6\\n'",
            pid_path.display()
        );
        let stopper = {
            let pid_path = pid_path.clone();
            thread::spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(5);
                let pid = loop {
                    match std::fs::read_to_string(&pid_path) {
                        Ok(text) if text.ends_with('\n') => break text.trim().to_string(),
                        _ if Instant::now() > deadline => return,
                        _ => thread::sleep(Duration::from_millis(5)),
                    }
                };
                let pid = Pid::from_raw(pid.parse().expect("a process id"));
                let _ = nix::sys::signal::kill(pid, Signal::SIGSTOP);
                thread::sleep(Duration::from_millis(700));
                let _ = nix::sys::signal::kill(pid, Signal::SIGCONT);
            })
        };
        let judgement = judge_exact(&mut shell(&script), time_limit(Duration::from_millis(300)));
        stopper.join().expect("the stopping thread ends");
        assert_eq!(
            judgement.verdict,
            Verdict::TimeLimitExceeded,
            "{judgement:?}"
        );
        assert!(
            judgement.summary().starts_with("TLE "),
            "{}",
            judgement.summary()
        );
    }

    #[test]
    fn a_program_over_the_memory_limit_is_mle_however_it_ends() {
        // awk doubles a string until it holds over 100 million characters: over 100 MB
        // resident (the shell's figure counts the children it waited for), under a 64 MiB
        // limit. It prints the right answer and exits with 0, and then fails: MLE both
        // times.
        let touch = "awk 'BEGIN { s = \"x\"; while (length(s) < 100000000) s = s s }'";
        let limits = Limits {
            memory_bytes: 64 << 20,
            ..GENEROUS
        };
        for ending in ["", "; exit 3"] {
            let script = format!("{touch}; printf '1 2 3\\n4 5 6\\n'{ending}");
            let judgement = judge_exact(&mut shell(&script), limits);
            assert_eq!(
                judgement.verdict,
                Verdict::MemoryLimitExceeded,
                "{judgement:?}"
            );
            assert!(judgement.peak_memory_bytes > 90_000_000, "{judgement:?}");
            assert!(
                judgement.summary().starts_with("MLE "),
                "{}",
                judgement.summary()
            );
        }
    }

    #[test]
    fn every_judgement_shows_its_verdict_time_and_memory() {
        let judgement = Judgement {
            verdict: Verdict::Accepted,
            elapsed: Duration::from_millis(1),
            peak_memory_bytes: 2_100_000,
        };
        assert_eq!(judgement.summary(), "AC    1 ms   2.1 MB");
    }
}
