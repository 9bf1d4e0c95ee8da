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

const ASSEMBLY_MEMBERS = { context: null, manifest: null };

function decodeAssembly(d) {
  const r = { ...ASSEMBLY_MEMBERS };
  r.context = d.str();
  r.manifest = decodeManifest(d);
  return r;
}

const MANIFEST_MEMBERS = { intent: null, now: null, documents: null, totals: null, cap: null, log: null };

function decodeManifest(d) {
  const r = { ...MANIFEST_MEMBERS };
  r.intent = decodeResolvedIntent(d);
  r.now = d.num();
  r.documents = d.array(decodeDocRecord);
  r.totals = decodeTotals(d);
  r.cap = decodeCapReport(d);
  r.log = d.array((d) => d.str());
  return r;
}

const RESOLVED_INTENT_MEMBERS = { intent: null, params: null, source: null, rule: null, ruleIndex: null, text: null };

function decodeResolvedIntent(d) {
  const r = { ...RESOLVED_INTENT_MEMBERS };
  r.intent = d.str();
  r.params = d.map((d) => JSON.parse(d.str()));
  r.source = INTENT_SOURCE[d.code()];
  r.rule = d.code() === 0 ? null : d.str();
  r.ruleIndex = d.code() === 0 ? null : d.num();
  r.text = d.code() === 0 ? null : d.str();
  return r;
}

const INTENT_SOURCE = ["given", "rule", "default"];

const DOC_RECORD_MEMBERS = { id: null, action: null, reason: null, charsBefore: null, charsAfter: null, tokensBefore: null, tokensAfter: null, reasonCode: null, schemaType: null, rank: null, score: null, breakdown: null, lineage: null, level: null, cutAt: null, offset: null };

function decodeDocRecord(d) {
  const r = { ...DOC_RECORD_MEMBERS };
  r.id = d.given();
  r.action = ACTION[d.code()];
  r.reason = d.interned();
  r.charsBefore = d.code() === 0 ? null : d.num();
  r.charsAfter = d.num();
  r.tokensBefore = d.code() === 0 ? null : d.num();
  r.tokensAfter = d.code() === 0 ? null : d.num();
  r.reasonCode = REASON_CODE[d.code()];
  r.schemaType = d.interned();
  r.rank = d.code() === 0 ? null : d.num();
  r.score = d.code() === 0 ? null : d.num();
  r.breakdown = d.code() === 0 ? null : decodeScoreBreakdown(d);
  r.lineage = d.code() === 0 ? null : LINEAGE[d.code()];
  r.level = d.code() === 0 ? null : TRIM_LEVEL[d.code()];
  r.cutAt = d.code() === 0 ? null : d.num();
  r.offset = d.code() === 0 ? null : d.num();
  return r;
}

const ACTION = ["full", "truncated", "summarized", "discarded", "filtered_out", "inlined", "skipped", "rejected", "duplicate"];

const REASON_CODE = ["kept_full", "ladder_truncated", "ladder_summarized", "nothing_to_cut", "degraded_to_fit", "discarded_budget", "discarded_no_room", "discarded_after_stop", "type_excluded", "type_not_needed", "param_mismatch"];

const SCORE_BREAKDOWN_MEMBERS = { required: null, optional: null, leaf: null, userInput: null, recency: null, params: null, lineage: null };

function decodeScoreBreakdown(d) {
  const r = { ...SCORE_BREAKDOWN_MEMBERS };
  r.required = d.num();
  r.optional = d.num();
  r.leaf = d.num();
  r.userInput = d.num();
  r.recency = d.num();
  r.params = d.num();
  r.lineage = d.num();
  return r;
}

const LINEAGE = ["chosen", "superseded", "alternative"];

const TRIM_LEVEL = ["full", "truncated", "fitted", "prefix", "summarized"];

