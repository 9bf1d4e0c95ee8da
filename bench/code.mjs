// Class-extraction throughput of `ctxpack/code` (issue 18): MB/s over the Python standard library
// installed here and over the .ts/.js sources of packages in node_modules — natively (the release
// example, examples/extract_classes.rs --bench), in Node (the packaged entry, `import
// "ctxpack/code"`) and in headless Chromium (the browser entry, pkg/code/index.js, in a page) —
// side by side in one run (native and Node rounds interleaved, so the machine's load falls on
// both alike; Chromium's after them, with no browser open during the others);
// and the size the entry ships, with the share of it that is the code module (the entry less a
// build of the crate with no engine: what every entry carries).
// Targets: ≥ 50 MB/s natively, ≥ 20 MB/s in Node and in Chromium.
//
//   node bench/code.mjs [--rounds 5] [--no-native] [--no-browser] [--no-runtime-size] [--out FILE]
//
// Run after `node scripts/build.mjs --entry code` (npm run bench:engines builds first). Prints a
// summary on stderr and the results as JSON (to FILE with --out). Nothing asserts on time.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { extractPass } from "./code-run.mjs";
import { nodeEntry, openPage } from "./engines-page.mjs";
// wasm-opt as scripts/build.mjs runs it for every entry.
import { WASM_OPT_FLAGS } from "../scripts/entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const MB = 1e6;

/** The TypeScript comparison's default packages (scripts/code-accuracy.mjs) that live in node_modules. */
const NODE_PACKAGES = ["typescript/lib", "vite/dist", "playwright-core/lib", "postcss/lib", "rolldown/dist", "gpt-tokenizer/src", "gpt-tokenizer/esm", "source-map-js/lib", "lightningcss/node", "tinyglobby/dist", "picomatch/lib", "nanoid"];
const JS_EXT = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;
const PY_EXT = /\.pyi?$/;

/** Files under `dir` whose names match `ext`, sorted, skipping the directories `skip` names. */
function walk(dir, ext, skip) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const s = statSync(p, { throwIfNoEntry: false });
    if (!s) continue;
    if (s.isDirectory()) {
      if (!skip.has(name)) out.push(...walk(p, ext, skip));
    } else if (s.isFile() && ext.test(name)) out.push(p);
  }
  return out;
}

