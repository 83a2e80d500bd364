//! `cargo xtask bench` as a user runs it: from any folder, and never waiting forever.
//! (`bench --process` runs each binary through the judge's runner, whose promises about
//! time limits and leftover processes are tested in `runner.rs` and in `xtask::judge`.)
//!
//! The folders these tests write lie under cargo's temporary folder for tests
//! (`target/tmp`), so nothing is left in the system's temporary folder.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

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

/// Runs `command`, failing the test if it is still running after `limit`.
fn output_within(command: &mut Command, limit: Duration) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if child.wait_timeout(limit).unwrap().is_none() {
        let _ = child.kill();
        panic!("still running after {limit:?}: {command:?}");
    }
    child.wait_with_output().unwrap()
}

#[test]
fn files_and_the_plot_are_where_the_caller_says() {
    let folder = fresh_folder("bench-paths");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/magictour_top1465.txt");
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
    let output = output_within(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .current_dir(&folder)
            .args([
                "bench",
                "--rounds",
                "2",
                "sets/three.txt",
                "--svg",
                "plot.svg",
            ])
            .env("CARGO", &fake_cargo)
            .env("XTASK", env!("CARGO_BIN_EXE_xtask"))
            .env_remove("XTASK_BENCH_OPTIMISED"),
        Duration::from_secs(120),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    for problem in ["p2239", "p2580"] {
        let line = format!("bench problem={problem} file=three.txt puzzles=3 ");
        assert!(stdout.contains(&line), "no `{line}` in:\n{stdout}");
    }
    let plot = std::fs::read_to_string(folder.join("plot.svg")).unwrap();
    assert!(plot.contains("<svg"), "{plot}");
}
