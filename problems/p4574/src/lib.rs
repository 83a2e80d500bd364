//! # Baekjoon 4574: Su-domino-ku
//!
//! Problem 4574 of Baekjoon Online Judge, <https://www.acmicpc.net/problem/4574>
//! (MCPC 2011, problem D). Limits: 2 seconds, 128 MB.
//!
//! ## The game
//!
//! A **tile** is a domino showing two different digits; the set holds one tile for every
//! unordered pair of digits 1..9, so 9 × 8 / 2 = 36 tiles (1+2 and 2+1 are the same tile).
//! Nine **single** cells hold the digits 1, 2, ..., 9, one each. The other 72 cells must be
//! covered by all 36 tiles, each used once, laid across or down over two side-by-side cells
//! (tiles may cross box borders), so that the 81 digits form a valid Sudoku.
//!
//! ## Input and output
//!
//! The input is several puzzles, then a line `0`. A puzzle is:
//!
//! - a line with `N` (10 ≤ N ≤ 35), the number of tiles already laid;
//! - `N` lines `U LU V LV`: digit `U` at location `LU` and digit `V` at location `LV`, the two
//!   halves of one tile;
//! - one line of nine locations: where the singles 1, 2, ..., 9 stand.
//!
//! A **location** is a row letter `A`..`I` (top to bottom) and a column digit `1`..`9` (left
//! to right): `B3` is row 2, column 3, which is cell 11 in the row-major numbering of
//! [`common`]. For puzzle `k` (counted from 1) the output is a line `Puzzle k` and then the
//! solved grid as nine lines of nine digits.
//!
//! What this program accepts, beyond the judge's own files:
//!
//! - Line ends may be `\n` or `\r\n`, the last line may lack its line end, and the items of
//!   a line may be separated by any white space, including trailing white space.
//! - Blank lines (empty or only white space) are skipped wherever they appear.
//! - Otherwise the format is read **line by line**: the count line holds one item, a tile
//!   line exactly four, the singles line exactly nine. That is how the judge writes it, and
//!   it lets every error message name the line at fault.
//! - Row letters must be capitals (`b3` is rejected with a hint); the judge writes capitals.
//! - After the closing `0` only blank lines may follow.
//!
//! Anything else is rejected with an [`Error`] naming the puzzle, the line and the fault,
//! never with a panic. The puzzles before the faulty one have been written in full by then.
//!
//! ## The approach
//!
//! 1. **Read and check one puzzle** ([`parse_puzzles`]). Everything the givens alone can
//!    break is checked here, where the line is still known: the format, a digit outside
//!    1..9, a location outside `A1`..`I9`, a tile with equal halves, halves that are not side
//!    by side, a tile laid twice, a cell covered twice, a digit twice in one unit.
//! 2. **Build the start state** ([`solve`]). The state is three things:
//!    a [`Board`] with the candidates of every cell, the cell set of *covered* cells (singles
//!    and laid tiles) and the set of *used* tiles (bit `t` for tile number `t`). Place the
//!    singles and the given tiles, then let [`Board::propagate`] apply the Sudoku rules
//!    (naked and hidden singles, locked candidates). Also check the colouring: colour the
//!    grid like a chessboard; a tile always covers one light and one dark cell, so the open
//!    cells must be half light and half dark, or no tiling exists.
//! 3. **Done?** When every cell is covered, every cell holds a digit: the grid is the answer.
//! 4. **List the ways to go on.** A *placement* is an unused tile, laid on two open
//!    side-by-side cells, with each half's digit still a candidate of its cell. For every
//!    unused tile the placements of each of its four layouts (low digit left, high digit
//!    left, low digit on top, high digit on top) are one cell set, found with a shift and
//!    two `&`s. From them we count, for every open cell, the placements covering it, and
//!    for every unused tile, its placements. A cell or a tile with no placement left means
//!    this state has no completion: go back.
//! 5. **Narrow the candidates.** A candidate digit of an open cell that no placement puts
//!    on that cell is removed, and the board propagated again; since that may remove
//!    placements, steps 4 and 5 repeat until nothing changes.
//! 6. **Choose where to branch**: the open cell or the unused tile with the fewest
//!    placements ("minimum remaining values", MRV, the rule Knuth's Dancing Links uses to
//!    pick the constraint with the fewest options).
//! 7. **Try each placement** of the chosen cell or tile: copy the state, lay the tile (place
//!    both digits, mark the cells covered and the tile used), propagate, and go to step 3
//!    with the copy. Undo is free: the parent state was never changed, we drop the copy.
//!    Propagation may decide the digit of an open cell; that cell still needs a tile, and
//!    its placements simply all show that digit.
//!
//! ## Why it is correct
//!
//! *Nothing is missed.* Propagation only removes candidates that no completion uses (see
//! [`common::board`]). Then in every completion of the current state each open cell is
//! covered by one of the placements step 4 lists, and each unused tile lies on one of its
//! listed placements. So a cell or tile without placement rules the state out; a digit
//! that no listed placement puts on a cell is not there in any completion (step 5); and
//! branching over all placements of one cell, or of one tile, tries the one that every
//! completion makes (step 7). The colouring check rejects only puzzles that no tiling can
//! cover.
//!
//! *Nothing wrong is returned.* Only open cells are ever covered, so no cell is covered
//! twice; a tile is laid only when unused, so no tile is used twice; 72 cells need exactly
//! 36 tiles, so when all are covered every tile is used once. [`Board::place`] removes a
//! digit from the candidates of all 20 peers, so no unit ever holds a digit twice, and a
//! grid with every cell decided is a valid Sudoku.
//!
//! *The grid is the answer.* The judge promises one solved grid per puzzle, so the first
//! completion found is it, whichever tiling produced it.
//!
//! ## Worked example
//!
//! `cargo xtask trace p4574 < problems/p4574/samples/sample-1.in` follows the first sample
//! puzzle. Its 10 tiles and 9 singles give 29 digits; propagation then decides 20 more
//! cells (18 hidden singles, 2 naked singles) before any tile is laid. Those decided
//! cells still need tiles: the search covers them first, since a cell whose digit is known
//! has few placements. Each laid tile can decide further cells:
//!
//! ```text
//!    28 49/81  hidden single  G7 = 3   the only place for 3 in row 7
//!    29 49/81  lay tile       #1 A1 = 8, B1 = 3
//!    30 49/81    lay tile       #2 C7 = 6, C8 = 3
//!    31 49/81      lay tile       #3 A4 = 6, A5 = 4
//!    32 49/81        lay tile       #4 A7 = 1, A8 = 9
//!    33 52/81          hidden single  I2 = 1   the only place for 1 in row 9
//! ```
//!
//! The puzzle needs 26 tiles laid and never takes one back.
//!
//! ## Cost
//!
//! A search state is a 232-byte [`Board`], a 16-byte cell set and an 8-byte tile set;
//! copying it is the undo. Each visited state costs one or two listings (step 4: four
//! shifted `&`s of 128-bit sets per unused tile, plus one counter update per placement
//! found) and a propagation. What keeps the search small is branching where the choice is
//! narrowest: most puzzles need a dozen guesses, where plain row-major backtracking needs
//! thousands. Memory is the input text, a few hundred bytes per level of the search (at
//! most 26 levels deep), and one output string per puzzle.
//!
//! Measured with `cargo xtask bench --problem p4574 --baseline` (release build, 2-core
//! machine; time per puzzle, each the best of three runs; the full output is in
//! `docs/bench-baseline.txt`):
//!
//! | puzzles | mean | median | max | guesses (mean / max) | row-major backtracking (mean / max) |
//! |---|---:|---:|---:|---:|---:|
//! | the judge's samples (2 + 2) | 30.7 µs | 30.7 µs | 36.7 µs | 29.5 / 33 | 536 µs / 827 µs |
//! | 1,000 generated, 10 to 35 tiles (`data/sudominoku_generated_1000.in`) | 11.3 µs | 9.5 µs | 303 µs | 13.7 / 266 | 189 µs / 140 ms |
//!
//! The whole program on a sample takes about as long as starting a process: `cargo xtask
//! bench --process` measured a median of 1.02 ms against 0.88 ms for a program that only
//! reads its input, with a peak of 2.7 MB of memory.
//!
//! ## Pitfalls
//!
//! - **Letters are rows, digits are columns.** `C9` is row 3, column 9 (cell 26), not
//!   row 9, column 3.
//! - **A tile used twice.** 2+9 and 9+2 are one tile; the used-tile set is indexed by the
//!   unordered pair ([`tile_index`]), and the parser rejects a tile given twice.
//! - **Two tilings can spell one grid** (the second sample puzzle has two). Print the grid
//!   only; never compare tilings.
//! - **A decided grid is not a solved puzzle.** Propagation may fill in all 81 digits while
//!   cells are still open; the search must go on until the tiles cover every cell, since
//!   those digits might not pair up into unused tiles.

