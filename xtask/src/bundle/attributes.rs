//! Attributes the bundler acts on: `cfg` (which code exists in a normal build), crate-level
//! attributes (which may stay once a crate becomes a module), and doc comments (which
//! `--strip-docs` removes).
//!
//! A test-only item is one whose `cfg` is false when `test` is not set: `#[cfg(test)]`,
//! `#[cfg(all(test, unix))]`, and any `#[test]` function. Such code is removed with its
//! attribute list's owner. A `cfg` that is true without `test` (`#[cfg(not(test))]`) is
//! removed and its item kept. Any other `cfg` (`unix`, `feature = "x"`) is left for the
//! judge's `rustc` to decide, as it would have been in the workspace.

use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{
    Attribute, Block, ExprMatch, ExprStruct, Fields, File, ImplItem, Item, ItemEnum, ItemImpl,
    ItemMod, ItemTrait, Meta, Stmt, Token, TraitItem,
};

/// What a `cfg` predicate is in a normal (not test) build, as far as the bundler can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CfgValue {
    /// Holds in every normal build.
    True,
    /// Never holds in a normal build.
    False,
    /// Depends on the target or on features: `rustc` decides.
    Unknown,
}

/// The value of a `cfg` predicate with `test` unset.
fn evaluate(predicate: &Meta) -> CfgValue {
    match predicate {
        Meta::Path(path) if path.is_ident("test") => CfgValue::False,
        Meta::List(list) => {
            let Ok(operands) =
                list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return CfgValue::Unknown;
            };
            let values: Vec<CfgValue> = operands.iter().map(evaluate).collect();
            if list.path.is_ident("all") {
                if values.contains(&CfgValue::False) {
                    CfgValue::False
                } else if values.iter().all(|value| *value == CfgValue::True) {
                    CfgValue::True
                } else {
                    CfgValue::Unknown
                }
            } else if list.path.is_ident("any") {
                if values.contains(&CfgValue::True) {
                    CfgValue::True
                } else if values.iter().all(|value| *value == CfgValue::False) {
                    CfgValue::False
                } else {
                    CfgValue::Unknown
                }
            } else if list.path.is_ident("not") && values.len() == 1 {
                match values[0] {
                    CfgValue::True => CfgValue::False,
                    CfgValue::False => CfgValue::True,
                    CfgValue::Unknown => CfgValue::Unknown,
                }
            } else {
                CfgValue::Unknown
            }
        }
        _ => CfgValue::Unknown,
    }
}

/// Settles the `cfg`, `cfg_attr` and `test` attributes of one attribute list for a normal
/// build. Returns false when the code they belong to does not exist in such a build;
/// otherwise removes the `cfg`s that are known to hold and replaces each `cfg_attr` whose
/// predicate is known by the attributes it stands for (or by nothing).
pub(super) fn settle_cfg(attributes: &mut Vec<Attribute>) -> bool {
    let mut settled = Vec::with_capacity(attributes.len());
    for attribute in attributes.drain(..) {
        let path = attribute.path();
        if path.is_ident("test") {
            return false;
        }
        if path.is_ident("cfg") {
            match attribute
                .parse_args::<Meta>()
                .map(|predicate| evaluate(&predicate))
            {
                Ok(CfgValue::False) => return false,
                Ok(CfgValue::True) => continue,
                _ => {}
            }
        } else if path.is_ident("cfg_attr") {
            let parsed = attribute.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated);
            if let Ok(parts) = parsed {
                let mut parts = parts.into_iter();
                if let Some(predicate) = parts.next() {
                    match evaluate(&predicate) {
                        CfgValue::False => continue,
                        CfgValue::True => {
                            for meta in parts {
                                settled.push(Attribute {
                                    meta,
                                    ..attribute.clone()
                                });
                            }
                            continue;
                        }
                        CfgValue::Unknown => {}
                    }
                }
            }
        }
        settled.push(attribute);
    }
    *attributes = settled;
    true
}

