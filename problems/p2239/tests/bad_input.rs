//! The p2239 binary on bad input, fed as raw bytes; see `common/tests/support/bad_input.rs`.

#[path = "../../../common/tests/support/bad_input.rs"]
mod support;

const BINARY: &str = env!("CARGO_BIN_EXE_p2239");
const SAMPLE_IN: &[u8] = include_bytes!("../samples/sample-1.in");

#[test]
fn spoiled_samples_are_refused_with_their_position_and_nothing_raw() {
    support::check_spoiled_inputs(BINARY, "p2239", SAMPLE_IN, "line 3, column 1: ");
}

#[test]
fn a_row_too_long_is_refused_at_its_tenth_digit_or_at_the_line_limit() {
    // 50 kB is within the limit of a line: refused where the row should have ended.
    // 5 MB is past it: refused before the row is looked at.
    for (n_zeros, message) in [
        (
            50_000,
            "p2239: line 1, column 10: unexpected `0` after the 9 digits of the row",
        ),
        (
            5_000_000,
            "p2239: line 1, column 1: the line is longer than 65536 bytes",
        ),
    ] {
        let mut input = SAMPLE_IN.to_vec();
        input.splice(9..9, std::iter::repeat(b'0').take(n_zeros));
        let ran = support::run_limited(BINARY, &input);
        let context = format!("a first row {n_zeros} digits too long");
        support::assert_refused(&ran, message, "", &context);
        assert!(ran.stdout.is_empty(), "{context}");
    }
}
