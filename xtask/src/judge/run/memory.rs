//! Reading a program's memory, and what the peak of a run is.
//!
//! **What counts.** The program's processes: every process of the tree under the process
//! the runner started, except the *starter* (`starter.rs`: xtask, holding the program until
//! it is released, then becoming it by `exec`); a process whose command line is still the
//! starter's is not yet the program. A command with shell syntax is the program `sh -c`:
//! the shell's pages count, as GNU time counts them.
//!
//! **How much.** One process: its resident size, and its peak, the high-water mark the
//! kernel keeps for it (`VmRSS`, `VmHWM` in `/proc/PID/status`); that is the figure GNU
//! time's `%M` and the judge report. Several at once: their proportional set sizes added
//! up (`Pss` in `/proc/PID/smaps_rollup`): a page that *k* processes share counts 1/*k* in
//! each, so each page counts once, however many children share it (a page shared with a
//! process outside the program counts only its share). Where `smaps_rollup` is missing
//! (Linux before 4.14), the `Pss` lines of `/proc/PID/smaps` are added instead. One kind of
//! child is left out of the sum: one started by `vfork` (as the C library's `posix_spawn`
//! and `system` start one), which until it runs a program *is* its parent's memory, the same
//! pages in the same page tables, each counted in full in both. Its parent waits in the call
//! that started it meanwhile, which `/proc` shows (see [`is_waiting_for_vfork`]). Counted
//! twice so, awk holding 128 MiB was read at 257 MiB as it ran a shell with `system`. Just
//! before and just after that wait the parent is running, and `/proc` cannot tell a child
//! of `vfork` from one of `fork` (whose pages are copies, each counted by halves): a read
//! that meets such a child beside a running parent adds nothing up, and takes the largest
//! process's own peak alone (as GNU time does); the next read adds them up. (On a busy
//! machine one read in a few dozen met it, and a Python program of 100 MiB starting a
//! child by `posix_spawn` was read at 224 MiB.)
//!
//! **The peak of a run** is the largest of: what the reads found while it ran; each
//! program process's high-water mark read as it exited, held there (see `ptrace.rs`); and,
//! where no program process was held at its exit (`ptrace` refused, or the program let go
//! at a signal), the kernel's figure when the program was reaped (`ru_maxrss`, from
//! `wait4`), if that figure can be the program's. It cannot always be: the kernel's figure
//! for a child of xtask includes xtask's own resident size at the child's start (a child
//! of a process of 200 MB that runs `/bin/true` is reported at 218 MB), and the starter's;
//! so it is taken only above both, where it is the largest program process's own peak.
//! xtask's size at the start is known only within what its other threads take or free
//! meanwhile: so the kernel's figure must pass it by a quarter ([`KERNEL_MARGIN_PERCENT`]),
//! and it is left out where an exit was held.

use std::time::Duration;

use nix::unistd::Pid;

/// The command line of the starter (see the module's docs), as `/proc/PID/cmdline` shows
/// it: its arguments, each ended by a NUL byte. `None` for a program started without one.
#[derive(Debug, Clone, Default)]
pub(super) struct StarterLine {
    pub(super) bytes: Option<Vec<u8>>,
}

impl StarterLine {
    /// The command line of a starter run as `arguments` (the program first).
    pub(super) fn of(arguments: &[&std::ffi::OsStr]) -> StarterLine {
        use std::os::unix::ffi::OsStrExt;
        let mut bytes = Vec::new();
        for argument in arguments {
            bytes.extend_from_slice(argument.as_bytes());
            bytes.push(0);
        }
        StarterLine { bytes: Some(bytes) }
    }

    /// Whether `process` is the starter or a copy of it that has not yet become a program.
    pub(super) fn is_starter(&self, process: &str) -> bool {
        let Some(bytes) = &self.bytes else {
            return false;
        };
        std::fs::read(format!("/proc/{process}/cmdline")).is_ok_and(|line| line == *bytes)
    }
}

/// What one read of a program's tree found, in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct TreeReading {
    /// The program's processes (see the module's docs).
    pub(super) program_bytes: u64,
    /// The largest high-water mark among the starter and its copies.
    pub(super) starter_bytes: u64,
}

/// The most processes [`read_tree`] visits: a program that starts more is far past any
/// limit of these problems, and its group is killed all the same.
const MOST_PROCESSES_READ: usize = 1_000;

