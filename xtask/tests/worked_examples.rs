//! The headers of the problems (the `//!` lines of their `src/lib.rs`) show what their
//! commands print, and every figure they quote is one a command or the code gives. Every
//! header is checked the same way, its problem found in the workspace (and, for a member
//! of a family, in the table of problems), so a new problem's header is checked too:
//! - each ```` ```console ```` block, `$ cargo xtask ARGUMENTS [< FILE]` and the lines that
//!   matter of its output, is run and compared by `snapbox` (`...` stands for lines, `[..]`
//!   for part of a line); a member of a family traces its search in its Worked example;
//! - every number in the prose of a Worked example is one its blocks show, in the command
//!   or in the output (but a trace line's step number), except a count of short searches;
//! - "N such short searches" is the number of remarks "below the witness" that the command
//!   quoted beside it prints, on a grid with no givens;
//! - each size "N-byte X" (or "N-bit X") is `std::mem::size_of` of the type X names;
//! - a column of guesses in a table under Cost holds the guesses the member's search
//!   (its observed solver in the table) makes on each row's puzzles: their mean and
//!   maximum, or the mean of the free guesses (tdoku's figure beside them is measured
//!   outside the repository, and not checked here).
//!
//! A claim about one solution's own constant is checked in that problem's folder, beside
//! the constant, by its own `tests/header.rs`: the Su-domino-ku solution's depth of
//! search, its dominoes less the fewest its input gives.

mod support;

use std::fs;
use std::mem::size_of;
use std::time::Duration;

use common::board::Board;
use common::observe::GuessCounter;
use common::CellSet;
use support::members::{members, Member};
use support::{output_with_input, xtask};
use xtask::problems::{KnownProblem, Puzzle};
use xtask::trace::Recorder;

/// The words after a figure that the figure test leaves to the test of short searches.
const SHORT_SEARCHES: &str = "such short searches";

/// The path of `problem`'s `src/lib.rs`, from the workspace's root.
fn source_path(problem: &str) -> String {
    format!("problems/{problem}/src/lib.rs")
}

