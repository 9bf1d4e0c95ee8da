//! Budgets that say their unit. Every engine takes its limits through these, so a NaN, a
//! negative or a fractional budget is refused the same way everywhere.

use crate::{Error, ErrorCode, Result};

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
pub fn budget_from_f64(n: f64, path: &str) -> Result<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
