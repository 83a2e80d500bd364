//! # Rung 6: work only where something changed
//!
//! **The idea.** Rung 5 sweeps all 27 digit-band words with the band rule, all three bands
//! with the naked-single rule and all nine digits with the column rules, again and again
//! until a sweep changes nothing, so most of its work finds nothing. This rung remembers,
//! for each digit and band, the places the band rule last saw (`seen`), and applies the
//! band rule only to the words that differ from that memory. Each word it looks at marks
//! its band for the naked-single rule and its digit for the column rules, and those rules
//! look only at what is marked. (JCZSolve, as tdoku's write-up describes it, finds its
//! work the same way: by comparing with the last state it saw.)
//!
//! **Why it keeps every completion.** The rules are rung 5's. Each rule's answer depends
//! only on the words it reads, and every rule removes places only, so a word equal to what
//! a rule last saw has nothing new to give it: applying it again would change nothing.
//! Every change to a word shows as a difference from `seen`, so no rule misses a change.
//! Propagation therefore ends in the same state as rung 5's, and the guesses are rung 5's
//! (the tests check it puzzle by puzzle).
//!
//! **What it costs per node.** 27 more words in the state, and the marks for the other
//! two rules (a guess copies 232 bytes). A propagation compares the 27 words with their
//! memory, then applies each rule only where something changed: after a guess, the
//! digit-bands it touched and the few that follow from those.
//!
//! **What it buys.** The same tree as rung 5, walked faster. Measured as the
//! [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | magictour_top1465 | 1,465 | 15.7 µs | 256 µs | 21.3 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 68.4 µs | 869 µs | 132 | 0 |
//! | forum_hardest_1106 | 375 | 122 µs | 857 µs | 241 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 4.6 µs | 301 µs | 1.5 | 0 |

use super::rung5_bands::Bands;
use super::{Grid, SearchState};
use crate::board::{BandSet, Contradiction};
use crate::observe::SearchObserver;

/// Rung 6's search state: rung 5's bands, and what each rule has already seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackedBands {
    /// The places of every digit, band by band, and the open cells.
    pub(super) bands: Bands,
    /// `seen[b][d - 1]`: what the band rule left in `bands.places[b][d - 1]` when it last
    /// looked. Wherever the two differ, something changed and the band rule must look
    /// again.
    seen: [[BandSet; 9]; 3],
    /// Bit `b`: band `b` changed since the naked-single rule last looked at it.
    bands_to_check: u8,
    /// Bit `d - 1`: the places of digit `d` changed since the column rules last looked.
    digits_to_check: u16,
}

impl TrackedBands {
    /// The digit-bands whose places differ from what the band rule saw last: bit
    /// `9 × band + index`.
    fn changed_words(&self) -> u32 {
        let mut changed = 0;
        for band in 0..3 {
            for index in 0..9 {
                let differs = self.bands.places[band][index] != self.seen[band][index];
                changed |= (differs as u32) << (9 * band + index);
            }
        }
        changed
    }

    /// Rung 5's rules, each only where something changed, until none finds anything.
    fn propagate(&mut self, observer: &mut impl SearchObserver) -> Result<(), Contradiction> {
        loop {
            // The band rule on every word that changed, until none did.
            let mut changed = self.changed_words();
            while changed != 0 {
                for word in crate::cells(changed as crate::CellSet) {
                    let (band, index) = (word / 9, word % 9);
                    self.bands.apply_band_rule(band, index, observer)?;
                    self.seen[band][index] = self.bands.places[band][index];
                    self.bands_to_check |= 1 << band;
                    self.digits_to_check |= 1 << index;
                }
                changed = self.changed_words();
            }
            if self.bands_to_check == 0 && self.digits_to_check == 0 {
                return Ok(());
            }
            // The naked singles of the bands, and the column rules of the digits, that the
            // band rule marked; what they change, the band rule sees next.
            for band in crate::digits(self.bands_to_check as u16) {
                self.bands
                    .place_naked_singles(band as usize - 1, observer)?;
            }
            for digit in crate::digits(self.digits_to_check) {
                self.bands
                    .apply_column_rules(digit as usize - 1, observer)?;
            }
            self.bands_to_check = 0;
            self.digits_to_check = 0;
        }
    }
}

impl SearchState for TrackedBands {
    fn start(grid: &Grid, observer: &mut impl SearchObserver) -> Option<Self> {
        let bands = Bands::with_givens(grid)?;
        let mut state = TrackedBands {
            bands,
            // Nothing seen yet: a memory no set of places can equal (the band words use
            // 27 bits), so the band rule looks at every word first.
            seen: [[BandSet::MAX; 9]; 3],
            bands_to_check: 0b111,
            digits_to_check: crate::ALL_DIGITS,
        };
        state.propagate(observer).ok()?;
        Some(state)
    }

    fn choose_cell(&self) -> Option<usize> {
        self.bands.lowest_most_constrained_cell()
    }

    fn candidates_of(&self, cell: usize) -> u16 {
        self.bands.candidates(cell)
    }

    fn try_place(&mut self, cell: usize, digit: u8, observer: &mut impl SearchObserver) -> bool {
        self.bands.place(cell, digit) && self.propagate(observer).is_ok()
    }

    fn grid(&self) -> Grid {
        self.bands.grid()
    }
}
