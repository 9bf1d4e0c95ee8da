# Generated from the Rust declarations by src/shape/python_types.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
"""The types of ctxpack's inputs and results: the shapes the TypeScript types declare, as
TypedDicts and Literals (results are plain dicts of these shapes)."""

from __future__ import annotations

from datetime import datetime
from typing import Callable, Literal, NotRequired, Optional, TypeAlias, TypedDict, Union

__all__ = [
    "Action",
    "AssembleInput",
    "AssembleOptions",
    "AssemblerInput",
    "Assembly",
    "BodyMode",
    "BudgetLimits",
    "BudgetReport",
    "BudgetSpec",
    "BudgetUse",
    "CallOptions",
    "CapReport",
    "CapResult",
    "CapStrategy",
    "ClassRecord",
    "ClassSpan",
    "ClassStatus",
    "CommandCount",
    "CommandReport",
    "DecisionCode",
    "DecisionKind",
    "DocRecord",
    "DocumentsInput",
    "DuplicateGroup",
    "DuplicateKind",
    "Edge",
    "EntryKind",
    "ErrorCode",
    "EventType",
    "ExtractedClasses",
    "FileClasses",
    "FileContent",
    "FileReason",
    "FileRecord",
    "FileRef",
    "FilteredRecord",
    "GovernorConfig",
    "GovernorDecision",
    "GovernorEvent",
    "GovernorReport",
    "GovernorSettings",
    "GovernorState",
    "GovernorStep",
    "GroupingSuggestion",
    "IntentSource",
    "IntentSpec",
    "ItemRecord",
    "JsonLocation",
    "JsonText",
    "JsonValue",
    "JsondocInput",
    "Language",
    "Limits",
    "Lineage",
    "LoopThresholds",
    "Manifest",
    "MessageRole",
    "MessageRun",
    "ModifiedFiles",
    "ModuleEntry",
    "ModuleRegistry",
    "Origin",
    "Others",
    "Otherwise",
    "ParamMatchSpec",
    "PatchSeen",
    "PathCheck",
    "PathChecks",
    "PathStatus",
    "PathsInput",
    "PreloadInput",
    "PreloadManifest",
    "PreloadMode",
    "PreloadResult",
    "PreloadTotals",
    "Prioritized",
    "Profile",
    "PromptSection",
    "RankedRecord",
    "ReasonCode",
    "RecentAction",
    "RedTestRun",
    "RefusedPatch",
    "RegistryOptions",
    "RegistryResult",
    "RenderOrder",
    "RenderSpec",
    "ReportedError",
    "RequestInput",
    "RequestObject",
    "ResolvedIntent",
    "RuleSpec",
    "RunProfile",
    "RunStatus",
    "ScoreBreakdown",
    "SectionReason",
    "SectionRecord",
    "SectionStep",
    "SectionVariant",
    "SectionsInput",
    "SectionsResult",
    "SectionsTotals",
    "SourceFile",
    "StepLimits",
    "StepReport",
    "StepUse",
    "TaskScope",
    "TestOutcome",
    "Totals",
    "TrackedOutputs",
    "TrimLevel",
    "TrimSpec",
    "Vocabulary",
    "Weights",
]

class PreloadResult(TypedDict):
    block: str
    """`""` when nothing was inlined."""
    manifest: PreloadManifest


class PreloadManifest(TypedDict):
    files: list[FileRecord]
    """One record per reference, in order."""
    totals: PreloadTotals


class ItemRecord(TypedDict):
    """The record every engine keeps for each input item."""

    id: str
    action: Action
    reason: str
    """Why, in words, with the numbers that decided it."""
    charsBefore: Optional[float]
    """Size of the item rendered in full, in the budget's unit; `null` when it was never rendered
    whole (filtered out, or discarded before its body was needed — bodies are converted
    lazily —, or rendered only until it surely could not fit).
    """
    charsAfter: float
    """Size of what was included (0 when nothing was)."""
    tokensBefore: Optional[float]
    """With a token budget: the item in full, in tokens (`null` when never rendered whole, or
    without a token budget).
    """
    tokensAfter: Optional[float]
    """With a token budget: what including it cost in tokens (0 when it was not included;
    `null` without a token budget). These add up to the total's `tokens`.
    """


class FileRecord(ItemRecord):
    """What happened to one reference."""

    reasonCode: FileReason
    path: str
    """The path as given."""
    source: Optional[str]
    bytes: Optional[float]
    """The content's size in UTF-8 bytes (`null` when none was read)."""
    lines: Optional[float]
    """Its lines (`null` when not read as text)."""
    tokens: Optional[float]
    """What its rendered block costs in tokens (`null` when it was never measured)."""
    language: Optional[str]
    duplicateOf: Optional[float]
    """For a duplicate: the index of the reference it repeats."""


Action: TypeAlias = Literal["full", "truncated", "summarized", "discarded", "filtered_out", "inlined", "skipped", "rejected", "duplicate"]
"""What happened to an item."""


FileReason: TypeAlias = Literal["inlined", "budget", "too_many_lines", "too_large", "missing", "path_escape", "invalid_path", "binary", "directory", "not_a_file", "secret", "duplicate"]
"""Why a reference was or was not inlined."""


class PreloadTotals(TypedDict):
    references: float
    inlined: float
    skipped: float
    rejected: float
    duplicates: float
    chars: float
    """The block's length in UTF-16 code units."""
    tokens: float
    """The block's tokens, as `counter` estimates them."""
    bytes: float
    """The inlined contents' UTF-8 bytes."""
    fanout: float
    fanoutTokens: float
    """`tokens × fanout`: what sending the block to every agent costs."""
    counter: str
    """What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    `tokenCounter`.
    """
    counterCalls: Optional[float]
    """How many times the caller's counter was called (each distinct piece once); `null` for
    the estimator.
    """
    maxChars: Optional[float]
    maxTokens: Optional[float]


