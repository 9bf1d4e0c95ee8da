// Abuse group `huge`: 50 MB strings everywhere a string goes.
import { REQUEST, doc, docs } from "./common.mjs";

export function hugeCases() {
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
