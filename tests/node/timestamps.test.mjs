// created_at as the package reads it, against the host's own Date.parse: every string of
// tests/timestamps.json (odd but valid ISO-8601: fraction lengths, runs of 9s, offsets, no
// offset, leap days, year ends). The pinned numbers there are what the native test checks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CtxpackError, prioritize } from "ctxpack";

// Without an offset ctxpack reads UTC while Date.parse reads local time: compare in UTC.
process.env.TZ = "UTC";

const corpus = JSON.parse(readFileSync(new URL("../timestamps.json", import.meta.url), "utf8"));

// With one document and no `now`, prioritize measures recency from that document's created_at.
const parsed = (created_at) =>
  prioritize({ documents: [{ id: "a", schema_type: "t", origin_type: "user_input", created_at, data: 1 }] }).now;

test("the corpus is large and pinned from this Date.parse", () => {
  assert.ok(corpus.cases.length > 100);
  const drift = corpus.cases.filter(([s, ms]) => Date.parse(s) !== ms);
  assert.deepEqual(drift, [], "Date.parse no longer gives the pinned numbers");
});

test("created_at is read as Date.parse reads it", () => {
  const wrong = [];
  for (const [s] of corpus.cases) {
    const expected = Date.parse(s);
    const got = parsed(s);
    if (!Object.is(got, expected)) wrong.push({ s, got, expected });
  }
  assert.deepEqual(wrong, []);
});

test("a fraction keeps its first three digits, never rounded up", () => {
  assert.equal(parsed("2025-07-20T08:00:00.99999999999999999Z"), Date.parse("2025-07-20T08:00:00.999Z"));
  assert.equal(parsed("2025-07-20T08:00:00.99999999999999999Z"), 1752998400999);
});

test("what Date.parse refuses is INVALID_TIMESTAMP", () => {
  for (const s of corpus.refused) {
    assert.ok(Number.isNaN(Date.parse(s)), s);
    assert.throws(() => parsed(s), (e) => e instanceof CtxpackError && e.code === "INVALID_TIMESTAMP" && e.path === "/documents/0/created_at", s);
  }
});

test("impossible days are refused where Date.parse rolls them over", () => {
  for (const s of corpus.stricter) {
    assert.ok(!Number.isNaN(Date.parse(s)), s);
    assert.throws(() => parsed(s), (e) => e instanceof CtxpackError && e.code === "INVALID_TIMESTAMP", s);
  }
});

test("a long fraction starting with 0 keeps its first three digits where V8 reads it its own way", () => {
  for (const [s, ours] of corpus.v8Differs) assert.equal(parsed(s), ours, s);
});
