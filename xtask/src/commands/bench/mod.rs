//! The `bench` subcommand: times the solutions' libraries on puzzle files, fairly.
//!
//! `cargo xtask bench [--problem PROBLEM] [--baseline] [OPTIONS] [FILE...]`, or
//! `cargo xtask bench --ladder [OPTIONS] [FILE...]`
//!
//! 1. Runs optimised: started from a debug build (as `cargo xtask` is), it runs itself
//!    again through `cargo run --release` in the same folder, so that file names and
//!    `--svg` mean what they meant to the user.
//! 2. Reads the puzzles: for 2239 and 2580 one per line (81 characters, `.` or `0` for
//!    blanks, anything after a `:` ignored); for 4574 a judge input, timed puzzle by
//!    puzzle. Without files: each problem's default sets, from the table of problems
//!    ([`KnownProblem::bench_sets`]); files named without `--problem` are timed with 2239
//!    and 2580. `--relabel K` puts `K`
//!    random isomorphs of each Sudoku puzzle in its place ([`Symmetry`], drawn from
//!    `--seed`; the file is passed once per isomorph), so that no solver's luck with one
//!    orientation of a puzzle decides anything.
//! 3. Times fairly. A puzzle solved twice in a row runs faster the second time (the branch
//!    predictor has seen it), and a shared machine is noisy. So the timing goes in rounds
//!    over the whole file (`--rounds`, default 5), each solving each puzzle once with each
//!    solver compared (A B A B), and a puzzle's time is its best round. A run that hit its
//!    cap or made over 20,000 guesses is timed in the first round only.
//! 4. Checks every answer in the first round, outside the timed region: a valid completion
//!    keeping every given (for 4574, the expected grid when a `.out` file lies beside the
//!    input), or, when the solver finds none, the reference solvers' word that there is
//!    none (for Sudoku and Su-domino-ku alike); such puzzles are counted on standard error. It counts the search's guesses
//!    with a [`GuessCounter`], also as tdoku's published benchmark counts them (every way
//!    tried at a branch point but the last, which is forced).
//! 5. Prints two lines per solver and file, in a fixed form that scripts can compare:
//!    `bench problem=p2580 file=forum_hardest_1106.txt puzzles=375 mean_us=41.20
//!    median_us=30.10 p99_us=210.0 max_us=290.3` (over the puzzles' best rounds), then
//!    `nodes problem=p2580 file=… mean=248.1 max=1800 tdoku_mean=190.2 capped=0`.
//! 6. `--baseline` times plain row-major backtracking beside the solutions, with a cap
//!    (`problem=baseline`: rung 0 of [`common::ladder`]; for 4574, `baseline-p4574`:
//!    [`xtask::reference::domino_textbook`]).
//! 7. `--ladder` times every rung of [`common::ladder`] instead, on Sudoku files (by
//!    default the sets in `data/`), one line per rung and file: `bench rung=0
//!    name=textbook file=… puzzles=P mean_us=.. median_us=.. max_us=.. guesses=..
//!    capped=C` (guesses: placements tried, mean per puzzle; capped: puzzles that hit the
//!    rung's cap, which only rung 0 has). `--write FILE` also writes the ladder as a
//!    markdown table (rung, name, and per file the mean guesses and mean time) into FILE,
//!    between the lines `<!-- bench-ladder:begin -->` and `<!-- bench-ladder:end -->`.
//! 8. `--svg FILE` draws the per-puzzle times, sorted, on a log scale; `--process` times
//!    whole processes instead ([`crate::commands::bench::process`]).

pub mod process;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use common::ladder::{rung0_textbook, Outcome, RUNGS};
use common::observe::GuessCounter;
use rand::SeedableRng;
use xtask::problems::data::parse_puzzle_lines;
use xtask::problems::workspace::cargo;
use xtask::problems::{InputFormat, KnownProblem, Puzzle};
use xtask::project_root;
use xtask::reference::domino::{self, reference_grids, Grids, REFERENCE_BUDGET};
use xtask::reference::generate::Symmetry;
use xtask::reference::{completion_fault, count_completions, domino_textbook, Grid};

