//! Property tests: random grids with holes of every density, checked against the
//! reference solver. proptest shrinks a failure to a small case and prints it;
//! `PROPTEST_CASES=N` runs more cases.

mod support;

use common::ladder::RUNGS;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use support::grid_to_line;
use xtask::reference::generate::{against_row_major, solved_grid};
use xtask::reference::{self, completion_fault, Grid};

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
    fn p2580_completes_every_solvable_grid((puzzle, _) in puzzle_with_solution()) {
        let answer = p2580::solve(&puzzle);
        prop_assert!(answer.is_some(), "no answer for {}", grid_to_line(&puzzle));
        let answer = answer.unwrap();
        prop_assert_eq!(completion_fault(&puzzle, &answer), None, "puzzle {}", grid_to_line(&puzzle));
    }

    #[test]
    fn p2239_gives_the_smallest_completion((puzzle, _) in puzzle_with_solution()) {
        let expected = reference::smallest_completion(&puzzle);
        prop_assert_eq!(p2239::solve(&puzzle), expected, "puzzle {}", grid_to_line(&puzzle));
    }

    #[test]
    fn p2239_gives_the_smallest_completion_with_17_to_25_givens(puzzle in few_givens()) {
        let expected = reference::smallest_completion(&puzzle);
        prop_assert_eq!(p2239::solve(&puzzle), expected, "puzzle {}", grid_to_line(&puzzle));
    }

    #[test]
    fn solutions_and_reference_agree_on_none_one_or_several(puzzle in maybe_broken_puzzle()) {
        let context = grid_to_line(&puzzle);
        let reference_count = reference::count_completions(&puzzle, 2);
        prop_assert_eq!(p2239::count_completions(&puzzle, 2), reference_count, "puzzle {}", context);
        let smallest = p2239::solve(&puzzle);
        let any = p2580::solve(&puzzle);
        if reference_count == 0 {
            prop_assert_eq!(smallest, None, "p2239 answered {}", context);
            prop_assert_eq!(any, None, "p2580 answered {}", context);
        } else {
            prop_assert_eq!(smallest, reference::smallest_completion(&puzzle), "p2239 on {}", context);
            prop_assert!(any.is_some_and(|answer| completion_fault(&puzzle, &answer).is_none()), "p2580 on {}", context);
        }
    }
}
