//! The search state the Sudoku solutions share: where each digit may still go.
//!
//! A [`Board`] keeps, for every digit, the cell set of places where that digit may still
//! stand. Placing digit `d` in cell `c` is then three whole-set operations: `c` leaves the
//! sets of the other eight digits, the 20 peers of `c` leave the set of `d`, and `c` joins
//! the set of solved cells. (This "one bitboard per digit" layout is the one JCZSolve and
//! fsss2 use; the tables it needs are [`PEER_SET`] and [`UNIT_SET`].)
//!
//! [`Board::propagate`] then applies the two rules that every completion must obey, until
//! neither finds anything more:
//!
//! 1. **Naked single**: a cell with one candidate left must hold it.
//! 2. **Hidden single**: a digit with one place left in a unit must go there.
//!
//! Both rules only ever remove possibilities that no completion uses, so the completions of
//! the board are the same before and after propagation. That is what lets the solutions
//! combine propagation with any search order, including the ordered search of problem 2239.
//! When a rule finds a cell with no candidate, or a digit with no place in some unit, the
//! board has no completion and the call returns [`Contradiction`].
//!
//! A board is 162 bytes and `Copy`. The searches undo a guess by keeping the parent board
//! and throwing the child away, which is cheaper than recording and replaying changes.

use crate::{cell_bit, cells, digit_bit, CellSet, ALL_CELLS, N_CELLS, PEER_SET, UNIT_SET};

