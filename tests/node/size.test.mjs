// The size budgets: each entry's shipped wasm, gzipped at level 9 as the benchmark measures it,
// must stay within its budget in scripts/entries.mjs. Each bundle (page, worker) carries its own
// inlined copy, so size is paid once per bundle by every user of that entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { ENTRIES } from "../../scripts/entries.mjs";

const pkg = dirname(createRequire(import.meta.url).resolve("ctxpack/package.json"));

for (const { name, dir, gzip: budget } of ENTRIES) {
  test(`${name}: the wasm module is within ${budget.toLocaleString("en")} bytes gzipped`, () => {
    const wasm = readFileSync(join(pkg, "pkg", dir, "web", "ctxpack_bg.wasm"));
    const gzip = gzipSync(wasm, { level: 9 }).length;
    console.log(`${name} wasm: ${wasm.length} bytes raw, ${gzip} bytes gzipped (budget ${budget}, ${(budget - gzip).toLocaleString("en")} to spare)`);
    assert.ok(gzip <= budget, `${name}'s wasm is ${gzip} bytes gzipped, over its budget of ${budget}: see docs/decisions/2026-11-27-wasm-size-budgets.md for what it holds and how budgets are raised`);
    // Every entry that inlines the wasm inlines these bytes (the /web and workerd entries and
    // plain Node load the file itself); a different module would make this budget meaningless.
    const inline = readFileSync(join(pkg, "pkg", dir, "web/wasm-inline.js"), "utf8");
    const base64 = inline.match(/"([A-Za-z0-9+/=]+)"/)?.[1] ?? "";
    assert.ok(Buffer.from(base64, "base64").equals(wasm), `${name}'s web/wasm-inline.js inlines the module of web/ctxpack_bg.wasm`);
  });
}
