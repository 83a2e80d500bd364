//! The incremental-work rungs (9, 19): what the board looks at again after the first guess
//! on the rung's chosen puzzle. The board is propagated at the root, the first way of the
//! rung's first branch point is taken, and the board's own bookkeeping says what changed:
//! the words (bit `9 × band + d - 1`) that differ from what the band rule last left
//! ([`Board::changed_words`]), and their digits ([`digits_of_words`]). The grid shows the
//! board at that moment, before propagation: the places the guess cleared are struck, and
//! each lies in a word that changed.

use anyhow::{anyhow, ensure, Result};
use common::board::band_rule::digits_of_words;
use common::board::{Board, MiniLineRule, Recount};
use common::ladder::{BranchPoint, Rung};
use common::{digit_bit, lowest_digit};

use super::bits::{self, BitBox};
use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, cell_name, Root};
use super::svg::{colour, Svg, GRID_CLASS};
use super::words::{Phrase, Words};

/// The room between the grid and the words.
const GAP: i32 = 28;

/// A board at the root of a rung's search, then after the first way of its first branch
/// point.
struct AfterFirstGuess {
    root: Root,
    point: BranchPoint,
    /// The first way, in words: `6 in r7c1`, `1 on permutation k=0 in band 2`.
    guess: String,
    /// Every cell's candidates after the guess, before propagation.
    candidates: [u16; 81],
    /// The words that differ from what the band rule last left, after the guess.
    changed: u32,
}

impl AfterFirstGuess {
    /// `rung`'s board (the mini-line rule and recount as given) after its first guess.
    fn of(
        rung: &Rung,
        words: &dyn Words,
        rule: MiniLineRule,
        recount: Recount,
    ) -> Result<AfterFirstGuess> {
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
                words.cell_guess(digit, cell)
            }
            BranchPoint::Chute { branch } => {
                let k = branch.ways().next().unwrap_or(0);
                branch.keep_permutation(k, &mut board);
                words.chute_guess(branch.digit, k, branch.chute)
            }
        };
        Ok(AfterFirstGuess {
            root,
            point,
            guess,
            candidates: std::array::from_fn(|cell| board.candidates(cell)),
            changed: board.changed_words(),
        })
    }

    /// The root's grid with the guess drawn on it: the cell's digit ringed, or the
    /// digit's places in the chute that it keeps; the places it cleared struck.
    fn board(&self) -> Svg {
        let mut board = Svg::new();
        grid::draw_full_grid(&mut board);
        grid::draw_state(&mut board, &self.root, |cell, digit| {
            if self.candidates[cell] & digit_bit(digit) == 0 {
                return Mark::Struck;
            }
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
    fn words_block(&self, words: &dyn Words) -> (Svg, i32, i32) {
        let heading = words.changed_words_heading(self.changed.count_ones() as usize);
        bits::block(&heading, 9, 3, 30, |column, band| {
            let bit = 9 * band + column;
            BitBox::bit(bit, self.changed >> bit & 1 == 1, colour::RUNG_LIGHT)
        })
    }

    /// The grid and, right of it, `blocks` of bits: the drawing and its size.
    fn drawing(&self, blocks: Vec<(Svg, i32, i32)>) -> (Svg, (i32, i32)) {
        let (blocks, blocks_width, blocks_height) = bits::stack(blocks, GAP);
        let mut drawing = Svg::new();
        drawing.place_as(GRID_CLASS, LABELS, LABELS, self.board());
        drawing.place(LABELS + SIDE + GAP, LABELS, blocks);
        let width = LABELS + SIDE + GAP + blocks_width;
        (drawing, (width, LABELS + SIDE.max(blocks_height)))
    }
}

/// The legend of rungs 9 and 19: the guess, what it clears, and what `changed` fills.
fn guess_keys(words: &dyn Words, changed: Phrase) -> Vec<Key> {
    vec![
        Key::new(Swatch::Ring(colour::RUNG), words.phrase(Phrase::FirstGuess)),
        Key::new(Swatch::Struck, words.phrase(Phrase::ClearedByGuess)),
        Key::new(Swatch::Fill(colour::RUNG_LIGHT), words.phrase(changed)),
    ]
}

/// Rung 9: the words the band rule sweeps again after the first guess.
pub fn changed_words(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let after = AfterFirstGuess::of(rung, words, MiniLineRule::Off, Recount::EveryDigit)?;
    let (drawing, size) = after.drawing(vec![after.words_block(words)]);
    let changed = after.changed.count_ones() as usize;
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.after_guess_subtitle(rung, &after.guess),
        drawing,
        size,
        caption: words.changed_words_caption(&after.guess, changed),
        legend: guess_keys(words, Phrase::ChangedWord),
    })
}

/// Rung 19: the digits the mini-line rule counts again after the first guess: those of
/// the words that changed.
pub fn changed_digits(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let after = AfterFirstGuess::of(
        rung,
        words,
        MiniLineRule::ConfinedAndOnlyThree,
        Recount::ChangedDigits,
    )?;
    let digits = digits_of_words(after.changed);
    let heading = words.changed_digits_heading(digits.count_ones() as usize);
    let digit_row = bits::block(&heading, 9, 1, 30, |column, _| {
        let digit = column as u8 + 1;
        BitBox::bit(digit, digits & digit_bit(digit) != 0, colour::RUNG_LIGHT)
    });
    let (drawing, size) = after.drawing(vec![after.words_block(words), digit_row]);
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.after_guess_subtitle(rung, &after.guess),
        drawing,
        size,
        caption: words.changed_digits_caption(&after.guess, digits.count_ones() as usize),
        legend: guess_keys(words, Phrase::CountedAgain),
    })
}
