//! A problem's search recorded on an input, puzzle by puzzle, for `cargo xtask trace`: the
//! input read as the problem's entry reads it (as the problem's binary reads it, a line at
//! a time, in bounded memory, each error naming its line and column), and each puzzle
//! searched by the problem's own observed solver, or by a rung of the ladder, with a
//! [`Recorder`] watching.

use std::io::BufRead;

use anyhow::Result;
use common::ladder::RUNGS;

use crate::problems::KnownProblem;
use crate::reference::Grid;
use crate::trace::{PuzzleTrace, Recorder, SearchEnd};
use crate::usage_error;

/// Whose search [`record`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searcher {
    /// The problem's own solution.
    Solution,
    /// A rung of the ladder ([`common::ladder::RUNGS`]), on the grid of a Sudoku
    /// problem's input.
    Rung {
        /// The rung's number.
        number: usize,
    },
}

impl Searcher {
    /// Refuses, with a [usage error](crate::usage_error) that says why, a searcher that
    /// cannot search `problem`'s input: the ladder solves plain Sudoku grids, and has
    /// rungs `0..RUNGS.len()` only.
    pub fn ensure_it_searches(self, problem: KnownProblem) -> Result<()> {
        let Searcher::Rung { number } = self else {
            return Ok(());
        };
        let last = RUNGS.len() - 1;
        if number > last {
            let message = format!("the ladder has rungs 0 to {last}, not {number}");
            return Err(usage_error(message));
        }
        if !problem.family.plain_sudoku {
            let sudoku: Vec<String> = KnownProblem::ALL
                .iter()
                .filter(|problem| problem.family.plain_sudoku)
                .map(KnownProblem::crate_name)
                .collect();
            let message = format!(
                "the ladder solves plain Sudoku grids: --rung works with {}, not {problem} \
                 ({} puzzles)",
                sudoku.join(", "),
                problem.family.name
            );
            return Err(usage_error(message));
        }
        Ok(())
    }
}

