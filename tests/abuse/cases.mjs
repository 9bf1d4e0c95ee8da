// Boundary abuse: every export and ContextAssembler method fed hostile JavaScript values.
//
// Shared by tests/abuse/node.test.mjs (Node) and tests/abuse/browser.mjs (headless Chromium):
// plain ES module, no Node-only APIs. The ctxpack module is a parameter; results are plain JSON
// records, compared between the runtimes field by field (see COMPARED).
//
// Every call must return a result or throw a CtxpackError whose `code` is documented in
// docs/MANIFEST.md, and a correct call made right after it must return exactly (byte for byte)
// what it returned before any abuse (`afterOk`: the instance is not poisoned). Cases whose
// present behaviour contradicts the docs carry a `bug` text starting with "KNOWN BUG:"; they fail
// until src/ is fixed. See docs/ROBUSTNESS.md for the findings.

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

export const KNOWN = {
  rawThrow:
    "KNOWN BUG: a JS exception from a host call src/wasm does not mark `catch` (js_sys Object.keys on a Proxy, Array.isArray on a revoked Proxy, an array Proxy's length/index, Error.message read by js_message) escapes as a raw JS error instead of a CtxpackError, and unwinds through wasm frames without restoring the shadow-stack pointer: a few hundred such calls poison the instance (see the poison cases)",
  freedStack:
    "KNOWN BUG: a call on a freed or foreign ContextAssembler throws wasm-bindgen's 'null pointer passed to rust' from inside wasm, leaking the export's shadow-stack frame: ~9,400 such calls (~65,000 double frees) poison the instance",
  hostExceptionSlot:
    "KNOWN BUG: every host exception caught by a `catch` import (JSON.stringify throwing on cyclic data or a throwing toJSON, a getter throwing under Reflect.get) stays in wasm-bindgen's externref table: one slot per call, never freed, so the table and wasm memory grow without bound",
  silentAbsent:
    "KNOWN BUG: a symbol or function where an optional field is expected is silently treated as absent (JSON.stringify drops it) instead of being refused (MANIFEST: INVALID_INPUT, a value has the wrong type)",
  nonFiniteProfile:
    "KNOWN BUG: NaN/±Infinity in a profile number become null under JSON.stringify and the default is used silently; expected INVALID_BUDGET / INVALID_PROFILE, as for the top-level maxChars",
  surrogateSerde:
    "KNOWN BUG: a lone surrogate in a request object ({text}, params), a profile string, or the request of the input's JSON text is refused ('unexpected end of hex escape': serde_json rejects the \\udXXX escape JSON.stringify writes), while PROFILE.md says lone surrogates in any string become U+FFFD — as they do in ids, data and a string request",
  requestDepth:
    "KNOWN BUG: request params nested past ~126 levels are refused with INVALID_INPUT (INVALID_JSON in the input's JSON text) 'recursion limit exceeded' — serde_json's limit of 128 — not TOO_DEEP past the documented 256",
  textDepth:
    "KNOWN BUG: the depth limit counts the wrapping array/object in the JSON-text forms and in trimJsondoc: data nested 256 levels is accepted as objects but refused with TOO_DEEP as documents JSON text (limit 254), as the input's JSON text (253) and by trimJsondoc (255)",
  hostDepth:
    "KNOWN BUG: a JS value nested 100,000 levels is refused with INVALID_INPUT ('Maximum call stack size exceeded' from JSON.stringify) in Node but with TOO_DEEP in Chromium, whose JSON.stringify gets through so ctxpack's parser refuses it (and profile errors get different paths): the code depends on the engine's stack. Checking the depth before JSON.stringify (iteratively, stopping at 257) would give TOO_DEEP and one path everywhere",
  jsonTooLarge:
    "KNOWN BUG: documents given as JSON text are not counted: 1,000,001 documents are assembled, while as an array they are refused with TOO_LARGE (MANIFEST: more than 1,000,000 documents)",
};

/**
 * Bugs found and not fixed yet. Their cases still run and are printed with the bug, but they do
 * not fail the suite (they count as skipped) until the fix lands — then they pass, and the bug
 * leaves this list.
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

const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasLone = (s) => LONE.test(s);

function errorInfo(e, ctxpack) {
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

const REQUEST = "generate episodes 7-12";
const doc = (id, data = { a: 1 }, extra = {}) => ({ id, schema_type: "t", origin_type: "ai_generated", created_at: "2026-03-01T00:00:00Z", data, ...extra });
const docs = () => [
  { id: "settings", schema_type: "故事设定", origin_type: "user_input", created_at: "2026-03-01T08:00:00+08:00", data: { title: "逆袭", hook: "😀".repeat(300), characters: [{ name: "林夏" }] } },
  { id: "plan", schema_type: "分集结构", origin_type: "ai_generated", created_at: 1772323200000, data: JSON.stringify({ totalEpisodes: 12, arcs: ["a".repeat(700)] }) },
  { id: "ep1", schema_type: "单集大纲", origin_type: "ai_generated", created_at: "2026-03-02", data: { episodeNumber: 1 } },
  { id: "note", schema_type: "灵感创意", origin_type: "user_input", created_at: "2026-02-27T10:00:00Z", data: "plain text, not JSON", metadata: { source: "db" } },
];
const refInput = () => ({ documents: docs(), request: REQUEST, profile: PROFILE, edges: [{ from: "settings", to: "plan" }] });
const refAsmInput = () => ({ documents: docs(), request: REQUEST, edges: [{ from: "settings", to: "plan" }] });
const refCapInput = () => ({ documents: docs(), maxChars: 700, cap: "degrade" });

/** Everything a case needs: the module, a shared assembler, and the reference answers. */
function setup(ctxpack, env) {
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
 * Runs one case: `{door, input, run(ctx), expect?, bug?, check?(result, ctx), summary?(result)}`.
 * `expect`: allowed outcomes ("ok" and/or codes; "JS_ERROR" = any thrown Error that is not a
 * trap). Without it, "ok" or any documented code is allowed.
 */
function runCase(ctx, group, spec) {
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
  if (spec.bug) rec.bug = spec.bug; // printed only when the case fails (or the runtimes disagree)
  rec.ms = Math.round(ms);
  return rec;
}

// --- hostile values ------------------------------------------------------------------------

const allTraps = () => {
  const boom = (trap) => () => {
    throw new Error(`trap ${trap}`);
  };
  const handler = {};
  for (const trap of ["get", "set", "has", "ownKeys", "getOwnPropertyDescriptor", "defineProperty", "deleteProperty", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions", "apply", "construct"]) handler[trap] = boom(trap);
  return handler;
};
const revoked = (target) => {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
};
const cyclicObject = () => {
  const o = { a: 1 };
  o.self = o;
  return o;
};
const cyclicArray = () => {
  const a = [1];
  a.push(a);
  return a;
};

/** [name, factory, kind]. kind: "fn" (typeof symbol/function: JSON.stringify drops it), "trap" (a Proxy whose traps throw), or "". */
const VALUES = [
  ["undefined", () => undefined, "absent"],
  ["null", () => null, ""],
  ["true", () => true, ""],
  ["0", () => 0, ""],
  ["-0", () => -0, ""],
  ["NaN", () => NaN, ""],
  ["Infinity", () => Infinity, ""],
  ["-Infinity", () => -Infinity, ""],
  ["2^53+1", () => 2 ** 53 + 1, ""],
  ["-1", () => -1, ""],
  ['""', () => "", ""],
  ['"x"', () => "x", ""],
  ['"{"', () => "{", ""],
  ['"[]"', () => "[]", ""],
  ["Symbol()", () => Symbol("s"), "fn"],
  ["10n", () => 10n, ""],
  ["Object(10n)", () => Object(10n), ""],
  ["[]", () => [], ""],
  ["[1]", () => [1], ""],
  ["sparse [,,]", () => [, ,], ""],
  ["{}", () => ({}), ""],
  ["Object.create(null)", () => Object.create(null), ""],
  ["Uint8Array(3)", () => new Uint8Array(3), ""],
  ["Float64Array([NaN])", () => new Float64Array([NaN]), ""],
  ["ArrayBuffer(4)", () => new ArrayBuffer(4), ""],
  ["DataView", () => new DataView(new ArrayBuffer(2)), ""],
  ["() => 1", () => () => 1, "fn"],
  ["class {}", () => class {}, "fn"],
  ["new Date(0)", () => new Date(0), ""],
  ["new Date(NaN)", () => new Date(NaN), ""],
  ["/re/g", () => /re/g, ""],
  ["new Map([[1,2]])", () => new Map([[1, 2]]), ""],
  ["new Set([1])", () => new Set([1]), ""],
  ["new WeakMap()", () => new WeakMap(), ""],
  ["Promise.resolve()", () => Promise.resolve(), ""],
  ['new String("x")', () => new String("x"), ""],
  ["new Number(1)", () => new Number(1), ""],
  ["new Error(e)", () => new Error("e"), ""],
  ["cyclic object", cyclicObject, ""],
  ["cyclic array", cyclicArray, ""],
  ["throwing getter", () => ({ get documents() { throw new Error("getter"); }, get data() { throw new Error("getter"); }, get id() { throw new Error("getter"); }, get text() { throw new Error("getter"); } }), ""],
  ["throwing toJSON", () => ({ toJSON() { throw new Error("toJSON"); } }), ""],
  ["toJSON -> undefined", () => ({ toJSON: () => undefined }), ""],
  ["getter throws a Symbol", () => ({ get documents() { throw Symbol("thrown"); }, get data() { throw Symbol("thrown"); }, toJSON() { throw Symbol("thrown"); } }), ""],
  ["Proxy({}, every trap throws)", () => new Proxy({}, allTraps()), "trap"],
  ["Proxy({}, ownKeys throws)", () => new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } }), "trap"],
  ["Proxy({}, get throws)", () => new Proxy({}, { get() { throw new Error("get"); } }), "trap"],
  ["Proxy([doc], get throws)", () => new Proxy([doc("p")], { get() { throw new Error("get"); } }), "trap"],
  ["revoked Proxy({})", () => revoked({}), "trap"],
  ["revoked Proxy([])", () => revoked([]), "trap"],
];

