// The token estimator measured against exact counts, on the corpus in tests/tokens/corpus/.
//
//   node scripts/tokens-report.mjs           writes tests/tokens/counts.json and docs/TOKENS.md
//   node scripts/tokens-report.mjs --check   fails if either would change, or if src/tokens/mod.rs
//                                            does not hold the fitted weights (no writes)
//   node scripts/tokens-report.mjs --fit     fits the weights and the margin, prints the Rust
//                                            constants to paste into src/tokens/mod.rs (no writes);
//                                            with --worst, the pieces the fit misses most
//
// Exact counts come from npm `gpt-tokenizer` (o200k_base, cl100k_base; special tokens counted
// as ordinary text). Estimates come from the real Rust code: `cargo run --release --example
// token_estimate` reads the pieces as JSON on stdin and prints its estimates and the event
// counts the weights multiply. Every figure written to docs/TOKENS.md is measured here.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as o200k from "gpt-tokenizer/encoding/o200k_base";
import * as cl100k from "gpt-tokenizer/encoding/cl100k_base";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = "tests/tokens/corpus";
const COUNTS = "tests/tokens/counts.json";
const DOC = "docs/TOKENS.md";
const TOKENIZER = `gpt-tokenizer ${JSON.parse(readFileSync(join(root, "node_modules/gpt-tokenizer/package.json"), "utf8")).version}`;

// The kinds of text, in the order the tables list them (the directory names under CORPUS).
const KINDS = [
  ["rust", "Rust source"],
  ["typescript", "TypeScript source"],
  ["python", "Python source"],
  ["json", "JSON documents (data as objects)"],
  ["json-text", "JSON documents (data as JSON text)"],
  ["english", "English prose (Markdown)"],
  ["chinese", "Chinese prose"],
  ["mixed", "Mixed English/Chinese"],
  ["emoji", "Emoji-heavy chat"],
  ["other-scripts", "Other scripts"],
];

// The bound tests/tokens.rs holds the committed estimators to on the committed corpus: in each
// kind of text, at most this share of pieces under-counts.
const UNDER_COUNT_BOUND = 0.05;
// Kinds the margin is not chosen on. cl100k spends far more tokens per character on some scripts
// it saw little of (Georgian, Armenian) than on others (Arabic, Cyrillic); one weight for them
// all would need a margin that inflates every other estimate. The tables still show the kind.
const MARGIN_EXCLUDES = { o200k: [], cl100k: ["other-scripts"] };

// Pieces are whole lines, cut once a piece reaches the next length of a cycle (UTF-16 units),
// so the statistics see short and long texts alike. The small hand-written kinds (under
// SMALL_KIND units) are cut shorter, or they would give too few pieces for a rate of 5%.
const CYCLE = [200, 500, 1000, 2000, 4000];
const SMALL_CYCLE = [200, 250, 300, 400];
const SMALL_KIND = 20_000;
const MIN_TAIL = 100;

const args = new Set(process.argv.slice(2));
const mode = args.has("--fit") ? "fit" : args.has("--check") ? "check" : "write";

// --- The corpus, cut into pieces.
function corpusFiles(kind) {
  return readdirSync(join(root, CORPUS, kind)).sort().map((name) => `${kind}/${name}`);
}

