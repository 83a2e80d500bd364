//! The one rule for a test that needs something of the system (a program such as python3,
//! Chromium or Debian's rustc 1.63, or a file such as `/dev/full`): where it is missing,
//! the test is skipped with one line that says what is missing and how to get it, except
//! under CI (`CI=true`), where the test fails: `.ci/run` installs every tool the tests
//! use, so a tool missing there is a fault to see, not a test to pass unseen.
//!
//! ```ignore
//! let Some(python) = support::tool::required(python3(), "python3", "apt-get install python3")
//! else {
//!     return;
//! };
//! ```

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// `found`, what a test needs; when it is `None`, the line that skips the test (or, under
/// CI, the panic that fails it) names `what` is missing and `how_to_get_it`. The caller
/// returns at once on `None`.
pub fn required<T>(found: Option<T>, what: &str, how_to_get_it: &str) -> Option<T> {
    if found.is_some() {
        return found;
    }
    if is_ci() {
        panic!("{what} is missing, and CI runs every test: {how_to_get_it}");
    }
    eprintln!("skipped: {what} is missing ({how_to_get_it}; CI=true makes this a failure)");
    None
}

/// Whether the tests run under CI, which sets `CI=true`.
pub fn is_ci() -> bool {
    std::env::var_os("CI").is_some_and(|value| value == "true")
}

/// The interpreter that `python3` on the path runs, if it runs: the path it gives as
/// `sys.executable`. The tests start that, not `python3`, because `python3` may be a
/// wrapper that finds the interpreter first: pyenv's is a bash script that took 0.3 s to
/// 0.5 s to do it on a loaded machine, and a Python program judged under a Sudoku's 1 s
/// limit got TLE for the wrapper's start, not its own. (A user's `--command "python3 sol.py"`
/// pays that start too; the tests judge the program, as BOJ runs it.)
pub fn python3() -> Option<PathBuf> {
    let output = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let path = String::from_utf8(output.stdout).ok()?;
    let path = PathBuf::from(path.trim_end());
    (output.status.success() && path.is_file()).then_some(path)
}

/// The GNU time program at `/usr/bin/time` (the reference for every memory figure), if it
/// runs: `/usr/bin/time -f %M PROGRAM` prints the program's peak resident memory in KB.
pub fn gnu_time() -> Option<PathBuf> {
    let path = "/usr/bin/time";
    runs(path, &["-f", "%M", "true"]).then(|| PathBuf::from(path))
}

/// `strace`, if it runs: under `strace -f` every process a program starts is traced
/// already, so the program cannot trace them, as where a seccomp filter refuses `ptrace`.
pub fn strace() -> Option<PathBuf> {
    runs("strace", &["-o", "/dev/null", "true"]).then(|| PathBuf::from("strace"))
}

/// `gcc`, if it runs: it compiles the C programs of the tests (`tests/programs/*.c`).
pub fn gcc() -> Option<PathBuf> {
    runs("gcc", &["--version"]).then(|| PathBuf::from("gcc"))
}

/// The Chromium to run: `$CHROMIUM`, or the first of the usual names on `PATH`.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Whether the system has a font that draws Hangul, as `fc-list :lang=ko` lists them:
/// without one, a browser draws a Korean picture's text in boxes of a fallback font.
pub fn hangul_font() -> Option<String> {
    let output = Command::new("fc-list")
        .args([":lang=ko", "family"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let listed = String::from_utf8_lossy(&output.stdout);
    listed.lines().next().map(str::to_string)
}

/// Whether `program` with `arguments` starts and exits with 0.
fn runs(program: &str, arguments: &[&str]) -> bool {
    let status = Command::new(program)
        .args(arguments)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    status.is_ok_and(|status| status.success())
}