const TOTALS_MEMBERS = { documents: null, selected: null, included: null, full: null, truncated: null, summarized: null, discarded: null, filteredOut: null, chars: null, maxChars: null, tokens: null, maxTokens: null, tokenCounter: null, tokenCounterCalls: null };

function decodeTotals(d) {
  const r = { ...TOTALS_MEMBERS };
  r.documents = d.num();
  r.selected = d.num();
  r.included = d.num();
  r.full = d.num();
  r.truncated = d.num();
  r.summarized = d.num();
  r.discarded = d.num();
  r.filteredOut = d.num();
  r.chars = d.num();
  r.maxChars = d.code() === 0 ? null : d.num();
  r.tokens = d.code() === 0 ? null : d.num();
  r.maxTokens = d.code() === 0 ? null : d.num();
  r.tokenCounter = d.code() === 0 ? null : d.str();
  r.tokenCounterCalls = d.code() === 0 ? null : d.num();
  return r;
}

const CAP_REPORT_MEMBERS = { strategy: null, hit: null, discarded: null };

function decodeCapReport(d) {
  const r = { ...CAP_REPORT_MEMBERS };
  r.strategy = CAP_STRATEGY[d.code()];
  r.hit = d.code() === 1;
  r.discarded = d.num();
  return r;
}

const CAP_STRATEGY = ["stop", "skip", "degrade"];

const CAP_RESULT_MEMBERS = { context: null, documents: null, totals: null, cap: null, log: null };

function decodeCapResult(d) {
  const r = { ...CAP_RESULT_MEMBERS };
  r.context = d.str();
  r.documents = d.array(decodeDocRecord);
  r.totals = decodeTotals(d);
  r.cap = decodeCapReport(d);
  r.log = d.array((d) => d.str());
  return r;
}

const PRIORITIZED_MEMBERS = { intent: null, now: null, ranked: null, filtered: null };

function decodePrioritized(d) {
  const r = { ...PRIORITIZED_MEMBERS };
  r.intent = decodeResolvedIntent(d);
  r.now = d.num();
  r.ranked = d.array(decodeRankedRecord);
  r.filtered = d.array(decodeFilteredRecord);
  return r;
}

const RANKED_RECORD_MEMBERS = { id: null, schemaType: null, rank: null, score: null, breakdown: null, lineage: null };

function decodeRankedRecord(d) {
  const r = { ...RANKED_RECORD_MEMBERS };
  r.id = d.given();
  r.schemaType = d.interned();
  r.rank = d.num();
  r.score = d.num();
  r.breakdown = decodeScoreBreakdown(d);
  r.lineage = d.code() === 0 ? null : LINEAGE[d.code()];
  return r;
}

const FILTERED_RECORD_MEMBERS = { id: null, schemaType: null, reason: null, reasonCode: null };

function decodeFilteredRecord(d) {
  const r = { ...FILTERED_RECORD_MEMBERS };
  r.id = d.given();
  r.schemaType = d.interned();
  r.reason = d.interned();
  r.reasonCode = REASON_CODE[d.code()];
  return r;
}

const JSON_LOCATION_MEMBERS = { line: null, column: null, offset: null, found: null, exact: null };

function decodeJsonLocation(d) {
  const r = { ...JSON_LOCATION_MEMBERS };
  r.line = d.num();
  r.column = d.num();
  r.offset = d.num();
  r.found = d.str();
  r.exact = d.code() === 1;
  return r;
}

const PRELOAD_RESULT_MEMBERS = { block: null, manifest: null };

function decodePreloadResult(d) {
  const r = { ...PRELOAD_RESULT_MEMBERS };
  r.block = d.str();
  r.manifest = decodePreloadManifest(d);
  return r;
}

const PRELOAD_MANIFEST_MEMBERS = { files: null, totals: null };

function decodePreloadManifest(d) {
  const r = { ...PRELOAD_MANIFEST_MEMBERS };
  r.files = d.array(decodeFileRecord);
  r.totals = decodePreloadTotals(d);
  return r;
}

