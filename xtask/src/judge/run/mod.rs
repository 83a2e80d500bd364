//! The one process runner: every program the tooling judges or times (`check`, `stress`,
//! `bench --process`, the bundle tests) runs through [`run_program`], which starts it with
//! an input, stops it at its time or memory limit, and reports how it ended, how long it
//! took, its peak memory and what it wrote. Each part has a module of its own:
//!
//! - **Starting a program** (`start.rs`): the judge's environment (`PATH` and `HOME` from
//!   the user's, `LANG=C.UTF-8`, nothing else: no `RUST_BACKTRACE`, whose symbolised
//!   backtrace can take more memory than the program itself), a process group of its own,
//!   its input a regular file, and, watched as the judge watches ([`MemoryWatch::Close`]),
//!   held by the starter (`starter.rs`, xtask itself) until the runner is ready, so that
//!   the time is the program's from its start; the starter then makes the process what the
//!   judge starts (no signal blocked, the judge's stack limit, nothing open but 0, 1, 2)
//!   and becomes the program.
//! - **Reading its memory** (`memory.rs`): the program's own peak, its processes' pages
//!   each counted once (the proportional set size, when there are several), never the
//!   starter's, never xtask's; read from `/proc` every [`CLOSE_WATCH_PAUSE`] in its first
//!   [`CLOSE_WATCH_TIME`], then every [`POLL_INTERVAL`], and MLE as soon as a read finds it
//!   over the limit (a limit watched, not set with `setrlimit`, whose address-space limit
//!   refuses a Java or Go runtime that reserves much more than it uses).
//! - **Holding each process at its exit** (`ptrace.rs`): the exact peak of a program of a
//!   millisecond, which the reads can miss; let go after its first signals, so that one
//!   that raises many runs as fast as untraced; where `ptrace` is refused, one line says so.
//! - **When it ended** (`clock.rs`): the moment it last ran, held at its exit, as the
//!   kernel recorded it, whatever xtask was doing then.
//! - **Capturing its output** (`output.rs`), each output on a thread of its own.
//! - **Watching the run** (`watch.rs`): the limits kept, the reports of the threads that
//!   follow the program taken, until it is reaped and its outputs are closed.
//! - **Nothing outlives the run** (`cleanup.rs`): the whole group is killed however the run
//!   ends (the program exits, a limit is passed, watching fails, the runner unwinds), and
//!   what left the group is caught by xtask, a child subreaper while programs run.
//! - **Every way out cleans up** (`signals.rs`): a signal that would end xtask (and that a
//!   judged program did not send) kills the live programs and the compilers and removes the
//!   temporary folders first; the guard (`guard.rs`) does so when xtask is killed outright.
//!
//! Each output is read and the program followed and reaped on threads
//! of their own, which report on one channel to the thread that runs the program.

mod cleanup;
mod clock;
pub mod guard;
mod memory;
mod output;
mod ptrace;
mod signals;
mod start;
pub mod starter;
mod watch;

use std::fmt;
use std::io::{self, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, Command, ExitStatus};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use wait4::Wait4;

use cleanup::{kill_escaped_processes, live_programs, LiveProgram};
pub use cleanup::{spawn_tool, ToolGroup};
use memory::{read_tree, status_kilobytes, EndFigures, StarterLine};
use output::{read_on_thread, Stream};
pub use signals::{stop_programs_on_signals, TemporaryFolder, ENDING_SIGNALS};
use start::{wait_until_asleep, Start};
use watch::{watch, WatchedProgram};

/// The output limit, and the most bytes kept of standard error: a program whose standard
/// output passes it is stopped there (OLE); what standard error writes past it is read and
/// dropped. A correct output here is at most a few hundred kilobytes; Baekjoon states no
/// figure (see the README), and 8 MiB is far above any answer while a runaway program meets
/// it within milliseconds.
pub const CAPTURE_LIMIT_BYTES: usize = 8 * 1024 * 1024;

/// How long the output pipes may stay open once the program has ended. What the program
/// wrote before it ended is in the pipes already and is read within microseconds; a pipe
/// still open after this is held by a process that left the program's group and has not
/// been caught yet, and what it writes is not the program's.
pub const LATE_OUTPUT_MARGIN: Duration = Duration::from_millis(300);

