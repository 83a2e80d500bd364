//! `cargo xtask bench` as a user runs it: from any folder, and never waiting forever.
//! (`bench --process` runs each binary through the judge's runner, whose promises about
//! time limits and leftover processes are tested in `runner.rs` and in `xtask::judge`.)
//!
//! The folders these tests write lie under cargo's temporary folder for tests
//! (`target/tmp`), so nothing is left in the system's temporary folder.

mod support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use support::members::members_of;
use support::{output_with_input, xtask, XTASK};
use xtask::problems::{su_domino_ku, KnownProblem};
use xtask::project_root;

/// A fresh, empty folder for one test.
fn fresh_folder(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// Writes an executable shell script.
fn write_script(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn files_and_the_plot_are_where_the_caller_says() {
    let folder = fresh_folder("bench-paths");
    let data = project_root().join("data/magictour_top1465.txt");
    let puzzles: String = std::fs::read_to_string(data)
        .unwrap()
        .lines()
        .take(3)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::create_dir(folder.join("sets")).unwrap();
    std::fs::write(folder.join("sets/three.txt"), puzzles).unwrap();
    // `bench` started from a debug build runs itself again through cargo; this stand-in
    // for cargo runs this test's xtask instead of building a release one, in the folder
    // it is started in.
    let fake_cargo = folder.join("fake-cargo");
    write_script(
        &fake_cargo,
        "#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done\nshift\nexec \"$XTASK\" \"$@\"\n",
    );
    let output = output_with_input(
        xtask(&[
            "bench",
            "--rounds",
            "2",
            "sets/three.txt",
            "--svg",
            "plot.svg",
        ])
        .current_dir(&folder)
        .env("CARGO", &fake_cargo)
        .env("XTASK", XTASK)
        .env_remove("XTASK_BENCH_OPTIMISED"),
        b"",
        Duration::from_secs(120),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    // Every solution of the Sudoku family, whose files these are.
    let sudoku = KnownProblem::ALL
        .iter()
        .filter(|member| member.family.plain_sudoku);
    for problem in sudoku {
        let line = format!("bench problem={problem} file=three.txt puzzles=3 ");
        assert!(stdout.contains(&line), "no `{line}` in:\n{stdout}");
    }
    let plot = std::fs::read_to_string(folder.join("plot.svg")).unwrap();
    assert!(plot.contains("<svg"), "{plot}");
}

/// Runs `bench` with `arguments` in `folder`, from this test's debug build (the stand-in
/// for cargo runs this xtask again instead of building a release one).
fn bench_in(folder: &Path, arguments: &[&str]) -> Output {
    let fake_cargo = folder.join("fake-cargo");
    write_script(
        &fake_cargo,
        "#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done\nshift\nexec \"$XTASK\" \"$@\"\n",
    );
    output_with_input(
        xtask(&["bench"])
            .args(arguments)
            .current_dir(folder)
            .env("CARGO", &fake_cargo)
            .env("XTASK", XTASK)
            .env_remove("XTASK_BENCH_OPTIMISED"),
        b"",
        Duration::from_secs(300),
    )
}

#[test]
fn a_su_domino_ku_puzzle_without_completion_is_checked_against_the_reference() {
    let folder = fresh_folder("bench-domino-none");
    // The first puzzle of a Su-domino-ku member's first sample (the judge's), with the
    // single 6 moved to B1, in the row of the domino `6 B2 1 B3`: the input reads, and no
    // grid completes it.
    let member = members_of(&su_domino_ku::FAMILY)[0];
    let name = member.name();
    let sample = String::from_utf8(member.first_sample_input()).unwrap();
    let first: Vec<&str> = sample.lines().take(12).collect();
    assert_eq!(first[1], "6 B2 1 B3");
    assert_eq!(first[11], "C5 A3 D9 I4 A9 E5 A2 C6 I1");
    let clash = format!(
        "{}\nC5 A3 D9 I4 A9 B1 A2 C6 I1\n0\n",
        first[..11].join("\n")
    );
    std::fs::write(folder.join("clash.in"), &clash).unwrap();
    let mut puzzles = Vec::new();
    let read = member.entry.read_each(clash.as_bytes(), |puzzle| {
        puzzles.push(puzzle);
        Ok(())
    });
    read.unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!((member.entry.solve)(&puzzles[0]), None);

    let output = bench_in(&folder, &["--problem", name, "--rounds", "1", "clash.in"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        stdout.contains(&format!("bench problem={name} file=clash.in puzzles=1 ")),
        "{stdout}"
    );
    assert!(
        stderr.contains("no completion for 1 of 1 puzzles"),
        "{stderr}"
    );

    // The same puzzle as it was has a grid: a solver that found none would be wrong, and
    // the sample's expected grid is checked too.
    let original = format!("{}\n0\n", first.join("\n"));
    std::fs::write(folder.join("original.in"), original).unwrap();
    let output = bench_in(
        &folder,
        &["--problem", name, "--rounds", "1", "original.in"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("no completion"), "{stderr}");
}

#[test]
fn the_ladder_table_is_written_between_the_markers() {
    let folder = fresh_folder("bench-ladder-write");
    let special = project_root().join("data/special.txt");
    std::fs::copy(special, folder.join("special.txt")).unwrap();
    let page = "# Notes\n\nbefore\n<!-- bench-ladder:begin -->\nold table\n<!-- bench-ladder:end -->\nafter\n";
    std::fs::write(folder.join("notes.md"), page).unwrap();
    let arguments = [
        "--ladder",
        "--rounds",
        "1",
        "--write",
        "notes.md",
        "special.txt",
    ];
    let output = bench_in(&folder, &arguments);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let written = std::fs::read_to_string(folder.join("notes.md")).unwrap();
    assert!(written.starts_with("# Notes\n\nbefore\n<!-- bench-ladder:begin -->\n| rung | name | special guesses | µs |\n"), "{written}");
    assert!(
        written.ends_with("\n<!-- bench-ladder:end -->\nafter\n"),
        "{written}"
    );
    assert!(!written.contains("old table"), "{written}");
    // A row per rung of the ladder, named as `bench --ladder` prints it.
    for rung in common::ladder::RUNGS {
        let row = format!("| {} | {} | ", rung.number, rung.name);
        assert!(written.contains(&row), "no `{row}` in:\n{written}");
        assert!(stdout.contains(&format!(
            "bench rung={} name={} file=special.txt",
            rung.number, rung.name
        )));
    }

    // Without the markers, it says so and leaves the file alone.
    std::fs::write(folder.join("bare.md"), "no markers\n").unwrap();
    let arguments = [
        "--ladder",
        "--rounds",
        "1",
        "--write",
        "bare.md",
        "special.txt",
    ];
    let output = bench_in(&folder, &arguments);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("bare.md has no line <!-- bench-ladder:begin -->"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("bare.md")).unwrap(),
        "no markers\n"
    );
}
