//! The pictures' words, in each language they are drawn in: every title, caption, heading
//! and legend a picture carries is one method of [`Words`], so that the drawing code is
//! the same for every language and each language's words stand in one file
//! ([`english`], [`korean`]). A picture asks for a sentence with the values the code found
//! (a cell, a count, a unit) and lays out whatever comes back.
//!
//! The Korean words use the terms of README.ko.md's table, one meaning each; cells are
//! named `r3c5` in both languages, as `trace` names them.

pub mod english;
pub mod korean;

use std::path::PathBuf;

use common::ladder::{BranchPoint, Idea, Rung};

/// A language the pictures are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// `docs/climb/`, for `docs/climb.md`.
    English,
    /// `docs/climb/ko/`, for `docs/climb.ko.md`.
    Korean,
}

impl Language {
    /// Every language, in the order they are drawn.
    pub const ALL: [Language; 2] = [Language::English, Language::Korean];

    /// The folder of its pictures, under `docs/climb/`: none for English, `ko` for Korean.
    pub fn folder(self) -> PathBuf {
        match self {
            Language::English => PathBuf::new(),
            Language::Korean => PathBuf::from("ko"),
        }
    }

    /// Its text's fonts, as a CSS list: the first one the system has draws the text. For
    /// Korean, the fonts that carry Hangul on Linux (Noto), macOS and Windows, then the
    /// generic family.
    pub fn fonts(self) -> &'static str {
        match self {
            Language::English => "sans-serif",
            Language::Korean => {
                "'Noto Sans CJK KR', 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', \
                 sans-serif"
            }
        }
    }

    /// Its words.
    pub fn words(self) -> &'static dyn Words {
        match self {
            Language::English => &english::English,
            Language::Korean => &korean::Korean,
        }
    }
}

/// What a picture counts, for [`Words::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun {
    /// A cell of the grid.
    Cell,
    /// A candidate: a digit a cell may still take.
    Candidate,
    /// A digit.
    Digit,
    /// A band's `u32` word.
    Word,
    /// A place: a cell where a digit may stand.
    Place,
    /// A way of a branch point.
    Way,
    /// A peer of a cell.
    Peer,
}

/// A legend's or a heading's words that take nothing from the code, for
/// [`Words::phrase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phrase {
    /// A given digit.
    Given,
    /// A mark cleared because a digit was decided in its cell or a peer.
    Cleared,
    /// The outline of a naked single: its cell.
    NakedSingle,
    /// The outline of a hidden single: its unit.
    HiddenSingle,
    /// The outline of pointing: the box.
    Pointing,
    /// The outline of claiming: the line.
    Claiming,
    /// The outline of a mini-line that three confined digits fill.
    ConfinedMiniLine,
    /// The outline of a mini-line where only three digits can go.
    OnlyThreeMiniLine,
    /// The dashed line where three confined digits have no other place.
    ConfinedLine,
    /// The dashed line and box that lose an only-three mini-line's digits.
    OnlyThreeSurroundings,
    /// A ringed mark: a digit that makes the rule act.
    ActingDigit,
    /// A dot in a digit's small grid: one of its places.
    PlaceOfDigit,
    /// A cross in a digit's small grid: a place it loses.
    LostPlace,
    /// A way's filled mini-lines: its permutation's three.
    WayMiniLines,
    /// Rung 2: a set bit of a mask.
    MaskBit,
    /// Rung 2: the cell the search branches on.
    BranchCell,
    /// Rung 5: a place the placement clears.
    ClearedByPlacing,
    /// A set bit.
    BitSet,
    /// Rung 6: the cells with exactly two candidates.
    ExactlyTwo,
    /// Rung 8: a place or mini-row the band rule keeps.
    KeptPlaceOrMiniRow,
    /// Rung 8: cut by the band rule.
    CutByBandRule,
    /// Rung 8: a permutation inside the pattern.
    PermutationInside,
    /// Rung 11: a cell the table keeps.
    KeptByTable,
    /// Rung 11: a place cut.
    Cut,
    /// Rung 13: the heading of the mini-rows.
    MiniRows,
    /// Rung 13: the heading of the mini-columns.
    MiniColumns,
    /// Rung 13: a count of confined digits.
    ConfinedCount,
    /// Rung 13: a full mini-line.
    FullMiniLine,
    /// Rungs 9 and 19: the first guess.
    FirstGuess,
    /// Rungs 9 and 19: a place the guess clears.
    ClearedByGuess,
    /// Rung 9: a word that changed.
    ChangedWord,
    /// Rung 19: a digit counted again.
    CountedAgain,
}

