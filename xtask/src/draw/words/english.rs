//! The pictures' words in English, for `docs/climb.md`: the terms of the glossary
//! (`common/src/lib.rs`).

use common::ladder::{BranchPoint, Idea, PuzzleInSet, Rung};
use common::unit_name;

use super::{Found, Noun, Phrase, Words};
use crate::draw::root::{cell_name, digit_list};

/// English.
pub struct English;

/// `3 cells`, `1 cell`.
fn counted(count: usize, singular: &str) -> String {
    if count == 1 {
        format!("1 {singular}")
    } else {
        format!("{count} {singular}s")
    }
}

impl Words for English {
    fn phrase(&self, phrase: Phrase) -> &'static str {
        match phrase {
            Phrase::Given => "given",
            Phrase::Cleared => "cleared: a digit decided in its cell or a peer",
            Phrase::NakedSingle => "naked single: the cell's one candidate",
            Phrase::HiddenSingle => "hidden single: the unit where the digit has one place",
            Phrase::Pointing => "pointing: a box whose places of a digit share a line",
            Phrase::Claiming => "claiming: a line whose places of a digit share a box",
            Phrase::ConfinedMiniLine => "a mini-line filled by three confined digits",
            Phrase::OnlyThreeMiniLine => "a mini-line where only three digits can go",
            Phrase::ConfinedLine => "dashed: the line, where the three have no other place",
            Phrase::OnlyThreeSurroundings => "dashed: the line and box that lose the three",
            Phrase::ActingDigit => "the digits that make the rule act",
            Phrase::PlaceOfDigit => "a place of the digit",
            Phrase::LostPlace => "a place it loses",
            Phrase::WayMiniLines => "a way: its permutation's three mini-lines",
            Phrase::MaskBit => "bit set: the digit may go there",
            Phrase::BranchCell => "the cell the search branches on",
            Phrase::ClearedByPlacing => "a place the placement clears",
            Phrase::BitSet => "bit set",
            Phrase::ExactlyTwo => "exactly two",
            Phrase::KeptPlaceOrMiniRow => "a place or mini-row kept",
            Phrase::CutByBandRule => "cut by the band rule",
            Phrase::PermutationInside => "a permutation inside the pattern",
            Phrase::KeptByTable => "a cell the table keeps",
            Phrase::Cut => "cut",
            Phrase::MiniRows => "mini-rows: bit 9 × band + 3 × row + stack",
            Phrase::MiniColumns => "mini-columns: bit 9 × band + column",
            Phrase::ConfinedCount => "digits confined there",
            Phrase::FullMiniLine => "three: the mini-line is full",
            Phrase::FirstGuess => "the first guess",
            Phrase::ClearedByGuess => "a place the guess clears",
            Phrase::ChangedWord => "a word that changed",
            Phrase::CountedAgain => "changed: counted again",
        }
    }

    fn counted_key(&self, cell: usize) -> String {
        format!("{}, where rung 6 branches", cell_name(cell))
    }

    fn digit_set_keys(&self, digit: u8) -> [String; 2] {
        [
            format!("{digit} may stand there"),
            format!("{digit} stands there"),
        ]
    }

    fn title(&self, rung: &Rung) -> String {
        format!(
            "Rung {}: {} ({})",
            rung.number,
            rung.name,
            self.idea(rung.idea)
        )
    }

    fn idea(&self, idea: Idea) -> &'static str {
        match idea {
            Idea::Start => "start",
            Idea::Representation => "representation",
            Idea::Inference => "inference",
            Idea::Branching => "branching",
            Idea::IncrementalWork => "incremental work",
        }
    }

    fn puzzle(&self, rung: &Rung) -> String {
        let PuzzleInSet { set, number } = rung.chosen_puzzle;
        format!("puzzle {number} of data/{set}.txt")
    }

    fn unit(&self, unit: usize) -> String {
        unit_name(unit)
    }

    fn chute(&self, chute: usize) -> String {
        if chute < 3 {
            format!("band {}", chute + 1)
        } else {
            format!("stack {}", chute - 2)
        }
    }

    fn count(&self, count: usize, noun: Noun) -> String {
        let singular = match noun {
            Noun::Cell => "cell",
            Noun::Candidate => "candidate",
            Noun::Digit => "digit",
            Noun::Word => "word",
            Noun::Place => "place",
            Noun::Way => "way",
            Noun::Peer => "peer",
        };
        counted(count, singular)
    }

    fn branch_point(&self, point: &BranchPoint) -> String {
        let name = self.branch_point_name(point);
        match point {
            BranchPoint::Cell { candidates, .. } => {
                let ways = self.count(candidates.count_ones() as usize, Noun::Way);
                format!("{name} ({ways}: {})", digit_list(*candidates))
            }
            BranchPoint::Chute { branch } => {
                let ways = branch.permutations.count_ones() as usize;
                format!("{name} ({})", self.count(ways, Noun::Way))
            }
        }
    }

    fn branch_point_name(&self, point: &BranchPoint) -> String {
        match point {
            BranchPoint::Cell { cell, .. } => cell_name(*cell),
            BranchPoint::Chute { branch } => {
                format!("digit {} in {}", branch.digit, self.chute(branch.chute))
            }
        }
    }

    fn decided_by(&self, rung: usize) -> String {
        format!("decided by rung {rung}")
    }

    fn removed_by(&self, rung: usize) -> String {
        format!("removed by rung {rung}'s new rule")
    }

    fn inference_subtitle(&self, rung: &Rung, below: usize) -> String {
        format!(
            "{}, at the start of the search: rung {}'s rules on rung {below}'s marks",
            self.puzzle(rung),
            rung.number
        )
    }

    fn inference_sum(&self, rung: usize, below: usize, removed: usize, decided: usize) -> String {
        format!(
            "At the start, rung {rung} removes {} and decides {} that rung {below} leaves \
             open.",
            self.count(removed, Noun::Candidate),
            self.count(decided, Noun::Cell)
        )
    }

    fn finding(&self, found: Found) -> String {
        match found {
            Found::NakedSingle { cell, digit } => format!(
                "Naked single: {digit} is the only candidate of {}.",
                cell_name(cell)
            ),
            Found::HiddenSingle { cell, digit, unit } => format!(
                "Hidden single: {} is the only place of {digit} in {}.",
                cell_name(cell),
                self.unit(unit)
            ),
            Found::Pointing {
                digit,
                box_unit,
                line,
            } => format!(
                "Pointing: the {digit}s of {} all lie in {}, so the rest of {} loses its \
                 {digit}s.",
                self.unit(box_unit),
                self.unit(line),
                self.unit(line)
            ),
            Found::Claiming {
                digit,
                line,
                box_unit,
            } => format!(
                "Claiming: the {digit}s of {} all lie in {}, so the rest of {} loses its \
                 {digit}s.",
                self.unit(line),
                self.unit(box_unit),
                self.unit(box_unit)
            ),
            Found::Confined {
                cells,
                line,
                digits,
            } => format!(
                "In {}, the places of {} lie only in {}: the three fill it, and its other \
                 candidates go.",
                self.unit(line),
                digit_list(digits),
                self.mini_line(cells)
            ),
            Found::OnlyThree { cells, digits, .. } => format!(
                "Only {} can go in {}: they fill it, and leave the rest of its line and box.",
                digit_list(digits),
                self.mini_line(cells)
            ),
        }
    }

    fn more_findings(&self, count: usize) -> String {
        format!("And {count} more, outlined the same way.")
    }

    fn digit_panel_heading(&self, digit: u8) -> String {
        format!("digit {digit}")
    }

    fn branching_subtitle(&self, rung: &Rung) -> String {
        format!(
            "{}, at the start of the search: rung {}'s pencil marks",
            self.puzzle(rung),
            rung.number
        )
    }

    fn branches(&self, below: usize, there: &str, rung: usize, here: &str) -> String {
        format!("Rung {below} branches on {there}; rung {rung} on {here}.")
    }

    fn open_peers(
        &self,
        candidates: usize,
        first: (usize, usize),
        second: (usize, usize),
    ) -> String {
        format!(
            "Both have {}: {} has {} open peers, {} has {}.",
            self.count(candidates, Noun::Candidate),
            cell_name(first.0),
            first.1,
            cell_name(second.0),
            second.1
        )
    }

    fn too_few_decided(&self, decided: usize, needed: u32) -> String {
        format!(
            "{} decided, fewer than DECIDED_FOR_CHUTES = {needed}.",
            self.count(decided, Noun::Cell)
        )
    }

    fn fewest_unsettled(&self, chute: usize, unsettled: &[u8; 6], digit: u8) -> String {
        let counts: Vec<String> = (0..6)
            .map(|each| format!("{} {}", self.chute(each), unsettled[each]))
            .collect();
        format!(
            "A digit is settled in a chute once one permutation is left. Unsettled digits: {}. \
             Rung 14 takes the first chute with the fewest, {}, and there the lowest \
             unsettled digit, {digit}.",
            counts.join(", "),
            self.chute(chute)
        )
    }

    fn permutations_left(&self, chute: usize, digits: &[(u8, u32)]) -> String {
        let parts: Vec<String> = digits
            .iter()
            .map(|(digit, permutations)| format!("{digit} has {permutations}"))
            .collect();
        format!(
            "Permutations left in {}: {}.",
            self.chute(chute),
            parts.join(", ")
        )
    }

    fn early_chutes(
        &self,
        first: (usize, u32),
        second: (usize, u32),
        fewest: u8,
        early: u8,
    ) -> String {
        format!(
            "Permutations left over all digits: {} {}, {} {}. Every chute with an unsettled \
             digit keeps at least {fewest} (EARLY = {early}).",
            self.chute(first.0),
            first.1,
            self.chute(second.0),
            second.1
        )
    }

    fn ways_heading(&self, rung: usize, name: &str) -> String {
        format!("rung {rung}: {name}, its ways in the order tried")
    }

    fn branch_point_key(&self, rung: usize) -> String {
        format!("rung {rung}'s branch point")
    }

    fn way_of_cell_key(&self, rung: usize) -> String {
        format!("a way of rung {rung}: a candidate to try")
    }

    fn place_in_chute_key(&self, digit: u8) -> String {
        format!("where {digit} may stand in the chute")
    }

    fn way_dot_key(&self, digit: u8) -> String {
        format!("a place of {digit}")
    }

    fn at_the_start(&self, rung: &Rung) -> String {
        format!("{}, at the start of the search", self.puzzle(rung))
    }

    fn before_any_rule(&self, rung: &Rung) -> String {
        format!("{}, the givens placed, before any rule", self.puzzle(rung))
    }

    fn where_propagation_ends(&self, rung: &Rung) -> String {
        format!("{}, where propagation ends at the root", self.puzzle(rung))
    }

    fn mask_caption(&self, cell: usize, candidates: u16, copy_bytes: usize) -> Vec<String> {
        vec![
            format!(
                "Each cell keeps a u16: bit d - 1 set means digit d may still go there. {} may \
                 take {}; a given keeps its digit alone.",
                cell_name(cell),
                digit_list(candidates)
            ),
            format!(
                "A guess works on a copy of the state ({copy_bytes} bytes): undoing it is \
                 dropping the copy."
            ),
        ]
    }

    fn digit_set_headings(&self, digit: u8, cell: usize) -> [String; 2] {
        [
            format!("places[{}]: where {digit} may stand", digit - 1),
            format!(
                "PEER_SET[{}]: cleared when {digit} goes there",
                cell_name(cell)
            ),
        ]
    }

    fn digit_set_caption(&self, digit: u8, places: usize, cell: usize, lost: usize) -> Vec<String> {
        vec![
            format!(
                "For each digit, one 81-bit set: cell 9 × row + column is bit 9 × row + \
                 column. {digit} may stand in {} (givens included).",
                self.count(places, Noun::Cell)
            ),
            format!(
                "The search tries {digit} in {} first: places[{}] &= !PEER_SET[{}] takes {digit} \
                 from {} at once.",
                cell_name(cell),
                digit - 1,
                cell_name(cell),
                self.count(lost, Noun::Peer)
            ),
        ]
    }

    fn counted_heading(&self, name: &str, count: usize) -> String {
        format!("{name}: {}", self.count(count, Noun::Cell))
    }

    fn counted_caption(&self, pairs: usize, cell: usize) -> Vec<String> {
        vec![
            "Over the nine digits' sets in turn: at_least_three |= at_least_two & set; \
             at_least_two |= at_least_one & set; at_least_one |= set. Three sets hold every \
             open cell's count, up to three."
                .to_string(),
            format!(
                "At the root every open cell keeps two candidates or more, as propagation placed \
                 every single: at_least_one is the open cells, and open & !at_least_two, the \
                 naked singles, is empty. The search branches among the cells with exactly two \
                 (at_least_two & !at_least_three), {}: on {}.",
                self.count(pairs, Noun::Cell),
                cell_name(cell)
            ),
        ]
    }

    fn band_grid_heading(&self, digit: u8) -> String {
        format!("the grid: each cell's bit in its band's word, {digit}'s places dark")
    }

    fn band_word_heading(&self, band: usize, digit: u8) -> String {
        format!(
            "places[{band}][{}]: band {}'s word, bits 0 to 26 from the left",
            digit - 1,
            band + 1
        )
    }

    fn band_words_caption(&self, digit: u8, places: usize) -> Vec<String> {
        vec![format!(
            "Each digit's 81-bit set cut into three u32 words, one per band: cell c is bit c % \
             27 of band c / 27, that is bit 9 × row in the band + column. A band's row is 9 \
             bits, its box three runs of 3; {digit} may stand in {}.",
            self.count(places, Noun::Cell)
        )]
    }

    fn band_key(&self, band: usize, digit: u8) -> String {
        format!("band {}: {digit} may stand there", band + 1)
    }

    fn digit_in_band(&self, digit: u8, band: usize) -> String {
        format!("digit {digit} in band {}", band + 1)
    }

    fn its_places(&self, what: &str) -> String {
        format!("{what}: its places")
    }

    fn band_rule_caption(
        &self,
        what: &str,
        pattern: usize,
        inside: usize,
        rule: u16,
        cut: usize,
    ) -> Vec<String> {
        vec![
            format!(
                "A digit's rows and boxes in a band pair up one to one: row r takes the box in \
                 stack PERMUTATIONS[k][r], one of six ways, its permutations (k from 0). The \
                 mini-rows of {what} (bit 3 × row + stack) make pattern {pattern}; {inside} of \
                 the six permutations lie inside it."
            ),
            format!(
                "BAND_RULE[{pattern}] keeps the mini-rows of those, {rule}: one lookup in a \
                 table of 512 does what rung 7's repeated pointing and claiming does, and cuts \
                 {}.",
                self.count(cut, Noun::Place)
            ),
        ]
    }

    fn row_of_band_heading(&self, shift: usize, row: usize) -> String {
        format!("places >> {shift} & ROW_CELLS: row {} of the band", row + 1)
    }

    fn straight_line_caption(&self, what: &str, cut: usize) -> Vec<String> {
        vec![format!(
            "Rung 8's rule for {what} with no branch on what it finds: three lookups give each \
             row's stacks, shifts join them into the pattern, one lookup gives the cells of its \
             mini-rows kept, one & cuts {}. Every word takes the same steps, so the processor \
             never guesses a branch wrong.",
            self.count(cut, Noun::Place)
        )]
    }

    fn mini_line_caption(&self, full: usize) -> Vec<String> {
        vec![
            "Each square is a mini-line, at its place in the grid, with the number of digits \
             confined to it: the band rule's mini-rows and the column rules' columns, which \
             the board keeps, give each digit's confined mini-lines as one u32, a bit per \
             mini-line, and the nine are counted at once (ones, twos, four or more)."
                .to_string(),
            format!(
                "Full mini-lines (a 3): {full}. The three digits confined there fill it, so no \
                 other digit stands there."
            ),
        ]
    }

    fn after_guess_subtitle(&self, rung: &Rung, guess: &str) -> String {
        format!(
            "{}, the first guess made ({guess}), before propagation",
            self.puzzle(rung)
        )
    }

    fn cell_guess(&self, digit: u8, cell: usize) -> String {
        format!("{digit} in {}", cell_name(cell))
    }

    fn chute_guess(&self, digit: u8, k: usize, chute: usize) -> String {
        format!("{digit} on permutation k={k} in {}", self.chute(chute))
    }

    fn changed_words_heading(&self, changed: usize) -> String {
        format!("changed_words(): {changed} of 27")
    }

    fn changed_digits_heading(&self, digits: usize) -> String {
        format!("digits_of_words: {digits} of 9 counted again")
    }

    fn changed_words_caption(&self, guess: &str, changed: usize) -> Vec<String> {
        vec![
            format!(
                "The board keeps, for each digit and band, the word the band rule last left \
                 (seen). Rules only remove places, so a word equal to it has nothing new. The \
                 guess ({guess}) clears the struck places; the {} that hold them differ (bit 9 \
                 × band + d - 1; columns: digits 1 to 9, rows: bands 1 to 3): the next sweep \
                 visits those, not all 27.",
                self.count(changed, Noun::Word)
            ),
            "Each word swept marks its band for naked singles and its digit for the column \
             rules, which look only at what is marked."
                .to_string(),
        ]
    }

    fn changed_digits_caption(&self, guess: &str, digits: usize) -> Vec<String> {
        vec![format!(
            "The guess ({guess}) clears the struck places; the band rule's first sweep visits \
             the words that hold them (columns: digits 1 to 9, rows: bands 1 to 3), which \
             belong to {}. Rung 18's mini-line rule works out each of the nine digits' \
             confined mini-lines again; rung 19's only those of the digits a sweep touched, \
             keeping what it found for the other {}.",
            self.count(digits, Noun::Digit),
            9 - digits
        )]
    }
}
