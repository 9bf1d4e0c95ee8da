//! Jsondocs: what the decision needs (metadata, read eagerly) and what only rendering needs
//! (bodies, read lazily through [`DocSet`]).

use super::timestamp::{self, not_a_timestamp};
use crate::hash::{Keyed, Map, Set};
use crate::json::{self, Value};
use crate::text::SharedStr;
use crate::{Error, ErrorCode, Limits, Result};
use std::ops::Range;

/// Who wrote a document (`origin_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, crate::shape::Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum Origin {
    UserInput,
    AiGenerated,
}

/// Everything about a document that ranking needs; cheap to move across the wasm boundary.
#[derive(Debug, Clone, PartialEq)]
pub struct DocMeta {
    pub id: SharedStr,
    pub schema_type: SharedStr,
    pub origin: Origin,
    /// `created_at` in epoch milliseconds.
    pub created_at_ms: f64,
    /// `created_at` as given, for rendering whole documents.
    pub created_at: CreatedAt,
    pub is_leaf: Option<bool>,
}

/// A document's `created_at` as the caller gave it, which a whole document renders back.
#[derive(Debug, Clone, PartialEq)]
pub enum CreatedAt {
    Millis(f64),
    /// ISO-8601 text; the wasm binding's objects reader cuts it from the one buffer every
    /// document's strings share (`crate::text::SharedParts`), with no allocation of its own.
    Text(SharedStr),
    /// A JavaScript `Date` (whole milliseconds from 1970 to the end of 9999), which crossed as
    /// its milliseconds: it renders as its `toISOString` text, as `JSON.stringify` writes it.
    Date(f64),
}

impl CreatedAt {
    /// Epoch milliseconds, or the error a bad value gets at `path`.
    fn millis(&self, path: impl FnOnce() -> String) -> Result<f64> {
        match self {
            CreatedAt::Millis(n) => timestamp::millis_at(*n, path),
            CreatedAt::Text(s) => timestamp::text_ms_at(s, path),
            CreatedAt::Date(n) if timestamp::is_iso_ms(*n) => Ok(*n),
            CreatedAt::Date(_) => Err(timestamp::not_a_timestamp(path)),
        }
    }

    pub fn to_value(&self) -> Value {
        match self {
            CreatedAt::Millis(n) => Value::Number(*n),
            CreatedAt::Text(s) => Value::String(s.to_string()),
            CreatedAt::Date(n) => Value::String(timestamp::iso_text(*n).unwrap_or_default()),
        }
    }
}

/// Type names as documents share them: a project has a handful of types over thousands of
/// documents, so each distinct name is allocated once and its records count references to it.
/// Up to `TypeNames::KEPT` (32) names are kept; past that each document gets its own copy, so a
/// crafted input with a type per document costs a bounded scan, not a growing one.
#[derive(Debug, Default)]
pub struct TypeNames {
    kept: Vec<SharedStr>,
    /// Where the last name was found: rows of a type often come together.
    last: usize,
}

impl TypeNames {
    const KEPT: usize = 32;

    pub fn get(&mut self, name: &str) -> SharedStr {
        if let Some(s) = self.kept.get(self.last).filter(|s| ***s == *name) {
            return s.clone();
        }
        if let Some(i) = self.kept.iter().position(|s| **s == *name) {
            self.last = i;
            return self.kept.get(i).cloned().unwrap_or_else(|| name.into());
        }
        let s = SharedStr::from(name);
        if self.kept.len() < Self::KEPT {
            self.last = self.kept.len();
            self.kept.push(s.clone());
        }
        s
    }
}

/// The metadata fields of one document as read from the host, before validation.
#[derive(Debug, Default)]
pub struct MetaFields {
    pub id: Option<Value>,
    pub schema_type: Option<Value>,
    pub origin_type: Option<Value>,
    pub created_at: Option<Value>,
    pub is_leaf: Option<Value>,
}

