// Generated from the Rust types by src/ts_types.rs (UPDATE_TYPES=1 cargo test ts_types). Do not edit.

/** Any value `JSON.stringify` can write. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored. */
export interface JsondocInput {
    id: string;
    schema_type: string;
    origin_type: "user_input" | "ai_generated";
    /** ISO-8601 (no offset = UTC) or epoch milliseconds. */
    created_at: string | number;
    /** A JSON value, or a string of JSON text (parsed when the document is rendered). */
    data: JsonValue;
    metadata?: { [key: string]: JsonValue } | null;
    /** Overrides the leaf status computed from `edges`. */
    is_leaf?: boolean | null;
    [other: string]: unknown;
}

/** Free text for the profile's rules, or an explicit intent (which wins). */
export type RequestInput = string | { intent?: string | null; params?: { [key: string]: JsonValue } | null; text?: string | null } | null;

/** Per-request settings; each overrides the profile's. */
export interface RequestOptions {
    request?: RequestInput;
    /** Recency is measured against this (epoch ms or ISO-8601); default: the newest document. */
    now?: number | string | null;
    /** Lineage edges; a document nothing was derived from is a leaf. */
    edges?: Edge[] | null;
    /** Budget for the whole context in UTF-16 code units (what `str.length` counts). */
    maxChars?: number | null;
    cap?: CapStrategy | null;
}

/** Documents as objects, or their JSON array as text (bodies then parsed lazily). */
export type DocumentsInput = JsondocInput[] | string;

export interface AssembleInput extends RequestOptions { documents: DocumentsInput; profile?: Profile | null }
export interface AssemblerInput extends RequestOptions { documents: DocumentsInput }
export interface CapInput { documents: DocumentsInput; profile?: Profile | null; maxChars?: number | null; cap?: CapStrategy | null }
export interface AssemblerCapInput { documents: DocumentsInput; maxChars?: number | null; cap?: CapStrategy | null }

/** The last argument of every call (and of `new ContextAssembler`, for all its calls). */
export interface CallOptions {
    /** Each limit given replaces its default; see `Limits`. */
    limits?: Partial<Limits> | null;
}

/** The stable code of a CtxpackError. */
export type CtxpackErrorCode = ErrorCode;

export type ErrorCode = "INVALID_INPUT" | "MISSING_FIELD" | "DUPLICATE_ID" | "UNKNOWN_INTENT" | "INVALID_BUDGET" | "INVALID_PATTERN" | "INVALID_PROFILE" | "INVALID_JSON" | "INVALID_TIMESTAMP" | "TOO_DEEP" | "TOO_LARGE" | "FREED";

export type Limits = { 
/**
 * The most documents one call reads (default 1,000,000).
 */
maxDocuments: number, 
/**
 * The deepest nesting of any value read: a document body, a profile, a request
 * (default and ceiling 256 — the parsers recurse, and deeper input would need a larger
 * wasm stack than every engine gives).
 */
maxDepth: number, 
/**
 * The longest string or JSON text one call copies in, in UTF-16 code units (default
 * 268,435,456: twice the JSON text of 100,000 of the writing app's documents). Checked
 * before the text crosses into wasm memory, where it takes up to 3 bytes per unit.
 */
maxTextLength: number, };

export type Action = "full" | "truncated" | "summarized" | "discarded" | "filtered_out";

export type ItemRecord = { id: string, action: Action, 
/**
 * Why, in words, with the numbers that decided it.
 */
reason: string, 
/**
 * Size of the item rendered in full, in the budget's unit; `null` when it was never rendered
 * (filtered out, or discarded before its body was needed — bodies are converted lazily).
 */
charsBefore: number | null, 
/**
 * Size of what was included (0 when nothing was).
 */
charsAfter: number, };

export type Profile = { 
/**
 * Intent used when the request names none and no rule matches (default `"default"`).
 */
defaultIntent?: string, 
/**
 * Alternative schema type names → the name used in `intents`.
 */
typeAliases?: { [key in string]: string }, intents?: { [key in string]: IntentSpec }, 
/**
 * Ordered; the first matching rule decides the intent.
 */
rules?: Array<RuleSpec>, weights?: Weights, trim?: TrimSpec, budget?: BudgetSpec, cap?: CapStrategy, render?: RenderSpec, };

export type IntentSpec = { description?: string, 
/**
 * Types this intent needs (scored +`weights.required`).
 */
required?: Array<string>, 
/**
 * Types that help (scored +`weights.optional`).
 */
optional?: Array<string>, 
/**
 * Types never sent for this intent.
 */
excluded?: Array<string>, 
/**
 * Types listed nowhere: included (no type bonus) or filtered out. Default `"exclude"`.
 */
others?: Others, };

