//! Rewriting paths so that code written for several crates works inside one.
//!
//! In the workspace, `p1000` and `common` are separate crates; in the bundle each is a
//! module at the root (`crate::p1000`, `crate::common`). Some paths in their code change
//! meaning and are rewritten:
//!
//! 1. `crate::X` meant the crate's own root: in `common` it becomes `crate::common::X`,
//!    also in a visibility (`pub(in crate::board)`). In `main.rs`, which stays at the
//!    root, `crate::X` keeps its meaning.
//! 2. `common::X` named another crate: it becomes `crate::common::X`, in every form a
//!    crate can be named: `use common;`, `use common as c;`, `extern crate common;`
//!    (a `use` now; at the root of `main.rs`, where `mod common` already stands, it goes).
//! 3. A macro exported with `#[macro_export]` lives at the root of the crate that defines
//!    it, and in the bundle that is the bundle's root: `common::m!()`, `crate::m!()` in
//!    `common`, `$crate::m!()` in a macro body and `use common::m;` all name `crate::m`.
//!
//! Paths are rewritten in the syntax tree (expressions, types, patterns, `use` trees,
//! visibilities) and in the tokens of macro calls (`format!`, `assert!`, `macro_rules!`
//! bodies), where a path is a run of identifiers joined by `::`.

use std::collections::BTreeSet;

use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{
    File, Item, ItemExternCrate, ItemUse, Macro, Path, PathSegment, UsePath, UseTree, VisRestricted,
};

/// Where a crate's code goes in the bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// At the root: the binary, `main.rs`.
    Root,
    /// In the module `name` at the root: a library (`common`, `p1000`).
    Module {
        /// The module's name, the crate's.
        name: String,
    },
}

/// The rewriting rules for one crate's code.
#[derive(Clone, Debug)]
pub(super) struct PathRewriter {
    /// Where the crate's code goes.
    place: Place,
    /// Every library crate, each a module at the root (`common`, `p1000`).
    crate_names: Vec<String>,
    /// The names of the macros the libraries export (rule 3).
    exported_macros: BTreeSet<String>,
}

impl PathRewriter {
    /// The rules for the crate whose code goes to `place`, among the library crates
    /// `crate_names`, which export the macros `exported_macros`.
    pub(super) fn new(
        place: Place,
        crate_names: &[String],
        exported_macros: &BTreeSet<String>,
    ) -> PathRewriter {
        PathRewriter {
            place,
            crate_names: crate_names.to_vec(),
            exported_macros: exported_macros.clone(),
        }
    }

    /// For a path that starts with `first` and goes on, the module whose path,
    /// `crate::MODULE`, replaces `first` (rule 1 or 2 above), or `None` to leave it.
    /// `absolute` is true after a leading `::`.
    fn module_for(&self, first: &str, absolute: bool) -> Option<&str> {
        if first == "crate" && !absolute {
            return match &self.place {
                Place::Root => None,
                Place::Module { name } => Some(name),
            };
        }
        let name = self.crate_names.iter().find(|name| *name == first);
        name.map(String::as_str)
    }

    /// Whether a path `first::last` names an exported macro of a library (rule 3).
    fn names_exported_macro(&self, first: &str, last: &str) -> bool {
        let crate_named = first == "crate" || self.crate_names.iter().any(|name| name == first);
        crate_named && self.exported_macros.contains(last)
    }

    /// The `use` item that stands for `extern crate NAME [as RENAME];` of a library crate:
    /// `use crate::NAME [as RENAME];`.
    fn use_for_extern_crate(item: &ItemExternCrate) -> ItemUse {
        let rename = item
            .rename
            .as_ref()
            .map(|(_, rename)| format!(" as {rename}"));
        let (name, rename) = (&item.ident, rename.unwrap_or_default());
        let mut use_item: ItemUse =
            syn::parse_str(&format!("use crate::{name}{rename};")).expect("a `use` item parses");
        use_item.attrs = item.attrs.clone();
        use_item.vis = item.vis.clone();
        use_item
    }

