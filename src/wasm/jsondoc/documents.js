// jsondoc's half of reading documents lazily (src/wasm/jsondoc/documents.rs is the Rust half):
// the one pass over the documents' metadata, a param match's field read in place, and long JSON
// text copied into wasm a chunk at a time. Only the main entry's wasm imports it; the rest of the
// glue (src/wasm/glue.js) is engine-neutral.
import { bom, jsonOf, wellFormed } from "../glue.js";

/**
 * Reads what ranking needs from every document in one pass, so the metadata crosses into wasm
 * in a few large pieces instead of one call per field (each crossing costs more than the read).
 * Returns null when any document is not plainly well-formed: the Rust side then re-reads field
 * by field and reports the exact error. Bodies (`data`, `metadata`) are not touched beyond
 * checking they are present; they cross only for documents that are rendered. A string longer
 * than `maxText` (limits.maxTextLength) also means null, so the exact path refuses it by name.
 *
 * Strings are written as UTF-8 into one byte array, their byte lengths in `lengths`, in this
 * order for each document: its id; its type name, the first time that name is met; its
 * `created_at` when that is text (`flags`). `kinds[i]` is the ordinal of document i's type name
 * among the names met, so a type is written and checked once, not once per document. Building
 * one string instead — by `join` or by concatenation — cost 2.3–2.9 ms at 10,000 documents and
 * grew superlinearly (42–50 ms at 100,000: ×16–×21); these bytes cost 1.45 ms and 14 ms.
 *
 * @param {unknown[]} docs
 * @param {number} maxText
 * @param {string} userInput the two origin_type names, as the core's `Origin` spells them
 * @param {string} aiGenerated
 * @returns {{ bytes: Uint8Array, lengths: Uint32Array, kinds: Uint32Array, created: Float64Array, flags: Uint8Array, ids: string[] | undefined } | null}
 */
export function readMeta(docs, maxText, userInput, aiGenerated) {
  // A document's getter may itself call ctxpack, while this call fills `scratch`: that call
  // gets arrays of its own.
  if (scratch.busy) return readMetaInto(docs, maxText, userInput, aiGenerated, newScratch());
  scratch.busy = true;
  try {
    return readMetaInto(docs, maxText, userInput, aiGenerated, scratch);
  } finally {
    scratch.busy = false;
  }
}

const dateToJSON = Date.prototype.toJSON;
const dateToISOString = Date.prototype.toISOString;
const dateGetTime = Date.prototype.getTime;
// The last millisecond of 9999-12-31 (timestamp.rs MAX_ISO_MS): past it toISOString writes six digits.
const MAX_ISO_MS = 253402300799999;

/**
 * A `Date`'s milliseconds when `JSON.stringify` would write it as `toISOString` does from 1970
 * to 9999 (its toJSON and toISOString are Date's own); -1 for anything else, invalid Dates included.
 */
function dateMillis(v) {
  if (!(v instanceof Date) || v.toJSON !== dateToJSON || v.toISOString !== dateToISOString) return -1;
  const ms = dateGetTime.call(v);
  return ms >= 0 && ms <= MAX_ISO_MS ? ms : -1;
}

function readMetaInto(docs, maxText, userInput, aiGenerated, keep) {
  const n = docs.length;
  const { created, flags, kinds } = metaColumns(n, keep);
  const names = new Map();
  // The ids themselves, for the result's records (wasm/output.rs `to_js_given`): kept only if
  // every one is well-formed, so that a record holds what wasm read (U+FFFD for a lone surrogate).
  const ids = new Array(n);
  let given = true;
  // At most three strings a document: id, a new type name, a text date.
  const out = new Utf8Parts(n * 40, n * 3, keep);
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    if (d === null || typeof d !== "object" || Array.isArray(d)) return null;
    const { id, schema_type, origin_type, created_at, is_leaf, data, metadata } = d;
    if (typeof id !== "string" || typeof schema_type !== "string" || data === undefined) return null;
    if (id.length > maxText || schema_type.length > maxText) return null;
    let f;
    if (origin_type === userInput) f = FLAG_USER_INPUT;
    else if (origin_type === aiGenerated) f = 0;
    else return null;
    if (out.put(id) && given) given = wellFormed(id);
    ids[i] = id;
    let kind = names.get(schema_type);
    if (kind === undefined) {
      kind = names.size;
      names.set(schema_type, kind);
      out.putWhole(schema_type);
    }
    kinds[i] = kind;
    // A Date, as database drivers return timestamps: its milliseconds, which the core renders
    // back as the ISO text JSON.stringify writes (toISOString is ~0.8 µs a call). Anything else
    // with a toJSON (a Date whose toJSON was replaced, or one past year 9999) is read as what
    // its toJSON returns.
    let at = created_at;
    if (typeof at === "object" && at !== null) {
      const ms = dateMillis(at);
      if (ms >= 0) {
        f |= FLAG_CREATED_DATE;
        at = ms;
      } else at = jsonOf(at, "created_at");
    }
    if (typeof at === "string") {
      if (at.length > maxText) return null;
      f |= FLAG_CREATED_TEXT;
      out.put(at);
      created[i] = 0;
    } else if (typeof at === "number") created[i] = at;
    else return null;
    if (is_leaf === true) f |= FLAG_LEAF_GIVEN | FLAG_LEAF;
    else if (is_leaf === false) f |= FLAG_LEAF_GIVEN;
    else if (is_leaf !== undefined && is_leaf !== null) return null;
    if (metadata !== undefined && metadata !== null && typeof metadata !== "string" && (typeof metadata !== "object" || Array.isArray(metadata))) return null;
    flags[i] = f;
  }
  return { bytes: out.bytes(), lengths: out.lengths.subarray(0, out.parts), kinds, created, flags, ids: given ? ids : undefined };
}

