//! One case of `stress`: what a correct program does on it (the reference's answers, from
//! the problem's entry in the table), the program's run judged as `check` judges, and the
//! greedy shrinking of a failure.

use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::Result;
use xtask::judge::checker::{Checker, CheckerVerdict};
use xtask::judge::command::shell_could_not_find;
use xtask::judge::{judge_run, run_program, Limits, Run, Verdict};
use xtask::problems::{KnownProblem, Puzzle, ReferenceAnswer};
use xtask::usage_error;

/// What a correct program does on a case.
pub enum Expectation {
    /// It answers, exiting with 0, and the problem's checker accepts its output against
    /// `expected_output` (for a problem that accepts any completion, this is one).
    Answer {
        /// The expected output.
        expected_output: String,
    },
    /// A puzzle has no answer: it writes the answers to the puzzles before it, then a
    /// message on standard error, and exits non-zero.
    Refusal {
        /// Which puzzle has no answer, in words: `the grid has no completion`.
        why: String,
        /// The answers to the puzzles before it.
        answers_before: String,
    },
}

/// What a case asks of a correct program, and whether it is inside the judge's promise.
pub struct Expected {
    /// What a correct program does.
    pub expectation: Expectation,
    /// Whether every puzzle of the case is inside the judge's promise.
    pub inside_promise: bool,
}

/// What a correct program does on `puzzles`, an input of `problem`, as the reference
/// solvers of its entry answer each puzzle; `None` when they cannot tell.
pub fn expected(problem: KnownProblem, puzzles: &[Puzzle]) -> Option<Expected> {
    let mut answers = String::new();
    let mut inside_promise = true;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let answer = (problem.reference_answer)(puzzle);
        inside_promise &= (problem.promise.keeps)(puzzle, &answer);
        match answer {
            ReferenceAnswer::Found { grid } => {
                answers.push_str(&(problem.format.answer_text)(index + 1, &grid))
            }
            ReferenceAnswer::Undecided => return None,
            ReferenceAnswer::NoAnswer => {
                let expectation = Expectation::Refusal {
                    why: puzzle.without_answer(index + 1),
                    answers_before: answers,
                };
                return Some(Expected {
                    expectation,
                    inside_promise,
                });
            }
        }
    }
    let expectation = Expectation::Answer {
        expected_output: answers,
    };
    Some(Expected {
        expectation,
        inside_promise,
    })
}

/// The cases one step smaller than `puzzles`, which shrinking tries: one puzzle fewer, or
/// one puzzle made smaller ([`Puzzle::smaller`]).
pub fn smaller_cases(puzzles: &[Puzzle]) -> Vec<Vec<Puzzle>> {
    let mut smaller = Vec::new();
    if puzzles.len() > 1 {
        for index in 0..puzzles.len() {
            let mut fewer = puzzles.to_vec();
            fewer.remove(index);
            smaller.push(fewer);
        }
    }
    for (index, puzzle) in puzzles.iter().enumerate() {
        for smaller_puzzle in puzzle.smaller() {
            let mut case = puzzles.to_vec();
            case[index] = smaller_puzzle;
            smaller.push(case);
        }
    }
    smaller
}

