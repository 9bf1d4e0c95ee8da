// The JavaScript half of ctxpack's binding layer; src/wasm/convert.rs is the Rust half.
// wasm-bindgen ships this file beside the glue it generates, so every build (Node, web, the
// browser tests) runs the same code.

/** The error every ctxpack export throws for bad input. */
export class CtxpackError extends Error {
  /**
   * @param {string} message for people
   * @param {string} code stable, for programs to branch on
   * @param {string} path JSON pointer to the offending field of the argument
   */
  constructor(message, code, path) {
    super(message);
    this.code = code;
    this.path = path;
  }

  toJSON() {
    return { name: this.name, code: this.code, path: this.path, message: this.message };
  }
}
Object.defineProperty(CtxpackError.prototype, "name", { value: "CtxpackError", writable: true, configurable: true });

// --- ContextAssembler lifecycle ---------------------------------------------------------------
// wasm-bindgen's class holds a bare number (`__wbg_ptr`) and passes whatever `this` carries into
// wasm: after free(), on a detached method or a foreign `this`, that is 0 and wasm-bindgen throws
// "null pointer passed to rust" from inside wasm, leaking the call's stack frame (thousands of
// such calls poison the instance); a forged number reads arbitrary memory. scripts/build.mjs
// makes the generated class call the three functions below, so such a call throws a
// CtxpackError (FREED) before it reaches wasm, and free() is idempotent.

const liveAssemblers = new WeakSet();
const freedAssemblers = new WeakSet();

const notLive = (self, method) =>
  new CtxpackError(
    freedAssemblers.has(self)
      ? `ContextAssembler.${method}() called after free() (or the end of its \`using\` block); create a new ContextAssembler`
      : `ContextAssembler.${method}() called on something that is not a ContextAssembler (a detached method?)`,
    "FREED",
    "",
  );

/** The constructor has made `self` (called by the generated class). */
export function assemblerCreated(self) {
  liveAssemblers.add(self);
}

/** Before any method enters wasm: throws FREED unless `self` is a live ContextAssembler. */
export function assemblerCheck(self, method) {
  if (!liveAssemblers.has(self)) throw notLive(self, method);
}

/**
 * free() / [Symbol.dispose](): true if `self` is live (it is now released and must be freed in
 * wasm), false if it was freed already (nothing to do). FREED if it never was a ContextAssembler.
 */
export function assemblerRelease(self) {
  if (liveAssemblers.delete(self)) {
    freedAssemblers.add(self);
    return true;
  }
  if (freedAssemblers.has(self)) return false;
  throw notLive(self, "free");
}

/**
 * Reads what ranking needs from every document in one pass, so the metadata crosses into wasm
 * in a few large pieces instead of one call per field (each crossing costs more than the read).
 * Returns null when any document is not plainly well-formed: the Rust side then re-reads field
 * by field and reports the exact error. Bodies (`data`, `metadata`) are not touched beyond
 * checking they are present; they cross only for documents that are rendered. A string longer
 * than `maxText` (limits.maxTextLength) also means null, so the exact path refuses it by name.
 *
 * Ids, types and text dates are written as UTF-8 straight into one byte array, each ended by
 * U+0000 (a part holding U+0000 itself makes the count disagree, and Rust falls back to the
 * exact path). Building one string instead — by `join` or by concatenation — cost 2.3–2.9 ms at
 * 10,000 documents and grew superlinearly (42–50 ms at 100,000: ×16–×21); these bytes cost
 * 1.45 ms and 14 ms. The few distinct types are encoded once each.
 *
 * @param {unknown[]} docs
 * @param {number} maxText
 * @returns {{ bytes: Uint8Array, parts: number, created: Float64Array, flags: Uint8Array } | null}
 */
