// ctxpack renders JSON byte-identical to the host's JSON.stringify: numbers, escapes, key
// order, indentation. Checked on a seeded corpus of values, given both as objects and as the
// JSON text the app stores.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assembleContext, trimJsondoc } from "ctxpack";

// mulberry32: a small seeded generator, so the corpus is the same on every run.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NUMBERS = [0, -0, 1, -1, 0.1, 0.2 + 0.1, 1e21, 1e20, 1e-7, 1e-6, 123e-20, 5e-324, 1.7976931348623157e308, 2 ** 53 + 1, -(2 ** 31), 123456789012345680000, 1 / 3, 100, 1.5e300, -1.25e-10];
const STRINGS = ["", "plain", "quote\"back\\slash/", "\n\r\t\b\f", "\u0000\u0001\u001f\u007f", "\u2028\u2029", "😀 emoji", "故事设定 中文", "é\u0301", "</script>", "𠀋", "\ufffd", "cut \ud83d", "\udc00 low", "\ud800\ud800"];
const KEYS = ["a", "b", "10", "2", "1", "-1", "01", "4294967295", "4294967294", "__proto__", "constructor", "键", "😀", ""];

function value(r, depth) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const k = depth > 4 ? r() * 4 : r() * 6;
  if (k < 1) return pick(NUMBERS) * (r() < 0.5 ? 1 : r() * 1000);
  if (k < 2) return pick(STRINGS) + (r() < 0.3 ? String.fromCharCode(Math.floor(r() * 0xd7ff)) : "");
  if (k < 3) return pick([true, false, null]);
  if (k < 4) return Math.floor(r() * 2 ** 40) / (r() < 0.5 ? 1 : 7);
  if (k < 5) return Array.from({ length: Math.floor(r() * 5) }, () => value(r, depth + 1));
  const o = {};
  for (let i = Math.floor(r() * 6); i > 0; i--) Object.defineProperty(o, pick(KEYS), { value: value(r, depth + 1), enumerable: true, configurable: true, writable: true });
  return o;
}

function rendered(data, indent) {
  const doc = { id: "x", schema_type: "t", origin_type: "user_input", created_at: 0, data };
  const r = assembleContext({ documents: [doc], maxChars: 2 ** 31 - 1, profile: { render: { header: "", indent } } });
  return r.context;
}

test("rendering equals JSON.stringify on 2,000 generated values", () => {
  const r = rng(20261122);
  for (let i = 0; i < 2000; i++) {
    // A string `data` is read as JSON text, so top-level strings are wrapped.
    const v0 = value(r, 0);
    const v = typeof v0 === "string" ? [v0] : v0;
    const indent = i % 3 === 0 ? 2 : 0;
    const want = JSON.stringify(v, null, indent);
    assert.equal(rendered(v, indent), want, `value ${i}`);
    // As stored JSON text (parsed by ctxpack, not by the host) it renders the same.
    assert.equal(rendered(JSON.stringify(v), indent), want, `value ${i} as text`);
  }
});

test("edge values render as the host does", () => {
  for (const v of [{ "b": 1, "2": 2, "a": 3, "1": 4 }, [1e21, -0, NaN, Infinity, -Infinity], { u: undefined, f() {}, n: null }, [undefined], { nested: { deeper: [{}, []] } }]) {
    assert.equal(rendered(v, 0), JSON.stringify(v));
    assert.equal(rendered(v, 4), JSON.stringify(v, null, 4));
  }
  // Duplicate keys in stored text: the last value wins, in the first position, as JSON.parse does.
  assert.equal(rendered('{"a":1,"b":2,"a":3}', 0), JSON.stringify(JSON.parse('{"a":1,"b":2,"a":3}')));
});

