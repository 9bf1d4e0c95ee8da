// The run governor through its JS API (issue 19): a simulated 10,000-event run — the same events
// as examples/governor_bench.rs (same LCG) — pushed as objects and as JSON-lines text, the pure
// governorStep, and the state's JSON round trip at the run's end; natively (the release example),
// in Node (the packaged entry, `import "ctxpack/governor"`) and in headless Chromium (the browser
// entry, pkg/governor/index.js, in a page), each runtime's rounds on their own.
// Targets: ≥ 100,000 events/s through push; a state JSON round trip under 1 ms at 10,000 events.
//
//   node bench/governor.mjs [--events 10000] [--rounds 7] [--module PATH] [--no-native] [--no-browser] [--out FILE]
//
// `--module` loads another build in Node instead of the package's entry: a governor entry's
// index.mjs, or a wasm-bindgen `web` build's ctxpack.js (instantiated here). Run after
// `node scripts/build.mjs --entry governor` (npm run bench:engines builds first). Prints a summary
// on stderr and the results as JSON (to FILE with --out). Nothing asserts on time.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeEntry, openPage } from "./engines-page.mjs";
import { prepare, round } from "./governor-run.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The entry under test in Node: the package's own, or the build `module` names. */
async function loadEntry(module) {
  if (!module) return import(nodeEntry("governor"));
  const entry = await import(pathToFileURL(resolve(module)).href);
  if (typeof entry.initSync === "function" && module.endsWith("ctxpack.js")) {
    entry.initSync({ module: readFileSync(module.replace(/ctxpack\.js$/, "ctxpack_bg.wasm")) });
  }
  return entry;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const spread = (xs, digits) => ({ median: +median(xs).toFixed(digits), min: +Math.min(...xs).toFixed(digits), max: +Math.max(...xs).toFixed(digits) });

/** A runtime's rounds (from governor-run.mjs's `round`) summarised: medians, with min and max. */
function summarise(rounds, n) {
  const perSecond = (ms) => Math.round((n / ms) * 1e3);
  const field = (k) => rounds.map((r) => r[k]);
  return {
    pushObjectsPerSecond: spread(field("pushObjectsMs").map(perSecond), 0),
    pushJsonLinesPerSecond: spread(field("pushTextMs").map(perSecond), 0),
    // Events per second of the process's CPU time (Node only): the same pushes, less the time
    // other processes held the cores.
    ...(rounds[0].pushObjectsCpuMs === null ? {} : { cpuTime: { pushObjectsPerSecond: spread(field("pushObjectsCpuMs").map(perSecond), 0), pushJsonLinesPerSecond: spread(field("pushTextCpuMs").map(perSecond), 0) } }),
    governorStepPerSecond: spread(rounds.map((r) => (r.steps / r.stepMs) * 1e3), 0),
    // Per round, the median of its trips; here the median of those over the rounds.
    roundTripJsonMs: spread(field("roundTripJsonMs"), 3),
    roundTripObjectMs: spread(field("roundTripObjectMs"), 3),
    parts: { stateMs: spread(field("stateMs"), 3), stringifyMs: spread(field("stringifyMs"), 3), fromStateTextMs: spread(field("fromStateTextMs"), 3) },
    stateJsonBytes: rounds[0].stateJsonBytes,
    status: rounds[0].status,
  };
}

/** The native example, `runs` times (each prints medians of its own rounds); per figure the median of the runs. */
function nativeRuns(n, runs, log) {
  log("cargo build --release --example governor_bench …");
  execFileSync("cargo", ["build", "--release", "--example", "governor_bench", "--quiet"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const bin = join(root, "target", "release", "examples", "governor_bench");
  const out = [];
  for (let i = 0; i < runs; i++) out.push(JSON.parse(execFileSync(bin, [String(n)], { encoding: "utf8" })));
  const f = (k, digits) => spread(out.map((o) => o[k]), digits);
  return {
    runs,
    pushEventsPerSecond: f("pushEventsPerSecond", 0),
    jsonLineEventsPerSecond: f("jsonLineEventsPerSecond", 0),
    pureStepEventsPerSecond: f("pureStepEventsPerSecond", 0),
    stateRoundTripMs: f("stateRoundTripMs", 3),
    stateWriteMs: f("stateWriteMs", 3),
    stateReadMs: f("stateReadMs", 3),
    stateJsonBytes: out[0].stateJsonBytes,
    perType: out[Math.floor(runs / 2)].perType, // the middle run's, as it came
  };
}

export async function runGovernorBench({ events = 10_000, rounds = 7, module = null, native = true, browser = true, log = (s) => process.stderr.write(`${s}\n`) } = {}) {
  const load = [loadavg()[0]];
  const nativeResult = native ? nativeRuns(events, 3, log) : null;
  if (native) load.push(loadavg()[0]);
  const entry = await loadEntry(module);
  const work = prepare(events);
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e3;
  };
  const rate = (r) => `${Math.round((events / r.pushObjectsMs) * 1e3)}/s objects, ${Math.round((events / r.pushTextMs) * 1e3)}/s JSON lines, round trip ${r.roundTripJsonMs.toFixed(2)} ms`;
  // Node's rounds, then Chromium's: an open browser keeps working between its calls (its GC,
  // its compiler threads), which on two cores halved the Node rounds interleaved with it.
  round(entry, work); // warm-up, untimed
  const nodeRounds = [];
  for (let i = 1; i <= rounds; i++) {
    nodeRounds.push(round(entry, work, { cpuMs }));
    load.push(loadavg()[0]);
    log(`round ${i}/${rounds}: Node ${rate(nodeRounds.at(-1))} (load ${loadavg()[0].toFixed(1)})`);
  }
  let page = null;
  if (browser) {
    page = await openPage(`const entry = await import("/pkg/governor/index.js");
const { prepare, round } = await import("/bench/governor-run.mjs");
let work = null;
window.prepare = (n) => { work = prepare(n); return work.events.length; };
window.round = () => round(entry, work);
window.ready = true;`);
  }
  try {
    const pageRounds = [];
    if (page) {
      await page.call((n) => window.prepare(n), events);
      await page.call(() => window.round()); // warm-up, untimed
      for (let i = 1; i <= rounds; i++) {
        pageRounds.push(await page.call(() => window.round()));
        load.push(loadavg()[0]);
        log(`round ${i}/${rounds}: Chromium ${rate(pageRounds.at(-1))} (load ${loadavg()[0].toFixed(1)})`);
      }
    }
    const node = summarise(nodeRounds, events);
    const chromium = page ? summarise(pageRounds, events) : null;
    for (const [who, r] of [["Node", node], ["Chromium", chromium]]) {
      if (r && r.status !== "running") throw new Error(`${who}: the simulated run ended (${r.status}); it must not`);
    }
    const targets = [];
    for (const [who, r] of [["native", nativeResult && { push: nativeResult.pushEventsPerSecond.median, text: nativeResult.jsonLineEventsPerSecond.median, trip: nativeResult.stateRoundTripMs.median }], ["Node", { push: node.pushObjectsPerSecond.median, text: node.pushJsonLinesPerSecond.median, trip: node.roundTripJsonMs.median }], ["Chromium", chromium && { push: chromium.pushObjectsPerSecond.median, text: chromium.pushJsonLinesPerSecond.median, trip: chromium.roundTripJsonMs.median }]]) {
      if (!r) continue;
      targets.push({ target: `${who}: push ≥ 100,000 events/s (objects)`, median: r.push, met: r.push >= 100_000 });
      targets.push({ target: `${who}: push ≥ 100,000 events/s (JSON lines)`, median: r.text, met: r.text >= 100_000 });
      targets.push({ target: `${who}: state JSON round trip < 1 ms at ${events} events`, median: r.trip, met: r.trip < 1 });
    }
    return {
      events,
      rounds,
      module: module ?? "ctxpack/governor (pkg/governor; Chromium: pkg/governor/index.js)",
      node: process.version,
      chromium: page?.version ?? null,
      loadAverage: { before: load[0], afterEachRound: load.slice(native ? 2 : 1), afterNative: native ? load[1] : null },
      native: nativeResult,
      nodeResults: node,
      chromiumResults: chromium,
      targets,
    };
  } finally {
    await page?.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, otherwise) => (args.includes(name) ? args[args.indexOf(name) + 1] : otherwise);
  const result = await runGovernorBench({ events: Number(opt("--events", 10_000)), rounds: Number(opt("--rounds", 7)), module: opt("--module", null), native: !args.includes("--no-native"), browser: !args.includes("--no-browser") });
  const text = JSON.stringify(result, null, 1);
  const out = opt("--out", null);
  if (out) writeFileSync(out, text);
  else console.log(text);
}
