//! Watching a solution reason: record its search, then show the record as text or a page.
//!
//! Every observed solver of the table of problems reports to a [`Recorder`]
//! (`crate::problems::recording` runs the problem's own solver, or a rung of the ladder,
//! on an input): the very search code the judge runs, reporting each placement and why
//! (given, naked single, hidden single in which unit, guess), each contradiction and each
//! guess taken back. The recorder keeps the first steps as [`Event`]s, counts them all
//! (the guesses as [`GuessCounter`] counts them, which `bench` reads), and ends as a
//! [`PuzzleTrace`], the record of one puzzle.
//!
//! Each step is worded once, by [`step_words`], and the grid it leaves is followed once,
//! by [`Replay`] (which is where the decided-cell count of every line comes from). Two
//! renderers use them: [`write_text`] prints a line per step (what `cargo xtask trace`
//! shows) and [`page`] writes the same words and counts into a page that draws them on a
//! grid (`--html`). So step N of the page is line N of the text.

pub mod page;

use std::io::{self, Write};

use common::observe::{Branch, Conflict, GuessCounter, Reason, SearchObserver};
use common::{unit_name, N_CELLS};

use crate::reference::Grid;

/// One thing a search reported. Every event but [`Event::Unwind`] and [`Event::Keep`] is
/// a step: a line of the text trace and a moment of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The givens of one row, as (cell, digit) pairs: one step per row, not per digit.
    Givens(Vec<(usize, u8)>),
    /// Propagation (or a witness, a completion found earlier) placed a digit in a cell.
    Deduced {
        /// The cell.
        cell: usize,
        /// The digit placed.
        digit: u8,
        /// Why; never `Reason::Given`.
        reason: Reason,
    },
    /// A guess placed digits in cells.
    Guess {
        /// The guess's number, counted from 1.
        number: u64,
        /// What it placed, as (cell, digit) pairs (two for a domino).
        placements: Vec<(usize, u8)>,
    },
    /// Propagation found that the board has no completion.
    Contradiction(Conflict),
    /// A guess led nowhere; the grid goes back to what it was before it.
    Back {
        /// The guess's number.
        number: u64,
    },
    /// A remark of the solver, in words.
    Remark(String),
    /// The search returned this completion: the solution's answer.
    Answer(Grid),
    /// Not a step: the search returns past the latest open guess with what it found, and
    /// the grid goes back to what it was before that guess.
    Unwind,
    /// Not a step: the latest open guess is kept for good.
    Keep,
}

impl Event {
    /// Whether the event is a step (a line of the text trace).
    pub fn is_step(&self) -> bool {
        !matches!(self, Event::Unwind | Event::Keep)
    }
}

/// An observer that records a search's events, the first `limit` steps of them, and
/// counts all of them for the summary (a limit of 0 only counts).
#[derive(Default)]
pub struct Recorder {
    /// The most steps to record.
    limit: u64,
    /// The events recorded so far.
    events: Vec<Event>,
    /// Steps so far, recorded or not.
    steps: u64,
    /// The numbers of the open guesses, innermost last.
    open_guesses: Vec<u64>,
    /// Givens not recorded yet: they make one step per row.
    pending_givens: Vec<(usize, u8)>,
    givens: u64,
    naked_singles: u64,
    /// Hidden singles in rows, columns and boxes.
    hidden_singles: [u64; 3],
    /// The guesses, the guesses taken back, and the free guesses (tdoku's count).
    guesses: GuessCounter,
    contradictions: u64,
}

impl Recorder {
    /// A recorder that keeps at most `limit` steps.
    pub fn new(limit: u64) -> Recorder {
        Recorder {
            limit,
            ..Recorder::default()
        }
    }

    /// The guesses of the search so far, counted as [`GuessCounter`] counts them.
    pub fn guesses(&self) -> GuessCounter {
        self.guesses
    }

