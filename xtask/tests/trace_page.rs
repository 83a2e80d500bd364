//! The trace page (`cargo xtask trace --html`) in a real browser: Debian's Chromium,
//! headless.
//!
//! Each test writes a page with the `xtask` binary, as a user would, and also runs the text
//! trace. A small wrapper page (written here, not part of the product) opens the trace page
//! in a frame at one moment (`#step=N`), moves it to the next ones by changing the
//! fragment, and copies what each moment shows (the digit of every cell, the step, the
//! decided-cell count and the explanation) into its own document, which Chromium prints
//! with `--dump-dom`: one browser start checks many moments. At each moment:
//! - the digits shown are the grid that [`Replay`] follows the recorded events to;
//! - the step number and decided-cell count are those of the text trace's line, and the
//!   explanation reads as that line's kind and text;
//! - at `#step=end`, the grid is the answer the problem's solution gives.
//!
//! The problems traced are the members of the families, taken from the table of problems
//! by what they are (a Sudoku, one judged by the `sudoku` checker, the one whose goal is the
//! smallest completion), never by number.
//!
//! Without Chromium (set `CHROMIUM` to choose one) the tests say so and are skipped, except
//! under CI, which installs it, where they fail (see `support::tool`).

mod support;

use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::members::{any_completion, members, smallest_completion, Member};
use xtask::problems::recording::{record, Searcher};
use xtask::problems::Puzzle;
use xtask::reference::Grid;
use xtask::trace::{Event, PuzzleTrace, Replay};

