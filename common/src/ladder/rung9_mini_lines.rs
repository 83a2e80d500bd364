//! # Rung 9: three digits to a mini-row
//!
//! **The idea.** A mini-row, the three cells where a row meets a box, holds exactly three
//! digits. Call a digit *confined* to a mini-row when its places in that row all lie in
//! it. If three digits are confined to one mini-row, they are the three that go there, so
//! every other digit leaves its cells. The same holds for a mini-column, the three cells
//! where a column meets a box, and digits confined to it within their column. Four
//! digits confined to one mini-line is a contradiction. This is rule 4 of
//! [`crate::board`], which rung 8's board runs once its other rules have nothing left, if
//! the search asks for it ([`Board::use_mini_lines`]). Solvers call the row case a
//! *hidden triple* in a mini-row; tdoku's write-up (`docs/sudoku.md`) builds its solver on
//! such triads.
//!
//! **Why it keeps every completion.** In a completion each of the three confined digits
//! stands somewhere in its row inside the mini-row, so the mini-row's three cells hold
//! those three, and no other digit can stand there.
//!
//! **What it costs per node.** The board counts, for each mini-line, how many digits are
//! confined to it, bit-sliced over the nine digits (a word for the ones, one for the
//! twos, one for "four or more"). It never reads the places: the band rule notes each
//! digit's mini-rows as it keeps them, and the column rules each digit's columns in each
//! band as they count them, and a table gives the mini-rows alone in their row. A mini-line
//! that the rule has filled stays filled along a branch, so the board remembers it and
//! clears each only once.
//!
//! **What it buys.** On its own, little: with rung 8's branch on cells the tree shrinks
//! by 4% on forum_hardest_1106 (130.9 guesses to 125.9), and the time grows by 4%. Its
//! worth is in the next rung, whose branch on lines it makes possible: the rule and that
//! branch together make the solutions' trees smaller than tdoku's. Measured with the
//! other rungs (the README's ladder table says how):
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 5.5 µs | 73.5 µs | 11.0 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 27.1 µs | 223 µs | 79.8 | 0 |
//! | forum_hardest_1106 | 375 | 42.3 µs | 208 µs | 126 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 1.9 µs | 21.2 µs | 0.6 | 0 |

use super::{Grid, SearchState};
use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// Rung 8's board with rule 4 turned on, searched on cells as rung 8 is. With
/// `ONLY_THREE`, rule 4 includes rung 12's part ([`MiniLineRule::ConfinedAndOnlyThree`]):
/// the ladder names the two [`ConfinedMiniLines`] (this rung's) and
/// [`super::rung12_only_three::OnlyThree`].
#[derive(Clone, Copy)]
pub struct MiniLines<const ONLY_THREE: bool> {
    board: Board,
}

/// This rung's board: rule 4 with its first part only ([`MiniLineRule::Confined`]).
pub type ConfinedMiniLines = MiniLines<false>;

/// The board of `grid` with its givens placed, `rule` turned on and counting as `recount`
/// says, propagated; `None` when it has no completion.
pub(super) fn propagated_board(
    grid: &Grid,
    rule: MiniLineRule,
    recount: Recount,
    observer: &mut impl SearchObserver,
) -> Option<Board> {
    let mut board = Board::from_grid(grid).ok()?;
    board.use_mini_lines(rule);
    board.use_recount(recount);
    board.propagate_observed(observer).ok()?;
    Some(board)
}

impl<const ONLY_THREE: bool> SearchState for MiniLines<ONLY_THREE> {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let rule = if ONLY_THREE {
            MiniLineRule::ConfinedAndOnlyThree
        } else {
            MiniLineRule::Confined
        };
        let board = propagated_board(grid, rule, Recount::Everything, observer)?;
        Some(MiniLines { board })
    }

    fn choose_cell(&self) -> Option<usize> {
        self.board.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.board.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.board.place(cell, digit).is_ok() && self.board.propagate_observed(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.board.to_grid()
    }
}

impl<const ONLY_THREE: bool> MiniLines<ONLY_THREE> {
    /// The board, propagated with rule 4.
    pub fn board(&self) -> &Board {
        &self.board
    }
}