fn required_string(v: Option<Value>, index: usize, field: &str) -> Result<String> {
    match v {
        Some(Value::String(s)) => Ok(s),
        None => Err(Error::new(
            ErrorCode::MissingField,
            format!("/{index}/{field}"),
            format!("{field} is required"),
        )),
        Some(other) => Err(Error::new(
            ErrorCode::InvalidInput,
            format!("/{index}/{field}"),
            format!("{field} must be a string, got {}", json::read::kind(&other)),
        )),
    }
}

impl DocMeta {
    /// Validates document `index`'s fields; paths are relative to the documents array (and
    /// built only for an error: this runs once per document of inputs of 100,000).
    pub fn from_fields(index: usize, f: MetaFields, types: &mut TypeNames) -> Result<Self> {
        let id = SharedStr::from(required_string(f.id, index, "id")?);
        let schema_type = types.get(&required_string(f.schema_type, index, "schema_type")?);
        let given = required_string(f.origin_type, index, "origin_type")?;
        let Some(origin) = Origin::VARIANTS
            .iter()
            .find(|(name, _)| *name == given)
            .map(|(_, o)| *o)
        else {
            let names: Vec<String> = Origin::VARIANTS
                .iter()
                .map(|(n, _)| json::quote(n))
                .collect();
            return Err(Error::new(
                ErrorCode::InvalidInput,
                format!("/{index}/origin_type"),
                format!(
                    "origin_type must be {}, got {}",
                    names.join(" or "),
                    json::quote(&given)
                ),
            ));
        };
        let created_at = match f.created_at {
            Some(Value::Number(n)) => CreatedAt::Millis(n),
            Some(Value::String(s)) => CreatedAt::Text(s.into()),
            Some(_) => return Err(not_a_timestamp(|| format!("/{index}/created_at"))),
            None => {
                return Err(Error::new(
                    ErrorCode::MissingField,
                    format!("/{index}/created_at"),
                    "created_at is required",
                ))
            }
        };
        let is_leaf = match f.is_leaf {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(b),
            Some(other) => {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    format!("/{index}/is_leaf"),
                    format!(
                        "is_leaf must be a boolean, got {}",
                        json::read::kind(&other)
                    ),
                ))
            }
        };
        Self::from_checked(index, id, schema_type, origin, created_at, is_leaf)
    }

    /// For a reader that has checked the fields' types itself (the wasm binding reads them
    /// all in one pass in JavaScript): only `created_at`'s value is left to validate.
    pub fn from_checked(
        index: usize,
        id: SharedStr,
        schema_type: SharedStr,
        origin: Origin,
        created_at: CreatedAt,
        is_leaf: Option<bool>,
    ) -> Result<Self> {
        let created_at_ms = created_at.millis(|| format!("/{index}/created_at"))?;
        Ok(DocMeta {
            id,
            schema_type,
            origin,
            created_at_ms,
            created_at,
            is_leaf,
        })
    }
}

/// Where each document's `data` and its `metadata` (if any) lie in the text a reader of JSON text
/// holds, in document order: in bytes or in UTF-16 units, as that reader counts.
pub(crate) type Bodies = Vec<(Range<usize>, Option<Range<usize>>)>;

/// One document as such a reader reads it: its metadata, and where its `data` and `metadata` lie.
pub(crate) type ReadDoc = (DocMeta, Range<usize>, Option<Range<usize>>);

/// A set of documents whose metadata is at hand and whose bodies are fetched on demand.
pub trait DocSet {
    fn metas(&self) -> &[DocMeta];
    /// The `data` of document `index`, with a JSON-text string parsed. Errors use paths relative
    /// to the documents array (`/3/data`).
    fn data(&self, index: usize) -> Result<Value>;
    /// What `tokens` (a JSON pointer's, unescaped) name in the `data` of document `index`:
    /// what a param match compares, for thousands of documents while ranking. A reader that can
    /// reach it without building the whole body does, and then reports only faults in what it
    /// read; the rest of the body is checked when the document is rendered, as any body is.
    fn data_at(&self, index: usize, tokens: &[String]) -> Result<Option<Value>> {
        part_of(self.data(index), tokens)
    }
    /// The `metadata` object of document `index`, if any.
    fn metadata(&self, index: usize) -> Result<Option<Value>>;
}

