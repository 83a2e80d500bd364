//! Counting again only what changed: naked singles count only the bands that the band
//! rule's sweeps touched ([rung 9](crate::ladder::rung9_changes)), the mini-line rule only
//! their digits ([rung 19](crate::ladder::rung19_recount)).

use super::bands::ROW_CELLS;
use super::Board;
use crate::ALL_DIGITS;

/// Which digits the mini-line rule counts at each call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recount {
    /// Rungs 13 to 18.
    EveryDigit,
    /// Rung 19 on.
    ChangedDigits,
}

/// What changed since naked singles and the mini-line rule last counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Changed {
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
    /// Sets which digits the mini-line rule counts again; it finds the same either way.
    pub fn use_recount(&mut self, recount: Recount) {
        self.changed.recount = recount;
    }

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
