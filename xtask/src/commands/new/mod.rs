//! The `new` subcommand: a new problem crate, made from a skeleton.
//!
//! `cargo xtask new <ID> [--title T] [--time-limit-ms N] [--memory-mb N] [--checker C]
//! [--family sudoku]`
//!
//! Creates `problems/p<ID>/` like the existing problems, in one of two shapes
//! ([`skeleton`] has their texts):
//!
//! - `Cargo.toml`: the package `p<ID>`, inheriting the workspace's settings and lints,
//!   with the judge's facts in `[package.metadata.boj]` (by default: the title
//!   `Problem <ID>`, 1000 ms, 256 MB and the exact checker) and `common` as a dependency;
//!   for a problem of no family, the commented lines that say where its generator and
//!   reference go;
//! - `src/lib.rs`: the header under the sections every solution shares (the problem and
//!   its limits, Input and output, Approach, Worked example, Cost, Pitfalls), each a short
//!   TODO, and the code of its shape: by default a `run` that reads the input a line at a
//!   time and answers nothing yet; with `--family sudoku`, what the table of problems
//!   takes of a Sudoku solution (`solve`, `solve_observed`, and a `run` that reads one grid
//!   of packed rows). Either compiles without warnings, passes clippy and bundles cleanly
//!   as it is;
//! - `src/main.rs`: the same thin connection to standard input and output as the others;
//! - `samples/.gitkeep`: git keeps no empty folders, and the samples go here.
//!
//! The workspace takes `problems/*` as members, so `check` and `bundle` work on the new
//! problem at once (`check` once it has samples), and `bench --process` and `stress` once
//! its samples, and for `stress` its generator and reference, are there: nothing outside
//! its folder changes. A member of the Sudoku family also gets the family's tools, which
//! call its solution in-process (`trace`, the grid `bench`, `stress` with the family's
//! cases): `new` prints the two additions to xtask that they need, the problem's entry in
//! the table of problems and its dependency line among xtask's dependencies. `new` asks
//! nothing on the terminal, and never overwrites an existing folder.

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
    /// How an output is judged: `exact` (line by line), `sudoku` (any valid completion),
    /// or a command of the problem's folder called as `COMMAND input output answer`.
    #[arg(long, value_name = "C", default_value = "exact", value_parser = checker_parser)]
    checker: String,
    /// Make a member of this family, in the shape its tools take, instead of a problem of
    /// no family (whose input and output are text).
    #[arg(long, value_enum, value_name = "FAMILY")]
    family: Option<FamilyName>,
}

/// The families `new` can make a member of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FamilyName {
    /// Sudoku: one grid in, its completion out.
    Sudoku,
}

