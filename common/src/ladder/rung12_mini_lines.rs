//! # Rung 12: three digits confined to a mini-line fill it
//!
//! Inference, counted here from the places; four confined digits are a contradiction.
//! Picture and reasons: `docs/climb.md`.

use super::{Grid, Idea, OnCells, PuzzleInSet, Rung, SearchState};
use crate::board::{Board, Contradiction};
use crate::observe::{Conflict, SearchObserver};
use crate::{cell_bit, count, digit_bit, digits, CellSet, UNIT_SET};

/// Rung 12's search state: rung 11's board and this rule.
#[derive(Clone, Copy)]
pub struct PlainMiniLines {
    board: Board,
}

/// A mini-line's cells, and those of its row or column.
struct MiniLine {
    cells: [usize; 3],
    line: CellSet,
}

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

/// The rule on every mini-line; whether it removed anything.
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

/// Rung 11's propagation and this rule in turn, until neither finds anything.
fn propagate(board: &mut Board, observer: &mut impl SearchObserver) -> Result<(), Contradiction> {
    loop {
        board.propagate_observed(observer)?;
        if board.is_complete() || !fill_mini_lines(board, observer)? {
            return Ok(());
        }
    }
}

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

/// Rung 12 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 12,
    name: "mini-lines",
    idea: Idea::Inference,
    solver: &OnCells::<PlainMiniLines>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};