const FILE_RECORD_MEMBERS = { id: null, action: null, reason: null, charsBefore: null, charsAfter: null, tokensBefore: null, tokensAfter: null, reasonCode: null, path: null, source: null, bytes: null, lines: null, tokens: null, language: null, duplicateOf: null };

function decodeFileRecord(d) {
  const r = { ...FILE_RECORD_MEMBERS };
  r.id = d.given();
  r.action = ACTION[d.code()];
  r.reason = d.interned();
  r.charsBefore = d.code() === 0 ? null : d.num();
  r.charsAfter = d.num();
  r.tokensBefore = d.code() === 0 ? null : d.num();
  r.tokensAfter = d.code() === 0 ? null : d.num();
  r.reasonCode = FILE_REASON[d.code()];
  r.path = d.str();
  r.source = d.code() === 0 ? null : d.str();
  r.bytes = d.code() === 0 ? null : d.num();
  r.lines = d.code() === 0 ? null : d.num();
  r.tokens = d.code() === 0 ? null : d.num();
  r.language = d.code() === 0 ? null : d.str();
  r.duplicateOf = d.code() === 0 ? null : d.num();
  return r;
}

const FILE_REASON = ["inlined", "budget", "too_many_lines", "too_large", "missing", "path_escape", "invalid_path", "binary", "directory", "not_a_file", "secret", "duplicate"];

const PRELOAD_TOTALS_MEMBERS = { references: null, inlined: null, skipped: null, rejected: null, duplicates: null, chars: null, tokens: null, bytes: null, fanout: null, fanoutTokens: null, counter: null, counterCalls: null, maxChars: null, maxTokens: null };

function decodePreloadTotals(d) {
  const r = { ...PRELOAD_TOTALS_MEMBERS };
  r.references = d.num();
  r.inlined = d.num();
  r.skipped = d.num();
  r.rejected = d.num();
  r.duplicates = d.num();
  r.chars = d.num();
  r.tokens = d.num();
  r.bytes = d.num();
  r.fanout = d.num();
  r.fanoutTokens = d.num();
  r.counter = d.interned();
  r.counterCalls = d.code() === 0 ? null : d.num();
  r.maxChars = d.code() === 0 ? null : d.num();
  r.maxTokens = d.code() === 0 ? null : d.num();
  return r;
}

const PATH_CHECKS_MEMBERS = { paths: null };

function decodePathChecks(d) {
  const r = { ...PATH_CHECKS_MEMBERS };
  r.paths = d.array(decodePathCheck);
  return r;
}

const PATH_CHECK_MEMBERS = { path: null, normalized: null, status: null, reasonCode: null, reason: null, duplicateOf: null };

function decodePathCheck(d) {
  const r = { ...PATH_CHECK_MEMBERS };
  r.path = d.str();
  r.normalized = d.code() === 0 ? null : d.str();
  r.status = PATH_STATUS[d.code()];
  r.reasonCode = d.code() === 0 ? null : FILE_REASON[d.code()];
  r.reason = d.code() === 0 ? null : d.str();
  r.duplicateOf = d.code() === 0 ? null : d.num();
  return r;
}

const PATH_STATUS = ["read", "duplicate", "rejected"];

const SECTIONS_RESULT_MEMBERS = { text: null, pass: null, step: null, cut: null, sections: null, totals: null };

function decodeSectionsResult(d) {
  const r = { ...SECTIONS_RESULT_MEMBERS };
  r.text = d.str();
  r.pass = d.num();
  r.step = d.code() === 0 ? null : d.str();
  r.cut = d.code() === 1;
  r.sections = d.array(decodeSectionRecord);
  r.totals = decodeSectionsTotals(d);
  return r;
}

const SECTION_RECORD_MEMBERS = { id: null, action: null, reason: null, charsBefore: null, charsAfter: null, tokensBefore: null, tokensAfter: null, reasonCode: null, variant: null };

