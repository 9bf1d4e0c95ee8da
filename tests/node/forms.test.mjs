// The error vectors (tests/vectors/errors) through the package: each bad input, given as
// JavaScript objects and as JSON text, must throw a CtxpackError with exactly the code, path and
// message native Rust gives (tests/forms.rs writes expected.json) — the core decides, whatever
// form the input crosses in.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { assembleContext, CtxpackError } from "../../pkg/index.mjs";

const dir = new URL("../vectors/errors/", import.meta.url);
const cases = JSON.parse(readFileSync(new URL("cases.json", dir), "utf8"));
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8"));

function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof CtxpackError, String(e));
    return { code: e.code, path: e.path, message: e.message };
  }
  assert.fail("accepted");
}

test("every error vector fails the same way as objects, as JSON text and natively", () => {
  assert.ok(cases.length >= 40);
  for (const c of cases) {
    const text = c.text ?? JSON.stringify(c.input);
    const want = expected[c.name];
    assert.ok(want, `${c.name}: no expected error (run UPDATE_VECTORS=1 cargo test --test forms)`);
    // JSON.parse reads 1e400 as Infinity: the object form carries the host's own Infinity.
    assert.deepEqual(thrown(() => assembleContext(JSON.parse(text))), want, `${c.name}, objects`);
    assert.deepEqual(thrown(() => assembleContext(text)), want, `${c.name}, JSON text`);
    assert.deepEqual(thrown(() => assembleContext({ ...JSON.parse(text), documents: JSON.stringify(JSON.parse(text).documents) })), want, `${c.name}, documents as text`);
    assert.deepEqual(thrown(() => assembleContext(Buffer.from(text))), want, `${c.name}, JSON text as bytes`);
  }
});

test("a host NaN is refused by the field it stands in, as the text's 1e400 is", () => {
  const documents = [{ id: "a", schema_type: "t", origin_type: "user_input", created_at: 1, data: 1 }];
  assert.deepEqual(thrown(() => assembleContext({ documents, now: NaN })), expected["now-1e400"]);
  assert.deepEqual(thrown(() => assembleContext({ documents, profile: { weights: { recency: NaN } } })), expected["profile-weight-1e400"]);
  const nan = thrown(() => assembleContext({ documents, maxChars: NaN }));
  assert.deepEqual(nan, { ...expected["max-chars-1e400"], message: expected["max-chars-1e400"].message.replace("Infinity", "NaN") });
  const param = thrown(() => assembleContext({ documents, request: { intent: "default", params: { n: [-Infinity] } } }));
  assert.deepEqual(param, { ...expected["request-param-1e400"], message: "-Infinity is not a JSON number" });
});

test("INVALID_JSON says where in the text: line and UTF-16 column, as an editor counts", () => {
  const at = (text) => {
    const i = text.indexOf("§");
    const before = text.slice(0, i);
    const lines = before.split("\n");
    return { text: text.replace("§", ""), line: lines.length, column: lines.at(-1).length + 1 };
  };
  const doc = '{"id": "a", "schema_type": "t", "origin_type": "user_input", "created_at": 1, "data": 1}';
  for (const [label, raw, call, path] of [
    ["documents text, after an emoji", `[\n  ${doc},\n  {"id": "😀好" §7}\n]`, (t) => assembleContext({ documents: t }), "/documents/1"],
    ["whole input text", `{"documents": [\n${doc}\n],\n "now": §nope}`, (t) => assembleContext(t), "/now"],
    ["a trailing comma", `[${doc},§]`, (t) => assembleContext({ documents: t }), "/documents/1"],
  ]) {
    const { text, line, column } = at(raw);
    const e = (() => {
      try {
        call(text);
      } catch (e) {
        return e;
      }
    })();
    assert.ok(e instanceof CtxpackError, label);
    assert.equal(e.code, "INVALID_JSON", `${label}: ${e.message}`);
    assert.equal(e.path, path, label);
    assert.deepEqual([e.line, e.column], [line, column], `${label}: ${e.message}`);
    assert.deepEqual([e.toJSON().line, e.toJSON().column], [line, column], label);
  }
  // The position is in the text given (here the documents' text), the path as deep as the
  // reader got (the document it was reading). Other errors carry no position.
  const e = (() => {
    try {
      assembleContext({ documents: [], maxChars: -1 });
    } catch (e) {
      return e;
    }
  })();
  assert.equal(e.line, undefined);
  assert.equal("line" in e.toJSON(), false);
});

test("an id or type holding U+0000 reads as it does from JSON text", () => {
  // readMeta once ended each part with U+0000, so such a part shifted every field after it; it
  // now sends each part's length, and U+0000 is a character like any other.
  const documents = [
    { id: "a\u0000b", schema_type: "note", origin_type: "user_input", created_at: "2026-03-02T10:15:00.000Z", data: { x: 1 } },
    { id: "c", schema_type: "no\u0000te", origin_type: "ai_generated", created_at: 1772446500000, data: { y: 2 } },
    { id: "d", schema_type: "note", origin_type: "ai_generated", created_at: "2026-03-03T10:15:00Z", data: "plain" },
  ];
  const request = "anything";
  const fromObjects = assembleContext({ documents, request });
  const fromText = assembleContext(JSON.stringify({ documents, request }));
  assert.equal(JSON.stringify(fromObjects), JSON.stringify(fromText));
  assert.deepEqual(fromObjects.manifest.documents.map((d) => d.id).sort(), ["a\u0000b", "c", "d"]);
  // A real fault after a part with U+0000 is still reported where it is.
  const bad = [...documents, { id: "e", schema_type: "note", origin_type: "user_input", created_at: "yesterday", data: 1 }];
  for (const input of [{ documents: bad, request }, JSON.stringify({ documents: bad, request })]) {
    assert.throws(() => assembleContext(input), (e) => e instanceof CtxpackError && e.code === "INVALID_TIMESTAMP" && e.path === "/documents/3/created_at");
  }
});
