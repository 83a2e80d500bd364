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
use syn::punctuated::Punctuated;
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

    /// The segments that replace `first`, the first segment of a path with more after
    /// it, or `None` to leave it. `absolute` is true after a leading `::`.
    fn replacement(&self, first: &str, absolute: bool) -> Option<Vec<&str>> {
        if first == "crate" && !absolute {
            return Some(vec!["crate", &self.module_name]);
        }
        let name = self
            .crate_names
            .iter()
            .find(|name| name.as_str() == first)?;
        Some(vec!["crate", name])
    }

    /// Rewrites the tokens of a macro call, recursively into groups.
    fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut rewritten: Vec<TokenTree> = Vec::with_capacity(tokens.len());
        for (index, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Group(group) => {
                    let mut new_group =
                        Group::new(group.delimiter(), self.rewrite_tokens(group.stream()));
                    new_group.set_span(group.span());
                    rewritten.push(TokenTree::Group(new_group));
                }
                TokenTree::Ident(ident)
                    if starts_path(&rewritten) && is_path_separator_at(&tokens, index + 1) =>
                {
                    match self.replacement(&ident.to_string(), false) {
                        Some(segments) => {
                            for (position, segment) in segments.iter().enumerate() {
                                if position > 0 {
                                    push_path_separator(&mut rewritten);
                                }
                                rewritten.push(TokenTree::Ident(Ident::new(segment, ident.span())));
                            }
                        }
                        None => rewritten.push(token.clone()),
                    }
                }
                _ => rewritten.push(token.clone()),
            }
        }
        rewritten.into_iter().collect()
    }
}

/// Whether an identifier after the tokens written so far starts a path: it does not
/// when they end with `::` (it continues a path) or with `.` (it is a method or field).
fn starts_path(tokens: &[TokenTree]) -> bool {
    match tokens {
        [.., TokenTree::Punct(first), TokenTree::Punct(second)]
            if first.as_char() == ':'
                && first.spacing() == Spacing::Joint
                && second.as_char() == ':' =>
        {
            false
        }
        [.., TokenTree::Punct(last)] => last.as_char() != '.',
        _ => true,
    }
}

/// Whether `tokens[index..]` starts with `::`.
fn is_path_separator_at(tokens: &[TokenTree], index: usize) -> bool {
    match (tokens.get(index), tokens.get(index + 1)) {
        (Some(TokenTree::Punct(first)), Some(TokenTree::Punct(second))) => {
            first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':'
        }
        _ => false,
    }
}

/// Appends `::` to a token list.
fn push_path_separator(tokens: &mut Vec<TokenTree>) {
    tokens.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
    tokens.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
}

/// Rewrites the first part of a `use` tree (and of each member of a group at the top, as
/// in `use {crate::a, common::b};`).
fn rewrite_use_tree(rewriter: &PathRewriter, tree: &mut UseTree, absolute: bool) {
    match tree {
        UseTree::Path(path) => {
            let Some(segments) = rewriter.replacement(&path.ident.to_string(), absolute) else {
                return;
            };
            let span = path.ident.span();
            let mut new_tree = (*path.tree).clone();
            for segment in segments.iter().rev() {
                new_tree = UseTree::Path(UsePath {
                    ident: Ident::new(segment, span),
                    colon2_token: Default::default(),
                    tree: Box::new(new_tree),
                });
            }
            *tree = new_tree;
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
        if path.segments.len() > 1 {
            let first = path.segments[0].ident.to_string();
            let absolute = path.leading_colon.is_some();
            if let Some(segments) = self.replacement(&first, absolute) {
                let span = path.segments[0].ident.span();
                let mut new_segments: Punctuated<PathSegment, syn::Token![::]> = segments
                    .iter()
                    .map(|segment| PathSegment::from(Ident::new(segment, span)))
                    .collect();
                new_segments.extend(path.segments.iter().skip(1).cloned());
                path.segments = new_segments;
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
        if absolute {
            // `use ::common::X` is now `use crate::common::X`; `use ::std::X` stays.
            if let UseTree::Path(path) = &item.tree {
                if path.ident == "crate" {
                    item.leading_colon = None;
                }
            }
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
