//! The `generate` subcommand: writes generated Su-domino-ku puzzles as a judge input and
//! the matching expected output.
//!
//! `cargo xtask generate p4574 --count N --out PREFIX [--tiles MIN[..MAX]] [--seed S]`
//! writes `PREFIX.in` (N puzzles and the closing `0`) and `PREFIX.out`. Each puzzle has
//! one solved grid, proved by the reference solver, and at least MIN laid tiles; the
//! minimum of each puzzle is drawn from MIN..=MAX (default 10..=35). The same seed always
//! writes the same files. The two files appear together or not at all (see
//! `write_all_or_none`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use common::input::quote;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use xtask::problems::KnownProblem;
use xtask::reference::domino::{generate_puzzle, input_text, output_text};

/// Write generated Su-domino-ku puzzles and their answers.
///
/// Each puzzle has one solved grid; the puzzles go to PREFIX.in, the answers to PREFIX.out.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem; only p4574 puzzles can be generated.
    #[arg(value_parser = only_p4574)]
    problem: KnownProblem,
    /// How many puzzles to write.
    #[arg(long, value_name = "N")]
    count: usize,
    /// Where to write: PREFIX.in and PREFIX.out.
    #[arg(long, value_name = "PREFIX")]
    out: String,
    /// The fewest laid tiles of a puzzle, drawn per puzzle from MIN..=MAX (within 10..35).
    #[arg(long, value_name = "MIN[..MAX]", default_value = "10..35", value_parser = parse_tiles)]
    tiles: (usize, usize),
    /// The seed; the same seed always writes the same files.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// Reads the problem's name as every subcommand does ([`KnownProblem::named`]), and
/// takes only 4574.
fn only_p4574(name: &str) -> Result<KnownProblem, String> {
    match KnownProblem::named(name, "generate") {
        Ok(KnownProblem::P4574) => Ok(KnownProblem::P4574),
        _ => Err(format!(
            "only p4574 puzzles can be generated, not {}",
            quote(name)
        )),
    }
}

/// Runs `cargo xtask generate`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let (prefix, (fewest, most)) = (&arguments.out, arguments.tiles);
    let mut rng = StdRng::seed_from_u64(arguments.seed);
    let mut puzzle = || {
        let min_tiles = rng.random_range(fewest..=most);
        generate_puzzle(&mut rng, min_tiles)
    };
    let (puzzles, grids): (Vec<_>, Vec<_>) = (0..arguments.count).map(|_| puzzle()).unzip();
    let files = [
        (format!("{prefix}.in"), input_text(&puzzles)),
        (format!("{prefix}.out"), output_text(&grids)),
    ];
    write_all_or_none(&files)?;
    for (path, _) in &files {
        outln!("wrote {path}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes each `(path, text)` so that a failure never leaves an input beside an output that
/// does not match it: all go to temporary files in their folders first, then are renamed
/// into place; if a rename fails, the files already renamed are removed again.
fn write_all_or_none(files: &[(String, String)]) -> Result<()> {
    let mut written = Vec::new();
    for (path, text) in files {
        let folder = Path::new(path)
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty());
        let mut temporary = tempfile::NamedTempFile::new_in(folder.unwrap_or(Path::new(".")))
            .with_context(|| format!("creating a temporary file for {path}"))?;
        temporary
            .write_all(text.as_bytes())
            .with_context(|| format!("writing {path}"))?;
        written.push((temporary, path));
    }
    let mut renamed = Vec::new();
    for (temporary, path) in written {
        if let Err(error) = temporary.persist(path) {
            for done in renamed {
                let _ = std::fs::remove_file(done);
            }
            return Err(error.error).with_context(|| format!("writing {path}"));
        }
        renamed.push(path);
    }
    Ok(())
}

/// Reads `MIN` or `MIN..MAX` (inclusive), each within 10..=35.
fn parse_tiles(text: &str) -> Result<(usize, usize), String> {
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    let (Ok(low), Ok(high)) = (low.parse::<usize>(), high.parse::<usize>()) else {
        return Err("`--tiles` takes MIN or MIN..MAX".to_string());
    };
    if !(10..=high).contains(&low) || high > 35 {
        return Err("`--tiles` must lie within 10..35, with MIN no more than MAX".to_string());
    }
    Ok((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_ranges_are_read_and_checked() {
        assert_eq!(parse_tiles("10").unwrap(), (10, 10));
        assert_eq!(parse_tiles("12..20").unwrap(), (12, 20));
        assert!(parse_tiles("9").is_err());
        assert!(parse_tiles("20..12").is_err());
        assert!(parse_tiles("10..36").is_err());
    }

    #[test]
    fn a_pair_is_written_whole_or_not_at_all() {
        let folder = tempfile::tempdir().unwrap();
        let path = |name: &str| folder.path().join(name).to_string_lossy().into_owned();
        // Both files can be written: both are there, with their texts.
        let good = [
            (path("a.in"), "in".to_string()),
            (path("a.out"), "out".to_string()),
        ];
        write_all_or_none(&good).unwrap();
        assert_eq!(std::fs::read_to_string(path("a.in")).unwrap(), "in");
        assert_eq!(std::fs::read_to_string(path("a.out")).unwrap(), "out");
        // The output's path is a folder, so it cannot be written: the input is not left
        // behind without it.
        std::fs::create_dir(path("b.out")).unwrap();
        std::fs::write(path("b.out/keep"), "").unwrap();
        let bad = [
            (path("b.in"), "in".to_string()),
            (path("b.out"), "out".to_string()),
        ];
        assert!(write_all_or_none(&bad).is_err());
        assert!(!std::path::Path::new(&path("b.in")).exists());
        // No temporary file is left either.
        let names: Vec<_> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
    }
}
