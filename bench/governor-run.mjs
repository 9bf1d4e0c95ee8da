// The governor benchmark's workload and its timed rounds, shared by Node (bench/governor.mjs) and
// the Chromium page it drives, so both runtimes run the same code on the same events. Nothing here
// touches Node's APIs.
//
// The simulated run is examples/governor_bench.rs's (same LCG, same seed, same events): commands
// with outputs, test results with error logs, patches over 400 files, web requests, tokens;
// budgets high enough that it never ends, so every event is decided, none answered "stopped".

/** The native example's generator: a 64-bit LCG (BigInt, so it wraps exactly as Rust's u64). */
class Lcg {
  constructor(seed) {
    this.s = BigInt(seed);
  }
  next(n) {
    this.s = (this.s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number((this.s >> 33n) % BigInt(Math.max(n, 1)));
  }
}

/** `n` events of the simulated run, as objects. */
export function simulate(n) {
  const r = new Lcg(19);
  const steps = ["planner", "coder", "verifier"];
  const out = [];
  for (let i = 0; i < n; i++) {
    const step = steps[r.next(3)];
    const k = r.next(100);
    let e;
    if (k <= 34) {
      const c = [() => "npm test", () => `cat src/components/c${r.next(300)}.tsx`, () => `grep -rn "useState" src/pages/p${r.next(80)}`, () => "npm run build", () => `ls -la src/${r.next(40)}`, () => "git status"][r.next(6)]();
      const code = Math.min(r.next(4), 1);
      e = { type: "command", command: c, step, exitCode: code, output: `exit ${code} after ${r.next(5000)} ms` };
    } else if (k <= 49) {
      const passed = r.next(3) === 0;
      const f = r.next(300);
      const g = r.next(300);
      e = { type: "tests_result", passed, output: `FAIL src/components/c${f}.test.tsx\nsrc/components/c${f}.tsx(3,20): error TS2307: Cannot find module './x${f}'.\nsrc/components/c${g}.tsx(9,2): error TS2322: Type 'string' is not assignable to type 'number'.\n${r.next(90)} passed, ${r.next(9)} failed` };
    } else if (k <= 74) {
      const f = r.next(400);
      const kk = r.next(6);
      const a = r.next(200);
      const b = r.next(200);
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

/** The native example's config: strict × large with limits no simulated run reaches. */
export const CONFIG = Object.freeze({
  profile: "strict",
  scope: "large",
  limits: { commands: 1e6, tests: 1e6, web: 1e6, tokens: 2e9 },
  steps: { coder: { commands: 1e6 }, verifier: { tests: 1e6 } },
});

/** Milliseconds `f` takes, and what it returned. */
function timed(f) {
  const t = performance.now();
  const value = f();
  return [performance.now() - t, value];
}

/**
 * The workload for one runtime: the events as objects and as JSON lines (made once, untimed).
 * @param {number} n
 */
export function prepare(n) {
  const events = simulate(n);
  return { events, lines: events.map((e) => JSON.stringify(e)) };
}

/**
 * One timed round through the entry's JS API (`{RunGovernor, governorStep}`): the whole run
 * pushed as objects, then as JSON-lines text; the pure `governorStep` over the first `steps`
 * events (the whole state crosses twice per call); the state's round trip at the run's end —
 * `fromState(state())` (objects) and `fromState(JSON.stringify(state()))` (the JSON a host
 * persists), each the median of `trips` trips, and its parts.
 * Every governor made is freed at once, so no round pays for an earlier one's garbage.
 * `cpuMs`, where the runtime has one (Node: process.cpuUsage), is the process's CPU time so far:
 * the pushes' CPU time then says what they cost without the waits other processes impose on a
 * loaded machine (it includes the runtime's own helper threads, such as the GC's).
 */
export function round(entry, { events, lines }, { steps = 1000, trips = 21, cpuMs = null } = {}) {
  const { RunGovernor, governorStep } = entry;
  const cpu0 = cpuMs?.();
  const [pushObjectsMs] = timed(() => {
    const g = new RunGovernor(CONFIG);
    for (const e of events) g.push(e);
    g.free();
  });
  const cpu1 = cpuMs?.();
  const [pushTextMs, run] = timed(() => {
    const g = new RunGovernor(CONFIG);
    for (const l of lines) g.push(l);
    return g;
  });
  const cpu2 = cpuMs?.();
  const [stepMs] = timed(() => {
    const first = new RunGovernor(CONFIG);
    let s = first.state();
    first.free();
    for (let i = 0; i < Math.min(steps, events.length); i++) s = governorStep(s, events[i]).state;
    return s;
  });
  const parts = { stateMs: [], stringifyMs: [], fromStateTextMs: [], roundTripObjectMs: [], roundTripJsonMs: [] };
  let text = "";
  for (let i = 0; i < trips; i++) {
    const [a, state] = timed(() => run.state());
    const [b, t] = timed(() => JSON.stringify(state));
    const [c, back] = timed(() => RunGovernor.fromState(t));
    back.free();
    const [d, obj] = timed(() => RunGovernor.fromState(run.state()));
    obj.free();
    const [e, json] = timed(() => RunGovernor.fromState(JSON.stringify(run.state())));
    if (i === 0) {
      text = t;
      if (JSON.stringify(json.state()) !== t) throw new Error("the state's round trip changed it");
    }
    json.free();
    parts.stateMs.push(a);
    parts.stringifyMs.push(b);
    parts.fromStateTextMs.push(c);
    parts.roundTripObjectMs.push(d);
    parts.roundTripJsonMs.push(e);
  }
  const status = run.state().status;
  run.free();
  const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  return {
    pushObjectsMs,
    pushTextMs,
    pushObjectsCpuMs: cpuMs ? cpu1 - cpu0 : null,
    pushTextCpuMs: cpuMs ? cpu2 - cpu1 : null,
    stepMs,
    steps: Math.min(steps, events.length),
    status,
    stateJsonBytes: text.length,
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, median(v)])),
  };
}
