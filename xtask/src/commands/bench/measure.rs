//! What `bench` times, and how: the [`Solver`]s (a solution from the table of problems,
//! its family's textbook baseline, or a rung of the ladder), timed in rounds over the same
//! puzzles ([`measure`]), each answer checked and each search's guesses counted outside
//! the timed region.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use common::ladder::{Outcome, RUNGS};
use xtask::problems::{Baseline, KnownProblem, Puzzle};
use xtask::trace::Recorder;

/// A run with more guesses than this is timed once: it takes milliseconds, where the noise
/// that rounds smooth out is far smaller. (Counted in guesses, not in time, so that a run
/// the machine happened to stall is not the one that is kept.)
const TIMED_ONCE_ABOVE_GUESSES: u64 = 20_000;

/// Something `bench` times: a solution, or the textbook method beside it.
#[derive(Clone, Copy)]
pub enum Solver {
    /// The solution of this problem, its library called in-process.
    Solution(KnownProblem),
    /// The textbook method of a family, with a cap (`--baseline`).
    Baseline(Baseline),
    /// The rung of [`RUNGS`] with this number (`--ladder`).
    Rung(usize),
}

impl Solver {
    /// The name printed after `problem=` (or, for a rung, after `name=`).
    pub fn label(self) -> String {
        match self {
            Solver::Solution(problem) => problem.crate_name(),
            Solver::Baseline(baseline) => baseline.label.to_string(),
            Solver::Rung(number) => RUNGS[number].name.to_string(),
        }
    }

    /// The timed call: solves `puzzle` and nothing else.
    fn solve(self, puzzle: &Puzzle) -> Outcome {
        match self {
            Solver::Solution(problem) => Outcome {
                solution: (problem.solve)(puzzle),
                guesses: 0,
                capped: false,
            },
            Solver::Baseline(baseline) => (baseline.solve)(puzzle),
            Solver::Rung(number) => {
                let grid = puzzle.sudoku_grid();
                RUNGS[number]
                    .solver
                    .solve(grid.expect("the ladder is given Sudoku grids only"))
            }
        }
    }

    /// Checks `outcome`, this solver's answer to `puzzle`, and counts the guesses its
    /// search makes: all of them, and (where the family is plain Sudoku) the free ones (tdoku's count).
    pub fn inspect(self, puzzle: &Puzzle, outcome: &Outcome) -> Result<Guesses> {
        match outcome.solution {
            Some(answer) => {
                if let Some(fault) = puzzle.why_not_solved_by(&answer) {
                    bail!("wrong answer: {fault}");
                }
            }
            None if outcome.capped => {}
            // The solver found none: the reference decides whether that is right.
            None => match puzzle.reference_has_answer() {
                Some(false) => {}
                Some(true) => bail!("no completion found, but there is one"),
                None => bail!(
                    "no completion found, and the reference could not decide within its \
                     budget whether there is one"
                ),
            },
        }
        let Solver::Solution(problem) = self else {
            return Ok(Guesses {
                all: outcome.guesses,
                free: None,
            });
        };
        // The answers were checked above; here only the guesses matter.
        let mut recorder = Recorder::new(0);
        let _ = (problem.solve_observed)(puzzle, &mut recorder);
        let counted = recorder.guesses();
        Ok(Guesses {
            all: counted.guesses,
            free: problem.family.plain_sudoku.then_some(counted.free_guesses),
        })
    }
}

/// The guesses one search made: all of them, and the free ones (tdoku's count) where they
/// are told (see [`common::observe::GuessCounter`]).
#[derive(Clone, Copy, Debug)]
pub struct Guesses {
    all: u64,
    free: Option<u64>,
}

/// What one puzzle cost one solver: its best round, and its guesses; and whether the
/// solver found a completion.
#[derive(Clone, Copy)]
pub struct Measurement {
    /// The best round's time, in microseconds.
    pub micros: f64,
    /// The guesses of the search.
    pub guesses: u64,
    /// The free guesses (tdoku's count), where they are told.
    pub free_guesses: Option<u64>,
    /// Whether the solver stopped at its cap.
    pub capped: bool,
    /// Whether it found a completion.
    pub solved: bool,
}

