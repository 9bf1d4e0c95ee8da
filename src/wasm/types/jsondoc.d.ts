// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// The types of the entries built with feature `jsondoc`.

/** Any value `JSON.stringify` can write. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored. */
export interface JsondocInput {
    id: string;
    schema_type: string;
    origin_type: Origin;
    /** ISO-8601 (no offset = UTC), epoch milliseconds, or a `Date` (read as its ISO text, as `JSON.stringify` writes it). */
    created_at: string | number | Date;
    /** A JSON value, or a string of JSON text (parsed when the document is rendered). */
    data: JsonValue;
    /** An object, or its JSON text (parsed when the document is rendered). */
    metadata?: { [key: string]: JsonValue } | string | null;
    /** Overrides the leaf status computed from `edges`. */
    is_leaf?: boolean | null;
    [other: string]: unknown;
}

/**
 * Free text for the profile's rules, or an explicit intent (which wins). `userRequest` is the
 * text under the name the writing app sends; given with `text`, the two must be equal.
 */
export type RequestInput = string | { intent?: string | null; params?: { [key: string]: JsonValue } | null; text?: string | null; userRequest?: string | null } | null;

/**
 * JSON text: a string, or its UTF-8 bytes as read from a file or a database column (a
 * `Uint8Array`; a Node `Buffer` is one), which skip transcoding the string into wasm memory.
 * A leading byte-order mark is skipped, as `TextDecoder` does; bytes that are not UTF-8 are
 * `INVALID_JSON`. Long `documents` text, string or bytes, is read a chunk at a time: bytes must
 * not change until the call returns (changed by a token counter, the result is not defined).
 */
export type JsonText = string | Uint8Array;

/** Documents as objects, or their JSON array as text (bodies then parsed lazily). */
export type DocumentsInput = JsondocInput[] | JsonText;

export interface AssembleInput extends AssembleOptions { documents: DocumentsInput; profile?: Profile | null }

export interface AssemblerInput extends AssembleOptions { documents: DocumentsInput }

export interface CapInput { documents: DocumentsInput; profile?: Profile | null; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }

export interface AssemblerCapInput { documents: DocumentsInput; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }

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

/** The record every engine keeps for each input item. */
export interface ItemRecord {
    id: string;
    action: Action;
    /** Why, in words, with the numbers that decided it. */
    reason: string;
    /**
     * Size of the item rendered in full, in the budget's unit; `null` when it was never rendered
     * whole (filtered out, or discarded before its body was needed — bodies are converted
     * lazily —, or rendered only until it surely could not fit).
     */
    charsBefore: number | null;
    /** Size of what was included (0 when nothing was). */
    charsAfter: number;
    /**
     * With a token budget: the item in full, in tokens (`null` when never rendered whole, or
     * without a token budget).
     */
    tokensBefore: number | null;
    /**
     * With a token budget: what including it cost in tokens (0 when it was not included;
     * `null` without a token budget). These add up to the total's `tokens`.
     */
    tokensAfter: number | null;
}

/** What happened to an item. */
export type Action = "full" | "truncated" | "summarized" | "discarded" | "filtered_out" | "inlined" | "skipped" | "rejected" | "duplicate";

export interface Assembly {
    context: string;
    manifest: Manifest;
}

/** Everything ctxpack decided, once per input document. */
export interface Manifest {
    intent: ResolvedIntent;
    /** The `now` recency was measured against (epoch ms). */
    now: number;
    /** Selected documents in rank order, then filtered-out ones in input order. */
    documents: Array<DocRecord>;
    totals: Totals;
    cap: CapReport;
    log: Array<string>;
}

/** The decided intent, as the manifest records it. */
export interface ResolvedIntent {
    intent: string;
    params: { [key: string]: JsonValue };
    source: IntentSource;
    /** The id of the rule that decided (its index if it has no id); `null` unless `source` is `rule`. */
    rule: string | null;
    ruleIndex: number | null;
    /** The request text, if any. */
    text: string | null;
}

