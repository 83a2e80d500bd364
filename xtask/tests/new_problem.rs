//! `cargo xtask new` from end to end, in a copy of the workspace, with a new member of the
//! Sudoku family whose answer differs from the others': "Sudoku (largest completion)",
//! which runs the solver of the member whose goal is the smallest completion (found in the
//! table when the test runs, its crate name written into the new code) on the grid with
//! every digit d written as 10 − d, and maps the answer back.
//!
//! As the README's "Adding a problem" says: `new --family sudoku` makes the crate and
//! prints the problem's entry in the table of problems and its dependency line for xtask;
//! both go in as printed, and the table takes the skeleton at once (`check` builds). The skeleton builds,
//! passes its tests, clippy and rustdoc, and bundles into a file that plain `rustc`
//! compiles without a warning. Then the solution, its sample and the one line of the entry
//! the printed comment asks for (the reference's answer: here the largest completion), and
//! `check`, `check --bundled`, `stress`, `bench`, `trace` and `trace --html` pass on it. A
//! second `new` of the same number is refused.
//!
//! This builds the workspace in the copy, so it is `#[ignore]`d in a plain `cargo test`; CI
//! runs it with `cargo test -p xtask --test new_problem -- --ignored`. Its build output
//! goes to one folder under the system's temporary folder, kept between runs: once xtask's
//! dependencies are built there, a run takes about three minutes (150 s on a loaded 2-core
//! machine).

mod support;

use std::fs;

use support::copy::{succeeded, WorkspaceCopy, STEP_LIMIT};
use support::members;
use support::output_with_input;

use xtask::reference::{smallest_completion, Grid};

/// The problem the test creates; no real problem uses this number.
const NEW_ID: &str = "90239";

/// Its title.
const TITLE: &str = "Sudoku (largest completion)";

/// `grid` with every digit d written as 10 − d (a blank stays 0).
fn mirror(grid: &Grid) -> Grid {
    grid.map(|digit| if digit == 0 { 0 } else { 10 - digit })
}

#[test]
#[ignore = "copies the workspace and builds it whole (minutes on a first run); CI runs it \
            with --ignored"]
fn a_fourth_problem_joins_the_table_with_one_entry_and_one_dependency_line() {
    let copy = WorkspaceCopy::of_this_workspace("new-problem");
    let name = format!("p{NEW_ID}");
    let new = [
        "xtask", "new", NEW_ID, "--title", TITLE, "--family", "sudoku",
    ];
    let printed = copy.succeeds(&new, b"");
    add_what_new_printed(&copy, &printed);
    // The table takes the skeleton at once: xtask builds with its entry, and `check`
    // judges the real problems and reports nothing for the new one, which has no sample.
    let checked = copy.succeeds(&["xtask", "check"], b"");
    assert!(!checked.contains(&name), "{checked}");
    let bundle = copy.skeleton_builds_cleanly(&name);
    let title = format!("// Baekjoon {NEW_ID}: {TITLE}\n");
    assert!(bundle.source.starts_with(&title), "{:.200}", bundle.source);

    let sample_input = write_the_solution(&copy, &name);
    let checked = copy.succeeds(&["xtask", "check", &name], b"");
    assert!(
        checked.contains(&format!("{name}  sample-1  AC")),
        "{checked}"
    );
    let bundled = copy.succeeds(&["xtask", "check", "--bundled", &name], b"");
    assert!(
        bundled.trim_end().ends_with("1 passed, 0 failed"),
        "{bundled}"
    );
    the_tools_in_process_take_it(&copy, &name, &sample_input);

    // A second `new` with the same number is refused, and the crate is left as it was.
    let manifest_path = copy.path(&format!("problems/{name}/Cargo.toml"));
    let manifest = fs::read_to_string(&manifest_path).expect("the manifest exists");
    let again = output_with_input(&mut copy.cargo(&["xtask", "new", NEW_ID]), b"", STEP_LIMIT);
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    assert_eq!(fs::read_to_string(&manifest_path).unwrap(), manifest);
    copy.remove();
}

