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

const GOVERNOR_STEP_MEMBERS = { state: null, decision: null };

function decodeGovernorStep(d) {
  const r = { ...GOVERNOR_STEP_MEMBERS };
  r.state = decodeGovernorState(d);
  r.decision = decodeGovernorDecision(d);
  return r;
}

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

const RUN_STATUS = ["running", "done_partial", "aborted_constraint"];

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

const ROOTS = { GovernorStep: decodeGovernorStep, GovernorDecision: decodeGovernorDecision, GovernorState: decodeGovernorState, GovernorReport: decodeGovernorReport };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
