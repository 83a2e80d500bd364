//! What several test files share: starting `cargo xtask` as a user does ([`xtask`], the
//! one place the tests start it), the workspace's problems ([`problems`], [`crate_of`]
//! an entry of the table), reading tdoku's counted set, writing a puzzle (of a set)
//! in a failure message, and our small programs; [`members`]: the members of the families
//! a test takes as examples, found by what they are (no test names a problem), and a
//! member's answer judged against its reference's; [`tool`]: the rule for a test that
//! needs a tool; [`chromium`]: headless Chromium on a wrapper page; [`copy`]: a copy of the
//! workspace for the end-to-end tests. Each file that uses it says `mod support;`.
#![allow(dead_code)]

pub mod chromium;
pub mod copy;
pub mod members;
pub mod tool;

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::Duration;

use wait_timeout::ChildExt;
use xtask::problems::data::{read_text, COUNTED_SET};
use xtask::problems::workspace::{Problem, Workspace};
use xtask::problems::KnownProblem;
use xtask::reference::{grid_from_line, Grid};

/// The problem crates of the workspace, sorted by name.
pub fn problems() -> Vec<Problem> {
    let workspace = Workspace::load().expect("the workspace is readable");
    workspace.problems().expect("the manifests are readable")
}

/// The names of the problem crates of the workspace, sorted.
pub fn problem_names() -> Vec<String> {
    problems().into_iter().map(|problem| problem.name).collect()
}

/// The release binaries of `problems`, built with one cargo command as `check` builds
/// them (cargo builds nothing that is fresh), in their order.
pub fn release_binaries(problems: &[Problem]) -> Vec<std::path::PathBuf> {
    let workspace = Workspace::load().expect("the workspace is readable");
    let release = xtask::problems::workspace::Profile::Release;
    workspace
        .build(problems, release)
        .expect("the solutions build")
}

/// The problem crate of `member`, an entry of the table of problems.
pub fn crate_of(member: &KnownProblem) -> Problem {
    let same = |problem: &Problem| problem.name == member.crate_name();
    problems()
        .into_iter()
        .find(same)
        .expect("a crate for each entry")
}

/// The `cargo xtask` binary that cargo built for these tests.
pub const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// `cargo xtask ARGUMENTS` as the tests start it: [`XTASK`] in the workspace's root, with
/// nothing on standard input. A test changes on it what it needs (the folder, the input,
/// the environment) and runs it.
pub fn xtask(arguments: &[&str]) -> Command {
    let mut command = Command::new(XTASK);
    command
        .args(arguments)
        .current_dir(xtask::project_root())
        .stdin(Stdio::null());
    command
}

/// What `cargo xtask ARGUMENTS` (see [`xtask`]) wrote, and how it ended.
pub fn run_xtask(arguments: &[&str]) -> Output {
    xtask(arguments).output().expect("xtask starts")
}

/// Runs `command` with `input` on its standard input, and returns what it wrote and how it
/// ended; a command still running after `limit` is killed and fails the test. The input is
/// written, and the outputs read, on threads of their own: a command that refuses its
/// input early ends the writing, and a long output never stalls it.
pub fn output_with_input(command: &mut Command, input: &[u8], limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut stdin = child.stdin.take().expect("a piped standard input");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes)
                .expect("the output is readable");
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("a piped output")));
    let stderr = read_all(Box::new(child.stderr.take().expect("a piped error output")));
    let Some(status) = child
        .wait_timeout(limit)
        .expect("the command can be waited for")
    else {
        let _ = child.kill();
        panic!("still running after {limit:?}: {command:?}");
    };
    writer.join().expect("the input is written");
    Output {
        status,
        stdout: stdout.join().expect("the output is read"),
        stderr: stderr.join().expect("the error output is read"),
    }
}

/// How a failing test names puzzle `index` (from 0) of a set: the file, the puzzle's
/// number in it (from 1), and the puzzle as one line.
pub fn describe_puzzle(file_name: &str, index: usize, grid: &Grid) -> String {
    format!("{file_name}, puzzle {}: {}", index + 1, grid_to_line(grid))
}

/// A puzzle of tdoku's test set: the grid, its number of completions, and the solution
/// when there is exactly one.
#[derive(Clone, Debug)]
pub struct CountedPuzzle {
    /// The puzzle.
    pub grid: Grid,
    /// How many completions it has.
    pub completions: usize,
    /// Its completion, when the file gives it.
    pub solution: Option<Grid>,
}

/// Loads tdoku's test puzzles (`puzzle:count[:solution]` per line).
pub fn load_counted() -> Result<Vec<CountedPuzzle>, String> {
    let text = read_text(COUNTED_SET)?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let fault = || {
                format!(
                    "{COUNTED_SET}, line {}: not puzzle:count[:solution]",
                    index + 1
                )
            };
            let mut fields = line.trim().split(':');
            let grid = fields.next().and_then(grid_from_line).ok_or_else(fault)?;
            let completions = fields
                .next()
                .and_then(|count| count.parse().ok())
                .ok_or_else(fault)?;
            let solution = match fields.next() {
                Some(text) => Some(grid_from_line(text).ok_or_else(fault)?),
                None => None,
            };
            Ok(CountedPuzzle {
                grid,
                completions,
                solution,
            })
        })
        .collect()
}

/// The grid as 81 characters, `.` for blanks.
pub fn grid_to_line(grid: &Grid) -> String {
    grid.iter()
        .map(|&digit| {
            if digit == 0 {
                '.'
            } else {
                char::from(b'0' + digit)
            }
        })
        .collect()
}

/// The path of one of our small programs in `xtask/tests/programs/`.
pub fn program_path(name: &str) -> std::path::PathBuf {
    xtask::project_root()
        .join("xtask/tests/programs")
        .join(name)
}

/// Compiles our program `tests/programs/NAME.rs` with `rustc` and `options` into
/// `directory`, and returns the binary's path.
pub fn compile_program(
    directory: &std::path::Path,
    name: &str,
    options: &[&str],
) -> std::path::PathBuf {
    let binary = directory.join(name);
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let compiled = std::process::Command::new(rustc)
        .args(["--edition", "2021"])
        .args(options)
        .arg("-o")
        .arg(&binary)
        .arg(program_path(&format!("{name}.rs")))
        .output()
        .expect("rustc starts");
    assert!(compiled.status.success(), "{compiled:?}");
    binary
}

/// The first `count` process ids in the file at `path`, one a line, waiting up to 20
/// seconds for a program to write them (it writes the file whole, by renaming).
pub fn wait_for_pids(path: &std::path::Path, count: usize) -> Vec<u32> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            let pids: Vec<u32> = text
                .lines()
                .filter_map(|line| line.trim().parse().ok())
                .collect();
            if pids.len() >= count {
                return pids;
            }
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no {count} process ids in {}",
            path.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Whether process `pid` is gone (or a zombie, dead and waiting to be reaped), within
/// two seconds.
pub fn is_gone(pid: u32) -> bool {
    let stat = format!("/proc/{pid}/stat");
    (0..200).any(|_| {
        let gone = std::fs::read_to_string(&stat).map_or(true, |text| text.contains(") Z "));
        if !gone {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        gone
    })
}
