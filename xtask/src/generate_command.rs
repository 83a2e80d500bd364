//! The `generate` subcommand: writes generated Su-domino-ku puzzles as a judge input and
//! the matching expected output.
//!
//! `cargo xtask generate p4574 --count N --out PREFIX [--tiles MIN[..MAX]] [--seed S]`
//! writes `PREFIX.in` (N puzzles and the closing `0`) and `PREFIX.out`. Each puzzle has
//! one solved grid, proved by the reference solver, and at least MIN laid tiles; the
//! minimum of each puzzle is drawn from MIN..=MAX (default 10..=35). The same seed always
//! writes the same files.

use anyhow::{bail, Context, Result};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use xtask::domino::{generate_puzzle, input_text, output_text};

use crate::arguments::Arguments;
use crate::Success;

const USAGE: &str =
    "usage: cargo xtask generate p4574 --count N --out PREFIX [--tiles MIN[..MAX]] [--seed S]";

/// Runs `cargo xtask generate` with `arguments`.
pub fn run(arguments: &[String]) -> Result<Success> {
    let parsed = Arguments::parse(
        arguments,
        &["--count", "--out", "--tiles", "--seed"],
        &[],
        USAGE,
    )?;
    if !matches!(parsed.single_positional()?, "p4574" | "4574") {
        bail!("only p4574 puzzles can be generated; {USAGE}");
    }
    let count: usize = parsed
        .value("--count")?
        .ok_or_else(|| parsed.missing("`--count`"))?;
    let prefix: String = parsed
        .value("--out")?
        .ok_or_else(|| parsed.missing("`--out`"))?;
    let tiles = match parsed.value::<String>("--tiles")? {
        Some(text) => parse_tiles(&text)?,
        None => (10, 35),
    };
    let seed = parsed.value("--seed")?.unwrap_or(0);

    let mut rng = StdRng::seed_from_u64(seed);
    let (puzzles, grids): (Vec<_>, Vec<_>) = (0..count)
        .map(|_| {
            let min_tiles = rng.random_range(tiles.0..=tiles.1);
            generate_puzzle(&mut rng, min_tiles)
        })
        .unzip();
    for (extension, text) in [("in", input_text(&puzzles)), ("out", output_text(&grids))] {
        let path = format!("{prefix}.{extension}");
        std::fs::write(&path, text).with_context(|| format!("writing {path}"))?;
        println!("wrote {path}");
    }
    Ok(Success::Yes)
}

/// Reads `MIN` or `MIN..MAX` (inclusive), each within 10..=35.
fn parse_tiles(text: &str) -> Result<(usize, usize)> {
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    let low: usize = low.parse().context("`--tiles` takes MIN or MIN..MAX")?;
    let high: usize = high.parse().context("`--tiles` takes MIN or MIN..MAX")?;
    if !(10..=high).contains(&low) || high > 35 {
        bail!("`--tiles` must lie within 10..35, with MIN no more than MAX");
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
}
