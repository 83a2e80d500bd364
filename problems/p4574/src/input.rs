//! Step 1, reading the puzzles one at a time through [`common::input::Lines`], in the format
//! the crate's header gives. Only the format is checked here: givens that clash (a cell
//! covered twice, a domino laid twice, a digit twice in a unit) leave no grid, as step 2 finds.

use std::io::BufRead;

use common::input::{quote, Error, Item, Lines};
use common::{COL_OF, ROW_OF};

use crate::{Placement, Puzzle};

/// Reads the next puzzle of `lines`; `None` when the closing `0` comes instead (and
/// nothing after it but blank lines).
pub fn read_puzzle<R: BufRead>(lines: &mut Lines<R>) -> Result<Option<Puzzle>, Error> {
    let expected = "a domino count (or the line `0` that ends the input)";
    let count = read_items(lines, 1, expected)?.remove(0);
    if count.text == "0" {
        lines.expect_end("the line `0` that ends the input")?;
        return Ok(None);
    }
    // `parse` takes a leading `+`, which the format does not.
    let n_dominoes = match count.text.parse() {
        Ok(n_dominoes) if (10..=35).contains(&n_dominoes) && !count.text.starts_with('+') => {
            n_dominoes
        }
        _ => {
            let message = format!(
                "the domino count must be a number from 10 to 35 (or 0 to end the input), \
                 found {}",
                quote(&count.text)
            );
            return Err(Error::at(count.line, count.column, message));
        }
    };

    // The dominoes already laid, `U LU V LV` each.
    let mut dominoes = Vec::with_capacity(n_dominoes);
    for given in 1..=n_dominoes {
        let expected = format!("domino {given} of {n_dominoes} (`U LU V LV`, like `6 B2 1 B3`)");
        let items = read_items(lines, 4, &expected)?;
        let digits = [parse_digit(&items[0])?, parse_digit(&items[2])?];
        let cells = [parse_location(&items[1])?, parse_location(&items[3])?];
        if digits[0] == digits[1] || !are_side_by_side(cells[0], cells[1]) {
            let message = "not a domino: its halves show two different digits on two cells \
                           side by side";
            return Err(Error::at(items[0].line, items[0].column, message));
        }
        dominoes.push(Placement { cells, digits });
    }

    // The nine single cells, for the digits 1, 2, ..., 9 in this order.
    let items = read_items(lines, 9, "the locations of the single digits 1 to 9")?;
    let mut single_cells = [0; 9];
    for (index, item) in items.iter().enumerate() {
        single_cells[index] = parse_location(item)?;
    }
    Ok(Some(Puzzle {
        dominoes,
        single_cells,
    }))
}

/// The items of the next line that is not blank, which must be `n_items` of them:
/// `expected` says what was due, for the messages.
fn read_items<R: BufRead>(
    lines: &mut Lines<R>,
    n_items: usize,
    expected: &str,
) -> Result<Vec<Item>, Error> {
    let mut items = Vec::new();
    while items.is_empty() {
        let line = lines.next_line()?.ok_or_else(|| lines.ended(expected))?;
        items = line.items();
    }
    if items.len() != n_items {
        let message = format!("expected {expected}, found {} items", items.len());
        return Err(Error::at(items[0].line, items[0].column, message));
    }
    Ok(items)
}

/// Reads a digit item `1`..`9`.
fn parse_digit(item: &Item) -> Result<u8, Error> {
    if let [digit @ b'1'..=b'9'] = *item.text.as_bytes() {
        return Ok(digit - b'0');
    }
    let message = format!("a digit must be one of 1 to 9, found {}", quote(&item.text));
    Err(Error::at(item.line, item.column, message))
}

/// Reads a location item `A1`..`I9`: the cell it names.
fn parse_location(item: &Item) -> Result<usize, Error> {
    if let [row_letter @ b'A'..=b'I', column_digit @ b'1'..=b'9'] = *item.text.as_bytes() {
        return Ok(usize::from(row_letter - b'A') * 9 + usize::from(column_digit - b'1'));
    }
    let message = format!(
        "a location is a row letter A to I and a column digit 1 to 9, like `B3`, found {}",
        quote(&item.text)
    );
    Err(Error::at(item.line, item.column, message))
}