/** How the intent was decided. */
export type IntentSource = "given" | "rule" | "default";

/** One input document's line in the manifest. */
export interface DocRecord extends ItemRecord {
    /** The reason as a stable code, for programs (`reason` is its words, for people). */
    reasonCode: ReasonCode;
    schemaType: string;
    /** 0 is best; `null` when filtered out. */
    rank: number | null;
    score: number | null;
    breakdown: ScoreBreakdown | null;
    /** What the lineage edges make of it (docs/PROFILE.md); `null` for none or when filtered out. */
    lineage: Lineage | null;
    /** The trim level of what was included. */
    level: TrimLevel | null;
    /**
     * At level `fitted`: the length (UTF-16 units) its strings were cut at, chosen so that it
     * fills the room left; `null` at every other level.
     */
    cutAt: number | null;
    /** Where the document's block starts in the context (UTF-16 units); its length is `charsAfter`. */
    offset: number | null;
}

/**
 * The stable code of a manifest record's `reason`. New codes may be added; a code's meaning
 * never changes.
 */
export type ReasonCode = "kept_full" | "ladder_truncated" | "ladder_summarized" | "nothing_to_cut" | "degraded_to_fit" | "discarded_budget" | "discarded_no_room" | "discarded_after_stop" | "type_excluded" | "type_not_needed" | "param_mismatch";

/** Each term of a document's score, so a debug view can say why it ranked where it did. */
export interface ScoreBreakdown {
    required: number;
    optional: number;
    leaf: number;
    userInput: number;
    recency: number;
    /** `weights.params` when a `paramMatch` of the intent matched its data. */
    params: number;
    /** The weight of its lineage role (`weights.chosen`, `.superseded` or `.alternative`). */
    lineage: number;
}

export type Lineage = "chosen" | "superseded" | "alternative";

/** How much of a document is kept. */
export type TrimLevel = "full" | "truncated" | "fitted" | "prefix" | "summarized";

export interface Totals {
    documents: number;
    selected: number;
    included: number;
    full: number;
    truncated: number;
    summarized: number;
    discarded: number;
    filteredOut: number;
    /** Length of the context in UTF-16 units. */
    chars: number;
    /** The budget in UTF-16 units; `null` when only tokens were limited. */
    maxChars: number | null;
    /** The context's tokens, when a token budget was given (else `null`). */
    tokens: number | null;
    maxTokens: number | null;
    /**
     * What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
     * function; `null` without a token budget.
     */
    tokenCounter: string | null;
    /**
     * How many times the caller's counter was called (each distinct piece once); `null` for
     * the estimator and without a token budget.
     */
    tokenCounterCalls: number | null;
}

export interface CapReport {
    strategy: CapStrategy;
    /** A document was degraded or discarded for lack of room. */
    hit: boolean;
    discarded: number;
}

/**
 * What to do when the next document (in rank order) does not fit the budget:
 * `"stop"` discards it and everything ranked below it (the reference behaviour);
 * `"skip"` discards it and goes on, so later, smaller documents may still fit;
 * `"degrade"` (default) first cuts it to fill the room left (level `fitted`, else `prefix`;
 * with `trim.fill: false`, truncated), then summarizes it, and discards it only if even the
 * summary does not fit, then goes on.
 * `skip` and `degrade` may read every selected document's body, so with thousands selected
 * they cost more than `stop`, which reads bodies only until the budget is spent; with
 * `maxChars` they render a document only until it surely cannot fit (docs/PROFILE.md).
 */
export type CapStrategy = "stop" | "skip" | "degrade";

/** Result of capping documents already in order (no intent, no scores). */
export interface CapResult {
    context: string;
    documents: Array<DocRecord>;
    totals: Totals;
    cap: CapReport;
    log: Array<string>;
}

/** The ranked selection without trimming or capping. */
export interface Prioritized {
    intent: ResolvedIntent;
    now: number;
    /** Selected documents, best first. */
    ranked: Array<RankedRecord>;
    /** Documents the intent does not need, in input order, with the reason. */
    filtered: Array<FilteredRecord>;
}

