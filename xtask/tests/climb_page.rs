//! The climb in pictures, in English (`docs/climb.md`) and in Korean (`docs/climb.ko.md`),
//! holds what it shows, checked the same way on both pages: one section per rung of
//! [`RUNGS`], in order, each with its picture (in the page's language), its code and a try
//! on the rung's chosen puzzle; every try exits 0 and prints what the page shows (compared
//! by `snapbox`, where `...` stands for lines and `[..]` for part of a line); every figure
//! the prose cites (a count of guesses, a time in µs) is one a try of the section prints or
//! the ladder's table (in the README) holds, for the rung or the one below; no section's
//! prose runs past 120 words. The Korean headings are the Korean pictures' titles.

mod support;

use std::fs;

use common::ladder::{Rung, RUNGS};
use support::xtask;
use xtask::draw::Language;

/// The two pages of the climb.
const PAGES: [Page; 2] = [
    Page {
        file: "climb.md",
        language: Language::English,
    },
    Page {
        file: "climb.ko.md",
        language: Language::Korean,
    },
];

/// A page of the climb, in its language.
#[derive(Clone, Copy)]
struct Page {
    /// Its file in `docs/`.
    file: &'static str,
    language: Language,
}

impl Page {
    /// Its text, read from the workspace.
    fn text(self) -> String {
        let path = xtask::project_root().join("docs").join(self.file);
        fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
    }

    /// Whether `line` opens a rung's section: `## Rung 4: ...`, `## 4단계: ...`.
    fn is_rung_heading(self, line: &str) -> bool {
        match self.language {
            Language::English => line.starts_with("## Rung "),
            Language::Korean => line
                .strip_prefix("## ")
                .and_then(|rest| rest.split_once("단계: "))
                .is_some_and(|(number, _)| number.parse::<usize>().is_ok()),
        }
    }

    /// How the section of rung `number` starts.
    fn heading_start(self, number: usize) -> String {
        match self.language {
            Language::English => format!("## Rung {number}: "),
            Language::Korean => format!("## {number}단계: "),
        }
    }

    /// The figures `prose` cites, each with whether it is a result ("A guesses fall to
    /// B": B is the rung's own): a count of guesses or a time in µs.
    fn cited(self, prose: &str) -> Vec<(f64, bool)> {
        let words: Vec<&str> = prose.split_whitespace().collect();
        let mut cited = Vec::new();
        for (index, word) in words.iter().enumerate() {
            let next = words.get(index + 1).copied().unwrap_or("");
            let unit = next.trim_end_matches([',', '.', ';', ')']);
            match self.language {
                Language::English => {
                    let Some(figure) = number(word) else {
                        continue;
                    };
                    let before = &words[index.saturating_sub(2)..index];
                    // "A guesses fall to B", "A guesses become B": B is this rung's own.
                    let result = before == ["fall", "to"] || before.last() == Some(&"become");
                    if result || matches!(unit, "guesses" | "µs") {
                        cited.push((figure, result));
                    }
                }
                Language::Korean => {
                    // "추측 124번", "추측 27번으로 줄어듭니다" (a result), "52.3 µs".
                    if let Some(figure) = number(word) {
                        if unit == "µs" {
                            cited.push((figure, false));
                        }
                    } else if *word == "추측" {
                        if let Some((count, rest)) = next.split_once('번') {
                            let figure = number(count).expect("a count after 추측");
                            cited.push((figure, rest.starts_with("으로")));
                        }
                    }
                }
            }
        }
        cited
    }
}

/// One command of a try and the output the page shows for it.
struct Try {
    /// The words after `$ cargo xtask`.
    arguments: Vec<String>,
    /// The lines the page shows under it, with its wildcards.
    expected: String,
}

/// A rung's section: its heading, its prose (what is neither picture nor try), its tries.
struct Section {
    heading: String,
    prose: Vec<String>,
    tries: Vec<Try>,
}

/// The page's sections of the rungs, in the page's order.
fn sections(page: Page) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut in_console = false;
    for line in page.text().lines() {
        if line.starts_with("## ") {
            in_console = false;
            if page.is_rung_heading(line) {
                sections.push(Section {
                    heading: line.to_string(),
                    prose: Vec::new(),
                    tries: Vec::new(),
                });
            } else {
                // Past the rungs: the table and anything after it are no rung's.
                if !sections.is_empty() {
                    break;
                }
            }
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if line == "```console" {
            in_console = true;
        } else if in_console && line == "```" {
            in_console = false;
        } else if in_console {
            if let Some(command) = line.strip_prefix("$ ") {
                let words: Vec<String> = command.split_whitespace().map(String::from).collect();
                assert_eq!(
                    words[..2],
                    ["cargo", "xtask"],
                    "{}: a try is a `cargo xtask` command: {line}",
                    section.heading
                );
                section.tries.push(Try {
                    arguments: words[2..].to_vec(),
                    expected: String::new(),
                });
            } else {
                let last = section.tries.last_mut().expect("a command opens a try");
                last.expected.push_str(line);
                last.expected.push('\n');
            }
        } else {
            section.prose.push(line.to_string());
        }
    }
    sections
}

/// The words `--rung K --puzzle SET:N` of `rung` with its chosen puzzle.
fn rung_and_puzzle(rung: &Rung) -> [String; 4] {
    let puzzle = rung.chosen_puzzle;
    [
        "--rung".to_string(),
        rung.number.to_string(),
        "--puzzle".to_string(),
        format!("{}:{}", puzzle.set, puzzle.number),
    ]
}

