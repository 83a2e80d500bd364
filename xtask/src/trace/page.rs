//! `cargo xtask trace --html`: a trace as one page that replays it on the grid.
//!
//! The page is one self-contained file: the markup, style and script of
//! `page.html` (no library, no font, nothing fetched) with the trace written into it
//! as JSON. Rust words and counts every step once: each step on the page carries the kind
//! and text of its line in `cargo xtask trace` ([`step_words`]), the decided cells and depth
//! that line counts, the cells whose digit it changes and the cells it concerns, all
//! followed by [`Replay`]. The script only draws them, so step N of the page is line N of
//! the text trace.
//!
//! The data, with cells numbered 0..81 row by row as in `common`:
//!
//! | field | what it holds |
//! |---|---|
//! | `origins` | the names of [`Origin`]s, which the page uses as the cells' classes |
//! | `peers` | the 20 peers of each cell, for the pencil marks (the digits no peer holds) |
//! | `su_domino_ku` | whether to show the 36 dominoes: when the puzzles give dominoes, as every Su-domino-ku puzzle does |
//! | `puzzles` | per puzzle: `title`, `summary`, `cut` (the note of a record cut short, or null), `cell_names`, `dominoes` (the cells of each given domino) and `steps` |
//!
//! Each step holds `kind`, `text`, `decided` and `depth`, and where it has them: `changes`
//! (`[cell, digit, origin]` for each cell whose digit or origin the step changes, digit 0
//! for a cell it empties), the cells it concerns by role (`focus`, `unit`, `conflict`,
//! `undone`), and for Su-domino-ku the dominoes it lays (`laid`), how many laid dominoes it takes
//! off (`lifted`), and the domino that has no place left (`stuck_domino`).

use std::collections::HashMap;

use common::observe::{Conflict, Reason};
use common::{CELLS_OF_UNIT, N_CELLS, PEERS_OF};
use serde::Serialize;
use serde_json::json;

use crate::trace::{step_words, Event, Origin, PuzzleTrace, Replay};

/// The page's markup, style and script, with `{{TITLE}}` and `{{TRACE}}` to fill in.
const TEMPLATE: &str = include_str!("page.html");

/// The page titled `title` for `traces` (one per puzzle of an input).
pub fn page(title: &str, traces: &[PuzzleTrace]) -> String {
    let puzzles: Vec<_> = traces
        .iter()
        .map(|trace| {
            json!({
                "title": trace.title,
                "summary": trace.summary,
                "cut": crate::trace::cut_note(trace),
                "cell_names": (0..N_CELLS).map(trace.cell_name).collect::<Vec<_>>(),
                "dominoes": trace.given_dominoes,
                "steps": steps(trace),
            })
        })
        .collect();
    let data = json!({
        "origins": Origin::ALL.map(Origin::name),
        "peers": PEERS_OF.to_vec(),
        "su_domino_ku": traces.iter().any(|trace| !trace.given_dominoes.is_empty()),
        "puzzles": puzzles,
    });
    // Inside a <script> element the text must not hold "</script>": in JSON a `<` can
    // only stand in a string, where `\u003c` means the same.
    let data = data.to_string().replace('<', "\\u003c");
    TEMPLATE
        .replace("{{TITLE}}", title)
        .replacen("{{TRACE}}", &data, 1)
}

/// One step as the page draws it (see the module's table). Empty lists are left out,
/// which keeps a page of 30,000 steps to a few megabytes.
#[derive(Debug, Default, Serialize)]
struct Step {
    /// The kind of the step's line in the text trace: `hidden single`.
    kind: &'static str,
    /// The text of that line: `r3c5 = 4   the only place for 4 in row 3`.
    text: String,
    /// The cells decided after the step, as that line counts them.
    decided: usize,
    /// The guesses open after the step.
    depth: usize,
    /// `(cell, digit, origin)` for each cell the step changes, the origin as its number.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    changes: Vec<(usize, u8, usize)>,
    /// The cells the step places or guesses.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    focus: Vec<usize>,
    /// The unit of a hidden single.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unit: Vec<usize>,
    /// Where a contradiction stands.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    conflict: Vec<usize>,
    /// The cells of the guess that a step back takes back.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    undone: Vec<usize>,
    /// Su-domino-ku: the dominoes the step lays, as their two cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    laid: Vec<[usize; 2]>,
    /// Su-domino-ku: how many of the latest laid dominoes the step takes off.
    #[serde(skip_serializing_if = "is_zero")]
    lifted: usize,
    /// Su-domino-ku: the digits of the domino that has no place left.
    #[serde(skip_serializing_if = "Option::is_none")]
    stuck_domino: Option<[u8; 2]>,
}

