// The JavaScript half of ctxpack's binding layer (src/wasm/*.rs is the Rust half; shapes.js,
// generated from the declarations, builds the results).
// wasm-bindgen ships this file beside the glue it generates, so every build (Node, web, the
// browser tests) runs the same code.

/** The error every ctxpack export throws for bad input. */
export class CtxpackError extends Error {
  /**
   * @param {string} message for people
   * @param {string} code stable, for programs to branch on
   * @param {string} path JSON pointer to the offending field of the argument
   * @param {number} [line] for a fault in JSON text: 1-based line in that text
   * @param {number} [column] 1-based, in UTF-16 units (an editor's cursor column)
   */
  constructor(message, code, path, line, column) {
    super(message);
    this.code = code;
    this.path = path;
    if (line !== undefined) {
      this.line = line;
      this.column = column;
    }
  }

  toJSON() {
    const out = { name: this.name, code: this.code, path: this.path, message: this.message };
    if (this.line !== undefined) {
      out.line = this.line;
      out.column = this.column;
    }
    return out;
  }

  // Each entry of the package (ctxpack, ctxpack/files, …) is its own wasm with its own copy of
  // this class; `err instanceof CtxpackError` must hold whichever entry threw it, so instances
  // carry a brand registered globally and `instanceof` checks the brand.
  static [Symbol.hasInstance](value) {
    if (this !== CtxpackError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && value[BRAND] === true;
  }
}
const BRAND = Symbol.for("ctxpack.CtxpackError");
Object.defineProperty(CtxpackError.prototype, BRAND, { value: true });
Object.defineProperty(CtxpackError.prototype, "name", { value: "CtxpackError", writable: true, configurable: true });

// --- ContextAssembler's lifetime -----------------------------------------------------------------
// wasm-bindgen's class holds a bare number (`__wbg_ptr`) and passes whatever `this` carries into
// wasm: after free(), on a detached method or a foreign `this`, that is 0 and wasm-bindgen throws
// from inside wasm, leaking the call's stack frame (thousands of such calls poison the instance);
// a forged number reads arbitrary memory. The package therefore exports `guarded(Generated)`, a
// class with the generated one's methods that keeps the generated object out of reach: a method
// of a freed assembler, or called on anything else, throws CtxpackError FREED before wasm is
// entered; free() is idempotent; and a free() from inside one of its own calls (a getter of the
// input) waits for that call to return. Nothing of wasm-bindgen's output is edited, so a
// wasm-bindgen upgrade is a version bump.

/**
 * The public class over the generated one: same constructor, same methods, same `free()` and
 * `[Symbol.dispose]()`. The garbage collector frees an assembler the program drops: the
 * generated object, reachable only from here, is registered with wasm-bindgen's
 * FinalizationRegistry (`--weak-refs`).
 *
 * @template {new (...args: any[]) => { free(): void }} G
 * @param {G} Generated
 * @returns {G}
 */
export function guarded(Generated, memory = undefined, remade = false) {
  const states = new WeakMap();
  const freed = new WeakSet();
  // An object the program drops without free(): its state (held here, so the generated object
  // stays reachable until then) is freed when the public object is collected.
  const dropped = typeof FinalizationRegistry === "function" && memory !== undefined ? new FinalizationRegistry((state) => forget(state)) : undefined;
  const track = (self, state) => {
    states.set(self, state);
    if (memory === undefined) return;
    memory.live.add(state);
    dropped?.register(self, state, state);
  };
  const forget = (state) => {
    memory?.live.delete(state);
    dropped?.unregister(state);
    if (state.inner !== null) release(state);
  };
  const notLive = (self, method) =>
    new CtxpackError(
      freed.has(self)
        ? `${Generated.name}.${method}() called after free() (or the end of its \`using\` block); create a new ${Generated.name}`
        : `${Generated.name}.${method}() called on something that is not a ${Generated.name} (a detached method?)`,
      "FREED",
      "",
    );
  const release = (state) => {
    const inner = state.inner;
    state.inner = null;
    inner?.free();
  };
  const Guarded = {
    [Generated.name]: class {
      constructor(...args) {
        memory?.enter();
        try {
          const inner = new Generated(...args);
          track(this, { inner, calls: 0, freeAfter: false, remake: remade ? remaker(Generated, args) : null });
        } finally {
          memory?.leave();
        }
      }

      free() {
        const state = states.get(this);
        if (state === undefined) {
          if (freed.has(this)) return;
          throw notLive(this, "free");
        }
        states.delete(this);
        freed.add(this);
        if (state.calls > 0) state.freeAfter = true;
        else forget(state);
      }

      [Symbol.dispose]() {
        this.free();
      }
    },
  }[Generated.name];
  for (const name of Object.getOwnPropertyNames(Generated.prototype)) {
    if (name === "constructor" || name === "free" || name.startsWith("__")) continue;
    const method = Generated.prototype[name];
    if (typeof method !== "function") continue;
    Object.defineProperty(Guarded.prototype, name, {
      configurable: true,
      writable: true,
      value: {
        [name](...args) {
          const state = states.get(this);
          if (state === undefined) throw notLive(this, name);
          memory?.enter();
          state.calls++;
          try {
            // Given up with the instance it lived in (releaseMemory): made again in this one.
            if (state.inner === null) state.inner = state.remake();
            return method.apply(state.inner, args);
          } finally {
            if (--state.calls === 0 && state.freeAfter) forget(state);
            memory?.leave();
          }
        },
      }[name],
    });
  }
  // Static factories (`RunGovernor.fromState`): an instance one returns is held like one the
  // constructor made, so it is guarded too (wasm-bindgen's own `__wrap` and the like skipped).
  for (const name of Object.getOwnPropertyNames(Generated)) {
    if (name.startsWith("__")) continue;
    const factory = Generated[name];
    if (typeof factory !== "function") continue;
    Object.defineProperty(Guarded, name, {
      configurable: true,
      writable: true,
      value: {
        [name](...args) {
          memory?.enter();
          try {
            const made = factory.apply(Generated, args);
            if (!(made instanceof Generated)) return made;
            const self = Object.create(Guarded.prototype);
            track(self, { inner: made, calls: 0, freeAfter: false, remake: null });
            return self;
          } finally {
            memory?.leave();
          }
        },
      }[name],
    });
  }
  return Guarded;
}

// --- Giving linear memory back ----------------------------------------------------------------------
// WebAssembly memory grows and never shrinks: a process or a page keeps the largest call's memory
// for as long as it lives. The only way back is a fresh instance of the same compiled module. Each
// entry's exports go through `memoryManager`: once the entry has had no call for RELEASE_AFTER_MS
// after one returned with linear memory past RELEASE_ABOVE, the instance is replaced, unless an
// object of the entry still lives in it and cannot be made again (a RunGovernor holds its run's
// state). A ContextAssembler can: it keeps a copy of its constructor's arguments and is made
// again, in the new instance, at its next call. Not at once when the call returns: growing memory
// again costs the next call more than the call itself (100,000 documents in, Node: 156 ms a call
// reusing its memory, 590 ms giving it back after each), so a busy server keeps it.

/** Linear memory past which an idle entry gives memory back (bytes). */
export const RELEASE_ABOVE = 64 * 1024 * 1024;
/** How long the entry must have had no call before it does (milliseconds). */
export const RELEASE_AFTER_MS = 1000;

/**
 * @param {() => void} renew replaces the entry's instance (the generated glue's reset,
 *   wasm-bindgen's --experimental-reset-state-function)
 * @param {() => number} bytes the instance's linear memory now
 */
export function memoryManager(renew, bytes) {
  const memory = {
    /** States of the entry's live objects (see `guarded`). */
    live: new Set(),
    depth: 0,
    /** A fresh instance's memory: taken before the first call. */
    fresh: undefined,
    enter() {
      if (memory.depth++ === 0 && memory.fresh === undefined) memory.fresh = bytes();
    },
    /** Outermost calls returned so far. */
    calls: 0,
    timer: undefined,
    leave() {
      if (--memory.depth > 0) return;
      memory.calls++;
      if (memory.timer === undefined && bytes() > RELEASE_ABOVE) memory.releaseWhenIdle();
    },
    releaseWhenIdle() {
      if (typeof setTimeout !== "function") return;
      const seen = memory.calls;
      const timer = setTimeout(() => {
        memory.timer = undefined;
        if (memory.calls === seen) memory.release();
        else if (bytes() > RELEASE_ABOVE) memory.releaseWhenIdle();
      }, RELEASE_AFTER_MS);
      // A release still waiting must not keep a Node, Bun or Deno process alive.
      if (typeof timer === "object" && typeof timer?.unref === "function") timer.unref();
      else if (typeof Deno === "object" && typeof Deno?.unrefTimer === "function") Deno.unrefTimer(timer);
      memory.timer = timer;
    },
    /** Replaces the instance if nothing holds it; the bytes given back. */
    release() {
      if (memory.depth > 0) return 0;
      const before = bytes();
      if (memory.fresh !== undefined && before <= memory.fresh) return 0;
      for (const state of memory.live) if (state.remake === null) return 0;
      for (const state of memory.live) {
        // Its memory goes with the instance; the generated object must not free it later.
        state.inner?.__destroy_into_raw();
        state.inner = null;
      }
      try {
        renew();
      } catch {
        // Out of memory for even a fresh instance: the old one serves on (what lived in it is
        // made again in it).
        return 0;
      }
      memory.fresh = bytes();
      return before - memory.fresh;
    },
    /**
     * An export of the entry, counted as a call (calls from inside a call, such as a token
     * counter calling back, are not the outermost).
     *
     * @template {(...args: any[]) => any} F
     * @param {F} fn
     * @returns {F}
     */
    call(fn) {
      return {
        [fn.name](...args) {
          memory.enter();
          try {
            return fn.apply(this, args);
          } finally {
            memory.leave();
          }
        },
      }[fn.name];
    },
  };
  return memory;
}

/**
 * How to make a ContextAssembler again in a new instance: its arguments `(profile, options)` as
 * they were — copied, so a profile changed since does not change it; a token counter kept as the
 * function it is. Null if they cannot be copied: the object then holds its instance.
 *
 * @param {new (...args: any[]) => object} Generated
 * @param {unknown[]} args
 */
function remaker(Generated, [profile, options]) {
  let copies;
  try {
    copies = [
      copy(profile),
      options === null || typeof options !== "object" ? options : { limits: copy(options.limits), tokenCounter: options.tokenCounter },
    ];
  } catch {
    return null;
  }
  return () => new Generated(...copies);
}

const copy = (value) => (value === null || typeof value !== "object" ? value : JSON.parse(JSON.stringify(value)));

// --- ctxpack/web: the wasm as a separate asset ---------------------------------------------------
// The default entries inline the wasm and instantiate it on import: nothing to configure, but the
// module travels inside the JavaScript of every bundle that imports it (a page and its worker
// each carry and compile their own copy). The `/web` entries leave it a file, compiled while it
// downloads (compileStreaming), cached by the browser apart from the JavaScript, and compiled once
// for a page and its workers when the page posts the module returned by `init()` to them.

/**
 * `init` and the gate every export of a `/web` entry goes through until `init` has resolved.
 *
 * @param {(options: { module_or_path: WebAssembly.Module }) => Promise<unknown>} instantiate the
 *   generated glue's async init
 * @param {() => URL} asset where the entry's .wasm is (a `new URL(…, import.meta.url)` written in
 *   the entry itself, which is what bundlers look for to copy the file)
 * @param {string} entry the entry's import specifier, for messages
 */
export function deferred(instantiate, asset, entry) {
  let module;
  let pending;
  const ready = (name) => {
    if (module === undefined) {
      throw new CtxpackError(`${name}() was called before ${entry}'s init() resolved: \`await init()\` first (or import "${entry.replace(/\/web$/, "") || "ctxpack"}", which needs no init)`, "NOT_INITIALIZED", "");
    }
  };
  const compile = async (source) => {
    if (source instanceof WebAssembly.Module) return source;
    if (typeof source === "string" || source instanceof URL) source = fetch(source);
    source = await source;
    if (typeof Response === "function" && source instanceof Response) {
      if (!source.ok) throw new Error(`${entry}: fetching ${source.url} failed: ${source.status} ${source.statusText}`);
      // A server that does not say application/wasm makes compileStreaming refuse the response.
      if (typeof WebAssembly.compileStreaming === "function" && source.headers.get("Content-Type") === "application/wasm") {
        return WebAssembly.compileStreaming(source);
      }
      source = await source.arrayBuffer();
    }
    return WebAssembly.compile(source);
  };
  /**
   * @param {WebAssembly.Module | BufferSource | Response | Promise<Response> | URL | string} [source]
   * @returns {Promise<WebAssembly.Module>}
   */
  const init = (source) => {
    if (pending === undefined) {
      pending = (async () => {
        const compiled = await compile(source === undefined ? asset() : source);
        await instantiate({ module_or_path: compiled });
        module = compiled;
        return compiled;
      })();
      // A failed init (offline, a 404) may be retried.
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
  const whenReady = (name, target) => {
    // A class's static factories (`RunGovernor.fromState`) are gated too, each wrapped once.
    const statics = new Map();
    if (typeof target === "function" && target.prototype !== undefined) {
      for (const key of Object.getOwnPropertyNames(target)) {
        const value = target[key];
        if (typeof value !== "function" || key.startsWith("__")) continue;
        statics.set(key, (...args) => {
          ready(`${name}.${key}`);
          return value.apply(target, args);
        });
      }
    }
    const gated = new Proxy(target, {
      apply(fn, self, args) {
        ready(name);
        return Reflect.apply(fn, self, args);
      },
      construct(cls, args, newTarget) {
        ready(name);
        return Reflect.construct(cls, args, newTarget === gated ? cls : newTarget);
      },
      get: (cls, key, receiver) => statics.get(key) ?? Reflect.get(cls, key, receiver),
    });
    return gated;
  };
  return { init, whenReady };
}

// One encoder for every string the glue writes as UTF-8.
const utf8 = new TextEncoder();

// BEGIN CODES
// Generated from src/wasm_codes.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
const T_UNDEFINED = 0;
const T_NULL = 1;
const T_FALSE = 2;
const T_TRUE = 3;
const T_NUMBER = 4;
const T_STRING = 5;
const T_ARRAY = 6;
const T_OBJECT = 7;
const T_FUNCTION = 8;
const T_SYMBOL = 9;
const T_BIGINT = 10;
const T_BINARY = 11;
const T_DEEP = 12;
const T_THREW = 13;
const T_LONG = 14;
// END CODES

// --- Host values in -------------------------------------------------------------------------------

// A lone surrogate is the one thing JSON.stringify spells differently (escaped, where TextEncoder
// writes U+FFFD); where isWellFormed is missing, any surrogate takes the tape.
const SURROGATE = /[\uD800-\uDFFF]/;
export const wellFormed = typeof "".isWellFormed === "function" ? (s) => s.isWellFormed() : (s) => !SURROGATE.test(s);

/** Whether `v` is a string without unpaired surrogates (host.rs `well_formed`). */
export function isWellFormed(v) {
  return typeof v === "string" && wellFormed(v);
}

/** Whether JSON text spells this member exactly as the tape would carry it (see `hostValue`). */
const flatMember = (key, v) => {
  const k = key.charCodeAt(0);
  if ((k >= 48 && k <= 57) || !wellFormed(key)) return false;
  switch (typeof v) {
    case "string":
      return wellFormed(v);
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0);
    case "boolean":
    case "undefined":
      return true;
    default:
      return v === null;
  }
};

const NONE = Object.freeze([]);

// Where `hostValue`'s walk is on the way to a preload input's `contents[i].content` (`apart`):
// nowhere on it, at the input, at its `contents`, at item `i` (the number itself, ≥ 0), or at
// that item's `content` (AT_CONTENT − i).
const NOWHERE = -1;
const AT_ROOT = -2;
const AT_CONTENTS = -3;
const AT_CONTENT = -4;

// TextEncoder's spelling of a string with lone surrogates (each one U+FFFD).
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const toWellFormed = typeof "".toWellFormed === "function" ? (s) => s.toWellFormed() : (s) => s.replace(LONE, "\uFFFD");

/**
 * What `JSON.stringify` writes for `v` under `key` before anything else: the result of its
 * `toJSON` (a `Date`'s ISO text; `null` for an invalid one), else `v` itself. Binary data is
 * left as it is, for the core to refuse as binary rather than as a `Buffer`'s `{type, data}`.
 * Throws what `toJSON` throws.
 *
 * @param {unknown} v
 * @param {string} key
 */
export function jsonOf(v, key) {
  if (typeof v === "object" ? v === null || ArrayBuffer.isView(v) : typeof v !== "bigint" && typeof v !== "function") return v;
  const f = v.toJSON;
  return typeof f === "function" ? f.call(v, key) : v;
}

// UTF-8 decoded only when valid, a byte-order mark kept as U+FEFF (as the core reads bytes).
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of valid UTF-8 bytes, else undefined (a view of shared memory is copied first). */
function strictUtf8(bytes) {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    try {
      return strictDecoder.decode(bytes.slice());
    } catch {
      return undefined;
    }
  }
}

/** `v` as a Uint8Array when it holds bytes (a Uint8Array or a Buffer, of any realm, or an ArrayBuffer), else undefined. */
function byteView(v) {
  if (typedArrayKind.call(v) === "Uint8Array") return v;
  return v instanceof ArrayBuffer ? new Uint8Array(v) : undefined;
}

const thrownMessage = (e) => {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return "a JavaScript exception";
  }
};