/// A number as the page writes it (`4258`, `345,997`, `52.1`, `(62.7`), or `None`.
fn number(word: &str) -> Option<f64> {
    let word = word.trim_start_matches('(');
    let word = word.trim_end_matches([',', '.', ';', ':', ')']);
    word.replace(',', "").parse().ok()
}

/// The counts `N guesses` of `text`.
fn guess_counts(text: &str) -> Vec<f64> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(2)
        .filter(|pair| pair[1].trim_end_matches([',', '.', ';']) == "guesses")
        .filter_map(|pair| number(pair[0]))
        .collect()
}

/// The figures a rung's section may cite: the counts its tries print and its row of the
/// ladder's table (every cell that is a number).
fn figures(section: &Section, table: &str, rung: usize) -> Vec<f64> {
    let mut figures: Vec<f64> = section
        .tries
        .iter()
        .flat_map(|one| guess_counts(&one.expected))
        .collect();
    let row = format!("| {rung} |");
    for line in table.lines().filter(|line| line.starts_with(&row)) {
        figures.extend(line.split('|').filter_map(|cell| number(cell.trim())));
    }
    figures
}
#[test]
fn every_rung_has_its_section_picture_code_and_try_on_its_chosen_puzzle() {
    for page in PAGES {
        check_sections(page);
    }
}

/// One page's sections against the ladder.
fn check_sections(page: Page) {
    let sections = sections(page);
    assert_eq!(
        sections.len(),
        RUNGS.len(),
        "{}: one section per rung",
        page.file
    );
    let root = xtask::project_root();
    for (section, rung) in sections.iter().zip(RUNGS) {
        let heading = &section.heading;
        let title = page.heading_start(rung.number);
        assert!(heading.starts_with(&title), "{heading}: expected {title}");
        if page.language == Language::Korean {
            let picture_title = format!("## {}", page.language.words().title(&rung));
            assert_eq!(
                *heading, picture_title,
                "the heading is the picture's title"
            );
        }
        let prose = section.prose.join("\n");
        if rung.number > 0 {
            let folder = page.language.folder();
            let name = folder.join(format!("rung-{:02}.svg", rung.number));
            let picture = format!("](climb/{})", name.display());
            assert!(prose.contains(&picture), "{heading}: no picture {picture}");
            let file = root.join("docs/climb").join(&name);
            assert!(file.is_file(), "{heading}: {} is missing", file.display());
        }
        let code = format!("(../common/src/ladder/rung{}_", rung.number);
        let link = prose
            .split(&code)
            .nth(1)
            .unwrap_or_else(|| panic!("{heading}: no link to its code {code}..."));
        let file = format!(
            "common/src/ladder/rung{}_{}",
            rung.number,
            &link[..link.find(')').unwrap()]
        );
        assert!(root.join(&file).is_file(), "{heading}: {file} is missing");
        let last = section
            .tries
            .last()
            .unwrap_or_else(|| panic!("{heading}: no try"));
        let wanted = rung_and_puzzle(&rung);
        assert!(
            last.arguments.windows(4).any(|words| words == wanted),
            "{heading}: its last try runs {} on its chosen puzzle",
            wanted.join(" ")
        );
    }
}

#[test]
fn every_figure_in_the_prose_is_one_a_try_prints_or_the_table_holds() {
    let readme = fs::read_to_string(xtask::project_root().join("README.md")).expect("README");
    let table = &readme[readme
        .find("<!-- bench-ladder:begin -->")
        .expect("the table")..];
    for page in PAGES {
        let sections = sections(page);
        for (rung, section) in sections.iter().enumerate() {
            let here = figures(section, table, rung);
            let mut here_or_below = here.clone();
            if rung > 0 {
                here_or_below.extend(figures(&sections[rung - 1], table, rung - 1));
            }
            let prose = section.prose.join(" ");
            for (figure, result) in page.cited(&prose) {
                let allowed = if result { &here } else { &here_or_below };
                assert!(
                    allowed.contains(&figure),
                    "{}: the prose cites {figure}, which neither its tries nor the table's \
                     row{} hold",
                    section.heading,
                    if result {
                        ""
                    } else {
                        "s of this rung and the one below"
                    }
                );
            }
        }
    }
}

#[test]
fn no_section_runs_past_120_words() {
    for page in PAGES {
        for section in sections(page) {
            let words = section
                .prose
                .iter()
                .filter(|line| !line.starts_with("!["))
                .map(|line| line.split_whitespace().count())
                .sum::<usize>();
            assert!(words <= 120, "{}: {words} words", section.heading);
        }
    }
}

#[test]
fn every_try_prints_what_the_page_shows() {
    for page in PAGES {
        for section in sections(page) {
            for one in &section.tries {
                check_try(&section, one);
            }
        }
    }
}

/// Runs one try and compares what it prints with the page.
fn check_try(section: &Section, one: &Try) {
    let arguments: Vec<&str> = one.arguments.iter().map(String::as_str).collect();
    let output = xtask(&arguments).output().expect("xtask starts");
    let shown = format!("$ cargo xtask {}", arguments.join(" "));
    // Rung 0's try too: a search stopped at its cap is an answer, not a failure.
    assert!(
        output.status.success(),
        "{}: {shown} exits with {}",
        section.heading,
        output.status
    );
    let printed = String::from_utf8(output.stdout).expect("the trace is UTF-8");
    if let Err(error) =
        snapbox::Assert::new().try_eq(Some(&shown), printed.into(), one.expected.clone().into())
    {
        panic!("{}: {shown} prints otherwise:\n{error}", section.heading);
    }
}
