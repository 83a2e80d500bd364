//! Su-domino-ku for the tests and the tooling: a puzzle type, the judge's text format, a
//! reference solver by exact cover, and a generator of puzzles with one solved grid.
//!
//! Nothing here comes from the solution's crate: the format is written again from the
//! statement, and the solver is [`ExactCover`] with items for cells, digits in units and
//! dominoes.

use std::collections::{HashMap, HashSet};

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::reference::exact_cover::{Ending, ExactCover};
use crate::reference::generate;
use crate::reference::{unit_items, Grid};

/// One laid domino: `digits[0]` in `cells[0]` and `digits[1]` in `cells[1]` (cells 0..81,
/// row-major), its halves in the order the input gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domino {
    /// The digit of each half.
    pub digits: [u8; 2],
    /// The cell of each half.
    pub cells: [usize; 2],
}

/// A Su-domino-ku puzzle: the dominoes already laid and where the single digits stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The laid dominoes, in input order.
    pub dominoes: Vec<Domino>,
    /// `singles[d - 1]` is the cell of the single digit `d`.
    pub singles: [usize; 9],
}

/// A cell's name in the judge's format: row letter `A`..`I`, column digit `1`..`9`.
pub fn location(cell: usize) -> String {
    format!("{}{}", char::from(b'A' + (cell / 9) as u8), cell % 9 + 1)
}

impl Puzzle {
    /// The puzzle in the judge's format, without the closing `0`.
    pub fn to_text(&self) -> String {
        let mut lines = vec![self.dominoes.len().to_string()];
        for domino in &self.dominoes {
            let ([first, second], [first_cell, second_cell]) =
                (domino.digits, domino.cells.map(location));
            lines.push(format!("{first} {first_cell} {second} {second_cell}"));
        }
        let singles: Vec<String> = self.singles.iter().map(|&cell| location(cell)).collect();
        lines.push(singles.join(" "));
        lines.join("\n") + "\n"
    }
}

/// A whole judge input: the puzzles, then the line `0`.
pub fn input_text(puzzles: &[Puzzle]) -> String {
    puzzles.iter().map(Puzzle::to_text).collect::<String>() + "0\n"
}

/// The judge's expected output for puzzles with the given solved grids.
pub fn output_text(grids: &[Grid]) -> String {
    let answers = grids.iter().enumerate();
    answers
        .map(|(index, grid)| answer_text(index + 1, grid))
        .collect()
}

/// The judge's answer to puzzle `number`: `Puzzle N`, then the grid, a row per line.
pub fn answer_text(number: usize, grid: &Grid) -> String {
    let rows = grid
        .chunks(9)
        .map(|row| row.iter().map(u8::to_string).collect::<String>());
    format!("Puzzle {number}\n{}\n", rows.collect::<Vec<_>>().join("\n"))
}

/// The 0..36 number of the domino with digits `a` and `b` (in either order).
fn domino_number(a: u8, b: u8) -> usize {
    let (low, high) = (a.min(b) as usize, a.max(b) as usize);
    // Dominoes are numbered (1,2), (1,3), ..., (1,9), (2,3), ...: the dominoes with a smaller low
    // digit come first, and there are 9 - l of them for low digit l.
    (1..low).map(|l| 9 - l).sum::<usize>() + (high - low - 1)
}

/// The side-by-side cell pairs `(a, b)` with `a < b`: 72 across and 72 down.
fn adjacent_pairs() -> Vec<(usize, usize)> {
    // Each cell with its right neighbour unless it ends a row, then with the cell below it
    // unless it is on the bottom row.
    let pairs = (0..81).flat_map(|cell| {
        [
            (cell % 9 < 8).then_some((cell, cell + 1)),
            (cell < 72).then_some((cell, cell + 9)),
        ]
    });
    pairs.flatten().collect()
}

/// The search nodes the tooling lets [`reference_grids`] spend on one puzzle (`stress`,
/// `bench`) before the reference says it cannot tell.
pub const REFERENCE_BUDGET: u64 = 5_000_000;

/// What the reference found about a puzzle's solved grids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grids {
    /// No tiling completes the puzzle.
    None,
    /// Every tiling spells this one grid.
    One(Grid),
    /// At least two different grids.
    Several(Grid, Grid),
    /// The search budget ran out before it could tell.
    Unknown,
}