/// The memory of the program `root` and every process below it now (see the module's
/// docs), or `None` when `root` has ended.
pub(super) fn read_tree(root: Pid, starter: &StarterLine) -> Option<TreeReading> {
    let root_process = root.as_raw().to_string();
    status_kilobytes(&root_process, "VmHWM:")?;
    let mut reading = TreeReading::default();
    let mut programs = Vec::new();
    let mut pending = vec![Visit {
        process: root_process,
        parent: None,
        parent_call: ParentCall::Other,
    }];
    // Whether a child met beside its running parent may share its memory (see the module's
    // docs): then the sizes are not added up.
    let mut sharing_unknown = false;
    while let Some(visit) = pending.pop() {
        if programs.len() >= MOST_PROCESSES_READ {
            break;
        }
        let Visit { process, .. } = &visit;
        let Some(status) = tree_status(process, visit.parent.as_deref()) else {
            continue;
        };
        let high_water = kilobytes_of_field(&status, "VmHWM:").unwrap_or(0) * 1024;
        let children = children_of(process);
        // Asked once the list is read: a child in it that shares this process's memory
        // when its size is read below was started before the list, by the call this
        // process has waited in ever since, or is still entering or leaving.
        let parent_call = match children.is_empty() {
            true => ParentCall::Other,
            false => parent_call(process),
        };
        pending.extend(children.into_iter().map(|child| Visit {
            process: child,
            parent: Some(process.clone()),
            parent_call,
        }));
        if starter.is_starter(process) {
            reading.starter_bytes = reading.starter_bytes.max(high_water);
            continue;
        }
        reading.program_bytes = reading.program_bytes.max(high_water);
        // A child that shares its parent's memory has no size of its own to add.
        match visit.parent_call {
            ParentCall::WaitsForVfork if has_run_no_program(process) => continue,
            ParentCall::Running if has_run_no_program(process) => sharing_unknown = true,
            _ => {}
        }
        programs.push(visit.process);
    }
    if programs.len() > 1 && !sharing_unknown {
        // Read twice, in both orders, and the smaller sum taken: pages that two processes
        // stop sharing between two reads (one of them execs or ends) would count in full in
        // the one read after and by half in the one before, up to twice in all; a program
        // of 200 MB forking a shell was read at 257 MiB so, about one run in ten.
        let forward: u64 = programs
            .iter()
            .map(|process| proportional_kilobytes(process))
            .sum();
        let backward: u64 = programs
            .iter()
            .rev()
            .map(|process| proportional_kilobytes(process))
            .sum();
        reading.program_bytes = reading.program_bytes.max(forward.min(backward) * 1024);
    }
    Some(reading)
}

/// A process of the tree that [`read_tree`] is to visit.
struct Visit {
    /// Its process id.
    process: String,
    /// The parent whose list of children named it; `None` for the root.
    parent: Option<String>,
    /// Where that parent was just after the list.
    parent_call: ParentCall,
}

/// Where a parent is, as far as a child it has started may share its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParentCall {
    /// Waiting in the call that started a child by `vfork`: a child that has run no program
    /// is this parent's memory.
    WaitsForVfork,
    /// Running: perhaps entering or leaving that wait, perhaps not; `/proc` cannot tell.
    Running,
    /// Anywhere else (asleep in another call, or stopped): its children have their own
    /// memory.
    Other,
}

/// Where `process`, which has children, is (see [`ParentCall`]).
fn parent_call(process: &str) -> ParentCall {
    if is_waiting_for_vfork(process) {
        return ParentCall::WaitsForVfork;
    }
    match stat_field(process, STATE).as_deref() {
        Some("R") => ParentCall::Running,
        _ => ParentCall::Other,
    }
}

/// Whether `process` waits in the call that starts a child by `vfork` (`vfork`, or `clone`
/// or `clone3` with `CLONE_VFORK`): the child runs on the parent's memory, and the parent
/// sleeps in that call, uninterruptibly (state `D`), until the child runs a program or
/// ends (traced, it is first held there for the runner: state `t`). Where the system does not show the call, the state alone says so.
fn is_waiting_for_vfork(process: &str) -> bool {
    // Traced, the parent is held in that call a moment first, for the runner (state `t`).
    if !matches!(stat_field(process, STATE).as_deref(), Some("D" | "t")) {
        return false;
    }
    let Some(calls) = STARTING_A_CHILD else {
        return true;
    };
    let syscall = std::fs::read_to_string(format!("/proc/{process}/syscall"));
    let number = syscall.ok().and_then(|line| {
        let first = line.split_whitespace().next()?;
        first.parse::<u64>().ok()
    });
    number.is_some_and(|number| calls.contains(&number))
}

/// The numbers of the calls that start a child by `vfork` on this processor, as
/// `/proc/PID/syscall` shows them: `clone`, `vfork` (x86-64 only) and `clone3`.
const STARTING_A_CHILD: Option<&[u64]> = if cfg!(target_arch = "x86_64") {
    Some(&[56, 58, 435])
} else if cfg!(target_arch = "aarch64") {
    Some(&[220, 435])
} else {
    None
};

