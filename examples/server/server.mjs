// The Node listener for app.mjs.
//
//   node server.mjs [--port N] [--host H]     (PORT / HOST from the environment too; default 127.0.0.1:8787)
//
// Also imported (`startServer`) by the repository's demo (www/serve.mjs) and its e2e test, which
// run this same listener in their own process.
import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.mjs";

/**
 * Listens on host:port (port 0: one the system picks). Resolves to the http.Server once it
 * listens; rejects if it cannot (EADDRINUSE…).
 */
export function startServer({ port = 8787, hostname = "127.0.0.1", maxBodyBytes } = {}) {
  const app = createApp(maxBodyBytes === undefined ? {} : { maxBodyBytes });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => {
      server.off("error", reject);
      resolve(server);
    });
    server.once("error", reject);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const port = Number(flag("--port") ?? process.env.PORT ?? 8787);
  const hostname = flag("--host") ?? process.env.HOST ?? "127.0.0.1";
  const server = await startServer({ port, hostname }).catch((e) => {
    console.error(e.code === "EADDRINUSE" ? `Port ${port} is in use: try --port 0 (any free port) or PORT=<n>.` : e);
    process.exit(1);
  });
  console.log(`ctxpack server on http://${hostname}:${server.address().port}  (POST /api/assemble, GET /api/health; Ctrl+C to stop)`);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
