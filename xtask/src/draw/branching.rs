//! The picture of a branching rung (1, 10, 14 to 17): the grid at the root of the search,
//! with the rung below's first branch point outlined dashed in grey and this rung's solid
//! in blue. On a cell, its candidates are the ways; on a chute, the digit's places there
//! are ringed, and beside the grid each way is drawn: the permutation's three mini-lines
//! ([`PERMUTATIONS`]).

use anyhow::{ensure, Result};
use common::board::band_rule::{PERMUTATIONS, PERMUTATIONS_INSIDE};
use common::board::chutes::ChuteBranch;
use common::board::digit_choice::{BRANCH_RANK, SETTLED};
use common::board::early::{permutations_in_chute, EARLY};
use common::board::sparse::DECIDED_FOR_CHUTES;
use common::board::unsettled::{chute_pattern, unsettled_digits};
use common::board::{Board, MiniLineRule, Recount};
use common::ladder::{BranchPoint, Grid, Rung, RUNGS};
use common::{digit_bit, PEERS_OF};

use super::frame::{Key, Picture, Swatch};
use super::grid::{self, Mark, LABELS, SIDE};
use super::root::{self, Root};
use super::svg::{colour, Font, Paint, Svg, GRID_CLASS};
use super::words::{Phrase, Words};

/// A way's diagram: a chute's cells this many pixels wide.
const SMALL: i32 = 14;
/// The room between two diagrams.
const GAP: i32 = 16;

/// One of the two branch points a picture compares, and how it is drawn.
struct Shown<'a> {
    rung: &'a Rung,
    point: BranchPoint,
    colour: &'static str,
    light: &'static str,
    dashed: bool,
}

/// `rung`'s picture: its first branch point against the rung below's.
pub fn draw(rung: &Rung, words: &dyn Words) -> Result<Picture> {
    let below = &RUNGS[rung.number - 1];
    let givens = root::chosen_grid(rung)?;
    let root = Root::of(rung, &givens)?;
    let shown = [
        Shown {
            rung: below,
            point: root::first_branch_point(below, &givens)?,
            colour: colour::BELOW,
            light: colour::BELOW_LIGHT,
            dashed: true,
        },
        Shown {
            rung,
            point: root::first_branch_point(rung, &givens)?,
            colour: colour::RUNG,
            light: colour::RUNG_LIGHT,
            dashed: false,
        },
    ];
    let mut board = Svg::new();
    grid::draw_full_grid(&mut board);
    grid::draw_state(&mut board, &root, |cell, digit| {
        let picked = shown
            .iter()
            .rev()
            .find(|shown| picks(&shown.point, cell, digit));
        picked.map_or(Mark::Plain, |shown| Mark::Ringed(shown.colour))
    });
    for (inset, shown) in [3, 7].into_iter().zip(&shown) {
        let paint = Paint::stroke(shown.colour, 3);
        let paint = if shown.dashed { paint.dashed() } else { paint };
        grid::outline(&mut board, cells_of(&shown.point), paint, inset);
    }
    let mut drawing = Svg::new();
    drawing.place_as(GRID_CLASS, LABELS, LABELS, board);
    let (mut width, mut height) = (LABELS + SIDE, LABELS + SIDE);
    let mut y = LABELS;
    for shown in &shown {
        if let BranchPoint::Chute { branch } = shown.point {
            let (panel, panel_width, panel_height) = ways_panel(words, shown, &branch, &root);
            drawing.place(LABELS + SIDE + 2 * GAP, y, panel);
            width = width.max(LABELS + SIDE + 2 * GAP + panel_width);
            y += panel_height + GAP;
            height = height.max(y);
        }
    }
    let [there, here] = &shown;
    let mut caption = vec![words.branches(
        below.number,
        &words.branch_point(&there.point),
        rung.number,
        &words.branch_point(&here.point),
    )];
    caption.extend(why(words, &givens, &root, &there.point, &here.point)?);
    let mut legend: Vec<Key> = shown.iter().flat_map(|shown| keys(words, shown)).collect();
    let chute_branch = shown.iter().find_map(|shown| match shown.point {
        BranchPoint::Chute { branch } => Some(branch),
        BranchPoint::Cell { .. } => None,
    });
    if let Some(branch) = chute_branch {
        legend.push(Key::new(
            Swatch::Fill(colour::RUNG_LIGHT),
            words.phrase(Phrase::WayMiniLines),
        ));
        legend.push(Key::new(Swatch::Dot, &words.way_dot_key(branch.digit)));
    }
    Ok(Picture {
        title: words.title(rung),
        subtitle: words.branching_subtitle(rung),
        drawing,
        size: (width, height),
        caption,
        legend,
    })
}

