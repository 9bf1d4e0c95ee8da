// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// The types of the entries built with feature `code`.

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

/**
 * What `extractClasses` returns: the language read (`null` for an unsupported extension,
 * with no classes) and the classes in source order.
 */
export interface ExtractedClasses {
    language: Language | null;
    classes: Array<ClassSpan>;
}

/** A language the extractor reads, chosen by the file's extension. */
export type Language = "python" | "typescript" | "javascript" | "dart";

/**
 * One class in a file. Lines are 1-based (`\n`, `\r\n` and a lone `\r` end a line); ranges are
 * half-open, from the first decorator or modifier to the end of the class's last token.
 */
export interface ClassSpan {
    /**
     * The class's name; for `const A = class {…}` the binding's (`A`), for an anonymous
     * `export default class` `"default"`.
     */
    name: string;
    /** The line of the `class` keyword (Python's `ClassDef.lineno`). */
    line: number;
    /** The first line of the class with its decorators and modifiers. */
    startLine: number;
    /** The last line (Python's `end_lineno`; the closing brace's line). */
    endLine: number;
    startByte: number;
    endByte: number;
    /** The same range in UTF-16 code units (JavaScript string indices). */
    startUtf16: number;
    endUtf16: number;
    /** The index in this list of the class it is nested in (directly or inside a method). */
    parent: number | null;
}

/** The registry block and what happened to every listed class. */
export interface RegistryResult {
    text: string;
    /** One record per listed class, in registry order. */
    classes: Array<ClassRecord>;
    /** `path#Class` of listed classes not found in their file. */
    notFound: Array<string>;
    /** Listed files whose content was not given. */
    missingFiles: Array<string>;
    /** `path#Class` of classes dropped by the overall budget, in the order dropped (from the end). */
    dropped: Array<string>;
    /** Length of `text` in UTF-16 units. */
    chars: number;
    /** `text`'s estimated tokens when `maxTokens` was given. */
    tokens: number | null;
    /**
     * What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
     * `tokenCounter`; `null` without `maxTokens`.
     */
    counter: string | null;
    /**
     * How many times the caller's counter was called (each distinct text once); `null` for
     * the estimator and without `maxTokens`.
     */
    counterCalls: number | null;
}

/** One listed class's line in the manifest. */
export interface ClassRecord extends ItemRecord {
    path: string;
    className: string;
    status: ClassStatus;
    /** The class's line in the file, when found. */
    line: number | null;
}

/** What happened to a listed class. */
export type ClassStatus = "included" | "truncated" | "dropped" | "not_found" | "missing_file";

/** What `trackOutputs` returns. */
export interface TrackedOutputs {
    /**
     * Paths with at least one class: created files first, then modified ones not created,
     * in the order given.
     */
    classesDefined: Array<FileClasses>;
    filesCreated: Array<string>;
    /** Modified files whose content was given. */
    filesModified: Array<string>;
    /** Modified files given without content (`null`): skipped, as a file that no longer exists. */
    missing: Array<string>;
}

/** One file's classes. */
export interface FileClasses {
    path: string;
    /** Top-level classes (the importable ones), in source order, each once. */
    classes: Array<string>;
}

/** What `parseModifiedFiles` returns. */
export interface ModifiedFiles {
    /** In first-seen order, each once. */
    paths: Array<string>;
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

/** `{modules: {path: {created_by_issue, modified?, classes}}}`, in the order given. */
export interface ModuleRegistry {
    modules?: { [path: string]: ModuleEntry } | null;
}

/** What the registry says about one file. */
export interface ModuleEntry {
    /** The issue that created the file (shown as `?` when absent). */
    created_by_issue?: number | string | null;
    /** Whether a later issue modified it. */
    modified?: boolean | null;
    classes?: Array<string> | null;
}

/** How the registry block is written. */
export interface RegistryOptions {
    /**
     * Each class's source is cut to this many UTF-16 units (default 2,000: ~500 tokens, what
     * the coding agent this comes from found enough to show fields and method signatures).
     */
    maxCharsPerClass?: number | null;
    /** Prefixes stripped from a Python file's path before it becomes a module path (`src/`). */
    sourceRoots?: Array<string> | null;
    /**
     * The directory of the file that will import (TS/JS/Dart relative imports start there);
     * default the project root.
     */
    importerDir?: string | null;
    /** The whole block's budget in UTF-16 units; whole classes are dropped from the end. */
    maxChars?: number | null;
    /** The whole block's budget in estimated tokens; both budgets hold when both are given. */
    maxTokens?: number | null;
    /** The vocabulary `maxTokens` is estimated for (default `"o200k"`). */
    vocabulary?: Vocabulary | null;
}
