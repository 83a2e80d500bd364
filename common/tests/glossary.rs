//! One meaning per word: the words the glossary (`common/src/lib.rs`) retired stay out of
//! the README and out of the comments of the solution crates, so the drift they caused
//! cannot come back unnoticed.
//!
//! A word is found case-insensitively and as a whole word (`blocks` is not `block`, and
//! `unblocked` is neither). A line that also says "tdoku" may quote tdoku's own terms.

use std::fs;
use std::path::{Path, PathBuf};

/// Each retired word or phrase, and the word to use instead.
const RETIRED: [(&str, &str); 12] = [
    ("segment", "mini-line"),
    ("segments", "mini-lines"),
    ("block", "box, or mini-line"),
    ("blocks", "boxes, or mini-lines"),
    ("configuration", "permutation"),
    ("configurations", "permutations"),
    ("open digit", "unsettled digit"),
    ("open digits", "unsettled digits"),
    ("open lines", "chutes with unsettled digits"),
    ("search on lines", "branching on chutes"),
    ("line branch", "chute branch"),
    ("second part", "only three (the mini-line rule's part)"),
];

/// A retired word found in a text: where, and which.
#[derive(Debug, PartialEq, Eq)]
struct Hit {
    line: usize,
    retired: &'static str,
    instead: &'static str,
}

/// Whether `c` can be part of a word, so that a match next to it is not a whole word.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The retired words in `text` (line `line`), whole words, any case, unless the text
/// names tdoku.
fn retired_words_in_line(line: usize, text: &str) -> Vec<Hit> {
    // One space between words, so that a phrase matches however the text is spaced.
    let text = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    if text.contains("tdoku") {
        return Vec::new();
    }
    let mut hits = Vec::new();
    for (retired, instead) in RETIRED {
        let whole_word_at = |start: usize| {
            let before = text[..start].chars().next_back();
            let after = text[start + retired.len()..].chars().next();
            !before.map_or(false, is_word_char) && !after.map_or(false, is_word_char)
        };
        if text
            .match_indices(retired)
            .any(|(start, _)| whole_word_at(start))
        {
            hits.push(Hit {
                line,
                retired,
                instead,
            });
        }
    }
    hits
}

/// The retired words in the lines of `text`, numbered from 1.
fn retired_words_in(text: &str) -> Vec<Hit> {
    let lines = text.lines().enumerate();
    lines
        .flat_map(|(number, line)| retired_words_in_line(number + 1, line))
        .collect()
}

/// The comments of a Rust source, line for line (a line without a comment left empty, so
/// that line numbers stay those of the file): lines that start with `//` (which covers
/// `///` and `//!`), and what follows ` // ` after code.
fn comments_of(source: &str) -> String {
    let comment = |line: &str| {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            trimmed.to_string()
        } else {
            line.split_once(" // ")
                .map_or(String::new(), |(_, comment)| comment.to_string())
        }
    };
    source.lines().map(comment).collect::<Vec<_>>().join("\n")
}

/// Every `.rs` file below `folder`.
fn rust_files_below(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let entries = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", folder.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files.extend(rust_files_below(&path));
        } else if path
            .extension()
            .map_or(false, |extension| extension == "rs")
        {
            files.push(path);
        }
    }
    files
}

#[test]
fn no_retired_word_in_the_readme_or_in_the_comments_of_the_solution_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let read = |path: &Path| {
        fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
    };
    let readme = root.join("README.md");
    let mut texts = vec![(readme.clone(), read(&readme))];
    let mut source_folders = vec![root.join("common/src")];
    for problem in fs::read_dir(root.join("problems")).expect("the problems folder") {
        source_folders.push(problem.expect("a problem folder").path().join("src"));
    }
    for folder in source_folders.iter().filter(|folder| folder.is_dir()) {
        for file in rust_files_below(folder) {
            texts.push((file.clone(), comments_of(&read(&file))));
        }
    }
    let mut report = Vec::new();
    for (path, text) in &texts {
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        for hit in retired_words_in(text) {
            report.push(format!(
                "{shown}:{}: \"{}\" is retired; say \"{}\"",
                hit.line, hit.retired, hit.instead
            ));
        }
    }
    assert!(texts.len() > 10, "only {} files read", texts.len());
    assert!(
        report.is_empty(),
        "{} retired words:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn the_checker_rejects_a_retired_word_and_accepts_clean_text() {
    let hits = retired_words_in("Three cells where a row meets a box.\nA Segment of the row.");
    let expected = Hit {
        line: 2,
        retired: "segment",
        instead: "mini-line",
    };
    assert_eq!(hits, [expected]);
    // A phrase split over spaces is one phrase; a word inside another word is not one.
    assert_eq!(retired_words_in("the open   digits of a band").len(), 1);
    assert!(retired_words_in("An unblocked mini-line; the open cells.").is_empty());
    assert!(retired_words_in("tdoku calls a permutation a configuration.").is_empty());
    // Only comments count in a source, with their line numbers.
    let source = "let segment = 1;\n// a block of cells\nlet x = 2; // two blocks";
    let found: Vec<(usize, &str)> = retired_words_in(&comments_of(source))
        .iter()
        .map(|hit| (hit.line, hit.retired))
        .collect();
    assert_eq!(found, [(2, "block"), (3, "blocks")]);
}