/// Whether `point` picks out the mark of `digit` in `cell`: a way of its cell, or a place
/// of its digit in its chute.
fn picks(point: &BranchPoint, cell: usize, digit: u8) -> bool {
    match point {
        BranchPoint::Cell {
            cell: chosen,
            candidates,
        } => *chosen == cell && candidates & digit_bit(digit) != 0,
        BranchPoint::Chute { branch } => {
            branch.digit == digit && root::chute_cells(branch.chute).any(|of| of == cell)
        }
    }
}

/// The cells a branch point covers: its cell, or its chute.
fn cells_of(point: &BranchPoint) -> Vec<usize> {
    match point {
        BranchPoint::Cell { cell, .. } => vec![*cell],
        BranchPoint::Chute { branch } => root::chute_cells(branch.chute).collect(),
    }
}

/// The ways of a chute branch, one diagram each in the order they are tried, labelled by
/// their index `k` in [`PERMUTATIONS`], under a heading; and the panel's size.
fn ways_panel(
    words: &dyn Words,
    shown: &Shown,
    branch: &ChuteBranch,
    root: &Root,
) -> (Svg, i32, i32) {
    let is_band = branch.chute < 3;
    let (columns, rows) = if is_band { (9, 3) } else { (3, 9) };
    let per_row = if is_band { 3 } else { 6 };
    let (way_width, way_height) = (columns * SMALL, rows * SMALL);
    let mut panel = Svg::new();
    let heading = words.ways_heading(shown.rung.number, &words.branch_point_name(&shown.point));
    let heading_font = Font::sans(14, shown.colour).bold();
    panel.text(0, 14, &heading, heading_font);
    let mut width = heading_font.width_of(&heading);
    let label_font = Font::sans(11, colour::QUIET);
    let (mut x, mut y) = (0, 28);
    for (tried_before, k) in branch.ways().enumerate() {
        if tried_before > 0 && tried_before % per_row == 0 {
            (x, y) = (0, y + way_height + 24);
        }
        let label = words.way_label(k);
        panel.text(x, y + 12, &label, label_font);
        let mut way = Svg::new();
        draw_way(&mut way, branch, k, root, shown.light);
        panel.place_as(GRID_CLASS, x, y + 18, way);
        width = width.max(x + way_width.max(label_font.width_of(&label)));
        x += way_width.max(110) + GAP;
    }
    (panel, width, y + 18 + way_height)
}

/// Permutation `k` of `branch`'s digit in its chute: the chute's cells, small, with the
/// permutation's three mini-lines filled with `fill` and the digit's places dotted.
fn draw_way(svg: &mut Svg, branch: &ChuteBranch, k: usize, root: &Root, fill: &'static str) {
    let is_band = branch.chute < 3;
    for (line, &kept) in PERMUTATIONS[k].iter().enumerate() {
        let (line, kept) = (line as i32, kept as i32);
        if is_band {
            // Row `line` of the band keeps the box in stack `kept`.
            svg.rect(
                3 * kept * SMALL,
                line * SMALL,
                3 * SMALL,
                SMALL,
                Paint::fill(fill),
            );
        } else {
            // Band `line` of the stack keeps the stack's column `kept`.
            svg.rect(
                kept * SMALL,
                3 * line * SMALL,
                SMALL,
                3 * SMALL,
                Paint::fill(fill),
            );
        }
    }
    let (columns, rows) = if is_band { (9, 3) } else { (3, 9) };
    grid::draw_lines(svg, columns, rows, SMALL);
    for cell in root::chute_cells(branch.chute) {
        if root.candidates[cell] & digit_bit(branch.digit) == 0 {
            continue;
        }
        let (row, column) = ((cell / 9) as i32, (cell % 9) as i32);
        let (row, column) = if is_band {
            (row - 3 * branch.chute as i32, column)
        } else {
            (row, column - 3 * (branch.chute as i32 - 3))
        };
        let paint = Paint::fill(colour::INK);
        svg.circle(
            column * SMALL + SMALL / 2,
            row * SMALL + SMALL / 2,
            3,
            paint,
        );
    }
}

