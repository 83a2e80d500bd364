//! # Rung 10: the mini-line rule, counted from what the other rules keep
//!
//! **Tag:** representation. **Its code:** [`crate::board::mini_lines`].
//!
//! **The idea.** Rung 9's rule, found without reading the places. The band rule already
//! works out each digit's mini-rows in each band, and the column rules its columns in
//! each band; the board keeps both as they go, and a table gives the mini-rows alone in
//! their row. Over the nine digits, the board counts the digits confined to every
//! mini-line at once, *bit-sliced*: one word for the ones bit of each count, one for the
//! twos, one for "four or more", updated with a few `&` and `^` per digit. A mini-line it
//! has filled stays filled along a branch, so each is cleared once.
//!
//! **Why it finds what rung 9 finds.** Both apply rules 1 to 4 until none finds more, and
//! every rule, given fewer places, removes at least as much: so any order ends on the same
//! board. What the board keeps is what the places say once rules 1 and 3 have nothing
//! left. So the search makes exactly rung 9's guesses, puzzle by puzzle
//! (`xtask/tests/ladder.rs` checks it).
//!
//! **What it costs and buys.** The same tree as rung 9, for a fraction of the rule's work:
//! a few dozen words read and counted instead of 54 × 9 cell sets.
//!
//! **One thing to try.** `cargo xtask bench --ladder --rounds 1
//! data/forum_hardest_1106.txt`: rungs 9 and 10 print the same guesses, 125.9, and rung
//! 10 a quarter of the time (36.3 µs against 128 µs in one run).

use super::{Grid, SearchState};
use crate::board::{Board, MiniLineRule, Recount};
use crate::observe::SearchObserver;

/// The board with the mini-line rule turned on, searched on cells as rung 8 is. With
/// `ONLY_THREE`, the rule includes its only-three part (rung 13's): the ladder names the
/// two [`MiniLineCounts`] (this rung's) and [`super::rung13_only_three::OnlyThree`].
#[derive(Clone, Copy)]
pub struct MiniLines<const ONLY_THREE: bool> {
    board: Board,
}

/// This rung's board: the confined part only ([`MiniLineRule::Confined`]).
pub type MiniLineCounts = MiniLines<false>;

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
