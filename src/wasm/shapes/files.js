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

const ACTION = ["full", "truncated", "summarized", "discarded", "filtered_out", "inlined", "skipped", "rejected", "duplicate"];

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

const ROOTS = { PreloadResult: decodePreloadResult, PathChecks: decodePathChecks, SectionsResult: decodeSectionsResult, PreloadResult: decodePreloadResult };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
