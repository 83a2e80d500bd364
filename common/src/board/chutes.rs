//! Branching on chutes ([rung 14](crate::ladder::rung14_chutes)). Chutes `0..3` are the
//! bands, `3..6` the stacks, read like bands with columns for rows.

use super::band_rule::{PERMUTATIONS, PERMUTATIONS_INSIDE};
use super::bands::in_columns;
use super::digit_choice::DigitChoice;
use super::early::{chute_with_fewest_permutations, is_early, ChuteChoice};
use super::sparse::SparseBoard;
use super::unsettled::{chute_pattern, unsettled_digits};
use super::{Board, MiniLineRule};
use crate::observe::{Branch, SearchObserver};

/// Where the search on chutes branches; rungs 15 to 17 each change one choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChuteBranching {
    /// Rung 15's choice.
    pub sparse_board: SparseBoard,
    /// Rung 16's choice.
    pub digit: DigitChoice,
    /// Rung 17's choice.
    pub chute: ChuteChoice,
}

impl ChuteBranching {
    /// Rung 14's choices.
    pub const FIRST: ChuteBranching = ChuteBranching {
        sparse_board: SparseBoard::Chutes,
        digit: DigitChoice::Lowest,
        chute: ChuteChoice::FewestUnsettled,
    };

    /// The Sudoku solutions' choices (rung 17's).
    pub const SOLUTIONS: ChuteBranching = ChuteBranching {
        sparse_board: SparseBoard::Cells,
        digit: DigitChoice::FewestPermutations,
        chute: ChuteChoice::FewestPermutationsWhileEarly,
    };
}

/// A branch point on a chute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChuteBranch {
    /// A band (`0..3`) or a stack (`3..6`).
    pub chute: usize,
    /// The digit branched on.
    pub digit: u8,
    /// Its permutations left (bit `k`), the ways.
    pub permutations: u8,
}

impl ChuteBranch {
    /// The ways, in order.
    pub fn ways(&self) -> impl Iterator<Item = usize> {
        let permutations = self.permutations;
        (0..6).filter(move |k| permutations & 1 << k != 0)
    }
}

impl ChuteBranching {
    /// The branch point on a propagated `board` with the mini-line rule; `None` when every
    /// digit is settled or the board branches on a cell.
    pub fn branch_point(self, board: &Board) -> Option<ChuteBranch> {
        debug_assert!(board.mini_lines.rule != MiniLineRule::Off && board.propagated);
        if board.is_complete() || self.sparse_board.branches_on_cells(board) {
            return None;
        }
        // The chute with the fewest unsettled digits, the first on a tie.
        let unsettled = unsettled_digits(board);
        let mut best = None;
        for (chute, &count) in unsettled.iter().enumerate() {
            if count != 0 && best.map_or(true, |(_, fewest)| count < fewest) {
                best = Some((chute, count));
            }
        }
        let (mut chute, fewest_unsettled) = best?;
        if self.chute == ChuteChoice::FewestPermutationsWhileEarly && is_early(fewest_unsettled) {
            chute = chute_with_fewest_permutations(board, &unsettled);
        }
        let index = self.digit.digit_to_branch_on(board, chute)?;
        Some(ChuteBranch {
            chute,
            digit: index as u8 + 1,
            permutations: PERMUTATIONS_INSIDE[chute_pattern(board, chute, index) as usize],
        })
    }
}

impl ChuteBranch {
    /// Keeps only permutation `k` of the digit in its chute.
    pub fn keep_permutation(&self, k: usize, board: &mut Board) {
        board.propagated = false;
        let index = self.digit as usize - 1;
        if self.chute < 3 {
            let mut cells = 0;
            for row in 0..3 {
                cells |= 0b111 << (9 * row + 3 * PERMUTATIONS[k][row]);
            }
            board.places[self.chute][index] &= cells;
        } else {
            let stack = self.chute - 3;
            for band in 0..3 {
                let others = 0b111 << (3 * stack) & !(1 << (3 * stack + PERMUTATIONS[k][band]));
                board.places[band][index] &= !in_columns(others);
            }
        }
    }

    /// Guess `tried_before + 1` here: permutation `k`.
    pub fn guess(
        &self,
        k: usize,
        tried_before: usize,
        board: &mut Board,
        observer: &mut impl SearchObserver,
    ) {
        observer.remark(&|| describe_permutation(self, k));
        let ways = self.permutations.count_ones();
        let attempt = tried_before as u32 + 1;
        observer.guess_at(&[], Branch { ways, attempt });
        self.keep_permutation(k, board);
    }
}

