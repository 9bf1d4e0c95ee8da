//! The whole pipeline — intent, rank, trim, cap — and the manifest that accounts for every
//! document.

use super::cap::{cap, Capped};
use super::document::{leaves, DocSet, Edge};
use super::intent::{infer_intent, Request, ResolvedIntent};
use super::lineage::{lineage, Lineage, Tree};
use super::profile::defaults;
use super::profile::{CapStrategy, CompiledProfile, Profile, RenderOrder};
use super::rank::{rank, Ranking, ScoreBreakdown};
use super::reason::ReasonCode;
use super::timestamp::parse_iso8601;
use super::trim::TrimLevel;
use crate::budget::Budget;
use crate::json::{Object, Value};
use crate::manifest::{Action, ItemRecord};
use crate::shape::{Input, Shape};
use crate::text::{GivenStr, SharedStr};
use crate::tokens::{Estimator, Meter};
use crate::{Error, ErrorCode, Result};

/// Per-request settings; each overrides the profile's.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "an input object {documents, request, …}"
)]
pub struct AssembleOptions {
    /// Free text for the profile's rules, or an explicit intent (which wins).
    #[shape(with = "read_request", ts = "RequestInput")]
    pub request: Request,
    /// Recency is measured against this (epoch ms, ISO-8601, or a `Date` in JavaScript); default:
    /// the newest document.
    #[shape(with = "read_now", ts = "number | string | Date")]
    pub now: Option<f64>,
    /// Lineage edges; a document nothing was derived from is a leaf.
    pub edges: Option<Vec<Edge>>,
    /// Budget for the whole context in UTF-16 code units (what `str.length` counts).
    #[shape(with = "read_max_chars", ts = "number")]
    pub max_chars: Option<usize>,
    /// Budget for the whole context in tokens (counted by the estimator fitted against
    /// o200k). With either budget given, only the given ones apply; both must hold.
    #[shape(with = "read_max_tokens", ts = "number")]
    pub max_tokens: Option<usize>,
    pub cap: Option<CapStrategy>,
    /// The order included documents are rendered in (default `"rank"`).
    pub order: Option<RenderOrder>,
}

/// One input document's line in the manifest.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct DocRecord {
    #[shape(flatten)]
    pub item: ItemRecord,
    /// The reason as a stable code, for programs (`reason` is its words, for people).
    pub reason_code: ReasonCode,
    #[shape(intern)]
    pub schema_type: SharedStr,
    /// 0 is best; `null` when filtered out.
    pub rank: Option<usize>,
    pub score: Option<f64>,
    pub breakdown: Option<ScoreBreakdown>,
    /// What the lineage edges make of it (docs/PROFILE.md); `null` for none or when filtered out.
    pub lineage: Option<Lineage>,
    /// The trim level of what was included.
    pub level: Option<TrimLevel>,
    /// At level `fitted`: the length (UTF-16 units) its strings were cut at, chosen so that it
    /// fills the room left; `null` at every other level.
    pub cut_at: Option<usize>,
    /// Where the document's block starts in the context (UTF-16 units); its length is `charsAfter`.
    pub offset: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct Totals {
    pub documents: usize,
    pub selected: usize,
    pub included: usize,
    pub full: usize,
    pub truncated: usize,
    pub summarized: usize,
    pub discarded: usize,
    pub filtered_out: usize,
    /// Length of the context in UTF-16 units.
    pub chars: usize,
    /// The budget in UTF-16 units; `null` when only tokens were limited.
    pub max_chars: Option<usize>,
    /// The context's tokens, when a token budget was given (else `null`).
    pub tokens: Option<usize>,
    pub max_tokens: Option<usize>,
    /// What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    /// function; `null` without a token budget.
    pub token_counter: Option<String>,
    /// How many times the caller's counter was called (each distinct piece once); `null` for
    /// the estimator and without a token budget.
    pub token_counter_calls: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct CapReport {
    pub strategy: CapStrategy,
    /// A document was degraded or discarded for lack of room.
    pub hit: bool,
    pub discarded: usize,
}

/// Everything ctxpack decided, once per input document.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct Manifest {
    pub intent: ResolvedIntent,
    /// The `now` recency was measured against (epoch ms).
    pub now: f64,
    /// Selected documents in rank order, then filtered-out ones in input order.
    pub documents: Vec<DocRecord>,
    pub totals: Totals,
    pub cap: CapReport,
    pub log: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output)]
pub struct Assembly {
    pub context: String,
    pub manifest: Manifest,
}

