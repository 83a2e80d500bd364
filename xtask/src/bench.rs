//! The `bench` subcommand: times each solution's library on puzzle files.
//!
//! `cargo xtask bench [--problem PROBLEM] [--baseline] [--svg FILE] [FILE...]`
//!
//! 1. Makes sure it runs optimised: started from a debug build (as `cargo xtask` is), it
//!    runs itself again through `cargo run --release`.
//! 2. Reads the puzzles. For 2239 and 2580 a file holds one puzzle per line (81 characters,
//!    `.` or `0` for blanks; anything after a `:` is ignored); for 4574 a file is a judge
//!    input, timed puzzle by puzzle.
//!    Without files: the sets in `data/` (and, for 4574, the judge's samples).
//! 3. Times the solver on each puzzle as the best of three runs, then, outside the timed
//!    region, checks the answer: a valid completion keeping every given (and for 4574,
//!    the expected grid when a `.out` file lies beside the input), or, when the solver
//!    finds none, the reference solver's word that there is none; and counts the guesses
//!    of the search with a [`GuessCounter`].
//! 4. Prints one line per problem and file, in a fixed form that scripts can compare:
//!    `bench problem=p2580 file=forum_hardest_1106.txt puzzles=375 mean_us=41.20
//!    median_us=30.10 p99_us=210.0 max_us=290.3`, then a `nodes` line with the guesses.
//! 5. With `--baseline`, does the same for plain row-major backtracking
//!    (`problem=baseline-p2580`: rung 0 of [`common::ladder`] for Sudoku,
//!    [`xtask::domino_textbook`] for p4574), with a cap on each puzzle and the count of
//!    capped ones.
//! 6. With `--svg FILE`, draws the per-puzzle times, sorted, on a log scale.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use common::ladder::{rung0_textbook, Outcome};
use common::observe::GuessCounter;
use xtask::data::{data_dir, parse_puzzle_lines};
use xtask::domino_textbook;
use xtask::reference::{completion_fault, Grid};

use xtask::project_root;

use crate::Success;

/// Time the solutions on puzzle files, or each binary as a whole process.
///
/// By default the libraries are timed in-process on the sets in data/, optionally
/// against plain row-major backtracking.
#[derive(clap::Args)]
pub struct Arguments {
    /// Time only this problem.
    #[arg(long, value_name = "PROBLEM")]
    problem: Option<String>,
    /// Time plain row-major backtracking too.
    #[arg(long)]
    baseline: bool,
    /// Draw the per-puzzle times, sorted, to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Time each binary as a whole process on its samples, against a program that only
    /// reads its input, and report peak memory.
    #[arg(long)]
    process: bool,
    /// Puzzle files; with --process, the problems to time.
    #[arg(value_name = "FILE|PROBLEM")]
    files: Vec<String>,
}

/// The problems `bench` knows how to run.
const PROBLEMS: [&str; 3] = ["p2239", "p2580", "p4574"];

/// One puzzle to time, in the form its solver takes.
enum Puzzle {
    Sudoku(Grid),
    Domino {
        puzzle: p4574::Puzzle,
        expected: Option<Grid>,
    },
}

/// What one puzzle cost.
struct Measurement {
    micros: f64,
    guesses: u64,
    capped: bool,
}

/// Summary statistics of one problem on one file.
struct Summary {
    label: String,
    file: String,
    micros: Vec<f64>,
    guesses: Vec<u64>,
    capped: usize,
}

impl Summary {
    fn new(label: &str, file: &str, measurements: &[Measurement]) -> Summary {
        let mut micros: Vec<f64> = measurements.iter().map(|m| m.micros).collect();
        micros.sort_by(f64::total_cmp);
        Summary {
            label: label.to_string(),
            file: file.to_string(),
            micros,
            guesses: measurements.iter().map(|m| m.guesses).collect(),
            capped: measurements.iter().filter(|m| m.capped).count(),
        }
    }