/// Runs `cargo xtask ARGUMENTS` on `input` and returns its standard output.
fn xtask_output(arguments: &[&str], input: &str) -> String {
    let mut xtask = support::xtask(arguments);
    let output = support::output_with_input(&mut xtask, input.as_bytes(), Duration::from_secs(300));
    assert!(
        output.status.success(),
        "xtask {arguments:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// One line of the text trace: step number, decided cells, and kind and text with white
/// space collapsed.
#[derive(Debug, PartialEq)]
struct Line {
    step: usize,
    decided: usize,
    words: String,
}

/// Collapses runs of white space into one space.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The step lines of the text trace, one list per puzzle.
fn text_lines(text: &str) -> Vec<Vec<Line>> {
    let mut puzzles = Vec::new();
    for line in text.lines() {
        if line.starts_with("trace ") {
            puzzles.push(Vec::new());
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(step), Some(decided)) = (words.next(), words.next()) else {
            continue;
        };
        let (Ok(step), Some(Ok(decided))) =
            (step.parse(), decided.strip_suffix("/81").map(str::parse))
        else {
            continue;
        };
        let rest = &line[line.find("/81").unwrap() + 5..];
        let rest = rest.trim_start();
        let (kind, text) = rest.split_at(14.min(rest.len()));
        let words = collapse(&format!("{} {text}", kind.trim_end()));
        puzzles
            .last_mut()
            .expect("a `trace` header first")
            .push(Line {
                step,
                decided,
                words,
            });
    }
    puzzles
}

/// The grid after each recorded step (index 0: before the first).
fn grids(trace: &PuzzleTrace) -> Vec<Grid> {
    let mut replay = Replay::default();
    let mut grids = vec![replay.grid];
    for event in &trace.events {
        replay.apply(event);
        if event.is_step() {
            grids.push(replay.grid);
        }
    }
    grids
}

/// The grids that `member`'s solution answers `input` with: its input read as its binary
/// reads it, each puzzle solved by the solver its binary runs (its entry in the table).
fn printed_answers(member: &Member, input: &str) -> Vec<Grid> {
    let mut answers = Vec::new();
    let read = member.entry.read_each(input.as_bytes(), |puzzle| {
        let answer = (member.entry.solve)(&puzzle);
        answers.push(answer.expect("every puzzle traced here has an answer"));
        Ok(())
    });
    read.expect("the input reads");
    answers
}

/// What the page showed at one moment.
#[derive(Debug)]
struct Shown {
    moment: String,
    step: usize,
    digits: Grid,
    decided: usize,
    explanation: String,
    cut: Option<String>,
    /// The page's subtitle: what it traces (for a ladder rung, which rung).
    title: String,
}

/// The wrapper page: opens `page` at `moments[0]`, then moves it through the others (a
/// fragment such as `step=5`, or `next`: a click on the page's "next" button), and writes
/// what each showed, as JSON, into `<pre id="out">`.
const WRAPPER: &str = r##"<!doctype html><html><body><pre id="out">not finished</pre>
<iframe id="page" width="1100" height="900"></iframe><script>
const moments = MOMENTS, frame = document.getElementById("page"), shown = [];
function read(moment) {
  const doc = frame.contentDocument, role = (name) => doc.querySelector(`[data-role="${name}"]`);
  const digits = [];
  for (let row = 1; row <= 9; row++) for (let col = 1; col <= 9; col++)
    digits.push(Number(doc.querySelector(`[data-cell="r${row}c${col}"]`).dataset.digit));
  const cut = doc.getElementById("cut");
  shown.push({ moment, step: Number(role("step").textContent), digits,
    decided: Number(role("decided").textContent), explanation: role("explanation").textContent,
    cut: cut.hidden ? null : cut.textContent, title: doc.getElementById("subtitle").textContent });
}
frame.addEventListener("load", async () => {
  try {
    read(moments[0]);
    for (const moment of moments.slice(1)) {
      // The page writes its fragment as `[puzzle=K&]step=N`: the same one means the
      // same moment, and setting it again would fire no event.
      const view = frame.contentWindow;
      if (moment === "next") {
        frame.contentDocument.getElementById("next").click();
      } else if (view.location.hash !== "#" + moment) {
        const changed = new Promise((done) => view.addEventListener("hashchange", done, { once: true }));
        view.location.hash = moment;
        await changed;
      }
      read(moment);
    }
    document.getElementById("out").textContent = JSON.stringify(shown);
  } catch (error) { document.getElementById("out").textContent = "error: " + error; }
});
frame.src = "page.html#" + moments[0];
</script></body></html>"##;

/// Opens `folder/page.html` at each of `moments` in `browser` and returns what it showed.
fn visit(browser: &Path, folder: &Path, moments: &[String]) -> Vec<Shown> {
    let wrapper = WRAPPER.replace("MOMENTS", &serde_json::to_string(moments).unwrap());
    std::fs::write(folder.join("wrapper.html"), wrapper).unwrap();
    let text = support::chromium::wrapper_output(browser, folder, 20);
    let values: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("the wrapper wrote: {text}"));
    values
        .iter()
        .map(|value| Shown {
            moment: value["moment"].as_str().unwrap().to_string(),
            step: value["step"].as_u64().unwrap() as usize,
            digits: value["digits"]
                .as_array()
                .unwrap()
                .iter()
                .map(|digit| digit.as_u64().unwrap() as u8)
                .collect::<Vec<u8>>()
                .try_into()
                .unwrap(),
            decided: value["decided"].as_u64().unwrap() as usize,
            explanation: collapse(value["explanation"].as_str().unwrap()),
            title: value["title"].as_str().unwrap().to_string(),
            cut: value["cut"].as_str().map(str::to_string),
        })
        .collect()
}

/// The steps worth a look in a long trace: the first and last, the middle, and the first
/// of every kind of step (each reason, each kind of contradiction, a guess taken back).
fn telling_steps(trace: &PuzzleTrace) -> Vec<usize> {
    let mut firsts: Vec<(String, usize)> = Vec::new();
    let steps = trace.events.iter().filter(|event| event.is_step());
    for (index, event) in steps.enumerate() {
        let kind = match event {
            Event::Contradiction(conflict) => {
                format!("conflict {:?}", std::mem::discriminant(conflict))
            }
            Event::Deduced { reason, .. } => format!("reason {:?}", std::mem::discriminant(reason)),
            other => format!("event {:?}", std::mem::discriminant(other)),
        };
        if !firsts.iter().any(|(seen, _)| *seen == kind) {
            firsts.push((kind, index + 1));
        }
    }
    let n = trace.events.iter().filter(|event| event.is_step()).count();
    let mut chosen: Vec<usize> = firsts.into_iter().map(|(_, step)| step).collect();
    chosen.extend([1, n / 2, n]);
    chosen.sort_unstable();
    chosen.dedup();
    chosen
}

/// Writes the page for `member` on `input` (with `--limit` if given), opens it at the
/// chosen steps of each puzzle and at its end, and checks each against the text trace.
/// `all_steps` checks every step rather than the telling ones. The label names the page's
/// folder and a failure: `{member}-{label}`.
fn check_page(label: &str, member: &Member, input: &str, limit: Option<u64>, all_steps: bool) {
    check_page_of(label, member, Searcher::Solution, input, limit, all_steps);
}

/// [`check_page`] for the search of `searcher` (`--rung K` for a ladder rung).
fn check_page_of(
    label: &str,
    member: &Member,
    searcher: Searcher,
    input: &str,
    limit: Option<u64>,
    all_steps: bool,
) {
    let how = "install Debian's `chromium`, or set CHROMIUM";
    let label = format!("{}-{label}", member.name());
    let what = format!("Chromium, for the trace page test `{label}`,");
    let Some(browser) = support::tool::required(support::tool::chromium(), &what, how) else {
        return;
    };
    // Removed when the test ends, pass or fail.
    let temporary = tempfile::Builder::new()
        .prefix(&format!("trace-page-{label}-"))
        .tempdir()
        .unwrap();
    let folder = temporary.path();
    let page_limit = limit.unwrap_or(100_000);
    let lines = write_the_page_and_the_text(member.name(), searcher, input, limit, folder);
    let mut traces = Vec::new();
    record(
        member.entry,
        searcher,
        input.as_bytes(),
        page_limit,
        None,
        |trace| {
            traces.push(trace);
            Ok(())
        },
    )
    .unwrap();
    let answers = printed_answers(member, input);
    assert_eq!(lines.len(), traces.len(), "one text trace per puzzle");

    let (moments, expected) = moments_to_see(&traces, &lines, all_steps);
    let shown = visit(&browser, folder, &moments);
    assert_eq!(shown.len(), moments.len(), "every moment was read");
    for (shown, &(index, step)) in shown.iter().zip(&expected) {
        let trace = &traces[index];
        let context = format!("{label}, {} ({})", shown.moment, trace.title);
        check_moment(shown, step, trace, &lines[index], &answers[index], &context);
    }
}

/// Writes the page of `trace PROBLEM` on `input` to `folder/page.html` (with `--rung` for
/// a rung, and `--limit`), and returns the lines of the text trace of the same steps.
fn write_the_page_and_the_text(
    problem: &str,
    searcher: Searcher,
    input: &str,
    limit: Option<u64>,
    folder: &Path,
) -> Vec<Vec<Line>> {
    let page = folder.join("page.html");
    let rung_text = match searcher {
        Searcher::Rung { number } => vec!["--rung".to_string(), number.to_string()],
        Searcher::Solution => Vec::new(),
    };
    let rung_arguments: Vec<&str> = rung_text.iter().map(String::as_str).collect();
    let mut arguments = vec!["trace", problem, "--html", page.to_str().unwrap()];
    arguments.extend(&rung_arguments);
    let limit_text = limit.map(|limit| limit.to_string());
    let limit_arguments = limit_text
        .iter()
        .flat_map(|limit| ["--limit", limit.as_str()]);
    arguments.extend(limit_arguments);
    xtask_output(&arguments, input);
    let page_limit_text = limit.unwrap_or(100_000).to_string();
    let mut text_arguments = vec!["trace", problem, "--limit", &page_limit_text];
    text_arguments.extend(&rung_arguments);
    text_lines(&xtask_output(&text_arguments, input))
}

/// The moments of the page to look at (`step=3`, `next`, `step=end`, with `puzzle=N&`
/// when there are several puzzles), each with the puzzle and step it should show: every
/// step when `all_steps`, else the telling ones, and the end.
fn moments_to_see(
    traces: &[PuzzleTrace],
    lines: &[Vec<Line>],
    all_steps: bool,
) -> (Vec<String>, Vec<(usize, usize)>) {
    let mut moments = Vec::new();
    let mut expected = Vec::new();
    for (index, trace) in traces.iter().enumerate() {
        let prefix = if traces.len() > 1 {
            format!("puzzle={}&", index + 1)
        } else {
            String::new()
        };
        let n = lines[index].len();
        if all_steps {
            // Every step, one click of "next" after another.
            moments.push(format!("{prefix}step=0"));
            expected.push((index, 0));
            for step in 1..=n {
                moments.push("next".to_string());
                expected.push((index, step));
            }
        } else {
            for step in telling_steps(trace) {
                moments.push(format!("{prefix}step={step}"));
                expected.push((index, step));
            }
        }
        moments.push(format!("{prefix}step=end"));
        expected.push((index, n));
    }
    (moments, expected)
}

/// Checks that the page `shown` at `step` of `trace` agrees with the replay, with its line
/// of the text trace (`lines`), and at the end with the binary's `answer` or the note of
/// a record cut short.
fn check_moment(
    shown: &Shown,
    step: usize,
    trace: &PuzzleTrace,
    lines: &[Line],
    answer: &Grid,
    context: &str,
) {
    assert_eq!(shown.step, step, "{context}: the step shown");
    assert_eq!(shown.title, trace.title, "{context}: the page's title");
    assert_eq!(
        shown.digits,
        grids(trace)[step],
        "{context}: the digits shown"
    );
    if step > 0 {
        let line = &lines[step - 1];
        assert_eq!(line.step, step, "{context}: the text trace's numbering");
        assert_eq!(
            shown.decided, line.decided,
            "{context}: decided cells, as the text trace counts them"
        );
        assert_eq!(shown.explanation, line.words, "{context}: the explanation");
    } else {
        assert_eq!(
            shown.decided, 0,
            "{context}: nothing decided before the first step"
        );
    }
    let cut = trace.steps as usize > lines.len();
    assert_eq!(
        shown.cut.is_some(),
        cut,
        "{context}: the page says whether it was cut"
    );
    if !shown.moment.ends_with("step=end") {
        return;
    }
    if cut {
        let note = shown.cut.as_deref().unwrap();
        let first = format!("first {step} of the {} steps", trace.steps);
        assert!(note.contains(&first), "{context}: {note}");
    } else {
        assert_eq!(
            &shown.digits, answer,
            "{context}: the end is the binary's answer"
        );
    }
}

/// The first puzzle of the hardest set, in `member`'s input format.
fn hardest_first(member: &Member) -> String {
    let grid = xtask::problems::data::load_puzzles("forum_hardest_1106.txt").unwrap()[0];
    (member.entry.format.input_text)(&[Puzzle::Sudoku { grid }])
}

/// The members of the families whose puzzles are plain Sudoku grids (`sudoku`), or the
/// others.
fn members_where_plain_sudoku_is(sudoku: bool) -> impl Iterator<Item = &'static Member> {
    let plain_sudoku = move |member: &&Member| member.entry.family.plain_sudoku == sudoku;
    members().iter().filter(plain_sudoku)
}