/// The attribute list of an item, for the kinds of item that have one.
pub(super) fn item_attributes_mut(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(item) => &mut item.attrs,
        Item::Enum(item) => &mut item.attrs,
        Item::ExternCrate(item) => &mut item.attrs,
        Item::Fn(item) => &mut item.attrs,
        Item::ForeignMod(item) => &mut item.attrs,
        Item::Impl(item) => &mut item.attrs,
        Item::Macro(item) => &mut item.attrs,
        Item::Mod(item) => &mut item.attrs,
        Item::Static(item) => &mut item.attrs,
        Item::Struct(item) => &mut item.attrs,
        Item::Trait(item) => &mut item.attrs,
        Item::TraitAlias(item) => &mut item.attrs,
        Item::Type(item) => &mut item.attrs,
        Item::Union(item) => &mut item.attrs,
        Item::Use(item) => &mut item.attrs,
        _ => return None,
    })
}

/// The attribute list of an item in an `impl` block.
fn impl_item_attributes_mut(item: &mut ImplItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        ImplItem::Const(item) => &mut item.attrs,
        ImplItem::Fn(item) => &mut item.attrs,
        ImplItem::Type(item) => &mut item.attrs,
        ImplItem::Macro(item) => &mut item.attrs,
        _ => return None,
    })
}

/// The attribute list of an item in a trait definition.
fn trait_item_attributes_mut(item: &mut TraitItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        TraitItem::Const(item) => &mut item.attrs,
        TraitItem::Fn(item) => &mut item.attrs,
        TraitItem::Type(item) => &mut item.attrs,
        TraitItem::Macro(item) => &mut item.attrs,
        _ => return None,
    })
}

/// Whether an item exists in a normal build (settling its attributes on the way).
fn keep_item(item: &mut Item) -> bool {
    item_attributes_mut(item).is_none_or(settle_cfg)
}

/// Removes the test-only code of a parsed file, everywhere in it: items, items in blocks,
/// `impl` and trait items, fields, variants, match arms and `let` statements.
pub(super) fn remove_test_only_code(file: &mut File) {
    file.items.retain_mut(keep_item);
    TestOnlyCodeRemover.visit_file_mut(file);
}

/// The syntax tree walk behind [`remove_test_only_code`]: each visitor filters the list it
/// owns, then walks into what is left.
struct TestOnlyCodeRemover;

