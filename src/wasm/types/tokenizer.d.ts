// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// The types of the entries built with feature `tokenizer`.

/** The last argument of every call (and of `new ContextAssembler`, for all its calls). */
export interface CallOptions {
    /** Each limit given replaces its default; see `Limits`. */
    limits?: Partial<Limits> | null;
    /**
     * Counts tokens for `maxTokens` budgets instead of the estimator — a model's own tokenizer
     * (e.g. `countTokens` of `ctxpack/tokenizer`). Called only where a token budget is given,
     * only for text that may be rendered, at most once per distinct piece per call; the
     * context's count is the sum of its pieces'. It must return a whole number ≥ 0; a throw or
     * anything else fails the call with `TOKEN_COUNTER_FAILED`. Taken by `assembleContext`,
     * `capContext` and the `ContextAssembler` constructor (for every call it serves).
     */
    tokenCounter?: ((text: string) => number) | null;
}

/** The stable code of a CtxpackError. */
export type CtxpackErrorCode = ErrorCode;

/** Stable error codes. Hosts branch on these; their spelling is part of the public API. */
export type ErrorCode = "INVALID_INPUT" | "MISSING_FIELD" | "DUPLICATE_ID" | "UNKNOWN_INTENT" | "INVALID_BUDGET" | "INVALID_PATTERN" | "INVALID_PROFILE" | "INVALID_JSON" | "INVALID_TIMESTAMP" | "TOO_DEEP" | "TOO_LARGE" | "FREED" | "TOKEN_COUNTER_FAILED" | "BUDGET_EXCEEDED" | "NOT_INITIALIZED";

/** Limits for one call. `Limits::default()` is what every call uses unless told otherwise. */
export interface Limits {
    /** The most documents one call reads (default 1,000,000). */
    maxDocuments: number;
    /**
     * The deepest nesting of any value read: a document body, a profile, a request
     * (default and ceiling 256 — the parsers recurse, and deeper input would need a larger
     * wasm stack than every engine gives).
     */
    maxDepth: number;
    /**
     * The longest string or JSON text one call copies in, in UTF-16 code units (default
     * 268,435,456: twice the JSON text of 100,000 of the writing app's documents). Checked
     * before the text crosses into wasm memory, where it takes up to 3 bytes per unit.
     */
    maxTextLength: number;
}

/** The vocabularies the estimator is fitted to. */
export type Vocabulary = "o200k" | "cl100k";