/** Slots of the input object of the document-taking doors. */
const INPUT_SLOTS = [
  ["input", (v) => v, null],
  ["documents", (v) => ({ documents: v }), null],
  ["documents[0]", (v) => ({ documents: [v] }), null],
  ...["id", "schema_type", "origin_type", "created_at", "is_leaf", "data", "metadata"].map((f) => [`documents[0].${f}`, (v) => ({ documents: [{ ...doc("d"), [f]: v }] }), null]),
  ["request", (v) => ({ documents: docs(), request: v }), ["INVALID_INPUT"]],
  ["maxChars", (v) => ({ documents: docs(), maxChars: v }), ["INVALID_INPUT", "INVALID_BUDGET"]],
  ["now", (v) => ({ documents: docs(), now: v }), ["INVALID_INPUT", "INVALID_TIMESTAMP"]],
  ["edges", (v) => ({ documents: docs(), edges: v }), ["INVALID_INPUT"]],
  ["cap", (v) => ({ documents: docs(), cap: v }), ["INVALID_INPUT"]],
];
const PROFILE_CODES = ["INVALID_INPUT", "INVALID_PROFILE"];

function typeCases() {
  const cases = [];
  // [door, slots, call]
  const fnDoors = [
    ["assembleContext", (ctx, i) => ctx.ctxpack.assembleContext(i)],
    ["prioritize", (ctx, i) => ctx.ctxpack.prioritize(i)],
    ["capContext", (ctx, i) => ctx.ctxpack.capContext(i)],
    ["ContextAssembler#assemble", (ctx, i) => ctx.asm.assemble(i)],
    ["ContextAssembler#prioritize", (ctx, i) => ctx.asm.prioritize(i)],
    ["ContextAssembler#capContext", (ctx, i) => ctx.asm.capContext(i)],
  ];
  const annotate = (kind, optionalCodes, slot, door = "") => {
    if (kind === "trap") return { bug: KNOWN.rawThrow };
    if (kind === "fn" && optionalCodes) return { expect: optionalCodes, bug: KNOWN.silentAbsent };
    if (kind === "absent" && optionalCodes) return { expect: ["ok"] };
    // prioritize reads no bodies (only checks data is present); the rendering doors refuse these.
    if (slot === "documents[0].data" && kind === "fn" && !/prioritize/i.test(door)) return { expect: ["INVALID_INPUT"] };
    return {};
  };
  for (const [door, call] of fnDoors) {
    const slots = door.startsWith("ContextAssembler") ? INPUT_SLOTS : [...INPUT_SLOTS, ["profile", (v) => ({ documents: docs(), profile: v }), PROFILE_CODES]];
    for (const [slot, build, optionalCodes] of slots) {
      for (const [name, make, kind] of VALUES) {
        cases.push({ door, input: `${slot} = ${name}`, run: (ctx) => call(ctx, build(make())), ...annotate(kind, optionalCodes, slot, door) });
      }
    }
  }
  for (const [name, make, kind] of VALUES) {
    const trap = kind === "trap" ? { bug: KNOWN.rawThrow } : {};
    cases.push({ door: "trimJsondoc", input: `doc = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(make(), "full"), expect: [...CODES], ...trap });
    cases.push({ door: "trimJsondoc", input: `doc.data = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc({ ...doc("d"), data: make() }, "truncated"), ...trap });
    cases.push({ door: "trimJsondoc", input: `doc.metadata = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc({ ...doc("d"), metadata: make() }, "summarized"), ...trap });
    cases.push({ door: "trimJsondoc", input: `level = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(doc("d"), make()), expect: [...CODES], ...trap });
    cases.push({ door: "trimJsondoc", input: `profile = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(doc("d"), "full", make()), ...annotate(kind, PROFILE_CODES) });
    cases.push({ door: "inferIntent", input: `request = ${name}`, run: (ctx) => ctx.ctxpack.inferIntent(make(), PROFILE), ...annotate(kind, ["INVALID_INPUT"]) });
    cases.push({ door: "inferIntent", input: `profile = ${name}`, run: (ctx) => ctx.ctxpack.inferIntent(REQUEST, make()), ...annotate(kind, PROFILE_CODES) });
    cases.push({ door: "ContextAssembler#inferIntent", input: `request = ${name}`, run: (ctx) => ctx.asm.inferIntent(make()), ...annotate(kind, ["INVALID_INPUT"]) });
    cases.push({
      door: "new ContextAssembler",
      input: `profile = ${name}`,
      run: (ctx) => {
        const a = new ctx.ctxpack.ContextAssembler(make());
        try {
          return a.inferIntent(REQUEST);
        } finally {
          a.free();
        }
      },
      ...annotate(kind, PROFILE_CODES),
    });
    cases.push({ door: "version", input: `argument = ${name}`, run: (ctx) => ctx.ctxpack.version(make()), expect: ["ok"] });
  }
  // Well-formed documents in unusual clothing: all accepted.
  const odd = [
    ["Proxy(valid doc)", () => new Proxy(doc("p"), {})],
    ["Proxy([valid doc])", () => new Proxy([doc("p")], {})],
    ["Object.freeze(valid doc)", () => Object.freeze(doc("p"))],
    ["Object.create(null) doc", () => Object.assign(Object.create(null), doc("p"))],
    ["doc with getters", () => { const d = doc("p"); return { get id() { return d.id; }, get schema_type() { return d.schema_type; }, get origin_type() { return d.origin_type; }, get created_at() { return d.created_at; }, get data() { return d.data; } }; }],
    ["class instance doc", () => new (class Row { constructor() { Object.assign(this, doc("p")); } })()],
    ["doc with symbol keys", () => ({ ...doc("p"), [Symbol("x")]: 1 })],
    ["doc with unknown fields", () => ({ ...doc("p"), project_id: "x", extra: { y: 1 } })],
  ];
  for (const [name, make] of odd) {
    cases.push({ door: "assembleContext", input: `documents[0] = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: name.startsWith("Proxy([") ? make() : [make()] }), expect: ["ok"] });
  }
  cases.push({ door: "assembleContext", input: "no argument", run: (ctx) => ctx.ctxpack.assembleContext(), expect: ["INVALID_INPUT"] });
  cases.push({ door: "trimJsondoc", input: "no argument", run: (ctx) => ctx.ctxpack.trimJsondoc(), expect: ["INVALID_INPUT"] });
  cases.push({ door: "inferIntent", input: "no argument", run: (ctx) => ctx.ctxpack.inferIntent(), expect: ["ok"] });
  cases.push({ door: "assembleContext", input: "extra arguments after the options", run: (ctx) => ctx.ctxpack.assembleContext(refInput(), undefined, Symbol(), null), expect: ["ok"], check: (r, ctx) => ({ fail: JSON.stringify(r) === ctx.ref.assembleContext ? undefined : "extra arguments changed the answer" }) });
  cases.push({ door: "assembleContext", input: "a symbol as the options", run: (ctx) => ctx.ctxpack.assembleContext(refInput(), Symbol()), expect: ["INVALID_INPUT"], check: (r, ctx, rec) => ({ fail: rec.path === "/options" ? undefined : `path ${rec.path}` }) });
  cases.push({ door: "assembleContext", input: "sparse documents [doc, , doc]", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a"), , doc("b")] }), expect: ["INVALID_INPUT"] });
  cases.push({ door: "assembleContext", input: "documents: array with an own 'length' lie (Proxy length 3 over 1)", run: (ctx) => ctx.ctxpack.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => (k === "length" ? 3 : Reflect.get(t, k)) }) }), expect: ["INVALID_INPUT"] });
  cases.push({ door: "assembleContext", input: "input with a typo key (bugdet)", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [], bugdet: 1 }), expect: ["INVALID_INPUT"] });
  // A getter that throws only the second time: the body is read twice (presence, then render).
  cases.push({
    door: "assembleContext",
    input: "documents[0].data getter throws on its second read",
    run: (ctx) => {
      let n = 0;
      return ctx.ctxpack.assembleContext({ documents: [{ ...doc("a"), get data() { if (n++) throw new Error("second read"); return { a: 1 }; } }] });
    },
    expect: ["ok", "INVALID_INPUT"],
  });
  cases.push({
    door: "assembleContext",
    input: "documents: array Proxy whose element throws on its second read",
    run: (ctx) => {
      let n = 0;
      return ctx.ctxpack.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => { if (k === "0" && n++) throw new Error("second read"); return Reflect.get(t, k); } }) });
    },
    expect: ["ok", "INVALID_INPUT"],
    bug: KNOWN.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "data toJSON throws an Error whose message getter throws",
    run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", { toJSON() { const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw new Error("message getter"); } }); throw e; } })] }),
    expect: ["INVALID_INPUT"],
    bug: KNOWN.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "data toJSON throws an Error whose message is a number",
    run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", { toJSON() { throw Object.assign(new Error("x"), { message: 42 }); } })] }),
    expect: ["INVALID_INPUT"],
    bug: KNOWN.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "documents getter throws a Proxy whose traps throw",
    run: (ctx) => ctx.ctxpack.assembleContext({ get documents() { throw new Proxy(new Error("p"), allTraps()); } }),
    expect: ["INVALID_INPUT"],
    bug: KNOWN.rawThrow,
  });
  cases.push({
    door: "ContextAssembler#free",
    input: "free() after a host exception escaped one of its calls",
    run: (ctx) => {
      const a = new ctx.ctxpack.ContextAssembler(PROFILE);
      try {
        a.assemble(new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } }));
      } catch {
        // the escape itself is checked above; here: can the assembler still be freed?
      }
      a.free();
    },
    expect: ["ok"],
    bug: KNOWN.rawThrow + " — and it leaves the assembler's borrow flag set: free() then throws 'attempted to take ownership of Rust value while it was borrowed', so it can never be freed",
  });
  cases.push({ door: "assembleContext", input: "input: Proxy whose ownKeys lists a key twice", run: (ctx) => ctx.ctxpack.assembleContext(new Proxy({ documents: [] }, { ownKeys: () => ["documents", "documents"] })), expect: ["INVALID_INPUT"], bug: KNOWN.rawThrow });
  return cases;
}

