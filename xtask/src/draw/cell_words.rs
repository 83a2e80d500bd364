//! The layouts of the representation rungs that change what a word holds (2, 5, 6, 7),
//! each drawn on the rung's state at the root of its chosen puzzle, through the code's own
//! index functions: a cell's candidate mask ([`digit_bit`]), a digit's 81-bit set
//! ([`cell_bit`], [`PEER_SET`]), the cells counted at once ([`at_least_one_two_three`])
//! and a digit's three band words ([`band_and_bit`]).

use anyhow::{bail, Result};
use common::board::bands::band_and_bit;
use common::board::singles::at_least_one_two_three;
use common::ladder::rung2_masks::CandidateGrid;
use common::ladder::{BranchPoint, Grid, Rung};
use common::{cell_bit, digit_bit, lowest_digit, CellSet, PEER_SET};

use super::bits::{self, binary, BitBox};
use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, band_word, cell_name, counted, digit_list, Root};
use super::svg::{colour, Paint, Svg};

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

    /// The subtitle: the puzzle, at the root.
    fn subtitle(&self, rung: &Rung) -> String {
        format!("{}, at the start of the search", root::puzzle_words(rung))
    }

    /// `rung`'s picture at the root: `drawn` (a drawing and its size), its caption and
    /// its legend.
    fn picture(
        &self,
        rung: &Rung,
        drawn: (Svg, i32, i32),
        caption: Vec<String>,
        legend: Vec<Key>,
    ) -> Picture {
        let (drawing, width, height) = drawn;
        Picture {
            title: root::title(rung),
            subtitle: self.subtitle(rung),
            drawing,
            size: (width, height),
            caption,
            legend,
        }
    }
}

