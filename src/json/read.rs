//! Typed reading of small JSON inputs — profiles, requests, options — from ctxpack's own
//! [`Value`], with a JSON pointer in every error.
//!
//! serde_json and serde_path_to_error did this before; they were a third of the wasm and
//! refused what ctxpack's reader accepts (lone-surrogate escapes, nesting past 128). Unknown
//! fields are refused, so a typo in a profile is an error, not a silently ignored setting.

use super::{Object, Value};
use crate::error::pointer_push;
use crate::{Error, ErrorCode, Result};
use std::collections::BTreeMap;

/// What a value is, for "expected …, got …" messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) | Value::Unpaired(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `INVALID_INPUT` at `path`: `expected` (e.g. "a string"), and what was found.
pub fn wrong_type(v: &Value, expected: &str, path: &str) -> Error {
    wrong_kind(expected, kind(v), path)
}

/// [`wrong_type`] for a value known by its kind only (a host value: "a function"…).
pub fn wrong_kind(expected: &str, found: &str, path: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        path,
        format!("invalid type: expected {expected}, got {found}"),
    )
}

/// Backquoted names, for the lists in messages: `` `a`, `b`, `c` ``.
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}

/// The members of an object with these `fields`; any other key is refused by name.
pub struct Fields<'a> {
    object: &'a Object,
    path: &'a str,
}

impl<'a> Fields<'a> {
    /// `v` must be an object (`what` names it in the error) whose keys are all in `fields`.
    pub fn new(v: &'a Value, path: &'a str, what: &str, fields: &[&str]) -> Result<Self> {
        let Value::Object(object) = v else {
            return Err(wrong_type(v, what, path));
        };
        for (key, _) in object.iter() {
            if !fields.contains(&key) {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    pointer_push(path, key),
                    format!("unknown field `{key}`, expected one of {}", listed(fields)),
                ));
            }
        }
        Ok(Fields { object, path })
    }

    /// The field's value and its path; `None` when absent or null (null means "the default").
    fn get(&self, key: &str) -> Option<(&'a Value, String)> {
        match self.object.get(key) {
            None | Some(Value::Null) => None,
            Some(v) => Some((v, pointer_push(self.path, key))),
        }
    }

    /// The field read by its type's one reader ([`crate::shape::Input`]).
    pub fn read<T: crate::shape::Input>(&self, key: &str) -> Result<T> {
        match self.get(key) {
            None => T::absent(self.path, key),
            Some((v, at)) => T::read(v, &at),
        }
    }

    /// The field read by `read`; absent or null gives `T::default()`.
    pub fn read_with<T: Default>(
        &self,
        key: &str,
        read: impl Fn(&Value, &str) -> Result<T>,
    ) -> Result<T> {
        match self.get(key) {
            None => Ok(T::default()),
            Some((v, at)) => read(v, &at),
        }
    }
}

pub fn string(v: &Value, path: &str) -> Result<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(wrong_type(other, "a string", path)),
    }
}

/// An array whose items are read by `item`, each with its own path.
pub fn array<T>(v: &Value, path: &str, item: impl Fn(&Value, &str) -> Result<T>) -> Result<Vec<T>> {
    let Value::Array(items) = v else {
        return Err(wrong_type(v, "an array", path));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, x)| item(x, &format!("{path}/{i}")))
        .collect()
}

/// An object read into a sorted map, its values read by `item`.
pub fn map<T>(
    v: &Value,
    path: &str,
    item: impl Fn(&Value, &str) -> Result<T>,
) -> Result<BTreeMap<String, T>> {
    let Value::Object(o) = v else {
        return Err(wrong_type(v, "an object", path));
    };
    // Inserted one by one rather than collected: `collect` sorts first, and that sort is
    // compiled once per value type, a few KB of wasm each. An object's keys are unique already.
    let mut map = BTreeMap::new();
    for (k, x) in o.iter() {
        map.insert(k.to_string(), item(x, &pointer_push(path, k))?);
    }
    Ok(map)
}

/// Refuses a number JSON cannot hold (NaN, ±Infinity: from a host object, or `1e400` in text)
/// anywhere in `v`, where it stands.
pub fn refuse_non_finite(v: &Value, path: &str) -> Result<()> {
    match v {
        Value::Number(n) if !n.is_finite() => Err(non_finite(*n, path)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, x)| refuse_non_finite(x, &format!("{path}/{i}"))),
        Value::Object(o) => o
            .iter()
            .try_for_each(|(k, x)| refuse_non_finite(x, &pointer_push(path, k))),
        _ => Ok(()),
    }
}

