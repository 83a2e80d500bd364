//! # Rung 9: three digits confined to a mini-line fill it
//!
//! **Tag:** inference. **Its code:** this file, on top of rung 8's board.
//!
//! **The idea.** A mini-row, the three cells where a row meets a box, holds exactly three
//! digits. Call a digit *confined* to a mini-row when its places in that row all lie in
//! it. If three digits are confined to one mini-row, they are the three that go there, so
//! every other digit leaves its cells; four confined is a contradiction. The same holds
//! for a mini-column and the digit's places in its column. This is the confined part of
//! the mini-line rule (rule 4); solvers call the row case a *hidden triple*. Here it runs
//! in its plain form: once rung 8's rules have nothing left, look at each of the 54
//! mini-lines, count the digits confined to it from the places, clear the full ones, and
//! propagate again, until nothing changes.
//!
//! **Why it keeps every completion.** In a completion each of the three confined digits
//! stands in the mini-line, so they fill its three cells, and no other digit can.
//!
//! **What it costs and buys.** 54 × 9 reads of the places after every propagation: dear.
//! The tree shrinks a little with the branch on cells (`cargo xtask bench --ladder` prints
//! it); the rule's worth is in rung 11, whose branch on chutes it feeds. Rung 10 makes it
//! cheap.
//!
//! **One thing to try.** `sed -n 2p data/forum_hardest_1106.txt | tr . 0 | fold -w9 |
//! cargo xtask trace p2239 --rung 9 | grep summary`, then `--rung 8`: on the second
//! puzzle of forum_hardest_1106, rung 9 makes 7 guesses and rung 8 15.

use super::{Grid, SearchState};
use crate::board::{Board, Contradiction};
use crate::observe::{Conflict, SearchObserver};
use crate::{cell_bit, count, digit_bit, digits, CellSet, UNIT_SET};

/// Rung 8's board, propagated with the confined part of the mini-line rule as well.
#[derive(Clone, Copy)]
pub struct PlainMiniLines {
    board: Board,
}

/// A mini-line: its three cells, and the nine cells of the row or column it lies in.
struct MiniLine {
    cells: [usize; 3],
    line: CellSet,
}

/// The 54 mini-lines: the 27 mini-rows, then the 27 mini-columns.
fn all_mini_lines() -> impl Iterator<Item = MiniLine> {
    let mini_rows = (0..27).map(|k| {
        let (row, stack) = (k / 3, k % 3);
        let first = 9 * row + 3 * stack;
        MiniLine {
            cells: [first, first + 1, first + 2],
            line: UNIT_SET[row],
        }
    });
    let mini_columns = (0..27).map(|k| {
        let (band, column) = (k / 9, k % 9);
        let first = 27 * band + column;
        MiniLine {
            cells: [first, first + 9, first + 18],
            line: UNIT_SET[9 + column],
        }
    });
    mini_rows.chain(mini_columns)
}

/// The confined part of the mini-line rule on every mini-line of `board`, counted from
/// the places. Returns whether it removed anything.
fn fill_mini_lines(
    board: &mut Board,
    observer: &mut impl SearchObserver,
) -> Result<bool, Contradiction> {
    // First every mini-line's confined digits, then the clearing.
    let mut full = Vec::new();
    for mini_line in all_mini_lines() {
        let [a, b, c] = mini_line.cells;
        let cells = cell_bit(a) | cell_bit(b) | cell_bit(c);
        let mut confined = 0;
        for digit in 1..=9 {
            let in_line = board.places(digit) & mini_line.line;
            if in_line != 0 && in_line & !cells == 0 {
                confined |= digit_bit(digit);
            }
        }
        if count(confined) > 3 {
            let cells = mini_line.cells;
            observer.contradiction(Conflict::CrowdedMiniLine { cells });
            return Err(Contradiction);
        }
        if count(confined) == 3 {
            full.push((mini_line.cells, confined));
        }
    }
    let mut changed = false;
    for (cells, confined) in full {
        for cell in cells {
            for digit in digits(board.candidates(cell) & !confined) {
                board.eliminate(cell, digit);
                changed = true;
            }
        }
    }
    Ok(changed)
}

/// Rung 8's propagation and the confined part in turn, until neither finds anything.
fn propagate(board: &mut Board, observer: &mut impl SearchObserver) -> Result<(), Contradiction> {
    loop {
        board.propagate_observed(observer)?;
        if board.is_complete() || !fill_mini_lines(board, observer)? {
            return Ok(());
        }
    }
}

/// The search of rungs 1 to 8 on this board.
impl SearchState for PlainMiniLines {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut board = Board::from_grid(grid).ok()?;
        propagate(&mut board, observer).ok()?;
        Some(PlainMiniLines { board })
    }

    fn choose_cell(&self) -> Option<usize> {
        self.board.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.board.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.board.place(cell, digit).is_ok() && propagate(&mut self.board, observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.board.to_grid()
    }
}
