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