/// How often the runner reads the program's memory, once the program has run for a few
/// milliseconds. A poll reads a few small files per process of the program, some tens
/// of microseconds; `bench --process` found no difference in the time of a whole process
/// timed this way and by a plain wait (see the README).
pub const POLL_INTERVAL: Duration = Duration::from_millis(2);

/// How long after its start the runner reads a program's memory closely, every
/// [`CLOSE_WATCH_PAUSE`]: a Rust solution on a sample ends within about a millisecond, and
/// a poll every [`POLL_INTERVAL`] would miss it.
pub const CLOSE_WATCH_TIME: Duration = Duration::from_millis(3);

/// The pause between two reads of the close watch. Reading without a pause kept a processor
/// busy, and on a machine of two processors with other work the program waited for it:
/// traced, a solution's run sat runnable for 2.3 ms, its processor time frozen at 0.33 ms
/// (`/proc/PID/schedstat`), until the close watch ended, then ran and ended between two polls.
pub const CLOSE_WATCH_PAUSE: Duration = Duration::from_micros(50);

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
    /// The runner stopped the program: its standard output passed
    /// [`CAPTURE_LIMIT_BYTES`], the output limit.
    StoppedAtOutputLimit,
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
            Ending::StoppedAtOutputLimit => write!(formatter, "stopped at the output limit"),
        }
    }
}

/// What one run of a program did.
#[derive(Debug, Clone)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Wall-clock time from the start of the program to its end (when it last ran, held at
    /// its exit; when it was reaped, where it was not held), or to when the runner stopped
    /// it.
    pub elapsed: Duration,
    /// Processor time, user and system, of all its threads and of the children it waited
    /// for (the kernel's count, whatever the wall clock did meanwhile).
    pub processor_time: Duration,
    /// The peak memory, in bytes (see the module's docs); when the figure is
    /// [`MemoryFigure::AtLeast`], only what the reads found.
    pub peak_memory_bytes: u64,
    /// Whether that figure is the peak.
    pub memory_figure: MemoryFigure,
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

/// What the memory figure of a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryFigure {
    /// The program's peak: read at its exit, held, or the kernel's where it can only be
    /// the program's.
    Peak,
    /// Only the most the reads found while it ran, which can be far under its peak: no
    /// exit was held (`ptrace` refused, or the program let go after its first signals) and
    /// the kernel's figure may be xtask's own. No figure is shown for it.
    AtLeast,
}

/// How closely the runner reads a program's memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryWatch {
    /// Held at its start and each process at its exit (see the module's docs), and polled
    /// every [`CLOSE_WATCH_PAUSE`] in its first [`CLOSE_WATCH_TIME`], then every
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
    // The input, a regular file the program opens read-only (see `starter.rs`); removed
    // after the run, and by a signal that ends xtask.
    let input_folder = TemporaryFolder::new("xtask-input-")?;
    let input_path = input_folder.path().join("input");
    std::fs::write(&input_path, input)
        .with_context(|| format!("writing {}", input_path.display()))?;
    let start = Start::new(program, memory_watch, &input_path, limits)?;
    let (starter, held) = (start.starter.clone(), start.held);
    // Resets xtask's own high-water mark to its present size, the most the program can
    // inherit of it (see `memory.rs`). Where this file does not exist (not Linux) there
    // is nothing to reset.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let started = Instant::now();
    let (sender, reports) = mpsc::channel();
    let program_thread = ProgramThread::start(start, sender.clone());
    let (live_program, pipes) = program_thread?;
    let group = live_program.group;
    read_on_thread(pipes.stdout, Stream::Stdout, sender.clone());
    read_on_thread(pipes.stderr, Stream::Stderr, sender);
    let mut watched_program = WatchedProgram {
        // The group, and what escaped it and is xtask's child by now; an error means the
        // group is gone already.
        stop_group: &mut || {
            let _ = killpg(group, Signal::SIGKILL);
            kill_escaped_processes(&live_programs());
        },
        read_memory: &|| read_tree(group, &starter),
        memory_watch,
        held,
    };
    let run = watch(&reports, started, limits, &mut watched_program);
    drop(live_program);
    drop(input_folder);
    run
}

/// The outputs of a program just started, for the threads that read them.
struct Pipes {
    stdout: Option<std::process::ChildStdout>,
    stderr: Option<std::process::ChildStderr>,
}

