// Numbers in the docs are written here, by what measures them, between markers
// `<!-- numbers:NAME -->` and `<!-- /numbers:NAME -->`; a hand edit inside is overwritten.
//
//   node scripts/doc-numbers.mjs                 rewrite every region whose source is present
//   node scripts/doc-numbers.mjs --check         fail if a region is not what its source gives
//   node scripts/doc-numbers.mjs --check www     the same for the regions of www/dist only
//
// Regions and their sources:
//   README.md      entries   each entry's wasm in pkg/ (the build): raw, gzip -9, base64 copy, budget
//   README.md      speed     bench/results/results.json (npm run bench): ratios at 10,000 documents
//   www/README.md  chunks    www/dist (vite build of the page: tests/e2e/run.mjs, npm start)
//   docs/RUNTIMES.md sizes   tests/runtimes/results/sizes.json (the runtime matrix's `sizes` case)
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ENTRIES } from "./entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const size = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`);

function entriesTable() {
  const rows = ENTRIES.map(({ subpath, dir, gzip: budget }) => {
    const web = join(root, "pkg", dir, "web");
    const wasm = readFileSync(join(web, "ctxpack_bg.wasm"));
    const inline = readFileSync(join(web, "wasm-inline.js"));
    const name = subpath === "." ? "ctxpack" : `ctxpack/${subpath.slice(2)}`;
    return `| \`${name}\` | ${size(wasm.length)} | ${size(gzip(wasm))} | ${size(budget)} | ${size(inline.length)} | ${size(gzip(inline))} |`;
  });
  return [
    "| entry | wasm | wasm, gzip -9 | budget (gzip) | base64 copy inlined in JS | its gzip -9 |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

// ctxpack against each contender on one workload, as the ratio of their median times.
const SPEED = [
  ["objects in", "10k", "ctxpack", "plain TS", "the same algorithm in plain TypeScript (no manifest)"],
  ["objects in, rows as `JSON.parse` or a database driver makes them", "10k, rows parsed", "ctxpack", "plain TS", "the same, plain TypeScript"],
  ["JSON text in", "10k", "ctxpack, JSON text", "JSON.parse + plain TS", "`JSON.parse`, then plain TypeScript"],
  ["UTF-8 bytes in", "10k", "ctxpack, JSON bytes", "TextDecoder + JSON.parse + plain TS", "`TextDecoder`, `JSON.parse`, plain TypeScript"],
  ["a request whose params choose documents (episode 3), objects in", "10k, param request", "ctxpack", "plain TS", "plain TypeScript, parsing each text body"],
  ["objects in", "10k", "ctxpack", "Priompt", "Priompt"],
  ["objects in", "10k", "ctxpack", "prompt-tsx", "prompt-tsx"],
];
function speedTable() {
  const results = JSON.parse(readFileSync(join(root, "bench", "results", "results.json"), "utf8"));
  const ratio = (env, label, ours, theirs) => {
    const stats = results[env]?.workloads?.find((w) => w.label === label)?.stats;
    const a = stats?.[ours]?.median;
    const b = stats?.[theirs]?.median;
    if (!a || !b) return "—";
    const times = (r) => (r < 10 ? r.toFixed(2) : Math.round(r).toLocaleString("en"));
    return a <= b ? `**${times(b / a)}× faster**` : `${times(a / b)}× the time`;
  };
  const rows = SPEED.map(([what, label, ours, theirs, against]) => `| ${what} | ${against} | ${ratio("node", label, ours, theirs)} | ${ratio("chromium", label, ours, theirs)} |`);
  return [
    `| 10,000 documents | ctxpack against | ${results.node.runtime} | ${results.chromium?.runtime ?? "Chromium"} |`,
    "|---|---|---:|---:|",
    ...rows,
    "",
    `Medians of \`npm run bench\` on ${results.date} (${results.machine.cores} cores, ${results.machine.cpu}), byte-identical contexts checked first.`,
  ].join("\n");
}

// The page's chunks: Vite names them after their entry with a hash (ctxpack-files-XXXX.js).
const CHUNKS = [
  ["index (page + ctxpack)", /^index-.*\.js$/, "on load"],
  ["assembly-worker (ctxpack/react's worker + ctxpack)", /^assembly-worker-(?!o200k-|cl100k-).*\.js$/, "on the first input after the first render"],
  ["assembly-worker-o200k (+ ctxpack/tokenizer/o200k)", /^assembly-worker-o200k-.*\.js$/, "exact o200k first chosen"],
  ["assembly-worker-cl100k (+ ctxpack/tokenizer/cl100k)", /^assembly-worker-cl100k-.*\.js$/, "exact cl100k first chosen"],
  ["ctxpack-files", /^ctxpack-files-.*\.js$/, "Preloaded files / Prompt sections first opened"],
  ["ctxpack-code", /^ctxpack-code-.*\.js$/, "Module registry first opened"],
  ["ctxpack-governor", /^ctxpack-governor-.*\.js$/, "Run governor first opened"],
  ["ctxpack-tokenizer-o200k (page)", /^ctxpack-tokenizer-o200k-.*\.js$/, "exact o200k, only if its worker cannot start"],
  ["ctxpack-tokenizer-cl100k (page)", /^ctxpack-tokenizer-cl100k-.*\.js$/, "exact cl100k, only if its worker cannot start"],
];
function chunksTable() {
  const assets = join(root, "www", "dist", "assets");
  const files = readdirSync(assets);
  const pick = (re) => {
    const found = files.filter((f) => re.test(f));
    if (found.length !== 1) throw new Error(`www/dist/assets: ${found.length} files match ${re} (${files.join(", ")})`);
    return readFileSync(join(assets, found[0]));
  };
  const rows = CHUNKS.map(([name, re, when]) => {
    const js = pick(re);
    return `| ${name} | ${size(js.length)} | ${size(gzip(js))} | ${when} |`;
  });
  return ["| chunk | raw | gzip -9 | fetched |", "|---|---|---|---|", ...rows].join("\n");
}

// What each entry ships per runtime, as the runtime matrix's esbuild bundles measured it.
function runtimeSizesTable() {
  const { commit, date, esbuild, sizes } = JSON.parse(readFileSync(join(root, "tests", "runtimes", "results", "sizes.json"), "utf8"));
  const n = (v) => v.toLocaleString("en");
  const rows = sizes.map(({ entry, way, js, jsGzip, wasm, wasmGzip }) => {
    const web = way.startsWith("/web");
    const name = web ? `${entry === "ctxpack" ? "ctxpack" : entry}/web` : entry;
    return `| \`${name}\` | ${web ? "browser + `init()`" : way} | ${n(js)} | ${n(jsGzip)} | ${wasm ? n(wasm) : "—"} | ${wasm ? n(wasmGzip) : "—"} |`;
  });
  return [
    "| entry | runtime | JS | JS gzip | wasm | wasm gzip |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `The matrix's output on ${commit} (${date}, esbuild ${esbuild}; \`node tests/runtimes/run.mjs --only sizes\`).`,
  ].join("\n");
}

const REGIONS = [
  { file: "README.md", name: "entries", make: entriesTable, source: join(root, "pkg", "web"), group: "package" },
  { file: "README.md", name: "speed", make: speedTable, source: join(root, "bench", "results", "results.json"), group: "package" },
  { file: "docs/RUNTIMES.md", name: "sizes", make: runtimeSizesTable, source: join(root, "tests", "runtimes", "results", "sizes.json"), group: "package" },
  { file: "www/README.md", name: "chunks", make: chunksTable, source: join(root, "www", "dist", "assets"), group: "www" },
];

/** `text` with the region NAME replaced by `body`; throws when the markers are missing. */
export function fillRegion(text, name, body, file = "<doc>") {
  const open = `<!-- numbers:${name} -->`;
  const close = `<!-- /numbers:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`${file}: no ${open} … ${close}`);
  return `${text.slice(0, start + open.length)}\n${body}\n${text.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  // Without a group: every region whose source is present (a check: the package's alone).
  const wanted = args.find((a) => !a.startsWith("--"));
  let stale = 0;
  for (const { file, name, make, source, group } of REGIONS) {
    if (wanted ? group !== wanted : check && group !== "package") continue;
    if (!existsSync(source)) {
      if (check || wanted) throw new Error(`${file} numbers:${name}: ${source} is missing (build it first)`);
      continue;
    }
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const next = fillRegion(text, name, make(), file);
    if (next === text) console.log(`${file} numbers:${name}: current`);
    else if (check) {
      stale++;
      console.log(`${file} numbers:${name}: stale — run \`node scripts/doc-numbers.mjs${group === "www" ? " www" : ""}\` and commit`);
    } else {
      writeFileSync(path, next);
      console.log(`${file} numbers:${name}: written`);
    }
  }
  if (stale) process.exit(1);
}
