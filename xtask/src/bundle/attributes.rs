//! Attributes the bundler acts on: test-only code (left out), crate-level attributes (not
//! all may stay once a crate becomes a module), and doc comments (left out by default).
//!
//! Code is test-only when `#[test]` marks it, or a `cfg` on it is false whenever `test` is
//! not set: `#[cfg(test)]`, `#[cfg(all(test, unix))]`. Test-only items of files and modules
//! (where tests live: `mod tests`) are left out. Any other `cfg` or `cfg_attr`, and one
//! inside an item (on a method, a field, a statement), stays for the judge's `rustc` to
//! decide as it would have in the workspace: leaving code out only saves bytes.

use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, File, Item, ItemMod, Meta, Token};

/// The value of a `cfg` predicate when `test` is not set, where that alone decides it;
/// `None` where the target or the features do.
fn value_without_test(predicate: &Meta) -> Option<bool> {
    if predicate.path().is_ident("test") {
        return Some(false);
    }
    let Meta::List(list) = predicate else {
        return None;
    };
    let operands = list
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .ok()?;
    let values: Vec<Option<bool>> = operands.iter().map(value_without_test).collect();
    let all = |value| values.iter().all(|known| *known == Some(value));
    match list.path.get_ident()?.to_string().as_str() {
        "all" if values.contains(&Some(false)) => Some(false),
        "all" => all(true).then_some(true),
        "any" if values.contains(&Some(true)) => Some(true),
        "any" => all(false).then_some(false),
        "not" if values.len() == 1 => values[0].map(|value| !value),
        _ => None,
    }
}

/// Whether `attributes` mark test-only code (see the module's docs).
pub(super) fn is_test_only(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        let path = attribute.path();
        path.is_ident("test")
            || path.is_ident("cfg")
                && attribute
                    .parse_args::<Meta>()
                    .is_ok_and(|predicate| value_without_test(&predicate) == Some(false))
    })
}

/// Whether an item stays in the bundle: it is not test-only. syn hands a visitor an item's
/// own attribute list before anything inside it, so the first list met is the item's.
fn keep_item(item: &mut Item) -> bool {
    struct FirstList(Option<bool>);
    impl VisitMut for FirstList {
        fn visit_attributes_mut(&mut self, attributes: &mut Vec<Attribute>) {
            self.0.get_or_insert_with(|| is_test_only(attributes));
        }
    }
    let mut first = FirstList(None);
    first.visit_item_mut(item);
    first.0 != Some(true)
}

/// Removes the test-only items of a parsed file and of the modules written inside it.
pub(super) fn remove_test_only_code(file: &mut File) {
    file.items.retain_mut(keep_item);
    TestOnlyCodeRemover.visit_file_mut(file);
}

/// The syntax tree walk behind [`remove_test_only_code`]: each module's items are
/// filtered, then walked into.
struct TestOnlyCodeRemover;

impl VisitMut for TestOnlyCodeRemover {
    fn visit_item_mod_mut(&mut self, module: &mut ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain_mut(keep_item);
        }
        visit_mut::visit_item_mod_mut(self, module);
    }
}

/// Whether an attribute is a doc comment (`///`, `//!` or `#[doc = "..."]`).
pub(super) fn is_doc_comment(attribute: &Attribute) -> bool {
    attribute.path().is_ident("doc") && matches!(attribute.meta, Meta::NameValue(_))
}

/// Whether an inner attribute of a source file (`#![...]`) stays when the file's code
/// becomes a module of the bundle: doc comments, `allow`s and `cfg`s do (a module file
/// that opens with `#![cfg(windows)]` is left out elsewhere, in the bundle too);
/// crate-level settings and the workspace's stricter lint levels (`#![forbid(...)]`,
/// `#![warn(missing_docs)]`) do not, since the judge compiles the bundle as it is.
pub(super) fn keep_inner_attribute(attribute: &Attribute) -> bool {
    let path = attribute.path();
    is_doc_comment(attribute) || path.is_ident("allow") || path.is_ident("cfg")
}

/// Removes every doc comment, outer and inner, from a syntax tree (the default;
/// `--keep-docs` keeps them): syn hands every attribute list of the tree to
/// `visit_attributes_mut`, wherever it stands.
pub(super) fn strip_doc_comments(file: &mut File) {
    struct DocCommentStripper;
    impl VisitMut for DocCommentStripper {
        fn visit_attributes_mut(&mut self, attributes: &mut Vec<Attribute>) {
            attributes.retain(|attribute| !is_doc_comment(attribute));
        }
    }
    DocCommentStripper.visit_file_mut(file);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the item `source` is test-only.
    fn test_only(source: &str) -> bool {
        let mut item: Item = syn::parse_str(source).unwrap();
        !keep_item(&mut item)
    }

    #[test]
    fn test_only_code_is_recognised() {
        assert!(test_only("#[cfg(test)] fn f() {}"));
        assert!(test_only("#[cfg(all(test, unix))] fn f() {}"));
        assert!(test_only("#[inline] #[test] fn f() {}"));
        assert!(test_only("#[cfg(not(any(unix, not(test))))] fn f() {}"));
        assert!(!test_only("#[cfg(not(test))] fn f() {}"));
        assert!(!test_only("#[cfg(unix)] fn f() {}"));
        assert!(!test_only("#[cfg(any(test, unix))] fn f() {}"));
        assert!(!test_only("#[cfg_attr(test, derive(Debug))] struct S;"));
    }
}
