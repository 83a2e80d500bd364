//! The layouts of the representation rungs that change what a word holds (2, 5, 6, 7),
//! each drawn on the rung's state at the root of its chosen puzzle, through the code's own
//! index functions: a cell's candidate mask ([`digit_bit`]), a digit's 81-bit set
//! ([`cell_bit`], [`PEER_SET`]), the cells counted at once ([`at_least_one_two_three`])
//! and a digit's three band words ([`band_and_bit`]).

use anyhow::{bail, ensure, Result};
use common::board::bands::band_and_bit;
use common::board::singles::at_least_one_two_three;
use common::ladder::rung2_masks::CandidateGrid;
use common::ladder::{BranchPoint, Grid, Rung};
use common::{cell_bit, digit_bit, lowest_digit, CellSet, PEER_SET};

use super::bits::{self, binary, BitBox};
use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, band_word, cell_name, Root};
use super::svg::{colour, Paint, Svg, GRID_CLASS};
use super::words::{Phrase, Words};

/// The room between the pieces of a picture.
const GAP: i32 = 24;

/// The rung's state at its root, and the cell it branches on there with its candidates.
struct AtBranch {
    givens: Grid,
    root: Root,
    cell: usize,
    candidates: u16,
}

impl AtBranch {
    /// `rung`'s root on its chosen puzzle; the rung branches on a cell there.
    fn of(rung: &Rung) -> Result<AtBranch> {
        let givens = root::chosen_grid(rung)?;
        let root = Root::of(rung, &givens)?;
        match root::first_branch_point(rung, &givens)? {
            BranchPoint::Cell { cell, candidates } => Ok(AtBranch {
                givens,
                root,
                cell,
                candidates,
            }),
            BranchPoint::Chute { .. } => bail!("rung {} branches on a chute", rung.number),
        }
    }

    /// The digit a picture of places follows: the branch cell's lowest candidate, the
    /// first the search tries there.
    fn digit(&self) -> u8 {
        lowest_digit(self.candidates)
    }
}

/// `rung`'s picture under `subtitle`: `drawn` (a drawing and its size), its caption and
/// its legend.
fn picture(
    words: &dyn Words,
    rung: &Rung,
    subtitle: String,
    drawn: (Svg, i32, i32),
    caption: Vec<String>,
    legend: Vec<Key>,
) -> Picture {
    let (drawing, width, height) = drawn;
    Picture {
        title: words.title(rung),
        subtitle,
        drawing,
        size: (width, height),
        caption,
        legend,
    }
}

/// Rung 2: the grid with its pencil marks, and two cells' masks as words (bit `d - 1` for
/// digit `d`): the cell branched on, and the first given.
pub fn candidate_mask(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let mut board = Svg::new();
    grid::draw_full_grid(&mut board);
    grid::draw_state(&mut board, &at.root, |cell, _| {
        if cell == at.cell {
            Mark::Ringed(colour::RUNG)
        } else {
            Mark::Plain
        }
    });
    grid::outline(&mut board, [at.cell], Paint::stroke(colour::RUNG, 3), 2);
    let mut pieces = vec![mask_word(at.cell, at.root.candidates[at.cell])];
    let given = (0..81).find(|&cell| at.givens[cell] != 0);
    if let Some(given) = given {
        pieces.push(mask_word(given, at.root.candidates[given]));
    }
    let masks = bits::stack(pieces, GAP);
    let (drawing, size) = beside_the_grid(board, masks);
    let bytes = std::mem::size_of::<CandidateGrid>();
    Ok(picture(
        words,
        rung,
        words.at_the_start(rung),
        (drawing, size.0, size.1),
        words.mask_caption(at.cell, at.candidates, bytes),
        vec![
            Key::new(
                Swatch::Fill(colour::RUNG_LIGHT),
                words.phrase(Phrase::MaskBit),
            ),
            Key::new(Swatch::Ring(colour::RUNG), words.phrase(Phrase::BranchCell)),
        ],
    ))
}

/// `cell`'s candidate `mask` as a word: bit numbers over the digits, bit 0 on the right.
fn mask_word(cell: usize, mask: u16) -> (Svg, i32, i32) {
    let heading = format!(
        "candidates[{}] = {}",
        cell_name(cell),
        binary(mask.into(), 9)
    );
    bits::block(&heading, 9, 2, 30, |column, row| {
        let bit = 8 - column as u32;
        let digit = (1..=9)
            .find(|&digit| digit_bit(digit) == 1 << bit)
            .unwrap_or(0);
        if row == 0 {
            BitBox::bit(format!("b{bit}"), false, colour::PAPER)
        } else {
            BitBox::bit(digit, mask & digit_bit(digit) != 0, colour::RUNG_LIGHT)
        }
    })
}

/// Rung 5: digit `d`'s set of places, each cell at its bit ([`cell_bit`]), and the peers a
/// placement clears with one `&` ([`PEER_SET`]).
pub fn digit_set(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let digit = at.digit();
    let places = at.root.places(digit);
    let [places_heading, cleared_heading] = words.digit_set_headings(digit, at.cell);
    let set = cell_block(&places_heading, 28, |cell| {
        let fill = if at.root.decided[cell] == digit {
            colour::FULL_LIGHT
        } else {
            colour::RUNG_LIGHT
        };
        BitBox::bit(bit_of(cell_bit(cell)), places & cell_bit(cell) != 0, fill)
    });
    let peers = PEER_SET[at.cell];
    let cleared = cell_block(&cleared_heading, 28, |cell| {
        let fill = if cell == at.cell {
            colour::DECIDED
        } else {
            colour::REMOVED
        };
        let set = peers & cell_bit(cell) != 0 || cell == at.cell;
        BitBox::bit(
            bit_of(cell_bit(cell)),
            set && places & cell_bit(cell) != 0,
            fill,
        )
    });
    let drawn = bits::side_by_side(vec![set, cleared], GAP);
    let lost = (places & peers).count_ones() as usize;
    let count = places.count_ones() as usize;
    let caption = words.digit_set_caption(digit, count, at.cell, lost);
    let [may, stands] = words.digit_set_keys(digit);
    let legend = vec![
        Key::new(Swatch::Fill(colour::RUNG_LIGHT), &may),
        Key::new(Swatch::Fill(colour::FULL_LIGHT), &stands),
        Key::new(
            Swatch::Fill(colour::REMOVED),
            words.phrase(Phrase::ClearedByPlacing),
        ),
    ];
    let subtitle = words.at_the_start(rung);
    Ok(picture(words, rung, subtitle, drawn, caption, legend))
}

