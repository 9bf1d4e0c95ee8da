// Boundary abuse, the shared part: the documented codes, the fixtures, the reference answers and
// how one case is run and judged. The cases themselves are in the other files of this folder,
// one per group; tests/abuse/cases.mjs puts them together for the runners.
//
// Plain ES modules, no Node-only APIs (the same files run in Node and in a Chromium page). The
// ctxpack module is a parameter; results are plain JSON records, compared between the runtimes
// field by field (see COMPARED).
//
// Every call must return a result or throw a CtxpackError whose `code` is documented in
// docs/MANIFEST.md, and a correct call made right after it must return exactly (byte for byte)
// what it returned before any abuse (`afterOk`: the instance is not poisoned). Cases that once
// found a bug carry `regression` (REGRESSION below); they pass like any other case. See
// docs/ROBUSTNESS.md for the findings.

/** The documented error codes (docs/MANIFEST.md). */
export const CODES = [
  "INVALID_INPUT",
  "MISSING_FIELD",
  "DUPLICATE_ID",
  "UNKNOWN_INTENT",
  "INVALID_BUDGET",
  "INVALID_PATTERN",
  "INVALID_PROFILE",
  "INVALID_JSON",
  "INVALID_TIMESTAMP",
  "TOO_DEEP",
  "TOO_LARGE",
  "FREED",
];

/** Record fields that must be identical in Node and Chromium. */
export const COMPARED = ["group", "door", "input", "outcome", "code", "path", "thrown", "afterOk", "hash", "value", "pass"];

/**
 * Fixed bugs, each kept as the cases that found it (`regression:` on a case). The text says what
 * the cases guard; what was wrong and how it was fixed is in docs/ROBUSTNESS.md under "Fixed
 * bugs", by number.
 */
export const REGRESSION = {
  rawThrow:
    "regression of bug 1 (docs/ROBUSTNESS.md): a JS exception from any host call the binding makes (Object.keys on a Proxy, Array.isArray on a revoked Proxy, an array Proxy's length or index, an Error's message) must come back as a CtxpackError, never escape raw through wasm frames, which leaked the shadow stack and the borrow flag and poisoned the instance",
  hostExceptionSlot:
    "regression of bug 2 (docs/ROBUSTNESS.md): a host exception caught at the boundary (JSON.stringify of cyclic data or a throwing toJSON, a throwing getter) must leave nothing in wasm-bindgen's externref table: the table and wasm memory stay flat",
  nonFiniteProfile:
    "regression of bug 3 (docs/ROBUSTNESS.md): NaN or ±Infinity in a profile number is refused (INVALID_BUDGET / INVALID_PROFILE), as the top-level maxChars is, never replaced by the default",
  silentAbsent:
    "regression of bug 3 (docs/ROBUSTNESS.md): a symbol or function where an optional value is expected is refused (INVALID_INPUT), never treated as absent",
  surrogateSerde:
    "regression of bug 4 (docs/ROBUSTNESS.md): a lone surrogate in a request object ({text}, params), a profile string, or the request of the input's JSON text becomes U+FFFD, as in any other string, never a refusal",
  requestDepth:
    "regression of bug 5 (docs/ROBUSTNESS.md): request params nest to the documented 256 levels and are TOO_DEEP past them, as objects and as JSON text",
  textDepth:
    "regression of bug 6 (docs/ROBUSTNESS.md): data nested 256 levels is accepted in every form (objects, documents JSON text, the input's JSON text, trimJsondoc): a body's depth counts from the body",
  jsonTooLarge:
    "regression of bug 7 (docs/ROBUSTNESS.md): documents given as JSON text are counted: 1,000,001 of them are TOO_LARGE, as they are as an array",
  hostDepth:
    "regression of bug 8 (docs/ROBUSTNESS.md): a JS value nested 100,000 levels gets one answer in every runtime (TOO_DEEP at one path), whatever the engine's stack allows JSON.stringify",
  freedStack:
    "regression of bug 9 (docs/ROBUSTNESS.md): a call on a freed, detached or foreign ContextAssembler throws CtxpackError FREED before entering wasm (it leaked a stack frame each and poisoned the instance), and free() is idempotent",
};

/**
 * Open bugs: a case whose present behaviour contradicts the docs carries `bug` (a text saying
 * what is wrong) and its text is listed here. It still runs and is printed with the bug, but
 * counts as skipped instead of failing until the fix lands; then the text leaves this set, the
 * case's `bug` becomes a `regression` (above) and the history goes to docs/ROBUSTNESS.md.
 */
export const OPEN_BUGS = new Set([]);

/** A failing record of an open bug: reported, not failing. */
export const isOpenBug = (r) => !r.pass && r.bug !== undefined && OPEN_BUGS.has(r.bug);

// --- helpers -------------------------------------------------------------------------------