/// The ranked selection without trimming or capping.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct Prioritized {
    pub intent: ResolvedIntent,
    pub now: f64,
    /// Selected documents, best first.
    pub ranked: Vec<RankedRecord>,
    /// Documents the intent does not need, in input order, with the reason.
    pub filtered: Vec<FilteredRecord>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct RankedRecord {
    pub id: GivenStr,
    #[shape(intern)]
    pub schema_type: SharedStr,
    pub rank: usize,
    pub score: f64,
    pub breakdown: ScoreBreakdown,
    pub lineage: Option<Lineage>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct FilteredRecord {
    pub id: GivenStr,
    #[shape(intern)]
    pub schema_type: SharedStr,
    #[shape(intern)]
    pub reason: SharedStr,
    pub reason_code: ReasonCode,
}

/// Result of capping documents already in order (no intent, no scores).
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct CapResult {
    pub context: String,
    pub documents: Vec<DocRecord>,
    pub totals: Totals,
    pub cap: CapReport,
    pub log: Vec<String>,
}

/// A compiled profile serving many requests: validation and regex compilation happen once.
#[derive(Debug, Clone)]
pub struct ContextAssembler {
    profile: CompiledProfile,
    /// What token budgets are measured with: the estimator fitted against o200k.
    counter: Estimator,
}

impl ContextAssembler {
    pub fn new(profile: &Profile) -> Result<Self> {
        Ok(ContextAssembler {
            profile: profile.compile()?,
            counter: Estimator::o200k(),
        })
    }

    /// From profile JSON text.
    pub fn from_json(text: &str) -> Result<Self> {
        Self::new(&Profile::from_json(text)?)
    }

    /// The compiled profile (for the fuzzers' oracle: `__private`).
    #[doc(hidden)]
    pub fn profile(&self) -> &CompiledProfile {
        &self.profile
    }

    pub fn infer_intent(&self, request: &Request) -> Result<ResolvedIntent> {
        infer_intent(&self.profile, request).map_err(|e| e.under("/request"))
    }

    /// Whether ranking `request` reads the bodies of documents of type `schema_type` (its
    /// intent's param matches that apply to it, when the request carries their params), for a
    /// reader that keeps those bodies at hand. False for a request that does not resolve: the
    /// call reports that itself.
    pub fn reads_while_ranking(&self, request: &Request) -> impl Fn(&str) -> bool + '_ {
        let types: Vec<&str> = infer_intent(&self.profile, request)
            .ok()
            .and_then(|intent| {
                let spec = self.profile.intent(&intent.intent)?;
                Some(
                    spec.param_match
                        .iter()
                        .filter(|m| m.active(&intent.params))
                        .flat_map(|m| m.types.iter().map(String::as_str))
                        .collect(),
                )
            })
            .unwrap_or_default();
        move |schema_type| {
            !types.is_empty() && types.contains(&self.profile.canonical_type(schema_type))
        }
    }

    fn rank(
        &self,
        docs: &dyn DocSet,
        options: &AssembleOptions,
    ) -> Result<(ResolvedIntent, Ranking)> {
        let intent = self.infer_intent(&options.request)?;
        let spec = self.profile.intent(&intent.intent).ok_or_else(|| {
            Error::new(
                ErrorCode::UnknownIntent,
                "/request/intent",
                "intent vanished",
            )
        })?;
        let metas = docs.metas();
        let profile = &self.profile;
        let tree = Tree {
            leaf: leaves(metas, options.edges.as_deref()),
            role: lineage(
                metas,
                options.edges.as_deref(),
                &|t| profile.canonical_type(t),
                &profile.alternatives,
            ),
        };
        let now = options.now.map(|n| check_now(n, "/now")).transpose()?;
        // Errors reading a body are placed under /documents, as the cap places them.
        let mut body = |index: usize, tokens: &[String]| {
            docs.data_at(index, tokens)
                .map_err(|e| e.under("/documents"))
        };
        let ranking = rank(
            &self.profile,
            spec,
            metas,
            &tree,
            now,
            &intent.params,
            &mut body,
        )?;
        Ok((intent, ranking))
    }

    /// Intent and ranking only.
    pub fn prioritize(&self, docs: &dyn DocSet, options: &AssembleOptions) -> Result<Prioritized> {
        let (intent, ranking) = self.rank(docs, options)?;
        let metas = docs.metas();
        let ranked = ranking
            .selected
            .iter()
            .enumerate()
            .filter_map(|(r, d)| {
                metas.get(d.index).map(|m| RankedRecord {
                    id: GivenStr::at(m.id.clone(), d.index),
                    schema_type: m.schema_type.clone(),
                    rank: r,
                    score: d.score,
                    breakdown: d.breakdown,
                    lineage: d.lineage,
                })
            })
            .collect();
        let filtered = ranking
            .filtered
            .iter()
            .filter_map(|f| {
                metas.get(f.index).map(|m| FilteredRecord {
                    id: GivenStr::at(m.id.clone(), f.index),
                    schema_type: m.schema_type.clone(),
                    reason: f.reason.clone(),
                    reason_code: f.reason_code,
                })
            })
            .collect();
        Ok(Prioritized {
            intent,
            now: ranking.now_ms,
            ranked,
            filtered,
        })
    }

    /// Intent → rank → trim → cap, with the manifest.
    pub fn assemble(&self, docs: &dyn DocSet, options: &AssembleOptions) -> Result<Assembly> {
        self.assemble_metered(docs, options, &mut Meter::Estimate(self.counter))
    }

    /// [`assemble`](Self::assemble) with token budgets measured by `meter` (e.g. a caller's
    /// tokenizer, [`Meter::Pieces`]) instead of the estimator.
    pub fn assemble_metered(
        &self,
        docs: &dyn DocSet,
        options: &AssembleOptions,
        meter: &mut Meter,
    ) -> Result<Assembly> {
        let (intent, ranking) = self.rank(docs, options)?;
        let budget = self.budget(options.max_chars, options.max_tokens);
        let strategy = options.cap.unwrap_or(self.profile.cap);
        let order: Vec<usize> = ranking.selected.iter().map(|d| d.index).collect();
        let mut capped = cap(&self.profile, docs, &order, budget, meter, strategy)?;
        let in_input_order = options.order == Some(RenderOrder::Input)
            && super::cap::render_in_input_order(
                &mut capped,
                &self.profile.render.separator,
                budget,
                meter,
            )?;
        let metas = docs.metas();
        let mut records = Vec::with_capacity(metas.len());
        for (placement, ranked) in capped.placements.iter().zip(&ranking.selected) {
            let mut r = record(docs, placement)?;
            r.score = Some(ranked.score);
            r.breakdown = Some(ranked.breakdown);
            r.lineage = ranked.lineage;
            records.push(r);
        }
        for f in &ranking.filtered {
            let m = metas
                .get(f.index)
                .ok_or_else(|| super::document::out_of_range(f.index))?;
            records.push(DocRecord {
                item: ItemRecord {
                    id: GivenStr::at(m.id.clone(), f.index),
                    action: Action::FilteredOut,
                    reason: f.reason.clone(),
                    chars_before: None,
                    chars_after: 0,
                    tokens_before: None,
                    tokens_after: budget.max_tokens.map(|_| 0),
                },
                reason_code: f.reason_code,
                schema_type: m.schema_type.clone(),
                rank: None,
                score: None,
                breakdown: None,
                lineage: None,
                level: None,
                cut_at: None,
                offset: None,
            });
        }
        let (totals, cap_report, mut log) = summarize(&records, &capped, budget, meter, strategy);
        let how = match (&intent.source, &intent.rule) {
            (super::intent::IntentSource::Rule, Some(rule)) => {
                format!("rule {}", crate::json::quote(rule))
            }
            (super::intent::IntentSource::Given, _) => "given by the caller".to_string(),
            _ => "default: no rule matched".to_string(),
        };
        if options.order == Some(RenderOrder::Input) {
            log.push(
                if in_input_order {
                    "Rendered in input order"
                } else {
                    "Rendered in rank order: in input order the context would exceed maxTokens"
                }
                .to_string(),
            );
        }
        log.insert(0, format!("Intent: {} ({how})", intent.intent));
        log.insert(
            1,
            format!(
                "Selected {} of {} jsondocs",
                totals.selected, totals.documents
            ),
        );
        Ok(Assembly {
            context: capped.context,
            manifest: Manifest {
                intent,
                now: ranking.now_ms,
                documents: records,
                totals,
                cap: cap_report,
                log,
            },
        })
    }

    /// The call's limits over the profile's (see [`Budget::over`]).
    fn budget(&self, max_chars: Option<usize>, max_tokens: Option<usize>) -> Budget {
        Budget {
            max_chars,
            max_tokens,
        }
        .over(self.profile.budget, defaults::MAX_CHARS)
    }

    /// Applies the ladder and the cap to documents already in order (best first). A limit
    /// given replaces the profile's in its unit.
    pub fn cap_ordered(
        &self,
        docs: &dyn DocSet,
        max_chars: Option<usize>,
        max_tokens: Option<usize>,
        strategy: Option<CapStrategy>,
    ) -> Result<CapResult> {
        let meter = &mut Meter::Estimate(self.counter);
        self.cap_ordered_metered(docs, max_chars, max_tokens, strategy, meter)
    }

    /// [`cap_ordered`](Self::cap_ordered) with token budgets measured by `meter`.
    pub fn cap_ordered_metered(
        &self,
        docs: &dyn DocSet,
        max_chars: Option<usize>,
        max_tokens: Option<usize>,
        strategy: Option<CapStrategy>,
        meter: &mut Meter,
    ) -> Result<CapResult> {
        let budget = self.budget(max_chars, max_tokens);
        let strategy = strategy.unwrap_or(self.profile.cap);
        let order: Vec<usize> = (0..docs.metas().len()).collect();
        let capped = cap(&self.profile, docs, &order, budget, meter, strategy)?;
        let records = capped
            .placements
            .iter()
            .map(|p| record(docs, p))
            .collect::<Result<Vec<_>>>()?;
        let (totals, cap_report, log) = summarize(&records, &capped, budget, meter, strategy);
        Ok(CapResult {
            context: capped.context,
            documents: records,
            totals,
            cap: cap_report,
            log,
        })
    }
}