export interface RankedRecord {
    id: string;
    schemaType: string;
    rank: number;
    score: number;
    breakdown: ScoreBreakdown;
    lineage: Lineage | null;
}

export interface FilteredRecord {
    id: string;
    schemaType: string;
    reason: string;
    reasonCode: ReasonCode;
}

/** The place in JSON text of the value a pointer names, or of its deepest part that exists. */
export interface JsonLocation {
    /** 1-based line of the value's first character. */
    line: number;
    /** 1-based column, in UTF-16 code units. */
    column: number;
    /** The value's first character as a UTF-16 index into the text (for `setSelectionRange`). */
    offset: number;
    /**
     * The part of the pointer found in the text: all of it when `exact`, else the deepest
     * existing parent (a missing field is shown at the object that lacks it).
     */
    found: string;
    exact: boolean;
}

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

export interface Profile {
    /** Intent used when the request names none and no rule matches (default `"default"`). */
    defaultIntent?: string | null;
    /** Alternative schema type names → the name used in `intents`. */
    typeAliases?: { [key: string]: string } | null;
    intents?: { [key: string]: IntentSpec } | null;
    /** Ordered; the first matching rule decides the intent. */
    rules?: Array<RuleSpec> | null;
    weights?: Weights | null;
    trim?: TrimSpec | null;
    budget?: BudgetSpec | null;
    cap?: CapStrategy | null;
    render?: RenderSpec | null;
    /**
     * Types whose documents are alternatives of one another (ideas generated side by side): one
     * nothing was built on, beside a sibling that was, is an `alternative` (docs/PROFILE.md).
     */
    alternatives?: Array<string> | null;
}

export interface IntentSpec {
    description?: string | null;
    /** Types this intent needs (scored +`weights.required`). */
    required?: Array<string> | null;
    /** Types that help (scored +`weights.optional`). */
    optional?: Array<string> | null;
    /** Types never sent for this intent. */
    excluded?: Array<string> | null;
    /** Types listed nowhere: included (no type bonus) or filtered out. Default `"exclude"`. */
    others?: Others | null;
    /**
     * Selection by the request's params: a document of the named types whose data matches
     * them is required (whatever its type's list says) and scored `weights.params`; one that
     * does not is left out, or keeps its type's role (`otherwise`). A matcher whose params the
     * request does not carry is not applied.
     */
    paramMatch?: Array<ParamMatchSpec> | null;
}

export type Others = "include" | "exclude";

/** One matcher of `paramMatch`: `field` of the document's data against the request's params. */
export interface ParamMatchSpec {
    /** The document types it applies to, as `intents` names them (aliases are resolved). */
    types: Array<string>;
    /** A JSON pointer into the document's `data`, e.g. `/episodeNumber`. */
    field: string;
    /** The param the field must equal (same type and value), e.g. `episode`. */
    equals?: string | null;
    /**
     * Two params the field must lie between, inclusive, all three numbers, e.g.
     * `["episodeStart", "episodeEnd"]`.
     */
    between?: Array<string> | null;
    /**
     * One param holding both bounds, inclusive, as the writing app sends a range
     * (`{episodeRange: "7-12"}`; also `"7–12"`, `"第7-12集"`, `[7, 12]`, or one number).
     */
    range?: string | null;
    /**
     * A document of these types that does not match: `"exclude"` (default) or `"keep"` (it
     * keeps its type's role).
     */
    otherwise?: Otherwise | null;
}

/** What `paramMatch` does with a document that does not match. */
export type Otherwise = "exclude" | "keep";

export interface RuleSpec {
    /** A name for the manifest (default: `rule <index>`). */
    id?: string | null;
    intent: string;
    /** Any of these, as a case-insensitive substring of the request text. */
    keywords?: Array<string> | null;
    /**
     * A regular expression (Rust `regex-lite` syntax: linear time, ASCII-only `(?i)` and `\d`); named
     * captures become params.
     */
    pattern?: string | null;
    /** Params set when the rule matches; captures override them. */
    params?: { [key: string]: JsonValue } | null;
}

