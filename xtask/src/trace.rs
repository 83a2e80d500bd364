//! The `trace` subcommand: watch a solution reason, step by step.
//!
//! `cargo xtask trace <PROBLEM> [--limit N] < input`
//!
//! Reads one input the way the problem's binary does and runs the problem's own solver
//! with a [`Tracer`] as its observer: the very search code the judge runs, reporting each
//! placement and why (given, naked single, hidden single in which unit, guess), each
//! contradiction and each guess taken back. Every line carries the step number and how
//! many cells the current line of reasoning has decided. At most `--limit` lines of steps
//! are printed (200 by default); the counts and the summary cover every step.

use std::io::Read;

use anyhow::{Context, Result};
use common::observe::{Conflict, Reason, SearchObserver};
use common::unit_name;

use crate::Success;

/// Print the solver's reasoning on one input, read from standard input.
///
/// Each placement and why, each guess, contradiction and step back.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem whose solver to trace.
    problem: String,
    /// The most step lines to print (the summary counts every step).
    #[arg(long, value_name = "N", default_value_t = 200)]
    limit: u64,
}

/// An observer that prints a search as it happens, and counts what it saw.
pub struct Tracer {
    /// How a cell is named: `r3c5` for Sudoku, `C5` for Su-domino-ku.
    cell_name: fn(usize) -> String,
    /// The most step lines to print.
    limit: u64,
    /// Step lines so far, printed or not.
    steps: u64,
    /// The cells decided on the current line of reasoning (bit `c` for cell `c`).
    decided: u128,
    /// `decided` when each open guess was made, to restore when it is taken back.
    open_guesses: Vec<(u64, u128)>,
    /// Givens not printed yet: they are printed a row per line, not one per line.
    pending_givens: Vec<String>,
    /// The row of the pending givens.
    pending_givens_row: usize,
    counts: Counts,
}

/// What a trace saw, for the summary.
#[derive(Default)]
struct Counts {
    givens: u64,
    naked_singles: u64,
    hidden_singles_by_kind: [u64; 3],
    guesses: u64,
    dead_ends: u64,
    contradictions: u64,
}

/// `r3c5`: row 3, column 5, counted from 1.
pub fn sudoku_cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

impl Tracer {
    /// A tracer naming cells with `cell_name` and printing at most `limit` step lines.
    pub fn new(cell_name: fn(usize) -> String, limit: u64) -> Tracer {
        Tracer {
            cell_name,
            limit,
            steps: 0,
            decided: 0,
            open_guesses: Vec::new(),
            pending_givens: Vec::new(),
            pending_givens_row: 0,
            counts: Counts::default(),
        }
    }

    /// Prints the givens collected so far, if any, as one line.
    fn flush_givens(&mut self) {
        if !self.pending_givens.is_empty() {
            let text = self.pending_givens.join(" ");
            self.pending_givens.clear();
            self.step("given", &text);
        }
    }

    /// Prints one step line, indented by the depth of the search, unless over the limit.
    fn step(&mut self, kind: &str, text: &str) {
        if kind != "given" {
            self.flush_givens();
        }
        self.steps += 1;
        if self.steps <= self.limit {
            let indent = "  ".repeat(self.open_guesses.len());
            println!(
                "{:>5} {:>2}/81  {indent}{kind:<14} {text}",
                self.steps,
                self.decided.count_ones()
            );
        }
    }

    /// Prints the closing summary.
    pub fn print_summary(&mut self, outcome: &str) {
        self.flush_givens();
        let counts = &self.counts;
        if self.steps > self.limit {
            println!(
                "      ... {} more steps not shown (raise --limit)",
                self.steps - self.limit
            );
        }
        let [rows, columns, boxes] = counts.hidden_singles_by_kind;
        println!(
            "summary: {} steps; {} givens, {} naked singles, {} hidden singles \
             ({rows} in rows, {columns} in columns, {boxes} in boxes), {} guesses \
             (tiles laid, for Su-domino-ku), {} taken back, {} contradictions; {outcome}",
            self.steps,
            counts.givens,
            counts.naked_singles,
            rows + columns + boxes,
            counts.guesses,
            counts.dead_ends,
            counts.contradictions,
        );
    }
}

