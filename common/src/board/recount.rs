//! Counting again only what changed. The band rule's sweeps note the bands and digits whose
//! places they touched: naked singles count only those bands ([rung
//! 9](crate::ladder::rung9_changes)'s idea, on every board), and the mini-line rule, when
//! the board asks, only those digits ([rung 19](crate::ladder::rung19_recount)).

use super::bands::ROW_CELLS;
use super::Board;
use crate::ALL_DIGITS;

/// Which digits the mini-line rule counts at each call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recount {
    /// Every digit (rungs 13 to 18).
    EveryDigit,
    /// The digits that changed (rung 19, and the Sudoku solutions).
    ChangedDigits,
}

/// What changed since naked singles and the mini-line rule last counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Changed {
    /// What the mini-line rule counts.
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
            recount: Recount::EveryDigit,
            bands: 0b111,
            digits: ALL_DIGITS,
        }
    }
}

impl Board {
    /// Sets which digits the mini-line rule counts, on this board and its copies; it finds
    /// the same either way.
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

    /// The bands (bit `b`) naked singles count now: those that changed.
    #[inline]
    pub(super) fn bands_to_count(&mut self) -> u8 {
        let bands = self.changed.bands;
        self.changed.bands = 0;
        bands
    }

    /// The digits (bit `d - 1`) the mini-line rule counts now.
    #[inline]
    pub(super) fn digits_to_confine(&mut self) -> u16 {
        let digits = match self.changed.recount {
            Recount::EveryDigit => ALL_DIGITS,
            Recount::ChangedDigits => self.changed.digits,
        };
        self.changed.digits = 0;
        digits
    }
}
