//! The picture of an inference rung (3, 4, 12, 18): the grid as the rung below leaves it
//! at the root of the search (its pencil marks once its rules ran), with what this rung's
//! rules take further there and why. Each finding ([`causes`]) is outlined where it acts:
//! the unit of a hidden single, the box or line of locked candidates (pointing and
//! claiming in two colours), the mini-line of the mini-line rule, solid; where it removes,
//! dashed; the digits that make it act, ringed. What the rules remove is struck in red,
//! what a decided digit clears in grey, and the digits they decide stand large in green.

use anyhow::{ensure, Result};
use common::digit_bit;
use common::ladder::{Rung, RUNGS};

use super::bits;
use super::causes::{self, unit_cells, Finding, Replay};
use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, Root};
use super::svg::{colour, Font, Paint, Svg, GRID_CLASS};
use super::words::{Found, Phrase, Words};

/// The findings a caption tells one by one; the rest it counts.
const TOLD: usize = 3;

/// `rung`'s picture: its rules against the rung below's, at the root of its puzzle.
pub fn draw(rung: &Rung, words: &dyn Words) -> Result<Picture> {
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
    let replay = causes::replay(rung, &givens, &before, &after)?;
    let newly_decided: Vec<usize> = (0..81)
        .filter(|&cell| before.is_open(cell) && !after.is_open(cell))
        .collect();
    let mut board = Svg::new();
    grid::draw_full_grid(&mut board);
    for &cell in &newly_decided {
        grid::shade(&mut board, cell, colour::FULL_LIGHT);
    }
    grid::draw_state(&mut board, &before, |cell, digit| {
        mark_of(&replay, &before, &after, cell, digit)
    });
    let in_the_grid = replay
        .findings
        .iter()
        .filter(|finding| !is_locked(&finding.found));
    for (index, finding) in in_the_grid.enumerate() {
        // Findings side by side stand apart: three insets in turn.
        outline(&mut board, finding, 3 + 3 * (index % 3) as i32);
    }
    for &cell in &newly_decided {
        draw_decided(&mut board, cell, after.decided[cell]);
    }
    // The grid, and under it the digits' small grids, if any; both centred.
    let panels = digit_panels(words, &replay.findings, &before);
    let (panels, panels_width, panels_height) = bits::rows(panels, PANEL_GAP, PANELS_WIDTH);
    let width = (LABELS + SIDE).max(panels_width);
    let mut height = LABELS + SIDE;
    let mut drawing = Svg::new();
    let grid_x = (width - LABELS - SIDE) / 2;
    drawing.place_as(GRID_CLASS, grid_x + LABELS, LABELS, board);
    if panels_height > 0 {
        drawing.place((width - panels_width) / 2, height + PANEL_GAP, panels);
        height += PANEL_GAP + panels_height;
    }

    let removed: u32 = (0..81)
        .map(|cell| (before.candidates[cell] & !after.candidates[cell]).count_ones())
        .sum();
    let (k, below_k) = (rung.number, below.number);
    let mut caption = vec![words.inference_sum(k, below_k, removed as usize, newly_decided.len())];
    let findings = &replay.findings;
    caption.extend(
        findings
            .iter()
            .take(TOLD)
            .map(|finding| words.finding(finding.found)),
    );
    if findings.len() > TOLD {
        caption.push(words.more_findings(findings.len() - TOLD));
    }
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.inference_subtitle(rung, below_k),
        drawing,
        size: (width, height),
        caption,
        legend: legend(words, k, below_k, &replay, &before, &after),
    })
}

/// Whether a finding is locked candidates, which a digit's own small grid shows
/// ([`digit_panels`]): told in the big grid, a dozen boxes and lines of six digits would
/// cover each other.
fn is_locked(found: &Found) -> bool {
    matches!(found, Found::Pointing { .. } | Found::Claiming { .. })
}

/// The room between the grid and the digits' small grids, and between those.
const PANEL_GAP: i32 = 18;
/// The widest row of small grids.
const PANELS_WIDTH: i32 = 860;
/// A cell of a digit's small grid.
const SMALL_CELL: i32 = 14;

