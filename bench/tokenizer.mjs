// Exact token counting speed in Node: ctxpack's tokenizer entry next to gpt-tokenizer and
// js-tiktoken, in the same process, on the whole corpus (tests/tokens/corpus, every file whole).
//
//   node bench/deps.mjs                                   (installs js-tiktoken, pinned in bench/package.json)
//   node bench/tokenizer.mjs <glue.js> [--seconds 3] [--json]
//
// <glue.js> is the built entry: wasm-bindgen's nodejs or ESM glue, or the package's tokenizer entry.
// Per vocabulary (o200k, cl100k) and contender it reports:
//   - start-up: a fresh `node` loading the library and counting "x" (ms, median of 3 processes);
//   - first pass: tokens/s over the corpus once, right after start-up (tables built, caches empty);
//   - steady: tokens/s over repeated passes for --seconds (gpt-tokenizer's merge cache warm);
// and ctxpack's ratio to each peer. Every contender must give the same total, or the run fails.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const glue = args.find((a) => !a.startsWith("--"));
if (!glue) {
  console.error("usage: node bench/tokenizer.mjs <path to the built tokenizer entry's glue> [--seconds N] [--json]");
  process.exit(2);
}
const seconds = Number(args[args.indexOf("--seconds") + 1]) || 3;
const asJson = args.includes("--json");
const gluePath = resolve(glue);
const requireHere = createRequire(import.meta.url);
const requireRoot = createRequire(join(root, "package.json"));
const requireBench = createRequire(join(root, "bench", "package.json"));

const CORPUS = join(root, "tests/tokens/corpus");
const texts = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(CORPUS, d.name)).map((f) => join(CORPUS, d.name, f)))
  .sort()
  .map((f) => readFileSync(f, "utf8"));
const chars = texts.reduce((n, t) => n + t.length, 0);

// Each contender: how a fresh process loads it (for start-up), and a loader for this process
// giving `count(text) -> number` per vocabulary. Special tokens count as ordinary text in all.
const CONTENDERS = {
  ctxpack: {
    startup: (v) => `const m = ${loadGlueSource()}; m.countTokens("x", "${v}");`,
    load: async () => {
      const m = await loadGlue();
      return (v) => (t) => m.countTokens(t, v);
    },
  },
  "gpt-tokenizer": {
    startup: (v) => `const e = require(${JSON.stringify(requireRoot.resolve(`gpt-tokenizer/encoding/${v}_base`))}); e.countTokens("x");`,
    load: async () => {
      const enc = { o200k: requireRoot(`gpt-tokenizer/encoding/o200k_base`), cl100k: requireRoot(`gpt-tokenizer/encoding/cl100k_base`) };
      const ordinary = { disallowedSpecial: new Set() };
      return (v) => (t) => enc[v].countTokens(t, ordinary);
    },
  },
  "js-tiktoken": {
    startup: (v) =>
      `const { Tiktoken } = require(${JSON.stringify(requireBench.resolve("js-tiktoken/lite"))}); const r = require(${JSON.stringify(requireBench.resolve(`js-tiktoken/ranks/${v}_base`))}); new Tiktoken(r.default ?? r).encode("x", [], []);`,
    load: async () => {
      const { Tiktoken } = requireBench("js-tiktoken/lite");
      const enc = {};
      for (const v of ["o200k", "cl100k"]) {
        const r = requireBench(`js-tiktoken/ranks/${v}_base`);
        enc[v] = new Tiktoken(r.default ?? r);
      }
      return (v) => (t) => enc[v].encode(t, [], []).length;
    },
  },
};

function loadGlueSource() {
  return `require(${JSON.stringify(gluePath)})`;
}

async function loadGlue() {
  try {
    return requireHere(gluePath);
  } catch (e) {
    if (e.code !== "ERR_REQUIRE_ESM") throw e;
    return import(pathToFileURL(gluePath).href);
  }
}

function startupMs(source) {
  const runs = [0, 1, 2].map(() => {
    const out = execFileSync(process.execPath, ["-e", `const t = performance.now(); ${source} process.stdout.write(String(performance.now() - t));`], { encoding: "utf8" });
    return Number(out);
  });
  return runs.sort((a, b) => a - b)[1];
}

function pass(count) {
  let tokens = 0;
  for (const t of texts) tokens += count(t);
  return tokens;
}

const results = [];
const loaded = {};
for (const [name, c] of Object.entries(CONTENDERS)) loaded[name] = await c.load();
for (const v of ["o200k", "cl100k"]) {
  for (const [name, c] of Object.entries(CONTENDERS)) {
    let startup;
    try {
      startup = startupMs(c.startup(v));
    } catch {
      startup = NaN; // an ESM-only glue cannot be required by `node -e`
    }
    const count = loaded[name](v);
    count("x"); // the tables are built: start-up measures that
    let t = performance.now();
    const tokens = pass(count);
    const first = tokens / ((performance.now() - t) / 1000);
    let rounds = 0;
    t = performance.now();
    while (performance.now() - t < seconds * 1000) {
      pass(count);
      rounds++;
    }
    const steady = (tokens * rounds) / ((performance.now() - t) / 1000);
    results.push({ vocabulary: v, contender: name, tokens, startupMs: startup, firstPassTokensPerSecond: first, steadyTokensPerSecond: steady });
  }
}

for (const v of ["o200k", "cl100k"]) {
  const totals = new Set(results.filter((r) => r.vocabulary === v).map((r) => r.tokens));
  if (totals.size !== 1) {
    console.error(`${v}: the contenders disagree on the corpus total: ${[...totals].join(", ")}`);
    process.exitCode = 1;
  }
}

if (asJson) {
  console.log(JSON.stringify({ node: process.version, texts: texts.length, chars, results }, null, 2));
} else {
  const m = (n) => `${(n / 1e6).toFixed(2)}M`;
  console.log(`Node ${process.version}; corpus: ${texts.length} files, ${chars} UTF-16 units; steady state over ${seconds} s\n`);
  console.log("| vocabulary | library | start-up (ms) | first pass (tokens/s) | steady (tokens/s) | ctxpack ÷ it (first / steady) |");
  console.log("|---|---|--:|--:|--:|--:|");
  for (const r of results) {
    const me = results.find((x) => x.vocabulary === r.vocabulary && x.contender === "ctxpack");
    const ratio = r.contender === "ctxpack" ? "" : `${(me.firstPassTokensPerSecond / r.firstPassTokensPerSecond).toFixed(2)}× / ${(me.steadyTokensPerSecond / r.steadyTokensPerSecond).toFixed(2)}×`;
    console.log(`| ${r.vocabulary} | ${r.contender} | ${r.startupMs.toFixed(0)} | ${m(r.firstPassTokensPerSecond)} | ${m(r.steadyTokensPerSecond)} | ${ratio} |`);
  }
}