class PathChecks(TypedDict):
    paths: list[PathCheck]
    """One per path, in order."""


class PathCheck(TypedDict):
    path: str
    """As given."""
    normalized: Optional[str]
    """The one spelling, relative to the base (`null` when refused)."""
    status: PathStatus
    reasonCode: Optional[FileReason]
    """`path_escape`, `invalid_path`, `secret` or `duplicate`; `null` when it may be read."""
    reason: Optional[str]
    duplicateOf: Optional[float]
    """For a duplicate: the index of the path it repeats."""


PathStatus: TypeAlias = Literal["read", "duplicate", "rejected"]
"""What may be done with a path."""


SectionsResult = TypedDict("SectionsResult", {"text": "str", "pass": "float", "step": "Optional[str]", "cut": "bool", "sections": "list[SectionRecord]", "totals": "SectionsTotals"})


class SectionRecord(ItemRecord):
    reasonCode: SectionReason
    variant: Optional[str]
    """The final variant's name (`null` when dropped)."""


SectionReason: TypeAlias = Literal["kept", "switched", "dropped", "cut"]
"""What became of a section."""


class SectionsTotals(TypedDict):
    sections: float
    chars: float
    """The text's length in UTF-16 code units."""
    tokens: float
    """The text's tokens, as `counter` estimates them."""
    frontMatterChars: float
    """Of which the front matter (with the `...` when the hard cut fell in it)."""
    passesTried: float
    """Passes measured before one fitted (or the cut was made)."""
    counter: str
    """What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    `tokenCounter`.
    """
    counterCalls: Optional[float]
    """How many times the caller's counter was called (each distinct piece once); `null` for
    the estimator.
    """
    maxChars: Optional[float]
    maxTokens: Optional[float]


class ExtractedClasses(TypedDict):
    """What `extractClasses` returns: the language read (`null` for an unsupported extension,
    with no classes) and the classes in source order.
    """

    language: Optional[Language]
    classes: list[ClassSpan]


Language: TypeAlias = Literal["python", "typescript", "javascript", "dart"]
"""A language the extractor reads, chosen by the file's extension."""


class ClassSpan(TypedDict):
    """One class in a file. Lines are 1-based (`\\n`, `\\r\\n` and a lone `\\r` end a line); ranges are
    half-open, from the first decorator or modifier to the end of the class's last token.
    """

    name: str
    """The class's name; for `const A = class {…}` the binding's (`A`), for an anonymous
    `export default class` `"default"`.
    """
    line: float
    """The line of the `class` keyword (Python's `ClassDef.lineno`)."""
    startLine: float
    """The first line of the class with its decorators and modifiers."""
    endLine: float
    """The last line (Python's `end_lineno`; the closing brace's line)."""
    startByte: float
    endByte: float
    startUtf16: float
    """The same range in UTF-16 code units (JavaScript string indices)."""
    endUtf16: float
    parent: Optional[float]
    """The index in this list of the class it is nested in (directly or inside a method)."""


class RegistryResult(TypedDict):
    """The registry block and what happened to every listed class."""

    text: str
    classes: list[ClassRecord]
    """One record per listed class, in registry order."""
    notFound: list[str]
    """`path#Class` of listed classes not found in their file."""
    missingFiles: list[str]
    """Listed files whose content was not given."""
    dropped: list[str]
    """`path#Class` of classes dropped by the overall budget, in the order dropped (from the end)."""
    chars: float
    """Length of `text` in UTF-16 units."""
    tokens: Optional[float]
    """`text`'s estimated tokens when `maxTokens` was given."""
    counter: Optional[str]
    """What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    `tokenCounter`; `null` without `maxTokens`.
    """
    counterCalls: Optional[float]
    """How many times the caller's counter was called (each distinct text once); `null` for
    the estimator and without `maxTokens`.
    """


class ClassRecord(ItemRecord):
    """One listed class's line in the manifest."""

    path: str
    className: str
    status: ClassStatus
    line: Optional[float]
    """The class's line in the file, when found."""


ClassStatus: TypeAlias = Literal["included", "truncated", "dropped", "not_found", "missing_file"]
"""What happened to a listed class."""


class TrackedOutputs(TypedDict):
    """What `trackOutputs` returns."""

    classesDefined: list[FileClasses]
    """Paths with at least one class: created files first, then modified ones not created,
    in the order given.
    """
    filesCreated: list[str]
    filesModified: list[str]
    """Modified files whose content was given."""
    missing: list[str]
    """Modified files given without content (`null`): skipped, as a file that no longer exists."""


class FileClasses(TypedDict):
    """One file's classes."""

    path: str
    classes: list[str]
    """Top-level classes (the importable ones), in source order, each once."""


class ModifiedFiles(TypedDict):
    """What `parseModifiedFiles` returns."""

    paths: list[str]
    """In first-seen order, each once."""


class GovernorStep(TypedDict):
    """What `governorStep` (Rust: `step`) returns: the next state and the decision."""

    state: GovernorState
    decision: GovernorDecision


