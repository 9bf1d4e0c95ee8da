// What the estimator adds to a 10k-document assembly (issue 15: under 10%): the same documents,
// request and profile (profiles/writing-app.json) assembled under maxChars only, under maxChars with a maxTokens that
// binds nothing (the same context, now also counted in tokens), and under maxTokens alone; for
// one or more builds of the package, rounds interleaved so the machine's noise falls on all alike.
//
//   node bench/tokens-cost.mjs [package dir...] [--rounds N]     (default: this checkout)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { documents, options, request } from "./workload.mjs";

const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 21;
const dirs = args.filter((a, i) => !a.startsWith("--") && (roundsAt < 0 || i !== roundsAt + 1));
const require = createRequire(import.meta.url);
const builds = (dirs.length ? dirs : [new URL("..", import.meta.url).pathname]).map((d) => ({ dir: d, api: require(join(resolve(d), "pkg", "index.cjs")) }));
const profile = JSON.parse(readFileSync(new URL("../profiles/writing-app.json", import.meta.url), "utf8"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const docs = documents(10_000);
const budgets = {
  "maxChars only": { maxChars: options.maxChars },
  "maxChars + maxTokens (not binding)": { maxChars: options.maxChars, maxTokens: 1_000_000 },
  "maxTokens only (binding)": { maxTokens: options.maxChars / 4 },
};
const runs = builds.flatMap((b) => Object.entries(budgets).map(([name, budget]) => ({ build: b.dir, name, assembler: new b.api.ContextAssembler(profile) }))).map((r) => ({ ...r, times: [], run: () => r.assembler.assemble({ documents: docs, request, cap: options.cap, ...budgets[r.name] }) }));
for (const r of runs) r.out = r.run();
for (let round = 0; round < rounds + 2; round++) {
  const order = round % 2 === 0 ? runs : [...runs].reverse();
  for (const r of order) {
    const t = performance.now();
    r.run();
    if (round >= 2) r.times.push(performance.now() - t);
  }
}
console.log(`10,000 documents, request "${request}"; median ms of ${rounds} interleaved rounds`);
console.table(runs.map((r) => {
  const base = runs.find((b) => b.build === r.build && b.name === "maxChars only");
  return { build: r.build, budget: r.name, ms: median(r.times).toFixed(2), "vs maxChars only": (median(r.times) / median(base.times)).toFixed(3), chars: r.out.context.length, tokens: r.out.manifest.totals?.tokens };
}));