/// Rung 6: the open cells with at least two and three candidates, counted over the nine
/// sets at once ([`at_least_one_two_three`]) at the root, and what the search reads of
/// them there: the cells with exactly two, among which it branches. (At the root, at least
/// one is every open cell, and none has one candidate or none: propagation placed every
/// single; both are checked, and said in the caption rather than drawn empty.)
pub fn counted_at_once(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let open: CellSet = (0..81)
        .filter(|&cell| at.root.is_open(cell))
        .fold(0, |set, cell| set | cell_bit(cell));
    let sets: Vec<CellSet> = (1..=9).map(|digit| at.root.places(digit) & open).collect();
    let [one, two, three] = at_least_one_two_three(&sets);
    ensure!(
        one == open && two == open,
        "rung 6's root has an open cell with one candidate or none"
    );
    let pairs = two & !three;
    let block = |name: &str, set: CellSet| {
        let heading = words.counted_heading(name, set.count_ones() as usize);
        cell_block(&heading, 18, move |cell| {
            let fill = if cell == at.cell {
                colour::RUNG
            } else {
                colour::RUNG_LIGHT
            };
            BitBox::bit("", set & cell_bit(cell) != 0, fill)
        })
    };
    let blocks = vec![
        block("at_least_two", two),
        block("at_least_three", three),
        block(words.phrase(Phrase::ExactlyTwo), pairs),
    ];
    let drawn = bits::side_by_side(blocks, GAP);
    let caption = words.counted_caption(pairs.count_ones() as usize, at.cell);
    let legend = vec![
        Key::new(
            Swatch::Fill(colour::RUNG_LIGHT),
            words.phrase(Phrase::BitSet),
        ),
        Key::new(Swatch::Fill(colour::RUNG), &words.counted_key(at.cell)),
    ];
    let subtitle = words.at_the_start(rung);
    Ok(picture(words, rung, subtitle, drawn, caption, legend))
}

/// Rung 7: digit `d`'s places cut into three band words, each cell at its bit in its band
/// ([`band_and_bit`]).
pub fn band_words(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let digit = at.digit();
    let places = at.root.places(digit);
    let heading = words.band_grid_heading(digit);
    let grid_block = cell_block(&heading, 30, |cell| {
        let (band, bit) = band_and_bit(cell);
        let set = places & cell_bit(cell) != 0;
        let fill = if set {
            colour::BAND_BITS[band]
        } else {
            colour::BANDS[band]
        };
        BitBox::bit(bit_of(bit.into()), true, fill).with_strength(set)
    });
    let mut pieces = vec![grid_block];
    for band in 0..3 {
        let word = band_word(places, band);
        let heading = words.band_word_heading(band, digit);
        pieces.push(bits::block(&heading, 27, 1, 19, |column, _| {
            let set = word & 1 << column != 0;
            let fill = if set {
                colour::BAND_BITS[band]
            } else {
                colour::BANDS[band]
            };
            BitBox::bit(column, true, fill).with_strength(set)
        }));
    }
    let drawn = bits::stack(pieces, 16);
    let caption = words.band_words_caption(digit, places.count_ones() as usize);
    let legend = (0..3)
        .map(|band| {
            Key::new(
                Swatch::Fill(colour::BAND_BITS[band]),
                &words.band_key(band, digit),
            )
        })
        .collect();
    let subtitle = words.at_the_start(rung);
    Ok(picture(words, rung, subtitle, drawn, caption, legend))
}

/// The number of the one bit set in `word`.
fn bit_of(word: u128) -> u32 {
    word.trailing_zeros()
}

/// The 81 cells as a 9×9 block of boxes `side` pixels wide, under `heading`.
fn cell_block(heading: &str, side: i32, content: impl Fn(usize) -> BitBox) -> (Svg, i32, i32) {
    bits::block(heading, 9, 9, side, |column, row| {
        content((9 * row + column) as usize)
    })
}

/// The full grid and, right of it, `blocks` of bits: the drawing and its size.
fn beside_the_grid(board: Svg, blocks: (Svg, i32, i32)) -> (Svg, (i32, i32)) {
    let (blocks, blocks_width, blocks_height) = blocks;
    let mut drawing = Svg::new();
    drawing.place_as(GRID_CLASS, LABELS, LABELS, board);
    drawing.place(LABELS + SIDE + GAP, LABELS, blocks);
    let width = LABELS + SIDE + GAP + blocks_width;
    (
        drawing,
        (width, (LABELS + SIDE).max(LABELS + blocks_height)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cells_bit_in_its_band_word_is_its_bit_in_the_band() {
        for cell in 0..81 {
            let (band, bit) = band_and_bit(cell);
            assert_eq!(band_word(cell_bit(cell), band), bit, "{}", cell_name(cell));
        }
    }
}