/// What is wrong with `run` on `input`, given `expectation`, judged as `cargo xtask check`
/// judges (`limits`, then `checker`); `None` when it is right.
pub fn failure_reason(
    run: &Run,
    input: &str,
    expectation: &Expectation,
    limits: Limits,
    checker: &Checker,
) -> Option<String> {
    let input = input.as_bytes();
    let (why, answers_before) = match expectation {
        Expectation::Answer { expected_output } => {
            let verdict = judge_run(run, limits, input, expected_output.as_bytes(), checker);
            return match verdict {
                Ok(Verdict::Accepted) => None,
                Ok(verdict) => Some(verdict.describe()),
                Err(error) => Some(format!("the checker failed: {error:#}")),
            };
        }
        Expectation::Refusal {
            why,
            answers_before,
        } => (why, answers_before.as_bytes()),
    };
    // A clear refusal is expected: within the limits, a non-zero exit with a message, and
    // exactly the answers before the puzzle without one.
    let verdict = judge_run(run, limits, input, answers_before, &Checker::Exact);
    match verdict {
        Ok(Verdict::RuntimeError {
            stderr_message: Some(_),
            ..
        }) => match Checker::Exact.check(input, answers_before, &run.stdout) {
            Ok(CheckerVerdict::Accepted) => None,
            Ok(CheckerVerdict::Rejected { reason }) => Some(format!(
                "{why}, and the output before the message is wrong: {reason}"
            )),
            Ok(CheckerVerdict::PresentationError { reason }) => Some(format!(
                "{why}, and the output before the message is laid out wrong: {reason}"
            )),
            Err(error) => Some(format!("the checker failed: {error:#}")),
        },
        Ok(Verdict::RuntimeError { ending, .. }) => Some(format!(
            "{why}: expected a message on standard error; the run ended with {ending} and \
             nothing on standard error"
        )),
        Ok(Verdict::Accepted | Verdict::PresentationError { .. } | Verdict::WrongAnswer { .. }) => {
            Some(format!(
                "{why}: expected a message on standard error and a non-zero exit, but the run \
             exited with 0"
            ))
        }
        Ok(verdict) => Some(verdict.describe()),
        Err(error) => Some(format!("the checker failed: {error:#}")),
    }
}

/// Which cases a run of `stress` judges.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every case the reference can decide: for our own solutions, which must refuse an
    /// input without an answer clearly.
    Everything,
    /// Only the cases the judge promises: for a program that is not ours.
    InsidePromise,
}

/// A run that failed a case, and why.
pub struct Failure {
    /// The case: the puzzles of its input.
    pub puzzles: Vec<Puzzle>,
    /// Its input, as given to the program.
    pub input: String,
    /// What a correct program does on it.
    pub expectation: Expectation,
    /// The run that failed.
    pub run: Run,
    /// Why it failed.
    pub reason: String,
}

/// What one case came to.
pub enum CaseResult {
    /// The run was right.
    Passed,
    /// The reference could not decide the case, so it was not run.
    Undecided,
    /// The case is beyond the judge's promise, and only cases inside it are run.
    BeyondPromise,
    /// The run was wrong.
    Failed {
        /// The case, the run and why (boxed: it is large, and rare).
        failure: Box<Failure>,
    },
}

/// What shrinking a failure came to.
pub struct Shrunk {
    /// The smallest failure found.
    pub failure: Failure,
    /// Whether the time ran out before no smaller case failed (a smaller input may fail too).
    pub time_ran_out: bool,
}

/// The program `cargo xtask stress` tests: its problem's entry, the program, and the
/// limits and checker of its manifest.
pub struct ProgramUnderTest {
    /// The problem's entry in the table.
    pub problem: KnownProblem,
    /// The program, as a process to start.
    pub program: Command,
    /// The judge's limits, from the manifest.
    pub limits: Limits,
    /// The judge's checker, from the manifest.
    pub checker: Checker,
    /// Which cases it meets.
    pub scope: Scope,
}

impl ProgramUnderTest {
    /// Runs the program on the case `puzzles`, if the reference can decide it and it is in
    /// scope, and judges the run.
    pub fn try_case(&mut self, puzzles: &[Puzzle]) -> Result<CaseResult> {
        let Some(expected) = expected(self.problem, puzzles) else {
            return Ok(CaseResult::Undecided);
        };
        if self.scope == Scope::InsidePromise && !expected.inside_promise {
            return Ok(CaseResult::BeyondPromise);
        }
        let expectation = expected.expectation;
        let input = (self.problem.format.input_text)(puzzles);
        let run = run_program(&mut self.program, input.as_bytes(), self.limits)?;
        // A shell that cannot find the command's program: the user's mistake, not a case.
        if let Some(error) = shell_could_not_find(
            &self.program,
            run.ending,
            &String::from_utf8_lossy(&run.stderr),
        ) {
            return Err(usage_error(error));
        }
        let Some(reason) = failure_reason(&run, &input, &expectation, self.limits, &self.checker)
        else {
            return Ok(CaseResult::Passed);
        };
        let failure = Failure {
            puzzles: puzzles.to_vec(),
            input,
            expectation,
            run,
            reason,
        };
        Ok(CaseResult::Failed {
            failure: Box::new(failure),
        })
    }