/**
 * A small host value — a profile, a request, an option — as a tape the Rust side rebuilds into
 * the core's value, where every check is made: tags (one per value, in order), numbers (number
 * values, array lengths, member counts; NaN and ±Infinity kept as they are, for the core to
 * refuse by the field they stand in), and strings (keys and values, joined, with their UTF-16
 * lengths). A value with a `toJSON` (a `Date`) is read as what that returns, called with the key
 * `JSON.stringify` would pass (`jsonOf`), so an input reads as its JSON text does. What JSON
 * cannot hold is tagged, not judged: a function, a symbol, a BigInt, a
 * typed array (but a content's bytes, with `apart`), nesting past `limit` (cycles included), a
 * getter that threw. Strings and keys
 * together longer than `maxText` UTF-16 units are not copied at all: the tape is then one
 * T_LONG with their length so far, refused by the core as TOO_LARGE. Never throws.
 *
 * The joined strings cross as UTF-8 bytes, encoded here by TextEncoder (native code), not as a
 * string: wasm-bindgen copies a string into wasm memory with a JavaScript loop over its ASCII
 * prefix, which was ~40% of handing 16 MB of file contents to preloadFiles. Lone surrogates
 * become U+FFFD either way.
 *
 * With `flat`, an object whose members are all strings, finite numbers, booleans, null or
 * undefined comes back as its JSON text instead, written from the values read (every getter
 * runs once, as without `flat`; JSON.stringify sees primitives only), which the core's JSON
 * reader turns into the very value the tape would have made. A governor event is such an
 * object, and its text is made and crossed several times faster than the tape's four arrays
 * (TextEncoder's `encode` alone cost more per event than the text). Anything the text could
 * spell differently takes the tape: a lone surrogate (JSON.stringify escapes it, TextEncoder
 * writes U+FFFD), -0 (written 0); so do keys that look like indexes, depth limits below 2 and
 * text past `maxText`.
 *
 * With `apart` (a preload input), the strings at `contents[i].content` are held apart rather
 * than joined into the text: the tape carries `""` in their place (they still count against
 * `maxText`), `apart` holds them — made well-formed as TextEncoder would (a lone surrogate as
 * U+FFFD) — and `apartAt` the index `i` of each. `encodeApart` (files/contents.js) writes them as UTF-8 straight into
 * wasm memory, and `fillBlock` builds the block around them: 16 MB of files cross once, and the
 * block never crosses back (see docs/FILES.md, "Figures"). A content given as bytes (a
 * `Uint8Array`, a `Buffer`, an `ArrayBuffer`) is held the same way when it is valid UTF-8, and
 * otherwise crosses as its byte values, the array of numbers JSON would carry.
 *
 * @param {unknown} value
 * @param {number} limit
 * @param {number} maxText
 * @param {boolean} [flat]
 * @param {boolean} [apart]
 * @returns {{ tags: Uint8Array, nums: Float64Array, text: Uint8Array, lengths: Uint32Array } | string}
 */