impl SearchObserver for Tracer {
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        if reason != Reason::Given {
            self.flush_givens();
        }
        self.decided |= 1 << cell;
        let name = (self.cell_name)(cell);
        match reason {
            Reason::Given => {
                self.counts.givens += 1;
                if cell / 9 != self.pending_givens_row {
                    self.flush_givens();
                    self.pending_givens_row = cell / 9;
                }
                self.pending_givens.push(format!("{name}={digit}"));
            }
            Reason::NakedSingle => {
                self.counts.naked_singles += 1;
                self.step(
                    "naked single",
                    &format!("{name} = {digit}   its only candidate left"),
                );
            }
            Reason::Witness => {
                self.step(
                    "witness",
                    &format!("{name} = {digit}   a completion found earlier has it"),
                );
            }
            Reason::HiddenSingle { unit } => {
                self.counts.hidden_singles_by_kind[unit / 9] += 1;
                let text = format!(
                    "{name} = {digit}   the only place for {digit} in {}",
                    unit_name(unit)
                );
                self.step("hidden single", &text);
            }
        }
    }

    fn guess(&mut self, placements: &[(usize, u8)]) {
        self.counts.guesses += 1;
        let what: Vec<String> = placements
            .iter()
            .map(|&(cell, digit)| format!("{} = {digit}", (self.cell_name)(cell)))
            .collect();
        let text = format!("#{} {}", self.counts.guesses, what.join(", "));
        // A Su-domino-ku search step lays a tile: two cells at once.
        let kind = if placements.len() == 2 {
            "lay tile"
        } else {
            "guess"
        };
        self.step(kind, &text);
        self.open_guesses.push((self.counts.guesses, self.decided));
        for &(cell, _) in placements {
            self.decided |= 1 << cell;
        }
    }

    fn contradiction(&mut self, conflict: Conflict) {
        self.counts.contradictions += 1;
        let text = match conflict {
            Conflict::EmptyCell { cell } => {
                format!("{} has no candidate left", (self.cell_name)(cell))
            }
            Conflict::NoPlaceInUnit { digit, unit } => {
                format!("{digit} has no place left in {}", unit_name(unit))
            }
            Conflict::NoArrangementInBand { digit, band } => format!(
                "{digit} cannot go once in each row and box of rows {}-{}",
                3 * band + 1,
                3 * band + 3
            ),
            Conflict::UncoverableCell { cell } => {
                format!("no unused tile can cover {}", (self.cell_name)(cell))
            }
            Conflict::UnplaceableTile { digits } => {
                format!("tile {}+{} has no place left", digits[0], digits[1])
            }
        };
        self.step("contradiction", &text);
    }

    fn dead_end(&mut self) {
        self.counts.dead_ends += 1;
        if let Some((number, decided)) = self.open_guesses.pop() {
            self.decided = decided;
            self.step("back", &format!("take back #{number}"));
        }
    }

    fn unwind(&mut self) {
        if let Some((_, decided)) = self.open_guesses.pop() {
            self.decided = decided;
        }
    }

    fn keep(&mut self) {
        self.open_guesses.pop();
    }

    fn remark<Describe: FnOnce() -> String>(&mut self, describe: Describe) {
        let text = describe();
        self.step("note", &text);
    }
}

/// Runs `cargo xtask trace`, reading the input from standard input.
pub fn run(arguments: Arguments) -> Result<Success> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("reading standard input")?;
    trace(&arguments.problem, &input, arguments.limit)
}

