// The public API from Node: each export, its errors, and that a bad call never poisons the
// module for the next good one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assembleContext, capContext, ContextAssembler, CtxpackError, inferIntent, prioritize, trimJsondoc, version } from "ctxpack";

const doc = (id, schema_type, data, extra = {}) => ({ id, schema_type, origin_type: "ai_generated", created_at: "2026-03-01T00:00:00Z", data, ...extra });

const profile = {
  defaultIntent: "general",
  intents: {
    general: { others: "include" },
    generate_episode_synopsis: { required: ["故事设定", "分集结构"], excluded: ["单集大纲"] },
  },
  rules: [
    { id: "range", intent: "generate_episode_synopsis", pattern: "(?i)episodes?\\s+(?P<episodeStart>\\d+)\\s*-\\s*(?P<episodeEnd>\\d+)" },
    { id: "range-zh", intent: "generate_episode_synopsis", pattern: "第(?P<episodeStart>\\d+)-(?P<episodeEnd>\\d+)集" },
  ],
};

const docs = [
  doc("settings", "故事设定", { title: "逆袭", characters: [{ name: "林夏" }] }),
  doc("plan", "分集结构", JSON.stringify({ totalEpisodes: 12 })),
  doc("ep1", "单集大纲", { episodeNumber: 1 }),
];

test("version is the crate version", () => assert.match(version(), /^\d+\.\d+\.\d+$/));

test("inferIntent reads English and Chinese alike", () => {
  for (const text of ["generate episodes 7-12", "生成第7-12集"]) {
    const r = inferIntent(text, profile);
    assert.equal(r.intent, "generate_episode_synopsis");
    assert.deepEqual(r.params, { episodeEnd: 12, episodeStart: 7 });
    assert.equal(r.source, "rule");
  }
  assert.deepEqual(inferIntent({ intent: "general", params: { x: 1 } }, profile).params, { x: 1 });
  assert.equal(inferIntent("hello", profile).source, "default");
});

test("prioritize ranks without reading bodies", () => {
  let reads = 0;
  const lazy = docs.map((d) => ({ ...d, get data() { reads++; return d.data; } }));
  const r = prioritize({ documents: lazy, request: "generate episodes 7-12", profile });
  assert.deepEqual(r.ranked.map((d) => d.id), ["settings", "plan"]);
  assert.deepEqual(r.filtered.map((d) => d.id), ["ep1"]);
  assert.equal(reads, lazy.length, "data is touched once per document (presence check) and never converted");
});

test("assembleContext crosses only the bodies it renders", () => {
  const converted = new Set();
  const big = Array.from({ length: 50 }, (_, i) => {
    const body = { i, text: "x".repeat(400) };
    return doc(`d${i}`, "故事设定", { toJSON() { converted.add(i); return body; } });
  });
  const r = assembleContext({ documents: big, maxChars: 2000, cap: "stop", profile });
  assert.ok(r.context.length <= 2000);
  assert.ok(converted.size < 10, `converted ${converted.size} of 50 bodies`);
  assert.equal(r.manifest.documents.length, 50);
});

test("the cap holds in UTF-16 units, with emoji", () => {
  const emoji = Array.from({ length: 20 }, (_, i) => doc(`e${i}`, "t", { s: "😀".repeat(300) }));
  for (const maxChars of [0, 1, 37, 500, 1234, 5000]) {
    for (const cap of ["stop", "skip", "degrade"]) {
      const r = assembleContext({ documents: emoji, maxChars, cap });
      assert.ok(r.context.length <= maxChars, `${r.context.length} > ${maxChars} (${cap})`);
      assert.equal(r.manifest.totals.chars, r.context.length);
      assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(r.context), "no lone surrogate");
    }
  }
});

test("capContext fits documents in the order given", () => {
  const r = capContext({ documents: docs, maxChars: 60 });
  assert.equal(r.documents[0].id, "settings");
  assert.ok(r.context.length <= 60);
  assert.equal(r.documents.length, 3);
});

test("trimJsondoc keeps the data's form and marks metadata", () => {
  const long = doc("l", "t", JSON.stringify({ s: "y".repeat(600), keep: 1 }), { metadata: { source: "db" } });
  const t = trimJsondoc(long, "truncated");
  assert.equal(typeof t.data, "string");
  assert.equal(JSON.parse(t.data).s, "y".repeat(500) + " [truncated]");
  assert.deepEqual(t.metadata, { source: "db", trimmed: true });
  assert.deepEqual(trimJsondoc(long, "full"), long);
});