// --- numbers -------------------------------------------------------------------------------

const NUMBERS = [
  ["NaN", NaN],
  ["Infinity", Infinity],
  ["-Infinity", -Infinity],
  ["-0", -0],
  ["0", 0],
  ["2^53+1", 2 ** 53 + 1],
  ["-1", -1],
  ["1.5", 1.5],
  ["2^31-1", 2 ** 31 - 1],
  ["2^31", 2 ** 31],
  ["1e308", 1e308],
  ["5e-324", 5e-324],
];
const validBudget = (n) => Number.isInteger(n) && n >= 0 && n <= 2 ** 31 - 1;

function numberCases() {
  const cases = [];
  const budgetSummary = (r) => ({ maxChars: (r.manifest ?? r).totals.maxChars, chars: (r.manifest ?? r).totals.chars });
  const budgetCheck = (r) => (r ? { value: budgetSummary(r), fail: budgetSummary(r).chars > budgetSummary(r).maxChars ? "context longer than the budget" : undefined } : {});
  for (const [name, n] of NUMBERS) {
    const budget = validBudget(n) ? ["ok"] : ["INVALID_BUDGET"];
    cases.push({ door: "assembleContext", input: `maxChars = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), maxChars: n }), expect: budget, check: budgetCheck });
    cases.push({ door: "capContext", input: `maxChars = ${name}`, run: (ctx) => ctx.ctxpack.capContext({ documents: docs(), maxChars: n }), expect: budget, check: budgetCheck });
    cases.push({ door: "ContextAssembler#assemble", input: `maxChars = ${name}`, run: (ctx) => ctx.asm.assemble({ documents: docs(), maxChars: n }), expect: budget, check: budgetCheck });
    cases.push({ door: "ContextAssembler#capContext", input: `maxChars = ${name}`, run: (ctx) => ctx.asm.capContext({ documents: docs(), maxChars: n }), expect: budget, check: budgetCheck });
    const nonFinite = !Number.isFinite(n);
    cases.push({ door: "assembleContext", input: `profile.budget.maxChars = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), profile: { budget: { maxChars: n } } }), expect: budget, check: budgetCheck, ...(nonFinite ? { bug: KNOWN.nonFiniteProfile } : {}) });
    cases.push({
      door: "new ContextAssembler",
      input: `profile.budget.maxChars = ${name}`,
      run: (ctx) => {
        const a = new ctx.ctxpack.ContextAssembler({ budget: { maxChars: n } });
        try {
          return a.assemble({ documents: docs() });
        } finally {
          a.free();
        }
      },
      expect: budget,
      check: budgetCheck,
      ...(nonFinite ? { bug: KNOWN.nonFiniteProfile } : {}),
    });
    // Other profile numbers: non-finite values must be refused, not replaced by the default.
    for (const [section, field] of [["weights", "required"], ["weights", "recencyHalfLifeMs"], ["trim", "fullRanks"], ["trim", "summarizeFrom"], ["trim", "truncateAt"], ["render", "indent"]]) {
      if (!nonFinite && !["-0", "2^53+1", "1.5"].includes(name)) continue;
      cases.push({
        door: "new ContextAssembler",
        input: `profile.${section}.${field} = ${name}`,
        run: (ctx) => new ctx.ctxpack.ContextAssembler({ [section]: { [field]: n } }).free(),
        ...(nonFinite ? { expect: ["INVALID_PROFILE", "INVALID_BUDGET", "INVALID_INPUT"], bug: KNOWN.nonFiniteProfile } : {}),
      });
    }
    const ts = Number.isFinite(n) ? ["ok"] : ["INVALID_TIMESTAMP"];
    cases.push({ door: "assembleContext", input: `now = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), now: n }), expect: ts, summary: (r) => r.manifest.documents.map((d) => d.score), check: (r) => (r ? { value: Object.is(r.manifest.now, -0) ? "-0" : r.manifest.now } : {}) });
    cases.push({ door: "ContextAssembler#prioritize", input: `now = ${name}`, run: (ctx) => ctx.asm.prioritize({ documents: docs(), now: n }), expect: ts });
    cases.push({ door: "assembleContext", input: `documents[0].created_at = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", 1, { created_at: n }), doc("b")] }), expect: ts });
    cases.push({ door: "assembleContext", input: `documents[0].data = ${name} (JSON.stringify turns non-finite into null)`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", { n })] }), expect: ["ok"], check: (r) => (r ? { value: r.context, fail: r.context.endsWith(JSON.stringify({ n })) ? undefined : "data not rendered as JSON.stringify renders it" } : {}) });
  }
  // Numbers written in JSON text: what JSON.parse would read.
  for (const [text, expect] of [
    ['{"documents":[],"maxChars":-0}', ["ok"]],
    ['{"documents":[],"maxChars":9007199254740993}', ["INVALID_BUDGET"]],
    ['{"documents":[],"maxChars":-1}', ["INVALID_BUDGET"]],
    ['{"documents":[],"maxChars":1e400}', ["INVALID_BUDGET", "INVALID_JSON"]],
    ['{"documents":[],"maxChars":NaN}', ["INVALID_JSON"]],
    ['{"documents":[],"maxChars":null}', ["ok"]],
    ['{"documents":[],"now":1e400}', ["INVALID_TIMESTAMP", "INVALID_JSON"]],
    ['{"documents":[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":-1e400,"data":1}]}', ["INVALID_TIMESTAMP", "INVALID_JSON"]],
    ['{"documents":[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":1e400}]}', ["ok", "INVALID_JSON"]],
  ]) {
    cases.push({ door: "assembleContext", input: `JSON text ${text}`, run: (ctx) => ctx.ctxpack.assembleContext(text), expect });
  }
  // Scores stay numbers even with absurd weights.
  cases.push({
    door: "assembleContext",
    input: "weights 1e308 everywhere (score overflows to Infinity)",
    run: (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), profile: { weights: { required: 1e308, optional: 1e308, leaf: 1e308, userInput: 1e308, recency: 1e308 } } }),
    check: (r) => (r ? { value: r.manifest.documents.map((d) => String(d.score)) } : {}),
  });
  return cases;
}

// --- lone surrogates -----------------------------------------------------------------------

