//! Every way out of xtask cleans up: a signal that would end it (Ctrl-C's SIGINT,
//! Ctrl-\'s SIGQUIT, SIGTERM, SIGHUP, and every other whose default is to end a process)
//! kills the live programs, with all they started, and removes the temporary folders of
//! [`TemporaryFolder`] (`check --bundled`'s build folder) before xtask exits with 128
//! plus the signal's number, as a shell reports a process ended by a signal.
//!
//! The signals are blocked in every thread and read by one thread of their own from a
//! `signalfd`, so no handler runs in the middle of other code, and each comes with its
//! sender: a signal sent by a judged program (its processes, or any process below xtask)
//! changes nothing, as on the judge, where a program cannot reach the judge; one from
//! anywhere else (the terminal, the user's `kill`) ends xtask as said. The programs start
//! with no signal blocked (`starter.rs`). Left out: SIGKILL and
//! SIGSTOP, which nothing can catch; the faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
//! SIGSYS), which the kernel sends to the thread that faulted and delivers even blocked,
//! as xtask's own crash; and the real-time signals, some of which the C library uses.
//! A SIGPIPE that a write of xtask causes goes to the writing thread, where it stays
//! blocked, and the write fails as before; only one sent to xtask is taken here.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result};
use nix::sys::signal::{killpg, SigSet, Signal};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::unistd::Pid;
use tempfile::TempDir;

use super::cleanup::{is_a_program_group, kill_escaped_processes, live_programs, live_tools};
use super::guard::{tell_guard, Notice, MOST_ROUNDS_OF_KILLING};

/// The signals taken (see the module's docs).
pub const ENDING_SIGNALS: [Signal; 15] = [
    Signal::SIGHUP,
    Signal::SIGINT,
    Signal::SIGQUIT,
    Signal::SIGTERM,
    Signal::SIGUSR1,
    Signal::SIGUSR2,
    Signal::SIGPIPE,
    Signal::SIGALRM,
    Signal::SIGVTALRM,
    Signal::SIGPROF,
    Signal::SIGIO,
    Signal::SIGPWR,
    Signal::SIGXCPU,
    Signal::SIGXFSZ,
    Signal::SIGABRT,
];

/// Makes every signal that would end xtask kill the live programs and remove the
/// temporary folders first (see the module's docs).
///
/// Call it first in `main`, before any other thread starts: the signals are blocked in
/// every thread (the mask passes to the threads started later); the programs started get
/// the default mask back (`std` resets it in each child).
pub fn stop_programs_on_signals() -> Result<()> {
    let signals = SigSet::from_iter(ENDING_SIGNALS);
    signals
        .thread_block()
        .context("blocking the signals that end xtask")?;
    let signal_file = SignalFd::with_flags(&signals, SfdFlags::SFD_CLOEXEC)
        .context("reading the signals that end xtask")?;
    thread::spawn(move || loop {
        let signal = match signal_file.read_signal() {
            Ok(Some(signal)) => signal,
            Ok(None) | Err(nix::errno::Errno::EINTR) => continue,
            // The file cannot be read: the signals then stay blocked.
            Err(_) => return,
        };
        if is_sent_by_a_program(signal.ssi_pid) {
            continue;
        }
        // Both lists stay held until xtask exits: no program starts, no folder is made.
        let live = live_programs();
        stop_live_programs(&live);
        for tool in live_tools().iter() {
            let _ = killpg(*tool, Signal::SIGKILL);
        }
        let folders = temporary_folders();
        remove_temporary_folders(&folders);
        std::process::exit(128 + signal.ssi_signo as i32);
    });
    Ok(())
}

/// Whether process `sender` (0 for the kernel, the terminal's Ctrl-C among them) is xtask,
/// a process below it (a judged program's, a build tool's), or in the process group of a
/// program it started: such a signal is not the user's, and changes nothing.
fn is_sent_by_a_program(sender: u32) -> bool {
    let own = std::process::id();
    let mut process = sender;
    // Up the chain of parents, a few steps at most; a process already gone is not known.
    for _ in 0..64 {
        if process == 0 || process == 1 {
            return false;
        }
        if process == own || is_a_program_group(Pid::from_raw(process as i32)) {
            return true;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{process}/stat")) else {
            return false;
        };
        // After the name in parentheses: state, parent, process group.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
        let number = |index: usize| fields.get(index).and_then(|field| field.parse().ok());
        if let Some(group) = number(2) {
            if is_a_program_group(Pid::from_raw(group as i32)) {
                return true;
            }
        }
        match number(1) {
            Some(parent) => process = parent,
            None => return false,
        }
    }
    false
}

/// Kills every `live` program by group, and what escaped them, in rounds. The programs
/// are not waited for here: a wait from this thread could take the stop of a program held
/// at its exit from the thread that holds it, and the program would stay held.
fn stop_live_programs(live: &[Pid]) {
    for _ in 0..MOST_ROUNDS_OF_KILLING {
        let groups_alive = live
            .iter()
            .filter(|group| killpg(**group, Signal::SIGKILL).is_ok())
            .count();
        let escaped = kill_escaped_processes(live);
        if escaped == 0 && groups_alive == 0 {
            break;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The folders of the live [`TemporaryFolder`]s.
static TEMPORARY_FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The list of temporary folders, even if a thread panicked while holding it.
fn temporary_folders() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY_FOLDERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every one of `folders`. A compiler may still be writing in one: a folder that
/// is not empty yet is tried again.
fn remove_temporary_folders(folders: &[PathBuf]) {
    for folder in folders {
        for _ in 0..5 {
            if std::fs::remove_dir_all(folder).is_ok() || !folder.exists() {
                break;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A temporary folder removed when it is dropped, as `tempfile`'s are, and also when a
/// signal ends xtask (see the module's docs).
pub struct TemporaryFolder {
    /// The folder; `None` once kept.
    folder: Option<TempDir>,
}

impl TemporaryFolder {
    /// A new folder in the system's temporary folder, its name starting with `prefix`.
    pub fn new(prefix: &str) -> Result<TemporaryFolder> {
        // Made and listed while the list is held, so that a signal cannot come between.
        let mut folders = temporary_folders();
        let folder = tempfile::Builder::new()
            .prefix(prefix)
            .tempdir()
            .context("making a temporary folder")?;
        folders.push(folder.path().to_path_buf());
        tell_guard(Notice::FolderMade {
            folder: folder.path().to_path_buf(),
        });
        Ok(TemporaryFolder {
            folder: Some(folder),
        })
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        self.folder.as_ref().map_or(Path::new(""), TempDir::path)
    }

    /// Keeps the folder (it is not removed, by a drop or a signal), and returns its path.
    pub fn keep(mut self) -> PathBuf {
        let folder = self.folder.take().expect("a folder is kept once");
        temporary_folders().retain(|listed| listed != folder.path());
        tell_guard(Notice::FolderGone {
            folder: folder.path().to_path_buf(),
        });
        folder.keep()
    }
}

impl Drop for TemporaryFolder {
    /// Takes the folder off the list; `TempDir` removes it.
    fn drop(&mut self) {
        if let Some(folder) = &self.folder {
            temporary_folders().retain(|listed| listed != folder.path());
            tell_guard(Notice::FolderGone {
                folder: folder.path().to_path_buf(),
            });
        }
    }
}