/** FNV-1a (32 bit) of the UTF-8 bytes: lets the Rust test see that a piece is the one counted. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, "utf8")) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

function cut(file, cycle) {
  const text = readFileSync(join(root, CORPUS, file), "utf8");
  const lines = text.split(/(?<=\n)/);
  const pieces = [];
  let start = 0;
  let length = 0;
  for (let i = 0; i < lines.length; i++) {
    length += lines[i].length;
    if (length >= cycle[pieces.length % cycle.length]) {
      pieces.push([start, i + 1]);
      start = i + 1;
      length = 0;
    }
  }
  if (start < lines.length) {
    const last = pieces.at(-1);
    if (length < MIN_TAIL && last) last[1] = lines.length;
    else pieces.push([start, lines.length]);
  }
  return pieces.map(([a, b]) => {
    const piece = lines.slice(a, b).join("");
    return { id: `${file}:${a + 1}-${b}`, kind: file.split("/")[0], file, lines: [a + 1, b], text: piece };
  });
}

const pieces = [];
for (const [kind] of KINDS) {
  const files = corpusFiles(kind);
  const units = files.reduce((n, f) => n + readFileSync(join(root, CORPUS, f), "utf8").length, 0);
  for (const file of files) pieces.push(...cut(file, units < SMALL_KIND ? SMALL_CYCLE : CYCLE));
}

// --- Exact counts, and the Rust estimates.
const ordinary = { disallowedSpecial: new Set() };
for (const p of pieces) {
  p.utf16 = p.text.length;
  p.fnv = fnv1a(p.text);
  p.o200k = o200k.encode(p.text, ordinary).length;
  p.cl100k = cl100k.encode(p.text, ordinary).length;
}

const native = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--release", "--example", "token_estimate"], {
    cwd: root,
    input: JSON.stringify(pieces.map((p) => p.text)),
    maxBuffer: 1 << 28,
    stdio: ["pipe", "pipe", "inherit"],
  }).toString(),
);
const EVENTS = native.events;
pieces.forEach((p, i) => {
  p.estimate = { o200k: native.pieces[i].o200k, cl100k: native.pieces[i].cl100k };
  p.tally = native.pieces[i].tally;
  // What the bounds (src/tokens/bound.rs) add, in thousandths: not fitted, added after the margin.
  p.extra = { o200k: native.pieces[i].extra[0], cl100k: native.pieces[i].extra[1] };
  p.chars4 = Math.ceil(p.utf16 / 4);
});

// --- Statistics.
const rel = (estimate, exact) => (estimate - exact) / exact;
function percentile(sorted, q) {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}
function stats(list, estimate, exact) {
  const errors = list.map((p) => rel(estimate(p), exact(p)));
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  return {
    n: list.length,
    mean: abs.reduce((a, b) => a + b, 0) / list.length,
    p95: percentile(abs, 0.95),
    under: errors.filter((e) => e < 0).length / list.length,
    worstUnder: Math.min(0, ...errors),
    ratio: list.reduce((a, p) => a + estimate(p), 0) / list.reduce((a, p) => a + exact(p), 0),
  };
}
const groups = [...KINDS.map(([kind, label]) => [label, pieces.filter((p) => p.kind === kind)]), ["All pieces", pieces]];

// --- Fitting: non-negative least squares on relative error, each kind weighing the same.
function fit(vocab) {
  const n = EVENTS.length;
  const perKind = Object.fromEntries(KINDS.map(([k]) => [k, pieces.filter((p) => p.kind === k).length]));
  const A = Array.from({ length: n }, () => new Float64Array(n));
  const b = new Float64Array(n);
  for (const p of pieces) {
    const y = p[vocab] - p.extra[vocab] / 1000;
    const w = 1 / (p[vocab] * p[vocab] * perKind[p.kind]);
    for (let i = 0; i < n; i++) {
      if (!p.tally[i]) continue;
      b[i] += w * p.tally[i] * y;
      for (let j = 0; j < n; j++) A[i][j] += w * p.tally[i] * p.tally[j];
    }
  }
  // Coordinate descent on the normal equations, clamped at zero: small, deterministic, enough
  // for a few dozen weights. An event the corpus never shows keeps the prior below.
  const x = new Float64Array(n).fill(0.5);
  for (let sweep = 0; sweep < 20000; sweep++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      if (A[i][i] === 0) continue;
      let g = -b[i];
      for (let j = 0; j < n; j++) g += A[i][j] * x[j];
      const next = Math.max(0, x[i] - g / A[i][i]);
      moved = Math.max(moved, Math.abs(next - x[i]));
      x[i] = next;
    }
    if (moved < 1e-12) break;
  }
  return [...x].map((w, i) => (A[i][i] === 0 ? null : Math.round(w * 1000)));
}

/** The estimate src/tokens/mod.rs computes: ceil((Σ n·w · margin + extra · 1000) / 10⁶). */
function integerEstimate(p, vocab, weights, margin) {
  const milli = p.tally.reduce((s, n, i) => s + n * weights[i], 0);
  return Math.ceil((milli * margin + p.extra[vocab] * 1000) / 1_000_000);
}

