// examples/server under load (autocannon), against a 10,000-document project held in its
// database: POST /api/projects/:id/context at 1, 8 and 32 clients (req/s, p50/p99), /api/health's
// latency while 32 clients run, the server's RSS after 10,000 requests and after an idle spell,
// and where a context call's time goes (SQL, parsing the rows, ctxpack), from the access log.
// The server runs in its own process (node examples/server/server.mjs), as deployed.
//
//   node bench/server-load.mjs [--seconds 5] [--pool-size N] [--no-pool-compare] [--no-memory] [--json FILE]
//   node bench/server-load.mjs --burst [--backlog N]   (10,000 connections at once, under load)
//   DATABASE_URL=postgres://… node bench/server-load.mjs      (PostgreSQL instead of PGlite)
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { documents } from "./workload.mjs";
import { quantile } from "./harness.mjs";
import { freePort } from "../tests/support/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const example = join(root, "examples", "server");
const { ensureServerDependencies } = await import(pathToFileURL(join(root, "www", "serve.mjs")).href);
ensureServerDependencies({ quiet: true });
const autocannon = createRequire(join(example, "package.json"))("autocannon");

const args = process.argv.slice(2);
const flag = (name, otherwise) => {
  const i = args.indexOf(name);
  return i === -1 ? otherwise : args[i + 1];
};
const SECONDS = Number(flag("--seconds", 5));
const N = 10_000;
const PROJECT = "bench-10k";
const BODY = JSON.stringify({ request: "generate episodes 7-12", maxChars: 16000 });
const log = (s) => process.stderr.write(`${s}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => Math.round(kb / 1024);

/** The server in its own process; resolves once /api/ready answers. */
async function startServer(env, dir) {
  const port = await freePort();
  const logFile = join(dir, `server-${port}.log`);
  const { openSync } = await import("node:fs");
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, [join(example, "server.mjs")], { env: { ...process.env, PORT: String(port), ...env }, stdio: ["ignore", out, "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    const ok = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(100);
  }
  return { child, url, logFile };
}

/** VmRSS of a process in KiB (Linux). */
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);

async function seed(url) {
  const exists = await fetch(`${url}/api/projects/${PROJECT}`, { headers: { "accept-encoding": "identity" } });
  if (exists.ok) {
    const { documents: stored } = await exists.json();
    if (stored.length === N) return;
    await fetch(`${url}/api/projects/${PROJECT}`, { method: "DELETE" });
  }
  const docs = documents(N).map(({ is_leaf: _leaf, ...d }) => d);
  const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
  const post = async (path, body) => {
    const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  const t0 = performance.now();
  await post("/api/projects", { id: PROJECT, name: "10,000 documents (bench/workload.mjs)", profile, documents: docs.slice(0, 1000) });
  for (let i = 1000; i < N; i += 1000) await post(`/api/projects/${PROJECT}/documents`, docs.slice(i, i + 1000));
  log(`seeded ${N} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function cannon(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/api/projects/${PROJECT}/context`, method: "POST", headers: { "content-type": "application/json", "accept-encoding": "gzip" }, body: BODY, ...options }, (e, result) => (e ? reject(e) : resolve(result)));
  });
}

/**
 * /api/health every 50 ms until `stop` resolves: its latencies (ms). Asked from a process of its
 * own, so that autocannon's work in this one does not count as the server's.
 */
async function probeHealth(url, stop) {
  const code = `const url = process.argv[1]; const out = []; let done = false;
process.stdin.on("data", () => {}); process.stdin.on("end", () => (done = true));
(async () => { while (!done) { const t0 = performance.now(); const r = await fetch(url); await r.arrayBuffer(); out.push(performance.now() - t0); await new Promise((s) => setTimeout(s, 50)); } console.log(JSON.stringify(out)); })();`;
  const child = spawn(process.execPath, ["-e", code, `${url}/api/health`], { stdio: ["pipe", "pipe", "inherit"] });
  let text = "";
  child.stdout.on("data", (d) => (text += d));
  const exited = new Promise((r) => child.once("exit", r));
  await stop;
  child.stdin.end();
  await exited;
  return JSON.parse(text).sort((a, b) => a - b);
}

/** Sums of the access log's timings over the context calls logged after byte `from`. */
function shares(logFile, from) {
  const lines = readFileSync(logFile, "utf8").slice(from).split("\n").filter((l) => l.includes('"sql"'));
  const total = { ms: 0, sql: 0, parse: 0, ctxpack: 0, stringify: 0, gzip: 0, queue: 0 };
  for (const l of lines) {
    const r = JSON.parse(l);
    for (const k of Object.keys(total)) total[k] += r[k] ?? 0;
  }
  const pct = (k) => Math.round((1000 * total[k]) / total.ms) / 10;
  return { calls: lines.length, meanMs: Math.round((10 * total.ms) / Math.max(1, lines.length)) / 10, sqlPct: pct("sql"), parsePct: pct("parse"), ctxpackPct: pct("ctxpack"), stringifyPct: pct("stringify"), gzipPct: pct("gzip"), queuePct: pct("queue") };
}

async function loadRun(url, logFile, pid, connections) {
  const from = readFileSync(logFile, "utf8").length;
  let stop;
  const stopped = new Promise((r) => (stop = r));
  const health = probeHealth(url, stopped);
  const result = await cannon(url, { connections, duration: SECONDS });
  stop();
  const h = await health;
  const row = {
    clients: connections,
    reqPerSec: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    healthP50: Math.round(quantile(h, 0.5) * 10) / 10,
    healthP99: Math.round(quantile(h, 0.99) * 10) / 10,
    healthMax: Math.round(h[h.length - 1] * 10) / 10,
    rssMb: mb(rssKb(pid)),
    ...shares(logFile, from),
  };
  log(JSON.stringify(row));
  return row;
}

/** Context calls one by one, the first reading the rows (cold), the rest from the caches. */
async function coldAndWarm(url, logFile) {
  const from = readFileSync(logFile, "utf8").length;
  await cannon(url, { connections: 1, amount: 1 });
  const cold = shares(logFile, from);
  const next = readFileSync(logFile, "utf8").length;
  await cannon(url, { connections: 1, amount: 10 });
  return { cold, warm: shares(logFile, next) };
}

async function bench(label, env, dir, { clients = [1, 8, 32], memory = true } = {}) {
  const { child, url, logFile } = await startServer(env, dir);
  try {
    await seed(url);
    const calls = await coldAndWarm(url, logFile);
    log(`${label}: one call at a time: ${JSON.stringify(calls)}`);
    const rows = [];
    for (const c of clients) rows.push(await loadRun(url, logFile, child.pid, c));
    if (!memory) return { label, calls, rows };
    // 10,000 requests, then an idle spell: is the memory flat, and given back?
    const before = mb(rssKb(child.pid));
    const t0 = performance.now();
    const many = await cannon(url, { connections: 8, amount: 10_000 });
    const after = mb(rssKb(child.pid));
    await sleep(15_000);
    const idle = mb(rssKb(child.pid));
    const rss = { requests: many.requests.total, seconds: Math.round((performance.now() - t0) / 100) / 10, non2xx: many.non2xx, rssBeforeMb: before, rssAfterMb: after, rssAfterIdleMb: idle };
    log(`${label}: memory ${JSON.stringify(rss)}`);
    return { label, calls, rows, memory: rss };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

/** One GET /api/health on a connection of its own: its status, or the error's code. */
function healthOnce(url) {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(String(res.statusCode)));
      res.on("error", (e) => resolve(e.code ?? "error"));
    });
    req.on("error", (e) => resolve(e.code ?? "error"));
    req.end();
  });
}

/** 10,000 connections opened at once while 8 clients load the context route: how many are answered. */
async function burst(env, dir) {
  const { child, url } = await startServer(env, dir);
  try {
    await seed(url);
    const load = cannon(url, { connections: 8, duration: 10 });
    await sleep(2000);
    const t0 = performance.now();
    const outcomes = await Promise.all(Array.from({ length: 10_000 }, () => healthOnce(url)));
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    const counts = {};
    for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
    const loaded = await load;
    const row = { backlog: env.BACKLOG ?? "511 (default)", connections: 10_000, seconds, outcomes: counts, loadReqPerSec: loaded.requests.average, loadNon2xx: loaded.non2xx };
    log(JSON.stringify(row));
    return row;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const dir = mkdtempSync(join(tmpdir(), "ctxpack-server-bench-"));
if (args.includes("--burst")) {
  try {
    const backlog = flag("--backlog", undefined);
    console.log(JSON.stringify(await burst({ DATA_DIR: join(dir, "pglite"), ...(backlog === undefined ? {} : { BACKLOG: backlog }) }, dir), null, 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
try {
  const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: join(dir, "pglite") };
  const poolSize = flag("--pool-size", undefined);
  const results = [await bench("pool", { ...database, ...(poolSize === undefined ? {} : { POOL_SIZE: poolSize }) }, dir, { memory: !args.includes("--no-memory") })];
  if (!args.includes("--no-pool-compare")) results.push(await bench("no pool (assembled on the event loop)", { ...database, POOL_SIZE: "0" }, dir, { clients: [8], memory: false }));
  const out = { node: process.version, database: process.env.DATABASE_URL ? "PostgreSQL" : "PGlite", seconds: SECONDS, documents: N, results };
  console.log(JSON.stringify(out, null, 2));
  const file = flag("--json", undefined);
  if (file !== undefined) writeFileSync(file, JSON.stringify(out, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
