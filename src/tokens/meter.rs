//! Measuring a text that is assembled piece by piece (separators, blocks) against a token
//! budget, with whichever counter the caller chose, counting each candidate piece once.
//!
//! The estimator counts incrementally: appending a piece continues the scan where it stopped,
//! so the count of the whole is exact for it and no piece is rescanned. A caller's counter (a
//! model's own tokenizer, handed over from JavaScript or Rust) can only count whole texts: the
//! context's count is then the sum of its pieces' counts, each distinct piece counted at most
//! once per call, and the fitting never re-counts the growing context (the trap that makes
//! fitting quadratic). For the BPE vocabularies models use, pieces meet at a separator that
//! starts with a newline, where the tokenizer splits anyway, except that a block's last
//! punctuation may merge with the newlines after it: the sum is then a token or so over the
//! count of the whole — over, not under, wherever we looked (tests/node/counter.test.mjs
//! checks it against o200k).

use super::{Estimator, Running, TokenCounter};
use crate::hash::Map;
use crate::{Error, ErrorCode, Result};

/// Where a caller's counter is given, for the errors it causes.
pub(crate) const COUNTER_PATH: &str = "/options/tokenCounter";

/// What measures token budgets in one call.
pub enum Meter<'a> {
    /// The estimator (the default), fitted to a vocabulary.
    Estimate(Estimator),
    /// A caller's counter of whole texts.
    Pieces(Pieces<'a>),
}

/// A caller's counter with its memory of the pieces it has counted in this call.
pub struct Pieces<'a> {
    name: String,
    count: &'a mut dyn FnMut(&str) -> Result<usize>,
    seen: Map<String, usize>,
    calls: usize,
}

impl<'a> Pieces<'a> {
    /// `count` answers for one text (or fails with `counter_threw` or
    /// `check_count`'s error); `name` is what the manifest calls it.
    pub fn new(name: impl Into<String>, count: &'a mut dyn FnMut(&str) -> Result<usize>) -> Self {
        Pieces {
            name: name.into(),
            count,
            seen: Map::default(),
            calls: 0,
        }
    }

    fn count(&mut self, text: &str) -> Result<usize> {
        if text.is_empty() {
            return Ok(0);
        }
        if let Some(&n) = self.seen.get(text) {
            return Ok(n);
        }
        self.calls = self.calls.saturating_add(1);
        let n = (self.count)(text)?;
        self.seen.insert(text.to_string(), n);
        Ok(n)
    }
}

impl Meter<'_> {
    /// What a manifest names the counter by: `estimate:o200k`, `host:countTokens`…
    pub fn name(&self) -> &str {
        match self {
            Meter::Estimate(e) => e.name(),
            Meter::Pieces(p) => &p.name,
        }
    }

    /// How many times a caller's counter was called (`None` for the estimator).
    pub fn calls(&self) -> Option<usize> {
        match self {
            Meter::Estimate(_) => None,
            Meter::Pieces(p) => Some(p.calls),
        }
    }

    /// The tokens of `text` on its own.
    pub fn count(&mut self, text: &str) -> Result<usize> {
        match self {
            Meter::Estimate(e) => Ok(e.count(text)),
            Meter::Pieces(p) => p.count(text),
        }
    }

    /// An empty text's running count.
    pub fn start(&self) -> Tally {
        match self {
            Meter::Estimate(e) => Tally::Running(e.running()),
            Meter::Pieces(_) => Tally::Sum(0),
        }
    }

    /// `tally` with `parts` appended, and by how many tokens they grow it.
    pub fn with(&mut self, tally: &Tally, parts: &[&str]) -> Result<(Tally, usize)> {
        let grown = match tally {
            Tally::Running(r) => {
                let mut r = r.clone();
                for p in parts {
                    r.push(p);
                }
                Tally::Running(r)
            }
            Tally::Sum(n) => {
                let mut sum = *n;
                for p in parts {
                    sum = sum.saturating_add(self.count(p)?);
                }
                Tally::Sum(sum)
            }
        };
        let grows = grown.tokens().saturating_sub(tally.tokens());
        Ok((grown, grows))
    }
}