    /// Whether `item` is `extern crate NAME` of one of the library crates.
    fn is_library_extern_crate(&self, item: &Item) -> bool {
        matches!(item, Item::ExternCrate(extern_crate)
            if self.crate_names.iter().any(|name| extern_crate.ident == name))
    }

    /// Rewrites the tokens of a macro call, recursively into groups.
    fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut rewritten: Vec<TokenTree> = Vec::with_capacity(tokens.len());
        for (index, token) in tokens.iter().enumerate() {
            // An identifier starts a path unless `::` (it goes on with a path) or `.` (it
            // is a method or field) comes before it.
            let starts_path = match &rewritten[rewritten.len().saturating_sub(2)..] {
                [first, second] if is_path_separator(first, second) => false,
                [.., TokenTree::Punct(last)] => last.as_char() != '.',
                _ => true,
            };
            let goes_on = matches!(&tokens[index..], [_, first, second, ..] if is_path_separator(first, second));
            // `common::m!` or `$crate::m!`, where `m` is exported: `crate::m!` (rule 3).
            if let [TokenTree::Ident(first), _, _, TokenTree::Ident(last), TokenTree::Punct(bang), ..] =
                &tokens[index..]
            {
                let first_name = first.to_string();
                if starts_path
                    && goes_on
                    && bang.as_char() == '!'
                    && self.names_exported_macro(&first_name, &last.to_string())
                {
                    rewritten.push(Ident::new("crate", first.span()).into());
                    continue;
                }
            }
            let module = match token {
                TokenTree::Ident(ident) if starts_path && goes_on => {
                    self.module_for(&ident.to_string(), false)
                }
                _ => None,
            };
            match (token, module) {
                (_, Some(module)) => {
                    let span = token.span();
                    rewritten.push(Ident::new("crate", span).into());
                    rewritten.push(Punct::new(':', Spacing::Joint).into());
                    rewritten.push(Punct::new(':', Spacing::Alone).into());
                    rewritten.push(Ident::new(module, span).into());
                }
                (TokenTree::Group(group), None) => {
                    let mut inner =
                        Group::new(group.delimiter(), self.rewrite_tokens(group.stream()));
                    inner.set_span(group.span());
                    rewritten.push(inner.into());
                }
                (_, None) => rewritten.push(token.clone()),
            }
        }
        rewritten.into_iter().collect()
    }
}

/// Whether two tokens are `::`.
fn is_path_separator(first: &TokenTree, second: &TokenTree) -> bool {
    matches!((first, second), (TokenTree::Punct(first), TokenTree::Punct(second))
        if first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':')
}

/// Rewrites the first part of a `use` tree (and of each member of a group at the top, as
/// in `use {crate::a, common::b};`).
fn rewrite_use_tree(rewriter: &PathRewriter, tree: &mut UseTree, absolute: bool) {
    match tree {
        // `use common::m;` of an exported macro: `use crate::m;` (rule 3).
        UseTree::Path(path)
            if matches!(&*path.tree, UseTree::Name(name)
                if rewriter.names_exported_macro(&path.ident.to_string(), &name.ident.to_string())) =>
        {
            path.ident = Ident::new("crate", path.ident.span());
        }
        // `use common;` and `use common as c;`: `use crate::common ...` (rule 2).
        UseTree::Name(name)
            if rewriter
                .module_for(&name.ident.to_string(), absolute)
                .is_some() =>
        {
            let span = name.ident.span();
            *tree = crate_prefixed(tree.clone(), span);
        }
        UseTree::Rename(rename)
            if rewriter
                .module_for(&rename.ident.to_string(), absolute)
                .is_some() =>
        {
            let span = rename.ident.span();
            *tree = crate_prefixed(tree.clone(), span);
        }
        UseTree::Path(path) => {
            if let Some(module) = rewriter.module_for(&path.ident.to_string(), absolute) {
                let span = path.ident.span();
                path.ident = Ident::new(module, span);
                *tree = crate_prefixed(tree.clone(), span);
            }
        }
        UseTree::Group(group) => {
            for member in group.items.iter_mut() {
                rewrite_use_tree(rewriter, member, absolute);
            }
        }
        _ => {}
    }
}

