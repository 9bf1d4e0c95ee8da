//! Selection and rank: keep the types the intent needs, score them, sort.

use super::document::{DocMeta, Origin};
use super::intent::Params;
use super::lineage::{Lineage, Tree};
use super::profile::{
    CompiledIntent, CompiledParamMatch, CompiledProfile, MatchTest, Otherwise, TypeRole,
};
use super::reason::ReasonCode;
use crate::json::Value;
use crate::shape::Shape;
use crate::text::SharedStr;
use crate::Result;

/// Each term of a document's score, so a debug view can say why it ranked where it did.
#[derive(Debug, Clone, Copy, PartialEq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ScoreBreakdown {
    pub required: f64,
    pub optional: f64,
    pub leaf: f64,
    pub user_input: f64,
    pub recency: f64,
    /// `weights.params` when a `paramMatch` of the intent matched its data.
    pub params: f64,
    /// The weight of its lineage role (`weights.chosen`, `.superseded` or `.alternative`).
    pub lineage: f64,
}

impl ScoreBreakdown {
    pub fn total(&self) -> f64 {
        self.required
            + self.optional
            + self.leaf
            + self.user_input
            + self.recency
            + self.params
            + self.lineage
    }
}

/// A selected document in rank order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RankedDoc {
    /// Position in the input.
    pub index: usize,
    pub score: f64,
    pub breakdown: ScoreBreakdown,
    pub role: TypeRole,
    pub lineage: Option<Lineage>,
}

/// A document not selected, and why.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FilteredDoc {
    pub index: usize,
    pub reason: SharedStr,
    pub reason_code: ReasonCode,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Ranking {
    /// Best first; ties keep input order.
    pub selected: Vec<RankedDoc>,
    pub filtered: Vec<FilteredDoc>,
    /// The `now` recency was measured against (epoch ms).
    pub now_ms: f64,
}

/// The `now` recency is measured against: the caller's, else the newest document's
/// `created_at` — never the machine clock, so client and server agree.
pub(crate) fn effective_now(metas: &[DocMeta], now: Option<f64>) -> f64 {
    now.unwrap_or_else(|| {
        metas
            .iter()
            .map(|m| m.created_at_ms)
            .reduce(f64::max)
            .unwrap_or(0.0)
    })
}

fn filtered_reason(schema_type: &str, canonical: &str, role: TypeRole, intent: &str) -> String {
    let alias = if canonical == schema_type {
        String::new()
    } else {
        format!(" (alias of {})", crate::json::quote(canonical))
    };
    let verdict = if role == TypeRole::Excluded {
        "is excluded"
    } else {
        "is not needed"
    };
    format!(
        "type {}{alias} {verdict} for intent {}",
        crate::json::quote(schema_type),
        crate::json::quote(intent)
    )
}

/// What ranking asks of a document's type, worked out once per type.
#[derive(Clone)]
struct Facts<'a> {
    canonical: &'a str,
    role: TypeRole,
    /// Why its documents are filtered out, when the role says they are: thousands of filtered
    /// documents share a few types, and so one reason.
    reason: SharedStr,
}

/// [`Facts`] by type name. Readers give all documents of a type one shared name
/// ([`super::document::TypeNames`]), so a type met before is found by pointer, without hashing
/// or comparing its text. Past `KEPT` names (a crafted input) the rest are worked out each time.
#[derive(Default)]
struct TypeFacts<'a> {
    known: Vec<(&'a SharedStr, Facts<'a>)>,
}

impl<'a> TypeFacts<'a> {
    const KEPT: usize = 32;

    fn of(
        &mut self,
        name: &'a SharedStr,
        profile: &'a CompiledProfile,
        intent: &CompiledIntent,
    ) -> Facts<'a> {
        if let Some((_, f)) = self.known.iter().find(|(n, _)| SharedStr::ptr_eq(n, name)) {
            return f.clone();
        }
        let canonical = profile.canonical_type(name);
        let role = intent.role(canonical);
        let reason = if matches!(role, TypeRole::Excluded | TypeRole::Unlisted) {
            filtered_reason(name, canonical, role, &intent.name).into()
        } else {
            SharedStr::from("")
        };
        let facts = Facts {
            canonical,
            role,
            reason,
        };
        if self.known.len() < Self::KEPT {
            self.known.push((name, facts.clone()));
        }
        facts
    }
}

/// What the request's params say of one document: matched, nothing that changes it (no active
/// matcher applies to its type, or none that did not match leaves it out), or did not match
/// (with the reason it is left out).
enum ParamVerdict {
    Matched,
    Kept,
    Mismatch(SharedStr),
}

/// The mismatch reasons written so far in a call, by matcher and the number found: thousands of
/// synopses hold a few dozen episode numbers, so each reason is written once and its records
/// share it (the manifest's encoder then sends its text once). Up to `KEPT` (32) are kept, as
/// [`TypeFacts`] keeps types: past that, and for anything but a number, a reason is written for
/// each document.
#[derive(Default)]
struct MismatchReasons {
    kept: Vec<(*const CompiledParamMatch, u64, SharedStr)>,
}

