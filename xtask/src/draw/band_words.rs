//! The layouts of the representation rungs that work on a band's words (8, 11, 13), drawn
//! through the board's own tables: the band rule as one lookup ([`BAND_RULE`], from the
//! six [`PERMUTATIONS`]), the same rule as straight-line code ([`STACKS_OF_ROW`],
//! [`BAND_RULE_CELLS`]), and the digits confined to each mini-line as the board counts
//! them ([`Board::confined_mini_rows`], [`Board::confined_mini_columns`]).
//!
//! Rungs 8 and 11 are drawn on the first word the band rule cuts on the board of the
//! puzzle's givens, before any rule ran: bands in order, digits in order within a band.

use anyhow::{anyhow, ensure, Context, Result};
use common::board::band_rule::{
    permutation_pattern, BAND_RULE, BAND_RULE_CELLS, PERMUTATIONS, PERMUTATIONS_INSIDE,
    STACKS_OF_ROW,
};
use common::board::bands::{BandSet, ROW_CELLS};
use common::board::{Board, MiniLineRule, Recount};
use common::ladder::Rung;

use super::bits::{self, binary, BitBox};
use super::frame::{Key, Picture, Swatch};
use super::root::{self, band_word, Root};
use super::svg::{colour, Svg};
use super::words::{Phrase, Words};

/// The room between the pieces of a picture.
const GAP: i32 = 20;

/// A digit's word in a band that the band rule cuts.
struct Cut {
    digit: u8,
    band: usize,
    /// Its places in the band (bit `9 × row + column`), the givens placed.
    places: BandSet,
    /// Its mini-rows there (bit `3 × row + stack`).
    pattern: u16,
}

impl Cut {
    /// The first word the band rule cuts on the board of `rung`'s puzzle's givens.
    fn first(rung: &Rung) -> Result<Cut> {
        let givens = root::chosen_grid(rung)?;
        let board = Board::from_grid(&givens).map_err(|_| anyhow!("two givens clash"))?;
        let words = (0..3).flat_map(|band| (1..=9).map(move |digit| (band, digit)));
        let cut = words
            .map(|(band, digit)| {
                let places = band_word(board.places(digit), band);
                let pattern = mini_row_pattern(places);
                Cut {
                    digit,
                    band,
                    places,
                    pattern,
                }
            })
            .find(|cut| cut.kept() != cut.places);
        cut.with_context(|| {
            format!(
                "the band rule cuts nothing on rung {}'s puzzle",
                rung.number
            )
        })
    }

    /// The places the rule keeps.
    fn kept(&self) -> BandSet {
        self.places & BAND_RULE_CELLS[self.pattern as usize]
    }

    /// How many places the rule cuts.
    fn cut_count(&self) -> usize {
        (self.places & !self.kept()).count_ones() as usize
    }
}

/// The mini-rows (bit `3 × row + stack`) of a band's `places`, a row at a time, as the
/// band rule reads them.
fn mini_row_pattern(places: BandSet) -> u16 {
    let row = |row: u32| STACKS_OF_ROW[(places >> (9 * row) & ROW_CELLS) as usize];
    row(0) | row(1) << 3 | row(2) << 6
}

/// The fill of a place: kept, cut by the rule, or none.
fn place_fill(cut: &Cut, bit: u32) -> BitBox {
    let (had, kept) = (cut.places >> bit & 1 == 1, cut.kept() >> bit & 1 == 1);
    let fill = if kept {
        colour::RUNG_LIGHT
    } else {
        colour::REMOVED
    };
    BitBox::bit(bit, had, fill)
}

/// The band's 27 cells in three rows of nine, each a place of the digit or not.
fn band_block(heading: &str, cut: &Cut, side: i32) -> (Svg, i32, i32) {
    bits::block(heading, 9, 3, side, |column, row| {
        place_fill(cut, (9 * row + column) as u32)
    })
}

