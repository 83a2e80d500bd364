//! p4574 on generated Su-domino-ku puzzles with one solved grid each, checked against the
//! grid they were made from, both in one input (as the judge sends them) and one by one;
//! and on broken puzzles, checked against the reference solver.
//!
//! The quick run generates 200 puzzles; `VERIFY_FULL=1` generates 1,000.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use xtask::reference::domino::{
    self, generate_puzzle, input_text, output_text, reference_grids, Grids, Puzzle,
};
use xtask::reference::Grid;

fn puzzle_count() -> usize {
    if std::env::var_os("VERIFY_FULL").is_some() {
        1_000
    } else {
        200
    }
}

/// Puzzles from a fixed seed: half of them with the fewest dominoes the judge allows (10),
/// the others with at least 11 to 35.
fn generated(seed: u64, count: usize) -> Vec<(Puzzle, Grid)> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|index| {
            let min_dominoes = if index % 2 == 0 {
                10
            } else {
                rng.random_range(11..=35)
            };
            generate_puzzle(&mut rng, min_dominoes)
        })
        .collect()
}

fn run(input: &str) -> Result<String, String> {
    let mut output = Vec::new();
    p4574::run(input.as_bytes(), &mut output).map_err(|error| error.to_string())?;
    String::from_utf8(output).map_err(|error| error.to_string())
}

#[test]
fn generated_puzzles_in_one_input_give_their_grids() {
    let puzzles = generated(4574, puzzle_count());
    assert!(puzzles
        .iter()
        .any(|(puzzle, _)| puzzle.dominoes.len() == 10));
    let (inputs, grids): (Vec<Puzzle>, Vec<Grid>) = puzzles.into_iter().unzip();
    let input = input_text(&inputs);
    let expected = output_text(&grids);
    let actual = run(&input).unwrap_or_else(|error| panic!("p4574 failed: {error}"));
    if actual != expected {
        // Name the first puzzle that differs, with its input.
        let blocks = |text: &str| -> Vec<String> {
            text.split("Puzzle ").skip(1).map(str::to_string).collect()
        };
        let (actual_blocks, expected_blocks) = (blocks(&actual), blocks(&expected));
        let first = (0..expected_blocks.len())
            .find(|&index| actual_blocks.get(index) != expected_blocks.get(index))
            .unwrap_or(0);
        panic!(
            "puzzle {} differs\ninput:\n{}expected:\nPuzzle {}actual:\nPuzzle {}",
            first + 1,
            inputs[first].to_text(),
            expected_blocks[first],
            actual_blocks
                .get(first)
                .map_or("(missing)\n", String::as_str),
        );
    }
}

#[test]
fn generated_puzzles_one_by_one_give_their_grids() {
    for (puzzle, grid) in generated(2011, puzzle_count() / 4) {
        let input = input_text(std::slice::from_ref(&puzzle));
        let actual = run(&input).unwrap_or_else(|error| panic!("{error}\ninput:\n{input}"));
        assert_eq!(actual, output_text(&[grid]), "input:\n{input}");
    }
}

#[test]
fn broken_puzzles_agree_with_the_reference() {
    // Change one digit of one laid domino: the puzzle may keep a grid, gain several, or lose
    // them all. p4574 must find a grid exactly when the reference does.
    let mut rng = StdRng::seed_from_u64(7);
    let mut outcomes = [0usize; 3];
    for (mut puzzle, _) in generated(99, puzzle_count() / 4) {
        let domino = rng.random_range(0..puzzle.dominoes.len());
        let other_digit = puzzle.dominoes[domino].digits[1];
        let mut digit = rng.random_range(1..=9);
        while digit == other_digit {
            digit = rng.random_range(1..=9);
        }
        puzzle.dominoes[domino].digits[0] = digit;
        let input = input_text(std::slice::from_ref(&puzzle));
        let answer = run(&input);
        match reference_grids(&puzzle, u64::MAX) {
            Grids::None => {
                outcomes[0] += 1;
                let error = answer.expect_err(&format!("answered a puzzle without grid:\n{input}"));
                // Givens that clash are reported as such; the others as "no completion".
                assert!(
                    error.contains("no completion") || error.contains("twice"),
                    "unexpected message {error:?} for\n{input}"
                );
            }
            Grids::One(grid) => {
                outcomes[1] += 1;
                let actual = answer.unwrap_or_else(|error| panic!("{error}\ninput:\n{input}"));
                assert_eq!(actual, output_text(&[grid]), "input:\n{input}");
            }
            Grids::Several(..) => {
                outcomes[2] += 1;
                let actual = answer.unwrap_or_else(|error| panic!("{error}\ninput:\n{input}"));
                let grid =
                    xtask::reference::grid_from_line(&actual.lines().skip(1).collect::<String>())
                        .expect("nine lines of nine digits");
                assert!(
                    domino::has_tiling_for(&puzzle, &grid),
                    "not a solution:\n{actual}\ninput:\n{input}"
                );
            }
            Grids::Unknown => unreachable!("no budget was set"),
        }
    }
    assert!(
        outcomes[0] > 0,
        "no broken puzzle lost its grid: {outcomes:?}"
    );
}