/// `INVALID_INPUT`: `n` (NaN or ±Infinity) is not a JSON number.
pub fn non_finite(n: f64, path: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        path,
        format!("{} is not a JSON number", crate::budget::js_string(n)),
    )
}

// Faults only a host object can have (JSON text cannot hold a function or a getter), worded
// here so the binding decides nothing.

/// `INVALID_INPUT`: a host value JSON cannot hold; `kind` says what it is ("a function").
pub fn not_json(kind: &str, path: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        path,
        format!("{kind} is not a JSON value"),
    )
}

/// `INVALID_INPUT`: reading a host value (a getter, a Proxy's trap) threw `message`.
/// Text given as bytes, which must be UTF-8: `INVALID_JSON` names the first byte that is not.
pub fn utf8_text(bytes: Vec<u8>, path: &str, what: &str) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorCode::InvalidJson,
            path,
            format!(
                "{what} is not UTF-8 (from byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

pub fn host_threw(what: &str, message: &str, path: &str) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        path,
        format!("{what} threw: {message}"),
    )
}

/// `TOO_DEEP`: a host value nests past `limit` (a cycle never ends, so it is one of these).
pub fn host_too_deep(limit: usize, path: &str) -> Error {
    Error::new(
        ErrorCode::TooDeep,
        path,
        format!("nesting deeper than {limit} levels (or a cycle)"),
    )
}

/// A string naming one of `variants`.
pub fn variant<T: Copy>(v: &Value, path: &str, variants: &[(&str, T)]) -> Result<T> {
    let names: Vec<&str> = variants.iter().map(|(n, _)| *n).collect();
    let Value::String(s) = v else {
        return Err(wrong_type(v, &format!("one of {}", listed(&names)), path));
    };
    variants
        .iter()
        .find(|(n, _)| n == s)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidInput,
                path,
                format!("unknown variant `{s}`, expected one of {}", listed(&names)),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        crate::json::parse(text, &crate::Limits::default()).unwrap_or(Value::Null)
    }

    #[test]
    fn bytes_must_be_utf8_and_the_error_names_the_first_bad_byte() {
        assert_eq!(utf8_text("好x".into(), "/d", "t").unwrap(), "好x");
        for (bytes, at) in [
            (vec![b'a', 0xff, b'b'], 1),
            (vec![b'[', 0xe5, 0xa5], 1), // a character cut short
            (vec![0xed, 0xa0, 0x80], 0), // a surrogate, which UTF-8 cannot hold
        ] {
            let e = utf8_text(bytes, "/d", "the text").unwrap_err();
            assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidJson, "/d"));
            assert_eq!(e.message, format!("the text is not UTF-8 (from byte {at})"));
        }
    }

    #[test]
    fn fields_refuse_unknown_keys_and_wrong_types_by_path() {
        let v = value(r#"{"a": "x", "b": [1], "c": null}"#);
        let e = Fields::new(&v, "/p", "an object", &["a", "b"])
            .err()
            .unwrap();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidInput, "/p/c"));
        assert!(e
            .message
            .contains("unknown field `c`, expected one of `a`, `b`"));
        let f = Fields::new(&v, "/p", "an object", &["a", "b", "c"]).unwrap();
        assert_eq!(f.read::<Option<String>>("a").unwrap().as_deref(), Some("x"));
        assert_eq!(f.read::<Option<String>>("c").unwrap(), None);
        let e = f.read::<Option<Vec<String>>>("b").unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/p/b/0")
        );
        let e = f.read::<String>("c").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::MissingField, "/p"));
        let e = Fields::new(&value("[]"), "/p", "a profile", &[])
            .err()
            .unwrap();
        assert_eq!(e.message, "invalid type: expected a profile, got an array");
    }

    #[test]
    fn variants_are_named_in_errors() {
        let v = [("stop", 1), ("skip", 2)];
        assert_eq!(variant(&value(r#""skip""#), "/cap", &v).unwrap(), 2);
        let e = variant(&value(r#""drop""#), "/cap", &v).unwrap_err();
        assert_eq!(
            e.message,
            "unknown variant `drop`, expected one of `stop`, `skip`"
        );
        assert_eq!(variant(&value("3"), "/cap", &v).unwrap_err().path, "/cap");
    }
}
