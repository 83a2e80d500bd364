//! What the header of `src/lib.rs` says of this solution's own constants, checked against
//! them: its depth of search, "at most N levels deep", is [`p4574::N_DOMINOES`] less the
//! fewest dominoes the input gives ("(A ≤ N ≤ B)"). (The claims every header makes, its
//! console blocks, figures, sizes and tables of cost, are checked for every problem alike
//! by `xtask/tests/worked_examples.rs`.)

/// The library's source, whose `//!` lines are the header.
const LIBRARY: &str = include_str!("../src/lib.rs");

/// The header's words, one space between each.
fn header_words() -> String {
    let lines = LIBRARY.lines().map_while(|line| line.strip_prefix("//!"));
    lines
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number that ends `text` (`(10`, `26`), if it ends with one.
fn last_number(text: &str) -> Option<usize> {
    let word = text.rsplit([' ', '(']).next()?;
    word.replace(',', "").parse().ok()
}

#[test]
fn the_search_is_as_deep_as_the_header_says() {
    let text = header_words();
    let fewest_given = text
        .split_once(" ≤ N ≤ ")
        .and_then(|(before, _)| last_number(before))
        .expect("the input's limits (A ≤ N ≤ B)");
    let depth = text
        .find(" levels deep")
        .expect("the depth of search, \"N levels deep\"");
    let cited = last_number(&text[..depth]).expect("a depth");
    assert_eq!(
        cited,
        p4574::N_DOMINOES - fewest_given,
        "the search lays at most the {} dominoes less the {fewest_given} given",
        p4574::N_DOMINOES
    );
}
