// The preload benchmark (issue 17): 1,000 files of 200 lines, contents handed in, preloaded by
// ctxpack (`preloadFiles` of ctxpack/files) and by the same done in plain TypeScript
// (bench/files-baseline.ts: tokens as chars / 4), in Node and in headless Chromium, side by side
// in one run, with the ratio of the medians (target: ≤ 1.0); then the memory of one call at 250,
// 500 and 1,000 files against the bytes inlined, each in a fresh Node process. The package is
// imported by its path (bench/package.json names another package), as bench/setup-node.mjs does.
// Run after `npm run build` (or `node scripts/build.mjs --entry files`). Nothing here asserts on time.
//
//   node bench/files.mjs [--quick] [--no-browser] [--out FILE]
//   node --expose-gc bench/files.mjs --memory N ctxpack|plain      (one memory row, JSON)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const log = (s) => process.stderr.write(`${s}\n`);
const SIZES = [250, 500, 1000];

/** bench/files-baseline.ts, type-checked strict, as ES module text. */
function baselineJs() {
  const source = join(root, "bench", "files-baseline.ts");
  const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, lib: ["lib.es2022.d.ts"], types: [] };
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([source], options));
  if (diagnostics.length) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
    throw new Error(`bench/files-baseline.ts does not type-check:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  return ts.transpileModule(readFileSync(source, "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
}

async function loadBaseline() {
  const file = join(mkdtempSync(join(tmpdir(), "ctxpack-bench-files-")), "files-baseline.mjs");
  writeFileSync(file, baselineJs());
  return import(file);
}

/** One memory row, in this fresh process: one untimed call, a full GC, then the measured call. */
async function memoryRow(n, name) {
  const { watchWasmMemory } = await import("./wasm-memory.mjs");
  const wasmMemory = watchWasmMemory(); // before the package instantiates its module
  const { preloadFiles } = await import("../pkg/files/index.mjs");
  const { preloadPlain } = await loadBaseline();
  const { workload, MAX_TOKENS, LINES } = await import("./files-workload.mjs");
  const { PerformanceObserver } = await import("node:perf_hooks");
  const { references, contents } = workload(n);
  const run =
    name === "ctxpack"
      ? () => preloadFiles({ references, contents, maxTokens: MAX_TOKENS })
      : () => preloadPlain(references, contents, { maxLines: LINES, maxTokens: MAX_TOKENS, fanout: 1, tokens: "quarter" });
  const wasmAtImport = wasmMemory();
  let out = run();
  const settle = async () => {
    out = null;
    globalThis.gc();
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 20));
  };
  await settle();
  let gcs = 0;
  const observer = new PerformanceObserver((list) => (gcs += list.getEntries().length));
  observer.observe({ entryTypes: ["gc"] });
  await new Promise((r) => setTimeout(r, 20));
  gcs = 0;
  const wasmBefore = wasmMemory();
  const h0 = process.memoryUsage().heapUsed;
  out = run();
  const h1 = process.memoryUsage().heapUsed;
  await new Promise((r) => setTimeout(r, 20));
  observer.disconnect();
  const totals = name === "ctxpack" ? out.manifest.totals : out.totals;
  const inputChars = contents.reduce((s, c) => s + c.content.length, 0);
  return { name, n, inputChars, bytesInlined: totals.bytes, blockChars: out.block.length, heapAllocated: h1 - h0, gcDuringCall: gcs > 0, wasmAtImport, wasmBefore, wasmAfter: wasmMemory() };
}

if (args[0] === "--memory") {
  process.stdout.write(JSON.stringify(await memoryRow(Number(args[1]), args[2])));
  process.exit(0);
}

const quick = args.includes("--quick");
const plan = quick ? { warmup: 1, rounds: 3 } : { warmup: 3, rounds: 21 };
const N = 1000;

// --- Node.
log(`=== Node ${process.version}: ${N} files, ${plan.warmup} warm-up + ${plan.rounds} timed calls each, alternating`);
const { preloadFiles } = await import("../pkg/files/index.mjs");
const { preloadPlain } = await loadBaseline();
const { compare } = await import("./files-compare.mjs");
const node = await compare({ preloadFiles, preloadPlain, n: N, ...plan });
log(JSON.stringify(node));

// --- Chromium: the package's browser entry (pkg/files/index.js) through an import map.
let chromium = null;
if (!args.includes("--no-browser")) {
  const { launchChromium } = await import("../tests/support/chromium.mjs");
  const { origin, serveFiles } = await import("../tests/support/server.mjs");
  const page = `<!doctype html><meta charset="utf-8"><title>loading</title><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "ctxpack/files": "/pkg/files/index.js" } }</script>
