//! Step 3 of a bundle: which modules of a dependency the kept code needs. A module is
//! needed when kept code names it in a path (`board::Board`, `use crate::board;`,
//! `pub(in crate::board)`, also inside macro calls), names a macro it exports, or names a
//! type that the module implements something for (an impl of the dependency's own trait
//! only if kept code names that trait too). A kept module's own modules are weighed the
//! same way, so `common::board::chutes` stays out of a bundle that never branches on a
//! chute. A word that names a module elsewhere (a variable called `board`) is no path to
//! it; but every word of a path counts, wherever the path leads, so the bundle may keep a
//! module too many, never one too few.

use std::collections::BTreeSet;

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::visit::Visit;
use syn::{Item, ItemMod};

/// What some code names: every identifier in it, and the words of its paths that may
/// name a module.
#[derive(Default)]
pub(super) struct Names {
    /// Every identifier, including those inside macro calls: the types, traits and
    /// macros the code may use.
    identifiers: BTreeSet<String>,
    /// The words that stand before a `::` in a path, each word of a `use` (`use
    /// crate::board;`, `use super::board as b;`) and of a `pub(in path)`: those that may
    /// name a module.
    path_words: BTreeSet<String>,
}

impl Names {
    /// What `items` name.
    pub(super) fn of<'a>(items: impl IntoIterator<Item = &'a Item>) -> Names {
        let mut names = Names::default();
        for item in items {
            names.visit_item(item);
        }
        names
    }

    /// Adds what `other` names.
    pub(super) fn extend(&mut self, other: &Names) {
        self.identifiers.extend(other.identifiers.iter().cloned());
        self.path_words.extend(other.path_words.iter().cloned());
    }

    /// Collects the names in `stream`, a macro call's tokens, into its groups: each
    /// identifier, and as a path word each one followed by `::`.
    fn tokens(&mut self, stream: &TokenStream) {
        let tokens: Vec<TokenTree> = stream.clone().into_iter().collect();
        for (index, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Ident(ident) => {
                    self.identifiers.insert(ident.to_string());
                    let colon = |at: usize| matches!(tokens.get(at), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                    let joint = matches!(tokens.get(index + 1), Some(TokenTree::Punct(p)) if p.spacing() == Spacing::Joint);
                    if colon(index + 1) && joint && colon(index + 2) {
                        self.path_words.insert(ident.to_string());
                    }
                }
                TokenTree::Group(group) => self.tokens(&group.stream()),
                _ => {}
            }
        }
    }
}

impl<'ast> Visit<'ast> for Names {
    fn visit_ident(&mut self, ident: &'ast proc_macro2::Ident) {
        self.identifiers.insert(ident.to_string());
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(&mac.tokens);
        syn::visit::visit_macro(self, mac);
    }
    fn visit_path(&mut self, path: &'ast syn::Path) {
        let before_last = path.segments.iter().rev().skip(1);
        self.path_words
            .extend(before_last.map(|segment| segment.ident.to_string()));
        syn::visit::visit_path(self, path);
    }
    fn visit_use_tree(&mut self, tree: &'ast syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => self.path_words.insert(path.ident.to_string()),
            syn::UseTree::Name(name) => self.path_words.insert(name.ident.to_string()),
            syn::UseTree::Rename(rename) => {
                self.path_words.insert(rename.rename.to_string());
                self.path_words.insert(rename.ident.to_string())
            }
            syn::UseTree::Glob(_) | syn::UseTree::Group(_) => false,
        };
        syn::visit::visit_use_tree(self, tree);
    }
    fn visit_vis_restricted(&mut self, restricted: &'ast syn::VisRestricted) {
        let words = restricted.path.segments.iter();
        self.path_words
            .extend(words.map(|segment| segment.ident.to_string()));
        syn::visit::visit_vis_restricted(self, restricted);
    }
}

/// A module of a dependency that step 3 has not kept (yet), and what would make kept code
/// need it: its name, a macro it exports, or a type of an impl in it (see
/// [`LeftOutModule::is_needed`]). Its own modules are weighed only once it is kept.
pub(super) struct LeftOutModule {
    /// The names of the modules it lies in, from the bundle's module of its crate down.
    parents: Vec<String>,
    /// Its name.
    name: String,
    /// What it names but in its own modules, which counts as named once it is kept.
    pub(super) names: Names,
    /// The macros it exports (`#[macro_export]`), which are called without its name.
    exported_macros: BTreeSet<String>,
    /// The impls in it, which kept code uses without naming the module.
    impls: Vec<ImplInModule>,
    /// Its own modules, left out in their turn until kept code needs them.
    children: Vec<ItemMod>,
}

/// An impl block in a left-out module.
struct ImplInModule {
    /// The identifiers of its type (`Board` for `impl Display for Board`), but for the
    /// types the module defines itself and the words of a path.
    type_identifiers: BTreeSet<String>,
    /// The trait it implements, when that is one of the dependencies' own: kept code must
    /// name that trait to call the impl. None for an inherent impl or a trait from
    /// elsewhere (`Display`, `Iterator`), which kept code may use without naming it.
    own_trait: Option<String>,
}

