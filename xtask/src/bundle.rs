//! One source file for the judge: a problem crate and what it uses of `common`.
//!
//! Baekjoon compiles a single file with `rustc --edition 2021 -O` and the standard library
//! only, while a solution here is a problem crate (`lib.rs` and a thin `main.rs`) plus the
//! shared crate `common`. [`bundle_crate`] makes the file the judge wants:
//!
//! 1. **Read** the problem's `src/lib.rs`, its `src/main.rs`, and each path dependency's
//!    `src/lib.rs`, following `mod x;` declarations into their files, and leave out
//!    test-only code, `#[cfg(test)]` and `#[test]` (`bundle/load.rs`,
//!    `bundle/attributes.rs`).
//! 2. **Rewrite paths** so the crates work as modules of one crate: the library is the
//!    root, each dependency becomes `mod common { ... }`, `main.rs`'s `p2239::run` becomes
//!    `crate::run`, and `common`'s own `crate::X` becomes `crate::common::X`
//!    (`bundle/paths.rs`).
//! 3. **Prune** everything `fn main` does not reach, since in a binary every unused item
//!    is a warning (`bundle/prune.rs`).
//! 4. **Print** the tree with `prettyplease`, under a comment that names the problem, its
//!    link, this generator and the workspace commit.
//!
//! Everything is done on syntax trees, never on source text, and in a fixed order, so the
//! same sources always give the same bytes. Crate-level attributes other than doc
//! comments and `allow`s are dropped (they belong to the workspace build); doc comments
//! stay, unless [`BundleOptions::strip_docs`] asks to remove them.
//!
//! [`compile_like_the_judge`] then builds a bundle the judge's way, for `cargo xtask check
//! --bundled` and the tests.

mod attributes;
mod load;
mod paths;
mod prune;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use syn::visit_mut::VisitMut;
use syn::{AttrStyle, File, Item, ItemMod};

use attributes::{as_outer, is_doc_comment, keep_inner_attribute, strip_doc_comments};
use load::load_crate_root;
use paths::PathRewriter;
use prune::{keep_what_main_needs, remove_duplicate_imports, remove_self_imports, Origin};

/// How to make a bundle.
#[derive(Clone, Copy, Debug, Default)]
pub struct BundleOptions {
    /// Remove every doc comment (`///` and `//!`), for a smaller file.
    pub strip_docs: bool,
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The problem crate's name, for example `p2239`; also the bundle's file stem.
    pub crate_name: String,
    /// The source text, ready to submit.
    pub source: String,
}

/// The parts of a `Cargo.toml` the bundler reads; serde skips the rest.
#[derive(Deserialize)]
struct Manifest {
    /// The `[package]` table.
    package: ManifestPackage,
    /// The `[dependencies]` table: each one must be a path dependency.
    #[serde(default)]
    dependencies: BTreeMap<String, toml::Value>,
}

/// The `[package]` table of a manifest.
#[derive(Deserialize)]
struct ManifestPackage {
    /// The package name, which is also the crate name (with `-` as `_`).
    name: String,
    /// The `[package.metadata]` table.
    metadata: Option<ManifestMetadata>,
}

/// The `[package.metadata]` table of a manifest.
#[derive(Deserialize)]
struct ManifestMetadata {
    /// The judge's facts about the problem, if this is a problem crate.
    boj: Option<JudgeFacts>,
}

/// What the bundle's opening comment says about the problem.
#[derive(Deserialize)]
struct JudgeFacts {
    /// The problem number.
    id: u32,
    /// The problem's title.
    title: String,
    /// The address of the problem statement.
    url: String,
}

/// A crate that the problem crate depends on by path, to be inlined as a module.
struct Dependency {
    /// Its crate name, which becomes the module name (`common`).
    name: String,
    /// Its folder.
    directory: PathBuf,
}

/// Reads the manifest in `directory`.
fn read_manifest(directory: &Path) -> Result<Manifest> {
    let path = directory.join("Cargo.toml");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    toml::from_str(&text).with_context(|| format!("reading {}", path.display()))
}

