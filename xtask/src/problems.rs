//! Finding the problem crates and reading what the judge says about each one.
//!
//! Every folder `problems/*/` that holds a `Cargo.toml` is a problem crate. Its package
//! name (for example `p2239`) is also the name of its binary. The judge's facts about
//! the problem sit in the manifest, in a table that cargo itself ignores:
//!
//! ```toml
//! [package.metadata.boj]
//! id = 2580
//! title = "Sudoku (any completion)"
//! url = "https://www.acmicpc.net/problem/2580"
//! time-limit-ms = 1000
//! memory-mb = 256
//! checker = "sudoku"   # or "exact"
//! ```
//!
//! The sample cases are the files `samples/sample-N.in` with their answers
//! `samples/sample-N.out`, taken in the order of N. A new problem crate is picked up
//! as soon as it exists; nothing here names the problems.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde::Deserialize;

use crate::checker::Checker;

/// One problem crate and the judge's facts about it.
///
/// `check` reads only some of the fields; the rest (title, address, memory limit) are
/// kept for the subcommands that print or use them, hence the `allow(dead_code)`.
#[derive(Debug, Clone)]
#[allow(dead_code)]
pub struct Problem {
    /// The package name, which is also the binary name, for example `p2239`.
    pub name: String,
    /// The crate's folder, for example `<root>/problems/p2239`.
    pub directory: PathBuf,
    /// The problem number on the judge, for example 2239.
    pub id: u32,
    /// The problem's title.
    pub title: String,
    /// The address of the problem statement.
    pub url: String,
    /// How long one run may take before the judge stops it.
    pub time_limit: Duration,
    /// How much memory the judge allows, in mebibytes (recorded, not yet enforced).
    pub memory_mb: u32,
    /// How an output is judged.
    pub checker: Checker,
}

/// One sample case: an input file and the file with its expected output.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The case's name, the file name without extension, for example `sample-1`.
    pub name: String,
    /// The `.in` file, given to the solution on standard input.
    pub input_path: PathBuf,
    /// The `.out` file, the answer the problem statement shows.
    pub expected_path: PathBuf,
}

/// The parts of a problem's `Cargo.toml` that we read; serde skips everything else.
#[derive(Deserialize)]
struct Manifest {
    package: ManifestPackage,
}

/// The `[package]` table of a manifest.
#[derive(Deserialize)]
struct ManifestPackage {
    name: String,
    metadata: Option<ManifestMetadata>,
}

/// The `[package.metadata]` table of a manifest.
#[derive(Deserialize)]
struct ManifestMetadata {
    boj: Option<JudgeFacts>,
}

/// The `[package.metadata.boj]` table, field for field.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct JudgeFacts {
    id: u32,
    title: String,
    url: String,
    time_limit_ms: u64,
    memory_mb: u32,
    checker: String,
}

/// Finds every problem crate under `<root>/problems`, sorted by name.
pub fn discover_problems(root: &Path) -> Result<Vec<Problem>> {
    let problems_directory = root.join("problems");
    let entries = fs::read_dir(&problems_directory)
        .with_context(|| format!("listing {}", problems_directory.display()))?;

    let mut problems = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("listing {}", problems_directory.display()))?;
        let manifest_path = entry.path().join("Cargo.toml");
        if manifest_path.is_file() {
            problems.push(read_problem(&manifest_path)?);
        }
    }
    problems.sort_by(|first, second| first.name.cmp(&second.name));
    Ok(problems)
}

/// Reads one problem crate's manifest.
///
/// A manifest without a valid `[package.metadata.boj]` table, or one that names a
/// checker we do not have, is an error that names the manifest.
pub fn read_problem(manifest_path: &Path) -> Result<Problem> {
    let text = fs::read_to_string(manifest_path)
        .with_context(|| format!("reading {}", manifest_path.display()))?;
    let manifest: Manifest = toml::from_str(&text)
        .with_context(|| format!("reading the judge facts in {}", manifest_path.display()))?;

    let package = manifest.package;
    let Some(facts) = package.metadata.and_then(|metadata| metadata.boj) else {
        bail!(
            "{} has no [package.metadata.boj] table; every problem crate needs one \
             (id, title, url, time-limit-ms, memory-mb, checker)",
            manifest_path.display()
        );
    };
    let checker = Checker::from_name(&facts.checker)
        .with_context(|| format!("in {}", manifest_path.display()))?;
    let directory = manifest_path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();

    Ok(Problem {
        name: package.name,
        directory,
        id: facts.id,
        title: facts.title,
        url: facts.url,
        time_limit: Duration::from_millis(facts.time_limit_ms),
        memory_mb: facts.memory_mb,
        checker,
    })
}