/// A pattern of mini-rows as a 3×3 block: rows down, stacks across.
fn pattern_block(heading: &str, side: i32, fill_of: impl Fn(u32) -> BitBox) -> (Svg, i32, i32) {
    bits::block(heading, 3, 3, side, |stack, row| {
        fill_of((3 * row + stack) as u32)
    })
}

/// Rung 8: a digit's mini-rows in a band, the six permutations, those inside the pattern,
/// and what the table keeps.
pub fn band_rule_table(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let cut = Cut::first(rung)?;
    let (p, rule) = (cut.pattern as usize, BAND_RULE[cut.pattern as usize]);
    let what = words.digit_in_band(cut.digit, cut.band);
    let band = band_block(&words.its_places(&what), &cut, 28);
    let pattern = pattern_block(&format!("pattern = {p}"), 30, |bit| {
        BitBox::bit(bit, p >> bit & 1 == 1, colour::RUNG_LIGHT)
    });
    let mut pieces = vec![pattern];
    for (k, permutation) in PERMUTATIONS.iter().enumerate() {
        let inside = PERMUTATIONS_INSIDE[p] & 1 << k != 0;
        let mini_rows = permutation_pattern(k);
        let fill = if inside {
            colour::RUNG
        } else {
            colour::BELOW_LIGHT
        };
        let heading = format!("k={k} {permutation:?}");
        pieces.push(pattern_block(&heading, 17, |bit| {
            BitBox::bit("", mini_rows >> bit & 1 == 1, fill)
        }));
    }
    pieces.push(pattern_block(
        &format!("BAND_RULE[{p}] = {rule}"),
        30,
        |bit| {
            let fill = if rule >> bit & 1 == 1 {
                colour::RUNG_LIGHT
            } else {
                colour::REMOVED
            };
            BitBox::bit(bit, p >> bit & 1 == 1, fill)
        },
    ));
    let row = bits::side_by_side(pieces, 14);
    let (drawing, width, height) = bits::stack(vec![band, row], GAP);
    let inside = PERMUTATIONS_INSIDE[p].count_ones() as usize;
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.before_any_rule(rung),
        drawing,
        size: (width, height),
        caption: words.band_rule_caption(&what, p, inside, rule, cut.cut_count()),
        legend: vec![
            Key::new(
                Swatch::Fill(colour::RUNG_LIGHT),
                words.phrase(Phrase::KeptPlaceOrMiniRow),
            ),
            Key::new(
                Swatch::Fill(colour::REMOVED),
                words.phrase(Phrase::CutByBandRule),
            ),
            Key::new(
                Swatch::Fill(colour::RUNG),
                words.phrase(Phrase::PermutationInside),
            ),
        ],
    })
}

