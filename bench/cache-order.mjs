// The render order and providers' prompt caches (issue 16): a writing session of 50 requests on
// the sample project, a document added or edited between each two, assembled under each render
// order; reports how much of each context is the previous context's prefix (what a provider's
// prefix cache can reuse). Deterministic (a seeded generator), no timing.
//
//   node bench/cache-order.mjs [--requests 50] [--json]
import { readFileSync } from "node:fs";
import { assembleContext } from "../pkg/index.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg("--requests", 50);
const project = JSON.parse(readFileSync(new URL("../samples/writing-project.json", import.meta.url), "utf8"));
const profile = JSON.parse(readFileSync(new URL("../profiles/writing-app.json", import.meta.url), "utf8"));

/** xorshift32: the same session on every run. */
function generator(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

const sharedPrefix = (a, b) => {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
};

/**
 * One session: before each request a new row is appended — a new document (a synopsis, a note on
 * the settings, an idea) or an edit of an existing one (a new row of the same type derived from
 * it, as the app stores edits) — and the same request is assembled again.
 */
function session(request, order, maxChars, seed) {
  const random = generator(seed);
  const documents = project.documents.map((d) => ({ ...d }));
  const edges = project.edges.map((e) => ({ ...e }));
  let clock = Math.max(...documents.map((d) => Date.parse(d.created_at)));
  let previous = null;
  const shares = [];
  const lengths = [];
  for (let n = 0; n < REQUESTS; n++) {
    if (n > 0) {
      clock += 60_000 * (1 + Math.floor(random() * 30));
      const created_at = new Date(clock).toISOString();
      if (random() < 0.5) {
        const base = documents[Math.floor(random() * documents.length)];
        const id = `${base.id}-edit-${n}`;
        const data = typeof base.data === "string" ? JSON.parse(base.data) : base.data;
        documents.push({ ...base, id, origin_type: "user_input", created_at, data: { ...data, revision: n } });
        edges.push({ from: base.id, to: id });
      } else {
        const types = ["单集大纲", "故事设定", "灵感创意", "chronicles"];
        const schema_type = types[Math.floor(random() * types.length)];
        documents.push({ id: `new-${n}`, schema_type, origin_type: "ai_generated", created_at, data: { episodeNumber: 7 + n, text: `draft ${n}: ${"scene ".repeat(20 + Math.floor(random() * 80))}` } });
      }
    }
    const { context } = assembleContext({ documents, edges, profile, request, maxChars, order });
    if (previous !== null) {
      shares.push(sharedPrefix(previous, context) / Math.max(1, context.length));
      lengths.push(sharedPrefix(previous, context));
    }
    previous = context;
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { meanShare: mean(shares), meanChars: mean(lengths), full: shares.filter((s) => s === 1).length };
}

const rows = [];
for (const request of ["generate episodes 7-12", "write the script for episode 3", "what do we have so far?"]) {
  for (const maxChars of [16_000, 6_000]) {
    for (const order of ["rank", "input"]) {
      const runs = [1, 2, 3].map((seed) => session(request, order, maxChars, seed));
      const avg = (k) => runs.reduce((a, r) => a + r[k], 0) / runs.length;
      rows.push({ request, maxChars, order, meanSharedChars: Math.round(avg("meanChars")), meanSharedShare: avg("meanShare"), identical: avg("full") });
    }
  }
}
if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  console.log(`${REQUESTS} requests per session, a row added or edited before each, 3 sessions (seeds 1–3) per line`);
  console.log("| request | maxChars | order | mean shared prefix (chars) | of the context | contexts identical to the previous |");
  console.log("|---|---:|---|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.request} | ${r.maxChars.toLocaleString("en")} | ${r.order} | ${r.meanSharedChars.toLocaleString("en")} | ${(100 * r.meanSharedShare).toFixed(1)}% | ${r.identical.toFixed(1)} of ${REQUESTS - 1} |`);
}
