//! Watching one run: the reports of the threads that follow the program, its memory read
//! as [`MemoryWatch`] says, and the program stopped at its time or memory limit, once it
//! has ended, and on an error, until it is reaped and its outputs are closed.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};

use super::memory::{MemoryFigures, TreeReading};
use super::output::{CapturedOutput, Stream};
use super::start::RELEASE_WAIT;
use super::{
    Ending, Limits, MemoryFigure, MemoryWatch, Report, Run, CLOSE_WATCH_PAUSE, CLOSE_WATCH_TIME,
    LATE_OUTPUT_MARGIN, POLL_INTERVAL,
};

/// How far the run has come, as [`watch`] follows the reports.
enum Progress {
    /// The program is running and must end by the deadline.
    Running,
    /// The runner stopped the program, at a limit, and waits for it to be reaped.
    Stopped {
        /// Which limit: [`Ending::StoppedAtTimeLimit`], [`Ending::StoppedAtMemoryLimit`] or
        /// [`Ending::StoppedAtOutputLimit`].
        ending: Ending,
    },
    /// The program ended and was reaped; only its outputs are still read, until they
    /// close or the deadline (the late-output margin) passes.
    Reaped {
        /// How it ended.
        ending: Ending,
        /// From its start to its end.
        elapsed: Duration,
        /// Its processor time (see [`Run::processor_time`]).
        processor_time: Duration,
    },
}

/// What [`watch`] does to the program it follows: kill its group, and read its memory
/// (`None` when it cannot be read, for example once it has ended).
pub(super) struct WatchedProgram<'a> {
    pub(super) stop_group: &'a mut dyn FnMut(),
    pub(super) read_memory: &'a dyn Fn() -> Option<TreeReading>,
    pub(super) memory_watch: MemoryWatch,
    /// Whether it starts held: its time limit then runs from its release.
    pub(super) held: bool,
}

