// Memory of one contender on one workload, in a fresh process (run by bench/run.mjs):
//   node --expose-gc --min-semi-space-size=512 --max-semi-space-size=512 --max-old-space-size=8192 \
//        bench/memory.mjs NAME N BODYSCALE
// One untimed call first (JIT, wasm memory growth), then a full GC, then the measured call.
// JS heap: heapUsed after − before the measured call, with a 1 GiB young generation so that no
// GC runs during the call (checked with a PerformanceObserver; if one did, the figure is a lower
// bound and says so): everything the call allocated, garbage included — an upper bound on its
// peak. Wasm: the largest linear memory any of ctxpack's instances reached (memory never shrinks,
// so this is the peak), how much the calls grew it, and the memory still held after them (the
// package replaces its instance when a call returns past 64 MiB).
import { PerformanceObserver } from "node:perf_hooks";
import { documents } from "./workload.mjs";
import { nodeContenders } from "./setup-node.mjs";

const [name, n, bodyScale] = process.argv.slice(2);
// What stays once the package has been idle long enough to give memory back (a second; glue.js).
const heldOnceIdle = async () => {
  await new Promise((r) => setTimeout(r, 1500));
  return wasmMemory.retained();
};
const { contenders, wasmMemory } = await nodeContenders({ check: false });
const c = contenders.find((x) => x.name === name);
if (!c) throw new Error(`no contender ${name}`);
const docs = documents(Number(n), { bodyScale: Number(bodyScale) });
const text = JSON.stringify(docs);
const settle = async () => {
  globalThis.gc();
  globalThis.gc();
  await new Promise((r) => setTimeout(r, 20));
};
const wasmBefore = wasmMemory();
await c.run(docs, text);
await settle();
let gcs = 0;
const observer = new PerformanceObserver((list) => (gcs += list.getEntries().length));
observer.observe({ entryTypes: ["gc"] });
await new Promise((r) => setTimeout(r, 20));
gcs = 0;
const h0 = process.memoryUsage().heapUsed;
const pending = c.run(docs, text);
const h1 = process.memoryUsage().heapUsed; // for async peers this is before their first await
await pending;
const h2 = process.memoryUsage().heapUsed;
await new Promise((r) => setTimeout(r, 20));
observer.disconnect();
process.stdout.write(JSON.stringify({ name, n: Number(n), bodyScale: Number(bodyScale), heapAllocated: Math.max(h1, h2) - h0, gcDuringCall: gcs > 0, wasmMemory: wasmMemory(), wasmGrowth: wasmMemory() - wasmBefore, wasmRetained: await heldOnceIdle(), textUnits: text.length, textBytes: Buffer.byteLength(text) }));
