//! Keeping only what `fn main` needs.
//!
//! In a library, a `pub` item that nothing calls is fine: someone else might. In a binary,
//! which the bundle is, `rustc` warns about every item that `main` cannot reach
//! ("function `count_completions` is never used"). So the bundle keeps exactly the items
//! reachable from `main`, found the way `rustc` finds them, by names and paths:
//!
//! 1. **Index.** Every module of the bundle gets a number (the root is 0) and a table of
//!    the names it defines and the names its `use` items bring in.
//! 2. **Walk.** Starting from `main`, each item that is kept is read for the paths it
//!    mentions (in types, expressions, patterns and macro calls). Each path is resolved
//!    like `rustc` resolves it: its first segment in the module's own names, then its
//!    imports (following `use` to where it points), then `crate`, `self` and `super`;
//!    its later segments in the modules it passes through. Whatever it reaches is kept,
//!    and read in turn. A path that resolves to nothing here (a local variable, a generic
//!    parameter, the standard library) keeps nothing.
//! 3. **Impls.** A trait impl is kept once its trait is kept (or is not ours, like
//!    `Display`) and every type of ours in its header is kept. An inherent impl keeps the
//!    methods and constants whose names some kept code mentions, as a method call
//!    (`board.place(...)`) or a path (`Board::new`); one with none left is removed.
//!    Steps 2 and 3 repeat until nothing new is kept.
//! 4. **Imports.** A `use` keeps the names that a kept path went through. A name that the
//!    file's code never mentions at all is imported for its methods (`use std::io::Write`
//!    for `.flush()`): it is kept with its module, and what it names is kept too.
//! 5. **Prune.** Items, impl members and imported names not kept are removed; a module
//!    left with nothing but imports is removed whole.
//!
//! The resolution is by name, without types, which makes two cases inexact, both on the
//! side of keeping too much (a warning, never a missing item): a method call keeps every
//! method of that name on every kept type, and a local variable that has the name of an
//! item in scope keeps that item. Struct fields and enum variants are never removed.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{bail, Result};
use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::visit::{self, Visit};
use syn::{
    Attribute, Fields, File, ImplItem, Item, ItemUse, Macro, PatIdent, Path, UseGlob, UsePath,
    UseTree,
};

/// The source file that a root item of the bundle comes from. Imports are judged per
/// file (step 4 of the module documentation), so the root, which holds the library and
/// the binary side by side, needs to know which is which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Origin {
    /// The problem's `src/lib.rs`.
    Library,
    /// The problem's `src/main.rs`.
    Binary,
    /// A dependency inlined as a module (`mod common`).
    Dependency,
}

/// The number of a module: 0 is the root, then the others in the order they appear.
type ModuleId = usize;
/// An item: its module and its position among the module's items.
type ItemId = (ModuleId, usize);
/// A member of an `impl` block: the block's item id and the member's position.
type ImplMemberId = (ModuleId, usize, usize);
/// One imported name: the `use` item's id and the name's position in its tree.
type LeafId = (ModuleId, usize, usize);

/// The code whose mentions decide whether a name is imported for its methods only: one
/// source file of the root, or one module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    /// The root items from one source file.
    Root(Origin),
    /// A module other than the root.
    Module(ModuleId),
}

/// What an item is, as far as keeping it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A function.
    Function,
    /// A `const`, which a pattern can name.
    Constant,
    /// A `static`, which a pattern can name.
    Static,
    /// A struct without fields, which a pattern can name.
    UnitStruct,
    /// Another struct, an enum, a union or a type alias.
    Type,
    /// A trait or trait alias.
    Trait,
    /// A `macro_rules!` definition.
    Macro,
    /// An inline module, and its number.
    Module(ModuleId),
    /// An `impl` block.
    Impl,
    /// A `use` item.
    Use,
    /// Something kept whatever happens: `const _`, a macro call at item level, `extern`.
    AlwaysKept,
}

/// One imported name of a `use` item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct UseLeaf {
    /// The name it brings into scope, or `None` for a glob (`*`).
    pub binding: Option<String>,
    /// Where it points, segment by segment (`["std", "io", "Write"]`); a leading `::`
    /// is the segment `"::"`.
    pub path: Vec<String>,
}

/// One item of a module in the index.
struct Entry<'a> {
    /// The item itself.
    item: &'a Item,
    /// What it is.
    kind: Kind,
    /// The name it defines, if it defines one.
    name: Option<String>,
}

/// One imported name in the index.
struct Leaf {
    /// Which `use` item and which name in it.
    id: LeafId,
    /// The name and where it points.
    leaf: UseLeaf,
    /// The code that may mention it.
    scope: Scope,
}

/// One module in the index.
struct Module<'a> {
    /// The module that holds it; `None` for the root.
    parent: Option<ModuleId>,
    /// Its items, in order.
    entries: Vec<Entry<'a>>,
    /// The names its `use` items bring in.
    leaves: Vec<Leaf>,
    /// The scope of each item (parallel to `entries`).
    scopes: Vec<Scope>,
}

