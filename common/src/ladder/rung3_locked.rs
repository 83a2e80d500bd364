//! # Rung 3: locked candidates
//!
//! **The idea.** When every place left for a digit in one unit also lies in a second
//! unit, the digit's place in the second unit is among them, so the second unit's other
//! cells lose the digit. With a box and a row (or column) this is the rule solvers call
//! **locked candidates**: *pointing* when the box's places lie in one line, *claiming*
//! when the line's places lie in one box. After the singles of rung 2 stop, this rule
//! runs; whenever it removes a candidate, the singles run again.
//!
//! **Why it keeps every completion.** In a completion the digit stands once in the first
//! unit, at one of those places, and that place is in the second unit too. The second unit
//! holds the digit only once, so none of its other cells holds it in any completion.
//!
//! **What it costs per node.** On top of rung 2, each pass of [`clear_locked_candidates`]
//! visits the 9 digits of the 27 units, reading the unit's 9 cells for each, and clears
//! the digit in at most 6 more cells. It runs at least once per node, and again after
//! every sweep of singles it started.
//!
//! **What it buys.** It sees what singles miss: a box that fixes a digit's row without
//! fixing its cell still clears that row elsewhere, and singles follow from that. The
//! band board of rung 4 gets the same clearing along rows from its band rule. It pays in
//! guesses, not in time: rung 2's guesses fall by a fifth to over a half, but each pass reads
//! every unit cell by cell for every digit, and a node costs about ten times rung 2's.
//! Rung 4 makes these rules cheap. Measured as the
//! [ladder's documentation](super#the-measurements) says:
//!
//! | set | puzzles | mean | max | guesses (mean) | over the cap |
//! |---|---:|---:|---:|---:|---:|
//! | forum_hardest_1106 | 375 | 1.5 ms | 9.6 ms | 241 | 0 |
//! | magictour_top1465 | 1,465 | 180 µs | 3.7 ms | 21.3 | 0 |
//! | forum_hardest_1905_11plus (first 2,000) | 2,000 | 832 µs | 14.2 ms | 132 | 0 |
//! | 17_clue (first 2,000) | 2,000 | 22.4 µs | 4.0 ms | 1.5 | 0 |

use super::rung1_masks::{CandidateGrid, RuledGrid};
use super::rung2_singles;
use super::{search, Grid, Outcome};
use crate::{digit_bit, CELLS_OF_UNIT, N_UNITS, UNITS_OF};

/// The units of `cell` as a set of units: bit `u` is set for each of its three units.
fn unit_set_of(cell: usize) -> u32 {
    UNITS_OF[cell].iter().fold(0, |set, &unit| set | 1 << unit)
}

/// One pass of the locked-candidates rule over every unit and digit of `state`, cell by
/// cell. Returns whether it removed any candidate.
///
/// ```
/// use common::ladder::{rung1_masks::CandidateGrid, rung3_locked::clear_locked_candidates};
/// use common::digit_bit;
/// // In box 1, the 5 can only go in row 1 (rows 2 and 3 of the box hold other digits):
/// // the rest of row 1 loses the 5 ("pointing").
/// let mut grid = [0u8; 81];
/// grid[9..12].copy_from_slice(&[1, 2, 3]);
/// grid[18..21].copy_from_slice(&[4, 6, 7]);
/// let mut state = CandidateGrid::with_givens(&grid).unwrap();
/// assert!(clear_locked_candidates(&mut state));
/// assert_eq!(state.candidates[5] & digit_bit(5), 0);
/// assert_ne!(state.candidates[0] & digit_bit(5), 0);
/// ```
pub fn clear_locked_candidates(state: &mut CandidateGrid) -> bool {
    let mut removed_any = false;
    for unit in 0..N_UNITS {
        for digit in 1..=9 {
            let bit = digit_bit(digit);
            // The units holding every open place of the digit in this unit (the unit
            // itself among them), or none if it has no open place here.
            let mut sharing_every_place = !0u32;
            let mut has_a_place = false;
            for &cell in &CELLS_OF_UNIT[unit] {
                let cell = cell as usize;
                if state.grid[cell] == 0 && state.candidates[cell] & bit != 0 {
                    sharing_every_place &= unit_set_of(cell);
                    has_a_place = true;
                }
            }
            if !has_a_place {
                continue;
            }
            let locked_in = sharing_every_place & !(1 << unit);
            for other in 0..N_UNITS {
                if locked_in & 1 << other == 0 {
                    continue;
                }
                // The digit is locked in this unit's places: the other unit's remaining
                // open cells lose it.
                for &cell in &CELLS_OF_UNIT[other] {
                    let cell = cell as usize;
                    let outside = unit_set_of(cell) & 1 << unit == 0;
                    if outside && state.grid[cell] == 0 && state.candidates[cell] & bit != 0 {
                        state.candidates[cell] &= !bit;
                        removed_any = true;
                    }
                }
            }
        }
    }
    removed_any
}

/// Rung 2's singles, then locked candidates, until neither changes anything. Returns
/// `false` on a contradiction.
pub fn propagate(state: &mut CandidateGrid) -> bool {
    loop {
        if !rung2_singles::propagate(state) {
            return false;
        }
        if !clear_locked_candidates(state) {
            return true;
        }
    }
}

/// Solves `grid`; the solver of rung 3 in [`super::RUNGS`].
pub fn solve(grid: &Grid) -> Outcome {
    search(RuledGrid::start(grid, propagate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::N_CELLS;

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // In row 1 the 5 can only go in box 1 (cells 3 to 8 hold other digits), so the
        // other rows of box 1 lose it.
        let mut grid = [0; N_CELLS];
        grid[3..9].copy_from_slice(&[1, 2, 3, 4, 6, 7]);
        let mut state = CandidateGrid::with_givens(&grid).unwrap();
        assert!(clear_locked_candidates(&mut state));
        for cell in [9, 10, 11, 18, 19, 20] {
            assert_eq!(state.candidates[cell] & digit_bit(5), 0, "cell {cell}");
        }
        assert_ne!(state.candidates[12] & digit_bit(5), 0);
    }

    #[test]
    fn nothing_locked_changes_nothing() {
        let mut state = CandidateGrid::with_givens(&[0; N_CELLS]).unwrap();
        let before = state;
        assert!(!clear_locked_candidates(&mut state));
        assert_eq!(state, before);
    }
}
