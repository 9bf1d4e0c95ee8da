// The JSON-text scanner alone, in Node's V8: two checkouts of ctxpack, each built into a bare
// wasm module (bench/scan-wasm/src/lib.rs: no glue, no crossing), timed on the benchmark's
// documents as JSON text, calls interleaved, medians of CPU time per call.
//
//   node bench/scan-wasm/run.mjs <before: a ctxpack checkout> <after: a ctxpack checkout> [--rounds N]
//
// Builds go to $TMPDIR/ctxpack-scan-wasm/. Rows: `skip` (Parser::skip_value over the whole
// text), `split` (JsonDocs::parse: what `assemble` does with JSON text once it is in wasm memory)
// and `copy` (the copy `split` starts with, which `assemble` does not make), for 10,000 documents
// and for bodies ×10 (bench/workload.mjs).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { documents } from "../workload.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const rounds = args.includes("--rounds") ? Number(args[args.indexOf("--rounds") + 1]) : 15;
const repos = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--rounds");
if (repos.length !== 2) {
  console.error("usage: node bench/scan-wasm/run.mjs <before-checkout> <after-checkout> [--rounds N]");
  process.exit(2);
}

/** The bare module of the checkout at `repo`, built with the release profile the package uses. */
function build(repo, name) {
  const dir = join(tmpdir(), "ctxpack-scan-wasm", name);
  mkdirSync(join(dir, "src"), { recursive: true });
  copyFileSync(join(here, "src", "lib.rs"), join(dir, "src", "lib.rs"));
  writeFileSync(
    join(dir, "Cargo.toml"),
    `[package]\nname = "scan-wasm"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[lib]\ncrate-type = ["cdylib"]\n\n` +
      `[dependencies]\nctxpack = { path = ${JSON.stringify(resolve(repo))}, default-features = false }\n\n` +
      `[profile.release]\nopt-level = "s"\nlto = true\ncodegen-units = 1\npanic = "abort"\n\n[workspace]\n`,
  );
  // The checkout's lock file, so the library builds with the versions it pins.
  copyFileSync(join(repo, "Cargo.lock"), join(dir, "Cargo.lock"));
  execFileSync("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return readFileSync(join(dir, "target", "wasm32-unknown-unknown", "release", "scan_wasm.wasm"));
}

function instantiate(bytes, text) {
  const module = new WebAssembly.Module(bytes);
  // Glue the library's wasm-bindgen dependency declares, never called here.
  const imports = {};
  for (const { module: m, name } of WebAssembly.Module.imports(module)) {
    (imports[m] ??= {})[name] = () => {
      throw new Error(`${m}.${name} called`);
    };
  }
  const { exports } = new WebAssembly.Instance(module, imports);
  const at = exports.alloc(text.length); // may grow the memory: its buffer is taken after
  new Uint8Array(exports.memory.buffer, at, text.length).set(text);
  if (!exports.load()) throw new Error("the text is not UTF-8");
  return (fn) => exports[fn]();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const modules = [build(repos[0], "before"), build(repos[1], "after")];
console.log(`before: ${repos[0]}\nafter:  ${repos[1]}\nmedian CPU ms per call of ${rounds} interleaved rounds`);
const rows = [];
for (const [workload, bodyScale] of [["10k", 1], ["10k, bodies ×10", 10]]) {
  const text = Buffer.from(JSON.stringify(documents(10_000, { bodyScale })));
  const calls = modules.map((m) => instantiate(m, text));
  for (const fn of ["skip", "split", "copy"]) {
    const results = calls.map((call) => call(fn));
    if (results[0] !== results[1]) throw new Error(`${workload} ${fn}: the builds disagree (${results})`);
    const times = [[], []];
    for (let r = 0; r < rounds + 2; r++) {
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const t = process.cpuUsage();
        calls[i](fn);
        const d = process.cpuUsage(t);
        if (r >= 2) times[i].push((d.user + d.system) / 1000);
      }
    }
    const [before, after] = times.map(median);
    rows.push({ workload, MB: (text.length / 1e6).toFixed(1), call: fn, before: before.toFixed(2), after: after.toFixed(2), ratio: (after / before).toFixed(3) });
  }
}
console.table(rows);