class GovernorState(TypedDict):
    """The state of a run: everything the next decision depends on. Persist it as JSON
    (`write_json`, `state()` in JavaScript) and read it back (`Input::read`, `fromState`): the
    JSON round-trips byte for byte.
    """

    format: float
    """The state's format (1)."""
    settings: GovernorSettings
    status: RunStatus
    outcome: NotRequired[Optional[GovernorDecision]]
    """The terminal decision, once there is one: every later event answers it."""
    events: float
    """Events applied (malformed ones are not)."""
    used: BudgetUse
    steps: list[StepUse]
    """Steps with limits (in the settings' order), then others as first seen, at most 32."""
    refused: float
    """Events refused by the terminal decision (the one that made it, and every later one)."""
    skipped: float
    """Test commands skipped."""
    lastTests: TestOutcome
    functional: NotRequired[Optional[bool]]
    """The last `functional` a `tests_result` gave."""
    recent: list[RecentAction]
    """The last actions, oldest first (as many as the longest loop window)."""
    patches: list[PatchSeen]
    """Patch fingerprints, most recently attempted kept (at most 128; a new one takes the place
    of the least recently attempted).
    """
    refusedPatches: list[PatchSeen]
    """Patches refused as `stuck` (at most 32 fingerprints)."""
    commands: list[CommandCount]
    """Commands by count (at most 64; when full, the least issued, then least recent, goes)."""
    otherCommands: float
    """Issues of commands no longer in `commands`."""
    families: list[DuplicateGroup]
    """Near-duplicate groups (at most 32, each at most 16 files)."""
    monologue: NotRequired[Optional[MessageRun]]
    """The agent's message run since the last action (absent: none)."""
    condensations: NotRequired[Optional[float]]
    """Condensations since the last action (absent: none)."""
    redTests: NotRequired[Optional[RedTestRun]]
    """The last red test run, until a patch is applied (absent: none)."""


class GovernorSettings(TypedDict):
    """The settings a run goes by, resolved from a config: part of every state."""

    profile: RunProfile
    scope: TaskScope
    limits: BudgetLimits
    """Overall limits: commands, tests and web always set; tokens when given."""
    steps: list[StepLimits]
    """In step-name order."""
    warnAt: float
    testCommands: list[str]
    patchRepeats: float
    sameResult: float
    sameError: float
    alternation: float
    monologue: NotRequired[Optional[float]]
    """Absent in a state written before agent messages were counted: the default, 3."""
    condensation: NotRequired[Optional[float]]
    """Absent in a state written before condensations were counted: the default, 10."""


RunProfile: TypeAlias = Literal["strict", "fast", "smoke", "yolo"]
"""How strict the run is. `smoke` and `yolo` skip test runs once their budget is spent
(assuming success, as those profiles intend); `strict` finishes with partial success only
when the last tests passed.
"""


TaskScope: TypeAlias = Literal["large", "normal", "tiny"]
"""How large the task is."""


class BudgetLimits(TypedDict):
    """Limits of a run or of one step; an absent limit is no limit (overall: the preset's)."""

    commands: NotRequired[Optional[float]]
    """Commands run (test runs included)."""
    tests: NotRequired[Optional[float]]
    """Test runs (commands a test recogniser matches)."""
    web: NotRequired[Optional[float]]
    """Web requests."""
    tokens: NotRequired[Optional[float]]
    """Tokens (as the host's LLM client reports them)."""


class StepLimits(TypedDict):
    """A step's own limits, in a state."""

    step: str
    limits: BudgetLimits


RunStatus: TypeAlias = Literal["running", "done_partial", "aborted_constraint"]
"""Where a run stands."""


class GovernorDecision(TypedDict):
    """The answer to one event."""

    decision: DecisionKind
    code: DecisionCode
    status: RunStatus
    """The run's status after the event."""
    reason: str
    """For people: what was decided and the numbers that decided it."""
    file: NotRequired[Optional[str]]
    """`stuck_patch`: the file."""
    count: NotRequired[Optional[float]]
    """`stuck_patch`: the attempts; loops: the repeats."""


DecisionKind: TypeAlias = Literal["continue", "warn", "skip", "stop", "escalate", "stuck"]
"""What the host should do."""


DecisionCode: TypeAlias = Literal["ok", "budget_warning", "tests_skipped", "tests_unchanged", "budget_exhausted", "stuck_patch", "loop_repeat", "loop_error", "loop_alternation", "loop_failure", "loop_monologue", "loop_condensation"]
"""Why, as a stable code."""


class BudgetUse(TypedDict):
    """Counters of one run or one step. They only grow."""

    commands: float
    tests: float
    web: float
    tokens: float
    patches: float


class StepUse(TypedDict):
    step: str
    used: BudgetUse


TestOutcome: TypeAlias = Literal["none", "passed", "failed", "assumed_passed"]
"""How the last tests went."""


class RecentAction(TypedDict):
    """One of the last actions, for the loop detectors."""

    key: str
    """The action's hash (its kind and normalised command, target or patch)."""
    result: NotRequired[Optional[str]]
    """Its result's hash, when known."""
    failed: bool
    test: bool
    """A test command, whose result a later `tests_result` gives."""
    label: str
    """For reasons: the command, target or file."""


class PatchSeen(TypedDict):
    """A patch fingerprint seen, with its attempts."""

    fingerprint: str
    file: str
    count: float
    last: float
    """The event it was last attempted at (the least recent is forgotten first)."""


class CommandCount(TypedDict):
    """A command with the times it was issued."""

    command: str
    """Normalised: whitespace and quoting folded."""
    count: float
    test: bool
    last: float


class DuplicateGroup(TypedDict):
    """Near-duplicates across files: a suggestion to fix them in one go once two files share it."""

    kind: DuplicateKind
    key: str
    """Its hash (kind and family text, or the normalised change)."""
    family: str
    """The error with its particulars masked, or the patch's first changed line."""
    files: list[str]
    """Distinct, in the order first seen."""
    count: float
    """Occurrences."""


DuplicateKind: TypeAlias = Literal["error", "patch"]
"""Where a group of near-duplicates comes from."""


class MessageRun(TypedDict):
    """The agent's last message, and how many times running it has said it with no action between."""

    key: str
    """The hash of the message, whitespace folded."""
    label: str
    """Its start, for reasons."""
    count: float


