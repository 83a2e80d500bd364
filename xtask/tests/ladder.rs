//! The ladder of `common::ladder` checked against the reference solver: every rung on a
//! slice of every puzzle set in `data/`, and on grids without completion.
//!
//! The slices are small (a few dozen puzzles per set, spread over the file), because rung
//! 1 takes milliseconds on the hardest puzzles and rung 0 tens of milliseconds whenever it
//! reaches its cap; `cargo xtask bench --ladder` runs the whole sets.

mod support;

use common::ladder::rung0_textbook::{self, Backtracking};
use common::ladder::{Outcome, Rung, Solver, RUNGS};
use common::observe::{Branch, Conflict, Reason, SearchObserver};
use support::grid_to_line;
use xtask::problems::data;
use xtask::reference::{self, completion_fault, Grid};

/// How many puzzles of each set the tests take.
const SLICE: usize = 12;

/// `SLICE` puzzles of a set with their places in it, evenly spread over the set, so the
/// slice sees its easy and its hard puzzles alike.
fn slice_of(file_name: &str) -> Vec<(usize, Grid)> {
    let puzzles = data::load_puzzles(file_name).unwrap_or_else(|error| panic!("{error}"));
    assert!(!puzzles.is_empty(), "{file_name} is empty");
    let step = (puzzles.len() / SLICE).max(1);
    puzzles
        .into_iter()
        .enumerate()
        .step_by(step)
        .take(SLICE)
        .collect()
}

/// The rungs without a cap: every one finishes every puzzle.
fn uncapped_rungs() -> impl Iterator<Item = Rung> {
    RUNGS.into_iter().filter(|rung| rung.number > 0)
}

/// How a failure names `rung`: after `context`, its number and name.
fn rung_context(rung: &Rung, context: &str) -> String {
    format!("{context}: rung {} ({})", rung.number, rung.name)
}

/// Checks rung 0's outcome: the smallest completion, or the cap reported honestly.
fn check_textbook(outcome: &Outcome, puzzle: &Grid, context: &str) {
    if outcome.capped {
        assert_eq!(
            outcome.solution, None,
            "{context}: rung 0 capped with an answer"
        );
        assert_eq!(outcome.guesses, rung0_textbook::CAP, "{context}: rung 0");
    } else {
        assert!(outcome.guesses < rung0_textbook::CAP, "{context}: rung 0");
        assert_eq!(
            outcome.solution,
            reference::smallest_completion(puzzle),
            "{context}: rung 0 does not give the smallest completion"
        );
    }
}

#[test]
fn every_rung_solves_a_slice_of_every_unique_set_as_the_reference_does() {
    let mut capped_puzzles = 0;
    for file_name in data::UNIQUE_SETS {
        for (index, puzzle) in &slice_of(file_name) {
            let context = support::describe_puzzle(file_name, *index, puzzle);
            let completions = reference::completions(puzzle, 2);
            assert_eq!(completions.len(), 1, "{context}: the reference");
            for rung in uncapped_rungs() {
                let outcome = rung.solver.solve(puzzle);
                assert_eq!(
                    outcome.solution,
                    Some(completions[0]),
                    "{}",
                    rung_context(&rung, &context)
                );
                assert!(!outcome.capped, "{}", rung_context(&rung, &context));
            }
            let outcome = rung0_textbook::SEARCH.solve(puzzle);
            check_textbook(&outcome, puzzle, &context);
            capped_puzzles += outcome.capped as usize;
        }
    }
    // The 17-clue puzzles are hopeless for the textbook method: the cap must show.
    assert!(capped_puzzles > 0, "rung 0 never reached its cap");
}

#[test]
fn every_rung_completes_puzzles_with_several_completions() {
    for (index, puzzle) in &slice_of(data::MULTI_SOLUTION_SET) {
        let context = support::describe_puzzle(data::MULTI_SOLUTION_SET, *index, puzzle);
        for rung in uncapped_rungs() {
            let answer = rung
                .solver
                .solve(puzzle)
                .solution
                .unwrap_or_else(|| panic!("{}: no answer", rung_context(&rung, &context)));
            assert_eq!(
                completion_fault(puzzle, &answer),
                None,
                "{}",
                rung_context(&rung, &context)
            );
        }
        check_textbook(&rung0_textbook::SEARCH.solve(puzzle), puzzle, &context);
    }
}

