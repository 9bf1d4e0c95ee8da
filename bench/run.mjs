// npm run bench: ctxpack against the same algorithm in plain TypeScript, side by side in one
// Node process, alternating contenders round by round so machine noise hits all alike.
// Writes docs/BENCHMARKS.md.   node bench/run.mjs [--no-build] [--large]
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (!process.argv.includes("--no-build")) execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { stdio: "inherit" });

const { documents } = await import("./workload.mjs");
const { contenders, agreement } = await import("./contenders.mjs");

const sizes = [
  { n: 1_000, rounds: 40 },
  { n: 10_000, rounds: 20 },
  { n: 10_000, rounds: 15, bodyScale: 10 },
  ...(process.argv.includes("--large") ? [{ n: 100_000, rounds: 5 }] : []),
];

const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const rows = [];
const checks = [];
for (const { n, rounds, bodyScale = 1 } of sizes) {
  const docs = documents(n, { bodyScale });
  const text = JSON.stringify(docs);
  const label = `${n.toLocaleString("en")} docs${bodyScale > 1 ? `, bodies ×${bodyScale}` : ""}`;
  checks.push({ label, mb: (text.length / 1e6).toFixed(1), agree: agreement(docs, text) });
  const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = -3; r < rounds; r++) {
    for (const [name, f] of Object.entries(contenders)) {
      const t = performance.now();
      f(docs, text);
      const dt = performance.now() - t;
      if (r >= 0) times[name].push(dt);
    }
  }
  const base = { "plain TS, objects in": null, "JSON.parse + plain TS": null };
  for (const [name, ts] of Object.entries(times)) {
    ts.sort((a, b) => a - b);
    const median = quantile(ts, 0.5);
    if (name in base) base[name] = median;
    rows.push({ label, name, median, p10: quantile(ts, 0.1), p90: quantile(ts, 0.9) });
  }
  for (const row of rows.filter((r) => r.label === label)) {
    row.ratio = row.median / (row.name.includes("JSON") ? base["JSON.parse + plain TS"] : base["plain TS, objects in"]);
  }
}

// Start-up: instantiating the module, apart from any call.
function startup(code, runs = 15) {
  const ts = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    spawnSync(process.execPath, ["-e", code], { cwd: root });
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return quantile(ts, 0.5);
}
const bare = startup("");
const loaded = startup('require("ctxpack")');
const webWasm = Buffer.from(readFileSync(join(root, "pkg", "web", "wasm-inline.js"), "utf8").match(/"([A-Za-z0-9+/=]+)"/)[1], "base64");
const wasm = { raw: webWasm.length, gzip: gzipSync(webWasm, { level: 9 }).length };
const heapMb = (process.memoryUsage().heapUsed / 1e6).toFixed(0);

const ms = (x) => x.toFixed(2);
const table = [
  "| workload | contender | median ms | p10–p90 ms | × baseline |",
  "|---|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.label} | ${r.name} | ${ms(r.median)} | ${ms(r.p10)}–${ms(r.p90)} | ${r.ratio.toFixed(2)} |`),
].join("\n");
const agreeTable = [
  "| workload | JSON size MB | contender | included | same included set as plain TS | same context bytes |",
  "|---|---:|---|---:|---|---|",
  ...checks.flatMap((c) => c.agree.map((a) => `| ${c.label} | ${c.mb} | ${a.name} | ${a.included} | ${a.sameIncluded ? "yes" : "no"} | ${a.sameContext ? "yes" : "no"} |`)),
].join("\n");

console.log(table);
console.log(`\nstart-up: node -e '' ${ms(bare)} ms, node -e 'require("ctxpack")' ${ms(loaded)} ms`);
console.log(`wasm: ${wasm.raw} bytes raw, ${wasm.gzip} bytes gzipped; heap after the run ${heapMb} MB`);

const doc = `# Benchmarks

Measured by \`npm run bench\` (\`node bench/run.mjs\`) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on this
project's 2-core machine (noisy: read ratios, not absolute times). Every contender runs on the
same generated documents (\`bench/workload.mjs\`, seeded: story settings with ten characters,
chronicles, episode plans, synopses, ideas; ~2.5 KB each, a fifth holding \`data\` as JSON text)
with the same profile (synopsis request: four required types, synopses excluded), the same
16,000-character budget and the \`stop\` cap (the reference behaviour), alternating round by round
in one process. "× baseline" compares objects-in contenders with plain TypeScript on objects,
and JSON-text contenders with \`JSON.parse\` + plain TypeScript.

${table}

Module start-up, separately from calls: \`node -e ''\` ${ms(bare)} ms, \`node -e 'require("ctxpack")'\` ${ms(loaded)} ms
(median of 15 processes). Wasm: ${wasm.raw.toLocaleString("en")} bytes raw, ${wasm.gzip.toLocaleString("en")} bytes gzipped.

## Do they compute the same thing?

${agreeTable}

ctxpack also produces the full manifest (one record per document); the plain-TypeScript
version produces none. Where contexts differ in bytes, it is the trim rules: ctxpack trims
nested strings too, and never makes a document longer by trimming (a 505-character string is
not "cut" to 500 + \` [truncated]\`); the reference trims only top-level strings.

## What holds ctxpack back

- **Objects in.** The plain-TypeScript filter/score/sort over 10,000 objects already in the V8
  heap is about a millisecond. ctxpack must read each document's metadata out of the JS heap
  (one pass in JavaScript, then one crossing) and hand back a manifest of 10,000 records, which
  JavaScript must allocate; each of those is proportional to the number of documents and costs
  more than the whole baseline. On the way here (a simpler ad-hoc workload of 10,000 documents
  with ~2 KB string bodies, measured before this benchmark existed): reading metadata with one
  \`Reflect.get\` per field and returning the manifest as JSON text (\`JSON.parse\` of ~3 MB) took
  ~44 ms per call; one metadata pass in JavaScript plus records built from columns took ~10 ms.
- **JSON text in.** Copying the text into wasm memory (UTF-16 → UTF-8) costs about what V8's
  \`JSON.parse\` costs for the same text, before ctxpack has scanned a byte; the scan itself is a
  word-at-a-time validator. Bodies of documents that are not rendered are never parsed, which is
  why the ×10-bodies row grows with the bytes copied and scanned, not with parsing.
`;
writeFileSync(join(root, "docs", "BENCHMARKS.md"), doc);
console.log("wrote docs/BENCHMARKS.md");
