//! The incremental-work rungs (9, 19): what the board looks at again after the first guess
//! on the rung's chosen puzzle. The board is propagated at the root, the first way of the
//! rung's first branch point is taken, and the board's own bookkeeping says what changed:
//! the words (bit `9 × band + d - 1`) that differ from what the band rule last left
//! ([`Board::changed_words`]), and their digits ([`digits_of_words`]).

use anyhow::{anyhow, ensure, Result};
use common::board::band_rule::digits_of_words;
use common::board::{Board, MiniLineRule, Recount};
use common::ladder::{BranchPoint, Rung};
use common::{digit_bit, lowest_digit};

use super::bits::{self, BitBox};
use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, cell_name, chute_name, counted, Root};
use super::svg::{colour, Svg};

/// The room between the grid and the words.
const GAP: i32 = 28;

/// A board at the root of a rung's search, then after the first way of its first branch
/// point.
struct AfterFirstGuess {
    root: Root,
    point: BranchPoint,
    /// The first way, in words: `6 in r7c1`, `permutation 2 of 4 in band 3`.
    guess: String,
    /// The words that differ from what the band rule last left, after the guess.
    changed: u32,
}

impl AfterFirstGuess {
    /// `rung`'s board (the mini-line rule and recount as given) after its first guess.
    fn of(rung: &Rung, rule: MiniLineRule, recount: Recount) -> Result<AfterFirstGuess> {
        let givens = root::chosen_grid(rung)?;
        let root = Root::of(rung, &givens)?;
        let mut board = Board::propagated(&givens, rule, recount, &mut ())
            .map_err(|_| anyhow!("the board finds no completion"))?;
        ensure!(
            (0..81).all(|cell| board.candidates(cell) == root.candidates[cell]),
            "the board differs from rung {}'s root",
            rung.number
        );
        ensure!(
            board.changed_words() == 0,
            "a propagated board has words the band rule has not seen"
        );
        let point = root::first_branch_point(rung, &givens)?;
        let guess = match point {
            BranchPoint::Cell { cell, candidates } => {
                let digit = lowest_digit(candidates);
                board
                    .place(cell, digit)
                    .map_err(|_| anyhow!("{digit} cannot go in {}", cell_name(cell)))?;
                format!("{digit} in {}", cell_name(cell))
            }
            BranchPoint::Chute { branch } => {
                let k = branch.ways().next().unwrap_or(0);
                branch.keep_permutation(k, &mut board);
                format!(
                    "{} on permutation {k} in {}",
                    branch.digit,
                    chute_name(branch.chute)
                )
            }
        };
        Ok(AfterFirstGuess {
            root,
            point,
            guess,
            changed: board.changed_words(),
        })
    }

    /// The subtitle: the puzzle, after the first guess.
    fn subtitle(&self, rung: &Rung) -> String {
        let puzzle = root::puzzle_words(rung);
        format!("{puzzle}, after the first guess: {}", self.guess)
    }

    /// The root's grid with the guess drawn on it: the cell's digit ringed, or the
    /// digit's places in the chute.
    fn board(&self) -> Svg {
        let mut board = Svg::new();
        grid::draw_full_grid(&mut board);
        grid::draw_state(&mut board, &self.root, |cell, digit| {
            let guessed = match self.point {
                BranchPoint::Cell {
                    cell: at,
                    candidates,
                } => at == cell && lowest_digit(candidates) == digit,
                BranchPoint::Chute { branch } => {
                    branch.digit == digit && root::chute_cells(branch.chute).any(|of| of == cell)
                }
            };
            if guessed {
                Mark::Ringed(colour::RUNG)
            } else {
                Mark::Plain
            }
        });
        board
    }

    /// The 27 words, a row per band and a column per digit, those changed filled.
    fn words_block(&self) -> (Svg, i32, i32) {
        let heading = format!("changed_words(): {} of 27", self.changed.count_ones());
        bits::block(&heading, 9, 3, 30, |column, band| {
            let bit = 9 * band + column;
            BitBox::bit(bit, self.changed >> bit & 1 == 1, colour::RUNG_LIGHT)
        })
    }

    /// The grid and, right of it, `words`: the drawing and its size.
    fn drawing(&self, words: Vec<(Svg, i32, i32)>) -> (Svg, (i32, i32)) {
        let (words, words_width, words_height) = bits::stack(words, GAP);
        let mut drawing = Svg::new();
        drawing.place(LABELS, LABELS, self.board());
        drawing.place(LABELS + SIDE + GAP, LABELS, words);
        let width = LABELS + SIDE + GAP + words_width;
        (drawing, (width, LABELS + SIDE.max(words_height)))
    }
}

/// Digits across the columns, bands down the rows: the words' axes, in a heading.
const AXES: &str = "columns: digits 1 to 9; rows: bands 1 to 3";

/// Rung 9: the words the band rule sweeps again after the first guess.
pub fn changed_words(rung: &Rung) -> Result<Picture> {
    let after = AfterFirstGuess::of(rung, MiniLineRule::Off, Recount::EveryDigit)?;
    let (drawing, size) = after.drawing(vec![after.words_block()]);
    let changed = after.changed.count_ones() as usize;
    Ok(Picture {
        title: root::title(rung),
        subtitle: after.subtitle(rung),
        drawing,
        size,
        caption: vec![
            format!(
                "The board keeps, for each digit and band, the word the band rule last left \
                 (seen). Rules only remove places, so a word equal to it has nothing new. After \
                 {}, {} differ (bit 9 × band + d - 1; {AXES}): the next sweep visits those, \
                 not all 27.",
                after.guess,
                counted(changed, "word")
            ),
            "Each word swept marks its band for naked singles and its digit for the column \
             rules, which look only at what is marked."
                .to_string(),
        ],
        legend: vec![
            Key::new(Swatch::Ring(colour::RUNG), "the first guess"),
            Key::new(Swatch::Fill(colour::RUNG_LIGHT), "a word that changed"),
        ],
    })
}

/// Rung 19: the digits the mini-line rule counts again after the first guess: those of
/// the words that changed.
pub fn changed_digits(rung: &Rung) -> Result<Picture> {
    let after = AfterFirstGuess::of(
        rung,
        MiniLineRule::ConfinedAndOnlyThree,
        Recount::ChangedDigits,
    )?;
    let digits = digits_of_words(after.changed);
    let heading = format!(
        "digits_of_words: {} of 9 counted again",
        digits.count_ones()
    );
    let digit_row = bits::block(&heading, 9, 1, 30, |column, _| {
        let digit = column as u8 + 1;
        BitBox::bit(digit, digits & digit_bit(digit) != 0, colour::RUNG_LIGHT)
    });
    let (drawing, size) = after.drawing(vec![after.words_block(), digit_row]);
    let counted_again = digits.count_ones() as usize;
    Ok(Picture {
        title: root::title(rung),
        subtitle: after.subtitle(rung),
        drawing,
        size,
        caption: vec![format!(
            "After {}, the band rule's first sweep visits the words that changed ({AXES}), \
             which belong to {}. Rung 18's mini-line rule works out each of the nine digits' \
             confined mini-lines again; rung 19's only those of the digits a sweep touched, \
             keeping what it found for the other {}.",
            after.guess,
            counted(counted_again, "digit"),
            9 - counted_again
        )],
        legend: vec![
            Key::new(Swatch::Ring(colour::RUNG), "the first guess"),
            Key::new(Swatch::Fill(colour::RUNG_LIGHT), "changed: counted again"),
        ],
    })
}
