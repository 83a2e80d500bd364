//! What made an inference rung's rules act at the root of its search, for its picture
//! ([`super::inference`]).
//!
//! The rung's root is replayed from the rung below's, round by round: each round finds
//! what the rung's new rule finds on the state so far, each finding as the rule states it
//! (the box whose places lie on one line, the mini-line that three confined digits fill),
//! removes what it removes, then runs the propagation of the rung's own code, whose
//! singles report their reasons (the unit of a hidden single). The replay must end on the
//! rung's own root, as its code leaves it (`candidates_after_rules`): so every finding
//! drawn is one the code acts on, and every candidate the code removes has its finding.
//! Rung 3's new rules are the singles themselves: its findings are what its search
//! reports before its first guess.

use anyhow::{bail, ensure, Result};
use common::board::{Board, MiniLineRule, Recount};
use common::ladder::rung2_masks::CandidateGrid;
use common::ladder::{rung3_singles, Grid, Rung};
use common::observe::{Reason, SearchObserver};
use common::{digit_bit, BOX_OF, CELLS_OF_UNIT, COL_OF, N_CELLS, ROW_OF};

use super::root::Root;
use super::words::Found;

/// The rung's root replayed: what its rules found there, in the order found, and what
/// each new rule removed.
pub struct Replay {
    /// The findings, rounds in order: each round's rule findings, then the singles its
    /// propagation placed.
    pub findings: Vec<Finding>,
    /// Per cell, the candidates the rung's new rule removed (not those a decided digit
    /// cleared).
    pub removed_by_rule: [u16; N_CELLS],
}

/// One thing a rule found, and the candidates it removed (none for a single, whose
/// clearing follows from its digit).
#[derive(Clone, Debug)]
pub struct Finding {
    /// What was found.
    pub found: Found,
    /// The candidates it removed, as `(cell, digit)`.
    pub removed: Vec<(usize, u8)>,
}

/// The unit of `cell`'s row (`0..9`).
fn row_of(cell: usize) -> usize {
    ROW_OF[cell] as usize
}

/// The unit of `cell`'s column (`9..18`).
fn column_of(cell: usize) -> usize {
    9 + COL_OF[cell] as usize
}

/// The unit of `cell`'s box (`18..27`).
fn box_of(cell: usize) -> usize {
    18 + BOX_OF[cell] as usize
}

/// The cells of `unit`.
pub fn unit_cells(unit: usize) -> impl Iterator<Item = usize> {
    CELLS_OF_UNIT[unit].iter().map(|&cell| cell as usize)
}

/// Replays `rung`'s root on `givens` from `before`, the rung below's, and checks that it
/// ends on `after`, the rung's own.
pub fn replay(rung: &Rung, givens: &Grid, before: &Root, after: &Root) -> Result<Replay> {
    let mut replay = Replay {
        findings: Vec::new(),
        removed_by_rule: [0; N_CELLS],
    };
    let end = match rung.number {
        3 => {
            replay.findings = after.singles.iter().map(single_finding).collect();
            after.candidates
        }
        4 => replay_locked_candidates(before, &mut replay)?,
        12 => replay_on_board(givens, MiniLineRule::Off, confined, &mut replay)?,
        18 => replay_on_board(givens, MiniLineRule::Confined, only_three, &mut replay)?,
        other => bail!("rung {other} is no inference rung of the ladder"),
    };
    ensure!(
        end == after.candidates,
        "replaying rung {}'s rule from rung {}'s root does not end on its root",
        rung.number,
        rung.number - 1
    );
    Ok(replay)
}

/// A single as the search reported it.
fn single_finding(&(cell, digit, reason): &(usize, u8, Reason)) -> Finding {
    let found = match reason {
        Reason::HiddenSingle { unit } => Found::HiddenSingle { cell, digit, unit },
        _ => Found::NakedSingle { cell, digit },
    };
    Finding {
        found,
        removed: Vec::new(),
    }
}

/// Collects the singles a propagation reports.
#[derive(Default)]
struct Singles {
    found: Vec<(usize, u8, Reason)>,
}

impl SearchObserver for Singles {
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        self.found.push((cell, digit, reason));
    }
}

impl Replay {
    /// Records one round: its rule findings (their removals made by `remove`), then the
    /// singles that the propagation after them placed.
    fn record(&mut self, round: Vec<Finding>, singles: Singles) {
        for finding in &round {
            for &(cell, digit) in &finding.removed {
                self.removed_by_rule[cell] |= digit_bit(digit);
            }
        }
        self.findings.extend(round);
        self.findings
            .extend(singles.found.iter().map(single_finding));
    }
}