/// One puzzle as exact cover. Items: 81 cells, 243 "digit in row / column / box", 36
/// dominoes. Options: each single (in its own cell only), and every domino: two side-by-side
/// cells, two different digits.
struct DominoProblem {
    cover: ExactCover,
    forced: Vec<usize>,
}

impl DominoProblem {
    /// The exact-cover problem of `puzzle`, or `None` if its givens cannot even be laid
    /// (a domino on a single, halves not side by side, equal halves).
    fn new(puzzle: &Puzzle, allowed: impl Fn(usize, u8) -> bool) -> Option<DominoProblem> {
        let single_cells: HashSet<usize> = puzzle.singles.iter().copied().collect();
        let mut options = Vec::new();
        let mut forced = Vec::new();
        for (index, &cell) in puzzle.singles.iter().enumerate() {
            let digit = index as u8 + 1;
            let mut items = vec![cell];
            items.extend(unit_items(cell, digit));
            forced.push(options.len());
            options.push(items);
        }
        let mut domino_option = HashMap::new();
        for (first, second) in adjacent_pairs() {
            if single_cells.contains(&first) || single_cells.contains(&second) {
                continue;
            }
            for first_digit in 1..=9 {
                for second_digit in 1..=9 {
                    if first_digit == second_digit
                        || !allowed(first, first_digit)
                        || !allowed(second, second_digit)
                    {
                        continue;
                    }
                    let mut items = vec![first, second];
                    items.extend(unit_items(first, first_digit));
                    items.extend(unit_items(second, second_digit));
                    items.push(324 + domino_number(first_digit, second_digit));
                    let key = [(first, first_digit), (second, second_digit)];
                    domino_option.insert(key, options.len());
                    options.push(items);
                }
            }
        }
        for domino in &puzzle.dominoes {
            // The options name the halves in cell order; a laid domino, in either.
            let mut key = [0, 1].map(|half| (domino.cells[half], domino.digits[half]));
            key.sort_unstable();
            forced.push(*domino_option.get(&key)?);
        }
        Some(DominoProblem {
            cover: ExactCover::new(360, options),
            forced,
        })
    }

    fn grid_of(&self, chosen: &[usize]) -> Grid {
        let mut grid = [0; 81];
        for &option in chosen {
            let items = self.cover.items_of(option);
            // items: cells first, then each cell's "digit in row" item, which names the digit.
            let cells = if items.len() == 4 { 1 } else { 2 };
            for k in 0..cells {
                let row_item = items[cells + 3 * k];
                grid[items[k]] = ((row_item - 81) % 9) as u8 + 1;
            }
        }
        grid
    }
}

/// The solved grids of `puzzle`, up to two different ones, searching at most `node_budget`
/// nodes (two tilings may spell one grid, so tilings are enumerated until a second grid
/// appears).
pub fn reference_grids(puzzle: &Puzzle, node_budget: u64) -> Grids {
    let Some(problem) = DominoProblem::new(puzzle, |_, _| true) else {
        return Grids::None;
    };
    let mut grids: Vec<Grid> = Vec::new();
    let ending = problem
        .cover
        .search(&problem.forced, node_budget, |chosen| {
            let grid = problem.grid_of(chosen);
            if !grids.contains(&grid) {
                grids.push(grid);
            }
            grids.len() < 2
        });
    match (grids.as_slice(), ending) {
        ([first, second, ..], _) => Grids::Several(*first, *second),
        (_, Ending::OutOfBudget) => Grids::Unknown,
        ([only], _) => Grids::One(*only),
        _ => Grids::None,
    }
}

/// Whether some tiling of `puzzle` spells exactly `grid`.
pub fn has_tiling_for(puzzle: &Puzzle, grid: &Grid) -> bool {
    match DominoProblem::new(puzzle, |cell, digit| grid[cell] == digit) {
        Some(problem) => problem.cover.count(&problem.forced, 1) == 1,
        None => false,
    }
}

