// The Chromium half of `npm run bench`: this module runs in the page bench/browser.mjs serves.
// Same workload generator, contenders, agreement check and timing loop as Node; ctxpack is the
// package's default (browser) entry, resolved by the page's import map.
import { watchWasmMemory } from "./wasm-memory.mjs";

const wasmMemory = watchWasmMemory(); // before ctxpack instantiates its module
const { ContextAssembler } = await import("ctxpack");
const { documents, request, options } = await import("./workload.mjs");
const { makeContenders, agreement } = await import("./contenders.mjs");
const { stats, timeContenders } = await import("./harness.mjs");
const baseline = await import("./baseline.js");
const profile = await (await fetch("/profiles/writing-app.json")).json();

const peers = {};
const peerErrors = {};
try {
  peers["prompt-tsx"] = (await import("./peers/prompt-tsx.browser.js")).promptTsx(baseline);
} catch (e) {
  peerErrors["prompt-tsx"] = String(e?.message ?? e).split("\n")[0];
}
const contenders = makeContenders({ ContextAssembler, baseline, profile, request, options, peers });
const log = (s) => console.log(`[chromium] ${s}`);

let prepared = null;

window.bench = {
  peerErrors,
  /** For profiling: generate a workload once, then call one contender `k` times on it. */
  prepare(w) {
    const docs = documents(w.n, { bodyScale: w.bodyScale });
    prepared = { docs, text: JSON.stringify(docs) };
  },
  async repeat(name, k) {
    const c = contenders.find((x) => x.name === name);
    for (let i = 0; i < k; i++) await c.run(prepared.docs, prepared.text);
  },
  userAgent: navigator.userAgent,
  async run(w) {
    const t0 = performance.now();
    const docs = documents(w.n, { bodyScale: w.bodyScale });
    const text = JSON.stringify(docs);
    log(`${w.label}: ${w.n} documents generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const timed = contenders.filter((c) => w.plan[c.name]);
    const agree = await agreement(timed, docs, text, w.request);
    for (const a of agree) log(`  ${a.name}: ${a.included} included, ${a.chars} chars, same included ${a.sameIncluded}, same context ${a.sameContext}`);
    const samples = await timeContenders(timed, docs, text, w.plan, (r, total) => (r + 1) % 5 === 0 && log(`  round ${r + 1}/${total}`), w.request);
    return {
      label: w.label,
      n: w.n,
      bodyScale: w.bodyScale,
      request: w.request ?? null,
      jsonChars: text.length,
      agreement: agree,
      stats: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])),
      skipped: { ...w.skipped, ...peerErrors },
      wasmMemoryAfter: wasmMemory(),
      wasmMemoryHeld: await new Promise((r) => setTimeout(() => r(wasmMemory.retained()), 1500)),
      heapUsedAfter: performance.memory?.usedJSHeapSize ?? null,
    };
  },
};
document.title = "ready";
