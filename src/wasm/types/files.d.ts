// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// The types of the entries built with feature `files`.

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

export interface PreloadResult {
    /** `""` when nothing was inlined. */
    block: string;
    manifest: PreloadManifest;
}

export interface PreloadManifest {
    /** One record per reference, in order. */
    files: Array<FileRecord>;
    totals: PreloadTotals;
}

/** What happened to one reference. */
export interface FileRecord extends ItemRecord {
    reasonCode: FileReason;
    /** The path as given. */
    path: string;
    source: string | null;
    /** The content's size in UTF-8 bytes (`null` when none was read). */
    bytes: number | null;
    /** Its lines (`null` when not read as text). */
    lines: number | null;
    /** What its rendered block costs in tokens (`null` when it was never measured). */
    tokens: number | null;
    language: string | null;
    /** For a duplicate: the index of the reference it repeats. */
    duplicateOf: number | null;
}

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

/** Why a reference was or was not inlined. */
export type FileReason = "inlined" | "budget" | "too_many_lines" | "too_large" | "missing" | "path_escape" | "invalid_path" | "binary" | "directory" | "not_a_file" | "secret" | "duplicate";

export interface PreloadTotals {
    references: number;
    inlined: number;
    skipped: number;
    rejected: number;
    duplicates: number;
    /** The block's length in UTF-16 code units. */
    chars: number;
    /** The block's tokens, as `counter` estimates them. */
    tokens: number;
    /** The inlined contents' UTF-8 bytes. */
    bytes: number;
    fanout: number;
    /** `tokens × fanout`: what sending the block to every agent costs. */
    fanoutTokens: number;
    /**
     * What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
     * `tokenCounter`.
     */
    counter: string;
    /**
     * How many times the caller's counter was called (each distinct piece once); `null` for
     * the estimator.
     */
    counterCalls: number | null;
    maxChars: number | null;
    maxTokens: number | null;
}

export interface PathChecks {
    /** One per path, in order. */
    paths: Array<PathCheck>;
}

export interface PathCheck {
    /** As given. */
    path: string;
    /** The one spelling, relative to the base (`null` when refused). */
    normalized: string | null;
    status: PathStatus;
    /** `path_escape`, `invalid_path`, `secret` or `duplicate`; `null` when it may be read. */
    reasonCode: FileReason | null;
    reason: string | null;
    /** For a duplicate: the index of the path it repeats. */
    duplicateOf: number | null;
}

/** What may be done with a path. */
export type PathStatus = "read" | "duplicate" | "rejected";

export interface SectionsResult {
    text: string;
    /** The pass that fit: 0 as given, k after step k, one past the last step for the hard cut. */
    pass: number;
    /**
     * The name of the last step applied (`"hard cut"` for the cut; `null` at pass 0 or for
     * an unnamed step).
     */
    step: string | null;
    /** Whether the text was cut to the budget. */
    cut: boolean;
    /** One per section, in order. */
    sections: Array<SectionRecord>;
    totals: SectionsTotals;
}

export interface SectionRecord extends ItemRecord {
    reasonCode: SectionReason;
    /** The final variant's name (`null` when dropped). */
    variant: string | null;
}

/** What became of a section. */
export type SectionReason = "kept" | "switched" | "dropped" | "cut";