/// Rung 4: pointing and claiming, then rung 3's singles, until neither finds more.
fn replay_locked_candidates(before: &Root, replay: &mut Replay) -> Result<[u16; N_CELLS]> {
    let mut state = CandidateGrid {
        grid: before.decided,
        candidates: before.candidates,
    };
    loop {
        let round = locked_candidates(&state.candidates, &state.grid);
        if round.is_empty() {
            return Ok(state.candidates);
        }
        for finding in &round {
            for &(cell, digit) in &finding.removed {
                state.candidates[cell] &= !digit_bit(digit);
            }
        }
        let mut singles = Singles::default();
        ensure!(
            rung3_singles::propagate(&mut state, &mut singles),
            "rung 4's rules find no completion"
        );
        replay.record(round, singles);
    }
}

/// Whether `cell` is open and may take `digit`.
fn may_take(candidates: &[u16; N_CELLS], decided: &Grid, cell: usize, digit: u8) -> bool {
    decided[cell] == 0 && candidates[cell] & digit_bit(digit) != 0
}

/// Every pointing and claiming on the state that removes a candidate.
fn locked_candidates(candidates: &[u16; N_CELLS], decided: &Grid) -> Vec<Finding> {
    let mut found = Vec::new();
    for digit in 1..=9 {
        let places_in = |unit: usize| -> Vec<usize> {
            unit_cells(unit)
                .filter(|&cell| may_take(candidates, decided, cell, digit))
                .collect()
        };
        let removals = |unit: usize, kept: usize| -> Vec<(usize, u8)> {
            let places = places_in(unit);
            let outside = places.into_iter().filter(|&cell| !in_unit(cell, kept));
            outside.map(|cell| (cell, digit)).collect()
        };
        for the_box in 18..27 {
            let places = places_in(the_box);
            for line in shared_line(&places) {
                let pointing = Found::Pointing {
                    digit,
                    box_unit: the_box,
                    line,
                };
                keep_if_it_removes(&mut found, pointing, removals(line, the_box));
            }
        }
        for line in 0..18 {
            let places = places_in(line);
            let boxes: Vec<usize> = places.iter().map(|&cell| box_of(cell)).collect();
            if places.is_empty() || boxes.iter().any(|&of| of != boxes[0]) {
                continue;
            }
            let claiming = Found::Claiming {
                digit,
                line,
                box_unit: boxes[0],
            };
            keep_if_it_removes(&mut found, claiming, removals(boxes[0], line));
        }
    }
    found
}

/// The row and the column that hold every one of `places` (none when they are spread, or
/// there are none).
fn shared_line(places: &[usize]) -> Vec<usize> {
    let Some(&first) = places.first() else {
        return Vec::new();
    };
    [row_of(first), column_of(first)]
        .into_iter()
        .filter(|&line| places.iter().all(|&cell| in_unit(cell, line)))
        .collect()
}

/// Whether `cell` lies in `unit`.
fn in_unit(cell: usize, unit: usize) -> bool {
    [row_of(cell), column_of(cell), box_of(cell)].contains(&unit)
}

/// A mini-line: its three cells, its row or column, its box.
struct MiniLine {
    cells: [usize; 3],
    line: usize,
    box_unit: usize,
}

/// The 54 mini-lines: the mini-rows, then the mini-columns.
fn mini_lines() -> impl Iterator<Item = MiniLine> {
    let mini_rows = (0..27).map(|k| {
        let first = 9 * (k / 3) + 3 * (k % 3);
        [first, first + 1, first + 2]
    });
    let mini_columns = (0..27).map(|k| {
        let first = 27 * (k / 9) + k % 9;
        [first, first + 9, first + 18]
    });
    let lines = mini_rows.map(|cells| (cells, row_of(cells[0])));
    let lines = lines.chain(mini_columns.map(|cells| (cells, column_of(cells[0]))));
    lines.map(|(cells, line)| MiniLine {
        cells,
        line,
        box_unit: box_of(cells[0]),
    })
}

/// A rule on the board: its findings on the board's state that remove a candidate.
type BoardRule = fn(&Board) -> Vec<Finding>;

/// Rungs 12 and 18: the board with `mini_lines` set, propagated at the root (the rung
/// below's root), then `rule` and the board's propagation until the rule finds nothing.
fn replay_on_board(
    givens: &Grid,
    mini_lines: MiniLineRule,
    rule: BoardRule,
    replay: &mut Replay,
) -> Result<[u16; N_CELLS]> {
    let board = Board::propagated(givens, mini_lines, Recount::EveryDigit, &mut ());
    let Ok(mut board) = board else {
        bail!("the board finds no completion");
    };
    loop {
        let round = rule(&board);
        if round.is_empty() {
            return Ok(std::array::from_fn(|cell| board.candidates(cell)));
        }
        for finding in &round {
            for &(cell, digit) in &finding.removed {
                board.eliminate(cell, digit);
            }
        }
        let mut singles = Singles::default();
        ensure!(
            board.propagate_observed(&mut singles).is_ok(),
            "the rule's removals leave no completion"
        );
        replay.record(round, singles);
    }
}

/// The digits of the board that may stand in `cell` (its own, once decided).
fn may_stand(board: &Board, cell: usize) -> u16 {
    board.candidates(cell)
}

