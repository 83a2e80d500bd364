//! `cargo xtask trace --html`: a trace as one page that replays it on the grid.
//!
//! The page is one self-contained file: the markup, style and script of
//! `page.html` (no library, no font, nothing fetched) with the recorded events of
//! [`crate::trace`] written into it as JSON. The script replays those events to the grid
//! of every step and words each step as the text trace does, so step N of the page is
//! line N of `cargo xtask trace`.
//!
//! Each event is a short array whose first number says what it is, so that a trace of
//! 30,000 steps stays a few hundred kilobytes:
//!
//! | event | array |
//! |---|---|
//! | givens of one row | `[0, cell, digit, cell, digit, ...]` |
//! | naked single, hidden single, witness | `[1, cell, digit]`, `[2, cell, digit, unit]`, `[3, cell, digit]` |
//! | guess number `k` | `[4, k, cell, digit]`, or `[4, k, cell, digit, cell, digit]` for a tile, `[4, k]` for a guess that confines a digit to some mini-lines (the note before it says which) |
//! | contradiction | `[5, 0, cell]` no candidate, `[5, 1, digit, unit]` no place in a unit, `[5, 2, digit, band]` band rule, `[5, 3, cell]` no tile covers a cell, `[5, 4, digit, digit]` no place for a tile, `[5, 5, cell, cell, cell]` four digits confined to a mini-line |
//! | guess `k` taken back | `[6, k]` |
//! | note | `[7, text]` |
//! | unwind, keep (no step) | `[8]`, `[9]` |
//! | the answer | `[10, "81 digits"]` |
//!
//! Cells are numbered 0..81 row by row, units 0..27 (rows, columns, boxes), as in `common`.

use common::observe::{Conflict, Reason};
use serde_json::{json, Value};

use crate::problems::KnownProblem;
use crate::trace::{Event, PuzzleTrace};

/// The page's markup, style and script, with `{{TITLE}}` and `{{TRACE}}` to fill in.
const TEMPLATE: &str = include_str!("page.html");

/// The page for the traces of `problem` (one per puzzle).
pub fn page(problem: KnownProblem, traces: &[PuzzleTrace]) -> String {
    let puzzles: Vec<Value> = traces
        .iter()
        .map(|trace| {
            json!({
                "title": trace.title,
                "steps": trace.steps,
                "limit": trace.limit,
                "summary": trace.summary,
                "tiles": trace.given_tiles,
                "events": trace.events.iter().map(encode).collect::<Vec<_>>(),
            })
        })
        .collect();
    let data = json!({
        "problem": problem.crate_name(),
        "naming": if problem.is_sudoku() { "row-column" } else { "location" },
        "puzzles": puzzles,
    });
    // Inside a <script> element the text must not hold "</script>": in JSON a `<` can
    // only stand in a string, where `\u003c` means the same.
    let data = data.to_string().replace('<', "\\u003c");
    TEMPLATE
        .replace("{{TITLE}}", &format!("Trace of {problem}"))
        .replacen("{{TRACE}}", &data, 1)
}

/// One event as the short array the page reads (see the table above).
fn encode(event: &Event) -> Value {
    // The first numbers, then each placement's cell and digit.
    let flat = |head: &[u64], pairs: &[(usize, u8)]| -> Value {
        let pairs = pairs
            .iter()
            .flat_map(|&(cell, digit)| [cell as u64, u64::from(digit)]);
        head.iter().copied().chain(pairs).collect()
    };
    match event {
        Event::Givens(placements) => flat(&[0], placements),
        Event::Deduced {
            cell,
            digit,
            reason,
        } => match reason {
            Reason::HiddenSingle { unit } => json!([2, cell, digit, unit]),
            Reason::Witness => json!([3, cell, digit]),
            _ => json!([1, cell, digit]),
        },
        Event::Guess { number, placements } => flat(&[4, *number], placements),
        Event::Contradiction(conflict) => match *conflict {
            Conflict::EmptyCell { cell } => json!([5, 0, cell]),
            Conflict::NoPlaceInUnit { digit, unit } => json!([5, 1, digit, unit]),
            Conflict::NoArrangementInBand { digit, band } => json!([5, 2, digit, band]),
            Conflict::UncoverableCell { cell } => json!([5, 3, cell]),
            Conflict::CrowdedMiniLine { cells } => json!([5, 5, cells[0], cells[1], cells[2]]),
            Conflict::UnplaceableTile { digits } => json!([5, 4, digits[0], digits[1]]),
        },
        Event::Back { number } => json!([6, number]),
        Event::Note(text) => json!([7, text]),
        Event::Unwind => json!([8]),
        Event::Keep => json!([9]),
        Event::Answer(grid) => {
            let digits: String = grid.iter().map(|digit| char::from(b'0' + digit)).collect();
            json!([10, digits])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_the_events_and_nothing_from_outside() {
        let mut traces = Vec::new();
        let input = std::fs::read_to_string(
            crate::problems::data::data_dir().join("../problems/p4574/samples/sample-2.in"),
        )
        .unwrap();
        crate::trace::record(
            KnownProblem::P4574,
            crate::trace::Searcher::Solution,
            &input,
            1000,
            |trace| {
                traces.push(trace);
                Ok(())
            },
        )
        .unwrap();
        let page = page(KnownProblem::P4574, &traces);
        let start = page.find(r#"id="trace">"#).unwrap() + r#"id="trace">"#.len();
        let end = start + page[start..].find("</script>").unwrap();
        let data: Value = serde_json::from_str(&page[start..end]).unwrap();
        let puzzles = data["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), traces.len());
        for (puzzle, trace) in puzzles.iter().zip(&traces) {
            assert_eq!(
                puzzle["events"].as_array().unwrap().len(),
                trace.events.len()
            );
            assert_eq!(
                puzzle["tiles"].as_array().unwrap().len(),
                trace.given_tiles.len()
            );
        }
        // Self-contained: nothing is fetched.
        for outside in ["src=", "href=", "@import", "url(", "http"] {
            assert!(!page.contains(outside), "the page holds `{outside}`");
        }
    }

    #[test]
    fn a_note_cannot_end_the_script_early() {
        let trace = PuzzleTrace {
            title: "test".into(),
            cell_name: KnownProblem::P2580.cell_name,
            events: vec![Event::Note("</script><b>".into())],
            steps: 1,
            limit: 1,
            summary: String::new(),
            answer: None,
            given_tiles: Vec::new(),
        };
        let page = page(KnownProblem::P2580, &[trace]);
        assert!(page.contains(r"\u003c/script>\u003cb>"));
    }
}