export interface Weights {
    required?: number | null;
    optional?: number | null;
    leaf?: number | null;
    userInput?: number | null;
    recency?: number | null;
    /** Age at which the recency term is half its weight: `recency × H / (H + age)`. */
    recencyHalfLifeMs?: number | null;
    /** Added for a document a `paramMatch` of the intent matched (default 5). */
    params?: number | null;
    /** Added for a document something of another type was derived from (default 5). */
    chosen?: number | null;
    /** Added for a document a newer one of its type was derived from (default -5). */
    superseded?: number | null;
    /** Added for an alternative nobody built on (default -5). */
    alternative?: number | null;
}

export interface TrimSpec {
    /** Ranks below this are kept in full (default 4). */
    fullRanks?: number | null;
    /** Ranks at or past this fraction of the ranked list are summarized (default 0.5). */
    summarizeFrom?: number | null;
    truncateAt?: number | null;
    truncateMarker?: string | null;
    summarizeAt?: number | null;
    summarizeMarker?: string | null;
    /**
     * Under cap `degrade`, a document that does not fit at its level first has its strings
     * cut at the length that fills the room left (level `fitted`), before it is summarized
     * (default `true`; `false` gives the three coarse levels alone).
     */
    fill?: boolean | null;
}

export interface BudgetSpec {
    /**
     * UTF-16 code units for the whole rendered context (default 16,000 when no budget is
     * given at all).
     */
    maxChars?: number | null;
    /**
     * Tokens for the whole rendered context, as the manifest's counter measures them (the
     * estimator fitted against o200k, `estimate:o200k`). Given alone, it is the only limit.
     */
    maxTokens?: number | null;
}

export interface RenderSpec {
    /**
     * Line before each document; `{id}`, `{schema_type}`, `{origin_type}`, `{rank}` are replaced.
     * An empty header puts the JSON alone.
     */
    header?: string | null;
    /** Between documents (default a blank line). */
    separator?: string | null;
    /** JSON indentation as in `JSON.stringify(v, null, indent)`; 0 = compact (default). */
    indent?: number | null;
    body?: BodyMode | null;
}

export type BodyMode = "data" | "document";

/** Per-request settings; each overrides the profile's. */
export interface AssembleOptions {
    /** Free text for the profile's rules, or an explicit intent (which wins). */
    request?: RequestInput | null;
    /**
     * Recency is measured against this (epoch ms, ISO-8601, or a `Date` in JavaScript); default:
     * the newest document.
     */
    now?: number | string | Date | null;
    /** Lineage edges; a document nothing was derived from is a leaf. */
    edges?: Array<Edge> | null;
    /** Budget for the whole context in UTF-16 code units (what `str.length` counts). */
    maxChars?: number | null;
    /**
     * Budget for the whole context in tokens (counted by the estimator fitted against
     * o200k). With either budget given, only the given ones apply; both must hold.
     */
    maxTokens?: number | null;
    cap?: CapStrategy | null;
    /** The order included documents are rendered in (default `"rank"`). */
    order?: RenderOrder | null;
}

/** A lineage edge: `to` was derived from `from`. */
export interface Edge {
    from: string;
    to: string;
}

/**
 * The order the included documents are rendered in; ranking decides only *what* is included.
 * `"rank"` (default): best first. `"input"`: the order of `documents` — an app that appends new
 * rows keeps the context's prefix from one request to the next, which providers' prompt caches
 * reuse (docs/PROFILE.md, "Render order").
 */
export type RenderOrder = "rank" | "input";

/** Who wrote a document (`origin_type`). */
export type Origin = "user_input" | "ai_generated";

/** The vocabularies the estimator is fitted to. */
export type Vocabulary = "o200k" | "cl100k";
