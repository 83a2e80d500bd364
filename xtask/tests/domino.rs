//! Each member of the Su-domino-ku family, as the judge runs it (its release binary), on
//! generated puzzles with one solved grid each, checked against the grid they were made
//! from, both in one input (as the judge sends them) and one by one; and on broken
//! puzzles, checked against the family's reference solver. The members are those of the
//! table of problems: a member added to it is tested here too.
//!
//! The quick run generates 200 puzzles; `VERIFY_FULL=1` generates 1,000.

mod support;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use support::members::{members_of, Member};
use xtask::problems::su_domino_ku::{self, solution_puzzle};
use xtask::problems::Puzzle;
use xtask::reference::domino::{generate_puzzle, reference_grids, Grids};
use xtask::reference::{domino, Grid};

fn puzzle_count() -> usize {
    if std::env::var_os("VERIFY_FULL").is_some() {
        1_000
    } else {
        200
    }
}

/// Puzzles from a fixed seed: half of them with the fewest dominoes the judge allows (10),
/// the others with at least 11 to 35.
fn generated(seed: u64, count: usize) -> Vec<(domino::Puzzle, Grid)> {
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

/// Each member of the Su-domino-ku family with its release binary, built once.
fn members() -> &'static [(&'static Member, PathBuf)] {
    static BUILT: OnceLock<Vec<(&Member, PathBuf)>> = OnceLock::new();
    BUILT.get_or_init(|| {
        let members = members_of(&su_domino_ku::FAMILY);
        let problems: Vec<_> = members
            .iter()
            .map(|member| member.problem.clone())
            .collect();
        members
            .into_iter()
            .zip(support::release_binaries(&problems))
            .collect()
    })
}

/// The input of `puzzles` as `member` reads it.
fn input_text(member: &Member, puzzles: &[domino::Puzzle]) -> String {
    let puzzles: Vec<Puzzle> = puzzles
        .iter()
        .map(|puzzle| Puzzle::SuDominoKu {
            puzzle: solution_puzzle(puzzle),
        })
        .collect();
    (member.entry.format.input_text)(&puzzles)
}

/// The answers `grids` as `member` writes them, numbered from 1.
fn answer_texts(member: &Member, grids: &[Grid]) -> Vec<String> {
    let answers = grids.iter().enumerate();
    let answer = |(index, grid)| (member.entry.format.answer_text)(index + 1, grid);
    answers.map(answer).collect()
}

/// What `binary` writes on `input`, or what it says on standard error when it fails.
fn run(binary: &PathBuf, input: &str) -> Result<String, String> {
    let limit = Duration::from_secs(120);
    let output = support::output_with_input(&mut Command::new(binary), input.as_bytes(), limit);
    let stdout = String::from_utf8(output.stdout).map_err(|error| error.to_string())?;
    match output.status.success() {
        true => Ok(stdout),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

#[test]
fn generated_puzzles_in_one_input_give_their_grids() {
    let puzzles = generated(17, puzzle_count());
    assert!(puzzles
        .iter()
        .any(|(puzzle, _)| puzzle.dominoes.len() == 10));
    let (inputs, grids): (Vec<domino::Puzzle>, Vec<Grid>) = puzzles.into_iter().unzip();
    for (member, binary) in members() {
        let name = member.name();
        let input = input_text(member, &inputs);
        let expected = answer_texts(member, &grids);
        let actual = run(binary, &input).unwrap_or_else(|error| panic!("{name} failed: {error}"));
        if actual == expected.concat() {
            continue;
        }
        // Name the first puzzle whose answer differs, with its input.
        let mut at = 0;
        let mut first = 0;
        while first < expected.len() && actual[at..].starts_with(&expected[first]) {
            at += expected[first].len();
            first += 1;
        }
        let shown = actual[at..].get(..expected.get(first).map_or(200, String::len));
        panic!(
            "{name}: the answer to puzzle {} differs\ninput:\n{}expected:\n{}actual:\n{}",
            first + 1,
            inputs[first.min(inputs.len() - 1)].to_text(),
            expected
                .get(first)
                .map_or("(nothing more)\n", String::as_str),
            shown.unwrap_or(&actual[at..]),
        );
    }
}

#[test]
fn generated_puzzles_one_by_one_give_their_grids() {
    for (puzzle, grid) in generated(2011, puzzle_count() / 4) {
        for (member, binary) in members() {
            let input = input_text(member, std::slice::from_ref(&puzzle));
            let actual = run(binary, &input)
                .unwrap_or_else(|error| panic!("{}: {error}\ninput:\n{input}", member.name()));
            let expected = answer_texts(member, &[grid]).concat();
            assert_eq!(actual, expected, "{}, input:\n{input}", member.name());
        }
    }
}

#[test]
fn broken_puzzles_agree_with_the_reference() {
    // Change one digit of one laid domino: the puzzle may keep a grid, gain several, or lose
    // them all. Each member must find a grid exactly when the reference does.
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
        let grids = reference_grids(&puzzle, u64::MAX);
        outcomes[match grids {
            Grids::None => 0,
            Grids::One(_) => 1,
            Grids::Several(..) => 2,
            Grids::Unknown => unreachable!("no budget was set"),
        }] += 1;
        for (member, binary) in members() {
            assert_agrees_with_the_reference(member, binary, &puzzle, &grids);
        }
    }
    assert!(
        outcomes[0] > 0,
        "no broken puzzle lost its grid: {outcomes:?}"
    );
}

/// Checks that `member`'s `binary` answers `puzzle` as the reference's `grids` say: a
/// refusal where there is none, the grid where there is one, and where there are
/// several, one that the dominoes spell (the grid its library finds, as it writes it).
fn assert_agrees_with_the_reference(
    member: &Member,
    binary: &PathBuf,
    puzzle: &domino::Puzzle,
    grids: &Grids,
) {
    let name = member.name();
    let input = input_text(member, std::slice::from_ref(puzzle));
    let answer = run(binary, &input);
    match grids {
        Grids::None => {
            let error =
                answer.expect_err(&format!("{name} answered a puzzle without grid:\n{input}"));
            // Givens that clash are reported as such; the others as "no completion".
            assert!(
                error.contains("no completion") || error.contains("twice"),
                "{name}: unexpected message {error:?} for\n{input}"
            );
        }
        Grids::One(grid) => {
            let actual = answer.unwrap_or_else(|error| panic!("{name}: {error}\ninput:\n{input}"));
            let expected = answer_texts(member, &[*grid]).concat();
            assert_eq!(actual, expected, "{name}, input:\n{input}");
        }
        Grids::Several(..) => {
            let actual = answer.unwrap_or_else(|error| panic!("{name}: {error}\ninput:\n{input}"));
            let solved = Puzzle::SuDominoKu {
                puzzle: solution_puzzle(puzzle),
            };
            let grid = (member.entry.solve)(&solved).expect("the library finds a grid");
            let not_solved = solved.why_not_solved_by(&grid);
            assert_eq!(
                not_solved, None,
                "{name}: not a solution:\n{actual}\ninput:\n{input}"
            );
            let expected = answer_texts(member, &[grid]).concat();
            assert_eq!(actual, expected, "{name}, input:\n{input}");
        }
        Grids::Unknown => unreachable!("no budget was set"),
    }
}
