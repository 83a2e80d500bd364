//! Rewriting paths so that code written for several crates works inside one.
//!
//! In the workspace, `p2239` and `common` are separate crates; in the bundle each is a
//! module at the root (`crate::p2239`, `crate::common`). Two kinds of path in their code
//! change meaning and are rewritten:
//!
//! 1. `crate::X` meant the crate's own root: in `common` it becomes `crate::common::X`.
//! 2. `common::X` named another crate: it becomes `crate::common::X`.
//!
//! Paths are rewritten in the syntax tree (expressions, types, patterns, `use` trees) and
//! in the tokens of macro calls (`format!`, `assert!`, `macro_rules!` bodies), where a
//! path is a run of identifiers joined by `::`. `main.rs` stays at the root, where
//! `p2239::run` already names the module, so it is not rewritten at all.

use proc_macro2::{Group, Ident, Punct, Spacing, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{ItemUse, Macro, Path, PathSegment, UsePath, UseTree, VisRestricted};

/// The rewriting rules for one crate's code.
#[derive(Clone, Debug)]
pub(super) struct PathRewriter {
    /// The module the crate becomes (`common`).
    module_name: String,
    /// Every crate that becomes a module at the root (`common`, `p2239`).
    crate_names: Vec<String>,
}

impl PathRewriter {
    /// The rules for the crate that becomes the module `module_name` at the root, among
    /// the crates `crate_names`.
    pub(super) fn new(module_name: &str, crate_names: &[String]) -> PathRewriter {
        PathRewriter {
            module_name: module_name.to_string(),
            crate_names: crate_names.to_vec(),
        }
    }

    /// For a path that starts with `first` and goes on, the module whose path,
    /// `crate::MODULE`, replaces `first` (rule 1 or 2 above), or `None` to leave it.
    /// `absolute` is true after a leading `::`.
    fn module_for(&self, first: &str, absolute: bool) -> Option<&str> {
        if first == "crate" && !absolute {
            return Some(&self.module_name);
        }
        let name = self.crate_names.iter().find(|name| *name == first);
        name.map(String::as_str)
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
        UseTree::Path(path) => {
            if let Some(module) = rewriter.module_for(&path.ident.to_string(), absolute) {
                let span = path.ident.span();
                path.ident = Ident::new(module, span);
                *tree = UseTree::Path(UsePath {
                    ident: Ident::new("crate", span),
                    colon2_token: Default::default(),
                    tree: Box::new(tree.clone()),
                });
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

impl VisitMut for PathRewriter {
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

    fn visit_vis_restricted_mut(&mut self, _visibility: &mut VisRestricted) {
        // `pub(crate)` and `pub(super)` mean the same inside the bundle; leave them.
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

    fn dependency() -> PathRewriter {
        PathRewriter::new("common", &["common".to_string(), "p2239".to_string()])
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
            PathRewriter::new("p2239", &["common".to_string(), "p2239".to_string()]),
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
}