/// What `tokens` name in a body read whole ([`DocSet::data_at`]'s way for any reader). Not
/// inlined: every reader's `data_at` shares it.
#[inline(never)]
pub(crate) fn part_of(data: Result<Value>, tokens: &[String]) -> Result<Option<Value>> {
    Ok(data?.at(tokens).cloned())
}

/// What `tokens` name in a string body, as [`data_value`] reads it: JSON text checked whole and
/// built only where `tokens` lead; any other string is the body itself, which has no parts.
/// Errors are at `path`, the body's.
pub(crate) fn text_at(
    text: String,
    tokens: &[String],
    path: &str,
    limits: &Limits,
) -> Result<Option<Value>> {
    match json::parse_body_at(&text, tokens, limits) {
        Ok(v) => Ok(v),
        Err(e) if e.too_deep => Err(e.into_error(path)),
        Err(_) => Ok(tokens.is_empty().then_some(Value::String(text))),
    }
}

/// The app's rows hold `data` as JSON text, so a string `data` that is valid JSON text is
/// parsed; any other string is the value itself (plain text is still worth sending, and one
/// malformed row must not fail the whole request). Nesting past the depth limit is an error.
pub(crate) fn data_value(v: Value, index: usize, limits: &Limits) -> Result<Value> {
    data_and_form(v, limits)
        .map(|(value, _)| value)
        .map_err(|e| e.into_error(&format!("/{index}/data")))
}

/// [`data_value`], also saying whether `v` was JSON text, for a caller that writes the value
/// back in the form it came in; the error is the parser's, for the caller to place.
pub(crate) fn data_and_form(
    v: Value,
    limits: &Limits,
) -> std::result::Result<(Value, bool), json::ParseError> {
    match v {
        Value::String(text) => match json::parse_body(&text, limits) {
            Ok(parsed) => Ok((parsed, true)),
            Err(e) if e.too_deep => Err(e),
            Err(_) => Ok((Value::String(text), false)),
        },
        // Read as JSON.parse reads the string it stands for: its unpaired surrogates as escapes.
        Value::Unpaired(u) => match u.as_json_text().map(|t| json::parse_body(&t, limits)) {
            Some(Ok(parsed)) => Ok((parsed, true)),
            Some(Err(e)) if e.too_deep => Err(e),
            _ => Ok((Value::Unpaired(u), false)),
        },
        other => Ok((other, false)),
    }
}

/// One document held in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Jsondoc {
    pub meta: DocMeta,
    /// As given: a value, or a string of JSON text.
    pub data: Value,
    pub metadata: Option<Value>,
}

/// Documents held in memory (native callers, and the vectors).
#[derive(Debug, Clone, Default)]
pub struct OwnedDocs {
    metas: Vec<DocMeta>,
    bodies: Vec<(Value, Option<Value>)>,
    /// The limits it was built under: `maxDepth` also bounds JSON-text bodies read when
    /// rendered.
    limits: Limits,
}

impl OwnedDocs {
    /// Holds `docs` under `limits` (`&Limits::default()` for the defaults): no more than
    /// `maxDocuments` of them, and JSON-text `data` read no deeper than `maxDepth`.
    pub fn new(docs: Vec<Jsondoc>, limits: &Limits) -> Result<Self> {
        limits.check_documents(docs.len(), "")?;
        let mut metas = Vec::with_capacity(docs.len());
        let mut bodies = Vec::with_capacity(docs.len());
        for d in docs {
            metas.push(d.meta);
            bodies.push((d.data, d.metadata));
        }
        check_unique_ids(&metas)?;
        Ok(OwnedDocs {
            metas,
            bodies,
            limits: *limits,
        })
    }

