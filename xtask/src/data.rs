//! The puzzle sets in `data/` (their sources are in `data/SOURCES.md`).

use std::path::PathBuf;

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

/// Reads the text of a file in `data/`.
pub fn read(file_name: &str) -> Result<String, String> {
    let path = data_dir().join(file_name);
    std::fs::read_to_string(&path).map_err(|error| format!("reading {}: {error}", path.display()))
}

/// The puzzles of a one-puzzle-per-line text (81 characters, `.` or `0` for blanks).
pub fn parse_puzzle_lines(text: &str) -> Result<Vec<Grid>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            grid_from_line(line)
                .ok_or_else(|| format!("line {}: not an 81-character puzzle", index + 1))
        })
        .collect()
}

/// Loads a one-puzzle-per-line set from `data/`.
pub fn load(file_name: &str) -> Result<Vec<Grid>, String> {
    parse_puzzle_lines(&read(file_name)?).map_err(|error| format!("{file_name}: {error}"))
}

/// How a failing test names puzzle `index` (from 0) of a set: the file, the puzzle's
/// number in it (from 1), and the puzzle as one line.
pub fn describe_puzzle(file_name: &str, index: usize, grid: &Grid) -> String {
    format!(
        "{file_name}, puzzle {}: {}",
        index + 1,
        crate::reference::grid_to_line(grid)
    )
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
    let text = read(COUNTED_SET)?;
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
