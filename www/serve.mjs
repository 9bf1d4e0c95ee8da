// Builds the demo page and serves it on localhost.
//
//   node www/serve.mjs [--port N] [--host H] [--no-build]
//
// The ctxpack package itself must be built first (`node scripts/build.mjs` at the root; `npm
// start` does both). This installs www's own dependencies when they are missing, runs
// `vite build`, then serves www/dist with a tiny static server and prints the address.
// Also imported by tests/e2e/run.mjs for `serveStatic`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { serveFiles } from "../tests/support/server.mjs";

const www = dirname(fileURLToPath(import.meta.url));
const root = join(www, "..");

/**
 * Serves `dir` on host:port (0 = a free port); unknown paths get index.html (a single-page app).
 * The repository's one static server (tests/support/server.mjs): nothing outside `dir` is served.
 */
export function serveStatic(dir, { port = 0, host = "127.0.0.1" } = {}) {
  return serveFiles({ root: dir, fallback: "index.html", headers: { "cache-control": "no-cache" }, port, host });
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
  const server = await serveStatic(dist, { port, host }).catch((e) => {
    if (e.code === "EADDRINUSE") {
      console.error(`Port ${port} is in use: try \`--port 0\` (any free port) or PORT=<n>.`);
      process.exit(1);
    }
    throw e;
  });
  const address = server.address();
  console.log(`\nctxpack ${version} — context inspector at http://${host}:${address.port}/  (Ctrl+C to stop)`);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
