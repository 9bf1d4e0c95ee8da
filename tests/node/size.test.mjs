// The size budget: the shipped wasm, gzipped at level 9 as the benchmark measures it, must stay
// within bench/budget.mjs. Each bundle (page, worker) carries its own inlined copy, so size is
// paid once per bundle by every user.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { WASM_GZIP_BUDGET } from "../../bench/budget.mjs";

const pkg = dirname(createRequire(import.meta.url).resolve("ctxpack/package.json"));

test(`the wasm module is within ${WASM_GZIP_BUDGET.toLocaleString("en")} bytes gzipped`, () => {
  const wasm = readFileSync(join(pkg, "pkg", "node", "ctxpack_bg.wasm"));
  const gzip = gzipSync(wasm, { level: 9 }).length;
  console.log(`wasm: ${wasm.length} bytes raw, ${gzip} bytes gzipped (budget ${WASM_GZIP_BUDGET}, ${(WASM_GZIP_BUDGET - gzip).toLocaleString("en")} to spare)`);
  assert.ok(gzip <= WASM_GZIP_BUDGET, `the wasm is ${gzip} bytes gzipped, over the budget of ${WASM_GZIP_BUDGET}: see docs/BENCHMARKS.md ("Size") for what it holds`);
  // The browser entry inlines the same bytes; a build that shipped a different module would
  // make this budget meaningless.
  const inline = readFileSync(join(pkg, "pkg", "web", "wasm-inline.js"), "utf8");
  const base64 = inline.match(/"([A-Za-z0-9+/=]+)"/)?.[1] ?? "";
  assert.ok(Buffer.from(base64, "base64").equals(wasm), "the browser entry inlines the module Node loads");
});
