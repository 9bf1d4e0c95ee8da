//! Documents read straight from JSON text.
//!
//! A server that holds its rows as JSON text should not pay for parsing bodies it will not
//! send. The reader validates the whole text (it is refused exactly where `JSON.parse` would
//! refuse it) but builds only the metadata; each `data` and `metadata` is kept as a byte range
//! and parsed when its document is rendered.

use super::document::{
    check_unique_ids, data_missing, data_value, metadata_not_an_object, metadata_value,
    not_a_document, not_documents, out_of_range, Bodies, DocMeta, DocSet, MetaFields, ReadDoc,
    TypeNames,
};
use crate::json::{self, Parser, Value};
use crate::{Error, ErrorCode, Limits, Result};

/// Documents backed by JSON text.
#[derive(Debug, Clone)]
pub struct JsonDocs {
    text: String,
    metas: Vec<DocMeta>,
    bodies: Bodies,
    /// The call's limits: `maxDepth` also bounds the bodies parsed when rendered.
    limits: Limits,
}

fn json_err(e: json::ParseError, path: &str) -> Error {
    e.into_error(path)
}

impl JsonDocs {
    /// Reads a JSON array of documents under `limits` (`&Limits::default()` for the defaults):
    /// the text's length, the number of documents and the nesting of every value read. Error
    /// paths are relative to the array.
    pub fn parse(text: String, limits: &Limits) -> Result<Self> {
        limits.check_str(&text, "", "the documents' JSON text")?;
        let (metas, bodies) = {
            let mut p = Parser::with_limit(&text, limits.max_depth);
            let r = read_array(&mut p, 0, limits)?;
            p.skip_ws();
            p.end().map_err(|e| json_err(e, ""))?;
            r
        };
        Self::from_parts(text, metas, bodies, limits)
    }

    /// Builds from pieces read by [`read_array`] over `text`.
    fn from_parts(
        text: String,
        metas: Vec<DocMeta>,
        bodies: Bodies,
        limits: &Limits,
    ) -> Result<Self> {
        check_unique_ids(&metas)?;
        Ok(JsonDocs {
            text,
            metas,
            bodies,
            limits: *limits,
        })
    }
}

/// What a JSON value's text is, by its first byte, as `json::read::kind` names a value.
fn kind_of(text: &str) -> &'static str {
    match text.as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b'n') => "null",
        Some(b't' | b'f') => "a boolean",
        _ => "a number",
    }
}

/// Reads the documents array at the parser's position (`depth` = its nesting level).
fn read_array(p: &mut Parser<'_>, depth: usize, limits: &Limits) -> Result<(Vec<DocMeta>, Bodies)> {
    p.skip_ws();
    if p.peek() != Some(b'[') {
        let start = p.pos();
        let at = p.skip_value(depth).map_err(|e| json_err(e, ""))?;
        return Err(not_documents(kind_of(p.slice(start..at.end))));
    }
    p.expect(b'[', "'['").map_err(|e| json_err(e, ""))?;
    let mut metas = Vec::new();
    let mut types = TypeNames::default();
    let mut bodies = Vec::new();
    if p.eat(b']') {
        return Ok((metas, bodies));
    }
    loop {
        let i = metas.len();
        limits.check_documents(i.saturating_add(1), "")?;
        let (meta, data, metadata) = read_doc(p, i, depth, &mut types)?;
        metas.push(meta);
        bodies.push((data, metadata));
        if p.eat(b']') {
            break;
        }
        p.expect(b',', "',' or ']'").map_err(|e| json_err(e, ""))?;
    }
    Ok((metas, bodies))
}