use std::fmt;
use std::io::Write;

use common::board::{Board, Contradiction};
use common::observe::{Conflict, Reason, SearchObserver};
use common::{
    cell_bit, cells, unit_name, CellSet, ALL_CELLS, CELLS_OF_UNIT, COL_OF, N_CELLS, ROW_OF,
    UNITS_OF,
};

// -----------------------------------------------------------------------------------------
// The tile set
// -----------------------------------------------------------------------------------------

/// Number of tiles: one for every unordered pair of distinct digits 1..9, 9 × 8 / 2 = 36.
pub const N_TILES: usize = 36;

/// The two digits of each tile, smaller first. Tiles are numbered in the order
/// 1+2, 1+3, ..., 1+9, 2+3, ..., 8+9.
///
/// ```
/// assert_eq!(p4574::TILE_DIGITS[0], (1, 2));
/// assert_eq!(p4574::TILE_DIGITS[8], (2, 3));
/// assert_eq!(p4574::TILE_DIGITS[35], (8, 9));
/// ```
pub const TILE_DIGITS: [(u8, u8); N_TILES] = build_tile_digits();

/// `TILE_OF_DIGITS[a][b]`: the number of the tile showing digits `a` and `b`, in either
/// order. Index 0 and the diagonal name no tile and hold [`NO_TILE`].
const TILE_OF_DIGITS: [[u8; 10]; 10] = build_tile_of_digits();

/// The entry of [`TILE_OF_DIGITS`] for a pair of digits that is no tile.
const NO_TILE: u8 = u8::MAX;

/// A set of tiles: bit `t` is set when tile number `t` belongs to the set.
type TileSet = u64;

const fn build_tile_digits() -> [(u8, u8); N_TILES] {
    // List the pairs low < high in increasing order of low, then of high.
    let mut table = [(0, 0); N_TILES];
    let mut next_tile = 0;
    let mut low = 1;
    while low <= 9 {
        let mut high = low + 1;
        while high <= 9 {
            table[next_tile] = (low, high);
            next_tile += 1;
            high += 1;
        }
        low += 1;
    }
    // Anything but 36 pairs would be a bug in the loops above; stop the build.
    assert!(next_tile == N_TILES);
    table
}

const fn build_tile_of_digits() -> [[u8; 10]; 10] {
    let mut table = [[NO_TILE; 10]; 10];
    let mut tile = 0;
    while tile < N_TILES {
        let (low, high) = TILE_DIGITS[tile];
        table[low as usize][high as usize] = tile as u8;
        table[high as usize][low as usize] = tile as u8;
        tile += 1;
    }
    table
}

/// The number (`0..36`) of the tile showing `first` and `second`, in either order.
///
/// # Panics
///
/// If the two digits are equal or one is outside 1..=9: there is no such tile.
///
/// ```
/// assert_eq!(p4574::tile_index(2, 9), p4574::tile_index(9, 2));
/// assert_eq!(p4574::TILE_DIGITS[p4574::tile_index(9, 2)], (2, 9));
/// ```
pub fn tile_index(first: u8, second: u8) -> usize {
    let tile = TILE_OF_DIGITS
        .get(first as usize)
        .and_then(|row| row.get(second as usize))
        .copied()
        .unwrap_or(NO_TILE);
    assert!(tile != NO_TILE, "there is no tile {first}+{second}");
    tile as usize
}

/// The tile set holding only tile number `tile`.
fn tile_bit(tile: usize) -> TileSet {
    1 << tile
}

// -----------------------------------------------------------------------------------------
// Locations and neighbours
// -----------------------------------------------------------------------------------------

/// The name the input gives a cell: its row letter `A`..`I`, then its column digit `1`..`9`.
///
/// ```
/// assert_eq!(p4574::location_name(0), "A1");
/// assert_eq!(p4574::location_name(11), "B3");
/// assert_eq!(p4574::location_name(80), "I9");
/// ```
pub fn location_name(cell: usize) -> String {
    let row_letter = char::from(b'A' + ROW_OF[cell]);
    format!("{}{}", row_letter, COL_OF[cell] + 1)
}

/// The cell a location such as `B3` names, or `None` if it names no cell.
fn parse_location(text: &str) -> Option<usize> {
    match *text.as_bytes() {
        [row_letter @ b'A'..=b'I', column_digit @ b'1'..=b'9'] => {
            Some(usize::from(row_letter - b'A') * 9 + usize::from(column_digit - b'1'))
        }
        _ => None,
    }
}

/// The digit a one-character item `1`..`9` stands for, or `None`.
fn parse_digit(text: &str) -> Option<u8> {
    match *text.as_bytes() {
        [digit @ b'1'..=b'9'] => Some(digit - b'0'),
        _ => None,
    }
}

/// Whether two cells are side by side: same row and neighbouring columns, or same column
/// and neighbouring rows. Only such a pair can carry a tile.
fn are_side_by_side(first: usize, second: usize) -> bool {
    let same_row = ROW_OF[first] == ROW_OF[second];
    let same_column = COL_OF[first] == COL_OF[second];
    (same_row && COL_OF[first].abs_diff(COL_OF[second]) == 1)
        || (same_column && ROW_OF[first].abs_diff(ROW_OF[second]) == 1)
}

/// The cells that have a right-hand neighbour: all but the last column.
const HAS_RIGHT_NEIGHBOUR: CellSet = build_has_right_neighbour();

/// The cells that have a neighbour below: all but the last row.
const HAS_NEIGHBOUR_BELOW: CellSet = ALL_CELLS >> 9;

/// The "light" cells of a chessboard colouring: those whose row plus column is even.
/// A tile always covers one light and one dark cell.
const LIGHT_CELLS: CellSet = build_light_cells();

const fn build_has_right_neighbour() -> CellSet {
    let mut set = 0;
    let mut cell = 0;
    while cell < N_CELLS {
        if cell % 9 != 8 {
            set |= 1 << cell;
        }
        cell += 1;
    }
    set
}

const fn build_light_cells() -> CellSet {
    let mut set = 0;
    let mut cell = 0;
    while cell < N_CELLS {
        if (cell / 9 + cell % 9) % 2 == 0 {
            set |= 1 << cell;
        }
        cell += 1;
    }
    set
}

// -----------------------------------------------------------------------------------------
// Puzzles and the parser (step 1)
// -----------------------------------------------------------------------------------------

/// One tile on the grid: `digits[0]` stands in `cells[0]` and `digits[1]` in `cells[1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// The two cells the tile covers; they are side by side.
    pub cells: [usize; 2],
    /// The digit on each half, in the order of `cells`; the two are different.
    pub digits: [u8; 2],
}

/// One puzzle as read from the input, already checked against every rule that the givens
/// alone can break (see [`parse_puzzles`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The puzzle's number in the input, counted from 1.
    pub number: usize,
    /// The input line holding the tile count (1-based).
    pub first_line: usize,
    /// The input line holding the nine single cells.
    pub last_line: usize,
    /// The tiles already laid, in input order.
    pub tiles: Vec<PlacedTile>,
    /// `single_cells[d - 1]`: the cell where the single digit `d` stands.
    pub single_cells: [usize; 9],
}

impl Puzzle {
    /// The grid of the given digits (tiles and singles), 0 on every other cell.
    pub fn given_grid(&self) -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for tile in &self.tiles {
            grid[tile.cells[0]] = tile.digits[0];
            grid[tile.cells[1]] = tile.digits[1];
        }
        for (index, &cell) in self.single_cells.iter().enumerate() {
            grid[cell] = index as u8 + 1;
        }
        grid
    }
}

/// Reads the puzzles of `input` one at a time; see [`Puzzles`].
///
/// ```
/// let input = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n\
///              7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\nC5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
/// let puzzles: Vec<_> = p4574::parse_puzzles(input).collect();
/// assert_eq!(puzzles.len(), 1);
/// let puzzle = puzzles[0].as_ref().unwrap();
/// assert_eq!(puzzle.tiles.len(), 10);
/// assert_eq!(p4574::location_name(puzzle.single_cells[0]), "C5");
/// ```
pub fn parse_puzzles(input: &str) -> Puzzles<'_> {
    Puzzles {
        lines: input.lines(),
        line_number: 0,
        puzzles_read: 0,
        finished: false,
    }
}