/** FNV-1a over UTF-16 code units: a cheap, runtime-independent fingerprint. */
export function fingerprint(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16).padStart(8, "0")}:${text.length}`;
}

export const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLone = (s) => LONE.test(s);

export function errorInfo(e, ctxpack) {
  const isCtx = e instanceof ctxpack.CtxpackError;
  let thrown;
  try {
    thrown = isCtx ? "CtxpackError" : e === null || e === undefined ? String(e) : typeof e === "object" || typeof e === "function" ? (e.constructor?.name ?? "Object") : typeof e;
  } catch {
    thrown = "unknown";
  }
  let message;
  try {
    message = String(e?.message ?? e);
  } catch {
    message = "(unreadable message)";
  }
  return { thrown, code: isCtx ? e.code : undefined, path: isCtx ? e.path : undefined, message: message.slice(0, 300) };
}

// --- fixtures ------------------------------------------------------------------------------

export const PROFILE = {
  defaultIntent: "general",
  intents: {
    general: { others: "include" },
    generate_episode_synopsis: { required: ["故事设定", "分集结构"], excluded: ["单集大纲"] },
  },
  rules: [
    { id: "range", intent: "generate_episode_synopsis", pattern: "(?i)episodes?\\s+(?P<episodeStart>\\d+)\\s*-\\s*(?P<episodeEnd>\\d+)" },
    { id: "range-zh", intent: "generate_episode_synopsis", pattern: "第(?P<episodeStart>\\d+)-(?P<episodeEnd>\\d+)集" },
  ],
  budget: { maxChars: 1200 },
};

export const REQUEST = "generate episodes 7-12";
export const doc = (id, data = { a: 1 }, extra = {}) => ({ id, schema_type: "t", origin_type: "ai_generated", created_at: "2026-03-01T00:00:00Z", data, ...extra });
export const docs = () => [
  { id: "settings", schema_type: "故事设定", origin_type: "user_input", created_at: "2026-03-01T08:00:00+08:00", data: { title: "逆袭", hook: "😀".repeat(300), characters: [{ name: "林夏" }] } },
  { id: "plan", schema_type: "分集结构", origin_type: "ai_generated", created_at: 1772323200000, data: JSON.stringify({ totalEpisodes: 12, arcs: ["a".repeat(700)] }) },
  { id: "ep1", schema_type: "单集大纲", origin_type: "ai_generated", created_at: "2026-03-02", data: { episodeNumber: 1 } },
  { id: "note", schema_type: "灵感创意", origin_type: "user_input", created_at: "2026-02-27T10:00:00Z", data: "plain text, not JSON", metadata: { source: "db" } },
];
export const refInput = () => ({ documents: docs(), request: REQUEST, profile: PROFILE, edges: [{ from: "settings", to: "plan" }] });
export const refAsmInput = () => ({ documents: docs(), request: REQUEST, edges: [{ from: "settings", to: "plan" }] });
export const refCapInput = () => ({ documents: docs(), maxChars: 700, cap: "degrade" });

/** Everything a case needs: the module, a shared assembler, and the reference answers. */
export function setup(ctxpack, env) {
  const asm = new ctxpack.ContextAssembler(PROFILE);
  const S = (v) => JSON.stringify(v);
  const good = {
    version: () => ctxpack.version(),
    assembleContext: () => S(ctxpack.assembleContext(refInput())),
    prioritize: () => S(ctxpack.prioritize(refInput())),
    capContext: () => S(ctxpack.capContext({ ...refCapInput(), profile: PROFILE })),
    trimJsondoc: () => S(ctxpack.trimJsondoc(docs()[1], "truncated", PROFILE)),
    inferIntent: () => S(ctxpack.inferIntent(REQUEST, PROFILE)),
    "new ContextAssembler": () => {
      const a = new ctxpack.ContextAssembler(PROFILE);
      try {
        return S(a.assemble(refAsmInput()));
      } finally {
        a.free();
      }
    },
    "ContextAssembler#assemble": () => S(asm.assemble(refAsmInput())),
    "ContextAssembler#prioritize": () => S(asm.prioritize(refAsmInput())),
    "ContextAssembler#capContext": () => S(asm.capContext(refCapInput())),
    "ContextAssembler#inferIntent": () => S(asm.inferIntent(REQUEST)),
  };
  good["ContextAssembler#free"] = good["new ContextAssembler"];
  good["ContextAssembler#[Symbol.dispose]"] = good["new ContextAssembler"];
  const ref = {};
  for (const [door, f] of Object.entries(good)) ref[door] = f();
  return { ctxpack, asm, good, ref, env: env ?? {} };
}

function afterOk(ctx, door) {
  try {
    if (ctx.good[door] && ctx.good[door]() !== ctx.ref[door]) return false;
    return door === "assembleContext" || ctx.good.assembleContext() === ctx.ref.assembleContext;
  } catch {
    return false;
  }
}

/**
 * Runs one case: `{door, input, run(ctx), expect?, regression?, bug?, check?(result, ctx), summary?(result)}`.
 * `expect`: allowed outcomes ("ok" and/or codes; "JS_ERROR" = any thrown Error that is not a
 * trap). Without it, "ok" or any documented code is allowed.
 */
export function runCase(ctx, group, spec) {
  const { ctxpack } = ctx;
  const rec = { group, door: spec.door, input: spec.input };
  const t0 = now();
  let result;
  try {
    result = spec.run(ctx);
    rec.outcome = "ok";
  } catch (e) {
    rec.outcome = "error";
    const info = errorInfo(e, ctxpack);
    rec.thrown = info.thrown;
    if (info.code !== undefined) rec.code = info.code;
    if (info.path !== undefined) rec.path = info.path;
    rec.message = info.message;
  }
  const ms = now() - t0;
  if (rec.outcome === "ok") {
    try {
      const summary = spec.summary ? spec.summary(result) : result;
      rec.hash = fingerprint(typeof summary === "string" ? summary : String(JSON.stringify(summary)));
    } catch (e) {
      rec.hash = `unhashable: ${errorInfo(e, ctxpack).message}`;
    }
  }
  let checkFail;
  if (spec.check) {
    try {
      const c = spec.check(rec.outcome === "ok" ? result : undefined, ctx, rec) ?? {};
      if ("value" in c) rec.value = c.value;
      checkFail = c.fail;
    } catch (e) {
      checkFail = `check threw: ${errorInfo(e, ctxpack).message}`;
    }
  }
  rec.afterOk = spec.skipAfter ? true : afterOk(ctx, spec.door);
  const expect = spec.expect ?? ["ok", ...CODES];
  const why = [];
  if (rec.outcome === "error") {
    if (expect.includes("JS_ERROR")) {
      if (["RuntimeError", "CompileError", "LinkError"].includes(rec.thrown)) why.push(`trapped: ${rec.thrown}: ${rec.message}`);
    } else if (rec.thrown !== "CtxpackError") {
      why.push(`threw a raw ${rec.thrown} (not a CtxpackError): ${rec.message}`);
    } else if (!CODES.includes(rec.code)) {
      why.push(`undocumented code ${rec.code}`);
    } else if (!expect.includes(rec.code)) {
      why.push(`expected ${expect.join(" | ")}, got ${rec.code} at "${rec.path}": ${rec.message}`);
    }
  } else if (!expect.includes("ok")) {
    why.push(`expected ${expect.join(" | ")}, got a result`);
  }
  if (checkFail) why.push(checkFail);
  if (!rec.afterOk) why.push("the correct call made right after did not return the reference answer: the instance is poisoned");
  rec.pass = why.length === 0;
  if (!rec.pass) rec.why = why.join("; ");
  // Printed only when the case fails (or the runtimes disagree).
  if (spec.regression) rec.regression = spec.regression;
  if (spec.bug) rec.bug = spec.bug;
  rec.ms = Math.round(ms);
  return rec;
}

// --- hostile values ------------------------------------------------------------------------

export const allTraps = () => {
  const boom = (trap) => () => {
    throw new Error(`trap ${trap}`);
  };
  const handler = {};
  for (const trap of ["get", "set", "has", "ownKeys", "getOwnPropertyDescriptor", "defineProperty", "deleteProperty", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions", "apply", "construct"]) handler[trap] = boom(trap);
  return handler;
};
export const revoked = (target) => {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
};
export const cyclicObject = () => {
  const o = { a: 1 };
  o.self = o;
  return o;
};
export const cyclicArray = () => {
  const a = [1];
  a.push(a);
  return a;
};


// --- wasm figures (the resource checks and the isolated cases) ---------------------------------

export function wasmFigures(env) {
  const w = env.wasm?.();
  if (!w?.memory) return null;
  return { wasmMemoryBytes: w.memory.buffer.byteLength, externrefTable: w.__wbindgen_externrefs?.length ?? null };
}

/** Runs `calls` round-robin `n` times after a warm-up, measuring before and after. */
export function flat(f) {
  const fails = [];
  if (f.growth.wasmMemoryBytes !== undefined && f.growth.wasmMemoryBytes > 1 << 20) fails.push(`wasm memory grew by ${f.growth.wasmMemoryBytes} bytes`);
  if (f.growth.externrefTable !== undefined && f.growth.externrefTable > 1024) fails.push(`externref table grew by ${f.growth.externrefTable} slots`);
  if (f.growth.arrayBuffers !== undefined && f.growth.arrayBuffers > 16 << 20) fails.push(`arrayBuffers grew by ${f.growth.arrayBuffers} bytes`);
  if (f.growth.rss !== undefined && f.growth.rss > 128 << 20) fails.push(`rss grew by ${f.growth.rss} bytes`);
  if (f.growth.usedJSHeapSize !== undefined && f.growth.usedJSHeapSize > 128 << 20) fails.push(`JS heap grew by ${f.growth.usedJSHeapSize} bytes`);
  return fails.join("; ") || undefined;
}
