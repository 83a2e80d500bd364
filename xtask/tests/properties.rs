//! Property tests: random grids with holes of every density, each member of the Sudoku
//! family's answer (as the table of problems gives it) judged by its checker against its
//! own reference answer, and a member that counts its completions held to the reference's
//! count. proptest shrinks a failure to a small case and prints it; `PROPTEST_CASES=N` runs
//! more cases.

mod support;

use common::ladder::RUNGS;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use support::grid_to_line;
use support::members::{members_of, Member};
use xtask::problems::{sudoku, Puzzle, ReferenceAnswer};
use xtask::reference::generate::{against_row_major, solved_grid};
use xtask::reference::{self, Grid};

/// The members of the Sudoku family.
fn sudoku_members() -> Vec<&'static Member> {
    members_of(&sudoku::FAMILY)
}

/// `member`'s answer to `grid` judged against its own reference answer (see
/// [`Member::judge`]).
fn judged(member: &Member, grid: &Grid) -> Result<(), String> {
    let puzzle = Puzzle::Sudoku { grid: *grid };
    let expected = (member.entry.reference_answer)(&puzzle);
    member.judge(&puzzle, &expected, (member.entry.solve)(&puzzle))
}

/// A random solved grid (from a seed) with holes: each cell is a hole with a probability
/// drawn first, so sparse and dense grids are equally common. Sometimes the digits are
/// renamed against row-major search.
fn puzzle_with_solution() -> impl Strategy<Value = (Grid, Grid)> {
    (any::<u64>(), 0.0..=1.0f64, any::<bool>())
        .prop_flat_map(|(seed, density, rename)| {
            let holes = prop::collection::vec(prop::bool::weighted(density), 81);
            (Just(seed), holes, Just(rename))
        })
        .prop_map(|(seed, holes, rename)| {
            let solution = solved_grid(&mut StdRng::seed_from_u64(seed));
            let mut puzzle = solution;
            for (digit, hole) in puzzle.iter_mut().zip(holes) {
                if hole {
                    *digit = 0;
                }
            }
            if rename {
                against_row_major(&puzzle, &solution)
            } else {
                (puzzle, solution)
            }
        })
}

/// A grid that may have no completion: a puzzle from above with one cell overwritten by
/// an arbitrary digit (which may clash, or leave consistent givens that cannot be completed).
fn maybe_broken_puzzle() -> impl Strategy<Value = Grid> {
    (puzzle_with_solution(), 0..81usize, 1..=9u8).prop_map(|((mut puzzle, _), cell, digit)| {
        puzzle[cell] = digit;
        puzzle
    })
}

/// A random solved grid keeping exactly `givens` of its digits (17 to 25): grids with
/// many completions, where the smallest is far from any one found by chance.
fn few_givens() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 17..=25usize).prop_map(|(seed, givens)| {
        let mut rng = StdRng::seed_from_u64(seed);
        let solution = solved_grid(&mut rng);
        let mut cells: Vec<usize> = (0..81).collect();
        for index in 0..givens {
            let pick = rng.random_range(index..81);
            cells.swap(index, pick);
        }
        let mut puzzle = [0; 81];
        for &cell in &cells[..givens] {
            puzzle[cell] = solution[cell];
        }
        puzzle
    })
}

proptest! {
    /// Each rung's rules remove at least what the rules of the rung below remove: from the
    /// same givens, every candidate a rung keeps is one the rung below keeps, and a rung
    /// sees no completion wherever the rung below sees none.
    #[test]
    fn each_rung_removes_at_least_what_the_rung_below_removes(grid in maybe_broken_puzzle()) {
        for pair in RUNGS.windows(2) {
            let (below, above) = (&pair[0], &pair[1]);
            let context = format!("rung {} against rung {} on {}", above.number, below.number, grid_to_line(&grid));
            match (below.solver.candidates_after_rules(&grid), above.solver.candidates_after_rules(&grid)) {
                (_, None) => {}
                (None, Some(_)) => prop_assert!(false, "{}: sees a completion possible", context),
                (Some(kept_below), Some(kept_above)) => {
                    for cell in 0..81 {
                        let extra = kept_above[cell] & !kept_below[cell];
                        prop_assert_eq!(extra, 0, "{}: cell {} keeps more", context, cell);
                    }
                }
            }
        }
    }

    #[test]
    fn every_member_answers_grids_with_holes_of_every_density((puzzle, _) in puzzle_with_solution()) {
        for member in sudoku_members() {
            let verdict = judged(member, &puzzle);
            prop_assert!(verdict.is_ok(), "{}", verdict.unwrap_err());
        }
    }

    #[test]
    fn every_member_answers_grids_with_17_to_25_givens(puzzle in few_givens()) {
        for member in sudoku_members() {
            let verdict = judged(member, &puzzle);
            prop_assert!(verdict.is_ok(), "{}", verdict.unwrap_err());
        }
    }

    #[test]
    fn members_and_reference_agree_on_none_one_or_several(grid in maybe_broken_puzzle()) {
        let context = grid_to_line(&grid);
        let reference_count = reference::count_completions(&grid, 2);
        let puzzle = Puzzle::Sudoku { grid };
        for member in sudoku_members() {
            if let Some(count_answers) = member.entry.count_answers {
                let count = count_answers(&puzzle, 2);
                prop_assert_eq!(count, reference_count, "{} on {}", member.name(), context);
            }
            // Without a completion no member answers; with one, its own reference's.
            let verdict = if reference_count == 0 {
                let answer = (member.entry.solve)(&puzzle);
                member.judge(&puzzle, &ReferenceAnswer::NoAnswer, answer)
            } else {
                judged(member, &grid)
            };
            prop_assert!(verdict.is_ok(), "{}", verdict.unwrap_err());
        }
    }
}