export function hostValue(value, limit, maxText, flat = false, apart = false) {
  const tags = [];
  const nums = [];
  const strings = [];
  const held = [];
  const heldAt = [];
  let heldUnits = 0;
  let units = 0;
  // The first fault ends the walk: the core reports the first one only, and a value that
  // holds itself twice would otherwise be walked 2^limit times.
  let stopped = false;
  const text = (s) => {
    units += s.length;
    strings.push(s);
  };
  const threw = (e) => {
    tags.push(T_THREW);
    strings.push(thrownMessage(e));
    stopped = true;
  };
  // An array's items, read in order.
  const items = (v, length, depth, route = NOWHERE) => {
    tags.push(T_ARRAY);
    nums.push(length);
    for (let i = 0; i < length && units <= maxText && !stopped; i++) {
      let item;
      try {
        item = v[i];
      } catch (e) {
        threw(e);
        return;
      }
      walk(item, depth + 1, route === AT_CONTENTS ? i : NOWHERE, i);
    }
  };
  // An object's members, read in order — but the first `known.length` were read already (by
  // the flat reader below), and reading the one at `thrownAt` threw `thrownError`: every
  // getter runs once, whichever way the value crosses.
  const members = (v, keys, depth, known = NONE, thrownAt = -1, thrownError = undefined, route = NOWHERE) => {
    tags.push(T_OBJECT);
    nums.push(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (units > maxText || stopped) return;
      text(key);
      if (i === thrownAt) {
        threw(thrownError);
        return;
      }
      let item;
      if (i < known.length) item = known[i];
      else {
        try {
          item = v[key];
        } catch (e) {
          threw(e);
          return;
        }
      }
      walk(item, depth + 1, route === AT_ROOT ? (key === "contents" ? AT_CONTENTS : NOWHERE) : route >= 0 && key === "content" ? AT_CONTENT - route : NOWHERE, key);
    }
  };
  // What an object is (`undefined` once a fault is recorded): binary, an array's length, keys.
  const classify = (v) => {
    try {
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
        tags.push(T_BINARY);
        return undefined;
      }
      if (Array.isArray(v)) return { length: v.length };
      return { keys: Object.keys(v) };
    } catch (e) {
      threw(e);
      return undefined;
    }
  };
  // A content's text, held apart to cross once as UTF-8.
  const holdContent = (v, route) => {
    tags.push(T_STRING);
    units += v.length;
    heldUnits += v.length;
    strings.push("");
    held.push(v);
    heldAt.push(AT_CONTENT - route);
  };
  // A content given as bytes (a Buffer from readFileSync, a Uint8Array, an ArrayBuffer): valid
  // UTF-8 is its text; anything else crosses as the byte values JSON would carry, for the core
  // to judge binary, unless it is longer than maxText (then the call is TOO_LARGE, as for text).
  const contentBytes = (bytes, route) => {
    const text = strictUtf8(bytes);
    if (text !== undefined) return holdContent(text, route);
    tags.push(T_ARRAY);
    nums.push(bytes.length);
    if (bytes.length > maxText) {
      units += bytes.length;
      return;
    }
    for (let i = 0; i < bytes.length; i++) {
      tags.push(T_NUMBER);
      nums.push(bytes[i]);
    }
  };
  // `key` (a member's key or an item's index) is what JSON.stringify would pass to `v.toJSON`;
  // undefined once `toJSON` has been applied (its result's own `toJSON` is not called).
  const walk = (v, depth, route = NOWHERE, key = undefined) => {
    if (route <= AT_CONTENT && typeof v === "object" && v !== null) {
      const bytes = byteView(v);
      if (bytes !== undefined) return contentBytes(bytes, route);
    }
    if (key !== undefined && (typeof v === "object" || typeof v === "bigint" || typeof v === "function")) {
      try {
        v = jsonOf(v, typeof key === "number" ? String(key) : key);
      } catch (e) {
        threw(e);
        return;
      }
    }
    switch (typeof v) {
      case "undefined":
        tags.push(T_UNDEFINED);
        return;
      case "string":
        if (route <= AT_CONTENT) holdContent(wellFormed(v) ? v : toWellFormed(v), route);
        else {
          tags.push(T_STRING);
          text(v);
        }
        return;
      case "number":
        tags.push(T_NUMBER);
        nums.push(v);
        return;
      case "boolean":
        tags.push(v ? T_TRUE : T_FALSE);
        return;
      case "function":
        tags.push(T_FUNCTION);
        return;
      case "symbol":
        tags.push(T_SYMBOL);
        return;
      case "bigint":
        tags.push(T_BIGINT);
        return;
    }
    if (v === null) {
      tags.push(T_NULL);
      return;
    }
    if (depth >= limit) {
      tags.push(T_DEEP);
      stopped = true;
      return;
    }
    const kind = classify(v);
    if (kind === undefined) return;
    if (kind.keys === undefined) items(v, kind.length, depth, route);
    else members(v, kind.keys, depth, NONE, -1, undefined, route);
  };
  const tape = () => {
    if (units > maxText) return { tags: Uint8Array.of(T_LONG), nums: Float64Array.of(units), text: new Uint8Array(0), lengths: new Uint32Array(0) };
    const out = {
      tags: Uint8Array.from(tags),
      nums: Float64Array.from(nums),
      text: utf8.encode(strings.join("")),
      lengths: Uint32Array.from(strings, (s) => s.length),
    };
    if (apart) Object.assign(out, { held, heldAt: Uint32Array.from(heldAt), heldUnits, heldBytes: new Uint32Array(held.length), next: 0, partial: 0, done: 0 });
    return out;
  };
  // `flat`: the members of a top-level object read once, into JSON text while each is flat;
  // the first that is not (or a getter that throws, or text past maxText) hands what was read
  // to `members`, which goes on as the walk would have from there.
  try {
    value = jsonOf(value, "");
  } catch (e) {
    threw(e);
    return tape();
  }
  if (!flat || limit < 2 || typeof value !== "object" || value === null) {
    walk(value, 0, apart ? AT_ROOT : NOWHERE);
    return tape();
  }
  const kind = classify(value);
  if (kind === undefined) return tape();
  if (kind.keys === undefined) {
    items(value, kind.length, 0);
    return tape();
  }
  const keys = kind.keys;
  const known = [];
  let json = "{";
  let seen = 0;
  let flatAll = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (seen > maxText) {
      flatAll = false;
      break;
    }
    seen += key.length;
    let item;
    try {
      item = value[key];
    } catch (e) {
      members(value, keys, 0, known, i, e);
      return tape();
    }
    known.push(item);
    if (!flatMember(key, item)) {
      flatAll = false;
      break;
    }
    if (typeof item === "string") seen += item.length;
    // JSON.stringify of primitives only: no toJSON is looked up, nothing else runs.
    if (item !== undefined) json += `${json.length === 1 ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(item)}`;
  }
  if (flatAll && seen <= maxText) return `${json}}`;
  members(value, keys, 0, known);
  return tape();
}