/// Time the solutions on puzzle files, fairly, or each binary as a whole process.
///
/// By default the libraries are timed in-process on the sets in data/, each puzzle once
/// per round over the whole file, and each puzzle counts its best round.
#[derive(clap::Args)]
pub struct Arguments {
    /// Time only this problem.
    #[arg(long, value_name = "PROBLEM")]
    problem: Option<String>,
    /// Time plain row-major backtracking too.
    #[arg(long)]
    baseline: bool,
    /// Time every rung of the ladder (common::ladder) on Sudoku files instead.
    #[arg(long, conflicts_with_all = ["problem", "baseline", "process"])]
    ladder: bool,
    /// Rounds over each file.
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Time K random isomorphs of each Sudoku puzzle in its place.
    #[arg(long, value_name = "K", default_value_t = 0)]
    relabel: u32,
    /// The seed of the isomorphs' random symmetries.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Draw the per-puzzle times, sorted, to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// With --ladder: write the ladder's table into FILE, between its lines
    /// `<!-- bench-ladder:begin -->` and `<!-- bench-ladder:end -->`.
    #[arg(long, value_name = "FILE", requires = "ladder")]
    write: Option<PathBuf>,
    /// Time each binary as a whole process on its samples, against a program that only
    /// reads its input, and report peak memory.
    #[arg(long)]
    process: bool,
    /// Puzzle files; with --process, the problems to time.
    #[arg(value_name = "FILE|PROBLEM")]
    files: Vec<String>,
}

/// A run with more guesses than this is timed once: it takes milliseconds, where the noise
/// that rounds smooth out is far smaller. (Counted in guesses, not in time, so that a run
/// the machine happened to stall is not the one that is kept.)
const TIMED_ONCE_ABOVE_GUESSES: u64 = 20_000;

/// Set in the environment of the optimised run, so that it never starts another.
const OPTIMISED_RUN: &str = "XTASK_BENCH_OPTIMISED";

/// The lines that mark where `--write` puts the ladder's table.
const LADDER_BEGIN: &str = "<!-- bench-ladder:begin -->";
const LADDER_END: &str = "<!-- bench-ladder:end -->";

/// One puzzle to time, with the grid a `.out` file beside a Su-domino-ku input expects
/// for it, if there is one.
struct TimedPuzzle {
    puzzle: Puzzle,
    expected: Option<Grid>,
}

/// The kind of puzzle file a group of solvers is timed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PuzzleKind {
    /// Sudoku grids, one per line (2239, 2580 and the ladder).
    Sudoku,
    /// Su-domino-ku puzzles in the judge's format (4574).
    Domino,
}

impl PuzzleKind {
    /// The kind of `problem`'s puzzles.
    fn of(problem: &KnownProblem) -> PuzzleKind {
        if problem.is_sudoku() {
            PuzzleKind::Sudoku
        } else {
            PuzzleKind::Domino
        }
    }

    /// The files timed when none are named: the default sets of the problems of this kind
    /// in the table of problems, each once.
    fn default_files(self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = Vec::new();
        let problems = KnownProblem::ALL.into_iter();
        for problem in problems.filter(|problem| PuzzleKind::of(problem) == self) {
            for set in problem.bench_sets {
                let path = project_root().join(set);
                if !files.contains(&path) {
                    files.push(path);
                }
            }
        }
        files
    }
}

/// The solvers compared on one kind of puzzle file.
struct SolverGroup {
    kind: PuzzleKind,
    solvers: Vec<Solver>,
}

/// Something `bench` times: a solution, or the textbook method beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Solver {
    /// The solution of this problem, its library called in-process.
    Solution(KnownProblem),
    /// Plain row-major backtracking with a cap (`--baseline`).
    Baseline,
    /// The rung of [`RUNGS`] with this number (`--ladder`).
    Rung(usize),
}

