//! Counting again only what changed ([rung 14](crate::ladder::rung14_recount)): naked
//! singles count the candidates of the bands where a place changed since their last pass,
//! and the mini-line rule works out again only the digits whose mini-rows or columns
//! changed since its last call, keeping every digit's result in the board.
//!
//! The band rule's sweeps know which digit-band words changed; every change to the
//! places passes through a sweep before the next pass of naked singles, so a band not
//! counted has the candidates it had when last counted, and a digit not worked out again
//! has the mini-lines it had. The rules find exactly what they find counting everything.

use super::band_rule::digits_of_words;
use super::bands::ROW_CELLS;
use super::Board;
use crate::ALL_DIGITS;

/// What naked singles and the mini-line rule count at each call ([`Board::use_recount`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recount {
    /// Every band and every digit (rungs 8 to 13).
    Everything,
    /// Only the bands and digits whose places changed since the rule last counted them
    /// (rung 14, and all three solutions).
    Changes,
}

/// What changed since naked singles and the mini-line rule last counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Changed {
    /// What the two rules count.
    recount: Recount,
    /// Bit `b`: a place in band `b` changed since naked singles last counted the band.
    bands: u8,
    /// Bit `d - 1`: the places of digit `d` changed since the mini-line rule last worked
    /// out what it is confined to.
    digits: u16,
}

impl Changed {
    /// Nothing counted yet, everything to count; counting everything at each call.
    pub(super) const fn new() -> Changed {
        Changed {
            recount: Recount::Everything,
            bands: 0b111,
            digits: ALL_DIGITS,
        }
    }
}

impl Board {
    /// Sets what naked singles and the mini-line rule count at each call, for this board
    /// and the copies made from it. The rules find the same with [`Recount::Changes`] as
    /// with [`Recount::Everything`], the default.
    ///
    /// ```
    /// use common::board::{Board, Recount};
    /// let mut everything = Board::new();
    /// let mut changes = everything;
    /// changes.use_recount(Recount::Changes);
    /// everything.place(0, 5).unwrap();
    /// changes.place(0, 5).unwrap();
    /// everything.propagate().unwrap();
    /// changes.propagate().unwrap();
    /// assert_eq!(everything.to_grid(), changes.to_grid());
    /// ```
    pub fn use_recount(&mut self, recount: Recount) {
        self.changed.recount = recount;
    }

    /// Notes the bands and digits of the digit-band words that a sweep of the band rule
    /// visited (bit `9 × band + d - 1`).
    #[inline]
    pub(super) fn note_changes(&mut self, swept: u32) {
        self.changed.digits |= digits_of_words(swept);
        self.changed.bands |= (swept & ROW_CELLS != 0) as u8
            | ((swept >> 9 & ROW_CELLS != 0) as u8) << 1
            | ((swept >> 18 != 0) as u8) << 2;
    }

    /// The bands (bit `b`) naked singles count in this pass, and none noted any more.
    #[inline]
    pub(super) fn bands_to_count(&mut self) -> u8 {
        let bands = match self.changed.recount {
            Recount::Everything => 0b111,
            Recount::Changes => self.changed.bands,
        };
        self.changed.bands = 0;
        bands
    }

    /// The digits (bit `d - 1`) the mini-line rule works out again, and none noted any
    /// more.
    #[inline]
    pub(super) fn digits_to_confine(&mut self) -> u16 {
        let digits = match self.changed.recount {
            Recount::Everything => ALL_DIGITS,
            Recount::Changes => self.changed.digits,
        };
        self.changed.digits = 0;
        digits
    }
}