    /// Reads documents from a parsed JSON array under `limits` (see [`OwnedDocs::new`]).
    pub fn from_value(v: &Value, limits: &Limits) -> Result<Self> {
        let Value::Array(items) = v else {
            return Err(not_documents(json::read::kind(v)));
        };
        // Before any document is read, as the JSON-text reader refuses the one too many.
        limits.check_documents(items.len(), "")?;
        let mut docs = Vec::with_capacity(items.len());
        let mut types = TypeNames::default();
        for (i, item) in items.iter().enumerate() {
            let Value::Object(o) = item else {
                return Err(not_a_document(&format!("/{i}"), json::read::kind(item)));
            };
            let get = |k: &str| o.get(k).cloned();
            // Only a body keeps unpaired surrogates (json::parse_body); the rest reads them as
            // U+FFFD, as every reader does.
            let field = |k: &str| get(k).map(Value::into_lossy);
            let meta = DocMeta::from_fields(
                i,
                MetaFields {
                    id: field("id"),
                    schema_type: field("schema_type"),
                    origin_type: field("origin_type"),
                    created_at: field("created_at"),
                    is_leaf: field("is_leaf"),
                },
                &mut types,
            )?;
            let data = get("data").ok_or_else(|| data_missing(&format!("/{i}")))?;
            let metadata = get("metadata");
            check_metadata(metadata.as_ref(), i)?;
            docs.push(Jsondoc {
                meta,
                data,
                metadata,
            });
        }
        OwnedDocs::new(docs, limits)
    }
}

/// `metadata` as the document is read: absent, null, an object, or a string — the JSON text of
/// an object, as the app's rows store it beside `data`, read only when the document is
/// rendered. Anything else is refused at once.
pub(crate) fn check_metadata(v: Option<&Value>, index: usize) -> Result<()> {
    match v {
        None | Some(Value::Null | Value::Object(_) | Value::String(_) | Value::Unpaired(_)) => {
            Ok(())
        }
        Some(other) => Err(metadata_not_an_object(index, json::read::kind(other))),
    }
}

/// `metadata` as a document is rendered: an object, or `None` for absent or null. JSON text is
/// parsed under `limits`; text that is not JSON is `INVALID_JSON` (with its position), the JSON
/// text of anything but an object or null is refused like that value.
pub(crate) fn metadata_value(
    v: Option<Value>,
    index: usize,
    limits: &Limits,
) -> Result<Option<Value>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(o @ Value::Object(_)) => Ok(Some(o)),
        // JSON text as JSON.parse reads the string: its unpaired surrogates as escapes (one after
        // an escaping backslash is not JSON either way).
        Some(Value::Unpaired(u)) => {
            let text = u.as_json_text().unwrap_or_else(|| u.into_text());
            metadata_value(Some(Value::String(text)), index, limits)
        }
        Some(Value::String(text)) => {
            match json::parse_body(&text, limits)
                .map_err(|e| e.into_error(&format!("/{index}/metadata")))?
            {
                Value::Null => Ok(None),
                o @ Value::Object(_) => Ok(Some(o)),
                other => Err(metadata_not_an_object(
                    index,
                    &format!("the JSON text of {}", json::read::kind(&other)),
                )),
            }
        }
        Some(other) => Err(metadata_not_an_object(index, json::read::kind(&other))),
    }
}

impl DocSet for OwnedDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let (data, _) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        data_value(data.clone(), index, &self.limits)
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let (_, metadata) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        metadata_value(metadata.clone(), index, &self.limits)
    }
}

// The faults of a documents array, worded once for every reader (JSON text, values, the
// JavaScript heap); `kind` is what was found ("an array", "a function", …).

/// The document at `at` (its JSON pointer: `/3` in an array, `""` alone) is not an object.
pub(crate) fn not_a_document(at: &str, kind: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        at,
        format!("a document must be an object, got {kind}"),
    )
}

/// The document at `at` has no `data`.
pub(crate) fn data_missing(at: &str) -> Error {
    Error::new(
        ErrorCode::MissingField,
        format!("{at}/data"),
        "data is required",
    )
}

/// Document `index`'s `data` is not a JSON value (a function, a symbol…).
pub(crate) fn data_not_json(index: usize, kind: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        format!("/{index}/data"),
        format!("data must be JSON-serialisable, got {kind}"),
    )
}