/// Puts the entry and the dependency line that `new` printed (`printed`) where it says:
/// the entry at the end of `KnownProblem::ALL`, the line under xtask's `[dependencies]`.
fn add_what_new_printed(copy: &WorkspaceCopy, printed: &str) {
    let entry_start = printed
        .find("        KnownProblem {")
        .expect("an entry printed");
    let entry_length = printed[entry_start..]
        .find("\n        },\n")
        .expect("its end")
        + 12;
    let entry = &printed[entry_start..entry_start + entry_length];
    let table_path = copy.path("xtask/src/problems/mod.rs");
    let table = fs::read_to_string(&table_path).unwrap();
    let all = table
        .find("pub const ALL: &'static [KnownProblem] = &[")
        .expect("the table");
    let end = all + table[all..].find("\n    ];").expect("the table's end") + 1;
    let table = format!("{}{entry}{}", &table[..end], &table[end..]);
    fs::write(&table_path, table).unwrap();

    let dependency = printed
        .lines()
        .find(|line| line.trim_start().starts_with(&format!("p{NEW_ID} = ")))
        .expect("a dependency line printed")
        .trim();
    let manifest_path = copy.path("xtask/Cargo.toml");
    let manifest = fs::read_to_string(&manifest_path).unwrap();
    let manifest = manifest.replacen(
        "[dependencies]\n",
        &format!("[dependencies]\n{dependency}\n"),
        1,
    );
    fs::write(&manifest_path, manifest).unwrap();
}

/// The solution a maintainer would write: the smallest completion's solver (its crate's)
/// on the mirrored grid, mapped back (reports included); its sample (a grid with two
/// completions, so that the answer differs from the smallest); and the one line of the
/// entry that the printed comment asks for, the reference's answer. Returns the sample's
/// input.
fn write_the_solution(copy: &WorkspaceCopy, name: &str) -> String {
    let smallest = members::smallest_completion().name();
    let crate_folder = copy.path(&format!("problems/{name}"));
    let manifest = fs::read_to_string(crate_folder.join("Cargo.toml")).unwrap();
    let manifest = manifest.replace(
        "[dependencies]\n",
        &format!("[dependencies]\n{smallest} = {{ path = \"../{smallest}\" }}\n"),
    );
    fs::write(crate_folder.join("Cargo.toml"), manifest).unwrap();
    let library = fs::read_to_string(crate_folder.join("src/lib.rs")).unwrap();
    let header_end = library.find("\nuse ").expect("the skeleton's code") + 1;
    let solution = SOLUTION.replace("{{smallest}}", smallest);
    let library = format!("{}{solution}", &library[..header_end]);
    fs::write(crate_folder.join("src/lib.rs"), library).unwrap();

    // The smallest completion's sample answer with its first two rows emptied has two
    // completions.
    let answer_path = format!("problems/{smallest}/samples/sample-1.out");
    let answer = fs::read_to_string(copy.path(&answer_path)).unwrap();
    let mut grid: Grid = [0; 81];
    for (cell, digit) in answer.bytes().filter(u8::is_ascii_digit).enumerate() {
        grid[cell] = if cell < 18 { 0 } else { digit - b'0' };
    }
    let largest = mirror(&smallest_completion(&mirror(&grid)).expect("a completion"));
    assert_ne!(Some(largest), smallest_completion(&grid), "two completions");
    let rows = |grid: &Grid| -> String {
        let row = |row: &[u8]| row.iter().map(u8::to_string).collect::<String>() + "\n";
        grid.chunks(9).map(row).collect()
    };
    let samples = crate_folder.join("samples");
    fs::write(samples.join("sample-1.in"), rows(&grid)).unwrap();
    fs::write(samples.join("sample-1.out"), rows(&largest)).unwrap();

    let table_path = copy.path("xtask/src/problems/mod.rs");
    let table = fs::read_to_string(&table_path).unwrap();
    let entry = table
        .find(&format!("number: {NEW_ID},"))
        .expect("the new entry");
    let line = "reference_answer: sudoku::smallest_completion,";
    let at = entry + table[entry..].find(line).expect("the line to write");
    let table = format!(
        "{}{LARGEST_COMPLETION}{}",
        &table[..at],
        &table[at + line.len()..]
    );
    fs::write(&table_path, table).unwrap();
    rows(&grid)
}