class RedTestRun(TypedDict):
    """A test command whose last run failed, with no patch applied since."""

    command: str
    """The command, normalised."""
    event: float
    """The event at which it was known to have failed."""


class Assembly(TypedDict):
    context: str
    manifest: Manifest


class Manifest(TypedDict):
    """Everything ctxpack decided, once per input document."""

    intent: ResolvedIntent
    now: float
    """The `now` recency was measured against (epoch ms)."""
    documents: list[DocRecord]
    """Selected documents in rank order, then filtered-out ones in input order."""
    totals: Totals
    cap: CapReport
    log: list[str]


class ResolvedIntent(TypedDict):
    """The decided intent, as the manifest records it."""

    intent: str
    params: dict[str, JsonValue]
    source: IntentSource
    rule: Optional[str]
    """The id of the rule that decided (its index if it has no id); `null` unless `source` is `rule`."""
    ruleIndex: Optional[float]
    text: Optional[str]
    """The request text, if any."""


IntentSource: TypeAlias = Literal["given", "rule", "default"]
"""How the intent was decided."""


class DocRecord(ItemRecord):
    """One input document's line in the manifest."""

    reasonCode: ReasonCode
    """The reason as a stable code, for programs (`reason` is its words, for people)."""
    schemaType: str
    rank: Optional[float]
    """0 is best; `null` when filtered out."""
    score: Optional[float]
    breakdown: Optional[ScoreBreakdown]
    lineage: Optional[Lineage]
    """What the lineage edges make of it (docs/PROFILE.md); `null` for none or when filtered out."""
    level: Optional[TrimLevel]
    """The trim level of what was included."""
    cutAt: Optional[float]
    """At level `fitted`: the length (UTF-16 units) its strings were cut at, chosen so that it
    fills the room left; `null` at every other level.
    """
    offset: Optional[float]
    """Where the document's block starts in the context (UTF-16 units); its length is `charsAfter`."""


ReasonCode: TypeAlias = Literal["kept_full", "ladder_truncated", "ladder_summarized", "nothing_to_cut", "degraded_to_fit", "discarded_budget", "discarded_no_room", "discarded_after_stop", "type_excluded", "type_not_needed", "param_mismatch"]
"""The stable code of a manifest record's `reason`. New codes may be added; a code's meaning
never changes.
"""


class ScoreBreakdown(TypedDict):
    """Each term of a document's score, so a debug view can say why it ranked where it did."""

    required: float
    optional: float
    leaf: float
    userInput: float
    recency: float
    params: float
    """`weights.params` when a `paramMatch` of the intent matched its data."""
    lineage: float
    """The weight of its lineage role (`weights.chosen`, `.superseded` or `.alternative`)."""


Lineage: TypeAlias = Literal["chosen", "superseded", "alternative"]


TrimLevel: TypeAlias = Literal["full", "truncated", "fitted", "prefix", "summarized"]
"""How much of a document is kept."""


class Totals(TypedDict):
    documents: float
    selected: float
    included: float
    full: float
    truncated: float
    summarized: float
    discarded: float
    filteredOut: float
    chars: float
    """Length of the context in UTF-16 units."""
    maxChars: Optional[float]
    """The budget in UTF-16 units; `null` when only tokens were limited."""
    tokens: Optional[float]
    """The context's tokens, when a token budget was given (else `null`)."""
    maxTokens: Optional[float]
    tokenCounter: Optional[str]
    """What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    function; `null` without a token budget.
    """
    tokenCounterCalls: Optional[float]
    """How many times the caller's counter was called (each distinct piece once); `null` for
    the estimator and without a token budget.
    """


class CapReport(TypedDict):
    strategy: CapStrategy
    hit: bool
    """A document was degraded or discarded for lack of room."""
    discarded: float


CapStrategy: TypeAlias = Literal["stop", "skip", "degrade"]
"""What to do when the next document (in rank order) does not fit the budget:
`"stop"` discards it and everything ranked below it (the reference behaviour);
`"skip"` discards it and goes on, so later, smaller documents may still fit;
`"degrade"` (default) first cuts it to fill the room left (level `fitted`, else `prefix`;
with `trim.fill: false`, truncated), then summarizes it, and discards it only if even the
summary does not fit, then goes on.
`skip` and `degrade` may read every selected document's body, so with thousands selected
they cost more than `stop`, which reads bodies only until the budget is spent; with
`maxChars` they render a document only until it surely cannot fit (docs/PROFILE.md).
"""


class CapResult(TypedDict):
    """Result of capping documents already in order (no intent, no scores)."""

    context: str
    documents: list[DocRecord]
    totals: Totals
    cap: CapReport
    log: list[str]


class Prioritized(TypedDict):
    """The ranked selection without trimming or capping."""

    intent: ResolvedIntent
    now: float
    ranked: list[RankedRecord]
    """Selected documents, best first."""
    filtered: list[FilteredRecord]
    """Documents the intent does not need, in input order, with the reason."""


class RankedRecord(TypedDict):
    id: str
    schemaType: str
    rank: float
    score: float
    breakdown: ScoreBreakdown
    lineage: Optional[Lineage]


class FilteredRecord(TypedDict):
    id: str
    schemaType: str
    reason: str
    reasonCode: ReasonCode


class JsonLocation(TypedDict):
    """The place in JSON text of the value a pointer names, or of its deepest part that exists."""

    line: float
    """1-based line of the value's first character."""
    column: float
    """1-based column, in UTF-16 code units."""
    offset: float
    """The value's first character as a UTF-16 index into the text (for `setSelectionRange`)."""
    found: str
    """The part of the pointer found in the text: all of it when `exact`, else the deepest
    existing parent (a missing field is shown at the object that lacks it).
    """
    exact: bool


