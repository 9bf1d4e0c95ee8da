//! The calls every entry carries: the version and the token estimate.

use super::Args;
use crate::tokens::{TokenCounter, Vocabulary};
use crate::Result;

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "";
            decoders "";
            calls crate::exports::shared;
            classes [];
            types [];
            #[doc = " The package version."]
            fn version() -> plain "string" = version;
            #[doc = " The token estimate of `text` (the estimator fitted against `vocabulary`, default"]
            #[doc = " `\"o200k\"`; see docs/TOKENS.md for its error and safety margin) — what a `maxTokens` budget"]
            #[doc = " is measured with."]
            fn estimateTokens(text: "string"; vocabulary: "Vocabulary | null", options: "CallOptions | null") -> plain "number" = estimate_tokens;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);

pub(crate) fn version(_: &mut impl Args) -> Result<String> {
    Ok(crate::VERSION.to_string())
}

pub(crate) fn estimate_tokens(a: &mut impl Args) -> Result<f64> {
    let text = a.string(0, "/text", "the text")?;
    let vocabulary: Vocabulary = a.optional_name(1, "/vocabulary")?;
    #[allow(clippy::cast_precision_loss)] // a count below 2^53
    Ok(vocabulary.estimator().count(&text) as f64)
}