/// The thread that starts a program and is its parent and tracer to the end: it spawns
/// it, attaches to it, releases it, follows it to its exit and reaps it with `wait4`,
/// which also reads its resource usage. Being the program's parent, it can wait for the
/// program and for the processes it follows alone (`__WNOTHREAD`), whatever other runs
/// the process makes at the same time. (The starter dies with this thread: see
/// `starter.rs`.)
struct ProgramThread;

impl ProgramThread {
    /// Starts the thread; returns the live program (which kills its group when dropped)
    /// and its outputs, or the error of starting it.
    fn start(start: Start, sender: Sender<Report>) -> Result<(LiveProgram, Pipes)> {
        let (started, start_report) = mpsc::channel();
        thread::spawn(move || {
            let Start {
                mut command,
                held,
                starter,
            } = start;
            // xtask's size as the program starts: what the kernel's figure holds of it.
            let resident_before = resident_bytes();
            let spawned = LiveProgram::start(&mut command);
            let runner_bytes = resident_before.max(resident_bytes());
            let mut child = match spawned {
                Ok((live_program, mut child)) => {
                    let pipes = Pipes {
                        stdout: child.stdout.take(),
                        stderr: child.stderr.take(),
                    };
                    let _ = started.send(Ok((live_program, pipes)));
                    child
                }
                Err(error) => {
                    let _ = started.send(Err(error));
                    return;
                }
            };
            let mut reaped = follow_and_reap(&mut child, held, &starter, &sender);
            if let Report::Reaped { end, .. } = &mut reaped {
                end.runner_bytes = end.runner_bytes.max(runner_bytes);
            }
            let _ = sender.send(reaped);
        });
        start_report
            .recv()
            .unwrap_or_else(|_| Err(anyhow!("the thread starting the program ended")))
    }
}

/// What [`ProgramThread`] does once the program is started: attach to a `held` program,
/// release it, follow it to its exit, and reap it.
fn follow_and_reap(
    child: &mut Child,
    held: bool,
    starter: &StarterLine,
    sender: &Sender<Report>,
) -> Report {
    let program = Pid::from_raw(child.id() as i32);
    // Attached once the starter waits for its release (what it does before is its own
    // start, and nothing would let it go on from a stop meanwhile); if attaching fails,
    // the program is released all the same, and only polled.
    let mut starter_bytes = 0;
    let mut attached = false;
    if held {
        wait_until_asleep(program);
        attached = ptrace::attach(program);
        let starter_kilobytes = status_kilobytes(&program.as_raw().to_string(), "VmHWM:");
        starter_bytes = starter_kilobytes.unwrap_or(0) * 1024;
        let _ = sender.send(Report::Released { at: Instant::now() });
        // One byte to a pipe never waits; the starter reads it and goes on.
        let _ = child
            .stdin
            .take()
            .map(|mut release| release.write_all(b"\n"));
    }
    let mut end = match attached {
        true => ptrace::follow(program, starter),
        false => EndFigures::default(),
    };
    end.held_starter_bytes = end.held_starter_bytes.max(starter_bytes);
    let waited = loop {
        match child.wait4() {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            waited => break waited,
        }
    };
    let at = Instant::now();
    if let Ok(waited) = &waited {
        end.kernel_bytes = waited.rusage.maxrss;
        end.processor_time = waited.rusage.utime + waited.rusage.stime;
    }
    end.runner_bytes = status_kilobytes("self", "VmHWM:").unwrap_or(0) * 1024;
    Report::Reaped {
        waited: waited.map(|waited| waited.status),
        at,
        end,
    }
}

/// xtask's own resident size now. (Its high-water mark can miss a peak: memory given back
/// with `madvise`, as allocators do, leaves the mark where it was.)
fn resident_bytes() -> u64 {
    status_kilobytes("self", "VmRSS:").unwrap_or(0) * 1024
}

/// What the helper threads of one run tell [`run_program`], all on one channel.
enum Report {
    /// A held program was released (see `start.rs`): its time starts there.
    Released {
        /// When.
        at: Instant,
    },
    /// The program ended and was reaped (or waiting for it failed), at this moment.
    Reaped {
        /// Its exit status, or why waiting failed.
        waited: io::Result<ExitStatus>,
        /// When the wait returned.
        at: Instant,
        /// What was read at its end (see `memory.rs`).
        end: EndFigures,
    },
    /// The next bytes of one output; no bytes at its end.
    Output {
        /// Which output.
        stream: Stream,
        /// The bytes read, or why reading failed.
        bytes: io::Result<Vec<u8>>,
    },
}
