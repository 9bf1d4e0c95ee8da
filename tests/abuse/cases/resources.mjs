// Abuse group `resources`: 100,000-call loops through every door and through every host
// exception; wasm memory, the externref table and host memory must stay flat.
import { REGRESSION, now, PROFILE, REQUEST, doc, docs, revoked, wasmFigures, flat } from "./common.mjs";

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

export function resourceCases() {
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
      regression: REGRESSION.hostExceptionSlot,
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
      regression: REGRESSION.hostExceptionSlot,
    },
  ];
}

/**
 * One call through each `catch` import whose host operation throws: JSON.stringify (a throwing
 * toJSON, a getter in data), Reflect.get (getters, an array Proxy's index, an Error's message),
 * Object.keys (a Proxy's ownKeys), Array.isArray (a revoked Proxy), glue.js's hostValue and
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