fn record(docs: &dyn DocSet, p: &super::cap::Placement) -> Result<DocRecord> {
    let m = docs
        .metas()
        .get(p.index)
        .ok_or_else(|| super::document::out_of_range(p.index))?;
    Ok(DocRecord {
        item: ItemRecord {
            id: GivenStr::at(m.id.clone(), p.index),
            action: p.action,
            reason: p.reason.clone(),
            chars_before: p.chars_before,
            chars_after: p.chars_after,
            tokens_before: p.tokens_before,
            tokens_after: p.tokens_after,
        },
        reason_code: p.reason_code,
        schema_type: m.schema_type.clone(),
        rank: Some(p.rank),
        score: None,
        breakdown: None,
        lineage: None,
        level: p.level,
        cut_at: p.cut_at,
        offset: p.offset,
    })
}

#[allow(clippy::arithmetic_side_effects)] // counts of records, bounded by the input length
fn summarize(
    records: &[DocRecord],
    capped: &Capped,
    budget: Budget,
    meter: &Meter,
    strategy: CapStrategy,
) -> (Totals, CapReport, Vec<String>) {
    // One pass over records of ~200 bytes each, not one per action: 10,000 of them are 2 MB.
    let (mut full, mut truncated, mut summarized, mut discarded, mut filtered_out) =
        (0, 0, 0, 0, 0);
    for r in records {
        let n = match r.item.action {
            Action::Full => &mut full,
            Action::Truncated => &mut truncated,
            Action::Summarized => &mut summarized,
            Action::Discarded => &mut discarded,
            Action::FilteredOut => &mut filtered_out,
            _ => continue,
        };
        *n += 1;
    }
    let totals = Totals {
        documents: records.len(),
        selected: records.len().saturating_sub(filtered_out),
        included: records
            .len()
            .saturating_sub(filtered_out)
            .saturating_sub(discarded),
        full,
        truncated,
        summarized,
        discarded,
        filtered_out,
        chars: capped.chars,
        max_chars: budget.max_chars,
        tokens: capped.tokens,
        max_tokens: budget.max_tokens,
        token_counter: budget.max_tokens.map(|_| meter.name().to_string()),
        token_counter_calls: budget.max_tokens.and(meter.calls()),
    };
    let mut log = Vec::new();
    if totals.truncated + totals.summarized > 0 {
        log.push(format!(
            "Trimmed {} jsondocs ({} truncated, {} summarized)",
            totals.truncated + totals.summarized,
            totals.truncated,
            totals.summarized
        ));
    }
    if discarded > 0 {
        log.push(format!("Context capped: discarded {discarded} jsondocs"));
    }
    log.push(match (budget.max_chars, budget.max_tokens, capped.tokens) {
        (Some(max_chars), None, _) => format!("Context: {} of {max_chars} chars", capped.chars),
        (Some(max_chars), Some(max_tokens), Some(tokens)) => format!(
            "Context: {} of {max_chars} chars, {tokens} of {max_tokens} tokens ({})",
            capped.chars,
            meter.name()
        ),
        (_, Some(max_tokens), Some(tokens)) => format!(
            "Context: {} chars, {tokens} of {max_tokens} tokens ({})",
            capped.chars,
            meter.name()
        ),
        _ => format!("Context: {} chars", capped.chars),
    });
    (
        totals,
        CapReport {
            strategy,
            hit: capped.hit,
            discarded,
        },
        log,
    )
}

