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

const ROOTS = { Assembly: decodeAssembly, CapResult: decodeCapResult, Prioritized: decodePrioritized, ResolvedIntent: decodeResolvedIntent, JsonLocation: decodeJsonLocation };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
