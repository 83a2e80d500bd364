//! The texts `cargo xtask new` writes and prints, for the two shapes of problem it makes:
//!
//! - **a problem of no family** (the default): its input and output are text. Its
//!   manifest's commented lines say where its generator and reference go, which `stress`
//!   runs; its `lib.rs` has a `run` that reads the input a line at a time (refusing what
//!   is not text) and, as it stands, answers nothing. It joins every tool that judges a
//!   process (`check`, `bundle`, `bench --process`, `stress`) by its folder alone;
//! - **a member of the Sudoku family** (`--family sudoku`): the shape the table of
//!   problems takes, a `solve` and a `solve_observed` (which `solve` calls with the
//!   observer `()`), and a `run` that reads one grid of packed rows (nine digits written
//!   together on each line); as it stands it finds no answer. `new` also prints the two
//!   additions to xtask that join it to the table (its entry, and its dependency line
//!   among xtask's dependencies), which compile with the skeleton as it is.
//!
//! Each template is the text written, with `{{name}}`-style marks filled in by [`fill`].

use super::{Arguments, FamilyName};

/// The new crate's `Cargo.toml`.
const MANIFEST: &str = r#"[package]
name = "{{name}}"
version = "0.1.0"
description = {{description}}
edition.workspace = true
rust-version.workspace = true
license.workspace = true
publish.workspace = true

# What the judge says about this problem; `cargo xtask` reads it.
[package.metadata.boj]
id = {{id}}
title = {{title}}
url = "https://www.acmicpc.net/problem/{{id}}"
time-limit-ms = {{time_limit_ms}}
memory-mb = {{memory_mb}}
# How output is judged: "exact" compares lines (ignoring white space at line
# ends and at the end); "sudoku" validates any completion that keeps the givens;
# a command of this folder is called as `COMMAND input output answer` and exits
# 0 (right), 1 (wrong) or 2 (presentation error), as testlib's checkers do.
checker = {{checker}}
{{stress}}
[dependencies]
common = { path = "../../common" }

[lints]
workspace = true
"#;

/// Where a problem of no family names its own programs for `stress`, in its manifest.
const STRESS_PROGRAMS: &str = r#"# For `cargo xtask stress`: this problem's own programs, as testlib and Polygon
# name them, each a command run from this folder. The generator prints one input
# for the seed given as its last argument; the reference reads an input on
# standard input and prints the right answer. Write them, in any language, and
# name them here:
# generator = "python3 generator.py"
# reference = "python3 reference.py"
"#;

/// What a member of the Sudoku family has in place of its own programs for `stress`.
const STRESS_BY_THE_FAMILY: &str = r#"# A member of the Sudoku family: `cargo xtask stress` makes and answers its
# cases with the family's generator and reference solvers, once its entry is in
# the table of problems.
"#;

/// The `src/lib.rs` of a problem of no family: the header under the sections every
/// solution shares (see the README, "The problems"), each a TODO, and a `run` that reads
/// the input and answers nothing yet.
const TEXT_LIBRARY: &str = r#"//! # Baekjoon {{id}} — {{title}}
//!
//! <https://www.acmicpc.net/problem/{{id}}> · time limit {{time_limit}} · memory limit {{memory_mb}} MB
//!
//! TODO: the problem in a sentence or two.
//!
//! ## Input and output
//! - Input: TODO: what the input holds, line by line, with its bounds.
//! - Output: TODO: what to print, and whether one answer or any right answer is accepted.
//!
//! ## Approach
//! 1. **Read** the input a line at a time (`common::input::Lines`), reporting the line and
//!    column of anything malformed.
//! 2. **Solve** TODO: the idea in one sentence, then its steps, each with the reason it is
//!    correct.
//! 3. **Write** the answer in the judge's format.
//!
//! ## Worked example
//! TODO: the first sample, step by step.
//!
//! ## Cost
//! TODO: time and memory in terms of the input's size, and a measurement with the command
//! that made it (`cargo xtask bench --process {{name}}` times the binary on its samples).
//!
//! ## Pitfalls
//! - TODO: the inputs that are easy to get wrong (extremes, empty lines, Windows line
//!   endings).

use common::input::{write_answer, Error, Lines};
use std::io::{BufRead, Write};

