// Generated from the Rust declarations by src/shape/generate.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
// Builds result objects from the columns src/shape/encode.rs fills, field by field in declaration order.

/** Reads the columns an `Encoder` filled, in the order it filled them. */
class Reader {
  constructor(text, lengths, nums, codes, refs, given) {
    this.text = text;
    this.lengths = lengths;
    this.nums = nums;
    this.codes = codes;
    this.refs = refs;
    this.held = given;
    this.at = 0;
    this.l = 0;
    this.n = 0;
    this.c = 0;
    this.r = 0;
    this.table = [];
  }

  str() {
    const len = this.lengths[this.l++];
    const s = this.text.slice(this.at, this.at + len);
    this.at += len;
    return s;
  }

  num() {
    return this.nums[this.n++];
  }

  code() {
    return this.codes[this.c++];
  }

  /** A string the caller gave: the caller's own, by its position, when the call kept them. */
  given() {
    if (this.held === undefined) return this.str();
    const i = this.refs[this.r++];
    return i === 0xffffffff ? this.str() : this.held[i];
  }

  /** A string most records share: its text comes with its first use. */
  interned() {
    const i = this.refs[this.r++];
    if (i === this.table.length) this.table.push(this.str());
    return this.table[i];
  }

  array(item) {
    const n = this.num();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = item(this);
    return out;
  }

