//! The `draw` subcommand: the climb's pictures, drawn by the code they show
//! ([`xtask::draw`]).
//!
//! `cargo xtask draw` writes `docs/climb/rung-01.svg` to `rung-19.svg`, one per rung of
//! the ladder from 1, and the same in Korean in `docs/climb/ko/`, and names the files it
//! changed. `cargo xtask draw --check` writes
//! nothing: it names each picture that differs from what the code draws now (or is
//! missing, or is drawn by nothing) and exits 1 if there is one, as `xtask/tests/draw.rs`
//! does under `cargo test`.

use std::process::ExitCode;

use anyhow::Result;
use xtask::draw::{compare, draw_all, folder, write, Difference};

/// Draw the ladder's pictures into docs/climb/ from the code's own state.
///
/// One SVG per rung from 1, each the moment on the rung's chosen puzzle where its idea
/// first acts, or the layout its words use; in English, and in Korean in docs/climb/ko/.
#[derive(clap::Args)]
pub struct Arguments {
    /// Write nothing: name the pictures that differ from what the code draws, and exit 1
    /// if there is one.
    #[arg(long)]
    check: bool,
}

/// Draws every picture, then writes them or compares them.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let drawn = draw_all()?;
    let folder = folder();
    if arguments.check {
        let differences = compare(&folder, &drawn)?;
        for (name, difference) in &differences {
            let how = match difference {
                Difference::Missing => "missing: the code draws it",
                Difference::Differs => "differs from what the code draws",
                Difference::NotDrawn => "drawn by nothing: the code draws no such picture",
            };
            outln!("docs/climb/{}: {how}", name.display());
        }
        if differences.is_empty() {
            outln!("{} pictures, each as the code draws it", drawn.len());
            return Ok(ExitCode::SUCCESS);
        }
        outln!("run `cargo xtask draw` to draw them again");
        return Ok(ExitCode::FAILURE);
    }
    let written = write(&folder, &drawn)?;
    for name in &written {
        outln!("wrote docs/climb/{}", name.display());
    }
    outln!("{} pictures, {} written", drawn.len(), written.len());
    Ok(ExitCode::SUCCESS)
}