class GovernorReport(TypedDict):
    """What a run spent and how it ended."""

    status: RunStatus
    reason: str
    events: float
    budgets: list[BudgetReport]
    steps: list[StepReport]
    patches: float
    refused: float
    skipped: float
    topCommands: list[CommandReport]
    """The most issued commands (at most 10), most first; ties by first issued."""
    refusedPatches: list[RefusedPatch]
    suggestions: list[GroupingSuggestion]


class BudgetReport(TypedDict):
    """One budget's use."""

    budget: str
    """`commands`, `tests`, `web` or `tokens`."""
    used: float
    limit: Optional[float]
    """`null`: no limit."""


class StepReport(TypedDict):
    step: str
    budgets: list[BudgetReport]
    patches: float


class CommandReport(TypedDict):
    command: str
    count: float
    test: bool


class RefusedPatch(TypedDict):
    file: str
    fingerprint: str
    count: float
    """Attempts of this patch."""


class GroupingSuggestion(TypedDict):
    """Near-duplicates to handle in one go."""

    kind: DuplicateKind
    family: str
    files: list[str]
    count: float
    suggestion: str
    """In words, for a prompt."""


Origin: TypeAlias = Literal["user_input", "ai_generated"]
"""Who wrote a document (`origin_type`)."""


ErrorCode: TypeAlias = Literal["INVALID_INPUT", "MISSING_FIELD", "DUPLICATE_ID", "UNKNOWN_INTENT", "INVALID_BUDGET", "INVALID_PATTERN", "INVALID_PROFILE", "INVALID_JSON", "INVALID_TIMESTAMP", "TOO_DEEP", "TOO_LARGE", "FREED", "TOKEN_COUNTER_FAILED", "BUDGET_EXCEEDED", "NOT_INITIALIZED"]
"""Stable error codes. Hosts branch on these; their spelling is part of the public API."""


class Limits(TypedDict):
    """Limits for one call. `Limits::default()` is what every call uses unless told otherwise."""

    maxDocuments: float
    """The most documents one call reads (default 1,000,000)."""
    maxDepth: float
    """The deepest nesting of any value read: a document body, a profile, a request
    (default and ceiling 256 — the parsers recurse, and deeper input would need a larger
    wasm stack than every engine gives).
    """
    maxTextLength: float
    """The longest string or JSON text one call copies in, in UTF-16 code units (default
    268,435,456: twice the JSON text of 100,000 of the writing app's documents). Checked
    before the text crosses into wasm memory, where it takes up to 3 bytes per unit.
    """


class Profile(TypedDict):
    defaultIntent: NotRequired[Optional[str]]
    """Intent used when the request names none and no rule matches (default `"default"`)."""
    typeAliases: NotRequired[Optional[dict[str, str]]]
    """Alternative schema type names → the name used in `intents`."""
    intents: NotRequired[Optional[dict[str, IntentSpec]]]
    rules: NotRequired[Optional[list[RuleSpec]]]
    """Ordered; the first matching rule decides the intent."""
    weights: NotRequired[Optional[Weights]]
    trim: NotRequired[Optional[TrimSpec]]
    budget: NotRequired[Optional[BudgetSpec]]
    cap: NotRequired[Optional[CapStrategy]]
    render: NotRequired[Optional[RenderSpec]]
    alternatives: NotRequired[Optional[list[str]]]
    """Types whose documents are alternatives of one another (ideas generated side by side): one
    nothing was built on, beside a sibling that was, is an `alternative` (docs/PROFILE.md).
    """


class IntentSpec(TypedDict):
    description: NotRequired[Optional[str]]
    required: NotRequired[Optional[list[str]]]
    """Types this intent needs (scored +`weights.required`)."""
    optional: NotRequired[Optional[list[str]]]
    """Types that help (scored +`weights.optional`)."""
    excluded: NotRequired[Optional[list[str]]]
    """Types never sent for this intent."""
    others: NotRequired[Optional[Others]]
    """Types listed nowhere: included (no type bonus) or filtered out. Default `"exclude"`."""
    paramMatch: NotRequired[Optional[list[ParamMatchSpec]]]
    """Selection by the request's params: a document of the named types whose data matches
    them is required (whatever its type's list says) and scored `weights.params`; one that
    does not is left out, or keeps its type's role (`otherwise`). A matcher whose params the
    request does not carry is not applied.
    """


Others: TypeAlias = Literal["include", "exclude"]


class ParamMatchSpec(TypedDict):
    """One matcher of `paramMatch`: `field` of the document's data against the request's params."""

    types: list[str]
    """The document types it applies to, as `intents` names them (aliases are resolved)."""
    field: str
    """A JSON pointer into the document's `data`, e.g. `/episodeNumber`."""
    equals: NotRequired[Optional[str]]
    """The param the field must equal (same type and value), e.g. `episode`."""
    between: NotRequired[Optional[list[str]]]
    """Two params the field must lie between, inclusive, all three numbers, e.g.
    `["episodeStart", "episodeEnd"]`.
    """
    range: NotRequired[Optional[str]]
    """One param holding both bounds, inclusive, as the writing app sends a range
    (`{episodeRange: "7-12"}`; also `"7–12"`, `"第7-12集"`, `[7, 12]`, or one number).
    """
    otherwise: NotRequired[Optional[Otherwise]]
    """A document of these types that does not match: `"exclude"` (default) or `"keep"` (it
    keeps its type's role).
    """


Otherwise: TypeAlias = Literal["exclude", "keep"]
"""What `paramMatch` does with a document that does not match."""