  /** Keys as own data properties: an assignment to `__proto__` would set the prototype instead. */
  map(item) {
    const n = this.num();
    const out = {};
    for (let i = 0; i < n; i++) {
      const key = this.str();
      Object.defineProperty(out, key, { value: item(this), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
}

function decodeAssembly(d) {
  return {
    context: d.str(),
    manifest: decodeManifest(d),
  };
}

function decodeManifest(d) {
  return {
    intent: decodeResolvedIntent(d),
    now: d.num(),
    documents: d.array(decodeDocRecord),
    totals: decodeTotals(d),
    cap: decodeCapReport(d),
    log: d.array((d) => d.str()),
  };
}

function decodeResolvedIntent(d) {
  return {
    intent: d.str(),
    params: d.map((d) => JSON.parse(d.str())),
    source: INTENT_SOURCE[d.code()],
    rule: d.code() === 0 ? null : d.str(),
    ruleIndex: d.code() === 0 ? null : d.num(),
    text: d.code() === 0 ? null : d.str(),
  };
}

const INTENT_SOURCE = ["given", "rule", "default"];

function decodeDocRecord(d) {
  return {
    id: d.given(),
    action: ACTION[d.code()],
    reason: d.interned(),
    charsBefore: d.code() === 0 ? null : d.num(),
    charsAfter: d.num(),
    tokensBefore: d.code() === 0 ? null : d.num(),
    tokensAfter: d.code() === 0 ? null : d.num(),
    reasonCode: REASON_CODE[d.code()],
    schemaType: d.interned(),
    rank: d.code() === 0 ? null : d.num(),
    score: d.code() === 0 ? null : d.num(),
    breakdown: d.code() === 0 ? null : decodeScoreBreakdown(d),
    lineage: d.code() === 0 ? null : LINEAGE[d.code()],
    level: d.code() === 0 ? null : TRIM_LEVEL[d.code()],
    offset: d.code() === 0 ? null : d.num(),
  };
}

const ACTION = ["full", "truncated", "summarized", "discarded", "filtered_out", "inlined", "skipped", "rejected", "duplicate"];

const REASON_CODE = ["kept_full", "ladder_truncated", "ladder_summarized", "nothing_to_cut", "degraded_to_fit", "discarded_budget", "discarded_no_room", "discarded_after_stop", "type_excluded", "type_not_needed", "param_mismatch"];

function decodeScoreBreakdown(d) {
  return {
    required: d.num(),
    optional: d.num(),
    leaf: d.num(),
    userInput: d.num(),
    recency: d.num(),
    params: d.num(),
    lineage: d.num(),
  };
}

const LINEAGE = ["chosen", "superseded", "alternative"];

const TRIM_LEVEL = ["full", "truncated", "summarized"];

function decodeTotals(d) {
  return {
    documents: d.num(),
    selected: d.num(),
    included: d.num(),
    full: d.num(),
    truncated: d.num(),
    summarized: d.num(),
    discarded: d.num(),
    filteredOut: d.num(),
    chars: d.num(),
    maxChars: d.code() === 0 ? null : d.num(),
    tokens: d.code() === 0 ? null : d.num(),
    maxTokens: d.code() === 0 ? null : d.num(),
    tokenCounter: d.code() === 0 ? null : d.str(),
    tokenCounterCalls: d.code() === 0 ? null : d.num(),
  };
}

function decodeCapReport(d) {
  return {
    strategy: CAP_STRATEGY[d.code()],
    hit: d.code() === 1,
    discarded: d.num(),
  };
}

const CAP_STRATEGY = ["stop", "skip", "degrade"];

function decodeCapResult(d) {
  return {
    context: d.str(),
    documents: d.array(decodeDocRecord),
    totals: decodeTotals(d),
    cap: decodeCapReport(d),
    log: d.array((d) => d.str()),
  };
}

function decodePrioritized(d) {
  return {
    intent: decodeResolvedIntent(d),
    now: d.num(),
    ranked: d.array(decodeRankedRecord),
    filtered: d.array(decodeFilteredRecord),
  };
}

function decodeRankedRecord(d) {
  return {
    id: d.given(),
    schemaType: d.interned(),
    rank: d.num(),
    score: d.num(),
    breakdown: decodeScoreBreakdown(d),
    lineage: d.code() === 0 ? null : LINEAGE[d.code()],
  };
}

function decodeFilteredRecord(d) {
  return {
    id: d.given(),
    schemaType: d.interned(),
    reason: d.interned(),
    reasonCode: REASON_CODE[d.code()],
  };
}

function decodeJsonLocation(d) {
  return {
    line: d.num(),
    column: d.num(),
    offset: d.num(),
    found: d.str(),
    exact: d.code() === 1,
  };
}

function decodePreloadResult(d) {
  return {
    block: d.str(),
    manifest: decodePreloadManifest(d),
  };
}

function decodePreloadManifest(d) {
  return {
    files: d.array(decodeFileRecord),
    totals: decodePreloadTotals(d),
  };
}

function decodeFileRecord(d) {
  return {
    id: d.given(),
    action: ACTION[d.code()],
    reason: d.interned(),
    charsBefore: d.code() === 0 ? null : d.num(),
    charsAfter: d.num(),
    tokensBefore: d.code() === 0 ? null : d.num(),
    tokensAfter: d.code() === 0 ? null : d.num(),
    reasonCode: FILE_REASON[d.code()],
    path: d.str(),
    source: d.code() === 0 ? null : d.str(),
    bytes: d.code() === 0 ? null : d.num(),
    lines: d.code() === 0 ? null : d.num(),
    tokens: d.code() === 0 ? null : d.num(),
    language: d.code() === 0 ? null : d.str(),
    duplicateOf: d.code() === 0 ? null : d.num(),
  };
}

const FILE_REASON = ["inlined", "budget", "too_many_lines", "too_large", "missing", "path_escape", "invalid_path", "binary", "directory", "not_a_file", "secret", "duplicate"];

function decodePreloadTotals(d) {
  return {
    references: d.num(),
    inlined: d.num(),
    skipped: d.num(),
    rejected: d.num(),
    duplicates: d.num(),
    chars: d.num(),
    tokens: d.num(),
    bytes: d.num(),
    fanout: d.num(),
    fanoutTokens: d.num(),
    counter: d.interned(),
    maxChars: d.code() === 0 ? null : d.num(),
    maxTokens: d.code() === 0 ? null : d.num(),
  };
}

function decodePathChecks(d) {
  return {
    paths: d.array(decodePathCheck),
  };
}

function decodePathCheck(d) {
  return {
    path: d.str(),
    normalized: d.code() === 0 ? null : d.str(),
    status: PATH_STATUS[d.code()],
    reasonCode: d.code() === 0 ? null : FILE_REASON[d.code()],
    reason: d.code() === 0 ? null : d.str(),
    duplicateOf: d.code() === 0 ? null : d.num(),
  };
}

const PATH_STATUS = ["read", "duplicate", "rejected"];

function decodeSectionsResult(d) {
  return {
    text: d.str(),
    pass: d.num(),
    step: d.code() === 0 ? null : d.str(),
    cut: d.code() === 1,
    sections: d.array(decodeSectionRecord),
    totals: decodeSectionsTotals(d),
  };
}

function decodeSectionRecord(d) {
  return {
    id: d.given(),
    action: ACTION[d.code()],
    reason: d.interned(),
    charsBefore: d.code() === 0 ? null : d.num(),
    charsAfter: d.num(),
    tokensBefore: d.code() === 0 ? null : d.num(),
    tokensAfter: d.code() === 0 ? null : d.num(),
    reasonCode: SECTION_REASON[d.code()],
    variant: d.code() === 0 ? null : d.str(),
  };
}

const SECTION_REASON = ["kept", "switched", "dropped", "cut"];

function decodeSectionsTotals(d) {
  return {
    sections: d.num(),
    chars: d.num(),
    tokens: d.num(),
    frontMatterChars: d.num(),
    passesTried: d.num(),
    counter: d.interned(),
    maxChars: d.code() === 0 ? null : d.num(),
    maxTokens: d.code() === 0 ? null : d.num(),
  };
}

function decodeExtractedClasses(d) {
  return {
    language: d.code() === 0 ? null : LANGUAGE[d.code()],
    classes: d.array(decodeClassSpan),
  };
}

const LANGUAGE = ["python", "typescript", "javascript", "dart"];

function decodeClassSpan(d) {
  return {
    name: d.str(),
    line: d.num(),
    startLine: d.num(),
    endLine: d.num(),
    startByte: d.num(),
    endByte: d.num(),
    startUtf16: d.num(),
    endUtf16: d.num(),
    parent: d.code() === 0 ? null : d.num(),
  };
}

function decodeRegistryResult(d) {
  return {
    text: d.str(),
    classes: d.array(decodeClassRecord),
    notFound: d.array((d) => d.str()),
    missingFiles: d.array((d) => d.str()),
    dropped: d.array((d) => d.str()),
    chars: d.num(),
    tokens: d.code() === 0 ? null : d.num(),
  };
}

function decodeClassRecord(d) {
  return {
    id: d.given(),
    action: ACTION[d.code()],
    reason: d.interned(),
    charsBefore: d.code() === 0 ? null : d.num(),
    charsAfter: d.num(),
    tokensBefore: d.code() === 0 ? null : d.num(),
    tokensAfter: d.code() === 0 ? null : d.num(),
    path: d.str(),
    className: d.str(),
    status: CLASS_STATUS[d.code()],
    line: d.code() === 0 ? null : d.num(),
  };
}

const CLASS_STATUS = ["included", "truncated", "dropped", "not_found", "missing_file"];

function decodeTrackedOutputs(d) {
  return {
    classesDefined: d.array(decodeFileClasses),
    filesCreated: d.array((d) => d.str()),
    filesModified: d.array((d) => d.str()),
    missing: d.array((d) => d.str()),
  };
}

function decodeFileClasses(d) {
  return {
    path: d.str(),
    classes: d.array((d) => d.str()),
  };
}

function decodeModifiedFiles(d) {
  return {
    paths: d.array((d) => d.str()),
  };
}

function decodeGovernorDecision(d) {
  return {
    decision: DECISION_KIND[d.code()],
    code: DECISION_CODE[d.code()],
    status: RUN_STATUS[d.code()],
    reason: d.str(),
    file: d.code() === 0 ? null : d.str(),
    count: d.code() === 0 ? null : d.num(),
  };
}

const DECISION_KIND = ["continue", "warn", "skip", "stop", "escalate", "stuck"];

const DECISION_CODE = ["ok", "budget_warning", "tests_skipped", "budget_exhausted", "stuck_patch", "loop_repeat", "loop_error", "loop_alternation"];

const RUN_STATUS = ["running", "done_partial", "aborted_constraint"];

function decodeGovernorState(d) {
  return {
    format: d.num(),
    settings: decodeGovernorSettings(d),
    status: RUN_STATUS[d.code()],
    outcome: d.code() === 0 ? null : decodeGovernorDecision(d),
    events: d.num(),
    used: decodeBudgetUse(d),
    steps: d.array(decodeStepUse),
    refused: d.num(),
    skipped: d.num(),
    lastTests: TEST_OUTCOME[d.code()],
    functional: d.code() === 0 ? null : d.code() === 1,
    recent: d.array(decodeRecentAction),
    patches: d.array(decodePatchSeen),
    refusedPatches: d.array(decodePatchSeen),
    commands: d.array(decodeCommandCount),
    otherCommands: d.num(),
    families: d.array(decodeDuplicateGroup),
  };
}

function decodeGovernorSettings(d) {
  return {
    profile: RUN_PROFILE[d.code()],
    scope: TASK_SCOPE[d.code()],
    limits: decodeBudgetLimits(d),
    steps: d.array(decodeStepLimits),
    warnAt: d.num(),
    testCommands: d.array((d) => d.str()),
    patchRepeats: d.num(),
    sameResult: d.num(),
    sameError: d.num(),
    alternation: d.num(),
  };
}

const RUN_PROFILE = ["strict", "fast", "smoke", "yolo"];

const TASK_SCOPE = ["large", "normal", "tiny"];

function decodeBudgetLimits(d) {
  return {
    commands: d.code() === 0 ? null : d.num(),
    tests: d.code() === 0 ? null : d.num(),
    web: d.code() === 0 ? null : d.num(),
    tokens: d.code() === 0 ? null : d.num(),
  };
}

function decodeStepLimits(d) {
  return {
    step: d.str(),
    limits: decodeBudgetLimits(d),
  };
}

function decodeBudgetUse(d) {
  return {
    commands: d.num(),
    tests: d.num(),
    web: d.num(),
    tokens: d.num(),
    patches: d.num(),
  };
}

function decodeStepUse(d) {
  return {
    step: d.str(),
    used: decodeBudgetUse(d),
  };
}

const TEST_OUTCOME = ["none", "passed", "failed", "assumed_passed"];

function decodeRecentAction(d) {
  return {
    key: d.str(),
    result: d.code() === 0 ? null : d.str(),
    failed: d.code() === 1,
    test: d.code() === 1,
    label: d.str(),
  };
}

function decodePatchSeen(d) {
  return {
    fingerprint: d.str(),
    file: d.str(),
    count: d.num(),
    last: d.num(),
  };
}

function decodeCommandCount(d) {
  return {
    command: d.str(),
    count: d.num(),
    test: d.code() === 1,
    last: d.num(),
  };
}

function decodeDuplicateGroup(d) {
  return {
    kind: DUPLICATE_KIND[d.code()],
    key: d.str(),
    family: d.str(),
    files: d.array((d) => d.str()),
    count: d.num(),
  };
}

const DUPLICATE_KIND = ["error", "patch"];

function decodeGovernorStep(d) {
  return {
    state: decodeGovernorState(d),
    decision: decodeGovernorDecision(d),
  };
}

function decodeGovernorReport(d) {
  return {
    status: RUN_STATUS[d.code()],
    reason: d.str(),
    events: d.num(),
    budgets: d.array(decodeBudgetReport),
    steps: d.array(decodeStepReport),
    patches: d.num(),
    refused: d.num(),
    skipped: d.num(),
    topCommands: d.array(decodeCommandReport),
    refusedPatches: d.array(decodeRefusedPatch),
    suggestions: d.array(decodeGroupingSuggestion),
  };
}

function decodeBudgetReport(d) {
  return {
    budget: d.interned(),
    used: d.num(),
    limit: d.code() === 0 ? null : d.num(),
  };
}

function decodeStepReport(d) {
  return {
    step: d.str(),
    budgets: d.array(decodeBudgetReport),
    patches: d.num(),
  };
}

function decodeCommandReport(d) {
  return {
    command: d.str(),
    count: d.num(),
    test: d.code() === 1,
  };
}

function decodeRefusedPatch(d) {
  return {
    file: d.str(),
    fingerprint: d.str(),
    count: d.num(),
  };
}

function decodeGroupingSuggestion(d) {
  return {
    kind: DUPLICATE_KIND[d.code()],
    family: d.str(),
    files: d.array((d) => d.str()),
    count: d.num(),
    suggestion: d.str(),
  };
}

const ROOTS = { Assembly: decodeAssembly, CapResult: decodeCapResult, Prioritized: decodePrioritized, ResolvedIntent: decodeResolvedIntent, JsonLocation: decodeJsonLocation, PreloadResult: decodePreloadResult, PathChecks: decodePathChecks, SectionsResult: decodeSectionsResult, ExtractedClasses: decodeExtractedClasses, RegistryResult: decodeRegistryResult, TrackedOutputs: decodeTrackedOutputs, ModifiedFiles: decodeModifiedFiles, GovernorDecision: decodeGovernorDecision, GovernorState: decodeGovernorState, GovernorStep: decodeGovernorStep, GovernorReport: decodeGovernorReport };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
