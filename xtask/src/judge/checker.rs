//! Deciding whether an output is right, the way the judge decides it.
//!
//! Each problem's manifest names one of three checkers:
//!
//! - `exact`: the output must match the expected output line by line. As on the judge,
//!   white space at the end of a line (trailing spaces, the `\r` of a Windows line end)
//!   does not count, and neither do blank lines or white space at the end of the output.
//!   On a mismatch the reason is a short summary and a compact line diff.
//! - `sudoku`: for a puzzle with many solutions, any valid completion is
//!   right. The output must be 9 lines of 9 digits 1 to 9 separated by single spaces,
//!   every row, column and box must hold each digit once, and every digit given in the
//!   input must be kept in its cell. The `.out` file is one valid answer and is not used.
//!   A byte order mark at the start of the input is skipped, as the solutions skip it.
//! - a command, the problem's own checker, called as testlib's are (and Polygon's):
//!   `COMMAND input output answer`, the three files in a temporary folder, from the
//!   problem's folder; it exits 0 for a right output, 1 for a wrong answer and 2 for a
//!   presentation error (PE), each with the checker's message, anything else being the
//!   checker's own failure.
//!
//! With `exact` or `sudoku`, an output refused whose words are the right answer's, only
//! laid out with other white space (a missing line end, two spaces, a blank line inside), is
//! a *presentation error* (Baekjoon's "출력 형식이 잘못되었습니다"), not a wrong answer: see
//! the README for the judge's rule.
//!
//! Those two read the output as a stream of lines, a line at a time, and keep no more than a
//! window of [`DIFF_WINDOW_LINES`] lines for the diff: judging an output takes memory on
//! the order of the output itself (which the runner caps), not of its number of lines.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use similar::{ChangeTag, TextDiff};

use crate::judge::command::command_in_folder;
use crate::judge::shown::{excerpt, shorten};
use crate::judge::{run_program, Ending, Limits, TemporaryFolder};
use crate::reference::{completion_fault, grid_from_line};

/// How an output is judged; chosen per problem by `checker = "..."` in its manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checker {
    /// Line by line comparison with the expected output, ignoring white space at line
    /// ends and at the end of the output.
    Exact,
    /// Any valid completion of the input's Sudoku that keeps its given digits.
    Sudoku,
    /// The problem's own checker program (see the module's docs).
    Command {
        /// The command line, as the manifest writes it: `python3 checker.py`.
        command: String,
        /// The folder it runs from, the problem's.
        folder: PathBuf,
    },
}

/// The checker's word on an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckerVerdict {
    /// The output is right.
    Accepted,
    /// The output holds the right answer, word for word, but its white space is not what
    /// the judge accepts (Baekjoon's "출력 형식이 잘못되었습니다").
    PresentationError {
        /// Why the layout is refused: what the checker found.
        reason: String,
    },
    /// The output is wrong.
    Rejected {
        /// Why: a summary and a diff (`exact`), or one sentence (`sudoku`).
        reason: String,
    },
}

impl CheckerVerdict {
    /// A rejection for `reason`.
    fn rejected(reason: impl Into<String>) -> CheckerVerdict {
        CheckerVerdict::Rejected {
            reason: reason.into(),
        }
    }
}

/// How many unchanged lines the diff shows around each change.
const DIFF_CONTEXT_LINES: usize = 1;

/// The most lines of diff shown under a wrong answer; the rest are counted, not shown.
const DIFF_MAX_LINES: usize = 20;

/// The most lines of each output the diff compares, from just before the first difference
/// on: far more than any answer here.
pub const DIFF_WINDOW_LINES: usize = 5_000;

/// How long a checker command may take on one output.
const CHECKER_TIME_LIMIT: Duration = Duration::from_secs(10);

