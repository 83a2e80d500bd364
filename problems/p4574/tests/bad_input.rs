//! The p4574 binary on bad input, fed as raw bytes; see `common/tests/support/bad_input.rs`.
//! Besides the checks all three solutions share: the answers to the puzzles before a bad
//! one are written in full, whatever the fault, even a byte that is not UTF-8.

#[path = "../../../common/tests/support/bad_input.rs"]
mod support;

const BINARY: &str = env!("CARGO_BIN_EXE_p4574");
const SAMPLE_1_IN: &[u8] = include_bytes!("../samples/sample-1.in");
const SAMPLE_1_OUT: &[u8] = include_bytes!("../samples/sample-1.out");

/// Sample 1 without its closing `0`: two good puzzles, on lines 1 to 25.
fn two_good_puzzles() -> &'static [u8] {
    let end = SAMPLE_1_IN
        .windows(3)
        .rposition(|window| window == b"\n0\n")
        .expect("sample 1 ends with a line `0`");
    &SAMPLE_1_IN[..end + 1]
}

#[test]
fn spoiled_samples_are_refused_with_their_position_and_nothing_raw() {
    support::check_spoiled_inputs(BINARY, "p4574", SAMPLE_1_IN, "puzzle 1, line 3, column 1: ");
}

#[test]
fn the_answers_before_a_bad_puzzle_are_written_in_full() {
    // Puzzle 3 starts on line 26; each fault is on its third line, line 28.
    let third_puzzle_starts = b"10\n6 B2 1 B3\n";
    for (fault, message) in [
        (
            &b"2 C4 \xff C3\n"[..],
            "p4574: puzzle 3, line 28, column 6: `\\xff` is not UTF-8 text",
        ),
        (
            b"2 C4 9 C3\r7",
            "p4574: puzzle 3, line 28, column 10: `\\r` is white space",
        ),
        (
            b"2 C4 9\xc2\xa0C3\n",
            "p4574: puzzle 3, line 28, column 7: `\\u{a0}` is white space",
        ),
        (
            b"2 C4 9 \x1b[2J\n",
            "p4574: puzzle 3, line 28, column 8: a location is a row letter A to I",
        ),
    ] {
        let input = [two_good_puzzles(), third_puzzle_starts, fault].concat();
        let ran = support::run_limited(BINARY, &input);
        support::assert_refused(&ran, message, "", &format!("fault {fault:?}"));
        assert_eq!(
            String::from_utf8_lossy(&ran.stdout),
            String::from_utf8_lossy(SAMPLE_1_OUT),
            "fault {fault:?}: the two good puzzles' answers"
        );
    }
}

#[test]
fn a_bad_byte_after_the_closing_zero_keeps_every_answer() {
    // Sample 1 is 26 lines; a blank line 27, then a bad byte on line 28.
    let input = [SAMPLE_1_IN, b"\n\xfe"].concat();
    let ran = support::run_limited(BINARY, &input);
    support::assert_refused(
        &ran,
        "p4574: puzzle 3, line 28, column 1: `\\xfe` is not UTF-8 text",
        "",
        "a byte after the end",
    );
    assert_eq!(ran.stdout, SAMPLE_1_OUT);
}