/// The source of `problem`'s `src/lib.rs`.
fn source(problem: &str) -> String {
    let path = xtask::project_root().join(source_path(problem));
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The `//!` header of `problem`, as rustdoc reads it: `//!` and the one space after it
/// taken off each line.
fn header(problem: &str) -> String {
    let mut header = String::new();
    for line in source(problem).lines() {
        let Some(text) = line.strip_prefix("//!") else {
            break;
        };
        header.push_str(text.strip_prefix(' ').unwrap_or(text));
        header.push('\n');
    }
    header
}

/// The section `## NAME` of a header, without its heading, up to the next `## `.
fn section(header: &str, name: &str, problem: &str) -> String {
    let heading = format!("## {name}\n");
    let start = header
        .find(&heading)
        .unwrap_or_else(|| panic!("{problem}: no section {heading}"));
    let body = &header[start + heading.len()..];
    body[..body.find("\n## ").unwrap_or(body.len())].to_string()
}

/// A ```` ```console ```` block: the command and the output it shows.
struct Block {
    /// The command line as the header shows it, `$ ` left out.
    command: String,
    /// The words after `cargo xtask`, up to `<`.
    arguments: Vec<String>,
    /// The file after `<`, given on standard input.
    input: Option<String>,
    /// The lines under the command, with their wildcards.
    expected: String,
}

/// The console blocks of `text`, and its prose: the lines outside every block.
fn blocks_and_prose(text: &str, problem: &str) -> (Vec<Block>, String) {
    let mut blocks: Vec<Block> = Vec::new();
    let mut prose = String::new();
    let mut in_block = None;
    for line in text.lines() {
        if line.starts_with("```") {
            in_block = match in_block {
                None => Some(line == "```console"),
                Some(_) => None,
            };
            continue;
        }
        match in_block {
            None => {
                prose.push_str(line);
                prose.push('\n');
            }
            Some(false) => {}
            Some(true) => match line.strip_prefix("$ ") {
                Some(command) => blocks.push(block_of(command, problem)),
                None => {
                    let block = blocks
                        .last_mut()
                        .unwrap_or_else(|| panic!("{problem}: a console block opens with `$ `"));
                    block.expected.push_str(line);
                    block.expected.push('\n');
                }
            },
        }
    }
    (blocks, prose)
}

/// The block that `$ COMMAND` opens: `cargo xtask ARGUMENTS`, and `< FILE` at its end.
fn block_of(command: &str, problem: &str) -> Block {
    let (words, input) = match command.split_once(" < ") {
        Some((words, file)) => (words, Some(file.trim().to_string())),
        None => (command, None),
    };
    let words: Vec<String> = words.split_whitespace().map(String::from).collect();
    assert_eq!(
        words[..2],
        ["cargo", "xtask"],
        "{problem}: a console block runs `cargo xtask`: {command}"
    );
    Block {
        command: command.to_string(),
        arguments: words[2..].to_vec(),
        input,
        expected: String::new(),
    }
}

/// What `cargo xtask ARGUMENTS < INPUT` prints on standard output; it must succeed.
fn printed(arguments: &[String], input: Option<&str>) -> String {
    let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
    let mut command = xtask(&arguments);
    let output = match input {
        Some(file) => {
            let path = xtask::project_root().join(file);
            let bytes = fs::read(&path).unwrap_or_else(|error| panic!("{file}: {error}"));
            output_with_input(&mut command, &bytes, Duration::from_secs(120))
        }
        None => command.output().expect("xtask starts"),
    };
    assert!(
        output.status.success(),
        "cargo xtask {} failed: {}",
        arguments.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// `text` without its code spans (`` `...` ``), which hold names and commands, not figures.
fn without_code_spans(text: &str) -> String {
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// A word of prose as a number (`51`, `100,000`, `3,`), or `None`.
fn number(word: &str) -> Option<u64> {
    let word = word.trim_end_matches([',', '.', ';', ':', ')']);
    word.trim_start_matches('(').replace(',', "").parse().ok()
}

/// The numbers a block shows: every run of digits in its command and its output, but the
/// step numbers that open a trace's lines (a figure is not a step's place in the trace).
fn numbers_shown(block: &Block) -> Vec<u64> {
    let mut shown = block.command.clone();
    for line in block.expected.lines() {
        let mut words = line.split_whitespace();
        let opens_with_step = words
            .next()
            .is_some_and(|first| first.bytes().all(|byte| byte.is_ascii_digit()));
        let rest: Vec<&str> = if opens_with_step {
            words.collect()
        } else {
            line.split_whitespace().collect()
        };
        shown.push('\n');
        shown.push_str(&rest.join(" "));
    }
    shown
        .split(|character: char| !character.is_ascii_digit())
        .filter_map(|digits| digits.parse().ok())
        .collect()
}

#[test]
fn every_console_block_prints_what_the_header_shows() {
    for problem in &support::problem_names() {
        let problem = problem.as_str();
        for block in blocks_and_prose(&header(problem), problem).0 {
            let printed = printed(&block.arguments, block.input.as_deref());
            let shown = format!("{}: $ {}", source_path(problem), block.command);
            if let Err(error) = snapbox::Assert::new().try_eq(
                Some(&shown),
                printed.into(),
                block.expected.clone().into(),
            ) {
                panic!("{shown} prints otherwise:\n{error}");
            }
        }
    }
}

#[test]
fn a_member_of_a_family_shows_its_search_in_its_worked_example() {
    for member in KnownProblem::ALL {
        let problem = member.crate_name();
        let example = section(&header(&problem), "Worked example", &problem);
        let (blocks, _) = blocks_and_prose(&example, &problem);
        let traces = |block: &Block| block.arguments.first().is_some_and(|word| word == "trace");
        assert!(
            blocks.iter().any(traces),
            "{problem}: the Worked example traces no search"
        );
    }
}

#[test]
fn every_figure_of_a_worked_example_is_one_its_blocks_show() {
    for problem in &support::problem_names() {
        let problem = problem.as_str();
        let example = section(&header(problem), "Worked example", problem);
        let (blocks, prose) = blocks_and_prose(&example, problem);
        let shown: Vec<u64> = blocks.iter().flat_map(numbers_shown).collect();
        let prose = without_code_spans(&prose);
        let words: Vec<&str> = prose.split_whitespace().collect();
        for (index, word) in words.iter().enumerate() {
            let Some(figure) = number(word) else {
                continue;
            };
            let after = words[index + 1..].iter().take(3).copied();
            if after.collect::<Vec<_>>().join(" ") == SHORT_SEARCHES {
                continue;
            }
            assert!(
                shown.contains(&figure),
                "{problem}: the Worked example cites {figure}, which none of its console \
                 blocks shows"
            );
        }
    }
}

#[test]
fn every_count_of_short_searches_is_what_its_command_prints() {
    // "N such short searches (`cargo xtask trace ...` prints each ...)": the command traces
    // a grid with no givens, and prints N remarks "below the witness".
    for problem in &support::problem_names() {
        let problem = problem.as_str();
        let example = section(&header(problem), "Worked example", problem);
        let prose = example.split_whitespace().collect::<Vec<_>>().join(" ");
        let phrase = format!(" {SHORT_SEARCHES} ");
        let Some(at) = prose.find(&phrase) else {
            continue;
        };
        let cited = prose[..at]
            .rsplit(' ')
            .next()
            .and_then(number)
            .expect("a number before the short searches");
        let after = &prose[at..];
        let command = after
            .split('`')
            .nth(1)
            .filter(|span| span.starts_with("cargo xtask "))
            .expect("the `cargo xtask` command that shows the short searches, after their count");
        let arguments: Vec<String> = command
            .split_whitespace()
            .skip(2)
            .map(String::from)
            .collect();
        let printed = printed(&arguments, None);
        assert!(
            printed.contains("; 0 givens,"),
            "{problem}: `{command}` traces a grid with givens, not the empty grid"
        );
        let searches = printed
            .lines()
            .filter(|line| line.contains("below the witness"))
            .count();
        assert_eq!(
            cited, searches as u64,
            "{problem} cites {cited} short searches; `{command}` prints {searches}"
        );
    }
}

#[test]
fn every_size_in_bytes_or_bits_is_its_types_size() {
    // The domino set is a private type of a Su-domino-ku solution: its size is that of the
    // integer it names.
    let problems = support::problem_names();
    let domino_set = || {
        let definition = problems.iter().find_map(|problem| {
            let source = source(problem);
            let line = source
                .lines()
                .find_map(|line| line.strip_prefix("type DominoSet = "));
            line.map(str::to_string)
        });
        match definition
            .expect("a solution defines `type DominoSet`")
            .as_str()
        {
            "u32;" => size_of::<u32>(),
            "u64;" => size_of::<u64>(),
            "u128;" => size_of::<u128>(),
            other => panic!("DominoSet is {other}, which this test does not know"),
        }
    };
    for problem in &problems {
        let problem = problem.as_str();
        let text = header(problem)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        // "N-byte X" is X's size; "N-bit sets" are cell sets, 8 bits a byte.
        for (unit, bits_per_unit) in [("-byte ", 1), ("-bit ", 8)] {
            for (before, after) in text.split(unit).zip(text.split(unit).skip(1)) {
                let cited = before
                    .rsplit(' ')
                    .next()
                    .and_then(number)
                    .unwrap_or_else(|| panic!("{problem}: no number before {unit}{after:.20}"));
                let size = if after.starts_with("[`Board`]") {
                    size_of::<Board>()
                } else if after.starts_with("cell set") || after.starts_with("sets") {
                    size_of::<CellSet>()
                } else if after.starts_with("domino set") {
                    domino_set()
                } else {
                    panic!("{problem}: {cited}{unit}{after:.20}...: a size this test does not know")
                };
                assert_eq!(
                    cited,
                    (size * bits_per_unit) as u64,
                    "{problem}: the header says {cited}{unit}{after:.20}..., which is {size} bytes"
                );
            }
        }
    }
}

/// The rows of the table under Cost in `problem`'s header, each as its cells, the
/// headings first; `None` when its Cost has no table.
fn cost_table(problem: &str) -> Option<Vec<Vec<String>>> {
    let cost = section(&header(problem), "Cost", problem);
    let rows: Vec<Vec<String>> = cost
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .map(|line| {
            let cells = line.trim_matches('|').split('|');
            cells.map(|cell| cell.trim().to_string()).collect()
        })
        .collect();
    (!rows.is_empty()).then_some(rows)
}

/// The puzzles of the row of `member`'s table of cost whose first cell is `row`: the file
/// it names in a code span (from the workspace's root), the judge's samples, or a set of
/// `data/` by its name, "(first 2,000)" where `data/` holds the first 2,000.
fn row_puzzles(member: &Member, row: &str) -> Vec<Puzzle> {
    let read_file = |file: &str| {
        let path = xtask::project_root().join(file);
        let text = fs::read_to_string(&path).unwrap_or_else(|error| panic!("{file}: {error}"));
        (member.entry.family.read_bench_file)(&text).expect("a well-formed set")
    };
    if let Some(file) = row.split('`').nth(1) {
        return read_file(file);
    }
    if row.starts_with("the judge's samples") {
        let mut puzzles = Vec::new();
        for sample in member.problem.samples().expect("the samples are readable") {
            let input = fs::read(&sample.input_path).expect("the sample is readable");
            let read = member.entry.read_each(input.as_slice(), |puzzle| {
                puzzles.push(puzzle);
                Ok(())
            });
            read.expect("the sample reads");
        }
        return puzzles;
    }
    let set = row.split_whitespace().next().expect("a set");
    match row.contains("(first 2,000)") {
        true => read_file(&format!("data/{set}_2000.txt")),
        false => read_file(&format!("data/{set}.txt")),
    }
}

/// A column of guesses a table of cost may hold: its heading, and how its figure comes
/// from the guesses the search makes on each puzzle of the row (counted as `bench` counts
/// them).
struct GuessColumn {
    heading: &'static str,
    figure: fn(&[GuessCounter]) -> String,
}

/// The columns of guesses a table of cost may hold: the guesses' mean and maximum, or the
/// free guesses' mean (beside tdoku's figure, after a `;`, which is measured outside the
/// repository).
const GUESS_COLUMNS: [GuessColumn; 2] = [
    GuessColumn {
        heading: "guesses (mean / max)",
        figure: |counts| {
            let guesses = counts.iter().map(|count| count.guesses);
            let mean = guesses.clone().sum::<u64>() as f64 / counts.len() as f64;
            format!("{mean:.1} / {}", guesses.max().expect("puzzles"))
        },
    },
    GuessColumn {
        heading: "free guesses: this solution; tdoku",
        figure: |counts| {
            let free_guesses = counts.iter().map(|count| count.free_guesses);
            let mean = free_guesses.sum::<u64>() as f64 / counts.len() as f64;
            format!("{mean:.1}")
        },
    },
];

#[test]
fn every_table_of_cost_quotes_the_guesses_of_its_search() {
    let mut checked = 0;
    for member in members() {
        let name = member.name();
        let Some(rows) = cost_table(name) else {
            continue;
        };
        let heads = &rows[0];
        for (column, head) in heads.iter().enumerate() {
            let known = GUESS_COLUMNS.iter().find(|known| known.heading == head);
            let Some(GuessColumn { figure, .. }) = known else {
                assert!(
                    !head.contains("guesses"),
                    "{name}: a column of guesses this test does not know: {head}"
                );
                continue;
            };
            for row in &rows[1..] {
                let counts: Vec<GuessCounter> = row_puzzles(member, &row[0])
                    .iter()
                    .enumerate()
                    .map(|(index, puzzle)| {
                        let mut recorder = Recorder::new(0);
                        (member.entry.solve_observed)(puzzle, &mut recorder).unwrap_or_else(|| {
                            panic!("{name}, {}, puzzle {}: no answer", row[0], index + 1)
                        });
                        recorder.guesses()
                    })
                    .collect();
                // The figure of this solution: the cell, up to a `;`.
                let cited = row[column].split(';').next().expect("a cell").trim();
                assert_eq!(
                    cited,
                    figure(&counts),
                    "{name}: {head} of {} ({} puzzles)",
                    row[0],
                    counts.len()
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked > 0,
        "no table of cost quotes the guesses of a search"
    );
}
