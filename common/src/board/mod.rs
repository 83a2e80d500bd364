//! The band board ([rung 11](crate::ladder::rung11_band_board) on), a room per idea. The
//! choices of [`sparse`], [`digit_choice`] and [`early`] are types of their own, so that
//! p4574's bundle, which never branches on a chute, leaves them out. The layout follows
//! JCZSolve (Zhouyundong's solver, as tdoku's write-up describes it).

pub mod band_rule;
pub mod bands;
pub mod cells;
pub mod chutes;
pub mod columns;
pub mod digit_choice;
pub mod early;
pub mod mini_lines;
pub mod only_three;
pub mod recount;
pub mod singles;
pub mod sparse;
pub mod unsettled;

pub use mini_lines::MiniLineRule;
pub use recount::Recount;

pub(crate) use band_rule::{
    band_conflict, BAND_RULE, LOCKED_COLUMNS, MINI_ROW_CELLS, STACKS_OF_ROW,
};
pub(crate) use bands::{
    band_and_bit, cell_of, columns_of, first_cell, in_columns, join_bands, BandSet, ALL_BAND,
    BOX_IN_BAND, OTHER_BANDS, PEERS_IN_BAND, ROW_CELLS,
};
pub(crate) use cells::count_among_peers;
pub(crate) use columns::count_in_columns;

use crate::observe::SearchObserver;
use crate::{CellSet, ALL_CELLS, N_CELLS};
use mini_lines::MiniLines;
use recount::Changed;

/// The board has no completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// The candidates of a partly filled grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)] // in this order, the places first: the compiler's own order measured 1% slower
pub struct Board {
    /// `places[b][d - 1]`: the cells of band `b` where digit `d` may stand, placed or not.
    places: [[BandSet; 9]; 3],
    /// `places` as the band rule last left it.
    seen: [[BandSet; 9]; 3],
    open: [BandSet; 3],
    /// The open cells with two candidates, as naked singles last counted.
    two_candidates: [BandSet; 3],
    mini_lines: MiniLines,
    /// The digits (bit `d - 1`) the column rules must look at again.
    columns_to_check: u16,
    changed: Changed,
    /// Whether nothing changed since the last propagation (so `two_candidates` holds).
    propagated: bool,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty grid.
    pub fn new() -> Board {
        Board {
            places: [[ALL_BAND; 9]; 3],
            seen: [[ALL_BAND; 9]; 3],
            open: [ALL_BAND; 3],
            columns_to_check: 0,
            two_candidates: [0; 3],
            propagated: false,
            mini_lines: MiniLines::new(),
            changed: Changed::new(),
        }
    }

    /// The board of `grid`'s givens (0 = empty), not propagated; fails when two clash.
    pub fn from_grid(grid: &[u8; N_CELLS]) -> Result<Board, Contradiction> {
        // All givens at once, no branch per cell (rung 11); slot 0 collects the empty cells.
        let mut board = Board::new();
        let mut givens = [[0; 10]; 3];
        let mut columns = [0; 10]; // of each digit's givens, bit `9 × band + column`
        for band in 0..3 {
            let mut places = [ALL_BAND; 10];
            for cell_in_band in 0..27 {
                let digit = grid[cell_of(band, cell_in_band)] as usize;
                givens[band][digit] |= 1 << cell_in_band;
                places[digit] &= !PEERS_IN_BAND[cell_in_band];
            }
            let empty = givens[band][0];
            board.open[band] = empty;
            for digit in 1..10 {
                let given = givens[band][digit];
                // The digit keeps its givens and the empty cells, less its givens' peers.
                board.places[band][digit - 1] = places[digit] & (empty | given);
                columns[digit] |= columns_of(given) << (9 * band);
            }
        }
        // Two givens of one digit in one unit clear each other.
        let mut clash = 0;
        for band in 0..3 {
            let [next, after_next] = OTHER_BANDS[band];
            for digit in 1..10 {
                let elsewhere =
                    (columns[digit] >> (9 * next) | columns[digit] >> (9 * after_next)) & ROW_CELLS;
                board.places[band][digit - 1] &= !in_columns(elsewhere);
                clash |= givens[band][digit] & !board.places[band][digit - 1];
            }
        }
        if clash != 0 {
            return Err(Contradiction);
        }
        Ok(board)
    }

