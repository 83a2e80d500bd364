//! The board the Sudoku solutions (p2239, p2580) search from: the givens, with the whole
//! mini-line rule and counting again only what changed, as rung 19 of the ladder has them,
//! propagated. A module of its own, so that a solution that starts otherwise (p4574) does
//! not carry it into its bundle.

use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::{report_givens, SearchObserver};
use crate::N_CELLS;

/// The board of `grid`'s givens (reported to `observer`), with the whole mini-line rule
/// ([`MiniLineRule::ConfinedAndOnlyThree`]) and counting again only what changed
/// ([`Recount::ChangedDigits`]), propagated ([`Board::propagated`]); `None` when two givens
/// clash or propagation finds no completion.
///
/// ```
/// use common::sudoku_start;
/// let board = sudoku_start::board_of(&[0; 81], &mut ()).unwrap();
/// assert_eq!(board.candidates(0), 0b1_1111_1111); // the empty grid decides nothing
/// ```
pub fn board_of(grid: &[u8; N_CELLS], observer: &mut impl SearchObserver) -> Option<Board> {
    report_givens(grid, observer);
    let rule = MiniLineRule::ConfinedAndOnlyThree;
    Board::propagated(grid, rule, Recount::ChangedDigits, observer).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::GuessCounter;

    #[test]
    fn clashing_givens_and_a_grid_without_completion_have_no_board() {
        let mut grid = [0; N_CELLS];
        grid[0] = 5;
        grid[1] = 5; // the same row
        assert_eq!(board_of(&grid, &mut ()), None);
        // Digit 1 is kept out of the first row but for cell 0, where a 2 stands.
        let mut grid = [0; N_CELLS];
        grid[0] = 2;
        for cell in [12, 24, 28, 40, 52, 56, 68, 80] {
            grid[cell] = 1;
        }
        assert_eq!(board_of(&grid, &mut ()), None);
    }

    #[test]
    fn the_givens_are_reported_and_are_no_guesses() {
        let mut counter = GuessCounter::default();
        let board = board_of(&[0; N_CELLS], &mut counter).unwrap();
        assert_eq!(counter, GuessCounter::default());
        assert!(!board.is_complete());
    }
}