/// Follows the reports of one run started at `started` until the program has been reaped
/// and its outputs are closed (or the late-output margin has passed), reading its memory
/// as [`MemoryWatch`] says and killing its group at a limit, once it has ended, and on an
/// error. On an error it also waits until the program is reaped before it returns.
pub(super) fn watch(
    reports: &Receiver<Report>,
    started: Instant,
    limits: Limits,
    program: &mut WatchedProgram<'_>,
) -> Result<Run> {
    let mut state = WatchState::new(started, limits, program.held);
    let watched: Result<()> = loop {
        if state.is_over() {
            break Ok(());
        }
        state.poll_memory_if_due(program);
        match reports.recv_timeout(state.wake().saturating_duration_since(Instant::now())) {
            Ok(report) => {
                if let Err(error) = state.take(report, program) {
                    break Err(error);
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if state.deadline_passed(program) {
                    break Ok(());
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                break Err(anyhow!(
                    "the threads watching the program stopped reporting"
                ))
            }
        }
    };
    state.finish(watched, reports, program)
}

/// The state of [`watch`].
struct WatchState {
    /// When the program started: when it was spawned, or, held, released.
    started: Instant,
    limits: Limits,
    outputs: [CapturedOutput; 2],
    progress: Progress,
    /// When the program must end (the time limit), or when waiting for its end or its
    /// outputs gives up.
    deadline: Instant,
    memory: MemoryFigures,
    /// The peak, once the program is reaped.
    peak_memory_bytes: u64,
    /// Whether it is the peak.
    memory_figure: MemoryFigure,
    next_poll: Instant,
}

impl WatchState {
    /// The state of a run started at `started`; a `held` program's time limit starts at its
    /// release, which comes within [`RELEASE_WAIT`].
    fn new(started: Instant, limits: Limits, held: bool) -> WatchState {
        let release = match held {
            true => RELEASE_WAIT,
            false => Duration::ZERO,
        };
        WatchState {
            started,
            limits,
            outputs: [CapturedOutput::default(), CapturedOutput::default()],
            progress: Progress::Running,
            deadline: started + release + limits.time,
            memory: MemoryFigures::default(),
            peak_memory_bytes: 0,
            memory_figure: MemoryFigure::AtLeast,
            next_poll: Instant::now(),
        }
    }

    /// Whether the program has been reaped and both its outputs have closed.
    fn is_over(&self) -> bool {
        let all_closed = self.outputs.iter().all(|output| output.closed);
        all_closed && matches!(self.progress, Progress::Reaped { .. })
    }

    /// When to wake up next: at the deadline, or the next poll while the program runs.
    fn wake(&self) -> Instant {
        match self.progress {
            Progress::Running => self.deadline.min(self.next_poll),
            Progress::Stopped { .. } | Progress::Reaped { .. } => self.deadline,
        }
    }

    /// Stops the program at `ending` (a limit); the report that it was reaped follows.
    fn stop(&mut self, ending: Ending, program: &mut WatchedProgram<'_>) {
        (program.stop_group)();
        self.progress = Progress::Stopped { ending };
        self.deadline = Instant::now() + LATE_OUTPUT_MARGIN;
    }

    /// Reads the memory of a running program when a poll is due, and stops it over the
    /// limit: closely in its first milliseconds, so that a program of a millisecond is
    /// read while it runs, then every [`POLL_INTERVAL`].
    fn poll_memory_if_due(&mut self, program: &mut WatchedProgram<'_>) {
        if !matches!(self.progress, Progress::Running) || Instant::now() < self.next_poll {
            return;
        }
        if let Some(reading) = (program.read_memory)() {
            self.memory.take(reading, self.started.elapsed());
        }
        if self.memory.program_bytes > self.limits.memory_bytes {
            self.stop(Ending::StoppedAtMemoryLimit, program);
        }
        let close = program.memory_watch == MemoryWatch::Close;
        let pause = match close && self.started.elapsed() < CLOSE_WATCH_TIME {
            true => CLOSE_WATCH_PAUSE,
            false => POLL_INTERVAL,
        };
        self.next_poll = Instant::now() + pause;
    }

    /// Takes one report of the helper threads; an error ends the watch.
    fn take(&mut self, report: Report, program: &mut WatchedProgram<'_>) -> Result<()> {
        match report {
            Report::Released { at } => {
                self.started = at;
                if matches!(self.progress, Progress::Running) {
                    self.deadline = at + self.limits.time;
                }
            }
            Report::Reaped { waited, at, end } => {
                (program.stop_group)();
                let status =
                    waited.map_err(|error| anyhow!(error).context("waiting for the program"))?;
                self.peak_memory_bytes = self.memory.peak(end);
                self.memory_figure = match self.memory.is_exact(end) {
                    true => MemoryFigure::Peak,
                    false => MemoryFigure::AtLeast,
                };
                let ending = match self.progress {
                    Progress::Stopped { ending } => ending,
                    _ => Ending::from_status(status),
                };
                let ended_at = end.ended_at.unwrap_or(at);
                let elapsed = ended_at.saturating_duration_since(self.started);
                let processor_time = end.processor_time;
                self.progress = Progress::Reaped {
                    ending,
                    elapsed,
                    processor_time,
                };
                self.deadline = at + LATE_OUTPUT_MARGIN;
            }
            Report::Output { stream, bytes } => {
                let output = &mut self.outputs[stream as usize];
                match bytes {
                    Ok(bytes) if bytes.is_empty() => output.closed = true,
                    Ok(bytes) => {
                        output.add(&bytes);
                        let over = stream == Stream::Stdout && output.was_cut;
                        if over && matches!(self.progress, Progress::Running) {
                            self.stop(Ending::StoppedAtOutputLimit, program);
                        }
                    }
                    Err(error) => {
                        return Err(anyhow!(error).context("reading the program's output"))
                    }
                }
            }
        }
        Ok(())
    }

    /// Handles a wake-up with no report; true when the watch is over (the late-output
    /// margin has passed after the program's end: what is still open is not the program's).
    fn deadline_passed(&mut self, program: &mut WatchedProgram<'_>) -> bool {
        if Instant::now() < self.deadline {
            // Time for the next poll of the memory.
            return false;
        }
        match self.progress {
            Progress::Reaped { .. } => return true,
            // Stopped already: waiting longer for the report that it was reaped.
            Progress::Stopped { .. } => self.deadline = Instant::now() + LATE_OUTPUT_MARGIN,
            Progress::Running => self.stop(Ending::StoppedAtTimeLimit, program),
        }
        false
    }

    /// The run, once `watched` has ended; if watching failed before the program was
    /// reaped, stops it and waits until the program thread has reaped it, so that no
    /// process is left behind. (A killed process is reaped at once; the wait is bounded in
    /// case waiting itself was what failed.)
    fn finish(
        self,
        watched: Result<()>,
        reports: &Receiver<Report>,
        program: &mut WatchedProgram<'_>,
    ) -> Result<Run> {
        let Progress::Reaped {
            ending,
            elapsed,
            processor_time,
        } = self.progress
        else {
            (program.stop_group)();
            let give_up = Instant::now() + Duration::from_secs(10);
            while let Ok(report) =
                reports.recv_timeout(give_up.saturating_duration_since(Instant::now()))
            {
                if matches!(report, Report::Reaped { .. }) {
                    break;
                }
            }
            return Err(watched.expect_err("the watch ends early only on an error"));
        };
        watched?;
        let [stdout, stderr] = self.outputs;
        Ok(Run {
            ending,
            elapsed,
            processor_time,
            peak_memory_bytes: self.peak_memory_bytes,
            memory_figure: self.memory_figure,
            output_held_open: !(stdout.closed && stderr.closed),
            stdout_was_cut: stdout.was_cut,
            stdout: stdout.kept,
            stderr: stderr.kept,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::memory::EndFigures;
    use super::super::output::Stream;
    use super::*;
    use crate::judge::checker::Checker;
    use crate::judge::{judge_run, Verdict};
    use std::io;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;
    use std::sync::mpsc;

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
            held: false,
        }
    }

    /// What [`program`] reads of the memory: nothing.
    fn unknown_memory() -> Option<TreeReading> {
        None
    }

    /// A report that the program exited with `code` at `at`, held at its exit at
    /// `peak_memory_bytes`.
    fn reaped(code: i32, at: Instant, peak_memory_bytes: u64) -> Report {
        Report::Reaped {
            waited: Ok(ExitStatus::from_raw(code << 8)),
            at,
            end: EndFigures {
                held_program_bytes: Some(peak_memory_bytes),
                ..EndFigures::default()
            },
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
        let limits = Limits::time_only(Duration::from_secs(1));
        let run = watch(&reports, started, limits, &mut program(&mut || stops += 1)).unwrap();
        assert_eq!(run.ending, Ending::Exited { code: 0 });
        assert_eq!(run.elapsed, Duration::from_millis(1_050));
        assert!(stops >= 1, "the group is killed once the program has ended");
        let verdict = judge_run(&run, limits, b"", EXPECTED, &Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::TimeLimitExceeded);
        // The same run under a limit it kept is accepted, with its memory.
        let limits = Limits::time_only(Duration::from_millis(1_100));
        let verdict = judge_run(&run, limits, b"", EXPECTED, &Checker::Exact).unwrap();
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
                end: EndFigures::default(),
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
