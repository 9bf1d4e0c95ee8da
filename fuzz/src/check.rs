//! The invariants of DESIGN.md, as assertions over one input.
//!
//! - **Cap**: the context's UTF-16 length ≤ the effective budget (`maxChars` option, else the
//!   profile's), and equals `totals.chars`.
//! - **Text safety**: every included block, cut out of the context at its manifest offset and
//!   length in UTF-16 units, is whole UTF-16 (no split surrogate pair).
//! - **Accountability**: every input document is in the manifest exactly once, with a reason;
//!   the totals and the cap report agree with the records.
//! - **Determinism**: the same input twice (and through a second, independently read instance)
//!   gives equal results.
//! - **Readers agree**: the documents read lazily from JSON text (`JsonInput`/`JsonDocs`) and
//!   as values (`OwnedDocs::from_value(&json::parse_body(..), ..)`: string values keep their
//!   unpaired surrogates, as bodies read from text do) give the same result.
//! - **Errors**: a non-empty message and a path that is a JSON pointer (`""` or `/…`).
//!
//! On top of those, each included block is re-derived from the document (header placeholders,
//! body mode, indent, trim level) and compared byte for byte.

use ctxpack::__private::json::parse_body;
use ctxpack::__private::jsondoc::{cut_at_level, mark_trimmed, CompiledProfile, DocMeta};
use ctxpack::__private::text::utf16_len;
use ctxpack::json::{self, ObjectBuilder, Value};
use ctxpack::jsondoc::{
    AssembleOptions, Assembly, BodyMode, CapResult, ContextAssembler, DocRecord, DocSet, Edge,
    JsonDocs, JsonInput, Lineage, Origin, Others, OwnedDocs, Profile, ScoreBreakdown, Totals,
    TrimLevel,
};
use ctxpack::manifest::Action;
use ctxpack::Error;
use std::collections::HashMap;
use std::fmt::Debug;

/// RFC 6901: `""`, or `/`-separated tokens where `~` only starts `~0` or `~1`.
pub fn is_pointer(p: &str) -> bool {
    if p.is_empty() {
        return true;
    }
    if !p.starts_with('/') {
        return false;
    }
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        if c == '~' && !matches!(chars.next(), Some('0' | '1')) {
            return false;
        }
    }
    true
}

/// An error value is usable by a host: a message for people, a pointer for tools.
pub fn check_error(e: &Error, what: &str) {
    assert!(
        !e.message.trim().is_empty(),
        "{what}: error without a message: {e:?}"
    );
    assert!(
        is_pointer(&e.path),
        "{what}: error path {:?} is not a JSON pointer: {e:?}",
        e.path
    );
    // INVALID_JSON comes only from reading text, and says where in it.
    if e.code == ctxpack::ErrorCode::InvalidJson {
        assert!(
            e.position.is_some(),
            "{what}: INVALID_JSON without a position: {e:?}"
        );
    }
    if let Some(p) = e.position {
        assert!(
            p.line >= 1 && p.column >= 1,
            "{what}: positions are 1-based: {e:?}"
        );
    }
    // DESIGN.md: nesting past a limit is TOO_DEEP, whoever reads it.
    // (Messages can quote input text, so only their fixed openings are matched.)
    if e.message.starts_with("recursion limit") || e.message.starts_with("nesting deeper") {
        assert_eq!(
            e.code,
            ctxpack::ErrorCode::TooDeep,
            "{what}: too deep but not TOO_DEEP: {e:?}"
        );
    }
}

