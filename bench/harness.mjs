// The timing loop, the same in Node and in the Chromium page: contenders alternate call by call,
// round after round, so machine noise (this is a shared 2-core machine) hits every contender
// alike; each contender's garbage is collected whenever V8 decides, on whichever clock is
// running, as in an application. (A forced gc() before every call was tried and dropped: in one
// run it took plain TS at 10k from 3.8 to 15 ms a call, far from steady state.) Nothing here
// asserts on time.

export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];

/** Median and spread of a list of samples (ms). */
export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, median: quantile(s, 0.5), p10: quantile(s, 0.1), p90: quantile(s, 0.9), min: s[0], max: s[s.length - 1] };
}

/**
 * Times `contenders` on one workload. `plan[name]` is `{ warmup, rounds }`: untimed calls, then
 * timed calls (a contender absent from the plan is not run). Round r runs, in order, every
 * contender that still has calls left, so the slow ones stop early and the rest keep alternating.
 * `request`, when given, replaces the contenders' own (a workload of bench/plan.mjs may name one).
 * @returns {Promise<Record<string, number[]>>}
 */
export async function timeContenders(contenders, docs, text, plan, onRound, request) {
  const active = contenders.filter((c) => plan[c.name]?.rounds > 0);
  const samples = Object.fromEntries(active.map((c) => [c.name, []]));
  const calls = (c) => plan[c.name].warmup + plan[c.name].rounds;
  const total = Math.max(0, ...active.map(calls));
  for (let r = 0; r < total; r++) {
    for (const c of active) {
      if (r >= calls(c)) continue;
      const t0 = performance.now();
      const out = c.run(docs, text, request);
      if (out && typeof out.then === "function") await out;
      const dt = performance.now() - t0;
      if (r >= plan[c.name].warmup) samples[c.name].push(dt);
    }
    onRound?.(r, total);
  }
  return samples;
}
