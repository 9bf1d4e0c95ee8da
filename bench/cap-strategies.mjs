// The cap's three strategies on one workload: `stop` ends at the first misfit, `skip` and
// `degrade` go on looking for documents that fit in what is left. Objects in and JSON text in,
// one or two builds of the package, every (build, strategy) pair timed in interleaved rounds so
// the machine's noise falls on all alike.
//
//   node bench/cap-strategies.mjs [package dir…] [--rounds N] [--documents N] [--max-chars N]
//                                 [--caps stop,skip,degrade] [--outputs-differ]
//
// A package dir holds pkg/ (default: this checkout). With two, the second's results are checked
// against the first's before timing: the same context and the same decision per document (id,
// action, level) always, the whole result byte for byte unless --outputs-differ (a manifest
// field that changed on purpose); then the ratio is printed.
// Nothing here asserts on time; the numbers are for people to read (docs/BENCHMARKS.md, "The
// cap's strategies").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { documents, request } from "./workload.mjs";

const args = process.argv.slice(2);
const valueOf = (flag, fallback) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : fallback);
const rounds = valueOf("--rounds", 15);
const n = valueOf("--documents", 10_000);
const maxChars = valueOf("--max-chars", 16_000);
const checkOutputs = !args.includes("--outputs-differ");
const dirs = args.filter((a, i) => !a.startsWith("--") && !(args[i - 1]?.startsWith("--") && args[i - 1] !== "--outputs-differ"));
if (dirs.length === 0) dirs.push(new URL("..", import.meta.url).pathname);
if (dirs.length > 2) throw new Error("at most two package dirs");
const require = createRequire(import.meta.url);
const builds = dirs.map((d) => require(join(resolve(d), "pkg", "index.cjs")));
const profile = JSON.parse(readFileSync(new URL("../profiles/writing-app.json", import.meta.url), "utf8"));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const docs = documents(n);
const text = JSON.stringify(docs);
const inputs = [
  ["objects", docs],
  ["JSON text", text],
];
const strategies = args.includes("--caps") ? args[args.indexOf("--caps") + 1].split(",") : ["stop", "skip", "degrade"];
const assemblers = builds.map((api) => new api.ContextAssembler(profile));
const run = (b, input, cap) => assemblers[b].assemble({ documents: input, request, cap, maxChars });

const rows = [];
for (const [form, input] of inputs) {
  const pairs = strategies.flatMap((cap) => builds.map((_, b) => ({ cap, b })));
  for (const cap of strategies) {
    const results = builds.map((_, b) => run(b, input, cap));
    const decisions = (r) => JSON.stringify([r.context, r.manifest.documents.map((d) => [d.id, d.action, d.level])]);
    if (results.length === 2 && decisions(results[0]) !== decisions(results[1])) {
      throw new Error(`${form}, ${cap}: the two builds decide differently`);
    }
    if (checkOutputs && results.length === 2 && JSON.stringify(results[0]) !== JSON.stringify(results[1])) {
      throw new Error(`${form}, ${cap}: the two builds return different results (--outputs-differ if intended)`);
    }
    const { totals } = results[0].manifest;
    rows.push({ form, cap, selected: totals.selected, included: totals.included, chars: totals.chars, times: builds.map(() => []) });
  }
  const row = (cap) => rows.find((r) => r.form === form && r.cap === cap);
  for (let r = 0; r < rounds + 2; r++) {
    // Rotate the order, so no pair always runs first on a cooler machine.
    for (let k = 0; k < pairs.length; k++) {
      const { cap, b } = pairs[(k + r) % pairs.length];
      const t = performance.now();
      run(b, input, cap);
      if (r >= 2) row(cap).times[b].push(performance.now() - t);
    }
  }
}

console.log(
  `${n} documents, maxChars ${maxChars}, request "${request}"; median ms of ${rounds} interleaved rounds` +
    (builds.length === 2 ? `\nbefore: ${dirs[0]}\nafter:  ${dirs[1]}\n${checkOutputs ? "identical results" : "identical contexts and decisions"} checked first` : ""),
);
console.table(
  rows.map(({ times, ...r }) => {
    const m = times.map(median);
    return builds.length === 2
      ? { ...r, before: m[0].toFixed(1), after: m[1].toFixed(1), ratio: (m[1] / m[0]).toFixed(3) }
      : { ...r, ms: m[0].toFixed(1) };
  }),
);