/// The value `pointer` names in `v`, if any.
pub fn resolve<'a>(v: &'a Value, pointer: &str) -> Option<&'a Value> {
    if pointer.is_empty() {
        return Some(v);
    }
    let mut cur = v;
    for raw in pointer.strip_prefix('/')?.split('/') {
        let token = raw.replace("~1", "/").replace("~0", "~");
        cur = match cur {
            Value::Object(o) => o.get(&token)?,
            Value::Array(items) => {
                let canonical = token == "0" || !token.starts_with('0');
                if !canonical || !token.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                items.get(token.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(cur)
}

/// For inputs built without duplicate keys: an error's path names a value of the input (for
/// `MISSING_FIELD`, the object the field is missing from).
pub fn check_error_resolves(e: &Error, input: &Value, what: &str) {
    if resolve(input, &e.path).is_some() {
        return;
    }
    if e.code == ctxpack::ErrorCode::MissingField {
        let parent = e.path.rfind('/').map_or("", |at| &e.path[..at]);
        if resolve(input, parent).is_some() {
            return;
        }
    }
    panic!(
        "{what}: error path {:?} names nothing in the input: {e:?}",
        e.path
    );
}

/// Equal, or (for values holding a NaN, which is not equal to itself) equal as debug text.
pub fn same<T: PartialEq + Debug>(a: &T, b: &T) -> bool {
    a == b || format!("{a:?}") == format!("{b:?}")
}

#[track_caller]
pub fn assert_same<T: PartialEq + Debug>(a: &T, b: &T, what: &str) {
    assert!(same(a, b), "{what}:\n left: {a:?}\nright: {b:?}");
}

/// An assemble input read the way the wasm binding reads JSON text (`read_input`).
pub struct Prepared {
    pub assembler: ContextAssembler,
    pub options: AssembleOptions,
    pub docs: JsonDocs,
}

pub fn prepare(text: &str) -> Result<Prepared, Error> {
    let parsed = JsonInput::parse(text.to_string(), &ctxpack::Limits::default())?;
    let profile = match &parsed.profile {
        Some(v) => Profile::from_value(v, "/profile")?,
        None => Profile::default(),
    };
    let options = AssembleOptions::from_json_object(&parsed.rest)?;
    let assembler = ContextAssembler::new(&profile).map_err(|e| e.under("/profile"))?;
    Ok(Prepared {
        assembler,
        options,
        docs: parsed.documents,
    })
}

/// Everything that can be checked about one assemble input given as JSON text.
/// `strict_paths`: the text has no duplicate keys, so every error path must name a value of it.
pub fn check_assemble_text(text: &str, strict_paths: bool) {
    let first = prepare(text);
    let second = prepare(text);
    let whole = parse_body(text, &ctxpack::Limits::default());
    let p = match (first, second) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "reading the same input twice gave different errors");
            check_error(&a, "reading the input");
            if strict_paths {
                if let Ok(whole) = &whole {
                    check_error_resolves(&a, whole, "reading the input");
                }
            }
            return;
        }
        (Ok(p), Ok(q)) => {
            // Determinism across instances: a second, independently read copy decides the same.
            let a = p.assembler.assemble(&p.docs, &p.options);
            let b = q.assembler.assemble(&q.docs, &q.options);
            assert_same(
                &a,
                &b,
                "two readings of the same input assemble differently",
            );
            p
        }
        (a, b) => panic!(
            "reading the same input twice: one failed, one did not: {:?} / {:?}",
            a.err(),
            b.err()
        ),
    };
    let out = p.assembler.assemble(&p.docs, &p.options);
    let again = p.assembler.assemble(&p.docs, &p.options);
    assert_same(&out, &again, "assemble is not deterministic");

    // Document bodies count their nesting from themselves (as when given as values), so a
    // whole text can nest deeper than json::parse takes while JsonInput reads it; then there
    // is no parsed whole to compare with. Any other refusal would be a disagreement.
    let whole = match whole {
        Ok(whole) => Some(whole),
        Err(e) if e.too_deep => None,
        Err(e) => panic!(
            "JsonInput::parse accepted text that json::parse refuses: {}",
            e.message
        ),
    };
    let mut owned = None;
    if let Some(whole) = &whole {
        // The same documents as values, and as canonical JSON text, decide the same.
        let documents = whole
            .as_object()
            .and_then(|o| o.get("documents"))
            .expect("JsonInput accepted an input whose parsed value has no documents");
        let docs =
            OwnedDocs::from_value(documents, &ctxpack::Limits::default()).unwrap_or_else(|e| {
                panic!("JsonInput read the documents, OwnedDocs::from_value refuses them: {e:?}")
            });
        let from_owned = p.assembler.assemble(&docs, &p.options);
        assert_same(
            &out,
            &from_owned,
            "JsonDocs (lazy, JSON text) and OwnedDocs (values) assemble differently",
        );
        let canonical = JsonDocs::parse(json::stringify(documents, 0), &ctxpack::Limits::default())
            .unwrap_or_else(|e| panic!("JsonDocs::parse refuses the stringified documents: {e:?}"));
        let from_canonical = p.assembler.assemble(&canonical, &p.options);
        assert_same(
            &out,
            &from_canonical,
            "the documents re-stringified assemble differently",
        );
        owned = Some(docs);
    }

    match &out {
        Ok(a) => check_assembly(&p, &p.docs, a),
        Err(e) => {
            check_error(e, "assemble");
            if let (true, Some(whole)) = (strict_paths, &whole) {
                check_error_resolves(e, whole, "assemble");
            }
        }
    }

    // The other entry points over the same input: prioritize and capContext.
    let prio = p.assembler.prioritize(&p.docs, &p.options);
    match (&prio, &out) {
        (Ok(pr), Ok(a)) => {
            let m = &a.manifest;
            assert_same(
                &pr.intent,
                &m.intent,
                "prioritize and assemble infer different intents",
            );
            assert_eq!(
                pr.now.to_bits(),
                m.now.to_bits(),
                "prioritize and assemble use different now"
            );
            assert_eq!(pr.ranked.len() + pr.filtered.len(), m.documents.len());
            for (r, d) in pr.ranked.iter().zip(&m.documents) {
                assert_eq!(
                    (&*r.id, Some(r.rank)),
                    (&*d.item.id, d.rank),
                    "prioritize ranks differently from assemble"
                );
                assert_eq!(Some(r.score.to_bits()), d.score.map(f64::to_bits));
            }
            for (f, d) in pr.filtered.iter().zip(&m.documents[pr.ranked.len()..]) {
                assert_eq!(
                    (&*f.id, &*f.reason, Action::FilteredOut),
                    (&*d.item.id, &*d.item.reason, d.item.action),
                    "prioritize filters differently from assemble"
                );
            }
        }
        (Err(e), _) => check_error(e, "prioritize"),
        // Assemble reads bodies, prioritize does not: only assemble may fail where the other
        // succeeded (a body nested too deep).
        (Ok(_), Err(_)) => {}
    }
    let capped = p.assembler.cap_ordered(
        &p.docs,
        p.options.max_chars,
        p.options.max_tokens,
        p.options.cap,
    );
    if let Some(owned) = &owned {
        let capped_again = p.assembler.cap_ordered(
            owned,
            p.options.max_chars,
            p.options.max_tokens,
            p.options.cap,
        );
        assert_same(
            &capped,
            &capped_again,
            "cap_ordered: the two readers disagree",
        );
    }
    match &capped {
        Ok(c) => check_cap_result(&p, &p.docs, c),
        Err(e) => check_error(e, "cap_ordered"),
    }
}

