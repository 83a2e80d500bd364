//! README.ko.md's map of the ladder against the ladder itself: one row per rung of
//! `common::ladder::RUNGS`, in order, each with the rung's number, its tag in Korean, the
//! file of the rung's module and, from rung 1, its Korean picture in `docs/climb/ko/`.

use common::ladder::{Idea, RUNGS};
use std::fs;
use xtask::draw::Language;
use xtask::project_root;

/// The heading of the map's section in README.ko.md.
const MAP_HEADING: &str = "### 사다리 지도";

/// The Korean name of each tag, as the map writes it: the pictures' own word for it.
fn korean_tag(idea: Idea) -> &'static str {
    Language::Korean.words().idea(idea)
}

/// One row of the map, cell by cell.
struct MapRow {
    line: usize,
    number: String,
    tag: String,
    code: String,
    picture: String,
}

/// The rows of the map: the table lines of its section whose first cell is a number.
fn map_rows(readme: &str) -> Vec<MapRow> {
    let lines: Vec<&str> = readme.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.trim() == MAP_HEADING)
        .unwrap_or_else(|| panic!("README.ko.md has no section {MAP_HEADING:?}"));
    let mut rows = Vec::new();
    for (index, line) in lines.iter().enumerate().skip(start + 1) {
        if line.starts_with('#') {
            break;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if !line.starts_with('|') || cells[0].parse::<usize>().is_err() {
            continue;
        }
        assert_eq!(
            cells.len(),
            5,
            "README.ko.md:{}: five cells expected",
            index + 1
        );
        rows.push(MapRow {
            line: index + 1,
            number: cells[0].to_string(),
            tag: cells[1].to_string(),
            code: cells[3].to_string(),
            picture: cells[4].to_string(),
        });
    }
    rows
}

/// The target of a Markdown link `[text](target)` that makes up the whole of `cell`, and
/// its text.
fn link(cell: &str) -> Option<(&str, &str)> {
    let inside = cell.strip_prefix('[')?.strip_suffix(')')?;
    let (text, target) = inside.split_once("](")?;
    Some((text, target))
}

/// The module of each rung, in order, as `RUNGS` in `common/src/ladder/mod.rs` names it
/// (`rung7_bands` for `rung7_bands::RUNG`).
fn rung_modules(ladder_source: &str) -> Vec<String> {
    let list = ladder_source
        .split_once("pub const RUNGS")
        .expect("common/src/ladder/mod.rs defines RUNGS")
        .1;
    let list = list.split_once("];").expect("RUNGS ends with `];`").0;
    list.lines()
        .filter_map(|line| line.trim().strip_suffix("::RUNG,"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_korean_map_has_one_row_per_rung_with_its_tag_code_and_picture() {
    let root = project_root();
    let readme = fs::read_to_string(root.join("README.ko.md")).expect("README.ko.md");
    let ladder = fs::read_to_string(root.join("common/src/ladder/mod.rs")).expect("the ladder");
    let modules = rung_modules(&ladder);
    assert_eq!(
        modules.len(),
        RUNGS.len(),
        "modules read from RUNGS: {modules:?}"
    );
    let rows = map_rows(&readme);
    assert_eq!(
        rows.len(),
        RUNGS.len(),
        "README.ko.md's map has {} rows for {} rungs",
        rows.len(),
        RUNGS.len()
    );
    for ((row, rung), module) in rows.iter().zip(RUNGS.iter()).zip(&modules) {
        let at = format!(
            "README.ko.md:{} (rung {} {})",
            row.line, rung.number, rung.name
        );
        assert_eq!(row.number, rung.number.to_string(), "{at}: the number");
        assert_eq!(row.tag, korean_tag(rung.idea), "{at}: the tag");

        let code_file = format!("common/src/ladder/{module}.rs");
        let (text, target) =
            link(&row.code).unwrap_or_else(|| panic!("{at}: the code cell is not a link"));
        assert_eq!(target, code_file, "{at}: the code link");
        assert_eq!(text, format!("{module}.rs"), "{at}: the code link's text");
        assert!(
            root.join(&code_file).is_file(),
            "{at}: {code_file} is missing"
        );

        if rung.number == 0 {
            assert!(link(&row.picture).is_none(), "{at}: rung 0 has no picture");
            continue;
        }
        let picture = format!("docs/climb/ko/rung-{:02}.svg", rung.number);
        let (_, target) =
            link(&row.picture).unwrap_or_else(|| panic!("{at}: the picture cell is not a link"));
        assert_eq!(target, picture, "{at}: the picture link");
        assert!(root.join(&picture).is_file(), "{at}: {picture} is missing");
    }
}

#[test]
fn the_map_reader_finds_rows_and_links_and_skips_the_rest() {
    let text = "intro\n### 사다리 지도\n\n| 단계 | 표시 | 아이디어 | 코드 | 그림 |\n\
                |---:|---|---|---|---|\n| 3 | 추론 | 싱글 | [a.rs](x/a.rs) | [그림](p.svg) |\n\
                \n## 다음\n| 4 | 분기 | x | y | z |\n";
    let rows = map_rows(text);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].line, rows[0].number.as_str()), (6, "3"));
    assert_eq!(rows[0].tag, "추론");
    assert_eq!(link(&rows[0].code), Some(("a.rs", "x/a.rs")));
    assert_eq!(link(&rows[0].picture), Some(("그림", "p.svg")));
    assert_eq!(link("없음"), None);
    let source = "pub const RUNGS: [Rung; 2] = [\n    rung0_a::RUNG,\n    rung1_b::RUNG,\n];";
    assert_eq!(rung_modules(source), ["rung0_a", "rung1_b"]);
}