/// Every step of the page on every sample of `member`.
fn every_step_of_the_samples_of(member: &Member) {
    for sample in member.problem.samples().unwrap() {
        let input = std::fs::read_to_string(&sample.input_path).unwrap();
        check_page(&sample.name, member, &input, None, true);
    }
}

#[test]
fn every_step_of_the_samples() {
    members_where_plain_sudoku_is(true).for_each(every_step_of_the_samples_of);
}

#[test]
fn every_step_of_the_samples_of_several_puzzles() {
    // Su-domino-ku's: the page moves from puzzle to puzzle.
    members_where_plain_sudoku_is(false).for_each(every_step_of_the_samples_of);
}

#[test]
fn a_hard_puzzle_with_guesses_contradictions_and_steps_back() {
    // The smallest completion proves the completion unique: its search takes every guess
    // back.
    for member in members_where_plain_sudoku_is(true) {
        check_page("hard", member, &hardest_first(member), None, false);
    }
}

#[test]
fn a_page_cut_by_the_limit_says_so() {
    let member = any_completion();
    check_page("cut", member, &hardest_first(member), Some(40), false);
}

#[test]
fn two_completions_and_the_witness() {
    // The first puzzle with several completions: the smallest completion's step 4 walks
    // the witness.
    let grid =
        xtask::problems::data::load_puzzles("serg_benchmark_multisolution_1000.txt").unwrap()[0];
    let member = smallest_completion();
    let input = (member.entry.format.input_text)(&[Puzzle::Sudoku { grid }]);
    check_page("witness", member, &input, None, false);
}

#[test]
fn every_rung_of_the_ladder_on_a_hard_puzzle() {
    // Rung 0 takes hundreds of thousands of steps here: its page keeps the first 2,000
    // and says so. The others finish within the default limit.
    let member = any_completion();
    let input = hardest_first(member);
    for rung in common::ladder::RUNGS {
        let label = format!("rung{}", rung.number);
        let limit = (rung.number <= 2).then_some(2_000);
        let searcher = Searcher::Rung {
            number: rung.number,
        };
        check_page_of(&label, member, searcher, &input, limit, false);
    }
}
