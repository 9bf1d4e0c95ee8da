// Exact token counting speed: ctxpack's tokenizer entry next to gpt-tokenizer and js-tiktoken, on
// the whole corpus (tests/tokens/corpus, every file whole), natively, in Node and in headless
// Chromium, in one run; plus each library's start-up and the entry's size.
//
//   node bench/deps.mjs                     (installs js-tiktoken, pinned in bench/package.json)
//   node scripts/build.mjs --entry tokenizer
//   node bench/tokenizer.mjs [<Node glue>] [--seconds 3] [--json] [--no-native] [--no-chromium]
//
// <Node glue> defaults to the package's Node entry (pkg/tokenizer/index.cjs): wasm-bindgen's
// nodejs or ESM glue, or the package's entry. Chromium loads the browser entry next to it
// (pkg/tokenizer/index.js, the wasm inlined), gpt-tokenizer's ESM build and js-tiktoken's lite
// build, from the repository served on 127.0.0.1 (cross-origin isolated: a 5 µs timer).
// Per vocabulary (o200k, cl100k) and contender it reports:
//   - start-up: a fresh `node` process (Chromium: a fresh page) loading the library and counting
//     "x" (ms, median of 3);
//   - first pass: tokens/s over the corpus once, right after start-up (tables built, caches empty);
//   - steady: tokens/s over repeated passes for --seconds (merge caches warm);
// and ctxpack's ratio to each peer. Natively: `cargo test --release --features tokenizer --test
// tokenizer -- --ignored tokens_per_second` (ctxpack, and tiktoken-rs's own encoder it replaced).
// Size: the entry's wasm, raw and gzip -9. Every contender must give the same total, or the run fails.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf("--seconds") + 1]) || 3;
const glue = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--seconds") ?? join(root, "pkg/tokenizer/index.cjs");
const asJson = args.includes("--json");
const gluePath = resolve(glue);
const entryDir = dirname(gluePath);
const requireHere = createRequire(import.meta.url);
const requireRoot = createRequire(join(root, "package.json"));
const requireBench = createRequire(join(root, "bench", "package.json"));
const VOCABULARIES = ["o200k", "cl100k"];

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
      for (const v of VOCABULARIES) {
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function startupMs(source) {
  const runs = [0, 1, 2].map(() => {
    const out = execFileSync(process.execPath, ["-e", `const t = performance.now(); ${source} process.stdout.write(String(performance.now() - t));`], { encoding: "utf8" });
    return Number(out);
  });
  return median(runs);
}

function pass(count) {
  let tokens = 0;
  for (const t of texts) tokens += count(t);
  return tokens;
}

/** The entry's wasm: the file next to the Node glue, else the one under the entry's directory. */
function entrySize() {
  const candidates = [join(entryDir, "ctxpack_bg.wasm"), join(entryDir, "node", "ctxpack_bg.wasm"), join(entryDir, "web", "ctxpack_bg.wasm")];
  const file = candidates.find((f) => existsSync(f));
  if (!file) return null;
  const bytes = readFileSync(file);
  return { file: relative(root, file), bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function native() {
  const out = execFileSync("cargo", ["test", "--release", "--features", "tokenizer", "--test", "tokenizer", "--", "--ignored", "--nocapture", "tokens_per_second"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  // "o200k ctxpack: tables built in 12ms; 142647 tokens (… bytes) in 9.1 ms: 15.60 M tokens/s"
  const rows = [];
  for (const m of out.matchAll(/^(\w+) ([\w-]+): tables built in ([\d.]+)(ms|µs|s); (\d+) tokens .*: ([\d.]+) M tokens\/s$/gm)) {
    const scale = { ms: 1, µs: 1e-3, s: 1e3 }[m[4]];
    rows.push({ vocabulary: m[1], contender: m[2], startupMs: Number(m[3]) * scale, tokens: Number(m[5]), steadyTokensPerSecond: Number(m[6]) * 1e6 });
  }
  if (!rows.length) throw new Error(`no measurement in the native run's output:\n${out}`);
  return rows;
}

async function inNode() {
  const results = [];
  const loaded = {};
  for (const [name, c] of Object.entries(CONTENDERS)) loaded[name] = await c.load();
  for (const v of VOCABULARIES) {
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
  return results;
}

// The page's loaders: the same three libraries, as a browser imports them. js-tiktoken imports
// `base64-js` (CommonJS) by its bare name; the import map points it at a two-line module doing the
// same with atob (used only when its tables are built, so outside the timed passes).
const PAGE = (browserEntry) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "base64-js": "/__base64.mjs" } }</script></head><body><script type="module">
const LOADERS = {
  ctxpack: async (v) => { const m = await import(${JSON.stringify(browserEntry)}); return (t) => m.countTokens(t, v); },
  "gpt-tokenizer": async (v) => {
    const e = await import("/node_modules/gpt-tokenizer/esm/encoding/" + v + "_base.js");
    const ordinary = { disallowedSpecial: new Set() };
    return (t) => e.countTokens(t, ordinary);
  },
  "js-tiktoken": async (v) => {
    const { Tiktoken } = await import("/bench/node_modules/js-tiktoken/dist/lite.js");
    const r = await import("/bench/node_modules/js-tiktoken/dist/ranks/" + v + "_base.js");
    const enc = new Tiktoken(r.default);
    return (t) => enc.encode(t, [], []).length;
  },
};
window.startup = async (name, v) => {
  const t = performance.now();
  const count = await LOADERS[name](v);
  count("x");
  return performance.now() - t;
};
window.run = async (name, v, seconds) => {
  const count = await LOADERS[name](v);
  count("x");
  const pass = () => { let n = 0; for (const t of window.texts) n += count(t); return n; };
  let t = performance.now();
  const tokens = pass();
  const first = tokens / ((performance.now() - t) / 1000);
  let rounds = 0;
  t = performance.now();
  while (performance.now() - t < seconds * 1000) { pass(); rounds++; }
  const steady = (tokens * rounds) / ((performance.now() - t) / 1000);
  return { tokens, first, steady };
};
window.ready = true;
</script></body></html>`;

const BASE64 = `export default { toByteArray: (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0)) };\n`;

async function inChromium() {
  const { launchChromium } = await import("../tests/support/chromium.mjs");
  const { origin, serveFiles } = await import("../tests/support/server.mjs");
  const browserEntry = `/${relative(root, join(entryDir, "index.js")).split("\\").join("/")}`;
  const headers = { "cache-control": "no-store", "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  const server = await serveFiles({ root, files: { "/__tokenizer_bench__.html": PAGE(browserEntry), "/__base64.mjs": BASE64 }, headers });
  const browser = await launchChromium({ timeout: 0 });
  const open = async () => {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    const problems = [];
    tab.on("pageerror", (e) => problems.push(`page error: ${e}`));
    tab.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
    await tab.goto(`${origin(server)}/__tokenizer_bench__.html`);
    await tab.waitForFunction(() => window.ready === true);
    if (!(await tab.evaluate(() => self.crossOriginIsolated))) throw new Error("the page is not cross-origin isolated: its timer would be coarse");
    const call = async (f, arg) => {
      const r = await tab.evaluate(f, arg);
      if (problems.length) throw new Error(`in the page: ${problems.join("; ")}`);
      return r;
    };
    return { tab, call };
  };
  try {
    const results = [];
    const startups = {};
    for (const v of VOCABULARIES) {
      for (const name of Object.keys(CONTENDERS)) {
        const runs = [];
        for (let i = 0; i < 3; i++) {
          const { tab, call } = await open();
          runs.push(await call(([n, v]) => window.startup(n, v), [name, v]));
          await tab.close();
        }
        startups[`${v} ${name}`] = median(runs);
      }
    }
    const { call } = await open();
    await call((t) => (window.texts = t) && null, texts);
    for (const v of VOCABULARIES) {
      for (const name of Object.keys(CONTENDERS)) {
        const r = await call(([n, v, s]) => window.run(n, v, s), [name, v, seconds]);
        results.push({ vocabulary: v, contender: name, tokens: r.tokens, startupMs: startups[`${v} ${name}`], firstPassTokensPerSecond: r.first, steadyTokensPerSecond: r.steady });
      }
    }
    return { version: `Chromium ${browser.version()}`, results };
  } finally {
    await browser.close();
    server.close();
  }
}

const report = { node: process.version, texts: texts.length, chars, size: entrySize() };
if (!args.includes("--no-native")) report.native = native();
report.nodeResults = await inNode();
if (!args.includes("--no-chromium")) {
  const c = await inChromium();
  report.chromium = c.version;
  report.chromiumResults = c.results;
}

for (const [where, rows] of [["Node", report.nodeResults], ["Chromium", report.chromiumResults ?? []], ["native", report.native ?? []]]) {
  for (const v of VOCABULARIES) {
    const totals = new Set(rows.filter((r) => r.vocabulary === v).map((r) => r.tokens));
    if (totals.size > 1) {
      console.error(`${where} ${v}: the contenders disagree on the corpus total: ${[...totals].join(", ")}`);
      process.exitCode = 1;
    }
  }
}

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const m = (n) => (Number.isFinite(n) ? `${(n / 1e6).toFixed(2)}M` : "—");
  const ms = (n) => (Number.isFinite(n) ? n.toFixed(0) : "—");
  console.log(`corpus: ${texts.length} files, ${chars} UTF-16 units; steady state over ${seconds} s`);
  if (report.size) console.log(`entry: ${report.size.file}, ${report.size.bytes} bytes, ${report.size.gzip} gzip -9`);
  const table = (title, rows) => {
    console.log(`\n${title}\n`);
    console.log("| vocabulary | library | start-up (ms) | first pass (tokens/s) | steady (tokens/s) | ctxpack ÷ it (first / steady) |");
    console.log("|---|---|--:|--:|--:|--:|");
    for (const r of rows) {
      const me = rows.find((x) => x.vocabulary === r.vocabulary && x.contender === "ctxpack");
      const ratio = r.contender === "ctxpack" ? "" : `${(me.firstPassTokensPerSecond / r.firstPassTokensPerSecond).toFixed(2)}× / ${(me.steadyTokensPerSecond / r.steadyTokensPerSecond).toFixed(2)}×`;
      console.log(`| ${r.vocabulary} | ${r.contender} | ${ms(r.startupMs)} | ${m(r.firstPassTokensPerSecond)} | ${m(r.steadyTokensPerSecond)} | ${ratio} |`);
    }
  };
  table(`Node ${process.version}`, report.nodeResults);
  if (report.chromiumResults) table(report.chromium, report.chromiumResults);
  if (report.native) {
    console.log("\nnative (cargo test --release … tokens_per_second)\n");
    console.log("| vocabulary | encoder | tables built (ms) | tokens/s |");
    console.log("|---|---|--:|--:|");
    for (const r of report.native) console.log(`| ${r.vocabulary} | ${r.contender} | ${r.startupMs.toFixed(1)} | ${m(r.steadyTokensPerSecond)} |`);
  }
}
