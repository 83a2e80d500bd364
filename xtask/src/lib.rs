//! The project's verification library: what the correctness tests and `cargo xtask stress`
//! judge the solutions against.
//!
//! - [`exact_cover`]: Knuth's Algorithm X, the engine of both reference solvers.
//! - [`reference`](mod@reference): the reference Sudoku solver, the smallest-completion oracle and a
//!   validity check, sharing no code with the solutions.
//! - [`generate`]: random solved grids and puzzles.
//! - [`domino`]: Su-domino-ku: the judge's format, a reference solver and a generator of
//!   puzzles with one solved grid.
//! - [`data`]: the benchmark puzzle sets in `data/`.
//! - [`baseline`]: plain row-major backtracking, the textbook method the benchmarks
//!   compare against.
//! - [`bundle`]: one source file for the judge, made from a problem crate and `common`,
//!   and its build with plain `rustc`, as `cargo xtask bundle` and `check --bundled` do.

pub mod baseline;
pub mod bundle;
pub mod data;
pub mod domino;
pub mod exact_cover;
pub mod generate;
pub mod reference;
