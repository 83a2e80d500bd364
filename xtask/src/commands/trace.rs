//! The `trace` subcommand: watch a solution reason, step by step.
//!
//! `cargo xtask trace <PROBLEM> [--rung K] [--limit N] [--html FILE] < input`
//!
//! Records the problem's own solver on one input ([`xtask::trace`]) and prints each step
//! as a line: its number, how many cells the current line of reasoning has decided, and
//! what happened and why. At most `--limit` steps are printed (200 by default); the counts
//! and the summary cover every step. With `--html FILE` it writes the page that replays
//! the same steps on the grid instead ([`xtask::trace::page`]), keeping up to `--limit`
//! steps per puzzle (100,000 by default). With `--rung K` it traces rung K of the ladder
//! ([`common::ladder`]) on the problem's grid instead of the problem's own solution, so the
//! same puzzle can be watched from plain backtracking (rung 0) to the board (the top rung).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use xtask::problems::KnownProblem;
use xtask::trace::{record, write_text, Searcher};

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
    /// Write a self-contained HTML page that replays the steps on the grid to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<std::path::PathBuf>,
    /// Trace rung K of the ladder (common::ladder, 0 to 12) on the problem's grid instead
    /// of the problem's own solution (p2239 and p2580).
    #[arg(long, value_name = "K")]
    rung: Option<usize>,
}

/// Steps printed when `--limit` is not given.
const DEFAULT_TEXT_LIMIT: u64 = 200;

/// Steps per puzzle kept on a page when `--limit` is not given: every step of the
/// hardest puzzles in `data/` (about 30,000), while bounding the page's size.
const DEFAULT_PAGE_LIMIT: u64 = 100_000;

/// Runs `cargo xtask trace`, reading the input from standard input.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    // The name first: a name it does not know is refused before it waits for any input.
    let problem = KnownProblem::named(&arguments.problem, "trace")?;
    let searcher = match arguments.rung {
        Some(number) => Searcher::Rung { number },
        None => Searcher::Solution,
    };
    searcher.check(problem)?;
    let page_limit = arguments.html.is_some().then_some(DEFAULT_PAGE_LIMIT);
    let limit = arguments.limit.or(page_limit).unwrap_or(DEFAULT_TEXT_LIMIT);
    let input = std::io::read_to_string(std::io::stdin()).context("reading standard input")?;
    let mut all_solved = true;
    let mut traces = Vec::new();
    let mut out = std::io::stdout().lock();
    record(problem, searcher, &input, limit, |trace| {
        all_solved &= trace.answer.is_some();
        if arguments.html.is_some() {
            writeln!(out, "{}\n{}", trace.title, trace.summary)?;
            traces.push(trace);
        } else {
            writeln!(out, "trace {}", trace.title)?;
            write_text(&mut out, &trace)?;
        }
        Ok(())
    })?;
    if let Some(path) = &arguments.html {
        let page = xtask::trace::page::page(problem, &traces);
        std::fs::write(path, &page).with_context(|| format!("writing {}", path.display()))?;
        let steps: usize = traces.iter().map(|trace| trace.events.len()).sum();
        let (path, bytes) = (path.display(), page.len());
        writeln!(out, "wrote {path}: {bytes} bytes, {steps} events")?;
    }
    Ok(if all_solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
