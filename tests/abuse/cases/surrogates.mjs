// Abuse group `surrogates`: lone surrogates in every kind of string; each becomes U+FFFD, the
// same in every runtime, and no cut leaves one behind — except in a string value of a document
// body, which is written as JSON.stringify writes it (an escape: `\ud800`).
import { REGRESSION, fingerprint, hasLone, PROFILE, doc, docs } from "./common.mjs";

export function surrogateCases() {
  const L = "x\uD800y";
  const T = "x\uDC00y";
  const F = "x\uFFFDy";
  // JSON.stringify's escape of L's surrogate, in the context as text.
  const E = "x\\ud800y";
  const cases = [];
  const expectFffd = (got, want) => ({ value: got, fail: JSON.stringify(got) === JSON.stringify(want) ? undefined : `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}` });
  const noLone = (s) => (hasLone(s) ? "a lone surrogate came back out" : undefined);
  const assemble = (input) => (ctx) => ctx.ctxpack.assembleContext(input());
  const add = (door, input, run, check, extra = {}) => cases.push({ door, input, run, check: (r, ctx, rec) => (r === undefined ? {} : check(r, ctx, rec)), ...extra });

  add("assembleContext", "documents[0].id = x\\uD800y", assemble(() => ({ documents: [doc(L)] })), (r) => ({ ...expectFffd(r.manifest.documents[0].id, F), fail: r.manifest.documents[0].id !== F ? "id" : noLone(r.context) ?? (r.context.includes(F) ? undefined : "context lacks U+FFFD") }), { expect: ["ok"] });
  add("assembleContext", "documents[0].id = x\\uDC00y", assemble(() => ({ documents: [doc(T)] })), (r) => expectFffd(r.manifest.documents[0].id, F), { expect: ["ok"] });
  add("assembleContext", "documents[0].id = \\uDC00\\uD800 (a reversed pair)", assemble(() => ({ documents: [doc("\uDC00\uD800")] })), (r) => expectFffd(r.manifest.documents[0].id, "\uFFFD\uFFFD"), { expect: ["ok"] });
  add("assembleContext", "documents[0].schema_type = x\\uD800y", assemble(() => ({ documents: [doc("a", 1, { schema_type: L })] })), (r) => expectFffd(r.manifest.documents[0].schemaType, F), { expect: ["ok"] });
  add("assembleContext", "data value and key with lone surrogates (the key as U+FFFD)", assemble(() => ({ documents: [doc("a", { s: L, [T]: 1 })] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${E}","${F}":1}`), { expect: ["ok"] });
  add("assembleContext", "data = plain string with a lone surrogate", assemble(() => ({ documents: [doc("a", L)] })), (r) => expectFffd(r.context, `## t (a)\n"${E}"`), { expect: ["ok"] });
  add("assembleContext", "data = JSON text holding a raw lone surrogate", assemble(() => ({ documents: [doc("a", `{"s":"${L}"}`)] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${E}"}`), { expect: ["ok"] });
  add("assembleContext", "data = JSON text holding an escaped \\ud800", assemble(() => ({ documents: [doc("a", '{"s":"x\\ud800y"}')] })), (r) => expectFffd(r.context, `## t (a)\n{"s":"${E}"}`), { expect: ["ok"] });
  add("assembleContext", "documents JSON text, raw lone surrogate in id", assemble(() => ({ documents: JSON.stringify([doc("a")]).replace('"a"', `"${L}"`) })), (r) => expectFffd(r.manifest.documents[0].id, F), { expect: ["ok"] });
  add("assembleContext", "documents JSON text, escaped \\ud800 in id and data", assemble(() => ({ documents: JSON.stringify([doc(L, { s: L })]) })), (r) => expectFffd(r.context, `## t (${F})\n{"s":"${E}"}`), { expect: ["ok"] });
  add("assembleContext", "request text with a lone surrogate", assemble(() => ({ documents: docs(), request: `episodes 7-12 ${L}`, profile: PROFILE })), (r) => expectFffd([r.manifest.intent.text, r.manifest.intent.intent], [`episodes 7-12 ${F}`, "generate_episode_synopsis"]), { expect: ["ok"] });
  add("inferIntent", "request text with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent(L), (r) => expectFffd(r.text, F), { expect: ["ok"] });
  add("ContextAssembler#inferIntent", "request text with a lone surrogate", (ctx) => ctx.asm.inferIntent(`第7-12集${T}`), (r) => expectFffd([r.text, r.params], [`第7-12集${F}`, { episodeEnd: 12, episodeStart: 7 }]), { expect: ["ok"] });
  add("inferIntent", "request {text} with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent({ text: L }), (r) => expectFffd(r.text, F), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("ContextAssembler#inferIntent", "request {intent, params} with lone surrogates", (ctx) => ctx.asm.inferIntent({ intent: "general", params: { [L]: L } }), (r) => expectFffd(r.params, { [F]: F }), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("assembleContext", "request {text} with a lone surrogate", assemble(() => ({ documents: docs(), request: { text: L } })), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("assembleContext", "input JSON text, escaped \\ud800 in request", (ctx) => ctx.ctxpack.assembleContext(JSON.stringify({ documents: [], request: L })), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("assembleContext", "input JSON text, raw lone surrogate in request", (ctx) => ctx.ctxpack.assembleContext(`{"documents":[],"request":"${L}"}`), (r) => expectFffd(r.manifest.intent.text, F), { expect: ["ok"] });
  add("inferIntent", "profile: intent named with a lone surrogate", (ctx) => ctx.ctxpack.inferIntent("x", { defaultIntent: L, intents: { [L]: {} } }), (r) => expectFffd(r.intent, F), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("new ContextAssembler", "profile: rule keyword with a lone surrogate", (ctx) => { const a = new ctx.ctxpack.ContextAssembler({ rules: [{ intent: "default", keywords: [L] }] }); try { return a.inferIntent(L); } finally { a.free(); } }, (r) => expectFffd([r.source, r.text], ["rule", F]), { expect: ["ok"], regression: REGRESSION.surrogateSerde });
  add("trimJsondoc", "id, data and metadata with lone surrogates (given back as they came)", (ctx) => ctx.ctxpack.trimJsondoc(doc(L, { s: L }, { metadata: { m: T } }), "full"), (r) => expectFffd([r.id, r.data, r.metadata], [L, { s: L }, { m: T }]), { expect: ["ok"] });
  add("trimJsondoc", "truncation point next to a lone surrogate (kept: it is not at the cut)", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", { s: "😀".repeat(249) + "\uD800" + "z".repeat(300) }), "truncated"), (r) => ({ value: fingerprint(r.data.s), fail: r.data.s === "😀".repeat(249) + "\uD800z [truncated]" ? undefined : "not cut as JavaScript cuts (bench/baseline.ts)" }), { expect: ["ok"] });
  add("capContext", "ids with lone surrogates, tiny budget", (ctx) => ctx.ctxpack.capContext({ documents: [doc(L, { s: "y".repeat(50) }), doc(T + "2")], maxChars: 40 }), (r) => ({ value: [r.context, r.documents.map((d) => d.id)], fail: noLone(r.context) ?? (r.context.length > 40 ? "over budget" : undefined) }), { expect: ["ok"] });
  add("assembleContext", "metadata rendered (body: document) with lone surrogates", assemble(() => ({ documents: [doc("a", 1, { metadata: { m: L } })], profile: { render: { body: "document" } } })), (r) => ({ value: r.context, fail: noLone(r.context) ?? (r.context.includes(`"m":"${E}"`) ? undefined : "not as JSON.stringify writes it") }), { expect: ["ok"] });
  // Two distinct JS ids can become the same id: refused as duplicates, never merged.
  cases.push({ door: "assembleContext", input: "ids a\\uD800 and a\\uDC00 (both become a\\uFFFD)", run: assemble(() => ({ documents: [doc("a\uD800"), doc("a\uDC00")] })), expect: ["DUPLICATE_ID"] });
  cases.push({ door: "assembleContext", input: "ids a\\uD800 and a\\uFFFD", run: assemble(() => ({ documents: [doc("a\uD800"), doc("a\uFFFD")] })), expect: ["DUPLICATE_ID"] });
  return cases;
}