/// Rung 12: a digit is confined to a mini-line when all its places in the mini-line's
/// row or column lie in it; three confined digits fill it, and the other digits leave it.
fn confined(board: &Board) -> Vec<Finding> {
    let mut found = Vec::new();
    for mini_line in mini_lines() {
        let in_line = |digit: u8| {
            unit_cells(mini_line.line)
                .filter(move |&cell| may_stand(board, cell) & digit_bit(digit) != 0)
        };
        let confined_digits = (1..=9)
            .filter(|&digit| {
                let mut places = in_line(digit).peekable();
                places.peek().is_some() && places.all(|cell| mini_line.cells.contains(&cell))
            })
            .fold(0, |mask, digit| mask | digit_bit(digit));
        if confined_digits.count_ones() != 3 {
            continue;
        }
        let others = candidates_among(board, mini_line.cells.into_iter(), !confined_digits);
        let confined_line = Found::Confined {
            cells: mini_line.cells,
            line: mini_line.line,
            digits: confined_digits,
        };
        keep_if_it_removes(&mut found, confined_line, others);
    }
    found
}

/// Rung 18: when only three digits may stand in a mini-line's cells, they fill it, and
/// leave the rest of its row or column and of its box.
fn only_three(board: &Board) -> Vec<Finding> {
    let mut found = Vec::new();
    for mini_line in mini_lines() {
        let fitting = mini_line
            .cells
            .iter()
            .fold(0, |mask, &cell| mask | may_stand(board, cell));
        if fitting.count_ones() != 3 {
            continue;
        }
        let around = unit_cells(mini_line.line).chain(unit_cells(mini_line.box_unit));
        let outside = around.filter(|cell| !mini_line.cells.contains(cell));
        let only_three_line = Found::OnlyThree {
            cells: mini_line.cells,
            line: mini_line.line,
            digits: fitting,
        };
        let removed = candidates_among(board, outside, fitting);
        keep_if_it_removes(&mut found, only_three_line, removed);
    }
    found
}

/// The candidates of `cells` among `digits`, as `(cell, digit)`, each once.
fn candidates_among(
    board: &Board,
    cells: impl Iterator<Item = usize>,
    digits: u16,
) -> Vec<(usize, u8)> {
    let mut found: Vec<(usize, u8)> = cells
        .flat_map(|cell| common::digits(may_stand(board, cell) & digits).map(move |d| (cell, d)))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Adds `what` to `found` with the candidates it removes, if it removes any: a rule that
/// finds nothing to remove does not act.
fn keep_if_it_removes(found: &mut Vec<Finding>, what: Found, removed: Vec<(usize, u8)>) {
    if !removed.is_empty() {
        found.push(Finding {
            found: what,
            removed,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointing_and_claiming_are_found_as_the_rule_states_them() {
        // Rows 2 and 3 of box 1 are full, so its 5 stands in row 1 (pointing): the rest of
        // row 1 loses its 5s. And row 1's 5s lie only in box 1 (claiming), whose other rows
        // hold no 5 to lose.
        let mut grid = [0u8; N_CELLS];
        grid[9..12].copy_from_slice(&[1, 2, 3]);
        grid[18..21].copy_from_slice(&[4, 6, 7]);
        let state = CandidateGrid::with_givens(&grid).unwrap();
        let found = locked_candidates(&state.candidates, &state.grid);
        let pointing = found
            .iter()
            .find(|finding| {
                finding.found
                    == Found::Pointing {
                        digit: 5,
                        box_unit: 18,
                        line: 0,
                    }
            })
            .expect("the 5s of box 1 point along row 1");
        let lost: Vec<usize> = pointing.removed.iter().map(|&(cell, _)| cell).collect();
        assert_eq!(lost, [3, 4, 5, 6, 7, 8]);
        assert!(found.iter().all(|finding| !finding.removed.is_empty()));
    }

    #[test]
    fn a_mini_line_of_three_confined_digits_and_one_of_only_three() {
        // Row 1 holds 4 to 9 in r1c4-9: 1, 2 and 3 are confined to r1c1-3 and fill it;
        // nothing else may go there, so it is also a mini-line where only three fit, whose
        // digits leave the rest of box 1.
        let mut grid = [0u8; N_CELLS];
        grid[3..9].copy_from_slice(&[4, 5, 6, 7, 8, 9]);
        let board = Board::from_grid(&grid).unwrap();
        let confined_found = confined(&board);
        assert!(
            confined_found.is_empty(),
            "r1c1-3 holds only 1 2 3: nothing to remove"
        );
        let only = only_three(&board);
        let finding = only.first().expect("r1c1-3 takes only 1 2 3");
        assert_eq!(
            finding.found,
            Found::OnlyThree {
                cells: [0, 1, 2],
                line: 0,
                digits: 0b111,
            }
        );
        // The six open cells of rows 2 and 3 of box 1 lose 1, 2 and 3: 18 candidates.
        assert_eq!(finding.removed.len(), 18);
        assert!(finding
            .removed
            .iter()
            .all(|&(cell, digit)| cell >= 9 && digit <= 3));
    }
}
