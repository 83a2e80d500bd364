//! Judging one run of a program as the judge would: [`run`] runs the program (its own
//! process group, the judge's environment, time and memory watched), [`judge_run`] turns
//! what it did into a [`Verdict`], and [`judge_case`] does both. [`checker`] decides
//! whether an output is right; [`command`] reads a program a user names with `--command`.
//! Memory is shown as the judge shows it, in kilobytes ([`kilobytes`]).
//!
//! The judge knows nothing of manifests: it is given a program, an input, limits and a
//! checker (a problem's sample is read, and its facts taken from its manifest, in
//! `problems::workspace`).
//!
//! The verdict, in the order the judge decides it:
//!
//! 1. **TLE** when the wall time from start to end is over the time limit, however the run
//!    ended (the runner stops a program still running at the limit; a program that ends
//!    after the limit, while the runner was slow to notice, is over it all the same).
//! 2. **MLE** when the peak memory is over the memory limit, however the run ended (the
//!    runner stops a program as soon as it finds it over the limit).
//! 3. **OLE** (output limit exceeded) when its standard output passed
//!    [`CAPTURE_LIMIT_BYTES`] (the runner stops a program there).
//! 4. **RE** when the program exited with a non-zero code or a signal killed it.
//! 5. **AC**, **PE** (presentation error: the right words, white space the judge refuses) or
//!    **WA**, as the problem's [`Checker`] decides on the output.

pub mod checker;
pub mod command;
pub mod language;
pub mod run;
pub mod shown;

use std::process::Command;
use std::time::Duration;

use anyhow::Result;

pub use run::guard::{run_guard, GUARD_WORD};
pub use run::starter::{run_starter, STARTER_WORD};
pub use run::{
    run_program, run_program_watching, spawn_tool, stop_programs_on_signals, Ending, Limits,
    MemoryFigure, MemoryWatch, Run, TemporaryFolder, ToolGroup, CAPTURE_LIMIT_BYTES,
    ENDING_SIGNALS, LATE_OUTPUT_MARGIN, POLL_INTERVAL,
};

use crate::judge::checker::{Checker, CheckerVerdict};
use crate::judge::shown::shorten;

/// The judge's verdict on one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// AC: the output is right.
    Accepted,
    /// WA: the program ended normally but the output is wrong.
    WrongAnswer {
        /// Why, from the checker: a diff or one sentence.
        reason: String,
    },
    /// RE: the program exited with a non-zero code or a signal killed it.
    RuntimeError {
        /// How it ended.
        ending: Ending,
        /// What it wrote to standard error, if anything: see [`stderr_message`].
        stderr_message: Option<String>,
    },
    /// PE: the output holds the right answer, but laid out with white space the judge
    /// refuses.
    PresentationError {
        /// Why, from the checker.
        reason: String,
    },
    /// OLE: the output passed the output limit, and the program was stopped there.
    OutputLimitExceeded {
        /// The limit, in bytes.
        limit_bytes: usize,
    },
    /// TLE: the run took longer than the time limit.
    TimeLimitExceeded,
    /// MLE: the run's peak memory was over the memory limit.
    MemoryLimitExceeded {
        /// The limit, in kilobytes as the judge writes it (262144 KB for 256 MB).
        limit_kilobytes: u64,
    },
}

impl Verdict {
    /// The judge's short name for the verdict: `AC`, `PE`, `WA`, `RE`, `OLE`, `TLE` or `MLE`.
    pub fn short_name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::PresentationError { .. } => "PE",
            Verdict::OutputLimitExceeded { .. } => "OLE",
            Verdict::WrongAnswer { .. } => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded { .. } => "MLE",
        }
    }

    /// Whether the verdict is AC.
    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// What to print under the verdict line, if anything: the reason for a wrong
    /// answer, how a crashed program ended and the first line of its standard error, or
    /// the memory limit in the unit of the figure on the verdict line.
    pub fn details(&self) -> Option<String> {
        match self {
            Verdict::Accepted | Verdict::TimeLimitExceeded => None,
            Verdict::MemoryLimitExceeded { limit_kilobytes } => {
                Some(format!("the memory limit is {limit_kilobytes} KB"))
            }
            Verdict::WrongAnswer { reason } => Some(reason.clone()),
            Verdict::PresentationError { reason } => Some(format!(
                "the right answer, laid out with white space the judge refuses: {reason}"
            )),
            Verdict::OutputLimitExceeded { limit_bytes } => Some(format!(
                "the output passed the output limit of {limit_bytes} bytes, and the program \
                 was stopped there"
            )),
            Verdict::RuntimeError {
                ending,
                stderr_message,
            } => Some(match stderr_message {
                Some(line) => format!("{ending}; standard error: {line}"),
                None => format!("{ending}; nothing on standard error"),
            }),
        }
    }

    /// The verdict in words, on one line or more: its short name, then its details where
    /// it has them (`RE: exit code 3; standard error: out of cheese`).
    pub fn describe(&self) -> String {
        match self.details() {
            Some(details) => format!("{}: {details}", self.short_name()),
            None => self.short_name().to_string(),
        }
    }
}

