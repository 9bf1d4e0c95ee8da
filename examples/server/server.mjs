// The Node service around app.mjs: a database (PGlite in a directory, or PostgreSQL with
// DATABASE_URL), a pool of assembly threads, the HTTP listener with its timeouts and caps, JSON
// access logs (pino) and a shutdown that drains within a deadline.
//
//   node server.mjs [--port N] [--host H]     (PORT / HOST too; default 127.0.0.1:8787)
//
// Environment (all optional): DATABASE_URL; DATA_DIR (PGlite's directory, default ./data here;
// "memory://" for none); POOL_SIZE; MAX_IN_FLIGHT; MAX_BODY_BYTES; REQUEST_TIMEOUT_MS;
// HEADERS_TIMEOUT_MS; MAX_HEADER_BYTES; BACKLOG; MAX_CONNECTIONS; DRAIN_MS; LOG_LEVEL.
//
// Also imported (`startServer`) by the repository's demo (www/serve.mjs), its e2e test and the
// server's tests and load bench, which run this same service in their own process.
import { getRequestListener } from "@hono/node-server";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { createApp, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_IN_FLIGHT } from "./app.mjs";
import { openDatabase } from "./db.mjs";
import { WorkerPool } from "./pool.mjs";
import { createStore, seedIfEmpty } from "./store.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repository = join(here, "..", "..");

/** The sample project and the writing app's profile, from the repository. */
export function sampleProject() {
  return {
    project: JSON.parse(readFileSync(join(repository, "samples", "writing-project.json"), "utf8")),
    profile: JSON.parse(readFileSync(join(repository, "profiles", "writing-app.json"), "utf8")),
  };
}

/** What Node answers itself (before or around the app), as the app's JSON errors. */
const CLIENT_ERRORS = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "TIMEOUT", "the request (its headers and body) did not arrive within the time allowed"],
  HPE_HEADER_OVERFLOW: [431, "HEADERS_TOO_LARGE", "the request's headers are larger than allowed"],
};

function clientErrorResponse(error) {
  const [status, code, message] = CLIENT_ERRORS[error.code] ?? [400, "BAD_REQUEST", `the request is not HTTP this server reads (${error.code ?? error.message})`];
  const body = JSON.stringify({ error: { code, path: "", message } });
  const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[status];
  return { status, code, text: `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}` };
}

/**
 * Starts the service. Resolves to `{server, url, db, pool, log, shutdown}` once it listens;
 * rejects if it cannot (EADDRINUSE, a database that does not answer…). `shutdown()` drains: the
 * listener closes, /api/ready says 503, requests in flight get `drainMs` to finish, then every
 * connection is cut, the pool and the database closed. Closing `server` also closes the pool and
 * the database.
 *
 * Options (defaults in brackets): port [8787], hostname [127.0.0.1], databaseUrl [none: PGlite],
 * dataDir [examples/server/data], seed [true: the sample project into an empty database],
 * poolSize [cores, at most 4; 0: no pool], maxInFlight [64], maxBodyBytes [8 MiB],
 * requestTimeoutMs [30000], headersTimeoutMs [10000], maxHeaderBytes [16384], backlog [511],
 * maxConnections [10000], drainMs [10000], logger [pino to stdout; `false`: none].
 */
export async function startServer({
  port = 8787,
  hostname = "127.0.0.1",
  databaseUrl,
  dataDir = join(here, "data"),
  seed = true,
  poolSize,
  maxInFlight = DEFAULT_MAX_IN_FLIGHT,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  requestTimeoutMs = 30_000,
  headersTimeoutMs = 10_000,
  maxHeaderBytes = 16 * 1024,
  backlog = 511,
  maxConnections = 10_000,
  drainMs = 10_000,
  logger,
} = {}) {
  const log = logger === false ? undefined : (logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" }));
  const db = await openDatabase({ url: databaseUrl, dataDir });
  if (seed) {
    const seeded = await seedIfEmpty(createStore(db), sampleProject());
    if (seeded !== null) log?.info({ project: seeded, database: db.name }, "seeded the sample project");
  }
  const pool = poolSize === 0 ? undefined : new WorkerPool(poolSize === undefined ? {} : { size: poolSize });
  let draining = false;
  const app = createApp({ db, pool, maxBodyBytes, maxInFlight, log, isDraining: () => draining });

  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      maxHeaderSize: maxHeaderBytes,
      // How often Node looks for requests over their timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeoutMs / 4))),
      keepAliveTimeout: 5000,
    },
    getRequestListener(app.fetch),
  );
  server.maxConnections = maxConnections;
  server.on("clientError", (error, socket) => {
    const { status, code, text } = clientErrorResponse(error);
    if (socket.writable && !socket._httpMessage?.headersSent && error.code !== "ECONNRESET") {
      socket.end(text);
      log?.info({ status, code, remote: socket.remoteAddress }, "refused before the app");
    }
    socket.destroy();
  });

  let closed = null;
  const release = () => (closed ??= Promise.all([pool?.close(), db.close()]));
  server.on("close", release);

  /** Drains within `deadlineMs` (default: drainMs); resolves once everything is closed. */
  const shutdown = async ({ deadlineMs = drainMs } = {}) => {
    if (draining) return release();
    draining = true;
    log?.info({ deadlineMs }, "draining");
    const idle = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    let timer;
    const deadline = new Promise((resolve) => (timer = setTimeout(() => resolve("deadline"), deadlineMs)));
    const how = await Promise.race([idle.then(() => "drained"), deadline]);
    clearTimeout(timer);
    if (how === "deadline") {
      log?.warn({ deadlineMs }, "drain deadline reached: closing the connections left");
      server.closeAllConnections();
    }
    await release();
    log?.info({ how }, "stopped");
    return how;
  };

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: hostname, backlog }, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (e) => {
    await release();
    throw e;
  });
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${server.address().port}`;
  return { server, url, db, pool, log, shutdown, app };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const env = process.env;
  const number = (value) => (value === undefined ? undefined : Number(value));
  const port = Number(flag("--port") ?? env.PORT ?? 8787);
  const hostname = flag("--host") ?? env.HOST ?? "127.0.0.1";
  const service = await startServer({
    port,
    hostname,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR,
    poolSize: number(env.POOL_SIZE),
    maxInFlight: number(env.MAX_IN_FLIGHT),
    maxBodyBytes: number(env.MAX_BODY_BYTES),
    requestTimeoutMs: number(env.REQUEST_TIMEOUT_MS),
    headersTimeoutMs: number(env.HEADERS_TIMEOUT_MS),
    maxHeaderBytes: number(env.MAX_HEADER_BYTES),
    backlog: number(env.BACKLOG),
    maxConnections: number(env.MAX_CONNECTIONS),
    drainMs: number(env.DRAIN_MS),
  }).catch((e) => {
    console.error(e.code === "EADDRINUSE" ? `Port ${port} is in use: try --port 0 (any free port) or PORT=<n>.` : e);
    process.exit(1);
  });
  service.log?.info({ url: service.url, database: service.db.name, pool: service.pool?.size ?? 0 }, "listening");
  const stop = () => service.shutdown().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
