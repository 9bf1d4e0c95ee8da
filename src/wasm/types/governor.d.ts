// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// The types of the entries built with feature `governor`.

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

/** What `governorStep` (Rust: `step`) returns: the next state and the decision. */
export interface GovernorStep {
    state: GovernorState;
    decision: GovernorDecision;
}

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

/** Where a run stands. */
export type RunStatus = "running" | "done_partial" | "aborted_constraint";

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