/// Accepts what a manifest accepts as a checker ([`Checker::named`]).
fn checker_parser(text: &str) -> Result<String, String> {
    Checker::named(text, Path::new(".")).map(|_| text.to_string())
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

/// Prints what to do next: for a member of the Sudoku family, the two additions to xtask
/// that the table of problems needs among them (the entry and the dependency line).
fn print_next_steps(problem: &Arguments) {
    let name = problem.crate_name();
    let (body, as_it_stands) = match problem.family {
        None => ("`run`", "it reads the input and answers nothing"),
        Some(FamilyName::Sudoku) => (
            "`solve_observed` (which `solve` calls)",
            "it reads one Sudoku grid, nine digits written together a row, and finds no answer",
        ),
    };
    outln!(
        "\nnext steps:\n\
         1. Copy the judge's samples into problems/{name}/samples/ as sample-1.in and\n   \
            sample-1.out, sample-2.in and sample-2.out, and so on.\n\
         2. Write the solution in problems/{name}/src/lib.rs: replace each TODO of its header\n   \
            and the body of {body}, with tests beside the code. As it stands\n   \
            {as_it_stands}.\n\
         3. cargo xtask check {name}      judge it on its samples\n\
         4. cargo test -p {name}          run its tests\n\
         5. cargo xtask bundle {name}     write target/bundle/{name}.rs to submit"
    );
    let Some(FamilyName::Sudoku) = problem.family else {
        outln!(
            "6. For cargo xtask stress {name}: write a generator and a reference, in any\n   \
                language, and name them in problems/{name}/Cargo.toml, where its comments say."
        );
        return;
    };
    outln!(
        "6. For stress, bench and trace, which run the solution in-process, add its entry to\n   \
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
            family: None,
        }
    }

    /// [`example`] as a member of the Sudoku family.
    fn sudoku_example() -> Arguments {
        Arguments {
            family: Some(FamilyName::Sudoku),
            ..example()
        }
    }

    #[test]
    fn options_have_defaults_and_are_checked() {
        let defaults = parse_options("1000").unwrap();
        assert_eq!(defaults.title, None);
        assert_eq!(defaults.time_limit_ms, 1000);
        assert_eq!(defaults.memory_mb, 256);
        assert_eq!(defaults.checker, "exact");
        assert_eq!(defaults.family, None);
        let given =
            parse_options("1000 --checker sudoku --memory-mb 128 --time-limit-ms 1500").unwrap();
        assert_eq!((given.checker.as_str(), given.memory_mb), ("sudoku", 128));
        let member = parse_options("1000 --family sudoku --checker ./check").unwrap();
        assert_eq!(member.family, Some(FamilyName::Sudoku));
        assert_eq!(member.checker, "./check");
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
            "1000 --family su-domino-ku",
            "1000 --family",
        ] {
            assert!(parse_options(bad).is_err(), "{bad} was accepted");
        }
        assert!(parse_options("").is_err());
    }

    /// The names of the functions at the top of `source`.
    fn functions(source: &str) -> Vec<String> {
        let parsed = syn::parse_file(source).unwrap();
        let function = |item: &syn::Item| match item {
            syn::Item::Fn(function) => Some(function.sig.ident.to_string()),
            _ => None,
        };
        parsed.items.iter().filter_map(function).collect()
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
        // The programs of `stress` are to be written: their lines wait, commented.
        assert!(facts.get("generator").is_none(), "{manifest}");
        assert!(manifest.contains("\n# generator = \"python3 generator.py\"\n"));
        assert!(manifest.contains("\n# reference = \"python3 reference.py\"\n"));
        let library = fs::read_to_string(directory.join("src/lib.rs")).unwrap();
        assert!(library.starts_with("//! # Baekjoon 1000 — A+B \"quoted\"\n"));
        assert!(library.contains("time limit 2 s · memory limit 128 MB"));
        assert_eq!(functions(&library), ["run"]);
        let binary = fs::read_to_string(directory.join("src/main.rs")).unwrap();
        assert!(binary.contains("run_as_program(\"p1000\", p1000::run)"));
        syn::parse_file(&binary).unwrap();
    }

    #[test]
    fn a_member_of_the_sudoku_family_takes_the_shape_of_the_table() {
        let library = library_text(&sudoku_example());
        // What the table of problems takes of a solution.
        assert_eq!(functions(&library), ["solve", "solve_observed", "run"]);
        let manifest = manifest_text(&sudoku_example());
        assert!(!manifest.contains("\ngenerator ="), "{manifest}");
        assert!(!manifest.contains("\n# generator ="), "{manifest}");
        let command = Arguments {
            checker: "python3 \"my checker.py\"".to_string(),
            ..sudoku_example()
        };
        let parsed: toml::Table = toml::from_str(&manifest_text(&command)).unwrap();
        let checker = parsed["package"]["metadata"]["boj"]["checker"].as_str();
        assert_eq!(checker, Some("python3 \"my checker.py\""));
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
        assert_eq!(sections(&library_text(&sudoku_example())), skeleton);
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
        let mut problem = sudoku_example();
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
        let names: Vec<String> = entry
            .fields
            .iter()
            .map(|field| {
                let syn::Member::Named(name) = &field.member else {
                    panic!("a named field")
                };
                name.to_string()
            })
            .collect();
        assert!(
            !names.contains(&"checker".to_string()),
            "the manifest says it: {names:?}"
        );
        assert!(table_entry_text(&problem).contains("// The right answer"));
        problem.checker = "sudoku".to_string();
        assert!(table_entry_text(&problem).contains("// Any completion is accepted"));
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
