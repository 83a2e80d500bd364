//! Every puzzle set in `data/` solved by the three Sudoku solutions' libraries and checked
//! against the reference solver.
//!
//! Every puzzle of every set is checked: with the optimised test profile this takes
//! seconds.

mod support;

use support::grid_to_line;
use xtask::problems::data;
use xtask::reference::{self, completion_fault, Grid};

fn load(file_name: &str) -> Vec<Grid> {
    data::load_puzzles(file_name).unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn unique_sets_have_one_completion_and_both_solutions_find_it() {
    for file_name in data::UNIQUE_SETS {
        let puzzles = load(file_name);
        assert!(!puzzles.is_empty(), "{file_name} is empty");
        for (index, puzzle) in puzzles.iter().enumerate() {
            let context = support::describe_puzzle(file_name, index, puzzle);
            let completions = reference::completions(puzzle, 2);
            assert_eq!(
                completions.len(),
                1,
                "{context}: the reference does not find one completion"
            );
            let expected = completions[0];
            assert_eq!(p2239::solve(puzzle), Some(expected), "{context}: p2239");
            assert_eq!(
                p2239::count_completions(puzzle, 2),
                1,
                "{context}: p2239 count"
            );
            let any = p2580::solve(puzzle).unwrap_or_else(|| panic!("{context}: p2580 found none"));
            assert_eq!(completion_fault(puzzle, &any), None, "{context}: p2580");
        }
    }
}

#[test]
fn multi_solution_set_gives_the_smallest_completion() {
    let puzzles = load(data::MULTI_SOLUTION_SET);
    assert!(!puzzles.is_empty());
    for (index, puzzle) in puzzles.iter().enumerate() {
        let context = support::describe_puzzle(data::MULTI_SOLUTION_SET, index, puzzle);
        assert_eq!(
            reference::count_completions(puzzle, 2),
            2,
            "{context}: the reference finds fewer than two"
        );
        assert_eq!(
            p2239::count_completions(puzzle, 2),
            2,
            "{context}: p2239 count"
        );
        let smallest = reference::smallest_completion(puzzle);
        assert_eq!(p2239::solve(puzzle), smallest, "{context}: p2239");
        let any = p2580::solve(puzzle).unwrap_or_else(|| panic!("{context}: p2580 found none"));
        assert_eq!(completion_fault(puzzle, &any), None, "{context}: p2580");
    }
}

#[test]
fn tdoku_test_puzzles_have_their_published_counts() {
    let puzzles = support::load_counted().unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(puzzles.len(), 43);
    let mut seen_none = false;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let context = support::describe_puzzle(data::COUNTED_SET, index, &puzzle.grid);
        let counted = reference::count_completions(&puzzle.grid, puzzle.completions + 1);
        assert_eq!(counted, puzzle.completions, "{context}: reference count");
        assert_eq!(
            p2239::count_completions(&puzzle.grid, 2),
            puzzle.completions.min(2),
            "{context}: p2239 count"
        );
        let smallest = p2239::solve(&puzzle.grid);
        let any = p2580::solve(&puzzle.grid);
        if puzzle.completions == 0 {
            seen_none = true;
            assert_eq!(
                smallest, None,
                "{context}: p2239 answered a puzzle without completion"
            );
            assert_eq!(
                any, None,
                "{context}: p2580 answered a puzzle without completion"
            );
            continue;
        }
        let any = any.unwrap_or_else(|| panic!("{context}: p2580 found none"));
        assert_eq!(
            completion_fault(&puzzle.grid, &any),
            None,
            "{context}: p2580"
        );
        assert_eq!(
            smallest,
            reference::smallest_completion(&puzzle.grid),
            "{context}: p2239"
        );
        if let Some(solution) = puzzle.solution {
            assert_eq!(
                smallest,
                Some(solution),
                "{context}: p2239 against the published solution"
            );
        }
    }
    assert!(seen_none, "the set includes puzzles without completion");
}

#[test]
fn grids_built_against_row_major_search_give_the_smallest_completion() {
    // The empty grid, and the puzzle that Wikipedia's "Sudoku solving algorithms" shows
    // against brute force: its completion's first row is 987654321.
    let anti_brute_force = reference::grid_from_line(
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    )
    .expect("81 characters");
    for puzzle in [[0; 81], anti_brute_force] {
        let expected = reference::smallest_completion(&puzzle);
        assert_eq!(p2239::solve(&puzzle), expected, "{}", grid_to_line(&puzzle));
    }
    let answer = p2239::solve(&anti_brute_force).expect("it has a completion");
    assert_eq!(grid_to_line(&answer)[..9], *"987654321");
}
