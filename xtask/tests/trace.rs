//! `cargo xtask trace` as a user meets it, run as a process: its input read as the
//! solutions read theirs (bounded memory, each error at its line and column), `--html -`
//! on standard output, and the ladder's rungs in `--help` counted from the ladder.

mod support;

use std::fs::File;
use std::io::Write;
use std::process::{Output, Stdio};
use std::thread;

use common::ladder::RUNGS;
use support::members::{any_completion, packed_rows, several_puzzles};
use support::xtask;
use wait4::Wait4;
use xtask::problems::{KnownProblem, Puzzle};

/// What `cargo xtask trace` did, and its own peak memory.
struct Run {
    output: Output,
    peak_memory_bytes: u64,
}

impl Run {
    fn stdout(&self) -> String {
        String::from_utf8(self.output.stdout.clone()).unwrap()
    }

    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
}

/// Runs xtask with `arguments`, its standard input taken from `stdin`, and `feed` writing
/// into that input when it is a pipe (on a thread of its own, so that a refusal that ends
/// xtask early ends the writing too), and measures its peak memory.
fn measured_xtask(
    arguments: &[&str],
    stdin: Stdio,
    feed: impl FnOnce(&mut dyn Write) + Send + 'static,
) -> Run {
    let mut child = xtask(arguments)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask starts");
    let writer = child.stdin.take().map(|mut pipe| {
        thread::spawn(move || {
            feed(&mut pipe);
        })
    });
    // Read both outputs before reaping the child, which keeps its peak memory.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let stderr_reader = thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut text).unwrap();
        text
    });
    let mut stdout_text = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut stdout_text).unwrap();
    let waited = child.wait4().unwrap();
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    Run {
        output: Output {
            status: waited.status,
            stdout: stdout_text,
            stderr: stderr_reader.join().unwrap(),
        },
        peak_memory_bytes: waited.rusage.maxrss,
    }
}

/// Runs xtask with `arguments` on `input`.
fn xtask_on(arguments: &[&str], input: &[u8]) -> Run {
    let input = input.to_vec();
    measured_xtask(arguments, Stdio::piped(), move |pipe| {
        // xtask may refuse the input and end before reading it all.
        let _ = pipe.write_all(&input);
    })
}

/// Two hundred megabytes, the size of input the row of the issue names.
const LARGE_INPUT_BYTES: usize = 200 << 20;

/// More memory than trace needs for one grid and its record, far less than the input.
const MEMORY_BOUND_BYTES: u64 = 64 << 20;

/// Checks that `run` failed with exit status 1 and one line on standard error that starts
/// with `expected`, and that it stayed within [`MEMORY_BOUND_BYTES`].
fn assert_refused(what: &str, run: &Run, expected: &str) {
    let stderr = run.stderr();
    assert_eq!(run.output.status.code(), Some(1), "{what}: {stderr}");
    assert!(stderr.starts_with(expected), "{what}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(
        run.peak_memory_bytes < MEMORY_BOUND_BYTES,
        "{what}: {} bytes at the peak",
        run.peak_memory_bytes
    );
}

#[test]
fn endless_zero_bytes_are_refused_at_the_first_line_in_bounded_memory() {
    let zeros = File::open("/dev/zero").ok();
    let Some(zeros) = support::tool::required(zeros, "/dev/zero", "a Linux system has it") else {
        return;
    };
    let name = packed_rows().name();
    let run = measured_xtask(&["trace", name], Stdio::from(zeros), |_| {});
    assert_refused(
        &format!("trace {name} < /dev/zero"),
        &run,
        "error: line 1, column 1: the line is longer than 65536 bytes",
    );
}

#[test]
fn two_hundred_megabytes_on_one_line_are_refused_in_bounded_memory() {
    let name = several_puzzles().name();
    let run = measured_xtask(&["trace", name], Stdio::piped(), |pipe| {
        let chunk = vec![b'1'; 1 << 20];
        for _ in 0..LARGE_INPUT_BYTES / chunk.len() {
            if pipe.write_all(&chunk).is_err() {
                return; // Refused, as it should be.
            }
        }
    });
    assert_refused(
        "200 MB on one line",
        &run,
        "error: puzzle 1, line 1, column 1: the line is longer than 65536 bytes",
    );
}

