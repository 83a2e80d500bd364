//! The `trace` subcommand: watch a solution reason, step by step.
//!
//! `cargo xtask trace <PROBLEM> [--rung K] [--limit N] [--html FILE] [--puzzle SET:N] < input`
//!
//! Records the problem's own solver on one input, read from standard input a line at a
//! time as the solution reads it (or puzzle N of `data/SET.txt` with `--puzzle`)
//! ([`xtask::problems::recording`], which reports to the recorder of [`xtask::trace`]),
//! and prints each step as a line: its number, how many cells the current line of
//! reasoning has decided, and what happened and why. The first line, its title, names
//! the puzzle (`SET:N`, or its place in the input) and the searcher. At most `--limit`
//! steps are printed (200 by default); the counts and the summary cover every step. With
//! `--html FILE` it writes the page that replays the same steps on the grid instead
//! ([`xtask::trace::page`]), keeping up to `--limit` steps per puzzle (100,000 by
//! default); `--html -` writes the page to standard output. With `--rung K` it traces
//! rung K of the ladder ([`common::ladder`]) on the problem's grid instead of the
//! problem's own solution, so the same puzzle can be watched from plain backtracking (rung
//! 0) to the board (the top rung).
//!
//! It exits with status 1 when a puzzle has no completion, as the solutions do, and 0
//! otherwise: a rung that stops at its cap (rung 0's 2,000,000 guesses) says so in its
//! summary, and that is the trace's answer, not a failure.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::builder::RangedU64ValueParser;
use common::ladder::RUNGS;
use xtask::problems::recording::{record, Searcher};
use xtask::problems::KnownProblem;
use xtask::trace::{write_text, PuzzleTrace};

/// Print the solver's reasoning on one input, read from standard input.
///
/// Each placement and why, each guess, contradiction and step back; or, with `--html`,
/// a page that replays them on the grid.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem whose solver to trace.
    problem: String,
    /// The most steps to print [default: 200], or to keep per puzzle on the page
    /// [default: 100000]; the summary counts every step.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Write a self-contained HTML page that replays the steps on the grid to FILE (`-`:
    /// to standard output, and nothing else there).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    // The ladder's rungs are counted from `RUNGS`, so the help and the check never drift.
    #[arg(long, value_name = "K", help = rung_help(), value_parser = rung_parser())]
    rung: Option<usize>,
    /// Trace puzzle N (from 1) of the set `data/SET.txt` instead of reading standard
    /// input, as `magictour_top1465:1`.
    #[arg(long, value_name = "SET:N", value_parser = puzzle_parser)]
    puzzle: Option<(String, usize)>,
}

/// Reads `SET:N`: a set's name and a puzzle's number in it, from 1.
fn puzzle_parser(text: &str) -> Result<(String, usize), String> {
    let (set, number) = text
        .rsplit_once(':')
        .ok_or("expected SET:N, as magictour_top1465:1")?;
    let number: usize = number
        .parse()
        .map_err(|_| format!("`{number}` is no puzzle number"))?;
    Ok((set.to_string(), number))
}

/// The help of `--rung`, with the ladder's rungs as `common::ladder::RUNGS` lists them.
fn rung_help() -> String {
    format!(
        "Trace rung K of the ladder (common::ladder, 0 to {}) on the problem's grid instead \
         of the problem's own solution (plain Sudoku only)",
        RUNGS.len() - 1
    )
}

/// Accepts the numbers of the ladder's rungs, `0..RUNGS.len()`, and nothing else.
fn rung_parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(0..RUNGS.len() as u64)
}

/// Steps printed when `--limit` is not given.
const DEFAULT_TEXT_LIMIT: u64 = 200;

/// Steps per puzzle kept on a page when `--limit` is not given: every step of the
/// hardest puzzles in `data/` (about 30,000), while bounding the page's size. A step
/// costs about 100 bytes: rung 0 on the first puzzle of `forum_hardest_1106.txt`, cut at
/// 100,000 steps, makes a page of 10.1 MB (`cargo xtask trace PROBLEM --rung 0 --html - <
/// hard.in | wc -c`, for the Sudoku problem that reads spaced rows, with `hard.in` made
/// as the README shows).
const DEFAULT_PAGE_LIMIT: u64 = 100_000;

/// Runs `cargo xtask trace`, reading the input from standard input.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    // The name first: a name it does not know is refused before it waits for any input.
    let problem = KnownProblem::named(&arguments.problem, "trace")?;
    let searcher = match arguments.rung {
        Some(number) => Searcher::Rung { number },
        None => Searcher::Solution,
    };
    searcher.ensure_it_searches(problem)?;
    let page_limit = arguments.html.is_some().then_some(DEFAULT_PAGE_LIMIT);
    let limit = arguments.limit.or(page_limit).unwrap_or(DEFAULT_TEXT_LIMIT);
    let mut any_without_completion = false;
    let mut traces = Vec::new();
    let mut out = std::io::stdout().lock();
    let named_puzzle = match &arguments.puzzle {
        Some((set, number)) => Some(xtask::problems::data::puzzle_input(&problem, set, *number)?),
        None => None,
    };
    let input: Box<dyn std::io::BufRead> = match &named_puzzle {
        Some(text) => Box::new(text.as_bytes()),
        None => Box::new(std::io::stdin().lock()),
    };
    let set_name = arguments
        .puzzle
        .as_ref()
        .map(|(set, number)| format!("{set}:{number}"));
    record(
        problem,
        searcher,
        input,
        limit,
        set_name.as_deref(),
        |trace| {
            any_without_completion |= trace.no_completion;
            match arguments.html {
                Some(_) => traces.push(trace),
                None => {
                    writeln!(out, "trace {}", trace.title)?;
                    write_text(&mut out, &trace)?;
                }
            }
            Ok(())
        },
    )?;
    if let Some(path) = &arguments.html {
        write_page(&mut out, path, problem, &traces)?;
    }
    Ok(if any_without_completion {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes the page of `traces` to the file `path`, then each puzzle's title and summary
/// and what was written to `out`; or, when `path` is `-`, the page alone to `out`, as
/// `bundle -o -` writes its source.
fn write_page(
    out: &mut impl Write,
    path: &std::path::Path,
    problem: KnownProblem,
    traces: &[PuzzleTrace],
) -> Result<()> {
    let page = xtask::trace::page::page(&format!("Trace of {problem}"), traces);
    if path.as_os_str() == "-" {
        out.write_all(page.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    std::fs::write(path, &page).with_context(|| format!("writing {}", path.display()))?;
    for trace in traces {
        writeln!(out, "{}\n{}", trace.title, trace.summary)?;
    }
    let steps: usize = traces.iter().map(|trace| trace.events.len()).sum();
    let (path, bytes) = (path.display(), page.len());
    writeln!(out, "wrote {path}: {bytes} bytes, {steps} events")?;
    Ok(())
}