// --- JSON text as bytes ----------------------------------------------------------------------------

// %TypedArray%.prototype[Symbol.toStringTag]'s getter names a typed array's kind from its
// internal slot, so it holds across realms (a vm context, an iframe) and cannot be forged by
// an object that declares its own tag; for anything that is not a typed array it gives undefined.
const typedArrayKind = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "byteLength").get;

/** A byte-order mark's length, if `v` starts with one (`TextDecoder` skips it too). */
export const bom = (v) => (v.length >= 3 && v[0] === 0xef && v[1] === 0xbb && v[2] === 0xbf ? 3 : 0);

/**
 * The length of a `Uint8Array` (a Node `Buffer` is one) after any byte-order mark, or -1 for
 * anything else. Never throws: a Proxy is not a typed array.
 *
 * @param {unknown} v
 * @returns {number}
 */
export function byteLength(v) {
  if (typedArrayKind.call(v) !== "Uint8Array") return -1;
  return typedArrayLength.call(v) - bom(v);
}

/**
 * Copies the `Uint8Array` `v` after any byte-order mark into `view`, of the length `byteLength`
 * just gave (nothing ran in between). An array whose buffer was transferred away (detached) has
 * length 0 and reads as no bytes, as an empty one does: `set` would throw on it.
 *
 * @param {Uint8Array} v
 * @param {Uint8Array} view
 */