/// A running count of a growing text.
// The estimator's state is the variant nearly every count holds, and a tally lives on the stack
// while a text is measured: boxing it would allocate a state per count.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tally {
    Running(Running),
    Sum(usize),
}

impl Tally {
    pub fn tokens(&self) -> usize {
        match self {
            Tally::Running(r) => r.tokens(),
            Tally::Sum(n) => *n,
        }
    }
}

/// A caller's counter's answer, checked: a whole number of tokens from 0 to 2^53 − 1.
pub(crate) fn check_count(reply: f64) -> Result<usize> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    if reply.is_finite() && reply >= 0.0 && reply.fract() == 0.0 && reply <= MAX_SAFE {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // checked just above
        return Ok(reply as usize);
    }
    Err(Error::new(
        ErrorCode::TokenCounterFailed,
        COUNTER_PATH,
        format!(
            "the token counter returned {}, not a whole number of tokens ≥ 0",
            number_words(reply)
        ),
    ))
}

/// A number as JavaScript prints it (`NaN`, `-Infinity`, `1.5`).
fn number_words(n: f64) -> String {
    if n.is_nan() {
        "NaN".to_string()
    } else if n.is_infinite() {
        (if n > 0.0 { "Infinity" } else { "-Infinity" }).to_string()
    } else {
        crate::json::format_number(n)
    }
}

/// A caller's counter answered with something that is not a number at all.
pub(crate) fn counter_not_a_number(kind: &str) -> Error {
    Error::new(
        ErrorCode::TokenCounterFailed,
        COUNTER_PATH,
        format!("the token counter returned {kind}, not a number of tokens"),
    )
}

/// A caller's counter failed (threw) while counting.
pub(crate) fn counter_threw(message: &str) -> Error {
    Error::new(
        ErrorCode::TokenCounterFailed,
        COUNTER_PATH,
        format!("the token counter threw: {message}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caller_counter_is_called_once_per_distinct_piece() {
        let mut seen = Vec::new();
        let mut count = |t: &str| {
            seen.push(t.to_string());
            Ok(t.len())
        };
        let mut meter = Meter::Pieces(Pieces::new("host", &mut count));
        let start = meter.start();
        let (a, grows) = meter
            .with(&start, &["hello", "\n\n", "hello"])
            .unwrap_or((start.clone(), 0));
        assert_eq!((a.tokens(), grows), (12, 12));
        let (b, _) = meter.with(&a, &["\n\n", "world"]).unwrap_or((a.clone(), 0));
        assert_eq!(b.tokens(), 19);
        assert_eq!(meter.count("hello").ok(), Some(5));
        assert_eq!(meter.calls(), Some(3));
        drop(meter);
        assert_eq!(seen, ["hello", "\n\n", "world"]);
    }

    #[test]
    fn the_estimator_meter_counts_the_whole_text_exactly() {
        let e = Estimator::o200k();
        let mut meter = Meter::Estimate(e);
        let parts = ["第一集", "\n\n", "{\"title\":\"x\"}", " tail"];
        let (t, _) = meter
            .with(&meter.start(), &parts)
            .unwrap_or((Tally::Sum(0), 0));
        assert_eq!(t.tokens(), e.count(&parts.concat()));
        assert_eq!(meter.calls(), None);
    }

    #[test]
    fn a_counters_answer_must_be_a_whole_number() {
        for bad in [f64::NAN, f64::INFINITY, -1.0, 1.5, 1e300, -0.5] {
            let e = check_count(bad).err();
            assert_eq!(
                e.as_ref().map(|e| e.code),
                Some(ErrorCode::TokenCounterFailed),
                "{bad}"
            );
            assert_eq!(e.map(|e| e.path), Some(COUNTER_PATH.to_string()));
        }
        assert_eq!(check_count(0.0).ok(), Some(0));
        assert_eq!(check_count(-0.0).ok(), Some(0));
        assert_eq!(check_count(42.0).ok(), Some(42));
    }
}