/// Traces `problem`'s solver on `input`.
pub fn trace(problem: &str, input: &str, limit: u64) -> Result<Success> {
    let problem = problem.strip_prefix('p').unwrap_or(problem);
    match problem {
        "2239" => {
            let grid =
                p2239::parse(input.as_bytes()).map_err(|error| anyhow::anyhow!("{error}"))?;
            println!("trace p2239: the smallest completion");
            let mut tracer = Tracer::new(sudoku_cell_name, limit);
            let answer = p2239::solve_observed(&grid, &mut tracer);
            finish(&mut tracer, answer.map(|grid| p2239::format_grid(&grid)))
        }
        "2580" => {
            let grid =
                p2580::parse(input.as_bytes()).map_err(|error| anyhow::anyhow!("{error}"))?;
            println!("trace p2580: any completion");
            let mut tracer = Tracer::new(sudoku_cell_name, limit);
            let answer = p2580::solve_observed(&grid, &mut tracer);
            finish(&mut tracer, answer.map(|grid| p2580::format_grid(&grid)))
        }
        "4574" => {
            let mut all_solved = true;
            for parsed in p4574::parse_puzzles(input.as_bytes()) {
                let puzzle = parsed.map_err(|error| anyhow::anyhow!("{error}"))?;
                println!("trace p4574: puzzle {}", puzzle.number);
                let mut tracer = Tracer::new(p4574::location_name, limit);
                let answer = p4574::solve_with_tiling(&puzzle, &mut tracer);
                let text =
                    answer.map(|solution| p4574::format_solution(puzzle.number, &solution.grid));
                all_solved &= finish(&mut tracer, text)? == Success::Yes;
            }
            Ok(if all_solved {
                Success::Yes
            } else {
                Success::No
            })
        }
        _ => Err(crate::usage_error(format!(
            "`trace` knows p2239, p2580 and p4574, not `{problem}`"
        ))),
    }
}

/// Prints the summary and the answer, if any.
fn finish(tracer: &mut Tracer, answer: Option<String>) -> Result<Success> {
    match answer {
        Some(text) => {
            tracer.print_summary("solved");
            print!("{text}");
            Ok(Success::Yes)
        }
        None => {
            tracer.print_summary("no completion");
            Ok(Success::No)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_row_and_column() {
        assert_eq!(sudoku_cell_name(0), "r1c1");
        assert_eq!(sudoku_cell_name(80), "r9c9");
        assert_eq!(sudoku_cell_name(11), "r2c3");
    }

    #[test]
    fn the_tracer_counts_what_the_solver_reports() {
        let sample = std::fs::read_to_string(
            xtask::project_root().join("problems/p2580/samples/sample-1.in"),
        )
        .unwrap();
        let grid = p2580::parse(sample.as_bytes()).unwrap();
        let mut tracer = Tracer::new(sudoku_cell_name, 0);
        let answer = p2580::solve_observed(&grid, &mut tracer).unwrap();
        let counts = &tracer.counts;
        let givens = grid.iter().filter(|&&digit| digit != 0).count() as u64;
        assert_eq!(counts.givens, givens);
        // Every open cell was decided by some rule, since the sample needs no guess.
        assert_eq!(counts.guesses, 0);
        let deduced = counts.naked_singles + counts.hidden_singles_by_kind.iter().sum::<u64>();
        assert_eq!(givens + deduced, 81);
        assert_eq!(tracer.decided.count_ones(), 81);
        assert!(common::is_valid_solution(&answer));
    }

    #[test]
    fn guesses_and_dead_ends_keep_the_depth() {
        let mut tracer = Tracer::new(sudoku_cell_name, 0);
        tracer.guess(&[(0, 1)]);
        tracer.guess(&[(1, 2), (2, 3)]);
        assert_eq!(tracer.decided.count_ones(), 3);
        tracer.dead_end();
        assert_eq!(tracer.decided.count_ones(), 1);
        assert_eq!(tracer.open_guesses.len(), 1);
        tracer.contradiction(Conflict::EmptyCell { cell: 5 });
        assert_eq!(tracer.counts.contradictions, 1);
        assert_eq!(tracer.steps, 4);
        tracer.deduced(0, 5, Reason::Given);
        tracer.deduced(1, 6, Reason::Given);
        tracer.deduced(9, 7, Reason::Given);
        tracer.print_summary("test");
        assert_eq!(tracer.steps, 6, "one line per row of givens");
    }
}
