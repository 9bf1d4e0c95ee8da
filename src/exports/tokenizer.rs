//! The exact tokenizer's exports (`ctxpack/tokenizer`, and one vocabulary each in
//! `ctxpack/tokenizer/o200k` and `/cl100k`). Its vocabularies are compiled only with those
//! entries' features, so the binding answers each call (`src/wasm/tokenizer.rs`).

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "tokenizer";
            decoders "";
            // Both vocabularies are most of it (docs/TOKENS.md).
            budget 1_650_000;
            calls crate::exports::tokenizer;
            classes [];
            types [];
            #[doc = " The exact number of tokens `text` takes in `vocabulary` (default `\"o200k\"`; the entry's own in"]
            #[doc = " `ctxpack/tokenizer/cl100k`), as OpenAI's tokenizer and `gpt-tokenizer` count it (special"]
            #[doc = " tokens as ordinary text), in time near-linear in its length. Throws `TOO_LARGE` for a text"]
            #[doc = " over `maxTextLength`, `INVALID_INPUT` for a vocabulary the entry does not carry."]
            fn countTokens(text: "string"; vocabulary: "Vocabulary | null", options: "CallOptions | null") -> plain "number" = _ | host count_tokens;
            #[doc = " The token ids of `text` in `vocabulary` (default as for `countTokens`)."]
            fn encodeTokens(text: "string"; vocabulary: "Vocabulary | null", options: "CallOptions | null") -> plain "Uint32Array" = _ | host encode_tokens;
            #[doc = " The text of token ids (a `Uint32Array` or an array of whole numbers) in `vocabulary`"]
            #[doc = " (default as for `countTokens`); `INVALID_INPUT` for an id outside it or ids that end inside a"]
            #[doc = " character."]
            fn decodeTokens(tokens: "Uint32Array | readonly number[]"; vocabulary: "Vocabulary | null", options: "CallOptions | null") -> plain "string" = _ | host decode_tokens;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);
