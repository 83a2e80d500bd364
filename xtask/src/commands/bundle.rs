//! The `bundle` subcommand: one file per problem, ready to submit to the judge.
//!
//! `cargo xtask bundle <PROBLEM>... [-o FILE] [--out-dir DIR] [--keep-docs]`
//! `cargo xtask bundle --all [--out-dir DIR] [--keep-docs]`
//!
//! Writes the bundle of each problem (see [`xtask::bundle`] for what is in it) to
//! `DIR/pNNNN.rs`, by default `target/bundle/pNNNN.rs`, or, for one problem, to `FILE`
//! (`-` for standard output), and prints where each went.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{bail, Context, Result};
use xtask::bundle::{bundle_crate, GENERATED_MARK};
use xtask::problems::workspace::Workspace;

use xtask::usage_error;

/// Write one self-contained source file per problem, to submit to the judge.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problems to bundle.
    #[arg(value_name = "PROBLEM", required_unless_present = "all")]
    problems: Vec<String>,
    /// Bundle every problem.
    #[arg(long, conflicts_with = "problems")]
    all: bool,
    /// Write the bundle of the one problem named to FILE (`-` for standard output).
    #[arg(short = 'o', value_name = "FILE", conflicts_with_all = ["all", "out_dir"])]
    output_file: Option<PathBuf>,
    /// Write each bundle to DIR/pNNNN.rs [default: <target folder>/bundle].
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Keep the doc comments (the explanation), at about twice the size.
    #[arg(long)]
    keep_docs: bool,
    /// Leave out the doc comments (the default).
    #[arg(long, hide = true, conflicts_with = "keep_docs")]
    strip_docs: bool,
}

/// Runs `cargo xtask bundle`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let workspace = Workspace::load()?;
    let problems = match arguments.all {
        true => workspace.problems()?,
        false => workspace.select(&arguments.problems)?,
    };
    if arguments.output_file.is_some() && problems.len() != 1 {
        let message = "`-o` names the file of one problem: give one problem";
        return Err(usage_error(message));
    }
    let output_directory = arguments
        .out_dir
        .unwrap_or_else(|| workspace.target_directory.join("bundle"));
    for problem in &problems {
        let bundle = bundle_crate(&workspace, problem, arguments.keep_docs)
            .with_context(|| format!("bundling {}", problem.name))?;
        let path = match &arguments.output_file {
            Some(path) if path.as_os_str() == "-" => {
                outln!("{}", bundle.source.trim_end());
                continue;
            }
            Some(path) => path.clone(),
            None => output_directory.join(format!("{}.rs", problem.name)),
        };
        refuse_to_overwrite_a_source(&path)?;
        let parent = path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty());
        if let Some(parent) = parent {
            fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        fs::write(&path, &bundle.source).with_context(|| format!("writing {}", path.display()))?;
        // The path as the user would type it: from the current folder when it lies below.
        let current = std::env::current_dir().unwrap_or_default();
        let shown = path.strip_prefix(&current).unwrap_or(&path);
        let size = bundle.source.len();
        outln!("{}  {}  ({size} bytes)", problem.name, shown.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// An error if `path` is a file that `bundle` must not overwrite: anything but an earlier
/// bundle (whose first lines say so), or any file git tracks. `-o problems/p1000/src/lib.rs`
/// would otherwise replace the solution with its bundle.
fn refuse_to_overwrite_a_source(path: &Path) -> Result<()> {
    let Ok(existing) = fs::read(path) else {
        return Ok(()); // Nothing there (or nothing readable to lose).
    };
    let mut first_lines = existing.split(|&byte| byte == b'\n').take(12);
    let is_bundle = first_lines.any(|line| line.starts_with(GENERATED_MARK.as_bytes()));
    let folder = path.parent().filter(|parent| parent.is_dir());
    let tracked = Command::new("git")
        .arg("-C")
        .arg(folder.unwrap_or(Path::new(".")))
        .args(["ls-files", "--error-unmatch", "--"])
        .arg(path.file_name().unwrap_or_default())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    let what = match (is_bundle, tracked) {
        (_, true) => "tracked by git",
        (false, false) => "not a bundle",
        (true, false) => return Ok(()),
    };
    bail!(
        "{} exists and is {what}; `bundle -o` only replaces an earlier bundle (write \
         elsewhere, or `-o -` for standard output)",
        path.display()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// Runs `cargo xtask bundle` with `arguments`.
    fn bundle(arguments: &[&str]) -> Result<ExitCode> {
        let words = ["cargo xtask", "bundle"].iter().chain(arguments);
        match crate::Cli::try_parse_from(words).unwrap().command {
            crate::Subcommands::Bundle(arguments) => run(arguments),
            _ => unreachable!("the subcommand is `bundle`"),
        }
    }

    #[test]
    fn output_never_replaces_a_source_file_but_replaces_an_earlier_bundle() {
        let problem = Workspace::load().unwrap().problems().unwrap().remove(0);
        let name = problem.name.as_str();
        let directory = tempfile::tempdir().unwrap();
        let source = directory.path().join("lib.rs");
        fs::write(&source, "pub fn solution() {}\n").unwrap();
        let error = bundle(&[name, "-o", source.to_str().unwrap()]).unwrap_err();
        assert!(format!("{error:#}").contains("not a bundle"), "{error:#}");
        assert_eq!(
            fs::read_to_string(&source).unwrap(),
            "pub fn solution() {}\n"
        );

        let output = directory.path().join(format!("{name}.rs"));
        for _ in 0..2 {
            assert_eq!(
                bundle(&[name, "-o", output.to_str().unwrap()]).unwrap(),
                ExitCode::SUCCESS
            );
        }
        assert!(fs::read_to_string(&output)
            .unwrap()
            .starts_with(&format!("// Baekjoon {}", problem.id)));

        // A tracked file of the workspace, even one that looks like a bundle.
        let manifest = problem.directory.join("Cargo.toml");
        let before = fs::read(&manifest).unwrap();
        assert!(bundle(&[name, "-o", manifest.to_str().unwrap()]).is_err());
        assert_eq!(fs::read(&manifest).unwrap(), before);
    }
}