export function readMeta(docs, maxText) {
  const n = docs.length;
  const created = new Float64Array(n);
  const flags = new Uint8Array(n);
  const out = new Utf8Parts(n * 48);
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    if (d === null || typeof d !== "object" || Array.isArray(d)) return null;
    const { id, schema_type, origin_type, created_at, is_leaf, data, metadata } = d;
    if (typeof id !== "string" || typeof schema_type !== "string" || data === undefined) return null;
    if (id.length > maxText || schema_type.length > maxText) return null;
    let f;
    if (origin_type === "user_input") f = FLAG_USER_INPUT;
    else if (origin_type === "ai_generated") f = 0;
    else return null;
    out.put(id);
    out.putShared(schema_type);
    if (typeof created_at === "string") {
      if (created_at.length > maxText) return null;
      f |= FLAG_CREATED_TEXT;
      out.put(created_at);
    } else if (typeof created_at === "number") created[i] = created_at;
    else return null;
    if (is_leaf === true) f |= FLAG_LEAF_GIVEN | FLAG_LEAF;
    else if (is_leaf === false) f |= FLAG_LEAF_GIVEN;
    else if (is_leaf !== undefined && is_leaf !== null) return null;
    if (metadata !== undefined && metadata !== null && (typeof metadata !== "object" || Array.isArray(metadata))) return null;
    flags[i] = f;
  }
  return { bytes: out.bytes(), parts: out.parts, created, flags };
}

const utf8 = new TextEncoder();

/** Strings written as UTF-8 into a growing byte array, each followed by a 0 byte. */
class Utf8Parts {
  constructor(capacity) {
    this.buf = new Uint8Array(Math.max(capacity, 1024));
    this.at = 0;
    this.parts = 0;
    this.shared = new Map();
  }

  room(n) {
    if (this.buf.length - this.at >= n) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }

  /** ASCII byte by byte; from the first other character on, TextEncoder (lone surrogates → U+FFFD). */
  put(s) {
    const n = s.length;
    this.room(n * 3 + 1);
    const buf = this.buf;
    let at = this.at;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) break;
      buf[at++] = c;
    }
    if (i < n) at += utf8.encodeInto(i === 0 ? s : s.slice(i), buf.subarray(at)).written;
    buf[at++] = 0;
    this.at = at;
    this.parts++;
  }

  /** A string many documents share (a type), encoded once. */
  putShared(s) {
    let b = this.shared.get(s);
    if (b === undefined) {
      b = utf8.encode(`${s}\u0000`);
      this.shared.set(s, b);
    }
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
    this.parts++;
  }

  bytes() {
    return this.buf.subarray(0, this.at);
  }
}

// Keep in step with the FLAG_ constants in convert.rs.
const FLAG_USER_INPUT = 1;
const FLAG_LEAF_GIVEN = 2;
const FLAG_LEAF = 4;
const FLAG_CREATED_TEXT = 8;

// Manifest records cross as columns — one string of all their text, its UTF-16 lengths,
// numbers in a Float64Array (NaN for null), codes in a Uint8Array — and are built into objects
// here: much cheaper than JSON text for thousands of records. The key order is the one the Rust
// types serialize with, so JSON.stringify of a manifest is identical on every path.
const ACTIONS = ["full", "truncated", "summarized", "discarded", "filtered_out"];
const LEVELS = ["full", "truncated", "summarized"];
const NO_CODE = 255;

/** Reads consecutive strings of `text` whose UTF-16 lengths are `lengths`. */
function reader(text, lengths) {
  let at = 0;
  let k = 0;
  return () => {
    const len = lengths[k++];
    const s = text.slice(at, at + len);
    at += len;
    return s;
  };
}

const orNull = (v) => (Number.isNaN(v) ? null : v);

/** The strings of an interned table, in order. */
function table(text, lengths) {
  const str = reader(text, lengths);
  return Array.from(lengths, () => str());
}

/**
 * Per record: string id; interned reason and schemaType (`refs`, into the table, since most
 * records share a handful); numbers charsBefore, charsAfter, rank, score, the five breakdown
 * terms, offset; codes action, level.
 */
