//! Resource limits: how much one call may read before it refuses the input.
//!
//! Every engine reads untrusted input through these, so a server can bound each request's
//! memory and a hostile input is refused with `TOO_LARGE` or `TOO_DEEP` *before* it is copied
//! or parsed, not after. The defaults suit a server; each can be lowered per call, and raised
//! where raising is safe.

use crate::error::pointer_push;
use crate::json::read::Fields;
use crate::json::{self, Value};
use crate::{Error, ErrorCode, Result};

/// Limits for one call. `Limits::default()` is what every call uses unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, crate::shape::Shape)]
#[shape(rename_all = "camelCase")]
pub struct Limits {
    /// The most documents one call reads (default 1,000,000).
    pub max_documents: usize,
    /// The deepest nesting of any value read: a document body, a profile, a request
    /// (default and ceiling 256 — the parsers recurse, and deeper input would need a larger
    /// wasm stack than every engine gives).
    pub max_depth: usize,
    /// The longest string or JSON text one call copies in, in UTF-16 code units (default
    /// 268,435,456: twice the JSON text of 100,000 of the writing app's documents). Checked
    /// before the text crosses into wasm memory, where it takes up to 3 bytes per unit.
    pub max_text_length: usize,
}

pub(crate) const DEFAULT_MAX_DOCUMENTS: usize = 1_000_000;
pub(crate) const DEFAULT_MAX_TEXT_LENGTH: usize = 1 << 28;
/// Also the ceiling of `max_depth`.
pub(crate) const DEFAULT_MAX_DEPTH: usize = json::MAX_DEPTH;
/// Whole numbers up to 2^32 − 1: far past what a 4 GiB wasm memory can hold anyway.
const MAX_COUNT: f64 = 4_294_967_295.0;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_documents: DEFAULT_MAX_DOCUMENTS,
            max_depth: DEFAULT_MAX_DEPTH,
            max_text_length: DEFAULT_MAX_TEXT_LENGTH,
        }
    }
}

const FIELDS: [&str; 3] = ["maxDocuments", "maxDepth", "maxTextLength"];

impl Limits {
    /// Reads `{maxDocuments?, maxDepth?, maxTextLength?}` over the defaults; `null` or absent
    /// fields keep theirs. Error paths are under `path`.
    pub fn from_value(v: &Value, path: &str) -> Result<Self> {
        let defaults = Limits::default();
        if *v == Value::Null {
            return Ok(defaults);
        }
        let f = Fields::new(
            v,
            path,
            "a limits object {maxDocuments?, maxDepth?, maxTextLength?}",
            &FIELDS,
        )?;
        let limit = |key: &str, min: f64, max: f64, default: usize| -> Result<usize> {
            match f.read::<Option<f64>>(key)? {
                None => Ok(default),
                Some(n) => count(n, &pointer_push(path, key), key, min, max),
            }
        };
        #[allow(clippy::cast_precision_loss)] // 256
        let max_depth = DEFAULT_MAX_DEPTH as f64;
        Ok(Limits {
            max_documents: limit("maxDocuments", 0.0, MAX_COUNT, defaults.max_documents)?,
            max_depth: limit("maxDepth", 1.0, max_depth, defaults.max_depth)?,
            max_text_length: limit("maxTextLength", 0.0, MAX_COUNT, defaults.max_text_length)?,
        })
    }

    /// Reads a call's options argument, `{limits?, tokenCounter?}` (`null` for none); error
    /// paths are under `path`. A `tokenCounter` function never reaches the core (the binding
    /// takes it out and calls it); any other value there is refused.
    pub fn from_options(v: &Value, path: &str) -> Result<Self> {
        if *v == Value::Null {
            return Ok(Limits::default());
        }
        let f = Fields::new(
            v,
            path,
            "an options object {limits?, tokenCounter?}",
            &["limits", "tokenCounter"],
        )?;
        f.read_with("tokenCounter", |v, at| match v {
            Value::Null => Ok(()),
            other => Err(crate::json::read::wrong_type(
                other,
                "a function (text: string) => number",
                at,
            )),
        })?;
        f.read_with("limits", Limits::from_value)
    }

    /// Refuses a text longer than `max_text_length` UTF-16 units, before anything reads it.
    /// `units` is its length as the host counts it.
    pub fn check_text(&self, units: usize, path: &str, what: &str) -> Result<()> {
        if units > self.max_text_length {
            return Err(Error::new(
                ErrorCode::TooLarge,
                path,
                format!(
                    "{what} is {units} UTF-16 code units long, over limits.maxTextLength ({})",
                    self.max_text_length
                ),
            ));
        }
        Ok(())
    }

    /// [`Limits::check_text`] for text given as UTF-8 bytes, before they are read: a UTF-16
    /// unit takes at least a byte, so the limit bounds the bytes as it bounds units.
    pub fn check_bytes(&self, bytes: usize, path: &str, what: &str) -> Result<()> {
        if bytes > self.max_text_length {
            return Err(Error::new(
                ErrorCode::TooLarge,
                path,
                format!(
                    "{what} is {bytes} bytes long, over limits.maxTextLength ({}), which bounds bytes as it bounds UTF-16 units",
                    self.max_text_length
                ),
            ));
        }
        Ok(())
    }

