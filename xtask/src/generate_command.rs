//! The `generate` subcommand: writes generated Su-domino-ku puzzles as a judge input and
//! the matching expected output.
//!
//! `cargo xtask generate p4574 --count N --out PREFIX [--tiles MIN[..MAX]] [--seed S]`
//! writes `PREFIX.in` (N puzzles and the closing `0`) and `PREFIX.out`. Each puzzle has
//! one solved grid, proved by the reference solver, and at least MIN laid tiles; the
//! minimum of each puzzle is drawn from MIN..=MAX (default 10..=35). The same seed always
//! writes the same files.

use anyhow::{Context, Result};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use xtask::domino::{generate_puzzle, input_text, output_text};

use crate::Success;

/// Write generated Su-domino-ku puzzles and their answers.
///
/// Each puzzle has one solved grid; the puzzles go to PREFIX.in, the answers to PREFIX.out.
#[derive(clap::Args)]
pub struct Arguments {
    /// The problem; only p4574 puzzles can be generated.
    #[arg(value_parser = ["p4574", "4574"])]
    problem: String,
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

/// Runs `cargo xtask generate`.
pub fn run(arguments: Arguments) -> Result<Success> {
    let Arguments {
        count,
        out: prefix,
        tiles,
        seed,
        ..
    } = arguments;
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
        outln!("wrote {path}");
    }
    Ok(Success::Yes)
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
}