    /// Shrinks `failure` greedily, taking the first smaller case that still fails, on two
    /// runs, until none does or `budget` has passed.
    pub fn shrink(&mut self, mut failure: Failure, budget: Duration) -> Result<Shrunk> {
        let started = Instant::now();
        'shrinking: loop {
            for smaller in smaller_cases(&failure.puzzles) {
                if started.elapsed() > budget {
                    return Ok(Shrunk {
                        failure,
                        time_ran_out: true,
                    });
                }
                // A smaller input counts only if it fails twice: a flaky failure of it
                // would shrink the case down to an input that passes.
                if let CaseResult::Failed {
                    failure: smaller_failure,
                } = self.try_case(&smaller)?
                {
                    if matches!(self.try_case(&smaller)?, CaseResult::Failed { .. }) {
                        failure = *smaller_failure;
                        continue 'shrinking;
                    }
                }
            }
            return Ok(Shrunk {
                failure,
                time_ran_out: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xtask::judge::Ending;

    /// A run that exited with `code` after writing `stdout` and `stderr`, quickly and in
    /// little memory.
    fn finished_run(code: i32, stdout: &str, stderr: &str) -> Run {
        Run {
            ending: Ending::Exited { code },
            elapsed: Duration::from_millis(3),
            processor_time: Duration::from_millis(3),
            memory_figure: xtask::judge::MemoryFigure::Peak,
            peak_memory_bytes: 2_000_000,
            stdout: stdout.as_bytes().to_vec(),
            stderr: stderr.as_bytes().to_vec(),
            stdout_was_cut: false,
            output_held_open: false,
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        memory_bytes: 256 << 20,
    };

    /// What is wrong with `run` on an empty input, judged exactly.
    fn reason(run: &Run, expectation: &Expectation) -> Option<String> {
        failure_reason(run, "", expectation, LIMITS, &Checker::Exact)
    }

    #[test]
    fn each_kind_of_failure_is_told_in_its_own_words() {
        let no_completion = Expectation::Refusal {
            why: "the grid has no completion".to_string(),
            answers_before: String::new(),
        };
        let answered = finished_run(0, "1 2 3\n", "");
        let why = reason(&answered, &no_completion).unwrap();
        assert!(
            why.starts_with("the grid has no completion: expected a message"),
            "{why}"
        );
        let silent = finished_run(1, "", "");
        let why = reason(&silent, &no_completion).unwrap();
        assert!(
            why.contains("exit code 1 and nothing on standard error"),
            "{why}"
        );
        let clear = finished_run(1, "", "error: no completion");
        assert_eq!(reason(&clear, &no_completion), None);

        let second_without_grid = Expectation::Refusal {
            why: "puzzle 2 has no solved grid".to_string(),
            answers_before: "Puzzle 1\n123\n".to_string(),
        };
        let why = reason(&answered, &second_without_grid).unwrap();
        assert!(
            why.starts_with("puzzle 2 has no solved grid: expected"),
            "{why}"
        );
        let nothing_before = finished_run(1, "", "error: puzzle 2");
        let why = reason(&nothing_before, &second_without_grid).unwrap();
        assert!(
            why.contains("the output before the message is wrong"),
            "{why}"
        );

        let answer = Expectation::Answer {
            expected_output: "1 2 3\n".to_string(),
        };
        assert_eq!(reason(&answered, &answer), None);
        let mut slow = answered.clone();
        slow.elapsed = Duration::from_millis(1_050);
        assert_eq!(reason(&slow, &answer).as_deref(), Some("TLE"));
        let mut large = answered.clone();
        large.peak_memory_bytes = 600_000_000;
        assert_eq!(
            reason(&large, &answer).as_deref(),
            Some("MLE: the memory limit is 262144 KB")
        );
    }

    #[test]
    fn shrinking_drops_a_puzzle_or_makes_one_smaller() {
        let mut grid = [0; 81];
        grid[..3].copy_from_slice(&[1, 2, 3]);
        let puzzles = [Puzzle::Sudoku { grid }, Puzzle::Sudoku { grid: [0; 81] }];
        let smaller = smaller_cases(&puzzles);
        // Two cases of one puzzle each, then one given fewer in the first, three ways.
        assert_eq!(smaller.len(), 2 + 3);
        assert_eq!(smaller[0], puzzles[1..]);
        assert!(smaller[2..].iter().all(|case| case.len() == 2));
    }
}
