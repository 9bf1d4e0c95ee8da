// What is measured where, and how many times. Calls per contender are chosen to keep a full
// `npm run bench` near ten minutes on a 2-core machine: fewer rounds where one call is long.
// { warmup, rounds }: untimed, then timed calls; a contender missing from a workload is skipped
// there, and `skipped` says why (the report prints it).

import { paramRequest } from "./workload.mjs";

const CORE = ["plain TS", "ctxpack", "JSON.parse + plain TS", "ctxpack, JSON text", "TextDecoder + JSON.parse + plain TS", "ctxpack, JSON bytes"];
const each = (names, warmup, rounds) => Object.fromEntries(names.map((n) => [n, { warmup, rounds }]));

// The 10k documents again, asked "write the script for episode 3": the example profile's
// paramMatch reads every synopsis's episodeNumber (5,765 bodies), as the plain loop does.
function PARAM() {
  const peers = "the peers rank with the reference's own code (as above), so they would time its param matching, not theirs";
  return { label: "10k, param request", n: 10_000, bodyScale: 1, request: paramRequest, plan: each(CORE, 3, 30), skipped: { Priompt: peers, "prompt-tsx": peers } };
}

// The same 10k documents as a server or a database driver hands them over: through JSON.parse,
// so every string is flat. The generator builds ids with template literals, which V8 keeps as
// ConsStrings (two objects, read through a pointer); ctxpack reads every id (the duplicate-id
// check), the plain loop reads none. Objects in only: the text contenders see the same text.
function PARSED() {
  return { label: "10k, rows parsed", n: 10_000, bodyScale: 1, parsed: true, plan: each(["plain TS", "ctxpack"], 3, 30), skipped: { Priompt: "as at 10k", "prompt-tsx": "as at 10k" } };
}

export const NODE = [
  { label: "1k", n: 1_000, bodyScale: 1, plan: { ...each(CORE, 5, 40), Priompt: { warmup: 3, rounds: 30 }, "prompt-tsx": { warmup: 1, rounds: 8 } } },
  // prompt-tsx: one call at 10k takes tens of seconds; the agreement run before timing is its warm-up.
  { label: "10k", n: 10_000, bodyScale: 1, plan: { ...each(CORE, 3, 30), Priompt: { warmup: 1, rounds: 12 }, "prompt-tsx": { warmup: 0, rounds: 2 } } },
  { label: "10k, bodies ×10", n: 10_000, bodyScale: 10, plan: { ...each(CORE, 2, 15), Priompt: { warmup: 1, rounds: 6 } }, skipped: { "prompt-tsx": "its time grows about quadratically with the number of prioritized chunks (compare its 1k and 10k rows), so a call here would take minutes" } },
  { label: "100k", n: 100_000, bodyScale: 1, plan: { ...each(CORE, 1, 7), Priompt: { warmup: 0, rounds: 3 } }, skipped: { "prompt-tsx": "its time grows about quadratically with the number of prioritized chunks (compare its 1k and 10k rows): one call at 100k would outlast the whole run" } },
  PARAM(),
  PARSED(),
];

// Priompt cannot run in a page: importing it loads a native Node addon (@anysphere/tiktoken-node)
// and a StatsD client on node:dgram.
const NO_PRIOMPT = "Node only: importing it requires a native addon (@anysphere/tiktoken-node, a .node binary) and hot-shots (node:dgram)";
export const CHROMIUM = [
  { label: "1k", n: 1_000, bodyScale: 1, plan: { ...each(CORE, 5, 40), "prompt-tsx": { warmup: 1, rounds: 8 } }, skipped: { Priompt: NO_PRIOMPT } },
  { label: "10k", n: 10_000, bodyScale: 1, plan: each(CORE, 3, 30), skipped: { Priompt: NO_PRIOMPT, "prompt-tsx": "tens of seconds per call at 10k (see Node), too long for this run" } },
  { label: "10k, bodies ×10", n: 10_000, bodyScale: 10, plan: each(CORE, 2, 15), skipped: { Priompt: NO_PRIOMPT, "prompt-tsx": "as at 10k" } },
  { label: "100k", n: 100_000, bodyScale: 1, plan: each(CORE, 1, 7), skipped: { Priompt: NO_PRIOMPT, "prompt-tsx": "as at 10k" } },
  PARAM(),
];

/** Workloads whose memory is measured, one child process per contender and workload. */
export const MEMORY = [
  { label: "10k", n: 10_000, bodyScale: 1, contenders: [...CORE, "Priompt"] },
  { label: "100k", n: 100_000, bodyScale: 1, contenders: CORE },
];

/** For `--quick` (development): small and fast, same code paths. */
export function quick(workloads) {
  return workloads
    .filter((w) => w.n <= 10_000)
    .map((w) => ({ ...w, label: `${w.label} (quick: 1k)`, n: Math.min(w.n, 1_000), plan: Object.fromEntries(Object.entries(w.plan).map(([k, v]) => [k, { warmup: 1, rounds: Math.min(v.rounds, 3) }])) }));
}

/**
 * Paired comparisons for the scaling targets: the same contender on workload `a` and on workload
 * `b`, alternating call by call, so the ratio b/a is measured under the same machine load.
 */
export const PAIRS = [
  { label: "bodies ×10 vs ×1 (10k)", a: { n: 10_000, bodyScale: 1 }, b: { n: 10_000, bodyScale: 10 }, contenders: ["plain TS", "ctxpack", "ctxpack, JSON text", "ctxpack, JSON bytes"], warmup: 2, rounds: 15 },
  { label: "100k vs 10k", a: { n: 10_000, bodyScale: 1 }, b: { n: 100_000, bodyScale: 1 }, contenders: ["plain TS", "ctxpack", "ctxpack, JSON text", "ctxpack, JSON bytes"], warmup: 1, rounds: 7 },
];
