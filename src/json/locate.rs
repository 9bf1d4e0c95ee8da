//! Where a JSON pointer's value stands in JSON text: for an app that shows an error's `path`
//! in the text its user typed, without a JSON scanner of its own.

use super::parse::{ParseError, Parser};
use crate::error::{pointer_push, TextPosition};
use crate::shape::Shape;
use crate::text::utf16_len;
use crate::{Error, ErrorCode, Limits, Result};

/// The place in JSON text of the value a pointer names, or of its deepest part that exists.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub(crate) struct JsonLocation {
    /// 1-based line of the value's first character.
    pub line: usize,
    /// 1-based column, in UTF-16 code units.
    pub column: usize,
    /// The value's first character as a UTF-16 index into the text (for `setSelectionRange`).
    pub offset: usize,
    /// The part of the pointer found in the text: all of it when `exact`, else the deepest
    /// existing parent (a missing field is shown at the object that lacks it).
    pub found: String,
    pub exact: bool,
}

/// Splits an RFC 6901 pointer into its unescaped tokens.
fn tokens(pointer: &str) -> Result<Vec<String>> {
    if pointer.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = pointer.strip_prefix('/') else {
        return Err(Error::new(
            ErrorCode::InvalidInput,
            "/pointer",
            "a JSON pointer is empty or starts with `/`",
        ));
    };
    Ok(rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect())
}

/// Where `pointer`'s value starts in `text`, which must be valid JSON (an invalid text gives its
/// `INVALID_JSON` error, with the position of the fault). A member named twice is found where
/// JavaScript keeps it: its last occurrence.
pub(crate) fn locate(text: &str, pointer: &str, limits: &Limits) -> Result<JsonLocation> {
    limits.check_str(text, "/text", "the text")?;
    let tokens = tokens(pointer)?;
    let whole = Parser::with_limit(text, limits.max_depth);
    let into = |e: ParseError| e.into_error("/text");
    // Validate the whole text first: a location in text JSON.parse refuses means nothing.
    super::parse(text, limits).map_err(into)?;
    let mut p = whole;
    p.skip_ws();
    let mut found = String::new();
    let mut exact = true;
    for token in &tokens {
        let parent = p.pos();
        // Checked whole above, so no depth need be counted.
        let Some(at) = p.member_at(0, token).map_err(into)? else {
            // Shown at the value that lacks it.
            p = whole.at(parent);
            exact = false;
            break;
        };
        found = pointer_push(&found, token);
        p = whole.at(at);
    }
    let start = p.pos();
    let before = text.get(..start).unwrap_or("");
    let TextPosition { line, column } = TextPosition::at_byte(text, start);
    Ok(JsonLocation {
        line,
        column,
        offset: utf16_len(before),
        found,
        exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, pointer: &str) -> (usize, usize, usize, String, bool) {
        let l = locate(text, pointer, &Limits::default()).unwrap();
        (l.line, l.column, l.offset, l.found, l.exact)
    }

    #[test]
    fn finds_members_elements_and_the_deepest_existing_parent() {
        let text = "{\n  \"a\": [1, {\"b\": \"😀\", \"c\": 2}],\n  \"x/y\": 3\n}";
        assert_eq!(at(text, ""), (1, 1, 0, String::new(), true));
        assert_eq!(at(text, "/a/1/c"), (2, 29, 30, "/a/1/c".into(), true));
        assert_eq!(at(text, "/a/0"), (2, 9, 10, "/a/0".into(), true));
        assert_eq!(at(text, "/x~1y"), (3, 10, 44, "/x~1y".into(), true));
        // Missing: shown at the deepest part that exists.
        assert_eq!(at(text, "/a/1/zz"), (2, 12, 13, "/a/1".into(), false));
        assert_eq!(at(text, "/a/01"), (2, 8, 9, "/a".into(), false));
        assert_eq!(at(text, "/nope/deeper"), (1, 1, 0, String::new(), false));
    }

    #[test]
    fn a_repeated_member_is_found_where_javascript_keeps_it() {
        assert_eq!(at(r#"{"k": 1, "k": 22}"#, "/k").1, 15);
    }

    #[test]
    fn invalid_text_and_pointers_are_errors() {
        let e = locate("{\n  \"a\": }", "/a", &Limits::default()).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidJson, "/text"));
        assert_eq!(e.position, Some(TextPosition { line: 2, column: 8 }));
        let e = locate("{}", "a", &Limits::default()).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/pointer")
        );
    }
}