/// An iterator over the puzzles of an input, reading one puzzle per step.
///
/// It yields `Ok(puzzle)` for each well-formed puzzle, and stops after the closing line `0`.
/// At the first fault it yields one `Err` and then stops, so the puzzles before a fault can
/// be solved and printed before the fault is reported.
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    /// The input lines not read yet.
    lines: std::str::Lines<'a>,
    /// The number of the last line read, counted from 1; 0 before the first.
    line_number: usize,
    /// How many puzzles have been read in full.
    puzzles_read: usize,
    /// Set once the closing `0` or a fault has been seen.
    finished: bool,
}

impl<'a> Iterator for Puzzles<'a> {
    type Item = Result<Puzzle, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.read_puzzle() {
            Ok(Some(puzzle)) => {
                self.puzzles_read += 1;
                Some(Ok(puzzle))
            }
            Ok(None) => {
                self.finished = true;
                None
            }
            Err(error) => {
                self.finished = true;
                Some(Err(error))
            }
        }
    }
}

/// What the givens of a puzzle look like while its lines are being read.
struct GivensSoFar {
    /// The given digit of each cell, 0 where none is given yet.
    grid: [u8; N_CELLS],
    /// The line that covered each cell, 0 where none did yet.
    line_of_cell: [usize; N_CELLS],
    /// The line that laid each tile, 0 where none did yet.
    line_of_tile: [usize; N_TILES],
}

impl GivensSoFar {
    fn new() -> GivensSoFar {
        GivensSoFar {
            grid: [0; N_CELLS],
            line_of_cell: [0; N_CELLS],
            line_of_tile: [0; N_TILES],
        }
    }

    /// Records digit `digit` given on `cell` by line `line`, refusing a cell covered twice
    /// and a digit that a unit of the cell already holds.
    fn give_digit(&mut self, cell: usize, digit: u8, line: usize) -> Result<(), Problem> {
        let first_line = self.line_of_cell[cell];
        if first_line != 0 {
            return Err(Problem::CellCoveredTwice { cell, first_line });
        }
        for &unit in &UNITS_OF[cell] {
            let unit = usize::from(unit);
            for &other_cell in &CELLS_OF_UNIT[unit] {
                let other_cell = usize::from(other_cell);
                if self.grid[other_cell] == digit {
                    return Err(Problem::DigitTwiceInUnit {
                        digit,
                        unit,
                        cell,
                        other_cell,
                        other_line: self.line_of_cell[other_cell],
                    });
                }
            }
        }
        self.grid[cell] = digit;
        self.line_of_cell[cell] = line;
        Ok(())
    }
}

/// The kinds of line in a puzzle, for messages about their number of items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The line with the tile count `N` (or the closing `0`): one item.
    TileCount,
    /// A tile line `U LU V LV`: four items.
    Tile,
    /// The line of the nine single cells: nine locations.
    Singles,
}

impl LineKind {
    /// How many items a line of this kind holds.
    fn n_items(self) -> usize {
        match self {
            LineKind::TileCount => 1,
            LineKind::Tile => 4,
            LineKind::Singles => 9,
        }
    }
}

impl<'a> Puzzles<'a> {
    /// The next line that is not blank, as its number and its items; `None` at the end.
    fn next_line(&mut self) -> Option<(usize, Vec<&'a str>)> {
        for line in self.lines.by_ref() {
            self.line_number += 1;
            let items: Vec<&'a str> = line.split_whitespace().collect();
            if !items.is_empty() {
                return Some((self.line_number, items));
            }
        }
        None
    }

    /// The next non-blank line, which must be of kind `kind`; `expected` says what was
    /// due, for the message when the input has ended.
    fn expect_line(
        &mut self,
        puzzle: usize,
        kind: LineKind,
        expected: Expected,
    ) -> Result<(usize, Vec<&'a str>), Error> {
        let Some((line, items)) = self.next_line() else {
            return Err(Error::EndsEarly {
                puzzle,
                last_line: self.line_number,
                expected,
            });
        };
        if items.len() != kind.n_items() {
            let problem = Problem::ItemCount {
                kind,
                found: items.len(),
            };
            return Err(Error::Input {
                puzzle,
                line,
                problem,
            });
        }
        Ok((line, items))
    }

    /// Reads the next puzzle; `Ok(None)` when the closing `0` comes instead.
    fn read_puzzle(&mut self) -> Result<Option<Puzzle>, Error> {
        let puzzle = self.puzzles_read + 1;

        // The tile count, or the closing 0.
        let (first_line, items) =
            self.expect_line(puzzle, LineKind::TileCount, Expected::TileCount)?;
        if items[0] == "0" {
            return match self.next_line() {
                None => Ok(None),
                Some((line, _)) => Err(Error::Input {
                    puzzle,
                    line,
                    problem: Problem::TextAfterEnd,
                }),
            };
        }
        let n_tiles = parse_tile_count(items[0]).map_err(on_line(puzzle, first_line))?;

        // The tiles already laid.
        let mut givens = GivensSoFar::new();
        let mut tiles = Vec::with_capacity(n_tiles);
        for tile_number in 1..=n_tiles {
            let expected = Expected::Tile {
                tile_number,
                n_tiles,
            };
            let (line, items) = self.expect_line(puzzle, LineKind::Tile, expected)?;
            let tile = parse_tile(&items, line, &mut givens).map_err(on_line(puzzle, line))?;
            tiles.push(tile);
        }

        // The nine single cells, for the digits 1, 2, ..., 9 in this order.
        let (last_line, items) = self.expect_line(puzzle, LineKind::Singles, Expected::Singles)?;
        let mut single_cells = [0; 9];
        for (index, item) in items.iter().enumerate() {
            let cell = parse_location_item(item).map_err(on_line(puzzle, last_line))?;
            let digit = index as u8 + 1;
            givens
                .give_digit(cell, digit, last_line)
                .map_err(on_line(puzzle, last_line))?;
            single_cells[index] = cell;
        }

        Ok(Some(Puzzle {
            number: puzzle,
            first_line,
            last_line,
            tiles,
            single_cells,
        }))
    }
}

/// Turns a [`Problem`] found on line `line` of puzzle `puzzle` into an [`Error`]; made to be
/// passed to `map_err`.
fn on_line(puzzle: usize, line: usize) -> impl Fn(Problem) -> Error {
    move |problem| Error::Input {
        puzzle,
        line,
        problem,
    }
}

/// Reads the tile count `N`, a number from 10 to 35.
fn parse_tile_count(item: &str) -> Result<usize, Problem> {
    let is_number = item.bytes().all(|byte| byte.is_ascii_digit());
    match item.parse::<usize>() {
        Ok(count) if is_number && (10..=35).contains(&count) => Ok(count),
        _ => Err(Problem::TileCount {
            found: item.to_string(),
        }),
    }
}

/// Reads a digit item `1`..`9`.
fn parse_digit_item(item: &str) -> Result<u8, Problem> {
    parse_digit(item).ok_or_else(|| Problem::Digit {
        found: item.to_string(),
    })
}

/// Reads a location item `A1`..`I9`.
fn parse_location_item(item: &str) -> Result<usize, Problem> {
    parse_location(item).ok_or_else(|| Problem::Location {
        found: item.to_string(),
    })
}

/// Reads the four items `U LU V LV` of a tile line and records the tile in `givens`.
fn parse_tile(
    items: &[&str],
    line: usize,
    givens: &mut GivensSoFar,
) -> Result<PlacedTile, Problem> {
    let first_digit = parse_digit_item(items[0])?;
    let first_cell = parse_location_item(items[1])?;
    let second_digit = parse_digit_item(items[2])?;
    let second_cell = parse_location_item(items[3])?;

    if first_digit == second_digit {
        return Err(Problem::EqualHalves { digit: first_digit });
    }
    if !are_side_by_side(first_cell, second_cell) {
        return Err(Problem::NotSideBySide {
            cells: [first_cell, second_cell],
        });
    }
    let tile = tile_index(first_digit, second_digit);
    let first_line = givens.line_of_tile[tile];
    if first_line != 0 {
        return Err(Problem::TileLaidTwice { tile, first_line });
    }
    givens.give_digit(first_cell, first_digit, line)?;
    givens.give_digit(second_cell, second_digit, line)?;
    givens.line_of_tile[tile] = line;
    Ok(PlacedTile {
        cells: [first_cell, second_cell],
        digits: [first_digit, second_digit],
    })
}

