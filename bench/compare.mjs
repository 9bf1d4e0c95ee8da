// Two builds of the package side by side in one Node process: the same documents, request and
// profile through each, rounds interleaved so the machine's noise falls on both alike. First
// checks that both builds return byte-identical results (JSON.stringify), then reports the
// median time of each and the ratio. For a change to the binding layer: "no slowdown beyond
// noise against the build before it".
//
//   node bench/compare.mjs <before: a package dir with pkg/> <after: a package dir> [--rounds N]
//                          [--profile file.json] [--outputs-differ] [--case TEXT] [--processes N]
//
// --profile: the profile both builds run (default profiles/writing-app.json; an older build may
// refuse fields added since). --outputs-differ: the builds are known to return different results
// (a manifest field added): time them without the byte-for-byte check. --case: only the cases
// whose name holds TEXT. --processes: time each build in N Node processes of its own, the two
// builds' processes alternating, and report the median and the fastest of their medians. One
// process holding both builds can favour one of them: on this machine cc7fa21's build (a9860b1
// with three encoder functions inlined) measured 0.81x a9860b1's with objects in at 10k, and
// 1.03x with the two dirs given the other way round; in processes of their own, 0.93x.
//
// Nothing here asserts on time; the ratios are printed for people to read.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { documents, options, request } from "./workload.mjs";

const args = process.argv.slice(2);
const valueOf = (flag) => (args.indexOf(flag) >= 0 ? args[args.indexOf(flag) + 1] : undefined);
const profileFile = valueOf("--profile");
const only = valueOf("--case");
const processes = Number(valueOf("--processes") ?? 0);
const child = valueOf("--child");
const dirs = args.filter((a, i) => !a.startsWith("--") && !/^\d+$/.test(a) && !["--profile", "--case", "--child"].includes(args[i - 1]));
if (dirs.length !== (child === undefined ? 2 : 1)) {
  console.error("usage: node bench/compare.mjs <before-dir> <after-dir> [--rounds N]");
  process.exit(2);
}
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 15;
const require = createRequire(import.meta.url);
const builds = dirs.map((d) => ({ dir: d, api: require(join(resolve(d), "pkg", "index.cjs")) }));
const execArgv = [...process.execArgv, fileURLToPath(import.meta.url)];
const profile = JSON.parse(readFileSync(profileFile ?? new URL("../profiles/writing-app.json", import.meta.url), "utf8"));
const checkOutputs = !args.includes("--outputs-differ");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const cases = [];
for (const n of [1_000, 10_000]) {
  const docs = documents(n);
  const text = JSON.stringify(docs);
  const bytes = new TextEncoder().encode(text);
  cases.push(
    { name: `assemble, objects in, ${n}`, run: (a) => a.assemble({ documents: docs, request, ...options }) },
    { name: `assemble, JSON text in, ${n}`, run: (a) => a.assemble({ documents: text, request, ...options }) },
    { name: `assemble, JSON bytes in, ${n}`, run: (a) => a.assemble({ documents: bytes, request, ...options }) },
    { name: `assemble (degrade), objects in, ${n}`, run: (a) => a.assemble({ documents: docs, request, maxChars: options.maxChars }) },
    { name: `prioritize, objects in, ${n}`, run: (a) => a.prioritize({ documents: docs, request }) },
    // A param match reads the body of every synopsis while ranking.
    { name: `assemble "write the script for episode 3", JSON text in, ${n}`, run: (a) => a.assemble({ documents: text, request: "write the script for episode 3", ...options }) },
    { name: `assemble "write the script for episode 3", objects in, ${n}`, run: (a) => a.assemble({ documents: docs, request: "write the script for episode 3", ...options }) },
  );
}
cases.push({ name: "inferIntent ×1000", run: (a) => { for (let i = 0; i < 1000; i++) a.inferIntent("生成第7-12集"); } });
cases.push({ name: "new ContextAssembler(profile) ×100", run: (_, api) => { for (let i = 0; i < 100; i++) new api.ContextAssembler(profile).free(); } });

// The median time of `rounds` calls of one case through one build (after two unmeasured ones).
function timeOne(c, build, assembler) {
  const times = [];
  for (let r = 0; r < rounds + 2; r++) {
    const t = performance.now();
    c.run(assembler, build.api);
    if (r >= 2) times.push(performance.now() - t);
  }
  return median(times);
}

if (child !== undefined) {
  const c = cases.find((k) => k.name === child);
  console.log(timeOne(c, builds[0], new builds[0].api.ContextAssembler(profile)));
  process.exit(0);
}

const rows = [];
for (const c of cases.filter((k) => only === undefined || k.name.includes(only))) {
  const assemblers = builds.map((b) => new b.api.ContextAssembler(profile));
  const outputs = builds.map((b, i) => JSON.stringify(c.run(assemblers[i], b.api)));
  if (checkOutputs && outputs[0] !== outputs[1]) throw new Error(`${c.name}: the two builds return different results`);
  if (processes > 0) {
    const medians = builds.map(() => []);
    for (let p = 0; p < processes; p++) {
      for (const i of p % 2 === 0 ? [0, 1] : [1, 0]) {
        const passed = ["--child", c.name, "--rounds", String(rounds), ...(profileFile ? ["--profile", profileFile] : [])];
        medians[i].push(Number(execFileSync(process.execPath, [...execArgv, builds[i].dir, ...passed], { encoding: "utf8" })));
      }
    }
    const [before, after] = medians.map(median);
    const [fastBefore, fastAfter] = medians.map((m) => Math.min(...m));
    rows.push({ case: c.name, before: before.toFixed(2), after: after.toFixed(2), ratio: (after / before).toFixed(3), "fastest ratio": (fastAfter / fastBefore).toFixed(3) });
    continue;
  }
  const times = builds.map(() => []);
  for (let r = 0; r < rounds + 2; r++) {
    // Alternate which build goes first, so neither always runs on a warmer machine.
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const t = performance.now();
      c.run(assemblers[i], builds[i].api);
      if (r >= 2) times[i].push(performance.now() - t);
    }
  }
  const [before, after] = times.map(median);
  rows.push({ case: c.name, before: before.toFixed(2), after: after.toFixed(2), ratio: (after / before).toFixed(3) });
}
const how = processes > 0 ? `median of ${processes} processes' medians of ${rounds} calls each, and the fastest process's` : `median ms of ${rounds} interleaved rounds`;
console.log(`before: ${dirs[0]}\nafter:  ${dirs[1]}\n${how}; ${checkOutputs ? "identical results checked first" : "results not compared (--outputs-differ)"}`);
console.table(rows);
