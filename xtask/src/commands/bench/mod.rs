//! The `bench` subcommand: times the solutions' libraries on puzzle files, fairly.
//!
//! `cargo xtask bench [--problem PROBLEM] [--baseline] [OPTIONS] [FILE...]`, or
//! `cargo xtask bench --ladder [OPTIONS] [FILE...]`
//!
//! Everything it knows of a problem comes from its entry in the table of problems
//! ([`KnownProblem`]) and the entry's [`Family`]: its solver and observed solver, the
//! puzzle files it is timed on and how they are read, and the family's baseline.
//!
//! 1. Runs optimised: started from a debug build (as `cargo xtask` is), it runs itself
//!    again through `cargo run --release` in the same folder, so that file names and
//!    `--svg` mean what they meant to the user.
//! 2. Groups the solutions by family: the solutions of one family are compared on the
//!    same puzzles. Reads each group's files as the family reads them
//!    ([`Family::read_bench_file`]: for Sudoku one puzzle per line, 81 characters, `.` or
//!    `0` for blanks, anything after a `:` ignored; for Su-domino-ku a judge input, timed
//!    puzzle by puzzle). Without files: the family's default sets
//!    ([`Family::bench_sets`]). Files named without `--problem` are timed by every family
//!    that reads them. `--relabel K` puts `K` random isomorphs of each Sudoku puzzle in
//!    its place ([`Symmetry`], drawn from `--seed`; the file is passed once per isomorph),
//!    so that no solver's luck with one orientation of a puzzle decides anything.
//! 3. Times fairly. A puzzle solved twice in a row runs faster the second time (the branch
//!    predictor has seen it), and a shared machine is noisy. So the timing goes in rounds
//!    over the whole file (`--rounds`, default 5), each solving each puzzle once with each
//!    solver compared (A B A B), and a puzzle's time is its best round. A run that hit its
//!    cap or made over 20,000 guesses is timed in the first round only.
//! 4. Checks every answer in the first round, outside the timed region, with the
//!    reference solvers ([`Puzzle::why_not_solved_by`]: a valid completion keeping every
//!    given; for Su-domino-ku, one that the dominoes spell), or, when the solver finds none, the
//!    reference's word that there is none; such puzzles are counted on standard error. It
//!    counts the search's guesses with a [`Recorder`], also as tdoku's published
//!    benchmark counts them (every way tried at a branch point but the last, which is
//!    forced) where the family is plain Sudoku.
//! 5. Prints two lines per solver and file, in a fixed form that scripts can compare:
//!    `bench problem=p1000 file=forum_hardest_1106.txt puzzles=375 mean_us=41.20
//!    median_us=30.10 p99_us=210.0 max_us=290.3` (over the puzzles' best rounds), then
//!    `nodes problem=p1000 file=… mean=248.1 max=1800 tdoku_mean=190.2 capped=0`.
//! 6. `--baseline` times the family's textbook method beside the solutions, with a cap
//!    ([`Family::baseline`]: for Sudoku, `problem=baseline`, rung 0 of
//!    [`common::ladder`]; for Su-domino-ku, `baseline-su-domino-ku`).
//! 7. `--ladder` times every rung of [`common::ladder`] instead, on Sudoku files (by
//!    default the Sudoku sets in `data/`), one line per rung and file: `bench rung=0
//!    name=textbook file=… puzzles=P mean_us=.. median_us=.. max_us=.. guesses=..
//!    capped=C` (guesses: placements tried, mean per puzzle; capped: puzzles that hit the
//!    rung's cap, which only rung 0 has). `--write FILE` also writes the ladder as a
//!    markdown table (rung, name, and per file the mean guesses and mean time) into FILE,
//!    between the lines `<!-- bench-ladder:begin -->` and `<!-- bench-ladder:end -->`.
//! 8. `--svg FILE` draws the per-puzzle times, sorted, on a log scale; `--process` times
//!    whole processes instead ([`crate::commands::bench::process`]).
//!
//! [`Family`]: xtask::problems::Family
//! [`Family::read_bench_file`]: xtask::problems::Family::read_bench_file
//! [`Family::bench_sets`]: xtask::problems::Family::bench_sets
//! [`Family::baseline`]: xtask::problems::Family::baseline
//! [`Puzzle::why_not_solved_by`]: xtask::problems::Puzzle::why_not_solved_by
//! [`Recorder`]: xtask::trace::Recorder
//! [`Symmetry`]: xtask::reference::generate::Symmetry

