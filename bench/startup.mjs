// What each Node entry costs to load, each way its wasm can arrive (scripts/build.mjs, NODE_WASM),
// side by side in one run: plain Node reads the package's .wasm file; a server bundle (Next.js,
// esbuild) that left the file behind decodes the base64 copy it followed through `require` —
// timed here on a copy of the entry without the file. Fresh Node processes, interleaved; the
// median time from the start of `require` to the exports.
//
//   node bench/startup.mjs [--rounds N]     (after `npm run build`)
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ENTRIES } from "../scripts/entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const rounds = Number(args.includes("--rounds") ? args[args.indexOf("--rounds") + 1] : 15);
const work = mkdtempSync(join(tmpdir(), "ctxpack-startup-"));

/** A copy of an entry's build as a bundle sees it: the glue without the .wasm file beside it. */
function bundled(dir) {
  const to = join(work, dir || "main");
  cpSync(join(root, "pkg", dir), to, { recursive: true, filter: (f) => !f.endsWith(".wasm") });
  return join(to, "index.cjs");
}

const load = (file) =>
  Number(execFileSync(process.execPath, ["-e", `const t = performance.now(); require(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`], { encoding: "utf8" }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows = [];
for (const { name, dir } of ENTRIES) {
  const [file, inlined] = [join(root, "pkg", dir, "index.cjs"), bundled(dir)];
  const times = { file: [], inlined: [] };
  for (let i = 0; i < rounds; i++) {
    times.file.push(load(file));
    times.inlined.push(load(inlined));
  }
  const [a, b] = [median(times.file), median(times.inlined)];
  rows.push({ entry: name, "file ms (plain Node)": +a.toFixed(1), "base64 ms (a bundle)": +b.toFixed(1), ratio: +(b / a).toFixed(2) });
}
rmSync(work, { recursive: true, force: true });
console.log(`require() to exports, median of ${rounds} fresh processes each way, interleaved (node ${process.version})`);
console.table(rows);
