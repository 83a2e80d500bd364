//! The one process runner: every program the tooling judges or times (`check`, `stress`,
//! `bench --process`, the bundle tests) runs through [`run_program`], which starts it with
//! an input, stops it at its time or memory limit, and reports how it ended, how long it
//! took, its peak memory and what it wrote.
//!
//! What it guarantees, and how:
//!
//! - **The judge's environment.** The program sees `PATH` and `HOME` from the user's
//!   environment and `LANG=C.UTF-8`, nothing else: no `RUST_BACKTRACE`, whose symbolised
//!   backtrace can take more memory than the program itself.
//! - **Nothing it started outlives the run.** The program runs in a process group of its
//!   own, and the whole group is killed however the run ends: the program exits, its time
//!   or memory runs out, watching it fails, or the runner unwinds from a panic. A process
//!   that leaves the group (`setsid`) is caught too: the runner makes xtask a *child
//!   subreaper* (`PR_SET_CHILD_SUBREAPER`), so such a process becomes xtask's child when
//!   its parent dies, and the runner kills it and every process of its group. When xtask
//!   gets SIGINT, SIGTERM or SIGHUP, [`stop_programs_on_signals`] kills every live program
//!   the same way before xtask exits. Only SIGKILL to xtask (which nothing can catch)
//!   leaves a program running.
//! - **The program's own peak memory.** Watched as the judge watches
//!   ([`MemoryWatch::Close`], on Linux), the program starts held: `/bin/sh` reads one line
//!   of the input, written once the runner has attached to it (`ptrace`,
//!   `PTRACE_O_TRACEEXIT`), and then becomes the program (`exec`). The kernel then holds
//!   the program as it starts to exit, its memory still whole, and the runner reads its
//!   high-water mark there (`VmHWM` in `/proc/PID/status`): the exact peak of its first
//!   process, however soon it ends. Besides, the runner polls the resident memory of each
//!   process of the program's tree (`VmRSS`, and `VmHWM`), every [`CLOSE_WATCH_PAUSE`] in
//!   its first [`CLOSE_WATCH_TIME`], then every [`POLL_INTERVAL`]. The peak is the largest
//!   of the tree's resident memory added up, of any process's high-water mark, of the
//!   figure at the exit, and of the kernel's figure at the end (`ru_maxrss`, from
//!   `wait4`) when that figure can be the program's. It cannot always: Linux counts into
//!   `ru_maxrss` the resident size of the process that started the program (`cargo
//!   xtask`, some megabytes), so the runner takes it only when it is above xtask's own
//!   high-water mark, which it resets just before the start (`/proc/self/clear_refs`).
//!   Polls alone (the timed runs of `bench --process`, [`MemoryWatch::Periodic`], or
//!   where `ptrace` is refused) can miss a program of a millisecond: on two busy
//!   processors such a program ran and ended between two polls, and `check` printed
//!   0.0 MB for a solution of 2 MB about one run in four. What the exit figure leaves to
//!   the polls is the processes the program starts, whose last moments they may miss.
//! - **The memory limit, enforced promptly.** When a poll finds the peak over the limit,
//!   the runner kills the program: MLE, within a poll of crossing the limit, not after
//!   the host has given it gigabytes. The limit is watched, not set with `setrlimit`,
//!   whose address-space limit refuses a Java or Go runtime that reserves much more than
//!   it uses.
//!
//! The input is written, each output read and the program waited for on threads of their
//! own, which report on one channel: a pipe is small, and a program that writes a large
//! output before it reads its input must not wait on the runner forever.

use std::fmt;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, MutexGuard, Once};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::errno::Errno;
use nix::sys::ptrace;
use nix::sys::signal::{kill, killpg, SigSet, Signal};
use nix::sys::wait::{waitid, waitpid, Id, WaitPidFlag, WaitStatus};
use nix::unistd::{getpgid, getpgrp, Pid};
use wait4::Wait4;

/// The most bytes kept from standard output or standard error; the rest is read and
/// dropped. A correct output here is at most a few hundred kilobytes, so only a runaway
/// program reaches this, and it then gets a wrong answer instead of filling the memory.
pub const CAPTURE_LIMIT_BYTES: usize = 8 * 1024 * 1024;

