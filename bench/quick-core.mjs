// Dev helper: the core contenders at one workload, interleaved, medians and ratios.
//   node bench/quick-core.mjs [n=10000] [rounds=30] [bodyScale=1]
import { documents } from "./workload.mjs";
import { timeContenders, stats } from "./harness.mjs";
import { nodeContenders } from "./setup-node.mjs";
const [n = 10000, rounds = 30, bodyScale = 1] = process.argv.slice(2).map(Number);
const { contenders } = await nodeContenders({ check: false });
const names = ["plain TS", "ctxpack", "JSON.parse + plain TS", "ctxpack, JSON text", "TextDecoder + JSON.parse + plain TS", "ctxpack, JSON bytes"];
const timed = contenders.filter((c) => names.includes(c.name));
const docs = documents(n, { bodyScale });
const text = JSON.stringify(docs);
const plan = Object.fromEntries(names.map((k) => [k, { warmup: 3, rounds }]));
const samples = await timeContenders(timed, docs, text, plan, () => {});
const med = {};
for (const [k, v] of Object.entries(samples)) med[k] = stats(v).median;
console.log(Object.entries(med).map(([k, v]) => `${k}: ${v.toFixed(2)} ms`).join("\n"));
console.log(`objects ${(med["ctxpack"] / med["plain TS"]).toFixed(2)}x plain; text ${(med["JSON.parse + plain TS"] / med["ctxpack, JSON text"]).toFixed(2)}x faster; bytes ${(med["TextDecoder + JSON.parse + plain TS"] / med["ctxpack, JSON bytes"]).toFixed(2)}x faster`);
