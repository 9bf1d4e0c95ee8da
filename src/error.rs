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
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(code: ErrorCode, path: impl Into<String>, message: impl Into<String>) -> Self {
        Error {
            code,
            path: path.into(),
            message: message.into(),
        }
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
            write!(f, "{}: {}", self.code.as_str(), self.message)
        } else {
            write!(
                f,
                "{} at {}: {}",
                self.code.as_str(),
                self.path,
                self.message
            )
        }
    }
}

impl std::error::Error for Error {}

/// Appends one reference token to a JSON pointer, escaping `~` and `/` as RFC 6901 asks.
pub fn pointer_push(base: &str, token: &str) -> String {
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