/// Reads the input from `input`, solves it and writes the answer to `output`. Input that
/// breaks the statement's promise is an [`Error`] naming its line and column.
///
/// TODO: read what the input holds, solve, and write the answer. As it stands it reads
/// every line (refusing what is not text) and answers nothing.
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    while let Some(line) = lines.next_line()? {
        let _items = line.items();
    }
    write_answer(output, "")
}
"#;

/// The `src/lib.rs` of a member of the Sudoku family: the header under the sections every
/// solution shares, each a TODO, and the functions the table of problems takes.
const SUDOKU_LIBRARY: &str = r#"//! # Baekjoon {{id}} — {{title}}
//!
//! <https://www.acmicpc.net/problem/{{id}}> · time limit {{time_limit}} · memory limit {{memory_mb}} MB
//!
//! TODO: the problem in a sentence or two.
//!
//! ## Input and output
//! - Input: TODO: what the input holds, line by line, with its bounds. As it stands, one
//!   Sudoku grid, nine rows of nine digits written together, `0` for a blank.
//! - Output: TODO: what to print, and whether one answer or any right answer is accepted.
//!
//! ## Approach
//! 1. **Read** the grid (`common::grid_reader::read_grid`), reporting the line and column
//!    of anything malformed.
//! 2. **Solve** TODO: the idea in one sentence, then its steps, each with the reason it is
//!    correct.
//! 3. **Write** the answer in the judge's format.
//!
//! ## Worked example
//! TODO: the first sample, step by step (`cargo xtask trace {{name}} <
//! problems/{{name}}/samples/sample-1.in` prints the steps `solve_observed` reports).
//!
//! ## Cost
//! TODO: time and memory in terms of the input's size, and a measurement with the command
//! that made it (`cargo xtask bench --problem {{name}}`).
//!
//! ## Pitfalls
//! - TODO: the inputs that are easy to get wrong (extremes, empty lines, Windows line
//!   endings).

use common::grid_reader::{read_grid, RowFormat};
use common::input::{write_answer, Error};
use common::observe::SearchObserver;
use common::{grid_text, N_CELLS};
use std::io::{BufRead, Write};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// The answer to `grid`, or `None` when it has none: what the judge runs, and what `cargo
/// xtask bench` times.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_observed(grid, &mut ())
}

/// [`solve`], reporting each step of its search to `observer`: `cargo xtask trace` prints
/// them, and `cargo xtask bench` counts the guesses. Given `()`, the reports cost nothing.
/// A solution that does not report its steps leaves `observer` unused: its trace then
/// shows only the answer.
///
/// TODO: solve. As it stands it finds no answer.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Grid> {
    let _ = (grid, observer);
    None
}

/// Reads the grid from `input`, solves it and writes the answer to `output`.
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let grid = read_grid(input, RowFormat::Packed)?;
    let answer = solve(&grid).ok_or_else(|| Error::new("the grid has no answer"))?;
    write_answer(output, &grid_text(&answer))
}
"#;

/// The new crate's `src/main.rs`, as thin as the other problems' binaries.
const BINARY: &str = r#"//! Problem {{id}} as the judge runs it: the input on standard input, the answer on
//! standard output. The solution is the library, [`{{name}}::run`];
//! [`common::input::run_as_program`] connects it to the process and, on bad input,
//! prints one line on standard error and exits with status 1.

fn main() -> std::process::ExitCode {
    common::input::run_as_program("{{name}}", {{name}}::run)
}
"#;

/// The problem's entry in the table of problems (`KnownProblem::ALL` in
/// `xtask/src/problems/mod.rs`), for a Sudoku that reads packed rows.
const TABLE_ENTRY: &str = r#"        KnownProblem {
            number: {{id}},
            goal: {{goal}},
            family: &sudoku::FAMILY,
            format: sudoku::PACKED_ROWS,
            solve: |puzzle| {{name}}::solve(sudoku::grid(puzzle)),
            solve_observed: |puzzle, recorder| {
                {{name}}::solve_observed(sudoku::grid(puzzle), recorder)
            },
            {{answer_note}}
            reference_answer: sudoku::smallest_completion,
            count_answers: None,
            promise: sudoku::COMPLETION,
        },
"#;