#[test]
fn every_rung_agrees_with_the_published_counts_of_tdokus_test_puzzles() {
    let puzzles = support::load_counted().unwrap_or_else(|error| panic!("{error}"));
    let mut seen_none = false;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let context = support::describe_puzzle(data::COUNTED_SET, index, &puzzle.grid);
        for rung in RUNGS {
            let outcome = rung.solver.solve(&puzzle.grid);
            let context = rung_context(&rung, &context);
            match outcome.solution {
                None if puzzle.completions == 0 => seen_none = true,
                None => assert!(outcome.capped, "{context}: no answer"),
                Some(answer) => {
                    assert!(puzzle.completions > 0, "{context}: answered");
                    assert_eq!(completion_fault(&puzzle.grid, &answer), None, "{context}");
                }
            }
        }
    }
    assert!(seen_none, "the set includes puzzles without completion");
}

/// Grids without completion that no rule sees at once: a hard puzzle with one wrong
/// digit added, a digit its givens allow but its only completion does not have.
fn puzzles_made_wrong() -> Vec<Grid> {
    let mut made = Vec::new();
    for file_name in ["forum_hardest_1106.txt", "magictour_top1465.txt"] {
        for (_, puzzle) in slice_of(file_name).into_iter().take(3) {
            let solution = reference::completions(&puzzle, 1)[0];
            // The first open cell and a digit none of its peers' givens rule out.
            let cell = (0..81)
                .find(|&cell| puzzle[cell] == 0)
                .expect("an open cell");
            let wrong = (1..=9)
                .find(|&digit| {
                    let peers = common::PEERS_OF[cell];
                    digit != solution[cell]
                        && peers.iter().all(|&peer| puzzle[peer as usize] != digit)
                })
                .expect("a wrong digit the givens allow");
            let mut grid = puzzle;
            grid[cell] = wrong;
            made.push(grid);
        }
    }
    made
}

#[test]
fn every_rung_finds_nothing_where_there_is_no_completion() {
    let mut clashing = [0; 81];
    clashing[0] = 4;
    clashing[80] = 4;
    clashing[8] = 4; // row 1 again
                     // Row 1 holds 1 to 8 after its first cell, and column 1 holds the 9: cell 0 is starved.
    let mut starved = [0; 81];
    for column in 1..9 {
        starved[column] = column as u8;
    }
    starved[27] = 9;
    let mut grids = vec![clashing, starved];
    grids.extend(puzzles_made_wrong());
    for grid in &grids {
        let context = grid_to_line(grid);
        assert_eq!(reference::count_completions(grid, 1), 0, "{context}");
        for rung in RUNGS {
            let outcome = rung.solver.solve(grid);
            assert_eq!(outcome.solution, None, "{}", rung_context(&rung, &context));
            if rung.number > 0 {
                assert!(!outcome.capped, "{}", rung_context(&rung, &context));
            }
        }
    }
}

#[test]
fn the_textbook_rung_reports_its_cap() {
    let outcome = Backtracking {
        cap: 50,
        ..rung0_textbook::SEARCH
    }
    .solve(&[0; 81]);
    assert!(outcome.capped);
    assert_eq!((outcome.solution, outcome.guesses), (None, 50));
    // The empty grid itself is easy for it: 81 cells and a little backtracking.
    let outcome = rung0_textbook::SEARCH.solve(&[0; 81]);
    assert!(!outcome.capped);
    assert_eq!(outcome.solution, reference::smallest_completion(&[0; 81]));
}

/// Every slice of the sets with one completion, as one list.
fn all_unique_slices() -> Vec<(String, Grid)> {
    let mut puzzles = Vec::new();
    for file_name in data::UNIQUE_SETS {
        for (index, puzzle) in slice_of(file_name) {
            puzzles.push((support::describe_puzzle(file_name, index, &puzzle), puzzle));
        }
    }
    puzzles
}

