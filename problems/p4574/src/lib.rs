//! # Baekjoon 4574 — Su-domino-ku
//!
//! <https://www.acmicpc.net/problem/4574> · time limit 2 s · memory limit 128 MB ·
//! MCPC 2011, problem D
//!
//! Each **domino** shows two different digits; the set holds one domino for every unordered
//! pair of digits 1..9, so 9 × 8 / 2 = 36 dominoes (1+2 and 2+1 are the same domino).
//! Nine **single** cells hold the digits 1, 2, ..., 9, one each. The other 72 cells must be
//! covered by all 36 dominoes, each used once, laid across or down over two side-by-side cells
//! (dominoes may cross box borders), so that the 81 digits form a valid Sudoku.
//!
//! ## Input and output
//! - Input: several puzzles, then a line `0`. A puzzle is a line with `N` (10 ≤ N ≤ 35),
//!   the number of dominoes already laid; then `N` lines `U LU V LV`: digit `U` at location
//!   `LU` and digit `V` at location `LV`, the two halves of one domino; then one line of nine
//!   locations, where the singles 1, 2, ..., 9 stand. A **location** is a row letter
//!   `A`..`I` (top to bottom) and a column digit `1`..`9` (left to right): `B3` is row 2,
//!   column 3, which is cell 11 in the row-major numbering of [`common`].
//! - Output: for puzzle `k` (counted from 1), a line `Puzzle k` and then the solved grid as
//!   nine lines of nine digits.
//! - Beyond the judge's files, this program accepts Windows line ends, a byte order mark at
//!   the start, several spaces or tabs between items and at line ends, blank lines anywhere
//!   and a missing final line end. Spaces and tabs are the only separators, as in the other
//!   two solutions. The format is read line by line: the count line holds one item, a domino
//!   line four, the singles line nine, as the judge writes them, so that every message can
//!   name the line. Anything else malformed gets one line on standard error naming the
//!   puzzle, line and column, with invisible characters escaped, and exit status 1; a
//!   puzzle without completion gets one naming the puzzle. The answers to the puzzles
//!   before it are written in full by then. Each puzzle is read, answered and flushed
//!   before the next is read, line by line; a line longer than 64 KiB is refused unread,
//!   so memory stays bounded whatever the input's size ([`common::input`]).
//!
//! ## Approach
//!
//! **From the usual method.** The solution most people write fills the grid in reading
//! order: at the first cell not yet covered, try each unused domino reaching right or down,
//! either way round, where the Sudoku rules allow it, and go back when none fits. That
//! method is `xtask/src/problems/su_domino_ku/textbook.rs`, and `cargo xtask bench
//! --problem p4574 --baseline` times it beside this solution (the table under *Cost*). It
//! ignores the shape of the problem: Su-domino-ku is an **exact cover**. Every open cell
//! must be covered exactly once and every domino used exactly once, and laying a domino
//! covers two cells and uses one domino. So an open cell and an unused domino are the same
//! kind of constraint, each needing exactly one of the placements that satisfy it, and
//! the best one to branch on is whichever has the fewest placements left, cell or domino
//! (Knuth's rule for exact cover). Reading order takes the next cell however many
//! placements it has, even when some domino has one. On top of that search, the Sudoku
//! rules narrow the digits: the board of the ladder's
//! [rung 11](common::ladder::rung11_band_board), which [`common::ladder`] reaches from
//! plain backtracking one idea at a time.
//!
//! 1. **Read one puzzle** ([`read_puzzle`], in the module `input`, after the solver),
//!    checking its format where the line is still known: a digit outside 1..9, a location
//!    outside `A1`..`I9`, a domino with equal halves or with halves not side by side. Givens
//!    that clash (a cell covered twice, a domino laid twice, a digit twice in one unit) are
//!    not looked for here: they leave no completion, and step 2 finds that.
//! 2. **Build the start state** ([`solve`]). The state is three things:
//!    a [`Board`] with the candidates of every cell, the cell set of *covered* cells (singles
//!    and laid dominoes) and the set of *used* dominoes (bit `t` for domino number `t`). Place the
//!    singles and the given dominoes (a cell already covered, a domino already used or a digit
//!    already in a unit means no completion), then let [`Board::propagate`] apply the
//!    Sudoku rules (naked and hidden singles, locked candidates; each rule looks only at
//!    what changed since it last looked). Also check the colouring:
//!    colour the grid like a chessboard; a domino always covers one light and one dark cell,
//!    so the open cells must be half light and half dark, or no tiling exists.
//! 3. **Done?** When every cell is covered, every cell holds a digit: the grid is the answer.
//! 4. **List the ways to go on.** A *placement* is an unused domino, laid on two open
//!    side-by-side cells, with each half's digit still a candidate of its cell. For every
//!    unused domino the placements of each of its four layouts (low digit left, high digit
//!    left, low digit on top, high digit on top) are one cell set, found with a shift and
//!    two `&`s. From them we count, for every open cell, the placements covering it, and
//!    for every unused domino, its placements. A cell or a domino with no placement left means
//!    this state has no completion: go back.
//! 5. **Narrow the candidates.** A candidate digit of an open cell that no placement puts
//!    on that cell is removed, and the board propagated again; since that may remove
//!    placements, steps 4 and 5 repeat until nothing changes.
//! 6. **Choose where to branch**: the open cell or the unused domino with the fewest
//!    placements ("minimum remaining values", MRV, the rule Knuth's Dancing Links uses to
//!    pick the constraint with the fewest options).
//! 7. **Try each placement** of the chosen cell or domino: copy the state, lay the domino (place
//!    both digits, mark the cells covered and the domino used), propagate, and go to step 3
//!    with the copy. Undo is free: the parent state was never changed, we drop the copy.
//!    Propagation may decide the digit of an open cell; that cell still needs a domino, and
//!    its placements simply all show that digit.
//!
//! ### Why it is correct
//!
//! *Nothing is missed.* Propagation only removes candidates that no completion uses (see
//! [`common::board`]). Then in every completion of the current state each open cell is
//! covered by one of the placements step 4 lists, and each unused domino lies on one of its
//! listed placements. So a cell or domino without placement rules the state out; a digit
//! that no listed placement puts on a cell is not there in any completion (step 5); and
//! branching over all placements of one cell, or of one domino, tries the one that every
//! completion makes (step 7). The colouring check rejects only puzzles that no tiling can
//! cover.
//!
//! *Nothing wrong is returned.* Only open cells are ever covered, so no cell is covered
//! twice; a domino is laid only when unused, so no domino is used twice; 72 cells need exactly
//! 36 dominoes, so when all are covered every domino is used once. [`Board::place`] removes a
//! digit from the candidates of all 20 peers, so no unit ever holds a digit twice, and a
//! grid with every cell decided is a valid Sudoku.
//!
//! *The grid is the answer.* The judge promises one solved grid per puzzle, so the first
//! completion found is it, whichever tiling produced it.
//!
//! ## Worked example
//!
//! On the first sample puzzle, propagation brings the 29 givens to 49 decided cells before
//! any domino is laid. Those cells still need dominoes: the search covers them first, since
//! a cell whose digit is known has few placements. Each laid domino can decide further
//! cells, and none of the 26 laid is taken back:
//!
//! ```console
//! $ cargo xtask trace p4574 < problems/p4574/samples/sample-1.in
//! trace p4574, puzzle 1: the solved grid
//! ...
//!    28 49/81  hidden single  G7 = 3   the only place for 3 in row 7
//!    29 49/81  lay domino     #1 A1 = 8, B1 = 3
//!    30 49/81    lay domino     #2 C7 = 6, C8 = 3
//!    31 49/81      lay domino     #3 A4 = 6, A5 = 4
//!    32 51/81        lay domino     #4 A7 = 1, A8 = 9
//!    33 52/81          hidden single  I2 = 1   the only place for 1 in row 9
//! ...
//! summary: 85 steps; 29 givens, [..], 26 guesses, 0 taken back, [..]
//! ...
//! ```
//!
//! `--html trace.html` writes a page that replays these steps on the grid, with the dominoes
//! outlined (see the README, "Watching a solution think").
//!
//! ## Cost
//!
//! A search state is a 456-byte [`Board`], a 16-byte cell set and an 8-byte domino set;
//! copying it is the undo. Each visited state costs a listing (step 4: four shifted `&`s
//! of 128-bit sets per unused domino, plus a counter update for each cell of each placement
//! found) and a propagation, and one more of each for every time step 5 narrows it (most
//! states need none). What keeps the search small is branching where the choice is
//! narrowest: the judge's two puzzles take 28.5 guesses on average, against 7,025.5
//! placements for plain row-major backtracking; on the generated puzzles backtracking is often
//! quicker (a median of 1.68 µs against 12.3 µs), but one of them reached its cap of
//! 2,000,000 placements. Memory is one puzzle at a time (the input is read line by line, never
//! whole), a few hundred bytes per level of the search (at most 26 levels deep), and one
//! output string per puzzle.
//!
//! Measured with `cargo xtask bench --problem p4574 --baseline` (release build, 2-core
//! machine; time per puzzle, each puzzle's best of five rounds over the file; the full
//! output is in `docs/bench-baseline.txt`):
//!
//! | puzzles | mean | median | max | guesses (mean / max) | row-major backtracking (mean / max) |
//! |---|---:|---:|---:|---:|---:|
//! | the judge's samples (the same two puzzles in both files) | 36.4 µs | 36.4 µs | 42.9 µs | 28.5 / 31 | 559 µs / 854 µs |
//! | 1,000 generated, 10 to 35 dominoes (`data/sudominoku_generated_1000.in`) | 15.1 µs | 12.3 µs | 353 µs | 13.7 / 266 | 211 µs / 155 ms (one puzzle stopped at the cap) |
//!
//! The whole program on a sample takes about as long as starting a process: `cargo xtask
//! bench --process` measured a median of 1.02 ms against 0.88 ms for a program that only
//! reads its input, with a peak of 2.7 MB of memory.
//!
//! ## Pitfalls
//!
//! - **Letters are rows, digits are columns.** `C9` is row 3, column 9 (cell 26), not
//!   row 9, column 3.
//! - **A domino used twice.** 2+9 and 9+2 are one domino; the used-domino set is keyed by the
//!   unordered pair ([`domino_number`]), so a domino given twice leaves no completion.
//! - **Two tilings can spell one grid** (the second sample puzzle has two). Print the grid
//!   only; never compare tilings.
//! - **A decided grid is not a solved puzzle.** Propagation may fill in all 81 digits while
//!   cells are still open; the search must go on until the dominoes cover every cell, since
//!   those digits might not pair up into unused dominoes.