/// One document of the array at the parser's position (`depth` = the array's nesting level):
/// its metadata, and the byte ranges of `data` and `metadata` in the parser's text.
pub(super) fn read_doc(
    p: &mut Parser<'_>,
    i: usize,
    depth: usize,
    types: &mut TypeNames,
) -> Result<ReadDoc> {
    // Built only for an error: per document it would cost more than reading the metadata.
    let base = || format!("/{i}");
    p.skip_ws();
    if p.peek() != Some(b'{') {
        let at = p
            .skip_value(depth.saturating_add(1))
            .map_err(|e| json_err(e, &base()))?;
        return Err(not_a_document(&base(), kind_of(p.slice(at))));
    }
    p.expect(b'{', "'{'").map_err(|e| json_err(e, &base()))?;
    let mut fields = MetaFields::default();
    let mut data = None;
    let mut metadata = None;
    if !p.eat(b'}') {
        loop {
            p.skip_ws();
            // Borrowed from the text unless it has an escape: no allocation per field.
            let key = p.string_ref().map_err(|e| json_err(e, &base()))?;
            p.expect(b':', "':'").map_err(|e| json_err(e, &base()))?;
            let inner = depth.saturating_add(2);
            // Built only when a field is bad: per field of every document it would cost more
            // than reading the field.
            let field_path = || crate::error::pointer_push(&base(), &key);
            let value = |p: &mut Parser<'_>| p.value(inner).map_err(|e| json_err(e, &field_path()));
            // Bodies count their depth from themselves, as they do when given as values.
            match key.as_ref() {
                "id" => fields.id = Some(value(p)?),
                "schema_type" => fields.schema_type = Some(value(p)?),
                "origin_type" => fields.origin_type = Some(value(p)?),
                "created_at" => fields.created_at = Some(value(p)?),
                "is_leaf" => fields.is_leaf = Some(value(p)?),
                "data" => data = Some(p.skip_value(0).map_err(|e| json_err(e, &field_path()))?),
                "metadata" => {
                    metadata = Some(p.skip_value(0).map_err(|e| json_err(e, &field_path()))?)
                }
                // Fields ctxpack does not read are not read as values either: only their
                // own nesting counts.
                _ => {
                    p.skip_value(0).map_err(|e| json_err(e, &field_path()))?;
                }
            }
            if p.eat(b'}') {
                break;
            }
            p.expect(b',', "',' or '}'")
                .map_err(|e| json_err(e, &base()))?;
        }
    }
    let meta = DocMeta::from_fields(i, fields, types)?;
    let data = data.ok_or_else(|| data_missing(&base()))?;
    // `metadata: null` is the same as no metadata.
    let metadata = metadata.filter(|r| p.slice(r.clone()) != "null");
    if let Some(r) = &metadata {
        // An object, or a string of its JSON text (read when rendered).
        let text = p.slice(r.clone());
        if !text.starts_with('{') && !text.starts_with('"') {
            return Err(metadata_not_an_object(i, kind_of(text)));
        }
    }
    Ok((meta, data, metadata))
}

impl DocSet for JsonDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let (range, _) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        data_from(
            index,
            json::parse_body_span(&self.text, range.clone(), &self.limits),
            &self.limits,
        )
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let (_, range) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        let parsed = range
            .as_ref()
            .map(|r| json::parse_body_span(&self.text, r.clone(), &self.limits));
        metadata_from(index, parsed, &self.limits)
    }
}

/// Document `index`'s `data` from its text as parsed, errors placed at `/index/data`.
pub(super) fn data_from(
    index: usize,
    parsed: std::result::Result<Value, json::ParseError>,
    limits: &Limits,
) -> Result<Value> {
    let v = parsed.map_err(|e| e.into_error(&format!("/{index}/data")))?;
    data_value(v, index, limits)
}

/// Document `index`'s `metadata` (`None`: it has none) from its text as parsed.
pub(super) fn metadata_from(
    index: usize,
    parsed: Option<std::result::Result<Value, json::ParseError>>,
    limits: &Limits,
) -> Result<Option<Value>> {
    match parsed {
        None => Ok(None),
        Some(p) => {
            let v = p.map_err(|e| e.into_error(&format!("/{index}/metadata")))?;
            metadata_value(Some(v), index, limits)
        }
    }
}

/// A whole assemble input read from JSON text: the documents lazily, the rest fully.
pub struct JsonInput {
    pub documents: JsonDocs,
    /// The `profile` member, for [`super::profile::Profile::from_value`] (absent or `null`:
    /// `None`).
    pub profile: Option<Value>,
    /// Every other member, for [`super::assemble::AssembleOptions::from_json_object`].
    pub rest: json::Object,
}

