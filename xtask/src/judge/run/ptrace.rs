//! Holding a program's processes at their exit, where each one's peak memory is whole
//! (`ptrace`, `PTRACE_O_TRACEEXIT`): so a program of a millisecond, which can end between
//! two reads, is measured at its exact peak all the same.
//!
//! The thread that started the program attaches to it (`PTRACE_SEIZE`) while it is held
//! (see `start.rs`), and follows it, and the processes it forks (`PTRACE_O_TRACEFORK`,
//! `PTRACE_O_TRACEVFORK`; a shell's commands among them), until the first process ends:
//!
//! - **At an exit**, the process is held with its memory still whole: its high-water mark
//!   (`VmHWM`) is read, counted as the program's or the starter's (see `memory.rs`).
//! - **At an `exec`** the starter has become the program: from then on it is followed to
//!   its exit, and so is each process it forks.
//! - **At a signal**, the signal is delivered as it would be untraced, and the process held
//!   on, to its exit, for its first [`FOLLOWED_SIGNALS`] signals (a timer, the SIGCHLD of
//!   the processes it starts): such a program is measured to its end. After those it is let
//!   go (`PTRACE_DETACH`): from then on it runs untraced, at its own speed, however many
//!   signals follow (a program raising 20,000 signals runs about as fast as untraced), and
//!   its peak comes from the reads and the kernel.
//! - **A stop** (`SIGSTOP` and the like) lets the process go, stopped, as it stays untraced.
//!
//! A traced program can tell that it is traced, and that is the one difference it can
//! see: `PTRACE_TRACEME` fails (the README says so, and `tests/runner.rs` shows it). Where
//! the system refuses `ptrace` (a seccomp filter, `kernel.yama.ptrace_scope = 3`, a tracer
//! already there), one line says so, once, and the peak comes from the reads and the
//! kernel's figure.

use std::collections::HashSet;
use std::sync::Once;

use nix::errno::Errno;
use nix::sys::ptrace::{self, Event, Options};
use nix::sys::signal::Signal;
use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;

use super::clock::last_ran;
use super::memory::{status_kilobytes, EndFigures, StarterLine};

/// What the follower reads of the starter and its copies, which fork programs.
const STARTER_OPTIONS: Options = Options::PTRACE_O_TRACEEXIT
    .union(Options::PTRACE_O_TRACEEXEC)
    .union(Options::PTRACE_O_TRACEFORK)
    .union(Options::PTRACE_O_TRACEVFORK)
    .union(Options::PTRACE_O_EXITKILL);

/// What it reads of a program: its exit, and the exits of the processes it forks (by
/// `fork` or `vfork`: dash runs its commands by `vfork`), which are followed the same way.
/// (`PTRACE_O_EXITKILL`: if xtask ends, even by SIGKILL, a program still traced is killed
/// with it.)
const PROGRAM_OPTIONS: Options = Options::PTRACE_O_TRACEEXIT
    .union(Options::PTRACE_O_TRACEFORK)
    .union(Options::PTRACE_O_TRACEVFORK)
    .union(Options::PTRACE_O_EXITKILL);

/// How many signals a program is held for, each delivered as it would be untraced, before
/// it is let go: a program that takes a few (a timer, its children's SIGCHLD) is held to
/// its exit and measured whole; one that raises thousands runs untraced after these, at
/// its own speed (each hold costs it some microseconds).
const FOLLOWED_SIGNALS: usize = 200;

/// Attaches the calling thread to `program`, its child, as its tracer; false when the
/// system refuses, which one line on standard error says, once per xtask.
pub(super) fn attach(program: Pid) -> bool {
    match ptrace::seize(program, STARTER_OPTIONS) {
        Ok(()) => true,
        Err(error) => {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                eprintln!(
                    "note: ptrace is refused here ({error}): programs are not held at their \
                     exit, and a peak comes from reads every few milliseconds and the \
                     kernel's figure"
                );
            });
            false
        }
    }
}

