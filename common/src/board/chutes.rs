//! Branching on chutes ([rung 11](crate::ladder::rung11_chutes)): in the chute with the
//! fewest unsettled digits, a digit's permutations. Chutes 0 to 2 are the bands, 3 to 5
//! the stacks, read like bands with their columns for rows.

use super::band_rule::{PERMUTATIONS, PERMUTATIONS_INSIDE};
use super::bands::in_columns;
use super::{Board, MiniLineRule};
use crate::observe::{Branch, SearchObserver};
use crate::N_CELLS;

/// The fewest decided cells for branching on chutes. A permutation decides no cell, and a
/// nearly empty board hides contradictions: with two givens (r7c8 = 1, r8c8 = 5), chutes
/// took fifteen million guesses; a guess on a cell meets it soon. 17 because no grid with
/// fewer givens has one completion (McGuire, Tugemann and Civario, 2012).
pub const DECIDED_FOR_CHUTES: u32 = 17;

/// The rank of a digit settled in a chute.
pub(super) const SETTLED: u8 = u8::MAX;

/// `BRANCH_RANK[p]`: a digit with pattern `p` as a branch point, the best lowest: no
/// permutation, two, three, more, one (forced); or [`SETTLED`].
pub(super) const BRANCH_RANK: [u8; 512] = build_branch_rank();

const fn build_branch_rank() -> [u8; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let permutations = PERMUTATIONS_INSIDE[pattern].count_ones();
        table[pattern] = if (pattern as u16).count_ones() == 3 && permutations == 1 {
            SETTLED
        } else {
            match permutations {
                0 => 0,
                2 => 1,
                3 => 2,
                1 => 4,
                _ => 3,
            }
        };
        pattern += 1;
    }
    table
}

/// How [`Board::chute_branch`] picks its chute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChuteChoice {
    /// The fewest unsettled digits (rung 11).
    Unsettled,
    /// The same, but the fewest permutations while every chute is [wide
    /// open](super::wide_open) (rungs 12 to 14, the Sudoku solutions).
    Permutations,
}

/// A branch point on a chute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChuteBranch {
    /// The chute: a band (`0..3`) or a stack (`3..6`).
    pub chute: usize,
    /// The digit whose permutations are tried.
    pub digit: u8,
    /// Its permutations left there (bit `k`): the ways to try.
    pub permutations: u8,
}

impl ChuteBranch {
    /// The permutations to try, in order.
    pub fn ways(&self) -> impl Iterator<Item = usize> {
        let permutations = self.permutations;
        (0..6).filter(move |k| permutations & 1 << k != 0)
    }
}

impl Board {
    /// The branch point: the chute `choice` picks, and there the digit of the best rank;
    /// `None` below [`DECIDED_FOR_CHUTES`] or when every digit is settled. Needs the
    /// mini-line rule and a propagated board.
    pub fn chute_branch(&self, choice: ChuteChoice) -> Option<ChuteBranch> {
        debug_assert!(self.mini_lines.rule != MiniLineRule::Off && self.propagated);
        let open_cells: u32 = self.open.iter().map(|band| band.count_ones()).sum();
        if open_cells == 0 || N_CELLS as u32 - open_cells < DECIDED_FOR_CHUTES {
            return None;
        }
        // The chute with the fewest unsettled digits, the first on a tie.
        let mut best = None;
        for (chute, &unsettled) in self.mini_lines.unsettled.iter().enumerate() {
            if unsettled != 0 && best.map_or(true, |(_, fewest)| unsettled < fewest) {
                best = Some((chute, unsettled));
            }
        }
        let (mut chute, fewest_unsettled) = best?;
        if choice == ChuteChoice::Permutations && self.is_wide_open(fewest_unsettled) {
            chute = self.chute_with_fewest_permutations();
        }
        // The digit of the lowest rank, the lowest on a tie.
        let mut fewest = (SETTLED, 0);
        for index in 0..9 {
            let rank = BRANCH_RANK[self.chute_pattern(chute, index) as usize];
            if rank < fewest.0 {
                fewest = (rank, index);
            }
        }
        let (rank, index) = fewest;
        if rank == SETTLED {
            return None;
        }
        Some(ChuteBranch {
            chute,
            digit: index as u8 + 1,
            permutations: PERMUTATIONS_INSIDE[self.chute_pattern(chute, index) as usize],
        })
    }

    /// Digit `index + 1`'s pattern in `chute` (bit `3 × row + stack`, or in a stack `3 ×
    /// band + column in the stack`).
    pub(super) fn chute_pattern(&self, chute: usize, index: usize) -> u16 {
        if chute < 3 {
            self.mini_lines.mini_rows[chute][index]
        } else {
            let columns = self.mini_lines.column_bands[index] >> (3 * (chute - 3));
            (columns & 0b111 | (columns >> 6) & 0b111_000 | (columns >> 12) & 0b111_000_000) as u16
        }
    }

    /// Confines `branch`'s digit in its chute to permutation `k`.
    pub fn confine(&mut self, branch: &ChuteBranch, k: usize) {
        self.propagated = false;
        let index = branch.digit as usize - 1;
        if branch.chute < 3 {
            let mut cells = 0;
            for row in 0..3 {
                cells |= 0b111 << (9 * row + 3 * PERMUTATIONS[k][row]);
            }
            self.places[branch.chute][index] &= cells;
        } else {
            let stack = branch.chute - 3;
            for band in 0..3 {
                let others = 0b111 << (3 * stack) & !(1 << (3 * stack + PERMUTATIONS[k][band]));
                self.places[band][index] &= !in_columns(others);
            }
        }
    }

