//! The project's tooling library: what `cargo xtask` (`src/main.rs`, whose subcommands are in
//! `src/commands/`) and the tests share. One folder per layer; `xtask/ARCHITECTURE.md`
//! maps them and states the rules they keep (no module cycle, the judge knows nothing of
//! manifests, the reference solvers share no code with the solutions).
//!
//! Finding and judging the solutions:
//! - [`problems`]: the table of problems (each problem's input format, solvers, answer
//!   format, cell names, bench sets, stress generator and checker) and the one parser of
//!   their names; [`problems::workspace`]: the workspace as cargo reports it (its root,
//!   target folder and problem crates) and the binaries cargo has just built;
//!   [`problems::data`]: the benchmark puzzle sets in `data/`.
//! - [`judge`]: runs one solution on one input, bounded in time and output, measures its
//!   time and peak memory, and decides the verdict (AC, WA, RE, TLE, MLE);
//!   [`judge::checker`] decides whether an output is right, as the judge would, a line at
//!   a time.
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
//!   one solved grid; [`reference::domino_textbook`]: plain row-major backtracking for
//!   Su-domino-ku, the textbook method `bench --baseline` compares problem 4574 against
//!   (for Sudoku that is rung 0 of [`common::ladder`]).
//!
//! Watching a solution reason:
//! - [`trace`](mod@trace): a solution's search recorded step by step, and that record as
//!   text; [`trace::page`]: the same record as a page that replays it on the grid.

pub mod bundle;
pub mod judge;
pub mod problems;
pub mod reference;
pub mod trace;

pub use problems::workspace::project_root;
