//! The `bundle` subcommand: one file per problem, ready to submit to the judge.
//!
//! `cargo xtask bundle <PROBLEM>... [-o FILE] [--out-dir DIR] [--strip-docs]`
//! `cargo xtask bundle --all [--out-dir DIR] [--strip-docs]`
//!
//! Writes the bundle of each problem (see [`xtask::bundle`] for what is in it) to
//! `DIR/pNNNN.rs`, by default `target/bundle/pNNNN.rs`, or, for one problem, to `FILE`,
//! and prints where each went.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use xtask::bundle::{bundle_crate, BundleOptions};

use crate::arguments::Arguments;
use crate::cargo::target_directory;
use crate::problems::{discover_problems, select_problems};
use crate::{project_root, Success};

/// The usage line, repeated in every error about the arguments.
const USAGE: &str = "usage: cargo xtask bundle <PROBLEM>... [-o FILE] [--out-dir DIR] \
                     [--strip-docs], or cargo xtask bundle --all [--out-dir DIR] [--strip-docs]";

/// Runs `cargo xtask bundle` with `arguments`.
pub fn run(arguments: &[String]) -> Result<Success> {
    let parsed = Arguments::parse(
        arguments,
        &["-o", "--out-dir"],
        &["--all", "--strip-docs"],
        USAGE,
    )?;
    let root = project_root();
    let known = discover_problems(&root)?;
    let problems = match (parsed.flag("--all"), parsed.positional.is_empty()) {
        (true, true) => known,
        (false, false) => select_problems(&known, &parsed.positional)?,
        (true, false) => bail!("give problem names or `--all`, not both; {USAGE}"),
        (false, true) => return Err(parsed.missing("the problem")),
    };
    let output_file: Option<PathBuf> = parsed.value("-o")?;
    let output_directory: Option<PathBuf> = parsed.value("--out-dir")?;
    if output_file.is_some() && (problems.len() != 1 || output_directory.is_some()) {
        bail!("`-o` names the file of one problem: give one problem and no `--out-dir`; {USAGE}");
    }
    let output_directory =
        output_directory.unwrap_or_else(|| target_directory(&root).join("bundle"));
    let options = BundleOptions {
        strip_docs: parsed.flag("--strip-docs"),
    };

    for problem in &problems {
        let bundle = bundle_crate(&problem.directory, &options)
            .with_context(|| format!("bundling {}", problem.name))?;
        let path = match &output_file {
            Some(path) => path.clone(),
            None => output_directory.join(format!("{}.rs", problem.name)),
        };
        if let Some(parent) = path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
        {
            fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        fs::write(&path, &bundle.source).with_context(|| format!("writing {}", path.display()))?;
        println!(
            "{}  {}  ({} bytes)",
            problem.name,
            relative_to_current_directory(&path).display(),
            bundle.source.len()
        );
    }
    Ok(Success::Yes)
}

/// `path` relative to the current directory when it lies below it, as the user would
/// type it; otherwise `path` itself.
fn relative_to_current_directory(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|current| path.strip_prefix(current).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}