mod measure;
pub mod process;
mod report;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use common::ladder::RUNGS;
use rand::SeedableRng;
use xtask::problems::workspace::cargo;
use xtask::problems::{sudoku, Family, KnownProblem, Puzzle};
use xtask::project_root;
use xtask::reference::generate::Symmetry;

use measure::{measure, Solver};
use report::{draw_svg, ladder_table, summarise, write_ladder_table, Summary};

/// Time the solutions on puzzle files, fairly, or each binary as a whole process.
///
/// By default the libraries are timed in-process on the sets in data/, each puzzle once
/// per round over the whole file, and each puzzle counts its best round.
#[derive(clap::Args)]
pub struct Arguments {
    /// Time only this problem.
    #[arg(long, value_name = "PROBLEM")]
    problem: Option<String>,
    /// Time the textbook method of each family too (plain row-major backtracking).
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

/// Set in the environment of the optimised run, so that it never starts another.
const OPTIMISED_RUN: &str = "XTASK_BENCH_OPTIMISED";

/// The solvers compared on the same puzzles: those of one family.
struct SolverGroup {
    /// The family whose puzzle files they are timed on.
    family: &'static Family,
    /// The solvers.
    solvers: Vec<Solver>,
}

/// Runs `cargo xtask bench`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let groups = solver_groups(&arguments)?;
    if cfg!(debug_assertions) && std::env::var_os(OPTIMISED_RUN).is_none() {
        return run_optimised();
    }
    if arguments.process {
        return process::run(&arguments.files);
    }
    let (rounds, relabel, seed) = (arguments.rounds as usize, arguments.relabel, arguments.seed);
    let isomorphs = match relabel {
        0 => String::new(),
        k => format!(", {k} isomorphs of each from seed {seed}"),
    };
    eprintln!("bench: each puzzle's best of {rounds} rounds{isomorphs}");