    fn print(&self, with_nodes: bool) {
        let n = self.micros.len();
        let [mean, median, p99, max] = statistics(&self.micros);
        println!(
            "bench problem={} file={} puzzles={n} mean_us={mean:.2} median_us={median:.2} p99_us={p99:.1} max_us={max:.1}",
            self.label, self.file
        );
        if with_nodes {
            let mean_guesses = self.guesses.iter().sum::<u64>() as f64 / n as f64;
            let max_guesses = self.guesses.iter().max().copied().unwrap_or(0);
            println!(
                "nodes problem={} file={} mean={mean_guesses:.1} max={max_guesses} capped={}",
                self.label, self.file, self.capped
            );
        }
    }
}

/// Mean, median, 99th percentile and maximum of `sorted`, a non-empty ascending list.
fn statistics(sorted: &[f64]) -> [f64; 4] {
    let n = sorted.len();
    let mean = sorted.iter().sum::<f64>() / n as f64;
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    };
    // The 99th percentile: the smallest time that at least 99% of puzzles stay within.
    let p99 = sorted[((n as f64 * 0.99).ceil() as usize).clamp(1, n) - 1];
    [mean, median, p99, sorted[n - 1]]
}

/// Runs `cargo xtask bench`.
pub fn run(arguments: Arguments) -> Result<Success> {
    if cfg!(debug_assertions) {
        return run_optimised();
    }
    if arguments.process {
        return crate::process_bench::run(&arguments.files);
    }
    let with_baseline = arguments.baseline;
    let problems: Vec<&str> = match arguments.problem {
        Some(name) => {
            let name = if name.starts_with('p') {
                name
            } else {
                format!("p{name}")
            };
            match PROBLEMS.iter().find(|&&known| known == name) {
                Some(&known) => vec![known],
                None => bail!("`bench` knows {}; not `{name}`", PROBLEMS.join(", ")),
            }
        }
        None => PROBLEMS.to_vec(),
    };
    let files: Vec<PathBuf> = arguments.files.iter().map(PathBuf::from).collect();

    let mut summaries = Vec::new();
    for problem in problems {
        let problem_files = if files.is_empty() {
            default_files(problem)?
        } else {
            files.clone()
        };
        for path in problem_files {
            let file_name = path.file_name().map_or_else(
                || path.display().to_string(),
                |name| name.to_string_lossy().into(),
            );
            let puzzles = read_puzzles(problem, &path)?;
            if puzzles.is_empty() {
                bail!("{} holds no puzzles", path.display());
            }
            let ours: Vec<Measurement> = puzzles
                .iter()
                .enumerate()
                .map(|(index, puzzle)| {
                    measure_ours(problem, puzzle)
                        .with_context(|| format!("{}, puzzle {}", path.display(), index + 1))
                })
                .collect::<Result<_>>()?;
            let summary = Summary::new(problem, &file_name, &ours);
            summary.print(with_baseline);
            summaries.push(summary);
            if with_baseline {
                let textbook: Vec<Measurement> = puzzles
                    .iter()
                    .enumerate()
                    .map(|(index, puzzle)| {
                        measure_baseline(puzzle)
                            .with_context(|| format!("{}, puzzle {}", path.display(), index + 1))
                    })
                    .collect::<Result<_>>()?;
                let summary = Summary::new(&format!("baseline-{problem}"), &file_name, &textbook);
                summary.print(true);
                summaries.push(summary);
            }
        }
    }
    if let Some(svg) = arguments.svg {
        draw_svg(Path::new(&svg), &summaries)?;
        println!("wrote {svg}");
    }
    Ok(Success::Yes)
}

/// Runs this subcommand again, with the same arguments, from an optimised build: timing
/// a debug build would say nothing about the solutions.
fn run_optimised() -> Result<Success> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(project_root())
        .args(["run", "--quiet", "--release", "--package", "xtask", "--"])
        .args(std::env::args_os().skip(1))
        .status()
        .context("running `cargo run --release --package xtask -- bench`")?;
    Ok(if status.success() {
        Success::Yes
    } else {
        Success::No
    })
}

