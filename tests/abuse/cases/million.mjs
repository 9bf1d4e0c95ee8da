// Abuse group `million`: a million documents, then one more (TOO_LARGE before any is read).
import { REGRESSION } from "./common.mjs";

export function millionCases() {
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
    regression: REGRESSION.jsonTooLarge,
  });
  cases.push({ door: "all exports", input: "release the million documents", run: () => { many = undefined; return true; }, expect: ["ok"], skipAfter: true });
  return cases;
}
