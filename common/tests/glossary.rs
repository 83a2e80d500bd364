//! One meaning per word: the words the glossary (`common/src/lib.rs`) retired stay out of
//! the climb (the README up to "What is verified", `docs/*.md` but the notebook
//! `docs/experiments.md`) and out of the comments of the solution crates, so the drift
//! they caused cannot come back unnoticed.
//!
//! A word is found case-insensitively and as a whole word (`blocks` is not `block`, and
//! `unblocked` is neither). A line that also says "tdoku" may quote tdoku's own terms,
//! unless the entry says otherwise.

use std::fs;
use std::path::{Path, PathBuf};

/// A retired word or phrase, and what to say instead.
struct Retired {
    word: &'static str,
    instead: &'static str,
    /// Whether a line naming tdoku may still say it (quoting tdoku's own terms).
    tdoku_may_say_it: bool,
}

/// A retired word that a line naming tdoku may quote.
const fn retired(word: &'static str, instead: &'static str) -> Retired {
    Retired {
        word,
        instead,
        tdoku_may_say_it: true,
    }
}

/// Each retired word or phrase, and the word to use instead.
const RETIRED: [Retired; 36] = [
    retired("segment", "mini-line"),
    retired("segments", "mini-lines"),
    retired("block", "box, or mini-line"),
    retired("blocks", "boxes, or mini-lines"),
    retired("configuration", "permutation"),
    retired("configurations", "permutations"),
    retired("open digit", "unsettled digit"),
    retired("open digits", "unsettled digits"),
    retired("open lines", "chutes with unsettled digits"),
    retired("search on lines", "branching on chutes"),
    retired("line branch", "chute branch"),
    retired("second part", "only three (the mini-line rule's part)"),
    // The observer's text is a remark, as the trace prints it.
    retired("a note", "a remark"),
    retired("the note", "the remark"),
    retired("note above", "remark above"),
    retired("81 note", "remark (the trace's word)"),
    // Su-domino-ku's pieces are dominoes.
    retired("tile", "domino"),
    retired("tiles", "dominoes"),
    // Open is said of cells; a chute is early.
    retired("wide open", "early"),
    retired("wide-open", "early"),
    retired("open chute", "early chute, or chute with unsettled digits"),
    retired(
        "open chutes",
        "early chutes, or chutes with unsettled digits",
    ),
    // Confined is said of digits in a mini-line; a chute guess keeps a permutation.
    retired("confines a digit", "keeps one permutation of a digit"),
    retired("confine a digit", "keep one permutation of a digit"),
    retired("confined to one permutation", "keeping one permutation"),
    retired("confined to a permutation", "keeping one permutation"),
    retired("confined to box", "whose places lie in box"),
    retired("confined to a box", "whose places lie in a box"),
    // A permutation is read from the boxes: which mini-line of each box holds the digit.
    retired("which box each", "which mini-line of each box"),
    // Every way tried is a guess; tdoku's count is the free guesses.
    Retired {
        word: "tdoku's way",
        instead: "free guesses",
        tdoku_may_say_it: false,
    },
    // Prose counts from 1.
    retired("row 0", "row 1 (prose counts from 1), or `0` in code"),
    retired("column 0", "column 1 (prose counts from 1), or `0` in code"),
    retired("box 0", "box 1 (prose counts from 1), or `0` in code"),
    retired("band 0", "band 1 (prose counts from 1), or `0` in code"),
    retired("stack 0", "stack 1 (prose counts from 1), or `0` in code"),
    retired("chute 0", "chute 1 (prose counts from 1), or `0` in code"),
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

/// The retired words in `text` (line `line`), whole words, any case; on a line that names
/// tdoku, only those that tdoku may not say.
fn retired_words_in_line(line: usize, text: &str) -> Vec<Hit> {
    // One space between words, so that a phrase matches however the text is spaced.
    let text = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let names_tdoku = text.contains("tdoku");
    let mut hits = Vec::new();
    for retired in RETIRED
        .iter()
        .filter(|r| !(names_tdoku && r.tdoku_may_say_it))
    {
        let whole_word_at = |start: usize| {
            let before = text[..start].chars().next_back();
            let after = text[start + retired.word.len()..].chars().next();
            !before.map_or(false, is_word_char) && !after.map_or(false, is_word_char)
        };
        if text
            .match_indices(retired.word)
            .any(|(start, _)| whole_word_at(start))
        {
            hits.push(Hit {
                line,
                retired: retired.word,
                instead: retired.instead,
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

/// Every file below `folder` whose name ends in `.{extension}`.
fn files_below(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let entries = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", folder.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files.extend(files_below(&path, extension));
        } else if path.extension().map_or(false, |found| found == extension) {
            files.push(path);
        }
    }
    files
}

/// The climb's texts, each with its path from the root: the README up to "What is
/// verified", the pages of `docs/` but the notebook, and the comments of every source of
/// `common` and the problems.
fn texts_of_the_climb(root: &Path) -> Vec<(String, String)> {
    let read = |path: &Path| {
        fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
    };
    let shown = |path: &Path| {
        let relative = path.strip_prefix(root).unwrap_or(path);
        relative.display().to_string().replace('\\', "/")
    };
    let readme = read(&root.join("README.md"));
    let front = readme
        .split("\n## What is verified")
        .next()
        .expect("split gives one piece at least");
    let mut texts = vec![("README.md".to_string(), front.to_string())];
    for page in files_below(&root.join("docs"), "md") {
        if page
            .file_name()
            .map_or(false, |name| name != "experiments.md")
        {
            texts.push((shown(&page), read(&page)));
        }
    }
    let mut source_folders = vec![root.join("common/src")];
    for problem in fs::read_dir(root.join("problems")).expect("the problems folder") {
        source_folders.push(problem.expect("a problem folder").path().join("src"));
    }
    for folder in source_folders.iter().filter(|folder| folder.is_dir()) {
        for file in files_below(folder, "rs") {
            texts.push((shown(&file), comments_of(&read(&file))));
        }
    }
    texts
}

#[test]
fn no_retired_word_in_the_climb_or_in_the_comments_of_the_solution_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let texts = texts_of_the_climb(&root);
    assert!(texts.len() > 10, "only {} files read", texts.len());
    let mut report = Vec::new();
    for (path, text) in &texts {
        for hit in retired_words_in(text) {
            report.push(format!(
                "{path}:{}: \"{}\" is retired; say \"{}\"",
                hit.line, hit.retired, hit.instead
            ));
        }
    }
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
    // Issue 35's words: each old use is found, and the use the glossary keeps is not.
    let words = |text: &str| -> Vec<&str> {
        let hits = retired_words_in(text);
        hits.iter().map(|hit| hit.retired).collect()
    };
    assert_eq!(words("guesses counted tdoku's way"), ["tdoku's way"]);
    assert_eq!(words("24 28/81  note  3 in band 2"), ["81 note"]);
    assert!(words("the band rule's sweeps note the bands").is_empty());
    assert_eq!(words("lay a tile"), ["tile"]);
    assert!(words("lay a domino on two open cells").is_empty());
    assert_eq!(words("while every chute is wide open"), ["wide open"]);
    assert!(words("while every chute is early").is_empty());
    assert_eq!(
        words("a guess confines a digit to it"),
        ["confines a digit"]
    );
    assert!(words("three digits confined to a mini-line fill it").is_empty());
    assert_eq!(words("digit 3 in row 0"), ["row 0"]);
    assert!(words("rows `0..9`, row 10 of nothing").is_empty());
    // Only comments count in a source, with their line numbers.
    let source = "let segment = 1;\n// a block of cells\nlet x = 2; // two blocks";
    let found: Vec<(usize, &str)> = retired_words_in(&comments_of(source))
        .iter()
        .map(|hit| (hit.line, hit.retired))
        .collect();
    assert_eq!(found, [(2, "block"), (3, "blocks")]);
}