use std::io::{BufRead, Write};

use common::board::{Board, Contradiction};
use common::input::{write_answer, Error, Lines};
use common::observe::{report_givens, Conflict, SearchObserver};
use common::{cell_bit, cells, grid_text, CellSet, ALL_CELLS, N_CELLS};

// Step 1, reading the puzzles and their errors, lives in src/input.rs: the lesson here starts
// with the solver.
mod input;
pub use input::read_puzzle;

/// Number of dominoes: one for every unordered pair of distinct digits 1..9, 9 × 8 / 2 = 36.
pub const N_DOMINOES: usize = 36;

/// The two digits of each domino, smaller first. Dominoes are numbered in the order
/// 1+2, 1+3, ..., 1+9, 2+3, ..., 8+9.
///
/// ```
/// assert_eq!(p4574::DOMINO_DIGITS[0], (1, 2));
/// assert_eq!(p4574::DOMINO_DIGITS[8], (2, 3));
/// assert_eq!(p4574::DOMINO_DIGITS[35], (8, 9));
/// ```
pub const DOMINO_DIGITS: [(u8, u8); N_DOMINOES] = build_domino_digits();

/// A set of dominoes: bit `t` is set when domino number `t` belongs to the set.
type DominoSet = u64;

const fn build_domino_digits() -> [(u8, u8); N_DOMINOES] {
    // List the pairs low < high in increasing order of low, then of high.
    let mut table = [(0, 0); N_DOMINOES];
    let mut next_domino = 0;
    let mut low = 1;
    while low <= 9 {
        let mut high = low + 1;
        while high <= 9 {
            table[next_domino] = (low, high);
            next_domino += 1;
            high += 1;
        }
        low += 1;
    }
    // Anything but 36 pairs would be a bug in the loops above; stop the build.
    assert!(next_domino == N_DOMINOES);
    table
}