impl Solver {
    /// The name printed after `problem=` (or, for a rung, after `name=`).
    fn label(self, kind: PuzzleKind) -> String {
        match self {
            Solver::Solution(problem) => problem.crate_name(),
            Solver::Baseline if kind == PuzzleKind::Sudoku => "baseline".to_string(),
            Solver::Baseline => "baseline-p4574".to_string(),
            Solver::Rung(number) => RUNGS[number].name.to_string(),
        }
    }

    /// The timed call: solves `puzzle` and nothing else.
    fn solve(self, puzzle: &Puzzle) -> Outcome {
        let solution = match (self, puzzle) {
            (Solver::Solution(problem), _) => (problem.solve)(puzzle),
            (Solver::Baseline, Puzzle::Sudoku { grid }) => return rung0_textbook::solve(grid),
            (Solver::Rung(number), Puzzle::Sudoku { grid }) => return (RUNGS[number].solve)(grid),
            (Solver::Baseline, Puzzle::Domino { puzzle }) => {
                let used = puzzle.tiles.iter().fold(0, |used, tile| {
                    used | domino_textbook::tile_bit(tile.digits[0], tile.digits[1])
                });
                let givens = puzzle.given_grid();
                return domino_textbook::solve_within(&givens, used, rung0_textbook::CAP);
            }
            (Solver::Rung(_), Puzzle::Domino { .. }) => {
                unreachable!("the ladder is only given Sudoku puzzles")
            }
        };
        Outcome {
            solution,
            guesses: 0,
            capped: false,
        }
    }

    /// Checks `outcome`, this solver's answer to `timed`, and counts the guesses its
    /// search makes: all of them, and (for the Sudoku solutions) tdoku's way.
    fn inspect(self, timed: &TimedPuzzle, outcome: &Outcome) -> Result<Guesses> {
        let puzzle = &timed.puzzle;
        match outcome.solution {
            Some(answer) => {
                if let Some(fault) = completion_fault(&puzzle.givens(), &answer) {
                    bail!("wrong answer: {fault}");
                }
                if timed.expected.is_some_and(|expected| expected != answer) {
                    bail!("wrong answer: not the expected grid");
                }
            }
            None if outcome.capped => {}
            // The solver found none: the reference decides whether that is right.
            None if !reference_finds_completion(puzzle)? => {}
            None => bail!("no completion found, but there is one"),
        }
        let Solver::Solution(problem) = self else {
            return Ok(Guesses {
                all: outcome.guesses,
                tdoku: None,
            });
        };
        let mut counter = GuessCounter::default();
        // The answers were checked above; here only the guesses matter.
        let _ = (problem.solve_observed)(puzzle, &mut counter);
        Ok(Guesses {
            all: counter.guesses,
            // tdoku's count is told for Sudoku searches, which report their branch points.
            tdoku: problem.is_sudoku().then_some(counter.tdoku_guesses),
        })
    }
}

/// Whether the reference solvers find a completion of `puzzle` (for Su-domino-ku, a solved
/// grid), which share no code with the solutions. A Su-domino-ku puzzle the reference
/// cannot decide within its budget is an error.
fn reference_finds_completion(puzzle: &Puzzle) -> Result<bool> {
    match puzzle {
        Puzzle::Sudoku { grid } => Ok(count_completions(grid, 1) > 0),
        Puzzle::Domino { puzzle } => {
            let tiles = puzzle.tiles.iter().map(|tile| domino::Tile {
                digits: tile.digits,
                cells: tile.cells,
            });
            let reference_puzzle = domino::Puzzle {
                tiles: tiles.collect(),
                singles: puzzle.single_cells,
            };
            match reference_grids(&reference_puzzle, REFERENCE_BUDGET) {
                Grids::None => Ok(false),
                Grids::One(_) | Grids::Several(..) => Ok(true),
                Grids::Unknown => bail!(
                    "no completion found, and the reference could not decide within \
                     {REFERENCE_BUDGET} nodes whether there is one"
                ),
            }
        }
    }
}

