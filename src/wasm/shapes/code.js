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

const ACTION = ["full", "truncated", "summarized", "discarded", "filtered_out", "inlined", "skipped", "rejected", "duplicate"];

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

const ROOTS = { ExtractedClasses: decodeExtractedClasses, RegistryResult: decodeRegistryResult, TrackedOutputs: decodeTrackedOutputs, ModifiedFiles: decodeModifiedFiles };

/** The result `root` from its columns (see src/shape/encode.rs). */
export function decode(root, text, lengths, nums, codes, refs, given) {
  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));
}
