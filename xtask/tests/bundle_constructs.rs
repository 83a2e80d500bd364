//! Every construct a solution may use survives bundling: for each, a small workspace in a
//! temporary folder (`common` and a problem `p1000` that uses the construct), bundled by
//! `xtask::bundle` as `cargo xtask bundle` does, built by plain `rustc --edition 2021 -O`
//! (which must print nothing), run, and its output checked. Each is built twice: with the
//! `rustc` on the path, and with Debian's rustc 1.63 (`/usr/bin/rustc`) where it is
//! installed, as the judge may be that old.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use xtask::bundle::{bundle_crate, start_judge_build};
use xtask::judge::{run_program, Limits};
use xtask::problems::workspace::Workspace;

/// Debian's packaged compiler, older than the judge's.
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// The manifests of the fixture: the workspace, `common`, and `p1000` using `common`.
const MANIFESTS: [(&str, &str); 3] = [
    (
        "Cargo.toml",
        "[workspace]\nmembers = [\"common\", \"p1000\"]\nresolver = \"2\"\n",
    ),
    (
        "common/Cargo.toml",
        "[package]\nname = \"common\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    ),
    (
        "p1000/Cargo.toml",
        "[package]\nname = \"p1000\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
         [dependencies]\ncommon = { path = \"../common\" }\n\
         [package.metadata.boj]\nid = 1000\ntitle = \"A+B\"\n\
         url = \"https://www.acmicpc.net/problem/1000\"\n\
         time-limit-ms = 1000\nmemory-mb = 128\nchecker = \"exact\"\n",
    ),
];

/// Writes a fixture workspace with the source `files` (path and text), bundles `p1000`,
/// builds the bundle with each compiler, runs it, and checks that it prints `expected`.
/// Returns the bundle's source for further checks.
fn bundle_build_and_run(files: &[(&str, &str)], expected: &str) -> String {
    let root = tempfile::tempdir().expect("a temporary folder");
    for (path, text) in MANIFESTS.iter().chain(files) {
        let path = root.path().join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        fs::write(path, text).expect("the file is written");
    }
    let workspace = Workspace::at(root.path()).expect("cargo reads the fixture");
    let problem = workspace
        .problem_in(&root.path().join("p1000"))
        .expect("the fixture is a problem crate");
    let bundle = bundle_crate(&workspace, &problem, false)
        .unwrap_or_else(|error| panic!("bundling: {error:#}"));
    let old_rustc = Path::new(OLD_RUSTC);
    let compilers = [None, Some(old_rustc).filter(|path| path.is_file())];
    for (index, rustc) in compilers.into_iter().enumerate() {
        if index == 1 && rustc.is_none() {
            eprintln!("not built with {OLD_RUSTC}: it is missing (`apt-get install rustc`)");
            continue;
        }
        let folder = root.path().join(format!("judge-{index}"));
        let build = start_judge_build(&bundle, &folder, rustc)
            .and_then(|build| build.finish())
            .unwrap_or_else(|error| panic!("compiling: {error:#}"));
        let compiler = rustc.map_or("rustc".to_string(), |path| path.display().to_string());
        assert!(
            build.diagnostics.trim().is_empty(),
            "{compiler} printed:\n{}\nfor the bundle:\n{}",
            build.diagnostics,
            bundle.source
        );
        let binary = build.binary.expect("rustc made a binary");
        let run = run_program(
            &mut Command::new(binary),
            b"",
            Limits::time_only(Duration::from_secs(20)),
        )
        .expect("the bundle runs");
        assert!(run.ending.is_success(), "{}", run.ending);
        assert_eq!(String::from_utf8_lossy(&run.stdout), expected, "{compiler}");
    }
    bundle.source
}

#[test]
fn a_visibility_restricted_to_a_module_of_common() {
    let source = bundle_build_and_run(
        &[
            ("common/src/lib.rs", "pub mod board;\n"),
            (
                "common/src/board.rs",
                "pub mod inner {\n    pub(in crate::board) fn hidden() -> u8 { 7 }\n}\n\
                 pub fn peek() -> u8 { inner::hidden() }\n",
            ),
            (
                "p1000/src/lib.rs",
                "pub fn run() -> u8 { common::board::peek() }\n",
            ),
            (
                "p1000/src/main.rs",
                "fn main() { println!(\"{}\", p1000::run()); }\n",
            ),
        ],
        "7\n",
    );
    assert!(source.contains("pub(in crate::common::board)"), "{source}");
}

#[test]
fn every_form_of_use_and_extern_crate_of_common() {
    bundle_build_and_run(
        &[
            ("common/src/lib.rs", "pub const TWO: u8 = 2;\n"),
            (
                "p1000/src/lib.rs",
                "extern crate common;\nextern crate common as renamed;\nuse common as c;\n\
                 mod inner {\n    use common;\n    pub fn two() -> u8 { common::TWO }\n}\n\
                 mod nested {\n    use ::common as d;\n    pub fn two() -> u8 { d::TWO }\n}\n\
                 pub fn run() -> u8 {\n    c::TWO + renamed::TWO + ::common::TWO + inner::two() + nested::two()\n}\n",
            ),
            (
                "p1000/src/main.rs",
                "extern crate common;\nextern crate p1000;\nextern crate common as shared;\n\
                 use p1000 as solution;\n\
                 mod helper {\n    use common::TWO;\n    pub fn two() -> u8 { TWO }\n}\n\
                 fn main() {\n    println!(\"{}\", solution::run() + common::TWO + shared::TWO + helper::two());\n}\n",
            ),
        ],
        "16\n",
    );
}

#[test]
fn macros_exported_by_common_are_called_at_the_root() {
    let source = bundle_build_and_run(
        &[
            (
                "common/src/lib.rs",
                "pub mod macros;\npub mod numbers;\n",
            ),
            (
                "common/src/macros.rs",
                "#[macro_export]\nmacro_rules! double {\n    ($x:expr) => { $crate::numbers::twice($x) };\n}\n\
                 #[macro_export]\nmacro_rules! quadruple {\n    ($x:expr) => { $crate::double!($crate::double!($x)) };\n}\n",
            ),
            ("common/src/numbers.rs", "pub fn twice(x: u8) -> u8 { 2 * x }\n"),
            (
                "p1000/src/lib.rs",
                "use common::quadruple;\n\
                 pub fn run() -> String { format!(\"{} {}\", common::double!(3), quadruple!(1)) }\n",
            ),
            (
                "p1000/src/main.rs",
                "fn main() { println!(\"{}\", p1000::run()); }\n",
            ),
        ],
        "6 4\n",
    );
    assert!(source.contains("mod macros"), "{source}");
}

#[test]
fn inner_attributes_of_module_files_stay_on_the_module() {
    let source = bundle_build_and_run(
        &[
            (
                "common/src/lib.rs",
                "pub mod loud;\npub mod windows_only;\n",
            ),
            (
                "common/src/windows_only.rs",
                "#![cfg(target_os = \"windows\")]\n\
                 pub fn only() -> u8 { this_name_exists_on_windows_only }\n",
            ),
            (
                "common/src/loud.rs",
                "#![allow(non_snake_case)]\npub fn Shout() -> u8 { 1 }\n",
            ),
            (
                "p1000/src/lib.rs",
                "#[cfg(target_os = \"windows\")]\npub fn windows() -> u8 { common::windows_only::only() }\n\
                 pub fn run() -> u8 { common::loud::Shout() }\n",
            ),
            (
                "p1000/src/main.rs",
                "fn main() { println!(\"{}\", p1000::run()); }\n",
            ),
        ],
        "1\n",
    );
    assert!(
        source.contains("#[cfg(target_os = \"windows\")]"),
        "{source}"
    );
}

#[test]
fn a_module_holding_only_trait_impls_is_kept() {
    let source = bundle_build_and_run(
        &[
            (
                "common/src/lib.rs",
                "pub mod board;\npub mod display;\npub mod local_error;\npub mod unused_trait;\n",
            ),
            ("common/src/board.rs", "pub struct Board(pub u8);\n"),
            (
                "common/src/display.rs",
                "use std::fmt;\n\
                 impl fmt::Display for crate::board::Board {\n    \
                 fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {\n        \
                 write!(formatter, \"board {}\", self.0)\n    }\n}\n",
            ),
            (
                "common/src/local_error.rs",
                "pub struct LocalError;\n\
                 impl std::fmt::Display for LocalError {\n    \
                 fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {\n        \
                 formatter.write_str(\"local\")\n    }\n}\n",
            ),
            (
                "common/src/unused_trait.rs",
                "pub trait Unused { fn unused(&self); }\n\
                 impl Unused for crate::board::Board { fn unused(&self) {} }\n",
            ),
            (
                "p1000/src/lib.rs",
                "pub fn run() -> String { common::board::Board(5).to_string() }\n",
            ),
            (
                "p1000/src/main.rs",
                "fn main() { println!(\"{}\", p1000::run()); }\n",
            ),
        ],
        "board 5\n",
    );
    // Not needed: an impl of a trait of common's own that nothing names, and an impl for
    // a type of the module's own that nothing names.
    assert!(!source.contains("mod unused_trait"), "{source}");
    assert!(!source.contains("mod local_error"), "{source}");
}
