//! Reading one crate's source files into one syntax tree.
//!
//! A crate root (`src/lib.rs` or `src/main.rs`) is parsed, its test-only code removed,
//! and every `mod x;` declaration replaced by an inline `mod x { ... }` holding the file
//! it names, found the way `rustc` finds it: `x.rs` or `x/mod.rs` beside a crate root or a
//! `mod.rs`, and under a folder named after the module otherwise. Nothing here knows the
//! names of our modules, so a new module or a new crate needs no change.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use syn::{AttrStyle, Attribute, File, Item};

use super::attributes::{
    is_doc_comment, is_test_only, keep_inner_attribute, remove_test_only_code,
};

/// Parses the crate root at `path` and everything it declares with `mod x;`, without the
/// test-only code. The file's own inner attributes are left in the returned file's
/// `attrs`, for the caller to place.
pub(super) fn load_crate_root(path: &Path) -> Result<File> {
    let directory = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut file = parse_source_file(path)?;
    remove_test_only_code(&mut file);
    inline_module_files(&mut file.items, &directory)?;
    Ok(file)
}

fn parse_source_file(path: &Path) -> Result<File> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    syn::parse_file(&text).with_context(|| format!("parsing {}", path.display()))
}

/// Replaces each `mod x;` among `items` by `mod x { ... }` with the contents of its file;
/// `directory` is where the files of these modules live. Inline modules are followed too,
/// since a `mod y;` inside `mod x { ... }` lives in `directory/x/y.rs`.
fn inline_module_files(items: &mut Vec<Item>, directory: &Path) -> Result<()> {
    let mut index = 0;
    while index < items.len() {
        let Item::Mod(module) = &mut items[index] else {
            index += 1;
            continue;
        };
        let name = module.ident.to_string();
        let is_path = |attribute: &Attribute| attribute.path().is_ident("path");
        if module.attrs.iter().any(is_path) {
            bail!(
                "module `{name}` in {} uses #[path = ...], which the bundler does not follow",
                directory.display()
            );
        }
        let child_directory = directory.join(&name);
        match &mut module.content {
            Some((_, child_items)) => inline_module_files(child_items, &child_directory)?,
            None => {
                let path = module_file(directory, &name)?;
                let mut file = parse_source_file(&path)?;
                // `#![cfg(test)]` at the top of the file removes the whole module.
                if is_test_only(&file.attrs) {
                    items.remove(index);
                    continue;
                }
                remove_test_only_code(&mut file);
                inline_module_files(&mut file.items, &child_directory)?;
                // The file's own `#![cfg]` and `#![allow]` go onto the module as `#[cfg]`
                // and `#[allow]`, where they mean the same; its `//!` stays inside.
                let carried = file.attrs.into_iter().filter(keep_inner_attribute);
                module.attrs.extend(carried.map(|mut attribute| {
                    if !is_doc_comment(&attribute) {
                        attribute.style = AttrStyle::Outer;
                    }
                    attribute
                }));
                module.content = Some((Default::default(), file.items));
                module.semi = None;
            }
        }
        index += 1;
    }
    Ok(())
}

/// The file of module `name` declared by a file whose modules live in `directory`.
fn module_file(directory: &Path, name: &str) -> Result<PathBuf> {
    let flat = directory.join(format!("{name}.rs"));
    let nested = directory.join(name).join("mod.rs");
    let (shown_flat, shown_nested) = (flat.display(), nested.display());
    match (flat.is_file(), nested.is_file()) {
        (true, false) => Ok(flat),
        (false, true) => Ok(nested),
        (true, true) => bail!("module `{name}` has two files, {shown_flat} and {shown_nested}"),
        (false, false) => {
            bail!("module `{name}` has no file: expected {shown_flat} or {shown_nested}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_files_are_followed_to_any_depth() {
        let temporary = tempfile::tempdir().unwrap();
        let directory = temporary.path();
        fs::create_dir_all(directory.join("outer")).unwrap();
        fs::create_dir_all(directory.join("deep/inline")).unwrap();
        fs::write(
            directory.join("lib.rs"),
            "//! Root.\nmod outer;\nmod deep;\n#[cfg(test)]\nmod tests;\n",
        )
        .unwrap();
        fs::write(directory.join("outer.rs"), "//! Outer.\npub mod leaf;\n").unwrap();
        fs::write(directory.join("outer/leaf.rs"), "pub fn leaf() {}\n").unwrap();
        fs::write(directory.join("deep/mod.rs"), "mod inline { mod inner; }\n").unwrap();
        fs::write(directory.join("deep/inline/inner.rs"), "fn inner() {}\n").unwrap();

        let file = load_crate_root(&directory.join("lib.rs")).unwrap();
        let text = prettyplease::unparse(&file);
        assert!(text.contains("mod outer {\n    //! Outer."), "{text}");
        assert!(text.contains("pub fn leaf() {}"), "{text}");
        assert!(text.contains("fn inner() {}"), "{text}");
        assert!(!text.contains("mod tests"), "{text}");
    }

    #[test]
    fn a_missing_module_file_is_an_error_naming_both_places() {
        let temporary = tempfile::tempdir().unwrap();
        let directory = temporary.path();
        fs::write(directory.join("lib.rs"), "mod gone;\n").unwrap();
        let Err(error) = load_crate_root(&directory.join("lib.rs")) else {
            panic!("a module without a file was accepted");
        };
        let message = format!("{error:#}");
        assert!(
            message.contains("gone.rs") && message.contains("mod.rs"),
            "{message}"
        );
    }
}