/// Why a rule acted, in the words a caption or a legend needs (see
/// [`super::causes::Finding`]): the picture hands its findings over, the language says them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A naked single: `digit` was `cell`'s only candidate.
    NakedSingle {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// A hidden single: `cell` was `digit`'s only place in `unit`.
    HiddenSingle {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
        /// The unit (`0..27`: rows, columns, boxes).
        unit: usize,
    },
    /// Pointing: `digit`'s places in box `box_unit` all lie on `line`, whose other cells
    /// lose it.
    Pointing {
        /// The digit.
        digit: u8,
        /// The box, as a unit (`18..27`).
        box_unit: usize,
        /// The row or column, as a unit (`0..18`).
        line: usize,
    },
    /// Claiming: `digit`'s places in `line` all lie in box `box_unit`, whose other cells
    /// lose it.
    Claiming {
        /// The digit.
        digit: u8,
        /// The row or column, as a unit (`0..18`).
        line: usize,
        /// The box, as a unit (`18..27`).
        box_unit: usize,
    },
    /// The three `digits` are confined to the mini-line `cells` of `line`: they fill it.
    Confined {
        /// The mini-line's cells, in order.
        cells: [usize; 3],
        /// Its row or column, as a unit.
        line: usize,
        /// The three digits, as a candidate mask.
        digits: u16,
    },
    /// Only the three `digits` can go in the mini-line `cells`: they leave the rest of its
    /// line and box.
    OnlyThree {
        /// The mini-line's cells, in order.
        cells: [usize; 3],
        /// Its row or column, as a unit.
        line: usize,
        /// The three digits, as a candidate mask.
        digits: u16,
    },
}

/// The words of one language. Each method is one line or sentence of a picture, named by
/// where it goes; the numbers and cells in it are the code's.
pub trait Words: Sync {
    /// The words of `phrase`.
    fn phrase(&self, phrase: Phrase) -> &'static str;

    // Names.

    /// `Rung 12: mini-lines (inference)`.
    fn title(&self, rung: &Rung) -> String;
    /// The tag of an idea: `inference`.
    fn idea(&self, idea: Idea) -> &'static str;
    /// `puzzle 1 of data/magictour_top1465.txt`.
    fn puzzle(&self, rung: &Rung) -> String;
    /// `row 3`, `column 5`, `box 7`.
    fn unit(&self, unit: usize) -> String;
    /// `band 2`, `stack 1` (chutes `0..3` are bands, `3..6` stacks).
    fn chute(&self, chute: usize) -> String;
    /// `3 cells`, `1 candidate`.
    fn count(&self, count: usize, noun: Noun) -> String;
    /// A branch point: `r7c1 (2 ways: 6 8)`, `digit 4 in band 3 (2 ways)`.
    fn branch_point(&self, point: &BranchPoint) -> String;
    /// A branch point's short name: `r7c1`, `digit 4 in band 3`.
    fn branch_point_name(&self, point: &BranchPoint) -> String;
    /// A mini-line by its cells: `r7c4-6`, `r1-3c5`.
    fn mini_line(&self, cells: [usize; 3]) -> String {
        let (first, last) = (cells[0], cells[2]);
        if last - first == 2 {
            format!("r{}c{}-{}", first / 9 + 1, first % 9 + 1, last % 9 + 1)
        } else {
            format!("r{}-{}c{}", first / 9 + 1, last / 9 + 1, first % 9 + 1)
        }
    }

