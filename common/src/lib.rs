//! # The vocabulary and tables of a 9×9 Sudoku
//!
//! One meaning per word (`common/tests/glossary.rs` rejects the retired ones). Code counts
//! from 0, prose from 1: cell `10` is in row 2, column 2, box 1 (`r2c2` in traces).
//!
//! **The grid.** A **cell** is one of 81, numbered row by row; a **box** is 3×3; a **line**,
//! a row or a column; a **unit**, a line or a box (rows `0..9`, columns `9..18`, boxes
//! `18..27`); a **peer**, a cell sharing a unit (each cell has 20). A **band** is three
//! rows of boxes, a **stack** three columns of boxes, a **chute** either. A **mini-line**
//! (**mini-row**, **mini-column**) is the three cells where a line meets a box.
//!
//! **The state.**
//! - **candidate**: a digit that may still go in a cell; **candidate mask**: a `u16`, bit
//!   `d - 1` (the digit's **index**) per candidate `d`; **cell set**: a `u128`.
//! - **place** (of a digit): a cell where it may still stand; to **place** it is to decide
//!   its cell. A cell is **open** while its digit is not decided.
//! - **word**: a `u32`, one digit's places in one band, bit `9 × r + c` for the band's row
//!   `r` (`0..3`) and column `c`. **band board**: the solutions' [`board::Board`] (rung 11
//!   on), three words per digit, every rule run on words.
//! - **permutation** (of a digit in a chute): which mini-line of each of the chute's boxes
//!   holds it; six, as the boxes take different rows (columns). The digit is **settled**
//!   there when its places lie in one permutation's mini-lines only; else **unsettled**.
//!
//! **The rules.** **Propagation** applies them until none finds more; a **contradiction**
//! is a cell without a candidate, a digit without a place in a unit or a permutation in a
//! band, or more than three digits confined to one mini-line.
//! **Naked single**: a cell with one candidate takes it. **Hidden single**: a digit with one
//! place in a unit goes there. **Locked candidates**: a digit's places in a box on one
//! mini-line clear the rest of the line (**pointing**); in a line, in one box, the rest of
//! the box (**claiming**). Rule 1, **the band rule**: a digit's places in a band lie on its
//! permutations; with the band's hidden singles and **locked columns** (its places in a box
//! on one column clear that column in the other bands). Rule 2: naked singles. Rule 3,
//! **the column rules**: hidden singles in columns, claiming along columns. Rule 4, **the
//! mini-line rule**: a digit is **confined** to a mini-line when its places in the line all
//! lie there, and three confined digits fill it; **only three**: where only three digits
//! can go in a mini-line, they go there.
//!
//! **The search** (with propagation, DPLL).
//! - **branch point**: where the search splits: a cell (its candidates) or a chute (a
//!   digit's permutations). **guess**: each way tried there; it places a digit or keeps one
//!   permutation; the trace and the ladder count every guess. A **free guess**: any way
//!   but the last (forced once the others failed), as tdoku counts and figures quoted
//!   against it. **node**: the root or a guess's board.
//! - **early**: a chute with [`board::early::EARLY`] unsettled digits or more; the board
//!   is early while every chute with an unsettled digit is.
//! - **recount**: counting again only what changed. **remark**: free text the search gives
//!   its observer (the trace prints `remark`). **domino** (Su-domino-ku): one of the 36
//!   pairs of different digits, laid on two side-by-side cells.

pub mod board;
pub mod grid_reader;
pub mod input;
pub mod ladder;
pub mod observe;
pub mod sudoku_start;

/// Number of cells in the grid.
pub const N_CELLS: usize = 81;
/// Number of units: 9 rows, 9 columns, 9 boxes.
pub const N_UNITS: usize = 27;
/// Number of peers of every cell: 8 in its row, 8 in its column, 4 more in its box.
pub const N_PEERS: usize = 20;

/// The row (`0..9`) of each cell.
pub const ROW_OF: [u8; N_CELLS] = build_unit_of(0);
/// The column (`0..9`) of each cell.
pub const COL_OF: [u8; N_CELLS] = build_unit_of(1);
/// The box (`0..9`) of each cell.
pub const BOX_OF: [u8; N_CELLS] = build_unit_of(2);

/// The nine cells of each unit, in row-major order.
///
/// ```
/// // Unit `9` is column 1; unit `18` is box 1.
/// assert_eq!(common::CELLS_OF_UNIT[9], [0, 9, 18, 27, 36, 45, 54, 63, 72]);
/// assert_eq!(common::CELLS_OF_UNIT[18], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
/// ```
pub const CELLS_OF_UNIT: [[u8; 9]; N_UNITS] = build_cells_of_unit();

/// The 20 peers of each cell, in increasing order.
pub const PEERS_OF: [[u8; N_PEERS]; N_CELLS] = build_peers_of();