/// Whether `process` is a copy of its parent that has run no program yet (the kernel's
/// `PF_FORKNOEXEC` flag, which `exec` clears).
fn has_run_no_program(process: &str) -> bool {
    const FORKED_WITHOUT_EXEC: u64 = 0x40;
    let flags = stat_field(process, FLAGS).and_then(|flags| flags.parse::<u64>().ok());
    flags.is_some_and(|flags| flags & FORKED_WITHOUT_EXEC != 0)
}

/// Where a process's state (`R`, `S`, `D`...) is among the fields of `/proc/PID/stat` that
/// follow its command's name (see [`stat_field`]).
const STATE: usize = 0;

/// Where its flags, the kernel's `PF_` bits, are.
const FLAGS: usize = 6;

/// The field at `index` (from 0) of `/proc/PROCESS/stat` after the command's name, which
/// is in parentheses and may hold spaces and parentheses itself.
pub(super) fn stat_field(process: &str, index: usize) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{process}/stat")).ok()?;
    let after_name = stat.rsplit_once(')')?.1;
    after_name.split_whitespace().nth(index).map(str::to_string)
}

/// `/proc/PROCESS/status`, if `PROCESS` is still the child of `parent` that a list of
/// children named (or the root, without a parent). A process that ended between the list
/// and the read leaves its number free, and the system may give it to another, even to a
/// thread of xtask, whose `/proc/THREAD/status` shows xtask's memory: with 32,768 process
/// numbers on a busy machine, `runner_memory.rs` read an awk of 200 MB at 256 MiB so.
fn tree_status(process: &str, parent: Option<&str>) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    let field = |name: &str| {
        let line = status.lines().find(|line| line.starts_with(name))?;
        line[name.len()..]
            .split_whitespace()
            .next()
            .map(str::to_string)
    };
    let is_process = field("Tgid:").as_deref() == Some(process);
    let is_child = parent.is_none_or(|parent| field("PPid:").as_deref() == Some(parent));
    if !(is_process && is_child) {
        return None;
    }
    match status.contains("VmHWM:") {
        true => Some(status),
        false => memory_status(process),
    }
}

/// `/proc/PROCESS/status` with the process's memory fields. A process whose main thread
/// has ended while others go on (`pthread_exit`) shows none there: its memory, the whole
/// thread group's, is then read from the status of a thread still running.
fn memory_status(process: &str) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    if status.contains("VmHWM:") {
        return Some(status);
    }
    let threads = std::fs::read_dir(format!("/proc/{process}/task")).ok()?;
    threads.flatten().find_map(|thread| {
        let status = std::fs::read_to_string(thread.path().join("status")).ok()?;
        status.contains("VmHWM:").then_some(status)
    })
}

/// A field of `/proc/PROCESS/status` in kilobytes, for example `VmRSS:`, if the process
/// exists and has it (a process that has ended has no memory fields).
pub(super) fn status_kilobytes(process: &str, field: &str) -> Option<u64> {
    kilobytes_of_field(&memory_status(process)?, field)
}

/// The kilobytes on the line of `text` that starts with `field` (`Pss:   1234 kB`).
fn kilobytes_of_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(field))?;
    line[field.len()..].split_whitespace().next()?.parse().ok()
}

/// The proportional set size of `process`, in kilobytes: 0 once it has ended.
fn proportional_kilobytes(process: &str) -> u64 {
    if let Ok(rollup) = std::fs::read_to_string(format!("/proc/{process}/smaps_rollup")) {
        return kilobytes_of_field(&rollup, "Pss:").unwrap_or(0);
    }
    let smaps = std::fs::read_to_string(format!("/proc/{process}/smaps")).unwrap_or_default();
    let lines = smaps.lines().filter(|line| line.starts_with("Pss:"));
    lines
        .filter_map(|line| kilobytes_of_field(line, "Pss:"))
        .sum()
}

/// The process ids of the children of `process` (a number, or `self`): those of each of
/// its threads, from `/proc/PROCESS/task/THREAD/children`.
pub(super) fn children_of(process: &str) -> Vec<String> {
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

/// How long a program may take to load (its executable and libraries mapped into memory):
/// a reading before that may be far below what it then uses. A Rust solution on a sample
/// runs in about a millisecond, and is loaded within a few hundred microseconds.
const LOADING_TIME: Duration = Duration::from_micros(300);

/// How far above xtask's own size (and the starter's) the kernel's figure must be to be
/// taken as the program's, in percent (see the module's docs).
pub(super) const KERNEL_MARGIN_PERCENT: u64 = 25;

/// What the runner knows of a run's memory as it goes: the reads while it runs, and at the
/// end the figures of its exit and of the kernel.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct MemoryFigures {
    /// The largest reading of the program's processes.
    pub(super) program_bytes: u64,
    /// The largest high-water mark of the starter and its copies.
    pub(super) starter_bytes: u64,
    /// Whether a read found a program process after [`LOADING_TIME`].
    pub(super) read_after_loading: bool,
}