/// One small grid per digit that locked candidates remove: the digit's places at the root
/// of the rung below (dots) and its givens and decided cells (the digit, small), each box
/// or line whose places make a finding act outlined (pointing and claiming in their own
/// colours), and the places the findings remove crossed out in red.
fn digit_panels(words: &dyn Words, findings: &[Finding], before: &Root) -> Vec<(Svg, i32, i32)> {
    let locked: Vec<&Finding> = findings.iter().filter(|f| is_locked(&f.found)).collect();
    let mut panels = Vec::new();
    for digit in 1..=9u8 {
        let of_digit: Vec<&&Finding> = locked
            .iter()
            .filter(|finding| finding.removed.iter().any(|&(_, of)| of == digit))
            .collect();
        if of_digit.is_empty() {
            continue;
        }
        let mut small = Svg::new();
        grid::draw_lines(&mut small, 9, 9, SMALL_CELL);
        let tiny = Font::sans(10, colour::INK).bold();
        for cell in 0..81 {
            let (x, y) = grid::corner(cell, SMALL_CELL);
            let (x, y) = (x + SMALL_CELL / 2, y + SMALL_CELL / 2);
            if before.decided[cell] == digit {
                small.text_centred_on(x, y, &digit.to_string(), tiny);
            } else if before.is_open(cell) && before.candidates[cell] & digit_bit(digit) != 0 {
                let removed = of_digit
                    .iter()
                    .any(|finding| finding.removed.contains(&(cell, digit)));
                if removed {
                    let cross = Paint::stroke(colour::REMOVED, 2);
                    small.line((x - 4, y - 4), (x + 4, y + 4), cross);
                    small.line((x - 4, y + 4), (x + 4, y - 4), cross);
                } else {
                    small.circle(x, y, 3, Paint::fill(colour::INK));
                }
            }
        }
        for finding in &of_digit {
            let (unit, colour) = match finding.found {
                Found::Pointing { box_unit, .. } => (box_unit, colour::CAUSE),
                Found::Claiming { line, .. } => (line, colour::CAUSE_SECOND),
                _ => continue,
            };
            let paint = Paint::stroke(colour, 3);
            grid::outline_in(&mut small, SMALL_CELL, unit_cells(unit), paint, 2);
        }
        let heading = words.digit_panel_heading(digit);
        panels.push(bits::titled(
            &heading,
            small,
            9 * SMALL_CELL,
            9 * SMALL_CELL,
        ));
    }
    panels
}

/// How the mark of `digit` in `cell` is drawn: struck when the rung's rule removed it,
/// cleared when a decided digit did, ringed when it makes a finding act.
fn mark_of(replay: &Replay, before: &Root, after: &Root, cell: usize, digit: u8) -> Mark {
    let bit = digit_bit(digit);
    if replay.removed_by_rule[cell] & bit != 0 {
        return Mark::Struck;
    }
    if after.candidates[cell] & bit == 0 {
        return Mark::Cleared;
    }
    let ringing = replay.findings.iter().find(|finding| {
        !is_locked(&finding.found) && acting_marks(&finding.found, before).contains(&(cell, digit))
    });
    match ringing {
        Some(finding) => Mark::Ringed(colour_of(&finding.found)),
        None => Mark::Plain,
    }
}

/// The colour of a finding's outlines and rings: a single's is the green of the digit it
/// decides; claiming has its own beside pointing's.
fn colour_of(found: &Found) -> &'static str {
    match found {
        Found::NakedSingle { .. } | Found::HiddenSingle { .. } => colour::DECIDED,
        Found::Claiming { .. } => colour::CAUSE_SECOND,
        _ => colour::CAUSE,
    }
}

/// The marks that make a finding act: the digit's places in the box (pointing) or the
/// line (claiming), the three digits in the mini-line (the mini-line rule); a single has
/// none, its digit stands large.
fn acting_marks(found: &Found, before: &Root) -> Vec<(usize, u8)> {
    let places = |unit: usize, digit: u8| -> Vec<(usize, u8)> {
        unit_cells(unit)
            .filter(|&cell| before.is_open(cell) && before.candidates[cell] & digit_bit(digit) != 0)
            .map(|cell| (cell, digit))
            .collect()
    };
    match *found {
        Found::Pointing {
            digit, box_unit, ..
        } => places(box_unit, digit),
        Found::Claiming { digit, line, .. } => places(line, digit),
        Found::Confined { cells, digits, .. } | Found::OnlyThree { cells, digits, .. } => cells
            .iter()
            .flat_map(|&cell| common::digits(digits).map(move |digit| (cell, digit)))
            .collect(),
        Found::NakedSingle { .. } | Found::HiddenSingle { .. } => Vec::new(),
    }
}

