//! The rule for a test that needs a tool (`support/tool.rs`), shown on a test whose tool is
//! never there: outside CI it is skipped with one line that says what is missing, and under
//! CI (`CI=true`) it fails, so a tool that CI lacks cannot leave a test passing unseen.
//! The test runs that one in a process of its own, this file's test binary again, with
//! `CI` set as it needs.

#[allow(dead_code)]
#[path = "support/tool.rs"]
mod tool;

use std::process::{Command, Output};

/// A test that needs a tool that no system has. It is ignored in the ordinary runs and run
/// by [`a_test_whose_tool_is_missing_is_skipped_outside_ci_and_fails_in_ci`].
#[test]
#[ignore = "needs a tool that is never there: run by the test below, with and without CI"]
fn needs_a_tool_that_is_never_there() {
    let found: Option<()> = None;
    let Some(()) = tool::required(found, "the tool of no system", "it cannot be had") else {
        return;
    };
    unreachable!("the tool of no system was found");
}

/// This test binary running only [`needs_a_tool_that_is_never_there`], with `CI` set to
/// `ci`.
fn run_the_test_that_needs_it(ci: &str) -> Output {
    let this = std::env::current_exe().expect("the test binary has a path");
    let test = "needs_a_tool_that_is_never_there";
    Command::new(this)
        .args([
            "--exact",
            test,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("CI", ci)
        .output()
        .expect("the test binary runs")
}

#[test]
fn a_test_whose_tool_is_missing_is_skipped_outside_ci_and_fails_in_ci() {
    let outside = run_the_test_that_needs_it("false");
    let stderr = String::from_utf8_lossy(&outside.stderr);
    assert!(outside.status.success(), "outside CI: {outside:?}");
    let skipped = "skipped: the tool of no system is missing (it cannot be had;";
    assert!(stderr.contains(skipped), "outside CI: {stderr}");

    let inside = run_the_test_that_needs_it("true");
    let said = String::from_utf8_lossy(&inside.stdout) + String::from_utf8_lossy(&inside.stderr);
    assert!(!inside.status.success(), "under CI: {inside:?}");
    let failed = "the tool of no system is missing, and CI runs every test: it cannot be had";
    assert!(said.contains(failed), "under CI: {said}");
}