/// Document `index`'s `metadata` is neither an object nor absent/null.
pub(crate) fn metadata_not_an_object(index: usize, kind: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        format!("/{index}/metadata"),
        format!("metadata must be an object, got {kind}"),
    )
}

/// An input without `documents`.
pub(crate) fn documents_missing() -> Error {
    Error::new(
        ErrorCode::MissingField,
        "/documents",
        "documents is required",
    )
}

/// The documents are not an array.
pub(crate) fn not_documents(kind: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        "",
        format!("documents must be an array (or its JSON text), got {kind}"),
    )
}

pub(crate) fn out_of_range(index: usize) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        format!("/{index}"),
        "no document at this index",
    )
}

/// Refuses two documents with one id: the manifest names documents by id.
pub(crate) fn check_unique_ids(metas: &[DocMeta]) -> Result<()> {
    let mut seen: Map<&str, usize> = Map::with_capacity_and_hasher(metas.len(), Keyed::default());
    for (i, m) in metas.iter().enumerate() {
        if let Some(first) = seen.insert(&*m.id, i) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                format!("/{i}/id"),
                format!(
                    "id {} is also the id of document {first}",
                    json::quote(&m.id)
                ),
            ));
        }
    }
    Ok(())
}

/// A lineage edge: `to` was derived from `from`.
#[derive(Debug, Clone, PartialEq, Eq, crate::shape::Shape)]
#[shape(input, expecting = "an edge {from, to}")]
pub struct Edge {
    pub from: String,
    pub to: String,
}