/// The cells of each unit as a cell set.
pub const UNIT_SET: [CellSet; N_UNITS] = sets_of(&CELLS_OF_UNIT);

/// The 20 peers of each cell as a cell set.
pub const PEER_SET: [CellSet; N_CELLS] = sets_of(&PEERS_OF);

/// A set of cells: bit `i` for cell `i`.
pub type CellSet = u128;

/// The set of all 81 cells.
pub const ALL_CELLS: CellSet = (1 << N_CELLS) - 1;

/// The candidate mask with every digit 1..9 allowed.
pub const ALL_DIGITS: u16 = 0b1_1111_1111;

/// The unit number of a cell's row, column and box.
const fn units_of_cell(cell: usize) -> [u8; 3] {
    [
        (cell / 9) as u8,
        9 + (cell % 9) as u8,
        18 + ((cell / 9) / 3 * 3 + (cell % 9) / 3) as u8,
    ]
}

/// Each cell's row (`kind` 0), column (1) or box (2), counted `0..9` within its kind.
const fn build_unit_of(kind: usize) -> [u8; N_CELLS] {
    let mut table = [0; N_CELLS];
    let mut cell = 0;
    while cell < N_CELLS {
        table[cell] = units_of_cell(cell)[kind] - 9 * kind as u8;
        cell += 1;
    }
    table
}

const fn build_cells_of_unit() -> [[u8; 9]; N_UNITS] {
    // Cells in row-major order, each appended to its three units: lists come out sorted.
    let mut table = [[0; 9]; N_UNITS];
    let mut filled = [0usize; N_UNITS];
    let mut cell = 0;
    while cell < N_CELLS {
        let units = units_of_cell(cell);
        let mut k = 0;
        while k < 3 {
            let unit = units[k] as usize;
            table[unit][filled[unit]] = cell as u8;
            filled[unit] += 1;
            k += 1;
        }
        cell += 1;
    }
    table
}

/// Whether two different cells share a row, a column or a box.
const fn are_peers(a: usize, b: usize) -> bool {
    let (units_a, units_b) = (units_of_cell(a), units_of_cell(b));
    a != b && (units_a[0] == units_b[0] || units_a[1] == units_b[1] || units_a[2] == units_b[2])
}

const fn build_peers_of() -> [[u8; N_PEERS]; N_CELLS] {
    let mut table = [[0; N_PEERS]; N_CELLS];
    let mut cell = 0;
    while cell < N_CELLS {
        let mut found = 0;
        let mut other = 0;
        while other < N_CELLS {
            if are_peers(cell, other) {
                table[cell][found] = other as u8;
                found += 1;
            }
            other += 1;
        }
        // Other than 20 peers is a bug in the formulas: the build stops.
        assert!(found == N_PEERS);
        cell += 1;
    }
    table
}

/// Each list of cells as a cell set.
const fn sets_of<const N: usize, const M: usize>(lists: &[[u8; N]; M]) -> [CellSet; M] {
    let mut table = [0; M];
    let mut list = 0;
    while list < M {
        let mut k = 0;
        while k < N {
            table[list] |= 1 << lists[list][k];
            k += 1;
        }
        list += 1;
    }
    table
}

/// The candidate mask holding only `digit` (1..=9).
pub const fn digit_bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// How many digits a candidate mask allows.
pub const fn count(mask: u16) -> u32 {
    mask.count_ones()
}

/// The smallest digit a non-empty candidate mask allows.
pub const fn lowest_digit(mask: u16) -> u8 {
    // The zero bits below the lowest set bit: the digit minus one.
    mask.trailing_zeros() as u8 + 1
}

/// The digit of a mask that allows exactly one, or `None`.
pub const fn only_digit(mask: u16) -> Option<u8> {
    if mask.count_ones() == 1 {
        Some(lowest_digit(mask))
    } else {
        None
    }
}

/// The digits a candidate mask allows, smallest first.
pub fn digits(mask: u16) -> Digits {
    Digits { remaining: mask }
}

/// The iterator of [`digits`].
#[derive(Clone, Debug)]
pub struct Digits {
    remaining: u16,
}

impl Iterator for Digits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.remaining == 0 {
            return None;
        }
        let digit = lowest_digit(self.remaining);
        // `x & (x - 1)` clears the lowest set bit.
        self.remaining &= self.remaining - 1;
        Some(digit)
    }
}

/// The cell set holding only `cell`.
pub const fn cell_bit(cell: usize) -> CellSet {
    1 << cell
}

/// The cells of a cell set, smallest first.
pub fn cells(set: CellSet) -> Cells {
    Cells { remaining: set }
}

/// The iterator of [`cells`].
#[derive(Clone, Debug)]
pub struct Cells {
    remaining: CellSet,
}