function surrogateCases() {
  const L = "x\uD800y";
  const T = "x\uDC00y";
  const F = "x\uFFFDy";
  const cases = [];
  const expectFffd = (got, want) => ({ value: got, fail: JSON.stringify(got) === JSON.stringify(want) ? undefined : `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}` });
  const noLone = (s) => (hasLone(s) ? "a lone surrogate came back out" : undefined);
  const assemble = (input) => (ctx) => ctx.ctxpack.assembleContext(input());
  const add = (door, input, run, check, extra = {}) => cases.push({ door, input, run, check: (r, ctx, rec) => (r === undefined ? {} : check(r, ctx, rec)), ...extra });

  add("assembleContext", "documents[0].id = x\\uD800y", assemble(() => ({ documents: [doc(L)] })), (r) => ({ ...expectFffd(r.manifest.documents[0].id, F), fail: r.manifest.documents[0].id !== F ? "id" : noLone(r.context) ?? (r.context.includes(F) ? undefined : "context lacks U+FFFD") }), { expect: ["ok"] });
  add("assembleContext", "documents[0].id = x\\uDC00y", assemble(() => ({ documents: [doc(T)] })), (r) => expectFffd(r.manifest.documents[0].id, F), { expect: ["ok"] });
  add("assembleContext", "documents[0].id = \\uDC00\\uD800 (a reversed pair)", assemble(() => ({ documents: [doc("\uDC00\uD800")] })), (r) => expectFffd(r.manifest.documents[0].id, "\uFFFD\uFFFD"), { expect: ["ok"] });
  add("assembleContext", "documents[0].schema_type = x\\uD800y", assemble(() => ({ documents: [doc("a", 1, { schema_type: L })] })), (r) => expectFffd(r.manifest.documents[0].schemaType, F), { expect: ["ok"] });
  add("assembleContext", "data value and key with lone surrogates", assemble(() => ({ documents: [doc("a", { s: L, [T]: 1 })] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${F}","${F}":1}`), { expect: ["ok"] });
  add("assembleContext", "data = plain string with a lone surrogate", assemble(() => ({ documents: [doc("a", L)] })), (r) => expectFffd(r.context, `## t (a)\n"${F}"`), { expect: ["ok"] });
  add("assembleContext", "data = JSON text holding a raw lone surrogate", assemble(() => ({ documents: [doc("a", `{"s":"${L}"}`)] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${F}"}`), { expect: ["ok"] });
  add("assembleContext", "data = JSON text holding an escaped \\ud800", assemble(() => ({ documents: [doc("a", '{"s":"x\\ud800y"}')] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${F}"}`), { expect: ["ok"] });
  add("assembleContext", "documents JSON text, raw lone surrogate in id", assemble(() => ({ documents: JSON.stringify([doc("a")]).replace('"a"', `"${L}"`) })), (r) => expectFffd(r.manifest.documents[0].id, F), { expect: ["ok"] });
  add("assembleContext", "documents JSON text, escaped \\ud800 in id and data", assemble(() => ({ documents: JSON.stringify([doc(L, { s: L })]) })), (r) => expectFffd(r.context, `## t (${F})\n{"s":"${F}"}`), { expect: ["ok"] });
  add("assembleContext", "request text with a lone surrogate", assemble(() => ({ documents: docs(), request: `episodes 7-12 ${L}`, profile: PROFILE })), (r) => expectFffd([r.manifest.intent.text, r.manifest.intent.intent], [`episodes 7-12 ${F}`, "generate_episode_synopsis"]), { expect: ["ok"] });
  add("inferIntent", "request text with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent(L), (r) => expectFffd(r.text, F), { expect: ["ok"] });
  add("ContextAssembler#inferIntent", "request text with a lone surrogate", (ctx) => ctx.asm.inferIntent(`第7-12集${T}`), (r) => expectFffd([r.text, r.params], [`第7-12集${F}`, { episodeEnd: 12, episodeStart: 7 }]), { expect: ["ok"] });
  add("inferIntent", "request {text} with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent({ text: L }), (r) => expectFffd(r.text, F), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("ContextAssembler#inferIntent", "request {intent, params} with lone surrogates", (ctx) => ctx.asm.inferIntent({ intent: "general", params: { [L]: L } }), (r) => expectFffd(r.params, { [F]: F }), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("assembleContext", "request {text} with a lone surrogate", assemble(() => ({ documents: docs(), request: { text: L } })), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("assembleContext", "input JSON text, escaped \\ud800 in request", (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [], request: L })), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("assembleContext", "input JSON text, raw lone surrogate in request", (ctx) => ctx.ctxpack.assembleContext(`{"documents":[],"request":"${L}"}`), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"] });
  add("inferIntent", "profile: intent named with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent("x", { defaultIntent: L, intents: { [L]: {} } }), (r) => expectFffd(r.intent, F), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("new ContextAssembler", "profile: rule keyword with a lone surrogate", (ctx) => { const a = new ctx.ctxpack.ContextAssembler({ rules: [{ intent: "default", keywords: [L] }] }); try { return a.inferIntent(L); } finally { a.free(); } }, (r) => expectFffd([r.source, r.text], ["rule", F]), { expect: ["ok"], bug: KNOWN.surrogateSerde });
  add("trimJsondoc", "id, data and metadata with lone surrogates", (ctx) => ctx.ctxpack.trimJsondoc(doc(L, { s: L }, { metadata: { m: T } }), "full"), (r) => expectFffd([r.id, r.data, r.metadata], [F, { s: F }, { m: F }]), { expect: ["ok"] });
  add("trimJsondoc", "truncation point next to a lone surrogate", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", { s: "😀".repeat(249) + "\uD800" + "z".repeat(300) }), "truncated"), (r) => ({ value: fingerprint(r.data.s), fail: noLone(r.data.s) ?? (r.data.s.endsWith(" [truncated]") ? undefined : "not truncated") }), { expect: ["ok"] });
  add("capContext", "ids with lone surrogates, tiny budget", (ctx) => ctx.ctxpack.capContext({ documents: [doc(L, { s: "y".repeat(50) }), doc(T + "2")], maxChars: 40 }), (r) => ({ value: [r.context, r.documents.map((d) => d.id)], fail: noLone(r.context) ?? (r.context.length > 40 ? "over budget" : undefined) }), { expect: ["ok"] });
  add("assembleContext", "metadata rendered (body: document) with lone surrogates", assemble(() => ({ documents: [doc("a", 1, { metadata: { m: L } })], profile: { render: { body: "document" } } })), (r) => ({ value: r.context, fail: noLone(r.context) ?? (r.context.includes(F) ? undefined : "no U+FFFD") }), { expect: ["ok"] });
  // Two distinct JS ids can become the same id: refused as duplicates, never merged.
  cases.push({ door: "assembleContext", input: "ids a\\uD800 and a\\uDC00 (both become a\\uFFFD)", run: assemble(() => ({ documents: [doc("a\uD800"), doc("a\uDC00")] })), expect: ["DUPLICATE_ID"] });
  cases.push({ door: "assembleContext", input: "ids a\\uD800 and a\\uFFFD", run: assemble(() => ({ documents: [doc("a\uD800"), doc("a\uFFFD")] })), expect: ["DUPLICATE_ID"] });
  return cases;
}

// --- __proto__ and constructor as data -----------------------------------------------------

const protoSnapshot = () =>
  JSON.stringify([Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort())) +
  JSON.stringify([({}).polluted, ({}).p, [].polluted, Object.getPrototypeOf({}) === Object.prototype]);

function protoCases() {
  const hostile = () => JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},"x":1}');
  const rendered = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},"x":1}';
  const cases = [];
  const untouched = (extra) => (r, ctx) => {
    const fail = protoSnapshot() !== ctx.proto ? "Object.prototype / Array.prototype changed" : r === undefined ? undefined : extra(r);
    return { value: r === undefined ? null : extra.value?.(r) ?? null, fail };
  };
  const contains = (get, text) => Object.assign((r) => (get(r).includes(text) ? undefined : `rendered context lacks ${text}`), { value: (r) => get(r) });
  const add = (door, input, run, check, expect = ["ok"]) => cases.push({ door, input, run, check: untouched(check), expect });
  add("assembleContext", "data with own __proto__/constructor/prototype keys", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", hostile())] }), contains((r) => r.context, rendered));
  add("assembleContext", "data as JSON text with __proto__ keys", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", rendered)] }), contains((r) => r.context, rendered));
  add("assembleContext", "documents JSON text with __proto__ keys in data", (ctx) => ctx.ctxpack.assembleContext({ documents: `[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":${rendered},"__proto__":{"polluted":4}}]` }), contains((r) => r.context, rendered));
  add("assembleContext", "metadata with __proto__ keys, body: document", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", 1, { metadata: hostile() })], profile: { render: { body: "document" } } }), contains((r) => r.context, `"metadata":${rendered}`));
  add("capContext", "data with __proto__ keys", (ctx) => ctx.ctxpack.capContext({ documents: [doc("a", hostile())] }), contains((r) => r.context, rendered));
  add("trimJsondoc", "data and metadata with own __proto__ keys come back as own keys", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", hostile(), { metadata: hostile() }), "full"), Object.assign((r) => (Object.getPrototypeOf(r.data) === Object.prototype && Object.keys(r.data).join() === "__proto__,constructor,prototype,x" && Object.keys(r.metadata).join() === "__proto__,constructor,prototype,x" && JSON.stringify(r.data) === rendered ? undefined : "keys not kept as own data keys"), { value: (r) => [Object.keys(r.data), Object.keys(r.metadata)] }));
  add("trimJsondoc", "summarized data with __proto__ keys", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", hostile()), "summarized"), Object.assign(() => undefined, { value: (r) => JSON.stringify(r.data) }));
  add("assembleContext", "ids __proto__, constructor, prototype, hasOwnProperty, toString", (ctx) => ctx.ctxpack.assembleContext({ documents: ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"].map((id) => doc(id)) }), Object.assign((r) => (r.manifest.documents.map((d) => d.id).join() === "__proto__,constructor,prototype,hasOwnProperty,toString" && r.context.includes("## t (__proto__)") ? undefined : "ids not kept"), { value: (r) => r.manifest.documents.map((d) => d.id) }));
  add("prioritize", "schema_type, intent and alias named __proto__/constructor", (ctx) => ctx.ctxpack.prioritize({ documents: [doc("a", 1, { schema_type: "__proto__" }), doc("b", 1, { schema_type: "constructor" })], request: { intent: "__proto__" }, profile: JSON.parse('{"defaultIntent":"constructor","typeAliases":{"constructor":"__proto__"},"intents":{"__proto__":{"required":["__proto__"]},"constructor":{}}}') }), Object.assign((r) => (r.intent.intent === "__proto__" && r.ranked.length === 2 && r.ranked[0].breakdown.required > 0 ? undefined : "intent/alias keys not honoured"), { value: (r) => [r.intent.intent, r.ranked.map((d) => [d.id, d.schemaType, d.breakdown.required])] }));
  add("inferIntent", "params with own __proto__/constructor keys", (ctx) => ctx.ctxpack.inferIntent({ intent: "general", params: hostile() }, PROFILE), Object.assign((r) => (Object.keys(r.params).join() === "__proto__,constructor,prototype,x" && Object.getPrototypeOf(r.params) === Object.prototype ? undefined : "params keys not kept"), { value: (r) => JSON.stringify(r.params) }));
  add("inferIntent", "capture group named __proto__", (ctx) => ctx.ctxpack.inferIntent("n 7", { rules: [{ intent: "default", pattern: "n (?P<__proto__>\\d+)" }] }), Object.assign((r) => (Object.keys(r.params).join() === "__proto__" && Object.getPrototypeOf(r.params) === Object.prototype ? undefined : "capture not kept as a key"), { value: (r) => JSON.stringify(r.params) }));
  add("assembleContext", "input with an own __proto__ key", (ctx) => ctx.ctxpack.assembleContext(JSON.parse('{"documents":[],"__proto__":{"polluted":1}}')), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("assembleContext", "input JSON text with a __proto__ key", (ctx) => ctx.ctxpack.assembleContext('{"documents":[],"__proto__":{"polluted":1}}'), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("new ContextAssembler", "profile with own __proto__ key", (ctx) => new ctx.ctxpack.ContextAssembler(JSON.parse('{"__proto__":{"polluted":1}}')), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("new ContextAssembler", "profile with a constructor key", (ctx) => new ctx.ctxpack.ContextAssembler({ constructor: { prototype: { polluted: 1 } } }), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("ContextAssembler#assemble", "input whose prototype carries documents (not an own key)", (ctx) => ctx.asm.assemble(Object.create({ documents: docs() })), Object.assign(() => undefined, {}), ["MISSING_FIELD"]);
  return cases;
}

// --- nesting -------------------------------------------------------------------------------

function nest(n, leaf = 1, kind = "array") {
  let v = leaf;
  for (let i = 0; i < n; i++) v = kind === "array" ? [v] : { d: v };
  return v;
}
const nestText = (n, kind = "array") => (kind === "array" ? "[".repeat(n) + "1" + "]".repeat(n) : '{"d":'.repeat(n) + "1" + "}".repeat(n));

function deepCases() {
  const N = 100_000;
  const deep = ["TOO_DEEP", "INVALID_INPUT"];
  const cases = [];
  const add = (door, input, run, expect = deep, extra = {}) => cases.push({ door, input, run, expect, ...extra });
  for (const kind of ["object", "array"]) {
    const v = () => nest(N, 1, kind);
    // JS values: a JSON value slot (data, metadata) must say TOO_DEEP, the same in every runtime.
    const host = { bug: KNOWN.hostDepth };
    add("assembleContext", `data nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", v())] }), ["TOO_DEEP"], host);
    add("capContext", `data nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.capContext({ documents: [doc("a", v())] }), ["TOO_DEEP"], host);
    add("ContextAssembler#assemble", `data nested ${N} (${kind}s)`, (ctx) => ctx.asm.assemble({ documents: [doc("a", v())] }), ["TOO_DEEP"], host);
    add("trimJsondoc", `data nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.trimJsondoc(doc("a", v()), "truncated"), ["TOO_DEEP"], host);
    add("assembleContext", `metadata nested ${N} (${kind}s), body: document`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", 1, { metadata: { m: v() } })], profile: { render: { body: "document" } } }), ["TOO_DEEP"], host);
    add("assembleContext", `request params nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), request: { intent: "default", params: { p: v() } } }), deep, host);
    add("inferIntent", `request nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.inferIntent(v()), deep, host);
    add("ContextAssembler#inferIntent", `params nested ${N} (${kind}s)`, (ctx) => ctx.asm.inferIntent({ intent: "general", params: v() }), deep, host);
    add("inferIntent", `profile nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.inferIntent("x", { intents: { default: v() } }), deep, host);
    add("new ContextAssembler", `profile nested ${N} (${kind}s)`, (ctx) => new ctx.ctxpack.ContextAssembler(v()), deep, host);
    add("assembleContext", `edges nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), edges: v() }), deep, host);
    add("prioritize", `now nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.prioritize({ documents: docs(), now: v() }), [...deep, "INVALID_TIMESTAMP"], host);
    add("assembleContext", `input nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext(v()), deep, host);
    const t = nestText(N, kind);
    add("assembleContext", `data = JSON text nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", t)] }));
    add("assembleContext", `documents JSON text, data nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: `[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":${t}}]` }));
    add("prioritize", `documents JSON text, data nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.prioritize({ documents: `[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":${t}}]` }));
    add("ContextAssembler#capContext", `documents JSON text, unknown field nested ${N} (${kind}s)`, (ctx) => ctx.asm.capContext({ documents: `[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":1,"x":${t}}]` }));
    add("assembleContext", `documents = JSON text nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext({ documents: t }));
    add("assembleContext", `input = JSON text nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext(t));
    for (const field of ["request", "profile", "edges", "now"]) {
      add("assembleContext", `input JSON text, ${field} nested ${N} (${kind}s)`, (ctx) => ctx.ctxpack.assembleContext(`{"documents":[],"${field}":${t}}`));
    }
    add("ContextAssembler#prioritize", `input JSON text, request nested ${N} (${kind}s)`, (ctx) => ctx.asm.prioritize(`{"documents":[],"request":${t}}`));
  }
  // The documented limit: nesting deeper than 256 levels is TOO_DEEP, in every form.
  for (const n of [256, 257]) {
    const within = n <= 256;
    const expect = within ? ["ok"] : ["TOO_DEEP"];
    const bug = within ? { bug: KNOWN.textDepth } : {};
    add("assembleContext", `data nested ${n} (objects in)`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", nest(n))] }), expect);
    add("assembleContext", `data = JSON text nested ${n}`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", nestText(n))] }), expect);
    add("assembleContext", `documents JSON text, data nested ${n}`, (ctx) => ctx.ctxpack.assembleContext({ documents: JSON.stringify([doc("a", nest(n))]) }), expect, bug);
    add("assembleContext", `input JSON text, data nested ${n}`, (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [doc("a", nest(n))] })), expect, bug);
    add("trimJsondoc", `data nested ${n}`, (ctx) => ctx.ctxpack.trimJsondoc(doc("a", nest(n)), "full"), expect, bug);
  }
  for (const n of [200, 300]) {
    const expect = n <= 256 ? ["ok"] : ["TOO_DEEP"];
    add("inferIntent", `params nested ${n}`, (ctx) => ctx.ctxpack.inferIntent({ intent: "general", params: { p: nest(n - 1) } }, PROFILE), expect, { bug: KNOWN.requestDepth });
    add("assembleContext", `input JSON text, params nested ${n}`, (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [], request: { intent: "default", params: { p: nest(n - 1) } } })), expect, { bug: KNOWN.requestDepth });
  }
  return cases;
}

// --- ContextAssembler lifecycle ------------------------------------------------------------

function lifecycleCases() {
  const cases = [];
  const freed = (ctx, how) => {
    const a = new ctx.ctxpack.ContextAssembler(PROFILE);
    if (how === "dispose") a[Symbol.dispose]();
    else a.free();
    return a;
  };
  cases.push({ door: "ContextAssembler#free", input: "free() a fresh assembler", run: (ctx) => new ctx.ctxpack.ContextAssembler(PROFILE).free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "Symbol.dispose is a function", run: (ctx) => typeof ctx.ctxpack.ContextAssembler.prototype[Symbol.dispose], expect: ["ok"], check: (r) => ({ value: r, fail: r === "function" ? undefined : "no [Symbol.dispose]" }) });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "[Symbol.dispose]() a fresh assembler", run: (ctx) => new ctx.ctxpack.ContextAssembler(PROFILE)[Symbol.dispose](), expect: ["ok"] });
  cases.push({
    door: "ContextAssembler#[Symbol.dispose]",
    input: "`using` block (when the runtime parses it) disposes",
    run: (ctx) => {
      let f;
      try {
        f = new Function("C", "p", "r", "{ using a = new C(p); r.a = a; return a.inferIntent('x').intent; }");
      } catch {
        // The runtime cannot parse `using`: dispose by hand, the same effect.
        const a = new ctx.ctxpack.ContextAssembler(PROFILE);
        try {
          return a.inferIntent("x").intent;
        } finally {
          a[Symbol.dispose]();
        }
      }
      const r = {};
      const intent = f(ctx.ctxpack.ContextAssembler, PROFILE, r);
      try {
        r.a.inferIntent("x");
      } catch (e) {
        if (e instanceof ctx.ctxpack.CtxpackError && e.code === "FREED") return intent;
        throw e;
      }
      throw new Error("still usable after the using block");
    },
    expect: ["ok"],
    check: (r) => ({ value: r }),
  });
  for (const how of ["free", "dispose"]) {
    for (const [method, call] of [
      ["assemble", (a) => a.assemble(refAsmInput())],
      ["prioritize", (a) => a.prioritize(refAsmInput())],
      ["capContext", (a) => a.capContext(refCapInput())],
      ["inferIntent", (a) => a.inferIntent(REQUEST)],
    ]) {
      cases.push({ door: `ContextAssembler#${method}`, input: `after ${how === "free" ? "free()" : "[Symbol.dispose]()"}`, run: (ctx) => call(freed(ctx, how)), expect: ["FREED"] });
    }
  }
  // Disposal is idempotent: `using a = …; a.free()` ends its block without an error.
  cases.push({ door: "ContextAssembler#free", input: "free() twice", run: (ctx) => freed(ctx, "free").free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "[Symbol.dispose]() after free()", run: (ctx) => freed(ctx, "free")[Symbol.dispose](), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#free", input: "free() after [Symbol.dispose]()", run: (ctx) => freed(ctx, "dispose").free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#assemble", input: "called with a foreign this ({})", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.assemble.call({}, refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#assemble", input: "called with a forged this ({ __wbg_ptr: 8 })", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.assemble.call({ __wbg_ptr: 8 }, refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#prioritize", input: "called with this = Object.create(ContextAssembler.prototype)", run: (ctx) => Object.create(ctx.ctxpack.ContextAssembler.prototype).prioritize(refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#capContext", input: "called with a Proxy this whose traps throw", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.capContext.call(new Proxy({}, allTraps()), refCapInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#inferIntent", input: "called detached (this undefined)", run: (ctx) => { const f = ctx.asm.inferIntent; return f(REQUEST); }, expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#free", input: "called on a plain object", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.free.call({}), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#free", input: "called detached (this undefined)", run: (ctx) => { const f = ctx.asm.free; return f(); }, expect: ["FREED"] });
  // free() while one of its own methods runs (a getter of the input frees it): the method ends
  // normally, the assembler is dropped once it returns, and later calls are FREED.
  cases.push({
    door: "ContextAssembler#free",
    input: "free() from a getter while its assemble() runs",
    run: (ctx) => {
      const a = new ctx.ctxpack.ContextAssembler(PROFILE);
      const input = refAsmInput();
      const r = a.assemble({ ...input, get documents() { a.free(); return input.documents; } });
      try {
        a.inferIntent(REQUEST);
      } catch (e) {
        if (e instanceof ctx.ctxpack.CtxpackError && e.code === "FREED") return r;
        throw e;
      }
      throw new Error("still usable after free()");
    },
    expect: ["ok"],
    check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "answer changed" : undefined }),
  });
  cases.push({ door: "new ContextAssembler", input: "called without new", run: (ctx) => ctx.ctxpack.ContextAssembler(PROFILE), expect: ["JS_ERROR"] });
  cases.push({ door: "new ContextAssembler", input: "a subclass", run: (ctx) => { const S = class extends ctx.ctxpack.ContextAssembler {}; const a = new S(PROFILE); try { return a.assemble(refAsmInput()); } finally { a.free(); } }, expect: ["ok"], check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "a subclass answers differently" : undefined }) });
  cases.push({
    door: "new ContextAssembler",
    input: "10,000 created and freed, then the shared one still answers",
    run: (ctx) => {
      for (let i = 0; i < 10_000; i++) new ctx.ctxpack.ContextAssembler(PROFILE).free();
      return ctx.asm.assemble(refAsmInput());
    },
    expect: ["ok"],
    check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "answer changed" : undefined }),
  });
  return cases;
}

// --- resources -----------------------------------------------------------------------------

function wasmFigures(env) {
  const w = env.wasm?.();
  if (!w?.memory) return null;
  return { wasmMemoryBytes: w.memory.buffer.byteLength, externrefTable: w.__wbindgen_externrefs?.length ?? null };
}

/** Runs `calls` round-robin `n` times after a warm-up, measuring before and after. */
function measuredLoop(ctx, calls, n, warmUp = 10_000) {
  const { ctxpack, env } = ctx;
  const loop = (count) => {
    let errors = 0;
    for (let i = 0; i < count; i++) {
      try {
        calls[i % calls.length]();
      } catch (e) {
        if (!(e instanceof ctxpack.CtxpackError)) throw e;
        errors++;
      }
    }
    return errors;
  };
  loop(warmUp); // warm-up: JIT, allocator pools, the externref table
  env.gc?.();
  const before = { ...wasmFigures(env), ...env.memory?.() };
  const t0 = now();
  const errors = loop(n);
  const ms = now() - t0;
  env.gc?.();
  const after = { ...wasmFigures(env), ...env.memory?.() };
  const growth = {};
  for (const k of Object.keys(after)) if (typeof after[k] === "number" && typeof before[k] === "number") growth[k] = after[k] - before[k];
  return { calls: n, errors, before, after, growth, ms: Math.round(ms) };
}

function flat(f) {
  const fails = [];
  if (f.growth.wasmMemoryBytes !== undefined && f.growth.wasmMemoryBytes > 1 << 20) fails.push(`wasm memory grew by ${f.growth.wasmMemoryBytes} bytes`);
  if (f.growth.externrefTable !== undefined && f.growth.externrefTable > 1024) fails.push(`externref table grew by ${f.growth.externrefTable} slots`);
  if (f.growth.arrayBuffers !== undefined && f.growth.arrayBuffers > 16 << 20) fails.push(`arrayBuffers grew by ${f.growth.arrayBuffers} bytes`);
  if (f.growth.rss !== undefined && f.growth.rss > 128 << 20) fails.push(`rss grew by ${f.growth.rss} bytes`);
  if (f.growth.usedJSHeapSize !== undefined && f.growth.usedJSHeapSize > 128 << 20) fails.push(`JS heap grew by ${f.growth.usedJSHeapSize} bytes`);
  return fails.join("; ") || undefined;
}

function resourceCases() {
  const CALLS = 100_000;
  return [
    {
      door: "all exports",
      input: `${CALLS.toLocaleString("en")} calls: every door, good answers and errors the core finds, assemblers created and freed`,
      run: (ctx) => {
        const { ctxpack, asm } = ctx;
        const small = docs();
        const f = measuredLoop(ctx, [
          () => asm.assemble({ documents: small, request: REQUEST }),
          () => asm.prioritize({ documents: small }),
          () => asm.capContext({ documents: small, maxChars: 300 }),
          () => asm.inferIntent("第7-12集"),
          () => ctxpack.assembleContext({ documents: small, request: REQUEST }),
          () => ctxpack.prioritize({ documents: small, now: 0 }),
          () => ctxpack.capContext({ documents: small, maxChars: 100, cap: "skip" }),
          () => ctxpack.trimJsondoc(small[1], "summarized"),
          () => ctxpack.inferIntent("generate episodes 1-2"),
          () => ctxpack.version(),
          () => new ctxpack.ContextAssembler(PROFILE).free(),
          () => new ctxpack.ContextAssembler()[Symbol.dispose](),
          () => ctxpack.assembleContext({ documents: small, maxChars: -1 }),
          () => ctxpack.assembleContext({ documents: [small[0], small[0]] }),
          () => asm.assemble({ documents: "[{" }),
          () => ctxpack.inferIntent({ intent: "nope" }),
          () => ctxpack.trimJsondoc(small[0], "shredded"),
          () => new ctxpack.ContextAssembler({ rules: [{ intent: "default", pattern: "(" }] }),
          () => asm.prioritize({ documents: [{ ...small[0], created_at: "yesterday" }] }),
          () => ctxpack.capContext({ documents: small, bugdet: 1 }),
        ], CALLS);
        ctx.figures.resources = f;
        return { calls: f.calls, errors: f.errors };
      },
      expect: ["ok"],
      check: (r, ctx) => (ctx.figures.resources ? { value: r, fail: flat(ctx.figures.resources) } : {}),
    },
    {
      door: "all exports",
      input: `${CALLS.toLocaleString("en")} calls whose CtxpackError wraps a host exception (throwing toJSON, throwing getters, Proxy traps: every \`catch\` import)`,
      run: (ctx) => {
        const f = measuredLoop(ctx, hostThrows(ctx), CALLS);
        ctx.figures.resourcesHostErrors = f;
        return { calls: f.calls, errors: f.errors };
      },
      expect: ["ok"],
      check: (r, ctx) => (ctx.figures.resourcesHostErrors ? { value: r, fail: flat(ctx.figures.resourcesHostErrors) ?? (r.errors === r.calls ? undefined : "a call did not throw a CtxpackError") } : {}),
      bug: KNOWN.hostExceptionSlot,
    },
    {
      door: "assembleContext",
      // Node: 100,000 calls. In Chromium driven over CDP each cyclic JSON.stringify error costs
      // ~17 ms (the engine, not ctxpack), so the page sets env.cyclicCalls lower.
      input: "calls with a cyclic value in data (JSON.stringify throws): 100,000 in Node",
      run: (ctx) => {
        const { ctxpack } = ctx;
        const calls = ctx.env.cyclicCalls ?? CALLS;
        const cyclic = () => {
          const o = { a: 1 };
          o.self = o;
          return o;
        };
        const f = measuredLoop(ctx, [() => ctxpack.assembleContext({ documents: [doc("a", cyclic())] }), () => ctx.asm.capContext({ documents: [doc("a", [cyclic()])] })], calls, Math.min(calls, 10_000));
        ctx.figures.resourcesCyclic = f;
        return { everyCallThrew: f.errors === f.calls };
      },
      expect: ["ok"],
      check: (r, ctx) => (ctx.figures.resourcesCyclic ? { value: r, fail: flat(ctx.figures.resourcesCyclic) ?? (r.everyCallThrew ? undefined : "a call did not throw a CtxpackError") } : {}),
      bug: KNOWN.hostExceptionSlot,
    },
  ];
}

/**
 * One call through each `catch` import whose host operation throws: JSON.stringify (a throwing
 * toJSON, a getter in data), Reflect.get (getters, an array Proxy's index, an Error's message),
 * Object.keys (a Proxy's ownKeys), Array.isArray (a revoked Proxy), glue.js's strictJson and
 * readMeta. Each must end in a CtxpackError and leave nothing behind.
 */
function hostThrows(ctx) {
  const { ctxpack, asm } = ctx;
  const error = (m) => new Error(m);
  return [
    () => asm.assemble({ documents: [doc("a", { toJSON() { throw error("x"); } })] }),
    () => ctxpack.capContext({ documents: [doc("a", { get x() { throw error("getter in data"); } })] }),
    () => ctxpack.prioritize({ get documents() { throw error("getter"); } }),
    () => ctxpack.inferIntent({ toJSON() { throw error("toJSON"); } }),
    () => ctxpack.assembleContext({ documents: [doc("a"), { ...doc("b"), get id() { throw error("id getter"); } }] }),
    () => ctxpack.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => { if (k === "0") throw error("index"); return Reflect.get(t, k); } }) }),
    () => ctxpack.assembleContext(new Proxy({}, { ownKeys() { throw error("ownKeys"); } })),
    () => asm.prioritize({ documents: revoked([]) }),
    () => ctxpack.assembleContext({ documents: [doc("a", { toJSON() { const e = error("x"); Object.defineProperty(e, "message", { get() { throw error("m"); } }); throw e; } })] }),
    () => ctxpack.inferIntent("x", { get intents() { throw "a thrown string"; } }),
    () => ctxpack.trimJsondoc(doc("a", { toJSON() { throw 42; } }), "full"),
  ];
}

// --- huge strings --------------------------------------------------------------------------

function hugeCases() {
  const MB = 50 * 1024 * 1024;
  let big;
  const S = () => (big ??= "x".repeat(MB));
  const totals = (r) => {
    const t = (r.manifest ?? r).totals;
    return { chars: t.chars, maxChars: t.maxChars, included: t.included, truncated: t.truncated, discarded: t.discarded };
  };
  const capped = (r) => (r === undefined ? {} : { value: totals(r), fail: totals(r).chars > totals(r).maxChars ? "over budget" : undefined });
  const cases = [
    { door: "assembleContext", input: "data = { s: 50 MB string }", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("big", { s: S() }), doc("small")] }), expect: ["ok"], check: capped },
    { door: "ContextAssembler#capContext", input: "data = 50 MB plain string", run: (ctx) => ctx.asm.capContext({ documents: [doc("big", S())] }), expect: ["ok"], check: capped },
    { door: "assembleContext", input: "documents = JSON text of a 50 MB document", run: (ctx) => ctx.ctxpack.assembleContext({ documents: JSON.stringify([doc("big", { s: S() })]) }), expect: ["ok"], check: capped },
    { door: "prioritize", input: "input = 50 MB JSON text", run: (ctx) => ctx.ctxpack.prioritize(JSON.stringify({ documents: [doc("big", { s: S() })], request: REQUEST })), expect: ["ok"], check: (r) => (r ? { value: r.ranked.map((d) => d.id) } : {}) },
    { door: "ContextAssembler#assemble", input: "request = 50 MB text, rules run over it", run: (ctx) => ctx.asm.assemble({ documents: docs(), request: S() + " episodes 7-12" }), expect: ["ok"], check: (r) => (r ? { value: [r.manifest.intent.intent, r.manifest.intent.params, r.manifest.intent.text.length] } : {}), summary: (r) => r.context },
    { door: "assembleContext", input: "id = 50 MB string", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc(S())] }), expect: ["ok"], check: capped, summary: (r) => r.context },
    { door: "trimJsondoc", input: "data = { s: 50 MB string }, truncated", run: (ctx) => ctx.ctxpack.trimJsondoc(doc("big", { s: S() }), "truncated"), expect: ["ok"], check: (r) => (r ? { value: r.data.s.length, fail: r.data.s.length === 512 ? undefined : "not cut to 500 + marker" } : {}) },
    { door: "assembleContext", input: "documents = 50 MB of junk text", run: (ctx) => ctx.ctxpack.assembleContext({ documents: S() }), expect: ["INVALID_INPUT", "INVALID_JSON"] },
    { door: "assembleContext", input: "documents = 50 MB unterminated JSON string", run: (ctx) => ctx.ctxpack.assembleContext({ documents: '["' + S() }), expect: ["INVALID_JSON", "INVALID_INPUT"] },
  ];
  cases.push({ door: "all exports", input: "release the 50 MB string", run: () => { big = undefined; return true; }, expect: ["ok"], skipAfter: true });
  return cases;
}

// --- a million documents -------------------------------------------------------------------

function millionCases() {
  const M = 1_000_000;
  let many;
  const tiny = (i) => ({ id: `d${i}`, schema_type: "t", origin_type: i % 2 ? "user_input" : "ai_generated", created_at: i, data: i });
  const get = () => (many ??= Array.from({ length: M }, (_, i) => tiny(i)));
  const totals = (r) => {
    const t = r.manifest.totals;
    return { documents: t.documents, included: t.included, discarded: t.discarded, chars: t.chars, records: r.manifest.documents.length, first: r.manifest.documents[0].id };
  };
  const cases = [
    { door: "assembleContext", input: "1,000,000 tiny documents (objects)", run: (ctx) => ctx.ctxpack.assembleContext({ documents: get() }), expect: ["ok", "TOO_LARGE"], summary: totals, check: (r) => (r ? { value: totals(r), fail: r.manifest.documents.length === M ? undefined : "manifest does not list every document" } : {}) },
    { door: "ContextAssembler#prioritize", input: "1,000,000 tiny documents (objects)", run: (ctx) => ctx.asm.prioritize({ documents: get() }), expect: ["ok", "TOO_LARGE"], summary: (r) => [r.ranked.length, r.filtered.length, r.ranked[0].id, r.ranked[M - 1]?.id], check: (r) => (r ? { value: [r.ranked.length + r.filtered.length, r.ranked[0].id] } : {}) },
  ];
  const over = () => {
    const a = get();
    if (a.length === M) a.push(tiny(M));
    return a;
  };
  for (const [door, call] of [
    ["assembleContext", (ctx, d) => ctx.ctxpack.assembleContext({ documents: d })],
    ["prioritize", (ctx, d) => ctx.ctxpack.prioritize({ documents: d })],
    ["capContext", (ctx, d) => ctx.ctxpack.capContext({ documents: d })],
    ["ContextAssembler#assemble", (ctx, d) => ctx.asm.assemble({ documents: d })],
    ["ContextAssembler#prioritize", (ctx, d) => ctx.asm.prioritize({ documents: d })],
    ["ContextAssembler#capContext", (ctx, d) => ctx.asm.capContext({ documents: d })],
  ]) {
    cases.push({ door, input: "1,000,001 tiny documents (objects)", run: (ctx) => call(ctx, over()), expect: ["TOO_LARGE"], check: (r, ctx, rec) => ({ fail: rec.path === "/documents" || rec.outcome === "ok" ? undefined : `path ${rec.path}` }) });
  }
  cases.push({ door: "assembleContext", input: "sparse array of length 2^32-1", run: (ctx) => { const a = []; a.length = 2 ** 32 - 1; return ctx.ctxpack.assembleContext({ documents: a }); }, expect: ["TOO_LARGE"] });
  cases.push({ door: "ContextAssembler#assemble", input: "array Proxy claiming length 1e9", run: (ctx) => ctx.asm.assemble({ documents: new Proxy([], { get: (t, k) => (k === "length" ? 1e9 : Reflect.get(t, k)) }) }), expect: ["TOO_LARGE"] });
  cases.push({
    door: "assembleContext",
    input: "1,000,001 tiny documents (JSON text)",
    run: (ctx) => {
      many = undefined;
      const parts = new Array(M + 1);
      for (let i = 0; i <= M; i++) parts[i] = `{"id":"d${i}","schema_type":"t","origin_type":"user_input","created_at":0,"data":0}`;
      const text = `[${parts.join(",")}]`;
      return ctx.ctxpack.assembleContext({ documents: text });
    },
    expect: ["TOO_LARGE"],
    summary: (r) => r.manifest.totals,
    bug: KNOWN.jsonTooLarge,
  });
  cases.push({ door: "all exports", input: "release the million documents", run: () => { many = undefined; return true; }, expect: ["ok"], skipAfter: true });
  return cases;
}

// --- isolated: each poisons (or must not poison) a fresh instance ---------------------------

const rawThrowers = {
  "Proxy(ownKeys throws) as the input": (cp) => cp.assembleContext(new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } })),
  "revoked Proxy as the input": (cp) => cp.assembleContext(revoked({})),
  "documents Proxy whose index getter throws": (cp) => cp.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => { if (k === "0") throw new Error("index"); return Reflect.get(t, k); } }) }),
  "documents Proxy whose element throws on the second read (mid-assembly)": (cp) => { let n = 0; return cp.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => { if (k === "0" && n++) throw new Error("second read"); return Reflect.get(t, k); } }) }); },
  "data toJSON throws an Error whose message getter throws": (cp) => cp.assembleContext({ documents: [doc("a", { toJSON() { const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw new Error("m"); } }); throw e; } })] }),
};

