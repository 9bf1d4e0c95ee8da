//! The one error type every engine returns.
//!
//! Errors are values: a stable machine-readable [`ErrorCode`], a JSON pointer to the offending
//! field (RFC 6901, `""` for the whole input) and a message for people. The binding layer turns
//! them into a thrown `CtxpackError` with the same three fields.

use std::fmt;

/// Stable error codes. Hosts branch on these; their spelling is part of the public API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, crate::shape::Shape)]
#[shape(output, rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// A value has the wrong type or shape (an object where an array was expected, …).
    InvalidInput,
    /// A required field is absent.
    MissingField,
    /// Two documents share an id.
    DuplicateId,
    /// The requested intent is not defined by the profile.
    UnknownIntent,
    /// A budget is NaN, infinite, negative or not a whole number.
    InvalidBudget,
    /// A profile's regular expression does not compile (or is too large).
    InvalidPattern,
    /// A profile field is out of range or inconsistent with another.
    InvalidProfile,
    /// Text that should be JSON is not.
    InvalidJson,
    /// A timestamp is neither ISO-8601 nor finite epoch milliseconds.
    InvalidTimestamp,
    /// Nesting deeper than the limit; refused so deep input cannot overflow the stack.
    TooDeep,
    /// An input exceeds a configured size limit.
    TooLarge,
    /// An object of the binding (a `ContextAssembler`) was used after `free()`, or a method was
    /// called on something that is not one. Raised by the JavaScript binding before any work.
    Freed,
    /// A token counter the caller supplied threw, or returned something other than a whole
    /// number of tokens.
    TokenCounterFailed,
    /// What was asked for needs more than the budget allows, and the caller asked to fail
    /// rather than leave anything out (`mode: "strict"`). Raised before anything is rendered.
    BudgetExceeded,
    /// An export of a `/web` entry (`ctxpack/web`, …) was called before that entry's `init()`
    /// resolved. Raised by the JavaScript binding before any work.
    NotInitialized,
}

impl ErrorCode {
    /// The code named `name` (as [`ErrorCode::as_str`] spells it).
    pub fn from_name(name: &str) -> Option<ErrorCode> {
        Self::VARIANTS
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| c)
    }
}

/// An error with a code, a JSON pointer to the offending field and a readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub code: ErrorCode,
    pub path: String,
    pub message: String,
    /// Where in the parsed JSON text the fault is, for errors found while reading text
    /// (`INVALID_JSON`, and `TOO_DEEP` met in text). For JSON text nested in a string (a `data`
    /// string holding JSON text) it is a position in that text, which `path` names.
    pub position: Option<TextPosition>,
}

/// A place in a text as an editor shows it: 1-based line and column, lines split at `\n`,
/// columns counted in UTF-16 code units (JavaScript's string indices; an emoji counts 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextPosition {
    pub line: usize,
    pub column: usize,
}

impl TextPosition {
    /// The position of byte `offset` of `text`. An offset past the end is the end; one inside a
    /// UTF-8 sequence is that character's start. Linear in `offset`: call it when an error is
    /// built, never while reading.
    pub fn at_byte(text: &str, offset: usize) -> Self {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end = end.saturating_sub(1);
        }
        let before = text.get(..end).unwrap_or("");
        let (line, line_start) = before
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .fold((1usize, 0usize), |(n, _), (i, _)| {
                (n.saturating_add(1), i.saturating_add(1))
            });
        let column =
            crate::text::utf16_len(before.get(line_start..).unwrap_or("")).saturating_add(1);
        TextPosition { line, column }
    }
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(code: ErrorCode, path: impl Into<String>, message: impl Into<String>) -> Self {
        Error {
            code,
            path: path.into(),
            message: message.into(),
            position: None,
        }
    }

    /// The same error, located at `position` in the text that was read.
    pub fn at_position(mut self, position: TextPosition) -> Self {
        self.position = Some(position);
        self
    }

    /// The same error, reported under `prefix` (a JSON pointer of the enclosing value).
    pub fn under(mut self, prefix: &str) -> Self {
        self.path = format!("{prefix}{}", self.path);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.code.as_str(), self.message)?;
        } else {
            write!(
                f,
                "{} at {}: {}",
                self.code.as_str(),
                self.path,
                self.message
            )?;
        }
        match self.position {
            Some(p) => write!(f, " ({p})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Error {}

/// Appends one reference token to a JSON pointer, escaping `~` and `/` as RFC 6901 asks.
pub(crate) fn pointer_push(base: &str, token: &str) -> String {
    let mut out = String::with_capacity(base.len().saturating_add(token.len()).saturating_add(1));
    out.push_str(base);
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_escapes_tilde_and_slash() {
        assert_eq!(pointer_push("/intents", "a/b~c"), "/intents/a~1b~0c");
        assert_eq!(pointer_push("", "0"), "/0");
    }

    #[test]
    fn positions_count_lines_and_utf16_columns() {
        let at = |text: &str, offset: usize| {
            let p = TextPosition::at_byte(text, offset);
            (p.line, p.column)
        };
        let text = "ab\n中文x\n😀y\n";
        assert_eq!(at(text, 0), (1, 1));
        assert_eq!(at(text, 2), (1, 3));
        assert_eq!(at(text, 3), (2, 1));
        assert_eq!(at(text, 9), (2, 3)); // after two CJK characters (3 bytes, 1 unit each)
        assert_eq!(at(text, 11), (3, 1));
        assert_eq!(at(text, 15), (3, 3)); // after an emoji: a surrogate pair, 2 units
        assert_eq!(at(text, text.len()), (4, 1));
        // Past the end is the end; inside a character is that character's start.
        assert_eq!(at(text, usize::MAX), (4, 1));
        assert_eq!(at(text, 13), (3, 1));
        assert_eq!(at("", 0), (1, 1));
    }

    #[test]
    fn a_position_is_optional_and_shown_last() {
        let e = Error::new(ErrorCode::InvalidJson, "/data", "unexpected \"x\"");
        assert_eq!(e.position, None);
        assert_eq!(e.to_string(), "INVALID_JSON at /data: unexpected \"x\"");
        let e = e
            .at_position(TextPosition { line: 3, column: 7 })
            .under("/0");
        assert_eq!(e.path, "/0/data");
        assert_eq!(e.position, Some(TextPosition { line: 3, column: 7 }));
        assert_eq!(
            e.to_string(),
            "INVALID_JSON at /0/data: unexpected \"x\" (line 3, column 7)"
        );
        assert_ne!(
            e,
            Error::new(ErrorCode::InvalidJson, "/0/data", "unexpected \"x\"")
        );
    }

    #[test]
    fn every_code_is_found_by_its_name() {
        for (_, code) in ErrorCode::VARIANTS {
            assert_eq!(ErrorCode::from_name(code.as_str()), Some(code));
        }
        assert_eq!(ErrorCode::from_name("NOPE"), None);
    }

    #[test]
    fn codes_are_written_as_their_stable_names() {
        for code in [
            ErrorCode::InvalidInput,
            ErrorCode::TooDeep,
            ErrorCode::UnknownIntent,
        ] {
            assert_eq!(
                crate::shape::to_json_text(&code),
                format!("\"{}\"", code.as_str())
            );
        }
        assert_eq!(ErrorCode::InvalidJson.as_str(), "INVALID_JSON");
    }
}
