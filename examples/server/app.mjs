// The HTTP service as a Hono app: routes only, no listener and no thread, so the same `app` runs
// under Node (server.mjs gives it a database and a pool of assembly threads), Cloudflare Workers,
// Bun or Deno (with no pool it assembles in its own thread).
//
//   POST   /api/assemble                           {documents, edges?, profile?, request?, options?}
//   POST   /api/projects/:id/context               {request?, maxChars?, maxTokens?, cap?, order?, now?, counter?}
//   GET    /api/projects                           POST /api/projects {id, name?, profile?, documents?, edges?}
//   GET    /api/projects/:id                       DELETE /api/projects/:id
//   GET    /api/projects/:id/documents             POST (one document or an array)
//   GET    /api/projects/:id/documents/:docId      PUT (an edit, `version` to guard it), DELETE
//   GET    /api/projects/:id/edges                 POST ({from, to} or an array)
//   DELETE /api/projects/:id/edges/:from/:to
//   GET    /api/health (alive)                     GET /api/ready (the database answers, not draining)
//
// Errors are JSON, `{error: {code, path, message}}`: a CtxpackError's own code and message with
// its path pointing into the request body, or the service's own (INVALID_JSON, INVALID_ID,
// TOO_LARGE, BUSY, DATABASE_UNAVAILABLE…).
import { version } from "ctxpack";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { parseBody, Refusal, runTask, sha256Hex } from "./assembly.mjs";
import { checkId, createStore } from "./store.mjs";

export { sha256Hex };

/**
 * Large enough for a 10,000-document project as JSON (~5 MB), small enough that one request
 * cannot make the process hold an arbitrary amount of text.
 */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Assemblies admitted at once: with 8 MiB bodies, at most 512 MiB of bodies held. */
export const DEFAULT_MAX_IN_FLIGHT = 64;
/** Seconds a client is asked to wait after a 503. */
const RETRY_AFTER = "1";