    /// Records `event` if the limit allows; a step is counted either way.
    fn record(&mut self, event: Event) {
        if !matches!(event, Event::Givens(_)) {
            self.flush_givens();
        }
        // Kept while the steps before it are fewer than the limit.
        let step = u64::from(event.is_step());
        self.steps += step;
        if self.steps - step < self.limit {
            self.events.push(event);
        }
    }

    /// Records the givens collected so far, if any, as one step.
    fn flush_givens(&mut self) {
        if !self.pending_givens.is_empty() {
            let givens = std::mem::take(&mut self.pending_givens);
            self.record(Event::Givens(givens));
        }
    }

    /// Ends the record with how the search ended (its answer: the grid, and the text the
    /// solution prints, if it found one), and returns the trace of the puzzle, whose steps
    /// name cells with `cell_name` and whose given dominoes (none for Sudoku) are
    /// `given_dominoes`.
    pub fn finish(
        mut self,
        title: String,
        end: SearchEnd,
        cell_name: fn(usize) -> String,
        given_dominoes: Vec<[usize; 2]>,
    ) -> PuzzleTrace {
        self.flush_givens();
        let no_completion = end == SearchEnd::NoCompletion;
        let (ending, answer_text) = match end {
            SearchEnd::Solved { grid, text } => {
                self.record(Event::Answer(grid));
                ("solved".to_string(), Some(text))
            }
            SearchEnd::NoCompletion => ("no completion".to_string(), None),
            SearchEnd::StoppedAtCap { guesses } => {
                let guesses = thousands(guesses);
                (format!("stopped at its cap of {guesses} guesses"), None)
            }
        };
        let [rows, columns, boxes] = self.hidden_singles;
        let summary = format!(
            "summary: {} steps; {} givens, {} naked singles, {} hidden singles \
             ({rows} in rows, {columns} in columns, {boxes} in boxes), {} guesses, \
             {} taken back, {} contradictions; {ending}",
            self.steps,
            self.givens,
            self.naked_singles,
            rows + columns + boxes,
            self.guesses.guesses,
            self.guesses.dead_ends,
            self.contradictions,
        );
        PuzzleTrace {
            title,
            cell_name,
            events: self.events,
            steps: self.steps,
            limit: self.limit,
            summary,
            answer: answer_text,
            no_completion,
            given_dominoes,
        }
    }

    /// Records a guess that placed `placements` (counted already).
    fn record_guess(&mut self, placements: &[(usize, u8)]) {
        let number = self.guesses.guesses;
        self.record(Event::Guess {
            number,
            placements: placements.to_vec(),
        });
        self.open_guesses.push(number);
    }
}

impl SearchObserver for Recorder {
    fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
        match reason {
            Reason::Given => {
                self.givens += 1;
                let row_changed = self
                    .pending_givens
                    .last()
                    .is_some_and(|&(last, _)| last / 9 != cell / 9);
                if row_changed {
                    self.flush_givens();
                }
                self.pending_givens.push((cell, digit));
                return;
            }
            Reason::NakedSingle => self.naked_singles += 1,
            Reason::HiddenSingle { unit } => self.hidden_singles[unit / 9] += 1,
            Reason::Witness => {}
        }
        self.record(Event::Deduced {
            cell,
            digit,
            reason,
        });
    }

    fn guess(&mut self, placements: &[(usize, u8)]) {
        self.guesses.guess(placements);
        self.record_guess(placements);
    }

    fn guess_at(&mut self, placements: &[(usize, u8)], branch: Branch) {
        self.guesses.guess_at(placements, branch);
        self.record_guess(placements);
    }

    fn contradiction(&mut self, conflict: Conflict) {
        self.contradictions += 1;
        self.record(Event::Contradiction(conflict));
    }

    fn dead_end(&mut self) {
        self.guesses.dead_end();
        if let Some(number) = self.open_guesses.pop() {
            self.record(Event::Back { number });
        }
    }

    fn unwind(&mut self) {
        if self.open_guesses.pop().is_some() {
            self.record(Event::Unwind);
        }
    }

    fn keep(&mut self) {
        if self.open_guesses.pop().is_some() {
            self.record(Event::Keep);
        }
    }

    fn remark(&mut self, describe: &dyn Fn() -> String) {
        self.record(Event::Remark(describe()));
    }
}