/// Leaf status per document: an explicit `is_leaf` wins; otherwise, with edges, a document is a
/// leaf when nothing was derived from it; without edges and flag, it is not a leaf.
pub(crate) fn leaves(metas: &[DocMeta], edges: Option<&[Edge]>) -> Vec<bool> {
    let parents: Set<&str> = edges
        .unwrap_or_default()
        .iter()
        .map(|e| e.from.as_str())
        .collect();
    metas
        .iter()
        .map(|m| {
            m.is_leaf
                .unwrap_or_else(|| edges.is_some() && !parents.contains(&*m.id))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_share_one_string_per_name_up_to_a_bound() {
        let mut names = TypeNames::default();
        let (idea, plan) = (names.get("idea"), names.get("plan"));
        assert!(SharedStr::ptr_eq(&idea, &names.get("idea")));
        assert!(SharedStr::ptr_eq(&plan, &names.get("plan")));
        assert!(!SharedStr::ptr_eq(&idea, &plan));
        for i in 0..100 {
            names.get(&format!("t{i}"));
        }
        assert_eq!(names.kept.len(), TypeNames::KEPT);
        // Past the bound, each its own copy, equal in text.
        let (a, b) = (names.get("t99"), names.get("t99"));
        assert!(a == b && !SharedStr::ptr_eq(&a, &b));
        assert!(SharedStr::ptr_eq(&idea, &names.get("idea")));
    }

    fn docs(json: &str) -> Result<OwnedDocs> {
        OwnedDocs::from_value(
            &json::parse(json, &crate::Limits::default()).unwrap(),
            &crate::Limits::default(),
        )
    }

    #[test]
    fn reads_rows_and_parses_string_data_lazily() {
        let d = docs(r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":"2026-01-01T00:00:00Z","data":"{\"x\":1}","project_id":"p"}]"#).unwrap();
        assert_eq!(d.metas()[0].origin, Origin::UserInput);
        assert_eq!(json::stringify(&d.data(0).unwrap(), 0), r#"{"x":1}"#);
        let text = docs(r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":"{not json"}]"#).unwrap();
        assert_eq!(text.data(0).unwrap(), Value::String("{not json".into()));
        let deep = format!(
            r#"[{{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":"{}"}}]"#,
            "[".repeat(300)
        );
        let e = docs(&deep).unwrap().data(0).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooDeep, "/0/data"));
    }

    #[test]
    fn bodies_are_read_under_the_limits_the_documents_were_built_with() {
        let row = |data: &str| {
            format!(
                r#"{{"id":"{}","schema_type":"t","origin_type":"user_input","created_at":1,"data":{}}}"#,
                data.len(),
                json::stringify(&Value::String(data.to_string()), 0)
            )
        };
        let nest = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        let rows = json::parse(
            &format!("[{},{}]", row(&nest(3)), row(&nest(4))),
            &crate::Limits::default(),
        )
        .unwrap();
        let limits = |max_documents, max_depth| Limits {
            max_documents,
            max_depth,
            ..Limits::default()
        };
        let d = OwnedDocs::from_value(&rows, &limits(2, 3)).unwrap();
        assert!(d.data(0).is_ok());
        let e = d.data(1).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooDeep, "/1/data"));
        assert!(e.message.contains("3 levels"), "{}", e.message);
        // The default limit (256) reads both, and so do the constructors without limits.
        let d = OwnedDocs::from_value(&rows, &crate::Limits::default()).unwrap();
        assert!(d.data(0).is_ok() && d.data(1).is_ok());
        let held = |docs: &OwnedDocs| {
            (0..2)
                .map(|i| Jsondoc {
                    meta: docs.metas()[i].clone(),
                    data: docs.bodies[i].0.clone(),
                    metadata: None,
                })
                .collect::<Vec<_>>()
        };
        let d = OwnedDocs::new(held(&d), &crate::Limits::default()).unwrap();
        assert!(d.data(1).is_ok());
        let d = OwnedDocs::new(held(&d), &limits(2, 3)).unwrap();
        assert_eq!(d.data(1).unwrap_err().code, ErrorCode::TooDeep);
        // One document too many is refused before any is read, as the JSON-text reader does.
        let e = OwnedDocs::from_value(&rows, &limits(1, 3)).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooLarge, ""));
        let e = OwnedDocs::new(held(&d), &limits(1, 3)).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooLarge);
    }

    #[test]
    fn bad_rows_are_refused_with_paths() {
        let cases = [
            (r#"{}"#, ErrorCode::InvalidInput, ""),
            (r#"[1]"#, ErrorCode::InvalidInput, "/0"),
            (
                r#"[{"schema_type":"t","origin_type":"user_input","created_at":1,"data":1}]"#,
                ErrorCode::MissingField,
                "/0/id",
            ),
            (
                r#"[{"id":7,"schema_type":"t","origin_type":"user_input","created_at":1,"data":1}]"#,
                ErrorCode::InvalidInput,
                "/0/id",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"robot","created_at":1,"data":1}]"#,
                ErrorCode::InvalidInput,
                "/0/origin_type",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":"soon","data":1}]"#,
                ErrorCode::InvalidTimestamp,
                "/0/created_at",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1}]"#,
                ErrorCode::MissingField,
                "/0/data",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1,"metadata":[]}]"#,
                ErrorCode::InvalidInput,
                "/0/metadata",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1,"is_leaf":"yes"}]"#,
                ErrorCode::InvalidInput,
                "/0/is_leaf",
            ),
            (
                r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1},{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1}]"#,
                ErrorCode::DuplicateId,
                "/1/id",
            ),
        ];
        for (json, code, path) in cases {
            let e = docs(json).unwrap_err();
            assert_eq!((e.code, e.path.as_str()), (code, path), "{json}");
        }
    }

    #[test]
    fn leaves_from_edges_and_flags() {
        let d = docs(r#"[
            {"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1},
            {"id":"b","schema_type":"t","origin_type":"user_input","created_at":1,"data":1},
            {"id":"c","schema_type":"t","origin_type":"user_input","created_at":1,"data":1,"is_leaf":false}]"#).unwrap();
        let edges = [Edge {
            from: "a".into(),
            to: "b".into(),
        }];
        assert_eq!(leaves(d.metas(), Some(&edges)), [false, true, false]);
        assert_eq!(leaves(d.metas(), None), [false, false, false]);
    }
}