class RuleSpec(TypedDict):
    id: NotRequired[Optional[str]]
    """A name for the manifest (default: `rule <index>`)."""
    intent: str
    keywords: NotRequired[Optional[list[str]]]
    """Any of these, as a case-insensitive substring of the request text."""
    pattern: NotRequired[Optional[str]]
    """A regular expression (Rust `regex-lite` syntax: linear time, ASCII-only `(?i)` and `\\d`); named
    captures become params.
    """
    params: NotRequired[Optional[dict[str, JsonValue]]]
    """Params set when the rule matches; captures override them."""


class Weights(TypedDict):
    required: NotRequired[Optional[float]]
    optional: NotRequired[Optional[float]]
    leaf: NotRequired[Optional[float]]
    userInput: NotRequired[Optional[float]]
    recency: NotRequired[Optional[float]]
    recencyHalfLifeMs: NotRequired[Optional[float]]
    """Age at which the recency term is half its weight: `recency × H / (H + age)`."""
    params: NotRequired[Optional[float]]
    """Added for a document a `paramMatch` of the intent matched (default 5)."""
    chosen: NotRequired[Optional[float]]
    """Added for a document something of another type was derived from (default 5)."""
    superseded: NotRequired[Optional[float]]
    """Added for a document a newer one of its type was derived from (default -5)."""
    alternative: NotRequired[Optional[float]]
    """Added for an alternative nobody built on (default -5)."""


class TrimSpec(TypedDict):
    fullRanks: NotRequired[Optional[float]]
    """Ranks below this are kept in full (default 4)."""
    summarizeFrom: NotRequired[Optional[float]]
    """Ranks at or past this fraction of the ranked list are summarized (default 0.5)."""
    truncateAt: NotRequired[Optional[float]]
    truncateMarker: NotRequired[Optional[str]]
    summarizeAt: NotRequired[Optional[float]]
    summarizeMarker: NotRequired[Optional[str]]
    fill: NotRequired[Optional[bool]]
    """Under cap `degrade`, a document that does not fit at its level first has its strings
    cut at the length that fills the room left (level `fitted`), before it is summarized
    (default `true`; `false` gives the three coarse levels alone).
    """


class BudgetSpec(TypedDict):
    maxChars: NotRequired[Optional[float]]
    """UTF-16 code units for the whole rendered context (default 16,000 when no budget is
    given at all).
    """
    maxTokens: NotRequired[Optional[float]]
    """Tokens for the whole rendered context, as the manifest's counter measures them (the
    estimator fitted against o200k, `estimate:o200k`). Given alone, it is the only limit.
    """


class RenderSpec(TypedDict):
    header: NotRequired[Optional[str]]
    """Line before each document; `{id}`, `{schema_type}`, `{origin_type}`, `{rank}` are replaced.
    An empty header puts the JSON alone.
    """
    separator: NotRequired[Optional[str]]
    """Between documents (default a blank line)."""
    indent: NotRequired[Optional[float]]
    """JSON indentation as in `JSON.stringify(v, null, indent)`; 0 = compact (default)."""
    body: NotRequired[Optional[BodyMode]]


BodyMode: TypeAlias = Literal["data", "document"]


class AssembleOptions(TypedDict):
    """Per-request settings; each overrides the profile's."""

    request: NotRequired[Optional[RequestInput]]
    """Free text for the profile's rules, or an explicit intent (which wins)."""
    now: NotRequired[Optional[Union[float, str, datetime]]]
    """Recency is measured against this (epoch ms, ISO-8601, or a `Date` in JavaScript); default:
    the newest document.
    """
    edges: NotRequired[Optional[list[Edge]]]
    """Lineage edges; a document nothing was derived from is a leaf."""
    maxChars: NotRequired[Optional[float]]
    """Budget for the whole context in UTF-16 code units (what `str.length` counts)."""
    maxTokens: NotRequired[Optional[float]]
    """Budget for the whole context in tokens (counted by the estimator fitted against
    o200k). With either budget given, only the given ones apply; both must hold.
    """
    cap: NotRequired[Optional[CapStrategy]]
    order: NotRequired[Optional[RenderOrder]]
    """The order included documents are rendered in (default `"rank"`)."""


Edge = TypedDict("Edge", {"from": "str", "to": "str"})
"""A lineage edge: `to` was derived from `from`."""


RenderOrder: TypeAlias = Literal["rank", "input"]
"""The order the included documents are rendered in; ranking decides only *what* is included.
`"rank"` (default): best first. `"input"`: the order of `documents` — an app that appends new
rows keeps the context's prefix from one request to the next, which providers' prompt caches
reuse (docs/PROFILE.md, "Render order").
"""


Vocabulary: TypeAlias = Literal["o200k", "cl100k"]
"""The vocabularies the estimator is fitted to."""


class PreloadInput(TypedDict):
    """The references, the contents and the rules."""

    references: list[FileRef]
    """In order of preference: earlier references are fitted first."""
    contents: NotRequired[Optional[list[FileContent]]]
    """The contents the host has; a reference without one is `missing`."""
    maxLines: NotRequired[Optional[float]]
    """A file with more lines is skipped (default 200 without a budget; none when `maxTokens`
    or `maxChars` is given: the budget decides).
    """
    maxBytes: NotRequired[Optional[float]]
    """A file with more UTF-8 bytes is skipped (default: no limit but `limits.maxTextLength`)."""
    maxTokens: NotRequired[Optional[float]]
    """The block's budget in tokens (default 5,000 when no budget is given)."""
    maxChars: NotRequired[Optional[float]]
    """The block's budget in UTF-16 code units. With either budget given, only the given ones
    apply; both must hold.
    """
    mode: NotRequired[Optional[PreloadMode]]
    """Default `bestEffort`."""
    fanout: NotRequired[Optional[float]]
    """How many agents receive the block (default 1): `fanoutTokens` is the cost of sending it."""
    allowSecrets: NotRequired[Optional[bool]]
    """Inline files whose name or content looks like a credential (default false)."""
    vocabulary: NotRequired[Optional[Vocabulary]]
    """The vocabulary tokens are estimated for (default `o200k`)."""
    listNotInlined: NotRequired[Optional[bool]]
    """End the block with a list of the references that were not inlined, each with its reason
    code, so the agent knows what it was not given (default true).
    """
    base: NotRequired[Optional[str]]
    """The absolute directory the paths are relative to (`/srv/app`), for absolute paths: one
    lexically under it is taken in its relative form, one outside it is refused. Without a
    base every absolute path is refused. The Node reader passes its `baseDir`.
    """