/// The figures of a run's end: those read as its processes exited, and the kernel's.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct EndFigures {
    /// When the program's first process was held at its exit, if it was: the program's
    /// end, which its reaping may follow late (a busy machine, xtask's threads waiting).
    pub(super) ended_at: Option<std::time::Instant>,
    /// The processor time of the program, all its threads and the children it waited
    /// for, user and system (`ru_utime` and `ru_stime` of `wait4`).
    pub(super) processor_time: std::time::Duration,
    /// The largest high-water mark of a program process held at its exit, if any was.
    pub(super) held_program_bytes: Option<u64>,
    /// The largest high-water mark of the starter or a copy, held at its exit.
    pub(super) held_starter_bytes: u64,
    /// The kernel's figure for the process the runner started (`ru_maxrss`).
    pub(super) kernel_bytes: u64,
    /// xtask's own size as the program started (its resident size then, and its
    /// high-water mark, reset just before): what the kernel's figure holds of xtask (see
    /// the module's docs).
    pub(super) runner_bytes: u64,
}

impl MemoryFigures {
    /// Takes one reading made `since_start` after the run started.
    pub(super) fn take(&mut self, reading: TreeReading, since_start: Duration) {
        self.program_bytes = self.program_bytes.max(reading.program_bytes);
        self.starter_bytes = self.starter_bytes.max(reading.starter_bytes);
        let found_program = reading.program_bytes > 0;
        self.read_after_loading |= found_program && since_start >= LOADING_TIME;
    }

    /// The peak of the run (see the module's docs). Where no exit was held, the kernel's
    /// figure is taken too when nothing read the program after it had loaded: then it is
    /// the best known, if perhaps xtask's size.
    pub(super) fn peak(&self, end: EndFigures) -> u64 {
        let Some(held) = end.held_program_bytes else {
            return match self.kernel_is_the_programs(end) || !self.read_after_loading {
                true => self.program_bytes.max(end.kernel_bytes),
                false => self.program_bytes,
            };
        };
        self.program_bytes.max(held)
    }

    /// Whether the kernel's figure can only be the program's: above xtask's own size and
    /// the starter's by a quarter (see the module's docs).
    fn kernel_is_the_programs(&self, end: EndFigures) -> bool {
        let not_the_programs = end
            .runner_bytes
            .max(self.starter_bytes)
            .max(end.held_starter_bytes);
        let margin = not_the_programs / 100 * KERNEL_MARGIN_PERCENT;
        end.kernel_bytes > not_the_programs + margin
    }

    /// Whether [`MemoryFigures::peak`] is the program's peak: read at an exit held, or the
    /// kernel's figure where it can only be the program's. Otherwise it is what the reads
    /// found, at least the peak and perhaps far under it, and no figure is shown.
    pub(super) fn is_exact(&self, end: EndFigures) -> bool {
        end.held_program_bytes.is_some() || self.kernel_is_the_programs(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_figure_counts_only_above_what_is_not_the_programs() {
        let figures = MemoryFigures {
            program_bytes: 3 << 20,
            starter_bytes: 1 << 20,
            read_after_loading: true,
        };
        let end = EndFigures {
            held_program_bytes: None,
            held_starter_bytes: 0,
            kernel_bytes: 6 << 20,
            runner_bytes: 6 << 20,
            ..EndFigures::default()
        };
        // Nothing held; xtask's own 6 MiB: the kernel's figure may be xtask's.
        assert_eq!(figures.peak(end), 3 << 20);
        // Within a quarter above xtask's size, it may still be xtask's; above, the program's.
        let end = EndFigures {
            kernel_bytes: 7 << 20,
            ..end
        };
        assert_eq!(figures.peak(end), 3 << 20);
        let end = EndFigures {
            kernel_bytes: 9 << 20,
            ..end
        };
        assert_eq!(figures.peak(end), 9 << 20);
        // An exit held: its figure stands, whatever the kernel's.
        let end = EndFigures {
            held_program_bytes: Some(4 << 20),
            ..end
        };
        assert_eq!(figures.peak(end), 4 << 20);
    }

    #[test]
    fn a_field_is_read_in_kilobytes() {
        let text = "Rss:   2048 kB\nPss:    512 kB\n";
        assert_eq!(kilobytes_of_field(text, "Pss:"), Some(512));
        assert_eq!(kilobytes_of_field(text, "Swap:"), None);
    }
}