/// Permutation `k` of `branch` in words, as "9 in band 2: r4c4-6, r5c1-3, r6c7-9".
fn describe_permutation(branch: &ChuteBranch, k: usize) -> String {
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
mod tests {
    use super::super::band_rule::permutation_pattern;
    use super::super::digit_choice::BRANCH_RANK;
    use super::super::early::{permutations_in_chute, EARLY};
    use super::super::sparse::DECIDED_FOR_CHUTES;
    use super::super::unsettled::is_settled;
    use super::*;
    use crate::N_CELLS;

    /// `puzzle` (81 characters, `.` for an empty cell) with its givens placed and
    /// propagated, the mini-line rule's confined part included.
    fn propagated_with_mini_lines(puzzle: &str) -> Board {
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
    fn unsettled_in_chute(board: &Board, chute: usize) -> usize {
        (0..9)
            .filter(|&index| !is_settled(chute_pattern(board, chute, index)))
            .count()
    }

    /// Checks that `branch` takes, in its chute, a digit of the lowest rank there.
    fn assert_lowest_rank(board: &Board, branch: ChuteBranch) {
        let rank = |index: usize| BRANCH_RANK[chute_pattern(board, branch.chute, index) as usize];
        assert_eq!(
            Some(rank(branch.digit as usize - 1)),
            (0..9).map(rank).min()
        );
        assert!(branch.permutations.count_ones() >= 2);
    }

    /// forum_hardest_1106's first puzzle.
    const HARDEST: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

    #[test]
    fn keeping_a_permutation_cuts_a_digit_to_it() {
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
                branch.keep_permutation(k, &mut child);
                child.propagate().unwrap();
                let pattern = chute_pattern(&child, chute, 3);
                assert_eq!(pattern, permutation_pattern(k), "chute {chute}, k {k}");
                assert!(is_settled(pattern));
                // The other digits keep their places.
                assert_eq!(chute_pattern(&child, chute, 4), 0o777);
            }
        }
    }

    #[test]
    fn the_unsettled_digits_are_those_with_more_than_one_permutation() {
        let board = propagated_with_mini_lines(HARDEST);
        let counted = unsettled_digits(&board);
        for chute in 0..6 {
            assert_eq!(counted[chute] as usize, unsettled_in_chute(&board, chute));
        }
        assert!(counted.iter().any(|&count| count > 0));
    }

    #[test]
    fn the_first_chute_with_fewest_unsettled_digits_and_its_lowest_unsettled_digit() {
        let board = propagated_with_mini_lines(HARDEST);
        let unsettled: Vec<usize> = (0..6).map(|c| unsettled_in_chute(&board, c)).collect();
        let fewest = *unsettled.iter().filter(|&&count| count > 0).min().unwrap();
        let chosen = ChuteBranching::FIRST.branch_point(&board).unwrap();
        assert_eq!(
            Some(chosen.chute),
            unsettled.iter().position(|&count| count == fewest)
        );
        let lowest_unsettled = (0..9)
            .find(|&index| !is_settled(chute_pattern(&board, chosen.chute, index)))
            .unwrap();
        assert_eq!(chosen.digit as usize, lowest_unsettled + 1);
        // Some chute is not early: the solutions take the same chute, and there the digit
        // with the fewest permutations.
        assert!(!is_early(fewest as u8));
        let solutions = ChuteBranching::SOLUTIONS.branch_point(&board).unwrap();
        assert_eq!(solutions.chute, chosen.chute);
        assert_lowest_rank(&board, solutions);
    }

    #[test]
    fn an_early_board_branches_in_the_chute_with_fewest_permutations() {
        // magictour_top1465's fifth puzzle, propagated: 19 cells decided, and every chute
        // with seven unsettled digits or more.
        let board = propagated_with_mini_lines(
            "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
        );
        assert!((0..6).all(|chute| unsettled_in_chute(&board, chute) >= EARLY as usize));
        let permutations = |chute: usize| permutations_in_chute(&board, chute);
        let fewest = (0..6).map(permutations).min().unwrap();
        let chosen = ChuteBranching::SOLUTIONS.branch_point(&board).unwrap();
        assert_eq!(
            Some(chosen.chute),
            (0..6).position(|chute| permutations(chute) == fewest)
        );
        assert_lowest_rank(&board, chosen);
        // Here the fewest unsettled digits point elsewhere.
        let by_unsettled = ChuteBranching {
            chute: ChuteChoice::FewestUnsettled,
            ..ChuteBranching::SOLUTIONS
        };
        assert_ne!(
            by_unsettled.branch_point(&board).unwrap().chute,
            chosen.chute
        );
    }

    #[test]
    fn a_board_branches_on_chutes_from_seventeen_decided_cells() {
        // Sixteen cells decided: the first row and seven of the second. Then one more.
        let mut grid = [0; N_CELLS];
        grid[..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1]);
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        assert_eq!(board.solved_cells().count_ones(), 16);
        assert!(ChuteBranching::SOLUTIONS.branch_point(&board).is_none());
        assert!(ChuteBranching::FIRST.branch_point(&board).is_some());
        board.place(16, 2).unwrap();
        board.propagate().unwrap();
        assert!(board.solved_cells().count_ones() >= DECIDED_FOR_CHUTES);
        assert!(ChuteBranching::SOLUTIONS.branch_point(&board).is_some());
    }
}