impl MismatchReasons {
    const KEPT: usize = 32;

    fn of(&mut self, m: &CompiledParamMatch, field: Option<Value>, params: &Params) -> SharedStr {
        let key: *const CompiledParamMatch = m;
        // By its bits: -0 is kept apart from 0.
        let Some(Value::Number(n)) = field else {
            return mismatch_reason(m, field.as_ref(), params).into();
        };
        let bits = n.to_bits();
        if let Some((_, _, reason)) = self
            .kept
            .iter()
            .find(|(k, b, _)| std::ptr::eq(*k, key) && *b == bits)
        {
            return reason.clone();
        }
        let reason: SharedStr = mismatch_reason(m, field.as_ref(), params).into();
        if self.kept.len() < Self::KEPT {
            self.kept.push((key, bits, reason.clone()));
        }
        reason
    }
}

/// Why a document a param match excludes is left out: the field found and what was asked.
fn mismatch_reason(m: &CompiledParamMatch, field: Option<&Value>, params: &Params) -> String {
    let found = field.map_or_else(|| "absent".to_string(), |v| crate::json::stringify(v, 0));
    let param = |p: &str| {
        params
            .get(p)
            .map_or_else(String::new, |v| crate::json::stringify(v, 0))
    };
    let wanted = match &m.test {
        MatchTest::Equals(p) => format!("{p} = {}", param(p)),
        MatchTest::Between(a, b) => format!("{a}..{b} = {}..{}", param(a), param(b)),
        MatchTest::Range(p) => format!("{p} = {}", param(p)),
    };
    format!("data{} is {found}, the request asks for {wanted}", m.field)
}

fn param_verdict(
    matchers: &[&CompiledParamMatch],
    canonical: &str,
    params: &Params,
    index: usize,
    body: &mut Body<'_>,
    reasons: &mut MismatchReasons,
) -> Result<ParamVerdict> {
    let applying = matchers
        .iter()
        .filter(|m| m.types.iter().any(|t| t == canonical));
    // Only documents of the named types have their bodies read, and only when the request
    // carries the params (mostly one matcher applies: `equals` and `between` ask for different
    // params).
    let mut excluding = None;
    for m in applying {
        let field = body(index, &m.tokens)?;
        if m.matches(field.as_ref(), params) {
            return Ok(ParamVerdict::Matched);
        }
        if excluding.is_none() && m.otherwise == Otherwise::Exclude {
            excluding = Some((m, field));
        }
    }
    let Some((m, field)) = excluding else {
        return Ok(ParamVerdict::Kept);
    };
    Ok(ParamVerdict::Mismatch(reasons.of(m, field, params)))
}

/// What ranking reads of a body: the part of document `index`'s data that a pointer's tokens
/// name ([`super::DocSet::data_at`]).
pub(crate) type Body<'a> = dyn FnMut(usize, &[String]) -> Result<Option<Value>> + 'a;