impl LeftOutModule {
    /// Reads `module`, which lies in the modules `parents`; `own_traits` are the traits the
    /// dependencies define.
    pub(super) fn new(
        parents: Vec<String>,
        module: &ItemMod,
        own_traits: &BTreeSet<String>,
    ) -> LeftOutModule {
        // The module without its own modules, which are weighed apart.
        let mut shallow = module.clone();
        let mut children = Vec::new();
        if let Some((_, items)) = &mut shallow.content {
            items.retain(|item| match item {
                Item::Mod(child) => {
                    children.push(child.clone());
                    false
                }
                _ => true,
            });
        }
        let item = Item::Mod(shallow);
        let mut definitions = Definitions::default();
        definitions.visit_item(&item);
        // A type the module defines itself is no sign: kept code that uses it names the
        // module. Nor are the words of a path (`crate::board::Board`).
        let defined_here = &definitions.types;
        let path_words = ["crate", "self", "super", "Self"];
        let is_sign =
            |name: &String| !defined_here.contains(name) && !path_words.contains(&name.as_str());
        let impls = definitions
            .impls
            .into_iter()
            .map(|(trait_name, mut type_identifiers)| {
                type_identifiers.retain(is_sign);
                let own_trait = trait_name.filter(|name| own_traits.contains(name));
                ImplInModule {
                    type_identifiers,
                    own_trait,
                }
            });
        LeftOutModule {
            parents,
            name: module.ident.to_string(),
            names: Names::of([&item]),
            exported_macros: definitions.exported_macros,
            impls: impls.collect(),
            children,
        }
    }

    /// The modules this one holds, left out in their turn, now that it is kept.
    pub(super) fn children(self, own_traits: &BTreeSet<String>) -> Vec<LeftOutModule> {
        let mut parents = self.parents;
        parents.push(self.name);
        let children = self.children.iter();
        children
            .map(|child| LeftOutModule::new(parents.clone(), child, own_traits))
            .collect()
    }

    /// Whether kept code, which names `kept`, needs the module: it names the module in a
    /// path, or a macro the module exports, or a type the module implements something for
    /// (a trait of the dependencies' own only if kept code names that trait too). This
    /// keeps a module too many at worst, never one too few.
    pub(super) fn is_needed(&self, kept: &Names) -> bool {
        let named = &kept.identifiers;
        let impl_needed = |block: &ImplInModule| {
            !block.type_identifiers.is_disjoint(named)
                && block
                    .own_trait
                    .as_ref()
                    .is_none_or(|name| named.contains(name))
        };
        kept.path_words.contains(&self.name)
            || !self.exported_macros.is_disjoint(named)
            || self.impls.iter().any(impl_needed)
    }
}

/// What a piece of syntax defines that code can use without naming the module it is in:
/// exported macros and impls; and the traits it defines.
#[derive(Default)]
pub(super) struct Definitions {
    /// The names of the macros exported with `#[macro_export]`.
    pub(super) exported_macros: BTreeSet<String>,
    /// The names of the traits defined.
    pub(super) traits: BTreeSet<String>,
    /// The names of the types defined (structs, enums, unions, type aliases).
    types: BTreeSet<String>,
    /// Each impl: the name of its trait (none for an inherent impl) and the identifiers
    /// of its type.
    impls: Vec<(Option<String>, BTreeSet<String>)>,
}

impl<'ast> Visit<'ast> for Definitions {
    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        let exported = item
            .attrs
            .iter()
            .any(|attribute| attribute.path().is_ident("macro_export"));
        if let (true, Some(name)) = (exported, &item.ident) {
            self.exported_macros.insert(name.to_string());
        }
        syn::visit::visit_item_macro(self, item);
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        self.types.insert(item.ident.to_string());
        syn::visit::visit_item_struct(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.types.insert(item.ident.to_string());
        syn::visit::visit_item_enum(self, item);
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.types.insert(item.ident.to_string());
        syn::visit::visit_item_union(self, item);
    }

    fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
        self.types.insert(item.ident.to_string());
        syn::visit::visit_item_type(self, item);
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.traits.insert(item.ident.to_string());
        syn::visit::visit_item_trait(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let trait_name = item
            .trait_
            .as_ref()
            .and_then(|(path, _)| Some(path.segments.last()?.ident.to_string()));
        let mut type_names = Names::default();
        type_names.visit_type(&item.self_ty);
        let mut type_identifiers = type_names.identifiers;
        // The impl's own parameters (`R` of `impl<R: Rule> Bands<R>`) name nothing outside.
        for parameter in &item.generics.params {
            let name = match parameter {
                syn::GenericParam::Type(parameter) => &parameter.ident,
                syn::GenericParam::Const(parameter) => &parameter.ident,
                syn::GenericParam::Lifetime(parameter) => &parameter.lifetime.ident,
            };
            type_identifiers.remove(&name.to_string());
        }
        self.impls.push((trait_name, type_identifiers));
        syn::visit::visit_item_impl(self, item);
    }
}

/// Removes from `module` (which lies in the modules `parents`), and from the modules it
/// keeps at any depth, the modules of `left_out`.
pub(super) fn remove_left_out(
    module: &mut ItemMod,
    parents: &mut Vec<String>,
    left_out: &[LeftOutModule],
) {
    parents.push(module.ident.to_string());
    let items = &mut module.content.as_mut().expect("inline module").1;
    items.retain(|item| {
        let Item::Mod(inner) = item else { return true };
        !left_out
            .iter()
            .any(|module| module.parents == *parents && inner.ident == module.name)
    });
    for item in items.iter_mut() {
        if let Item::Mod(inner) = item {
            remove_left_out(inner, parents, left_out);
        }
    }
    parents.pop();
}