/// What a path resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// An item of ours.
    Item(ItemId),
    /// A module of ours.
    Module(ModuleId),
}

/// Every module of the bundle and the names each one defines and imports.
struct Index<'a> {
    /// The modules, by number.
    modules: Vec<Module<'a>>,
}

/// How deep resolution follows imports before it gives up (`use a as b; use b as a;`).
const RESOLUTION_DEPTH_LIMIT: usize = 32;

impl<'a> Index<'a> {
    /// Indexes `file`, whose root items come from `origins` (one per item).
    fn build(file: &'a File, origins: &[Origin]) -> Index<'a> {
        let mut index = Index {
            modules: Vec::new(),
        };
        index.add_module(&file.items, None, Some(origins));
        index
    }

    /// Indexes one module and, depth first, the modules inside it; returns its number.
    fn add_module(
        &mut self,
        items: &'a [Item],
        parent: Option<ModuleId>,
        origins: Option<&[Origin]>,
    ) -> ModuleId {
        let id = self.modules.len();
        self.modules.push(Module {
            parent,
            entries: Vec::new(),
            leaves: Vec::new(),
            scopes: Vec::new(),
        });
        for (position, item) in items.iter().enumerate() {
            let scope = match origins {
                Some(origins) => Scope::Root(origins[position]),
                None => Scope::Module(id),
            };
            let (kind, name) = match item {
                Item::Fn(item) => (Kind::Function, Some(&item.sig.ident)),
                Item::Const(item) if item.ident != "_" => (Kind::Constant, Some(&item.ident)),
                Item::Static(item) => (Kind::Static, Some(&item.ident)),
                Item::Struct(item) if matches!(item.fields, Fields::Unit) => {
                    (Kind::UnitStruct, Some(&item.ident))
                }
                Item::Struct(item) => (Kind::Type, Some(&item.ident)),
                Item::Enum(item) => (Kind::Type, Some(&item.ident)),
                Item::Union(item) => (Kind::Type, Some(&item.ident)),
                Item::Type(item) => (Kind::Type, Some(&item.ident)),
                Item::Trait(item) => (Kind::Trait, Some(&item.ident)),
                Item::TraitAlias(item) => (Kind::Trait, Some(&item.ident)),
                Item::Macro(item) if item.ident.is_some() => (Kind::Macro, item.ident.as_ref()),
                Item::Mod(module) => match &module.content {
                    Some((_, content)) => (
                        Kind::Module(self.add_module(content, Some(id), None)),
                        Some(&module.ident),
                    ),
                    None => (Kind::AlwaysKept, None),
                },
                Item::Impl(_) => (Kind::Impl, None),
                Item::Use(item) => {
                    for (number, leaf) in use_leaves(item).into_iter().enumerate() {
                        self.modules[id].leaves.push(Leaf {
                            id: (id, position, number),
                            leaf,
                            scope,
                        });
                    }
                    (Kind::Use, None)
                }
                _ => (Kind::AlwaysKept, None),
            };
            let module = &mut self.modules[id];
            module.entries.push(Entry {
                item,
                kind,
                name: name.map(ToString::to_string),
            });
            module.scopes.push(scope);
        }
        id
    }

    /// The entry of an item.
    fn entry(&self, (module, position): ItemId) -> &Entry<'a> {
        &self.modules[module].entries[position]
    }

    /// What `name` means in `module`: its own items of that name; failing those, what its
    /// imports of that name point to; failing those, what its glob imports offer. Every
    /// import passed through is added to `via`.
    fn lookup(
        &self,
        module: ModuleId,
        name: &str,
        via: &mut Vec<LeafId>,
        depth: usize,
    ) -> Vec<Target> {
        let own: Vec<Target> = self.modules[module]
            .entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.name.as_deref() == Some(name))
            .map(|(position, entry)| match entry.kind {
                Kind::Module(child) => Target::Module(child),
                _ => Target::Item((module, position)),
            })
            .collect();
        if !own.is_empty() {
            return own;
        }
        let mut found = Vec::new();
        let mut imported = false;
        for leaf in &self.modules[module].leaves {
            if leaf.leaf.binding.as_deref() == Some(name) {
                imported = true;
                via.push(leaf.id);
                found.extend(self.resolve(module, &leaf.leaf.path, via, depth + 1));
            }
        }
        if imported {
            return found;
        }
        for leaf in &self.modules[module].leaves {
            if leaf.leaf.binding.is_some() {
                continue;
            }
            let mut glob_via = Vec::new();
            for target in self.resolve(module, &leaf.leaf.path, &mut glob_via, depth + 1) {
                if let Target::Module(source) = target {
                    let offered = self.lookup(source, name, &mut glob_via, depth + 1);
                    if !offered.is_empty() {
                        via.push(leaf.id);
                        via.extend(glob_via.iter().copied());
                        found.extend(offered);
                    }
                }
            }
        }
        found
    }

    /// What the path `segments`, written in `module`, resolves to (see [`Index::lookup`]
    /// for `via`). A path that goes on past an item (`Board::new`, `Error::Input`) resolves
    /// to that item.
    fn resolve(
        &self,
        module: ModuleId,
        segments: &[String],
        via: &mut Vec<LeafId>,
        depth: usize,
    ) -> Vec<Target> {
        if depth > RESOLUTION_DEPTH_LIMIT || segments.is_empty() {
            return Vec::new();
        }
        let mut current = match segments[0].as_str() {
            "::" | "Self" => return Vec::new(),
            "crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(module)],
            "super" => self.modules[module]
                .parent
                .map(Target::Module)
                .into_iter()
                .collect(),
            name => self.lookup(module, name, via, depth),
        };
        let mut reached = Vec::new();
        for segment in &segments[1..] {
            let mut next = Vec::new();
            for target in current {
                match target {
                    Target::Item(_) => reached.push(target),
                    Target::Module(inner) => match segment.as_str() {
                        "super" => next.extend(self.modules[inner].parent.map(Target::Module)),
                        "self" => next.push(Target::Module(inner)),
                        name => next.extend(self.lookup(inner, name, via, depth)),
                    },
                }
            }
            current = next;
        }
        reached.extend(current);
        reached
    }

    /// The items of ours that a path reaches, ignoring which imports it went through.
    fn items_reached(&self, module: ModuleId, segments: &[String]) -> Vec<ItemId> {
        self.resolve(module, segments, &mut Vec::new(), 0)
            .into_iter()
            .filter_map(|target| match target {
                Target::Item(id) => Some(id),
                Target::Module(_) => None,
            })
            .collect()
    }
}