/** The smallest margin (per mille) under which no kind under-counts on more than `bound`. */
function chooseMargin(vocab, weights, bound) {
  for (let margin = 1000; margin <= 3000; margin += 5) {
    const ok = KINDS.filter(([kind]) => !MARGIN_EXCLUDES[vocab].includes(kind)).every(([kind]) => {
      const list = pieces.filter((p) => p.kind === kind);
      const under = list.filter((p) => integerEstimate(p, vocab, weights, margin) < p[vocab]).length;
      return under / list.length <= bound;
    });
    if (ok) return margin;
  }
  throw new Error(`no margin up to 3000‰ keeps every kind within ${bound} for ${vocab}`);
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;


/** The weights and margin the corpus gives, as src/tokens/mod.rs should hold them. */
function fitted(vocab) {
  const raw = fit(vocab);
  const missing = EVENTS.filter((_, i) => raw[i] === null);
  // Events the corpus never shows: a conservative token each, so nothing is free by accident.
  const weights = raw.map((w) => w ?? 1000);
  return { weights, margin: chooseMargin(vocab, weights, UNDER_COUNT_BOUND), missing };
}

if (mode === "fit") {
  for (const vocab of ["o200k", "cl100k"]) {
    const { weights, margin, missing } = fitted(vocab);
    console.log(`// ${vocab}: fitted on ${pieces.length} pieces; margin ${margin}‰${missing.length ? `; not in the corpus (1 token each): ${missing.join(", ")}` : ""}`);
    console.log(`const ${vocab.toUpperCase()}_WEIGHTS: [u32; EVENT_COUNT] = [${weights.join(", ")}];`);
    console.log(`const ${vocab.toUpperCase()}_MARGIN: u32 = ${margin};`);
    for (const [label, list] of groups) {
      const s = stats(list, (p) => integerEstimate(p, vocab, weights, margin), (p) => p[vocab]);
      const raw = stats(list, (p) => integerEstimate(p, vocab, weights, 1000), (p) => p[vocab]);
      console.log(`//   ${label.padEnd(36)} n=${String(s.n).padStart(3)} mean ${pct(s.mean).padStart(6)} p95 ${pct(s.p95).padStart(6)} under ${pct(s.under).padStart(5)} total ×${s.ratio.toFixed(2)}   unmargined: mean ${pct(raw.mean).padStart(6)} under ${pct(raw.under).padStart(6)} total ×${raw.ratio.toFixed(2)}`);
    }
    if (args.has("--worst")) {
      const byError = pieces.map((p) => [rel(integerEstimate(p, vocab, weights, 1000), p[vocab]), p]).sort((a, b) => a[0] - b[0]);
      for (const [e, p] of [...byError.slice(0, 8), ...byError.slice(-4)]) console.log(`//     ${pct(e).padStart(7)} ${p.id} exact ${p[vocab]} ${JSON.stringify(p.text.slice(0, 70))}`);
    }
  }
  process.exit(0);
}

// --- counts.json: what the Rust test needs to check the estimator without Node. One piece a
// line; the id says the file and its lines (1-based, inclusive), the FNV-1a hash that the text
// is still the one counted.
const counts = [
  "{",
  `"generatedBy": "node scripts/tokens-report.mjs", "tokenizer": ${JSON.stringify(TOKENIZER)},`,
  `"underCountBound": ${UNDER_COUNT_BOUND}, "marginExcludes": ${JSON.stringify(MARGIN_EXCLUDES)},`,
  `"pieces": [`,
  pieces.map((p) => JSON.stringify({ id: p.id, utf16: p.utf16, fnv: p.fnv, o200k: p.o200k, cl100k: p.cl100k })).join(",\n"),
  "]}",
  "",
].join("\n");

// --- docs/TOKENS.md
const rustSource = readFileSync(join(root, "src/tokens/mod.rs"), "utf8");
function rustConst(name) {
  const m = rustSource.match(new RegExp(`const ${name}: [^=]*= ([^;]*);`));
  if (!m) throw new Error(`src/tokens/mod.rs: no ${name}`);
  return JSON.parse(m[1].replace(/,\s*\]/, "]"));
}
const committed = Object.fromEntries(
  ["o200k", "cl100k"].map((v) => [v, { weights: rustConst(`${v.toUpperCase()}_WEIGHTS`), margin: rustConst(`${v.toUpperCase()}_MARGIN`) }]),
);
// The weights' descriptions are the doc comments of src/tokens/mod.rs's events, in order.
const eventDocs = [...rustSource.slice(rustSource.indexOf("enum E {")).matchAll(/((?:[ \t]*\/\/\/ .*\n)+)[ \t]*\w+,/g)]
  .map((m) => m[1].replace(/^[ \t]*\/\/\/ /gm, "").replace(/\n/g, " ").trim())
  .slice(0, EVENTS.length);