/** Names of the cases that each need a fresh instance (run them one per process / page). */
export const ISOLATED = [
  ...Object.keys(rawThrowers).map((k) => `1,000 × ${k}`),
  "100,000 calls on a freed, detached or foreign ContextAssembler, then a correct call",
  "100,000 × free() on a freed ContextAssembler",
  "20,000 × a CtxpackError (control: errors as values do not poison)",
];

/** Runs one ISOLATED case against a fresh ctxpack instance; returns its record. */
export function runIsolated(ctxpack, name, env) {
  const ctx = setup(ctxpack, env);
  ctx.figures = {};
  const repeat = (n, f) => {
    let raw = 0;
    let first;
    const codes = new Set();
    const start = wasmFigures(ctx.env);
    for (let i = 0; i < n; i++) {
      try {
        f(i);
      } catch (e) {
        if (e instanceof ctxpack.CtxpackError) codes.add(e.code);
        else {
          raw++;
          first ??= errorInfo(e, ctxpack);
        }
      }
    }
    const end = wasmFigures(ctx.env);
    const growth = {};
    if (start && end) for (const k of Object.keys(end)) growth[k] = end[k] - start[k];
    return { raw, first: first?.thrown, codes: [...codes].sort(), growth };
  };
  const before = wasmFigures(ctx.env);
  let spec;
  const thrower = Object.entries(rawThrowers).find(([k]) => name === `1,000 × ${k}`);
  if (thrower) {
    spec = { door: "assembleContext", run: (c) => repeat(1000, () => thrower[1](c.ctxpack)), bug: KNOWN.rawThrow };
  } else if (name.startsWith("100,000 calls on a freed, detached or foreign ContextAssembler")) {
    // Every call a CtxpackError FREED, none entering wasm; afterOk makes the correct call.
    spec = {
      door: "ContextAssembler#inferIntent",
      run: (c) => {
        const C = c.ctxpack.ContextAssembler;
        const a = new C(PROFILE);
        a.free();
        const detached = c.asm.inferIntent;
        const calls = [
          () => a.inferIntent("x"),
          () => a.assemble(refAsmInput()),
          () => a.prioritize({ documents: [] }),
          () => a.capContext({ documents: [] }),
          () => detached("x"),
          () => C.prototype.assemble.call({}, refAsmInput()),
          () => C.prototype.free.call({ __wbg_ptr: 8 }),
          () => a[Symbol.dispose](),
        ];
        return repeat(100_000, (i) => calls[i % calls.length]());
      },
      expectCodes: ["FREED"],
      bug: KNOWN.freedStack,
    };
  } else if (name === "100,000 × free() on a freed ContextAssembler") {
    spec = { door: "ContextAssembler#free", run: (c) => { const a = new c.ctxpack.ContextAssembler(PROFILE); a.free(); return repeat(100_000, () => a.free()); }, expectCodes: [], bug: KNOWN.freedStack };
  } else if (name.startsWith("20,000 × a CtxpackError")) {
    spec = { door: "assembleContext", run: (c) => repeat(20_000, () => c.ctxpack.assembleContext({ documents: docs(), maxChars: -1 })) };
  } else {
    throw new Error(`no isolated case ${name}`);
  }
  const check = (r) => {
    if (!r) return { value: null };
    const fails = [];
    if (r.raw > 0) fails.push(`${r.raw} calls threw a raw ${r.first}, not a CtxpackError`);
    if (spec.expectCodes && r.codes.join() !== spec.expectCodes.join()) fails.push(`codes ${r.codes.join() || "(none)"}, expected ${spec.expectCodes.join() || "none"}`);
    const growth = flat({ growth: r.growth });
    if (growth) fails.push(growth);
    return { value: { rawErrors: r.raw > 0, first: r.first ?? null, codes: r.codes }, fail: fails.join("; ") || undefined };
  };
  const rec = runCase(ctx, "isolated", { ...spec, input: name, expect: ["ok"], check });
  const after = wasmFigures(ctx.env);
  rec.info = { before, after };
  return rec;
}