#[test]
fn a_grid_followed_by_two_hundred_megabytes_of_blank_lines_is_traced_in_bounded_memory() {
    let member = any_completion();
    let grid = member.first_sample_input();
    let run = measured_xtask(&["trace", member.name()], Stdio::piped(), move |pipe| {
        pipe.write_all(&grid).unwrap();
        // Blank lines as long as a line may be: spaces, then the line's end.
        let mut blank_line = vec![b' '; common::input::MAX_LINE_BYTES];
        blank_line.push(b'\n');
        for _ in 0..LARGE_INPUT_BYTES / blank_line.len() {
            pipe.write_all(&blank_line).unwrap();
        }
    });
    let stderr = run.stderr();
    assert!(run.output.status.success(), "{stderr}");
    assert!(run.stdout().contains("; solved\n"), "{}", run.stdout());
    assert!(
        run.peak_memory_bytes < MEMORY_BOUND_BYTES,
        "{} bytes at the peak for 200 MB of input",
        run.peak_memory_bytes
    );
}

#[test]
fn input_that_is_not_utf8_is_refused_at_its_line_and_column_in_characters() {
    // Line 2 starts with two characters of two bytes each: the bad byte is the third
    // character (the fifth byte).
    let mut input = b"530070000\n".to_vec();
    input.extend_from_slice("éé".as_bytes());
    input.extend_from_slice(b"\xff0195000\n");
    let run = xtask_on(&["trace", packed_rows().name()], &input);
    assert_refused(
        "a byte that is not UTF-8",
        &run,
        "error: line 2, column 3: `\\xff` is not UTF-8 text",
    );
    // A problem of several puzzles an input reads them the same way, and names the
    // puzzle too.
    let name = several_puzzles().name();
    let run = xtask_on(&["trace", name], b"\xc3\x28\n");
    assert_refused(
        &format!("a byte that is not UTF-8 in {name}"),
        &run,
        "error: puzzle 1, line 1, column 1: `\\xc3` is not UTF-8 text",
    );
}

#[test]
fn html_dash_writes_the_page_to_standard_output_and_nothing_else() {
    let directory = tempfile::tempdir().unwrap();
    let member = any_completion();
    let input = member.first_sample_input();
    let mut child = xtask(&["trace", member.name(), "--html", "-"])
        .current_dir(directory.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with("<!doctype html>"), "{page:.200}");
    assert!(
        page.trim_end().ends_with("</html>"),
        "the page and nothing after it"
    );
    // The same page as `--html FILE` writes.
    let file = directory.path().join("page.html");
    let mut child = xtask(&["trace", member.name(), "--html"])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), page);
    // No file named `-`.
    assert!(
        !directory.path().join("-").exists(),
        "a file named `-` was written"
    );
}

#[test]
fn a_puzzle_without_completion_exits_1_and_a_search_stopped_at_its_cap_exits_0() {
    // Two 5s in row 1: no completion, which the summary says and the status tells.
    let mut grid = [b'0'; 81];
    (grid[0], grid[1]) = (b'5', b'5');
    let input: Vec<u8> = grid
        .chunks(9)
        .flat_map(|row| [row, b"\n"].concat())
        .collect();
    let run = xtask_on(&["trace", packed_rows().name(), "--limit", "0"], &input);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    assert!(run.stdout().contains("; no completion"), "{}", run.stdout());
    // Rung 0 on a hard puzzle stops at its cap: that is its answer, said in the summary.
    let arguments = [
        "trace",
        any_completion().name(),
        "--rung",
        "0",
        "--puzzle",
        "magictour_top1465:1",
    ];
    let run = xtask_on(&[&arguments[..], &["--limit", "0"]].concat(), b"");
    assert!(run.output.status.success(), "{}", run.stderr());
    assert!(
        run.stdout().contains("stopped at its cap"),
        "{}",
        run.stdout()
    );
}

#[test]
fn the_help_counts_the_rungs_of_the_ladder() {
    let last = RUNGS.len() - 1;
    let run = xtask_on(&["trace", "--help"], b"");
    assert!(run.output.status.success(), "{}", run.stderr());
    let help = run
        .stdout()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains(&format!("(common::ladder, 0 to {last})")),
        "{help}"
    );
    // The last rung is taken; the one after it is refused on the command line.
    let member = any_completion();
    let sample = member.first_sample_input();
    let last_text = last.to_string();
    let run = xtask_on(&["trace", member.name(), "--rung", &last_text], &sample);
    assert!(run.output.status.success(), "rung {last}: {}", run.stderr());
    let past = RUNGS.len().to_string();
    let run = xtask_on(&["trace", member.name(), "--rung", &past], &sample);
    assert_eq!(
        run.output.status.code(),
        Some(2),
        "rung {past}: {}",
        run.stderr()
    );
    assert!(
        run.stderr()
            .starts_with(&format!("error: invalid value '{past}' for '--rung <K>'")),
        "{}",
        run.stderr()
    );
}

