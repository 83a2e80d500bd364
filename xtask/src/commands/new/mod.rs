//! The `new` subcommand: a new problem crate, made from a skeleton.
//!
//! `cargo xtask new <ID> [--title T] [--time-limit-ms N] [--memory-mb N] [--checker C]`
//!
//! Creates `problems/p<ID>/` like the existing problems:
//!
//! - `Cargo.toml`: the package `p<ID>`, inheriting the workspace's settings and lints,
//!   with the judge's facts in `[package.metadata.boj]` (by default: the title
//!   `Problem <ID>`, 1000 ms, 256 MB and the exact checker) and `common` as a dependency;
//! - `src/lib.rs`: the header every solution opens with (the problem, Contract, Approach,
//!   Why it is correct, Cost, Pitfalls), each section a short TODO, and a `run` that
//!   reads nothing and writes nothing, with its `Error` type; it compiles without warnings,
//!   passes clippy and bundles cleanly as it is;
//! - `src/main.rs`: the same thin connection to standard input and output as the others;
//! - `samples/.gitkeep`: git keeps no empty folders, and the samples go here.
//!
//! The workspace takes `problems/*` as members, so nothing else changes; `cargo xtask
//! check` judges the new problem once it has samples and `cargo xtask bundle` works on it
//! at once. An existing folder is never overwritten.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use common::input::quote;
use xtask::judge::checker::Checker;
use xtask::project_root;

use xtask::problems::parse_problem_number;
use xtask::usage_error;

/// Create problems/pID/ from a skeleton.
///
/// The manifest with the judge's facts, a documented lib.rs, main.rs and samples/.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem number on the judge, such as 1000 (or the crate name, p1000).
    #[arg(value_name = "ID", value_parser = parse_problem_number)]
    id: u32,
    /// The problem's title [default: Problem ID].
    #[arg(long, value_name = "T")]
    title: Option<String>,
    /// The time limit, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIME_LIMIT_MS))]
    time_limit_ms: u64,
    /// The memory limit, in mebibytes.
    #[arg(long, value_name = "N", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=MAX_MEMORY_MB))]
    memory_mb: u32,
    /// How an output is judged: line by line, or any valid Sudoku completion.
    #[arg(long, default_value = "exact", value_parser = Checker::NAMES)]
    checker: String,
}

/// The longest time limit `new` accepts: ten minutes, far beyond any judge's.
const MAX_TIME_LIMIT_MS: u64 = 600_000;

/// The largest memory limit `new` accepts: 64 GiB, far beyond any judge's.
const MAX_MEMORY_MB: i64 = 65_536;

impl Arguments {
    /// The crate name, `p<ID>`.
    fn crate_name(&self) -> String {
        format!("p{}", self.id)
    }

    /// The title, once `run` has settled it.
    fn title(&self) -> &str {
        self.title.as_deref().unwrap_or_default()
    }
}

