//! The headers of the problems (the `//!` lines of their `src/lib.rs`) show what their
//! commands print, and every figure they quote is one a command or the code gives:
//! - each ```` ```console ```` block, `$ cargo xtask ARGUMENTS [< FILE]` and the lines that
//!   matter of its output, is run and compared by `snapbox` (`...` stands for lines, `[..]`
//!   for part of a line); a member of a family traces its search in its Worked example;
//! - every number in the prose of a Worked example is one its blocks show, in the command
//!   or in the output (but a trace line's step number), except the count of short searches;
//! - p2239's "N such short searches" on the empty grid is the number of remarks "below the
//!   witness" that the command quoted beside it prints, on a grid with no givens;
//! - each size "N-byte X" (or "N-bit X") is `std::mem::size_of` of the type X names, and
//!   p4574's depth of search is its 36 dominoes less the fewest the input may give;
//! - the guesses of the tables under Cost are those the search makes on each row's
//!   puzzles: p4574's (mean / max), and p2239's free guesses (tdoku's figure beside them
//!   is measured outside the repository, and not checked here).

mod support;

use std::fs;
use std::mem::size_of;
use std::time::Duration;

use common::board::Board;
use common::input::Lines;
use common::observe::GuessCounter;
use common::CellSet;
use support::{output_with_input, xtask};
use xtask::problems::data::load_puzzles;
use xtask::problems::KnownProblem;

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
fn p2239_runs_as_many_short_searches_as_it_says() {
    let example = section(&header("p2239"), "Worked example", "p2239");
    let prose = example.split_whitespace().collect::<Vec<_>>().join(" ");
    let phrase = format!(" {SHORT_SEARCHES} ");
    let at = prose
        .find(&phrase)
        .unwrap_or_else(|| panic!("p2239: no \"N{phrase}\" in the Worked example"));
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
        "p2239: `{command}` traces a grid with givens, not the empty grid"
    );
    let searches = printed
        .lines()
        .filter(|line| line.contains("below the witness"))
        .count();
    assert_eq!(
        cited, searches as u64,
        "p2239 cites {cited} short searches; `{command}` prints {searches}"
    );
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

#[test]
fn p4574_searches_as_deep_as_it_says() {
    let text = header("p4574")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let fewest_given = text
        .split_once(" ≤ N ≤ ")
        .and_then(|(before, _)| before.rsplit('(').next())
        .and_then(number)
        .expect("p4574: the input's limits (A ≤ N ≤ B)");
    let depth = text
        .find(" levels deep")
        .expect("p4574: the depth of search, \"N levels deep\"");
    let cited = text[..depth]
        .rsplit(' ')
        .next()
        .and_then(number)
        .expect("a depth");
    assert_eq!(
        cited,
        p4574::N_DOMINOES as u64 - fewest_given,
        "p4574: the search lays at most the {} dominoes less the {fewest_given} given",
        p4574::N_DOMINOES
    );
}

/// The rows of `problem`'s table under Cost, each as its cells, and the place in a row of
/// the column headed `heading`.
fn cost_table(problem: &str, heading: &str) -> (Vec<Vec<String>>, usize) {
    let cost = section(&header(problem), "Cost", problem);
    let mut rows: Vec<Vec<String>> = cost
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .map(|line| {
            let cells = line.trim_matches('|').split('|');
            cells.map(|cell| cell.trim().to_string()).collect()
        })
        .collect();
    let column = rows
        .first()
        .and_then(|heads| heads.iter().position(|head| head == heading))
        .unwrap_or_else(|| panic!("{problem}: no table of cost with a column \"{heading}\""));
    rows.remove(0);
    (rows, column)
}

/// The guesses p4574's search makes on each puzzle of `file` (from the workspace's root).
fn p4574_guesses(file: &str) -> Vec<u64> {
    let path = xtask::project_root().join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|error| panic!("{file}: {error}"));
    let mut lines = Lines::new(text.as_bytes());
    let mut guesses = Vec::new();
    while let Some(puzzle) = p4574::read_puzzle(&mut lines).expect("a well-formed input") {
        let mut counter = GuessCounter::default();
        p4574::solve_observed(&puzzle, &mut counter)
            .unwrap_or_else(|| panic!("{file}, puzzle {}: no completion", guesses.len() + 1));
        guesses.push(counter.guesses);
    }
    guesses
}

#[test]
fn p4574_table_of_cost_quotes_the_guesses_of_its_search() {
    let (rows, column) = cost_table("p4574", "guesses (mean / max)");
    for row in &rows {
        // A row names its file in a code span, or is the judge's samples.
        let files: Vec<String> = match row[0].split('`').nth(1) {
            Some(file) => vec![file.to_string()],
            None if row[0].starts_with("the judge's samples") => {
                vec![
                    "problems/p4574/samples/sample-1.in".to_string(),
                    "problems/p4574/samples/sample-2.in".to_string(),
                ]
            }
            None => panic!(
                "p4574: a row of puzzles this test does not know: {}",
                row[0]
            ),
        };
        let guesses: Vec<u64> = files.iter().flat_map(|file| p4574_guesses(file)).collect();
        let mean = guesses.iter().sum::<u64>() as f64 / guesses.len() as f64;
        let max = guesses.iter().max().expect("puzzles");
        assert_eq!(
            row[column],
            format!("{mean:.1} / {max}"),
            "p4574: the guesses of {} ({} puzzles)",
            row[0],
            guesses.len()
        );
    }
}

#[test]
fn p2239_table_of_cost_quotes_the_free_guesses_of_its_search() {
    let (rows, column) = cost_table("p2239", "free guesses: this solution; tdoku");
    for row in &rows {
        // A row names its set, and "(first 2,000)" where data/ holds the first 2,000.
        let set = row[0].split_whitespace().next().expect("a set");
        let file = if row[0].contains("(first 2,000)") {
            format!("{set}_2000.txt")
        } else {
            format!("{set}.txt")
        };
        let puzzles = load_puzzles(&file).expect("the set is readable");
        let mut free_guesses = 0;
        for (index, grid) in puzzles.iter().enumerate() {
            let mut counter = GuessCounter::default();
            p2239::solve_observed(grid, &mut counter)
                .unwrap_or_else(|| panic!("{file}, puzzle {}: no completion", index + 1));
            free_guesses += counter.free_guesses;
        }
        let mean = free_guesses as f64 / puzzles.len() as f64;
        let ours = row[column]
            .split(';')
            .next()
            .expect("this solution's figure");
        assert_eq!(
            ours,
            format!("{mean:.1}"),
            "p2239: the free guesses per puzzle of {file} ({} puzzles)",
            puzzles.len()
        );
    }
}