const utf8 = new TextEncoder();

// readMeta's arrays, kept from call to call. Fresh ones cost more than all the reading at 10,000
// documents: their ~650 KB are new pages to the process each time (readMeta 1.8 → 1.5 ms in a
// call). The core copies them before readMeta can run again (documents.rs `unpack`), so one set
// serves every call. An array past SCRATCH_KEEP bytes is made for its call and not kept: the
// five together hold at most about 3.6 MiB (all of them up to ~26,000 documents).
const SCRATCH_KEEP = 1 << 20;
const newScratch = () => ({ busy: false, buf: new Uint8Array(0), lengths: new Uint32Array(0), created: new Float64Array(0), flags: new Uint8Array(0), kinds: new Uint32Array(0) });
const scratch = newScratch();

/** `n` entries of each per-document column, from `keep` while they fit what it may hold. */
function metaColumns(n, keep) {
  if (n * 8 > SCRATCH_KEEP) return { created: new Float64Array(n), flags: new Uint8Array(n), kinds: new Uint32Array(n) };
  if (keep.created.length < n) {
    keep.created = new Float64Array(n);
    keep.flags = new Uint8Array(n);
    keep.kinds = new Uint32Array(n);
  }
  return { created: keep.created.subarray(0, n), flags: keep.flags.subarray(0, n), kinds: keep.kinds.subarray(0, n) };
}

/** Strings written as UTF-8 into a growing byte array, each one's byte length kept. */
class Utf8Parts {
  /** Arrays of `keep` (readMeta's `scratch`) are used, and arrays grown are left there, while they fit SCRATCH_KEEP. */
  constructor(capacity, parts, keep) {
    capacity = Math.max(capacity, 1024);
    this.keep = keep;
    if (keep.buf.length < capacity && capacity <= SCRATCH_KEEP) keep.buf = new Uint8Array(capacity);
    if (keep.lengths.length < parts && parts * 4 <= SCRATCH_KEEP) keep.lengths = new Uint32Array(parts);
    this.buf = keep.buf.length >= capacity ? keep.buf : new Uint8Array(capacity);
    this.at = 0;
    this.lengths = keep.lengths.length >= parts ? keep.lengths : new Uint32Array(parts);
    this.parts = 0;
  }

  /**
   * ASCII byte by byte; from the first other character on, TextEncoder (lone surrogates → U+FFFD).
   * True when `s` is not all ASCII.
   */
  put(s) {
    const n = s.length;
    if (this.buf.length - this.at < n * 3) this.grow(n * 3);
    const buf = this.buf;
    const start = this.at;
    let at = start;
    let wide = false;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        at += utf8.encodeInto(i === 0 ? s : s.slice(i), buf.subarray(at)).written;
        wide = true;
        break;
      }
      buf[at++] = c;
    }
    this.lengths[this.parts++] = at - start;
    this.at = at;
    return wide;
  }

  /**
   * A string met rarely (a type name, often not ASCII: 灵感创意), through TextEncoder whole. Given to
   * `put` as well, such strings made Chromium's readMeta take 5.0 ms of a 10k call instead of
   * 2.85 ms (`put` then met two-byte strings besides the one-byte ids and dates).
   */
  putWhole(s) {
    if (this.buf.length - this.at < s.length * 3) this.grow(s.length * 3);
    const written = utf8.encodeInto(s, this.buf.subarray(this.at)).written;
    this.lengths[this.parts++] = written;
    this.at += written;
  }

  /** Room for `n` more bytes, apart from `put` so that it stays small enough to be inlined. */
  grow(n) {
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
    if (grown.length <= SCRATCH_KEEP) this.keep.buf = grown;
  }

  bytes() {
    return this.buf.subarray(0, this.at);
  }
}

// BEGIN CODES
// Generated from src/wasm_codes.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
const FLAG_USER_INPUT = 1;
const FLAG_LEAF_GIVEN = 2;
const FLAG_LEAF = 4;
const FLAG_CREATED_TEXT = 8;
const FLAG_CREATED_DATE = 16;
// END CODES

// --- A param match's field, read in place -----------------------------------------------------------

// What `dataAt` returns when the body is to be read whole.
const WHOLE = Symbol("whole");
const CANONICAL_INDEX = /^(?:0|[1-9][0-9]*)$/;
const { propertyIsEnumerable } = Object.prototype;

