//! The puzzle sets in `data/` (their sources are in `data/SOURCES.md`).

use std::path::PathBuf;

use super::KnownProblem;

use crate::reference::{grid_from_line, Grid};

/// The sets whose puzzles each have exactly one completion.
pub const UNIQUE_SETS: [&str; 4] = [
    "forum_hardest_1106.txt",
    "magictour_top1465.txt",
    "forum_hardest_1905_11plus_2000.txt",
    "17_clue_2000.txt",
];

/// The set whose puzzles each have at least two completions.
pub const MULTI_SOLUTION_SET: &str = "serg_benchmark_multisolution_1000.txt";

/// tdoku's test puzzles, with their numbers of completions.
pub const COUNTED_SET: &str = "tdoku_test_puzzles_with_counts.txt";

/// The `data/` folder of the workspace.
pub fn data_dir() -> PathBuf {
    crate::project_root().join("data")
}

/// The text of a file in `data/`.
pub fn read_text(file_name: &str) -> Result<String, String> {
    let path = data_dir().join(file_name);
    std::fs::read_to_string(&path).map_err(|error| format!("reading {}: {error}", path.display()))
}

/// The input of puzzle `number` (from 1) of `data/{set}.txt` (or `data/{set}`), written as
/// `problem` reads its input: what `trace --puzzle SET:N` traces.
///
/// # Errors
/// A usage error naming the file or the puzzle that is not there.
pub fn puzzle_input(problem: &KnownProblem, set: &str, number: usize) -> anyhow::Result<String> {
    let named = |name: String| data_dir().join(name);
    let path = [format!("{set}.txt"), set.to_string()]
        .map(named)
        .into_iter()
        .find(|path| path.is_file())
        .ok_or_else(|| crate::usage_error(format!("no puzzle set `{set}` in data/")))?;
    let text = std::fs::read_to_string(&path)?;
    let puzzles = (problem.family.read_bench_file)(&text)?;
    let puzzle = number
        .checked_sub(1)
        .and_then(|index| puzzles.get(index))
        .ok_or_else(|| {
            let count = puzzles.len();
            crate::usage_error(format!("{set} has puzzles 1 to {count}, not {number}"))
        })?;
    Ok((problem.format.input_text)(std::slice::from_ref(puzzle)))
}

/// The puzzles of a one-puzzle-per-line text (81 characters, `.` or `0` for blanks;
/// anything after a `:`, as in tdoku's `puzzle:count:solution`, is ignored).
pub fn parse_puzzle_lines(text: &str) -> Result<Vec<Grid>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            grid_from_line(line.split(':').next().unwrap_or(line))
                .ok_or_else(|| format!("line {}: not an 81-character puzzle", index + 1))
        })
        .collect()
}

/// The puzzles of a one-puzzle-per-line set in `data/`.
pub fn load_puzzles(file_name: &str) -> Result<Vec<Grid>, String> {
    parse_puzzle_lines(&read_text(file_name)?).map_err(|error| format!("{file_name}: {error}"))
}