/// How a traced search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// It found this grid, which the solution prints as `text`.
    Solved {
        /// The grid.
        grid: Grid,
        /// The grid as the solution prints it.
        text: String,
    },
    /// It found that there is no completion.
    NoCompletion,
    /// It stopped at its cap, after `guesses` guesses (rung 0 of the ladder).
    StoppedAtCap {
        /// The guesses made.
        guesses: u64,
    },
}

/// `number` with its thousands separated by commas, as the README writes figures.
fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// The record of one puzzle's search.
#[derive(Clone, Debug)]
pub struct PuzzleTrace {
    /// What was traced: `p1000, puzzle 2: the solved grid`.
    pub title: String,
    /// How cells are named: `r3c5` for Sudoku, `C5` for Su-domino-ku.
    pub cell_name: fn(usize) -> String,
    /// The first `limit` steps, with the non-step events among them.
    pub events: Vec<Event>,
    /// How many steps the search made, recorded or not.
    pub steps: u64,
    /// The most steps recorded.
    pub limit: u64,
    /// The closing summary line, counting every step.
    pub summary: String,
    /// The text the solution prints for this puzzle, if it found a completion.
    pub answer: Option<String>,
    /// Whether the search found that the puzzle has no completion (a search stopped at
    /// its cap found neither a completion nor that there is none).
    pub no_completion: bool,
    /// Su-domino-ku: the cells of each given domino.
    pub given_dominoes: Vec<[usize; 2]>,
}

/// How a cell got its digit: what the page shows by its weight and slant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    /// No digit yet.
    #[default]
    Open,
    /// A given of the puzzle.
    Given,
    /// Placed by a rule (or a witness).
    Deduced,
    /// Placed by a guess.
    Guessed,
    /// Shown only by the answer: a cell the steps recorded left open.
    Answer,
}

impl Origin {
    /// Every origin, in the order of their numbers (`origin as usize`).
    pub const ALL: [Origin; 5] = [
        Origin::Open,
        Origin::Given,
        Origin::Deduced,
        Origin::Guessed,
        Origin::Answer,
    ];

    /// The origin in one word: `given`.
    pub fn name(self) -> &'static str {
        match self {
            Origin::Open => "open",
            Origin::Given => "given",
            Origin::Deduced => "deduced",
            Origin::Guessed => "guessed",
            Origin::Answer => "answer",
        }
    }
}

/// The grid as the events leave it, step by step: what the page shows and what the
/// text trace counts.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The digit of every cell, 0 for an open one.
    pub grid: Grid,
    /// How every cell got its digit.
    pub origins: [Origin; N_CELLS],
    /// Su-domino-ku: the dominoes that the open guesses laid, the latest last.
    pub laid_dominoes: Vec<[usize; 2]>,
    /// What the replay was before each open guess, innermost last.
    saved: Vec<Saved>,
}

/// What a guess may change, kept to go back to.
#[derive(Clone, Debug)]
struct Saved {
    grid: Grid,
    origins: [Origin; N_CELLS],
    n_laid_dominoes: usize,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay {
            grid: [0; N_CELLS],
            origins: [Origin::Open; N_CELLS],
            laid_dominoes: Vec::new(),
            saved: Vec::new(),
        }
    }
}