function decodeSectionRecord(d) {
  const r = { ...SECTION_RECORD_MEMBERS };
  r.id = d.given();
  r.action = ACTION[d.code()];
  r.reason = d.interned();
  r.charsBefore = d.code() === 0 ? null : d.num();
  r.charsAfter = d.num();
  r.tokensBefore = d.code() === 0 ? null : d.num();
  r.tokensAfter = d.code() === 0 ? null : d.num();
  r.reasonCode = SECTION_REASON[d.code()];
  r.variant = d.code() === 0 ? null : d.str();
  return r;
}

const SECTION_REASON = ["kept", "switched", "dropped", "cut"];

const SECTIONS_TOTALS_MEMBERS = { sections: null, chars: null, tokens: null, frontMatterChars: null, passesTried: null, counter: null, counterCalls: null, maxChars: null, maxTokens: null };

function decodeSectionsTotals(d) {
  const r = { ...SECTIONS_TOTALS_MEMBERS };
  r.sections = d.num();
  r.chars = d.num();
  r.tokens = d.num();
  r.frontMatterChars = d.num();
  r.passesTried = d.num();
  r.counter = d.interned();
  r.counterCalls = d.code() === 0 ? null : d.num();
  r.maxChars = d.code() === 0 ? null : d.num();
  r.maxTokens = d.code() === 0 ? null : d.num();
  return r;
}

const EXTRACTED_CLASSES_MEMBERS = { language: null, classes: null };

function decodeExtractedClasses(d) {
  const r = { ...EXTRACTED_CLASSES_MEMBERS };
  r.language = d.code() === 0 ? null : LANGUAGE[d.code()];
  r.classes = d.array(decodeClassSpan);
  return r;
}

const LANGUAGE = ["python", "typescript", "javascript", "dart"];

const CLASS_SPAN_MEMBERS = { name: null, line: null, startLine: null, endLine: null, startByte: null, endByte: null, startUtf16: null, endUtf16: null, parent: null };

function decodeClassSpan(d) {
  const r = { ...CLASS_SPAN_MEMBERS };
  r.name = d.str();
  r.line = d.num();
  r.startLine = d.num();
  r.endLine = d.num();
  r.startByte = d.num();
  r.endByte = d.num();
  r.startUtf16 = d.num();
  r.endUtf16 = d.num();
  r.parent = d.code() === 0 ? null : d.num();
  return r;
}

const REGISTRY_RESULT_MEMBERS = { text: null, classes: null, notFound: null, missingFiles: null, dropped: null, chars: null, tokens: null, counter: null, counterCalls: null };

function decodeRegistryResult(d) {
  const r = { ...REGISTRY_RESULT_MEMBERS };
  r.text = d.str();
  r.classes = d.array(decodeClassRecord);
  r.notFound = d.array((d) => d.str());
  r.missingFiles = d.array((d) => d.str());
  r.dropped = d.array((d) => d.str());
  r.chars = d.num();
  r.tokens = d.code() === 0 ? null : d.num();
  r.counter = d.code() === 0 ? null : d.str();
  r.counterCalls = d.code() === 0 ? null : d.num();
  return r;
}

const CLASS_RECORD_MEMBERS = { id: null, action: null, reason: null, charsBefore: null, charsAfter: null, tokensBefore: null, tokensAfter: null, path: null, className: null, status: null, line: null };

function decodeClassRecord(d) {
  const r = { ...CLASS_RECORD_MEMBERS };
  r.id = d.given();
  r.action = ACTION[d.code()];
  r.reason = d.interned();
  r.charsBefore = d.code() === 0 ? null : d.num();
  r.charsAfter = d.num();
  r.tokensBefore = d.code() === 0 ? null : d.num();
  r.tokensAfter = d.code() === 0 ? null : d.num();
  r.path = d.str();
  r.className = d.str();
  r.status = CLASS_STATUS[d.code()];
  r.line = d.code() === 0 ? null : d.num();
  return r;
}