/// The files `bench` reads when none are named.
fn default_files(problem: &str) -> Result<Vec<PathBuf>> {
    let data = data_dir();
    Ok(match problem {
        "p4574" => {
            let mut files: Vec<PathBuf> = ["sample-1.in", "sample-2.in"]
                .iter()
                .map(|name| project_root().join("problems/p4574/samples").join(name))
                .collect();
            files.push(data.join("sudominoku_generated_1000.in"));
            files
        }
        _ => [
            "forum_hardest_1106.txt",
            "magictour_top1465.txt",
            "forum_hardest_1905_11plus_2000.txt",
            "17_clue_2000.txt",
            "serg_benchmark_multisolution_1000.txt",
            "tdoku_test_puzzles_with_counts.txt",
            "special.txt",
        ]
        .iter()
        .map(|name| data.join(name))
        .collect(),
    })
}

/// Reads the puzzles of `path` in the form `problem` takes.
fn read_puzzles(problem: &str, path: &Path) -> Result<Vec<Puzzle>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    if problem != "p4574" {
        // tdoku's test set writes `puzzle:count:solution`; only the puzzle matters here.
        let puzzles: String = text
            .lines()
            .map(|line| format!("{}\n", line.split(':').next().unwrap_or("")))
            .collect();
        let grids = parse_puzzle_lines(&puzzles)
            .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
        return Ok(grids.into_iter().map(Puzzle::Sudoku).collect());
    }
    // A judge answer beside the input (`x.in` and `x.out`) gives the expected grids.
    let expected: Vec<Grid> = match std::fs::read_to_string(path.with_extension("out")) {
        Ok(answer) => expected_grids(&answer),
        Err(_) => Vec::new(),
    };
    p4574::parse_puzzles(text.as_bytes())
        .enumerate()
        .map(|(index, puzzle)| {
            let puzzle = puzzle.map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
            Ok(Puzzle::Domino {
                puzzle,
                expected: expected.get(index).copied(),
            })
        })
        .collect()
}

/// The grids of a 4574 answer: every line that is nine digits, nine at a time.
fn expected_grids(answer: &str) -> Vec<Grid> {
    let rows: Vec<&str> = answer
        .lines()
        .map(str::trim)
        .filter(|line| line.len() == 9 && line.bytes().all(|byte| byte.is_ascii_digit()))
        .collect();
    rows.chunks_exact(9)
        .filter_map(|grid_rows| xtask::reference::grid_from_line(&grid_rows.concat()))
        .collect()
}

/// The best of three runs of `solve`, in microseconds, and its last answer.
fn best_of_three<T>(mut solve: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut answer = None;
    for _ in 0..3 {
        let started = Instant::now();
        let result = std::hint::black_box(solve());
        best = best.min(started.elapsed().as_secs_f64() * 1e6);
        answer = Some(result);
    }
    (best, answer.expect("three runs happened"))
}

/// Times our solution on one puzzle, checks its answer and counts its guesses.
fn measure_ours(problem: &str, puzzle: &Puzzle) -> Result<Measurement> {
    let mut counter = GuessCounter::default();
    let micros = match puzzle {
        Puzzle::Sudoku(grid) => {
            let (micros, answer) = match problem {
                "p2239" => best_of_three(|| p2239::solve(grid)),
                _ => best_of_three(|| p2580::solve(grid)),
            };
            match answer {
                Some(answer) => {
                    if let Some(fault) = completion_fault(grid, &answer) {
                        bail!("wrong answer: {fault}");
                    }
                }
                None if xtask::reference::count_completions(grid, 1) == 0 => {}
                None => bail!("the solution found no completion, but there is one"),
            }
            match problem {
                "p2239" => p2239::solve_observed(grid, &mut counter),
                _ => p2580::solve_observed(grid, &mut counter),
            };
            micros
        }
        Puzzle::Domino { puzzle, expected } => {
            let (micros, answer) = best_of_three(|| p4574::solve(puzzle));
            let answer = answer.context("the solution found no grid")?;
            if let Some(fault) = completion_fault(&puzzle.given_grid(), &answer) {
                bail!("wrong answer: {fault}");
            }
            if expected.is_some_and(|expected| expected != answer) {
                bail!("wrong answer: not the expected grid");
            }
            p4574::solve_with_tiling(puzzle, &mut counter);
            micros
        }
    };
    Ok(Measurement {
        micros,
        guesses: counter.guesses,
        capped: false,
    })
}

