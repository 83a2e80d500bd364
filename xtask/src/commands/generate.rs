//! The `generate` subcommand: writes generated puzzles as a judge input and the matching
//! expected output, for a problem whose family has a generator in the table of problems
//! ([`Family::generator`]; today Su-domino-ku's).
//!
//! `cargo xtask generate PROBLEM --count N --out PREFIX [--dominoes MIN[..=MAX]] [--seed S]`
//! writes `PREFIX.in` (N puzzles and the closing `0`) and `PREFIX.out`. Each puzzle has
//! one solved grid, proved by the reference solver, and at least MIN laid dominoes; the
//! minimum of each puzzle is drawn from MIN..=MAX, both included (default 10..=35). The
//! same seed always writes the same files. The two files appear together or not at all (see
//! `write_all_or_none`).
//!
//! [`Family::generator`]: xtask::problems::Family::generator

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use common::input::quote;
use rand::rngs::StdRng;
use rand::SeedableRng;
use xtask::problems::{Generator, KnownProblem};

/// Write generated Su-domino-ku puzzles and their answers.
///
/// Each puzzle has one solved grid; the puzzles go to PREFIX.in, the answers to PREFIX.out.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem, one whose puzzles can be generated (Su-domino-ku).
    #[arg(value_name = "PROBLEM", value_parser = generator_of)]
    generator: Generator,
    /// How many puzzles to write.
    #[arg(long, value_name = "N")]
    count: usize,
    /// Where to write: PREFIX.in and PREFIX.out.
    #[arg(long, value_name = "PREFIX")]
    out: String,
    /// The fewest laid dominoes of a puzzle, drawn per puzzle from MIN..=MAX, both included
    /// (within 10..=35).
    #[arg(long, value_name = "MIN[..=MAX]", default_value = "10..=35", value_parser = parse_dominoes)]
    dominoes: DominoRange,
    /// The seed; the same seed always writes the same files.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// Reads the problem's name as every subcommand does ([`KnownProblem::named`]), and
/// takes a problem whose family has a generator, naming those that do otherwise.
fn generator_of(name: &str) -> Result<Generator, String> {
    let generator = KnownProblem::named(name, "generate")
        .ok()
        .and_then(|problem| problem.family.generator);
    generator.ok_or_else(|| {
        let with_generator = KnownProblem::ALL
            .iter()
            .filter(|problem| problem.family.generator.is_some());
        let names: Vec<String> = with_generator.map(KnownProblem::crate_name).collect();
        format!(
            "only the puzzles of {} can be generated, not {}",
            names.join(", "),
            quote(name)
        )
    })
}

/// Runs `cargo xtask generate`.
pub fn run(arguments: Arguments) -> Result<ExitCode> {
    let (prefix, DominoRange { fewest, most }) = (&arguments.out, arguments.dominoes);
    let mut rng = StdRng::seed_from_u64(arguments.seed);
    let judge_files = (arguments.generator)(&mut rng, arguments.count, fewest..=most);
    let files = [
        (format!("{prefix}.in"), judge_files.input),
        (format!("{prefix}.out"), judge_files.output),
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
        // Asked for 0666, the file gets what the umask leaves of it, as any file the user
        // writes does (tempfile's own default is 0600, kept through the rename).
        let mut temporary = tempfile::Builder::new()
            .permissions(std::fs::Permissions::from_mode(0o666))
            .tempfile_in(folder.unwrap_or(Path::new(".")))
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

/// The range the fewest laid dominoes of each puzzle is drawn from: `fewest..=most`, both
/// included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DominoRange {
    fewest: usize,
    most: usize,
}

/// Reads `MIN` or `MIN..=MAX` (both included), each within 10..=35. `MIN..MAX` is refused,
/// since in Rust it would leave MAX out.
fn parse_dominoes(text: &str) -> Result<DominoRange, String> {
    let (fewest, most) = match text.split_once("..") {
        None => (text, text),
        Some((fewest, rest)) => match rest.strip_prefix('=') {
            Some(most) => (fewest, most),
            None => {
                return Err(format!(
                    "`--dominoes` takes MIN or MIN..=MAX (both included), not `{text}`"
                ))
            }
        },
    };
    let (Ok(fewest), Ok(most)) = (fewest.parse::<usize>(), most.parse::<usize>()) else {
        return Err("`--dominoes` takes MIN or MIN..=MAX (both included)".to_string());
    };
    if !(10..=most).contains(&fewest) || most > 35 {
        return Err("`--dominoes` must lie within 10..=35, with MIN no more than MAX".to_string());
    }
    Ok(DominoRange { fewest, most })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domino_ranges_are_read_and_checked() {
        let range = |fewest, most| DominoRange { fewest, most };
        assert_eq!(parse_dominoes("10").unwrap(), range(10, 10));
        assert_eq!(parse_dominoes("12..=20").unwrap(), range(12, 20));
        assert_eq!(parse_dominoes("10..=35").unwrap(), range(10, 35));
        // `12..20` would leave 20 out in Rust, so it is refused rather than guessed.
        assert!(parse_dominoes("12..20").unwrap_err().contains("MIN..=MAX"));
        assert!(parse_dominoes("9").is_err());
        assert!(parse_dominoes("20..=12").is_err());
        assert!(parse_dominoes("10..=36").is_err());
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