/// The crate name of a package name.
fn crate_name(package_name: &str) -> String {
    package_name.replace('-', "_")
}

/// The path dependencies of the crate in `directory` and theirs, each once, in the order
/// first met (dependencies of a crate are taken in name order).
fn path_dependencies(directory: &Path, manifest: &Manifest) -> Result<Vec<Dependency>> {
    let mut found: Vec<Dependency> = Vec::new();
    let mut to_visit = vec![(directory.to_path_buf(), manifest.dependencies.clone())];
    while let Some((from, dependencies)) = to_visit.pop() {
        for (name, specification) in dependencies {
            let Some(path) = specification.get("path").and_then(toml::Value::as_str) else {
                bail!(
                    "{} depends on `{name}`, which is not a path dependency: the judge \
                     compiles one file with the standard library only",
                    from.join("Cargo.toml").display()
                );
            };
            let name = crate_name(&name);
            if found.iter().any(|dependency| dependency.name == name) {
                continue;
            }
            let dependency_directory = from.join(path);
            let dependency_manifest = read_manifest(&dependency_directory)?;
            to_visit.push((
                dependency_directory.clone(),
                dependency_manifest.dependencies,
            ));
            found.push(Dependency {
                name,
                directory: dependency_directory,
            });
        }
    }
    Ok(found)
}

/// The names the items of a list define at their level, for spotting clashes between
/// the library and the binary, which share the root in the bundle.
fn defined_names(items: &[Item]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Const(item) if item.ident != "_" => Some(&item.ident),
            Item::Enum(item) => Some(&item.ident),
            Item::Fn(item) => Some(&item.sig.ident),
            Item::Mod(item) => Some(&item.ident),
            Item::Static(item) => Some(&item.ident),
            Item::Struct(item) => Some(&item.ident),
            Item::Trait(item) => Some(&item.ident),
            Item::Type(item) => Some(&item.ident),
            Item::Union(item) => Some(&item.ident),
            _ => None,
        })
        .map(ToString::to_string)
        .collect()
}