const CLASS_STATUS = ["included", "truncated", "dropped", "not_found", "missing_file"];

const TRACKED_OUTPUTS_MEMBERS = { classesDefined: null, filesCreated: null, filesModified: null, missing: null };

function decodeTrackedOutputs(d) {
  const r = { ...TRACKED_OUTPUTS_MEMBERS };
  r.classesDefined = d.array(decodeFileClasses);
  r.filesCreated = d.array((d) => d.str());
  r.filesModified = d.array((d) => d.str());
  r.missing = d.array((d) => d.str());
  return r;
}

const FILE_CLASSES_MEMBERS = { path: null, classes: null };

function decodeFileClasses(d) {
  const r = { ...FILE_CLASSES_MEMBERS };
  r.path = d.str();
  r.classes = d.array((d) => d.str());
  return r;
}

const MODIFIED_FILES_MEMBERS = { paths: null };

function decodeModifiedFiles(d) {
  const r = { ...MODIFIED_FILES_MEMBERS };
  r.paths = d.array((d) => d.str());
  return r;
}

const GOVERNOR_DECISION_MEMBERS = { decision: null, code: null, status: null, reason: null, file: null, count: null };

function decodeGovernorDecision(d) {
  const r = { ...GOVERNOR_DECISION_MEMBERS };
  r.decision = DECISION_KIND[d.code()];
  r.code = DECISION_CODE[d.code()];
  r.status = RUN_STATUS[d.code()];
  r.reason = d.str();
  r.file = d.code() === 0 ? null : d.str();
  r.count = d.code() === 0 ? null : d.num();
  return r;
}

const DECISION_KIND = ["continue", "warn", "skip", "stop", "escalate", "stuck"];

const DECISION_CODE = ["ok", "budget_warning", "tests_skipped", "tests_unchanged", "budget_exhausted", "stuck_patch", "loop_repeat", "loop_error", "loop_alternation", "loop_failure", "loop_monologue", "loop_condensation"];

const RUN_STATUS = ["running", "done_partial", "aborted_constraint"];

const GOVERNOR_STATE_MEMBERS = { format: null, settings: null, status: null, outcome: null, events: null, used: null, steps: null, refused: null, skipped: null, lastTests: null, functional: null, recent: null, patches: null, refusedPatches: null, commands: null, otherCommands: null, families: null, monologue: null, condensations: null, redTests: null };

function decodeGovernorState(d) {
  const r = { ...GOVERNOR_STATE_MEMBERS };
  r.format = d.num();
  r.settings = decodeGovernorSettings(d);
  r.status = RUN_STATUS[d.code()];
  r.outcome = d.code() === 0 ? null : decodeGovernorDecision(d);
  r.events = d.num();
  r.used = decodeBudgetUse(d);
  r.steps = d.array(decodeStepUse);
  r.refused = d.num();
  r.skipped = d.num();
  r.lastTests = TEST_OUTCOME[d.code()];
  r.functional = d.code() === 0 ? null : d.code() === 1;
  r.recent = d.array(decodeRecentAction);
  r.patches = d.array(decodePatchSeen);
  r.refusedPatches = d.array(decodePatchSeen);
  r.commands = d.array(decodeCommandCount);
  r.otherCommands = d.num();
  r.families = d.array(decodeDuplicateGroup);
  r.monologue = d.code() === 0 ? null : decodeMessageRun(d);
  r.condensations = d.code() === 0 ? null : d.num();
  r.redTests = d.code() === 0 ? null : decodeRedTestRun(d);
  return r;
}

const GOVERNOR_SETTINGS_MEMBERS = { profile: null, scope: null, limits: null, steps: null, warnAt: null, testCommands: null, patchRepeats: null, sameResult: null, sameError: null, alternation: null, monologue: null, condensation: null };

