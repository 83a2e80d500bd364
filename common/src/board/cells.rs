//! Branching on a cell: the fewest candidates (MRV, [rung
//! 1](crate::ladder::rung1_fewest_candidates)); of cells with two, the most open peers
//! ([rung 10](crate::ladder::rung10_tie_break)).

use super::bands::{cell_of, in_columns, join_bands, BandSet, OTHER_BANDS, PEERS_IN_BAND};
use super::Board;

/// `COLUMN_THROUGH[i]`: the band's cells in the column of its cell `i`.
const COLUMN_THROUGH: [BandSet; 27] = build_column_through();

const fn build_column_through() -> [BandSet; 27] {
    let mut table = [0; 27];
    let mut cell_in_band = 0;
    while cell_in_band < 27 {
        table[cell_in_band] = in_columns(1 << (cell_in_band % 9));
        cell_in_band += 1;
    }
    table
}

impl Board {
    /// The open cell to branch on; `None` when every cell is decided.
    pub fn most_constrained_cell(&self) -> Option<usize> {
        // The best cell so far, `128 × open peers + (127 - cell)`; 0 is none.
        let mut best = 0;
        for band in 0..3 {
            let count = || {
                let (_, at_least_two, at_least_three) = self.candidate_counts(band);
                self.open[band] & at_least_two & !at_least_three
            };
            let mut exactly_two = if self.propagated {
                debug_assert_eq!(self.two_candidates[band], count());
                self.two_candidates[band] // counted by naked singles
            } else {
                count()
            };
            let [next, after_next] = OTHER_BANDS[band];
            let open_elsewhere = [self.open[next], self.open[after_next]];
            while exactly_two != 0 {
                let cell_in_band = exactly_two.trailing_zeros() as usize;
                exactly_two &= exactly_two - 1;
                let open_peers = count_among_peers(self.open[band], open_elsewhere, cell_in_band);
                let key = 128 * open_peers as usize + 127 - cell_of(band, cell_in_band);
                best = best.max(key);
            }
        }
        if best != 0 {
            return Some(127 - best % 128);
        }
        crate::cells(join_bands(self.open)).min_by_key(|&cell| self.candidates(cell).count_ones())
    }

    /// How many open peers of `cell` may still take `digit`.
    #[inline]
    pub fn open_places_among_peers(&self, cell: usize, digit: u8) -> u32 {
        let index = digit as usize - 1;
        let open_places = |band: usize| self.places[band][index] & self.open[band];
        let band = cell / 27;
        let [next, after_next] = OTHER_BANDS[band];
        let elsewhere = [open_places(next), open_places(after_next)];
        count_among_peers(open_places(band), elsewhere, cell % 27)
    }
}

/// How many cells of a set, given band by band, are peers of `cell_in_band`.
pub(crate) fn count_among_peers(
    in_band: BandSet,
    in_other_bands: [BandSet; 2],
    cell_in_band: usize,
) -> u32 {
    let row_and_box = in_band & PEERS_IN_BAND[cell_in_band];
    // The other bands' cells in its column, apart by a shift, counted in one word.
    let column = COLUMN_THROUGH[cell_in_band];
    let [next, after_next] = in_other_bands;
    let elsewhere = (next & column) | (after_next & column) << 1;
    (row_and_box as u64 | (elsewhere as u64) << 32).count_ones()
}

#[cfg(test)]
mod tests {
    use super::super::tests::pattern_grid;
    use super::*;
    use crate::ALL_DIGITS;

    #[test]
    fn most_constrained_cell_prefers_fewest_candidates() {
        let mut board = Board::new();
        assert_eq!(board.most_constrained_cell(), Some(0));
        for digit in 1..=6 {
            board.eliminate(50, digit);
        }
        assert_eq!(board.most_constrained_cell(), Some(50));
        for digit in 1..=7 {
            board.eliminate(20, digit);
        }
        assert_eq!(board.most_constrained_cell(), Some(20));
        let full = Board::from_grid(&pattern_grid()).unwrap();
        assert_eq!(full.most_constrained_cell(), None);
        assert_eq!(full.candidates(0).count_ones(), 1);
        assert_ne!(full.candidates(0), ALL_DIGITS);
    }
}
