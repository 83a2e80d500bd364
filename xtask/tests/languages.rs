//! `--source` as a learner uses it (issue 47, item 5): a program in each language Baekjoon
//! runs, compiled and run with the judge's commands and judged within the language's
//! limits; each program (`tests/programs/echo/`) writes its input back. A language whose
//! compiler or runtime is missing is skipped outside CI and fails under CI
//! (`support::tool`); `.ci/run` installs them all.

mod support;

use std::time::Duration;

use support::{program_path, run_xtask, tool};
use xtask::judge::checker::Checker;
use xtask::judge::language::{compile, Compiled, Language};
use xtask::judge::{judge_case, Limits, Verdict};

/// Each language's program, the tool it needs first, and how to get that tool.
const PROGRAMS: [(&str, &str, &str); 5] = [
    ("Main.java", "javac", "apt-get install default-jdk-headless"),
    ("main.py", "python3", "apt-get install python3"),
    ("main.js", "node", "apt-get install nodejs"),
    ("main.cpp", "g++", "apt-get install g++"),
    ("main.rs", "rustc", "rustup, or apt-get install rustc"),
];

#[test]
fn every_language_is_compiled_and_run_as_the_judge_does() {
    let input = b"1 2 3\n4 5 6\n";
    // A problem's limits of 1 s and 64 MB; the language's allowance comes on top.
    let limits = Limits {
        time: Duration::from_secs(1),
        memory_bytes: 64 << 20,
    };
    for (file, needed, how) in PROGRAMS {
        let source = program_path(&format!("echo/{file}"));
        let language = Language::of(&source).unwrap();
        if tool::required(language.check_tools().ok(), needed, how).is_none() {
            continue;
        }
        let Compiled::Ready { source: compiled } = compile(&source, language).unwrap() else {
            panic!("{file} does not compile");
        };
        let limits = language.limits(limits);
        let judgement = judge_case(
            &mut compiled.command(),
            input,
            input,
            limits,
            &Checker::Exact,
        )
        .unwrap();
        assert_eq!(
            judgement.verdict,
            Verdict::Accepted,
            "{file}: {judgement:?}"
        );
    }
}

#[test]
fn a_source_that_does_not_compile_is_ce_and_a_missing_compiler_a_usage_error() {
    let Some(_) = tool::required(Language::Cpp.check_tools().ok(), "g++", PROGRAMS[3].2) else {
        return;
    };
    let directory = tempfile::tempdir().unwrap();
    let broken = directory.path().join("main.cpp");
    std::fs::write(&broken, "int main( {\n").unwrap();
    // Any problem of the workspace: the first.
    let name = &support::problems()[0].name;
    let output = run_xtask(&["check", name, "--source", broken.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("{name}  compile   CE")),
        "{stdout}"
    );
    // Where `node` is not on PATH (here a PATH of cargo alone): one line naming what to
    // install, exit status 2, nothing judged.
    let cargo = std::env::var_os("CARGO").map(std::path::PathBuf::from);
    let cargo = cargo.unwrap_or_else(|| "cargo".into());
    let only_cargo = directory.path().join("bin");
    std::fs::create_dir(&only_cargo).unwrap();
    let found = which(&cargo).unwrap_or(cargo);
    std::os::unix::fs::symlink(found, only_cargo.join("cargo")).unwrap();
    let script = program_path("echo/main.js");
    let output = support::xtask(&["check", name, "--source", script.to_str().unwrap()])
        .env("PATH", &only_cargo)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("needs `node`, which is not installed here: apt-get install nodejs"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

/// Where `program` is, as a path, if it is on PATH (or is a path already).
fn which(program: &std::path::Path) -> Option<std::path::PathBuf> {
    if program.is_absolute() {
        return Some(program.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(program))
        .find(|candidate| candidate.is_file())
}