/// Each solver's measurements, puzzle by puzzle, over `rounds` rounds: each takes the
/// puzzles in order and solves each with every solver in turn. The first round also
/// checks every answer and counts the guesses, outside the timed region.
pub fn measure(
    solvers: &[Solver],
    puzzles: &[Puzzle],
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
                let timed = std::hint::black_box(puzzle);
                let outcome = std::hint::black_box(solver.solve(timed));
                let micros = started.elapsed().as_secs_f64() * 1e6;
                if round > 0 {
                    let best = &mut measurements[index].micros;
                    *best = best.min(micros);
                    continue;
                }
                let guesses = solver
                    .inspect(puzzle, &outcome)
                    .with_context(|| format!("{}, puzzle {}", solver.label(), index + 1))?;
                measurements.push(Measurement {
                    micros,
                    guesses: guesses.all,
                    free_guesses: guesses.free,
                    capped: outcome.capped,
                    solved: outcome.solution.is_some(),
                });
            }
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `n` puzzles of magictour_top1465.
    fn some_puzzles(n: usize) -> Vec<Puzzle> {
        let set = xtask::problems::data::UNIQUE_SETS[1];
        let grids = xtask::problems::data::load_puzzles(set).unwrap();
        grids
            .into_iter()
            .take(n)
            .map(|grid| Puzzle::Sudoku { grid })
            .collect()
    }

    /// The solutions of plain Sudoku in the table.
    fn sudoku_solutions() -> Vec<Solver> {
        let plain_sudoku = |problem: &&KnownProblem| problem.family.plain_sudoku;
        let problems = KnownProblem::ALL.iter().filter(plain_sudoku);
        problems.map(|&problem| Solver::Solution(problem)).collect()
    }

    #[test]
    fn every_solver_is_timed_and_counted_on_every_puzzle() {
        let puzzles = some_puzzles(4);
        let mut solvers = sudoku_solutions();
        let baseline = solvers.iter().find_map(|solver| match solver {
            Solver::Solution(problem) => Some(problem.family.baseline),
            _ => None,
        });
        solvers.extend(baseline.map(Solver::Baseline));
        solvers.extend([Solver::Rung(1), Solver::Rung(4)]);
        let table = measure(&solvers, &puzzles, 3).unwrap();
        for (solver, measurements) in solvers.iter().zip(&table) {
            let label = solver.label();
            assert_eq!(measurements.len(), 4, "{label}");
            for m in measurements {
                assert!(m.micros > 0.0 && m.micros.is_finite(), "{label}");
                assert!(m.guesses > 0 || !m.capped, "{label}");
                match m.free_guesses {
                    Some(free) => assert!(free <= m.guesses, "{label}"),
                    None => assert!(!matches!(solver, Solver::Solution(_)), "{label}"),
                }
            }
        }
    }

    #[test]
    fn a_wrong_answer_or_a_missed_completion_is_an_error() {
        let puzzle = some_puzzles(1).remove(0);
        let grid = *puzzle.sudoku_grid().unwrap();
        let solver = sudoku_solutions()[0];
        let Solver::Solution(problem) = solver else {
            unreachable!("a solution")
        };
        let mut wrong = (problem.solve)(&puzzle).unwrap();
        let open = (0..81).find(|&cell| grid[cell] == 0).unwrap();
        wrong[open] = wrong[open] % 9 + 1;
        let answers = [(Some(wrong), "wrong answer"), (None, "no completion")];
        for (solution, message) in answers {
            let outcome = Outcome {
                solution,
                guesses: 0,
                capped: false,
            };
            let error = solver.inspect(&puzzle, &outcome).unwrap_err();
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
        solver
            .inspect(&Puzzle::Sudoku { grid: clash }, &none)
            .unwrap();
    }
}