/// How long the output pipes may stay open once the program has ended. What the program
/// wrote before it ended is in the pipes already and is read within microseconds; a pipe
/// still open after this is held by a process that left the program's group and has not
/// been caught yet, and what it writes is not the program's.
pub const LATE_OUTPUT_MARGIN: Duration = Duration::from_millis(300);

/// How often the runner reads the program's memory, once the program has run for a few
/// milliseconds. A poll reads three small files per process of the program, some tens
/// of microseconds; `bench --process` found no difference in the time of a whole process
/// timed this way and by a plain wait (see the README).
pub const POLL_INTERVAL: Duration = Duration::from_millis(2);

/// How long a program may take to load (its executable and libraries mapped into memory):
/// a reading before that may be far below what it then uses. A Rust solution on a sample
/// runs in about a millisecond, and is loaded within a few hundred microseconds.
const LOADING_TIME: Duration = Duration::from_micros(300);

/// How long after its start the runner reads a program's memory closely, every
/// [`CLOSE_WATCH_PAUSE`]: a Rust solution on a sample ends within about a millisecond, and
/// a poll every [`POLL_INTERVAL`] would miss it.
pub const CLOSE_WATCH_TIME: Duration = Duration::from_millis(3);

/// The pause between two reads of the close watch. Reading without a pause kept a processor
/// busy, and on a machine of two processors with other work the program waited for it:
/// traced, a solution's run sat runnable for 2.3 ms, its processor time frozen at 0.33 ms
/// (`/proc/PID/schedstat`), until the close watch ended, then ran and ended between two polls.
pub const CLOSE_WATCH_PAUSE: Duration = Duration::from_micros(50);

/// The variables of the judge's environment taken from the user's: where programs are
/// found (`python3`, `java`), and the home folder some runtimes expect.
const ENVIRONMENT_KEPT: [&str; 2] = ["PATH", "HOME"];

/// What the judge allows one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most wall time from the program's start to its end.
    pub time: Duration,
    /// The most memory at the program's peak, in bytes.
    pub memory_bytes: u64,
}

impl Limits {
    /// A limit on time only, for runs that are not judged (the bundle tests).
    pub fn time_only(time: Duration) -> Limits {
        Limits {
            time,
            memory_bytes: u64::MAX,
        }
    }
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
    /// The runner stopped the program: its memory went over the limit.
    StoppedAtMemoryLimit,
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
    /// "exit code 3", "killed by signal: 11 (SIGSEGV) (core dumped)", "stopped at the
    /// time limit" or "stopped at the memory limit".
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Exited { code } => write!(formatter, "exit code {code}"),
            Ending::KilledBySignal { status, .. } => write!(formatter, "killed by {status}"),
            Ending::StoppedAtTimeLimit => write!(formatter, "stopped at the time limit"),
            Ending::StoppedAtMemoryLimit => write!(formatter, "stopped at the memory limit"),
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
    /// The peak memory, in bytes (see the module's docs).
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

/// How closely the runner reads a program's memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryWatch {
    /// Held at its start and at its exit (see the module's docs), and polled every
    /// [`CLOSE_WATCH_PAUSE`] in its first [`CLOSE_WATCH_TIME`], then every
    /// [`POLL_INTERVAL`]: the judge's way, which measures a program of a millisecond.
    Close,
    /// Polled every [`POLL_INTERVAL`] only, never held: for timing (`bench --process`), as
    /// reading closely takes a processor the program may need (see the README).
    Periodic,
}

/// Runs `program` (a solution binary, or `sh -c COMMAND`) with `input` on its standard
/// input, in the judge's environment, within `limits`, watching its memory closely (see
/// the module's docs).
///
/// An `Err` means the program could not be run at all (for example, the executable
/// does not exist) or watching it failed (then it was killed and reaped first); a crash
/// or a limit passed is a normal [`Run`].
pub fn run_program(program: &mut Command, input: &[u8], limits: Limits) -> Result<Run> {
    run_program_watching(program, input, limits, MemoryWatch::Close)
}