/// Rung 2: the grid with its pencil marks, and two cells' masks as words (bit `d - 1` for
/// digit `d`): the cell branched on, and the first given.
pub fn candidate_mask(rung: &Rung) -> Result<Picture> {
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
    let words = bits::stack(pieces, GAP);
    let (drawing, size) = beside_the_grid(board, words);
    let bytes = std::mem::size_of::<CandidateGrid>();
    Ok(Picture {
        title: root::title(rung),
        subtitle: at.subtitle(rung),
        drawing,
        size,
        caption: vec![
            format!(
                "Each cell keeps a u16: bit d - 1 set means digit d may still go there. {} \
                 may take {}; a given keeps its digit alone.",
                cell_name(at.cell),
                digit_list(at.candidates)
            ),
            format!("A guess works on a copy of the state ({bytes} bytes): undoing it is dropping the copy."),
        ],
        legend: vec![
            Key::new(Swatch::Fill(colour::RUNG_LIGHT), "bit set: the digit may go there"),
            Key::new(Swatch::Ring(colour::RUNG), "the cell the search branches on"),
        ],
    })
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
pub fn digit_set(rung: &Rung) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let digit = at.digit();
    let places = at.root.places(digit);
    let heading = format!("places[{}]: where {digit} may stand", digit - 1);
    let set = cell_block(&heading, 28, |cell| {
        let fill = if at.root.decided[cell] == digit {
            colour::FULL_LIGHT
        } else {
            colour::RUNG_LIGHT
        };
        BitBox::bit(bit_of(cell_bit(cell)), places & cell_bit(cell) != 0, fill)
    });
    let peers = PEER_SET[at.cell];
    let heading = format!(
        "PEER_SET[{}]: cleared when {digit} goes there",
        cell_name(at.cell)
    );
    let cleared = cell_block(&heading, 28, |cell| {
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
    let caption = vec![
        format!(
            "For each digit, one 81-bit set: cell 9 × row + column is bit 9 × row + \
                 column. {digit} may stand in {} (givens included).",
            counted(places.count_ones() as usize, "cell")
        ),
        format!(
            "The search tries {digit} in {} first: places[{}] &= !PEER_SET[{}] takes \
                 {digit} from {} at once.",
            cell_name(at.cell),
            digit - 1,
            cell_name(at.cell),
            counted(lost, "peer")
        ),
    ];
    let legend = vec![
        Key::new(
            Swatch::Fill(colour::RUNG_LIGHT),
            &format!("{digit} may stand there"),
        ),
        Key::new(
            Swatch::Fill(colour::FULL_LIGHT),
            &format!("{digit} stands there"),
        ),
        Key::new(
            Swatch::Fill(colour::REMOVED),
            "a place the placement clears",
        ),
    ];
    Ok(at.picture(rung, drawn, caption, legend))
}

/// Rung 6: the open cells with at least one, two and three candidates, counted over the
/// nine sets at once ([`at_least_one_two_three`]).
pub fn counted_at_once(rung: &Rung) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let open: CellSet = (0..81)
        .filter(|&cell| at.root.is_open(cell))
        .fold(0, |set, cell| set | cell_bit(cell));
    let sets: Vec<CellSet> = (1..=9).map(|digit| at.root.places(digit) & open).collect();
    let [one, two, three] = at_least_one_two_three(&sets);
    let names = ["at_least_one", "at_least_two", "at_least_three"];
    let blocks = [one, two, three].into_iter().zip(names).map(|(set, name)| {
        let heading = format!("{name}: {}", counted(set.count_ones() as usize, "cell"));
        cell_block(&heading, 18, |cell| {
            BitBox::bit("", set & cell_bit(cell) != 0, colour::RUNG_LIGHT)
        })
    });
    let (singles, pairs) = (open & !two, two & !three);
    // What the three words buy: the cells with two candidates, the branch cell among them.
    let heading = format!(
        "exactly two: {}",
        counted(pairs.count_ones() as usize, "cell")
    );
    let result = cell_block(&heading, 18, |cell| {
        let fill = if cell == at.cell {
            colour::RUNG
        } else {
            colour::RUNG_LIGHT
        };
        BitBox::bit("", pairs & cell_bit(cell) != 0, fill)
    });
    let drawn = bits::side_by_side(blocks.chain([result]).collect(), GAP);
    let caption = vec![
        "Over the nine digits' sets in turn: at_least_three |= at_least_two & set; \
             at_least_two |= at_least_one & set; at_least_one |= set. Three words hold \
             every cell's count, up to three."
            .to_string(),
        format!(
            "Open cells with one candidate or none (open & !at_least_two): {}; with \
                 exactly two (at_least_two & !at_least_three): {}, among them {}.",
            singles.count_ones(),
            pairs.count_ones(),
            cell_name(at.cell)
        ),
    ];
    let branch = format!("{}, where rung 6 branches", cell_name(at.cell));
    let legend = vec![
        Key::new(Swatch::Fill(colour::RUNG_LIGHT), "bit set"),
        Key::new(Swatch::Fill(colour::RUNG), &branch),
    ];
    Ok(at.picture(rung, drawn, caption, legend))
}

/// Rung 7: digit `d`'s places cut into three band words, each cell at its bit in its band
/// ([`band_and_bit`]).
pub fn band_words(rung: &Rung) -> Result<Picture> {
    let at = AtBranch::of(rung)?;
    let digit = at.digit();
    let places = at.root.places(digit);
    let heading = format!("the grid: each cell's bit in its band's word, {digit}'s places dark");
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
        let heading = format!(
            "places[{band}][{}]: band {}'s word, bits 0 to 26 from the left",
            digit - 1,
            band + 1
        );
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
    let caption = vec![format!(
        "Each digit's 81-bit set cut into three u32 words, one per band: cell c is bit \
             c % 27 of band c / 27, that is bit 9 × row in the band + column. A band's row \
             is 9 bits, its box three runs of 3; {digit} may stand in {}.",
        counted(places.count_ones() as usize, "cell")
    )];
    let legend = (0..3)
        .map(|band| {
            let meaning = format!("band {}: {digit} may stand there", band + 1);
            Key::new(Swatch::Fill(colour::BAND_BITS[band]), &meaning)
        })
        .collect();
    Ok(at.picture(rung, drawn, caption, legend))
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

/// The full grid and, right of it, `words`: the drawing and its size.
fn beside_the_grid(board: Svg, words: (Svg, i32, i32)) -> (Svg, (i32, i32)) {
    let (words, words_width, words_height) = words;
    let mut drawing = Svg::new();
    drawing.place(LABELS, LABELS, board);
    drawing.place(LABELS + SIDE + GAP, LABELS, words);
    let width = LABELS + SIDE + GAP + words_width;
    (drawing, (width, (LABELS + SIDE).max(LABELS + words_height)))
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
