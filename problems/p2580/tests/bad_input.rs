//! The p2580 binary on bad input, fed as raw bytes; see `common/tests/support/bad_input.rs`.

#[path = "../../../common/tests/support/bad_input.rs"]
mod support;

const BINARY: &str = env!("CARGO_BIN_EXE_p2580");
const SAMPLE_IN: &[u8] = include_bytes!("../samples/sample-1.in");

#[test]
fn spoiled_samples_are_refused_with_their_position_and_nothing_raw() {
    support::check_spoiled_inputs(BINARY, "p2580", SAMPLE_IN, "line 3, column 1: ");
}

#[test]
fn a_tenth_item_stops_the_reading_of_its_line() {
    // The first row goes on with 20,000 more items (40 kB, within the limit of a line).
    let extra = " 9".repeat(20_000);
    let input = [&SAMPLE_IN[..17], extra.as_bytes(), &SAMPLE_IN[17..]].concat();
    let ran = support::run_limited(BINARY, &input);
    support::assert_refused(
        &ran,
        "p2580: line 1, column 19: unexpected `9` after the 9 digits of the row",
        "",
        "a first row with 20,000 more items",
    );
}