class FileRef(TypedDict):
    """A file the prompt refers to."""

    path: str
    """Relative to the base the host reads from (`src/App.jsx`)."""
    source: NotRequired[Optional[str]]
    """Where the reference came from, for the record (`contexts[].sourceFile`)."""


class FileContent(TypedDict):
    """A content as the host read it."""

    path: str
    """Matched to references after normalisation (`./a.js` supplies `a.js`)."""
    content: NotRequired[Optional[Union[str, bytes, list[int]]]]
    """The text, or the bytes as read (numbers 0–255: a host that could not decode them as
    UTF-8 hands them over, and the core judges them binary; in JavaScript also a
    `Uint8Array`, such as the `Buffer` `readFileSync` returns, or an `ArrayBuffer`, read as
    its text when it is valid UTF-8); absent when the host did not read it (a directory, or a
    file refused by size).
    """
    kind: NotRequired[Optional[EntryKind]]
    """Default `file`. A reader of a real disk says `outside` for a path whose real path
    leaves the base, `directory`, or `other` for FIFOs, sockets and devices.
    """
    size: NotRequired[Optional[float]]
    """The file's size in bytes, when the host knows it: without a content (refused before
    reading), or with only the head of the file as content (the Node reader sends a binary
    file's head up to its first invalid UTF-8); with both, the larger is the file's.
    """
    realPath: NotRequired[Optional[str]]
    """Where the disk resolves `path` to, every symlink followed, relative to the base's own
    real path (`.env` for `src/settings.txt -> ../.env`): the secret-name rules apply to it
    as to `path`. A reader of a real disk fills it (the Node reader does).
    """


EntryKind: TypeAlias = Literal["file", "directory", "other", "outside"]
"""What a path names on the host's side."""


PreloadMode: TypeAlias = Literal["bestEffort", "strict"]
"""What to do when the files do not all fit."""


class PathsInput(TypedDict):
    paths: list[str]
    allowSecrets: NotRequired[Optional[bool]]
    """Let names that look like credential files through (default false)."""
    base: NotRequired[Optional[str]]
    """The absolute directory the paths are relative to, for absolute paths (as `preloadFiles`'
    `base`).
    """


class SectionsInput(TypedDict):
    sections: list[PromptSection]
    """In prompt order."""
    steps: NotRequired[Optional[list[SectionStep]]]
    """The degradation plan, applied in order."""
    plan: NotRequired[Optional[str]]
    """Front matter: the agent's plan, under `## Your Plan`."""
    userContext: NotRequired[Optional[str]]
    """Front matter: the user's answers to clarifying questions, under
    `## Additional Context from User`.
    """
    separator: NotRequired[Optional[str]]
    """Between two non-empty sections (default `"\\n"`)."""
    maxChars: NotRequired[Optional[float]]
    """Budget in UTF-16 code units (default 16,000 when no budget is given)."""
    maxTokens: NotRequired[Optional[float]]
    """Budget in tokens. With either budget given, only the given ones apply; both must hold."""
    vocabulary: NotRequired[Optional[Vocabulary]]
    """The vocabulary tokens are estimated for (default `o200k`)."""


class PromptSection(TypedDict):
    name: str
    """Unique among the sections."""
    variants: list[SectionVariant]
    """Heaviest first: the first is used until a step switches it."""


class SectionVariant(TypedDict):
    """One way of writing a section."""

    name: str
    text: str


class SectionStep(TypedDict):
    """One step of the degradation plan: the named sections switch to `variant`, or are dropped
    when it is absent or `null`.
    """

    name: NotRequired[Optional[str]]
    """What the step does, for the result (`"drop HTML from elements"`)."""
    sections: list[str]
    variant: NotRequired[Optional[str]]


class ModuleRegistry(TypedDict):
    """`{modules: {path: {created_by_issue, modified?, classes}}}`, in the order given."""

    modules: NotRequired[Optional[dict[str, ModuleEntry]]]


class SourceFile(TypedDict):
    """One registry module with its path (the registry's key)."""

    path: str
    entry: ModuleEntry


class ModuleEntry(TypedDict):
    """What the registry says about one file."""

    created_by_issue: NotRequired[Optional[Union[float, str]]]
    """The issue that created the file (shown as `?` when absent)."""
    modified: NotRequired[Optional[bool]]
    """Whether a later issue modified it."""
    classes: NotRequired[Optional[list[str]]]


class RegistryOptions(TypedDict):
    """How the registry block is written."""

    maxCharsPerClass: NotRequired[Optional[float]]
    """Each class's source is cut to this many UTF-16 units (default 2,000: ~500 tokens, what
    the coding agent this comes from found enough to show fields and method signatures).
    """
    sourceRoots: NotRequired[Optional[list[str]]]
    """Prefixes stripped from a Python file's path before it becomes a module path (`src/`)."""
    importerDir: NotRequired[Optional[str]]
    """The directory of the file that will import (TS/JS/Dart relative imports start there);
    default the project root.
    """
    maxChars: NotRequired[Optional[float]]
    """The whole block's budget in UTF-16 units; whole classes are dropped from the end."""
    maxTokens: NotRequired[Optional[float]]
    """The whole block's budget in estimated tokens; both budgets hold when both are given."""
    vocabulary: NotRequired[Optional[Vocabulary]]
    """The vocabulary `maxTokens` is estimated for (default `"o200k"`)."""