export interface SectionsTotals {
    sections: number;
    /** The text's length in UTF-16 code units. */
    chars: number;
    /** The text's tokens, as `counter` estimates them. */
    tokens: number;
    /** Of which the front matter (with the `...` when the hard cut fell in it). */
    frontMatterChars: number;
    /** Passes measured before one fitted (or the cut was made). */
    passesTried: number;
    /**
     * What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
     * `tokenCounter`.
     */
    counter: string;
    /**
     * How many times the caller's counter was called (each distinct piece once); `null` for
     * the estimator.
     */
    counterCalls: number | null;
    maxChars: number | null;
    maxTokens: number | null;
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

/** The vocabularies the estimator is fitted to. */
export type Vocabulary = "o200k" | "cl100k";

/** The references, the contents and the rules. */
export interface PreloadInput {
    /** In order of preference: earlier references are fitted first. */
    references: Array<FileRef>;
    /** The contents the host has; a reference without one is `missing`. */
    contents?: Array<FileContent> | null;
    /**
     * A file with more lines is skipped (default 200 without a budget; none when `maxTokens`
     * or `maxChars` is given: the budget decides).
     */
    maxLines?: number | null;
    /** A file with more UTF-8 bytes is skipped (default: no limit but `limits.maxTextLength`). */
    maxBytes?: number | null;
    /** The block's budget in tokens (default 5,000 when no budget is given). */
    maxTokens?: number | null;
    /**
     * The block's budget in UTF-16 code units. With either budget given, only the given ones
     * apply; both must hold.
     */
    maxChars?: number | null;
    /** Default `bestEffort`. */
    mode?: PreloadMode | null;
    /** How many agents receive the block (default 1): `fanoutTokens` is the cost of sending it. */
    fanout?: number | null;
    /** Inline files whose name or content looks like a credential (default false). */
    allowSecrets?: boolean | null;
    /** The vocabulary tokens are estimated for (default `o200k`). */
    vocabulary?: Vocabulary | null;
    /**
     * End the block with a list of the references that were not inlined, each with its reason
     * code, so the agent knows what it was not given (default true).
     */
    listNotInlined?: boolean | null;
    /**
     * The absolute directory the paths are relative to (`/srv/app`), for absolute paths: one
     * lexically under it is taken in its relative form, one outside it is refused. Without a
     * base every absolute path is refused. The Node reader passes its `baseDir`.
     */
    base?: string | null;
}

/** A file the prompt refers to. */
export interface FileRef {
    /** Relative to the base the host reads from (`src/App.jsx`). */
    path: string;
    /** Where the reference came from, for the record (`contexts[].sourceFile`). */
    source?: string | null;
}

/** A content as the host read it. */
export interface FileContent {
    /** Matched to references after normalisation (`./a.js` supplies `a.js`). */
    path: string;
    /**
     * The text, or the bytes as read (numbers 0–255: a host that could not decode them as
     * UTF-8 hands them over, and the core judges them binary; in JavaScript also a
     * `Uint8Array`, such as the `Buffer` `readFileSync` returns, or an `ArrayBuffer`, read as
     * its text when it is valid UTF-8); absent when the host did not read it (a directory, or a
     * file refused by size).
     */
    content?: string | number[] | Uint8Array | ArrayBuffer | null;
    /**
     * Default `file`. A reader of a real disk says `outside` for a path whose real path
     * leaves the base, `directory`, or `other` for FIFOs, sockets and devices.
     */
    kind?: EntryKind | null;
    /**
     * The file's size in bytes, when the host knows it: without a content (refused before
     * reading), or with only the head of the file as content (the Node reader sends a binary
     * file's head up to its first invalid UTF-8); with both, the larger is the file's.
     */
    size?: number | null;
    /**
     * Where the disk resolves `path` to, every symlink followed, relative to the base's own
     * real path (`.env` for `src/settings.txt -> ../.env`): the secret-name rules apply to it
     * as to `path`. A reader of a real disk fills it (the Node reader does).
     */
    realPath?: string | null;
}

/** What a path names on the host's side. */
export type EntryKind = "file" | "directory" | "other" | "outside";

/** What to do when the files do not all fit. */
export type PreloadMode = "bestEffort" | "strict";

export interface PathsInput {
    paths: Array<string>;
    /** Let names that look like credential files through (default false). */
    allowSecrets?: boolean | null;
    /**
     * The absolute directory the paths are relative to, for absolute paths (as `preloadFiles`'
     * `base`).
     */
    base?: string | null;
}

export interface SectionsInput {
    /** In prompt order. */
    sections: Array<PromptSection>;
    /** The degradation plan, applied in order. */
    steps?: Array<SectionStep> | null;
    /** Front matter: the agent's plan, under `## Your Plan`. */
    plan?: string | null;
    /**
     * Front matter: the user's answers to clarifying questions, under
     * `## Additional Context from User`.
     */
    userContext?: string | null;
    /** Between two non-empty sections (default `"\n"`). */
    separator?: string | null;
    /** Budget in UTF-16 code units (default 16,000 when no budget is given). */
    maxChars?: number | null;
    /** Budget in tokens. With either budget given, only the given ones apply; both must hold. */
    maxTokens?: number | null;
    /** The vocabulary tokens are estimated for (default `o200k`). */
    vocabulary?: Vocabulary | null;
}

export interface PromptSection {
    /** Unique among the sections. */
    name: string;
    /** Heaviest first: the first is used until a step switches it. */
    variants: Array<SectionVariant>;
}

/** One way of writing a section. */
export interface SectionVariant {
    name: string;
    text: string;
}

/**
 * One step of the degradation plan: the named sections switch to `variant`, or are dropped
 * when it is absent or `null`.
 */
export interface SectionStep {
    /** What the step does, for the result (`"drop HTML from elements"`). */
    name?: string | null;
    sections: Array<string>;
    variant?: string | null;
}