/// The number (`0..36`) of the domino showing `first` and `second`, in either order.
///
/// # Panics
///
/// If the two digits are equal or one is outside 1..=9: there is no such domino.
///
/// ```
/// assert_eq!(p4574::domino_number(2, 9), p4574::domino_number(9, 2));
/// assert_eq!(p4574::DOMINO_DIGITS[p4574::domino_number(9, 2)], (2, 9));
/// ```
pub fn domino_number(first: u8, second: u8) -> usize {
    let (low, high) = (
        usize::from(first.min(second)),
        usize::from(first.max(second)),
    );
    assert!(
        1 <= low && low < high && high <= 9,
        "there is no domino {first}+{second}"
    );
    // The dominoes with a smaller low digit come first: 8 + 7 + ... + (10 - low) of them,
    // which is (low - 1) * (18 - low) / 2.
    (low - 1) * (18 - low) / 2 + (high - low - 1)
}

/// The domino set holding only domino number `domino`.
fn domino_bit(domino: usize) -> DominoSet {
    1 << domino
}

/// The cells that have a right-hand neighbour: all but the last column.
const HAS_RIGHT_NEIGHBOUR: CellSet = build_has_right_neighbour();

/// The cells that have a neighbour below: all but the last row.
const HAS_NEIGHBOUR_BELOW: CellSet = ALL_CELLS >> 9;