export function copyBytes(v, view) {
  if (view.length === 0) return;
  view.set(bom(v) === 0 ? v : v.subarray(3));
}

/**
 * Fills `into` with random bytes: the keys of the core's hash maps (src/hash.rs), so that no
 * caller can choose ids that collide. `crypto.getRandomValues` is in every runtime ctxpack
 * supports; where it is missing or throws, `Math.random` (not secret, but not the same in every
 * process either).
 * @param {Uint8Array} into
 */
export function randomBytes(into) {
  try {
    globalThis.crypto.getRandomValues(into);
    return;
  } catch {
    for (let i = 0; i < into.length; i++) into[i] = Math.floor(Math.random() * 256);
  }
}

// --- Long strings in ------------------------------------------------------------------------------
// A long string crosses into one block of about its UTF-8 size (src/wasm/host.rs `long_string`).
// From LONG_STRING_SAMPLED units on, that size is estimated from a few slices of it, with a
// margin of 1/64 (a larger one keeps the next call of the same size from reusing the block this
// one frees); below, three bytes a unit, a few hundred KB at most, cut to size after: sampling 32
// slices of 512 units would encode a quarter of a 64K-unit chunk twice (src/jsondoc/chunked.rs).
const LONG_STRING_SAMPLED = 1 << 20;
const LONG_STRING_SLICES = 32;
const LONG_STRING_SLICE = 512;
const utf8Encoder = new TextEncoder();
let longStringScratch;

/**
 * The bytes to reserve for the UTF-8 of the string `s`.
 * @param {string} s
 * @returns {number}
 */
export function utf8Room(s) {
  const len = s.length;
  let perUnit = 3;
  if (len >= LONG_STRING_SAMPLED) {
    longStringScratch ??= new Uint8Array(3 * LONG_STRING_SLICE);
    let sampled = 0;
    for (let i = 0; i < LONG_STRING_SLICES; i++) {
      const at = Math.floor((i * (len - LONG_STRING_SLICE)) / (LONG_STRING_SLICES - 1));
      sampled += utf8Encoder.encodeInto(s.slice(at, at + LONG_STRING_SLICE), longStringScratch).written;
    }
    perUnit = sampled / (LONG_STRING_SLICES * LONG_STRING_SLICE);
  }
  return Math.min(3 * len, Math.ceil(len * perUnit * 1.015625) + 4096);
}

/**
 * The UTF-8 of `s` into `view`: the bytes written, or -1 when they do not all fit.
 * @param {string} s
 * @param {Uint8Array} view
 * @returns {number}
 */
export function encodeUtf8(s, view) {
  const { read, written } = utf8Encoder.encodeInto(s, view);
  return read === s.length ? written : -1;
}