/// [`run_program`], reading the memory as `memory_watch` says.
pub fn run_program_watching(
    program: &mut Command,
    input: &[u8],
    limits: Limits,
    memory_watch: MemoryWatch,
) -> Result<Run> {
    become_subreaper();
    // Watched closely on Linux, the program is started held (see `held_at_start`).
    let held = memory_watch == MemoryWatch::Close && cfg!(target_os = "linux");
    let mut held_program;
    let program = match held {
        true => {
            held_program = held_at_start(program)?;
            &mut held_program
        }
        false => program,
    };
    program.env_clear().env("LANG", "C.UTF-8");
    for name in ENVIRONMENT_KEPT {
        if let Some(value) = std::env::var_os(name) {
            program.env(name, value);
        }
    }
    program
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // Resets xtask's own high-water mark to its present size, the most the program can
    // inherit of it (see the module's docs). Where this file does not exist (not Linux)
    // there is nothing to reset.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let started = Instant::now();
    let (live_program, mut child) = LiveProgram::start(program)?;
    let group = live_program.group;
    let (sender, reports) = mpsc::channel();
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    read_on_thread(stdout, Stream::Stdout, sender.clone());
    read_on_thread(stderr, Stream::Stderr, sender.clone());
    // The line that releases a held program comes first (see `held_at_start`).
    let input = [if held { &b"\n"[..] } else { b"" }, input].concat();
    wait_on_thread(child, input, sender, held);
    let mut watched_program = WatchedProgram {
        // The group, and what escaped it and is xtask's child by now; an error means the
        // group is gone already.
        stop_group: &mut || {
            let _ = killpg(group, Signal::SIGKILL);
            kill_escaped_processes(&live_programs());
        },
        read_memory: &|| tree_memory_bytes(group),
        memory_watch,
    };
    let run = watch(&reports, started, limits, &mut watched_program);
    drop(live_program);
    run
}

/// The shell script that starts a program held: the shell reads one line of its input
/// (the runner writes an empty line first, once it has attached to the shell), then becomes
/// the program (`exec`), the same process with the rest of the input: so the runner is
/// attached from the program's first instruction and holds it at its exit, however soon
/// that comes ([`follow_to_exit`]). The shell's `read` takes one byte at a time from a
/// pipe, as POSIX asks, and leaves the program's input whole.
const HOLD_AT_START: &str = r#"read -r _ && exec "$0" "$@""#;

/// `program` started held, by `/bin/sh` running [`HOLD_AT_START`]. A program that cannot
/// be found is an error here, as it is when started directly: the shell would report it
/// as an exit code, like the program's own.
fn held_at_start(program: &Command) -> Result<Command> {
    let name = program.get_program();
    let found = match Path::new(name).components().count() > 1 {
        true => Path::new(name).is_file(),
        false => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| folder.join(name).is_file())
        }),
    };
    if !found {
        return Err(anyhow!(io::Error::from(io::ErrorKind::NotFound)))
            .with_context(|| format!("starting {}", Path::new(name).display()));
    }
    let mut held = Command::new("/bin/sh");
    held.arg("-c")
        .arg(HOLD_AT_START)
        .arg(name)
        .args(program.get_args());
    if let Some(folder) = program.get_current_dir() {
        held.current_dir(folder);
    }
    Ok(held)
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
        /// xtask's own high-water mark right after, the most the program's `ru_maxrss`
        /// can hold of xtask's size (see the module's docs).
        runner_high_water_bytes: u64,
        /// The program's own high-water mark, read while it was held at its exit, if it
        /// could be (see [`follow_to_exit`]).
        high_water_at_exit_bytes: Option<u64>,
        /// When a held program was released (see [`held_at_start`]): its time starts there.
        released: Option<Instant>,
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
    /// The runner stopped the program, at a limit, and waits for it to be reaped.
    Stopped {
        /// Which limit: [`Ending::StoppedAtTimeLimit`] or [`Ending::StoppedAtMemoryLimit`].
        ending: Ending,
    },
    /// The program ended and was reaped; only its outputs are still read, until they
    /// close or the deadline (the late-output margin) passes.
    Reaped {
        /// How it ended.
        ending: Ending,
        /// From its start to its end.
        elapsed: Duration,
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

/// What [`watch`] does to the program it follows: kill its group, and read its memory
/// (`None` when it cannot be read, for example once it has ended).
struct WatchedProgram<'a> {
    stop_group: &'a mut dyn FnMut(),
    read_memory: &'a dyn Fn() -> Option<u64>,
    memory_watch: MemoryWatch,
}