function decodeGovernorSettings(d) {
  const r = { ...GOVERNOR_SETTINGS_MEMBERS };
  r.profile = RUN_PROFILE[d.code()];
  r.scope = TASK_SCOPE[d.code()];
  r.limits = decodeBudgetLimits(d);
  r.steps = d.array(decodeStepLimits);
  r.warnAt = d.num();
  r.testCommands = d.array((d) => d.str());
  r.patchRepeats = d.num();
  r.sameResult = d.num();
  r.sameError = d.num();
  r.alternation = d.num();
  r.monologue = d.code() === 0 ? null : d.num();
  r.condensation = d.code() === 0 ? null : d.num();
  return r;
}

const RUN_PROFILE = ["strict", "fast", "smoke", "yolo"];

const TASK_SCOPE = ["large", "normal", "tiny"];

const BUDGET_LIMITS_MEMBERS = { commands: null, tests: null, web: null, tokens: null };

function decodeBudgetLimits(d) {
  const r = { ...BUDGET_LIMITS_MEMBERS };
  r.commands = d.code() === 0 ? null : d.num();
  r.tests = d.code() === 0 ? null : d.num();
  r.web = d.code() === 0 ? null : d.num();
  r.tokens = d.code() === 0 ? null : d.num();
  return r;
}

const STEP_LIMITS_MEMBERS = { step: null, limits: null };

function decodeStepLimits(d) {
  const r = { ...STEP_LIMITS_MEMBERS };
  r.step = d.str();
  r.limits = decodeBudgetLimits(d);
  return r;
}

const BUDGET_USE_MEMBERS = { commands: null, tests: null, web: null, tokens: null, patches: null };

function decodeBudgetUse(d) {
  const r = { ...BUDGET_USE_MEMBERS };
  r.commands = d.num();
  r.tests = d.num();
  r.web = d.num();
  r.tokens = d.num();
  r.patches = d.num();
  return r;
}

const STEP_USE_MEMBERS = { step: null, used: null };

function decodeStepUse(d) {
  const r = { ...STEP_USE_MEMBERS };
  r.step = d.str();
  r.used = decodeBudgetUse(d);
  return r;
}

const TEST_OUTCOME = ["none", "passed", "failed", "assumed_passed"];

const RECENT_ACTION_MEMBERS = { key: null, result: null, failed: null, test: null, label: null };

function decodeRecentAction(d) {
  const r = { ...RECENT_ACTION_MEMBERS };
  r.key = d.str();
  r.result = d.code() === 0 ? null : d.str();
  r.failed = d.code() === 1;
  r.test = d.code() === 1;
  r.label = d.str();
  return r;
}

const PATCH_SEEN_MEMBERS = { fingerprint: null, file: null, count: null, last: null };

function decodePatchSeen(d) {
  const r = { ...PATCH_SEEN_MEMBERS };
  r.fingerprint = d.str();
  r.file = d.str();
  r.count = d.num();
  r.last = d.num();
  return r;
}

const COMMAND_COUNT_MEMBERS = { command: null, count: null, test: null, last: null };

function decodeCommandCount(d) {
  const r = { ...COMMAND_COUNT_MEMBERS };
  r.command = d.str();
  r.count = d.num();
  r.test = d.code() === 1;
  r.last = d.num();
  return r;
}

const DUPLICATE_GROUP_MEMBERS = { kind: null, key: null, family: null, files: null, count: null };

function decodeDuplicateGroup(d) {
  const r = { ...DUPLICATE_GROUP_MEMBERS };
  r.kind = DUPLICATE_KIND[d.code()];
  r.key = d.str();
  r.family = d.str();
  r.files = d.array((d) => d.str());
  r.count = d.num();
  return r;
}

const DUPLICATE_KIND = ["error", "patch"];

const MESSAGE_RUN_MEMBERS = { key: null, label: null, count: null };

