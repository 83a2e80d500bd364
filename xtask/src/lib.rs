//! The project's tooling library: what `cargo xtask` (`src/main.rs`, whose subcommands are in
//! `src/commands/`) and the tests share. One folder per layer; `xtask/ARCHITECTURE.md`
//! maps them and states the rules they keep (no module cycle, the judge knows nothing of
//! manifests, the reference solvers share no code with the solutions, problem knowledge
//! only in the problems' folders and the table of problems, one root, one runner). The root of the workspace is
//! [`project_root`], and a mistake on the command line found after parsing is a
//! [`usage_error`].
//!
//! Finding and judging the solutions:
//! - [`problems`]: the table of problems, what the members of a family offer in-process
//!   (each one's formats, solvers, the right answer as the reference finds it, its own
//!   count of answers if it has one and the judge's promise, and what its family of
//!   puzzles shares: cell names, random and hard inputs, bench sets and baseline), the one
//!   enum of puzzles ([`problems::Puzzle`]) and the one parser of problem names; [`problems::workspace`]: the workspace as cargo
//!   reports it (its target folder and problem crates, each a folder with its judge's
//!   facts and its own programs) and the binaries cargo has just built; [`problems::data`]: the
//!   benchmark puzzle sets in `data/`; [`problems::recording`]: a problem's search
//!   recorded on an input, for `trace`.
//! - [`judge`]: runs one solution on one input, bounded in time and output, measures its
//!   time and peak memory, and decides the verdict (AC, PE, WA, RE, OLE, TLE, MLE);
//!   [`judge::checker`] decides whether an output is right, as the judge would: a line at
//!   a time, as a Sudoku, or by the problem's own checker; [`judge::language`] compiles and
//!   runs a learner's source as the judge does.
//! - [`bundle`](mod@bundle): one source file for the judge, made from a problem crate and
//!   `common`, and its build with plain `rustc`, as `cargo xtask bundle` and
//!   `check --bundled` do.
//!
//! What the correctness tests and `cargo xtask stress` judge the solutions against:
//! - [`reference`](mod@reference): the reference Sudoku solver, the smallest-completion
//!   oracle and a validity check, sharing no code with the solutions; inside it,
//!   [`reference::exact_cover`]: Knuth's Algorithm X, the engine of both reference solvers;
//!   [`reference::generate`]: random solved grids and puzzles; [`reference::domino`]:
//!   Su-domino-ku: the judge's format, a reference solver and a generator of puzzles with
//!   one solved grid.
//!
//! Showing the climb:
//! - [`draw`]: the ladder's pictures, one SVG per rung in `docs/climb/`, drawn from the
//!   code's own state, tables and index functions.
//!
//! Watching a solution reason:
//! - [`trace`](mod@trace): the recorder every observed solver reports to, and its record
//!   as text; [`trace::page`]: the same record as a page that replays it on the grid.

pub mod bundle;
pub mod draw;
pub mod judge;
pub mod problems;
pub mod reference;
pub mod trace;

use std::fmt;
use std::path::{Path, PathBuf};

/// The root of the workspace, which holds `xtask/`, `problems/` and `common/`: the parent
/// of `xtask/`, which cargo names in `CARGO_MANIFEST_DIR` when it compiles this crate. The
/// one way the tooling and its tests find the workspace (`xtask/ARCHITECTURE.md`, rule 5).
pub fn project_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// A mistake on the command line that the parser cannot see (an unknown problem name,
/// `-o` with several problems): a clap error, which `cargo xtask` reports as it reports
/// the parser's own, with exit code 2.
pub fn usage_error(message: impl fmt::Display) -> anyhow::Error {
    clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{message}\n")).into()
}