    // Legends shared by the grids.

    /// A digit rung `below` decides.
    fn decided_by(&self, rung: usize) -> String;
    /// A mark a rung's new rule removes.
    fn removed_by(&self, rung: usize) -> String;

    // Inference pictures (rungs 3, 4, 12, 18).

    /// The subtitle: the rung's rules on the rung below's marks, at the root.
    fn inference_subtitle(&self, rung: &Rung, below: usize) -> String;
    /// What the rung does at the root, in all.
    fn inference_sum(&self, rung: usize, below: usize, removed: usize, decided: usize) -> String;
    /// One finding, as a sentence: `The 5s of box 1 all lie in row 1: the rest of row 1
    /// loses its 5s.`
    fn finding(&self, found: Found) -> String;
    /// The findings not told one by one: `And 3 more of the same kinds.`
    fn more_findings(&self, count: usize) -> String;
    /// The heading of a digit's small grid: `digit 5`.
    fn digit_panel_heading(&self, digit: u8) -> String;

    // Branching pictures (rungs 1, 10, 14 to 17).

    /// The subtitle: the rung's marks at the root.
    fn branching_subtitle(&self, rung: &Rung) -> String;
    /// `Rung 13 branches on r9c2 (2 ways: 2 7); rung 14 on digit 1 in band 2 (2 ways).`
    fn branches(&self, below: usize, there: &str, rung: usize, here: &str) -> String;
    /// Rung 10's reason: two cells of as many candidates, and their open peers.
    fn open_peers(
        &self,
        candidates: usize,
        first: (usize, usize),
        second: (usize, usize),
    ) -> String;
    /// Rung 15's reason: too few decided cells.
    fn too_few_decided(&self, decided: usize, needed: u32) -> String;
    /// Rung 14's reason: the first chute with the fewest unsettled digits, its lowest one.
    fn fewest_unsettled(&self, chute: usize, unsettled: &[u8; 6], digit: u8) -> String;
    /// Rung 16's reason: the permutations left of each unsettled digit of a chute, as
    /// `(digit, permutations)`.
    fn permutations_left(&self, chute: usize, digits: &[(u8, u32)]) -> String;
    /// Rung 17's reason: the permutations of two chutes over all their digits, and the
    /// fewest unsettled digits of a chute.
    fn early_chutes(
        &self,
        first: (usize, u32),
        second: (usize, u32),
        fewest: u8,
        early: u8,
    ) -> String;
    /// The heading over a chute's ways.
    fn ways_heading(&self, rung: usize, name: &str) -> String;
    /// A way's label: `k=5`.
    fn way_label(&self, k: usize) -> String {
        format!("k={k}")
    }
    /// The legend of a branch point's outline.
    fn branch_point_key(&self, rung: usize) -> String;
    /// The legend of a ringed candidate: a way of a cell.
    fn way_of_cell_key(&self, rung: usize) -> String;
    /// The legend of a ringed place: the digit branched on, in the chute.
    fn place_in_chute_key(&self, digit: u8) -> String;
    /// The legend of a dot in a way: a place of the digit.
    fn way_dot_key(&self, digit: u8) -> String;

    // Layout pictures (rungs 2, 5 to 8, 11, 13).

