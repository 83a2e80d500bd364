//! `cargo xtask new` from end to end, in a copy of the workspace: the new problem is
//! picked up by `cargo xtask check` (with no samples yet), bundles into a file that plain
//! `rustc` compiles without a warning, passes `cargo test`, and is never overwritten.
//!
//! This builds the whole workspace in the copy, so it is `#[ignore]`d in a plain `cargo
//! test`; CI runs it with `cargo test -p xtask --test new_problem -- --ignored`. Its build
//! output goes to one folder under the system's temporary folder, kept between runs, so
//! a second run takes seconds.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// The problem the test creates; no real problem uses this number.
const NEW_ID: &str = "9999";

/// Its title, full of what markdown and rustdoc read as markup (a link, an HTML tag, code).
const TITLE: &str = "Sudoku [Hard] vector<int> `x` *y*";

/// Copies the folder `from` to `to`, leaving out `target/` and `.git/` at its top.
fn copy_workspace(from: &Path, to: &Path) {
    fn copy_folder(from: &Path, to: &Path, top: bool) {
        fs::create_dir_all(to).expect("the copy's folder can be made");
        for entry in fs::read_dir(from).expect("the workspace is readable") {
            let entry = entry.expect("the workspace is readable");
            let name = entry.file_name();
            if top && (name == "target" || name == ".git") {
                continue;
            }
            let path = entry.path();
            if path.is_dir() {
                copy_folder(&path, &to.join(&name), false);
            } else {
                fs::copy(&path, to.join(&name)).expect("the file is copied");
            }
        }
    }
    let _ = fs::remove_dir_all(to);
    copy_folder(from, to, true);
}

/// Runs cargo in `workspace` with `arguments`, building into `target_directory`
/// without touching the network (the parent build has fetched every dependency).
fn cargo(workspace: &Path, target_directory: &Path, arguments: &[&str]) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .current_dir(workspace)
        .args(arguments)
        .env("CARGO_TARGET_DIR", target_directory)
        .env("CARGO_NET_OFFLINE", "true")
        .output()
        .expect("cargo starts")
}

/// Fails with everything the command printed unless it succeeded; returns its
/// standard output.
fn succeeded(what: &str, output: Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what} failed ({})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    stdout
}

#[test]
#[ignore = "copies the workspace and builds it whole (minutes on a first run); CI runs it \
            with --ignored"]
fn a_new_problem_is_checked_bundled_and_tested() {
    let temporary = std::env::temp_dir();
    let workspace = temporary.join(format!(
        "xtask-new-problem-workspace-{}",
        std::process::id()
    ));
    let target_directory = temporary.join("xtask-new-problem-target");
    copy_workspace(&xtask::project_root(), &workspace);

    let created = succeeded(
        "cargo xtask new",
        cargo(
            &workspace,
            &target_directory,
            &["xtask", "new", NEW_ID, "--title", TITLE],
        ),
    );
    let name = format!("p{NEW_ID}");
    for file in [
        "Cargo.toml",
        "src/lib.rs",
        "src/main.rs",
        "samples/.gitkeep",
    ] {
        assert!(
            workspace.join("problems").join(&name).join(file).is_file(),
            "{file} missing; `new` printed:\n{created}"
        );
    }
    assert!(created.contains("next steps"), "{created}");

    // `check` judges the real problems and reports nothing for the new one.
    let checked = succeeded(
        "cargo xtask check",
        cargo(&workspace, &target_directory, &["xtask", "check"]),
    );
    assert!(!checked.contains(&name), "{checked}");
    assert!(
        checked.trim_end().ends_with("passed, 0 failed"),
        "{checked}"
    );

    // The bundle compiles with plain rustc without a warning: `check --bundled` fails
    // on any warning. A check that judges nothing fails, so the problem gets a sample
    // first, which the skeleton (it prints nothing) passes.
    let samples = workspace.join("problems").join(&name).join("samples");
    fs::write(samples.join("sample-1.in"), "1 2\n").unwrap();
    fs::write(samples.join("sample-1.out"), "").unwrap();
    let bundled = succeeded(
        "cargo xtask check --bundled",
        cargo(
            &workspace,
            &target_directory,
            &["xtask", "check", "--bundled", &name],
        ),
    );
    assert!(
        bundled.contains(&format!("{name}  sample-1  AC")),
        "{bundled}"
    );
    assert!(
        bundled.trim_end().ends_with("1 passed, 0 failed"),
        "{bundled}"
    );
    let written = succeeded(
        "cargo xtask bundle",
        cargo(&workspace, &target_directory, &["xtask", "bundle", &name]),
    );
    let bundle_path = target_directory.join("bundle").join(format!("{name}.rs"));
    let bundle = fs::read_to_string(&bundle_path)
        .unwrap_or_else(|_| panic!("no {}; `bundle` printed:\n{written}", bundle_path.display()));
    assert!(bundle.starts_with(&format!("// Baekjoon {NEW_ID}: {TITLE}\n")));

    // Its tests and doctests build and pass, and so does clippy with the workspace lints.
    succeeded(
        "cargo test",
        cargo(&workspace, &target_directory, &["test", "-p", &name]),
    );
    succeeded(
        "cargo clippy",
        cargo(
            &workspace,
            &target_directory,
            &[
                "clippy",
                "-p",
                &name,
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ),
    );

    // Its documentation builds without a warning: the title is escaped for markdown.
    let cargo_program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let documented = Command::new(cargo_program)
        .current_dir(&workspace)
        .args(["doc", "--no-deps", "-p", &name])
        .env("CARGO_TARGET_DIR", &target_directory)
        .env("CARGO_NET_OFFLINE", "true")
        .env("RUSTDOCFLAGS", "-D warnings")
        .output()
        .expect("cargo starts");
    succeeded("cargo doc -D warnings", documented);

    // A second `new` with the same id is refused, and the crate is left as it was.
    let manifest = fs::read_to_string(workspace.join("problems").join(&name).join("Cargo.toml"))
        .expect("the manifest exists");
    let again = cargo(&workspace, &target_directory, &["xtask", "new", NEW_ID]);
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    assert_eq!(
        fs::read_to_string(workspace.join("problems").join(&name).join("Cargo.toml")).unwrap(),
        manifest
    );

    let _ = fs::remove_dir_all(&workspace);
}