// --- all groups ----------------------------------------------------------------------------

/** Groups in the order they run: resources before the huge ones grow memory; types last (its raw-throw cases leak stack). */
export const GROUPS = {
  numbers: numberCases,
  surrogates: surrogateCases,
  proto: protoCases,
  deep: deepCases,
  lifecycle: lifecycleCases,
  resources: resourceCases,
  huge: hugeCases,
  million: millionCases,
  types: typeCases,
};

/**
 * Starts a run against `ctxpack`: computes the reference answers (before any abuse) and returns
 * `{ reference, group(name) → records, finish() → { records, figures } }`.
 * `env`: `{ wasm?() → wasm exports, memory?() → numbers, gc?() }` — all optional.
 */
export function start(ctxpack, env = {}) {
  const ctx = setup(ctxpack, env);
  ctx.figures = { timings: {} };
  ctx.proto = protoSnapshot();
  const reference = {};
  for (const [door, text] of Object.entries(ctx.ref)) reference[door] = fingerprint(text);
  const all = [{ group: "reference", door: "all exports", input: "reference answers before any abuse", outcome: "ok", afterOk: true, value: reference, pass: true }];
  return {
    reference,
    group(name) {
      const t0 = now();
      const records = GROUPS[name]().map((spec) => runCase(ctx, name, spec));
      ctx.figures.timings[name] = Math.round(now() - t0);
      all.push(...records);
      return records;
    },
    finish() {
      const protoOk = protoSnapshot() === ctx.proto;
      const last = [{ group: "proto", door: "all exports", input: "Object.prototype, Array.prototype, Function.prototype untouched after every case", outcome: "ok", afterOk: true, pass: protoOk, ...(protoOk ? {} : { why: "a prototype changed" }) }];
      ctx.figures.wasm = wasmFigures(env);
      last.push(runCase(ctx, "lifecycle", { door: "ContextAssembler#free", input: "the assembler shared by every case can be freed at the end", run: (c) => c.asm.free(), expect: ["ok"], bug: KNOWN.rawThrow + " — a raw exception through one of its methods left its borrow flag set", skipAfter: true }));
      all.push(...last);
      return { records: all, figures: ctx.figures, last };
    },
  };
}