const thousandths = (w) => (w / 1000).toFixed(3);

function table(vocab) {
  const worst = (s) => (s.under ? pct(-s.worstUnder) : "—");
  const excluded = KINDS.filter(([kind]) => MARGIN_EXCLUDES[vocab].includes(kind)).map(([, label]) => label);
  const rows = groups.map(([label, list]) => {
    const e = stats(list, (p) => p.estimate[vocab], (p) => p[vocab]);
    const c = stats(list, (p) => p.chars4, (p) => p[vocab]);
    const name = excluded.includes(label) ? `${label} (margin not chosen on it)` : label;
    return `| ${name} | ${e.n} | ${pct(e.mean)} | ${pct(e.p95)} | ${pct(e.under)} | ${worst(e)} | ×${e.ratio.toFixed(2)} | ${pct(c.mean)} | ${pct(c.p95)} | ${pct(c.under)} | ${worst(c)} | ×${c.ratio.toFixed(2)} |`;
  });
  return [
    "| kind of text | pieces | estimate: mean error | p95 error | under-counts | worst under | total | chars/4: mean error | p95 error | under-counts | worst under | total |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}

function corpusTable() {
  return KINDS.map(([kind, label]) => {
    const list = pieces.filter((p) => p.kind === kind);
    const files = new Set(list.map((p) => p.file)).size;
    const units = list.reduce((a, p) => a + p.utf16, 0);
    const tokens = list.reduce((a, p) => a + p.o200k, 0);
    const sizes = list.map((p) => p.utf16);
    return `| ${label} | \`${kind}/\` | ${files} | ${list.length} | ${Math.min(...sizes)}–${Math.max(...sizes)} | ${units.toLocaleString("en")} | ${tokens.toLocaleString("en")} | ${(units / tokens).toFixed(2)} |`;
  }).join("\n");
}

function marginLine(vocab) {
  const counted = KINDS.filter(([kind]) => !MARGIN_EXCLUDES[vocab].includes(kind));
  const inKinds = pieces.filter((p) => counted.some(([kind]) => kind === p.kind));
  const s = stats(inKinds, (p) => p.estimate[vocab], (p) => p[vocab]);
  const [label, worstKind] = counted
    .map(([kind, l]) => [l, stats(pieces.filter((p) => p.kind === kind), (p) => p.estimate[vocab], (p) => p[vocab])])
    .reduce((a, k) => (k[1].under > a[1].under ? k : a));
  const excluded = MARGIN_EXCLUDES[vocab].map((kind) => {
    const l = KINDS.find(([k]) => k === kind)[1];
    const e = stats(pieces.filter((p) => p.kind === kind), (p) => p.estimate[vocab], (p) => p[vocab]);
    return ` ${l}, which the margin is not chosen on (see below), under-count on ${pct(e.under)} of their pieces, by up to ${pct(-e.worstUnder)}.`;
  });
  return `- ${vocab}: margin ×${(committed[vocab].margin / 1000).toFixed(3)}. On the ${s.n} pieces of the kinds it is chosen on, ${pct(s.under)} under-count (at most ${pct(worstKind.under)} in one kind, ${label}), by up to ${pct(-s.worstUnder)}.${excluded.join("")}`;
}

function c4Under(kinds) {
  const rates = kinds.map((kind) => stats(pieces.filter((p) => p.kind === kind), (p) => p.chars4, (p) => p.o200k).under);
  return { min: Math.min(...rates), max: Math.max(...rates) };
}

const weightRows = EVENTS.map((name, i) => `| \`${name}\` | ${eventDocs[i] ?? ""} | ${thousandths(committed.o200k.weights[i])} | ${thousandths(committed.cl100k.weights[i])} |`).join("\n");

const doc = `# Token counts: the estimator and its error

<!-- Generated by \`node scripts/tokens-report.mjs\`; edit the script, not this file — except the sections from "Exact counts" on, written by hand and kept by the script. -->

ctxpack budgets in tokens with a [\`TokenCounter\`](../src/tokens/mod.rs). The default one,
\`Estimator::o200k()\` (named \`estimate:o200k\`; \`ctxpack::tokens::estimate_tokens\`), is a
deterministic estimate small enough for the core's wasm: no vocabulary, a few range checks on
code points and ${EVENTS.length} integer weights. \`Estimator::cl100k()\` (\`estimate:cl100k\`) is the
same scan with weights fitted for \`cl100k_base\`. Exact counts come in a separate entry
(\`ctxpack/tokenizer\`, [below](#exact-counts)).

\`chars/4\`, the usual rule of thumb, is close on code and English prose on average but under the
real count on ${pct(c4Under(["rust", "typescript", "python", "english"]).min)} to ${pct(c4Under(["rust", "typescript", "python", "english"]).max)} of their pieces, and under it on
${c4Under(["json", "json-text", "chinese", "mixed", "emoji"]).min === 1 ? "every piece" : `${pct(c4Under(["json", "json-text", "chinese", "mixed", "emoji"]).min)} or more of the pieces`} of Chinese, JSON of a Chinese project, mixed text and emoji —
on Chinese prose its total is ${pct(1 - stats(pieces.filter((p) => p.kind === "chinese"), (p) => p.chars4, (p) => p.o200k).ratio)} below the real one. The estimator is a little over on
average, and under on few pieces.

## How it counts

The text is scanned once, left to right. Each character adds the weight of one event chosen from
its class and what precedes it — never what follows, so appending text never lowers the count.
Whitespace is weighed when the character after it arrives (one space before an ASCII word or
punctuation mostly joins its token in o200k; before anything else it does not), so up to 16
spaces at the very end of a text count nothing.

Some text costs what the vocabulary's worst case costs, not what prose and code cost, and the
fitted weights cannot see it: long and mixed whitespace, one character repeated, characters no
vocabulary merges. For these the scan adds fixed costs measured on the exact tokenizers
([\`src/tokens/bound.rs\`](../src/tokens/bound.rs)), after the margin: a space past the 16th of a
run, a repeated tab or newline, a whitespace character after a different one, line ends of
both kinds mixed, whitespace outside ASCII; the third and later of one letter (past a word's
8th) or punctuation mark in a row, in place of their fitted weight (\`"=" × 3000\` is 48 real
tokens, not 729); a word's 17th and later letters; and a token a byte for private use, rare
ideographs, Yi and everything beyond the BMP but emoji. The estimate is
\`ceil(Σ occurrences × weight × margin + Σ bounds)\`, in integer arithmetic (weights and bounds
in thousandths of a token, the margin in per mille): the same on every platform, linear in the
text, no allocation; \`""\` is 0 tokens. The fit leaves the bounds' part of each piece out
(\`extra\` in \`examples/token_estimate.rs\`).

| event | what occurs | o200k weight | cl100k weight |
|---|---|--:|--:|
${weightRows}
| margin | multiplies the sum | ×${thousandths(committed.o200k.margin)} | ×${thousandths(committed.cl100k.margin)} |

A weight of 0 means the fit found the event's cost carried by the events it comes with.

## Fitting and the safety margin

\`node scripts/tokens-report.mjs --fit\` counts each event in every piece of the corpus (through
the Rust code), fits the weights by non-negative least squares on the relative error — each kind
of text weighing the same, whatever its number of pieces — and rounds them to thousandths. The
classes were chosen by measurement: a distinction stayed only if it lowered the margin or the
error (Greek costs o200k what Hebrew or Hindi do, not what Cyrillic does; English-like ASCII words
cost more near accented letters, in French or Polish; a Han character costs about the same
wherever its run starts).

An estimate that guards a hard budget should rarely count fewer tokens than the model will see.
The margin is the smallest multiplier (in steps of 0.5%) under which **no kind of text
under-counts on more than ${pct(UNDER_COUNT_BOUND)} of its pieces**:

${marginLine("o200k")}
${marginLine("cl100k")}

cl100k spends far more tokens per character on some scripts it saw little of (Georgian, Armenian,
Bengali) than on others (Arabic, Hebrew, Cyrillic), so one weight for them all would need a
margin that inflates every other estimate; its margin is chosen without the other scripts, and
they under-count as above.

\`cargo test --test tokens\` holds the committed weights to the same bound on the committed
corpus (exact counts in \`${COUNTS}\`, so the test needs no Node) and pins a few estimates, so the
weights cannot change unannounced. The rates are measured on this corpus only; a text unlike it
(an alphabet listing, rare ideographs) can be under-counted by more. Use an exact counter where
a budget must never be exceeded.

## Error against exact counts, per kind of text

Relative error is |estimate − exact| / exact per piece; the mean and the 95th percentile
(nearest rank) are over the pieces of a kind. "Under-counts" is the share of pieces whose
estimate is below the exact count, and "worst under" how far below the worst of them is; "total"
is the sum of the estimates over the sum of the exact counts. \`chars/4\` is \`ceil(utf16 / 4)\`,
the rule of thumb, in UTF-16 code units.

### o200k_base (GPT-4o, GPT-4.1, o-series, GPT-5): \`estimate:o200k\`

${table("o200k")}

### cl100k_base (GPT-4, GPT-3.5): \`estimate:cl100k\`

${table("cl100k")}

## The corpus

\`${CORPUS}/\` (sources and licenses in its README). Each file is cut into pieces of whole lines,
a piece ending once it reaches the next length of the cycle ${CYCLE.join(", ")} UTF-16 units
(${SMALL_CYCLE.join(", ")} for kinds under ${SMALL_KIND.toLocaleString("en")} units, or they would give too few pieces for a
rate of ${pct(UNDER_COUNT_BOUND)}); a last piece under ${MIN_TAIL} units joins the one before, and a line longer than
the target is a piece of its own.

| kind of text | directory | files | pieces | piece length | UTF-16 units | o200k tokens | units per token |
|---|---|--:|--:|--:|--:|--:|--:|
${corpusTable()}

Exact counts: ${TOKENIZER}, \`encode\` with special tokens treated as ordinary text.

## Regenerating

\`\`\`sh
npm ci                                  # gpt-tokenizer is a root devDependency
node scripts/tokens-report.mjs --fit    # only when refitting: paste its constants into src/tokens/mod.rs
node scripts/tokens-report.mjs          # rewrites ${COUNTS} and ${DOC}
cargo test --test tokens                # the bound and the pinned estimates
\`\`\`

\`--check\` rewrites nothing and fails when either file would change (a corpus file or the
estimator changed without regenerating) or when \`src/tokens/mod.rs\` does not hold the weights and
margins \`--fit\` gives. The floors and the marks (\`src/tokens/bound.rs\`) charge what an event's
weight leaves, so a refit moves what the next fit sees: fit, paste and fit again until \`--check\`
passes (two or three rounds).
` + handWrittenTail();

/** The sections from "## Exact counts" on are written by hand (measurements of the tokenizer
 *  entry, not of the estimator): kept as they are. */
function handWrittenTail() {
  let existing = "";
  try {
    existing = readFileSync(join(root, DOC), "utf8");
  } catch {}
  const at = existing.indexOf("\n## Exact counts\n");
  return at < 0 ? "" : existing.slice(at);
}

if (mode === "check") {
  const stale = [[COUNTS, counts], [DOC, doc]].filter(([f, text]) => readFileSync(join(root, f), "utf8") !== text);
  if (stale.length) {
    console.error(`stale: ${stale.map(([f]) => f).join(", ")} — run node scripts/tokens-report.mjs`);
    process.exit(1);
  }
  for (const vocab of ["o200k", "cl100k"]) {
    const { weights, margin } = fitted(vocab);
    if (JSON.stringify([weights, margin]) !== JSON.stringify([committed[vocab].weights, committed[vocab].margin])) {
      console.error(`src/tokens/mod.rs: the ${vocab} weights or margin are not what the corpus fits — run node scripts/tokens-report.mjs --fit`);
      process.exit(1);
    }
  }
  console.log(`${COUNTS} and ${DOC} are up to date (${pieces.length} pieces), and src/tokens/mod.rs holds the fitted weights`);
} else {
  writeFileSync(join(root, COUNTS), counts);
  writeFileSync(join(root, DOC), doc);
  console.log(`wrote ${COUNTS} and ${DOC} (${pieces.length} pieces)`);
}
