// Filling the room by rank (issue 34): the example profile's requests on the sample project,
// under budgets from 500 to 30,000 characters, assembled with the coarse ladder (`trim.fill:
// false`, the cap `degrade` of before) and with filling (the default). For each budget it prints
// the share of the budget used, the share of each of the top three documents kept, and how many
// requests had a lower-ranked document keep more of itself than a higher-ranked one (with the
// number of such pairs). Deterministic: no timing.
//
//   node bench/fill.mjs [--json] [--pairs]
//
// --pairs: after the table, every pair of documents left where the lower-ranked keeps more, with
// both records' reason codes (after filling).
import { readFileSync } from "node:fs";
import { assembleContext } from "../pkg/index.mjs";

const project = JSON.parse(readFileSync(new URL("../samples/writing-project.json", import.meta.url), "utf8"));
const profile = JSON.parse(readFileSync(new URL("../profiles/writing-app.json", import.meta.url), "utf8"));

// One or two per intent of the example profile, in English and Chinese, as users type them.
const REQUESTS = [
  "brainstorm more ideas",
  "revise the story settings",
  "generate the chronicles",
  "generate the episode plan",
  "generate episodes 7-12",
  "生成第７－１２集",
  "write the script for episode 3",
  "写第三集剧本",
  "what do we have so far?",
];
const BUDGETS = [500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12000, 16000, 24000, 30000];
const MODES = { before: false, after: true };

/** The selected documents in rank order. */
const ranked = (manifest) => manifest.documents.filter((d) => d.rank !== null).sort((a, b) => a.rank - b.rank);

/** The share of each selected document kept, in rank order (a discarded one keeps 0). */
const shares = (manifest) => ranked(manifest).map((d) => (d.charsBefore ? d.charsAfter / d.charsBefore : 0));

/** Pairs [i, j] of a higher-ranked and a lower-ranked document where the lower one keeps more. */
function invertedPairs(kept) {
  const pairs = [];
  for (let i = 0; i < kept.length; i++) for (let j = i + 1; j < kept.length; j++) if (kept[j] > kept[i] + 1e-9) pairs.push([i, j]);
  return pairs;
}
const inversions = (kept) => invertedPairs(kept).length;

function run(fill, request, maxChars) {
  const p = { ...profile, trim: { ...(profile.trim ?? {}), fill } };
  const { manifest } = assembleContext({ documents: project.documents, edges: project.edges, request, profile: p, maxChars, cap: "degrade" });
  if (manifest.totals.chars > maxChars) throw new Error(`${request} at ${maxChars}: ${manifest.totals.chars} chars`);
  return { intent: manifest.intent.intent, used: manifest.totals.chars / maxChars, kept: shares(manifest), codes: ranked(manifest).map((d) => d.reasonCode) };
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const pct = (x) => (Number.isNaN(x) ? "–" : `${(100 * x).toFixed(1)}%`);

const rows = [];
const intents = new Map();
const pairs = [];
for (const maxChars of BUDGETS) {
  const row = { maxChars };
  for (const [mode, fill] of Object.entries(MODES)) {
    const runs = REQUESTS.map((r) => {
      const out = run(fill, r, maxChars);
      intents.set(r, out.intent);
      if (fill) for (const [i, j] of invertedPairs(out.kept)) pairs.push(`${maxChars} ${JSON.stringify(r)}: rank ${i} ${out.codes[i]} keeps ${pct(out.kept[i])} < rank ${j} ${out.codes[j]} ${pct(out.kept[j])}`);
      return out;
    });
    row[mode] = {
      used: mean(runs.map((r) => r.used)),
      top: [0, 1, 2].map((k) => mean(runs.filter((r) => r.kept.length > k).map((r) => r.kept[k]))),
      inverted: runs.filter((r) => inversions(r.kept) > 0).length,
      pairs: runs.reduce((n, r) => n + inversions(r.kept), 0),
    };
  }
  rows.push(row);
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ requests: Object.fromEntries(intents), rows }, null, 2));
} else {
  console.log(`${REQUESTS.length} requests per budget (the example profile, the sample project, cap degrade); before = trim.fill false, after = filling`);
  for (const [r, i] of intents) console.log(`  ${JSON.stringify(r)} → ${i}`);
  console.log("| maxChars | budget used (before → after) | rank 0 kept | rank 1 kept | rank 2 kept | requests with a lower rank keeping more (pairs) |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  const total = { before: [0, 0], after: [0, 0] };
  for (const { maxChars, before, after } of rows) {
    const top = (k) => `${pct(before.top[k])} → ${pct(after.top[k])}`;
    console.log(
      `| ${maxChars.toLocaleString("en")} | ${pct(before.used)} → ${pct(after.used)} | ${top(0)} | ${top(1)} | ${top(2)} | ${before.inverted} (${before.pairs}) → ${after.inverted} (${after.pairs}) |`,
    );
    for (const m of ["before", "after"]) {
      total[m][0] += row(m, maxChars).inverted;
      total[m][1] += row(m, maxChars).pairs;
    }
  }
  const cases = rows.length * REQUESTS.length;
  console.log(
    `all ${cases} cases: before ${total.before[0]} with an inversion (${total.before[1]} pairs), after ${total.after[0]} (${total.after[1]} pairs); budget used ${pct(mean(rows.map((r) => r.before.used)))} → ${pct(mean(rows.map((r) => r.after.used)))}`,
  );
}

if (process.argv.includes("--pairs")) for (const p of pairs) console.log(p);

function row(mode, maxChars) {
  return rows.find((r) => r.maxChars === maxChars)[mode];
}
