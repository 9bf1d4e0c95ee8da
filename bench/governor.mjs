// The run governor through the JS API (issue 19): a simulated 10,000-event run — the same events
// as examples/governor_bench.rs (same LCG) — pushed as objects and as JSON-lines text, the pure
// governorStep, and the state's round trip (state() → fromState). Targets: ≥ 100,000 events/s
// through push; a state round trip under 1 ms at 10,000 events.
//
//   node bench/governor.mjs [events] [module]
//
// `module` is the governor entry to load (default: the built package's `pkg/governor/index.mjs`);
// a wasm-bindgen `web` build directory's `ctxpack.js` works too (it is then instantiated here).
// Prints one JSON line. Not yet wired into bench/run.mjs (the lead's, after merging).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const modulePath = process.argv[3] ?? new URL("../pkg/governor/index.mjs", import.meta.url).pathname;
const entry = await import(pathToFileURL(resolve(modulePath)).href);
if (typeof entry.initSync === "function" && modulePath.endsWith("ctxpack.js")) {
  entry.initSync({ module: readFileSync(modulePath.replace(/ctxpack\.js$/, "ctxpack_bg.wasm")) });
}
const { RunGovernor, governorStep } = entry;

// The same simulated run as examples/governor_bench.rs (same LCG).
class Lcg { constructor(s) { this.s = BigInt(s); }
  next(n) { this.s = (this.s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn; return Number((this.s >> 33n) % BigInt(Math.max(n, 1))); } }
function simulate(n) {
  const r = new Lcg(19); const steps = ["planner", "coder", "verifier"]; const out = [];
  for (let i = 0; i < n; i++) {
    const step = steps[r.next(3)];
    const k = r.next(100);
    let e;
    if (k <= 34) {
      const c = [() => "npm test", () => `cat src/components/c${r.next(300)}.tsx`, () => `grep -rn "useState" src/pages/p${r.next(80)}`, () => "npm run build", () => `ls -la src/${r.next(40)}`, () => "git status"][r.next(6)]();
      const code = Math.min(r.next(4), 1);
      e = { type: "command", command: c, step, exitCode: code, output: `exit ${code} after ${r.next(5000)} ms` };
    } else if (k <= 49) {
      const passed = r.next(3) === 0; const f = r.next(300); const g = r.next(300);
      e = { type: "tests_result", passed, output: `FAIL src/components/c${f}.test.tsx\nsrc/components/c${f}.tsx(3,20): error TS2307: Cannot find module './x${f}'.\nsrc/components/c${g}.tsx(9,2): error TS2322: Type 'string' is not assignable to type 'number'.\n${r.next(90)} passed, ${r.next(9)} failed` };
    } else if (k <= 74) {
      const f = r.next(400); const kk = r.next(6);
      const a = r.next(200), b = r.next(200);
      e = { type: "patch", file: `src/components/c${f}.tsx`, step: "coder", diff: `--- a/src/components/c${f}.tsx\n+++ b/src/components/c${f}.tsx\n@@ -${a},3 +${b},3 @@\n import React from 'react'\n-import X from './x${kk}'\n+import X from '../x${kk}'\n` };
    } else if (k <= 84) {
      e = { type: "web_request", url: `https://developer.mozilla.org/q${r.next(500)}`, step };
    } else {
      e = { type: "tokens", count: r.next(4000), step };
    }
    out.push(e);
  }
  return out;
}
const n = Number(process.argv[2] ?? 10000);
const config = { profile: "strict", scope: "large", limits: { commands: 1e6, tests: 1e6, web: 1e6, tokens: 2e9 }, steps: { coder: { commands: 1e6 }, verifier: { tests: 1e6 } } };
const events = simulate(n);
const lines = events.map((e) => JSON.stringify(e));
const best = (rounds, f) => { let b = Infinity, v; for (let i = 0; i < rounds; i++) { const t = performance.now(); v = f(); b = Math.min(b, performance.now() - t); } return [b, v]; };
const [objMs, g] = best(10, () => { const g = new RunGovernor(config); for (const e of events) g.push(e); return g; });
const [textMs] = best(10, () => { const g = new RunGovernor(config); for (const l of lines) g.push(l); return g; });
const m = Math.min(n, 2000);
const [stepMs] = best(3, () => { let s = new RunGovernor(config).state(); for (let i = 0; i < m; i++) s = governorStep(s, events[i]).state; return s; });
const [stateMs, state] = best(50, () => g.state());
const [fromMs] = best(50, () => RunGovernor.fromState(state));
const text = JSON.stringify(state);
const [fromTextMs] = best(50, () => RunGovernor.fromState(text));
const [fullMs] = best(50, () => RunGovernor.fromState(JSON.parse(JSON.stringify(g.state()))));
const again = RunGovernor.fromState(state);
if (JSON.stringify(again.state()) !== text) throw new Error("round trip differs");
console.log(JSON.stringify({ events: n, pushObjectsPerSecond: Math.round(n / objMs * 1e3), pushJsonLinesPerSecond: Math.round(n / textMs * 1e3), governorStepPerSecond: Math.round(m / stepMs * 1e3), stateJsonBytes: text.length, stateMs: +stateMs.toFixed(4), fromStateMs: +fromMs.toFixed(4), fromStateTextMs: +fromTextMs.toFixed(4), roundTripWithStringifyParseMs: +fullMs.toFixed(4) }));
