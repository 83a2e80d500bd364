//! A copy of the workspace for the end-to-end tests of `cargo xtask new`
//! (`tests/new_problem.rs`, `tests/text_problem.rs`): the workspace without `target/` and
//! `.git/`, under the system's temporary folder, built into a target folder of its own there
//! that both tests share and keep between runs, so that xtask's dependencies are built once.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use xtask::bundle::{bundle_crate, start_judge_build, Bundle};
use xtask::problems::workspace::Workspace;

use super::output_with_input;

/// How long one cargo command in the copy may run before it fails the test: the first
/// build of xtask's dependencies in a fresh target folder takes minutes; a command still
/// running after this has hung.
pub const STEP_LIMIT: Duration = Duration::from_secs(40 * 60);

/// The copy of the workspace a test works in, and the target folder of its builds.
pub struct WorkspaceCopy {
    /// The copy's root.
    pub root: PathBuf,
    /// Where cargo builds in the copy.
    pub target_directory: PathBuf,
}

impl WorkspaceCopy {
    /// A fresh copy of this workspace named after `test`, leaving out `target/` and `.git/`
    /// at its top.
    pub fn of_this_workspace(test: &str) -> WorkspaceCopy {
        let temporary = std::env::temp_dir();
        let copy = WorkspaceCopy {
            root: temporary.join(format!("xtask-{test}-workspace-{}", std::process::id())),
            target_directory: temporary.join("xtask-new-problem-target"),
        };
        let _ = fs::remove_dir_all(&copy.root);
        copy_folder(&xtask::project_root(), &copy.root, true);
        copy
    }

    /// A path in the copy.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// Cargo in the copy with `arguments`, building into the copy's target folder without
    /// touching the network (the parent build has fetched every dependency). xtask is
    /// built without optimisation here (the workspace asks for opt-level 3 in the dev
    /// profile, for `stress` and `bench`): the tests time nothing.
    pub fn cargo(&self, arguments: &[&str]) -> Command {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .current_dir(&self.root)
            .args(["--config", "profile.dev.package.xtask.opt-level=0"])
            .args(arguments)
            .env("CARGO_TARGET_DIR", &self.target_directory)
            .env("CARGO_NET_OFFLINE", "true");
        command
    }

    /// What cargo with `arguments` printed on `input`, and how it ended.
    pub fn output(&self, arguments: &[&str], input: &[u8]) -> Output {
        output_with_input(&mut self.cargo(arguments), input, STEP_LIMIT)
    }

    /// Runs cargo with `arguments` on `input`; fails with all it printed unless it
    /// succeeded, and returns its standard output.
    pub fn succeeds(&self, arguments: &[&str], input: &[u8]) -> String {
        succeeded(
            &format!("cargo {arguments:?}"),
            self.output(arguments, input),
        )
    }

    /// Checks the skeleton of problem `name` as `new` wrote it: its tests, clippy with the
    /// workspace's lints and rustdoc pass without a warning, and its bundle, which it
    /// returns, compiles with plain `rustc` without one.
    pub fn skeleton_builds_cleanly(&self, name: &str) -> Bundle {
        self.succeeds(&["test", "-p", name], b"");
        let clippy = [
            "clippy",
            "-p",
            name,
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ];
        self.succeeds(&clippy, b"");
        let mut documented = self.cargo(&["doc", "--no-deps", "-p", name]);
        documented.env("RUSTDOCFLAGS", "-D warnings");
        let output = output_with_input(&mut documented, b"", STEP_LIMIT);
        succeeded("cargo doc -D warnings", output);

        let workspace = Workspace::at(&self.root).expect("cargo reads the copy");
        let problem = workspace
            .problem_in(&self.path(&format!("problems/{name}")))
            .expect("the new problem is a problem crate");
        let bundle = bundle_crate(&workspace, &problem, false).expect("the skeleton bundles");
        let judge_folder = self
            .target_directory
            .join(format!("skeleton-bundle-{name}"));
        let _ = fs::remove_dir_all(&judge_folder);
        let build = start_judge_build(&bundle, &judge_folder, None)
            .and_then(|build| build.finish())
            .expect("rustc runs");
        assert!(build.binary.is_some(), "{}", build.diagnostics);
        assert_eq!(build.diagnostics, "", "a warning in the skeleton's bundle");
        bundle
    }

    /// Removes the copy, once the test has passed (a failed one leaves it to look at); the
    /// target folder stays, for the next run.
    pub fn remove(self) {
        let _ = fs::remove_dir_all(&self.root);
    }

    /// Every file of the copy but those under `target/` (of a build inside it), each with
    /// its bytes, by its path from the root.
    pub fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        read_files(&self.root, &self.root, &mut files);
        files
    }
}

/// Copies the folder `from` to `to`, leaving out `target/` and `.git/` when `top`.
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

/// Reads every file under `folder` (but a top `target/`) into `files`, by its path from
/// `root`.
fn read_files(root: &Path, folder: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in fs::read_dir(folder).expect("the copy is readable") {
        let path = entry.expect("the copy is readable").path();
        if path == root.join("target") {
            continue;
        }
        if path.is_dir() {
            read_files(root, &path, files);
        } else {
            let relative = path
                .strip_prefix(root)
                .expect("under the root")
                .to_path_buf();
            files.insert(relative, fs::read(&path).expect("the file is readable"));
        }
    }
}

/// Fails with everything the command printed unless it succeeded; returns its standard
/// output.
pub fn succeeded(what: &str, output: Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what} failed ({})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    stdout
}
