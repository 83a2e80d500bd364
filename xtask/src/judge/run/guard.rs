//! The guard: what ends the judged programs, the build tools and the temporary folders when
//! xtask itself ends in a way it cannot clean up after (SIGKILL, a crash). It is `cargo
//! xtask` in a mode of its own (`xtask judge-guard`), started on the first program, tool or
//! temporary folder, which xtask tells of each one that starts and ends, one line each on
//! the guard's standard input. When that input ends, xtask has ended, however it ended:
//! the guard kills the process groups still listed and removes the folders, then exits.
//! It blocks every signal it can, so a Ctrl-C meant for xtask does not end it first.
//!
//! A process that left its program's group (`setsid`) and was not traced (the program was
//! let go at its signals, see `ptrace.rs`) is not reached by killing the group, and xtask,
//! its subreaper, is gone. The guard knows it by what it holds: the pipes of the program's
//! outputs, which xtask names by their inode as it starts the program. Every process that
//! still holds one is the program's, and is killed.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Command, ExitCode, Stdio};
use std::sync::{Mutex, MutexGuard};

use nix::sys::signal::{kill, killpg, sigprocmask, SigSet, SigmaskHow, Signal};
use nix::unistd::Pid;

use super::starter::starter_binary;

/// The first argument that makes `xtask` a guard.
pub const GUARD_WORD: &str = "judge-guard";

/// What xtask tells the guard, one line each.
pub(super) enum Notice {
    /// A process group started (a program's, or a build tool's), with the inodes of the
    /// pipes of a program's outputs (none for a tool).
    GroupStarted { group: Pid, pipes: Vec<u64> },
    /// It ended: the guard forgets it.
    GroupEnded { group: Pid },
    /// A temporary folder was made.
    FolderMade { folder: PathBuf },
    /// It was removed (or kept).
    FolderGone { folder: PathBuf },
}

impl Notice {
    /// The notice as the line the guard reads.
    fn line(&self) -> String {
        match self {
            Notice::GroupStarted { group, pipes } => {
                let pipes: Vec<String> = pipes.iter().map(u64::to_string).collect();
                format!("group {group} {}\n", pipes.join(" "))
            }
            Notice::GroupEnded { group } => format!("ended {group}\n"),
            Notice::FolderMade { folder } => format!("folder {}\n", folder.display()),
            Notice::FolderGone { folder } => format!("gone {}\n", folder.display()),
        }
    }
}

/// How many rounds of killing a program's end goes through at most, here and in
/// `cleanup.rs` and `signals.rs`: a killed process is gone within a millisecond, so this
/// bounds a program that keeps starting new ones.
pub(super) const MOST_ROUNDS_OF_KILLING: usize = 500;

/// The guard's standard input; `None` until the first notice, or when it could not start.
static GUARD: Mutex<Option<ChildStdin>> = Mutex::new(None);

/// The guard's input, even if a thread panicked while holding it.
fn guard() -> MutexGuard<'static, Option<ChildStdin>> {
    GUARD
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Tells the guard `notice`, starting the guard first if need be. Where it cannot start,
/// or has gone, nothing is told: the ways out that xtask sees still clean up.
pub(super) fn tell_guard(notice: Notice) {
    let mut guard = guard();
    if guard.is_none() {
        *guard = start_guard();
    }
    if let Some(input) = guard.as_mut() {
        let _ = input.write_all(notice.line().as_bytes());
    }
}

/// Starts the guard, in xtask's process group (so the search for escaped processes leaves
/// it alone), with nothing on its outputs.
fn start_guard() -> Option<ChildStdin> {
    let binary = starter_binary().ok()?;
    let child = Command::new(binary)
        .arg(GUARD_WORD)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin
}

/// Runs the guard (see the module's docs) until its input ends.
pub fn run_guard(_words: &[OsString]) -> ExitCode {
    let _ = sigprocmask(SigmaskHow::SIG_BLOCK, Some(&SigSet::all()), None);
    // Each live group, with the pipes of its outputs.
    let mut groups: BTreeMap<Pid, Vec<u64>> = BTreeMap::new();
    let mut folders = BTreeSet::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Some((word, rest)) = line.split_once(' ') else {
            continue;
        };
        let mut numbers = rest.split_whitespace();
        let group = numbers.next().and_then(|group| group.parse().ok());
        let group = group.map(Pid::from_raw);
        let pipes = numbers.filter_map(|pipe| pipe.parse().ok()).collect();
        match (word, group) {
            ("group", Some(group)) => _ = groups.insert(group, pipes),
            ("ended", Some(group)) => _ = groups.remove(&group),
            ("folder", _) => _ = folders.insert(PathBuf::from(rest)),
            ("gone", _) => _ = folders.remove(&PathBuf::from(rest)),
            _ => {}
        }
    }
    for group in groups.keys() {
        let _ = killpg(*group, Signal::SIGKILL);
    }
    let pipes: BTreeSet<u64> = groups.into_values().flatten().collect();
    kill_holders(&pipes);
    for folder in folders {
        let _ = std::fs::remove_dir_all(folder);
    }
    ExitCode::SUCCESS
}

/// Kills every process that holds one of `pipes` (by inode), in rounds until none is
/// found: a process killed may have started others meanwhile.
fn kill_holders(pipes: &BTreeSet<u64>) {
    if pipes.is_empty() {
        return;
    }
    for _ in 0..MOST_ROUNDS_OF_KILLING {
        let holders = holders_of(pipes);
        if holders.is_empty() {
            break;
        }
        for holder in holders {
            let _ = kill(holder, Signal::SIGKILL);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The processes that hold one of `pipes` open, from `/proc/PID/fd` (a pipe's link reads
/// `pipe:[INODE]`).
fn holders_of(pipes: &BTreeSet<u64>) -> Vec<Pid> {
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut holders = Vec::new();
    for process in processes.flatten() {
        let Ok(pid) = process.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(descriptors) = std::fs::read_dir(process.path().join("fd")) else {
            continue;
        };
        let holds = descriptors.flatten().any(|descriptor| {
            let link = std::fs::read_link(descriptor.path()).unwrap_or_default();
            let link = link.to_string_lossy();
            let inode = link
                .strip_prefix("pipe:[")
                .and_then(|rest| rest.strip_suffix(']'));
            inode
                .and_then(|inode| inode.parse().ok())
                .is_some_and(|inode| pipes.contains(&inode))
        });
        if holds {
            holders.push(Pid::from_raw(pid));
        }
    }
    holders
}
