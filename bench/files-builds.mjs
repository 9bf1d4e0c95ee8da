// Two builds' preloadFiles side by side in one Node process, on the preload benchmark's 1,000
// files (bench/files-workload.mjs), calls alternating and the order flipped every round; prints
// the median of each and the ratio. Time it in both orders (the build timed second can be
// favoured). Nothing here asserts on time.
//
//   node bench/files-builds.mjs <before: a package dir with pkg/> <after: a package dir>
import { createRequire } from "node:module";
import { workload, MAX_TOKENS } from "./files-workload.mjs";
const require = createRequire(import.meta.url);
const [a, b] = process.argv.slice(2).map((d) => require(`${d}/pkg/files/index.cjs`));
const { references, contents } = workload(1000);
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
for (const [name, input] of [["maxTokens", { references, contents, maxTokens: MAX_TOKENS }], ["maxChars", { references, contents, maxChars: 10_000_000 }]]) {
  const t = [[], []];
  for (let i = 0; i < 4; i++) { a.preloadFiles(input); b.preloadFiles(input); }
  for (let i = 0; i < 25; i++) for (const [k, api] of (i % 2 ? [[1, b], [0, a]] : [[0, a], [1, b]])) { const s = performance.now(); api.preloadFiles(input); t[k].push(performance.now() - s); }
  console.log(name, "first", med(t[0]).toFixed(1), "second", med(t[1]).toFixed(1), "ratio second/first", (med(t[1]) / med(t[0])).toFixed(3));
}