impl VisitMut for TestOnlyCodeRemover {
    fn visit_item_mod_mut(&mut self, module: &mut ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain_mut(keep_item);
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_block_mut(&mut self, block: &mut Block) {
        block.stmts.retain_mut(|statement| match statement {
            Stmt::Item(item) => keep_item(item),
            Stmt::Local(local) => settle_cfg(&mut local.attrs),
            Stmt::Macro(statement) => settle_cfg(&mut statement.attrs),
            _ => true,
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_item_impl_mut(&mut self, item: &mut ItemImpl) {
        item.items
            .retain_mut(|item| impl_item_attributes_mut(item).is_none_or(settle_cfg));
        visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut ItemTrait) {
        item.items
            .retain_mut(|item| trait_item_attributes_mut(item).is_none_or(settle_cfg));
        visit_mut::visit_item_trait_mut(self, item);
    }

    fn visit_fields_mut(&mut self, fields: &mut Fields) {
        match fields {
            Fields::Named(named) => {
                named.named = std::mem::take(&mut named.named)
                    .into_iter()
                    .filter_map(|mut field| settle_cfg(&mut field.attrs).then_some(field))
                    .collect();
            }
            Fields::Unnamed(unnamed) => {
                unnamed.unnamed = std::mem::take(&mut unnamed.unnamed)
                    .into_iter()
                    .filter_map(|mut field| settle_cfg(&mut field.attrs).then_some(field))
                    .collect();
            }
            Fields::Unit => {}
        }
        visit_mut::visit_fields_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut ItemEnum) {
        item.variants = std::mem::take(&mut item.variants)
            .into_iter()
            .filter_map(|mut variant| settle_cfg(&mut variant.attrs).then_some(variant))
            .collect();
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_match_mut(&mut self, expression: &mut ExprMatch) {
        expression.arms.retain_mut(|arm| settle_cfg(&mut arm.attrs));
        visit_mut::visit_expr_match_mut(self, expression);
    }

    fn visit_expr_struct_mut(&mut self, expression: &mut ExprStruct) {
        expression.fields = std::mem::take(&mut expression.fields)
            .into_iter()
            .filter_map(|mut field| settle_cfg(&mut field.attrs).then_some(field))
            .collect();
        visit_mut::visit_expr_struct_mut(self, expression);
    }
}

/// Whether an attribute is a doc comment (`///`, `//!` or `#[doc = "..."]`).
pub(super) fn is_doc_comment(attribute: &Attribute) -> bool {
    attribute.path().is_ident("doc") && matches!(attribute.meta, Meta::NameValue(_))
}

/// Whether an inner attribute of a source file (`#![...]`) may stay when the file's code
/// becomes part of the bundle: doc comments and `allow`s may; crate-level settings and
/// the workspace's stricter lint levels (`#![forbid(...)]`, `#![warn(missing_docs)]`)
/// may not, since the judge compiles the bundle as it is.
pub(super) fn keep_inner_attribute(attribute: &Attribute) -> bool {
    is_doc_comment(attribute) || attribute.path().is_ident("allow")
}

/// Removes every doc comment, outer and inner, from a syntax tree (the default; `--keep-docs` keeps them).
pub(super) fn strip_doc_comments(file: &mut File) {
    file.attrs.retain(|attribute| !is_doc_comment(attribute));
    DocCommentStripper.visit_file_mut(file);
}

/// The syntax tree walk behind [`strip_doc_comments`].
struct DocCommentStripper;

impl VisitMut for DocCommentStripper {
    fn visit_item_mut(&mut self, item: &mut Item) {
        if let Some(attributes) = item_attributes_mut(item) {
            attributes.retain(|attribute| !is_doc_comment(attribute));
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        if let Some(attributes) = impl_item_attributes_mut(item) {
            attributes.retain(|attribute| !is_doc_comment(attribute));
        }
        visit_mut::visit_impl_item_mut(self, item);
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        if let Some(attributes) = trait_item_attributes_mut(item) {
            attributes.retain(|attribute| !is_doc_comment(attribute));
        }
        visit_mut::visit_trait_item_mut(self, item);
    }

    fn visit_field_mut(&mut self, field: &mut syn::Field) {
        field.attrs.retain(|attribute| !is_doc_comment(attribute));
        visit_mut::visit_field_mut(self, field);
    }

    fn visit_variant_mut(&mut self, variant: &mut syn::Variant) {
        variant.attrs.retain(|attribute| !is_doc_comment(attribute));
        visit_mut::visit_variant_mut(self, variant);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the attributes left on `source`'s item, or `None` if it is removed.
    fn settled(source: &str) -> Option<String> {
        let mut item: Item = syn::parse_str(source).unwrap();
        let attributes = item_attributes_mut(&mut item).unwrap();
        settle_cfg(attributes).then(|| {
            attributes
                .iter()
                .map(|attribute| attribute.path().segments[0].ident.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn test_only_code_is_recognised() {
        assert_eq!(settled("#[cfg(test)] fn f() {}"), None);
        assert_eq!(settled("#[cfg(all(test, unix))] fn f() {}"), None);
        assert_eq!(settled("#[test] fn f() {}"), None);
        assert_eq!(settled("#[cfg(not(test))] fn f() {}"), Some(String::new()));
        assert_eq!(settled("#[cfg(unix)] fn f() {}"), Some("cfg".to_string()));
        assert_eq!(
            settled("#[cfg(any(test, unix))] fn f() {}"),
            Some("cfg".to_string())
        );
        assert_eq!(
            settled("#[cfg_attr(test, derive(Debug))] #[inline] fn f() {}"),
            Some("inline".to_string())
        );
        assert_eq!(
            settled("#[cfg_attr(not(test), must_use)] fn f() {}"),
            Some("must_use".to_string())
        );
    }
}