export function buildDocRecords(text, lengths, nums, codes, tableText, tableLengths, refs) {
  const str = reader(text, lengths);
  const strings = table(tableText, tableLengths);
  const n = codes.length / 2;
  const out = new Array(n);
  for (let i = 0, b = 0, c = 0; i < n; i++, b += 10, c += 2) {
    const score = orNull(nums[b + 3]);
    out[i] = {
      id: str(),
      action: ACTIONS[codes[c]],
      reason: strings[refs[c]],
      charsBefore: orNull(nums[b]),
      charsAfter: nums[b + 1],
      schemaType: strings[refs[c + 1]],
      rank: orNull(nums[b + 2]),
      score,
      breakdown: score === null ? null : { required: nums[b + 4], optional: nums[b + 5], leaf: nums[b + 6], userInput: nums[b + 7], recency: nums[b + 8] },
      level: codes[c + 1] === NO_CODE ? null : LEVELS[codes[c + 1]],
      offset: orNull(nums[b + 9]),
    };
  }
  return out;
}

/** Per record: strings id, schemaType; numbers rank, score, the five breakdown terms. */
export function buildRankedRecords(text, lengths, nums) {
  const str = reader(text, lengths);
  const n = nums.length / 7;
  const out = new Array(n);
  for (let i = 0, b = 0; i < n; i++, b += 7) {
    const id = str();
    const schemaType = str();
    out[i] = { id, schemaType, rank: nums[b], score: nums[b + 1], breakdown: { required: nums[b + 2], optional: nums[b + 3], leaf: nums[b + 4], userInput: nums[b + 5], recency: nums[b + 6] } };
  }
  return out;
}

/** Per record: strings id, schemaType, reason. */
export function buildFilteredRecords(text, lengths) {
  const str = reader(text, lengths);
  const n = lengths.length / 3;
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const id = str();
    const schemaType = str();
    out[i] = { id, schemaType, reason: str() };
  }
  return out;
}

/**
 * JSON text of a small host value — a profile, a request, an option — refusing what
 * `JSON.stringify` would silently change: a symbol, function or BigInt (dropped or thrown), NaN
 * and ±Infinity (written as null, so a default would apply unseen), typed arrays (written as
 * objects), nesting past `limit` (cycles included). Lone surrogates become U+FFFD, as they do
 * everywhere in ctxpack. Throws `{ ctxpackCode, path, message }` naming the field.
 *
 * @param {unknown} value
 * @param {number} limit
 * @returns {string | undefined} undefined for undefined, as JSON.stringify
 */
export function strictJson(value, limit) {
  const out = [];
  const fail = (code, path, message) => {
    throw { ctxpackCode: code, path, message };
  };
  const text = (s) => JSON.stringify(typeof s.toWellFormed === "function" ? s.toWellFormed() : s);
  const read = (holder, key, path) => {
    try {
      return holder[key];
    } catch (e) {
      return fail("INVALID_INPUT", path, `reading this field threw: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const walk = (v, path, depth) => {
    switch (typeof v) {
      case "string":
        out.push(text(v));
        return;
      case "number":
        if (!Number.isFinite(v)) fail("INVALID_INPUT", path, `${v} is not a JSON number`);
        out.push(JSON.stringify(v));
        return;
      case "boolean":
        out.push(v ? "true" : "false");
        return;
      case "object":
        break;
      default:
        return fail("INVALID_INPUT", path, `a ${typeof v} is not a JSON value`);
    }
    if (v === null) {
      out.push("null");
      return;
    }
    if (depth >= limit) fail("TOO_DEEP", path, `nesting deeper than ${limit} levels (or a cycle)`);
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) fail("INVALID_INPUT", path, "a typed array is not a JSON value");
    let keys;
    let array;
    try {
      array = Array.isArray(v);
      keys = array ? null : Object.keys(v);
    } catch (e) {
      return fail("INVALID_INPUT", path, `reading this value threw: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (array) {
      const length = read(v, "length", path);
      out.push("[");
      for (let i = 0; i < length; i++) {
        if (i > 0) out.push(",");
        const item = read(v, i, `${path}/${i}`);
        if (item === undefined) out.push("null");
        else walk(item, `${path}/${i}`, depth + 1);
      }
      out.push("]");
      return;
    }
    out.push("{");
    let first = true;
    for (const key of keys) {
      const at = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      const item = read(v, key, at);
      if (item === undefined) continue;
      if (!first) out.push(",");
      first = false;
      out.push(text(key), ":");
      walk(item, at, depth + 1);
    }
    out.push("}");
  };
  if (value === undefined) return undefined;
  walk(value, "", 0);
  return out.join("");
}
