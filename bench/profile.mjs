// Where does a ctxpack call spend its time? Builds a private copy of the package whose wasm
// keeps its function names (the same release cargo build, wasm-bindgen without wasm-opt, which
// would strip them), runs one contender many times under `node --cpu-prof` and prints self time
// by function, wasm and JavaScript alike.
//
//   node bench/profile.mjs [objects|text|bytes] [documents=10000] [--json] [--request TEXT]
//
// --request: the request the calls carry instead of the workload's (e.g. "write the script for
// episode 3", whose param match reads every synopsis's body while ranking).
//
// Writes nothing in the repository: the build goes to $TMPDIR/ctxpack-bench-profile.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = join(tmpdir(), "ctxpack-bench-profile");

/** The named build: pkg-like CommonJS glue in `${work}/pkg`. Returns the entry's path. */
export function buildNamed() {
  const target = join(work, "target");
  execFileSync("cargo", ["build", "--lib", "--release", "--target", "wasm32-unknown-unknown", "--target-dir", target], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const out = join(work, "pkg");
  rmSync(out, { recursive: true, force: true });
  execFileSync("wasm-bindgen", ["--target", "nodejs", "--out-dir", out, "--out-name", "ctxpack", join(target, "wasm32-unknown-unknown", "release", "ctxpack.wasm")], { cwd: root, stdio: "inherit" });
  // The glue's one snippet (src/wasm/glue.js) is an ES module; turn it into CommonJS as
  // scripts/build.mjs does for the package.
  const snippets = join(out, "snippets");
  const [hash] = readdirSync(snippets);
  const snippet = readFileSync(join(snippets, hash, "src", "wasm", "glue.js"), "utf8");
  const names = [...snippet.matchAll(/^export (?:class|function|const|let) (\w+)/gm)].map((m) => m[1]);
  writeFileSync(join(out, "glue.cjs"), `"use strict";\n${snippet.replace(/^export (class|function|const|let) /gm, "$1 ")}\nmodule.exports = { ${names.join(", ")} };\n`);
  const glue = join(out, "ctxpack.js");
  writeFileSync(join(out, "ctxpack.cjs"), readFileSync(glue, "utf8").replace(/require\(String\.raw`\.\/snippets\/[^`]*`\)/, "require('./glue.cjs')"));
  return join(out, "ctxpack.cjs");
}

/**
 * The same named module for a page: wasm-bindgen's web target (its snippet stays an ES module)
 * and an entry that instantiates it. Returns the directory to serve.
 */
export function buildNamedWeb() {
  const target = join(work, "target");
  execFileSync("cargo", ["build", "--lib", "--release", "--target", "wasm32-unknown-unknown", "--target-dir", target], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const out = join(work, "web");
  rmSync(out, { recursive: true, force: true });
  execFileSync("wasm-bindgen", ["--target", "web", "--out-dir", out, "--out-name", "ctxpack", join(target, "wasm32-unknown-unknown", "release", "ctxpack.wasm")], { cwd: root, stdio: "inherit" });
  writeFileSync(join(out, "entry.js"), `import init from "./ctxpack.js";\nawait init({ module_or_path: new URL("./ctxpack_bg.wasm", import.meta.url) });\nexport * from "./ctxpack.js";\n`);
  return out;
}

/**
 * Self and inclusive time per function from a .cpuprofile, counting only samples taken inside
 * a call to `under` (the profiler's own frames and the harness are left out); shares are of that.
 * Garbage collection is sampled outside any JS stack, so its share of all samples is given apart.
 */
export function selfTimes(profile, under = "assemble") {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  let all = 0;
  let gc = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const us = profile.timeDeltas[i] ?? 0;
    all += us;
    if (byId.get(id).callFrame.functionName === "(garbage collector)") gc += us;
    dt.set(id, (dt.get(id) ?? 0) + us);
  }
  const stack = (id) => {
    const names = [];
    for (let at = id; at !== undefined; at = parent.get(at)) names.push(byId.get(at).callFrame.functionName || "(anonymous)");
    return names;
  };
  const self = new Map();
  const incl = new Map();
  let total = 0;
  for (const [id, us] of dt) {
    const names = stack(id);
    if (under && !names.includes(under)) continue;
    total += us;
    const f = byId.get(id).callFrame;
    const where = f.url ? f.url.split("/").pop() : "";
    const key = `${f.functionName || "(anonymous)"}${where ? ` [${where}]` : ""}`;
    self.set(key, (self.get(key) ?? 0) + us);
    for (const name of new Set(names)) incl.set(name, (incl.get(name) ?? 0) + us);
  }
  const rows = (m) => [...m].map(([name, us]) => ({ name, ms: us / 1000, share: us / total })).sort((a, b) => b.ms - a.ms);
  return { totalMs: total / 1000, gcShareOfAll: gc / all, rows: rows(self), inclusive: rows(incl) };
}

const CHILD = `
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const [entry, mode, n, rounds, asked] = process.argv.slice(2);
const { ContextAssembler } = createRequire(import.meta.url)(entry);
const { documents, request, options } = await import(${JSON.stringify(join(root, "bench", "workload.mjs"))});
const profile = JSON.parse(readFileSync(${JSON.stringify(join(root, "profiles", "writing-app.json"))}, "utf8"));
const docs = documents(Number(n));
const text = JSON.stringify(docs);
const assembler = new ContextAssembler(profile);
const given = { text, bytes: new TextEncoder().encode(text), objects: docs }[mode] ?? docs;
const input = { documents: given, request: asked || request, ...options };
for (let i = 0; i < 5; i++) assembler.assemble(input);
const { Session } = await import("node:inspector/promises");
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
for (let i = 0; i < Number(rounds); i++) assembler.assemble(input);
const { profile: cpu } = await session.post("Profiler.stop");
process.stdout.write(JSON.stringify(cpu));
`;

/** Profiles `rounds` calls after 5 warm-up calls; only the measured calls are sampled. */
export function profileCalls(entry, mode, n, rounds, request = "") {
  mkdirSync(work, { recursive: true });
  const child = join(work, "child.mjs");
  writeFileSync(child, CHILD);
  const out = execFileSync(process.execPath, [child, entry, mode, String(n), String(rounds), request], { maxBuffer: 1 << 30 });
  return selfTimes(JSON.parse(out.toString()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--request");
  const request = at >= 0 ? process.argv[at + 1] : "";
  const [mode = "objects", n = "10000"] = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--request");
  const entry = process.argv.includes("--no-build") ? join(work, "pkg", "ctxpack.cjs") : buildNamed();
  const rounds = Number(n) >= 100_000 ? 5 : 30;
  const { totalMs, rows, inclusive } = profileCalls(entry, mode, Number(n), rounds, request);
  if (process.argv.includes("--json")) console.log(JSON.stringify({ mode, n: Number(n), rounds, totalMs, rows: rows.slice(0, 40) }));
  else {
    console.log(`${mode} in, ${n} documents, ${rounds} calls, ${totalMs.toFixed(0)} ms sampled inside assemble (${(totalMs / rounds).toFixed(2)} ms per call)`);
    console.log("self time:");
    for (const r of rows.slice(0, 25)) console.log(`${(r.share * 100).toFixed(1).padStart(5)}%  ${(r.ms / rounds).toFixed(3).padStart(8)} ms/call  ${r.name}`);
    console.log("inclusive time:");
    for (const r of inclusive.slice(0, Number(process.env.PROFILE_ROWS ?? 45))) console.log(`${(r.share * 100).toFixed(1).padStart(5)}%  ${(r.ms / rounds).toFixed(3).padStart(8)} ms/call  ${r.name}`);
  }
}