/// The "light" cells of a chessboard colouring: those whose row plus column is even.
/// A domino always covers one light and one dark cell.
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

/// A domino on two side-by-side cells, `digits[0]` on `cells[0]` and `digits[1]` on
/// `cells[1]`: a domino the puzzle gives, one the search laid, or one it may lay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The two cells the domino covers; they are side by side.
    pub cells: [usize; 2],
    /// The digit on each half, in the order of `cells`; the two are different.
    pub digits: [u8; 2],
}

/// One puzzle as read from the input: each domino shows two different digits on two cells
/// side by side, but the givens may clash (see [`read_puzzle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The dominoes already laid, in input order.
    pub dominoes: Vec<Placement>,
    /// `single_cells[d - 1]`: the cell where the single digit `d` stands.
    pub single_cells: [usize; 9],
}

impl Puzzle {
    /// The grid of the given digits (dominoes and singles), 0 on every other cell.
    pub fn given_grid(&self) -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for domino in &self.dominoes {
            grid[domino.cells[0]] = domino.digits[0];
            grid[domino.cells[1]] = domino.digits[1];
        }
        for (index, &cell) in self.single_cells.iter().enumerate() {
            grid[cell] = index as u8 + 1;
        }
        grid
    }
}

/// A solved puzzle: the grid, and the 36 dominoes that spell it (the given ones first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The solved grid, row-major.
    pub grid: [u8; N_CELLS],
    /// Every domino once: the puzzle's dominoes in input order, then those the search laid.
    pub dominoes: Vec<Placement>,
}

/// The solved grid of `puzzle`: the first completion the search finds, or `None` if the
/// puzzle has none. The solver does no I/O.
///
/// ```
/// let input = std::fs::read("samples/sample-1.in").unwrap();
/// let mut lines = common::input::Lines::new(&input[..]);
/// let puzzle = p4574::read_puzzle(&mut lines).unwrap().unwrap();
/// let grid = p4574::solve(&puzzle).unwrap();
/// assert!(common::is_valid_solution(&grid));
/// ```
pub fn solve(puzzle: &Puzzle) -> Option<[u8; N_CELLS]> {
    solve_observed(puzzle, &mut ()).map(|solution| solution.grid)
}