    let summaries = time_every_group(&arguments, &groups)?;
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

/// Times each group on its files (those named, or its family's sets), printing the lines
/// of each solver and file, and returns their summaries. A file named on the command line
/// without `--problem` is timed by every group whose family reads it; one that none reads
/// is an error.
fn time_every_group(arguments: &Arguments, groups: &[SolverGroup]) -> Result<Vec<Summary>> {
    let named: Vec<PathBuf> = arguments.files.iter().map(PathBuf::from).collect();
    let any_family_may_read = !named.is_empty() && arguments.problem.is_none();
    let mut summaries = Vec::new();
    let (mut timed, mut refusals): (Vec<PathBuf>, Vec<(PathBuf, String)>) = Default::default();
    for group in groups.iter().filter(|group| !group.solvers.is_empty()) {
        let files = match named.is_empty() {
            true => group
                .family
                .bench_sets
                .iter()
                .map(|set| project_root().join(set))
                .collect(),
            false => named.clone(),
        };
        for path in files {
            let puzzles = match read_puzzles(group.family, &path, arguments) {
                Ok(puzzles) => puzzles,
                Err(error) if any_family_may_read => {
                    refusals.push((path, format!("{error:#}")));
                    continue;
                }
                Err(error) => return Err(error),
            };
            // The output lines name a file by the last part of its path.
            let file = path
                .file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy();
            let table = measure(&group.solvers, &puzzles, arguments.rounds as usize)
                .with_context(|| format!("timing {}", path.display()))?;
            for (&solver, measurements) in group.solvers.iter().zip(table) {
                summaries.push(summarise(solver, &file, &measurements));
            }
            timed.push(path);
        }
    }
    if let Some(path) = named.iter().find(|path| !timed.contains(path)) {
        let why = refusals.iter().filter(|(refused, _)| refused == path);
        let why: Vec<&str> = why.map(|(_, error)| error.as_str()).collect();
        bail!(
            "no family of puzzles reads {}: {}",
            path.display(),
            why.join("; ")
        );
    }
    Ok(summaries)
}

/// The solvers to compare, a group per family: every rung of the ladder on Sudoku
/// (`--ladder`), or the solutions (of one problem, with `--problem`), each family's with
/// its baseline after them (`--baseline`).
fn solver_groups(arguments: &Arguments) -> Result<Vec<SolverGroup>> {
    if arguments.ladder {
        // Every rung of the ladder, as `common::ladder::RUNGS` lists them.
        let rungs = RUNGS.iter().map(|rung| Solver::Rung(rung.number)).collect();
        return Ok(vec![SolverGroup {
            family: &sudoku::FAMILY,
            solvers: rungs,
        }]);
    }
    let problems = match &arguments.problem {
        Some(name) => vec![KnownProblem::named(name, "bench")?],
        None => KnownProblem::ALL.to_vec(),
    };
    let mut groups: Vec<SolverGroup> = Vec::new();
    for problem in problems {
        let solver = Solver::Solution(problem);
        match groups
            .iter_mut()
            .find(|group| group.family.name == problem.family.name)
        {
            Some(group) => group.solvers.push(solver),
            None => groups.push(SolverGroup {
                family: problem.family,
                solvers: vec![solver],
            }),
        }
    }
    if arguments.baseline {
        for group in &mut groups {
            group.solvers.push(Solver::Baseline(group.family.baseline));
        }
    }
    Ok(groups)
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

/// Reads the puzzles of `path` as `family` reads them, with `--relabel` isomorphs from
/// `--seed` in place of each.
fn read_puzzles(family: &Family, path: &Path, arguments: &Arguments) -> Result<Vec<Puzzle>> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {shown}"))?;
    let puzzles = (family.read_bench_file)(&text).with_context(|| shown.to_string())?;
    if puzzles.is_empty() {
        bail!("{shown} holds no puzzles");
    }
    relabelled(puzzles, arguments.relabel, arguments.seed).with_context(|| {
        format!(
            "{shown}: --relabel does not apply to {} puzzles",
            family.name
        )
    })
}

/// `puzzles` themselves, or `relabel` passes over them, each giving every puzzle a random
/// symmetry drawn from `seed`: a puzzle's isomorphs lie a whole file apart. `None` for a
/// kind of puzzle that has no isomorphs.
fn relabelled(puzzles: Vec<Puzzle>, relabel: u32, seed: u64) -> Option<Vec<Puzzle>> {
    if relabel == 0 {
        return Some(puzzles);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut isomorph = |puzzle: &Puzzle| puzzle.isomorph(&Symmetry::random(&mut rng));
    (0..relabel)
        .flat_map(|_| puzzles.iter().map(&mut isomorph).collect::<Vec<_>>())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabelling_passes_the_file_once_per_isomorph_from_the_seed() {
        let set = xtask::problems::data::UNIQUE_SETS[1];
        let grids = xtask::problems::data::load_puzzles(set).unwrap();
        let puzzles: Vec<Puzzle> = grids[..3]
            .iter()
            .map(|&grid| Puzzle::Sudoku { grid })
            .collect();
        assert_eq!(relabelled(puzzles.clone(), 0, 1), Some(puzzles.clone()));
        let isomorphs = relabelled(puzzles.clone(), 2, 1).unwrap();
        assert_eq!(isomorphs.len(), 6);
        assert_eq!(Some(isomorphs.clone()), relabelled(puzzles.clone(), 2, 1));
        assert_ne!(Some(isomorphs.clone()), relabelled(puzzles.clone(), 2, 2));
        for (index, isomorph) in isomorphs.iter().enumerate() {
            let original = &puzzles[index % 3];
            let givens = |puzzle: &Puzzle| puzzle.givens().iter().filter(|&&d| d != 0).count();
            assert_eq!(givens(isomorph), givens(original));
            assert_ne!(isomorph, original);
        }
    }

    #[test]
    fn the_solutions_of_a_family_are_timed_together_with_its_baseline_last() {
        let arguments = |words: &[&str]| {
            use clap::Parser;
            let words = ["cargo xtask", "bench"].iter().chain(words);
            match crate::Cli::try_parse_from(words).unwrap().command {
                crate::Subcommands::Bench(arguments) => arguments,
                _ => unreachable!("the subcommand is `bench`"),
            }
        };
        let groups = solver_groups(&arguments(&["--baseline"])).unwrap();
        let solutions: usize = groups.iter().map(|group| group.solvers.len() - 1).sum();
        assert_eq!(solutions, KnownProblem::ALL.len());
        for group in &groups {
            let (last, solutions) = group.solvers.split_last().unwrap();
            assert!(matches!(last, Solver::Baseline(_)));
            for solver in solutions {
                let Solver::Solution(problem) = solver else {
                    panic!("a solution before the baseline")
                };
                assert_eq!(problem.family.name, group.family.name);
            }
        }
        let ladder = solver_groups(&arguments(&["--ladder"])).unwrap();
        assert_eq!(ladder.len(), 1);
        assert_eq!(ladder[0].solvers.len(), RUNGS.len());
    }
}
