// A caller's token counter (`options.tokenCounter`): called only under a token budget, once per
// distinct piece, its count holding the budget; a counter that throws or answers garbage fails
// the call with TOKEN_COUNTER_FAILED, and the module works on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { assembleContext, capContext, ContextAssembler, CtxpackError, inferIntent } from "ctxpack";

const project = JSON.parse(readFileSync(new URL("../../samples/writing-project.json", import.meta.url), "utf8"));
const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));
const input = (extra) => ({ documents: project.documents, edges: project.edges, profile, request: "生成第7-12集", ...extra });

/** A counter that records what it was given. */
function recording(count) {
  const seen = [];
  const counter = (text) => (seen.push(text), count(text));
  return { counter, seen };
}

test("an exact counter holds a token budget, each piece counted once", () => {
  for (const maxTokens of [300, 1200, 4000]) {
    const { counter, seen } = recording(countTokens);
    const r = assembleContext(input({ maxTokens }), { tokenCounter: counter });
    const t = r.manifest.totals;
    assert.ok(countTokens(r.context) <= maxTokens, `${countTokens(r.context)} tokens over ${maxTokens}`);
    assert.equal(t.maxTokens, maxTokens);
    assert.equal(t.tokenCounter, "host:counter");
    assert.equal(t.tokenCounterCalls, seen.length);
    assert.equal(new Set(seen).size, seen.length, "a piece was counted twice");
    assert.ok(seen.every((s) => s.length > 0), "an empty text was counted");
    // The pieces meet at the separator; o200k may merge a block's last punctuation with the
    // separator's newlines, so the sum can only be a little over the count, never under.
    const exact = countTokens(r.context);
    assert.ok(t.tokens >= exact && t.tokens - exact <= seen.length, `sum ${t.tokens}, exact ${exact}`);
    // What was rendered was counted: every included block is one of the pieces.
    for (const d of r.manifest.documents.filter((d) => d.offset !== null)) {
      assert.ok(seen.includes(r.context.slice(d.offset, d.offset + d.charsAfter)), `${d.id}'s block was never counted`);
    }
  }
});

test("an additive counter's total is the context's own count", () => {
  const length = (text) => text.length;
  for (const maxTokens of [1, 50, 700, 5000]) {
    const r = assembleContext(input({ maxTokens }), { tokenCounter: length });
    assert.equal(r.manifest.totals.tokens, r.context.length);
    assert.ok(r.context.length <= maxTokens);
    assert.equal(r.manifest.totals.tokenCounter, "host:length");
  }
});

test("without a token budget the counter is never called", () => {
  const { counter, seen } = recording(() => 1);
  const r = assembleContext(input({ maxChars: 2000 }), { tokenCounter: counter });
  assert.equal(seen.length, 0);
  assert.equal(r.manifest.totals.tokenCounter, null);
  assert.equal(r.manifest.totals.tokenCounterCalls, null);
});

test("the estimator reports no calls; an anonymous counter is named host", () => {
  const estimated = assembleContext(input({ maxTokens: 1000 }));
  assert.equal(estimated.manifest.totals.tokenCounter, "estimate:o200k");
  assert.equal(estimated.manifest.totals.tokenCounterCalls, null);
  const r = assembleContext(input({ maxTokens: 1000 }), { tokenCounter: (t) => t.length });
  assert.equal(r.manifest.totals.tokenCounter, "host:tokenCounter");
  const anonymous = [(t) => t.length][0];
  assert.equal(assembleContext(input({ maxTokens: 1000 }), { tokenCounter: anonymous }).manifest.totals.tokenCounter, "host");
});

test("capContext and a ContextAssembler take the counter too", () => {
  const { counter, seen } = recording(countTokens);
  const capped = capContext({ documents: project.documents, maxTokens: 500 }, { tokenCounter: counter });
  assert.ok(countTokens(capped.context) <= 500);
  assert.equal(capped.totals.tokenCounterCalls, seen.length);
  const { profile: p, ...rest } = input({ maxTokens: 800 });
  const a = new ContextAssembler(p, { tokenCounter: countTokens, limits: { maxDepth: 64 } });
  const r = a.assemble(rest);
  assert.ok(countTokens(r.context) <= 800);
  assert.equal(r.manifest.totals.tokenCounter, "host:countTokens");
  assert.deepEqual(a.assemble(rest), r, "an assembler's counter serves every call alike");
  a.free();
});

function failsWith(fn, code, path, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof CtxpackError, String(e));
    assert.equal(e.code, code);
    assert.equal(e.path, path);
    if (message) assert.match(e.message, message);
    return true;
  });
}

test("a counter that throws or answers garbage fails the call with a code, and the module works on", () => {
  const budget = input({ maxTokens: 1000 });
  failsWith(() => assembleContext(budget, { tokenCounter: () => { throw new Error("vocabulary not loaded"); } }), "TOKEN_COUNTER_FAILED", "/options/tokenCounter", /threw: vocabulary not loaded/);
  failsWith(() => assembleContext(budget, { tokenCounter: () => { throw "plain"; } }), "TOKEN_COUNTER_FAILED", "/options/tokenCounter", /plain/);
  for (const [reply, said] of [[NaN, /NaN/], [-1, /-1/], [1.5, /1\.5/], [Infinity, /Infinity/], [2 ** 60, /not a whole number/]]) {
    failsWith(() => assembleContext(budget, { tokenCounter: () => reply }), "TOKEN_COUNTER_FAILED", "/options/tokenCounter", said);
  }
  for (const [reply, kind] of [["3", /a string/], [undefined, /undefined/], [null, /null/], [{}, /an object/], [3n, /a bigint/]]) {
    failsWith(() => assembleContext(budget, { tokenCounter: () => reply }), "TOKEN_COUNTER_FAILED", "/options/tokenCounter", kind);
  }
  failsWith(() => assembleContext(budget, { tokenCounter: 5 }), "INVALID_INPUT", "/options/tokenCounter", /function/);
  failsWith(() => assembleContext(budget, { tokenCounter: countTokens, limits: { maxDepht: 3 } }), "INVALID_INPUT", "/options/limits/maxDepht");
  failsWith(() => new ContextAssembler(profile, { tokenCounter: "o200k" }), "INVALID_INPUT", "/options/tokenCounter");
  // Where no budget is counted, a counter is not an option: refused, not silently ignored.
  failsWith(() => inferIntent("hi", null, { tokenCounter: countTokens }), "INVALID_INPUT", "/options/tokenCounter");
  // A counter that calls back into ctxpack is fine.
  const nested = assembleContext(budget, { tokenCounter: (t) => inferIntent(t.slice(0, 20)).intent.length });
  assert.ok(nested.manifest.totals.tokens >= 0);
  assert.equal(assembleContext(budget, { tokenCounter: countTokens }).manifest.totals.tokenCounter, "host:countTokens");
});