export type Others = "include" | "exclude";

export type RuleSpec = { 
/**
 * A name for the manifest (default: `rule <index>`).
 */
id?: string, intent: string, 
/**
 * Any of these, as a case-insensitive substring of the request text.
 */
keywords?: Array<string>, 
/**
 * A regular expression (Rust `regex-lite` syntax: linear time, ASCII-only `(?i)` and `\d`); named
 * captures become params.
 */
pattern?: string, 
/**
 * Params set when the rule matches; captures override them.
 */
params?: Record<string, JsonValue>, };

export type Weights = { required?: number, optional?: number, leaf?: number, userInput?: number, recency?: number, 
/**
 * Age at which the recency term is half its weight: `recency × H / (H + age)`.
 */
recencyHalfLifeMs?: number, };

export type TrimSpec = { 
/**
 * Ranks below this are kept in full (default 4).
 */
fullRanks?: number, 
/**
 * Ranks at or past this fraction of the ranked list are summarized (default 0.5).
 */
summarizeFrom?: number, truncateAt?: number, truncateMarker?: string, summarizeAt?: number, summarizeMarker?: string, };

export type BudgetSpec = { 
/**
 * UTF-16 code units for the whole rendered context (default 16,000).
 */
maxChars?: number, };

export type CapStrategy = "stop" | "skip" | "degrade";

export type RenderSpec = { 
/**
 * Line before each document; `{id}`, `{schema_type}`, `{origin_type}`, `{rank}` are replaced.
 * An empty header puts the JSON alone.
 */
header?: string, 
/**
 * Between documents (default a blank line).
 */
separator?: string, 
/**
 * JSON indentation as in `JSON.stringify(v, null, indent)`; 0 = compact (default).
 */
indent?: number, body?: BodyMode, };

export type BodyMode = "data" | "document";

export type Edge = { from: string, to: string, };

export type TrimLevel = "full" | "truncated" | "summarized";

export type IntentSource = "given" | "rule" | "default";

export type ResolvedIntent = { intent: string, params: Record<string, JsonValue>, source: IntentSource, 
/**
 * The id of the rule that decided (its index if it has no id); `null` unless `source` is `rule`.
 */
rule: string | null, ruleIndex: number | null, 
/**
 * The request text, if any.
 */
text: string | null, };

export type ScoreBreakdown = { required: number, optional: number, leaf: number, userInput: number, recency: number, };

export type DocRecord = { schemaType: string, 
/**
 * 0 is best; `null` when filtered out.
 */
rank: number | null, score: number | null, breakdown: ScoreBreakdown | null, 
/**
 * The trim level of what was included.
 */
level: TrimLevel | null, 
/**
 * Where the document's block starts in the context (UTF-16 units); its length is `charsAfter`.
 */
offset: number | null, id: string, action: Action, 
/**
 * Why, in words, with the numbers that decided it.
 */
reason: string, 
/**
 * Size of the item rendered in full, in the budget's unit; `null` when it was never rendered
 * (filtered out, or discarded before its body was needed — bodies are converted lazily).
 */
charsBefore: number | null, 
/**
 * Size of what was included (0 when nothing was).
 */
charsAfter: number, };

export type Totals = { documents: number, selected: number, included: number, full: number, truncated: number, summarized: number, discarded: number, filteredOut: number, 
/**
 * Length of the context in UTF-16 units.
 */
chars: number, maxChars: number, };

export type CapReport = { strategy: CapStrategy, 
/**
 * A document was degraded or discarded for lack of room.
 */
hit: boolean, discarded: number, };

export type Manifest = { intent: ResolvedIntent, 
/**
 * The `now` recency was measured against (epoch ms).
 */
now: number, 
/**
 * Selected documents in rank order, then filtered-out ones in input order.
 */
documents: Array<DocRecord>, totals: Totals, cap: CapReport, log: Array<string>, };

export type Assembly = { context: string, manifest: Manifest, };

export type Prioritized = { intent: ResolvedIntent, now: number, 
/**
 * Selected documents, best first.
 */
ranked: Array<RankedRecord>, 
/**
 * Documents the intent does not need, in input order, with the reason.
 */
filtered: Array<FilteredRecord>, };

export type RankedRecord = { id: string, schemaType: string, rank: number, score: number, breakdown: ScoreBreakdown, };

export type FilteredRecord = { id: string, schemaType: string, reason: string, };

export type CapResult = { context: string, documents: Array<DocRecord>, totals: Totals, cap: CapReport, log: Array<string>, };