/// The guesses one search made: all of them, and tdoku's way where it is told (see
/// [`GuessCounter`]).
#[derive(Clone, Copy, Debug)]
struct Guesses {
    all: u64,
    tdoku: Option<u64>,
}

/// What one puzzle cost one solver: its best round, and its guesses; and whether the
/// solver found a completion.
#[derive(Clone, Copy)]
struct Measurement {
    micros: f64,
    guesses: u64,
    tdoku_guesses: Option<u64>,
    capped: bool,
    solved: bool,
}

/// Each solver's measurements, puzzle by puzzle, over `rounds` rounds: each takes the
/// puzzles in order and solves each with every solver in turn. The first round also
/// checks every answer and counts the guesses, outside the timed region.
fn measure(
    solvers: &[Solver],
    puzzles: &[TimedPuzzle],
    rounds: usize,
) -> Result<Vec<Vec<Measurement>>> {
    let mut table: Vec<Vec<Measurement>> = vec![Vec::with_capacity(puzzles.len()); solvers.len()];
    for round in 0..rounds.max(1) {
        for (index, puzzle) in puzzles.iter().enumerate() {
            for (&solver, measurements) in solvers.iter().zip(&mut table) {
                let first = measurements.get(index);
                if first.is_some_and(|m| m.capped || m.guesses > TIMED_ONCE_ABOVE_GUESSES) {
                    continue;
                }
                let started = Instant::now();
                let timed = std::hint::black_box(&puzzle.puzzle);
                let outcome = std::hint::black_box(solver.solve(timed));
                let micros = started.elapsed().as_secs_f64() * 1e6;
                if round > 0 {
                    let best = &mut measurements[index].micros;
                    *best = best.min(micros);
                    continue;
                }
                let guesses = solver
                    .inspect(puzzle, &outcome)
                    .with_context(|| format!("{solver:?}, puzzle {}", index + 1))?;
                measurements.push(Measurement {
                    micros,
                    guesses: guesses.all,
                    tdoku_guesses: guesses.tdoku,
                    capped: outcome.capped,
                    solved: outcome.solution.is_some(),
                });
            }
        }
    }
    Ok(table)
}

/// One solver on one file: its label and file, the puzzles' best times, sorted (for the
/// plot), and the figures of its line.
struct Summary {
    solver: Solver,
    label: String,
    file: String,
    micros: Vec<f64>,
    statistics: Statistics,
    mean_guesses: f64,
}

/// Prints the lines of `solver` on one file (see the module's docs, steps 5 and 7) and
/// returns its summary.
fn summarise(solver: Solver, label: &str, file: &str, measurements: &[Measurement]) -> Summary {
    let mut micros: Vec<f64> = measurements.iter().map(|m| m.micros).collect();
    micros.sort_by(f64::total_cmp);
    let statistics = Statistics::of(&micros);
    let Statistics {
        mean,
        median,
        p99,
        max,
    } = statistics;
    let n = micros.len();
    let guesses = measurements.iter().map(|m| m.guesses).sum::<u64>() as f64 / n as f64;
    let capped = measurements.iter().filter(|m| m.capped).count();
    if let Solver::Rung(number) = solver {
        outln!(
            "bench rung={number} name={label} file={file} puzzles={n} mean_us={mean:.2} median_us={median:.2} max_us={max:.1} guesses={guesses:.1} capped={capped}"
        );
    } else {
        outln!(
            "bench problem={label} file={file} puzzles={n} mean_us={mean:.2} median_us={median:.2} p99_us={p99:.1} max_us={max:.1}"
        );
        let max_guesses = measurements.iter().map(|m| m.guesses).max().unwrap_or(0);
        let tdoku: Option<u64> = measurements.iter().map(|m| m.tdoku_guesses).sum();
        let tdoku = tdoku.map_or(String::new(), |sum| {
            format!(" tdoku_mean={:.1}", sum as f64 / n as f64)
        });
        outln!(
            "nodes problem={label} file={file} mean={guesses:.1} max={max_guesses}{tdoku} capped={capped}"
        );
    }
    let unsolved = measurements.iter().filter(|m| !m.solved && !m.capped);
    let without_completion = unsolved.count();
    if without_completion > 0 {
        eprintln!(
            "bench: {label} on {file}: no completion for {without_completion} of {n} puzzles, \
             as the reference solvers agree"
        );
    }
    Summary {
        solver,
        label: label.to_string(),
        file: file.to_string(),
        micros,
        statistics,
        mean_guesses: guesses,
    }
}