/// Rung 11: the same cut as straight-line code: each row's nine bits to its stacks, the
/// three joined into the pattern, the pattern to the cells kept, and one `&`.
pub fn straight_line(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let cut = Cut::first(rung)?;
    let what = words.digit_in_band(cut.digit, cut.band);
    let mut pieces = Vec::new();
    for row in 0..3 {
        let bits_of_row = cut.places >> (9 * row) & ROW_CELLS;
        let stacks = STACKS_OF_ROW[bits_of_row as usize];
        let heading = words.row_of_band_heading(9 * row as usize, row as usize);
        let places = bits::block(&heading, 9, 1, 22, |column, _| {
            BitBox::bit(column, bits_of_row >> column & 1 == 1, colour::RUNG_LIGHT)
        });
        let heading = format!("STACKS_OF_ROW[{bits_of_row}] = {stacks}");
        let stacks = bits::block(&heading, 3, 1, 22, |stack, _| {
            BitBox::bit(stack, stacks >> stack & 1 == 1, colour::RUNG_LIGHT)
        });
        pieces.push(bits::side_by_side(vec![places, stacks], GAP));
    }
    let p = cut.pattern;
    let heading = format!("pattern = row 1 | row 2 << 3 | row 3 << 6 = {p}");
    pieces.push(bits::block(&heading, 9, 1, 22, |bit, _| {
        BitBox::bit(bit, p >> bit & 1 == 1, colour::RUNG_LIGHT)
    }));
    let usable = BAND_RULE_CELLS[p as usize];
    let heading = format!("BAND_RULE_CELLS[{p}] = {}", binary(usable.into(), 27));
    pieces.push(bits::block(&heading, 27, 1, 19, |bit, _| {
        BitBox::bit(bit, usable >> bit & 1 == 1, colour::BELOW_LIGHT)
    }));
    let heading = format!("places & BAND_RULE_CELLS[{p}]: {what}");
    pieces.push(bits::block(&heading, 27, 1, 19, |bit, _| {
        place_fill(&cut, bit as u32)
    }));
    let (drawing, width, height) = bits::stack(pieces, 12);
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.before_any_rule(rung),
        drawing,
        size: (width, height),
        caption: words.straight_line_caption(&what, cut.cut_count()),
        legend: vec![
            Key::new(
                Swatch::Fill(colour::RUNG_LIGHT),
                words.phrase(Phrase::BitSet),
            ),
            Key::new(
                Swatch::Fill(colour::BELOW_LIGHT),
                words.phrase(Phrase::KeptByTable),
            ),
            Key::new(Swatch::Fill(colour::REMOVED), words.phrase(Phrase::Cut)),
        ],
    })
}

/// Rung 13: how many digits each mini-row and mini-column is confined to, as the board
/// counts them once propagation ends at the root; three fill it.
pub fn mini_line_counts(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let givens = root::chosen_grid(rung)?;
    let root = Root::of(rung, &givens)?;
    let board = Board::propagated(
        &givens,
        MiniLineRule::Confined,
        Recount::EveryDigit,
        &mut (),
    )
    .map_err(|_| anyhow!("the board finds no completion"))?;
    ensure!(
        (0..81).all(|cell| board.candidates(cell) == root.candidates[cell]),
        "the board with the mini-line rule differs from rung {}'s root",
        rung.number
    );
    let count = |words: &dyn Fn(u8) -> u32, bit: i32| {
        (1..=9)
            .filter(|&digit| words(digit) >> bit & 1 == 1)
            .count()
    };
    let fill_of = |confined: usize| {
        let fill = if confined == 3 {
            colour::FULL_LIGHT
        } else {
            colour::RUNG_LIGHT
        };
        BitBox::bit(confined, confined > 0, fill)
    };
    let rows = |digit| board.confined_mini_rows(digit);
    let columns = |digit| board.confined_mini_columns(digit);
    let rows_heading = words.phrase(Phrase::MiniRows);
    let mini_rows = bits::block(rows_heading, 3, 9, 28, |stack, row| {
        fill_of(count(&rows, 9 * (row / 3) + 3 * (row % 3) + stack))
    });
    let columns_heading = words.phrase(Phrase::MiniColumns);
    let mini_columns = bits::block(columns_heading, 9, 3, 28, |column, band| {
        fill_of(count(&columns, 9 * band + column))
    });
    let full: usize = (0..27)
        .map(|bit| usize::from(count(&rows, bit) == 3) + usize::from(count(&columns, bit) == 3))
        .sum();
    let (drawing, width, height) = bits::side_by_side(vec![mini_rows, mini_columns], 2 * GAP);
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.where_propagation_ends(rung),
        drawing,
        size: (width, height),
        caption: words.mini_line_caption(full),
        legend: vec![
            Key::new(
                Swatch::Fill(colour::RUNG_LIGHT),
                words.phrase(Phrase::ConfinedCount),
            ),
            Key::new(
                Swatch::Fill(colour::FULL_LIGHT),
                words.phrase(Phrase::FullMiniLine),
            ),
        ],
    })
}