/**
 * The primitive a param match compares (host.rs `data_at`), read by property from a document's
 * `data` when that is plain data — objects and arrays as JSON.parse makes them — by following
 * `tokens` (a JSON pointer's, unescaped); `undefined` when nothing is there, as in its
 * JSON.stringify. Whatever JSON.stringify would write otherwise than a property read gives (a
 * toJSON, a class instance, a Date, a boxed primitive, another realm's object), or a part that
 * is not a well-formed primitive, returns WHOLE: the core then reads the whole body.
 *
 * @param {unknown} data
 * @param {string} joined the tokens, joined by U+0000
 * @param {number} count how many there are
 */
export function dataAt(data, joined, count) {
  const tokens = count === 0 ? [] : joined.split("\u0000");
  let v = data;
  for (let i = 0; i < tokens.length; i++) {
    if (v === null || typeof v !== "object") return undefined;
    const t = tokens[i];
    const proto = Object.getPrototypeOf(v);
    if (typeof v.toJSON === "function") return WHOLE;
    if (Array.isArray(v)) {
      if (proto !== Array.prototype) return WHOLE;
      if (!CANONICAL_INDEX.test(t) || Number(t) >= v.length) return undefined;
      v = v[t];
      // JSON.stringify writes these as null in an array.
      if (v === undefined || typeof v === "function" || typeof v === "symbol") v = null;
    } else {
      if (proto !== Object.prototype && proto !== null) return WHOLE;
      if (!propertyIsEnumerable.call(v, t)) return undefined;
      v = v[t];
      // ...and leaves them out of an object.
      if (v === undefined || typeof v === "function" || typeof v === "symbol") return undefined;
    }
  }
  switch (typeof v) {
    case "string":
      return wellFormed(v) ? v : WHOLE;
    case "number":
      // As JSON text holds it: NaN and ±Infinity as null, -0 as 0.
      return Number.isFinite(v) ? v + 0 : null;
    case "boolean":
      return v;
    default:
      return v === null ? null : WHOLE;
  }
}

// --- Long JSON text, a chunk at a time --------------------------------------------------------------

const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "byteLength").get;
const typedArrayBuffer = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "buffer").get;
const typedArrayOffset = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "byteOffset").get;

/**
 * Copies `view.length` bytes of the `Uint8Array` `v`, from byte `from` after any byte-order
 * mark, into `view`: a chunk of long JSON text, read a piece at a time. False, having copied
 * nothing, when `v` no longer holds them (shortened or detached during the call). Never throws.
 *
 * @param {Uint8Array} v
 * @param {number} from
 * @param {Uint8Array} view
 * @returns {boolean}
 */
export function copyByteRange(v, from, view) {
  try {
    const start = bom(v) + from;
    if (start + view.length > typedArrayLength.call(v)) return false;
    view.set(new Uint8Array(typedArrayBuffer.call(v), typedArrayOffset.call(v) + start, view.length));
    return true;
  } catch {
    return false;
  }
}

// Node's Buffer writes a string's code units as UTF-16LE with one copy; elsewhere they are read
// one by one. A view of wasm memory as units is little-endian only where the host is.
const NodeBuffer = typeof globalThis.Buffer === "function" && typeof globalThis.Buffer.from === "function" ? globalThis.Buffer : null;
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * `view.length / 2` code units of the string `s` from unit `from`, into `view` as UTF-16LE (as
 * wasm memory holds them); false when `s` does not hold them. Never throws.
 * @param {string} s
 * @param {number} from
 * @param {Uint8Array} view
 * @returns {boolean}
 */
export function copyUnits(s, from, view) {
  try {
    const n = view.length >>> 1;
    if (typeof s !== "string" || from + n > s.length) return false;
    if (NodeBuffer !== null) {
      const part = n === s.length ? s : s.slice(from, from + n);
      return NodeBuffer.from(view.buffer, view.byteOffset, n * 2).write(part, 0, "utf16le") === n * 2;
    }
    if (littleEndian && (view.byteOffset & 1) === 0) copyCodes(new Uint16Array(view.buffer, view.byteOffset, n), s, from);
    else {
      for (let k = 0; k < n; k++) {
        const c = s.charCodeAt(from + k);
        view[2 * k] = c & 0xff;
        view[2 * k + 1] = c >>> 8;
      }
    }
    return true;
  } catch {
    return false;
  }
}

/** `units.length` code units of `s` from `from`, four a turn (in Chromium 12.5 → 9.8 ms for 14.6 M units). */
function copyCodes(units, s, from) {
  const n = units.length;
  let k = 0;
  for (; k + 3 < n; k += 4) {
    const j = from + k;
    units[k] = s.charCodeAt(j);
    units[k + 1] = s.charCodeAt(j + 1);
    units[k + 2] = s.charCodeAt(j + 2);
    units[k + 3] = s.charCodeAt(j + 3);
  }
  for (; k < n; k++) units[k] = s.charCodeAt(from + k);
}