/// Whether two cells are side by side, the only pairs a domino can cover: one row apart or
/// one column apart, not both.
pub(crate) fn are_side_by_side(first: usize, second: usize) -> bool {
    ROW_OF[first].abs_diff(ROW_OF[second]) + COL_OF[first].abs_diff(COL_OF[second]) == 1
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use common::N_CELLS;

    pub(crate) const SAMPLE_1_IN: &str = include_str!("../samples/sample-1.in");

    /// The first puzzle of sample 1, line by line (lines 1 to 12 of the sample).
    const FIRST_PUZZLE: [&str; 12] = [
        "10",
        "6 B2 1 B3",
        "2 C4 9 C3",
        "6 D3 8 E3",
        "7 E1 4 F1",
        "8 B7 4 B8",
        "3 F5 2 F6",
        "7 F7 6 F8",
        "5 G4 9 G5",
        "7 I8 8 I9",
        "7 C9 2 B9",
        "C5 A3 D9 I4 A9 E5 A2 C6 I1",
    ];

    /// Sample 1 without its closing `0`: two good puzzles on lines 1 to 25.
    pub(crate) fn two_good_puzzles() -> String {
        SAMPLE_1_IN
            .trim_end()
            .strip_suffix('0')
            .unwrap()
            .to_string()
    }

    /// Two good puzzles, then the first puzzle again as puzzle 3 (lines 26 to 37) with
    /// line `line_in_puzzle` (1 to 12) replaced by `replacement`, then `0`.
    pub(crate) fn third_puzzle_with(line_in_puzzle: usize, replacement: &str) -> String {
        let mut lines = FIRST_PUZZLE.to_vec();
        lines[line_in_puzzle - 1] = replacement;
        format!("{}{}\n0\n", two_good_puzzles(), lines.join("\n"))
    }

    /// The message that stops the run on `input`; the run names the puzzle.
    fn message(input: &str) -> String {
        match crate::run(input.as_bytes(), &mut Vec::new()) {
            Err(error) => error.to_string(),
            Ok(()) => panic!("input:\n{input}\nwas not refused"),
        }
    }

    /// Asserts that reading `input` stops at a fault whose message holds every piece of
    /// `parts`, in one line.
    fn assert_rejected(input: &str, parts: &[&str]) {
        let message = message(input);
        for part in parts {
            assert!(
                message.contains(part),
                "input:\n{input}\nexpected a message with: {parts:?}\nactual: {message}"
            );
        }
        assert!(
            !message.contains('\n'),
            "the message is not one line: {message}"
        );
    }

    /// The item `text` as read at line 1, column 1.
    fn item(text: &str) -> Item {
        Item {
            line: 1,
            column: 1,
            text: text.to_string(),
        }
    }

    #[test]
    fn locations_name_rows_by_letter_and_columns_by_digit() {
        for cell in 0..N_CELLS {
            let name = format!("{}{}", char::from(b'A' + (cell / 9) as u8), cell % 9 + 1);
            assert_eq!(parse_location(&item(&name)).ok(), Some(cell));
        }
        assert_eq!(parse_location(&item("C9")).ok(), Some(2 * 9 + 8));
        for bad in ["J1", "A0", "a1", "A10", "1A", "", "A", "I0"] {
            assert_eq!(parse_location(&item(bad)).ok(), None, "{bad}");
        }
    }

    #[test]
    fn puzzles_are_read_one_at_a_time() {
        let mut lines = Lines::new(SAMPLE_1_IN.as_bytes());
        let first = read_puzzle(&mut lines).unwrap().unwrap();
        assert_eq!((first.dominoes.len(), lines.n_read), (10, 12));
        let second = read_puzzle(&mut lines).unwrap().unwrap();
        assert_eq!((second.dominoes.len(), lines.n_read), (11, 25));
        // "5 I9 2 H9": digit 5 on row 9, column 9, digit 2 just above it.
        assert_eq!(second.dominoes[0].cells, [80, 71]);
        assert_eq!(second.dominoes[0].digits, [5, 2]);
        // The singles line "I5 E6 ...": digit 1 on I5, digit 2 on E6.
        assert_eq!(second.single_cells[0], 8 * 9 + 4);
        assert_eq!(second.single_cells[1], 4 * 9 + 5);
        assert_eq!(read_puzzle(&mut lines).unwrap(), None);
    }

    #[test]
    fn a_bad_domino_count_is_rejected() {
        for bad in ["ten", "9", "36", "-10", "+10", "1e1"] {
            assert_rejected(
                &third_puzzle_with(1, bad),
                &[
                    "puzzle 3, line 26",
                    "domino count",
                    "10 to 35",
                    &format!("`{bad}`"),
                ],
            );
        }
        assert_rejected(
            &third_puzzle_with(1, "10 11"),
            &[
                "puzzle 3, line 26, column 1: expected a domino count",
                "found 2 items",
            ],
        );
    }

    #[test]
    fn input_that_ends_early_is_rejected() {
        // No closing 0.
        assert_rejected(
            &two_good_puzzles(),
            &[
                "puzzle 3, line 26, column 1: the input ends here; expected a domino count",
                "`0`",
            ],
        );
        // In the middle of a puzzle's dominoes.
        let lines: Vec<&str> = SAMPLE_1_IN.lines().collect();
        assert_rejected(
            &lines[..18].join("\n"),
            &["puzzle 2, line 19, column 1: the input ends here; expected domino 6 of 11"],
        );
        // Before the singles.
        assert_rejected(
            &lines[..11].join("\n"),
            &[
                "puzzle 1, line 12, column 1: the input ends here",
                "expected the locations of the single digits",
            ],
        );
        assert_rejected(
            "",
            &["puzzle 1, line 1, column 1: the input ends here; expected a domino count"],
        );
        assert_rejected(
            " \n\n",
            &["puzzle 1, line 3, column 1: the input ends here; expected a domino count"],
        );
    }

    #[test]
    fn lines_with_the_wrong_number_of_items_are_rejected() {
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8"),
            &[
                "puzzle 3, line 29, column 1: expected domino 3 of 10",
                "found 3 items",
            ],
        );
        assert_rejected(
            &third_puzzle_with(4, "6 D3 8 E3 5"),
            &["puzzle 3, line 29, column 1", "found 5 items"],
        );
        assert_rejected(
            &third_puzzle_with(12, "C5 A3 D9 I4 A9 E5 A2 C6"),
            &[
                "puzzle 3, line 37, column 1",
                "expected the locations of the single digits 1 to 9",
                "found 8 items",
            ],
        );
        // Eleven domino lines where ten were announced: the eleventh is read as the singles.
        assert_rejected(
            &third_puzzle_with(12, "5 G2 1 G3\nC5 A3 D9 I4 A9 E5 A2 C6 I1"),
            &["puzzle 3, line 37", "single digits", "found 4 items"],
        );
    }

    #[test]
    fn digits_outside_one_to_nine_are_rejected() {
        for bad in ["0", "10", "x", "٣"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 C4 {bad} C3")),
                &[
                    "puzzle 3, line 28",
                    "digit must be one of 1 to 9",
                    &format!("`{bad}`"),
                ],
            );
        }
    }

    #[test]
    fn locations_outside_the_grid_are_rejected() {
        for bad in ["J1", "A0", "B10", "3B", "C", "b3"] {
            assert_rejected(
                &third_puzzle_with(3, &format!("2 {bad} 9 C3")),
                &[
                    "puzzle 3, line 28",
                    "row letter A to I",
                    &format!("`{bad}`"),
                ],
            );
        }
    }

    #[test]
    fn a_domino_with_equal_halves_or_halves_apart_is_rejected() {
        // Equal halves; cells a knight's move apart; the end of one row and the start of
        // the next; one cell twice.
        for bad in ["6 B2 6 B3", "6 B2 1 C3", "6 A9 1 B1", "6 B2 1 B2"] {
            assert_rejected(
                &third_puzzle_with(2, bad),
                &["puzzle 3, line 27, column 1: not a domino", "side by side"],
            );
        }
    }

    #[test]
    fn givens_that_clash_leave_no_completion_after_the_answers_before_them() {
        for (line_in_puzzle, clash) in [
            // A domino laid twice, in either order: line 3 of the puzzle lays 2+9 on C4, C3.
            (11, "9 C9 2 B9"),
            (11, "2 A1 9 A2"),
            // A cell covered twice: by two dominoes, by a domino and a single, by two singles.
            (11, "5 C2 1 C3"),
            (12, "B3 A3 D9 I4 A9 E5 A2 C6 I1"),
            (12, "C5 C5 D9 I4 A9 E5 A2 C6 I1"),
            // A digit twice in a row, a column, a box (digit 1 on B9, H3; 6 on A1).
            (11, "7 C9 1 B9"),
            (11, "1 H3 3 H4"),
            (11, "6 A1 3 B1"),
        ] {
            let input = third_puzzle_with(line_in_puzzle, clash);
            let mut output = Vec::new();
            let error = crate::run(input.as_bytes(), &mut output).unwrap_err();
            assert!(
                error.to_string().starts_with("puzzle 3: no completion"),
                "{clash}: {error}"
            );
            let mut expected = Vec::new();
            crate::run(
                format!("{}0\n", two_good_puzzles()).as_bytes(),
                &mut expected,
            )
            .unwrap();
            assert_eq!(output, expected, "{clash}");
        }
    }

    #[test]
    fn text_after_the_closing_zero_is_rejected() {
        assert_rejected(
            &format!("{SAMPLE_1_IN}\n5\n"),
            &["puzzle 3, line 28", "after the line `0`"],
        );
    }

    #[test]
    fn items_are_reported_at_their_column() {
        assert_eq!(
            message(&third_puzzle_with(3, "2 C4 0 C3")),
            "puzzle 3, line 28, column 6: a digit must be one of 1 to 9, found `0`"
        );
        assert_eq!(
            message(&third_puzzle_with(3, "2  J4 9 C3")),
            "puzzle 3, line 28, column 4: a location is a row letter A to I and a column \
             digit 1 to 9, like `B3`, found `J4`"
        );
        assert_eq!(
            message(&third_puzzle_with(1, "1\u{feff}0")),
            "puzzle 3, line 26, column 1: the domino count must be a number from 10 to 35 (or \
             0 to end the input), found `1\\u{feff}0`"
        );
    }

    #[test]
    fn long_lines_are_refused_at_their_first_fault_or_at_the_limit() {
        // 40 kB: within the limit, refused for its count of items.
        let long_line = format!("6 B2 1 B3{}", " 7".repeat(20_000));
        assert_eq!(
            message(&third_puzzle_with(2, &long_line)),
            "puzzle 3, line 27, column 1: expected domino 1 of 10 (`U LU V LV`, like \
             `6 B2 1 B3`), found 20004 items"
        );
        let long_item = "1".repeat(60_000);
        assert_eq!(
            message(&third_puzzle_with(1, &long_item)),
            "puzzle 3, line 26, column 1: the domino count must be a number from 10 to 35 (or \
             0 to end the input), found `1111111111111111...`"
        );
        // 200 kB: past the limit, refused whole, and read no further.
        let longer_line = format!("6 B2 1 B3{}", " 7".repeat(100_000));
        assert_eq!(
            message(&third_puzzle_with(2, &longer_line)),
            "puzzle 3, line 27, column 1: the line is longer than 65536 bytes"
        );
    }

    #[test]
    fn text_after_the_closing_zero_is_quoted() {
        assert_eq!(
            message("0\n\n  \x1b[2J\n"),
            "puzzle 1, line 3, column 3: unexpected `\\x1b[2J` after the line `0` that ends \
             the input"
        );
    }
}