/// Whether `count` is zero (for serde's `skip_serializing_if`).
fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// The steps of `trace` as the page draws them: each event replayed, and each step
/// compared with the replay as the step before it left it.
fn steps(trace: &PuzzleTrace) -> Vec<Step> {
    let mut replay = Replay::default();
    let mut shown = replay.clone();
    // The cells each guess placed, by its number, for the step that takes it back.
    let mut guesses: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut steps = Vec::new();
    for event in &trace.events {
        replay.apply(event);
        if let Event::Guess { number, placements } = event {
            guesses.insert(*number, placements.iter().map(|&(cell, _)| cell).collect());
        }
        let Some((kind, text)) = step_words(event, trace.cell_name) else {
            continue; // Not a step: its changes go with the next step.
        };
        let mut step = concerned(event, &guesses);
        step.kind = kind;
        step.text = text;
        step.decided = replay.decided();
        step.depth = replay.depth();
        step.changes = (0..N_CELLS)
            .filter(|&cell| {
                (replay.grid[cell], replay.origins[cell]) != (shown.grid[cell], shown.origins[cell])
            })
            .map(|cell| (cell, replay.grid[cell], replay.origins[cell] as usize))
            .collect();
        // The laid dominoes both share are kept; the shown ones after them are lifted.
        let kept = shown
            .laid_dominoes
            .iter()
            .zip(&replay.laid_dominoes)
            .take_while(|(before, after)| before == after)
            .count();
        step.lifted = shown.laid_dominoes.len() - kept;
        step.laid = replay.laid_dominoes[kept..].to_vec();
        steps.push(step);
        shown = replay.clone();
    }
    steps
}

/// The cells `event` concerns, by role, in a step without words or counts yet.
fn concerned(event: &Event, guesses: &HashMap<u64, Vec<usize>>) -> Step {
    let cells_of_unit = |unit: usize| CELLS_OF_UNIT[unit].map(usize::from).to_vec();
    let mut step = Step::default();
    match event {
        Event::Givens(placements) | Event::Guess { placements, .. } => {
            step.focus = placements.iter().map(|&(cell, _)| cell).collect();
        }
        Event::Deduced { cell, reason, .. } => {
            step.focus = vec![*cell];
            if let Reason::HiddenSingle { unit } = reason {
                step.unit = cells_of_unit(*unit);
            }
        }
        Event::Back { number } => {
            step.undone = guesses.get(number).cloned().unwrap_or_default();
        }
        Event::Contradiction(conflict) => match *conflict {
            Conflict::EmptyCell { cell } | Conflict::UncoverableCell { cell } => {
                step.conflict = vec![cell];
            }
            Conflict::NoPlaceInUnit { unit, .. } => step.conflict = cells_of_unit(unit),
            // The band's three rows: 27 cells from its first.
            Conflict::NoArrangementInBand { band, .. } => {
                step.conflict = (27 * band..27 * band + 27).collect();
            }
            Conflict::CrowdedMiniLine { cells } => step.conflict = cells.to_vec(),
            Conflict::UnplaceableDomino { digits } => step.stuck_domino = Some(digits),
        },
        Event::Remark(_) | Event::Answer(_) | Event::Unwind | Event::Keep => {}
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `B3`: row B, column 3, as Su-domino-ku names cells.
    fn letter_digit(cell: usize) -> String {
        format!("{}{}", char::from(b'A' + (cell / 9) as u8), cell % 9 + 1)
    }

    #[test]
    fn a_step_back_empties_what_its_guess_placed_and_lifts_its_domino() {
        let trace = PuzzleTrace {
            title: "test".into(),
            cell_name: letter_digit,
            events: vec![
                Event::Givens(vec![(0, 5)]),
                Event::Guess {
                    number: 1,
                    placements: vec![(1, 1), (2, 2)],
                },
                Event::Contradiction(Conflict::UnplaceableDomino { digits: [3, 4] }),
                Event::Back { number: 1 },
            ],
            steps: 4,
            limit: 4,
            summary: String::new(),
            answer: None,
            no_completion: false,
            given_dominoes: Vec::new(),
        };
        let [givens, guess, contradiction, back] = &steps(&trace)[..] else {
            panic!("four steps")
        };
        let given = Origin::Given as usize;
        assert_eq!(givens.changes, [(0, 5, given)]);
        let guessed = Origin::Guessed as usize;
        assert_eq!(guess.changes, [(1, 1, guessed), (2, 2, guessed)]);
        assert_eq!((guess.laid.as_slice(), guess.depth), (&[[1, 2]][..], 1));
        assert_eq!(contradiction.stuck_domino, Some([3, 4]));
        assert!(contradiction.changes.is_empty());
        let open = Origin::Open as usize;
        assert_eq!(back.changes, [(1, 0, open), (2, 0, open)]);
        assert_eq!((back.lifted, back.depth, back.decided), (1, 0, 1));
        assert_eq!(back.undone, [1, 2]);
        assert_eq!((back.kind, back.text.as_str()), ("back", "take back #1"));
    }

    #[test]
    fn a_note_cannot_end_the_script_early() {
        let trace = PuzzleTrace {
            title: "test".into(),
            cell_name: letter_digit,
            events: vec![Event::Remark("</script><b>".into())],
            steps: 1,
            limit: 1,
            summary: String::new(),
            answer: None,
            no_completion: false,
            given_dominoes: Vec::new(),
        };
        let page = page("test", &[trace]);
        assert!(page.contains(r"\u003c/script>\u003cb>"));
    }
}
