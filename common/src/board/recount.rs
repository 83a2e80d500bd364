//! Counting again only what changed ([rung 14](crate::ladder::rung14_recount)): naked
//! singles count only the bands, and the mini-line rule only the digits, that the band
//! rule's sweeps touched since they last counted.

use super::bands::ROW_CELLS;
use super::Board;
use crate::ALL_DIGITS;

/// What naked singles and the mini-line rule count at each call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recount {
    /// Everything (rungs 8 to 13).
    Everything,
    /// What changed (rung 14, and the three solutions).
    Changes,
}

/// What changed since the two rules last counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Changed {
    /// What they count.
    recount: Recount,
    /// Bands (bit `b`) for naked singles.
    bands: u8,
    /// Digits (bit `d - 1`) for the mini-line rule.
    digits: u16,
}

impl Changed {
    /// Everything to count.
    pub(super) const fn new() -> Changed {
        Changed {
            recount: Recount::Everything,
            bands: 0b111,
            digits: ALL_DIGITS,
        }
    }
}

impl Board {
    /// Sets what the two rules count, on this board and its copies; they find the same.
    pub fn use_recount(&mut self, recount: Recount) {
        self.changed.recount = recount;
    }

    /// Keeps the digits (bit `d - 1`) a sweep touched.
    #[inline]
    pub(super) fn note_changed_digits(&mut self, digits: u16) {
        self.changed.digits |= digits;
    }

    /// Keeps the bands of the words `swept` (bit `9 × band + d - 1`).
    #[inline]
    pub(super) fn note_changed_bands(&mut self, swept: u32) {
        self.changed.bands |= (swept & ROW_CELLS != 0) as u8
            | ((swept >> 9 & ROW_CELLS != 0) as u8) << 1
            | ((swept >> 18 != 0) as u8) << 2;
    }

    /// The bands (bit `b`) naked singles count now.
    #[inline]
    pub(super) fn bands_to_count(&mut self) -> u8 {
        let bands = match self.changed.recount {
            Recount::Everything => 0b111,
            Recount::Changes => self.changed.bands,
        };
        self.changed.bands = 0;
        bands
    }

    /// The digits (bit `d - 1`) the mini-line rule counts now.
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