/// A random puzzle whose solved grid is unique, with at least `min_dominoes` laid dominoes
/// (10..=35), and that grid: a random solved grid; by exact cover, a random choice of nine
/// single cells (one per digit) and a tiling of the other 72 cells with each of the 36
/// dominoes once; then dominoes revealed in random order until the reference proves the grid
/// unique.
pub fn generate_puzzle(rng: &mut impl Rng, min_dominoes: usize) -> (Puzzle, Grid) {
    loop {
        let solution = generate::solved_grid(rng);
        let Some((singles, mut dominoes)) = random_singles_and_tiling(&solution, rng) else {
            continue;
        };
        dominoes.shuffle(rng);
        for revealed in min_dominoes.clamp(10, 35)..=35 {
            let puzzle = Puzzle {
                dominoes: dominoes[..revealed].to_vec(),
                singles,
            };
            match reference_grids(&puzzle, 2_000_000) {
                Grids::One(grid) => return (puzzle, grid),
                Grids::None => unreachable!("the puzzle was made from a tiling"),
                Grids::Several(..) | Grids::Unknown => {}
            }
        }
    }
}

/// Single cells and a tiling for `solution`, chosen at random (`None` if the search
/// finds none quickly): exact cover with items "cell covered" (81), "domino used" (36) and
/// "digit d has its single" (9), and options a cell as the single of its digit, or two
/// side-by-side cells as the domino of their digits. Shuffled options make a random cover.
fn random_singles_and_tiling(
    solution: &Grid,
    rng: &mut impl Rng,
) -> Option<([usize; 9], Vec<Domino>)> {
    let mut options: Vec<Vec<usize>> = Vec::with_capacity(81 + 144);
    for cell in 0..81 {
        options.push(vec![cell, 81 + 36 + solution[cell] as usize - 1]);
    }
    for (a, b) in adjacent_pairs() {
        options.push(vec![a, b, 81 + domino_number(solution[a], solution[b])]);
    }
    options.shuffle(rng);
    let cover = ExactCover::new(81 + 36 + 9, options);
    let mut found = None;
    cover.search(&[], 10_000, |chosen| {
        found = Some(chosen.to_vec());
        false
    });
    let mut singles = [0; 9];
    let mut dominoes = Vec::with_capacity(36);
    for option in found? {
        match *cover.items_of(option) {
            [cell, _] => singles[solution[cell] as usize - 1] = cell,
            [a, b, _] => {
                let cells = if rng.random_bool(0.5) { [a, b] } else { [b, a] };
                let digits = cells.map(|cell| solution[cell]);
                dominoes.push(Domino { digits, cells });
            }
            _ => unreachable!("options cover two or three items"),
        }
    }
    Some((singles, dominoes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The digits `puzzle` fixes: the singles and both halves of every laid domino.
    fn givens(puzzle: &Puzzle) -> Grid {
        let mut grid = [0; 81];
        for (index, &cell) in puzzle.singles.iter().enumerate() {
            grid[cell] = index as u8 + 1;
        }
        for domino in &puzzle.dominoes {
            grid[domino.cells[0]] = domino.digits[0];
            grid[domino.cells[1]] = domino.digits[1];
        }
        grid
    }

    #[test]
    fn dominoes_are_numbered_one_to_one() {
        let mut seen = HashSet::new();
        for a in 1..=9u8 {
            for b in 1..=9u8 {
                if a != b {
                    assert_eq!(domino_number(a, b), domino_number(b, a));
                    assert!(domino_number(a, b) < 36);
                    seen.insert(domino_number(a, b));
                }
            }
        }
        assert_eq!(seen.len(), 36);
    }

    #[test]
    fn locations_use_row_letters_and_column_digits() {
        assert_eq!(location(0), "A1");
        assert_eq!(location(11), "B3");
        assert_eq!(location(80), "I9");
    }

    #[test]
    fn generated_puzzles_have_their_grid_and_a_valid_tiling() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for min_dominoes in [10, 20, 35] {
            let (puzzle, grid) = generate_puzzle(&mut rng, min_dominoes);
            assert!(puzzle.dominoes.len() >= min_dominoes);
            assert_eq!(
                crate::reference::completion_fault(&givens(&puzzle), &grid),
                None
            );
            assert!(has_tiling_for(&puzzle, &grid));
            let mut other = grid;
            other.swap(0, 1);
            assert!(!has_tiling_for(&puzzle, &other));
        }
    }
}
