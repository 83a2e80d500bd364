//! A rung's state where its search starts, read from the code: its chosen puzzle, each
//! cell's candidates once its rules ran (`candidates_after_rules`), the digits its
//! propagation decided before any guess and why (reported to an observer), and its first
//! branch point; and the names the pictures give cells and digits in every language.

use anyhow::{anyhow, ensure, Context, Result};
use common::board::bands::{band_and_bit, BandSet};
use common::ladder::{BranchPoint, Grid, PuzzleInSet, Rung};
use common::observe::{Branch, Reason, SearchObserver};
use common::{cells, digit_bit, CellSet, N_CELLS};

use crate::problems::data::load_puzzles;

/// A rung's state at the root of its search on its chosen puzzle.
#[derive(Clone, Debug)]
pub struct Root {
    /// The puzzle's givens, 0 where a cell is empty.
    pub givens: Grid,
    /// Every cell's candidate mask once the givens are placed and the rung's rules ran.
    pub candidates: [u16; N_CELLS],
    /// The digits decided there, givens included; 0 where a cell is open.
    pub decided: Grid,
    /// The singles its propagation placed there, in order: cell, digit and reason.
    pub singles: Vec<(usize, u8, Reason)>,
}

impl Root {
    /// `rung`'s root on `givens`: its candidates from `candidates_after_rules`, and the
    /// digits its observed search reports deduced before its first guess.
    pub fn of(rung: &Rung, givens: &Grid) -> Result<Root> {
        let candidates = rung
            .solver
            .candidates_after_rules(givens)
            .ok_or_else(|| anyhow!("rung {}'s rules find no completion", rung.number))?;
        let mut watcher = DecidedBeforeAnyGuess {
            decided: *givens,
            singles: Vec::new(),
            guessed: false,
        };
        rung.solver.solve_observed(givens, &mut watcher);
        for cell in 0..N_CELLS {
            let digit = watcher.decided[cell];
            ensure!(
                digit == 0 || candidates[cell] == digit_bit(digit),
                "rung {}: {} decided as {digit}, with the candidates {:b}",
                rung.number,
                cell_name(cell),
                candidates[cell]
            );
        }
        Ok(Root {
            givens: *givens,
            candidates,
            decided: watcher.decided,
            singles: watcher.singles,
        })
    }

    /// Whether `cell`'s digit is not decided.
    pub fn is_open(&self, cell: usize) -> bool {
        self.decided[cell] == 0
    }

    /// The cells where `digit` may stand or stands: its set of places.
    pub fn places(&self, digit: u8) -> CellSet {
        let with_digit = (0..N_CELLS).filter(|&cell| self.candidates[cell] & digit_bit(digit) != 0);
        with_digit.fold(0, |set, cell| set | common::cell_bit(cell))
    }

    /// How many cells are decided.
    pub fn decided_count(&self) -> usize {
        self.decided.iter().filter(|&&digit| digit != 0).count()
    }
}

/// Records what a search decides until its first guess, and why.
struct DecidedBeforeAnyGuess {
    decided: Grid,
    singles: Vec<(usize, u8, Reason)>,
    guessed: bool,
}

impl SearchObserver for DecidedBeforeAnyGuess {
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        if !self.guessed {
            self.decided[cell] = digit;
            if reason != Reason::Given {
                self.singles.push((cell, digit, reason));
            }
        }
    }

    fn guess_at(&mut self, _placements: &[(usize, u8)], _branch: Branch) {
        self.guessed = true;
    }

    fn guess(&mut self, _placements: &[(usize, u8)]) {
        self.guessed = true;
    }
}

/// The grid of `rung`'s chosen puzzle.
pub fn chosen_grid(rung: &Rung) -> Result<Grid> {
    let PuzzleInSet { set, number } = rung.chosen_puzzle;
    let puzzles = load_puzzles(&format!("{set}.txt")).map_err(|error| anyhow!(error))?;
    number
        .checked_sub(1)
        .and_then(|index| puzzles.get(index).copied())
        .with_context(|| {
            format!(
                "rung {}: data/{set}.txt has no puzzle {number}",
                rung.number
            )
        })
}

/// `rung`'s first branch point on its chosen puzzle `givens`.
pub fn first_branch_point(rung: &Rung, givens: &Grid) -> Result<BranchPoint> {
    rung.solver
        .first_branch_point(givens)
        .with_context(|| format!("rung {} does not branch on its puzzle", rung.number))
}

/// `r3c5`: row 3, column 5, counted from 1.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The cells of `chute` (a band `0..3` or a stack `3..6`).
pub fn chute_cells(chute: usize) -> impl Iterator<Item = usize> {
    (0..N_CELLS).filter(move |&cell| {
        if chute < 3 {
            cell / 27 == chute
        } else {
            cell % 9 / 3 == chute - 3
        }
    })
}

/// The digits of a candidate mask, `1 4 7`.
pub fn digit_list(mask: u16) -> String {
    let digits: Vec<String> = common::digits(mask)
        .map(|digit| digit.to_string())
        .collect();
    digits.join(" ")
}

/// `set`'s cells in `band`, as the band's word: each cell at its bit there
/// ([`band_and_bit`]).
pub fn band_word(set: CellSet, band: usize) -> BandSet {
    let in_band = cells(set).map(band_and_bit).filter(|&(of, _)| of == band);
    in_band.fold(0, |word, (_, bit)| word | bit)
}
