// npm run bench:engines: the figures of the engines beyond jsondoc — class-extraction throughput
// of ctxpack/code (bench/code.mjs) and the run governor's events per second and state round trip
// (bench/governor.mjs), each natively, in Node and in headless Chromium — with the date, the
// machine and its load. Writes bench/results/engines.json and prints a summary. Not part of
// `npm test`: nothing here asserts on time; the targets are reported as met or missed.
//
//   node bench/engines.mjs [--no-build] [--rounds N] [--no-browser]
//
// Builds the two entries first (release, wasm-opt: what the package ships) unless --no-build.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCodeBench } from "./code.mjs";
import { runGovernorBench } from "./governor.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, otherwise) => (args.includes(name) ? args[args.indexOf(name) + 1] : otherwise);
const browser = !args.includes("--no-browser");
const log = (s) => process.stderr.write(`${s}\n`);
const phases = [];
/** Runs one phase, noting its duration and the 1-minute load average around it. */
async function phase(name, f) {
  const t = performance.now();
  const before = loadavg()[0];
  log(`\n=== ${name}`);
  const r = await f();
  phases.push({ name, seconds: +((performance.now() - t) / 1e3).toFixed(1), loadBefore: before, loadAfter: loadavg()[0] });
  return r;
}

const started = new Date();
if (!args.includes("--no-build")) {
  await phase("build", () => execFileSync(process.execPath, [join(root, "scripts", "build.mjs"), "--entry", "code", "--entry", "governor"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] }));
}
const rounds = opt("--rounds", null);
const code = await phase("code", () => runCodeBench({ rounds: Number(rounds ?? 5), browser, log }));
const governor = await phase("governor", () => runGovernorBench({ rounds: Number(rounds ?? 7), browser, log }));

const cpu = cpus();
const result = {
  date: started.toISOString(),
  machine: { cpu: cpu[0]?.model ?? "unknown", cores: cpu.length, memoryGB: +(totalmem() / 2 ** 30).toFixed(1), platform: `${process.platform} ${process.arch}` },
  node: process.version,
  chromium: code.chromium ?? governor.chromium,
  phases,
  code,
  governor,
};
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", "engines.json"), `${JSON.stringify(result, null, 1)}\n`);

const n = (x) => x.toLocaleString("en-US");
log(`\n${result.date.slice(0, 10)}, ${result.machine.cpu} × ${result.machine.cores}, Node ${result.node}, ${result.chromium ?? "no Chromium"}`);
for (const p of phases) log(`${p.name}: ${p.seconds} s, load ${p.loadBefore.toFixed(1)} → ${p.loadAfter.toFixed(1)}`);
for (const c of code.corpora) {
  log(`code, ${c.corpus} (${n(c.files)} files, ${c.megabytes} MB, ${n(c.classes)} classes): ${["native", "node", "chromium"].filter((k) => c[k]).map((k) => `${k} ${c[k].median} MB/s (${c[k].min}–${c[k].max})`).join(", ")}`);
}
const s = code.size;
log(`code entry wasm: ${n(s.entries.code.raw)} bytes, ${n(s.entries.code.gzip)} gzip${s.sharedRuntime ? `; shared runtime ${n(s.sharedRuntime.gzip)} gzip; the code module ${n(s.engines.code.gzip)} gzip` : ""}`);
const g = governor;
const rate = (r) => `${n(r.pushObjectsPerSecond.median)}/s objects, ${n(r.pushJsonLinesPerSecond.median)}/s JSON lines, round trip ${r.roundTripJsonMs.median} ms`;
if (g.native) log(`governor native: ${n(g.native.pushEventsPerSecond.median)}/s events, ${n(g.native.jsonLineEventsPerSecond.median)}/s JSON lines, round trip ${g.native.stateRoundTripMs.median} ms`);
log(`governor Node: ${rate(g.nodeResults)}${g.nodeResults.cpuTime ? `; per CPU second ${n(g.nodeResults.cpuTime.pushObjectsPerSecond.median)}/s objects, ${n(g.nodeResults.cpuTime.pushJsonLinesPerSecond.median)}/s JSON lines` : ""}`);
if (g.chromiumResults) log(`governor Chromium: ${rate(g.chromiumResults)}`);
for (const t of [...code.targets, ...governor.targets]) log(`${t.met ? "met   " : "MISSED"} ${t.target}: ${t.median}`);
log("wrote bench/results/engines.json");