/// `crate::TREE`.
fn crate_prefixed(tree: UseTree, span: Span) -> UseTree {
    UseTree::Path(UsePath {
        ident: Ident::new("crate", span),
        colon2_token: Default::default(),
        tree: Box::new(tree),
    })
}

impl VisitMut for PathRewriter {
    fn visit_file_mut(&mut self, file: &mut File) {
        // At the root, `extern crate common;` would clash with `mod common` (rule 2).
        if self.place == Place::Root {
            file.items.retain(|item| {
                let Item::ExternCrate(extern_crate) = item else {
                    return true;
                };
                !self.is_library_extern_crate(item) || extern_crate.rename.is_some()
            });
        }
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        // Only a renamed one is left at the root (`visit_file_mut`).
        if let Item::ExternCrate(extern_crate) = &*item {
            if self.is_library_extern_crate(item) {
                *item = Item::Use(PathRewriter::use_for_extern_crate(extern_crate));
                return;
            }
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_path_mut(&mut self, path: &mut Path) {
        let absolute = path.leading_colon.is_some();
        let first = path
            .segments
            .first()
            .map(|segment| segment.ident.to_string());
        if let Some(module) = first.filter(|_| path.segments.len() > 1) {
            if let Some(module) = self.module_for(&module, absolute) {
                let span = path.segments[0].ident.span();
                path.segments[0] = PathSegment::from(Ident::new(module, span));
                path.segments
                    .insert(0, PathSegment::from(Ident::new("crate", span)));
                path.leading_colon = None;
            }
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_vis_restricted_mut(&mut self, visibility: &mut VisRestricted) {
        // `pub(crate)` and `pub(super)` mean the same inside the bundle and stay (a path of
        // one part is never rewritten); `pub(in crate::board)` follows rule 1.
        visit_mut::visit_vis_restricted_mut(self, visibility);
    }

    fn visit_item_use_mut(&mut self, item: &mut ItemUse) {
        let absolute = item.leading_colon.is_some();
        rewrite_use_tree(self, &mut item.tree, absolute);
        // `use ::common::X` is now `use crate::common::X`; `use ::std::X` stays.
        if matches!(&item.tree, UseTree::Path(path) if path.ident == "crate") {
            item.leading_colon = None;
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut Macro) {
        mac.tokens = self.rewrite_tokens(std::mem::take(&mut mac.tokens));
        let segments = &mac.path.segments;
        if segments.len() == 2 {
            let (first, last) = (segments[0].ident.to_string(), &segments[1].ident);
            if self.names_exported_macro(&first, &last.to_string()) {
                // Rule 3: `crate::m!`.
                let span = segments[0].ident.span();
                mac.path.segments[0] = PathSegment::from(Ident::new("crate", span));
                mac.path.leading_colon = None;
                return;
            }
        }
        visit_mut::visit_macro_mut(self, mac);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rewrites `source` with `rewriter` and prints it back.
    fn rewritten(mut rewriter: PathRewriter, source: &str) -> String {
        let mut file: syn::File = syn::parse_str(source).unwrap();
        rewriter.visit_file_mut(&mut file);
        prettyplease::unparse(&file)
    }

    /// The rules for a crate that becomes the module `name`, among `common` and `p1000`,
    /// where `common` exports the macro `m`.
    fn rewriter(place: Place) -> PathRewriter {
        let crates = ["common".to_string(), "p1000".to_string()];
        PathRewriter::new(place, &crates, &BTreeSet::from(["m".to_string()]))
    }

    fn dependency() -> PathRewriter {
        rewriter(Place::Module {
            name: "common".to_string(),
        })
    }

    #[test]
    fn crate_paths_of_a_dependency_gain_its_module() {
        let output = rewritten(
            dependency(),
            "use crate::{CellSet, N_CELLS};\n\
             pub(crate) fn f() -> crate::CellSet { crate::cells(0); format!(\"{}\", crate::N_CELLS) }",
        );
        assert!(
            output.contains("use crate::common::{CellSet, N_CELLS};"),
            "{output}"
        );
        assert!(output.contains("-> crate::common::CellSet"), "{output}");
        assert!(output.contains("crate::common::cells(0)"), "{output}");
        assert!(output.contains("crate::common::N_CELLS"), "{output}");
        assert!(output.contains("pub(crate) fn"), "{output}");
    }

    #[test]
    fn paths_naming_another_crate_gain_crate() {
        let output = rewritten(
            rewriter(Place::Module {
                name: "p1000".to_string(),
            }),
            "use common::board::Board;\n\
             mod inner { use ::common::N_CELLS; fn f() { common::cells(0); assert!(common::is_valid(x)); } }",
        );
        assert!(
            output.starts_with("use crate::common::board::Board;"),
            "{output}"
        );
        assert!(output.contains("use crate::common::N_CELLS;"), "{output}");
        assert!(output.contains("crate::common::cells(0)"), "{output}");
        assert!(output.contains("crate::common::is_valid(x)"), "{output}");
    }

    #[test]
    fn paths_that_merely_end_in_a_crate_name_are_left_alone() {
        let output = rewritten(
            dependency(),
            "fn f() { self::crate_like(); x::common::y(); }",
        );
        assert!(output.contains("x::common::y()"), "{output}");
    }

    #[test]
    fn restricted_visibilities_follow_the_crate() {
        let output = rewritten(
            dependency(),
            "pub(in crate::board) fn f() {} pub(crate) fn g() {} pub(super) fn h() {}",
        );
        assert!(
            output.contains("pub(in crate::common::board) fn f()"),
            "{output}"
        );
        assert!(output.contains("pub(crate) fn g()"), "{output}");
        assert!(output.contains("pub(super) fn h()"), "{output}");
    }

    #[test]
    fn every_way_of_naming_a_crate_gains_crate() {
        let library = rewriter(Place::Module {
            name: "p1000".to_string(),
        });
        let output = rewritten(
            library,
            "use common;\nuse common as c;\nuse ::common as d;\nextern crate common;\n\
             pub extern crate common as e;\nuse {common as f, std::fmt};\n",
        );
        for expected in [
            "use crate::common;",
            "use crate::common as c;",
            "use crate::common as d;",
            "pub use crate::common as e;",
            "use {crate::common as f, std::fmt};",
        ] {
            assert!(output.contains(expected), "{expected} in\n{output}");
        }
        assert!(!output.contains("extern crate"), "{output}");

        // At the root, where `mod common` stands, a plain `extern crate common;` goes.
        let root = rewritten(
            rewriter(Place::Root),
            "extern crate common;\nextern crate common as c;\nfn main() { crate::f(); }",
        );
        assert!(!root.contains("extern crate"), "{root}");
        assert!(!root.contains("use crate::common;"), "{root}");
        assert!(root.contains("use crate::common as c;"), "{root}");
        assert!(root.contains("crate::f();"), "{root}");
    }

    #[test]
    fn exported_macros_are_named_at_the_root() {
        let output = rewritten(
            rewriter(Place::Module {
                name: "p1000".to_string(),
            }),
            "use common::m;\nfn f() { common::m!(1); format!(\"{}\", common::m!(2)); common::n!(); }",
        );
        assert!(output.contains("use crate::m;"), "{output}");
        assert!(output.contains("crate::m!(1)"), "{output}");
        assert!(output.contains("crate::m!(2)"), "{output}");
        assert!(output.contains("crate::common::n!()"), "{output}");
        let inside = rewritten(
            dependency(),
            "macro_rules! twice { () => { $crate::m!() + $crate::board::X } }\nfn g() { crate::m!(); }",
        );
        assert!(inside.contains("$crate::m!()"), "{inside}");
        assert!(inside.contains("$crate::common::board::X"), "{inside}");
        assert!(inside.contains("crate::m!();"), "{inside}");
    }
}