/// What a branch point's colours mean.
fn keys(words: &dyn Words, shown: &Shown) -> Vec<Key> {
    let number = shown.rung.number;
    let outline = Swatch::Outline {
        colour: shown.colour,
        dashed: shown.dashed,
    };
    let ring = match shown.point {
        BranchPoint::Cell { .. } => words.way_of_cell_key(number),
        BranchPoint::Chute { branch } => words.place_in_chute_key(branch.digit),
    };
    vec![
        Key::new(outline, &words.branch_point_key(number)),
        Key::new(Swatch::Ring(shown.colour), &ring),
    ]
}

/// Why the two rungs branch apart, in the numbers the code decides by: the open peers of
/// two cells of as many candidates (rung 10), the chute with the fewest unsettled digits
/// and its lowest one (rung 14), the decided cells of a sparse board (rung 15), the
/// digits' permutations in one chute (rung 16), and the chutes' (rung 17).
fn why(
    words: &dyn Words,
    givens: &Grid,
    root: &Root,
    there: &BranchPoint,
    here: &BranchPoint,
) -> Result<Vec<String>> {
    let open_peers = |cell: usize| {
        PEERS_OF[cell]
            .iter()
            .filter(|&&peer| root.is_open(peer as usize))
            .count()
    };
    Ok(match (there, here) {
        (
            BranchPoint::Cell {
                cell: a,
                candidates: first,
            },
            BranchPoint::Cell {
                cell: b,
                candidates: second,
            },
        ) if first.count_ones() == second.count_ones() => vec![words.open_peers(
            first.count_ones() as usize,
            (*a, open_peers(*a)),
            (*b, open_peers(*b)),
        )],
        (BranchPoint::Cell { .. }, BranchPoint::Chute { branch }) => {
            let board = chute_board(givens, root)?;
            vec![words.fewest_unsettled(branch.chute, &unsettled_digits(&board), branch.digit)]
        }
        (BranchPoint::Chute { .. }, BranchPoint::Cell { .. }) => {
            vec![words.too_few_decided(root.decided_count(), DECIDED_FOR_CHUTES)]
        }
        (BranchPoint::Chute { branch: a }, BranchPoint::Chute { branch: b }) => {
            let board = chute_board(givens, root)?;
            if a.chute == b.chute {
                vec![words.permutations_left(a.chute, &permutations_left(&board, a.chute))]
            } else {
                vec![chute_words(words, &board, a.chute, b.chute)]
            }
        }
        _ => Vec::new(),
    })
}

/// The board of the search on chutes at `root` (rungs 13 to 17: the mini-line rule's
/// confined part), checked to hold `root`'s candidates.
fn chute_board(givens: &Grid, root: &Root) -> Result<Board> {
    let board = Board::propagated(givens, MiniLineRule::Confined, Recount::EveryDigit, &mut ());
    let board = board.map_err(|_| anyhow::anyhow!("the board finds no completion"))?;
    ensure!(
        (0..81).all(|cell| board.candidates(cell) == root.candidates[cell]),
        "the board of the search on chutes differs from the rung's root"
    );
    Ok(board)
}

/// The unsettled digits of `chute` and their permutations left, as `BRANCH_RANK` ranks
/// them: `(digit, permutations)`.
fn permutations_left(board: &Board, chute: usize) -> Vec<(u8, u32)> {
    (0..9)
        .filter_map(|index| {
            let pattern = chute_pattern(board, chute, index) as usize;
            let permutations = PERMUTATIONS_INSIDE[pattern].count_ones();
            (BRANCH_RANK[pattern] != SETTLED).then_some((index as u8 + 1, permutations))
        })
        .collect()
}

/// The permutations left in two chutes, added over their digits, and the fewest digits a
/// chute of `board` with an unsettled digit leaves unsettled (the board's own counts).
fn chute_words(words: &dyn Words, board: &Board, first: usize, second: usize) -> String {
    let unsettled = unsettled_digits(board);
    let fewest_unsettled = unsettled
        .iter()
        .filter(|&&n| n > 0)
        .min()
        .copied()
        .unwrap_or(0);
    words.early_chutes(
        (first, permutations_in_chute(board, first)),
        (second, permutations_in_chute(board, second)),
        fewest_unsettled,
        EARLY,
    )
}