/** The two corpora: the standard library proper (site-packages left out) and the npm sources. */
export function corpora() {
  const stdlib = execFileSync("python3", ["-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim();
  const python = walk(stdlib, PY_EXT, new Set(["site-packages", "dist-packages", "__pycache__"]));
  const dirs = NODE_PACKAGES.map((p) => join("node_modules", p)).filter((d) => statSync(join(root, d), { throwIfNoEntry: false })?.isDirectory());
  const npm = dirs.flatMap((d) => walk(join(root, d), JS_EXT, new Set(["node_modules"])));
  const load = (name, where, paths) => {
    // Read as the native example reads: UTF-8, invalid sequences replaced (both sides count the
    // same bytes and see the same text).
    const files = paths.map((p) => [p, readFileSync(p, "utf8")]);
    return { name, where, paths, files, bytes: files.reduce((n, [, c]) => n + Buffer.byteLength(c), 0) };
  };
  return [load("Python standard library", stdlib, python), load("npm packages (.ts/.js)", dirs.join(", "), npm)];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const summary = (xs) => ({ median: +median(xs).toFixed(1), min: +Math.min(...xs).toFixed(1), max: +Math.max(...xs).toFixed(1), rounds: xs.map((x) => +x.toFixed(1)) });

/** One run of the native example over `paths`: it reads them, then extracts 5 passes; the mean pass. */
function nativePass(bin, paths) {
  const r = spawnSync(bin, ["--bench"], { input: paths.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${bin} --bench failed: ${r.stderr}`);
  const m = r.stdout.match(/^(\d+) files, [\d.]+ MB, (\d+) classes, ([\d.]+) s per pass/);
  if (!m) throw new Error(`unexpected output from ${bin}: ${r.stdout}`);
  return { files: Number(m[1]), classes: Number(m[2]), ms: Number(m[3]) * 1e3 };
}


/**
 * The wasm every entry carries: the crate built with no engine feature (the shared exports —
 * version, estimateTokens —, the JSON reader and writer, shapes, errors, the allocator, the panic
 * hook), through wasm-bindgen and wasm-opt as scripts/build.mjs builds an entry.
 */
function runtimeWasm(log) {
  log("building the crate with no engine (the runtime every entry shares) …");
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  run("cargo", ["build", "--lib", "--target", "wasm32-unknown-unknown", "--no-default-features", "--release", "--quiet"]);
  const out = mkdtempSync(join(tmpdir(), "ctxpack-runtime-"));
  run("wasm-bindgen", ["--target", "web", "--weak-refs", "--out-dir", out, "--out-name", "ctxpack", join(root, "target", "wasm32-unknown-unknown", "release", "ctxpack.wasm")]);
  const file = join(out, "ctxpack_bg.wasm");
  run(join(root, "node_modules", ".bin", "wasm-opt"), [...WASM_OPT_FLAGS, file, "-o", file]);
  return readFileSync(file);
}

/** Raw and gzip -9 sizes of the shipped entries' wasm, and the code module's share of its entry. */
export function sizes({ runtime = true, log = () => {} } = {}) {
  const size = (bytes) => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  const entries = {};
  for (const dir of ["code", "governor", "files"]) {
    const file = join(root, "pkg", dir, "web", "ctxpack_bg.wasm");
    if (statSync(file, { throwIfNoEntry: false })) entries[dir] = size(readFileSync(file));
  }
  if (!entries.code) throw new Error("pkg/code/web/ctxpack_bg.wasm is missing: node scripts/build.mjs --entry code");
  const result = { file: "pkg/code/web/ctxpack_bg.wasm", entries };
  if (runtime) {
    const shared = size(runtimeWasm(log));
    result.sharedRuntime = shared;
    result.engines = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { raw: v.raw - shared.raw, gzip: v.gzip - shared.gzip, shareOfEntryGzip: +((v.gzip - shared.gzip) / v.gzip).toFixed(3) }]));
  }
  return result;
}

/**
 * The whole benchmark. `rounds` timed rounds after one untimed warm-up pass in each JS runtime;
 * a round runs native then Node on each corpus; then Chromium's rounds.
 */
export async function runCodeBench({ rounds = 5, native = true, browser = true, runtimeSize = true, log = (s) => process.stderr.write(`${s}\n`) } = {}) {
  const load = [loadavg()[0]];
  const bin = join(root, "target", "release", "examples", "extract_classes");
  if (native) {
    log("cargo build --release --example extract_classes …");
    execFileSync("cargo", ["build", "--release", "--example", "extract_classes", "--quiet"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  const { extractClasses } = await import(nodeEntry("code"));
  const sets = corpora();
  for (const c of sets) log(`${c.name}: ${c.files.length} files, ${(c.bytes / MB).toFixed(1)} MB (${c.where})`);

  const results = sets.map((c) => ({ corpus: c.name, where: c.where, files: c.files.length, bytes: c.bytes, classes: null, native: [], node: [], chromium: [] }));
  const agree = (r, who, classes) => {
    r.classes ??= classes;
    if (classes !== r.classes) throw new Error(`${r.corpus}: ${who} found ${classes} classes, another runtime ${r.classes}`);
  };
  const progress = (round, keys) =>
    log(`round ${round}/${rounds}: ${results.map((r) => `${r.corpus} ${keys.filter((k) => r[k].length).map((k) => `${k} ${r[k].at(-1).toFixed(0)}`).join(", ")} MB/s`).join("; ")} (load ${loadavg()[0].toFixed(1)})`);

  // Native and Node alternate, round by round; Chromium runs its rounds after them, alone: an
  // open browser keeps working between its calls (its GC, its compiler threads), and on two cores
  // the governor's Node rounds interleaved with a page ran at half their CPU-time rate.
  for (const c of sets) extractPass(extractClasses, c.files); // warm-up: the JIT and the wasm tiers
  for (let round = 1; round <= rounds; round++) {
    for (const [i, c] of sets.entries()) {
      const r = results[i];
      const mbps = (ms) => c.bytes / MB / (ms / 1e3);
      if (native) {
        const n = nativePass(bin, c.paths);
        if (n.files !== c.files.length) throw new Error(`the native example read ${n.files} files of ${c.files.length}`);
        agree(r, "native", n.classes);
        r.native.push(mbps(n.ms));
      }
      const js = extractPass(extractClasses, c.files);
      agree(r, "Node", js.classes);
      r.node.push(mbps(js.ms));
    }
    load.push(loadavg()[0]);
    progress(round, ["native", "node"]);
  }

  let page = null;
  if (browser) {
    page = await openPage(`const { extractClasses } = await import("/pkg/code/index.js");
const { extractPass } = await import("/bench/code-run.mjs");
const corpora = {};
window.add = ([name, batch]) => { const list = (corpora[name] ??= []); for (const f of batch) list.push(f); return list.length; };
window.pass = (name) => extractPass(extractClasses, corpora[name]);
window.ready = true;`);
  }
  try {
    if (page) {
      // The files cross into the page in batches of ~4 MB (one evaluate per batch).
      for (const c of sets) {
        let batch = [];
        let size = 0;
        for (const f of c.files) {
          batch.push(f);
          size += f[1].length;
          if (size > 4 * MB) {
            await page.call((arg) => window.add(arg), [c.name, batch]);
            batch = [];
            size = 0;
          }
        }
        const held = await page.call((arg) => window.add(arg), [c.name, batch]);
        if (held !== c.files.length) throw new Error(`the page holds ${held} files of ${c.files.length}`);
      }
      for (const c of sets) await page.call((name) => window.pass(name), c.name); // warm-up
      for (let round = 1; round <= rounds; round++) {
        for (const [i, c] of sets.entries()) {
          const p = await page.call((name) => window.pass(name), c.name);
          agree(results[i], "Chromium", p.classes);
          results[i].chromium.push(c.bytes / MB / (p.ms / 1e3));
        }
        load.push(loadavg()[0]);
        progress(round, ["chromium"]);
      }
    }
    const corpusResults = results.map((r) => ({
      ...r,
      megabytes: +(r.bytes / MB).toFixed(1),
      ...Object.fromEntries(["native", "node", "chromium"].map((k) => [k, r[k].length ? summary(r[k]) : null])),
    }));
    const size = sizes({ runtime: runtimeSize, log });
    const targets = corpusResults.flatMap((r) => [
      ["native", 50],
      ["node", 20],
      ["chromium", 20],
    ].filter(([k]) => r[k]).map(([k, t]) => ({ target: `${r.corpus}, ${k}: ≥ ${t} MB/s`, median: r[k].median, met: r[k].median >= t })));
    return {
      unit: "MB/s (10^6 bytes of UTF-8 source per second; the median of the rounds, each round one pass over the corpus — natively the mean of the example's 5 passes)",
      rounds,
      node: process.version,
      chromium: page?.version ?? null,
      loadAverage: { before: load[0], afterEachRound: load.slice(1) },
      corpora: corpusResults,
      size,
      targets,
    };
  } finally {
    await page?.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, otherwise) => (args.includes(name) ? args[args.indexOf(name) + 1] : otherwise);
  const result = await runCodeBench({ rounds: Number(opt("--rounds", 5)), native: !args.includes("--no-native"), browser: !args.includes("--no-browser"), runtimeSize: !args.includes("--no-runtime-size") });
  const text = JSON.stringify(result, null, 1);
  const out = opt("--out", null);
  if (out) writeFileSync(out, text);
  else console.log(text);
}