function decodeMessageRun(d) {
  const r = { ...MESSAGE_RUN_MEMBERS };
  r.key = d.str();
  r.label = d.str();
  r.count = d.num();
  return r;
}

const RED_TEST_RUN_MEMBERS = { command: null, event: null };

function decodeRedTestRun(d) {
  const r = { ...RED_TEST_RUN_MEMBERS };
  r.command = d.str();
  r.event = d.num();
  return r;
}

const GOVERNOR_STEP_MEMBERS = { state: null, decision: null };

function decodeGovernorStep(d) {
  const r = { ...GOVERNOR_STEP_MEMBERS };
  r.state = decodeGovernorState(d);
  r.decision = decodeGovernorDecision(d);
  return r;
}

const GOVERNOR_REPORT_MEMBERS = { status: null, reason: null, events: null, budgets: null, steps: null, patches: null, refused: null, skipped: null, topCommands: null, refusedPatches: null, suggestions: null };

function decodeGovernorReport(d) {
  const r = { ...GOVERNOR_REPORT_MEMBERS };
  r.status = RUN_STATUS[d.code()];
  r.reason = d.str();
  r.events = d.num();
  r.budgets = d.array(decodeBudgetReport);
  r.steps = d.array(decodeStepReport);
  r.patches = d.num();
  r.refused = d.num();
  r.skipped = d.num();
  r.topCommands = d.array(decodeCommandReport);
  r.refusedPatches = d.array(decodeRefusedPatch);
  r.suggestions = d.array(decodeGroupingSuggestion);
  return r;
}

const BUDGET_REPORT_MEMBERS = { budget: null, used: null, limit: null };

function decodeBudgetReport(d) {
  const r = { ...BUDGET_REPORT_MEMBERS };
  r.budget = d.interned();
  r.used = d.num();
  r.limit = d.code() === 0 ? null : d.num();
  return r;
}

const STEP_REPORT_MEMBERS = { step: null, budgets: null, patches: null };

function decodeStepReport(d) {
  const r = { ...STEP_REPORT_MEMBERS };
  r.step = d.str();
  r.budgets = d.array(decodeBudgetReport);
  r.patches = d.num();
  return r;
}

const COMMAND_REPORT_MEMBERS = { command: null, count: null, test: null };

function decodeCommandReport(d) {
  const r = { ...COMMAND_REPORT_MEMBERS };
  r.command = d.str();
  r.count = d.num();
  r.test = d.code() === 1;
  return r;
}

const REFUSED_PATCH_MEMBERS = { file: null, fingerprint: null, count: null };

function decodeRefusedPatch(d) {
  const r = { ...REFUSED_PATCH_MEMBERS };
  r.file = d.str();
  r.fingerprint = d.str();
  r.count = d.num();
  return r;
}

const GROUPING_SUGGESTION_MEMBERS = { kind: null, family: null, files: null, count: null, suggestion: null };

function decodeGroupingSuggestion(d) {
  const r = { ...GROUPING_SUGGESTION_MEMBERS };
  r.kind = DUPLICATE_KIND[d.code()];
  r.family = d.str();
  r.files = d.array((d) => d.str());
  r.count = d.num();
  r.suggestion = d.str();
  return r;
}

const ROOTS = { Assembly: decodeAssembly, CapResult: decodeCapResult, Prioritized: decodePrioritized, ResolvedIntent: decodeResolvedIntent, JsonLocation: decodeJsonLocation, PreloadResult: decodePreloadResult, PathChecks: decodePathChecks, SectionsResult: decodeSectionsResult, ExtractedClasses: decodeExtractedClasses, RegistryResult: decodeRegistryResult, TrackedOutputs: decodeTrackedOutputs, ModifiedFiles: decodeModifiedFiles, GovernorDecision: decodeGovernorDecision, GovernorState: decodeGovernorState, GovernorStep: decodeGovernorStep, GovernorReport: decodeGovernorReport };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