/// Follows `first`, a child of the calling thread to which [`attach`] attached it, and the
/// processes it forks, until `first` has ended (it is left to be reaped, with its resource
/// usage, by `wait4`); returns what was read at their exits.
pub(super) fn follow(first: Pid, starter: &StarterLine) -> EndFigures {
    let mut follower = Follower {
        starter,
        first,
        running: HashSet::from([first]),
        signals_followed: 0,
        end: EndFigures::default(),
    };
    // Only this thread's own child and tracees (__WNOTHREAD), of every kind (__WALL).
    let own = WaitPidFlag::__WALL | WaitPidFlag::__WNOTHREAD;
    loop {
        let peek = WaitPidFlag::WEXITED | WaitPidFlag::WSTOPPED | WaitPidFlag::WNOWAIT | own;
        let status = match waitid(Id::All, peek) {
            Err(Errno::EINTR) => continue,
            Err(_) => return follower.end,
            Ok(status) => status,
        };
        let Some(process) = status.pid() else {
            continue;
        };
        if matches!(status, WaitStatus::Exited(..) | WaitStatus::Signaled(..)) {
            if process == first {
                return follower.end;
            }
            // A forked process ended: taking its end hands it back to its parent.
            let _ = waitid(Id::Pid(process), WaitPidFlag::WEXITED | own);
            continue;
        }
        // WNOWAIT left the stop pending: take it, and only a stop (a process killed
        // meanwhile stays to be reaped).
        let _ = waitid(
            Id::Pid(process),
            WaitPidFlag::WSTOPPED | WaitPidFlag::WNOHANG | own,
        );
        follower.take_stop(process, status);
    }
}

/// Whether `process`, held at its exit, is the whole process: its last thread. A main
/// thread that ends while others go on (`pthread_exit`) is not the process's end.
fn is_whole(process: Pid) -> bool {
    let threads = status_kilobytes(&process.as_raw().to_string(), "Threads:");
    threads.is_none_or(|threads| threads <= 1)
}

/// The state of [`follow`].
struct Follower<'a> {
    starter: &'a StarterLine,
    /// The process the runner started: its exit is the program's end.
    first: Pid,
    /// The traced processes past their first stop.
    running: HashSet<Pid>,
    /// How many signals the followed processes were held for.
    signals_followed: usize,
    end: EndFigures,
}

impl Follower<'_> {
    /// Handles a stop of `process`, and lets it go on (or go).
    fn take_stop(&mut self, process: Pid, status: WaitStatus) {
        let (signal, event) = match status {
            WaitStatus::PtraceEvent(_, signal, event) => (Some(signal), event),
            WaitStatus::Stopped(_, signal) => (Some(signal), 0),
            _ => (None, 0),
        };
        let is_starter = self.starter.is_starter(&process.as_raw().to_string());
        let delivered = match event {
            exit if exit == Event::PTRACE_EVENT_EXIT as i32 => {
                if process == self.first && self.end.ended_at.is_none() && is_whole(process) {
                    // The program's end: its time stops when it last ran, not when it is
                    // reaped, nor when xtask sees it.
                    self.end.ended_at = Some(last_ran(process));
                }
                self.read_at_exit(process, is_starter);
                None
            }
            exec if exec == Event::PTRACE_EVENT_EXEC as i32 => {
                // Now a program: followed to its exit only.
                let _ = ptrace::setoptions(process, PROGRAM_OPTIONS);
                None
            }
            fork if fork == Event::PTRACE_EVENT_FORK as i32
                || fork == Event::PTRACE_EVENT_VFORK as i32 =>
            {
                None
            }
            stop if stop == Event::PTRACE_EVENT_STOP as i32 => {
                // A new process's first stop; any later one is a stop (SIGSTOP and the
                // like): let go, it stays stopped.
                if !self.running.insert(process) {
                    return self.let_go(process, None);
                }
                None
            }
            // A signal on its way: delivered, the process still held, for its first
            // `FOLLOWED_SIGNALS`; let go with it after that.
            _ if self.signals_followed < FOLLOWED_SIGNALS || is_starter => {
                self.signals_followed += 1;
                signal
            }
            _ => return self.let_go(process, signal),
        };
        // The process may be gone already (killed at a limit); the next wait says so.
        let _ = ptrace::cont(process, delivered);
    }

    /// Reads the high-water mark of `process`, held at its exit. A main thread that ends
    /// while other threads go on (`pthread_exit`) is not the process's end: its memory goes
    /// on growing, and is read by the polls and from the kernel's figure at the end.
    fn read_at_exit(&mut self, process: Pid, is_starter: bool) {
        if !is_whole(process) {
            return;
        }
        let process_name = process.as_raw().to_string();
        let high_water = status_kilobytes(&process_name, "VmHWM:");
        let bytes = high_water.unwrap_or(0) * 1024;
        if is_starter {
            self.end.held_starter_bytes = self.end.held_starter_bytes.max(bytes);
        } else {
            let held = self.end.held_program_bytes.unwrap_or(0).max(bytes);
            self.end.held_program_bytes = Some(held);
        }
    }

    /// Stops tracing `process`, delivering `signal` to it.
    fn let_go(&mut self, process: Pid, signal: Option<Signal>) {
        let _ = ptrace::detach(process, signal);
        self.running.remove(&process);
    }
}
