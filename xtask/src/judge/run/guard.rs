//! The guard: what ends the judged programs, the build tools and the temporary folders when
//! xtask itself ends in a way it cannot clean up after (SIGKILL, a crash). It is `cargo
//! xtask` in a mode of its own (`xtask judge-guard`), started on the first program, tool or
//! temporary folder, which xtask tells of each one that starts and ends, one line each on
//! the guard's standard input. When that input ends, xtask has ended, however it ended:
//! the guard kills the process groups still listed and removes the folders, then exits.
//! It blocks every signal it can, so a Ctrl-C meant for xtask does not end it first.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Command, ExitCode, Stdio};
use std::sync::{Mutex, MutexGuard};

use nix::sys::signal::{killpg, sigprocmask, SigSet, SigmaskHow, Signal};
use nix::unistd::Pid;

use super::starter::starter_binary;

/// The first argument that makes `xtask` a guard.
pub const GUARD_WORD: &str = "judge-guard";

/// What xtask tells the guard, one line each.
pub(super) enum Notice {
    /// A process group started (a program's, or a build tool's).
    GroupStarted { group: Pid },
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
            Notice::GroupStarted { group } => format!("group {group}\n"),
            Notice::GroupEnded { group } => format!("ended {group}\n"),
            Notice::FolderMade { folder } => format!("folder {}\n", folder.display()),
            Notice::FolderGone { folder } => format!("gone {}\n", folder.display()),
        }
    }
}

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
    let mut groups = BTreeSet::new();
    let mut folders = BTreeSet::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Some((word, rest)) = line.split_once(' ') else {
            continue;
        };
        let group = rest.parse().map(Pid::from_raw);
        match (word, group) {
            ("group", Ok(group)) => _ = groups.insert(group),
            ("ended", Ok(group)) => _ = groups.remove(&group),
            ("folder", _) => _ = folders.insert(PathBuf::from(rest)),
            ("gone", _) => _ = folders.remove(&PathBuf::from(rest)),
            _ => {}
        }
    }
    for group in groups {
        let _ = killpg(group, Signal::SIGKILL);
    }
    for folder in folders {
        let _ = std::fs::remove_dir_all(folder);
    }
    ExitCode::SUCCESS
}
