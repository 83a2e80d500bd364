//! Nothing a program started outlives its run: the live programs, each in a process group
//! of its own, killed with all they started however the run ends, and what leaves its
//! group caught by xtask as a *child subreaper* while programs run.
//!
//! A process that leaves the program's group (`setsid`) is not reached by killing the
//! group. While a program runs, xtask is a child subreaper (`PR_SET_CHILD_SUBREAPER`): such
//! a process becomes xtask's child when its parent dies, instead of the system's, and is
//! killed with every process of its group. xtask is a subreaper only while a program
//! runs, so what a build starts (cargo, a `RUSTC_WRAPPER` server such as sccache) before
//! the judged runs is never adopted, nor killed.
//!
//! Build tools (`rustc` under `check --bundled`) run in process groups of their own too
//! ([`spawn_tool`]), so that a signal to xtask alone ends them with it. Every group, a
//! program's or a tool's, is told to the guard (`guard.rs`), which kills those still listed
//! when xtask ends in a way it cannot clean up after (SIGKILL).

use std::collections::HashSet;
use std::os::fd::AsRawFd;
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result};
use nix::sys::signal::{kill, killpg, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::{getpgid, getpgrp, Pid};

use super::guard::{tell_guard, Notice, MOST_ROUNDS_OF_KILLING};
use super::memory::children_of;

/// The process groups of the programs running now, each named by its leader, the
/// program's first process: what the signal thread kills (`signals.rs`), and what the
/// search for escaped processes leaves alone.
static LIVE_PROGRAMS: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// The list of live programs, even if a thread panicked while holding it (the list is
/// still right: each change to it is one push or one removal).
pub(super) fn live_programs() -> MutexGuard<'static, Vec<Pid>> {
    LIVE_PROGRAMS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Every process group of a program started by this xtask, live or ended: a signal sent by
/// one of their processes is the program's, not the user's (`signals.rs`).
static STARTED_GROUPS: Mutex<Option<HashSet<Pid>>> = Mutex::new(None);

/// Whether `group` is the process group of a program this xtask started.
pub(super) fn is_a_program_group(group: Pid) -> bool {
    let started = STARTED_GROUPS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    started
        .as_ref()
        .is_some_and(|groups| groups.contains(&group))
}

/// The process groups of the build tools running now (`rustc` under `check --bundled`):
/// killed when xtask ends, by a signal (`signals.rs`) or otherwise (`guard.rs`), and never
/// taken for escaped processes.
static LIVE_TOOLS: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// The list of live tools, even if a thread panicked while holding it.
pub(super) fn live_tools() -> MutexGuard<'static, Vec<Pid>> {
    LIVE_TOOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A build tool started in a process group of its own, killed with xtask however xtask
/// ends; dropping it (once the tool has been waited for) takes it off the lists.
pub struct ToolGroup {
    group: Pid,
}

/// Spawns `tool` (a compiler) in a process group of its own, as a [`ToolGroup`].
pub fn spawn_tool(tool: &mut Command) -> std::io::Result<(Child, ToolGroup)> {
    let mut live = live_tools();
    let child = std::os::unix::process::CommandExt::process_group(tool, 0).spawn()?;
    let group = Pid::from_raw(child.id() as i32);
    live.push(group);
    let pipes = Vec::new();
    tell_guard(Notice::GroupStarted { group, pipes });
    Ok((child, ToolGroup { group }))
}

impl Drop for ToolGroup {
    fn drop(&mut self) {
        live_tools().retain(|group| *group != self.group);
        tell_guard(Notice::GroupEnded { group: self.group });
    }
}

/// A program started by the runner, in the list of live programs until it is dropped;
/// dropping it kills its group and every process that escaped the group.
pub(super) struct LiveProgram {
    pub(super) group: Pid,
}

impl LiveProgram {
    /// Spawns `program` and puts it in the list of live programs, both while holding the
    /// list, so that a signal cannot come between them unseen; the first live program makes
    /// xtask a subreaper.
    pub(super) fn start(program: &mut Command) -> Result<(LiveProgram, Child)> {
        let mut live = live_programs();
        if live.is_empty() {
            set_subreaper(true);
        }
        let spawned = program.spawn();
        let child = match spawned {
            Ok(child) => child,
            Err(error) => {
                if live.is_empty() {
                    set_subreaper(false);
                }
                let name = std::path::Path::new(program.get_program()).display();
                return Err(error).with_context(|| format!("starting {name}"));
            }
        };
        let group = Pid::from_raw(child.id() as i32);
        live.push(group);
        let mut started = STARTED_GROUPS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        started.get_or_insert_with(HashSet::new).insert(group);
        drop(started);
        let pipes = [
            pipe_inode(child.stdout.as_ref()),
            pipe_inode(child.stderr.as_ref()),
        ];
        let pipes = pipes.into_iter().flatten().collect();
        tell_guard(Notice::GroupStarted { group, pipes });
        Ok((LiveProgram { group }, child))
    }
}

impl Drop for LiveProgram {
    /// Kills the group until it is empty, and the processes that escaped it, in rounds: a
    /// process killed hands its children to xtask, which the next round finds. The last
    /// live program to go makes xtask an ordinary process again.
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
        tell_guard(Notice::GroupEnded { group: self.group });
        // Another program may have started meanwhile: it keeps xtask a subreaper.
        let live = live_programs();
        if live.is_empty() {
            set_subreaper(false);
        }
    }
}

/// The inode of the pipe of one of a program's outputs, by which the guard knows the
/// processes that hold it (`guard.rs`); `None` where there is no pipe.
fn pipe_inode(pipe: Option<&impl AsRawFd>) -> Option<u64> {
    let descriptor = pipe?.as_raw_fd();
    let metadata = std::fs::metadata(format!("/proc/self/fd/{descriptor}")).ok()?;
    Some(std::os::unix::fs::MetadataExt::ino(&metadata))
}

/// Makes xtask a child subreaper, or an ordinary process again (see the module's docs).
fn set_subreaper(on: bool) {
    // Where this fails (not Linux), escaped processes are not caught.
    let _ = nix::sys::prctl::set_child_subreaper(on);
}

/// Kills and reaps every child of xtask that escaped a program's group: a child in a
/// process group that is neither xtask's own (the tools xtask runs, such as cargo, stay in
/// it) nor one of the `live` programs. Returns how many it found.
pub(super) fn kill_escaped_processes(live: &[Pid]) -> usize {
    let own_group = getpgrp();
    let mut found = 0;
    for child in children_of("self") {
        let Ok(child) = child.parse().map(Pid::from_raw) else {
            continue;
        };
        let Ok(group) = getpgid(Some(child)) else {
            continue;
        };
        if group == own_group || live.contains(&group) || live_tools().contains(&group) {
            continue;
        }
        found += 1;
        let _ = killpg(group, Signal::SIGKILL);
        let _ = kill(child, Signal::SIGKILL);
        let _ = waitpid(child, Some(WaitPidFlag::empty()));
    }
    found
}