impl Checker {
    /// The name of every checker written into this crate, as a manifest writes it.
    pub const NAMES: [&'static str; 2] = ["exact", "sudoku"];

    /// The checker a manifest names with `text`: one of [`Checker::NAMES`], or a command
    /// run from `folder`. A lone word that is neither (`lenient`) is refused as the slip
    /// it most likely is; a program of one word is written as a path (`./checker`).
    pub fn named(text: &str, folder: &Path) -> Result<Checker, String> {
        match text {
            "exact" => Ok(Checker::Exact),
            "sudoku" => Ok(Checker::Sudoku),
            _ if text.trim().contains([' ', '/']) => Ok(Checker::Command {
                command: text.to_string(),
                folder: folder.to_path_buf(),
            }),
            _ => Err(format!(
                "unknown checker {text:?}: a checker is \"exact\", \"sudoku\" or a command \
                 called as `COMMAND input output answer` (\"python3 checker.py\", \"./checker\")"
            )),
        }
    }

    /// Judges `actual`, the output of a run on `input`, against `expected` (see the
    /// module's docs). An `Err` means the checker could not work, for example on an input
    /// that is no Sudoku.
    pub fn check(&self, input: &[u8], expected: &[u8], actual: &[u8]) -> Result<CheckerVerdict> {
        if let Checker::Command { command, folder } = self {
            return check_with_command(command, folder, [input, actual, expected]);
        }
        // Invalid UTF-8 becomes U+FFFD, which then fails to match, as it should.
        let actual = String::from_utf8_lossy(actual);
        let (input, expected) = (
            String::from_utf8_lossy(input),
            String::from_utf8_lossy(expected),
        );
        let verdict = match self {
            Checker::Sudoku => check_sudoku(&input, &actual)?,
            _ => check_exact(&expected, &actual),
        };
        let CheckerVerdict::Rejected { reason } = verdict else {
            return Ok(verdict);
        };
        // The same words laid out otherwise: a presentation error, not a wrong answer.
        let same_words = match self {
            Checker::Sudoku => {
                let laid_out = sudoku_layout(&actual);
                laid_out.is_some_and(|laid_out| {
                    check_sudoku(&input, &laid_out)
                        .is_ok_and(|verdict| verdict == CheckerVerdict::Accepted)
                })
            }
            _ => expected.split_whitespace().eq(actual.split_whitespace()),
        };
        Ok(match same_words {
            true => CheckerVerdict::PresentationError { reason },
            false => CheckerVerdict::Rejected { reason },
        })
    }
}

/// The word of the checker `command`, run from `folder` as `command input output answer`
/// on `files` (the input, the output judged and the expected output), within
/// [`CHECKER_TIME_LIMIT`], through the judge's runner.
fn check_with_command(command: &str, folder: &Path, files: [&[u8]; 3]) -> Result<CheckerVerdict> {
    let temporary = TemporaryFolder::new("xtask-checker-")?;
    let paths = ["input", "output", "answer"].map(|name| temporary.path().join(name));
    for (path, bytes) in paths.iter().zip(files) {
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    let mut program = command_in_folder(command, folder, &paths);
    let run = run_program(&mut program, b"", Limits::time_only(CHECKER_TIME_LIMIT))?;
    // testlib writes its message on standard error; some checkers use standard output.
    let stderr = String::from_utf8_lossy(&run.stderr);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let message = match stderr.trim() {
        "" => stdout.trim(),
        said => said,
    };
    let message = match message {
        "" => "(no message)".to_string(),
        said => excerpt(said),
    };
    Ok(match run.ending {
        Ending::Exited { code: 0 } => CheckerVerdict::Accepted,
        Ending::Exited { code: 1 } => CheckerVerdict::rejected(format!("the checker: {message}")),
        Ending::Exited { code: 2 } => CheckerVerdict::PresentationError {
            reason: format!("the checker: {message}"),
        },
        ending => bail!("the checker `{command}` failed ({ending}): {message}"),
    })
}

/// The lines of an output as the checkers compare them, one at a time: each without its
/// trailing white space (so `\r\n` line ends are fine).
fn lines_of(text: &str) -> impl Iterator<Item = &str> + Clone {
    text.split('\n').map(str::trim_end)
}

/// How many lines of `text` count: all up to the last one that is not blank (blank lines
/// at the end do not count).
fn significant_line_count(text: &str) -> usize {
    let numbered = lines_of(text).enumerate();
    let written = numbered.filter(|(_, line)| !line.is_empty());
    written.last().map_or(0, |(index, _)| index + 1)
}

/// The `exact` checker: the significant lines of both outputs must be equal.
pub fn check_exact(expected: &str, actual: &str) -> CheckerVerdict {
    let expected_count = significant_line_count(expected);
    let actual_count = significant_line_count(actual);
    let expected_lines = lines_of(expected).take(expected_count);
    let actual_lines = lines_of(actual).take(actual_count);
    let mut pairs = expected_lines.clone().zip(actual_lines.clone());
    let first_difference =
        pairs.position(|(expected_line, actual_line)| expected_line != actual_line);
    if first_difference.is_none() && expected_count == actual_count {
        return CheckerVerdict::Accepted;
    }

    // One sentence saying where the outputs part, then the diff that shows how.
    let (expected, actual) = (expected_count, actual_count);
    let summary = match first_difference {
        _ if actual == 0 => format!("the output is empty (expected {expected} lines)"),
        Some(index) => format!("line {} differs", index + 1),
        None if actual < expected => {
            format!("the output ends after line {actual} (expected {expected} lines)")
        }
        None => format!("the output goes on after line {expected}, where the expected output ends"),
    };
    // The diff looks at a window of lines from just before the first difference.
    let parting = first_difference.unwrap_or(expected.min(actual));
    let start = parting.saturating_sub(DIFF_CONTEXT_LINES);
    let expected_window: Vec<&str> = expected_lines.skip(start).take(DIFF_WINDOW_LINES).collect();
    let actual_window: Vec<&str> = actual_lines.skip(start).take(DIFF_WINDOW_LINES).collect();
    let mut diff = compact_line_diff(&expected_window, &actual_window, start);
    if expected.max(actual) - start > DIFF_WINDOW_LINES {
        let first = start + 1;
        let note = format!("(only {DIFF_WINDOW_LINES} lines from line {first} on were compared)");
        diff = format!("{diff}\n{note}");
    }
    CheckerVerdict::rejected(format!("{summary}\n{diff}"))
}

/// A line diff of the changed lines with a little context: lines only in the expected
/// output are marked `-`, only in the actual output `+`, each with its number on its side
/// (context lines: the expected side's), counting from `first_index + 1` (the lines given
/// are a window of each output from there); groups of changes are split by `...`. Only
/// the lines shown are formatted, so a long diff costs no more than a short one.
pub fn compact_line_diff(
    expected_lines: &[&str],
    actual_lines: &[&str],
    first_index: usize,
) -> String {
    let diff = TextDiff::from_slices(expected_lines, actual_lines);

    let mut diff_lines = vec!["(- expected, + actual)".to_string()];
    let mut hidden = 0;
    for (group_index, group) in diff.grouped_ops(DIFF_CONTEXT_LINES).iter().enumerate() {
        if group_index > 0 {
            if diff_lines.len() <= DIFF_MAX_LINES {
                diff_lines.push("...".to_string());
            } else {
                hidden += 1;
            }
        }
        for operation in group {
            for change in diff.iter_changes(operation) {
                if diff_lines.len() > DIFF_MAX_LINES {
                    hidden += 1;
                    continue;
                }
                let (marker, index) = match change.tag() {
                    ChangeTag::Delete => ('-', change.old_index()),
                    ChangeTag::Insert => ('+', change.new_index()),
                    ChangeTag::Equal => (' ', change.old_index()),
                };
                let line_number = index.map_or(0, |index| first_index + index + 1);
                let line = shorten(change.value());
                diff_lines.push(format!("{marker} {line_number:>3} | {line}"));
            }
        }
    }

    if hidden > 0 {
        diff_lines.push(format!("... and {hidden} more lines of diff"));
    }
    diff_lines.join("\n")
}

/// The `sudoku` checker: `actual` must be a valid completion (as [`completion_fault`]
/// decides) of the puzzle in `input`, written as 9 lines of 9 digits 1 to 9 with one space
/// between neighbours. An input that is no puzzle is an `Err`: the test data is broken.
pub fn check_sudoku(input: &str, actual: &str) -> Result<CheckerVerdict> {
    // A byte order mark before the first digit is no part of the grid: the solutions'
    // reader (`common::input`) skips it, and so does the checker.
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let tokens: Vec<&str> = input.split_whitespace().collect();
    let givens = grid_from_line(&tokens.concat());
    let Some(givens) = givens.filter(|_| tokens.len() == 81 && !tokens.contains(&".")) else {
        bail!(
            "the input is not a Sudoku: expected 81 digits 0 to 9, found {} items",
            tokens.len()
        );
    };
    let line_count = significant_line_count(actual);
    if line_count != 9 {
        let reason = format!("expected 9 lines, found {line_count}");
        return Ok(CheckerVerdict::rejected(reason));
    }
    let mut answer = [0; 81];
    for (row, line) in lines_of(actual).take(9).enumerate() {
        let Some(digits) = parse_completed_row(line) else {
            return Ok(CheckerVerdict::rejected(format!(
                "line {}: expected 9 digits 1 to 9 separated by single spaces, found {:?}",
                row + 1,
                shorten(line)
            )));
        };
        answer[row * 9..row * 9 + 9].copy_from_slice(&digits);
    }
    Ok(match completion_fault(&givens, &answer) {
        None => CheckerVerdict::Accepted,
        Some(fault) => CheckerVerdict::rejected(fault),
    })
}

/// `output`'s words laid out as a completion is written (9 lines of 9 digits, single spaces),
/// when they are 81 single digits.
fn sudoku_layout(output: &str) -> Option<String> {
    let words: Vec<&str> = output.split_whitespace().collect();
    let digits = words.len() == 81 && words.iter().all(|word| word.len() == 1);
    let rows = words.chunks(9).map(|row| row.join(" ") + "\n");
    digits.then(|| rows.collect())
}

/// Reads one line of a completion: exactly 9 digits 1 to 9 with one space between
/// neighbours, so a digit at every even place and a space at every odd one.
fn parse_completed_row(line: &str) -> Option<[u8; 9]> {
    let bytes = line.as_bytes();
    if bytes.len() != 17 || bytes.iter().skip(1).step_by(2).any(|&byte| byte != b' ') {
        return None;
    }
    let digit = |&byte: &u8| byte.wrapping_sub(b'0');
    let digits: Vec<u8> = bytes.iter().step_by(2).map(digit).collect();
    let valid = digits.iter().all(|digit| (1..=9).contains(digit));
    valid.then(|| digits.try_into().expect("9 digits"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPECTED: &str = "1 2 3\n4 5 6\n7 8 9\n";

    fn assert_accepted(verdict: CheckerVerdict) {
        assert_eq!(verdict, CheckerVerdict::Accepted);
    }

    /// Asserts that `verdict` is a rejection whose reason contains every piece of `parts`.
    fn assert_rejected_with(verdict: CheckerVerdict, parts: &[&str]) {
        match verdict {
            CheckerVerdict::Accepted => panic!("accepted, but expected a rejection with {parts:?}"),
            CheckerVerdict::Rejected { reason } | CheckerVerdict::PresentationError { reason } => {
                for part in parts {
                    assert!(reason.contains(part), "{part:?} not in reason:\n{reason}");
                }
            }
        }
    }

    /// What `checker` says of `actual` against `EXPECTED`, the input being `input`.
    fn verdict_of(checker: Checker, input: &str, actual: &str) -> CheckerVerdict {
        checker
            .check(input.as_bytes(), EXPECTED.as_bytes(), actual.as_bytes())
            .unwrap()
    }

    #[test]
    fn the_right_words_laid_out_otherwise_are_a_presentation_error() {
        // Issue 47, item 4: white space at line ends and at the end stays AC (Baekjoon's
        // rule); the same words in another layout are PE; other words are WA.
        let kind = |actual: &str| match verdict_of(Checker::Exact, "", actual) {
            CheckerVerdict::Accepted => "AC",
            CheckerVerdict::PresentationError { .. } => "PE",
            CheckerVerdict::Rejected { .. } => "WA",
        };
        assert_eq!(kind("1 2 3 \n4 5 6\n7 8 9\n\n"), "AC");
        assert_eq!(kind("1 2 3 4 5 6 7 8 9\n"), "PE");
        assert_eq!(kind("1  2 3\n4 5 6\n7 8 9\n"), "PE");
        assert_eq!(kind("1 2 3\n\n4 5 6\n7 8 9\n"), "PE");
        assert_eq!(kind("\n1 2 3\n4 5 6\n7 8 9\n"), "PE");
        assert_eq!(kind("1 2 3\n4 5 6\n7 8 0\n"), "WA");
        assert_eq!(kind("123\n456\n789\n"), "WA");
        // A valid completion on one line, or with two spaces, is PE under `sudoku`.
        let input = "0 0 0 0 0 0 0 0 0\n".repeat(9);
        let solved = crate::reference::smallest_completion(&[0; 81]).expect("a completion");
        let row = |row: usize| {
            let digits = solved[row * 9..row * 9 + 9].iter().map(u8::to_string);
            digits.collect::<Vec<_>>().join(" ")
        };
        let rows: Vec<String> = (0..9).map(row).collect();
        let sudoku = |actual: &str| verdict_of(Checker::Sudoku, &input, actual);
        assert_eq!(sudoku(&(rows.join("\n") + "\n")), CheckerVerdict::Accepted);
        let one_line = rows.join(" ") + "\n";
        assert!(matches!(
            sudoku(&one_line),
            CheckerVerdict::PresentationError { .. }
        ));
        let doubled = rows.join("\n").replacen(' ', "  ", 1) + "\n";
        assert!(matches!(
            sudoku(&doubled),
            CheckerVerdict::PresentationError { .. }
        ));
    }

    #[test]
    fn a_programs_invisible_characters_are_escaped_in_what_is_shown() {
        // Issue 47, item 9: an escape sequence in a diff (see `shown`).
        let verdict = check_exact(EXPECTED, "\u{1b}[2J\n");
        assert_rejected_with(verdict, &["+   1 | \\x1b[2J"]);
    }

    #[test]
    fn exact_accepts_the_same_output() {
        assert_accepted(check_exact(EXPECTED, EXPECTED));
    }

    #[test]
    fn exact_ignores_white_space_at_line_ends_and_at_the_end() {
        assert_accepted(check_exact(EXPECTED, "1 2 3\r\n4 5 6\r\n7 8 9\r\n"));
        assert_accepted(check_exact(EXPECTED, "1 2 3  \n4 5 6\t\n7 8 9 \n"));
        assert_accepted(check_exact(EXPECTED, "1 2 3\n4 5 6\n7 8 9"));
        assert_accepted(check_exact(EXPECTED, "1 2 3\n4 5 6\n7 8 9\n\n\n  \n"));
    }

    #[test]
    fn exact_rejects_a_changed_digit_with_a_diff_naming_the_line() {
        let verdict = check_exact(EXPECTED, "1 2 3\n4 0 6\n7 8 9\n");
        assert_rejected_with(
            verdict,
            &["line 2 differs", "-   2 | 4 5 6", "+   2 | 4 0 6"],
        );
    }

    #[test]
    fn exact_rejects_white_space_inside_a_line_and_leading_blank_lines() {
        assert_rejected_with(check_exact(EXPECTED, "1 2  3\n4 5 6\n7 8 9\n"), &["line 1"]);
        assert_rejected_with(
            check_exact(EXPECTED, "\n1 2 3\n4 5 6\n7 8 9\n"),
            &["line 1"],
        );
    }

    #[test]
    fn exact_explains_missing_and_extra_lines_and_empty_output() {
        assert_rejected_with(
            check_exact(EXPECTED, "1 2 3\n4 5 6\n"),
            &["ends after line 2"],
        );
        assert_rejected_with(
            check_exact(EXPECTED, "1 2 3\n4 5 6\n7 8 9\n0\n"),
            &["goes on"],
        );
        assert_rejected_with(check_exact(EXPECTED, ""), &["empty", "-   3 | 7 8 9"]);
    }

    #[test]
    fn a_runaway_wrong_answer_is_diffed_in_a_bounded_window() {
        // Eight million blank lines after a wrong first line: the diff looks at a window
        // of lines from the first difference on, and says so.
        let actual = format!("0 0 0\n{}x\n", "\n".repeat(8_000_000));
        let CheckerVerdict::Rejected { reason } = check_exact(EXPECTED, &actual) else {
            panic!("a wrong answer was accepted");
        };
        assert!(reason.contains("line 1 differs"), "{reason}");
        assert!(
            reason.contains("only 5000 lines from line 1 on were compared"),
            "{reason}"
        );
        assert!(reason.lines().count() <= DIFF_MAX_LINES + 4, "{reason}");

        // A difference far down is shown with its own line numbers.
        let expected: String = (1..=20_000).map(|number| format!("{number}\n")).collect();
        let actual = expected.replace("\n15000\n", "\nfifteen thousand\n");
        let verdict = check_exact(&expected, &actual);
        assert_rejected_with(
            verdict,
            &[
                "line 15000 differs",
                "- 15000 | 15000",
                "+ 15000 | fifteen thousand",
            ],
        );
    }

    #[test]
    fn the_diff_shows_changes_with_a_little_context_and_is_capped() {
        let expected: Vec<String> = (1..=100).map(|number| number.to_string()).collect();
        let mut actual = expected.clone();
        actual[49] = "fifty".to_string();
        let expected_lines: Vec<&str> = expected.iter().map(String::as_str).collect();
        let actual_lines: Vec<&str> = actual.iter().map(String::as_str).collect();

        let diff = compact_line_diff(&expected_lines, &actual_lines, 0);
        let shown: Vec<&str> = diff.lines().collect();
        assert_eq!(
            shown,
            [
                "(- expected, + actual)",
                "   49 | 49",
                "-  50 | 50",
                "+  50 | fifty",
                "   51 | 51"
            ]
        );

        let nothing: [&str; 0] = [];
        let long_diff = compact_line_diff(&expected_lines, &nothing, 0);
        assert_eq!(long_diff.lines().count(), 1 + DIFF_MAX_LINES + 1);
        assert!(
            long_diff.ends_with("... and 80 more lines of diff"),
            "{long_diff}"
        );
    }

    /// The first sample of the Sudoku problem whose answers are checked with `sudoku`,
    /// copied from its `samples/`: its input and the answer its statement shows.
    fn statement_sample() -> (String, String) {
        let input = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
                     3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
                     9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";
        let answer = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n\
                      3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n\
                      9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";
        (input.to_string(), answer.to_string())
    }

    /// `answer` with the digit at (`row`, `column`), counted from 1, replaced.
    fn with_digit(answer: &str, row: usize, column: usize, digit: char) -> String {
        let mut lines: Vec<String> = answer.lines().map(String::from).collect();
        let position = 2 * (column - 1);
        lines[row - 1].replace_range(position..position + 1, &digit.to_string());
        lines.join("\n") + "\n"
    }

    #[test]
    fn sudoku_accepts_the_real_sample_answer_with_loose_line_ends() {
        let (input, answer) = statement_sample();
        assert_accepted(check_sudoku(&input, &answer).expect("the input is a puzzle"));
        let windows_style = answer.replace('\n', " \r\n") + "\n\n";
        assert_accepted(check_sudoku(&input, &windows_style).expect("the input is a puzzle"));
    }

    #[test]
    fn sudoku_rejects_a_changed_given() {
        let (input, answer) = statement_sample();
        // Row 1, column 2 is a given 3 in the input; swap it with the 1 beside it so
        // every row, column and box would still be fine except for the givens.
        let changed = with_digit(&with_digit(&answer, 1, 2, '1'), 1, 1, '3');
        let verdict = check_sudoku(&input, &changed).expect("the input is a puzzle");
        assert_rejected_with(verdict, &["row 1, column 2: given 3 was changed to 1"]);
    }

    #[test]
    fn sudoku_rejects_a_duplicate_in_a_row_a_column_or_a_box() {
        // With no givens only the units can fail.
        let empty_puzzle = "0 0 0 0 0 0 0 0 0\n".repeat(9);
        let (_, answer) = statement_sample();

        // Row 1 is 1 3 5 4 6 9 2 7 8: writing 3 over the 1 repeats 3 in row 1.
        let row_duplicate = with_digit(&answer, 1, 1, '3');
        let verdict = check_sudoku(&empty_puzzle, &row_duplicate).expect("a puzzle");
        assert_rejected_with(verdict, &["row 1 holds 3 twice"]);

        // Swapping two cells within a row keeps every row a permutation but breaks
        // columns: the columns are checked before the boxes.
        let swapped = with_digit(&with_digit(&answer, 1, 1, '3'), 1, 2, '1');
        let verdict = check_sudoku(&empty_puzzle, &swapped).expect("a puzzle");
        assert_rejected_with(verdict, &["column 1 holds 3 twice"]);

        // A grid whose rows and columns are permutations but whose boxes are not:
        // row r is 1..9 shifted by r.
        let shifted: String = (0..9)
            .map(|row| {
                let digits: Vec<String> = (0..9)
                    .map(|column| ((row + column) % 9 + 1).to_string())
                    .collect();
                digits.join(" ") + "\n"
            })
            .collect();
        let verdict = check_sudoku(&empty_puzzle, &shifted).expect("a puzzle");
        assert_rejected_with(verdict, &["box 1 (rows 1-3, columns 1-3) holds"]);
    }

    #[test]
    fn sudoku_rejects_wrong_separators_and_wrong_digits() {
        let (input, answer) = statement_sample();
        let reason = "line 3: expected 9 digits 1 to 9 separated by single spaces";

        let mut lines: Vec<String> = answer.lines().map(String::from).collect();
        let original_third_line = lines[2].clone();
        for bad_line in [
            original_third_line.replace(' ', ""),
            original_third_line.replace(' ', "  "),
            original_third_line.replace(' ', "\t"),
            format!(" {original_third_line}"),
            original_third_line.replace('4', "0"),
            original_third_line[..original_third_line.len() - 2].to_string(),
        ] {
            lines[2] = bad_line;
            let output = lines.join("\n") + "\n";
            let verdict = check_sudoku(&input, &output).expect("a puzzle");
            assert_rejected_with(verdict, &[reason]);
        }
    }

    #[test]
    fn sudoku_rejects_a_wrong_number_of_lines() {
        let (input, answer) = statement_sample();
        let eight_lines: String = answer
            .lines()
            .take(8)
            .map(|line| line.to_string() + "\n")
            .collect();
        let verdict = check_sudoku(&input, &eight_lines).expect("a puzzle");
        assert_rejected_with(verdict, &["expected 9 lines, found 8"]);

        let ten_lines = answer.clone() + "1 2 3 4 5 6 7 8 9\n";
        let verdict = check_sudoku(&input, &ten_lines).expect("a puzzle");
        assert_rejected_with(verdict, &["expected 9 lines, found 10"]);

        let verdict = check_sudoku(&input, "").expect("a puzzle");
        assert_rejected_with(verdict, &["expected 9 lines, found 0"]);
    }

    #[test]
    fn sudoku_reports_an_input_that_is_not_a_puzzle_as_an_error() {
        assert!(check_sudoku("1 2 3", "").is_err());
        assert!(check_sudoku(&"0 0 0 0 x 0 0 0 0\n".repeat(9), "").is_err());
    }

    /// A checker script in a temporary folder: it compares the output file with the answer
    /// file and exits 0 when they hold the same number, 2 when the output has a space too
    /// many, 1 otherwise; an input of `fail` makes it exit 3. It reads the files it is
    /// given as the testlib convention orders them: input, output, answer.
    fn number_checker() -> tempfile::TempDir {
        let folder = tempfile::tempdir().unwrap();
        let script = r#"input=$(cat "$1"); output=$(cat "$2"); answer=$(cat "$3")
[ "$input" = fail ] && { echo "cannot judge" >&2; exit 3; }
[ "$output" = "$answer" ] && exit 0
[ "$(echo $output)" = "$answer" ] && { echo "spaces around $answer" >&2; exit 2; }
echo "expected $answer, found $output" >&2; exit 1
"#;
        std::fs::write(folder.path().join("check.sh"), script).unwrap();
        folder
    }

    #[test]
    fn a_checker_command_is_called_with_input_output_and_answer_from_its_folder() {
        let folder = number_checker();
        let checker = Checker::named("sh check.sh", folder.path()).unwrap();
        let check =
            |input: &str, actual: &str| checker.check(input.as_bytes(), b"3\n", actual.as_bytes());
        assert_accepted(check("10", "3\n").unwrap());
        assert_rejected_with(
            check("10", "4\n").unwrap(),
            &["the checker: expected 3, found 4"],
        );
        // Exit 2: a presentation error, Baekjoon's own verdict, with the checker's words.
        let verdict = check("10", " 3\n").unwrap();
        let CheckerVerdict::PresentationError { reason } = &verdict else {
            panic!("exit 2 is a presentation error: {verdict:?}");
        };
        assert!(reason.contains("the checker: spaces"), "{reason}");
        let error = format!("{:#}", check("fail", "3\n").unwrap_err());
        assert!(
            error.contains("`sh check.sh` failed (exit code 3): cannot judge"),
            "{error}"
        );
    }

    #[test]
    fn a_checker_is_a_name_or_a_command_and_a_lone_unknown_word_is_a_slip() {
        let folder = Path::new("/problems/p1000");
        assert_eq!(Checker::named("exact", folder), Ok(Checker::Exact));
        assert_eq!(Checker::named("sudoku", folder), Ok(Checker::Sudoku));
        for command in ["python3 checker.py", "./checker"] {
            let expected = Checker::Command {
                command: command.to_string(),
                folder: folder.to_path_buf(),
            };
            assert_eq!(Checker::named(command, folder), Ok(expected));
        }
        let error = Checker::named("lenient", folder).unwrap_err();
        assert!(error.contains("unknown checker \"lenient\""), "{error}");
    }
}