/// Like [`solve`], but also returns the tiling that was found, and reports each guess
/// (a domino laid by the search) and dead end to `observer`.
pub fn solve_observed(puzzle: &Puzzle, observer: &mut impl SearchObserver) -> Option<Solution> {
    // Step 2: the start state.
    let start = State::start(puzzle, observer).ok()?;
    // Steps 3 to 7: the search. It records its dominoes deepest first, as it returns.
    let mut laid_by_search = Vec::new();
    let grid = search(start, &mut laid_by_search, observer)?;
    let mut dominoes = puzzle.dominoes.clone();
    dominoes.extend(laid_by_search.iter().rev());
    Some(Solution { grid, dominoes })
}

/// A search state. It is `Copy` and small (a board and two sets, a few hundred bytes):
/// the search undoes a step by dropping the copy it made the step on.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The candidates of every cell.
    board: Board,
    /// The cells covered by a single or a laid domino.
    covered: CellSet,
    /// The dominoes laid so far.
    used_dominoes: DominoSet,
}

impl State {
    /// Step 2: the singles and the given dominoes laid, then propagated.
    fn start(puzzle: &Puzzle, observer: &mut impl SearchObserver) -> Result<State, Contradiction> {
        report_givens(&puzzle.given_grid(), observer);
        let mut state = State {
            board: Board::new(),
            covered: 0,
            used_dominoes: 0,
        };
        for (index, &cell) in puzzle.single_cells.iter().enumerate() {
            if state.covered & cell_bit(cell) != 0 {
                return Err(Contradiction);
            }
            state.board.place(cell, index as u8 + 1)?;
            state.covered |= cell_bit(cell);
        }
        for domino in &puzzle.dominoes {
            state.lay_domino(domino)?;
        }
        // The chessboard check: each domino covers one light and one dark open cell.
        let open = ALL_CELLS & !state.covered;
        if (open & LIGHT_CELLS).count_ones() != (open & !LIGHT_CELLS).count_ones() {
            return Err(Contradiction);
        }
        state.board.propagate_observed(observer)?;
        Ok(state)
    }

    /// Lays `domino` on two open cells: places both digits and marks the cells covered and
    /// the domino used. Does not propagate.
    fn lay_domino(&mut self, domino: &Placement) -> Result<(), Contradiction> {
        let number = domino_number(domino.digits[0], domino.digits[1]);
        let domino_cells = cell_bit(domino.cells[0]) | cell_bit(domino.cells[1]);
        if self.used_dominoes & domino_bit(number) != 0 || self.covered & domino_cells != 0 {
            return Err(Contradiction);
        }
        self.board.place(domino.cells[0], domino.digits[0])?;
        self.board.place(domino.cells[1], domino.digits[1])?;
        self.covered |= domino_cells;
        self.used_dominoes |= domino_bit(number);
        Ok(())
    }
}

/// Steps 3 to 7: a depth-first search from `state`, which is this call's own copy.
/// Returns the first solved grid found, and pushes the dominoes it laid onto `laid`, deepest
/// first.
fn search(
    mut state: State,
    laid: &mut Vec<Placement>,
    observer: &mut impl SearchObserver,
) -> Option<[u8; N_CELLS]> {
    // Step 3: every cell covered means every cell decided.
    if state.covered == ALL_CELLS {
        return Some(state.board.to_grid());
    }
    // Steps 4 to 6: narrow the candidates, then take the placements of the most
    // constrained cell or domino.
    let placements = choose_branch(&mut state, observer)?;
    // Step 7: try each one on a copy; `state` stays as it was for the next one.
    for placement in placements {
        observer.guess(&[
            (placement.cells[0], placement.digits[0]),
            (placement.cells[1], placement.digits[1]),
        ]);
        let mut child = state;
        if child.lay_domino(&placement).is_ok() && child.board.propagate_observed(observer).is_ok()
        {
            if let Some(grid) = search(child, laid, observer) {
                laid.push(placement);
                return Some(grid);
            }
        }
        observer.dead_end();
    }
    None
}

/// One way to lay a domino: which digit goes on the first cell (the left or top one), which
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
    fn placement(&self, first_cell: usize) -> Placement {
        Placement {
            cells: [first_cell, first_cell + self.step],
            digits: [self.first_digit, self.second_digit],
        }
    }
}

