// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.

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

/** The answer to one event. */
export interface GovernorDecision {
    decision: DecisionKind;
    code: DecisionCode;
    /** The run's status after the event. */
    status: RunStatus;
    /** For people: what was decided and the numbers that decided it. */
    reason: string;
    /** `stuck_patch`: the file. */
    file?: string | null;
    /** `stuck_patch`: the attempts; loops: the repeats. */
    count?: number | null;
}

/** What the host should do. */
export type DecisionKind = "continue" | "warn" | "skip" | "stop" | "escalate" | "stuck";

/** Why, as a stable code. */
export type DecisionCode = "ok" | "budget_warning" | "tests_skipped" | "tests_unchanged" | "budget_exhausted" | "stuck_patch" | "loop_repeat" | "loop_error" | "loop_alternation" | "loop_failure" | "loop_monologue" | "loop_condensation";

/** Where a run stands. */
export type RunStatus = "running" | "done_partial" | "aborted_constraint";

/**
 * The state of a run: everything the next decision depends on. Persist it as JSON
 * (`write_json`, `state()` in JavaScript) and read it back (`Input::read`, `fromState`): the
 * JSON round-trips byte for byte.
 */
export interface GovernorState {
    /** The state's format (1). */
    format: number;
    settings: GovernorSettings;
    status: RunStatus;
    /** The terminal decision, once there is one: every later event answers it. */
    outcome?: GovernorDecision | null;
    /** Events applied (malformed ones are not). */
    events: number;
    used: BudgetUse;
    /** Steps with limits (in the settings' order), then others as first seen, at most 32. */
    steps: Array<StepUse>;
    /** Events refused by the terminal decision (the one that made it, and every later one). */
    refused: number;
    /** Test commands skipped. */
    skipped: number;
    lastTests: TestOutcome;
    /** The last `functional` a `tests_result` gave. */
    functional?: boolean | null;
    /** The last actions, oldest first (as many as the longest loop window). */
    recent: Array<RecentAction>;
    /**
     * Patch fingerprints, most recently attempted kept (at most 128; a new one takes the place
     * of the least recently attempted).
     */
    patches: Array<PatchSeen>;
    /** Patches refused as `stuck` (at most 32 fingerprints). */
    refusedPatches: Array<PatchSeen>;
    /** Commands by count (at most 64; when full, the least issued, then least recent, goes). */
    commands: Array<CommandCount>;
    /** Issues of commands no longer in `commands`. */
    otherCommands: number;
    /** Near-duplicate groups (at most 32, each at most 16 files). */
    families: Array<DuplicateGroup>;
    /** The agent's message run since the last action (absent: none). */
    monologue?: MessageRun | null;
    /** Condensations since the last action (absent: none). */
    condensations?: number | null;
    /** The last red test run, until a patch is applied (absent: none). */
    redTests?: RedTestRun | null;
}

/** The settings a run goes by, resolved from a config: part of every state. */
export interface GovernorSettings {
    profile: RunProfile;
    scope: TaskScope;
    /** Overall limits: commands, tests and web always set; tokens when given. */
    limits: BudgetLimits;
    /** In step-name order. */
    steps: Array<StepLimits>;
    warnAt: number;
    testCommands: Array<string>;
    patchRepeats: number;
    sameResult: number;
    sameError: number;
    alternation: number;
    /** Absent in a state written before agent messages were counted: the default, 3. */
    monologue?: number | null;
    /** Absent in a state written before condensations were counted: the default, 10. */
    condensation?: number | null;
}

/**
 * How strict the run is. `smoke` and `yolo` skip test runs once their budget is spent
 * (assuming success, as those profiles intend); `strict` finishes with partial success only
 * when the last tests passed.
 */
export type RunProfile = "strict" | "fast" | "smoke" | "yolo";

/** How large the task is. */
export type TaskScope = "large" | "normal" | "tiny";

/** Limits of a run or of one step; an absent limit is no limit (overall: the preset's). */
export interface BudgetLimits {
    /** Commands run (test runs included). */
    commands?: number | null;
    /** Test runs (commands a test recogniser matches). */
    tests?: number | null;
    /** Web requests. */
    web?: number | null;
    /** Tokens (as the host's LLM client reports them). */
    tokens?: number | null;
}

/** A step's own limits, in a state. */
export interface StepLimits {
    step: string;
    limits: BudgetLimits;
}

/** Counters of one run or one step. They only grow. */
export interface BudgetUse {
    commands: number;
    tests: number;
    web: number;
    tokens: number;
    patches: number;
}

export interface StepUse {
    step: string;
    used: BudgetUse;
}

/** How the last tests went. */
export type TestOutcome = "none" | "passed" | "failed" | "assumed_passed";

/** One of the last actions, for the loop detectors. */
export interface RecentAction {
    /** The action's hash (its kind and normalised command, target or patch). */
    key: string;
    /** Its result's hash, when known. */
    result?: string | null;
    failed: boolean;
    /** A test command, whose result a later `tests_result` gives. */
    test: boolean;
    /** For reasons: the command, target or file. */
    label: string;
}

/** A patch fingerprint seen, with its attempts. */
export interface PatchSeen {
    fingerprint: string;
    file: string;
    count: number;
    /** The event it was last attempted at (the least recent is forgotten first). */
    last: number;
}

/** A command with the times it was issued. */
export interface CommandCount {
    /** Normalised: whitespace and quoting folded. */
    command: string;
    count: number;
    test: boolean;
    last: number;
}

