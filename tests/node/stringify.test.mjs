// ctxpack renders JSON byte-identical to the host's JSON.stringify: numbers, escapes, key
// order, indentation. Checked on a seeded corpus of values, given both as objects and as the
// JSON text the app stores.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assembleContext } from "ctxpack";

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
const STRINGS = ["", "plain", "quote\"back\\slash/", "\n\r\t\b\f", "\u0000\u0001\u001f\u007f", "\u2028\u2029", "😀 emoji", "故事设定 中文", "é\u0301", "</script>", "𠀋", "\ufffd"];
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

test("lone surrogates become U+FFFD, the same from objects and from text", () => {
  assert.equal(rendered({ s: "a\ud800b" }, 0), '{"s":"a\ufffdb"}');
  assert.equal(rendered('{"s":"a\\ud800b"}', 0), '{"s":"a\ufffdb"}');
  assert.equal(rendered({ s: "\udc00\ud83d\ude00" }, 0), '{"s":"\ufffd😀"}');
});
