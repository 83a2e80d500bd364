//! The climb's pictures, drawn by the code they show (`cargo xtask draw`): one SVG per rung
//! of the ladder from 1 ([`common::ladder::RUNGS`]), in each language of [`Language`]:
//! `docs/climb/rung-01.svg` to `rung-19.svg` in English, `docs/climb/ko/` the same in
//! Korean, each the moment on the rung's chosen puzzle where its idea first acts. The
//! drawing code is one for all languages; the words come from [`words`]. Every digit,
//! mark, bit and count in them is read from the code's own state, tables and index
//! functions, so a changed rule, layout or table changes its picture, and
//! `xtask/tests/draw.rs` fails until the picture is drawn again.
//!
//! What a picture shows follows its rung's [`Idea`]:
//! - [`inference`]: what the rung's rules remove and decide at the root, on the pencil
//!   marks the rung below leaves, and what made each rule act ([`causes`]);
//! - [`branching`]: where the rung branches at the root, against the rung below, and why;
//! - [`cell_words`] and [`band_words`]: the layout a representation rung's words use,
//!   filled with the puzzle's state;
//! - [`changes`]: what an incremental-work rung looks at again after the first guess.
//!
//! [`svg`] writes the elements (the same bytes every time), [`frame`] lays out a title,
//! the drawing, a caption and a legend, [`grid`] draws the 9×9 grid, [`bits`] draws words
//! as rows of boxes, and [`root`] reads a rung's state at its root.

pub mod band_words;
pub mod bits;
pub mod branching;
pub mod causes;
pub mod cell_words;
pub mod changes;
pub mod frame;
pub mod grid;
pub mod inference;
pub mod root;
pub mod svg;
pub mod words;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use common::ladder::{Idea, Rung, RUNGS};
pub use words::Language;

/// One picture as drawn: its language, its file's name and its SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The language of its words.
    pub language: Language,
    /// `rung-07.svg`.
    pub file_name: String,
    /// The SVG document.
    pub svg: String,
}

impl Drawn {
    /// Its path under the pictures' folder: `rung-07.svg`, `ko/rung-07.svg`.
    pub fn path(&self) -> PathBuf {
        self.language.folder().join(&self.file_name)
    }
}

/// Where the pictures live: `docs/climb/` of the workspace.
pub fn folder() -> PathBuf {
    crate::project_root().join("docs").join("climb")
}

/// `rung-07.svg`: the file of rung `number`'s picture.
pub fn file_name(number: usize) -> String {
    format!("rung-{number:02}.svg")
}

/// Every rung's picture but rung 0's, the ladder's start, in the ladder's order, in every
/// language.
pub fn draw_all() -> Result<Vec<Drawn>> {
    let mut drawn = Vec::new();
    for language in Language::ALL {
        for rung in RUNGS.iter().filter(|rung| rung.idea != Idea::Start) {
            let svg = draw(rung, language)
                .with_context(|| format!("drawing rung {} in {language:?}", rung.number))?;
            drawn.push(Drawn {
                language,
                file_name: file_name(rung.number),
                svg,
            });
        }
    }
    Ok(drawn)
}

/// `rung`'s picture in `language`, as its idea calls for.
pub fn draw(rung: &Rung, language: Language) -> Result<String> {
    let words = language.words();
    let picture = match rung.idea {
        Idea::Start => bail!(
            "rung {} is the ladder's start: it has no picture",
            rung.number
        ),
        Idea::Inference => inference::draw(rung, words)?,
        Idea::Branching => branching::draw(rung, words)?,
        Idea::Representation | Idea::IncrementalWork => match rung.number {
            2 => cell_words::candidate_mask(rung, words)?,
            5 => cell_words::digit_set(rung, words)?,
            6 => cell_words::counted_at_once(rung, words)?,
            7 => cell_words::band_words(rung, words)?,
            8 => band_words::band_rule_table(rung, words)?,
            9 => changes::changed_words(rung, words)?,
            11 => band_words::straight_line(rung, words)?,
            13 => band_words::mini_line_counts(rung, words)?,
            19 => changes::changed_digits(rung, words)?,
            other => bail!("rung {other} has no layout picture: add one in xtask/src/draw/"),
        },
    };
    Ok(picture.to_svg(language.fonts()))
}

/// How a file of the folder stands against what the code draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The code draws it; the folder has no such file.
    Missing,
    /// The file differs from what the code draws.
    Differs,
    /// The folder has it; the code draws no such picture.
    NotDrawn,
}

/// The files under `folder` that differ from `drawn`, by path (`ko/rung-07.svg`), with
/// how; none when every picture is there as drawn and no other SVG is in a language's
/// folder.
pub fn compare(folder: &Path, drawn: &[Drawn]) -> Result<Vec<(PathBuf, Difference)>> {
    let mut differences = Vec::new();
    for picture in drawn {
        let path = folder.join(picture.path());
        if !path.is_file() {
            differences.push((picture.path(), Difference::Missing));
        } else if read(&path)? != picture.svg {
            differences.push((picture.path(), Difference::Differs));
        }
    }
    for language in Language::ALL {
        for name in svg_files(&folder.join(language.folder()))? {
            let path = language.folder().join(name);
            if !drawn.iter().any(|picture| picture.path() == path) {
                differences.push((path, Difference::NotDrawn));
            }
        }
    }
    Ok(differences)
}

/// Writes the pictures of `drawn` that are missing from `folder` or differ there, and
/// returns their paths under it.
pub fn write(folder: &Path, drawn: &[Drawn]) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for picture in drawn {
        let path = folder.join(picture.path());
        if path.is_file() && read(&path)? == picture.svg {
            continue;
        }
        let parent = path.parent().unwrap_or(folder);
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
        std::fs::write(&path, &picture.svg)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(picture.path());
    }
    Ok(written)
}

/// The text of `path`.
fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// The names of the SVG files in `folder`, sorted; none when there is no such folder.
fn svg_files(folder: &Path) -> Result<Vec<String>> {
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    let mut names = Vec::new();
    for entry in
        std::fs::read_dir(folder).with_context(|| format!("reading {}", folder.display()))?
    {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}