    /// Guess `tried_before + 1` at `branch`, told to `observer`: permutation `k`.
    pub fn guess_on_chute(
        &mut self,
        branch: &ChuteBranch,
        k: usize,
        tried_before: usize,
        observer: &mut impl SearchObserver,
    ) {
        observer.remark(|| describe_confinement(branch, k));
        let ways = branch.permutations.count_ones();
        let attempt = tried_before as u32 + 1;
        observer.guess_at(&[], Branch { ways, attempt });
        self.confine(branch, k);
    }
}

/// Permutation `k` of `branch` in words, as "9 in band 2: r4c4-6, r5c1-3, r6c7-9".
fn describe_confinement(branch: &ChuteBranch, k: usize) -> String {
    let mut parts = Vec::new();
    for (i, &j) in PERMUTATIONS[k].iter().enumerate() {
        parts.push(if branch.chute < 3 {
            // Row `i` of the band keeps the box in stack `j`.
            let row = 3 * branch.chute + i + 1;
            format!("r{row}c{}-{}", 3 * j + 1, 3 * j + 3)
        } else {
            // Band `i` keeps column `j` of the stack.
            let column = 3 * (branch.chute - 3) + j + 1;
            format!("r{}-{}c{column}", 3 * i + 1, 3 * i + 3)
        });
    }
    let (kind, number) = if branch.chute < 3 {
        ("band", branch.chute + 1)
    } else {
        ("stack", branch.chute - 2)
    };
    format!("{} in {kind} {number}: {}", branch.digit, parts.join(", "))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::band_rule::permutation_pattern;
    use super::*;

    /// `puzzle` (81 characters, `.` for an empty cell) with its givens placed and
    /// propagated, the mini-line rule's confined part included.
    pub(in crate::board) fn propagated_with_mini_lines(puzzle: &str) -> Board {
        let mut grid = [0; N_CELLS];
        for (cell, byte) in puzzle.bytes().enumerate() {
            grid[cell] = if byte == b'.' { 0 } else { byte - b'0' };
        }
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        board
    }

    /// The unsettled digits of `chute`, counted again from the patterns.
    pub(in crate::board) fn unsettled_in_chute(board: &Board, chute: usize) -> usize {
        (0..9)
            .filter(|&index| BRANCH_RANK[board.chute_pattern(chute, index) as usize] != SETTLED)
            .count()
    }

    /// Checks that `branch` takes, in its chute, a digit of the lowest rank there.
    pub(in crate::board) fn assert_lowest_rank(board: &Board, branch: ChuteBranch) {
        let rank = |index: usize| BRANCH_RANK[board.chute_pattern(branch.chute, index) as usize];
        assert_eq!(
            Some(rank(branch.digit as usize - 1)),
            (0..9).map(rank).min()
        );
        assert!(branch.permutations.count_ones() >= 2);
    }

    #[test]
    fn confining_cuts_a_digit_to_each_of_its_permutations() {
        for chute in 0..6 {
            let mut board = Board::new();
            board.use_mini_lines(MiniLineRule::Confined);
            board.propagate().unwrap();
            let branch = ChuteBranch {
                chute,
                digit: 4,
                permutations: 0b111111,
            };
            for k in 0..6 {
                let mut child = board;
                child.confine(&branch, k);
                child.propagate().unwrap();
                let pattern = child.chute_pattern(chute, 3);
                assert_eq!(pattern, permutation_pattern(k), "chute {chute}, k {k}");
                assert_eq!(BRANCH_RANK[pattern as usize], SETTLED);
                // The other digits keep their places.
                assert_eq!(child.chute_pattern(chute, 4), 0o777);
            }
        }
    }

    #[test]
    fn the_chute_branch_takes_the_first_chute_with_fewest_unsettled_digits() {
        // forum_hardest_1106's first puzzle, propagated.
        let board = propagated_with_mini_lines(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let unsettled: Vec<usize> = (0..6).map(|c| unsettled_in_chute(&board, c)).collect();
        let fewest = *unsettled.iter().filter(|&&count| count > 0).min().unwrap();
        let chosen = board.chute_branch(ChuteChoice::Unsettled).unwrap();
        assert_eq!(
            Some(chosen.chute),
            unsettled.iter().position(|&count| count == fewest)
        );
        assert_lowest_rank(&board, chosen);
        // Some chute is not wide open: both choices agree.
        assert!(!board.is_wide_open(fewest as u8));
        assert_eq!(board.chute_branch(ChuteChoice::Permutations), Some(chosen));
    }

    #[test]
    fn the_chute_branch_waits_for_seventeen_decided_cells() {
        // Sixteen cells decided: the first row and seven of the second. Then one more.
        let mut grid = [0; N_CELLS];
        grid[..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1]);
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        assert_eq!(board.solved_cells().count_ones(), 16);
        for choice in [ChuteChoice::Unsettled, ChuteChoice::Permutations] {
            assert!(board.chute_branch(choice).is_none());
        }
        board.place(16, 2).unwrap();
        board.propagate().unwrap();
        assert!(board.solved_cells().count_ones() >= DECIDED_FOR_CHUTES);
        for choice in [ChuteChoice::Unsettled, ChuteChoice::Permutations] {
            assert!(board.chute_branch(choice).is_some());
        }
    }
}
