// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.

/** Any value `JSON.stringify` can write. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored. */
export interface JsondocInput {
    id: string;
    schema_type: string;
    origin_type: Origin;
    /** ISO-8601 (no offset = UTC) or epoch milliseconds. */
    created_at: string | number;
    /** A JSON value, or a string of JSON text (parsed when the document is rendered). */
    data: JsonValue;
    /** An object, or its JSON text (parsed when the document is rendered). */
    metadata?: { [key: string]: JsonValue } | string | null;
    /** Overrides the leaf status computed from `edges`. */
    is_leaf?: boolean | null;
    [other: string]: unknown;
}

/** Free text for the profile's rules, or an explicit intent (which wins). */
export type RequestInput = string | { intent?: string | null; params?: { [key: string]: JsonValue } | null; text?: string | null } | null;

/** Documents as objects, or their JSON array as text (bodies then parsed lazily). */
export type DocumentsInput = JsondocInput[] | string;

export interface AssembleInput extends AssembleOptions { documents: DocumentsInput; profile?: Profile | null }
export interface AssemblerInput extends AssembleOptions { documents: DocumentsInput }
export interface CapInput { documents: DocumentsInput; profile?: Profile | null; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }
export interface AssemblerCapInput { documents: DocumentsInput; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }

/** The last argument of every call (and of `new ContextAssembler`, for all its calls). */
export interface CallOptions {
    /** Each limit given replaces its default; see `Limits`. */
    limits?: Partial<Limits> | null;
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
    /** The trim level of what was included. */
    level: TrimLevel | null;
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
     * (filtered out, or discarded before its body was needed — bodies are converted lazily).
     */
    charsBefore: number | null;
    /** Size of what was included (0 when nothing was). */
    charsAfter: number;
    /**
     * With a token budget: the item in full, in tokens (`null` when never rendered, or
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
export type Action = "full" | "truncated" | "summarized" | "discarded" | "filtered_out";

/**
 * The stable code of a manifest record's `reason`. New codes may be added; a code's meaning
 * never changes.
 */
export type ReasonCode = "kept_full" | "ladder_truncated" | "ladder_summarized" | "nothing_to_cut" | "degraded_to_fit" | "discarded_budget" | "discarded_no_room" | "discarded_after_stop" | "type_excluded" | "type_not_needed";

/** Each term of a document's score, so a debug view can say why it ranked where it did. */
export interface ScoreBreakdown {
    required: number;
    optional: number;
    leaf: number;
    userInput: number;
    recency: number;
}

/** How much of a document is kept. */
export type TrimLevel = "full" | "truncated" | "summarized";

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
    /** What measured `tokens`: `estimate:o200k`; `null` without a token budget. */
    tokenCounter: string | null;
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
 * `"degrade"` (default) first tries its next trim levels (truncated, then summarized) and
 * discards it only if even the summary does not fit, then goes on.
 * `skip` and `degrade` may render every selected document, so with thousands selected they
 * cost more than `stop`, which renders only until the budget is spent.
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
export type DecisionCode = "ok" | "budget_warning" | "tests_skipped" | "budget_exhausted" | "stuck_patch" | "loop_repeat" | "loop_error" | "loop_alternation";

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
export type ErrorCode = "INVALID_INPUT" | "MISSING_FIELD" | "DUPLICATE_ID" | "UNKNOWN_INTENT" | "INVALID_BUDGET" | "INVALID_PATTERN" | "INVALID_PROFILE" | "INVALID_JSON" | "INVALID_TIMESTAMP" | "TOO_DEEP" | "TOO_LARGE" | "FREED";

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
}

export type Others = "include" | "exclude";

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
    /** Recency is measured against this (epoch ms or ISO-8601); default: the newest document. */
    now?: number | string | null;
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
}

/** A lineage edge: `to` was derived from `from`. */
export interface Edge {
    from: string;
    to: string;
}

/** Who wrote a document (`origin_type`). */
export type Origin = "user_input" | "ai_generated";

/** The vocabularies the estimator is fitted to. */
export type Vocabulary = "o200k" | "cl100k";

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
}

/**
 * One event of a run. `type` says which fields it has:
 * `command` {command, exitCode?, output?, errors?}; `web_request` {url?};
 * `tokens` {count}; `patch` {file, diff}; `tests_result` {passed, functional?, output?,
 * errors?}. Any may name its `step` (`planner`, `coder`, `verifier`…).
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
}

/** What happened. */
export type EventType = "command" | "web_request" | "tokens" | "patch" | "tests_result";

/** An error a host's log parser found: the file it hit and its message. */
export interface ReportedError {
    file: string;
    message: string;
}