impl Iterator for Cells {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        let cell = self.remaining.trailing_zeros() as usize;
        self.remaining &= self.remaining - 1;
        Some(cell)
    }
}

/// A unit's name as a person counts: `"row 1"` … `"column 9"` … `"box 9"`.
///
/// ```
/// assert_eq!(common::unit_name(0), "row 1");
/// assert_eq!(common::unit_name(17), "column 9");
/// assert_eq!(common::unit_name(18), "box 1");
/// ```
pub fn unit_name(unit: usize) -> String {
    match unit / 9 {
        0 => format!("row {}", unit + 1),
        1 => format!("column {}", unit - 9 + 1),
        _ => format!("box {}", unit - 18 + 1),
    }
}

/// The grid as nine lines of nine digits, as problems 2239 and 4574 print it.
pub fn grid_text(grid: &[u8; N_CELLS]) -> String {
    let mut text = String::with_capacity(N_CELLS + 9);
    for row in grid.chunks(9) {
        for &digit in row {
            text.push(char::from(b'0' + digit));
        }
        text.push('\n');
    }
    text
}

/// Whether `grid` is a complete, valid Sudoku: every unit holds 1..9 once.
pub fn is_valid_solution(grid: &[u8; N_CELLS]) -> bool {
    CELLS_OF_UNIT.iter().all(|unit_cells| {
        let mut seen = 0u16;
        for &cell in unit_cells {
            let digit = grid[cell as usize];
            if !(1..=9).contains(&digit) {
                return false;
            }
            seen |= digit_bit(digit);
        }
        seen == ALL_DIGITS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_three_units_and_twenty_distinct_peers() {
        for cell in 0..N_CELLS {
            let peers = PEERS_OF[cell];
            assert!(
                !peers.contains(&(cell as u8)),
                "cell {cell} is its own peer"
            );
            let mut sorted = peers.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), N_PEERS, "cell {cell} has repeated peers");
            for unit in units_of_cell(cell) {
                assert!(CELLS_OF_UNIT[unit as usize].contains(&(cell as u8)));
            }
        }
    }

    #[test]
    fn every_unit_has_nine_cells_and_every_cell_is_in_three_units() {
        let mut memberships = [0; N_CELLS];
        for unit_cells in CELLS_OF_UNIT {
            assert_eq!(
                cells(
                    unit_cells
                        .iter()
                        .fold(0, |set, &c| set | cell_bit(c as usize))
                )
                .count(),
                9
            );
            for cell in unit_cells {
                memberships[cell as usize] += 1;
            }
        }
        assert!(memberships.iter().all(|&m| m == 3));
    }

    #[test]
    fn peer_relation_is_symmetric_and_matches_shared_units() {
        for a in 0..N_CELLS {
            for b in 0..N_CELLS {
                let shares_unit = a != b
                    && (ROW_OF[a] == ROW_OF[b] || COL_OF[a] == COL_OF[b] || BOX_OF[a] == BOX_OF[b]);
                assert_eq!(
                    PEERS_OF[a].contains(&(b as u8)),
                    shares_unit,
                    "cells {a} and {b}"
                );
                assert_eq!(
                    PEER_SET[a] & cell_bit(b) != 0,
                    shares_unit,
                    "cells {a} and {b}"
                );
            }
        }
    }

    #[test]
    fn unit_sets_match_unit_lists() {
        for unit in 0..N_UNITS {
            let listed: Vec<usize> = CELLS_OF_UNIT[unit].iter().map(|&c| c as usize).collect();
            assert_eq!(cells(UNIT_SET[unit]).collect::<Vec<_>>(), listed);
        }
        let union = UNIT_SET.iter().fold(0, |set, unit| set | unit);
        assert_eq!(union, ALL_CELLS);
    }

    #[test]
    fn boxes_are_three_by_three_blocks() {
        assert_eq!(BOX_OF[0], 0);
        assert_eq!(BOX_OF[8], 2);
        assert_eq!(BOX_OF[30], 4);
        assert_eq!(BOX_OF[72], 6);
        for cell in 0..N_CELLS {
            assert_eq!(BOX_OF[cell], ROW_OF[cell] / 3 * 3 + COL_OF[cell] / 3);
        }
    }

    #[test]
    fn mask_helpers_round_trip() {
        for mask in 0..=ALL_DIGITS {
            let listed: Vec<u8> = digits(mask).collect();
            assert_eq!(listed.len() as u32, count(mask));
            assert_eq!(listed.iter().fold(0, |m, &d| m | digit_bit(d)), mask);
            assert!(listed.windows(2).all(|pair| pair[0] < pair[1]));
            if mask != 0 {
                assert_eq!(lowest_digit(mask), listed[0]);
            }
            assert_eq!(
                only_digit(mask),
                if listed.len() == 1 {
                    Some(listed[0])
                } else {
                    None
                }
            );
        }
    }
}