/// The line that makes the crate one of xtask's dependencies (`[dependencies]` in
/// `xtask/Cargo.toml`).
const DEPENDENCY: &str = r#"{{name}} = { path = "../problems/{{name}}" }
"#;

/// `template` with each `{{mark}}` of `values` replaced by its text, in one pass from
/// the start (so a value that holds `{{...}}` is written as it is).
fn fill(template: &str, values: &[(&str, String)]) -> String {
    let mut filled = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        filled.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("}}").expect("a template closes every mark");
        let mark = &after[..end];
        let (_, value) = values
            .iter()
            .find(|(name, _)| *name == mark)
            .unwrap_or_else(|| panic!("no value for the mark {mark}"));
        filled.push_str(value);
        rest = &after[end + 2..];
    }
    filled.push_str(rest);
    filled
}

/// The values every template may use.
fn values(problem: &Arguments) -> Vec<(&'static str, String)> {
    let title = problem.title();
    vec![
        ("name", problem.crate_name()),
        ("id", problem.id.to_string()),
        ("title", markdown_text(title)),
        ("time_limit", time_limit_text(problem.time_limit_ms)),
        ("time_limit_ms", problem.time_limit_ms.to_string()),
        ("memory_mb", problem.memory_mb.to_string()),
    ]
}

/// The new crate's `Cargo.toml`.
pub fn manifest_text(problem: &Arguments) -> String {
    let (id, title) = (problem.id, problem.title());
    let mut values = values(problem);
    values.retain(|(mark, _)| *mark != "title");
    values.push(("title", quoted_string(title)));
    values.push((
        "description",
        quoted_string(&format!("Baekjoon {id}: {title}")),
    ));
    values.push(("checker", quoted_string(&problem.checker)));
    let stress = match problem.family {
        None => STRESS_PROGRAMS,
        Some(FamilyName::Sudoku) => STRESS_BY_THE_FAMILY,
    };
    values.push(("stress", stress.to_string()));
    fill(MANIFEST, &values)
}

/// The new crate's `src/lib.rs`: the documented skeleton of its shape.
pub fn library_text(problem: &Arguments) -> String {
    let library = match problem.family {
        None => TEXT_LIBRARY,
        Some(FamilyName::Sudoku) => SUDOKU_LIBRARY,
    };
    fill(library, &values(problem))
}

/// The new crate's `src/main.rs`.
pub fn binary_text(problem: &Arguments) -> String {
    fill(BINARY, &values(problem))
}

/// The entry of a member of the Sudoku family in the table of problems: its goal is its
/// title, its reference's answer the smallest completion (any completion, for the `sudoku`
/// checker, which accepts any).
pub fn table_entry_text(problem: &Arguments) -> String {
    let answer_note = match problem.checker.as_str() {
        "sudoku" => "// Any completion is accepted; the smallest is one.",
        _ => {
            "// The right answer, as the reference solvers find it (they share no code with\n            \
             // the solutions): write the problem's own unless it is the smallest completion."
        }
    };
    let mut values = values(problem);
    values.push(("goal", quoted_string(problem.title())));
    values.push(("answer_note", answer_note.to_string()));
    fill(TABLE_ENTRY, &values)
}

/// The line of `xtask/Cargo.toml` that makes the crate one of xtask's dependencies.
pub fn dependency_text(problem: &Arguments) -> String {
    fill(DEPENDENCY, &values(problem))
}

/// `text` as a string literal of TOML or Rust, quotes included: JSON writes strings the
/// same way (a title holds no control character, the one case where they differ).
fn quoted_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The time limit as a person reads it: "2 s" for whole seconds, "1500 ms" otherwise.
pub fn time_limit_text(time_limit_ms: u64) -> String {
    if time_limit_ms.is_multiple_of(1000) {
        format!("{} s", time_limit_ms / 1000)
    } else {
        format!("{time_limit_ms} ms")
    }
}

/// `text` as plain text in markdown: each character that markdown or rustdoc would read
/// as markup (a link `[..]`, an HTML tag `<..>`, code, emphasis, an entity, a table) is
/// escaped with a backslash, which CommonMark allows before any ASCII punctuation. So a
/// title such as `Sudoku [Hard] vector<int>` reads as written, and `cargo doc -D warnings`
/// finds no broken link or unclosed tag in it.
pub fn markdown_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        if matches!(
            character,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#' | '!'
        ) {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}