    /// [`Limits::check_text`] for Rust text: UTF-8 bytes bound UTF-16 units from above, so
    /// only a text longer in bytes than the limit is measured.
    pub fn check_str(&self, text: &str, path: &str, what: &str) -> Result<()> {
        if text.len() <= self.max_text_length {
            return Ok(());
        }
        self.check_text(crate::text::utf16_len(text), path, what)
    }

    /// Refuses a document count over `max_documents`; `seen` is how many were found so far.
    pub fn check_documents(&self, seen: usize, path: &str) -> Result<()> {
        if seen > self.max_documents {
            return Err(Error::new(
                ErrorCode::TooLarge,
                path,
                format!(
                    "more than limits.maxDocuments ({}) documents ({seen} or more)",
                    self.max_documents
                ),
            ));
        }
        Ok(())
    }
}

fn count(n: f64, path: &str, key: &str, min: f64, max: f64) -> Result<usize> {
    if !n.is_finite() || n.fract() != 0.0 || n < min || n > max {
        return Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            format!(
                "limits.{key} must be a whole number from {} to {}, got {}",
                json::format_number(min),
                json::format_number(max),
                crate::budget::js_string(n)
            ),
        ));
    }
    // Whole and within 0..=2^32 − 1, so the conversion is exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Limits> {
        Limits::from_value(
            &json::parse(text, &crate::Limits::default()).unwrap_or(Value::Null),
            "/limits",
        )
    }

    #[test]
    fn bytes_are_bounded_as_units_are() {
        let l = Limits {
            max_text_length: 4,
            ..Limits::default()
        };
        assert!(l.check_bytes(4, "/t", "the text").is_ok());
        let e = l.check_bytes(5, "/t", "the text").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::TooLarge, "/t"));
        assert_eq!(
            e.message,
            "the text is 5 bytes long, over limits.maxTextLength (4), which bounds bytes as it bounds UTF-16 units"
        );
    }

    #[test]
    fn defaults_and_overrides() {
        assert_eq!(read("null").unwrap(), Limits::default());
        assert_eq!(read("{}").unwrap(), Limits::default());
        let l = read(r#"{"maxDocuments": 3, "maxDepth": 10, "maxTextLength": null}"#).unwrap();
        assert_eq!(
            (l.max_documents, l.max_depth, l.max_text_length),
            (3, 10, DEFAULT_MAX_TEXT_LENGTH)
        );
    }

    #[test]
    fn refuses_what_is_not_a_whole_number_in_range() {
        for (text, path) in [
            (r#"{"maxDepth": 0}"#, "/limits/maxDepth"),
            (r#"{"maxDepth": 257}"#, "/limits/maxDepth"),
            (r#"{"maxDocuments": -1}"#, "/limits/maxDocuments"),
            (r#"{"maxDocuments": 1.5}"#, "/limits/maxDocuments"),
            (r#"{"maxTextLength": 1e300}"#, "/limits/maxTextLength"),
            (r#"{"maxTextLength": "10"}"#, "/limits/maxTextLength"),
            (r#"{"maxBytes": 10}"#, "/limits/maxBytes"),
            ("[]", "/limits"),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(
                (e.code, e.path.as_str()),
                (ErrorCode::InvalidInput, path),
                "{text}"
            );
        }
    }

    #[test]
    fn options_hold_limits_and_nothing_else() {
        let opts = |t: &str| {
            Limits::from_options(
                &json::parse(t, &crate::Limits::default()).unwrap_or(Value::Null),
                "/options",
            )
        };
        assert_eq!(opts("null").unwrap(), Limits::default());
        assert_eq!(opts(r#"{"limits": {"maxDepth": 8}}"#).unwrap().max_depth, 8);
        let e = opts(r#"{"limit": {}}"#).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/options/limit")
        );
        let e = opts("7").unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/options")
        );
        let e = opts(r#"{"limits": {"maxDepth": 300}}"#).unwrap_err();
        assert_eq!(e.path, "/options/limits/maxDepth");
    }

    #[test]
    fn text_and_document_checks() {
        let l = Limits {
            max_text_length: 3,
            max_documents: 2,
            ..Limits::default()
        };
        assert!(l.check_str("abc", "", "x").is_ok());
        // 6 UTF-8 bytes, 2 UTF-16 units: measured, and within.
        assert!(l.check_str("好好", "", "x").is_ok());
        let e = l.check_str("abcd", "/documents", "the text").unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::TooLarge, "/documents")
        );
        assert!(l.check_documents(2, "").is_ok());
        assert_eq!(
            l.check_documents(3, "").unwrap_err().code,
            ErrorCode::TooLarge
        );
    }
}