#[test]
fn a_representation_or_incremental_rung_keeps_the_guesses_of_the_rung_below() {
    let puzzles = all_unique_slices();
    let keeping = RUNGS
        .windows(2)
        .filter(|pair| pair[1].idea.keeps_the_guesses());
    let mut pairs_checked = 0;
    for pair in keeping {
        let (below, above) = (&pair[0], &pair[1]);
        for (context, puzzle) in &puzzles {
            assert_eq!(
                below.solver.solve(puzzle).guesses,
                above.solver.solve(puzzle).guesses,
                "{}, against rung {}",
                rung_context(above, context),
                below.number
            );
        }
        pairs_checked += 1;
    }
    assert!(
        pairs_checked >= 3,
        "the ladder has {pairs_checked} rungs that keep the guesses"
    );
}

/// Every step a search reports, in order, written out.
#[derive(Default)]
struct StepLog(Vec<String>);

impl SearchObserver for StepLog {
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        self.0.push(format!("{cell} = {digit}: {reason:?}"));
    }

    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        self.0.push(format!("guess {placements:?} {branch:?}"));
    }

    fn contradiction(&mut self, conflict: Conflict) {
        self.0.push(format!("{conflict:?}"));
    }

    fn dead_end(&mut self) {
        self.0.push("back".to_string());
    }
}

#[test]
fn counting_again_only_what_changed_takes_rung_18s_steps_in_the_same_order() {
    for (context, puzzle) in all_unique_slices() {
        let [below, above] = [18, 19].map(|number| {
            let mut log = StepLog::default();
            RUNGS[number].solver.solve_observed(&puzzle, &mut log);
            log.0
        });
        assert!(!below.is_empty(), "{context}: rung 18 reported nothing");
        assert_eq!(below, above, "{context}: rung 19 against rung 18");
    }
}

/// The branching rungs whose gain the slices do not show. Rung 15 changes nothing where 17
/// cells or more are given, as in every puzzle of the sets; rungs 16 and 17 gain on some
/// sets and lose on others (docs/climb.md gives their figures on the whole sets).
/// `a_gain_shows_on_whole_files` checks the sets where they gain.
const GAINS_NOT_ON_THE_SLICES: [usize; 3] = [15, 16, 17];

#[test]
fn guesses_never_rise_from_rung_to_rung_and_fall_with_each_new_rule_or_search() {
    // The slices of every set with one completion; `cargo xtask bench --ladder` measures
    // the whole sets.
    let puzzles = all_unique_slices();
    let totals: Vec<u64> = uncapped_rungs()
        .map(|rung| {
            puzzles
                .iter()
                .map(|(_, puzzle)| rung.solver.solve(puzzle).guesses)
                .sum()
        })
        .collect();
    for (pair, above) in totals.windows(2).zip(uncapped_rungs().skip(1)) {
        if GAINS_NOT_ON_THE_SLICES.contains(&above.number) {
            continue;
        }
        let context = format!(
            "guesses of rungs 1 to {} on the slices: {totals:?}",
            RUNGS.len() - 1
        );
        assert!(
            pair[1] <= pair[0],
            "rung {} has more guesses; {context}",
            above.number
        );
        if !above.idea.keeps_the_guesses() {
            assert!(
                pair[1] < pair[0],
                "rung {} has no fewer guesses; {context}",
                above.number
            );
        }
    }
}

/// Where rungs 16 and 17 make fewer guesses than the rung below, on whole files.
const WHOLE_FILE_GAINS: [(usize, &str); 3] = [
    (16, "magictour_top1465.txt"),
    (17, "forum_hardest_1106.txt"),
    (17, "magictour_top1465.txt"),
];

#[test]
fn a_gain_shows_on_whole_files() {
    for (number, file_name) in WHOLE_FILE_GAINS {
        let (below, above) = (RUNGS[number - 1], RUNGS[number]);
        let puzzles = data::load_puzzles(file_name).unwrap_or_else(|error| panic!("{error}"));
        let guesses = |rung: Rung| -> u64 {
            puzzles
                .iter()
                .map(|puzzle| rung.solver.solve(puzzle).guesses)
                .sum()
        };
        let (fewer, more) = (guesses(above), guesses(below));
        assert!(
            fewer < more,
            "{file_name}: rung {number} makes {fewer} guesses, rung {} {more}",
            below.number
        );
    }
}