/// Makes the bundle of the problem crate in `crate_directory` (see the module
/// documentation).
pub fn bundle_crate(crate_directory: &Path, options: &BundleOptions) -> Result<Bundle> {
    let manifest = read_manifest(crate_directory)?;
    let own_name = crate_name(&manifest.package.name);
    let dependencies = path_dependencies(crate_directory, &manifest)?;
    let dependency_names: Vec<String> = dependencies
        .iter()
        .map(|dependency| dependency.name.clone())
        .collect();
    let problem_rewriter = PathRewriter::for_problem(&own_name, &dependency_names);

    let mut root_attributes = Vec::new();
    let mut items = Vec::new();
    let mut origins = Vec::new();

    // The library, at the root.
    let library_path = crate_directory.join("src").join("lib.rs");
    if library_path.is_file() {
        let mut library = load_crate_root(&library_path)?;
        problem_rewriter.clone().visit_file_mut(&mut library);
        root_attributes.extend(library.attrs.into_iter().filter(keep_inner_attribute));
        origins.extend(std::iter::repeat_n(Origin::Library, library.items.len()));
        items.extend(library.items);
    }

    // Each dependency, as a module.
    for dependency in &dependencies {
        let mut source = load_crate_root(&dependency.directory.join("src").join("lib.rs"))?;
        PathRewriter::for_dependency(&dependency.name, &dependency_names)
            .visit_file_mut(&mut source);
        let mut module: ItemMod = syn::parse_str(&format!("mod {} {{}}", dependency.name))
            .with_context(|| format!("`{}` cannot name a module", dependency.name))?;
        module.attrs = source
            .attrs
            .into_iter()
            .filter(keep_inner_attribute)
            .collect();
        module.content = Some((Default::default(), source.items));
        items.push(Item::Mod(module));
        origins.push(Origin::Dependency);
    }

    // The binary, after them; its own doc comment moves onto `fn main`.
    let binary_path = crate_directory.join("src").join("main.rs");
    if !binary_path.is_file() {
        bail!(
            "{} is missing: a bundle needs the binary's `fn main`",
            binary_path.display()
        );
    }
    let mut binary = load_crate_root(&binary_path)?;
    problem_rewriter.clone().visit_file_mut(&mut binary);
    remove_self_imports(&mut binary.items);
    let binary_docs: Vec<_> = binary
        .attrs
        .into_iter()
        .filter(|attribute| {
            matches!(attribute.style, AttrStyle::Inner(_)) && is_doc_comment(attribute)
        })
        .map(as_outer)
        .collect();
    for item in &mut binary.items {
        if let Item::Fn(function) = item {
            if function.sig.ident == "main" {
                let own_attributes = std::mem::take(&mut function.attrs);
                function.attrs = binary_docs.clone();
                function.attrs.extend(own_attributes);
            }
        }
    }
    let root_names = defined_names(&items);
    if let Some(clash) = defined_names(&binary.items)
        .into_iter()
        .find(|name| root_names.contains(name))
    {
        bail!(
            "`{clash}` is defined both in {} and in the library or a dependency; they \
             share one module in the bundle",
            binary_path.display()
        );
    }
    origins.extend(std::iter::repeat_n(Origin::Binary, binary.items.len()));
    items.extend(binary.items);

    let mut file = File {
        shebang: None,
        frontmatter: None,
        attrs: root_attributes,
        items,
    };
    keep_what_main_needs(&mut file, &origins)
        .with_context(|| format!("bundling {}", crate_directory.display()))?;
    remove_duplicate_imports(&mut file.items)?;
    if options.strip_docs {
        strip_doc_comments(&mut file);
    }

    let header = header_comment(
        &own_name,
        manifest
            .package
            .metadata
            .as_ref()
            .and_then(|metadata| metadata.boj.as_ref()),
        &dependency_names,
        &describe_commit(crate_directory),
    );
    Ok(Bundle {
        crate_name: own_name,
        source: format!("{header}\n{}", prettyplease::unparse(&file)),
    })
}

/// The comment that opens a bundle.
fn header_comment(
    crate_name: &str,
    facts: Option<&JudgeFacts>,
    dependency_names: &[String],
    commit: &str,
) -> String {
    let mut lines = Vec::new();
    match facts {
        Some(facts) => {
            lines.push(format!("Baekjoon {}: {}", facts.id, facts.title));
            lines.push(facts.url.clone());
        }
        None => lines.push(format!("{crate_name} (no [package.metadata.boj] table)")),
    }
    lines.push(String::new());
    lines.push("Generated by `cargo xtask bundle` from the workspace at".to_string());
    lines.push(format!("{commit}."));
    let modules: Vec<String> = dependency_names
        .iter()
        .map(|name| format!("`mod {name}`"))
        .collect();
    if modules.is_empty() {
        lines.push(format!(
            "The crate `{crate_name}` comes first, then `fn main`."
        ));
    } else {
        lines.push(format!(
            "The crate `{crate_name}` comes first, then {} (only what this problem uses),",
            modules.join(", ")
        ));
        lines.push("then `fn main`.".to_string());
    }
    lines.push("Edit the workspace, not this file.".to_string());
    lines
        .iter()
        .map(|line| {
            if line.is_empty() {
                "//\n".to_string()
            } else {
                format!("// {line}\n")
            }
        })
        .collect()
}

/// "commit 1a2b3c4", with "(with uncommitted changes)" if the work tree differs from it,
/// or "an unknown commit" when git cannot tell (no git, or not a repository).
pub fn describe_commit(directory: &Path) -> String {
    let git = |arguments: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(directory)
            .args(arguments)
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    match git(&["rev-parse", "--short", "HEAD"]) {
        Some(hash) if !hash.is_empty() => match git(&["status", "--porcelain"]) {
            Some(changes) if changes.is_empty() => format!("commit {hash}"),
            _ => format!("commit {hash} (with uncommitted changes)"),
        },
        _ => "an unknown commit".to_string(),
    }
}

