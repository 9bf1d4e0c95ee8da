// Abuse group `deep`: values and JSON text nested 100,000 levels in every slot, and the
// documented depth limit (256) in every form.
import { REGRESSION, PROFILE, doc, docs } from "./common.mjs";

function nest(n, leaf = 1, kind = "array") {
  let v = leaf;
  for (let i = 0; i < n; i++) v = kind === "array" ? [v] : { d: v };
  return v;
}
const nestText = (n, kind = "array") => (kind === "array" ? "[".repeat(n) + "1" + "]".repeat(n) : '{"d":'.repeat(n) + "1" + "}".repeat(n));

export function deepCases() {
  const N = 100_000;
  const deep = ["TOO_DEEP", "INVALID_INPUT"];
  const cases = [];
  const add = (door, input, run, expect = deep, extra = {}) => cases.push({ door, input, run, expect, ...extra });
  for (const kind of ["object", "array"]) {
    const v = () => nest(N, 1, kind);
    // JS values: a JSON value slot (data, metadata) must say TOO_DEEP, the same in every runtime.
    const host = { regression: REGRESSION.hostDepth };
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
    const guard = within ? { regression: REGRESSION.textDepth } : {};
    add("assembleContext", `data nested ${n} (objects in)`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", nest(n))] }), expect);
    add("assembleContext", `data = JSON text nested ${n}`, (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", nestText(n))] }), expect);
    add("assembleContext", `documents JSON text, data nested ${n}`, (ctx) => ctx.ctxpack.assembleContext({ documents: JSON.stringify([doc("a", nest(n))]) }), expect, guard);
    add("assembleContext", `input JSON text, data nested ${n}`, (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [doc("a", nest(n))] })), expect, guard);
    add("trimJsondoc", `data nested ${n}`, (ctx) => ctx.ctxpack.trimJsondoc(doc("a", nest(n)), "full"), expect, guard);
  }
  for (const n of [200, 300]) {
    const expect = n <= 256 ? ["ok"] : ["TOO_DEEP"];
    add("inferIntent", `params nested ${n}`, (ctx) => ctx.ctxpack.inferIntent({ intent: "general", params: { p: nest(n - 1) } }, PROFILE), expect, { regression: REGRESSION.requestDepth });
    add("assembleContext", `input JSON text, params nested ${n}`, (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [], request: { intent: "default", params: { p: nest(n - 1) } } })), expect, { regression: REGRESSION.requestDepth });
  }
  return cases;
}
