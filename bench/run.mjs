// npm run bench: builds the package in release mode, then measures ctxpack against the same
// algorithm in plain TypeScript and against Priompt and prompt-tsx, in Node and in headless
// Chromium; memory, start-up, sizes and CPU profiles of ctxpack's calls. Prints the tables and
// writes docs/BENCHMARKS.md, bench/results/results.json and bench/results/time-vs-documents.svg.
//
//   node bench/run.mjs [--no-build] [--no-browser] [--no-profile] [--quick]
//
// --quick (development only): 1k documents everywhere, a few rounds; writes nothing in docs/.
// Nothing here asserts on time: the targets are reported as met or missed, never enforced.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { stats } from "./harness.mjs";
import { MEMORY } from "./plan.mjs";
import { plotResults } from "./plot.mjs";
import { keepHandWritten, report } from "./report.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const quickRun = flag("--quick");
const log = (s) => process.stderr.write(`${s}\n`);
const started = performance.now();
const phases = [];
/** Runs one phase, noting its duration and the machine's load average around it. */
async function phase(name, f) {
  const t = performance.now();
  const load = loadavg()[0];
  log(`\n=== ${name}`);
  const r = await f();
  phases.push({ name, seconds: (performance.now() - t) / 1000, loadBefore: load, loadAfter: loadavg()[0] });
  return r;
}

// --- Build: the release build (cargo --release, wasm-bindgen, wasm-opt) the package ships.
if (!flag("--no-build")) {
  await phase("build", () => {
    const script = join(root, "scripts", "build.mjs");
    if (!existsSync(script)) throw new Error("scripts/build.mjs is missing: cannot build the package");
    execFileSync(process.execPath, [script], { cwd: root, stdio: "inherit" });
  });
}
const { typecheck } = await import("./compile.mjs");
typecheck(); // fail before minutes of timing if the baseline does not type-check

