//! The picture of an inference rung (3, 4, 12, 18): the grid as the rung below leaves it
//! at the root of the search (its pencil marks once its rules ran), with what this rung's
//! rules take further there: the candidates they remove, struck through in red, and the
//! digits they decide, large in green.

use anyhow::{ensure, Result};
use common::ladder::{Rung, RUNGS};

use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, counted, Root};
use super::svg::{colour, Font, Svg};

/// `rung`'s picture: its rules against the rung below's, at the root of its puzzle.
pub fn draw(rung: &Rung) -> Result<Picture> {
    let below = &RUNGS[rung.number - 1];
    let givens = root::chosen_grid(rung)?;
    let before = Root::of(below, &givens)?;
    let after = Root::of(rung, &givens)?;
    for cell in 0..81 {
        // What `xtask/tests/properties.rs` tests on every puzzle: never a candidate more.
        ensure!(
            after.candidates[cell] & !before.candidates[cell] == 0,
            "rung {} keeps a candidate that rung {} removes in {}",
            rung.number,
            below.number,
            root::cell_name(cell)
        );
    }
    let mut drawing = Svg::new();
    let mut board = Svg::new();
    grid::draw_full_grid(&mut board);
    let newly_decided: Vec<usize> = (0..81)
        .filter(|&cell| before.is_open(cell) && !after.is_open(cell))
        .collect();
    for &cell in &newly_decided {
        grid::shade(&mut board, cell, colour::FULL_LIGHT);
    }
    grid::draw_state(&mut board, &before, |cell, digit| {
        if after.candidates[cell] & common::digit_bit(digit) == 0 {
            Mark::Struck
        } else {
            Mark::Plain
        }
    });
    for &cell in &newly_decided {
        draw_decided(&mut board, cell, after.decided[cell]);
    }
    drawing.place(LABELS, LABELS, board);

    let removed: u32 = (0..81)
        .map(|cell| (before.candidates[cell] & !after.candidates[cell]).count_ones())
        .sum();
    let (k, below_k) = (rung.number, below.number);
    let caption = vec![
        format!(
            "Rung {k} removes {} at the start and decides {} that rung {below_k} leaves open.",
            counted(removed as usize, "candidate"),
            counted(newly_decided.len(), "cell"),
        ),
        format!(
            "Pencil marks: what rung {below_k}'s rules leave; rung {below_k} decides {} \
             (givens included), rung {k} {}.",
            counted(before.decided_count(), "cell"),
            after.decided_count()
        ),
    ];
    Ok(Picture {
        title: root::title(rung),
        subtitle: format!(
            "{}, at the start of the search: rung {k}'s rules on rung {below_k}'s marks",
            root::puzzle_words(rung)
        ),
        drawing,
        size: (LABELS + SIDE, LABELS + SIDE),
        caption,
        legend: legend(k, below_k),
    })
}

/// The digit rung K decides in `cell`: written large in green, in the middle of its
/// struck marks (drawn small, in their slots, before).
fn draw_decided(board: &mut Svg, cell: usize, digit: u8) {
    let (x, y) = grid::centre(cell);
    let font = Font::sans(24, colour::DECIDED).bold();
    // A disc of the cell's shade keeps the digit clear of the marks behind it.
    let disc = super::svg::Paint::fill(colour::FULL_LIGHT);
    board.circle(x, y, 11, disc);
    board.text_centred_on(x, y, &digit.to_string(), font);
}

/// The legend of an inference picture.
fn legend(k: usize, below_k: usize) -> Vec<Key> {
    vec![
        Key::new(
            Swatch::Digit {
                colour: colour::INK,
                bold: true,
            },
            "given",
        ),
        Key::new(
            Swatch::Digit {
                colour: colour::INK,
                bold: false,
            },
            &format!("decided by rung {below_k}"),
        ),
        Key::new(Swatch::Struck, &format!("removed by rung {k}")),
        Key::new(
            Swatch::Digit {
                colour: colour::DECIDED,
                bold: true,
            },
            &format!("decided by rung {k}"),
        ),
    ]
}