impl Replay {
    /// Follows one event.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Givens(placements) => self.place(placements, Origin::Given),
            Event::Deduced { cell, digit, .. } => self.place(&[(*cell, *digit)], Origin::Deduced),
            Event::Guess { placements, .. } => {
                self.saved.push(Saved {
                    grid: self.grid,
                    origins: self.origins,
                    n_laid_dominoes: self.laid_dominoes.len(),
                });
                self.place(placements, Origin::Guessed);
                self.laid_dominoes.extend(domino_laid(placements));
            }
            Event::Back { .. } | Event::Unwind => {
                if let Some(saved) = self.saved.pop() {
                    self.grid = saved.grid;
                    self.origins = saved.origins;
                    self.laid_dominoes.truncate(saved.n_laid_dominoes);
                }
            }
            Event::Keep => {
                self.saved.pop();
            }
            Event::Answer(answer) => {
                let placements: Vec<(usize, u8)> = answer.iter().copied().enumerate().collect();
                self.place(&placements, Origin::Answer);
            }
            Event::Contradiction(_) | Event::Remark(_) => {}
        }
    }

    /// Puts each placement's digit in its cell, with `origin`; a cell that already holds
    /// that digit keeps the origin it had.
    fn place(&mut self, placements: &[(usize, u8)], origin: Origin) {
        for &(cell, digit) in placements {
            if self.grid[cell] != digit {
                self.grid[cell] = digit;
                self.origins[cell] = origin;
            }
        }
    }

    /// How many guesses are open: the depth of the search.
    pub fn depth(&self) -> usize {
        self.saved.len()
    }

    /// How many cells hold a digit.
    pub fn decided(&self) -> usize {
        self.grid.iter().filter(|&&digit| digit != 0).count()
    }
}

/// The domino a guess lays, if it lays one: a Su-domino-ku search step places two cells at
/// once, a Sudoku guess one (or none, when it confines a digit to some mini-lines).
pub fn domino_laid(placements: &[(usize, u8)]) -> Option<[usize; 2]> {
    match placements {
        [(first, _), (second, _)] => Some([*first, *second]),
        _ => None,
    }
}

/// The kind and the text of a step's line (`None` for an event that is no step): the words
/// of the text trace, and the words the page shows ([`page`] writes them in).
pub fn step_words(event: &Event, cell_name: fn(usize) -> String) -> Option<(&'static str, String)> {
    let placed = |cell: usize, digit: u8| format!("{} = {digit}", cell_name(cell));
    Some(match event {
        Event::Givens(placements) => {
            let names = placements
                .iter()
                .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell)));
            ("given", names.collect::<Vec<_>>().join(" "))
        }
        Event::Deduced {
            cell,
            digit,
            reason,
        } => {
            let (kind, why) = match reason {
                Reason::HiddenSingle { unit } => (
                    "hidden single",
                    format!("the only place for {digit} in {}", unit_name(*unit)),
                ),
                Reason::Witness => ("witness", "a completion found earlier has it".into()),
                _ => ("naked single", "its only candidate left".into()),
            };
            (kind, format!("{}   {why}", placed(*cell, *digit)))
        }
        Event::Guess { number, placements } => {
            let what: Vec<String> = placements
                .iter()
                .map(|&(cell, digit)| placed(cell, digit))
                .collect();
            let kind = match domino_laid(placements) {
                Some(_) => "lay domino",
                None => "guess",
            };
            // A guess that places nothing keeps one permutation of a digit in a chute, as
            // the remark before it says.
            let text = if placements.is_empty() {
                format!("#{number} the permutation in the remark above")
            } else {
                format!("#{number} {}", what.join(", "))
            };
            (kind, text)
        }
        Event::Contradiction(conflict) => ("contradiction", conflict_text(*conflict, cell_name)),
        Event::Back { number } => ("back", format!("take back #{number}")),
        Event::Remark(text) => ("remark", text.clone()),
        Event::Answer(_) => ("answer", "the completion the solver returns".to_string()),
        Event::Unwind | Event::Keep => return None,
    })
}