/// The imported names of a `use` item, in the order of its tree.
pub(super) fn use_leaves(item: &ItemUse) -> Vec<UseLeaf> {
    let mut leaves = Vec::new();
    let mut prefix = Vec::new();
    if item.leading_colon.is_some() {
        prefix.push("::".to_string());
    }
    retain_use_leaves(item.tree.clone(), &mut prefix, &mut |leaf| {
        leaves.push(leaf.clone());
        true
    });
    leaves
}

/// The imported name at a leaf of a `use` tree, below the path `prefix`.
fn leaf_at(tree: &UseTree, prefix: &[String]) -> UseLeaf {
    // `self` in a group (`use std::io::{self, Write}`) imports the prefix itself.
    let pointing_at = |ident: &syn::Ident| -> Vec<String> {
        let mut path = prefix.to_vec();
        if ident != "self" {
            path.push(ident.to_string());
        }
        path
    };
    match tree {
        UseTree::Name(name) => {
            let path = pointing_at(&name.ident);
            UseLeaf {
                binding: path.last().cloned(),
                path,
            }
        }
        UseTree::Rename(rename) => UseLeaf {
            binding: Some(rename.rename.to_string()),
            path: pointing_at(&rename.ident),
        },
        _ => UseLeaf {
            binding: None,
            path: prefix.to_vec(),
        },
    }
}

/// `tree` without the imported names for which `keep` says no, or `None` if none is
/// left. `prefix` is the path above `tree`; `keep` sees the names in the order of the
/// tree. A group left with one name loses its braces.
pub(super) fn retain_use_leaves(
    tree: UseTree,
    prefix: &mut Vec<String>,
    keep: &mut dyn FnMut(&UseLeaf) -> bool,
) -> Option<UseTree> {
    match tree {
        UseTree::Path(UsePath {
            ident,
            colon2_token,
            tree,
        }) => {
            prefix.push(ident.to_string());
            let inner = retain_use_leaves(*tree, prefix, keep);
            prefix.pop();
            inner.map(|inner| {
                UseTree::Path(UsePath {
                    ident,
                    colon2_token,
                    tree: Box::new(inner),
                })
            })
        }
        UseTree::Group(mut group) => {
            let mut members: Vec<UseTree> = std::mem::take(&mut group.items)
                .into_iter()
                .filter_map(|member| retain_use_leaves(member, prefix, keep))
                .collect();
            let only_member_is_self =
                matches!(members.as_slice(), [UseTree::Name(name)] if name.ident == "self");
            match members.len() {
                0 => None,
                1 if !only_member_is_self => members.pop(),
                _ => {
                    group.items = members.into_iter().collect();
                    Some(UseTree::Group(group))
                }
            }
        }
        leaf => keep(&leaf_at(&leaf, prefix)).then_some(leaf),
    }
}

/// Filters the names of a `use` item in place; false when none is left.
fn retain_in_use_item(item: &mut ItemUse, keep: &mut dyn FnMut(&UseLeaf) -> bool) -> bool {
    let mut prefix = Vec::new();
    if item.leading_colon.is_some() {
        prefix.push("::".to_string());
    }
    let placeholder = UseTree::Glob(UseGlob {
        star_token: Default::default(),
    });
    let tree = std::mem::replace(&mut item.tree, placeholder);
    match retain_use_leaves(tree, &mut prefix, keep) {
        Some(tree) => {
            item.tree = tree;
            true
        }
        None => false,
    }
}

