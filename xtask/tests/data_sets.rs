//! Every puzzle set in `data/` solved by each member of the Sudoku family, as the table of
//! problems gives it, and judged against the reference solver: each member's answer by
//! its checker against its own reference answer (exact for the smallest completion, any
//! valid completion for the `sudoku` checker), and a member that counts its completions
//! against the reference's count. A member added to the table is tested here too.
//!
//! Every puzzle of every set is checked: with the optimised test profile this takes
//! seconds.

mod support;

use support::grid_to_line;
use support::members::{members_of, Member};
use xtask::problems::{data, sudoku, Puzzle, ReferenceAnswer};
use xtask::reference::{self, Grid};

fn load(file_name: &str) -> Vec<Grid> {
    data::load_puzzles(file_name).unwrap_or_else(|error| panic!("{error}"))
}

/// The members of the Sudoku family.
fn sudoku_members() -> Vec<&'static Member> {
    members_of(&sudoku::FAMILY)
}

/// Judges `member`'s answer to `puzzle` against `expected` (see [`Member::judge`]);
/// `context` names the puzzle in a failure.
fn judge(member: &Member, puzzle: &Puzzle, expected: &ReferenceAnswer, context: &str) {
    let answer = (member.entry.solve)(puzzle);
    if let Err(why) = member.judge(puzzle, expected, answer) {
        panic!("{context}: {why}");
    }
}

/// Judges each member's answer to `grid` against its own reference answer.
fn judge_every_member(grid: &Grid, context: &str) {
    let puzzle = Puzzle::Sudoku { grid: *grid };
    for member in sudoku_members() {
        let expected = (member.entry.reference_answer)(&puzzle);
        judge(member, &puzzle, &expected, context);
    }
}

/// Judges each member's answer to `grid` against `expected`, the right answer whatever
/// the member's goal (no answer, or a puzzle's one completion).
fn judge_every_member_against(grid: &Grid, expected: &ReferenceAnswer, context: &str) {
    let puzzle = Puzzle::Sudoku { grid: *grid };
    for member in sudoku_members() {
        judge(member, &puzzle, expected, context);
    }
}

/// Checks that each member that counts its completions counts `expected` of them, up to
/// two.
fn assert_counts(grid: &Grid, expected: usize, context: &str) {
    let puzzle = Puzzle::Sudoku { grid: *grid };
    for member in sudoku_members() {
        if let Some(count_answers) = member.entry.count_answers {
            let count = count_answers(&puzzle, 2);
            assert_eq!(count, expected.min(2), "{context}: {} count", member.name());
        }
    }
}

#[test]
fn unique_sets_have_one_completion_and_every_member_finds_it() {
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
            // A puzzle's one completion is every member's right answer, whatever its goal
            // (the smallest, any): asked of each member's reference on the set's first
            // puzzle, it stands for them on the others, which spares the reference its
            // search for the smallest completion (half a minute over these sets).
            let expected = ReferenceAnswer::Found {
                grid: completions[0],
            };
            if index == 0 {
                let puzzle = Puzzle::Sudoku { grid: *puzzle };
                for member in sudoku_members() {
                    let own = (member.entry.reference_answer)(&puzzle);
                    assert_eq!(own, expected, "{context}: {}'s reference", member.name());
                }
            }
            judge_every_member_against(puzzle, &expected, &context);
            assert_counts(puzzle, 1, &context);
        }
    }
}

#[test]
fn multi_solution_set_gives_each_member_its_own_answer() {
    let puzzles = load(data::MULTI_SOLUTION_SET);
    assert!(!puzzles.is_empty());
    for (index, puzzle) in puzzles.iter().enumerate() {
        let context = support::describe_puzzle(data::MULTI_SOLUTION_SET, index, puzzle);
        assert_eq!(
            reference::count_completions(puzzle, 2),
            2,
            "{context}: the reference finds fewer than two"
        );
        assert_counts(puzzle, 2, &context);
        judge_every_member(puzzle, &context);
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
        assert_counts(&puzzle.grid, puzzle.completions, &context);
        seen_none |= puzzle.completions == 0;
        judge_every_member(&puzzle.grid, &context);
        if puzzle.completions == 0 {
            // No member answers it, whatever its reference says.
            judge_every_member_against(&puzzle.grid, &ReferenceAnswer::NoAnswer, &context);
        }
        if let Some(solution) = puzzle.solution {
            // The file gives the solution of a puzzle with one completion: every member's
            // right answer.
            let published = ReferenceAnswer::Found { grid: solution };
            let context = format!("{context}, against the published solution");
            judge_every_member_against(&puzzle.grid, &published, &context);
        }
    }
    assert!(seen_none, "the set includes puzzles without completion");
}

#[test]
fn grids_built_against_row_major_search_give_each_member_its_own_answer() {
    // The empty grid, and the puzzle that Wikipedia's "Sudoku solving algorithms" shows
    // against brute force: its completion's first row is 987654321.
    let anti_brute_force = reference::grid_from_line(
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    )
    .expect("81 characters");
    for puzzle in [[0; 81], anti_brute_force] {
        judge_every_member(&puzzle, &grid_to_line(&puzzle));
    }
    let smallest = support::members::smallest_completion();
    let answer = (smallest.entry.solve)(&Puzzle::Sudoku {
        grid: anti_brute_force,
    });
    let answer = answer.expect("it has a completion");
    assert_eq!(
        grid_to_line(&answer)[..9],
        *"987654321",
        "{}",
        smallest.name()
    );
}