/// What `rustc` made of a bundle.
#[derive(Debug)]
pub struct JudgeBuild {
    /// The binary, if `rustc` succeeded.
    pub binary: Option<PathBuf>,
    /// Everything `rustc` printed: warnings and errors. Empty for a clean build.
    pub diagnostics: String,
}

/// A `rustc` run started by [`start_judge_build`].
pub struct PendingJudgeBuild {
    /// The `rustc` process.
    child: Child,
    /// Where the binary will be.
    binary: PathBuf,
}

/// Writes `bundle` into `directory` (which should be new and empty, as the judge's is) and
/// starts compiling it the judge's way: `rustc --edition 2021 -O`, no Cargo, no crates,
/// and none of Cargo's environment variables. The `rustc` is the one in `RUSTC` if that is
/// set, otherwise the one on the path.
pub fn start_judge_build(bundle: &Bundle, directory: &Path) -> Result<PendingJudgeBuild> {
    fs::create_dir_all(directory).with_context(|| format!("creating {}", directory.display()))?;
    let source_name = format!("{}.rs", bundle.crate_name);
    let binary_name = format!("{}{}", bundle.crate_name, std::env::consts::EXE_SUFFIX);
    fs::write(directory.join(&source_name), &bundle.source)
        .with_context(|| format!("writing {}", directory.join(&source_name).display()))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"));
    let mut command = Command::new(&rustc);
    // The judge has no Cargo: what Cargo told this process (`CARGO_PKG_NAME` and the
    // like, which `env!` would read) must not reach the build. `CARGO_HOME` stays, for
    // rustup to find the toolchain.
    for (name, _) in std::env::vars_os() {
        let name_text = name.to_string_lossy();
        if (name_text.starts_with("CARGO") && name_text != "CARGO_HOME") || name_text == "OUT_DIR" {
            command.env_remove(&name);
        }
    }
    let child = command
        .current_dir(directory)
        .args(["--edition", "2021", "-O", "-o", &binary_name, &source_name])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {}", rustc.to_string_lossy()))?;
    Ok(PendingJudgeBuild {
        child,
        binary: directory.join(binary_name),
    })
}

impl PendingJudgeBuild {
    /// Waits for `rustc` and collects what it printed.
    pub fn finish(self) -> Result<JudgeBuild> {
        let output = self.child.wait_with_output().context("waiting for rustc")?;
        let mut diagnostics = String::from_utf8_lossy(&output.stderr).into_owned();
        diagnostics.push_str(&String::from_utf8_lossy(&output.stdout));
        Ok(JudgeBuild {
            binary: (output.status.success() && self.binary.is_file()).then_some(self.binary),
            diagnostics,
        })
    }
}