/** Every group in order, then the final prototype check: `{ records, figures }`, plain JSON. */
export function runAll(ctxpack, env = {}, only) {
  const run = start(ctxpack, env);
  for (const name of Object.keys(GROUPS)) if (!only || only.includes(name)) run.group(name);
  const { records, figures } = run.finish();
  return { records, figures };
}

/** Readable lines for failing records, and each KNOWN BUG text once with its count. */
export function describeFailures(records) {
  const failing = records.filter((r) => !r.pass && !isOpenBug(r));
  const lines = failing.map((r) => `not ok - [${r.group}] ${r.door}: ${r.input} — ${r.why}${r.bug ? " (KNOWN BUG, see below)" : ""}`);
  const bugs = new Map();
  for (const r of failing) if (r.bug) bugs.set(r.bug, (bugs.get(r.bug) ?? 0) + 1);
  for (const [bug, n] of bugs) lines.push(`${bug} [${n} case${n > 1 ? "s" : ""}]`);
  return lines.join("\n");
}

/** The failing records of open bugs, described for the log. */
export function describeOpenBugs(records) {
  const open = records.filter(isOpenBug);
  const lines = open.map((r) => `skipped (open bug) - [${r.group}] ${r.door}: ${r.input} — ${r.why}`);
  for (const bug of new Set(open.map((r) => r.bug))) lines.push(bug);
  return lines.join("\n");
}