/// Removes, at the root, imports of root items by the root (`use crate::run;`, which the
/// binary's `use p2239::run;` became): the name is in scope already, and importing it
/// again would define it twice.
pub(super) fn remove_self_imports(items: &mut Vec<Item>) {
    items.retain_mut(|item| match item {
        Item::Use(item) => retain_in_use_item(item, &mut |leaf| {
            let is_self_import = match leaf.binding.as_deref() {
                None => leaf.path == ["crate"],
                Some(binding) => {
                    leaf.path.len() == 2 && leaf.path[0] == "crate" && leaf.path[1] == binding
                }
            };
            !is_self_import
        }),
        _ => true,
    });
}

/// Removes an import that repeats an earlier one of the same module (the library and
/// the binary both `use std::io::Write` at the root), in every module. Two imports of one
/// name from different places are an error.
pub(super) fn remove_duplicate_imports(items: &mut Vec<Item>) -> Result<()> {
    let mut imported: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut clash = None;
    items.retain_mut(|item| match item {
        Item::Use(item) => retain_in_use_item(item, &mut |leaf| {
            let Some(binding) = &leaf.binding else {
                return true;
            };
            match imported.get(binding) {
                Some(path) if *path == leaf.path => false,
                Some(path) => {
                    clash = Some(format!(
                        "`{binding}` is imported both from `{}` and from `{}`",
                        path.join("::"),
                        leaf.path.join("::")
                    ));
                    true
                }
                None => {
                    imported.insert(binding.clone(), leaf.path.clone());
                    true
                }
            }
        }),
        _ => true,
    });
    if let Some(clash) = clash {
        bail!("{clash}; the library and the binary share one module in the bundle");
    }
    for item in items.iter_mut() {
        if let Item::Mod(module) = item {
            if let Some((_, content)) = &mut module.content {
                remove_duplicate_imports(content)?;
            }
        }
    }
    Ok(())
}

/// The paths and names one piece of code mentions.
#[derive(Default)]
struct Mentions {
    /// Every path, segment by segment, including single names (`x`, `Board`).
    paths: Vec<Vec<String>>,
    /// Single names in patterns: bindings, or constants and unit structs.
    pattern_names: Vec<String>,
    /// Names that may be methods or associated items: method calls and the last segment
    /// of longer paths.
    associated_names: BTreeSet<String>,
}

impl Mentions {
    /// Everything `item` mentions.
    fn of_item(item: &Item) -> Mentions {
        let mut mentions = Mentions::default();
        mentions.visit_item(item);
        mentions
    }

    /// What the header of an `impl` block mentions: its generics, trait and type.
    fn of_impl_header(item: &syn::ItemImpl) -> Mentions {
        let mut mentions = Mentions::default();
        mentions.visit_generics(&item.generics);
        if let Some((trait_path, _)) = &item.trait_ {
            mentions.visit_path(trait_path);
        }
        mentions.visit_type(&item.self_ty);
        mentions
    }

    /// The names the code mentions, for deciding whether an import is used for its
    /// methods only: the first segment of each path and each pattern name.
    fn first_names(&self) -> impl Iterator<Item = &String> {
        self.paths
            .iter()
            .filter_map(|path| path.first())
            .chain(self.pattern_names.iter())
    }

    /// Reads the paths in the tokens of a macro call: runs of identifiers joined by
    /// `::`, and the names captured by format strings (`"{N_CELLS}"`).
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let mut path: Vec<String> = Vec::new();
        let mut after_separator = false;
        let mut half_separator = false;
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    self.associated_names.insert(name.clone());
                    if !after_separator || path.is_empty() {
                        self.finish_path(&mut path);
                        if after_separator {
                            path.push("::".to_string());
                        }
                    }
                    path.push(name);
                    after_separator = false;
                    half_separator = false;
                }
                TokenTree::Punct(punct) if punct.as_char() == ':' => {
                    if half_separator {
                        after_separator = true;
                        half_separator = false;
                    } else if punct.spacing() == Spacing::Joint {
                        half_separator = true;
                    } else {
                        self.finish_path(&mut path);
                        after_separator = false;
                    }
                }
                TokenTree::Group(group) => {
                    self.finish_path(&mut path);
                    after_separator = false;
                    half_separator = false;
                    self.scan_tokens(group.stream());
                }
                TokenTree::Literal(literal) => {
                    self.finish_path(&mut path);
                    after_separator = false;
                    half_separator = false;
                    if let syn::Lit::Str(text) = syn::Lit::new(literal) {
                        for name in format_captures(&text.value()) {
                            self.paths.push(vec![name]);
                        }
                    }
                }
                TokenTree::Punct(_) => {
                    self.finish_path(&mut path);
                    after_separator = false;
                    half_separator = false;
                }
            }
        }
        self.finish_path(&mut path);
    }

    /// Records the path read so far, if any, and starts a new one.
    fn finish_path(&mut self, path: &mut Vec<String>) {
        if !path.is_empty() {
            if path.len() > 1 {
                self.associated_names.extend(path.last().cloned());
            }
            self.paths.push(std::mem::take(path));
        }
    }
}