impl JsonInput {
    /// Reads `{documents, profile?, request?, now?, edges?, maxChars?, cap?}` under `limits`;
    /// error paths are relative to the input object.
    pub fn parse(text: String, limits: &Limits) -> Result<Self> {
        limits.check_str(&text, "", "the input's JSON text")?;
        let mut p = Parser::with_limit(&text, limits.max_depth);
        p.skip_ws();
        if p.peek() != Some(b'{') {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                "",
                "the input must be a JSON object {documents, request, …}",
            ));
        }
        p.expect(b'{', "'{'").map_err(|e| json_err(e, ""))?;
        let mut docs = None;
        let mut profile = None;
        let mut rest = json::ObjectBuilder::new();
        if !p.eat(b'}') {
            loop {
                p.skip_ws();
                let key = p.string().map_err(|e| json_err(e, ""))?;
                p.expect(b':', "':'").map_err(|e| json_err(e, ""))?;
                let path = crate::error::pointer_push("", &key);
                match key.as_str() {
                    "documents" => {
                        docs =
                            Some(read_array(&mut p, 1, limits).map_err(|e| e.under("/documents"))?)
                    }
                    // Members count their depth from themselves, as they do given as values.
                    "profile" => {
                        let r = p.skip_value(0).map_err(|e| json_err(e, &path))?;
                        profile = Some(
                            json::parse_span(&text, r, limits).map_err(|e| e.into_error(&path))?,
                        );
                    }
                    _ => {
                        let r = p.skip_value(0).map_err(|e| json_err(e, &path))?;
                        // Numbers JSON cannot hold (1e400 reads as Infinity, as in JSON.parse)
                        // are refused by the field's one reader, as a host object's are.
                        let v =
                            json::parse_span(&text, r, limits).map_err(|e| e.into_error(&path))?;
                        rest.insert(key, v);
                    }
                }
                if p.eat(b'}') {
                    break;
                }
                p.expect(b',', "',' or '}'").map_err(|e| json_err(e, ""))?;
            }
        }
        p.skip_ws();
        p.end().map_err(|e| json_err(e, ""))?;
        let (metas, bodies) = docs.ok_or_else(super::document::documents_missing)?;
        let profile = profile.filter(|v| *v != Value::Null);
        let documents =
            JsonDocs::from_parts(text, metas, bodies, limits).map_err(|e| e.under("/documents"))?;
        Ok(JsonInput {
            documents,
            profile,
            rest: rest.finish(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOCS: &str = r#"[
        {"id": "a", "schema_type": "t", "origin_type": "user_input", "created_at": 1,
         "data": {"x": {"y": 1}}, "project_id": 7},
        {"id": "b", "schema_type": "t", "origin_type": "ai_generated", "created_at": 2,
         "data": "{\"x\": [1]}"}
    ]"#;

    fn limits(max_documents: usize, max_depth: usize, max_text_length: usize) -> Limits {
        Limits {
            max_documents,
            max_depth,
            max_text_length,
        }
    }

    #[test]
    fn document_count_and_text_length_are_checked_before_reading() {
        let e = JsonDocs::parse(DOCS.to_string(), &limits(1, 256, 1 << 20)).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooLarge, ""));
        assert!(JsonDocs::parse(DOCS.to_string(), &limits(2, 256, 1 << 20)).is_ok());
        let e = JsonDocs::parse(DOCS.to_string(), &limits(2, 256, 20)).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooLarge);
        let input = format!(r#"{{"documents": {DOCS}}}"#);
        let e = JsonInput::parse(input, &limits(1, 256, 1 << 20))
            .err()
            .unwrap();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::TooLarge, "/documents")
        );
    }

    #[test]
    fn bodies_count_depth_from_themselves_when_rendered() {
        // Both bodies nest 2 levels, the whole text 4: depth 2 reads them.
        let docs = JsonDocs::parse(DOCS.to_string(), &limits(9, 2, 1 << 20)).unwrap();
        assert!(docs.data(0).is_ok() && docs.data(1).is_ok());
        // Depth 1: JSON text is validated whole, as JSON.parse would, so the scan refuses the
        // first body, counted from itself.
        let e = JsonDocs::parse(DOCS.to_string(), &limits(9, 1, 1 << 20)).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooDeep, "/0/data"));
        // JSON text held in a string is read under the limit when rendered.
        let nested = DOCS
            .replace(r#"{"x": {"y": 1}}"#, "0")
            .replace(r#"[1]"#, "[[[1]]]");
        // {"x": [[[1]]]} nests 4 levels.
        let docs = JsonDocs::parse(nested.clone(), &limits(9, 4, 1 << 20)).unwrap();
        assert!(docs.data(1).is_ok());
        let docs = JsonDocs::parse(nested, &limits(9, 3, 1 << 20)).unwrap();
        assert_eq!(docs.data(1).unwrap_err().code, ErrorCode::TooDeep);
        // A field ctxpack does not read is skipped under the limit too, counted from itself.
        let deep_field = DOCS.replace(r#""project_id": 7"#, r#""project_id": [[[7]]]"#);
        assert!(JsonDocs::parse(deep_field.clone(), &limits(9, 3, 1 << 20)).is_ok());
        let e = JsonDocs::parse(deep_field, &limits(9, 2, 1 << 20)).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::TooDeep, "/0/project_id")
        );
    }

    #[test]
    fn json_errors_are_located_in_the_text_that_was_read() {
        use crate::TextPosition;
        let at = |line, column| Some(TextPosition { line, column });
        // In the documents' text: the missing comma after the emoji's string (expected
        // positions from JSON.parse's message in Node).
        let broken = DOCS.replace(r#""id": "b","#, "\"id\": \"😀\"");
        let e = JsonDocs::parse(broken, &crate::Limits::default()).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidJson, "/1"));
        assert_eq!(e.position, at(4, 21));
        // Under "documents" of a whole input the text is the input's.
        let e = JsonInput::parse(
            format!("{{\"documents\":\n{}", DOCS.replace("\"t\"", "'t'")),
            &crate::Limits::default(),
        )
        .err()
        .unwrap();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidJson, "/documents/0/schema_type")
        );
        assert_eq!(e.position, at(3, 36));
        // JSON text in a `data` string: a position in that text, which the path names.
        let nested = DOCS.replace(r#"[1]"#, r#"[\n[[1]]]"#);
        let docs = JsonDocs::parse(nested, &limits(9, 3, 1 << 20)).unwrap();
        let e = docs.data(1).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooDeep, "/1/data"));
        assert_eq!(e.position, at(2, 2));
        // A member read twice (validated, then parsed) is located in the whole input.
        let e = JsonInput::parse(
            "{\"documents\": [],\n \"profile\": {\"a\": [[1]]}}".to_string(),
            &limits(9, 2, 1 << 20),
        )
        .err()
        .unwrap();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooDeep, "/profile"));
        assert_eq!(e.position, at(2, 20));
    }
}