/// Checks a title: one line of visible text. Control characters (a line break would end
/// the doc comment it goes into) and the characters that reorder text on screen (which
/// `rustc` refuses in comments, because they can make code read differently from how it
/// compiles) are refused, and the message shows the title escaped (clap's own message
/// would repeat it raw, so this is checked after parsing).
fn check_title(text: &str) -> Result<()> {
    let is_bidirectional = |character: char| matches!(character, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    let is_line_separator = |character: char| matches!(character, '\u{2028}' | '\u{2029}');
    if text.trim().is_empty() {
        return Err(usage_error("the title must not be empty"));
    }
    match text.chars().find(|&character| {
        character.is_control() || is_bidirectional(character) || is_line_separator(character)
    }) {
        Some(character) => Err(usage_error(format!(
            "the title must be one line of visible text; {} holds {}",
            quote(text),
            character.escape_unicode()
        ))),
        None => Ok(()),
    }
}

/// Runs `cargo xtask new`.
pub fn run(mut problem: Arguments) -> Result<ExitCode> {
    match &problem.title {
        Some(title) => check_title(title)?,
        None => problem.title = Some(format!("Problem {}", problem.id)),
    }
    let root = project_root();
    let created = scaffold(&root, &problem)?;
    let name = problem.crate_name();
    let (id, title) = (problem.id, problem.title());
    outln!("created problems/{name} for Baekjoon {id}: {title}");
    for path in &created {
        let shown = path.strip_prefix(&root).unwrap_or(path);
        outln!("  {}", shown.display());
    }
    outln!(
        "\nnext steps:\n\
         1. Copy the judge's samples into problems/{name}/samples/ as sample-1.in and\n   \
            sample-1.out, sample-2.in and sample-2.out, and so on.\n\
         2. Write the solution in problems/{name}/src/lib.rs: replace each TODO of its header\n   \
            and the body of `run`, with tests beside the code.\n\
         3. cargo xtask check {name}      judge it on its samples\n\
         4. cargo test -p {name}          run its tests\n\
         5. cargo xtask bundle {name}     write target/bundle/{name}.rs to submit"
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the new crate under `<root>/problems/` and returns the files made, in order.
///
/// Fails, touching nothing, if the crate's folder exists already.
fn scaffold(root: &Path, problem: &Arguments) -> Result<Vec<PathBuf>> {
    let problems_directory = root.join("problems");
    let directory = problems_directory.join(problem.crate_name());
    if directory.exists() {
        bail!(
            "{} exists already; `cargo xtask new` never overwrites a problem",
            directory.display()
        );
    }
    fs::create_dir_all(&problems_directory)
        .with_context(|| format!("creating {}", problems_directory.display()))?;
    // `create_dir` (not `_all`) fails if the folder appeared in the meantime.
    for folder in [
        directory.clone(),
        directory.join("src"),
        directory.join("samples"),
    ] {
        fs::create_dir(&folder).with_context(|| format!("creating {}", folder.display()))?;
    }

    let files = [
        ("Cargo.toml", manifest_text(problem)),
        ("src/lib.rs", library_text(problem)),
        ("src/main.rs", binary_text(problem)),
        ("samples/.gitkeep", String::new()),
    ];
    let mut created = Vec::new();
    for (relative_path, text) in files {
        let path = directory.join(relative_path);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        created.push(path);
    }
    Ok(created)
}

/// `text` as a TOML basic string, quotes included: JSON writes strings the same way
/// (a title holds no control character, the one case where the two differ).
fn toml_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The time limit as a person reads it: "2 s" for whole seconds, "1500 ms" otherwise.
fn time_limit_text(time_limit_ms: u64) -> String {
    if time_limit_ms.is_multiple_of(1000) {
        format!("{} s", time_limit_ms / 1000)
    } else {
        format!("{time_limit_ms} ms")
    }
}

/// The new crate's `Cargo.toml`.
fn manifest_text(problem: &Arguments) -> String {
    let (name, id, title) = (problem.crate_name(), problem.id, problem.title());
    let (description, title) = (
        toml_string(&format!("Baekjoon {id}: {title}")),
        toml_string(title),
    );
    let (time_limit_ms, memory_mb, checker) =
        (problem.time_limit_ms, problem.memory_mb, &problem.checker);
    format!(
        r#"[package]
name = "{name}"
version = "0.1.0"
description = {description}
edition.workspace = true
rust-version.workspace = true
license.workspace = true
publish.workspace = true

# What the judge says about this problem; `cargo xtask` reads it.
[package.metadata.boj]
id = {id}
title = {title}
url = "https://www.acmicpc.net/problem/{id}"
time-limit-ms = {time_limit_ms}
memory-mb = {memory_mb}
# How output is judged: "exact" compares lines (ignoring white space at line
# ends and at the end); "sudoku" validates any completion that keeps the givens.
checker = "{checker}"

[dependencies]
common = {{ path = "../../common" }}

[lints]
workspace = true
"#
    )
}

/// `text` as plain text in markdown: each character that markdown or rustdoc would read
/// as markup (a link `[..]`, an HTML tag `<..>`, code, emphasis, an entity, a table) is
/// escaped with a backslash, which CommonMark allows before any ASCII punctuation. So a
/// title such as `Sudoku [Hard] vector<int>` reads as written, and `cargo doc -D warnings`
/// finds no broken link or unclosed tag in it.
fn markdown_text(text: &str) -> String {
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

/// The new crate's `src/lib.rs`: the documented skeleton.
fn library_text(problem: &Arguments) -> String {
    let (id, memory_mb) = (problem.id, problem.memory_mb);
    let title = markdown_text(problem.title());
    let time_limit = time_limit_text(problem.time_limit_ms);
    format!(
        r#"//! # Baekjoon {id} — {title}
//!
//! <https://www.acmicpc.net/problem/{id}> · time limit {time_limit} · memory limit {memory_mb} MB
//!
//! ## Contract
//! - Input: TODO: what the input holds, line by line, with its bounds.
//! - Output: TODO: what to print, and whether one answer or any right answer is accepted.
//!
//! ## Approach
//! 1. **Read** TODO: the input into a typed value, reporting the line and column of
//!    anything malformed.
//! 2. **Solve** TODO: the idea in one sentence, then its steps.
//! 3. **Write** TODO: the answer in the judge's format.
//!
//! ## Why it is correct
//! TODO: why every answer printed is right, and why an answer is always found.
//!
//! ## Cost
//! TODO: time and memory in terms of the input's size, and a measurement with the
//! command that made it.
//!
//! ## Pitfalls
//! - TODO: the inputs that are easy to get wrong (extremes, empty lines, Windows line
//!   endings).

use std::fmt;
use std::io::{{BufRead, Write}};

/// Why the input could not be answered.
#[derive(Debug)]
pub enum Error {{
    /// Writing the answer failed.
    Output(std::io::Error),
}}

impl fmt::Display for Error {{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {{
        match self {{
            Error::Output(error) => write!(f, "cannot write the answer: {{error}}"),
        }}
    }}
}}

impl std::error::Error for Error {{}}

/// Reads the problem from `input`, solves it and writes the answer to `output`.
///
/// TODO: parse, solve and write. As it stands it reads nothing and writes nothing.
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {{
    let _ = input;
    output.flush().map_err(Error::Output)
}}
"#
    )
}

/// The new crate's `src/main.rs`, as thin as the other problems' binaries.
fn binary_text(problem: &Arguments) -> String {
    let name = problem.crate_name();
    format!(
        "//! Problem {id} as the judge runs it: the input on standard input, the answer on\n\
         //! standard output. The solution is the library, [`{name}::run`];\n\
         //! [`common::input::run_as_program`] connects it to the process and, on bad input,\n\
         //! prints one line on standard error and exits with status 1.\n\
         \n\
         fn main() -> std::process::ExitCode {{\n    \
             common::input::run_as_program(\"{name}\", {name}::run)\n\
         }}\n",
        id = problem.id
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// What `cargo xtask new` makes of the words `line`, or the parser's error.
    fn parse_options(line: &str) -> Result<Arguments, clap::Error> {
        let words = ["cargo xtask", "new"]
            .into_iter()
            .chain(line.split_whitespace());
        crate::Cli::try_parse_from(words).map(|cli| match cli.command {
            crate::Subcommands::New(arguments) => arguments,
            _ => unreachable!("the subcommand is `new`"),
        })
    }

    fn example() -> Arguments {
        Arguments {
            id: 1000,
            title: Some("A+B \"quoted\"".to_string()),
            time_limit_ms: 2000,
            memory_mb: 128,
            checker: "exact".to_string(),
        }
    }

    #[test]
    fn options_have_defaults_and_are_checked() {
        let defaults = parse_options("1000").unwrap();
        assert_eq!(defaults.title, None);
        assert_eq!(defaults.time_limit_ms, 1000);
        assert_eq!(defaults.memory_mb, 256);
        assert_eq!(defaults.checker, "exact");
        let given =
            parse_options("1000 --checker sudoku --memory-mb 128 --time-limit-ms 1500").unwrap();
        assert_eq!((given.checker.as_str(), given.memory_mb), ("sudoku", 128));
        assert_eq!(time_limit_text(given.time_limit_ms), "1500 ms");
        // The one parser of problem names: `p1000` is problem 1000, as everywhere.
        assert_eq!(parse_options("p1000").unwrap().id, 1000);
        for bad in [
            "0",
            "-5",
            "pp1000",
            "99999999999",
            "01000",
            "+7",
            "x",
            "1000 --checker lenient",
        ] {
            assert!(parse_options(bad).is_err(), "{bad} was accepted");
        }
        assert!(parse_options("").is_err());
    }

    #[test]
    fn the_skeleton_is_written_with_the_facts() {
        let temporary = tempfile::tempdir().unwrap();
        let root = temporary.path();
        let created = scaffold(root, &example()).unwrap();
        let directory = root.join("problems/p1000");
        assert_eq!(
            created,
            [
                "Cargo.toml",
                "src/lib.rs",
                "src/main.rs",
                "samples/.gitkeep"
            ]
            .map(|path| directory.join(path))
        );
        let manifest = fs::read_to_string(directory.join("Cargo.toml")).unwrap();
        let parsed: toml::Table = toml::from_str(&manifest).unwrap();
        let facts = &parsed["package"]["metadata"]["boj"];
        assert_eq!(facts["id"].as_integer(), Some(1000));
        assert_eq!(facts["title"].as_str(), Some("A+B \"quoted\""));
        assert_eq!(facts["time-limit-ms"].as_integer(), Some(2000));
        assert_eq!(facts["checker"].as_str(), Some("exact"));
        let library = fs::read_to_string(directory.join("src/lib.rs")).unwrap();
        assert!(library.starts_with("//! # Baekjoon 1000 — A+B \"quoted\"\n"));
        assert!(library.contains("time limit 2 s · memory limit 128 MB"));
        for section in [
            "Contract",
            "Approach",
            "Why it is correct",
            "Cost",
            "Pitfalls",
        ] {
            assert!(
                library.contains(&format!("//! ## {section}\n")),
                "{section}"
            );
        }
        syn::parse_file(&library).unwrap();
        let binary = fs::read_to_string(directory.join("src/main.rs")).unwrap();
        assert!(binary.contains("run_as_program(\"p1000\", p1000::run)"));
        syn::parse_file(&binary).unwrap();
    }

    #[test]
    fn a_title_with_markup_is_documented_as_written() {
        assert_eq!(
            markdown_text("Sudoku [Hard] vector<int> `x`"),
            "Sudoku \\[Hard\\] vector\\<int\\> \\`x\\`"
        );
        // rustdoc itself finds no warning in the header (the skeleton needs only `std`).
        let temporary = tempfile::tempdir().unwrap();
        let mut problem = example();
        problem.title = Some("Sudoku [Hard] vector<int> `x` *y* a_b & c | d".to_string());
        scaffold(temporary.path(), &problem).unwrap();
        let library = temporary.path().join("problems/p1000/src/lib.rs");
        let rustdoc = std::env::var_os("RUSTDOC").unwrap_or_else(|| "rustdoc".into());
        let output = std::process::Command::new(rustdoc)
            .args([
                "--edition",
                "2021",
                "--crate-name",
                "p1000",
                "-D",
                "warnings",
                "-o",
            ])
            .arg(temporary.path().join("doc"))
            .arg(&library)
            .output()
            .expect("rustdoc starts");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        let page = fs::read_to_string(temporary.path().join("doc/p1000/index.html")).unwrap();
        assert!(page.contains("Sudoku [Hard] vector&lt;int&gt;"), "{page}");
    }

    #[test]
    fn an_existing_problem_is_never_overwritten() {
        let temporary = tempfile::tempdir().unwrap();
        let root = temporary.path();
        let directory = root.join("problems/p1000");
        fs::create_dir_all(&directory).unwrap();
        fs::write(directory.join("Cargo.toml"), "keep me").unwrap();
        let message = format!("{:#}", scaffold(root, &example()).unwrap_err());
        assert!(message.contains("exists already"), "{message}");
        assert_eq!(
            fs::read_to_string(directory.join("Cargo.toml")).unwrap(),
            "keep me"
        );
        assert!(!directory.join("src").exists());
    }
}