test("unpaired surrogates render as JSON.stringify writes them, from objects, from text and from bytes", () => {
  // Rows cut by a careless substring hold these: half an emoji at the end.
  const values = [{ s: "a\ud800b" }, { s: "\udc00\ud83d\ude00" }, ["😀".slice(0, 1), "😀".slice(1)], { s: "real \ufffd and \ud83c" }, { k: ["\\\ud83c", "x\udfff"] }, "\ud800 at the top"];
  for (const v of values) {
    const want = JSON.stringify(typeof v === "string" ? [v] : v);
    const data = typeof v === "string" ? [v] : v;
    assert.equal(rendered(data, 0), want, `${want} as objects`);
    assert.equal(rendered(JSON.stringify(data), 0), want, `${want} as JSON text in a string`);
    // A string holding JSON text with the unpaired surrogate itself in it, as JSON.parse reads it.
    const raw = JSON.stringify(data).replace(/\\u(d[89a-f][0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    assert.equal(rendered(raw, 0), JSON.stringify(JSON.parse(raw)), `${want} with the surrogates raw in the string`);
    // The documents as JSON text and as bytes: the escapes cross as ASCII.
    const doc = { id: "x", schema_type: "t", origin_type: "user_input", created_at: 0, data };
    for (const documents of [JSON.stringify([doc]), Buffer.from(JSON.stringify([doc]))]) {
      const r = assembleContext({ documents, maxChars: 2 ** 31 - 1, profile: { render: { header: "" } } });
      assert.equal(r.context, want, `${want} from ${typeof documents === "string" ? "text" : "bytes"}`);
    }
  }
  // `data` a string that is not JSON text: sent as the string it is.
  assert.equal(rendered("not json \ud800", 0), JSON.stringify("not json \ud800"));
  // Outside a JSON string it is not JSON: JSON.parse refuses it, and so the string is sent as is.
  assert.equal(rendered('["a"]\ud800', 0), JSON.stringify('["a"]\ud800'));
  // After a backslash that would escape it, JSON.parse refuses it too.
  assert.equal(rendered('["\\\ud800"]', 0), JSON.stringify('["\\\ud800"]'));
});

test("trimJsondoc gives a document with unpaired surrogates back as it came", () => {
  const doc = { id: "id \ud800", schema_type: "t\udc00", origin_type: "user_input", created_at: 0, data: { s: "cut \ud83d", t: ["\udf89"] }, metadata: { m: "\ud800" } };
  assert.deepEqual(trimJsondoc(doc, "full"), doc);
  const asText = { ...doc, data: JSON.stringify(doc.data) };
  assert.deepEqual(trimJsondoc(asText, "full"), asText);
});

test("an unpaired surrogate at a trim cut is dropped as the plain TypeScript cut drops it", () => {
  // bench/baseline.ts's cut: never ends on a high surrogate, paired or not.
  const cut = (t, at, marker) => {
    if (t.length <= at + marker.length) return t;
    const c = t.charCodeAt(at - 1);
    return t.substring(0, c >= 0xd800 && c <= 0xdbff ? at - 1 : at) + marker;
  };
  // Unpaired surrogates at units 99 and 499, where the default profile's summary (100) and
  // truncation (500) cut.
  const text = (u) => "x".repeat(99) + u + "x".repeat(399) + u + "y".repeat(100);
  const docs = Array.from({ length: 12 }, (_, i) => ({ id: `d${i}`, schema_type: "t", origin_type: "user_input", created_at: i, data: { s: text(i % 2 ? "\udf89" : "\ud83c") } }));
  const r = assembleContext({ documents: docs, maxChars: 2 ** 31 - 1, profile: { render: { header: "{id}" } } });
  const byId = new Map(r.context.split("\n\n").map((b) => [b.split("\n")[0], JSON.parse(b.split("\n")[1]).s]));
  const levels = new Set();
  for (const rec of r.manifest.documents) {
    const original = docs.find((d) => d.id === rec.id).data.s;
    const want = { full: original, truncated: cut(original, 500, " [truncated]"), summarized: cut(original, 100, " [summarized]") }[rec.level];
    assert.equal(byId.get(rec.id), want, `${rec.id} ${rec.level}`);
    levels.add(rec.level);
  }
  assert.deepEqual([...levels].sort(), ["full", "summarized", "truncated"]);
});
