// The Node half of `npm run bench`: every contender on every workload of bench/plan.mjs in one
// process, agreement checked before timing. Writes its results as JSON.
//   node --max-old-space-size=8192 bench/node.mjs --out FILE [--quick]
import { writeFileSync } from "node:fs";
import { documents } from "./workload.mjs";
import { agreement } from "./contenders.mjs";
import { stats, timeContenders } from "./harness.mjs";
import { NODE, PAIRS, quick } from "./plan.mjs";
import { nodeContenders } from "./setup-node.mjs";

const args = process.argv.slice(2);
const out = args[args.indexOf("--out") + 1];
const workloads = args.includes("--quick") ? quick(NODE) : NODE;
const { contenders, wasmMemory, peerErrors } = await nodeContenders();
const log = (s) => process.stderr.write(`${s}\n`);

const results = { runtime: `Node ${process.version}`, peerErrors, workloads: [] };
for (const w of workloads) {
  const t0 = performance.now();
  const made = documents(w.n, { bodyScale: w.bodyScale });
  const text = JSON.stringify(made);
  const docs = w.parsed ? JSON.parse(text) : made;
  log(`[node] ${w.label}: ${w.n} documents generated in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${(text.length / 1e6).toFixed(1)} M chars of JSON`);
  const timed = contenders.filter((c) => w.plan[c.name]);
  const agree = await agreement(timed, docs, text, w.request);
  for (const a of agree) log(`[node]   ${a.name}: ${a.included} included, ${a.chars} chars, same included ${a.sameIncluded}, same context ${a.sameContext}`);
  const samples = await timeContenders(timed, docs, text, w.plan, (r, total) => (r + 1) % 5 === 0 && log(`[node]   round ${r + 1}/${total}`), w.request);
  results.workloads.push({
    label: w.label,
    n: w.n,
    bodyScale: w.bodyScale,
    request: w.request ?? null,
    jsonChars: text.length,
    jsonBytes: new TextEncoder().encode(text).length,
    agreement: agree,
    stats: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])),
    skipped: { ...w.skipped, ...Object.fromEntries(Object.keys(peerErrors).map((k) => [k, peerErrors[k]])) },
    wasmMemoryAfter: wasmMemory(),
      wasmMemoryHeld: await new Promise((r) => setTimeout(() => r(wasmMemory.retained()), 1500)),
    heapUsedAfter: process.memoryUsage().heapUsed,
  });
  writeFileSync(out, JSON.stringify(results, null, 1));
}
// Paired comparisons: contender on a, then on b, alternating; the ratio of each round's pair.
results.pairs = [];
for (const p of args.includes("--quick") ? [] : PAIRS) {
  const make = ({ n, bodyScale }) => {
    const docs = documents(n, { bodyScale });
    return { docs, text: JSON.stringify(docs) };
  };
  const [a, b] = [make(p.a), make(p.b)];
  log(`[node] pair ${p.label}`);
  // One contender at a time (its a and b calls alternating), a full GC between contenders, so a
  // contender's ratio is not moved by garbage another one left on the large workload.
  const rows = {};
  for (const c of contenders.filter((x) => p.contenders.includes(x.name))) {
    globalThis.gc?.();
    const paired = [
      { name: "a", run: () => c.run(a.docs, a.text) },
      { name: "b", run: () => c.run(b.docs, b.text) },
    ];
    const plan = { a: { warmup: p.warmup, rounds: p.rounds }, b: { warmup: p.warmup, rounds: p.rounds } };
    const samples = await timeContenders(paired, null, null, plan);
    rows[c.name] = { a: stats(samples.a), b: stats(samples.b), ratio: stats(samples.b.map((x, i) => x / samples.a[i])) };
    log(`[node]   ${c.name}: b/a ${rows[c.name].ratio.median.toFixed(2)}`);
  }
  results.pairs.push({ label: p.label, a: p.a, b: p.b, rows });
  writeFileSync(out, JSON.stringify(results, null, 1));
  a.docs = b.docs = null;
}
log("[node] done");