/// The variables a format string captures by name: `x` in `"{x}"` and `"{x:>3}"`.
fn format_captures(text: &str) -> Vec<String> {
    let mut captures = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        rest = &rest[start + 1..];
        if let Some(after_brace) = rest.strip_prefix('{') {
            rest = after_brace; // `{{` is a literal brace
            continue;
        }
        let end = rest.find(['}', ':']).unwrap_or(rest.len());
        let name = rest[..end].trim();
        let is_identifier = name
            .chars()
            .next()
            .is_some_and(|first| first.is_alphabetic() || first == '_')
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if is_identifier {
            captures.push(name.to_string());
        }
        rest = &rest[end..];
    }
    captures
}

impl<'ast> Visit<'ast> for Mentions {
    fn visit_path(&mut self, path: &'ast Path) {
        let mut segments = Vec::with_capacity(path.segments.len() + 1);
        if path.leading_colon.is_some() {
            segments.push("::".to_string());
        }
        segments.extend(
            path.segments
                .iter()
                .map(|segment| segment.ident.to_string()),
        );
        if path.segments.len() > 1 {
            self.associated_names.extend(segments.last().cloned());
        }
        self.paths.push(segments);
        visit::visit_path(self, path);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.associated_names.insert(call.method.to_string());
        visit::visit_expr_method_call(self, call);
    }

    fn visit_pat_ident(&mut self, pattern: &'ast PatIdent) {
        self.pattern_names.push(pattern.ident.to_string());
        visit::visit_pat_ident(self, pattern);
    }

    fn visit_macro(&mut self, mac: &'ast Macro) {
        self.visit_path(&mac.path);
        self.scan_tokens(mac.tokens.clone());
    }

    fn visit_item_use(&mut self, item: &'ast ItemUse) {
        // A `use` inside a function body: what it imports counts as mentioned.
        for leaf in use_leaves(item) {
            self.paths.push(leaf.path);
        }
    }

    fn visit_item_mod(&mut self, _module: &'ast syn::ItemMod) {
        // A module's contents are read as items of their own, in their own scope.
    }

    fn visit_attribute(&mut self, _attribute: &'ast Attribute) {
        // Attributes (`#[derive(Debug)]`, `#[inline]`, doc comments) name no item of ours.
    }
}

/// A piece of code to read for what it mentions.
#[derive(Clone, Copy, Debug)]
enum Work {
    /// A whole item.
    Item(ItemId),
    /// The header of an `impl` block.
    ImplHeader(ItemId),
    /// One member of an `impl` block.
    ImplMember(ImplMemberId),
}

/// The walk of step 2 and 3: what is kept so far, and what is left to read.
struct Reachability<'index, 'a> {
    /// The bundle's modules.
    index: &'index Index<'a>,
    /// The items kept (named items, and those kept whatever happens).
    live_items: BTreeSet<ItemId>,
    /// The `impl` blocks whose headers are kept.
    live_impls: BTreeSet<ItemId>,
    /// The `impl` members kept.
    live_members: BTreeSet<ImplMemberId>,
    /// The imported names that kept code went through.
    used_leaves: BTreeSet<LeafId>,
    /// Names that kept code uses as methods or associated items.
    associated_names: BTreeSet<String>,
    /// What is left to read.
    work: Vec<Work>,
}

impl<'index, 'a> Reachability<'index, 'a> {
    /// Keeps an item, to be read later; does nothing for items that are not named.
    fn keep(&mut self, id: ItemId) {
        let kind = self.index.entry(id).kind;
        let named = !matches!(kind, Kind::Module(_) | Kind::Impl | Kind::Use);
        if named && self.live_items.insert(id) {
            self.work.push(Work::Item(id));
        }
    }

    /// Resolves what some code in `module` mentions, and keeps what it reaches.
    fn absorb(&mut self, module: ModuleId, mentions: Mentions) {
        for path in &mentions.paths {
            let mut via = Vec::new();
            let targets = self.index.resolve(module, path, &mut via, 0);
            self.used_leaves.extend(via);
            for target in targets {
                if let Target::Item(id) = target {
                    self.keep(id);
                }
            }
        }
        for name in &mentions.pattern_names {
            // A name in a pattern is a binding unless it names a constant, a static or a
            // unit struct in scope.
            let mut via = Vec::new();
            let targets = self
                .index
                .resolve(module, std::slice::from_ref(name), &mut via, 0);
            let named: Vec<ItemId> = targets
                .iter()
                .filter_map(|target| match target {
                    Target::Item(id) => Some(*id),
                    Target::Module(_) => None,
                })
                .filter(|id| {
                    matches!(
                        self.index.entry(*id).kind,
                        Kind::Constant | Kind::Static | Kind::UnitStruct
                    )
                })
                .collect();
            if !named.is_empty() || targets.is_empty() {
                self.used_leaves.extend(via);
            }
            for id in named {
                self.keep(id);
            }
        }
        self.associated_names.extend(mentions.associated_names);
    }

