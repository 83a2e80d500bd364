//! The one place that knows the problems by name.
//!
//! A problem is known to the tooling in two ways:
//!
//! - **By its manifest.** Every crate under `problems/` is a problem, with the judge's facts
//!   (number, limits, checker) in its `[package.metadata.boj]` table
//!   ([`crate::problems::workspace::Problem`]). That is all `check` and `bundle` need, so a problem
//!   made by `cargo xtask new` works with them at once.
//! - **By its solution.** `stress`, `bench`, `trace` and `generate` call a solution's
//!   library, or the reference solvers of its puzzle, in-process. They work only on the
//!   problems listed in [`KnownProblem`], and say so for any other.
//!
//! Every subcommand reads a problem's name with the one parser here,
//! [`parse_problem_number`]: `p2239` or `2239`, nothing else.

pub mod data;
pub mod workspace;

use std::fmt;

use common::input::quote;

use crate::problems::workspace::usage_error;

/// The problem number in `name`, which is the crate's name (`p2239`) or the bare number
/// (`2239`), written plainly: not `pp2239`, `02239` or `+2239`. `None` for anything else.
pub fn parse_problem_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix('p').unwrap_or(name);
    let number = digits.parse::<u32>().ok()?;
    (number.to_string() == digits).then_some(number)
}

/// The problems whose solutions the tooling calls in-process (see the module's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KnownProblem {
    /// 2239 Sudoku: the smallest completion of one grid (rows of 9 digits, no spaces).
    P2239,
    /// 2580 Sudoku: any completion of one grid (digits separated by spaces).
    P2580,
    /// 4574 Su-domino-ku: several puzzles of tiles, each with its solved grid.
    P4574,
}

impl KnownProblem {
    /// Every known problem, in the order of their numbers.
    pub const ALL: [KnownProblem; 3] = [
        KnownProblem::P2239,
        KnownProblem::P2580,
        KnownProblem::P4574,
    ];

    /// The problem's number on the judge.
    pub fn number(self) -> u32 {
        match self {
            KnownProblem::P2239 => 2239,
            KnownProblem::P2580 => 2580,
            KnownProblem::P4574 => 4574,
        }
    }

    /// The problem's crate name, `p2239`.
    pub fn crate_name(self) -> String {
        format!("p{}", self.number())
    }

    /// Whether the problem is a plain Sudoku, whose input is one grid of 81 digits; the
    /// other is Su-domino-ku.
    pub fn is_sudoku(self) -> bool {
        self != KnownProblem::P4574
    }

    /// The known problem with this number, if there is one.
    pub fn with_number(number: u32) -> Option<KnownProblem> {
        KnownProblem::ALL
            .into_iter()
            .find(|problem| problem.number() == number)
    }

    /// The known problem that `name` names (see [`parse_problem_number`]); any other name
    /// is a usage error saying that `subcommand` knows only these.
    pub fn named(name: &str, subcommand: &str) -> anyhow::Result<KnownProblem> {
        let known = parse_problem_number(name).and_then(KnownProblem::with_number);
        known.ok_or_else(|| {
            let names: Vec<String> = KnownProblem::ALL.map(KnownProblem::crate_name).to_vec();
            usage_error(format!(
                "`{subcommand}` knows the problems {}, not {}",
                names.join(", "),
                quote(name)
            ))
        })
    }
}

impl fmt::Display for KnownProblem {
    /// The crate name, `p2239`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "p{}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_named_by_its_crate_or_its_number_and_nothing_else() {
        assert_eq!(parse_problem_number("p2239"), Some(2239));
        assert_eq!(parse_problem_number("2239"), Some(2239));
        for wrong in [
            "pp2239", "02239", "p02239", "+2239", "P2239", "p", "", "2239 ", "x",
        ] {
            assert_eq!(parse_problem_number(wrong), None, "{wrong:?}");
        }
    }

    #[test]
    fn only_the_listed_problems_are_known_and_a_stranger_is_a_usage_error() {
        assert_eq!(
            KnownProblem::named("4574", "trace").unwrap(),
            KnownProblem::P4574
        );
        for problem in KnownProblem::ALL {
            let name = problem.crate_name();
            assert_eq!(KnownProblem::named(&name, "bench").unwrap(), problem);
            assert_eq!(name, problem.to_string());
        }
        let error = KnownProblem::named("pp2239", "bench").unwrap_err();
        assert!(error.is::<clap::Error>(), "{error}");
        let message = error.to_string();
        assert!(message.contains("`bench` knows the problems p2239, p2580, p4574"));
        assert!(message.contains("`pp2239`"), "{message}");
        assert!(KnownProblem::named("p1000", "stress").is_err());
    }
}
