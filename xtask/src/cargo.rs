//! Building the problems' binaries with cargo, and finding where cargo put them.
//!
//! Solutions are judged as the judge runs them: optimised, so they are built with
//! `cargo build --release`. All the binaries are built by one cargo command, which
//! shares the work on `common` and prints cargo's usual progress to standard error.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::problems::Problem;

/// Builds the binaries of `problems` in release mode, running cargo from `root`.
///
/// A failed build is an error: there is nothing to judge.
pub fn build_release_binaries(root: &Path, problems: &[Problem]) -> Result<()> {
    // Cargo sets `CARGO` to its own path for the programs it runs, so the same cargo
    // (and toolchain) that runs xtask also builds the solutions.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(&cargo);
    command
        .current_dir(root)
        .args(["build", "--release", "--bins"]);
    for problem in problems {
        command.args(["-p", &problem.name]);
    }

    let status = command
        .status()
        .with_context(|| format!("starting {}", cargo.to_string_lossy()))?;
    if !status.success() {
        bail!("cargo build --release failed ({status})");
    }
    Ok(())
}

/// Where cargo puts build output: `CARGO_TARGET_DIR` if it is set (taken relative to
/// `root` if it is a relative path), otherwise `<root>/target`.
pub fn target_directory(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(directory) if !directory.is_empty() => root.join(directory),
        _ => root.join("target"),
    }
}

/// The path of `problem`'s release binary, once built.
pub fn release_binary(root: &Path, problem: &Problem) -> PathBuf {
    let file_name = format!("{}{}", problem.name, std::env::consts::EXE_SUFFIX);
    target_directory(root).join("release").join(file_name)
}