/// Times the baseline on one puzzle (once more only if it was quick) and checks it.
fn measure_baseline(puzzle: &Puzzle) -> Result<Measurement> {
    let run_once = || -> Outcome {
        match puzzle {
            Puzzle::Sudoku(grid) => rung0_textbook::solve(grid),
            Puzzle::Domino { puzzle, .. } => {
                let used = puzzle.tiles.iter().fold(0, |used, tile| {
                    used | domino_textbook::tile_bit(tile.digits[0], tile.digits[1])
                });
                domino_textbook::solve_within(&puzzle.given_grid(), used, rung0_textbook::CAP)
            }
        }
    };
    let started = Instant::now();
    let first = run_once();
    let mut micros = started.elapsed().as_secs_f64() * 1e6;
    if !first.capped && micros < 100_000.0 {
        micros = micros.min(best_of_three(run_once).0);
    }
    if let Some(answer) = first.solution {
        let givens = match puzzle {
            Puzzle::Sudoku(grid) => *grid,
            Puzzle::Domino { puzzle, .. } => puzzle.given_grid(),
        };
        if let Some(fault) = completion_fault(&givens, &answer) {
            bail!("the baseline answered wrongly: {fault}");
        }
    }
    Ok(Measurement {
        micros,
        guesses: first.guesses,
        capped: first.capped,
    })
}

/// Draws every summary's sorted per-puzzle times as a line: puzzle percentile across,
/// microseconds up on a log scale.
fn draw_svg(path: &Path, summaries: &[Summary]) -> Result<()> {
    use plotters::prelude::*;

    let highest = summaries
        .iter()
        .filter_map(|summary| summary.micros.last().copied())
        .fold(1.0, f64::max);
    let lowest = summaries
        .iter()
        .filter_map(|summary| summary.micros.first().copied())
        .fold(highest, f64::min)
        .max(0.01);
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    let draw_error =
        |error: DrawingAreaErrorKind<_>| anyhow::anyhow!("drawing {}: {error:?}", path.display());
    root.fill(&WHITE).map_err(draw_error)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Time per puzzle, sorted (cargo xtask bench; the baseline stops at its cap)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..100f64, (lowest / 2.0..highest * 2.0).log_scale())
        .map_err(draw_error)?;
    chart
        .configure_mesh()
        .x_desc("puzzles, fastest to slowest (%)")
        .y_desc("microseconds (log scale)")
        .draw()
        .map_err(draw_error)?;
    // One colour per file: our line thick, the baseline's thin.
    let mut files: Vec<&str> = Vec::new();
    for summary in summaries {
        if !files.contains(&summary.file.as_str()) {
            files.push(&summary.file);
        }
    }
    for summary in summaries {
        let file_index = files
            .iter()
            .position(|&file| file == summary.file)
            .unwrap_or(0);
        let color = Palette99::pick(file_index).to_rgba();
        let n = summary.micros.len();
        let points = summary
            .micros
            .iter()
            .enumerate()
            .map(move |(rank, &micros)| (100.0 * (rank as f64 + 0.5) / n as f64, micros));
        let style = if summary.label.starts_with("baseline") {
            ShapeStyle::from(color).stroke_width(1)
        } else {
            ShapeStyle::from(color).stroke_width(3)
        };
        chart
            .draw_series(LineSeries::new(points, style))
            .map_err(draw_error)?
            .label(format!("{} {}", summary.label, summary.file))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(draw_error)?;
    root.present().map_err(draw_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_of_a_small_list() {
        let times: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(statistics(&times), [50.5, 50.5, 99.0, 100.0]);
        assert_eq!(statistics(&[3.0]), [3.0, 3.0, 3.0, 3.0]);
        assert_eq!(statistics(&[1.0, 2.0, 6.0]), [3.0, 2.0, 6.0, 6.0]);
    }

    #[test]
    fn expected_grids_are_read_from_a_judge_answer() {
        let answer =
            std::fs::read_to_string(project_root().join("problems/p4574/samples/sample-1.out"))
                .unwrap();
        let grids = expected_grids(&answer);
        assert_eq!(grids.len(), 2);
        assert_eq!(grids[0][..9], [8, 7, 2, 6, 4, 3, 1, 9, 5]);
    }
}