// -----------------------------------------------------------------------------------------
// Errors
// -----------------------------------------------------------------------------------------

/// Why a run stopped: a fault in the input, a puzzle without completion, or a failed write.
///
/// Each message is one line naming the puzzle (counted from 1) and, where it applies, the
/// input line (counted from 1), for example
/// `puzzle 2, line 14: tile 2+9 is laid twice (first on line 13); the set has one of each`.
#[derive(Debug)]
pub enum Error {
    /// Line `line`, inside puzzle `puzzle`, breaks the format or a rule of the game.
    Input {
        /// The puzzle being read, counted from 1.
        puzzle: usize,
        /// The faulty input line, counted from 1.
        line: usize,
        /// What is wrong with it.
        problem: Problem,
    },
    /// The input ends inside puzzle `puzzle`, or before the closing line `0`.
    EndsEarly {
        /// The puzzle being read, counted from 1.
        puzzle: usize,
        /// The number of lines in the input.
        last_line: usize,
        /// What should have come next.
        expected: Expected,
    },
    /// The puzzle's givens are well formed, but no tiling with every tile once makes them a
    /// valid Sudoku.
    NoCompletion {
        /// The puzzle, counted from 1.
        puzzle: usize,
        /// Its first input line (the tile count).
        first_line: usize,
        /// Its last input line (the singles).
        last_line: usize,
    },
    /// Writing the output failed.
    Output(std::io::Error),
}

/// What is wrong with one input line; see [`Error::Input`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The tile count is not a number from 10 to 35 (nor the closing `0`).
    TileCount {
        /// The item found instead.
        found: String,
    },
    /// The line does not hold the number of items its kind needs.
    ItemCount {
        /// The kind of line due here.
        kind: LineKind,
        /// How many items it holds.
        found: usize,
    },
    /// A digit item is not one of `1`..`9`.
    Digit {
        /// The item found instead.
        found: String,
    },
    /// A location item is not one of `A1`..`I9`.
    Location {
        /// The item found instead.
        found: String,
    },
    /// Both halves of a tile show the same digit; there is no such tile.
    EqualHalves {
        /// The digit on both halves.
        digit: u8,
    },
    /// The two halves of a tile are not on side-by-side cells.
    NotSideBySide {
        /// The two cells given.
        cells: [usize; 2],
    },
    /// The tile was laid on an earlier line already (in either order of its digits).
    TileLaidTwice {
        /// The tile's number, see [`TILE_DIGITS`].
        tile: usize,
        /// The line that laid it first.
        first_line: usize,
    },
    /// The cell was covered on an earlier line (or earlier on this line) already.
    CellCoveredTwice {
        /// The cell.
        cell: usize,
        /// The line that covered it first.
        first_line: usize,
    },
    /// The digit stands twice in one unit.
    DigitTwiceInUnit {
        /// The repeated digit.
        digit: u8,
        /// The unit holding it twice (`0..27`, see [`common::unit_name`]).
        unit: usize,
        /// The cell this line puts it on.
        cell: usize,
        /// The cell that held it already.
        other_cell: usize,
        /// The line that put it there.
        other_line: usize,
    },
    /// Something other than blank lines follows the closing `0`.
    TextAfterEnd,
}

/// What the input should have held where it ended; see [`Error::EndsEarly`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The tile count of the next puzzle, or the closing `0`.
    TileCount,
    /// Tile line number `tile_number` of `n_tiles`.
    Tile {
        /// Which tile line, counted from 1.
        tile_number: usize,
        /// How many the puzzle announced.
        n_tiles: usize,
    },
    /// The line of the nine single cells.
    Singles,
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                puzzle,
                line,
                problem,
            } => write!(formatter, "puzzle {puzzle}, line {line}: {problem}"),
            Error::EndsEarly {
                puzzle,
                last_line,
                expected,
            } => {
                if *last_line == 0 {
                    write!(
                        formatter,
                        "puzzle {puzzle}: the input is empty; expected {expected}"
                    )
                } else {
                    write!(
                        formatter,
                        "puzzle {puzzle}: input ends after line {last_line}, before {expected}"
                    )
                }
            }
            Error::NoCompletion {
                puzzle,
                first_line,
                last_line,
            } => write!(
                formatter,
                "puzzle {puzzle} (lines {first_line}-{last_line}): no completion: no way to \
                 lay the remaining tiles, each once, so that the grid is a valid sudoku"
            ),
            Error::Output(error) => write!(formatter, "cannot write the output: {error}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::TileCount { found } => write!(
                formatter,
                "the tile count must be a number from 10 to 35 (or 0 to end the input), \
                 found `{found}`"
            ),
            Problem::ItemCount { kind, found } => {
                let what = match kind {
                    LineKind::TileCount => "the tile count line holds one number",
                    LineKind::Tile => "a tile line holds 4 items `U LU V LV`, like `6 B2 1 B3`",
                    LineKind::Singles => {
                        "the singles line holds 9 locations, where 1, 2, ..., 9 stand"
                    }
                };
                write!(formatter, "{what}, found {found} items")
            }
            Problem::Digit { found } => {
                write!(formatter, "a digit must be one of 1 to 9, found `{found}`")
            }
            Problem::Location { found } => {
                write!(
                    formatter,
                    "a location is a row letter A to I and a column digit 1 to 9, like `B3`, \
                     found `{found}`"
                )?;
                if parse_location(&found.to_ascii_uppercase()).is_some() {
                    write!(formatter, " (row letters are capitals)")?;
                }
                Ok(())
            }
            Problem::EqualHalves { digit } => write!(
                formatter,
                "there is no tile {digit}+{digit}: the halves of a tile show two different digits"
            ),
            Problem::NotSideBySide { cells } => {
                let (first, second) = (location_name(cells[0]), location_name(cells[1]));
                if cells[0] == cells[1] {
                    write!(formatter, "both halves of the tile are on {first}")
                } else {
                    write!(
                        formatter,
                        "the halves of a tile must be side by side, but {first} and {second} \
                         are not"
                    )
                }
            }
            Problem::TileLaidTwice { tile, first_line } => {
                let (low, high) = TILE_DIGITS[*tile];
                write!(
                    formatter,
                    "tile {low}+{high} is laid twice (first on line {first_line}); \
                     the set has one of each"
                )
            }
            Problem::CellCoveredTwice { cell, first_line } => write!(
                formatter,
                "cell {} is covered twice (first on line {first_line})",
                location_name(*cell)
            ),
            Problem::DigitTwiceInUnit {
                digit,
                unit,
                cell,
                other_cell,
                other_line,
            } => write!(
                formatter,
                "digit {digit} stands twice in {}: at {} and at {} (line {other_line})",
                unit_name(*unit),
                location_name(*cell),
                location_name(*other_cell)
            ),
            Problem::TextAfterEnd => {
                write!(
                    formatter,
                    "unexpected text after the line `0` that ends the input"
                )
            }
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::TileCount => {
                write!(
                    formatter,
                    "its tile count (or the line `0` that ends the input)"
                )
            }
            Expected::Tile {
                tile_number,
                n_tiles,
            } => write!(formatter, "tile {tile_number} of {n_tiles}"),
            Expected::Singles => write!(formatter, "the line of the nine single cells"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Output(error) => Some(error),
            _ => None,
        }
    }
}

// -----------------------------------------------------------------------------------------
// The solver (steps 2 to 7)
// -----------------------------------------------------------------------------------------

/// A solved puzzle: the grid, and the 36 tiles that spell it (the given ones first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The solved grid, row-major.
    pub grid: [u8; N_CELLS],
    /// Every tile once: the puzzle's tiles in input order, then those the search laid.
    pub tiles: Vec<PlacedTile>,
}

/// The solved grid of `puzzle`: the first completion the search finds, or `None` if the
/// puzzle has none. The solver does no I/O.
///
/// ```
/// let input = std::fs::read_to_string("samples/sample-1.in").unwrap();
/// let puzzle = p4574::parse_puzzles(&input).next().unwrap().unwrap();
/// let grid = p4574::solve(&puzzle).unwrap();
/// assert!(common::is_valid_solution(&grid));
/// ```
pub fn solve(puzzle: &Puzzle) -> Option<[u8; N_CELLS]> {
    solve_with_tiling(puzzle, &mut ()).map(|solution| solution.grid)
}