/// Why the board has no completion, in words.
fn conflict_text(conflict: Conflict, cell_name: fn(usize) -> String) -> String {
    match conflict {
        Conflict::EmptyCell { cell } => format!("{} has no candidate left", cell_name(cell)),
        Conflict::NoPlaceInUnit { digit, unit } => {
            format!("{digit} has no place left in {}", unit_name(unit))
        }
        Conflict::NoArrangementInBand { digit, band } => {
            let (first, last) = (3 * band + 1, 3 * band + 3);
            format!("{digit} cannot go once in each row and box of rows {first}-{last}")
        }
        Conflict::CrowdedMiniLine { cells } => {
            let names: Vec<String> = cells.iter().map(|&cell| cell_name(cell)).collect();
            format!("four digits or more can go only in {}", names.join(" "))
        }
        Conflict::UncoverableCell { cell } => {
            format!("no unused domino can cover {}", cell_name(cell))
        }
        Conflict::UnplaceableDomino { digits } => {
            format!("domino {}+{} has no place left", digits[0], digits[1])
        }
    }
}

/// Writes `trace` as text: one line per recorded step (its number, the cells decided
/// after it, its kind and text, indented by the depth of the search), then the summary
/// and the answer.
pub fn write_text(out: &mut impl Write, trace: &PuzzleTrace) -> io::Result<()> {
    let mut replay = Replay::default();
    let mut step = 0;
    for event in &trace.events {
        let depth_before = replay.depth();
        replay.apply(event);
        if let Some((kind, text)) = step_words(event, trace.cell_name) {
            step += 1;
            // A guess is shown at the depth it was made from, a step back at the depth
            // it returns to.
            let indent = "  ".repeat(depth_before.min(replay.depth()));
            let decided = replay.decided();
            writeln!(out, "{step:>5} {decided:>2}/81  {indent}{kind:<14} {text}")?;
        }
    }
    if let Some(note) = cut_note(trace) {
        writeln!(out, "      ... {note}")?;
    }
    writeln!(out, "{}", trace.summary)?;
    write!(out, "{}", trace.answer.as_deref().unwrap_or_default())
}

/// What the text trace and the page say when the limit cut the record short: `None` when
/// every step was recorded.
pub fn cut_note(trace: &PuzzleTrace) -> Option<String> {
    let recorded = trace.events.iter().filter(|event| event.is_step()).count() as u64;
    (trace.steps > recorded).then(|| {
        format!(
            "cut short: the first {recorded} of the {} steps are recorded (--limit {}); \
             raise --limit to see them all",
            trace.steps, trace.limit
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `r1c3`: row 1, column 3, as the Sudoku problems name cells.
    fn row_column(cell: usize) -> String {
        format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
    }

    #[test]
    fn guesses_and_dead_ends_keep_the_depth() {
        let mut recorder = Recorder::new(u64::MAX);
        recorder.deduced(0, 5, Reason::Given);
        recorder.deduced(1, 6, Reason::Given);
        recorder.deduced(9, 7, Reason::Given);
        recorder.guess(&[(2, 1)]);
        recorder.guess(&[(3, 2), (4, 3)]);
        recorder.contradiction(Conflict::EmptyCell { cell: 5 });
        recorder.dead_end();
        recorder.keep();
        let trace = recorder.finish(
            "test".into(),
            SearchEnd::NoCompletion,
            row_column,
            Vec::new(),
        );
        let mut text = Vec::new();
        write_text(&mut text, &trace).unwrap();
        let text = String::from_utf8(text).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0], "    1  2/81  given          r1c1=5 r1c2=6",
            "one line per row"
        );
        assert_eq!(lines[1], "    2  3/81  given          r2c1=7");
        assert_eq!(lines[2], "    3  4/81  guess          #1 r1c3 = 1");
        assert_eq!(
            lines[3],
            "    4  6/81    lay domino     #2 r1c4 = 2, r1c5 = 3"
        );
        assert_eq!(
            lines[4],
            "    5  6/81      contradiction  r1c6 has no candidate left"
        );
        assert_eq!(lines[5], "    6  4/81    back           take back #2");
        assert!(
            lines[6].starts_with("summary: 6 steps; 3 givens"),
            "{}",
            lines[6]
        );
        assert_eq!(trace.events.last(), Some(&Event::Keep));
    }
}
