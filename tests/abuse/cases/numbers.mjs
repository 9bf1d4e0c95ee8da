// Abuse group `numbers`: budgets, timestamps and profile numbers at and past their limits (NaN,
// ±Infinity, -0, 2^53+1, 1e308…), as values and written in JSON text.
import { REGRESSION, doc, docs } from "./common.mjs";

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

export function numberCases() {
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
    cases.push({ door: "assembleContext", input: `profile.budget.maxChars = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: docs(), profile: { budget: { maxChars: n } } }), expect: budget, check: budgetCheck, ...(nonFinite ? { regression: REGRESSION.nonFiniteProfile } : {}) });
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
      ...(nonFinite ? { regression: REGRESSION.nonFiniteProfile } : {}),
    });
    // Other profile numbers: non-finite values must be refused, not replaced by the default.
    for (const [section, field] of [["weights", "required"], ["weights", "recencyHalfLifeMs"], ["trim", "fullRanks"], ["trim", "summarizeFrom"], ["trim", "truncateAt"], ["render", "indent"]]) {
      if (!nonFinite && !["-0", "2^53+1", "1.5"].includes(name)) continue;
      cases.push({
        door: "new ContextAssembler",
        input: `profile.${section}.${field} = ${name}`,
        run: (ctx) => new ctx.ctxpack.ContextAssembler({ [section]: { [field]: n } }).free(),
        ...(nonFinite ? { expect: ["INVALID_PROFILE", "INVALID_BUDGET", "INVALID_INPUT"], regression: REGRESSION.nonFiniteProfile } : {}),
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