/// What standard error says, for the details of RE: its first line that is not blank,
/// shortened. A Rust panic's first line says only where (`thread 'main' (…) panicked at
/// src/main.rs:7:20:`) and its message comes on the next line, so for a panic both are
/// given, on one line.
pub fn stderr_message(output: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(output);
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let first = lines.next()?.trim_end();
    let is_panic = first.starts_with("thread '") && first.contains(" panicked at ");
    match lines.next() {
        Some(message) if is_panic && first.ends_with(':') => {
            Some(format!("{} {}", shorten(first), shorten(message.trim())))
        }
        _ => Some(shorten(first).into_owned()),
    }
}

/// The verdict on `run` under `limits` (see the module's docs for the order). An `Err`
/// comes only from the checker failing to work (a broken input file).
pub fn judge_run(
    run: &Run,
    limits: Limits,
    input: &[u8],
    expected: &[u8],
    checker: &Checker,
) -> Result<Verdict> {
    if run.ending == Ending::StoppedAtTimeLimit || run.elapsed > limits.time {
        return Ok(Verdict::TimeLimitExceeded);
    }
    if run.ending == Ending::StoppedAtMemoryLimit || run.peak_memory_bytes > limits.memory_bytes {
        return Ok(Verdict::MemoryLimitExceeded {
            limit_kilobytes: kilobytes(limits.memory_bytes),
        });
    }
    if run.ending == Ending::StoppedAtOutputLimit || run.stdout_was_cut {
        return Ok(Verdict::OutputLimitExceeded {
            limit_bytes: CAPTURE_LIMIT_BYTES,
        });
    }
    if !run.ending.is_success() {
        return Ok(Verdict::RuntimeError {
            ending: run.ending,
            stderr_message: stderr_message(&run.stderr),
        });
    }
    Ok(match checker.check(input, expected, &run.stdout)? {
        CheckerVerdict::Accepted => Verdict::Accepted,
        CheckerVerdict::PresentationError { reason } => Verdict::PresentationError { reason },
        CheckerVerdict::Rejected { reason } if run.output_held_open => Verdict::WrongAnswer {
            reason: format!(
                "{reason}\n(a process it started held its output open after it ended; \
                 what came later was not read)"
            ),
        },
        CheckerVerdict::Rejected { reason } => Verdict::WrongAnswer { reason },
    })
}

/// The verdict on one case, with the time and memory the run took.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Wall-clock time of the run (about the time limit for TLE).
    pub elapsed: Duration,
    /// Processor time of the run: all its threads and the children it waited for.
    pub processor_time: Duration,
    /// The run's peak resident memory, in bytes.
    pub peak_memory_bytes: u64,
    /// Whether that is the peak, or only what the reads found (then no figure is shown).
    pub memory_figure: MemoryFigure,
    /// The time limit it was judged under.
    pub time_limit: Duration,
}

impl Judgement {
    /// The verdict, wall time, processor time and memory as one aligned piece of a line, in
    /// the judge's units: `AC      3 ms  cpu    2 ms    1904 KB`. A time over the limit is
    /// never written as the limit: a run stopped at 1,000 ms under a limit of 1,000 ms is
    /// `TLE >1000 ms`.
    pub fn summary(&self) -> String {
        let name = self.verdict.short_name();
        let memory = kilobytes(self.peak_memory_bytes);
        let time = match self.verdict {
            Verdict::TimeLimitExceeded => format!(">{}", self.time_limit.as_millis()),
            _ => self.elapsed.as_millis().to_string(),
        };
        let cpu = self.processor_time.as_millis();
        let memory = match self.memory_figure {
            MemoryFigure::Peak => memory.to_string(),
            MemoryFigure::AtLeast => "?".to_string(),
        };
        format!("{name:<3} {time:>5} ms  cpu {cpu:>4} ms {memory:>7} KB")
    }