const refusal = (c, status, code, path, message, headers) => c.json({ error: { code, path, message } }, status, headers);
const jsonText = (c, text, status = 200) => c.body(text, status, { "content-type": "application/json; charset=utf-8" });
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether an Accept-Encoding takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header) {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (name === "gzip" || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The app.
 * - `db`: a database from db.mjs (the project routes answer 503 without one);
 * - `pool`: a WorkerPool (pool.mjs) for the assemblies, or none: in this thread;
 * - `maxInFlight`: assemblies admitted at once (reading their body, queued or running); one more
 *   is answered 503 BUSY with Retry-After before its body is read;
 * - `log`: a pino-like logger (`info(obj)`, `error(obj)`); `isDraining()`: true once shutdown began.
 */
export function createApp({ maxBodyBytes = DEFAULT_MAX_BODY_BYTES, db, pool, maxInFlight = DEFAULT_MAX_IN_FLIGHT, log, isDraining = () => false } = {}) {
  const app = new Hono();
  const store = db === undefined ? undefined : createStore(db);
  const run = pool === undefined ? runTask : (task) => pool.run(task);
  let inFlight = 0;

  app.use(async (c, next) => {
    const given = c.req.header("x-request-id");
    const id = given !== undefined && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", id);
    const t0 = performance.now();
    await next();
    c.header("x-request-id", id);
    const cached = c.get("cached");
    log?.info({ reqId: id, method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, ms: Math.round((performance.now() - t0) * 10) / 10, ...(c.get("timings") ?? {}), ...(cached === undefined ? {} : { cached }) }, "request");
  });
  app.use(compress());

  app.get("/api/health", (c) => c.json({ ok: true, ctxpack: version(), maxBodyBytes, inFlight, maxInFlight }));
  app.get("/api/ready", async (c) => {
    if (isDraining()) return refusal(c, 503, "SHUTTING_DOWN", "", "the service is shutting down", { "retry-after": RETRY_AFTER });
    if (db === undefined) return c.json({ ready: true, database: null });
    await db.query("SELECT 1");
    return c.json({ ready: true, database: db.name });
  });

  const limit = bodyLimit({ maxSize: maxBodyBytes, onError: (c) => refusal(c, 413, "TOO_LARGE", "", `the body is larger than ${maxBodyBytes} bytes`) });
  /** Admission of an assembly: refused before its body is read when `maxInFlight` are in. */
  const admit = async (c, next) => {
    if (inFlight >= maxInFlight) return refusal(c, 503, "BUSY", "", `${inFlight} assemblies are in flight, the most this service takes; retry`, { "retry-after": RETRY_AFTER });
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
  const needStore = async (c, next) => {
    if (store === undefined) return refusal(c, 503, "DATABASE_UNAVAILABLE", "", "this service has no database: the project routes need one", { "retry-after": RETRY_AFTER });
    await next();
  };
  const bodyOf = async (c) => parseBody(await c.req.text());
  const answer = async (c, task, sqlMs = null) => {
    const { json, gzip, timings } = await run(pool === undefined ? task : { ...task, gzip: acceptsGzip(c.req.header("accept-encoding")) });
    const all = { ...(sqlMs === null ? {} : { sql: sqlMs }), ...timings };
    c.set("timings", Object.fromEntries(Object.entries(all).map(([k, v]) => [k, Math.round(v * 10) / 10])));
    c.header("server-timing", Object.entries(all).map(([k, v]) => `${k};dur=${v.toFixed(1)}`).join(", "));
    if (gzip !== undefined) return c.body(gzip, 200, { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip", vary: "Accept-Encoding" });
    return jsonText(c, json);
  };

  app.post("/api/assemble", admit, limit, async (c) => answer(c, { kind: "assemble", body: await c.req.text() }));

  const projects = new Hono();
  projects.use(needStore);
  const id = (c, name = "id") => checkId(c.req.param(name), `/${name}`);

  projects.post("/:id/context", admit, limit, async (c) => {
    const projectId = id(c);
    const body = await c.req.text();
    const t0 = performance.now();
    const { cached, ...rows } = await store.assemblyRows(projectId);
    c.set("cached", cached);
    return answer(c, { kind: "project", body, ...rows }, performance.now() - t0);
  });
  projects.get("/", async (c) => c.json({ projects: await store.listProjects() }));
  projects.post("/", limit, async (c) => c.json(await store.createProject(await bodyOf(c)), 201));
  projects.get("/:id", async (c) => jsonText(c, await store.projectJson(id(c))));
  projects.delete("/:id", async (c) => {
    await store.deleteProject(id(c));
    return c.body(null, 204);
  });
  projects.get("/:id/documents", async (c) => jsonText(c, `{"documents":${await store.documentsJson(id(c))}}`));
  projects.post("/:id/documents", limit, async (c) => {
    const projectId = id(c);
    return c.json({ created: await store.createDocuments(projectId, await bodyOf(c)) }, 201);
  });
  const documentAnswer = (c, { document, version: v }) => jsonText(c, `{"document":${document},"version":${v}}`);
  projects.get("/:id/documents/:docId", async (c) => documentAnswer(c, await store.getDocument(id(c), id(c, "docId"))));
  projects.put("/:id/documents/:docId", limit, async (c) => {
    const [projectId, docId] = [id(c), id(c, "docId")];
    return documentAnswer(c, await store.editDocument(projectId, docId, await bodyOf(c)));
  });
  projects.delete("/:id/documents/:docId", async (c) => {
    await store.deleteDocument(id(c), id(c, "docId"));
    return c.body(null, 204);
  });
  projects.get("/:id/edges", async (c) => jsonText(c, `{"edges":${await store.edgesJson(id(c))}}`));
  projects.post("/:id/edges", limit, async (c) => {
    const projectId = id(c);
    return c.json({ created: await store.createEdges(projectId, await bodyOf(c)) }, 201);
  });
  projects.delete("/:id/edges/:from/:to", async (c) => {
    await store.deleteEdge(id(c), id(c, "from"), id(c, "to"));
    return c.body(null, 204);
  });
  app.route("/api/projects", projects);

  app.notFound((c) => refusal(c, 404, "NOT_FOUND", "", `no route for ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((e, c) => {
    if (e instanceof Refusal) return refusal(c, e.status, e.code, e.path, e.message);
    if (e?.database !== undefined) return refusal(c, 503, "DATABASE_UNAVAILABLE", "", e.message, { "retry-after": RETRY_AFTER });
    // The client went away mid-body: nobody to answer.
    if (e?.code === "ECONNRESET" || e?.message === "aborted") return refusal(c, 400, "ABORTED", "", "the client closed the connection before its body arrived");
    log?.error({ reqId: c.get("requestId"), err: e }, "unexpected failure");
    if (log === undefined) console.error(e);
    return refusal(c, 500, "INTERNAL", "", "the service failed; see its log");
  });
  return app;
}

export const app = createApp();
export default app;
