// Builds the demo page and serves it on localhost, with the example server beside it.
//
//   node www/serve.mjs [--port N] [--host H] [--no-build] [--no-server]
//
// The ctxpack package itself must be built first (`node scripts/build.mjs` at the root; `npm
// start` does both). This installs www's own dependencies when they are missing, runs
// `vite build`, then serves www/dist with a tiny static server and prints the address.
//
// The example server (examples/server: the Hono app a backend would run) is started in this
// process on a free 127.0.0.1 port, and the page's /api/* requests are proxied to it, so that:
// the page stays static files (served alone, by any host, it says "server unreachable"); the
// server stays exactly the API a user copies, with no demo files in it; the page and the API
// share one origin (no CORS); and Ctrl+C stops both. `--no-server` serves the page alone.
// Also imported by tests/e2e/run.mjs for `serveStatic` and `startApiServer`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serveFiles } from "../tests/support/server.mjs";

const www = dirname(fileURLToPath(import.meta.url));
const root = join(www, "..");

/**
 * Serves `dir` on host:port (0 = a free port); unknown paths get index.html (a single-page app).
 * The repository's one static server (tests/support/server.mjs): nothing outside `dir` is served.
 * With `api` (an origin, http://host:port), requests under /api/ are proxied there instead.
 */
export async function serveStatic(dir, { port = 0, host = "127.0.0.1", api } = {}) {
  const server = await serveFiles({ root: dir, fallback: "index.html", headers: { "cache-control": "no-cache" }, port, host });
  if (api !== undefined) {
    // The static handler stays for everything else; the port is not known to anyone yet.
    const [files] = server.listeners("request");
    const proxy = proxyTo(api);
    server.removeAllListeners("request");
    server.on("request", (req, res) => (req.url === "/api" || req.url?.startsWith("/api/") ? proxy(req, res) : files(req, res)));
  }
  return server;
}

/** A request handler forwarding to `origin` as it is (method, path, headers, body, status). */
function proxyTo(origin) {
  const target = new URL(origin);
  return (req, res) => {
    const upstream = httpRequest({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (e) => {
      if (res.headersSent) return res.destroy();
      const body = JSON.stringify({ error: { code: "UNREACHABLE", path: "", message: `the ctxpack server at ${origin} did not answer: ${e.message}` } });
      res.writeHead(502, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
    req.pipe(upstream);
  };
}

const example = join(root, "examples", "server");

/** npm ci in examples/server when its node_modules is missing or older than its lock file. */
export function ensureServerDependencies({ quiet = false } = {}) {
  const marker = join(example, "node_modules", ".package-lock.json");
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(join(example, "package-lock.json")).mtimeMs;
  if (stale) execFileSync("npm", ["ci", "--prefix", example, "--no-audit", "--no-fund", ...(quiet ? ["--loglevel", "error"] : [])], { stdio: "inherit" });
}

/**
 * The example server (examples/server/server.mjs) on a free 127.0.0.1 port, in this process,
 * after installing its dependencies when needed: its embedded database (PGlite) in
 * examples/server/data (or `dataDir`; "memory://": none), seeded with the sample project on first
 * start, or DATABASE_URL's.
 * Resolves to its http.Server; closing it closes the server's pool and database.
 */
export async function startApiServer({ quiet = false, dataDir } = {}) {
  ensureServerDependencies({ quiet });
  const { startServer } = await import(pathToFileURL(join(example, "server.mjs")).href);
  const service = await startServer({ port: 0, hostname: "127.0.0.1", databaseUrl: process.env.DATABASE_URL || undefined, dataDir, logger: quiet ? false : undefined });
  return service.server;
}

/** npm install in www when its node_modules is missing or older than its package.json. */
export function ensureDependencies() {
  const marker = join(www, "node_modules", ".package-lock.json");
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(join(www, "package.json")).mtimeMs;
  if (stale) execFileSync("npm", ["install", "--prefix", www, "--no-audit", "--no-fund"], { stdio: "inherit" });
}

/** vite build into www/dist. */
export function buildPage({ quiet = false } = {}) {
  if (!existsSync(join(root, "pkg", "index.js"))) {
    throw new Error("ctxpack is not built: run `node scripts/build.mjs` (or `npm start`) at the repository root first");
  }
  ensureDependencies();
  execFileSync(process.execPath, [join(www, "node_modules", "vite", "bin", "vite.js"), "build", ...(quiet ? ["--logLevel", "warn"] : [])], { cwd: www, stdio: "inherit" });
  return join(www, "dist");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const port = Number(flag("--port") ?? process.env.PORT ?? 4173);
  const host = flag("--host") ?? "127.0.0.1";
  const dist = args.includes("--no-build") ? join(www, "dist") : buildPage();
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  const apiServer = args.includes("--no-server") ? null : await startApiServer();
  const api = apiServer === null ? undefined : `http://127.0.0.1:${apiServer.address().port}`;
  const server = await serveStatic(dist, { port, host, api }).catch((e) => {
    if (e.code === "EADDRINUSE") {
      console.error(`Port ${port} is in use: try \`--port 0\` (any free port) or PORT=<n>.`);
      process.exit(1);
    }
    throw e;
  });
  const address = server.address();
  console.log(`\nctxpack ${version} — context inspector at http://${host}:${address.port}/  (Ctrl+C to stop)`);
  if (api !== undefined) console.log(`the example server (examples/server) at ${api}, and at http://${host}:${address.port}/api/ for the page: POST /api/assemble, /api/projects…, GET /api/health`);
  // Open keep-alive connections (the page's, the proxy's to the server) must not hold Ctrl+C up.
  const stop = () => {
    apiServer?.close();
    apiServer?.closeAllConnections();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
