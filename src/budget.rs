//! Budgets that say their unit. Every engine takes its limits through these, so a NaN, a
//! negative or a fractional budget is refused the same way everywhere.

use crate::{Error, ErrorCode, Result};

/// What a context may take: UTF-16 code units (what `str.length` counts) and/or tokens (as the
/// manifest's counter measures them). Both may be given; both must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    pub max_chars: Option<usize>,
    pub max_tokens: Option<usize>,
}

impl Budget {
    /// `self`'s limits where given, else `fallback`'s — and `default_chars` when neither gives
    /// any limit at all (a budget in tokens alone is not also held to the default in chars).
    pub fn over(self, fallback: Budget, default_chars: usize) -> Budget {
        let max_chars = self.max_chars.or(fallback.max_chars);
        let max_tokens = self.max_tokens.or(fallback.max_tokens);
        Budget {
            max_chars: if max_chars.is_none() && max_tokens.is_none() {
                Some(default_chars)
            } else {
                max_chars
            },
            max_tokens,
        }
    }
}

/// The largest budget accepted: 2^31 − 1 UTF-16 units, beyond any string a JS engine holds.
pub const MAX_BUDGET: f64 = 2_147_483_647.0;

/// `String(n)` as JavaScript writes it. (Rust's float `Display` would do too, but it pulls
/// ~15 KB of formatting code into the wasm for error messages alone.)
pub(crate) fn js_string(n: f64) -> String {
    if n.is_nan() {
        "NaN".to_string()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        crate::json::format_number(n)
    }
}

/// Validates a budget given as a host number: finite, whole, 0 ≤ n ≤ [`MAX_BUDGET`].
pub(crate) fn budget_from_f64(n: f64, path: &str) -> Result<usize> {
    if !n.is_finite() || n < 0.0 || n.fract() != 0.0 || n > MAX_BUDGET {
        return Err(Error::new(
            ErrorCode::InvalidBudget,
            path,
            format!(
                "a budget must be a whole number from 0 to 2147483647, got {}",
                js_string(n)
            ),
        ));
    }
    // In range and whole, so the conversion is exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(n as usize)
}

/// Reads a budget field (`maxChars`, `maxTokens`) of an input: `null` is none, a number is
/// checked by [`budget_from_f64`], anything else is `INVALID_BUDGET`. For `#[shape(with)]`.
pub(crate) fn budget_field(v: &crate::json::Value, path: &str) -> Result<Option<usize>> {
    match v {
        crate::json::Value::Null => Ok(None),
        crate::json::Value::Number(n) => budget_from_f64(*n, path).map(Some),
        _ => {
            let name = path.rsplit('/').next().unwrap_or("a budget");
            Err(Error::new(
                ErrorCode::InvalidBudget,
                path,
                format!("{name} must be a number"),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_applies_only_when_no_limit_is_given() {
        let none = Budget::default();
        let chars = Budget {
            max_chars: Some(100),
            max_tokens: None,
        };
        let tokens = Budget {
            max_chars: None,
            max_tokens: Some(50),
        };
        assert_eq!(none.over(none, 16_000).max_chars, Some(16_000));
        assert_eq!(tokens.over(none, 16_000), tokens);
        assert_eq!(none.over(tokens, 16_000), tokens);
        // A request's limit replaces the profile's in its unit and keeps the other unit's.
        let both = tokens.over(chars, 16_000);
        assert_eq!((both.max_chars, both.max_tokens), (Some(100), Some(50)));
        assert_eq!(chars.over(chars, 16_000), chars);
    }

    #[test]
    fn refuses_nan_negative_fractional_and_huge() {
        for bad in [f64::NAN, f64::INFINITY, -1.0, 0.5, 3e9] {
            let e = budget_from_f64(bad, "/maxChars").unwrap_err();
            assert_eq!(
                (e.code, e.path.as_str()),
                (ErrorCode::InvalidBudget, "/maxChars"),
                "{bad}"
            );
        }
        assert_eq!(budget_from_f64(16000.0, "").unwrap(), 16000);
        assert_eq!(budget_from_f64(0.0, "").unwrap(), 0);
        assert_eq!(budget_from_f64(-0.0, "").unwrap(), 0);
    }
}
