//! When a program ended, as the kernel recorded it. A process held at its exit (see
//! `ptrace.rs`) last ran at its end, and the scheduler keeps that moment: `se.exec_start`
//! in `/proc/PID/sched`, in milliseconds of the clock of the processor it last ran on. Each
//! processor keeps its own such clock, apart from the others by the time stolen from it
//! (by the host of a virtual machine) or spent in interrupts: two processors of one machine
//! were 400 ms apart. So the moment is carried over to [`Instant`]'s clock on that very
//! processor: this thread moves there a moment, sleeps a microsecond, and reads its own
//! record of waking, which is then. So the time of a run is the program's, even when xtask
//! was stopped (`SIGSTOP`, Ctrl-Z) or kept off the processors as the program ended (a
//! program of 500 ms, ending while xtask was stopped for 2 s, was timed at 2,188 ms when
//! its end was taken as xtask saw it: `tests/judge_commands.rs`). Where
//! `/proc/PID/sched` is missing (a kernel built without `CONFIG_SCHED_DEBUG`) or the
//! thread cannot move, the moment xtask sees the end is taken instead.

use std::time::{Duration, Instant};

use nix::sched::{sched_getaffinity, sched_setaffinity, CpuSet};
use nix::unistd::Pid;

use super::memory::stat_field;

/// When `process`, held stopped, last ran (see the module's docs).
pub(super) fn last_ran(process: Pid) -> Instant {
    let process = process.as_raw().to_string();
    let stopped = scheduler_milliseconds(&process);
    let processor = stat_field(&process, LAST_PROCESSOR).and_then(|field| field.parse().ok());
    let (Some(stopped), Some(processor)) = (stopped, processor) else {
        return Instant::now();
    };
    let woke = on_processor(processor, || {
        // A sleep ends with this thread put back on the processor, which its clock records.
        std::thread::sleep(Duration::from_micros(1));
        let woke = scheduler_milliseconds("thread-self");
        let now = Instant::now();
        let still_there = stat_field("thread-self", LAST_PROCESSOR) == Some(processor.to_string());
        woke.filter(|_| still_there).map(|woke| (woke, now))
    });
    let Some((woke, now)) = woke.flatten() else {
        return Instant::now();
    };
    let since = Duration::from_secs_f64((woke - stopped).max(0.0) / 1000.0);
    now.checked_sub(since).unwrap_or(now)
}

/// Runs `work` on this thread moved to `processor` alone, then moves the thread back;
/// `None` where it cannot move.
fn on_processor<T>(processor: usize, work: impl FnOnce() -> T) -> Option<T> {
    let this_thread = Pid::from_raw(0);
    let allowed = sched_getaffinity(this_thread).ok()?;
    let mut only = CpuSet::new();
    only.set(processor).ok()?;
    sched_setaffinity(this_thread, &only).ok()?;
    let result = work();
    let _ = sched_setaffinity(this_thread, &allowed);
    Some(result)
}

/// When the scheduler last put `process` (a number, or `thread-self`) on a processor or
/// took it off, in milliseconds of that processor's clock; `None` where `/proc` does not
/// show it.
fn scheduler_milliseconds(process: &str) -> Option<f64> {
    let sched = std::fs::read_to_string(format!("/proc/{process}/sched")).ok()?;
    let line = sched
        .lines()
        .find(|line| line.starts_with("se.exec_start"))?;
    line.split(':').nth(1)?.trim().parse().ok()
}

/// Where the number of the processor a process last ran on is among the fields of
/// `/proc/PID/stat` that follow its command's name (see [`stat_field`]; the 39th field).
const LAST_PROCESSOR: usize = 36;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_stopped_a_while_ago_last_ran_then() {
        // A child that stops itself at once, looked at 200 ms later.
        let mut child = std::process::Command::new("sh")
            .args(["-c", "kill -STOP $$"])
            .spawn()
            .expect("sh starts");
        let started = Instant::now();
        let pid = Pid::from_raw(child.id() as i32);
        while !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit_once(')')
                .is_some_and(|(_, rest)| rest.starts_with(" T"))
        }) {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(200));
        let stopped = last_ran(pid);
        let _ = child.kill();
        let _ = child.wait();
        if scheduler_milliseconds("self").is_none() {
            eprintln!("skipped: /proc/PID/sched is missing here");
            return;
        }
        let before_now = Instant::now().saturating_duration_since(stopped);
        assert!(
            before_now >= Duration::from_millis(190),
            "{before_now:?} ago"
        );
        assert!(
            stopped >= started - Duration::from_millis(50),
            "before the start"
        );
    }
}