/// The figures of one solver's best times on one file.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Statistics {
    mean: f64,
    median: f64,
    /// The 99th percentile: the smallest time that at least 99% of puzzles stay within.
    p99: f64,
    max: f64,
}

impl Statistics {
    /// The figures of `sorted`, a non-empty ascending list.
    fn of(sorted: &[f64]) -> Statistics {
        let n = sorted.len();
        Statistics {
            mean: sorted.iter().sum::<f64>() / n as f64,
            // The middle time, or the mean of the two middle ones (the same one when `n` is
            // odd).
            median: (sorted[(n - 1) / 2] + sorted[n / 2]) / 2.0,
            p99: sorted[((n as f64 * 0.99).ceil() as usize).clamp(1, n) - 1],
            max: sorted[n - 1],
        }
    }
}

/// Runs `cargo xtask bench`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let groups = solvers(&arguments)?;
    if cfg!(debug_assertions) && std::env::var_os(OPTIMISED_RUN).is_none() {
        return run_optimised();
    }
    if arguments.process {
        return process::run(&arguments.files);
    }
    let files: Vec<PathBuf> = arguments.files.iter().map(PathBuf::from).collect();
    let (rounds, relabel, seed) = (arguments.rounds as usize, arguments.relabel, arguments.seed);
    let isomorphs = match relabel {
        0 => String::new(),
        k => format!(", {k} isomorphs of each from seed {seed}"),
    };
    eprintln!("bench: each puzzle's best of {rounds} rounds{isomorphs}");

    let mut summaries = Vec::new();
    for group in groups {
        if group.solvers.is_empty() {
            continue;
        }
        let files = if files.is_empty() {
            group.kind.default_files()
        } else {
            files.clone()
        };
        for path in files {
            let puzzles = read_puzzles(group.kind, &path, relabel, seed)?;
            // The output lines name a file by the last part of its path.
            let file = path
                .file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy();
            let table = measure(&group.solvers, &puzzles, rounds)
                .with_context(|| format!("timing {}", path.display()))?;
            for (&solver, measurements) in group.solvers.iter().zip(table) {
                let label = solver.label(group.kind);
                summaries.push(summarise(solver, &label, &file, &measurements));
            }
        }
    }
    if let Some(svg) = arguments.svg {
        let ladder = if arguments.ladder { " --ladder" } else { "" };
        draw_svg(&svg, &summaries, &format!("cargo xtask bench{ladder}"))
            .with_context(|| format!("drawing {}", svg.display()))?;
        outln!("wrote {}", svg.display());
    }
    if let Some(path) = arguments.write {
        write_ladder_table(&path, &ladder_table(&summaries))?;
        outln!("wrote the ladder's table into {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The ladder's figures as a markdown table: a row per rung (number and name), and per
/// file two columns, the mean guesses and the mean time of a puzzle.
fn ladder_table(summaries: &[Summary]) -> String {
    let mut files: Vec<&str> = Vec::new();
    let mut rungs: Vec<(usize, &str)> = Vec::new();
    for summary in summaries {
        if let Solver::Rung(number) = summary.solver {
            if !files.contains(&summary.file.as_str()) {
                files.push(&summary.file);
            }
            if !rungs.iter().any(|&(rung, _)| rung == number) {
                rungs.push((number, &summary.label));
            }
        }
    }
    let mut header = "| rung | name |".to_string();
    let mut rule = "|---:|---|".to_string();
    for file in &files {
        header.push_str(&format!(" {file} guesses | {file} µs |"));
        rule.push_str("---:|---:|");
    }
    let mut lines = vec![header, rule];
    for (number, name) in rungs {
        let mut line = format!("| {number} | {name} |");
        for file in &files {
            let found = summaries
                .iter()
                .find(|summary| summary.solver == Solver::Rung(number) && summary.file == *file);
            match found {
                Some(summary) => line.push_str(&format!(
                    " {:.1} | {:.2} |",
                    summary.mean_guesses, summary.statistics.mean
                )),
                None => line.push_str(" | |"),
            }
        }
        lines.push(line);
    }
    lines.join("\n") + "\n"
}

/// Puts `table` into the file at `path`, in place of whatever lies between its lines
/// [`LADDER_BEGIN`] and [`LADDER_END`], which stay; a file without them, or with them in
/// the wrong order, is an error that says so and is left as it was.
fn write_ladder_table(path: &Path, table: &str) -> Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let shown = path.display();
    let Some(begin) = text.find(LADDER_BEGIN) else {
        bail!("{shown} has no line {LADDER_BEGIN}: --write puts the table between it and {LADDER_END}");
    };
    let after_begin = begin + LADDER_BEGIN.len();
    let Some(end) = text[after_begin..].find(LADDER_END) else {
        bail!("{shown} has no line {LADDER_END} after {LADDER_BEGIN}: --write puts the table between them");
    };
    let end = after_begin + end;
    let rewritten = format!("{}\n{table}{}", &text[..after_begin], &text[end..]);
    std::fs::write(path, rewritten).with_context(|| format!("writing {shown}"))
}

/// The solvers to compare, on Sudoku files and on Su-domino-ku files.
fn solvers(arguments: &Arguments) -> Result<[SolverGroup; 2]> {
    if arguments.ladder {
        // Every rung of the ladder, as `common::ladder::RUNGS` lists them.
        let rungs = RUNGS.iter().map(|rung| Solver::Rung(rung.number)).collect();
        return Ok([
            SolverGroup {
                kind: PuzzleKind::Sudoku,
                solvers: rungs,
            },
            SolverGroup {
                kind: PuzzleKind::Domino,
                solvers: Vec::new(),
            },
        ]);
    }
    // Without --problem: every solution, but files named on the command line are Sudoku.
    let problems = match &arguments.problem {
        Some(name) => vec![KnownProblem::named(name, "bench")?],
        None if arguments.files.is_empty() => KnownProblem::ALL.to_vec(),
        None => KnownProblem::ALL
            .into_iter()
            .filter(KnownProblem::is_sudoku)
            .collect(),
    };
    let group = |kind: PuzzleKind| {
        let of_this_kind = problems
            .iter()
            .filter(|problem| PuzzleKind::of(problem) == kind);
        let mut solvers: Vec<Solver> = of_this_kind
            .map(|&problem| Solver::Solution(problem))
            .collect();
        if arguments.baseline && !solvers.is_empty() {
            solvers.push(Solver::Baseline);
        }
        SolverGroup { kind, solvers }
    };
    Ok([group(PuzzleKind::Sudoku), group(PuzzleKind::Domino)])
}

/// Runs this subcommand again from an optimised build (timing a debug build says nothing),
/// in the caller's folder, so that files are read, and the plot written, where meant.
fn run_optimised() -> Result<ExitCode> {
    let status = Command::new(cargo())
        .args(["run", "--quiet", "--release", "--package", "xtask"])
        .arg("--manifest-path")
        .arg(project_root().join("Cargo.toml"))
        .arg("--")
        .args(std::env::args_os().skip(1))
        .env(OPTIMISED_RUN, "1")
        .status()
        .context("running `cargo run --release --package xtask -- bench`")?;
    // Its exit code is ours: 2 for a mistake on the command line, 1 for a failure.
    Ok(ExitCode::from(status.code().map_or(1, |code| code as u8)))
}

/// Reads the puzzles of `path`: Sudoku grids, one per line (with `relabel` isomorphs
/// from `seed` in place of each), or else Su-domino-ku puzzles in the judge's format.
fn read_puzzles(
    kind: PuzzleKind,
    path: &Path,
    relabel: u32,
    seed: u64,
) -> Result<Vec<TimedPuzzle>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let puzzles: Vec<TimedPuzzle> = match kind {
        PuzzleKind::Sudoku => {
            let grids = parse_puzzle_lines(&text)
                .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
            let grids = relabelled(grids, relabel, seed);
            let timed = |grid| TimedPuzzle {
                puzzle: Puzzle::Sudoku { grid },
                expected: None,
            };
            grids.into_iter().map(timed).collect()
        }
        PuzzleKind::Domino => {
            if relabel > 0 {
                bail!("--relabel applies to Sudoku puzzles only");
            }
            // A judge answer beside the input (`x.in` and `x.out`) gives the expected grids.
            let answer = std::fs::read_to_string(path.with_extension("out")).unwrap_or_default();
            let expected = expected_grids(&answer);
            let mut puzzles = Vec::new();
            InputFormat::DominoPuzzles
                .read_each(text.as_bytes(), |puzzle| {
                    let expected = expected.get(puzzles.len()).copied();
                    puzzles.push(TimedPuzzle { puzzle, expected });
                    Ok(())
                })
                .with_context(|| path.display().to_string())?;
            puzzles
        }
    };
    if puzzles.is_empty() {
        bail!("{} holds no puzzles", path.display());
    }
    Ok(puzzles)
}