    /// Why no memory figure is shown, when none is: a line for under the case.
    pub fn memory_note(&self) -> Option<String> {
        let found = kilobytes(self.peak_memory_bytes);
        (self.memory_figure == MemoryFigure::AtLeast).then(|| {
            format!(
                "no memory figure: the program was not held at its exit (ptrace is refused \
                 here, or it was let go after its first signals) and the kernel's figure may \
                 be xtask's own; the reads found {found} KB, and the peak may be more"
            )
        })
    }
}

/// `bytes` in kilobytes of 1,024 bytes, the unit in which the judge shows memory and its
/// limit ("2020 KB"; 262144 KB for a limit of 256 MB), as GNU time's `%M` does.
pub fn kilobytes(bytes: u64) -> u64 {
    bytes / 1024
}

/// Runs `program` on `input` within `limits` and judges its output against `expected`
/// with `checker`: what `cargo xtask check` does for each case.
pub fn judge_case(
    program: &mut Command,
    input: &[u8],
    expected: &[u8],
    limits: Limits,
    checker: &Checker,
) -> Result<Judgement> {
    let run = run_program(program, input, limits)?;
    let verdict = judge_run(&run, limits, input, expected, checker)?;
    Ok(Judgement {
        verdict,
        elapsed: run.elapsed,
        processor_time: run.processor_time,
        peak_memory_bytes: run.peak_memory_bytes,
        memory_figure: run.memory_figure,
        time_limit: limits.time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nix::sys::signal::Signal;
    use nix::unistd::Pid;
    use std::thread;
    use std::time::Instant;

    /// Plenty of time for the quick fake programs below.
    const GENEROUS_LIMIT: Duration = Duration::from_secs(10);

    const EXPECTED: &[u8] = b"1 2 3\n4 5 6\n";

    /// Generous limits for the quick fake programs below.
    const GENEROUS: Limits = Limits {
        time: GENEROUS_LIMIT,
        memory_bytes: 1 << 30,
    };

    /// `GENEROUS`, but with this time limit.
    fn time_limit(time: Duration) -> Limits {
        Limits { time, ..GENEROUS }
    }

    /// A fake solution: `/bin/sh -c script`.
    fn shell(script: &str) -> Command {
        let mut program = Command::new("/bin/sh");
        program.args(["-c", script]);
        program
    }

    /// Judges `program` on an empty input against `EXPECTED` with the exact checker.
    fn judge_exact(program: &mut Command, limits: Limits) -> Judgement {
        judge_case(program, b"", EXPECTED, limits, &Checker::Exact).expect("the fake program runs")
    }

    #[test]
    fn a_correct_answer_is_accepted() {
        // A script file that prints a file holding the expected output. The script is
        // given to `sh` rather than executed itself, which avoids "text file busy" when
        // another test thread starts a process while this file is still open.
        let directory = tempfile::tempdir().expect("a temporary folder");
        let answer_path = directory.path().join("answer.out");
        std::fs::write(&answer_path, EXPECTED).expect("temp dir is writable");
        let script_path = directory.path().join("solution.sh");
        let script = format!("cat '{}'\n", answer_path.display());
        std::fs::write(&script_path, script).expect("temp dir is writable");

        let mut program = Command::new("/bin/sh");
        program.arg(&script_path);
        let judgement = judge_exact(&mut program, GENEROUS);
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn the_input_reaches_standard_input() {
        // `cat` copies its input to its output, so giving it the expected output as
        // input must be accepted.
        let mut program = Command::new("/bin/cat");
        let judgement = judge_case(&mut program, EXPECTED, EXPECTED, GENEROUS, &Checker::Exact)
            .expect("cat runs");
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn a_wrong_answer_is_caught_with_a_diff_naming_the_line() {
        let judgement = judge_exact(&mut shell("printf '1 2 3\\n4 0 6\\n'"), GENEROUS);
        assert_eq!(judgement.verdict.short_name(), "WA");
        let details = judgement
            .verdict
            .details()
            .expect("a wrong answer has a reason");
        assert!(details.contains("line 2 differs"), "{details}");
        assert!(details.contains("-   2 | 4 5 6"), "{details}");
        assert!(details.contains("+   2 | 4 0 6"), "{details}");
    }

    #[test]
    fn a_crash_is_a_runtime_error_with_its_status_and_stderr_message() {
        let judgement = judge_exact(
            &mut shell(
                "printf '1 2 3\\n4 5 6\\n'; echo 'out of cheese' >&2; echo more >&2; exit 3",
            ),
            GENEROUS,
        );
        match &judgement.verdict {
            Verdict::RuntimeError {
                ending,
                stderr_message,
            } => {
                assert_eq!(*ending, Ending::Exited { code: 3 });
                assert_eq!(stderr_message.as_deref(), Some("out of cheese"));
            }
            other => panic!("expected RE, got {other:?}"),
        }
        let details = judgement.verdict.details().expect("RE has details");
        assert_eq!(details, "exit code 3; standard error: out of cheese");
        assert_eq!(
            judgement.verdict.describe(),
            "RE: exit code 3; standard error: out of cheese"
        );
        assert_eq!(Verdict::TimeLimitExceeded.describe(), "TLE");

        // A line of a megabyte is shown cut short.
        let judgement = judge_exact(
            &mut shell("head -c 1000000 /dev/zero | tr '\\0' x >&2; exit 1"),
            GENEROUS,
        );
        let details = judgement.verdict.details().expect("RE has details");
        assert!(details.len() < 200, "{} bytes", details.len());
        assert!(details.ends_with("xxx..."), "{details}");
    }

    #[test]
    fn a_program_killed_by_a_signal_is_a_runtime_error() {
        let judgement = judge_exact(&mut shell("kill -9 $$"), GENEROUS);
        match &judgement.verdict {
            Verdict::RuntimeError { ending, .. } => {
                assert!(matches!(ending, Ending::KilledBySignal { signal: 9, .. }))
            }
            other => panic!("expected RE, got {other:?}"),
        }
        let details = judgement.verdict.details().expect("RE has details");
        assert!(details.contains("signal"), "{details}");
    }

    #[test]
    fn a_slow_program_is_killed_at_the_time_limit() {
        let directory = tempfile::tempdir().expect("a temporary folder");
        let pid_path = directory.path().join("pid");
        // The shell writes its process id and then becomes `sleep` (same id) by `exec`.
        let script = format!("echo $$ > '{}'; exec sleep 30", pid_path.display());

        let started = Instant::now();
        let judgement = judge_exact(&mut shell(&script), time_limit(Duration::from_millis(200)));
        assert_eq!(judgement.verdict, Verdict::TimeLimitExceeded);
        assert!(judgement.elapsed >= Duration::from_millis(200));
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the runner waited too long"
        );

        // `kill -0` only asks whether the process exists; it must be gone.
        let pid = std::fs::read_to_string(&pid_path).expect("the script wrote its pid");
        let still_alive = Command::new("/bin/sh")
            .args(["-c", &format!("kill -0 {} 2>/dev/null", pid.trim())])
            .status()
            .expect("sh runs");
        assert!(!still_alive.success(), "process {} survived", pid.trim());
    }

    #[test]
    fn a_slow_program_whose_child_holds_the_pipes_does_not_hang_the_runner() {
        // Here the shell starts `sleep` as a separate process that inherits the output
        // pipes; the runner kills the shell and must not wait for `sleep` to finish.
        let started = Instant::now();
        let judgement = judge_exact(
            &mut shell("sleep 3; echo late"),
            time_limit(Duration::from_millis(200)),
        );
        assert_eq!(judgement.verdict, Verdict::TimeLimitExceeded);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "the runner waited too long"
        );
    }

    #[test]
    fn output_from_a_process_left_behind_does_not_count() {
        // The program ends at once, leaving a process that prints the right answer a
        // moment later. The judge must not wait for it, nor take its output.
        let mut program = shell("(sleep 1; printf '1 2 3\\n4 5 6\\n') & exit 0");
        let started = Instant::now();
        let judgement = judge_exact(&mut program, GENEROUS);
        assert!(!judgement.verdict.is_accepted(), "{judgement:?}");
        assert!(
            started.elapsed() < Duration::from_millis(900),
            "waited for the orphan"
        );
    }

    #[test]
    fn a_process_that_leaves_the_group_cannot_hold_the_judge() {
        // `setsid` puts the grandchild in a session and process group of its own (the
        // program waits a moment for that), so killing the program's group does not reach
        // it, and it would keep the output pipes open for seconds. The program answers and
        // ends; the runner kills the grandchild then (xtask inherits it as a subreaper),
        // and the judge judges the answer at once, without the late words.
        let mut program = shell(
            "setsid sh -c 'sleep 4; echo late-output; echo late >&2' & sleep 0.3; \
             printf '1 2 3\\n4 5 6\\n'",
        );
        let started = Instant::now();
        let run = run_program(&mut program, b"", GENEROUS).expect("sh runs");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "waited {:?} for the grandchild",
            started.elapsed()
        );
        assert!(run.ending.is_success());
        assert_eq!(run.stdout, EXPECTED);
        assert!(
            !run.output_held_open,
            "the grandchild held the outputs open"
        );
        let verdict = judge_run(&run, GENEROUS, b"", EXPECTED, &Checker::Exact).unwrap();
        assert_eq!(verdict, Verdict::Accepted);
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        // The program prints 8 MB before reading any of its 8 MB input; with both
        // pipes handled on threads neither side waits on the other forever.
        let input = vec![b'x'; 8 * 1024 * 1024];
        let mut program = shell("head -c 8388608 /dev/zero; cat > /dev/null");
        let run = run_program(&mut program, &input, GENEROUS).expect("sh runs");
        assert!(run.ending.is_success());
        assert_eq!(run.stdout.len(), 8 * 1024 * 1024);
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let input = vec![b'x'; 8 * 1024 * 1024];
        let judgement = judge_case(
            &mut shell("printf '1 2 3\\n4 5 6\\n'"),
            &input,
            EXPECTED,
            GENEROUS,
            &Checker::Exact,
        )
        .expect("sh runs");
        assert_eq!(judgement.verdict, Verdict::Accepted);
    }

    #[test]
    fn a_missing_executable_is_an_error_naming_it() {
        let mut program = Command::new("/no/such/solution");
        let error = run_program(&mut program, b"", GENEROUS).expect_err("nothing to run");
        assert!(
            format!("{error:#}").contains("/no/such/solution"),
            "{error:#}"
        );
    }

    #[test]
    fn a_program_stopped_by_sigstop_past_its_limit_is_tle_and_killed() {
        // The stall of the child itself: it would end after 100 ms, but is stopped (as a
        // loaded machine may stop it) from 20 ms to 700 ms, past the 300 ms limit.
        let directory = tempfile::tempdir().expect("a temporary folder");
        let pid_path = directory.path().join("pid");
        let script = format!(
            "echo $$ > '{}'; sleep 0.1; printf '1 2 3\\n4 5 6\\n'",
            pid_path.display()
        );
        let stopper = {
            let pid_path = pid_path.clone();
            thread::spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(5);
                let pid = loop {
                    match std::fs::read_to_string(&pid_path) {
                        Ok(text) if text.ends_with('\n') => break text.trim().to_string(),
                        _ if Instant::now() > deadline => return,
                        _ => thread::sleep(Duration::from_millis(5)),
                    }
                };
                let pid = Pid::from_raw(pid.parse().expect("a process id"));
                let _ = nix::sys::signal::kill(pid, Signal::SIGSTOP);
                thread::sleep(Duration::from_millis(700));
                let _ = nix::sys::signal::kill(pid, Signal::SIGCONT);
            })
        };
        let judgement = judge_exact(&mut shell(&script), time_limit(Duration::from_millis(300)));
        stopper.join().expect("the stopping thread ends");
        assert_eq!(
            judgement.verdict,
            Verdict::TimeLimitExceeded,
            "{judgement:?}"
        );
        assert!(
            judgement.summary().starts_with("TLE "),
            "{}",
            judgement.summary()
        );
    }

    #[test]
    fn a_program_over_the_memory_limit_is_mle() {
        // awk doubles a string until it holds over 100 million characters (over 100 MB
        // resident) under a 64 MiB limit, then prints the right answer: the runner stops
        // it when its memory passes the limit, before it can answer.
        let touch = "awk 'BEGIN { s = \"x\"; while (length(s) < 100000000) s = s s }'";
        let limits = Limits {
            memory_bytes: 64 << 20,
            ..GENEROUS
        };
        let script = format!("{touch}; printf '1 2 3\\n4 5 6\\n'");
        let judgement = judge_exact(&mut shell(&script), limits);
        assert_eq!(
            judgement.verdict,
            Verdict::MemoryLimitExceeded {
                limit_kilobytes: 65_536
            },
            "{judgement:?}"
        );
        assert!(
            judgement.peak_memory_bytes > limits.memory_bytes,
            "{judgement:?}"
        );
        assert!(
            judgement.summary().starts_with("MLE "),
            "{}",
            judgement.summary()
        );
        // A run that ended by itself over the limit, between two polls, is MLE too.
        let run = Run {
            ending: Ending::Exited { code: 0 },
            elapsed: Duration::from_millis(1),
            processor_time: Duration::from_millis(1),
            peak_memory_bytes: limits.memory_bytes + 1,
            memory_figure: MemoryFigure::Peak,
            stdout: EXPECTED.to_vec(),
            stderr: Vec::new(),
            stdout_was_cut: false,
            output_held_open: false,
        };
        let verdict = judge_run(&run, limits, b"", EXPECTED, &Checker::Exact).unwrap();
        assert_eq!(verdict.short_name(), "MLE");
        assert_eq!(
            verdict.details().as_deref(),
            Some("the memory limit is 65536 KB")
        );
    }

    #[test]
    fn a_gigabyte_of_output_is_ole_stopped_at_the_limit_not_wa() {
        // Issue 47, item 4: the program is stopped as its output passes the limit, long
        // before its gigabyte is written, and the verdict is Baekjoon's "출력 초과".
        let mut program = shell("head -c 1000000000 /dev/zero");
        let judgement = judge_exact(&mut program, time_limit(Duration::from_secs(10)));
        let limit_bytes = CAPTURE_LIMIT_BYTES;
        assert_eq!(
            judgement.verdict,
            Verdict::OutputLimitExceeded { limit_bytes },
            "{judgement:?}"
        );
        assert_eq!(judgement.verdict.short_name(), "OLE");
        assert!(judgement.elapsed < Duration::from_secs(5), "{judgement:?}");
        // An output just under the limit is judged as any other: here a wrong answer.
        let mut program = shell(&format!("head -c {} /dev/zero", limit_bytes - 1));
        let judgement = judge_exact(&mut program, GENEROUS);
        assert_eq!(judgement.verdict.short_name(), "WA", "{judgement:?}");
    }

    #[test]
    fn every_judgement_shows_its_verdict_time_and_memory() {
        let judgement = Judgement {
            verdict: Verdict::Accepted,
            elapsed: Duration::from_millis(1),
            processor_time: Duration::from_micros(900),
            peak_memory_bytes: 1_949_696,
            memory_figure: MemoryFigure::Peak,
            time_limit: Duration::from_secs(1),
        };
        // As the judge shows it: kilobytes of 1,024 bytes, no separator.
        assert_eq!(judgement.summary(), "AC      1 ms  cpu    0 ms    1904 KB");
        // Stopped at the limit, or ended a moment after it: never written as the limit.
        for elapsed in [1_000, 1_000_400, 1_003_000] {
            let judgement = Judgement {
                verdict: Verdict::TimeLimitExceeded,
                elapsed: Duration::from_micros(elapsed),
                ..judgement.clone()
            };
            assert_eq!(judgement.summary(), "TLE >1000 ms  cpu    0 ms    1904 KB");
        }
        // Not the peak: no figure, and a note that says why.
        let judgement = Judgement {
            memory_figure: MemoryFigure::AtLeast,
            ..judgement
        };
        assert_eq!(judgement.summary(), "AC      1 ms  cpu    0 ms       ? KB");
        assert!(judgement.memory_note().unwrap().contains("1904 KB"));
    }
}