/// Like [`solve`], but also returns the tiling that was found, and reports each guess
/// (a tile laid by the search) and dead end to `observer`.
pub fn solve_with_tiling(puzzle: &Puzzle, observer: &mut impl SearchObserver) -> Option<Solution> {
    // Step 2: the start state.
    let start = State::start(puzzle, observer).ok()?;
    // Steps 3 to 7: the search. It records its tiles deepest first, as it returns.
    let mut laid_by_search = Vec::new();
    let grid = search(start, &mut laid_by_search, observer)?;
    let mut tiles = puzzle.tiles.clone();
    tiles.extend(laid_by_search.iter().rev());
    Some(Solution { grid, tiles })
}

/// A search state. It is `Copy` and small (a 162-byte board and two sets): the search
/// undoes a step by dropping the copy it made the step on.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The candidates of every cell.
    board: Board,
    /// The cells covered by a single or a laid tile.
    covered: CellSet,
    /// The tiles laid so far.
    used_tiles: TileSet,
}

impl State {
    /// Step 2: the singles and the given tiles laid, then propagated.
    fn start(puzzle: &Puzzle, observer: &mut impl SearchObserver) -> Result<State, Contradiction> {
        if observer.is_watching() {
            for (cell, &digit) in puzzle.given_grid().iter().enumerate() {
                if digit != 0 {
                    observer.deduced(cell, digit, Reason::Given);
                }
            }
        }
        let mut state = State {
            board: Board::new(),
            covered: 0,
            used_tiles: 0,
        };
        for (index, &cell) in puzzle.single_cells.iter().enumerate() {
            if state.covered & cell_bit(cell) != 0 {
                return Err(Contradiction);
            }
            state.board.place(cell, index as u8 + 1)?;
            state.covered |= cell_bit(cell);
        }
        for tile in &puzzle.tiles {
            state.lay_tile(tile)?;
        }
        // The chessboard check: each tile covers one light and one dark open cell.
        let open = ALL_CELLS & !state.covered;
        if (open & LIGHT_CELLS).count_ones() != (open & !LIGHT_CELLS).count_ones() {
            return Err(Contradiction);
        }
        state.board.propagate_observed(observer)?;
        Ok(state)
    }

    /// Lays `tile` on two open cells: places both digits and marks the cells covered and
    /// the tile used. Does not propagate.
    fn lay_tile(&mut self, tile: &PlacedTile) -> Result<(), Contradiction> {
        let index = tile_index(tile.digits[0], tile.digits[1]);
        let tile_cells = cell_bit(tile.cells[0]) | cell_bit(tile.cells[1]);
        if self.used_tiles & tile_bit(index) != 0 || self.covered & tile_cells != 0 {
            return Err(Contradiction);
        }
        self.board.place(tile.cells[0], tile.digits[0])?;
        self.board.place(tile.cells[1], tile.digits[1])?;
        self.covered |= tile_cells;
        self.used_tiles |= tile_bit(index);
        Ok(())
    }
}

/// Steps 3 to 7: a depth-first search from `state`, which is this call's own copy.
/// Returns the first solved grid found, and pushes the tiles it laid onto `laid`, deepest
/// first.
fn search(
    mut state: State,
    laid: &mut Vec<PlacedTile>,
    observer: &mut impl SearchObserver,
) -> Option<[u8; N_CELLS]> {
    // Step 3: every cell covered means every cell decided.
    if state.covered == ALL_CELLS {
        return Some(state.board.to_grid());
    }
    // Steps 4 to 6: narrow the candidates, then take the placements of the most
    // constrained cell or tile.
    let placements = choose_branch(&mut state, observer)?;
    // Step 7: try each one on a copy; `state` stays as it was for the next one.
    for placement in placements {
        observer.guess(&[
            (placement.cells[0], placement.digits[0]),
            (placement.cells[1], placement.digits[1]),
        ]);
        let mut child = state;
        if child.lay_tile(&placement).is_ok() && child.board.propagate_observed(observer).is_ok() {
            if let Some(grid) = search(child, laid, observer) {
                laid.push(placement);
                return Some(grid);
            }
        }
        observer.dead_end();
    }
    None
}

/// One way to lay a tile: which digit goes on the first cell (the left or top one), which
/// on the second, and the step from the first cell to the second (1 across, 9 down).
#[derive(Clone, Copy, Debug)]
struct Layout {
    first_digit: u8,
    second_digit: u8,
    step: usize,
    /// The first cells of every placement in this layout that the state still allows.
    first_cells: CellSet,
}

impl Layout {
    /// The placement of this layout whose first cell is `first_cell`.
    fn placement(&self, first_cell: usize) -> PlacedTile {
        PlacedTile {
            cells: [first_cell, first_cell + self.step],
            digits: [self.first_digit, self.second_digit],
        }
    }
}

/// The four layouts of tile `tile`, with the placements each still allows.
///
/// `open_places[d]` is the set of open cells where digit `d` may stand. A cell `c` can be
/// the first cell of a layout when the first digit may stand on `c` and the second digit on
/// `c + step`: shifting the second digit's set right by `step` moves cell `c + step` onto `c`,
/// so one `&` tests all cells at once.
fn layouts_of_tile(tile: usize, open_places: &[CellSet; 10]) -> [Layout; 4] {
    let (low, high) = TILE_DIGITS[tile];
    let layout = |first_digit: u8, second_digit: u8, step: usize, has_neighbour: CellSet| {
        let first = open_places[usize::from(first_digit)];
        let second = open_places[usize::from(second_digit)];
        Layout {
            first_digit,
            second_digit,
            step,
            first_cells: first & (second >> step) & has_neighbour,
        }
    };
    [
        layout(low, high, 1, HAS_RIGHT_NEIGHBOUR),
        layout(high, low, 1, HAS_RIGHT_NEIGHBOUR),
        layout(low, high, 9, HAS_NEIGHBOUR_BELOW),
        layout(high, low, 9, HAS_NEIGHBOUR_BELOW),
    ]
}

/// Step 4's result: every placement a state still allows, and what steps 4 to 6 need.
struct PlacementTable {
    /// `layouts[t]`: the four layouts of tile `t`; all empty for a used tile.
    layouts: [[Layout; 4]; N_TILES],
    /// How many placements cover each open cell.
    placements_of_cell: [u16; N_CELLS],
    /// How many placements each unused tile has; `u32::MAX` for a used tile.
    placements_of_tile: [u32; N_TILES],
    /// `supported[d]`: the open cells where some placement puts digit `d`.
    supported: [CellSet; 10],
}

/// Step 4: lists the placements that `state` allows, tile by tile and layout by layout.
fn list_placements(state: &State) -> PlacementTable {
    let open = ALL_CELLS & !state.covered;
    let mut open_places = [0; 10];
    for digit in 1..=9 {
        open_places[usize::from(digit)] = state.board.places(digit) & open;
    }
    let no_layouts = [Layout {
        first_digit: 0,
        second_digit: 0,
        step: 0,
        first_cells: 0,
    }; 4];
    let mut table = PlacementTable {
        layouts: [no_layouts; N_TILES],
        placements_of_cell: [0; N_CELLS],
        placements_of_tile: [u32::MAX; N_TILES],
        supported: [0; 10],
    };
    for tile in 0..N_TILES {
        if state.used_tiles & tile_bit(tile) != 0 {
            continue;
        }
        let tile_layouts = layouts_of_tile(tile, &open_places);
        let mut n_placements = 0;
        for layout in &tile_layouts {
            let second_cells = layout.first_cells << layout.step;
            table.supported[usize::from(layout.first_digit)] |= layout.first_cells;
            table.supported[usize::from(layout.second_digit)] |= second_cells;
            n_placements += layout.first_cells.count_ones();
            for first_cell in cells(layout.first_cells) {
                table.placements_of_cell[first_cell] += 1;
                table.placements_of_cell[first_cell + layout.step] += 1;
            }
        }
        table.layouts[tile] = tile_layouts;
        table.placements_of_tile[tile] = n_placements;
    }
    table
}