/// The four layouts of domino `domino`, with the placements each still allows.
///
/// `open_places[d]` is the set of open cells where digit `d` may stand. A cell `c` can be
/// the first cell of a layout when the first digit may stand on `c` and the second digit on
/// `c + step`: shifting the second digit's set right by `step` moves cell `c + step` onto `c`,
/// so one `&` tests all cells at once.
fn layouts_of_domino(domino: usize, open_places: &[CellSet; 10]) -> [Layout; 4] {
    let (low, high) = DOMINO_DIGITS[domino];
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
    /// `layouts[t]`: the four layouts of domino `t`; all empty for a used domino.
    layouts: [[Layout; 4]; N_DOMINOES],
    /// How many placements cover each open cell.
    placements_of_cell: [u16; N_CELLS],
    /// How many placements each unused domino has; `u32::MAX` for a used domino.
    placements_of_domino: [u32; N_DOMINOES],
    /// `supported[d]`: the open cells where some placement puts digit `d`.
    supported: [CellSet; 10],
}

/// Step 4: lists the placements that `state` allows, domino by domino and layout by layout.
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
        layouts: [no_layouts; N_DOMINOES],
        placements_of_cell: [0; N_CELLS],
        placements_of_domino: [u32::MAX; N_DOMINOES],
        supported: [0; 10],
    };
    for domino in 0..N_DOMINOES {
        if state.used_dominoes & domino_bit(domino) != 0 {
            continue;
        }
        let domino_layouts = layouts_of_domino(domino, &open_places);
        let mut n_placements = 0;
        for layout in &domino_layouts {
            let second_cells = layout.first_cells << layout.step;
            table.supported[usize::from(layout.first_digit)] |= layout.first_cells;
            table.supported[usize::from(layout.second_digit)] |= second_cells;
            n_placements += layout.first_cells.count_ones();
            for first_cell in cells(layout.first_cells) {
                table.placements_of_cell[first_cell] += 1;
                table.placements_of_cell[first_cell + layout.step] += 1;
            }
        }
        table.layouts[domino] = domino_layouts;
        table.placements_of_domino[domino] = n_placements;
    }
    table
}