/// Compiles `bundle` in `directory` the judge's way and waits for the result.
pub fn compile_like_the_judge(bundle: &Bundle, directory: &Path) -> Result<JudgeBuild> {
    start_judge_build(bundle, directory)?.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folder of the problem crate `name` in this workspace.
    fn problem_directory(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("problems")
            .join(name)
    }

    /// The bundle of problem `name`.
    fn bundle_of(name: &str, strip_docs: bool) -> String {
        bundle_crate(&problem_directory(name), &BundleOptions { strip_docs })
            .unwrap_or_else(|error| panic!("bundling {name}: {error:#}"))
            .source
    }

    /// The names defined by the items of the module at `module_path` in `file` (the
    /// root for an empty path); empty if there is no such module.
    fn item_names(file: &File, module_path: &[&str]) -> Vec<String> {
        let mut items = &file.items;
        for module in module_path {
            let inner = items.iter().find_map(|item| match item {
                Item::Mod(inner) if inner.ident == module => {
                    inner.content.as_ref().map(|(_, items)| items)
                }
                _ => None,
            });
            match inner {
                Some(inner) => items = inner,
                None => return Vec::new(),
            }
        }
        defined_names(items)
    }

    const PROBLEMS: [&str; 3] = ["p2239", "p2580", "p4574"];

    #[test]
    fn bundles_parse_and_hold_no_test_code() {
        for name in PROBLEMS {
            let source = bundle_of(name, false);
            syn::parse_file(&source).unwrap_or_else(|error| panic!("{name}: {error}"));
            assert!(!source.contains("cfg(test)"), "{name}");
            assert!(!source.contains("#[test]"), "{name}");
            assert!(!source.contains("mod tests"), "{name}");
            assert!(source.contains("\nmod common {"), "{name}");
            assert!(source.contains("\nfn main()"), "{name}");
            assert!(source.starts_with("// Baekjoon "), "{name}");
            assert!(source.contains("cargo xtask bundle"), "{name}");
            assert!(
                source.contains(&format!("https://www.acmicpc.net/problem/{}", &name[1..])),
                "{name}"
            );
        }
    }

    #[test]
    fn bundles_leave_out_what_the_problem_does_not_use() {
        let has = |names: &[String], name: &str| names.iter().any(|known| known == name);
        for name in PROBLEMS {
            let file = syn::parse_file(&bundle_of(name, false)).unwrap();
            let root = item_names(&file, &[]);
            assert!(has(&root, "run") && has(&root, "main"), "{name}: {root:?}");
            // A helper that only the tests use.
            let common = item_names(&file, &["common"]);
            assert!(!has(&common, "is_valid_solution"), "{name}: {common:?}");
            // The guess counter is for the benchmarks only.
            let observe = item_names(&file, &["common", "observe"]);
            assert!(!has(&observe, "GuessCounter"), "{name}: {observe:?}");
        }
        // Tables that only Su-domino-ku uses, and library functions that only tests,
        // doctests and benchmarks call.
        for name in ["p2239", "p2580"] {
            let file = syn::parse_file(&bundle_of(name, false)).unwrap();
            let common = item_names(&file, &["common"]);
            for unused in ["ROW_OF", "COL_OF", "UNITS_OF"] {
                assert!(!has(&common, unused), "{name}: {unused} in {common:?}");
            }
        }
        let p2239 = syn::parse_file(&bundle_of("p2239", false)).unwrap();
        assert!(!has(&item_names(&p2239, &[]), "count_completions"));
        // Methods of the shared board that a problem does not call.
        for name in ["p2239", "p2580"] {
            let source = bundle_of(name, false);
            assert!(!source.contains("fn eliminate("), "{name}");
            assert!(!source.contains("fn is_complete("), "{name}");
        }
    }

    #[test]
    fn bundles_are_deterministic() {
        for name in PROBLEMS {
            assert_eq!(bundle_of(name, false), bundle_of(name, false), "{name}");
        }
    }

    #[test]
    fn strip_docs_removes_every_doc_comment() {
        for name in PROBLEMS {
            let with_docs = bundle_of(name, false);
            let stripped = bundle_of(name, true);
            assert!(
                with_docs.contains("///") && with_docs.contains("//!"),
                "{name}"
            );
            assert!(
                !stripped.contains("///") && !stripped.contains("//!"),
                "{name}"
            );
            assert!(!stripped.contains("#[doc"), "{name}");
            assert!(stripped.len() < with_docs.len() * 3 / 4, "{name}");
            syn::parse_file(&stripped).unwrap();
        }
    }

    #[test]
    fn the_header_names_the_problem_and_the_commit() {
        let facts = JudgeFacts {
            id: 1000,
            title: "A+B".to_string(),
            url: "https://www.acmicpc.net/problem/1000".to_string(),
        };
        let header = header_comment("p1000", Some(&facts), &["common".to_string()], "commit abc");
        assert!(header
            .starts_with("// Baekjoon 1000: A+B\n// https://www.acmicpc.net/problem/1000\n//\n"));
        assert!(header.contains("`cargo xtask bundle` from the workspace at\n// commit abc.\n"));
        assert!(header.contains("`mod common`"));
        assert!(header.lines().all(|line| line.starts_with("//")));
    }
}
