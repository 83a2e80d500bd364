//! # Rung 4: locked candidates
//!
//! Inference: pointing and claiming, once rung 3's singles stop. Picture and reasons:
//! `docs/climb.md`.

use super::rung2_masks::{CandidateGrid, RuledGrid, Rules};
use super::{rung3_singles, Idea, OnCells, PuzzleInSet, Rung};
use crate::observe::SearchObserver;

/// Rung 4's rules.
#[derive(Clone, Copy, Debug)]
pub struct LockedCandidates;

impl Rules for LockedCandidates {
    fn apply(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool {
        propagate(state, observer)
    }
}

/// Rung 4's search state.
pub type LockedGrid = RuledGrid<LockedCandidates>;

/// Rung 3's singles, then locked candidates, until neither changes anything.
pub fn propagate(state: &mut CandidateGrid, observer: &mut impl SearchObserver) -> bool {
    loop {
        if !rung3_singles::propagate(state, observer) {
            return false;
        }
        if !clear_locked_candidates(state) {
            return true;
        }
    }
}

/// Rows or columns: the rules work alike along both.
#[derive(Clone, Copy)]
enum Lines {
    Rows,
    Columns,
}

impl Lines {
    fn cell(self, line: usize, position: usize) -> usize {
        match self {
            Lines::Rows => 9 * line + position,
            Lines::Columns => 9 * position + line,
        }
    }
}

/// `[line][third]`: the digits the open cells of that third of `line` may take.
fn mini_lines_along(state: &CandidateGrid, lines: Lines) -> [[u16; 3]; 9] {
    let mut mini_lines = [[0; 3]; 9];
    for line in 0..9 {
        for position in 0..9 {
            let cell = lines.cell(line, position);
            if state.grid[cell] == 0 {
                mini_lines[line][position / 3] |= state.candidates[cell];
            }
        }
    }
    mini_lines
}

/// The digits of `mini_lines[own]` that neither of the other two may take.
fn only_in(mini_lines: [u16; 3], own: usize) -> u16 {
    mini_lines[own] & !(mini_lines[(own + 1) % 3] | mini_lines[(own + 2) % 3])
}

/// One pass of pointing and claiming; whether it removed a candidate.
///
/// ```
/// use common::ladder::{rung2_masks::CandidateGrid, rung4_locked::clear_locked_candidates};
/// // Rows 2 and 3 of box 1 are full, so its 5 is in row 1: pointing clears r1c6.
/// let mut grid = [0u8; 81];
/// grid[9..12].copy_from_slice(&[1, 2, 3]);
/// grid[18..21].copy_from_slice(&[4, 6, 7]);
/// let mut state = CandidateGrid::with_givens(&grid).unwrap();
/// assert!(clear_locked_candidates(&mut state));
/// assert_eq!(state.candidates[5] & common::digit_bit(5), 0);
/// ```
pub fn clear_locked_candidates(state: &mut CandidateGrid) -> bool {
    let mut removed_any = false;
    for lines in [Lines::Rows, Lines::Columns] {
        // Read once: a stale mini-line finds less, never something false; the next pass
        // finds the rest.
        let mini_lines = mini_lines_along(state, lines);
        for line in 0..9 {
            let first_line_of_box = 3 * (line / 3);
            for third in 0..3 {
                let in_box = [0, 1, 2].map(|k| mini_lines[first_line_of_box + k][third]);
                // Pointing: the box's digits only on this line leave the line's other thirds.
                let pointing = only_in(in_box, line % 3);
                let rest_of_line = (0..9)
                    .filter(|position| position / 3 != third)
                    .map(|position| lines.cell(line, position));
                removed_any |= remove(state, rest_of_line, pointing);
                // Claiming: the line's digits only in this box leave the box's other lines.
                let claiming = only_in(mini_lines[line], third);
                let rest_of_box = (first_line_of_box..first_line_of_box + 3)
                    .filter(|&other| other != line)
                    .flat_map(|other| {
                        (3 * third..3 * third + 3).map(move |position| (other, position))
                    })
                    .map(|(other, position)| lines.cell(other, position));
                removed_any |= remove(state, rest_of_box, claiming);
            }
        }
    }
    removed_any
}

/// Removes `digits` from the open `cells`; whether any had one.
fn remove(state: &mut CandidateGrid, cells: impl Iterator<Item = usize>, digits: u16) -> bool {
    if digits == 0 {
        return false;
    }
    let mut removed_any = false;
    for cell in cells {
        if state.grid[cell] == 0 && state.candidates[cell] & digits != 0 {
            state.candidates[cell] &= !digits;
            removed_any = true;
        }
    }
    removed_any
}

/// Rung 4 in [`RUNGS`](super::RUNGS).
pub const RUNG: Rung = Rung {
    number: 4,
    name: "locked-candidates",
    idea: Idea::Inference,
    solver: &OnCells::<LockedGrid>::SEARCH,
    chosen_puzzle: PuzzleInSet {
        set: "magictour_top1465",
        number: 1,
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{digit_bit, N_CELLS};

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
    fn claiming_along_a_column_clears_the_rest_of_the_box() {
        // In column 1 the 5 can only go in box 1 (rows 4 to 9 hold other digits), so the
        // other columns of box 1 lose it.
        let mut grid = [0; N_CELLS];
        for (row, digit) in (3..9).zip([1, 2, 3, 4, 6, 7]) {
            grid[9 * row] = digit;
        }
        let mut state = CandidateGrid::with_givens(&grid).unwrap();
        assert!(clear_locked_candidates(&mut state));
        for cell in [1, 2, 10, 11, 19, 20] {
            assert_eq!(state.candidates[cell] & digit_bit(5), 0, "cell {cell}");
        }
        assert_ne!(state.candidates[3] & digit_bit(5), 0);
    }

    #[test]
    fn nothing_locked_changes_nothing() {
        let mut state = CandidateGrid::with_givens(&[0; N_CELLS]).unwrap();
        let before = state;
        assert!(!clear_locked_candidates(&mut state));
        assert_eq!(state, before);
    }
}