/// Steps 4 to 6: narrows the candidates of `state`, then returns every placement of the
/// open cell or unused tile that has the fewest; `None` when the state is a dead end.
fn choose_branch(state: &mut State, observer: &mut impl SearchObserver) -> Option<Vec<PlacedTile>> {
    let open = ALL_CELLS & !state.covered;
    let table = loop {
        // Step 4: list the placements. A cell or tile without any is a dead end. (This is
        // checked before narrowing, so narrowing never takes the last candidate of a cell.)
        let table = list_placements(state);
        if let Some(tile) = table.placements_of_tile.iter().position(|&n| n == 0) {
            let (low, high) = TILE_DIGITS[tile];
            observer.contradiction(Conflict::UnplaceableTile {
                digits: [low, high],
            });
            return None;
        }
        if let Some(cell) = cells(open).find(|&cell| table.placements_of_cell[cell] == 0) {
            observer.contradiction(Conflict::UncoverableCell { cell });
            return None;
        }

        // Step 5: a candidate digit of an open cell that no placement puts there is in no
        // completion (the cell needs a tile, and every tile it could get is listed).
        // Remove those, propagate, and list again; stop when nothing was removed.
        let mut narrowed = false;
        for digit in 1..=9 {
            let unsupported =
                state.board.places(digit) & open & !table.supported[usize::from(digit)];
            for cell in cells(unsupported) {
                state.board.eliminate(cell, digit);
                narrowed = true;
            }
        }
        if !narrowed {
            break table;
        }
        state.board.propagate_observed(observer).ok()?;
    };

    // Step 6: the most constrained cell or tile (the lowest numbered one on ties; a cell
    // wins a tie with a tile).
    let best_cell = cells(open).min_by_key(|&cell| (table.placements_of_cell[cell], cell))?;
    let best_tile = (0..N_TILES).min_by_key(|&tile| (table.placements_of_tile[tile], tile))?;
    let n_for_cell = u32::from(table.placements_of_cell[best_cell]);

    let mut placements = Vec::new();
    if table.placements_of_tile[best_tile] < n_for_cell {
        // Every placement of the tile.
        for layout in &table.layouts[best_tile] {
            placements.extend(cells(layout.first_cells).map(|first| layout.placement(first)));
        }
    } else {
        // Every placement covering the cell, as its first or as its second cell.
        for layout in table.layouts.iter().flatten() {
            if layout.first_cells & cell_bit(best_cell) != 0 {
                placements.push(layout.placement(best_cell));
            }
            if let Some(first_cell) = best_cell.checked_sub(layout.step) {
                if layout.first_cells & cell_bit(first_cell) != 0 {
                    placements.push(layout.placement(first_cell));
                }
            }
        }
    }
    Some(placements)
}

// -----------------------------------------------------------------------------------------
// Output and the whole run
// -----------------------------------------------------------------------------------------

/// The output for one puzzle: `Puzzle k`, then nine lines of nine digits.
///
/// ```
/// let mut grid = [0u8; 81];
/// for (cell, digit) in grid.iter_mut().enumerate() {
///     *digit = ((cell / 9 * 3 + cell / 27 + cell % 9) % 9 + 1) as u8;
/// }
/// let text = p4574::format_solution(4, &grid);
/// assert!(text.starts_with("Puzzle 4\n123456789\n456789123\n"));
/// assert_eq!(text.lines().count(), 10);
/// ```
pub fn format_solution(puzzle_number: usize, grid: &[u8; N_CELLS]) -> String {
    let mut text = format!("Puzzle {puzzle_number}\n");
    for row in grid.chunks(9) {
        for &digit in row {
            text.push(char::from(b'0' + digit));
        }
        text.push('\n');
    }
    text
}