/// The JSON data of a trace page.
fn page_data(page: &str) -> serde_json::Value {
    let opening = r#"<script type="application/json" id="trace">"#;
    let start = page.find(opening).expect("the page's data") + opening.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// Checks that the page of `trace PROBLEM --html -` shows, step by step, the kind, text
/// and decided cells that `trace PROBLEM` prints, with the same title, summary and note
/// of a cut.
fn assert_page_words_the_printed_trace(what: &str, arguments: &[&str], input: &[u8]) {
    let mut page_arguments = arguments.to_vec();
    page_arguments.extend(["--html", "-"]);
    let page = xtask_on(&page_arguments, input);
    assert!(page.output.status.success(), "{what}: {}", page.stderr());
    let data = page_data(&page.stdout());
    let text = xtask_on(arguments, input);
    assert!(text.output.status.success(), "{what}: {}", text.stderr());
    let text = text.stdout();
    let mut puzzles = data["puzzles"].as_array().unwrap().iter();
    let mut steps: Vec<serde_json::Value> = Vec::new();
    let mut puzzle = &serde_json::Value::Null;
    let mut n_compared = 0;
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("trace ") {
            assert!(steps.is_empty(), "{what}: every step of the page printed");
            puzzle = puzzles
                .next()
                .expect("a puzzle on the page for each printed");
            assert_eq!(puzzle["title"], title, "{what}");
            steps = puzzle["steps"].as_array().unwrap().to_vec();
            steps.reverse();
        } else if line.starts_with("summary: ") {
            assert!(steps.is_empty(), "{what}: every step of the page printed");
            assert_eq!(puzzle["summary"], line, "{what}");
        } else if let Some(note) = line.strip_prefix("      ... ") {
            assert_eq!(puzzle["cut"], note, "{what}");
        } else if line.get(8..11) == Some("/81") {
            // `{step:>5} {decided:>2}/81  {indent}{kind:<14} {text}`
            let step = steps.pop().expect("a step on the page for each printed");
            let decided: u64 = line[6..8].trim().parse().unwrap();
            assert_eq!(step["decided"], decided, "{what}: {line}");
            let kind = step["kind"].as_str().unwrap();
            let text = step["text"].as_str().unwrap();
            assert_eq!(
                line[13..].trim_start(),
                format!("{kind:<14} {text}"),
                "{what}"
            );
            n_compared += 1;
        }
    }
    assert!(
        puzzles.next().is_none(),
        "{what}: every puzzle of the page printed"
    );
    assert!(n_compared > 0, "{what}: no step compared");
}

#[test]
fn the_page_shows_the_words_that_trace_prints() {
    // The samples of every member of a family (a Su-domino-ku sample holds several
    // puzzles), with all their steps.
    for member in KnownProblem::ALL {
        let name = member.crate_name();
        for sample in support::crate_of(member).samples().unwrap() {
            let input = std::fs::read(&sample.input_path).unwrap();
            let arguments = ["trace", name.as_str(), "--limit", "100000"];
            let what = format!("{name} {}", sample.name);
            assert_page_words_the_printed_trace(&what, &arguments, &input);
        }
    }
    // A hard puzzle: guesses, contradictions and steps back, cut short by the limit; and
    // the ladder's plainest rung on it.
    let grid = xtask::problems::data::load_puzzles("forum_hardest_1106.txt").unwrap()[0];
    for member in KnownProblem::ALL
        .iter()
        .filter(|member| member.family.plain_sudoku)
    {
        let name = member.crate_name();
        let input = (member.format.input_text)(&[Puzzle::Sudoku { grid }]);
        let arguments = ["trace", name.as_str(), "--limit", "3000"];
        assert_page_words_the_printed_trace(&name, &arguments, input.as_bytes());
        let arguments = ["trace", name.as_str(), "--rung", "0", "--limit", "500"];
        assert_page_words_the_printed_trace("rung 0", &arguments, input.as_bytes());
    }
}