/** Near-duplicates across files: a suggestion to fix them in one go once two files share it. */
export interface DuplicateGroup {
    kind: DuplicateKind;
    /** Its hash (kind and family text, or the normalised change). */
    key: string;
    /** The error with its particulars masked, or the patch's first changed line. */
    family: string;
    /** Distinct, in the order first seen. */
    files: Array<string>;
    /** Occurrences. */
    count: number;
}

/** Where a group of near-duplicates comes from. */
export type DuplicateKind = "error" | "patch";

/** The agent's last message, and how many times running it has said it with no action between. */
export interface MessageRun {
    /** The hash of the message, whitespace folded. */
    key: string;
    /** Its start, for reasons. */
    label: string;
    count: number;
}

/** A test command whose last run failed, with no patch applied since. */
export interface RedTestRun {
    /** The command, normalised. */
    command: string;
    /** The event at which it was known to have failed. */
    event: number;
}

/** What `governorStep` (Rust: `step`) returns: the next state and the decision. */
export interface GovernorStep {
    state: GovernorState;
    decision: GovernorDecision;
}

/** What a run spent and how it ended. */
export interface GovernorReport {
    status: RunStatus;
    reason: string;
    events: number;
    budgets: Array<BudgetReport>;
    steps: Array<StepReport>;
    patches: number;
    refused: number;
    skipped: number;
    /** The most issued commands (at most 10), most first; ties by first issued. */
    topCommands: Array<CommandReport>;
    refusedPatches: Array<RefusedPatch>;
    suggestions: Array<GroupingSuggestion>;
}

/** One budget's use. */
export interface BudgetReport {
    /** `commands`, `tests`, `web` or `tokens`. */
    budget: string;
    used: number;
    /** `null`: no limit. */
    limit: number | null;
}

export interface StepReport {
    step: string;
    budgets: Array<BudgetReport>;
    patches: number;
}

export interface CommandReport {
    command: string;
    count: number;
    test: boolean;
}

export interface RefusedPatch {
    file: string;
    fingerprint: string;
    /** Attempts of this patch. */
    count: number;
}

/** Near-duplicates to handle in one go. */
export interface GroupingSuggestion {
    kind: DuplicateKind;
    family: string;
    files: Array<string>;
    count: number;
    /** In words, for a prompt. */
    suggestion: string;
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

/** `{modules: {path: {created_by_issue, modified?, classes}}}`, in the order given. */
export interface ModuleRegistry {
    modules?: { [path: string]: ModuleEntry } | null;
}

/** One registry module with its path (the registry's key). */
export interface SourceFile {
    path: string;
    entry: ModuleEntry;
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

/** How a run is governed. Every field is optional: the default is `strict` × `normal`. */
export interface GovernorConfig {
    profile?: RunProfile | null;
    scope?: TaskScope | null;
    /** Each limit given replaces the preset's. */
    limits?: BudgetLimits | null;
    /** Limits per step name (`planner`, `coder`, `verifier`…), beside the overall ones. */
    steps?: { [key: string]: BudgetLimits } | null;
    /** The share of a budget past which decisions warn (default 0.8; 0 < warnAt ≤ 1). */
    warnAt?: number | null;
    /** Test command recognisers, as command lines (`"npm test"`); replaces the defaults. */
    testCommands?: Array<string> | null;
    /** The identical patch attempt refused as `stuck` (default 3: the third). */
    patchRepeats?: number | null;
    loops?: LoopThresholds | null;
}

/** Loop thresholds, after OpenHands' stuck detector. */
export interface LoopThresholds {
    /** The same action with the same result this many times running (default 4). */
    sameResult?: number | null;
    /** The same command failing with the same error this many times running (default 3). */
    sameError?: number | null;
    /** An A-B-A-B alternation over this many steps (default 6; even). */
    alternation?: number | null;
    /** The same agent message this many times running with no action between (default 3). */
    monologue?: number | null;
    /** This many condensations running with no action between (default 10). */
    condensation?: number | null;
}

/**
 * One event of a run. `type` says which fields it has:
 * `command` {command, exitCode?, output?, errors?}; `web_request` {url?};
 * `tokens` {count}; `patch` {file, diff}; `tests_result` {passed, functional?, output?,
 * errors?}; `message` {text, role?}; `condensation` {}. Any may name its `step` (`planner`,
 * `coder`, `verifier`…).
 */
export interface GovernorEvent {
    type: EventType;
    step?: string | null;
    /** `command`: the command line. */
    command?: string | null;
    /** `command`: its exit status, when known (not 0: it failed). */
    exitCode?: number | null;
    /** `command`, `tests_result`: what it printed (or its error), when known. */
    output?: string | null;
    /** `web_request`: the URL or query. */
    url?: string | null;
    /** `tokens`: how many. */
    count?: number | null;
    /** `patch`: the file patched. */
    file?: string | null;
    /** `patch`: the diff (unified diff, or the new text). */
    diff?: string | null;
    /** `tests_result`: whether the tests passed. */
    passed?: boolean | null;
    /** `tests_result`: whether the functional checks (the app runs, the goal is met) passed. */
    functional?: boolean | null;
    /** `command`, `tests_result`: errors by file, as the host's own log parser found them. */
    errors?: Array<ReportedError> | null;
    /** `message`: what was said. */
    text?: string | null;
    /** `message`: who said it (default `agent`). */
    role?: MessageRole | null;
}

/** What happened. */
export type EventType = "command" | "web_request" | "tokens" | "patch" | "tests_result" | "message" | "condensation";

/** An error a host's log parser found: the file it hit and its message. */
export interface ReportedError {
    file: string;
    message: string;
}

/** Who sent a message. */
export type MessageRole = "agent" | "user";