/// Filters `metas` to the intent's types and ranks them. `body(index, tokens)` gives part of a
/// document's data, read only for the types an active `paramMatch` of the intent names.
pub(crate) fn rank(
    profile: &CompiledProfile,
    intent: &CompiledIntent,
    metas: &[DocMeta],
    tree: &Tree,
    now: Option<f64>,
    params: &Params,
    body: &mut Body<'_>,
) -> Result<Ranking> {
    let now_ms = effective_now(metas, now);
    let w = &profile.weights;
    let matchers: Vec<&CompiledParamMatch> = intent
        .param_match
        .iter()
        .filter(|m| m.active(params))
        .collect();
    let mut selected = Vec::new();
    let mut filtered = Vec::new();
    let mut types = TypeFacts::default();
    let mut reasons = MismatchReasons::default();
    for (index, m) in metas.iter().enumerate() {
        let facts = types.of(&m.schema_type, profile, intent);
        let canonical = facts.canonical;
        let mut role = facts.role;
        let mut matched = false;
        match param_verdict(&matchers, canonical, params, index, body, &mut reasons)? {
            ParamVerdict::Kept => {}
            ParamVerdict::Matched => {
                matched = true;
                role = TypeRole::Required;
            }
            ParamVerdict::Mismatch(reason) => {
                filtered.push(FilteredDoc {
                    index,
                    reason,
                    reason_code: ReasonCode::ParamMismatch,
                });
                continue;
            }
        }
        if matches!(role, TypeRole::Excluded | TypeRole::Unlisted) {
            let reason = facts.reason;
            let reason_code = if role == TypeRole::Excluded {
                ReasonCode::TypeExcluded
            } else {
                ReasonCode::TypeNotNeeded
            };
            filtered.push(FilteredDoc {
                index,
                reason,
                reason_code,
            });
            continue;
        }
        let is_leaf = tree.leaf.get(index).copied().unwrap_or(false);
        let role_of = tree.role.get(index).copied().flatten();
        // Newer is better: the newest gets the full weight, one a half-life older gets half.
        // Only + and / so the value is bit-identical on every platform (no powf/exp).
        let age = (now_ms - m.created_at_ms).max(0.0);
        let recency = w.recency * w.recency_half_life_ms / (w.recency_half_life_ms + age);
        let breakdown = ScoreBreakdown {
            required: if role == TypeRole::Required {
                w.required
            } else {
                0.0
            },
            optional: if role == TypeRole::Optional {
                w.optional
            } else {
                0.0
            },
            leaf: if is_leaf { w.leaf } else { 0.0 },
            user_input: if m.origin == Origin::UserInput {
                w.user_input
            } else {
                0.0
            },
            recency: if recency.is_finite() { recency } else { 0.0 },
            params: if matched { w.params } else { 0.0 },
            lineage: match role_of {
                Some(Lineage::Chosen) => w.chosen,
                Some(Lineage::Superseded) => w.superseded,
                Some(Lineage::Alternative) => w.alternative,
                None => 0.0,
            },
        };
        selected.push(RankedDoc {
            index,
            score: breakdown.total(),
            breakdown,
            role,
            lineage: role_of,
        });
    }
    // Best first; a stable order, so equal scores keep input order.
    let keys: Vec<f64> = selected.iter().map(|d| -d.score).collect();
    let selected = crate::order::permuted(selected, &crate::order::stable_order(&keys));
    Ok(Ranking {
        selected,
        filtered,
        now_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::document::CreatedAt;
    use crate::jsondoc::profile::Profile;

    fn meta(id: &str, t: &str, origin: Origin, at: f64) -> DocMeta {
        DocMeta {
            id: id.into(),
            schema_type: t.into(),
            origin,
            created_at_ms: at,
            created_at: CreatedAt::Millis(at),
            is_leaf: None,
        }
    }

    const DAY: f64 = 86_400_000.0;

    #[test]
    fn newer_documents_score_higher() {
        let p = Profile::default().compile().unwrap();
        let i = p.intent("default").unwrap();
        let metas = [
            meta("old", "t", Origin::AiGenerated, 0.0),
            meta("new", "t", Origin::AiGenerated, 7.0 * DAY),
        ];
        let r = rank(
            &p,
            i,
            &metas,
            &Tree {
                leaf: vec![false, false],
                role: vec![],
            },
            None,
            &Params::new(),
            &mut |_, _| Ok(None),
        )
        .unwrap();
        assert_eq!(
            r.selected.iter().map(|d| d.index).collect::<Vec<_>>(),
            [1, 0]
        );
        assert_eq!(r.selected[0].breakdown.recency, 1.0);
        assert_eq!(r.selected[1].breakdown.recency, 0.5);
        assert_eq!(r.now_ms, 7.0 * DAY);
    }

    #[test]
    fn reference_weights_and_ties_in_input_order() {
        let p = Profile::from_json(r#"{"defaultIntent":"x","intents":{"x":{"required":["a"],"optional":["b"],"excluded":["c"]}},"weights":{"optional":2}}"#).unwrap().compile().unwrap();
        let i = p.intent("x").unwrap();
        let metas = [
            meta("b1", "b", Origin::AiGenerated, 0.0),
            meta("a1", "a", Origin::UserInput, 0.0),
            meta("c1", "c", Origin::UserInput, 0.0),
            meta("d1", "d", Origin::UserInput, 0.0),
            meta("a2", "a", Origin::AiGenerated, 0.0),
            meta("a3", "a", Origin::AiGenerated, 0.0),
        ];
        let r = rank(
            &p,
            i,
            &metas,
            &Tree {
                leaf: vec![false, true, false, false, false, false],
                role: vec![],
            },
            Some(0.0),
            &Params::new(),
            &mut |_, _| Ok(None),
        )
        .unwrap();
        let order: Vec<_> = r
            .selected
            .iter()
            .map(|d| (&*metas[d.index].id, d.score))
            .collect();
        assert_eq!(
            order,
            [("a1", 19.0), ("a2", 11.0), ("a3", 11.0), ("b1", 3.0)]
        );
        assert_eq!(
            r.filtered.iter().map(|f| f.index).collect::<Vec<_>>(),
            [2, 3]
        );
        assert!(r.filtered[0].reason.contains("excluded"));
    }

    #[test]
    fn future_documents_do_not_outscore_the_present() {
        let p = Profile::default().compile().unwrap();
        let i = p.intent("default").unwrap();
        let metas = [meta("future", "t", Origin::AiGenerated, 10.0 * DAY)];
        let r = rank(
            &p,
            i,
            &metas,
            &Tree {
                leaf: vec![false],
                role: vec![],
            },
            Some(0.0),
            &Params::new(),
            &mut |_, _| Ok(None),
        )
        .unwrap();
        assert_eq!(r.selected[0].breakdown.recency, 1.0);
    }
}
