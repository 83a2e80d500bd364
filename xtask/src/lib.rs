//! The project's tooling library: what `cargo xtask` (`src/main.rs`) and the tests share.
//!
//! Finding and judging the solutions:
//! - [`registry`]: the one place that knows the problems by name, and the one parser of
//!   their names.
//! - [`workspace`]: the workspace as cargo reports it (its root, target folder and problem
//!   crates) and the binaries cargo has just built.
//! - [`judge`]: runs one solution on one input, bounded in time and output, measures its
//!   time and peak memory, and decides the verdict (AC, WA, RE, TLE, MLE); [`checker`]
//!   decides whether an output is right, as the judge would, a line at a time.
//! - [`bundle`]: one source file for the judge, made from a problem crate and `common`,
//!   and its build with plain `rustc`, as `cargo xtask bundle` and `check --bundled` do.
//!
//! What the correctness tests and `cargo xtask stress` judge the solutions against:
//! - [`exact_cover`]: Knuth's Algorithm X, the engine of both reference solvers.
//! - [`reference`](mod@reference): the reference Sudoku solver, the smallest-completion oracle and a
//!   validity check, sharing no code with the solutions.
//! - [`generate`]: random solved grids and puzzles.
//! - [`domino`]: Su-domino-ku: the judge's format, a reference solver and a generator of
//!   puzzles with one solved grid.
//! - [`data`]: the benchmark puzzle sets in `data/`.
//! - [`domino_textbook`]: plain row-major backtracking for Su-domino-ku, the textbook
//!   method `bench --baseline` compares problem 4574 against (for Sudoku that is rung 0
//!   of [`common::ladder`]).
//!
//! Watching a solution reason:
//! - [`trace`](mod@trace): a solution's search recorded step by step, and that record as
//!   text; [`trace_page`]: the same record as a page that replays it on the grid.

pub mod bundle;
pub mod checker;
pub mod data;
pub mod domino;
pub mod domino_textbook;
pub mod exact_cover;
pub mod generate;
pub mod judge;
pub mod reference;
pub mod registry;
pub mod trace;
pub mod trace_page;
pub mod workspace;

pub use workspace::project_root;