/// Reads, solves and prints the puzzles of `input` one by one.
///
/// Each puzzle's output is written as soon as it is solved, so when puzzle `k` turns out
/// faulty (or without completion) the outputs of puzzles `1..k` are complete in `output`
/// and nothing of puzzle `k` is.
///
/// ```
/// let input = std::fs::read_to_string("samples/sample-1.in").unwrap();
/// let expected = std::fs::read_to_string("samples/sample-1.out").unwrap();
/// let mut output = Vec::new();
/// p4574::run(&input, &mut output).unwrap();
/// assert_eq!(String::from_utf8(output).unwrap(), expected);
/// ```
pub fn run(input: &str, output: &mut impl Write) -> Result<(), Error> {
    for parsed in parse_puzzles(input) {
        let puzzle = parsed?;
        let grid = solve(&puzzle).ok_or(Error::NoCompletion {
            puzzle: puzzle.number,
            first_line: puzzle.first_line,
            last_line: puzzle.last_line,
        })?;
        output
            .write_all(format_solution(puzzle.number, &grid).as_bytes())
            .map_err(Error::Output)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::is_valid_solution;

    const SAMPLE_1_IN: &str = include_str!("../samples/sample-1.in");
    const SAMPLE_1_OUT: &str = include_str!("../samples/sample-1.out");
    const SAMPLE_2_IN: &str = include_str!("../samples/sample-2.in");
    const SAMPLE_2_OUT: &str = include_str!("../samples/sample-2.out");

    /// The first puzzle of sample 1, line by line (lines 1 to 12 of the sample).
    const FIRST_PUZZLE: [&str; 12] = [
        "10",
        "6 B2 1 B3",
        "2 C4 9 C3",
        "6 D3 8 E3",
        "7 E1 4 F1",
        "8 B7 4 B8",
        "3 F5 2 F6",
        "7 F7 6 F8",
        "5 G4 9 G5",
        "7 I8 8 I9",
        "7 C9 2 B9",
        "C5 A3 D9 I4 A9 E5 A2 C6 I1",
    ];

    /// Sample 1 without its closing `0`: two good puzzles on lines 1 to 25.
    fn two_good_puzzles() -> String {
        SAMPLE_1_IN
            .trim_end()
            .strip_suffix('0')
            .unwrap()
            .to_string()
    }

    /// Two good puzzles, then the first puzzle again as puzzle 3 (lines 26 to 37) with
    /// line `line_in_puzzle` (1 to 12) replaced by `replacement`, then `0`.
    fn third_puzzle_with(line_in_puzzle: usize, replacement: &str) -> String {
        let mut lines = FIRST_PUZZLE.to_vec();
        lines[line_in_puzzle - 1] = replacement;
        format!("{}{}\n0\n", two_good_puzzles(), lines.join("\n"))
    }

    /// Runs `input` and returns the output and the result.
    fn run_on(input: &str) -> (String, Result<(), Error>) {
        let mut output = Vec::new();
        let result = run(input, &mut output);
        (String::from_utf8(output).unwrap(), result)
    }

    /// Asserts that `input` is rejected with a message holding every piece of `parts`.
    fn assert_rejected(input: &str, parts: &[&str]) {
        let (_, result) = run_on(input);
        let message = match result {
            Err(error) => error.to_string(),
            Ok(()) => String::from("(no error)"),
        };
        for part in parts {
            assert!(
                message.contains(part),
                "input:\n{input}\nexpected a message with: {parts:?}\nactual: {message}"
            );
        }
        assert!(
            !message.contains('\n'),
            "the message is not one line: {message}"
        );
    }

    /// Asserts that `input` is accepted and prints `expected`.
    fn assert_output(input: &str, expected: &str) {
        let (output, result) = run_on(input);
        assert!(
            result.is_ok() && output == expected,
            "input:\n{input}\nexpected:\n{expected}\nactual:\n{output}\nresult: {result:?}"
        );
    }

    // ---- The tile set and locations ----

    #[test]
    fn tile_numbers_are_a_bijection_on_the_unordered_pairs() {
        let mut seen = [false; N_TILES];
        for first in 1..=9 {
            for second in 1..=9 {
                if first == second {
                    continue;
                }
                let tile = tile_index(first, second);
                assert_eq!(tile, tile_index(second, first));
                assert_eq!(TILE_DIGITS[tile], (first.min(second), first.max(second)));
                seen[tile] = true;
            }
        }
        assert!(seen.iter().all(|&was_seen| was_seen));
    }

    #[test]
    #[should_panic(expected = "there is no tile 6+6")]
    fn a_double_has_no_tile_number() {
        tile_index(6, 6);
    }

    #[test]
    fn locations_name_rows_by_letter_and_columns_by_digit() {
        for cell in 0..N_CELLS {
            assert_eq!(parse_location(&location_name(cell)), Some(cell));
        }
        assert_eq!(parse_location("C9"), Some(2 * 9 + 8));
        for bad in ["J1", "A0", "a1", "A10", "1A", "", "A", "I0"] {
            assert_eq!(parse_location(bad), None, "{bad}");
        }
    }

    #[test]
    fn side_by_side_means_sharing_an_edge() {
        assert!(are_side_by_side(0, 1));
        assert!(are_side_by_side(0, 9));
        assert!(are_side_by_side(40, 31));
        // A9 and B1 are consecutive cell numbers, but at opposite ends of two rows.
        assert!(!are_side_by_side(8, 9));
        assert!(!are_side_by_side(0, 10));
        assert!(!are_side_by_side(0, 0));
        assert!(!are_side_by_side(0, 2));
    }

    #[test]
    fn every_cell_has_the_colour_its_neighbours_do_not() {
        for cell in 0..N_CELLS {
            for other in 0..N_CELLS {
                if are_side_by_side(cell, other) {
                    let light = |c: usize| LIGHT_CELLS & cell_bit(c) != 0;
                    assert_ne!(light(cell), light(other), "cells {cell} and {other}");
                }
            }
        }
        assert_eq!(LIGHT_CELLS.count_ones(), 41);
    }

    // ---- What the parser accepts ----

    #[test]
    fn the_samples_are_solved_as_the_judge_expects() {
        assert_output(SAMPLE_1_IN, SAMPLE_1_OUT);
        assert_output(SAMPLE_2_IN, SAMPLE_2_OUT);
    }

    #[test]
    fn windows_line_ends_are_accepted() {
        assert_output(&SAMPLE_1_IN.replace('\n', "\r\n"), SAMPLE_1_OUT);
    }

    #[test]
    fn a_missing_final_line_end_is_accepted() {
        assert_output(SAMPLE_1_IN.trim_end(), SAMPLE_1_OUT);
        assert_output(SAMPLE_1_IN.replace('\n', "\r\n").trim_end(), SAMPLE_1_OUT);
    }

    #[test]
    fn any_white_space_between_items_and_blank_lines_are_accepted() {
        let loose = SAMPLE_1_IN
            .replace(' ', " \t ")
            .replace('\n', "  \n")
            .replace("\n11", "\n\n   \n11");
        assert_output(&format!("\n{loose}\n\n"), SAMPLE_1_OUT);
    }

    #[test]
    fn puzzles_are_parsed_with_their_lines() {
        let puzzles: Vec<Puzzle> = parse_puzzles(SAMPLE_1_IN).map(Result::unwrap).collect();
        assert_eq!(puzzles.len(), 2);
        assert_eq!((puzzles[0].number, puzzles[0].first_line), (1, 1));
        assert_eq!((puzzles[1].number, puzzles[1].first_line), (2, 13));
        assert_eq!(puzzles[1].last_line, 25);
        assert_eq!(puzzles[1].tiles.len(), 11);
        // "5 I9 2 H9": digit 5 on row 9, column 9, digit 2 just above it.
        let first_tile = puzzles[1].tiles[0];
        assert_eq!(first_tile.cells, [80, 71]);
        assert_eq!(first_tile.digits, [5, 2]);
        // The singles line "I5 E6 ...": digit 1 on I5, digit 2 on E6.
        assert_eq!(puzzles[1].single_cells[0], 8 * 9 + 4);
        assert_eq!(puzzles[1].single_cells[1], 4 * 9 + 5);
    }

    // ---- What the parser rejects ----

    #[test]
    fn a_bad_tile_count_is_rejected() {
        for bad in ["ten", "9", "36", "-10", "+10", "1e1"] {
            assert_rejected(
                &third_puzzle_with(1, bad),
                &[
                    "puzzle 3, line 26:",
                    "tile count",
                    "10 to 35",
                    &format!("`{bad}`"),
                ],
            );
        }
        assert_rejected(
            &third_puzzle_with(1, "10 11"),
            &[
                "puzzle 3, line 26:",
                "tile count line holds one number, found 2",
            ],
        );
    }

    #[test]
    fn input_that_ends_early_is_rejected() {
        // No closing 0.
        assert_rejected(
            &two_good_puzzles(),
            &[
                "puzzle 3: input ends after line 25, before its tile count",
                "`0`",
            ],
        );
        // In the middle of a puzzle's tiles.
        let lines: Vec<&str> = SAMPLE_1_IN.lines().collect();
        assert_rejected(
            &lines[..18].join("\n"),
            &["puzzle 2: input ends after line 18, before tile 6 of 11"],
        );
        // Before the singles.
        assert_rejected(
            &lines[..11].join("\n"),
            &["puzzle 1: input ends after line 11, before the line of the nine single cells"],
        );
        assert_rejected("", &["puzzle 1: the input is empty"]);
        assert_rejected(
            " \n\n",
            &["puzzle 1: input ends after line 2, before its tile count"],
        );
    }

    #[test]
    fn lines_with_the_wrong_number_of_items_are_rejected() {
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8"),
            &["puzzle 3, line 29:", "a tile line holds 4 items", "found 3"],
        );
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8 E3 5"),
            &["puzzle 3, line 29:", "found 5"],
        );
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6"),
            &[
                "puzzle 3, line 37:",
                "singles line holds 9 locations",
                "found 8",
            ],
        );
        // Eleven tile lines where ten were announced: the eleventh is read as the singles.
        assert_rejected(
            &third_puzzle_with(12, "5 G2 1 G3\nC5 A3 D9 I4 A9 E5 A2 C6 I1"),
            &["puzzle 3, line 37:", "singles line", "found 4"],
        );
    }

    #[test]
    fn digits_outside_one_to_nine_are_rejected() {
        for bad in ["0", "10", "x", "٣"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 C4 {bad} C3")),
                &[
                    "puzzle 3, line 28:",
                    "digit must be one of 1 to 9",
                    &format!("`{bad}`"),
                ],
            );
        }
    }

    #[test]
    fn locations_outside_the_grid_are_rejected() {
        for bad in ["J1", "A0", "B10", "3B", "C"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 {bad} 9 C3")),
                &[
                    "puzzle 3, line 28:",
                    "row letter A to I",
                    &format!("`{bad}`"),
                ],
            );
        }
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6 i1"),
            &["puzzle 3, line 37:", "`i1`", "row letters are capitals"],
        );
    }

    #[test]
    fn a_tile_with_equal_halves_is_rejected() {
        assert_rejected(
            &third_puzzle_with(2, "6 B2 6 B3"),
            &["puzzle 3, line 27:", "there is no tile 6+6"],
        );
    }

    #[test]
    fn halves_that_are_not_side_by_side_are_rejected() {
        assert_rejected(
            &third_puzzle_with(2, "6 B2 1 C3"),
            &["puzzle 3, line 27:", "side by side", "B2 and C3 are not"],
        );
        // The end of one row and the start of the next are not side by side.
        assert_rejected(
            &third_puzzle_with(2, "6 A9 1 B1"),
            &["puzzle 3, line 27:", "A9 and B1 are not"],
        );
        assert_rejected(
            &third_puzzle_with(2, "6 B2 1 B2"),
            &["puzzle 3, line 27:", "both halves of the tile are on B2"],
        );
    }

    #[test]
    fn a_tile_laid_twice_is_rejected_in_either_order() {
        // Line 3 of the puzzle lays 2+9 as "2 C4 9 C3".
        assert_rejected(
            &third_puzzle_with(11, "9 C9 2 B9"),
            &[
                "puzzle 3, line 36:",
                "tile 2+9 is laid twice (first on line 28)",
            ],
        );
        assert_rejected(
            &third_puzzle_with(11, "2 A1 9 A2"),
            &[
                "puzzle 3, line 36:",
                "tile 2+9 is laid twice (first on line 28)",
            ],
        );
    }

    #[test]
    fn a_cell_covered_twice_is_rejected() {
        // Two tiles: C3 is covered by "2 C4 9 C3" on line 3 of the puzzle.
        assert_rejected(
            &third_puzzle_with(11, "5 C2 1 C3"),
            &[
                "puzzle 3, line 36:",
                "cell C3 is covered twice (first on line 28)",
            ],
        );
        // A tile and a single: digit 1 put on B3, covered by "6 B2 1 B3".
        assert_rejected(
            &third_puzzle_with(12, "B3 A3 D9 I4 A9 E5 A2 C6 I1"),
            &[
                "puzzle 3, line 37:",
                "cell B3 is covered twice (first on line 27)",
            ],
        );
        // Two singles on one cell.
        assert_rejected(
            &third_puzzle_with(12, "C5 C5 D9 I4 A9 E5 A2 C6 I1"),
            &[
                "puzzle 3, line 37:",
                "cell C5 is covered twice (first on line 37)",
            ],
        );
    }

    #[test]
    fn a_digit_twice_in_a_unit_is_rejected_naming_the_unit() {
        // In a row: digit 1 on B9, where B3 holds a 1 (line 2 of the puzzle).
        assert_rejected(
            &third_puzzle_with(11, "7 C9 1 B9"),
            &[
                "puzzle 3, line 36:",
                "digit 1 stands twice in row 2: at B9 and at B3 (line 27)",
            ],
        );
        // In a column: digit 1 on H3, below that same 1 on B3.
        assert_rejected(
            &third_puzzle_with(11, "1 H3 3 H4"),
            &[
                "puzzle 3, line 36:",
                "digit 1 stands twice in column 3: at H3 and at B3 (line 27)",
            ],
        );
        // In a box only: digit 9 on A1, where C3 holds a 9 (line 3 of the puzzle).
        assert_rejected(
            &third_puzzle_with(11, "9 A1 3 A2"),
            &[
                "puzzle 3, line 36:",
                "digit 9 stands twice in box 1: at A1 and at C3 (line 28)",
            ],
        );
        // A single: the 8 moved to E2, where E3 holds an 8 (line 4 of the puzzle).
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 E2 I1"),
            &[
                "puzzle 3, line 37:",
                "digit 8 stands twice in row 5: at E2 and at E3 (line 29)",
            ],
        );
    }

    #[test]
    fn a_puzzle_without_completion_is_reported_plainly() {
        // The singles 1 and 4 of the first sample puzzle swapped: the givens do not clash,
        // but no tiling completes them.
        assert_rejected(
            &third_puzzle_with(12, "I4 A3 D9 C5 A9 E5 A2 C6 I1"),
            &["puzzle 3 (lines 26-37): no completion"],
        );
    }

    #[test]
    fn text_after_the_closing_zero_is_rejected() {
        assert_rejected(
            &format!("{SAMPLE_1_IN}\n5\n"),
            &["puzzle 3, line 28:", "after the line `0`"],
        );
    }

    #[test]
    fn puzzles_before_a_fault_are_written_in_full_and_nothing_after() {
        let (output, result) = run_on(&third_puzzle_with(11, "9 C9 2 B9"));
        assert!(result.is_err());
        assert_eq!(output, SAMPLE_1_OUT);
        let (output, result) = run_on(&third_puzzle_with(12, "I4 A3 D9 C5 A9 E5 A2 C6 I1"));
        assert!(matches!(result, Err(Error::NoCompletion { puzzle: 3, .. })));
        assert_eq!(output, SAMPLE_1_OUT);
    }

    #[test]
    fn a_failing_output_is_an_error() {
        /// A writer that refuses everything.
        struct Refuse;
        impl Write for Refuse {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::new(std::io::ErrorKind::Other, "disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let error = run(SAMPLE_1_IN, &mut Refuse).unwrap_err();
        assert!(matches!(error, Error::Output(_)));
        assert_eq!(error.to_string(), "cannot write the output: disk full");
        assert!(std::error::Error::source(&error).is_some());
    }

    // ---- The solver ----

    /// Checks everything a solution must satisfy, with a message naming the puzzle.
    fn assert_solution_is_right(puzzle: &Puzzle, solution: &Solution) {
        let grid = &solution.grid;
        let shown = format_solution(puzzle.number, grid);
        assert!(is_valid_solution(grid), "not a valid sudoku:\n{shown}");
        let givens = puzzle.given_grid();
        for cell in 0..N_CELLS {
            assert!(
                givens[cell] == 0 || givens[cell] == grid[cell],
                "given {} on {} changed:\n{shown}",
                givens[cell],
                location_name(cell)
            );
        }
        // The tiles: 36, each once, side by side, agreeing with the grid, and covering
        // every cell but the singles exactly once.
        assert_eq!(solution.tiles.len(), N_TILES);
        let mut used: TileSet = 0;
        let mut covered: CellSet = puzzle.single_cells.iter().map(|&c| cell_bit(c)).sum();
        for tile in &solution.tiles {
            let [first, second] = tile.cells;
            assert!(are_side_by_side(first, second), "{tile:?}");
            assert_eq!([grid[first], grid[second]], tile.digits, "{tile:?}");
            used |= tile_bit(tile_index(tile.digits[0], tile.digits[1]));
            let tile_cells = cell_bit(first) | cell_bit(second);
            assert_eq!(covered & tile_cells, 0, "{tile:?} covers a covered cell");
            covered |= tile_cells;
        }
        assert_eq!(used, (1 << N_TILES) - 1);
        assert_eq!(covered, ALL_CELLS);
        // And the given tiles are among them, as given.
        for tile in &puzzle.tiles {
            assert!(solution.tiles.contains(tile), "{tile:?} missing");
        }
    }

    #[test]
    fn sample_solutions_keep_the_givens_and_use_every_tile_once() {
        for input in [SAMPLE_1_IN, SAMPLE_2_IN] {
            for puzzle in parse_puzzles(input) {
                let puzzle = puzzle.unwrap();
                let solution =
                    solve_with_tiling(&puzzle, &mut ()).expect("the sample has a solution");
                assert_solution_is_right(&puzzle, &solution);
            }
        }
    }

    /// The grid's expected rows from a sample output, puzzle by puzzle.
    fn expected_grids(output: &str) -> Vec<[u8; N_CELLS]> {
        let lines: Vec<&str> = output.lines().collect();
        lines
            .chunks(10)
            .map(|chunk| {
                let mut grid = [0; N_CELLS];
                for (row, line) in chunk[1..].iter().enumerate() {
                    for (column, byte) in line.trim_end().bytes().enumerate() {
                        grid[row * 9 + column] = byte - b'0';
                    }
                }
                grid
            })
            .collect()
    }

    /// One of the eight symmetries of the square, applied to a cell: optionally mirror
    /// left to right, then turn a quarter `quarter_turns` times.
    fn move_cell(cell: usize, mirror: bool, quarter_turns: usize) -> usize {
        let (mut row, mut column) = (cell / 9, cell % 9);
        if mirror {
            column = 8 - column;
        }
        for _ in 0..quarter_turns {
            (row, column) = (column, 8 - row);
        }
        row * 9 + column
    }

    #[test]
    fn turned_mirrored_and_relabelled_samples_have_the_turned_answers() {
        // Symmetries of the square keep cells side by side and units units, and renaming
        // the digits keeps the tile set, so each changed puzzle has the changed answer.
        let puzzles: Vec<Puzzle> = parse_puzzles(SAMPLE_1_IN).map(Result::unwrap).collect();
        let answers = expected_grids(SAMPLE_1_OUT);
        let renamings: [[u8; 10]; 3] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            [0, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            [0, 4, 7, 1, 9, 2, 8, 3, 6, 5],
        ];
        for (puzzle, answer) in puzzles.iter().zip(&answers) {
            for mirror in [false, true] {
                for quarter_turns in 0..4 {
                    for rename in &renamings {
                        let moved = |cell| move_cell(cell, mirror, quarter_turns);
                        let new_digit = |digit: u8| rename[usize::from(digit)];
                        let mut changed = puzzle.clone();
                        for tile in &mut changed.tiles {
                            tile.cells = tile.cells.map(moved);
                            tile.digits = tile.digits.map(new_digit);
                        }
                        for (index, &cell) in puzzle.single_cells.iter().enumerate() {
                            let digit = new_digit(index as u8 + 1);
                            changed.single_cells[usize::from(digit) - 1] = moved(cell);
                        }
                        let mut changed_answer = [0; N_CELLS];
                        for cell in 0..N_CELLS {
                            changed_answer[moved(cell)] = new_digit(answer[cell]);
                        }
                        let solution = solve_with_tiling(&changed, &mut ()).expect("a solution");
                        assert_solution_is_right(&changed, &solution);
                        assert_eq!(
                            solution.grid, changed_answer,
                            "puzzle {}, mirror {mirror}, {quarter_turns} turns, {rename:?}",
                            puzzle.number
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn unbalanced_colours_have_no_completion() {
        // Nine singles on light cells leave 32 light and 40 dark cells: no tiling.
        let puzzle = Puzzle {
            number: 1,
            first_line: 1,
            last_line: 1,
            tiles: Vec::new(),
            single_cells: [0, 10, 20, 30, 40, 50, 60, 70, 80],
        };
        assert!(puzzle
            .single_cells
            .iter()
            .all(|&c| LIGHT_CELLS & cell_bit(c) != 0));
        assert_eq!(solve(&puzzle), None);
    }

    #[test]
    fn format_solution_prints_the_header_and_nine_rows() {
        let grid = expected_grids(SAMPLE_1_OUT)[1];
        let text = format_solution(2, &grid);
        assert_eq!(
            text,
            SAMPLE_1_OUT
                .split_once("Puzzle 2")
                .map(|(_, rest)| format!("Puzzle 2{rest}"))
                .unwrap()
        );
    }
}
