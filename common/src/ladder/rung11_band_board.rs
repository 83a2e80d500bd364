//! # Rung 8: the band rule without a branch the processor mispredicts
//!
//! **Tag:** representation. **Its code:** [`crate::board::band_rule`], in the board the
//! solutions share ([`crate::board`], here without the mini-line rule).
//!
//! **The idea.** Rung 7's rules and search, with the band rule written as straight-line
//! code. A processor predicts which way each branch goes before it knows, and a wrong
//! prediction costs some 15 to 20 cycles; about half the band rule's calls find a hidden
//! single, which no processor can predict. So the rule does the same work whatever it finds: the
//! hidden singles come from the band's rows alone, the other digits leave the singles'
//! cells even when there are none, and one clear per band removes both the locked columns
//! and the singles' columns elsewhere. The room says why each shortcut is correct.
//!
//! **Why it keeps every completion.** Its rules are rung 7's; the [board](crate::board)
//! says why each removes only what no completion uses.
//!
//! **What it costs and buys.** Rung 7's guesses, puzzle by puzzle (`xtask/tests/ladder.rs`
//! checks it), at fewer instructions and fewer mispredicted branches per node.
//!
//! **One thing to try.** `cargo xtask bench --ladder --rounds 1
//! data/forum_hardest_1106.txt` times every rung on the same puzzles (a few minutes, for
//! rung 0): rungs 7 and 8 print the same mean guesses, 130.9, and rung 8 about half the
//! time (34.7 µs against 72.8 µs in one run).

use super::{Grid, SearchState};
use crate::board::Board;
use crate::observe::SearchObserver;

/// The search of the ladder over the board.
impl SearchState for Board {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let mut board = Board::from_grid(grid).ok()?;
        board.propagate_observed(observer).ok()?;
        Some(board)
    }

    fn choose_cell(&self) -> Option<usize> {
        self.most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.place(cell, digit).is_ok() && self.propagate_observed(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.to_grid()
    }
}