class GovernorConfig(TypedDict):
    """How a run is governed. Every field is optional: the default is `strict` × `normal`."""

    profile: NotRequired[Optional[RunProfile]]
    scope: NotRequired[Optional[TaskScope]]
    limits: NotRequired[Optional[BudgetLimits]]
    """Each limit given replaces the preset's."""
    steps: NotRequired[Optional[dict[str, BudgetLimits]]]
    """Limits per step name (`planner`, `coder`, `verifier`…), beside the overall ones."""
    warnAt: NotRequired[Optional[float]]
    """The share of a budget past which decisions warn (default 0.8; 0 < warnAt ≤ 1)."""
    testCommands: NotRequired[Optional[list[str]]]
    """Test command recognisers, as command lines (`"npm test"`); replaces the defaults."""
    patchRepeats: NotRequired[Optional[float]]
    """The identical patch attempt refused as `stuck` (default 3: the third)."""
    loops: NotRequired[Optional[LoopThresholds]]


class LoopThresholds(TypedDict):
    """Loop thresholds, after OpenHands' stuck detector."""

    sameResult: NotRequired[Optional[float]]
    """The same action with the same result this many times running (default 4)."""
    sameError: NotRequired[Optional[float]]
    """The same command failing with the same error this many times running (default 3)."""
    alternation: NotRequired[Optional[float]]
    """An A-B-A-B alternation over this many steps (default 6; even)."""
    monologue: NotRequired[Optional[float]]
    """The same agent message this many times running with no action between (default 3)."""
    condensation: NotRequired[Optional[float]]
    """This many condensations running with no action between (default 10)."""


class GovernorEvent(TypedDict):
    """One event of a run. `type` says which fields it has:
    `command` {command, exitCode?, output?, errors?}; `web_request` {url?};
    `tokens` {count}; `patch` {file, diff}; `tests_result` {passed, functional?, output?,
    errors?}; `message` {text, role?}; `condensation` {}. Any may name its `step` (`planner`,
    `coder`, `verifier`…).
    """

    type: EventType
    step: NotRequired[Optional[str]]
    command: NotRequired[Optional[str]]
    """`command`: the command line."""
    exitCode: NotRequired[Optional[float]]
    """`command`: its exit status, when known (not 0: it failed)."""
    output: NotRequired[Optional[str]]
    """`command`, `tests_result`: what it printed (or its error), when known."""
    url: NotRequired[Optional[str]]
    """`web_request`: the URL or query."""
    count: NotRequired[Optional[float]]
    """`tokens`: how many."""
    file: NotRequired[Optional[str]]
    """`patch`: the file patched."""
    diff: NotRequired[Optional[str]]
    """`patch`: the diff (unified diff, or the new text)."""
    passed: NotRequired[Optional[bool]]
    """`tests_result`: whether the tests passed."""
    functional: NotRequired[Optional[bool]]
    """`tests_result`: whether the functional checks (the app runs, the goal is met) passed."""
    errors: NotRequired[Optional[list[ReportedError]]]
    """`command`, `tests_result`: errors by file, as the host's own log parser found them."""
    text: NotRequired[Optional[str]]
    """`message`: what was said."""
    role: NotRequired[Optional[MessageRole]]
    """`message`: who said it (default `agent`)."""


EventType: TypeAlias = Literal["command", "web_request", "tokens", "patch", "tests_result", "message", "condensation"]
"""What happened."""


class ReportedError(TypedDict):
    """An error a host's log parser found: the file it hit and its message."""

    file: str
    message: str


MessageRole: TypeAlias = Literal["agent", "user"]
"""Who sent a message."""


JsonValue: TypeAlias = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
"""Any value JSON can hold (docs/PYTHON.md: how Python values map)."""

JsonText: TypeAlias = Union[str, bytes, bytearray]
"""JSON text: a str, or its UTF-8 bytes as read from a file or a database column."""


class JsondocInput(TypedDict):
    """A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored."""

    id: str
    schema_type: str
    origin_type: Origin
    created_at: Union[str, float, datetime]
    """ISO-8601 (no offset = UTC), epoch milliseconds, or an aware datetime."""
    data: JsonValue
    metadata: NotRequired[Union[dict[str, JsonValue], str, None]]
    is_leaf: NotRequired[Optional[bool]]


class RequestObject(TypedDict, total=False):
    intent: Optional[str]
    params: Optional[dict[str, JsonValue]]
    text: Optional[str]
    userRequest: Optional[str]


RequestInput: TypeAlias = Union[str, RequestObject, None]
"""Free text for the profile's rules, or an explicit intent (which wins)."""

DocumentsInput: TypeAlias = Union[list[JsondocInput], JsonText]
"""Documents as dicts, or their JSON array as text (bodies then parsed lazily)."""


class AssembleInput(AssembleOptions):
    documents: DocumentsInput
    profile: NotRequired[Optional[Profile]]


class AssemblerInput(AssembleOptions):
    documents: DocumentsInput


class CallOptions(TypedDict, total=False):
    """The last argument of every call (and of ContextAssembler, for all its calls)."""

    limits: Optional[Limits]
    tokenCounter: Optional[Callable[[str], int]]
    """Counts tokens for maxTokens budgets instead of the estimator; see docs/PYTHON.md."""