/// Outlines a finding `inset` pixels inside its cells: what makes it act solid, where it
/// removes dashed.
fn outline(board: &mut Svg, finding: &Finding, inset: i32) {
    let paint = Paint::stroke(colour_of(&finding.found), 3);
    let (solid, dashed): (Vec<usize>, Vec<Vec<usize>>) = match finding.found {
        Found::NakedSingle { cell, .. } => (vec![cell], Vec::new()),
        Found::HiddenSingle { unit, .. } => (unit_cells(unit).collect(), Vec::new()),
        Found::Pointing { box_unit, line, .. } => (
            unit_cells(box_unit).collect(),
            vec![unit_cells(line).collect()],
        ),
        Found::Claiming { line, box_unit, .. } => (
            unit_cells(line).collect(),
            vec![unit_cells(box_unit).collect()],
        ),
        Found::Confined { cells, line, .. } => (cells.to_vec(), vec![unit_cells(line).collect()]),
        Found::OnlyThree { cells, line, .. } => {
            let box_unit = 18 + common::BOX_OF[cells[0]] as usize;
            let around = vec![unit_cells(line).collect(), unit_cells(box_unit).collect()];
            (cells.to_vec(), around)
        }
    };
    grid::outline(board, solid, paint, inset);
    let thin = Paint::stroke(colour_of(&finding.found), 2).dashed();
    for cells in dashed {
        grid::outline(board, cells, thin, inset + 2);
    }
}

/// The digit rung K decides in `cell`: written large in green, in the middle of its
/// struck marks (drawn small, in their slots, before).
fn draw_decided(board: &mut Svg, cell: usize, digit: u8) {
    let (x, y) = grid::centre(cell);
    let font = Font::sans(24, colour::DECIDED).bold();
    // A disc of the cell's shade keeps the digit clear of the marks behind it.
    board.circle(x, y, 11, Paint::fill(colour::FULL_LIGHT));
    board.text_centred_on(x, y, &digit.to_string(), font);
}

/// The legend of a finding's solid outline, and of its dashed one if it has one.
fn phrases_of(found: &Found) -> (Phrase, Option<Phrase>) {
    match found {
        Found::NakedSingle { .. } => (Phrase::NakedSingle, None),
        Found::HiddenSingle { .. } => (Phrase::HiddenSingle, None),
        Found::Pointing { .. } => (Phrase::Pointing, None),
        Found::Claiming { .. } => (Phrase::Claiming, None),
        Found::Confined { .. } => (Phrase::ConfinedMiniLine, Some(Phrase::ConfinedLine)),
        Found::OnlyThree { .. } => (
            Phrase::OnlyThreeMiniLine,
            Some(Phrase::OnlyThreeSurroundings),
        ),
    }
}

/// The legend of an inference picture: the digits, the marks, and each kind of finding
/// that the picture shows.
fn legend(
    words: &dyn Words,
    k: usize,
    below_k: usize,
    replay: &Replay,
    before: &Root,
    after: &Root,
) -> Vec<Key> {
    let digit = |colour, bold| Swatch::Digit { colour, bold };
    let mut keys = vec![
        Key::new(digit(colour::INK, true), words.phrase(Phrase::Given)),
        Key::new(digit(colour::INK, false), &words.decided_by(below_k)),
        Key::new(digit(colour::DECIDED, true), &words.decided_by(k)),
    ];
    if replay.removed_by_rule.iter().any(|&removed| removed != 0) {
        keys.push(Key::new(Swatch::Struck, &words.removed_by(k)));
    }
    let cleared = (0..81).any(|cell| {
        let gone = before.candidates[cell] & !after.candidates[cell];
        gone & !replay.removed_by_rule[cell] != 0 && before.is_open(cell)
    });
    if cleared {
        keys.push(Key::new(Swatch::Cleared, words.phrase(Phrase::Cleared)));
    }
    let mut kinds: Vec<&Found> = Vec::new();
    for finding in &replay.findings {
        let kind = std::mem::discriminant(&finding.found);
        if !kinds
            .iter()
            .any(|shown| std::mem::discriminant(*shown) == kind)
        {
            kinds.push(&finding.found);
        }
    }
    for found in &kinds {
        let outline = Swatch::Outline {
            colour: colour_of(found),
            dashed: false,
        };
        let (solid, dashed) = phrases_of(found);
        keys.push(Key::new(outline, words.phrase(solid)));
        if let Some(dashed_phrase) = dashed {
            let dashed = Swatch::Outline {
                colour: colour_of(found),
                dashed: true,
            };
            keys.push(Key::new(dashed, words.phrase(dashed_phrase)));
        }
    }
    let mini_lines = kinds
        .iter()
        .any(|found| matches!(found, Found::Confined { .. } | Found::OnlyThree { .. }));
    if mini_lines {
        keys.push(Key::new(
            Swatch::Ring(colour::CAUSE),
            words.phrase(Phrase::ActingDigit),
        ));
    }
    if kinds.iter().any(|found| is_locked(found)) {
        keys.push(Key::new(Swatch::Dot, words.phrase(Phrase::PlaceOfDigit)));
        keys.push(Key::new(Swatch::Cross, words.phrase(Phrase::LostPlace)));
    }
    keys
}