/// Runs `searcher` on `problem`'s input, recording at most `limit` steps per puzzle, and
/// hands each puzzle's trace to `each` (several for an input of several puzzles). A title
/// names a puzzle by its place in the input (`puzzle 2`), or as `set_name` says when the
/// input is one puzzle of a set (`forum_hardest_1106:1`).
///
/// # Errors
/// A searcher that cannot search this problem (see [`Searcher::ensure_it_searches`]),
/// input the solution rejects (after the puzzles before it were handed on), or an error
/// from `each`.
pub fn record(
    problem: KnownProblem,
    searcher: Searcher,
    input: impl BufRead,
    limit: u64,
    set_name: Option<&str>,
    mut each: impl FnMut(PuzzleTrace) -> Result<()>,
) -> Result<()> {
    searcher.ensure_it_searches(problem)?;
    let mut puzzle_number = 0;
    problem.read_each(input, |puzzle| {
        puzzle_number += 1;
        let mut recorder = Recorder::new(limit);
        // A found grid with the text the problem prints for it.
        let found = |solution: Option<Grid>| match solution {
            Some(grid) => {
                let text = (problem.format.answer_text)(puzzle_number, &grid);
                SearchEnd::Solved { grid, text }
            }
            None => SearchEnd::NoCompletion,
        };
        let puzzle_name = match set_name {
            Some(name) => name.to_string(),
            None => format!("puzzle {puzzle_number}"),
        };
        let (title, end) = match searcher {
            Searcher::Rung { number } => {
                let grid = puzzle.givens();
                let outcome = RUNGS[number].solver.solve_observed(&grid, &mut recorder);
                let rung_name = RUNGS[number].name;
                let title = format!(
                    "{problem}, {puzzle_name}, ladder rung {number} ({rung_name}): the first \
                     completion it finds"
                );
                let end = match outcome.capped {
                    true => SearchEnd::StoppedAtCap {
                        guesses: outcome.guesses,
                    },
                    false => found(outcome.solution),
                };
                (title, end)
            }
            Searcher::Solution => {
                let title = format!("{problem}, {puzzle_name}: {}", problem.goal);
                (
                    title,
                    found((problem.solve_observed)(&puzzle, &mut recorder)),
                )
            }
        };
        let cell_name = problem.family.cell_name;
        each(recorder.finish(title, end, cell_name, puzzle.given_dominoes()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::page::page;
    use crate::trace::{write_text, Event, Replay};
    use common::grid_reader::{read_grid, RowFormat};

    /// The entry of the problem with this number.
    fn entry(number: u32) -> KnownProblem {
        KnownProblem::with_number(number).expect("an entry of the table")
    }

    /// The traces of `problem` on `input`, at most `limit` steps each.
    fn traces(problem: KnownProblem, input: &str, limit: u64) -> Vec<PuzzleTrace> {
        let mut all = Vec::new();
        record(
            problem,
            Searcher::Solution,
            input.as_bytes(),
            limit,
            None,
            |trace| {
                all.push(trace);
                Ok(())
            },
        )
        .unwrap();
        all
    }

    /// A file of the workspace, as text.
    fn read(path: &str) -> String {
        std::fs::read_to_string(crate::project_root().join(path)).unwrap()
    }

    #[test]
    fn a_rung_and_the_solution_name_the_puzzle_alike() {
        let input = read("problems/p2580/samples/sample-1.in");
        for searcher in [Searcher::Solution, Searcher::Rung { number: 3 }] {
            for (set_name, expected) in [
                (None, "p2580, puzzle 1"),
                (Some("a_set:7"), "p2580, a_set:7"),
            ] {
                let mut titles = Vec::new();
                record(
                    entry(2580),
                    searcher,
                    input.as_bytes(),
                    0,
                    set_name,
                    |trace| {
                        titles.push(trace.title);
                        Ok(())
                    },
                )
                .unwrap();
                assert_eq!(titles.len(), 1);
                assert!(titles[0].starts_with(expected), "{}", titles[0]);
            }
        }
    }

    #[test]
    fn a_sample_without_guesses_is_givens_then_singles() {
        let input = read("problems/p2580/samples/sample-1.in");
        let [trace] = &traces(entry(2580), &input, u64::MAX)[..] else {
            panic!("one puzzle")
        };
        let givens = read_grid(input.as_bytes(), RowFormat::Spaced).unwrap();
        let n_givens = givens.iter().filter(|&&digit| digit != 0).count();
        let mut replay = Replay::default();
        let mut deduced = 0;
        for event in &trace.events {
            replay.apply(event);
            match event {
                Event::Givens(row) => {
                    assert!(row.iter().all(|&(cell, _)| cell / 9 == row[0].0 / 9))
                }
                Event::Deduced { .. } => deduced += 1,
                Event::Answer(_) => {}
                other => panic!("the sample needs no {other:?}"),
            }
        }
        assert_eq!(n_givens + deduced, 81, "every open cell decided by a rule");
        assert_eq!(
            trace.summary.matches("14 hidden singles").count(),
            1,
            "{}",
            trace.summary
        );
        assert!(common::is_valid_solution(&replay.grid));
    }

    #[test]
    fn the_replay_reaches_the_answer_before_the_answer_step() {
        // The first of the hardest puzzles needs guesses and takes some back.
        let grid = crate::problems::data::load_puzzles("forum_hardest_1106.txt").unwrap()[0];
        // p2580 returns with its guesses open; p2239 proves the completion unique by
        // searching the whole tree, so it returns to where its search began.
        for (problem, returns_to_the_start) in [(entry(2580), false), (entry(2239), true)] {
            let input = (problem.format.input_text)(&[crate::problems::Puzzle::Sudoku { grid }]);
            let [trace] = &traces(problem, &input, u64::MAX)[..] else {
                panic!("one puzzle")
            };
            let mut replay = Replay::default();
            let (last, before) = trace.events.split_last().unwrap();
            before.iter().for_each(|event| replay.apply(event));
            let Event::Answer(answer) = last else {
                panic!("the last step is the answer")
            };
            assert!(before
                .iter()
                .any(|event| matches!(event, Event::Back { .. })));
            if returns_to_the_start {
                assert_eq!(replay.depth(), 0);
            } else {
                assert_eq!(&replay.grid, answer);
            }
        }
    }

    #[test]
    fn the_limit_cuts_the_record_but_not_the_count() {
        let input = read("problems/p4574/samples/sample-1.in");
        let full = traces(entry(4574), &input, u64::MAX);
        let cut = traces(entry(4574), &input, 5);
        assert_eq!(full.len(), cut.len());
        for (full, cut) in full.iter().zip(&cut) {
            assert_eq!(cut.events.iter().filter(|event| event.is_step()).count(), 5);
            assert_eq!(full.steps, cut.steps);
            assert_eq!(full.summary, cut.summary);
            let mut text = Vec::new();
            write_text(&mut text, cut).unwrap();
            let text = String::from_utf8(text).unwrap();
            assert!(
                text.contains(&format!("the first 5 of the {} steps", cut.steps)),
                "{text}"
            );
        }
    }

    #[test]
    fn the_ladder_searches_plain_sudoku_only() {
        let rung = Searcher::Rung { number: 0 };
        assert!(rung.ensure_it_searches(entry(2580)).is_ok());
        let error = rung.ensure_it_searches(entry(4574)).unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        assert!(
            error.to_string().contains("p2239, p2580, not p4574"),
            "{error}"
        );
        let past = Searcher::Rung {
            number: RUNGS.len(),
        };
        assert!(past.ensure_it_searches(entry(2580)).is_err());
    }

    #[test]
    fn the_page_holds_the_steps_and_nothing_from_outside() {
        let input = read("problems/p4574/samples/sample-2.in");
        let traces = traces(entry(4574), &input, 1000);
        let page = page("Trace of p4574", &traces);
        let start = page.find(r#"id="trace">"#).unwrap() + r#"id="trace">"#.len();
        let end = start + page[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(data["su_domino_ku"], true);
        let puzzles = data["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), traces.len());
        for (puzzle, trace) in puzzles.iter().zip(&traces) {
            let n_steps = trace.events.iter().filter(|event| event.is_step()).count();
            assert_eq!(puzzle["steps"].as_array().unwrap().len(), n_steps);
            assert_eq!(
                puzzle["dominoes"].as_array().unwrap().len(),
                trace.given_dominoes.len()
            );
        }
        // Self-contained: nothing is fetched.
        for outside in ["src=", "href=", "@import", "url(", "http"] {
            assert!(!page.contains(outside), "the page holds `{outside}`");
        }
    }
}
