// Boundary abuse in headless Chromium: the same cases as node.test.mjs (cases.mjs), run in a page
// that imports the browser entry /pkg/index.js, and compared record by record with Node's.
// Run after `npm run build`: node tests/abuse/browser.mjs
// Prints `abuse (chromium): N passed, M failed` last; exits non-zero if any case fails or the two
// runtimes disagree. ABUSE_REPORT=<file> also writes both runs' records and figures as JSON.
import { wasmExports } from "./wasm-probe.mjs"; // before ctxpack: it watches the wasm instance
import * as ctxpack from "ctxpack";
import { writeFileSync } from "node:fs";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { launchChromium } from "../support/chromium.mjs";
import { origin, serveFiles } from "../support/server.mjs";
import { runAll, ISOLATED, COMPARED, describeFailures, describeOpenBugs, isOpenBug, noteOf, tagOf } from "./cases.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const PAGE = "/__abuse__.html";
const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>ctxpack abuse</title></head><body>
<script type="module">
import { wasmExports } from "/tests/abuse/wasm-probe.mjs";
import * as ctxpack from "/pkg/index.js";
import { runAll, runIsolated } from "/tests/abuse/cases.mjs";
const memory = () => {
  const m = performance.memory;
  return m ? { usedJSHeapSize: m.usedJSHeapSize, totalJSHeapSize: m.totalJSHeapSize } : {};
};
// Each cyclic JSON.stringify error costs ~17 ms in Chromium driven over CDP: fewer such calls here.
const env = { wasm: wasmExports, memory, cyclicCalls: 200 };
window.__abuse = {
  state: "ready",
  hasPerformanceMemory: Boolean(performance.memory),
  start() {
    setTimeout(() => {
      try {
        this.result = JSON.stringify(runAll(ctxpack, env));
      } catch (e) {
        this.result = JSON.stringify({ crash: String(e?.stack ?? e) });
      }
    }, 0);
  },
  isolated: (name) => JSON.stringify(runIsolated(ctxpack, name, env)),
};
</script></body></html>`;

async function openPage(browser, url, problems) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => problems.push(`page error: ${e}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
  await page.goto(url);
  await page.waitForFunction(() => window.__abuse?.state === "ready", null, { timeout: 60_000 });
  return page;
}

const nodeIsolated = (name) => promisify(execFile)(process.execPath, [join(here, "isolated.mjs"), name], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 }).then(({ stdout }) => JSON.parse(stdout));

const key = (r) => `${r.group} | ${r.door} | ${r.input}`;
const pick = (r) => JSON.stringify(COMPARED.map((f) => r[f]));

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const nodeEnv = {
  wasm: wasmExports,
  gc,
  memory: () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
  },
};

// The repository (the page imports /pkg/ and /tests/abuse/) and the page above, on 127.0.0.1.
const server = await serveFiles({ root, files: { [PAGE]: html }, index: null, headers: { "cache-control": "no-store" } });
const url = `${origin(server)}${PAGE}`;
const browser = await launchChromium();
const problems = [];
let chromiumRun;
let nodeRun;
const isolated = { node: [], chromium: [] };
let hasPerformanceMemory = false;
try {
  const page = await openPage(browser, url, problems);
  hasPerformanceMemory = await page.evaluate(() => window.__abuse.hasPerformanceMemory);
  // Both runtimes at once: the page runs its cases while this process runs Node's.
  const t0 = Date.now();
  await page.evaluate(() => window.__abuse.start());
  nodeRun = runAll(ctxpack, nodeEnv);
  const nodeMs = Date.now() - t0;
  await page.waitForFunction(() => window.__abuse.result !== undefined, null, { timeout: 600_000, polling: 500 });
  chromiumRun = JSON.parse(await page.evaluate(() => window.__abuse.result));
  const chromiumMs = Date.now() - t0;
  if (chromiumRun.crash) throw new Error(`the page's run crashed: ${chromiumRun.crash}`);
  console.log(`# node run ${nodeMs} ms, chromium run ${chromiumMs} ms (concurrently)`);
  await page.close();
  // Each isolated case in a fresh instance: a new page in Chromium, a new process in Node.
  for (const name of ISOLATED) {
    const fromNode = nodeIsolated(name);
    const tab = await openPage(browser, url, problems);
    isolated.chromium.push(JSON.parse(await tab.evaluate((n) => window.__abuse.isolated(n), name)));
    await tab.close();
    isolated.node.push(await fromNode);
  }
} finally {
  await browser.close();
  server.close();
}

const nodeRecords = [...nodeRun.records, ...isolated.node];
const chromiumRecords = [...chromiumRun.records, ...isolated.chromium];
const nodeByKey = new Map(nodeRecords.map((r) => [key(r), r]));
let passed = 0;
let failed = 0;
let skipped = 0;
const disagreements = [];
const disagreementNotes = new Map();
for (const r of chromiumRecords) {
  const n = nodeByKey.get(key(r));
  const agree = n !== undefined && pick(n) === pick(r);
  if (!agree) {
    const diff = n === undefined ? "no Node record" : COMPARED.filter((f) => JSON.stringify(n[f]) !== JSON.stringify(r[f])).map((f) => `${f}: node ${JSON.stringify(n[f])} vs chromium ${JSON.stringify(r[f])}`).join("; ");
    const noted = noteOf(r) ? r : n && noteOf(n) ? n : r;
    disagreements.push(`not ok - [${r.group}] ${r.door}: ${r.input} — Node and Chromium disagree: ${diff}${tagOf(noted)}`);
    if (noteOf(noted)) disagreementNotes.set(noteOf(noted), (disagreementNotes.get(noteOf(noted)) ?? 0) + 1);
  }
  if (agree && isOpenBug(r)) skipped++;
  else r.pass && agree ? passed++ : failed++;
}
if (chromiumRecords.length !== nodeRecords.length) {
  disagreements.push(`not ok - Node has ${nodeRecords.length} records, Chromium ${chromiumRecords.length}`);
  failed++;
}
for (const p of problems) {
  disagreements.push(`not ok - ${p}`);
  failed++;
}

if (process.env.ABUSE_REPORT) writeFileSync(process.env.ABUSE_REPORT, JSON.stringify({ node: { records: nodeRecords, figures: nodeRun.figures }, chromium: { records: chromiumRecords, figures: chromiumRun.figures } }, null, 1));
const failures = describeFailures(chromiumRecords);
if (failures) console.log(failures);
for (const d of disagreements) console.log(d);
for (const [note, n] of disagreementNotes) console.log(`${note} [${n} disagreement${n > 1 ? "s" : ""}]`);
for (const [name, f] of [["resources", chromiumRun.figures.resources], ["resources (host exceptions)", chromiumRun.figures.resourcesHostErrors], ["resources (cyclic values)", chromiumRun.figures.resourcesCyclic]]) {
  if (f) console.log(`# chromium ${name}: ${f.calls} calls in ${f.ms} ms; before ${JSON.stringify(f.before)}; growth ${JSON.stringify(f.growth)}`);
}
if (!hasPerformanceMemory) console.log("# performance.memory is absent in this Chromium: JS heap growth not measured (wasm memory and the externref table are)");
console.log(`# chromium group timings (ms): ${JSON.stringify(chromiumRun.figures.timings)}; wasm at the end: ${JSON.stringify(chromiumRun.figures.wasm)}`);
console.log(`# ${chromiumRecords.length} records; Node and Chromium agree on ${chromiumRecords.length - disagreements.length - problems.length}`);
const open = describeOpenBugs(chromiumRecords);
if (open) console.log(open);
console.log(`abuse (chromium): ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