fn expected_header(template: &str, meta: &DocMeta, rank: usize) -> String {
    // docs/PROFILE.md: {id} {schema_type} {origin_type} {rank} are replaced, in one pass; any
    // other brace stays as written.
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let from = &rest[open..];
        let subs = [
            ("{id}", meta.id.to_string()),
            ("{schema_type}", meta.schema_type.to_string()),
            ("{origin_type}", meta.origin.as_str().to_string()),
            ("{rank}", rank.to_string()),
        ];
        match subs.iter().find(|(name, _)| from.starts_with(name)) {
            Some((name, value)) => {
                out.push_str(value);
                rest = &from[name.len()..];
            }
            None => {
                out.push('{');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn expected_block(
    assembler: &ContextAssembler,
    meta: &DocMeta,
    rank: usize,
    data: Value,
    metadata: Option<Value>,
) -> String {
    let render = &assembler.profile().render;
    let body = match render.body {
        BodyMode::Data => data,
        BodyMode::Document => {
            let mut o = ObjectBuilder::new();
            o.insert("id".into(), Value::String(meta.id.to_string()));
            o.insert(
                "schema_type".into(),
                Value::String(meta.schema_type.to_string()),
            );
            o.insert(
                "origin_type".into(),
                Value::String(meta.origin.as_str().to_string()),
            );
            o.insert("created_at".into(), meta.created_at.to_value());
            o.insert("data".into(), data);
            if let Some(m) = metadata {
                o.insert("metadata".into(), m);
            }
            Value::Object(o.finish())
        }
    };
    let header = expected_header(&render.header, meta, rank);
    let mut out = String::new();
    if !header.is_empty() {
        out.push_str(&header);
        out.push('\n');
    }
    out.push_str(&json::stringify(&body, render.indent));
    out
}

/// Checks records (in context order: placed ones are laid out in record order) against the
/// context, the documents and the budget. Returns the totals the records add up to.
fn check_records(
    assembler: &ContextAssembler,
    docs: &dyn DocSet,
    records: &[DocRecord],
    context: &str,
    limits: ctxpack::budget::Budget,
    ranked_by_input_order: bool,
    rendered_in_input_order: bool,
) -> Totals {
    let profile = assembler.profile();
    let ctx_len = utf16_len(context);
    let budget = limits.max_chars.unwrap_or(usize::MAX);
    let tokens = limits
        .max_tokens
        .map(|_| ctxpack::tokens::estimate_tokens(context));
    if let (Some(max), Some(t)) = (limits.max_tokens, tokens) {
        assert!(t <= max, "CAP: the context is {t} tokens, the budget {max}");
    }
    assert!(
        ctx_len <= budget,
        "CAP: the context is {ctx_len} UTF-16 units, the budget {budget}"
    );
    let metas = docs.metas();
    assert_eq!(
        records.len(),
        metas.len(),
        "ACCOUNTABILITY: {} documents in, {} in the manifest",
        metas.len(),
        records.len()
    );
    let index_of: HashMap<&str, usize> =
        metas.iter().enumerate().map(|(i, m)| (&*m.id, i)).collect();
    let mut seen = vec![false; metas.len()];
    let units: Vec<u16> = context.encode_utf16().collect();
    let sep: Vec<u16> = profile.render.separator.encode_utf16().collect();
    // Included blocks: (layout key, offset, length, id); their layout is checked at the end.
    let mut blocks: Vec<(usize, usize, usize, &str)> = Vec::new();
    let mut filtered_seen = false;
    let mut totals = Totals {
        documents: records.len(),
        chars: ctx_len,
        max_chars: limits.max_chars,
        tokens,
        max_tokens: limits.max_tokens,
        token_counter: limits.max_tokens.map(|_| "estimate:o200k".to_string()),
        token_counter_calls: None,
        ..Totals::default()
    };
    for (pos, r) in records.iter().enumerate() {
        let id = &*r.item.id;
        let i = *index_of.get(id).unwrap_or_else(|| {
            panic!("ACCOUNTABILITY: manifest names {id:?}, not an input document")
        });
        assert!(!seen[i], "ACCOUNTABILITY: {id:?} is in the manifest twice");
        seen[i] = true;
        let meta = &metas[i];
        assert_eq!(
            r.schema_type, meta.schema_type,
            "record of {id:?}: wrong schema_type"
        );
        assert!(
            !r.item.reason.trim().is_empty(),
            "record of {id:?} has no reason"
        );
        if r.item.action == Action::FilteredOut {
            filtered_seen = true;
            totals.filtered_out += 1;
            assert!(
                r.rank.is_none()
                    && r.offset.is_none()
                    && r.level.is_none()
                    && r.score.is_none()
                    && r.item.chars_before.is_none()
                    && r.item.chars_after == 0,
                "filtered-out record of {id:?} has placement data: {r:?}"
            );
            continue;
        }
        assert!(
            !filtered_seen,
            "selected record {id:?} after a filtered-out one"
        );
        assert_eq!(r.rank, Some(pos), "record of {id:?} out of rank order");
        if ranked_by_input_order {
            assert_eq!(i, pos, "cap_ordered must keep the input order");
        }
        let data = || {
            docs.data(i)
                .unwrap_or_else(|e| panic!("body of {id:?} was rendered, now fails: {e:?}"))
        };
        // Metadata is read (and JSON-text metadata parsed) only for whole-document bodies, as
        // the core reads it; in body "data" a malformed metadata text is never looked at.
        let metadata = || {
            if profile.render.body == ctxpack::jsondoc::BodyMode::Document {
                docs.metadata(i).expect("metadata read before")
            } else {
                None
            }
        };
        if let (Action::Discarded, None) = (r.item.action, r.item.chars_before) {
            // Discarded before its body was needed (lazy crossing).
        } else {
            let full = expected_block(assembler, meta, pos, data(), metadata());
            assert_eq!(
                r.item.chars_before,
                Some(utf16_len(&full)),
                "record of {id:?}: charsBefore is not the full block's length"
            );
        }
        match r.item.action {
            // Neither a filter nor the other engines act in an ordered cap.
            Action::FilteredOut
            | Action::Inlined
            | Action::Skipped
            | Action::Rejected
            | Action::Duplicate => unreachable!("not a cap action: {:?}", r.item.action),
            Action::Discarded => {
                totals.discarded += 1;
                assert!(
                    r.offset.is_none() && r.level.is_none() && r.item.chars_after == 0,
                    "discarded record of {id:?} has placement data: {r:?}"
                );
            }
            action @ (Action::Full | Action::Truncated | Action::Summarized) => {
                match action {
                    Action::Full => totals.full += 1,
                    Action::Truncated => totals.truncated += 1,
                    _ => totals.summarized += 1,
                }
                let offset = r.offset.expect("an included record has an offset");
                let len = r.item.chars_after;
                let before = r
                    .item
                    .chars_before
                    .expect("an included record has charsBefore");
                assert!(len <= before, "TRIM GREW {id:?}: {before} -> {len} units");
                assert!(
                    offset + len <= units.len(),
                    "block of {id:?} ends past the context"
                );
                let block = String::from_utf16(&units[offset..offset + len]).unwrap_or_else(|_| {
                    panic!("TEXT SAFETY: the block of {id:?} splits a surrogate pair")
                });
                let level = r.level.expect("an included record has a level");
                let want = if action == Action::Full {
                    expected_block(assembler, meta, pos, data(), metadata())
                } else {
                    // The levels the cap fits (`fitted`, `prefix`) are truncations at the
                    // length the record's `cutAt` gives.
                    let cut = matches!(level, TrimLevel::Fitted | TrimLevel::Prefix);
                    let level_action = if cut {
                        "Truncated".to_string()
                    } else {
                        format!("{level:?}")
                    };
                    assert_eq!(
                        format!("{action:?}"),
                        level_action,
                        "record of {id:?}: action and level disagree"
                    );
                    assert_eq!(
                        r.cut_at.is_some(),
                        cut,
                        "record of {id:?}: cutAt is given exactly at the levels the cap fits"
                    );
                    let mut trimmed = data();
                    assert!(
                        cut_at_level(&mut trimmed, level, r.cut_at.unwrap_or(0), &profile.trim),
                        "{id:?} is {action:?} but trimming changes nothing"
                    );
                    expected_block(
                        assembler,
                        meta,
                        pos,
                        trimmed,
                        Some(mark_trimmed(metadata())),
                    )
                };
                assert_eq!(block, want, "the block of {id:?} is not its rendering");
                blocks.push((
                    if rendered_in_input_order { i } else { pos },
                    offset,
                    len,
                    id,
                ));
            }
        }
    }
    // The blocks, in rank order or (order "input") in input order, separated, nothing else.
    blocks.sort_by_key(|b| b.0);
    let mut end = 0usize;
    for (n, &(_, offset, len, id)) in blocks.iter().enumerate() {
        let start = if n > 0 { end + sep.len() } else { 0 };
        assert_eq!(
            offset, start,
            "block of {id:?} is not where the layout puts it"
        );
        if n > 0 {
            assert_eq!(&units[end..start], &sep[..], "separator before {id:?}");
        }
        end = offset + len;
    }
    assert_eq!(
        end,
        units.len(),
        "the context has text after its last block"
    );
    totals.selected = totals.documents - totals.filtered_out;
    totals.included = totals.full + totals.truncated + totals.summarized;
    totals
}

/// The limits a call works under: its own over the profile's, 16,000 chars when none is given.
fn effective_budget(p: &Prepared) -> ctxpack::budget::Budget {
    ctxpack::budget::Budget {
        max_chars: p.options.max_chars,
        max_tokens: p.options.max_tokens,
    }
    .over(p.assembler.profile().budget, 16_000)
}

pub fn check_assembly(p: &Prepared, docs: &dyn DocSet, a: &Assembly) {
    let profile = p.assembler.profile();
    let budget = effective_budget(p);
    let m = &a.manifest;
    let in_input_order = p.options.order == Some(ctxpack::jsondoc::RenderOrder::Input)
        && m.log.iter().any(|l| l == "Rendered in input order");
    let totals = check_records(
        &p.assembler,
        docs,
        &m.documents,
        &a.context,
        budget,
        false,
        in_input_order,
    );
    assert_eq!(m.totals, totals, "the totals do not add up the records");
    assert_eq!(m.cap.discarded, totals.discarded);
    assert_eq!(
        m.cap.strategy,
        p.options.cap.unwrap_or(profile.cap),
        "the cap report names another strategy"
    );
    if totals.discarded > 0 {
        assert!(
            m.cap.hit,
            "documents were discarded but the cap report says not hit"
        );
    }
    assert!(
        profile.intent(&m.intent.intent).is_some(),
        "resolved intent {:?} is not defined",
        m.intent.intent
    );
    assert!(!m.log.is_empty());
    check_selection_and_rank(p, docs, a);
}

/// Selection, scores and order, re-derived from docs/PROFILE.md: types by role (aliases one
/// step), the score terms (`recency × H / (H + age)`), `now` (given, else the newest
/// `created_at`), leaves (an explicit `is_leaf` wins; with edges, a leaf is what nothing was
/// derived from), best first with ties in input order, then the filtered in input order.
fn check_selection_and_rank(p: &Prepared, docs: &dyn DocSet, a: &Assembly) {
    let profile = p.assembler.profile();
    let intent = profile
        .intent(&a.manifest.intent.intent)
        .expect("checked by the caller");
    // paramMatch reads bodies to select; this model re-derives selection from metadata only,
    // so it stands aside when the intent has an entry the request's params make active.
    if intent
        .param_match
        .iter()
        .any(|m| m.active(&a.manifest.intent.params))
    {
        return;
    }
    let w = &profile.weights;
    let metas = docs.metas();
    let m = &a.manifest;
    let now = p.options.now.unwrap_or_else(|| {
        metas
            .iter()
            .map(|m| m.created_at_ms)
            .reduce(f64::max)
            .unwrap_or(0.0)
    });
    assert_eq!(
        m.now, now,
        "manifest.now is neither the given now nor the newest created_at"
    );
    let edges = p.options.edges.as_deref();
    let index_of: HashMap<&str, usize> =
        metas.iter().enumerate().map(|(i, m)| (&*m.id, i)).collect();
    let mut previous: Option<(f64, usize)> = None;
    let mut previous_filtered: Option<usize> = None;
    for r in &m.documents {
        let i = index_of[&*r.item.id];
        let meta = &metas[i];
        let canonical = profile
            .type_aliases
            .get(&*meta.schema_type)
            .map_or(&*meta.schema_type, String::as_str);
        let has = |list: &[String]| list.iter().any(|t| t == canonical);
        let (selected, required, optional) = if has(&intent.excluded) {
            (false, false, false)
        } else if has(&intent.required) {
            (true, true, false)
        } else if has(&intent.optional) {
            (true, false, true)
        } else {
            (intent.others == Others::Include, false, false)
        };
        assert_eq!(
            r.item.action != Action::FilteredOut,
            selected,
            "{:?} (type {:?}) is {:?} for intent {:?}",
            meta.id,
            meta.schema_type,
            r.item.action,
            intent.name
        );
        if !selected {
            assert!(
                previous_filtered.is_none_or(|before| before < i),
                "filtered-out documents are not in input order"
            );
            previous_filtered = Some(i);
            continue;
        }
        let leaf = meta.is_leaf.unwrap_or_else(|| {
            edges.is_some_and(|edges| !edges.iter().any(|e| *e.from == *meta.id))
        });
        let age = (now - meta.created_at_ms).max(0.0);
        let recency = w.recency * w.recency_half_life_ms / (w.recency_half_life_ms + age);
        let want = ScoreBreakdown {
            required: if required { w.required } else { 0.0 },
            optional: if optional { w.optional } else { 0.0 },
            leaf: if leaf { w.leaf } else { 0.0 },
            user_input: if meta.origin == Origin::UserInput {
                w.user_input
            } else {
                0.0
            },
            recency: if recency.is_finite() { recency } else { 0.0 },
            params: 0.0,
            lineage: match lineage_of(profile, metas, edges, i) {
                Some(Lineage::Chosen) => w.chosen,
                Some(Lineage::Superseded) => w.superseded,
                Some(Lineage::Alternative) => w.alternative,
                None => 0.0,
            },
        };
        assert_eq!(
            r.lineage,
            lineage_of(profile, metas, edges, i),
            "lineage role of {:?}",
            meta.id
        );
        let b = r.breakdown.expect("a ranked record has a breakdown");
        assert_eq!(b, want, "score terms of {:?}", meta.id);
        let score = r.score.expect("a ranked record has a score");
        assert_eq!(
            score,
            b.total(),
            "the score of {:?} is not the sum of its terms",
            meta.id
        );
        if let Some((prev_score, prev_i)) = previous {
            assert!(
                prev_score > score || (prev_score == score && prev_i < i),
                "rank order: {prev_score} (input {prev_i}) before {score} (input {i})"
            );
        }
        previous = Some((score, i));
    }
}

pub fn check_cap_result(p: &Prepared, docs: &dyn DocSet, c: &CapResult) {
    let budget = effective_budget(p);
    let totals = check_records(
        &p.assembler,
        docs,
        &c.documents,
        &c.context,
        budget,
        true,
        false,
    );
    assert_eq!(
        totals.filtered_out, 0,
        "cap_ordered filtered a document out"
    );
    assert_eq!(
        c.totals, totals,
        "cap_ordered: the totals do not add up the records"
    );
    assert_eq!(c.cap.discarded, totals.discarded);
    if totals.discarded > 0 {
        assert!(c.cap.hit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers() {
        for ok in ["", "/", "/a", "/a~0b/~1", "/0/data"] {
            assert!(is_pointer(ok), "{ok}");
        }
        for bad in ["a", "/~", "/~2", "documents/0"] {
            assert!(!is_pointer(bad), "{bad}");
        }
        let v = json::parse(r#"{"a/b":[0,{"~":1}]}"#, &ctxpack::Limits::default()).unwrap();
        assert_eq!(resolve(&v, "/a~1b/1/~0"), Some(&Value::Number(1.0)));
        assert_eq!(resolve(&v, "/a~1b/01"), None);
    }
}

/// The lineage role of document `i`, re-derived from docs/PROFILE.md by brute force over the
/// edges: superseded (a same-type document derived from it) over chosen (one of another type);
/// else an alternative when its type is listed, nothing was derived from it, and a document of
/// its type with the same parent (the first in input order; or none) was built on.
fn lineage_of(
    profile: &CompiledProfile,
    metas: &[DocMeta],
    edges: Option<&[Edge]>,
    i: usize,
) -> Option<Lineage> {
    let edges = edges?;
    let find = |id: &str| metas.iter().position(|m| &*m.id == id);
    let ty = |j: usize| profile.canonical_type(&metas[j].schema_type).to_string();
    let known: Vec<(usize, usize)> = edges
        .iter()
        .filter_map(|e| Some((find(&e.from)?, find(&e.to)?)))
        .collect();
    let children = |j: usize| known.iter().filter(move |(f, _)| *f == j).map(|(_, t)| *t);
    if children(i).any(|c| ty(c) == ty(i)) {
        return Some(Lineage::Superseded);
    }
    if children(i).next().is_some() {
        return Some(Lineage::Chosen);
    }
    if !profile.alternatives.contains(&ty(i)) {
        return None;
    }
    let parent = |j: usize| known.iter().filter(|(_, t)| *t == j).map(|(f, _)| *f).min();
    let siblings_built_on = (0..metas.len()).any(|j| {
        j != i && ty(j) == ty(i) && parent(j) == parent(i) && children(j).next().is_some()
    });
    siblings_built_on.then_some(Lineage::Alternative)
}
