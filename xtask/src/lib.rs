//! The project's tooling library: what `cargo xtask` (`src/main.rs`) and the tests share.
//!
//! Finding and judging the solutions:
//! - [`workspace`]: the workspace as cargo reports it (its root, target folder and problem
//!   crates) and the binaries cargo has just built.
//! - [`judge`]: runs one solution on one input, bounded in time and output, and decides
//!   the verdict; [`checker`] decides whether an output is right, as the judge would.
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
//! - [`baseline`]: plain row-major backtracking, the textbook method the benchmarks
//!   compare against.

pub mod baseline;
pub mod bundle;
pub mod checker;
pub mod data;
pub mod domino;
pub mod exact_cover;
pub mod generate;
pub mod judge;
pub mod reference;
pub mod workspace;

pub use workspace::project_root;