    /// Reads one piece of code.
    fn read(&mut self, work: Work) {
        match work {
            Work::Item(id) => {
                let entry = self.index.entry(id);
                self.absorb(id.0, Mentions::of_item(entry.item));
            }
            Work::ImplHeader(id) => {
                if let Item::Impl(item) = self.index.entry(id).item {
                    self.absorb(id.0, Mentions::of_impl_header(item));
                }
            }
            Work::ImplMember((module, position, member)) => {
                if let Item::Impl(item) = self.index.entry((module, position)).item {
                    let mut mentions = Mentions::default();
                    mentions.visit_impl_item(&item.items[member]);
                    self.absorb(module, mentions);
                }
            }
        }
    }

    /// Whether every item of ours that `paths` reach is kept (paths reaching none are
    /// not ours, or are generic parameters).
    fn all_kept(&self, module: ModuleId, paths: &[Vec<String>]) -> bool {
        paths.iter().all(|path| {
            let reached = self.index.items_reached(module, path);
            reached.is_empty() || reached.iter().any(|id| self.live_items.contains(id))
        })
    }

    /// Whether an `impl` block may be kept: its trait, if ours, and the types of ours in
    /// its header are kept.
    fn impl_is_ready(&self, (module, position): ItemId) -> bool {
        let Item::Impl(item) = self.index.entry((module, position)).item else {
            return false;
        };
        let mut header = Mentions::default();
        if let Some((trait_path, _)) = &item.trait_ {
            let segments: Vec<String> = trait_path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            if !self.all_kept(module, &[segments]) {
                return false;
            }
            for segment in &trait_path.segments {
                header.visit_path_arguments(&segment.arguments);
            }
        }
        header.visit_type(&item.self_ty);
        self.all_kept(module, &header.paths)
    }

    /// One pass over the `impl` blocks (step 3); returns whether anything new is kept.
    fn keep_impls(&mut self, impls: &[ItemId]) -> bool {
        let mut progressed = false;
        for &id in impls {
            let Item::Impl(item) = self.index.entry(id).item else {
                continue;
            };
            if !self.impl_is_ready(id) {
                continue;
            }
            let is_trait_impl = item.trait_.is_some();
            let mut any_member = false;
            for (member, impl_item) in item.items.iter().enumerate() {
                let member_id = (id.0, id.1, member);
                let wanted = is_trait_impl
                    || match member_name(impl_item) {
                        Some(name) => self.associated_names.contains(&name),
                        None => self.live_impls.contains(&id),
                    };
                if wanted && self.live_members.insert(member_id) {
                    self.work.push(Work::ImplMember(member_id));
                    progressed = true;
                }
                any_member |= self.live_members.contains(&member_id);
            }
            if (is_trait_impl || any_member) && self.live_impls.insert(id) {
                self.work.push(Work::ImplHeader(id));
                progressed = true;
            }
        }
        progressed
    }

    /// Whether a module has anything kept of its own (the root always has `main`).
    fn module_is_kept(&self, module: ModuleId) -> bool {
        module == 0
            || (0..self.index.modules[module].entries.len()).any(|position| {
                self.live_items.contains(&(module, position))
                    || self.live_impls.contains(&(module, position))
            })
    }
}

/// The name of an `impl` member, if it has one.
fn member_name(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Const(item) => Some(item.ident.to_string()),
        ImplItem::Fn(item) => Some(item.sig.ident.to_string()),
        ImplItem::Type(item) => Some(item.ident.to_string()),
        _ => None,
    }
}

/// What to do with one item of a module, decided before the tree is changed.
enum Decision {
    /// Remove it.
    Remove,
    /// Keep it as it is.
    Keep,
    /// Prune inside this module and keep it if something is left.
    Module(ModuleId),
    /// Keep the trait impl whole.
    TraitImpl,
    /// Keep these members of the inherent `impl` block (one flag per member), and the
    /// block if any is left.
    InherentImpl(Vec<bool>),
    /// Keep these names of the `use` item (one flag per name, in tree order).
    Use(Vec<bool>),
}

/// Removes from `file` everything `fn main` does not need (see the module
/// documentation). `origins` says where each root item comes from.
pub(super) fn keep_what_main_needs(file: &mut File, origins: &[Origin]) -> Result<()> {
    let decisions = {
        let index = Index::build(file, origins);
        decide(&index)?
    };
    apply(&mut file.items, 0, &decisions);
    Ok(())
}

