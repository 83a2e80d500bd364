//! The p2239 binary on bad input, fed as raw bytes; see `common/tests/support/bad_input.rs`.

#[path = "../../../common/tests/support/bad_input.rs"]
mod support;

const BINARY: &str = env!("CARGO_BIN_EXE_p2239");
const SAMPLE_IN: &[u8] = include_bytes!("../samples/sample-1.in");

#[test]
fn spoiled_samples_are_refused_with_their_place_and_nothing_raw() {
    support::check_spoiled_inputs(BINARY, "p2239", SAMPLE_IN, "line 3, column 1: ");
}

#[test]
fn a_row_too_long_stops_at_its_tenth_digit() {
    let mut input = SAMPLE_IN.to_vec();
    input.splice(9..9, std::iter::repeat(b'0').take(5_000_000));
    let ran = support::run_limited(BINARY, &input);
    support::assert_refused(
        &ran,
        "p2239: line 1, column 10: unexpected `0000000000000000...` after the 9 digits",
        "",
        "a 5 MB first row",
    );
    assert!(ran.stdout.is_empty());
}
