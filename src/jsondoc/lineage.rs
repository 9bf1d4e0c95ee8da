//! Lineage roles: what the derivation edges say of a document beyond "something was derived from
//! it". A writing app keeps every version and every alternative; the one the story was built on
//! must outrank the abandoned one, and an edit must outrank what it replaced.
//!
//! - **superseded**: a document of the same type was derived from it (an edit, a new version);
//! - **chosen**: a document of another type was derived from it (the idea the settings came from);
//!   superseded wins when both hold (the edit carries the story on);
//! - **alternative**: nothing was derived from it, its type is one of the profile's
//!   `alternatives`, and a sibling — a document of the same type derived from the same parent
//!   (the first in input order, when it has several), or like it from none — was built on: the
//!   option nobody picked.
//!
//! Only edges give roles; `is_leaf` flags do not. Edges naming unknown ids are ignored here.

use super::document::{DocMeta, Edge};
use crate::hash::Map;
use crate::shape::Shape;

/// What the derivation tree says of each document, in input order.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Tree {
    /// Nothing was derived from it (or its `is_leaf` flag says so).
    pub leaf: Vec<bool>,
    pub role: Vec<Option<Lineage>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum Lineage {
    Chosen,
    Superseded,
    Alternative,
}

/// Each document's role, in input order; `canonical` maps a schema type to its canonical name.
pub(crate) fn lineage<'a>(
    metas: &'a [DocMeta],
    edges: Option<&[Edge]>,
    canonical: &dyn Fn(&'a str) -> &'a str,
    alternatives: &[String],
) -> Vec<Option<Lineage>> {
    let mut roles = vec![None; metas.len()];
    let Some(edges) = edges.filter(|e| !e.is_empty()) else {
        return roles;
    };
    let index: Map<&str, usize> = metas.iter().enumerate().map(|(i, m)| (&*m.id, i)).collect();
    let type_of = |i: usize| metas.get(i).map_or("", |m| canonical(&m.schema_type));
    let mut has_children = vec![false; metas.len()];
    // A document's parent, for sibling groups: the first in input order when it has several.
    let mut parent: Vec<Option<usize>> = vec![None; metas.len()];
    for e in edges {
        let (Some(&from), Some(&to)) = (index.get(e.from.as_str()), index.get(e.to.as_str()))
        else {
            continue;
        };
        if let Some(c) = has_children.get_mut(from) {
            *c = true;
        }
        if let Some(p) = parent.get_mut(to) {
            *p = Some(p.map_or(from, |q| q.min(from)));
        }
        let role = if type_of(from) == type_of(to) {
            Lineage::Superseded
        } else {
            Lineage::Chosen
        };
        if let Some(r) = roles.get_mut(from) {
            if *r != Some(Lineage::Superseded) {
                *r = Some(role);
            }
        }
    }
    if alternatives.is_empty() {
        return roles;
    }
    // Sibling groups (type, parent) in which some document was built on, keyed as text: the
    // map type is one the crate already has, which keeps the wasm small.
    let group = |i: usize| {
        let p = parent.get(i).copied().flatten();
        format!("{}\u{0}{}", type_of(i), p.map_or(usize::MAX, |p| p))
    };
    let mut built_on: Map<String, usize> = Map::default();
    for (i, &built) in has_children.iter().enumerate() {
        if built && alternatives.iter().any(|a| a == type_of(i)) {
            built_on.insert(group(i), i);
        }
    }
    for (i, &built) in has_children.iter().enumerate() {
        if !built
            && alternatives.iter().any(|a| a == type_of(i))
            && built_on.contains_key(&group(i))
        {
            if let Some(r) = roles.get_mut(i) {
                *r = Some(Lineage::Alternative);
            }
        }
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::document::CreatedAt;
    use crate::jsondoc::document::Origin;

    fn meta(id: &str, t: &str) -> DocMeta {
        DocMeta {
            id: id.into(),
            schema_type: t.into(),
            origin: Origin::AiGenerated,
            created_at_ms: 0.0,
            created_at: CreatedAt::Millis(0.0),
            is_leaf: None,
        }
    }

    fn edge(from: &str, to: &str) -> Edge {
        Edge {
            from: from.into(),
            to: to.into(),
        }
    }

    fn roles(metas: &[DocMeta], edges: &[Edge], alternatives: &[&str]) -> Vec<Option<Lineage>> {
        let alternatives: Vec<String> = alternatives.iter().map(|s| s.to_string()).collect();
        lineage(
            metas,
            Some(edges),
            &|t| if t == "idea-alias" { "idea" } else { t },
            &alternatives,
        )
    }

    #[test]
    fn chosen_superseded_and_alternative() {
        use Lineage::*;
        let metas = [
            meta("a", "idea"),
            meta("b", "idea"),
            meta("c", "idea-alias"),
            meta("s", "settings"),
            meta("s2", "settings"),
        ];
        let edges = [edge("a", "s"), edge("s", "s2")];
        assert_eq!(
            roles(&metas, &edges, &["idea"]),
            [
                Some(Chosen),
                Some(Alternative),
                Some(Alternative),
                Some(Superseded),
                None
            ]
        );
        // Not an alternatives type: no role for the unpicked ideas.
        assert_eq!(roles(&metas, &edges, &[])[1], None);
    }

    #[test]
    fn an_edit_supersedes_even_a_chosen_original_and_versions_chain() {
        use Lineage::*;
        let metas = [
            meta("v1", "idea"),
            meta("v2", "idea"),
            meta("v3", "idea"),
            meta("s", "settings"),
        ];
        let edges = [edge("v1", "s"), edge("v1", "v2"), edge("v2", "v3")];
        assert_eq!(
            roles(&metas, &edges, &["idea"]),
            [Some(Superseded), Some(Superseded), None, None]
        );
    }

    #[test]
    fn parts_with_other_parents_are_not_alternatives() {
        let metas = [
            meta("p1", "plan"),
            meta("p2", "plan"),
            meta("x", "syn"),
            meta("y", "syn"),
            meta("z", "script"),
        ];
        // x and y come from different plans: y is no alternative of x.
        let edges = [edge("p1", "x"), edge("p2", "y"), edge("x", "z")];
        assert_eq!(roles(&metas, &edges, &["syn"])[3], None);
        assert_eq!(lineage(&metas, None, &|t| t, &[]), vec![None; 5]);
    }
}