/// Runs the walk over the index and decides the fate of every item.
fn decide(index: &Index<'_>) -> Result<Vec<Vec<Decision>>> {
    let main = index.modules[0]
        .entries
        .iter()
        .zip(&index.modules[0].scopes)
        .position(|(entry, scope)| {
            entry.kind == Kind::Function
                && entry.name.as_deref() == Some("main")
                && *scope == Scope::Root(Origin::Binary)
        });
    let Some(main) = main else {
        bail!("the binary has no `fn main` at its root");
    };

    let mut reachability = Reachability {
        index,
        live_items: BTreeSet::new(),
        live_impls: BTreeSet::new(),
        live_members: BTreeSet::new(),
        used_leaves: BTreeSet::new(),
        associated_names: BTreeSet::new(),
        work: Vec::new(),
    };
    reachability.keep((0, main));
    let mut impls = Vec::new();
    for (module_id, module) in index.modules.iter().enumerate() {
        for (position, entry) in module.entries.iter().enumerate() {
            match entry.kind {
                Kind::AlwaysKept => reachability.keep((module_id, position)),
                Kind::Impl => impls.push((module_id, position)),
                _ => {}
            }
        }
    }

    // Step 4's names imported for their methods only: never mentioned in their scope.
    let mut mentioned: BTreeMap<Scope, BTreeSet<String>> = BTreeMap::new();
    for module in &index.modules {
        for (entry, scope) in module.entries.iter().zip(&module.scopes) {
            if entry.kind != Kind::Use {
                let mentions = Mentions::of_item(entry.item);
                mentioned
                    .entry(*scope)
                    .or_default()
                    .extend(mentions.first_names().cloned());
            }
        }
    }
    let method_imports: Vec<&Leaf> = index
        .modules
        .iter()
        .flat_map(|module| &module.leaves)
        .filter(|leaf| match &leaf.leaf.binding {
            Some(binding) => !mentioned
                .get(&leaf.scope)
                .is_some_and(|names| names.contains(binding)),
            // A glob of ours is kept only if used; one of the standard library's, always.
            None => !index
                .resolve(leaf.id.0, &leaf.leaf.path, &mut Vec::new(), 0)
                .iter()
                .any(|target| matches!(target, Target::Module(_))),
        })
        .collect();

    loop {
        while let Some(work) = reachability.work.pop() {
            reachability.read(work);
        }
        let mut progressed = reachability.keep_impls(&impls);
        for leaf in &method_imports {
            if !reachability.used_leaves.contains(&leaf.id)
                && reachability.module_is_kept(leaf.id.0)
            {
                reachability.used_leaves.insert(leaf.id);
                for id in index.items_reached(leaf.id.0, &leaf.leaf.path) {
                    reachability.keep(id);
                }
                progressed = true;
            }
        }
        if !progressed && reachability.work.is_empty() {
            break;
        }
    }

    let decisions = index
        .modules
        .iter()
        .enumerate()
        .map(|(module_id, module)| {
            module
                .entries
                .iter()
                .enumerate()
                .map(|(position, entry)| {
                    let id = (module_id, position);
                    match (entry.kind, entry.item) {
                        (Kind::Module(child), _) => Decision::Module(child),
                        (Kind::Impl, Item::Impl(item)) => {
                            if !reachability.live_impls.contains(&id) {
                                Decision::Remove
                            } else if item.trait_.is_some() {
                                Decision::TraitImpl
                            } else {
                                Decision::InherentImpl(
                                    (0..item.items.len())
                                        .map(|member| {
                                            reachability
                                                .live_members
                                                .contains(&(module_id, position, member))
                                        })
                                        .collect(),
                                )
                            }
                        }
                        (Kind::Use, Item::Use(item)) => Decision::Use(
                            (0..use_leaves(item).len())
                                .map(|number| {
                                    reachability
                                        .used_leaves
                                        .contains(&(module_id, position, number))
                                })
                                .collect(),
                        ),
                        _ if reachability.live_items.contains(&id) => Decision::Keep,
                        _ => Decision::Remove,
                    }
                })
                .collect()
        })
        .collect();
    Ok(decisions)
}

