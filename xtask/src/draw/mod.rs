//! The climb's pictures, drawn by the code they show (`cargo xtask draw`): one SVG per rung
//! of the ladder from 1 ([`common::ladder::RUNGS`]), `docs/climb/rung-01.svg` to
//! `rung-19.svg`, each the moment on the rung's chosen puzzle where its idea first acts.
//! Every digit, mark, bit and count in them is read from the code's own state, tables and
//! index functions, so a changed rule, layout or table changes its picture, and
//! `xtask/tests/draw.rs` fails until the picture is drawn again.
//!
//! What a picture shows follows its rung's [`Idea`]:
//! - [`inference`]: what the rung's rules remove and decide at the root, on the pencil
//!   marks the rung below leaves;
//! - [`branching`]: where the rung branches at the root, against the rung below;
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
pub mod cell_words;
pub mod changes;
pub mod frame;
pub mod grid;
pub mod inference;
pub mod root;
pub mod svg;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use common::ladder::{Idea, Rung, RUNGS};

/// One picture as drawn: its file's name and its SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// `rung-07.svg`.
    pub file_name: String,
    /// The SVG document.
    pub svg: String,
}

/// Where the pictures live: `docs/climb/` of the workspace.
pub fn folder() -> PathBuf {
    crate::project_root().join("docs").join("climb")
}

/// `rung-07.svg`: the file of rung `number`'s picture.
pub fn file_name(number: usize) -> String {
    format!("rung-{number:02}.svg")
}

/// Every rung's picture but rung 0's, the ladder's start, in the ladder's order.
pub fn draw_all() -> Result<Vec<Drawn>> {
    let pictured = RUNGS.iter().filter(|rung| rung.idea != Idea::Start);
    pictured
        .map(|rung| {
            let svg = draw(rung).with_context(|| format!("drawing rung {}", rung.number))?;
            Ok(Drawn {
                file_name: file_name(rung.number),
                svg,
            })
        })
        .collect()
}

/// `rung`'s picture, as its idea calls for.
pub fn draw(rung: &Rung) -> Result<String> {
    let picture = match rung.idea {
        Idea::Start => bail!(
            "rung {} is the ladder's start: it has no picture",
            rung.number
        ),
        Idea::Inference => inference::draw(rung)?,
        Idea::Branching => branching::draw(rung)?,
        Idea::Representation | Idea::IncrementalWork => match rung.number {
            2 => cell_words::candidate_mask(rung)?,
            5 => cell_words::digit_set(rung)?,
            6 => cell_words::counted_at_once(rung)?,
            7 => cell_words::band_words(rung)?,
            8 => band_words::band_rule_table(rung)?,
            9 => changes::changed_words(rung)?,
            11 => band_words::straight_line(rung)?,
            13 => band_words::mini_line_counts(rung)?,
            19 => changes::changed_digits(rung)?,
            other => bail!("rung {other} has no layout picture: add one in xtask/src/draw/"),
        },
    };
    Ok(picture.to_svg())
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

/// The files of `folder` that differ from `drawn`, by name, with how; none when every
/// picture is there as drawn and no other SVG is.
pub fn compare(folder: &Path, drawn: &[Drawn]) -> Result<Vec<(String, Difference)>> {
    let mut differences = Vec::new();
    for picture in drawn {
        let path = folder.join(&picture.file_name);
        if !path.is_file() {
            differences.push((picture.file_name.clone(), Difference::Missing));
        } else if read(&path)? != picture.svg {
            differences.push((picture.file_name.clone(), Difference::Differs));
        }
    }
    for name in svg_files(folder)? {
        if !drawn.iter().any(|picture| picture.file_name == name) {
            differences.push((name, Difference::NotDrawn));
        }
    }
    Ok(differences)
}

/// Writes the pictures of `drawn` that are missing from `folder` or differ there, and
/// returns their names.
pub fn write(folder: &Path, drawn: &[Drawn]) -> Result<Vec<String>> {
    std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    let mut written = Vec::new();
    for picture in drawn {
        let path = folder.join(&picture.file_name);
        if path.is_file() && read(&path)? == picture.svg {
            continue;
        }
        std::fs::write(&path, &picture.svg)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(picture.file_name.clone());
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