/// The board has no completion: some cell has no candidate or some digit has no place in
/// some unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Candidates of a partly filled grid, kept as one cell set per digit.
///
/// See the [module documentation](self) for the rules it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// `places[d - 1]`: the cells where digit `d` may still stand, including the cells where
    /// it has been placed.
    places: [CellSet; 9],
    /// The cells whose digit is decided.
    solved: CellSet,
    /// A candidate mask of the digits whose places changed since the hidden-single rule last
    /// looked at them; the rule skips the others, which cannot have produced anything new.
    changed_digits: u16,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty grid: every digit may go anywhere.
    ///
    /// ```
    /// let board = common::board::Board::new();
    /// assert_eq!(board.candidates(0), common::ALL_DIGITS);
    /// ```
    pub fn new() -> Board {
        Board {
            places: [ALL_CELLS; 9],
            solved: 0,
            changed_digits: crate::ALL_DIGITS,
        }
    }

    /// A board with the given digits placed (0 = empty), before any propagation.
    ///
    /// Fails when two givens clash, i.e. the same digit twice in a unit.
    ///
    /// ```
    /// use common::board::Board;
    /// let mut grid = [0u8; 81];
    /// grid[0] = 7;
    /// let board = Board::from_grid(&grid).unwrap();
    /// assert_eq!(board.candidates(1) & common::digit_bit(7), 0);
    /// grid[80] = 7;
    /// grid[8] = 7; // same row as cell 0
    /// assert!(Board::from_grid(&grid).is_err());
    /// ```
    pub fn from_grid(grid: &[u8; N_CELLS]) -> Result<Board, Contradiction> {
        let mut board = Board::new();
        for (cell, &digit) in grid.iter().enumerate() {
            if digit != 0 {
                board.place(cell, digit)?;
            }
        }
        Ok(board)
    }

    /// The candidate mask of `cell`: bit `d - 1` is set when digit `d` may go there.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(0, 3).unwrap();
    /// assert_eq!(board.candidates(0), 0b100);
    /// assert_eq!(board.candidates(1), common::ALL_DIGITS & !0b100);
    /// ```
    pub fn candidates(&self, cell: usize) -> u16 {
        let bit = cell_bit(cell);
        let mut mask = 0;
        for (index, places) in self.places.iter().enumerate() {
            if places & bit != 0 {
                mask |= 1 << index;
            }
        }
        mask
    }

    /// The cells where `digit` may still stand (including where it is placed).
    ///
    /// ```
    /// let board = common::board::Board::new();
    /// assert_eq!(board.places(5), common::ALL_CELLS);
    /// ```
    pub fn places(&self, digit: u8) -> CellSet {
        self.places[digit as usize - 1]
    }

    /// The cells whose digit is decided.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(10, 4).unwrap();
    /// assert_eq!(board.solved_cells(), common::cell_bit(10));
    /// ```
    pub fn solved_cells(&self) -> CellSet {
        self.solved
    }

    /// Whether every cell is decided. After a successful [`propagate`](Self::propagate) a
    /// complete board is a valid solution.
    ///
    /// ```
    /// assert!(!common::board::Board::new().is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.solved == ALL_CELLS
    }

    /// The grid of decided digits, 0 where a cell is still open.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(2, 9).unwrap();
    /// assert_eq!(board.to_grid()[2], 9);
    /// assert_eq!(board.to_grid()[3], 0);
    /// ```
    pub fn to_grid(&self) -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for (index, &places) in self.places.iter().enumerate() {
            for cell in cells(places & self.solved) {
                grid[cell] = index as u8 + 1;
            }
        }
        grid
    }

    /// Decides that `digit` stands in `cell`.
    ///
    /// The cell leaves the places of every other digit, and the cell's 20 peers leave the
    /// places of `digit`. Fails if `digit` was no longer a candidate there. Placing the
    /// digit that a decided cell already holds succeeds and changes nothing. Does not
    /// propagate; call [`propagate`](Self::propagate) afterwards.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(0, 1).unwrap();
    /// assert!(board.place(1, 1).is_err()); // cell 1 is a peer of cell 0
    /// ```
    pub fn place(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let bit = cell_bit(cell);
        let index = digit as usize - 1;
        if self.places[index] & bit == 0 {
            return Err(Contradiction);
        }
        // Every digit that had this cell as a place loses it, except `digit` itself...
        self.changed_digits |= self.candidates(cell);
        for places in self.places.iter_mut() {
            *places &= !bit;
        }
        // ...which keeps the cell and loses the peers instead.
        self.places[index] = (self.places[index] | bit) & !PEER_SET[cell];
        self.solved |= bit;
        Ok(())
    }

    /// Removes `digit` from the candidates of `cell`, which must be open: the rules check
    /// open cells for an empty candidate mask, so a decided cell must never lose its digit.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.eliminate(0, 1);
    /// assert_eq!(board.candidates(0), common::ALL_DIGITS & !1);
    /// ```
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.places[digit as usize - 1] &= !cell_bit(cell);
        self.changed_digits |= digit_bit(digit);
    }

    /// Applies the naked-single and hidden-single rules until neither finds anything.
    ///
    /// Returns [`Contradiction`] when the board turns out to have no completion. The
    /// completions of the board are unchanged, so this is safe inside any search.
    ///
    /// ```
    /// use common::board::Board;
    /// // Row 0 holds 1..8 in its first eight cells: the naked single rule fills in the 9.
    /// let mut grid = [0u8; 81];
    /// for column in 0..8 {
    ///     grid[column] = column as u8 + 1;
    /// }
    /// let mut board = Board::from_grid(&grid).unwrap();
    /// board.propagate().unwrap();
    /// assert_eq!(board.to_grid()[8], 9);
    /// ```
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            // Rule 1, naked singles. Count each open cell's candidates up to two at once for
            // all cells, one digit at a time: `at_least_two` gains the cells seen again.
            let open = ALL_CELLS & !self.solved;
            let (at_least_one, at_least_two, _) = self.candidate_counts();
            if open & !at_least_one != 0 {
                return Err(Contradiction); // an open cell with no candidate
            }
            let naked_singles = open & !at_least_two;
            if naked_singles != 0 {
                for cell in cells(naked_singles) {
                    // An earlier single of this batch may have taken the candidate away;
                    // then `place` finds the cell empty and reports the contradiction.
                    let digit = self.only_candidate(cell).ok_or(Contradiction)?;
                    self.place(cell, digit)?;
                }
                continue;
            }

            // Rule 2, hidden singles, for the digits whose places changed.
            let mut placed_any = false;
            while self.changed_digits != 0 {
                let digit = crate::lowest_digit(self.changed_digits);
                self.changed_digits &= !digit_bit(digit);
                for unit_set in UNIT_SET {
                    let places_in_unit = self.places(digit) & unit_set;
                    if places_in_unit == 0 {
                        return Err(Contradiction); // the digit has nowhere to go
                    }
                    let is_single = places_in_unit & (places_in_unit - 1) == 0;
                    if is_single && places_in_unit & self.solved == 0 {
                        self.place(places_in_unit.trailing_zeros() as usize, digit)?;
                        placed_any = true;
                    }
                }
            }
            if !placed_any {
                return Ok(());
            }
        }
    }

    /// The open cell with the fewest candidates (the lowest such cell), or `None` when the
    /// board is complete. Searches branch here: "minimum remaining values" (MRV).
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// for digit in 1..=7 {
    ///     board.eliminate(40, digit);
    /// }
    /// assert_eq!(board.most_constrained_cell(), Some(40));
    /// ```
    pub fn most_constrained_cell(&self) -> Option<usize> {
        let open = ALL_CELLS & !self.solved;
        if open == 0 {
            return None;
        }
        // A cell with two candidates is the best a propagated board can offer.
        let (_, at_least_two, at_least_three) = self.candidate_counts();
        let exactly_two = open & at_least_two & !at_least_three;
        if exactly_two != 0 {
            return Some(exactly_two.trailing_zeros() as usize);
        }
        cells(open).min_by_key(|&cell| self.candidates(cell).count_ones())
    }

    /// The cells having at least one, two and three candidates, computed for all cells at
    /// once: a digit's places that are already in `at_least_one` are a second sighting,
    /// those already in `at_least_two` a third.
    fn candidate_counts(&self) -> (CellSet, CellSet, CellSet) {
        let (mut at_least_one, mut at_least_two, mut at_least_three) = (0, 0, 0);
        for &places in &self.places {
            at_least_three |= at_least_two & places;
            at_least_two |= at_least_one & places;
            at_least_one |= places;
        }
        (at_least_one, at_least_two, at_least_three)
    }

    /// The one candidate of `cell`, if it has exactly one.
    fn only_candidate(&self, cell: usize) -> Option<u8> {
        crate::only_digit(self.candidates(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{is_valid_solution, ALL_DIGITS};

    /// A valid complete grid: row r, column c holds (3r + r/3 + c) mod 9 + 1.
    fn pattern_grid() -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for (cell, digit) in grid.iter_mut().enumerate() {
            let (row, column) = (cell / 9, cell % 9);
            *digit = ((row * 3 + row / 3 + column) % 9 + 1) as u8;
        }
        grid
    }

    #[test]
    fn pattern_grid_is_valid() {
        assert!(is_valid_solution(&pattern_grid()));
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
    fn propagation_completes_a_grid_with_one_hole_per_row() {
        let solution = pattern_grid();
        let mut grid = solution;
        for row in 0..9 {
            grid[row * 9 + (row * 4) % 9] = 0;
        }
        let mut board = Board::from_grid(&grid).unwrap();
        board.propagate().unwrap();
        assert!(board.is_complete());
        assert_eq!(board.to_grid(), solution);
    }

    #[test]
    fn hidden_single_is_found() {
        // Digit 1 is placed in rows 1 and 2 of box 0 and in columns 1 and 2 of the other
        // rows, which leaves cell 0 as the only place for 1 in row 0 and in box 0.
        let mut board = Board::new();
        board.place(9 + 4, 1).unwrap(); // row 1
        board.place(18 + 7, 1).unwrap(); // row 2
        board.place(27 + 1, 1).unwrap(); // column 1
        board.place(54 + 2, 1).unwrap(); // column 2
        board.propagate().unwrap();
        assert_eq!(board.to_grid()[0], 1);
    }

    #[test]
    fn empty_cell_is_a_contradiction() {
        let mut board = Board::new();
        for digit in 1..=9 {
            board.eliminate(0, digit);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }

    #[test]
    fn digit_without_place_in_unit_is_a_contradiction() {
        let mut board = Board::new();
        for cell in 0..9 {
            board.eliminate(cell, 4);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }

    #[test]
    fn most_constrained_cell_prefers_fewest_candidates() {
        let mut board = Board::new();
        assert_eq!(board.most_constrained_cell(), Some(0));
        for digit in 1..=6 {
            board.eliminate(50, digit);
        }
        assert_eq!(board.most_constrained_cell(), Some(50));
        board.eliminate(20, 1);
        board.eliminate(20, 2);
        board.eliminate(20, 3);
        board.eliminate(20, 4);
        board.eliminate(20, 5);
        board.eliminate(20, 6);
        board.eliminate(20, 7);
        assert_eq!(board.most_constrained_cell(), Some(20));
        let full = Board::from_grid(&pattern_grid()).unwrap();
        assert_eq!(full.most_constrained_cell(), None);
        assert_eq!(full.candidates(0).count_ones(), 1);
        assert_ne!(full.candidates(0), ALL_DIGITS);
    }
}
