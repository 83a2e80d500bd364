//! The `new` subcommand: a new problem crate, made from a skeleton.
//!
//! `cargo xtask new <ID> [--title T] [--time-limit-ms N] [--memory-mb N] [--checker C]`
//!
//! Creates `problems/p<ID>/` like the existing problems:
//!
//! - `Cargo.toml`: the package `p<ID>`, inheriting the workspace's settings and lints,
//!   with the judge's facts in `[package.metadata.boj]` (by default: the title
//!   `Problem <ID>`, 1000 ms, 256 MB and the exact checker) and `common` as a dependency;
//! - `src/lib.rs`: the header under the sections every solution shares (the problem and
//!   its limits, Input and output, Approach, Worked example, Cost, Pitfalls), each a short
//!   TODO, and what the table of problems takes of a solution: a `solve` and a
//!   `solve_observed` (a solution that reports no steps leaves its observer unused), and a
//!   `run` that reads one Sudoku grid of packed rows ([`skeleton`]); it compiles
//!   without warnings, passes clippy and bundles cleanly as it is;
//! - `src/main.rs`: the same thin connection to standard input and output as the others;
//! - `samples/.gitkeep`: git keeps no empty folders, and the samples go here.
//!
//! The workspace takes `problems/*` as members, so `cargo xtask check` judges the new
//! problem once it has samples and `cargo xtask bundle` works on it at once. `stress`,
//! `bench` and `trace` run a solution in-process, so they need two additions to xtask,
//! which `new` prints: the problem's entry in the table of problems, and its dependency
//! line among xtask's dependencies. An existing folder is never overwritten.

mod skeleton;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use common::input::quote;
use xtask::judge::checker::Checker;
use xtask::problems::parse_problem_number;
use xtask::project_root;

use skeleton::{binary_text, dependency_text, library_text, manifest_text, table_entry_text};
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
    print_next_steps(&problem);
    Ok(ExitCode::SUCCESS)
}

/// Prints what to do next, the two additions to xtask that the table of problems needs
/// among them (the entry and the dependency line).
fn print_next_steps(problem: &Arguments) {
    let name = problem.crate_name();
    outln!(
        "\nnext steps:\n\
         1. Copy the judge's samples into problems/{name}/samples/ as sample-1.in and\n   \
            sample-1.out, sample-2.in and sample-2.out, and so on.\n\
         2. Write the solution in problems/{name}/src/lib.rs: replace each TODO of its header\n   \
            and the body of `solve_observed` (which `solve` calls), with tests beside the\n   \
            code. As it stands it reads one Sudoku grid, nine digits written together a row.\n\
         3. cargo xtask check {name}      judge it on its samples\n\
         4. cargo test -p {name}          run its tests\n\
         5. cargo xtask bundle {name}     write target/bundle/{name}.rs to submit\n\
         6. For stress, bench and trace, which run the solution in-process, add its entry to\n   \
            the table of problems (KnownProblem::ALL in xtask/src/problems/mod.rs, in the\n   \
            order of the numbers):\n"
    );
    outln!("{}", table_entry_text(problem));
    outln!("   and its crate to xtask's dependencies ([dependencies] in xtask/Cargo.toml):\n");
    outln!("        {}", dependency_text(problem));
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use skeleton::{markdown_text, time_limit_text};

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
        let parsed = syn::parse_file(&library).unwrap();
        // What the table of problems takes of a solution.
        let functions: Vec<String> = parsed
            .items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Fn(function) => Some(function.sig.ident.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(functions, ["solve", "solve_observed", "run"]);
        let binary = fs::read_to_string(directory.join("src/main.rs")).unwrap();
        assert!(binary.contains("run_as_program(\"p1000\", p1000::run)"));
        syn::parse_file(&binary).unwrap();
    }

    /// The sections of the `//!` header of a solution's `lib.rs`: its `## ` headings.
    fn sections(library: &str) -> Vec<String> {
        let headings = library
            .lines()
            .filter_map(|line| line.strip_prefix("//! ## "));
        headings.map(str::to_string).collect()
    }

    #[test]
    fn the_skeleton_has_the_sections_every_solution_shares() {
        let skeleton = sections(&library_text(&example()));
        assert_eq!(
            skeleton,
            [
                "Input and output",
                "Approach",
                "Worked example",
                "Cost",
                "Pitfalls"
            ]
        );
        let workspace = xtask::problems::workspace::Workspace::load().unwrap();
        for problem in workspace.problems().unwrap() {
            let library = fs::read_to_string(problem.directory.join("src/lib.rs")).unwrap();
            assert_eq!(sections(&library), skeleton, "{}", problem.name);
        }
    }

    #[test]
    fn the_entry_and_the_dependency_it_prints_are_rust_and_toml() {
        let mut problem = example();
        let entry = table_entry_text(&problem);
        let entry: syn::ExprStruct = syn::parse_str(entry.trim().trim_end_matches(','))
            .unwrap_or_else(|error| panic!("{error}: {entry}"));
        let field = |name: &str| {
            let field = entry
                .fields
                .iter()
                .find(|field| matches!(&field.member, syn::Member::Named(ident) if ident == name));
            field.unwrap_or_else(|| panic!("no {name}")).expr.clone()
        };
        let literal = |name: &str| match field(name) {
            syn::Expr::Lit(syn::ExprLit { lit, .. }) => lit,
            _ => panic!("{name} is no literal"),
        };
        assert!(
            matches!(literal("number"), syn::Lit::Int(number) if number.base10_digits() == "1000")
        );
        assert!(matches!(literal("goal"), syn::Lit::Str(goal) if goal.value() == "A+B \"quoted\""));
        let syn::Expr::Path(checker) = field("checker") else {
            panic!("the checker is no path")
        };
        let words: Vec<String> = checker
            .path
            .segments
            .iter()
            .map(|word| word.ident.to_string())
            .collect();
        assert_eq!(words, ["Checker", "Exact"]);
        problem.checker = "sudoku".to_string();
        assert!(table_entry_text(&problem).contains("checker: Checker::Sudoku,"));
        let dependency: toml::Table = toml::from_str(&dependency_text(&problem)).unwrap();
        assert_eq!(
            dependency["p1000"]["path"].as_str(),
            Some("../problems/p1000")
        );
    }

    #[test]
    fn a_title_with_markup_is_documented_as_written() {
        assert_eq!(
            markdown_text("Sudoku [Hard] vector<int> `x`"),
            "Sudoku \\[Hard\\] vector\\<int\\> \\`x\\`"
        );
        // rustdoc itself finds no warning in the header (alone: the code needs `common`).
        let temporary = tempfile::tempdir().unwrap();
        let mut problem = example();
        problem.title = Some("Sudoku [Hard] vector<int> `x` *y* a_b & c | d".to_string());
        let header: String = library_text(&problem)
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .map(|line| format!("{line}\n"))
            .collect();
        let library = temporary.path().join("lib.rs");
        fs::write(&library, header).unwrap();
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