/// Steps 4 to 6: narrows the candidates of `state`, then returns every placement of the
/// open cell or unused domino that has the fewest; `None` when the state is a dead end.
fn choose_branch(state: &mut State, observer: &mut impl SearchObserver) -> Option<Vec<Placement>> {
    let open = ALL_CELLS & !state.covered;
    let table = loop {
        // Step 4: list the placements. A cell or domino without any is a dead end. (This is
        // checked before narrowing, so narrowing never takes the last candidate of a cell.)
        let table = list_placements(state);
        if let Some(domino) = table.placements_of_domino.iter().position(|&n| n == 0) {
            let digits = [DOMINO_DIGITS[domino].0, DOMINO_DIGITS[domino].1];
            observer.contradiction(Conflict::UnplaceableDomino { digits });
            return None;
        }
        if let Some(cell) = cells(open).find(|&cell| table.placements_of_cell[cell] == 0) {
            observer.contradiction(Conflict::UncoverableCell { cell });
            return None;
        }

        // Step 5: a candidate digit of an open cell that no placement puts there is in no
        // completion (the cell needs a domino, and every domino it could get is listed).
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

    // Step 6: the most constrained cell or domino (the lowest numbered one on ties; a cell
    // wins a tie with a domino).
    let best_cell = cells(open).min_by_key(|&cell| (table.placements_of_cell[cell], cell))?;
    let best_domino =
        (0..N_DOMINOES).min_by_key(|&domino| (table.placements_of_domino[domino], domino))?;
    let n_for_cell = u32::from(table.placements_of_cell[best_cell]);

    let mut placements = Vec::new();
    if table.placements_of_domino[best_domino] < n_for_cell {
        // Every placement of the domino.
        for layout in &table.layouts[best_domino] {
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

/// The output for one puzzle: `Puzzle k`, then nine lines of nine digits.
///
/// ```
/// let text = p4574::format_solution(4, &[7; 81]);
/// assert_eq!(text, format!("Puzzle 4\n{}", "777777777\n".repeat(9)));
/// ```
pub fn format_solution(puzzle_number: usize, grid: &[u8; N_CELLS]) -> String {
    format!("Puzzle {puzzle_number}\n{}", grid_text(grid))
}

/// Reads, solves and prints the puzzles of `input` one by one.
///
/// Each puzzle is read, solved, written and flushed before the next is read, so when
/// puzzle `k` turns out faulty (or without completion) the outputs of puzzles `1..k` are
/// complete in `output` and nothing of puzzle `k` is.
///
/// ```
/// let input = std::fs::read("samples/sample-1.in").unwrap();
/// let expected = std::fs::read("samples/sample-1.out").unwrap();
/// let mut output = Vec::new();
/// p4574::run(&input[..], &mut output).unwrap();
/// assert_eq!(output, expected);
/// ```
pub fn run(input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    for number in 1.. {
        // Every error names the puzzle it stopped in.
        let in_puzzle = |error: Error| Error {
            puzzle: Some(number),
            ..error
        };
        let puzzle = match read_puzzle(&mut lines).map_err(in_puzzle)? {
            Some(puzzle) => puzzle,
            None => break,
        };
        let grid = solve(&puzzle).ok_or_else(|| {
            in_puzzle(Error::new(
                "no completion: the givens clash, or the remaining dominoes cannot be laid, each \
                 once, so that the grid is a valid sudoku",
            ))
        })?;
        write_answer(output, &format_solution(number, &grid))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::are_side_by_side;
    use crate::input::tests::{third_puzzle_with, SAMPLE_1_IN};
    use common::is_valid_solution;

    const SAMPLE_1_OUT: &str = include_str!("../samples/sample-1.out");
    const SAMPLE_2_IN: &str = include_str!("../samples/sample-2.in");
    const SAMPLE_2_OUT: &str = include_str!("../samples/sample-2.out");

    /// Runs `input` and returns the output and the result.
    fn run_on(input: &str) -> (String, Result<(), Error>) {
        let mut output = Vec::new();
        let result = run(input.as_bytes(), &mut output);
        (String::from_utf8(output).unwrap(), result)
    }

    /// Asserts that `input` is accepted and prints `expected`.
    fn assert_output(input: &str, expected: &str) {
        let (output, result) = run_on(input);
        assert!(
            result.is_ok() && output == expected,
            "input:\n{input}\nexpected:\n{expected}\nactual:\n{output}\nresult: {result:?}"
        );
    }

    #[test]
    fn domino_numbers_are_a_bijection_on_the_unordered_pairs() {
        let mut seen = [false; N_DOMINOES];
        for first in 1..=9 {
            for second in 1..=9 {
                if first == second {
                    continue;
                }
                let domino = domino_number(first, second);
                assert_eq!(domino, domino_number(second, first));
                assert_eq!(
                    DOMINO_DIGITS[domino],
                    (first.min(second), first.max(second))
                );
                seen[domino] = true;
            }
        }
        assert!(seen.iter().all(|&was_seen| was_seen));
    }

    #[test]
    #[should_panic(expected = "there is no domino 6+6")]
    fn a_double_has_no_domino_number() {
        domino_number(6, 6);
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
    fn a_puzzle_without_completion_is_reported_plainly() {
        // The singles 1 and 4 of the first sample puzzle swapped: the givens do not clash,
        // but no tiling completes them.
        let (_, result) = run_on(&third_puzzle_with(12, "I4 A3 D9 C5 A9 E5 A2 C6 I1"));
        let message = result.unwrap_err().to_string();
        assert!(
            message.starts_with(
                "puzzle 3: no completion: the givens clash, or the remaining dominoes"
            ),
            "{message}"
        );
    }

    #[test]
    fn puzzles_before_a_fault_are_written_in_full_and_nothing_after() {
        let (output, result) = run_on(&third_puzzle_with(11, "9 C9 2 B9"));
        assert!(result.is_err());
        assert_eq!(output, SAMPLE_1_OUT);
        let (output, result) = run_on(&third_puzzle_with(12, "I4 A3 D9 C5 A9 E5 A2 C6 I1"));
        let error = result.unwrap_err();
        assert_eq!(error.puzzle, Some(3));
        assert!(error.message.starts_with("no completion"), "{error}");
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
        let error = run(SAMPLE_1_IN.as_bytes(), &mut Refuse).unwrap_err();
        assert_eq!(error.to_string(), "cannot write the output: disk full");
    }

    /// Checks everything a solution must satisfy, with a message naming the puzzle.
    fn assert_solution_is_right(puzzle: &Puzzle, solution: &Solution) {
        let grid = &solution.grid;
        let shown = format_solution(1, grid);
        assert!(is_valid_solution(grid), "not a valid sudoku:\n{shown}");
        let givens = puzzle.given_grid();
        for cell in 0..N_CELLS {
            assert!(
                givens[cell] == 0 || givens[cell] == grid[cell],
                "given {} on cell {cell} changed:\n{shown}",
                givens[cell]
            );
        }
        // The dominoes: 36, each once, side by side, agreeing with the grid, and covering
        // every cell but the singles exactly once.
        assert_eq!(solution.dominoes.len(), N_DOMINOES);
        let mut used: DominoSet = 0;
        let mut covered: CellSet = puzzle.single_cells.iter().map(|&c| cell_bit(c)).sum();
        for domino in &solution.dominoes {
            let [first, second] = domino.cells;
            assert!(are_side_by_side(first, second), "{domino:?}");
            assert_eq!([grid[first], grid[second]], domino.digits, "{domino:?}");
            used |= domino_bit(domino_number(domino.digits[0], domino.digits[1]));
            let domino_cells = cell_bit(first) | cell_bit(second);
            assert_eq!(
                covered & domino_cells,
                0,
                "{domino:?} covers a covered cell"
            );
            covered |= domino_cells;
        }
        assert_eq!(used, (1 << N_DOMINOES) - 1);
        assert_eq!(covered, ALL_CELLS);
        // And the given dominoes are among them, as given.
        for domino in &puzzle.dominoes {
            assert!(solution.dominoes.contains(domino), "{domino:?} missing");
        }
    }

    #[test]
    fn sample_solutions_keep_the_givens_and_use_every_domino_once() {
        for input in [SAMPLE_1_IN, SAMPLE_2_IN] {
            let mut lines = Lines::new(input.as_bytes());
            while let Some(puzzle) = read_puzzle(&mut lines).unwrap() {
                let solution = solve_observed(&puzzle, &mut ()).expect("the sample has a solution");
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
        // the digits keeps the domino set, so each changed puzzle has the changed answer.
        let mut lines = Lines::new(SAMPLE_1_IN.as_bytes());
        let puzzles: Vec<Puzzle> =
            std::iter::from_fn(|| read_puzzle(&mut lines).unwrap()).collect();
        let answers = expected_grids(SAMPLE_1_OUT);
        let renamings: [[u8; 10]; 3] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            [0, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            [0, 4, 7, 1, 9, 2, 8, 3, 6, 5],
        ];
        for (number, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
            for mirror in [false, true] {
                for quarter_turns in 0..4 {
                    for rename in &renamings {
                        let moved = |cell| move_cell(cell, mirror, quarter_turns);
                        let new_digit = |digit: u8| rename[usize::from(digit)];
                        let mut changed = puzzle.clone();
                        for domino in &mut changed.dominoes {
                            domino.cells = domino.cells.map(moved);
                            domino.digits = domino.digits.map(new_digit);
                        }
                        for (index, &cell) in puzzle.single_cells.iter().enumerate() {
                            let digit = new_digit(index as u8 + 1);
                            changed.single_cells[usize::from(digit) - 1] = moved(cell);
                        }
                        let mut changed_answer = [0; N_CELLS];
                        for cell in 0..N_CELLS {
                            changed_answer[moved(cell)] = new_digit(answer[cell]);
                        }
                        let solution = solve_observed(&changed, &mut ()).expect("a solution");
                        assert_solution_is_right(&changed, &solution);
                        assert_eq!(
                            solution.grid,
                            changed_answer,
                            "puzzle {}, mirror {mirror}, {quarter_turns} turns, {rename:?}",
                            number + 1
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
            dominoes: Vec::new(),
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