const bad = [
  [() => assembleContext(null), "INVALID_INPUT", ""],
  [() => assembleContext({ documents: {} }), "INVALID_INPUT", "/documents"],
  [() => assembleContext({ documents: [{ ...docs[0], id: undefined }] }), "MISSING_FIELD", "/documents/0/id"],
  [() => assembleContext({ documents: [docs[0], docs[0]] }), "DUPLICATE_ID", "/documents/1/id"],
  [() => assembleContext({ documents: docs, request: { intent: "nope" }, profile }), "UNKNOWN_INTENT", "/request/intent"],
  [() => assembleContext({ documents: docs, maxChars: NaN }), "INVALID_BUDGET", "/maxChars"],
  [() => assembleContext({ documents: docs, maxChars: -1 }), "INVALID_BUDGET", "/maxChars"],
  [() => assembleContext({ documents: docs, profile: { rules: [{ intent: "default", pattern: "(" }] } }), "INVALID_PATTERN", "/profile/rules/0/pattern"],
  [() => assembleContext({ documents: docs, profile: { budget: { maxChars: 1.5 } } }), "INVALID_BUDGET", "/profile/budget/maxChars"],
  [() => assembleContext({ documents: docs, bugdet: 5 }), "INVALID_INPUT", "/bugdet"],
  [() => assembleContext({ documents: "[{\"id\": }]" }), "INVALID_JSON", "/documents/0/id"],
  [() => assembleContext({ documents: "[1]" }), "INVALID_INPUT", "/documents/0"],
  [() => assembleContext({ documents: [{ ...docs[0], created_at: "yesterday" }] }), "INVALID_TIMESTAMP", "/documents/0/created_at"],
  [() => new ContextAssembler({ defaultIntent: "missing" }), "UNKNOWN_INTENT", "/defaultIntent"],
  [() => new ContextAssembler(profile).assemble({ documents: docs, profile }), "INVALID_INPUT", "/profile"],
  [() => trimJsondoc(docs[0], "shredded"), "INVALID_INPUT", "/level"],
  // The fitted and prefix levels' lengths are the cap's to choose, for the room left.
  [() => trimJsondoc(docs[0], "fitted"), "INVALID_INPUT", "/level"],
  [() => trimJsondoc(docs[0], "prefix"), "INVALID_INPUT", "/level"],
];

test("bad input throws a CtxpackError with a code and a JSON pointer, and the module keeps working", () => {
  const good = assembleContext({ documents: docs, request: "generate episodes 7-12", profile });
  for (const [call, code, path] of bad) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof CtxpackError, `not a CtxpackError: ${e}`);
      assert.ok(e instanceof Error);
      assert.equal(e.name, "CtxpackError");
      assert.equal(e.code, code, e.message);
      assert.equal(e.path, path, e.message);
      assert.ok(e.message.length > 0);
      return true;
    });
    assert.deepEqual(assembleContext({ documents: docs, request: "generate episodes 7-12", profile }), good);
  }
});

test("a ContextAssembler serves many requests and can be freed", () => {
  const a = new ContextAssembler(profile);
  const first = a.assemble({ documents: docs, request: "generate episodes 7-12" });
  for (let i = 0; i < 100; i++) assert.deepEqual(a.assemble({ documents: docs, request: "generate episodes 7-12" }), first);
  assert.equal(typeof a[Symbol.dispose], "function");
  a.free();
});

test("result records are plain objects, their members in declaration order", () => {
  // shapes.js builds each record as a copy of a template of its members (src/shape/generate.rs):
  // the copy must be indistinguishable from an object literal.
  const { manifest } = assembleContext({ documents: docs, request: "generate episodes 7-12", maxChars: 4000, profile });
  for (const record of manifest.documents) {
    assert.equal(Object.getPrototypeOf(record), Object.prototype);
    assert.deepEqual(Object.keys(record), ["id", "action", "reason", "charsBefore", "charsAfter", "tokensBefore", "tokensAfter", "reasonCode", "schemaType", "rank", "score", "breakdown", "lineage", "level", "cutAt", "offset"]);
    assert.deepStrictEqual(record, JSON.parse(JSON.stringify(record)));
    if (record.breakdown !== null) assert.deepEqual(Object.keys(record.breakdown), ["required", "optional", "leaf", "userInput", "recency", "params", "lineage"]);
  }
  assert.equal(Object.getPrototypeOf(manifest.totals), Object.prototype);
});