/// Keeps the problems the user named, as `p2239` or as the bare number `2239`.
///
/// No names means every problem. The result keeps the order of `problems` (sorted by
/// name) and holds each problem once, however often it was named. An unknown name is
/// an error that lists the known ones.
pub fn select_problems(problems: &[Problem], names: &[String]) -> Result<Vec<Problem>> {
    if names.is_empty() {
        return Ok(problems.to_vec());
    }
    for name in names {
        if !problems.iter().any(|problem| problem.is_called(name)) {
            let known: Vec<&str> = problems
                .iter()
                .map(|problem| problem.name.as_str())
                .collect();
            bail!(
                "unknown problem `{name}`; the known problems are: {}",
                known.join(", ")
            );
        }
    }
    Ok(problems
        .iter()
        .filter(|problem| names.iter().any(|name| problem.is_called(name)))
        .cloned()
        .collect())
}

impl Problem {
    /// Whether `name` names this problem, as its package name or its bare number.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.id.to_string() == name
    }

    /// The problem's sample cases, in the order of their numbers.
    ///
    /// It is an error if there are none, or if an `.in` file has no `.out` beside it.
    pub fn samples(&self) -> Result<Vec<Sample>> {
        let samples_directory = self.directory.join("samples");
        let entries = fs::read_dir(&samples_directory)
            .with_context(|| format!("listing the samples in {}", samples_directory.display()))?;

        // Pairs of (N, sample) so they can be sorted by number: sample-10 after sample-9.
        let mut numbered_samples = Vec::new();
        for entry in entries {
            let entry =
                entry.with_context(|| format!("listing {}", samples_directory.display()))?;
            let file_name = entry.file_name().to_string_lossy().into_owned();
            let Some(name) = file_name.strip_suffix(".in") else {
                continue;
            };
            let Some(number) = name
                .strip_prefix("sample-")
                .and_then(|digits| digits.parse::<u32>().ok())
            else {
                continue;
            };
            let expected_path = samples_directory.join(format!("{name}.out"));
            if !expected_path.is_file() {
                bail!(
                    "{} has no expected output {}",
                    entry.path().display(),
                    expected_path.display()
                );
            }
            numbered_samples.push((
                number,
                Sample {
                    name: name.to_string(),
                    input_path: entry.path(),
                    expected_path,
                },
            ));
        }

        if numbered_samples.is_empty() {
            bail!(
                "{} holds no sample cases (files sample-N.in with sample-N.out)",
                samples_directory.display()
            );
        }
        numbered_samples.sort_by_key(|(number, _)| *number);
        Ok(numbered_samples
            .into_iter()
            .map(|(_, sample)| sample)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project_root;

    /// Finds the problem called `name` among the real ones, or fails the test.
    fn real_problem(name: &str) -> Problem {
        let problems = discover_problems(&project_root()).expect("the real problems are readable");
        problems
            .into_iter()
            .find(|problem| problem.name == name)
            .unwrap_or_else(|| panic!("problem {name} was not discovered"))
    }

    #[test]
    fn discovery_finds_the_real_problems_sorted_by_name() {
        let problems = discover_problems(&project_root()).expect("the real problems are readable");
        let names: Vec<&str> = problems
            .iter()
            .map(|problem| problem.name.as_str())
            .collect();
        for expected in ["p2239", "p2580", "p4574"] {
            assert!(
                names.contains(&expected),
                "{expected} missing from {names:?}"
            );
        }
        let mut sorted_names = names.clone();
        sorted_names.sort_unstable();
        assert_eq!(names, sorted_names);
    }

    #[test]
    fn discovery_reads_the_limits_and_checkers_from_the_manifests() {
        let p2239 = real_problem("p2239");
        assert_eq!(p2239.id, 2239);
        assert_eq!(p2239.time_limit, Duration::from_millis(2000));
        assert_eq!(p2239.memory_mb, 256);
        assert_eq!(p2239.checker, Checker::Exact);
        assert_eq!(p2239.url, "https://www.acmicpc.net/problem/2239");

        let p2580 = real_problem("p2580");
        assert_eq!(p2580.id, 2580);
        assert_eq!(p2580.time_limit, Duration::from_millis(1000));
        assert_eq!(p2580.memory_mb, 256);
        assert_eq!(p2580.checker, Checker::Sudoku);

        let p4574 = real_problem("p4574");
        assert_eq!(p4574.id, 4574);
        assert_eq!(p4574.time_limit, Duration::from_millis(2000));
        assert_eq!(p4574.memory_mb, 128);
        assert_eq!(p4574.checker, Checker::Exact);
    }

    #[test]
    fn samples_come_in_pairs_sorted_by_number() {
        let samples = real_problem("p4574").samples().expect("p4574 has samples");
        let names: Vec<&str> = samples.iter().map(|sample| sample.name.as_str()).collect();
        assert_eq!(names, ["sample-1", "sample-2"]);
        for sample in &samples {
            assert!(sample.input_path.is_file());
            assert!(sample.expected_path.is_file());
        }
    }

    #[test]
    fn problems_can_be_selected_by_name_or_number() {
        let problems = discover_problems(&project_root()).expect("the real problems are readable");
        let names = |selected: Vec<Problem>| -> Vec<String> {
            selected.into_iter().map(|problem| problem.name).collect()
        };

        let by_number = select_problems(&problems, &["2580".to_string()]).expect("2580 is known");
        assert_eq!(names(by_number), ["p2580"]);

        let twice_and_out_of_order = ["p4574", "2239", "4574"].map(String::from);
        let selected = select_problems(&problems, &twice_and_out_of_order).expect("all are known");
        assert_eq!(names(selected), ["p2239", "p4574"]);

        let error = select_problems(&problems, &["p9999".to_string()])
            .expect_err("p9999 is not a problem here");
        let message = error.to_string();
        assert!(
            message.contains("p9999") && message.contains("p2239"),
            "{message}"
        );
    }

    #[test]
    fn a_manifest_without_judge_facts_is_an_error_naming_it() {
        let directory = crate::test_support::fresh_temporary_directory("manifest-without-facts");
        let manifest_path = directory.join("Cargo.toml");
        fs::write(&manifest_path, "[package]\nname = \"p1000\"\n").expect("temp dir is writable");

        let message = format!("{:#}", read_problem(&manifest_path).expect_err("no facts"));
        assert!(message.contains("[package.metadata.boj]"), "{message}");
        assert!(
            message.contains(&manifest_path.display().to_string()),
            "{message}"
        );
    }

    #[test]
    fn an_unknown_checker_is_an_error_naming_it() {
        let directory = crate::test_support::fresh_temporary_directory("manifest-unknown-checker");
        let manifest_path = directory.join("Cargo.toml");
        let manifest = "[package]\nname = \"p1000\"\n\n[package.metadata.boj]\n\
                        id = 1000\ntitle = \"A+B\"\nurl = \"u\"\ntime-limit-ms = 1000\n\
                        memory-mb = 128\nchecker = \"lenient\"\n";
        fs::write(&manifest_path, manifest).expect("temp dir is writable");

        let message = format!(
            "{:#}",
            read_problem(&manifest_path).expect_err("bad checker")
        );
        assert!(message.contains("lenient"), "{message}");
        assert!(
            message.contains(&manifest_path.display().to_string()),
            "{message}"
        );
    }

    #[test]
    fn a_manifest_with_a_missing_field_is_an_error_naming_it() {
        let directory = crate::test_support::fresh_temporary_directory("manifest-missing-field");
        let manifest_path = directory.join("Cargo.toml");
        let manifest = "[package]\nname = \"p1000\"\n\n[package.metadata.boj]\nid = 1000\n";
        fs::write(&manifest_path, manifest).expect("temp dir is writable");

        let message = format!(
            "{:#}",
            read_problem(&manifest_path).expect_err("fields missing")
        );
        assert!(
            message.contains(&manifest_path.display().to_string()),
            "{message}"
        );
        assert!(message.contains("title"), "{message}");
    }
}