/// Applies the decisions to the items of module `module`; returns whether anything
/// besides imports is left in it.
fn apply(items: &mut Vec<Item>, module: ModuleId, decisions: &[Vec<Decision>]) -> bool {
    let mut has_content = false;
    let old_items = std::mem::take(items);
    for (position, mut item) in old_items.into_iter().enumerate() {
        let keep = match (&decisions[module][position], &mut item) {
            (Decision::Remove, _) => false,
            (Decision::Keep | Decision::TraitImpl, _) => true,
            (Decision::Module(child), Item::Mod(inner)) => match &mut inner.content {
                Some((_, content)) => apply(content, *child, decisions),
                None => true,
            },
            (Decision::InherentImpl(flags), Item::Impl(inner)) => {
                let mut flags = flags.iter();
                inner
                    .items
                    .retain(|_| flags.next().copied().unwrap_or(false));
                !inner.items.is_empty()
            }
            (Decision::Use(flags), Item::Use(inner)) => {
                let mut flags = flags.iter();
                let any_left =
                    retain_in_use_item(inner, &mut |_| flags.next().copied().unwrap_or(false));
                if any_left {
                    items.push(item);
                }
                continue;
            }
            _ => true,
        };
        if keep {
            has_content = true;
            items.push(item);
        }
    }
    has_content
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prunes a crate made of `library` and `binary` at the root, and prints the result.
    fn pruned(library: &str, binary: &str) -> String {
        let library: File = syn::parse_str(library).unwrap();
        let binary: File = syn::parse_str(binary).unwrap();
        let mut origins = vec![Origin::Library; library.items.len()];
        origins.extend(vec![Origin::Binary; binary.items.len()]);
        let mut file = library;
        file.items.extend(binary.items);
        keep_what_main_needs(&mut file, &origins).unwrap();
        remove_duplicate_imports(&mut file.items).unwrap();
        prettyplease::unparse(&file)
    }

    #[test]
    fn only_what_main_reaches_is_kept() {
        let output = pruned(
            "pub fn run() { helper(); }\n\
             fn helper() {}\n\
             pub fn unused() { helper(); }\n\
             pub const USED: u8 = 1;\n\
             pub const UNUSED: u8 = 2;",
            "fn main() { run(); let _ = USED; }",
        );
        assert!(output.contains("fn run()"), "{output}");
        assert!(output.contains("fn helper()"), "{output}");
        assert!(output.contains("const USED"), "{output}");
        assert!(!output.contains("unused"), "{output}");
        assert!(!output.contains("UNUSED"), "{output}");
    }

    #[test]
    fn paths_through_modules_and_imports_are_followed() {
        let output = pruned(
            "use common::board::Board;\n\
             mod common {\n\
                 pub mod board {\n\
                     use crate::common::CELLS;\n\
                     pub struct Board;\n\
                     impl Board { pub fn new() -> Board { let _ = CELLS; Board } pub fn unused(&self) {} }\n\
                 }\n\
                 pub mod unused_module { pub fn f() {} }\n\
                 pub const CELLS: usize = 81;\n\
                 pub const ROWS: usize = 9;\n\
             }",
            "fn main() { Board::new(); }",
        );
        assert!(output.contains("pub fn new()"), "{output}");
        assert!(output.contains("use crate::common::CELLS;"), "{output}");
        assert!(!output.contains("unused"), "{output}");
        assert!(!output.contains("ROWS"), "{output}");
    }

    #[test]
    fn trait_impls_follow_their_trait_and_type() {
        let output = pruned(
            "pub trait Observer { fn guess(&mut self) {} }\n\
             impl Observer for () {}\n\
             pub struct Counter;\n\
             impl Observer for Counter {}\n\
             pub struct Shown;\n\
             impl std::fmt::Display for Shown { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) } }\n\
             pub fn solve(observer: &mut impl Observer) { observer.guess(); }",
            "fn main() { solve(&mut ()); println!(\"{}\", Shown); }",
        );
        assert!(output.contains("impl Observer for ()"), "{output}");
        assert!(
            output.contains("impl std::fmt::Display for Shown"),
            "{output}"
        );
        assert!(!output.contains("Counter"), "{output}");
    }

    #[test]
    fn imports_for_methods_stay_and_duplicates_go() {
        let output = pruned(
            "use std::io::Write;\n\
             use std::fmt;\n\
             pub fn run(output: &mut impl Write) {}\n\
             pub fn unused() -> fmt::Result { Ok(()) }",
            "use std::io::{self, Read, Write};\n\
             fn main() { let mut out = io::stdout(); run(&mut out); out.flush().unwrap(); }",
        );
        assert!(output.contains("use std::io::Write;"), "{output}");
        assert!(output.contains("use std::io::{self, Read};"), "{output}");
        assert!(!output.contains("fmt"), "{output}");
    }

    #[test]
    fn constants_in_patterns_and_format_strings_are_mentions() {
        let output = pruned(
            "const LIMIT: u8 = 3;\n\
             const WIDTH: usize = 4;\n\
             pub struct Marker;\n\
             const UNUSED: u8 = 0;",
            "fn main() { match 3 { LIMIT => {} other => {} } println!(\"{WIDTH}\"); let Marker = Marker; }",
        );
        assert!(output.contains("const LIMIT"), "{output}");
        assert!(output.contains("const WIDTH"), "{output}");
        assert!(output.contains("struct Marker"), "{output}");
        assert!(!output.contains("UNUSED"), "{output}");
    }

    #[test]
    fn a_trait_imported_for_its_methods_only_is_kept_with_its_impls() {
        let output = pruned(
            "use common::Twice;\n\
             mod common {\n\
                 pub trait Twice { fn twice(&self) -> u8; }\n\
                 impl Twice for u8 { fn twice(&self) -> u8 { *self * 2 } }\n\
                 pub trait Unused { fn unused(&self); }\n\
                 impl Unused for u8 { fn unused(&self) {} }\n\
             }",
            "fn main() { 3u8.twice(); }",
        );
        assert!(output.contains("use common::Twice;"), "{output}");
        assert!(output.contains("impl Twice for u8"), "{output}");
        assert!(!output.contains("Unused"), "{output}");
    }

    #[test]
    fn format_captures_are_read() {
        assert_eq!(
            format_captures("{a} {{b}} {c:>3} {0} {} {d_e}"),
            ["a", "c", "d_e"]
        );
    }
}
