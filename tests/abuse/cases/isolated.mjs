// The isolated cases: each may poison (or must not poison) its wasm instance, so each runs
// against a fresh one: a new process in Node (tests/abuse/isolated.mjs), a new page in Chromium.
import { REGRESSION, errorInfo, PROFILE, doc, docs, refAsmInput, setup, runCase, revoked, wasmFigures, flat } from "./common.mjs";

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
    spec = { door: "assembleContext", run: (c) => repeat(1000, () => thrower[1](c.ctxpack)), regression: REGRESSION.rawThrow };
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
      regression: REGRESSION.freedStack,
    };
  } else if (name === "100,000 × free() on a freed ContextAssembler") {
    spec = { door: "ContextAssembler#free", run: (c) => { const a = new c.ctxpack.ContextAssembler(PROFILE); a.free(); return repeat(100_000, () => a.free()); }, expectCodes: [], regression: REGRESSION.freedStack };
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