/// Follows the reports of one run started at `started` until the program has been reaped
/// and its outputs are closed (or the late-output margin has passed), reading its memory
/// every [`POLL_INTERVAL`] and killing its group at a limit, once it has ended, and on an
/// error. On an error it also waits until the program is reaped before it returns.
fn watch(
    reports: &Receiver<Report>,
    started: Instant,
    limits: Limits,
    program: &mut WatchedProgram<'_>,
) -> Result<Run> {
    let mut outputs = [CapturedOutput::default(), CapturedOutput::default()];
    let mut progress = Progress::Running;
    let mut deadline = started + limits.time;
    let mut peak_memory_bytes = 0;
    // Whether a poll read the program once it had loaded (see `LOADING_TIME`).
    let mut read_after_loading = false;
    let mut next_poll = Instant::now();
    let watched: Result<()> = loop {
        let all_closed = outputs.iter().all(|output| output.closed);
        if all_closed && matches!(progress, Progress::Reaped { .. }) {
            break Ok(());
        }
        if matches!(progress, Progress::Running) && Instant::now() >= next_poll {
            if let Some(memory) = (program.read_memory)() {
                peak_memory_bytes = peak_memory_bytes.max(memory);
                read_after_loading |= started.elapsed() >= LOADING_TIME;
            }
            if peak_memory_bytes > limits.memory_bytes {
                (program.stop_group)();
                progress = Progress::Stopped {
                    ending: Ending::StoppedAtMemoryLimit,
                };
                deadline = Instant::now() + LATE_OUTPUT_MARGIN;
            }
            // Closely in the program's first milliseconds, so that a program of a
            // millisecond is read while it runs; then every POLL_INTERVAL.
            let close = program.memory_watch == MemoryWatch::Close;
            next_poll = match close && started.elapsed() < CLOSE_WATCH_TIME {
                true => Instant::now() + CLOSE_WATCH_PAUSE,
                false => Instant::now() + POLL_INTERVAL,
            };
        }
        let wake = match progress {
            Progress::Running => deadline.min(next_poll),
            Progress::Stopped { .. } | Progress::Reaped { .. } => deadline,
        };
        match reports.recv_timeout(wake.saturating_duration_since(Instant::now())) {
            Ok(Report::Reaped {
                waited,
                at,
                runner_high_water_bytes,
                high_water_at_exit_bytes,
                released,
            }) => {
                (program.stop_group)();
                let waited = match waited {
                    Ok(waited) => waited,
                    Err(error) => break Err(anyhow!(error).context("waiting for the program")),
                };
                // The program's high-water mark at its exit, exact; the kernel's figure,
                // when it is the program's own (see the module's docs), or when nothing
                // read the program after it had loaded: then it is the best known, if
                // perhaps xtask's size.
                peak_memory_bytes = peak_memory_bytes.max(high_water_at_exit_bytes.unwrap_or(0));
                let unread = !read_after_loading && high_water_at_exit_bytes.is_none();
                if waited.rusage.maxrss > runner_high_water_bytes || unread {
                    peak_memory_bytes = peak_memory_bytes.max(waited.rusage.maxrss);
                }
                let ending = match progress {
                    Progress::Stopped { ending } => ending,
                    _ => Ending::from_status(waited.status),
                };
                // A held program's time starts when it is released; one stopped at the
                // time limit ran until the limit, which counts from its start.
                let timed_from = match ending {
                    Ending::StoppedAtTimeLimit => started,
                    _ => released.unwrap_or(started),
                };
                progress = Progress::Reaped {
                    ending,
                    elapsed: at.saturating_duration_since(timed_from),
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
            Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {
                // Time for the next poll of the memory, at the top of the loop.
            }
            Err(RecvTimeoutError::Timeout) => match progress {
                // The late-output margin has passed: what is still open is not the program's.
                Progress::Reaped { .. } => break Ok(()),
                // Stopped already: waiting longer for the report that it was reaped.
                Progress::Stopped { .. } => deadline = Instant::now() + LATE_OUTPUT_MARGIN,
                // The time limit: stop the program; the report that it was reaped follows.
                Progress::Running => {
                    (program.stop_group)();
                    progress = Progress::Stopped {
                        ending: Ending::StoppedAtTimeLimit,
                    };
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
    let Progress::Reaped { ending, elapsed } = progress else {
        // Watching failed before the program was reaped: stop it, and wait until the
        // waiting thread has reaped it, so that no process is left behind.
        // (A killed process is reaped at once; the wait is bounded in case waiting itself
        // was what failed.)
        (program.stop_group)();
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

/// Starts a thread that writes `input` to `child` (on a thread of its own), waits for the
/// child to end, reaps it with `wait4` (which also reads its resource usage) and reports
/// when. A `held` child (see [`held_at_start`]) is first attached to, before its input is
/// written, and followed to its exit, where its own high-water mark is read.
fn wait_on_thread(mut child: Child, input: Vec<u8>, sender: Sender<Report>, held: bool) {
    let mut stdin = child.stdin.take();
    thread::spawn(move || {
        let program = Pid::from_raw(child.id() as i32);
        // If attaching fails, the program is released all the same, and only polled.
        let attached = held && ptrace::seize(program, ptrace::Options::PTRACE_O_TRACEEXIT).is_ok();
        let released = match held {
            true => Some(wait_until_asleep(program)),
            false => None,
        };
        // A program may end without reading all of its input, and a process it left
        // behind may hold the pipe without reading: the writer is never waited for.
        thread::spawn(move || stdin.as_mut().map(|stdin| stdin.write_all(&input)));
        let high_water_at_exit_bytes = match attached {
            true => follow_to_exit(program),
            false => None,
        };
        let waited = loop {
            match child.wait4() {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                waited => break waited,
            }
        };
        let at = Instant::now();
        let runner_high_water_bytes = status_kilobytes("self", "VmHWM:").unwrap_or(0) * 1024;
        let _ = sender.send(Report::Reaped {
            waited,
            at,
            runner_high_water_bytes,
            high_water_at_exit_bytes,
            released,
        });
    });
}

/// Waits until `program` sleeps (a held program's shell, waiting for its line), at most
/// [`LATE_OUTPUT_MARGIN`], and returns the moment: what came before is the shell's start,
/// not the program's time.
fn wait_until_asleep(program: Pid) -> Instant {
    let give_up = Instant::now() + LATE_OUTPUT_MARGIN;
    let stat = format!("/proc/{program}/stat");
    while Instant::now() < give_up {
        let state = std::fs::read_to_string(&stat).unwrap_or_default();
        // The state is the first field after the command's name, in parentheses.
        if state
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('S')
        {
            break;
        }
        thread::sleep(CLOSE_WATCH_PAUSE);
    }
    Instant::now()
}

/// Follows `program`, a child of xtask to which the calling thread is attached as its
/// tracer (`PTRACE_SEIZE`, with `PTRACE_O_TRACEEXIT`), until it has ended, and returns its
/// own high-water mark (`VmHWM`) read while it was held at its exit, its memory still
/// whole; `None` if it did not get there held.
///
/// The kernel stops a program so attached as it starts to exit, before it releases its
/// memory, and nowhere else but at signals. A stop at a signal is continued with that
/// signal, so the program sees what it would have seen untraced; a program stopped
/// (`SIGSTOP`) is let go, stopped, as it would stay untraced. The end itself is seen with
/// `WNOWAIT`, which leaves the program to be reaped by `wait4` with its resource usage.
/// Only the program's first process is held; what it starts is read by the polls.
fn follow_to_exit(program: Pid) -> Option<u64> {
    let mut high_water = None;
    loop {
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WSTOPPED | WaitPidFlag::WNOWAIT;
        let (signal, event) = match waitid(Id::Pid(program), flags) {
            Err(Errno::EINTR) => continue,
            Ok(WaitStatus::PtraceEvent(_, signal, event)) => (signal, event),
            Ok(WaitStatus::Stopped(_, signal)) => (signal, 0),
            // The program ended (or cannot be waited for): it is left to be reaped.
            _ => return high_water,
        };
        // WNOWAIT left the stop pending: take it, and only a stop (no WEXITED: a program
        // killed meanwhile stays to be reaped by `wait4`; WNOHANG: nothing to wait for).
        let _ = waitid(
            Id::Pid(program),
            WaitPidFlag::WSTOPPED | WaitPidFlag::WNOHANG,
        );
        let delivered = match event {
            // Held at its exit: its memory is whole, its high-water mark final.
            exit if exit == ptrace::Event::PTRACE_EVENT_EXIT as i32 => {
                high_water = status_kilobytes(&program.as_raw().to_string(), "VmHWM:")
                    .map(|kilobytes| kilobytes * 1024);
                None
            }
            // A signal on its way to the program: delivered as it would be untraced.
            0 => Some(signal),
            // Stopped (SIGSTOP and the like): let go, it stays stopped.
            _ => {
                let _ = ptrace::detach(program, None);
                return high_water;
            }
        };
        // The program may be gone already (killed at a limit); the next wait says so.
        let _ = ptrace::cont(program, delivered);
    }
}

/// A field of `/proc/PROCESS/status` in kilobytes, for example `VmRSS:`, if the process
/// exists and has it (a process that has ended has no memory fields).
fn status_kilobytes(process: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line[field.len()..].split_whitespace().next()?.parse().ok()
}

/// The most processes [`tree_memory_bytes`] visits: a program that starts more is far past
/// any limit of these problems, and its group is killed all the same.
const MOST_PROCESSES_READ: usize = 1_000;

/// The memory of the program `root` and every process below it now: the larger of their
/// resident memory added up and the largest high-water mark among them (see the module's
/// docs), or `None` when `root` has ended.
fn tree_memory_bytes(root: Pid) -> Option<u64> {
    let root_process = root.as_raw().to_string();
    let root_high_water = status_kilobytes(&root_process, "VmHWM:")?;
    let (mut resident, mut high_water) = (0, root_high_water);
    let mut pending = vec![root_process];
    let mut visited = 0;
    while let Some(process) = pending.pop() {
        visited += 1;
        if visited > MOST_PROCESSES_READ {
            break;
        }
        resident += status_kilobytes(&process, "VmRSS:").unwrap_or(0);
        high_water = high_water.max(status_kilobytes(&process, "VmHWM:").unwrap_or(0));
        pending.extend(children_of(&process));
    }
    Some(resident.max(high_water) * 1024)
}

/// The process ids of the children of `process` (a number, or `self`): those of each of
/// its threads, from `/proc/PROCESS/task/THREAD/children`.
fn children_of(process: &str) -> Vec<String> {
    let Ok(threads) = std::fs::read_dir(format!("/proc/{process}/task")) else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for thread in threads.flatten() {
        if let Ok(list) = std::fs::read_to_string(thread.path().join("children")) {
            children.extend(list.split_whitespace().map(str::to_string));
        }
    }
    children
}

/// The process groups of the programs running now, each named by its leader, the
/// program's first process: what [`stop_programs_on_signals`] kills, and what the search
/// for escaped processes leaves alone.
static LIVE_PROGRAMS: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// The list of live programs, even if a thread panicked while holding it (the list is
/// still right: each change to it is one push or one removal).
fn live_programs() -> MutexGuard<'static, Vec<Pid>> {
    LIVE_PROGRAMS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A program started by [`run_program`], in the list of live programs until it is
/// dropped; dropping it kills its group and every process that escaped the group.
struct LiveProgram {
    group: Pid,
}

impl LiveProgram {
    /// Spawns `program` and puts it in the list of live programs, both while holding the
    /// list, so that a signal cannot come between them unseen.
    fn start(program: &mut Command) -> Result<(LiveProgram, Child)> {
        let mut live = live_programs();
        let child = program
            .spawn()
            .with_context(|| format!("starting {}", Path::new(program.get_program()).display()))?;
        let group = Pid::from_raw(child.id() as i32);
        live.push(group);
        Ok((LiveProgram { group }, child))
    }
}

impl Drop for LiveProgram {
    /// Kills the group until it is empty, and the processes that escaped it, in rounds:
    /// a process killed hands its children to xtask, which the next round finds.
    fn drop(&mut self) {
        live_programs().retain(|group| *group != self.group);
        for _ in 0..MOST_ROUNDS_OF_KILLING {
            let group_alive = killpg(self.group, Signal::SIGKILL).is_ok();
            let escaped = kill_escaped_processes(&live_programs());
            if !group_alive && escaped == 0 {
                break;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// How many rounds of killing [`LiveProgram`]'s drop goes through at most: a killed process
/// is gone within a millisecond, so this bounds a program that keeps starting new ones.
const MOST_ROUNDS_OF_KILLING: usize = 500;

/// Makes xtask a child subreaper, once: a process that leaves a program's group becomes
/// xtask's child when its parent dies, instead of the system's (see the module's docs).
fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Where this fails (not Linux), escaped processes are not caught.
        let _ = nix::sys::prctl::set_child_subreaper(true);
    });
}

/// Kills and reaps every child of xtask that escaped a program's group: a child in a
/// process group that is neither xtask's own (the tools xtask runs, such as cargo, stay in
/// it) nor one of the `live` programs. Returns how many it found.
fn kill_escaped_processes(live: &[Pid]) -> usize {
    let own_group = getpgrp();
    let mut found = 0;
    for child in children_of("self") {
        let Ok(child) = child.parse().map(Pid::from_raw) else {
            continue;
        };
        let Ok(group) = getpgid(Some(child)) else {
            continue;
        };
        if group == own_group || live.contains(&group) {
            continue;
        }
        found += 1;
        let _ = killpg(group, Signal::SIGKILL);
        let _ = kill(child, Signal::SIGKILL);
        let _ = waitpid(child, Some(WaitPidFlag::empty()));
    }
    found
}

/// Makes SIGINT, SIGTERM and SIGHUP to xtask kill every live program, with all it started,
/// before xtask exits with 128 plus the signal's number, as a shell reports a process
/// ended by a signal.
///
/// Call it first in `main`, before any other thread starts: the three signals are blocked
/// in every thread (the mask passes to the threads started later) and taken by one thread
/// of their own with `sigwait`; the programs started get the default mask back (`std`
/// resets it in each child).
pub fn stop_programs_on_signals() -> Result<()> {
    let signals = SigSet::from_iter([Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP]);
    signals
        .thread_block()
        .context("blocking SIGINT, SIGTERM and SIGHUP")?;
    become_subreaper();
    thread::spawn(move || {
        let signal = match signals.wait() {
            Ok(signal) => signal,
            // sigwait fails only on an invalid set; the signals then stay blocked.
            Err(_) => return,
        };
        // The list stays held until the process exits: no program starts after this.
        let live = live_programs();
        for group in live.iter() {
            let _ = killpg(*group, Signal::SIGKILL);
        }
        // Each killed process hands its children to xtask; a few rounds catch them. The
        // programs' groups are killed by group, not waited for here: a wait from this
        // thread could take the stop of a program held at its exit (`follow_to_exit`)
        // from the thread that holds it, and the program would stay held.
        for _ in 0..MOST_ROUNDS_OF_KILLING {
            let escaped = kill_escaped_processes(&live);
            let groups_alive = live
                .iter()
                .filter(|group| killpg(**group, Signal::SIGKILL).is_ok())
                .count();
            if escaped == 0 && groups_alive == 0 {
                break;
            }
            thread::sleep(Duration::from_millis(1));
        }
        std::process::exit(128 + signal as i32);
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::checker::Checker;
    use crate::judge::{judge_run, Verdict};

    const EXPECTED: &[u8] = b"1 2 3\n4 5 6\n";

    /// Plenty of time and memory for the quick fake programs below.
    const GENEROUS: Limits = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 1 << 30,
    };

    /// A program for [`watch`] that is stopped by `stop_group` and whose memory is not known.
    fn program<'a>(stop_group: &'a mut dyn FnMut()) -> WatchedProgram<'a> {
        WatchedProgram {
            stop_group,
            read_memory: &unknown_memory,
            memory_watch: MemoryWatch::Close,
        }
    }

    /// What [`program`] reads of the memory: nothing.
    fn unknown_memory() -> Option<u64> {
        None
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
            runner_high_water_bytes: 0,
            high_water_at_exit_bytes: None,
            released: None,
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
        // The issue's stall: the program ended at 1,050 ms under a 1,000 ms limit, and the
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
        let limits = Limits::time_only(Duration::from_secs(1));
        let run = watch(&reports, started, limits, &mut program(&mut || stops += 1)).unwrap();
        assert_eq!(run.ending, Ending::Exited { code: 0 });
        assert_eq!(run.elapsed, Duration::from_millis(1_050));
        assert!(stops >= 1, "the group is killed once the program has ended");
        let verdict = judge_run(&run, limits, b"", EXPECTED, Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::TimeLimitExceeded);
        // The same run under a limit it kept is accepted, with its memory.
        let limits = Limits::time_only(Duration::from_millis(1_100));
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
        let error = watch(&reports, started, GENEROUS, &mut program(&mut stop_group)).unwrap_err();
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
                runner_high_water_bytes: 0,
                high_water_at_exit_bytes: None,
                released: None,
            })
            .unwrap();
        drop(sender);
        let mut stops = 0;
        let started = Instant::now();
        let mut stop_group = || stops += 1;
        let error = watch(&reports, started, GENEROUS, &mut program(&mut stop_group)).unwrap_err();
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
}