    /// [`from_grid`](Self::from_grid) with `rule` and `recount` set, propagated; fails when
    /// that shows no completion.
    pub fn propagated(
        grid: &[u8; N_CELLS],
        rule: MiniLineRule,
        recount: Recount,
        observer: &mut impl SearchObserver,
    ) -> Result<Board, Contradiction> {
        let mut board = Board::from_grid(grid)?;
        board.use_mini_lines(rule);
        board.use_recount(recount);
        board.propagate_observed(observer)?;
        Ok(board)
    }

    /// The candidate mask of `cell`.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        let (band, bit) = band_and_bit(cell);
        let mut mask = 0;
        for (index, &places) in self.places[band].iter().enumerate() {
            mask |= ((places & bit != 0) as u16) << index;
        }
        mask
    }

    /// The cells where `digit` may stand, placed or not.
    pub fn places(&self, digit: u8) -> CellSet {
        join_bands(self.digit_places(digit as usize - 1))
    }

    fn digit_places(&self, index: usize) -> [BandSet; 3] {
        [
            self.places[0][index],
            self.places[1][index],
            self.places[2][index],
        ]
    }

    /// The cells whose digit is decided.
    pub fn solved_cells(&self) -> CellSet {
        ALL_CELLS & !join_bands(self.open)
    }

    /// Whether every cell is decided.
    pub fn is_complete(&self) -> bool {
        self.open == [0; 3]
    }

    /// The grid of decided digits, 0 where a cell is open.
    pub fn to_grid(&self) -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for band in 0..3 {
            let decided = ALL_BAND & !self.open[band];
            for index in 0..9 {
                let mut cells = self.places[band][index] & decided;
                while cells != 0 {
                    grid[first_cell(band, cells)] = index as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        grid
    }

    /// Places `digit` in `cell`, without propagating; fails if it is no candidate there.
    pub fn place(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        self.propagated = false;
        let (band, bit) = band_and_bit(cell);
        let index = digit as usize - 1;
        if self.places[band][index] & bit == 0 {
            return Err(Contradiction);
        }
        if self.open[band] & bit == 0 {
            return Ok(()); // decided already, and `digit` is its only candidate
        }
        for places in self.places[band].iter_mut() {
            *places &= !bit;
        }
        self.places[band][index] |= bit;
        self.settle(band, index, bit);
        Ok(())
    }

    /// Digit `index + 1` stands in `cells` of `band`, which no other digit holds: it
    /// leaves their peers.
    fn settle(&mut self, band: usize, index: usize, cells: BandSet) {
        self.open[band] &= !cells;
        let mut peers = 0;
        let mut remaining = cells;
        while remaining != 0 {
            peers |= PEERS_IN_BAND[remaining.trailing_zeros() as usize];
            remaining &= remaining - 1;
        }
        self.places[band][index] &= !peers;
        self.clear_columns_elsewhere(band, index, cells);
    }

    fn clear_columns_elsewhere(&mut self, band: usize, index: usize, cells: BandSet) {
        let columns = in_columns(columns_of(cells));
        let [next, after_next] = OTHER_BANDS[band];
        self.places[next][index] &= !columns;
        self.places[after_next][index] &= !columns;
    }

    /// Removes `digit` from the candidates of `cell`, which must be open.
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.propagated = false;
        let (band, bit) = band_and_bit(cell);
        self.places[band][digit as usize - 1] &= !bit;
    }

    /// Applies rules 1 to 4 until none finds more.
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        self.propagate_observed(&mut ())
    }

    /// [`propagate`](Self::propagate), telling `observer` what it places and why.
    pub fn propagate_observed(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        loop {
            // Rule 1.
            let swept = self.apply_band_rule_where_changed(observer)?;
            self.note_changed_bands(swept);
            // Rule 2.
            if self.place_naked_singles(observer)? {
                continue;
            }
            // Rule 3.
            if self.apply_column_rules(observer)? {
                continue;
            }
            // Rule 4, the dearest, last.
            if self.mini_lines.rule == MiniLineRule::Off
                || self.is_complete()
                || !self.fill_mini_lines(observer)?
            {
                self.propagated = true;
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cell_bit, digit_bit, is_valid_solution, PEER_SET};

    /// A valid complete grid: row r, column c holds (3r + r/3 + c) mod 9 + 1.
    pub(super) fn pattern_grid() -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for (cell, digit) in grid.iter_mut().enumerate() {
            let (row, column) = (cell / 9, cell % 9);
            *digit = ((row * 3 + row / 3 + column) % 9 + 1) as u8;
        }
        grid
    }

    /// The empty board with `digits` removed from `cells`, propagated with the mini-line
    /// rule as `rule` says.
    pub(super) fn empty_board_without(
        digits: &[u8],
        cells: &[usize],
        rule: MiniLineRule,
    ) -> Result<Board, Contradiction> {
        let mut board = Board::new();
        board.use_mini_lines(rule);
        for &cell in cells {
            for &digit in digits {
                board.eliminate(cell, digit);
            }
        }
        board.propagate()?;
        Ok(board)
    }

    #[test]
    fn a_board_is_as_large_as_the_sudoku_solutions_say() {
        // p4574's header gives this size.
        assert_eq!(std::mem::size_of::<Board>(), 456);
    }

    #[test]
    fn pattern_grid_is_valid() {
        assert!(is_valid_solution(&pattern_grid()));
    }

    /// Setting up all givens at once gives the board that placing them one at a time
    /// gives, and fails exactly when a placement does (two givens of a digit in a unit).
    #[test]
    fn givens_in_bulk_are_the_givens_placed_one_by_one() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for case in 0..2000 {
            let mut grid = pattern_grid();
            for digit in grid.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Most cells empty; some givens kept; in every other case, one digit in
                // twelve replaced by another, which may clash with a peer.
                *digit = match seed % 12 {
                    0..=7 => 0,
                    8 if case % 2 == 1 => (seed >> 8) as u8 % 9 + 1,
                    _ => *digit,
                };
            }
            let mut one_by_one = Ok(Board::new());
            for (cell, &digit) in grid.iter().enumerate() {
                if let (Ok(board), true) = (&mut one_by_one, digit != 0) {
                    if board.place(cell, digit).is_err() {
                        one_by_one = Err(Contradiction);
                    }
                }
            }
            assert_eq!(Board::from_grid(&grid), one_by_one, "grid {grid:?}");
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut board = Board::new();
        board.place(40, 5).unwrap();
        for cell in 0..N_CELLS {
            let has_five = board.candidates(cell) & digit_bit(5) != 0;
            let is_peer = PEER_SET[40] & cell_bit(cell) != 0;
            assert_eq!(has_five, !is_peer, "cell {cell}");
        }
        assert_eq!(board.candidates(40), digit_bit(5));
    }

    #[test]
    fn hidden_single_is_found() {
        // Digit 1 stands in rows 2 and 3 and in columns 2 and 3, outside box 1, which
        // leaves cell 0 as its only place in box 1 (and in row 1).
        let mut board = Board::new();
        board.place(9 + 4, 1).unwrap(); // row 2
        board.place(18 + 7, 1).unwrap(); // row 3
        board.place(27 + 1, 1).unwrap(); // column 2
        board.place(54 + 2, 1).unwrap(); // column 3
        board.propagate().unwrap();
        assert_eq!(board.to_grid()[0], 1);
    }

    #[test]
    fn digit_without_place_in_a_row_is_a_contradiction() {
        let mut board = Board::new();
        for cell in 0..9 {
            board.eliminate(cell, 4);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }
}