const tmp = mkdtempSync(join(tmpdir(), "ctxpack-bench-"));
const node = (script, scriptArgs, flags = []) => {
  const r = spawnSync(process.execPath, [...flags, join(root, "bench", script), ...scriptArgs], { cwd: root, stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`bench/${script} ${scriptArgs.join(" ")} failed (exit ${r.status})`);
  return r.stdout.toString();
};

// --- Node: every contender, every workload, then the paired comparisons, one process.
const nodeOut = join(tmp, "node.json");
await phase("Node", () => node("node.mjs", ["--out", nodeOut, ...(quickRun ? ["--quick"] : [])], ["--max-old-space-size=8192", "--expose-gc"]));
const nodeResults = JSON.parse(readFileSync(nodeOut, "utf8"));

// --- Memory: one fresh process per contender and workload.
const memory = await phase("memory", () => {
  const rows = [];
  for (const w of quickRun ? [{ ...MEMORY[0], n: 1000, label: "1k (quick)" }] : MEMORY) {
    for (const name of w.contenders) {
      if (nodeResults.peerErrors[name]) continue;
      const out = node("memory.mjs", [name, String(w.n), String(w.bodyScale)], ["--expose-gc", "--min-semi-space-size=512", "--max-semi-space-size=512", "--max-old-space-size=8192"]);
      rows.push({ label: w.label, ...JSON.parse(out) });
      log(`[memory] ${w.label} ${name}: ${out}`);
    }
  }
  return rows;
});

// --- Start-up in Node: a fresh process that requires the package, against an empty one.
const startup = await phase("start-up", () => {
  const runs = quickRun ? 4 : 20;
  const times = { bare: [], ctxpack: [] };
  for (let i = 0; i < runs; i++) {
    for (const [k, code] of [["bare", ""], ["ctxpack", 'require("ctxpack")']]) {
      const t = performance.now();
      const r = spawnSync(process.execPath, ["-e", code], { cwd: root });
      if (r.status !== 0) throw new Error(`node -e '${code}' failed: ${r.stderr}`);
      times[k].push(performance.now() - t);
    }
  }
  return { bare: stats(times.bare), ctxpack: stats(times.ctxpack) };
});

// --- Chromium.
let chromium = null;
let chromiumError = null;
if (!flag("--no-browser")) {
  await phase("Chromium", async () => {
    try {
      const { runChromium } = await import("./browser.mjs");
      chromium = await runChromium({ quickRun, startupLoads: quickRun ? 3 : 10 });
    } catch (e) {
      chromiumError = String(e?.stack ?? e);
      log(`Chromium run failed: ${chromiumError}`);
    }
  });
}

// --- Sizes: the module browsers get (inlined base64 in pkg/web) and the one Node reads.
const inlineJs = readFileSync(join(root, "pkg", "web", "wasm-inline.js"));
const webWasm = Buffer.from(inlineJs.toString("utf8").match(/"([A-Za-z0-9+/=]+)"/)[1], "base64");
const nodeWasm = readFileSync(join(root, "pkg", "web", "ctxpack_bg.wasm"));
const sizes = {
  raw: webWasm.length,
  gzip: gzipSync(webWasm, { level: 9 }).length,
  inline: inlineJs.length,
  inlineGzip: gzipSync(inlineJs, { level: 9 }).length,
  nodeSame: nodeWasm.equals(webWasm),
  nodeRaw: nodeWasm.length,
};

// --- Profiles of ctxpack's calls at 10k, on a build that keeps wasm function names.
let profiles = null;
if (!flag("--no-profile") && !quickRun) {
  profiles = await phase("CPU profiles", async () => {
    const { buildNamed, buildNamedWeb, profileCalls } = await import("./profile.mjs");
    const entry = buildNamed();
    const out = { node: { objects: { calls: 30, ...profileCalls(entry, "objects", 10_000, 30) }, text: { calls: 15, ...profileCalls(entry, "text", 10_000, 15) } } };
    if (!flag("--no-browser")) {
      try {
        const { profileChromium } = await import("./browser.mjs");
        const c = await profileChromium(buildNamedWeb(), { n: 10_000, calls: { ctxpack: 20, "ctxpack, JSON text": 8 } });
        out.chromium = { objects: c.ctxpack, text: c["ctxpack, JSON text"] };
      } catch (e) {
        out.chromiumError = String(e?.message ?? e);
        log(`Chromium profile failed: ${out.chromiumError}`);
      }
    }
    return out;
  });
}

// --- The report.
const today = new Date().toISOString().slice(0, 10);
const minutes = (performance.now() - started) / 60000;
const data = { date: today, machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown CPU" }, minutes, phases, node: nodeResults, chromium, chromiumError, memory, startup, sizes, profiles, quick: quickRun };
const { markdown, console: text, targets } = report(data);
const svg = plotResults(data);
console.log(text);

const trimProfile = (p) => p && { ...p, rows: p.rows.slice(0, 40), inclusive: p.inclusive.slice(0, 80) };
const saved = { ...data, targets, profiles: profiles && Object.fromEntries(Object.entries(profiles).map(([rt, v]) => [rt, typeof v === "object" ? { objects: trimProfile(v.objects), text: trimProfile(v.text) } : v])) };
if (quickRun) {
  writeFileSync(join(tmp, "BENCHMARKS.md"), markdown);
  writeFileSync(join(tmp, "time-vs-documents.svg"), svg);
  writeFileSync(join(tmp, "results.json"), JSON.stringify(saved, null, 1));
  log(`\n--quick: wrote BENCHMARKS.md, results.json and the plot in ${tmp}, not in docs/`);
} else {
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(join(root, "bench", "results", "results.json"), JSON.stringify(saved, null, 1));
  writeFileSync(join(root, "bench", "results", "time-vs-documents.svg"), svg);
  const doc = join(root, "docs", "BENCHMARKS.md");
  writeFileSync(doc, keepHandWritten(markdown, existsSync(doc) ? readFileSync(doc, "utf8") : ""));
  log("\nwrote docs/BENCHMARKS.md, bench/results/results.json, bench/results/time-vs-documents.svg");
}
log(`bench took ${minutes.toFixed(1)} minutes`);