impl AssembleOptions {
    /// Reads `request`, `now`, `edges`, `maxChars` and `cap` from the members of an input
    /// object other than `documents` and `profile` (any other key is refused by name). The one
    /// reader of these fields, whichever form the input came in.
    pub fn from_json_object(o: &Object) -> Result<Self> {
        Self::from_members(o.iter())
    }

    /// [`AssembleOptions::from_json_object`] over `(key, value)` members.
    pub fn from_members<'a>(members: impl Iterator<Item = (&'a str, &'a Value)>) -> Result<Self> {
        let mut rest = crate::json::ObjectBuilder::new();
        for (k, v) in members {
            match k {
                // The caller reads these two itself.
                "documents" | "profile" => {}
                k if INPUT_FIELDS.contains(&k) => rest.insert(k.to_string(), v.clone()),
                k => return Err(unknown_input_field(k)),
            }
        }
        <Self as Input>::read(&Value::Object(rest.finish()), "")
    }
}

/// The members of an assemble input, as every reader of one accepts them.
pub(crate) const INPUT_FIELDS: [&str; 9] = [
    "documents",
    "request",
    "profile",
    "now",
    "edges",
    "maxChars",
    "maxTokens",
    "cap",
    "order",
];

/// `request`: text, null, or `{intent, params, text}`.
fn read_request(v: &Value, path: &str) -> Result<Request> {
    Request::from_json_value(v).map_err(|e| e.under(path))
}

