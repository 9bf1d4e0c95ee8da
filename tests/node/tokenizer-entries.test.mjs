// The exact tokenizer in Node: text of any length (the 25,000 characters of Chinese
// without punctuation and a 70,000-space run, once TOO_LARGE) counted as gpt-tokenizer counts
// it, through ctxpack/tokenizer and through the entries of one vocabulary; the other vocabulary
// refused by name; and what an edge route bundles from ctxpack/tokenizer/o200k, well under a
// 2 MB edge function.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import * as both from "ctxpack/tokenizer";
import * as o200k from "ctxpack/tokenizer/o200k";
import * as cl100k from "ctxpack/tokenizer/cl100k";
import { CtxpackError } from "ctxpack";
import { encode as gptO200k } from "gpt-tokenizer/encoding/o200k_base";
import { encode as gptCl100k } from "gpt-tokenizer/encoding/cl100k_base";

const pkg = dirname(createRequire(import.meta.url).resolve("ctxpack/package.json"));
const ENTRIES = { o200k, cl100k };
const REFERENCE = { o200k: gptO200k, cl100k: gptCl100k };

// Ideographs in a scrambled order: one piece of 75,000 bytes, no punctuation anywhere.
const chinese = Array.from({ length: 25_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join("");
const LONG = { "25,000 Chinese characters": chinese, "70,000 spaces": " ".repeat(70_000), "70,000 spaces then a word": `${" ".repeat(70_000)}word` };

for (const [name, text] of Object.entries(LONG)) {
  test(`${name}: counted whole, as gpt-tokenizer counts them, by every entry that has the vocabulary`, () => {
    for (const [vocabulary, m] of Object.entries(ENTRIES)) {
      // gpt-tokenizer's merge is quadratic in a run's length: seconds here, once.
      const want = REFERENCE[vocabulary](text, { disallowedSpecial: new Set() });
      const ids = m.encodeTokens(text);
      assert.deepEqual(Array.from(ids), want, `${vocabulary} ids`);
      assert.equal(m.countTokens(text), want.length, `${vocabulary} count`);
      assert.equal(both.countTokens(text, vocabulary), want.length, `ctxpack/tokenizer ${vocabulary}`);
      assert.equal(m.decodeTokens(ids), text, `${vocabulary} decodes back`);
    }
  });
}

test("an entry of one vocabulary counts in it by default and refuses the other by name", () => {
  for (const [vocabulary, m] of Object.entries(ENTRIES)) {
    const other = vocabulary === "o200k" ? "cl100k" : "o200k";
    assert.equal(m.countTokens("Hello, world!"), m.countTokens("Hello, world!", vocabulary));
    assert.equal(m.countTokens("金牌律师林晚", null), both.countTokens("金牌律师林晚", vocabulary));
    for (const call of [() => m.countTokens("hi", other), () => m.encodeTokens("hi", other), () => m.decodeTokens([1], other)]) {
      assert.throws(call, (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT" && e.path === "/vocabulary" && e.message.includes(`ctxpack/tokenizer/${other}`));
    }
  }
  assert.notEqual(o200k.countTokens(chinese), cl100k.countTokens(chinese));
});

/** The files a module imports, itself included, following relative imports. */
function moduleFiles(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) moduleFiles(resolve(dirname(file), spec), seen);
  return seen;
}

for (const [vocabulary, budget] of [["o200k", 1_500_000], ["cl100k", 750_000]]) {
  test(`ctxpack/tokenizer/${vocabulary}: the default import (what an edge route bundles: the wasm inlined) is under ${budget.toLocaleString("en")} bytes gzipped`, () => {
    const files = [...moduleFiles(join(pkg, "pkg", `tokenizer-${vocabulary}`, "index.js"))];
    const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    console.log(`ctxpack/tokenizer/${vocabulary} default import: ${files.length} files, ${gzip} bytes gzipped (each file gzip -9)`);
    assert.ok(files.some((f) => f.endsWith("wasm-inline.js")), "the inlined module is among the files");
    assert.ok(gzip < budget, `${gzip} bytes gzipped`);
  });
}
