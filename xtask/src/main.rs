//! The project's own tooling, run as `cargo xtask <SUBCOMMAND>`.
//!
//! This follows the cargo-xtask convention: `.cargo/config.toml` defines the alias
//! `xtask = "run --package xtask --"`, so the tooling is an ordinary Rust binary in the
//! workspace and needs nothing installed beyond cargo. `main` reads the subcommand and
//! hands it to one arm of a `match`; each subcommand lives in its own module.
//!
//! The modules, in the order a reader might open them:
//! - [`arguments`] reads a subcommand's words and `--name value` options.
//! - [`problems`] finds the problem crates under `problems/` and reads their judge facts.
//! - [`cargo`] builds the solutions in release mode and finds their binaries.
//! - [`judge`] runs one solution on one input and decides the verdict.
//! - [`checker`] decides whether an output is right, as the judge would.
//! - [`check`] is the `check` subcommand: build every solution and judge its samples.
//! - [`bundle_command`] is the `bundle` subcommand: one file per problem for the judge
//!   (the bundler itself is [`xtask::bundle`], in the library).
//! - [`new_problem`] is the `new` subcommand: a new problem crate from a skeleton.
//! - [`bench`] is the `bench` subcommand: timings of the solutions' libraries, and
//!   [`process_bench`] its `--process` mode: whole processes and their memory.
//! - [`generate_command`] is the `generate` subcommand: Su-domino-ku test files.
//! - [`trace`] is the `trace` subcommand: a solver's reasoning, step by step.
//! - [`stress`] is the `stress` subcommand: random inputs, judged by the reference solvers
//!   of the `xtask` library (`src/lib.rs`).

mod arguments;
mod bench;
mod bundle_command;
mod cargo;
mod check;
mod checker;
mod generate_command;
mod judge;
mod new_problem;
mod problems;
mod process_bench;
mod stress;
#[cfg(test)]
mod test_support;
mod trace;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The text printed by `cargo xtask help`: one line per subcommand.
const HELP: &str = "\
Usage: cargo xtask <SUBCOMMAND> [ARGUMENTS...]

Subcommands:
  check [PROBLEM...]  Build the solutions in release mode and judge them on their samples.
  check --bundled [PROBLEM...]
                      The same with the bundles, each built by plain `rustc --edition
                      2021 -O` in an empty folder, as the judge does; a warning fails.
  bundle PROBLEM... [-o FILE] [--out-dir DIR] [--strip-docs]
  bundle --all [--out-dir DIR] [--strip-docs]
                      Write one self-contained source file per problem, to submit to
                      the judge (default: target/bundle/pNNNN.rs).
  new ID [--title T] [--time-limit-ms N] [--memory-mb N] [--checker exact|sudoku]
                      Create problems/pID/ from a skeleton: manifest, documented
                      lib.rs, main.rs and samples/.
  stress PROBLEM [--cases N] [--seed S] [--binary PATH]
                      Random differential testing of the release binary against the
                      reference solvers; prints the smallest failing input and its seed.
  bench [--problem PROBLEM] [--baseline] [--svg FILE] [FILE...]
                      Time the solutions in-process on puzzle files (default: data/),
                      optionally against plain row-major backtracking.
  bench --process [PROBLEM...]
                      Time each binary as a whole process on its samples, against a
                      program that only reads its input, and report peak memory.
  generate p4574 --count N --out PREFIX [--tiles MIN[..MAX]] [--seed S]
                      Write generated Su-domino-ku puzzles (one grid each) and their
                      answers to PREFIX.in and PREFIX.out.
  trace PROBLEM [--limit N] < INPUT
                      Print the solver's reasoning on one input: each placement and
                      why, each guess, contradiction and step back.
  help                Print this help.

A PROBLEM is named by its crate (p2239) or by its number (2239); none means all of them.
";

/// Reads the subcommand and runs it.
///
/// The exit code is 0 when the subcommand succeeded, 1 when it failed (for `check`:
/// a case failed or something could not be built or run), and 2 when the command line
/// itself was not understood.
fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let subcommand = arguments.first().map(String::as_str);
    let rest = arguments.get(1..).unwrap_or_default();

    let outcome = match subcommand {
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Some("check") => check::run(rest),
        Some("bundle") => bundle_command::run(rest),
        Some("new") => new_problem::run(rest),
        Some("stress") => stress::run(rest),
        Some("trace") => trace::run(rest),
        Some("generate") => generate_command::run(rest),
        Some("bench") => bench::run(rest),
        // Used by `bench --process` only: measures one binary in a fresh process.
        Some("bench-process-worker") => process_bench::worker(rest),
        Some(unknown) => {
            eprintln!("error: unknown subcommand `{unknown}`\n");
            eprint!("{HELP}");
            return ExitCode::from(2);
        }
    };

    match outcome {
        Ok(Success::Yes) => ExitCode::SUCCESS,
        Ok(Success::No) => ExitCode::FAILURE,
        Err(error) => {
            // `{:#}` prints the whole chain of context, for example
            // "reading problems/p2239/Cargo.toml: No such file or directory".
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether a subcommand that ran to its end found everything in order.
///
/// An error that stops a subcommand early is an `Err` instead; this type is for a
/// subcommand that did its work and found, for example, a wrong answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Success {
    /// Everything passed.
    Yes,
    /// Something failed; the subcommand has already printed what.
    No,
}

/// The root of the workspace: the folder that holds `xtask/`, `problems/` and `common/`.
///
/// Cargo sets `CARGO_MANIFEST_DIR` to `xtask/` when it compiles this crate, so its parent
/// is the root wherever the command is run from.
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}