/// `now`: finite epoch milliseconds or an ISO-8601 date-time — the one check, whatever form the
/// input came in (a Rust caller's non-finite `now` is refused by `assemble` the same way).
fn read_now(v: &Value, path: &str) -> Result<Option<f64>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => check_now(*n, path).map(Some),
        Value::String(s) => parse_iso8601(s).map(Some).ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidTimestamp,
                path,
                format!("{} is not an ISO-8601 date-time", crate::json::quote(s)),
            )
        }),
        _ => Err(Error::new(
            ErrorCode::InvalidTimestamp,
            path,
            "now is epoch milliseconds or an ISO-8601 string",
        )),
    }
}

/// Refuses a non-finite `now`.
pub(crate) fn check_now(n: f64, path: &str) -> Result<f64> {
    if n.is_finite() {
        Ok(n)
    } else {
        Err(Error::new(
            ErrorCode::InvalidTimestamp,
            path,
            "now must be finite epoch milliseconds",
        ))
    }
}

/// `maxChars`: a whole number of UTF-16 units.
fn read_max_chars(v: &Value, path: &str) -> Result<Option<usize>> {
    read_budget(v, path, "maxChars")
}

/// `maxTokens`: a whole number of tokens.
fn read_max_tokens(v: &Value, path: &str) -> Result<Option<usize>> {
    read_budget(v, path, "maxTokens")
}

/// `budget::budget_field` with the field's name spelled here: deriving it from the path costs
/// the main entry's wasm a few hundred bytes it does not have.
fn read_budget(v: &Value, path: &str, name: &str) -> Result<Option<usize>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => crate::budget::budget_from_f64(*n, path).map(Some),
        _ => Err(Error::new(
            ErrorCode::InvalidBudget,
            path,
            format!("{name} must be a number"),
        )),
    }
}

/// The error for a key an assemble input does not have (a typo should not pass silently).
pub(crate) fn unknown_input_field(key: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        crate::error::pointer_push("", key),
        // INPUT_FIELDS, spelled out: joining them here costs the wasm half a KB.
        format!("unknown field `{key}`, expected one of `documents`, `request`, `profile`, `now`, `edges`, `maxChars`, `maxTokens`, `cap`, `order`"),
    )
}

/// A `ContextAssembler` was given a profile with a request: it has its own, compiled once.
pub(crate) fn profile_not_here() -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        "/profile",
        "a ContextAssembler has its profile already; pass the profile to its constructor",
    )
}

#[cfg(test)]
mod input_field_tests {
    #[test]
    fn the_unknown_field_message_names_every_input_field() {
        let message = super::unknown_input_field("x").message;
        for field in super::INPUT_FIELDS {
            assert!(
                message.contains(&format!("`{field}`")),
                "{field} missing: {message}"
            );
        }
    }
}