/// `grids` itself, or `relabel` passes over it, each giving every grid a random symmetry
/// drawn from `seed`: a grid's isomorphs lie a whole file apart.
fn relabelled(grids: Vec<Grid>, relabel: u32, seed: u64) -> Vec<Grid> {
    if relabel == 0 {
        return grids;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut isomorph = |grid: &Grid| Symmetry::random(&mut rng).apply(grid);
    (0..relabel)
        .flat_map(|_| grids.iter().map(&mut isomorph).collect::<Vec<_>>())
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

/// Draws every summary's sorted per-puzzle times as a line, one colour each: puzzle
/// percentile across, microseconds up on a log scale.
fn draw_svg(path: &Path, summaries: &[Summary], command: &str) -> Result<()> {
    use plotters::prelude::*;

    let times = summaries
        .iter()
        .flat_map(|summary| &summary.micros)
        .copied();
    let highest = times.clone().fold(1.0, f64::max);
    let lowest = times.fold(highest, f64::min).max(0.01);
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Time per puzzle, sorted ({command}; a capped run stops at its cap)"),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..100f64, (lowest / 2.0..highest * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("puzzles, fastest to slowest (%)")
        .y_desc("microseconds (log scale)")
        .draw()?;
    for (index, summary) in summaries.iter().enumerate() {
        let style = ShapeStyle::from(Palette99::pick(index).to_rgba()).stroke_width(2);
        let n = summary.micros.len();
        let percentile = move |rank: usize| 100.0 * (rank as f64 + 0.5) / n as f64;
        let points = summary.micros.iter().enumerate();
        let points = points.map(move |(rank, &micros)| (percentile(rank), micros));
        chart
            .draw_series(LineSeries::new(points, style))?
            .label(format!("{} {}", summary.label, summary.file))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_of_a_small_list() {
        let times: Vec<f64> = (1..=100).map(f64::from).collect();
        let figures = |mean, median, p99, max| Statistics {
            mean,
            median,
            p99,
            max,
        };
        assert_eq!(Statistics::of(&times), figures(50.5, 50.5, 99.0, 100.0));
        assert_eq!(Statistics::of(&[3.0]), figures(3.0, 3.0, 3.0, 3.0));
        assert_eq!(
            Statistics::of(&[1.0, 2.0, 6.0]),
            figures(3.0, 2.0, 6.0, 6.0)
        );
    }

    /// `grid` to time, with no expected grid.
    fn timed(grid: Grid) -> TimedPuzzle {
        TimedPuzzle {
            puzzle: Puzzle::Sudoku { grid },
            expected: None,
        }
    }

    /// The first `n` puzzles of magictour_top1465.
    fn some_puzzles(n: usize) -> Vec<Grid> {
        let mut grids = xtask::problems::data::load(xtask::problems::data::UNIQUE_SETS[1]).unwrap();
        grids.truncate(n);
        grids
    }

    #[test]
    fn every_solver_is_timed_and_counted_on_every_puzzle() {
        let puzzles: Vec<TimedPuzzle> = some_puzzles(4).into_iter().map(timed).collect();
        let solvers = [
            Solver::Solution(KnownProblem::P2239),
            Solver::Solution(KnownProblem::P2580),
            Solver::Baseline,
            Solver::Rung(1),
            Solver::Rung(4),
        ];
        let table = measure(&solvers, &puzzles, 3).unwrap();
        for (solver, measurements) in solvers.iter().zip(&table) {
            assert_eq!(measurements.len(), 4, "{solver:?}");
            for m in measurements {
                assert!(m.micros > 0.0 && m.micros.is_finite(), "{solver:?}");
                assert!(m.guesses > 0 || !m.capped, "{solver:?}");
                match m.tdoku_guesses {
                    Some(tdoku) => assert!(tdoku <= m.guesses, "{solver:?}"),
                    None => assert!(matches!(solver, Solver::Baseline | Solver::Rung(_))),
                }
            }
        }
    }

    #[test]
    fn a_wrong_answer_or_a_missed_completion_is_an_error() {
        let grid = some_puzzles(1)[0];
        let puzzle = timed(grid);
        let mut wrong = p2580::solve(&grid).unwrap();
        let open = (0..81).find(|&cell| grid[cell] == 0).unwrap();
        wrong[open] = wrong[open] % 9 + 1;
        let answers = [(Some(wrong), "wrong answer"), (None, "no completion")];
        for (solution, message) in answers {
            let outcome = Outcome {
                solution,
                guesses: 0,
                capped: false,
            };
            let error = Solver::Solution(KnownProblem::P2580)
                .inspect(&puzzle, &outcome)
                .unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
        // No answer is right for a grid that has no completion: here, a digit twice in a row.
        let row = open / 9;
        let mut clash = grid;
        clash[open] = *grid[row * 9..row * 9 + 9]
            .iter()
            .find(|&&d| d != 0)
            .unwrap();
        let none = Outcome {
            solution: None,
            guesses: 0,
            capped: false,
        };
        Solver::Solution(KnownProblem::P2580)
            .inspect(&timed(clash), &none)
            .unwrap();
    }

    #[test]
    fn relabelling_passes_the_file_once_per_isomorph_from_the_seed() {
        let grids = some_puzzles(3);
        assert_eq!(relabelled(grids.clone(), 0, 1), grids);
        let isomorphs = relabelled(grids.clone(), 2, 1);
        assert_eq!(isomorphs.len(), 6);
        assert_eq!(isomorphs, relabelled(grids.clone(), 2, 1));
        assert_ne!(isomorphs, relabelled(grids.clone(), 2, 2));
        for (index, isomorph) in isomorphs.iter().enumerate() {
            let original = &grids[index % 3];
            let givens = |grid: &Grid| grid.iter().filter(|&&digit| digit != 0).count();
            assert_eq!(givens(isomorph), givens(original));
            assert_ne!(isomorph, original);
        }
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
