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

use anyhow::{Context, Result};
use xtask::bundle::{bundle_crate, BundleOptions};
use xtask::workspace::Workspace;

use crate::{usage_error, Success};

/// Write one self-contained source file per problem, to submit to the judge.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problems to bundle.
    #[arg(value_name = "PROBLEM", required_unless_present = "all")]
    problems: Vec<String>,
    /// Bundle every problem.
    #[arg(long, conflicts_with = "problems")]
    all: bool,
    /// Write the bundle of the one problem named to FILE.
    #[arg(short = 'o', value_name = "FILE", conflicts_with_all = ["all", "out_dir"])]
    output_file: Option<PathBuf>,
    /// Write each bundle to DIR/pNNNN.rs [default: <target folder>/bundle].
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Leave out every doc comment, for a smaller file.
    #[arg(long)]
    strip_docs: bool,
}

/// Runs `cargo xtask bundle`.
pub fn run(arguments: Arguments) -> Result<Success> {
    let workspace = Workspace::load()?;
    let problems = if arguments.all {
        workspace.problems()?
    } else {
        workspace.select(&arguments.problems)?
    };
    let output_file = arguments.output_file;
    if output_file.is_some() && problems.len() != 1 {
        return Err(usage_error(
            "`-o` names the file of one problem: give one problem",
        ));
    }
    let output_directory = arguments
        .out_dir
        .unwrap_or_else(|| workspace.target_directory.join("bundle"));
    let options = BundleOptions {
        strip_docs: arguments.strip_docs,
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
