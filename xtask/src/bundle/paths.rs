//! Rewriting paths so that code written for several crates works inside one.
//!
//! In the workspace, `p2239` and `common` are separate crates; in the bundle, the
//! problem's library is the crate root and `common` is the module `crate::common`. Three
//! kinds of path change meaning and are rewritten:
//!
//! 1. In a dependency's code, `crate::X` meant the dependency's root: it becomes
//!    `crate::common::X`.
//! 2. In the problem's code, `p2239::X` (the binary naming its library) becomes `crate::X`.
//! 3. `common::X` names the crate `common` from anywhere; the module `common` is only in
//!    scope at the crate root, so inside any nested module (and everywhere in another
//!    dependency) it becomes `crate::common::X`.
//!
//! Paths are rewritten in the syntax tree (expressions, types, patterns, `use` trees) and
//! in the tokens of macro calls (`format!`, `assert!`, `macro_rules!` bodies), where a
//! path is a run of identifiers joined by `::`.

use proc_macro2::{Group, Ident, Punct, Spacing, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{ItemMod, ItemUse, Macro, Path, PathSegment, UsePath, UseTree, VisRestricted};

/// The rewriting rules for one crate's code.
#[derive(Clone, Debug)]
pub(super) struct PathRewriter {
    /// The module the crate becomes (`common`), or `None` for the problem's own crate,
    /// which becomes the root.
    module_name: Option<String>,
    /// The crate's own name, for paths by which the binary names its library (`p2239`).
    own_name: Option<String>,
    /// The dependencies that become modules at the root (`common`).
    dependency_names: Vec<String>,
    /// How many inline modules deep the walk is; 0 at the crate's root.
    depth: usize,
}

impl PathRewriter {
    /// The rules for the problem crate `own_name`, whose library becomes the root.
    pub(super) fn for_problem(own_name: &str, dependency_names: &[String]) -> PathRewriter {
        PathRewriter {
            module_name: None,
            own_name: Some(own_name.to_string()),
            dependency_names: dependency_names.to_vec(),
            depth: 0,
        }
    }

    /// The rules for the dependency that becomes the module `module_name` at the root.
    pub(super) fn for_dependency(module_name: &str, dependency_names: &[String]) -> PathRewriter {
        PathRewriter {
            module_name: Some(module_name.to_string()),
            own_name: None,
            dependency_names: dependency_names.to_vec(),
            depth: 0,
        }
    }

    /// The segments that replace `first`, the first segment of a path with more after
    /// it, or `None` to leave it. `absolute` is true after a leading `::`.
    fn replacement(&self, first: &str, absolute: bool) -> Option<Vec<&str>> {
        if first == "crate" && !absolute {
            return self
                .module_name
                .as_deref()
                .map(|module_name| vec!["crate", module_name]);
        }
        if self.own_name.as_deref() == Some(first) {
            return Some(vec!["crate"]);
        }
        let dependency = self
            .dependency_names
            .iter()
            .find(|name| name.as_str() == first)?;
        // At the root of the problem's crate, `common::X` already names the module.
        let in_scope_as_is = !absolute && self.module_name.is_none() && self.depth == 0;
        (!in_scope_as_is).then(|| vec!["crate", dependency.as_str()])
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
    fn visit_item_mod_mut(&mut self, module: &mut ItemMod) {
        self.depth += 1;
        visit_mut::visit_item_mod_mut(self, module);
        self.depth -= 1;
    }

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
        PathRewriter::for_dependency("common", &["common".to_string()])
    }

    fn problem() -> PathRewriter {
        PathRewriter::for_problem("p2239", &["common".to_string()])
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
    fn the_binary_naming_its_library_becomes_crate() {
        let output = rewritten(problem(), "use p2239::Error; fn main() { p2239::run(); }");
        assert!(output.contains("use crate::Error;"), "{output}");
        assert!(output.contains("crate::run();"), "{output}");
    }

    #[test]
    fn dependency_paths_are_rewritten_only_below_the_root() {
        let output = rewritten(
            problem(),
            "use common::board::Board;\n\
             mod inner { use common::N_CELLS; fn f() { common::cells(0); assert!(common::is_valid(x)); } }",
        );
        assert!(output.starts_with("use common::board::Board;"), "{output}");
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