/// `stress`, `bench`, `trace` and `trace --html`, which run the solution in-process and
/// know it by its entry alone, pass on the new problem.
fn the_tools_in_process_take_it(copy: &WorkspaceCopy, name: &str, sample_input: &str) {
    let stressed = copy.succeeds(
        &["xtask", "stress", name, "--cases", "40", "--seed", "1"],
        b"",
    );
    assert!(
        stressed.trim_end().ends_with("passed, 0 failed"),
        "{stressed}"
    );
    // `bench` runs itself again from a release build; the debug one is timed here (the
    // figures do not matter), which spares building xtask twice.
    let bench_arguments = ["--problem", name, "--rounds", "1", "data/special.txt"];
    let mut bench = copy.cargo(&[&["xtask", "bench"][..], &bench_arguments].concat());
    bench.env("XTASK_BENCH_OPTIMISED", "1");
    let benched = succeeded(
        "cargo xtask bench",
        output_with_input(&mut bench, b"", STEP_LIMIT),
    );
    let line = format!("bench problem={name} file=special.txt puzzles=2 ");
    assert!(benched.contains(&line), "{benched}");
    assert!(
        benched.contains(&format!("nodes problem={name} ")),
        "{benched}"
    );

    let traced = copy.succeeds(&["xtask", "trace", name], sample_input.as_bytes());
    assert!(
        traced.contains(&format!("trace {name}, puzzle 1: {TITLE}")),
        "{traced}"
    );
    assert!(traced.contains("; solved\n"), "{traced}");
    let answer = fs::read_to_string(copy.path(&format!("problems/{name}/samples/sample-1.out")));
    assert!(traced.ends_with(&answer.unwrap()), "{traced}");
    let page = copy.target_directory.join("new-problem-trace.html");
    let page_text = page.to_str().unwrap();
    copy.succeeds(
        &["xtask", "trace", name, "--html", page_text],
        sample_input.as_bytes(),
    );
    let page = fs::read_to_string(&page).unwrap();
    assert!(page.starts_with("<!doctype html>"), "{page:.200}");
    assert!(page.contains(&format!("Trace of {name}")), "{page:.400}");
}

/// The new problem's code under the skeleton's header: the largest completion of a grid
/// is the mirror of the smallest completion of its mirror, which the crate `{{smallest}}`
/// (written in when the test runs) finds.
const SOLUTION: &str = r#"use common::grid_reader::{read_grid, RowFormat};
use common::input::{write_answer, Error};
use common::observe::{Branch, Conflict, Reason, SearchObserver};
use common::{grid_text, N_CELLS};
use std::io::{BufRead, Write};

/// A grid of digits, row-major; 0 marks an empty cell.
pub type Grid = [u8; N_CELLS];

/// `grid` with every digit d written as 10 − d (a blank stays 0).
fn mirror(grid: &Grid) -> Grid {
    grid.map(|digit| if digit == 0 { 0 } else { 10 - digit })
}

/// The largest completion of `grid`, or `None` when there is none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_observed(grid, &mut ())
}

/// [`solve`], reporting the steps of the smallest completion's search on the mirrored
/// grid as steps on `grid`.
pub fn solve_observed(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Grid> {
    let smallest = {{smallest}}::solve_observed(&mirror(grid), &mut Mirrored { observer })?;
    Some(mirror(&smallest))
}

/// Hands the reports of the search on the mirrored grid to `observer`, each digit
/// mirrored back; its remarks, which speak of the mirrored digits, are left out.
struct Mirrored<'a, Observer> {
    observer: &'a mut Observer,
}

/// `placements` with each digit mirrored.
fn mirrored(placements: &[(usize, u8)]) -> Vec<(usize, u8)> {
    placements.iter().map(|&(cell, digit)| (cell, 10 - digit)).collect()
}

impl<Observer: SearchObserver> SearchObserver for Mirrored<'_, Observer> {
    fn is_watching(&self) -> bool {
        self.observer.is_watching()
    }
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        self.observer.deduced(cell, 10 - digit, reason);
    }
    fn guess(&mut self, placements: &[(usize, u8)]) {
        self.observer.guess(&mirrored(placements));
    }
    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        self.observer.guess_at(&mirrored(placements), branch);
    }
    fn contradiction(&mut self, conflict: Conflict) {
        self.observer.contradiction(match conflict {
            Conflict::NoPlaceInUnit { digit, unit } => Conflict::NoPlaceInUnit {
                digit: 10 - digit,
                unit,
            },
            Conflict::NoArrangementInBand { digit, band } => Conflict::NoArrangementInBand {
                digit: 10 - digit,
                band,
            },
            other => other,
        });
    }
    fn dead_end(&mut self) {
        self.observer.dead_end();
    }
    fn unwind(&mut self) {
        self.observer.unwind();
    }
    fn keep(&mut self) {
        self.observer.keep();
    }
}

/// Reads the grid from `input`, solves it and writes the answer to `output`.
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let grid = read_grid(input, RowFormat::Packed)?;
    let answer = solve(&grid).ok_or_else(|| Error::new("the grid has no completion"))?;
    write_answer(output, &grid_text(&answer))
}
"#;

/// The reference's answer for the largest completion, in place of the smallest that
/// `new` printed: the mirror of the smallest completion of the mirrored grid.
const LARGEST_COMPLETION: &str = r#"reference_answer: |puzzle| {
                let mirror = |grid: &Grid| grid.map(|digit| if digit == 0 { 0 } else { 10 - digit });
                match crate::reference::smallest_completion(&mirror(sudoku::grid(puzzle))) {
                    Some(smallest) => ReferenceAnswer::Found { grid: mirror(&smallest) },
                    None => ReferenceAnswer::NoAnswer,
                }
            },"#;
