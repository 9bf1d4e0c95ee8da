//! How one document becomes text: a header line, then its JSON exactly as `JSON.stringify`
//! would write it.

use super::document::DocMeta;
use super::profile::{BodyMode, CompiledRender};
use crate::json::{stringify_within, ObjectBuilder, Value};
use std::borrow::Cow;

/// The header with `{id}`, `{schema_type}`, `{origin_type}` and `{rank}` replaced, in one pass
/// so a placeholder inside an id is not expanded again.
pub(crate) fn header(render: &CompiledRender, meta: &DocMeta, rank: usize) -> String {
    let mut out = String::with_capacity(render.header.len().saturating_add(meta.id.len()));
    let mut rest = render.header.as_str();
    while let Some(open) = rest.find('{') {
        let (before, from_open) = rest.split_at(open);
        out.push_str(before);
        let close = from_open.find('}');
        let name = close.and_then(|c| from_open.get(1..c));
        let value = match name {
            Some("id") => Some(Cow::Borrowed(&*meta.id)),
            Some("schema_type") => Some(Cow::Borrowed(&*meta.schema_type)),
            Some("origin_type") => Some(Cow::Borrowed(meta.origin.as_str())),
            Some("rank") => Some(Cow::Owned(rank.to_string())),
            _ => None,
        };
        match (value, close) {
            (Some(v), Some(c)) => {
                out.push_str(&v);
                rest = from_open.get(c.saturating_add(1)..).unwrap_or("");
            }
            _ => {
                out.push('{');
                rest = from_open.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// The value rendered for a document: its data, or the whole document.
pub(crate) fn body(
    render: &CompiledRender,
    meta: &DocMeta,
    data: Value,
    metadata: Option<Value>,
) -> Value {
    match render.body {
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
    }
}

/// A document's [`block`] in full: its data is borrowed when it is the whole body (the cap
/// renders every candidate so, and would otherwise copy each).
pub(crate) fn full(
    render: &CompiledRender,
    header: &str,
    meta: &DocMeta,
    data: &Value,
    metadata: Option<&Value>,
    max_len: usize,
) -> String {
    match render.body {
        BodyMode::Data => block(render, header, data, max_len),
        BodyMode::Document => block(
            render,
            header,
            &body(render, meta, data.clone(), metadata.cloned()),
            max_len,
        ),
    }
}

/// `header\nJSON`, or the JSON alone when the header is empty; written only until it is longer
/// than `max_len` bytes (`usize::MAX`: whole), for a caller that only asks whether it fits.
pub(crate) fn block(render: &CompiledRender, header: &str, body: &Value, max_len: usize) -> String {
    let mut out = String::new();
    if !header.is_empty() {
        out.push_str(header);
        out.push('\n');
    }
    stringify_within(&mut out, body, render.indent, max_len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::document::{CreatedAt, Origin};
    use crate::jsondoc::profile::Profile;

    fn meta(id: &str) -> DocMeta {
        DocMeta {
            id: id.into(),
            schema_type: "故事设定".into(),
            origin: Origin::UserInput,
            created_at_ms: 0.0,
            created_at: CreatedAt::Millis(0.0),
            is_leaf: None,
        }
    }

    #[test]
    fn header_placeholders_expand_once() {
        let mut r = Profile::default().compile().unwrap().render;
        assert_eq!(header(&r, &meta("a{rank}"), 3), "## 故事设定 (a{rank})");
        r.header = "{rank}. {origin_type} {unknown} {id".into();
        assert_eq!(header(&r, &meta("x"), 0), "0. user_input {unknown} {id");
    }

    #[test]
    fn whole_document_body_keeps_field_order() {
        let mut r = Profile::default().compile().unwrap().render;
        r.body = BodyMode::Document;
        let v = body(&r, &meta("x"), Value::Null, None);
        assert_eq!(
            block(&r, "", &v, usize::MAX),
            r#"{"id":"x","schema_type":"故事设定","origin_type":"user_input","created_at":0,"data":null}"#
        );
    }
}