<script type="module">
import { preloadFiles } from "ctxpack/files";
import { preloadPlain } from "/bench/files-baseline.js";
import { compare } from "/bench/files-compare.mjs";
window.compare = (w) => compare({ preloadFiles, preloadPlain, ...w });
document.title = "ready";
</script>`;
  const headers = { "cache-control": "no-store", "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  const server = await serveFiles({ files: { "/": page, "/bench/files-baseline.js": baselineJs() }, mounts: { "/pkg/": join(root, "pkg"), "/bench/": join(root, "bench") }, index: null, headers });
  const browser = await launchChromium({ timeout: 0 });
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    const errors = [];
    tab.on("pageerror", (e) => errors.push(String(e)));
    tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await tab.goto(`${origin(server)}/`);
    await tab.waitForFunction(() => document.title === "ready" || document.title === "failed");
    if (errors.length) throw new Error(`in the page: ${errors.join("; ")}`);
    log(`=== ${browser.version()}`);
    chromium = { runtime: `Chromium ${browser.version()}`, isolated: await tab.evaluate(() => self.crossOriginIsolated), ...(await tab.evaluate((w) => window.compare(w), { n: N, ...plan })) };
    if (errors.length) throw new Error(`in the page: ${errors.join("; ")}`);
    log(JSON.stringify(chromium));
  } finally {
    await browser.close();
    server.close();
  }
}

// --- Memory: one fresh process per size and contender.
log("=== memory (fresh Node process per row)");
const memory = [];
for (const n of SIZES) {
  for (const name of ["ctxpack", "plain"]) {
    const r = spawnSync(process.execPath, ["--expose-gc", "--min-semi-space-size=512", "--max-semi-space-size=512", "--max-old-space-size=8192", fileURLToPath(import.meta.url), "--memory", String(n), name], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    if (r.status !== 0) throw new Error(`memory row ${n} ${name} failed (exit ${r.status})`);
    const row = JSON.parse(r.stdout.toString());
    memory.push(row);
    log(JSON.stringify(row));
  }
}

// --- The table.
const ms = (s) => `${s.median.toFixed(1)} ms (p10 ${s.p10.toFixed(1)}, p90 ${s.p90.toFixed(1)})`;
const mb = (b) => `${(b / 1048576).toFixed(1)} MiB`;
const lines = [`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? "unknown CPU"}; ${quick ? "--quick" : `${plan.rounds} timed calls each`}`, ""];
lines.push(
  "| runtime | files | bytes inlined | ctxpack, maxTokens | ctxpack, maxChars | ctxpack, crossing only | plain TS (chars / 4) | plain TS (ctxpack's estimator, ported) | ratio: ctxpack maxTokens / plain (chars / 4) | ratio: ctxpack maxTokens / plain (same estimator) | same block, same tokens |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
);
for (const [rt, r] of [[`Node ${process.version}`, node], [chromium?.runtime, chromium]]) {
  if (r) {
    const t = r.times;
    lines.push(`| ${rt} | ${r.n} | ${r.bytes} | ${ms(t["ctxpack, maxTokens"])} | ${ms(t["ctxpack, maxChars"])} | ${ms(t["ctxpack, crossing only"])} | ${ms(t["plain TS"])} | ${ms(t["plain TS, ctxpack's estimator"])} | ${r.ratio.maxTokens.toFixed(2)} | ${r.ratio.sameEstimator.toFixed(2)} | ${r.same && r.crossed && r.sameTokens ? "yes" : "NO"} |`);
  }
}
lines.push("", "| files | bytes inlined | ctxpack wasm memory after the call (growth over import) | growth per byte inlined | ctxpack JS heap allocated | plain TS JS heap allocated |", "|---|---|---|---|---|---|");
for (const n of SIZES) {
  const c = memory.find((m) => m.n === n && m.name === "ctxpack");
  const p = memory.find((m) => m.n === n && m.name === "plain");
  const perByte = (c.wasmAfter - c.wasmAtImport) / c.bytesInlined;
  lines.push(`| ${n} | ${c.bytesInlined} | ${mb(c.wasmAfter)} (+${mb(c.wasmAfter - c.wasmAtImport)}) | ${perByte.toFixed(2)} | ${mb(c.heapAllocated)}${c.gcDuringCall ? " (GC ran: lower bound)" : ""} | ${mb(p.heapAllocated)}${p.gcDuringCall ? " (GC ran: lower bound)" : ""} |`);
}
console.log(lines.join("\n"));
const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : null;
if (out) writeFileSync(out, JSON.stringify({ node, chromium, memory }, null, 1));