    /// The subtitle at the root of the search.
    fn at_the_start(&self, rung: &Rung) -> String;
    /// The subtitle of rungs 8 and 11: the givens placed, before any rule.
    fn before_any_rule(&self, rung: &Rung) -> String;
    /// The subtitle of rung 13: where propagation ends at the root.
    fn where_propagation_ends(&self, rung: &Rung) -> String;
    /// Rung 2's caption.
    fn mask_caption(&self, cell: usize, candidates: u16, copy_bytes: usize) -> Vec<String>;
    /// Rung 5's headings: the digit's places, and the peers a placement clears.
    fn digit_set_headings(&self, digit: u8, cell: usize) -> [String; 2];
    /// Rung 5's caption.
    fn digit_set_caption(&self, digit: u8, places: usize, cell: usize, lost: usize) -> Vec<String>;
    /// Rung 5's legend: where the digit may stand, and where it stands.
    fn digit_set_keys(&self, digit: u8) -> [String; 2];
    /// Rung 6's headings: a set of `count` cells named `name`.
    fn counted_heading(&self, name: &str, count: usize) -> String;
    /// Rung 6's caption.
    fn counted_caption(&self, pairs: usize, cell: usize) -> Vec<String>;
    /// Rung 6's legend of the cell branched on.
    fn counted_key(&self, cell: usize) -> String;
    /// Rung 7's heading over the grid of bit numbers.
    fn band_grid_heading(&self, digit: u8) -> String;
    /// Rung 7's heading of one word.
    fn band_word_heading(&self, band: usize, digit: u8) -> String;
    /// Rung 7's caption.
    fn band_words_caption(&self, digit: u8, places: usize) -> Vec<String>;
    /// Rung 7's legend of band `band`.
    fn band_key(&self, band: usize, digit: u8) -> String;
    /// `digit 4 in band 2`.
    fn digit_in_band(&self, digit: u8, band: usize) -> String;
    /// Rung 8's heading over the word's places.
    fn its_places(&self, what: &str) -> String;
    /// Rung 8's caption.
    fn band_rule_caption(
        &self,
        what: &str,
        pattern: usize,
        inside: usize,
        rule: u16,
        cut: usize,
    ) -> Vec<String>;
    /// Rung 11's heading of a row's bits.
    fn row_of_band_heading(&self, shift: usize, row: usize) -> String;
    /// Rung 11's caption.
    fn straight_line_caption(&self, what: &str, cut: usize) -> Vec<String>;
    /// Rung 13's caption.
    fn mini_line_caption(&self, full: usize) -> Vec<String>;

    // Incremental-work pictures (rungs 9, 19).

    /// The subtitle: the grid after the first guess, before propagation.
    fn after_guess_subtitle(&self, rung: &Rung, guess: &str) -> String;
    /// The first guess: `6 in r7c1`.
    fn cell_guess(&self, digit: u8, cell: usize) -> String;
    /// The first guess on a chute: `1 on permutation k=0 in band 2`.
    fn chute_guess(&self, digit: u8, k: usize, chute: usize) -> String;
    /// The heading over the changed words.
    fn changed_words_heading(&self, changed: usize) -> String;
    /// The heading over the digits counted again.
    fn changed_digits_heading(&self, digits: usize) -> String;
    /// Rung 9's caption.
    fn changed_words_caption(&self, guess: &str, changed: usize) -> Vec<String>;
    /// Rung 19's caption.
    fn changed_digits_caption(&self, guess: &str, digits: usize) -> Vec<String>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::ladder::RUNGS;

    #[test]
    fn every_language_names_every_rung_and_unit_apart() {
        for language in Language::ALL {
            let words = language.words();
            let titles: Vec<String> = RUNGS.iter().map(|rung| words.title(rung)).collect();
            let units: Vec<String> = (0..27).map(|unit| words.unit(unit)).collect();
            for title in &titles {
                assert!(
                    !title.contains(":  ("),
                    "{language:?}: a rung without a name"
                );
            }
            for names in [&titles, &units] {
                let mut distinct = names.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), names.len(), "{language:?}: {names:?}");
            }
        }
    }

    #[test]
    fn a_mini_line_is_named_by_its_row_and_columns_or_its_rows_and_column() {
        let words = Language::English.words();
        assert_eq!(words.mini_line([57, 58, 59]), "r7c4-6");
        assert_eq!(words.mini_line([4, 13, 22]), "r1-3c5");
    }
}
