// examples/server as a service over a database: the project routes read and write SQL and an
// edit is seen by the next context call; concurrent edits keep one version; a failing write
// leaves no row; the pool, the cap, the timeouts (JSON 408, 431), the connection cap, the access
// log, compression, readiness and the draining shutdown; a restart keeps the data.
// PGlite by default (`npm test`); with DATABASE_URL, the same tests on that PostgreSQL
// (tests/runtimes/server-postgres.mjs runs them so in `npm run test:runtimes`).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assembleContext } from "ctxpack";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const example = join(root, "examples", "server");
const { ensureServerDependencies } = await import(pathToFileURL(join(root, "www", "serve.mjs")).href);
ensureServerDependencies({ quiet: true });
const load = (name) => import(pathToFileURL(join(example, name)).href);
const { startServer } = await load("server.mjs");
const { createApp, sha256Hex } = await load("app.mjs");
const { WorkerPool } = await load("pool.mjs");
const { default: pino } = await import(pathToFileURL(join(example, "node_modules", "pino", "pino.js")).href);
const { documents: generate } = await import(pathToFileURL(join(root, "bench", "workload.mjs")).href);

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const sample = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const SAMPLE_ID = sample.documents[0].metadata.project_id;
/** Ids unique to this run, so a PostgreSQL reused across runs never sees a clash. */
const run = `t${process.pid}-${Date.now().toString(36)}`;
const temp = mkdtempSync(join(tmpdir(), "ctxpack-server-"));
after(() => rmSync(temp, { recursive: true, force: true }));

/** A pino logger writing into `lines` (parsed). */
function capture() {
  const lines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line !== "") lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

const json = (body) => ({ method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
const put = (body) => ({ ...json(body), method: "PUT" });

/** A raw HTTP exchange: writes `head` (and `body`), resolves to what the server sent before closing. */
function raw(url, text, { keepOpen = false } = {}) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (d) => (received += d));
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.on("close", () => resolve(received)));
  socket.write(text);
  return { socket, closed, keepOpen };
}

/** The status and JSON error of a raw response. */
function parseRaw(text) {
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
  const body = text.slice(text.indexOf("\r\n\r\n") + 4);
  return { status, body: body === "" ? null : JSON.parse(body), head: text.slice(0, text.indexOf("\r\n\r\n")) };
}

/** A POST whose body never finishes: it holds an admission slot until the server cuts it. */
function stalledUpload(url, path) {
  const { host } = new URL(url);
  return raw(url, `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"documents":`);
}

/** Waits until `fn` is true, polling (the server's own clock decides, not this test). */
async function until(fn) {
  while (!(await fn())) await new Promise((r) => setTimeout(r, 20));
}

const bigProject = (n, prefix) => generate(n).map(({ is_leaf: _leaf, ...d }) => ({ ...d, id: `${prefix}-${d.id}` }));

describe(`examples/server over ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  let service;
  let url;
  let log;
  before(async () => {
    log = capture();
    service = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir: join(temp, "main"), poolSize: 2, logger: log.logger });
    url = service.url;
  });
  after(() => service.shutdown({ deadlineMs: 1000 }));

  const api = (path, init) => fetch(`${url}${path}`, init);
  const errorOf = async (res) => (await res.json()).error;

  test("an empty database is seeded with the sample project; /api/ready names the database", async () => {
    const { projects } = await (await api("/api/projects")).json();
    const seeded = projects.find((p) => p.id === SAMPLE_ID);
    assert.equal(seeded?.documents, sample.documents.length);
    const ready = await api("/api/ready");
    assert.equal(ready.status, 200);
    assert.equal((await ready.json()).database, service.db.name);
    const health = await (await api("/api/health")).json();
    assert.equal(health.ok, true);
  });

  test("a context call assembles the stored rows as ctxpack does in-process on the same project, and logs its SQL, parse and ctxpack times", async () => {
    const project = await (await api(`/api/projects/${SAMPLE_ID}`)).json();
    assert.equal(project.documents.length, sample.documents.length);
    assert.equal(project.edges.length, sample.edges.length);
    // The rows are what was stored: same ids, times and text data.
    const byId = new Map(sample.documents.map((d) => [d.id, d]));
    for (const d of project.documents) {
      assert.equal(d.created_at, byId.get(d.id).created_at);
      if (typeof byId.get(d.id).data === "string") assert.equal(d.data, byId.get(d.id).data);
      else assert.deepEqual(d.data, byId.get(d.id).data);
    }
    const cases = [{ request: "生成第7-12集", maxChars: 16000 }, { request: "generate episodes 7-12", maxChars: 3000, cap: "skip", order: "input" }, { request: "write the character bios", maxChars: 16000, maxTokens: 1500 }, {}];
    const hashes = new Set();
    for (const c of cases) {
      const res = await api(`/api/projects/${SAMPLE_ID}/context`, json({ ...c, now: "2026-03-01T00:00:00Z" }));
      assert.equal(res.status, 200);
      const body = await res.json();
      const expected = assembleContext({ documents: project.documents, edges: project.edges, profile: project.profile, ...c, now: "2026-03-01T00:00:00Z" });
      assert.equal(body.context, expected.context);
      assert.deepEqual(body.manifest, JSON.parse(JSON.stringify(expected.manifest)));
      assert.equal(body.sha256, await sha256Hex(expected.context));
      hashes.add(body.sha256);
      assert.match(res.headers.get("server-timing"), /sql;dur=[\d.]+, parse;dur=[\d.]+, ctxpack;dur=[\d.]+, stringify;dur=[\d.]+, (gzip;dur=[\d.]+, )?queue;dur=[\d.]+/);
      const line = log.lines.find((l) => l.reqId === res.headers.get("x-request-id"));
      assert.equal(line?.status, 200);
      assert.equal(typeof line?.sql, "number");
    }
    assert.equal(hashes.size, cases.length, "the cases give different contexts");
  });

  test("create, read, edit and delete documents and edges; an edit is seen by the next context call", async () => {
    const id = `${run}-crud`;
    const docs = [
      { id: "idea", schema_type: "灵感创意", origin_type: "user_input", created_at: "2026-01-05T10:00:00Z", data: { title: "逆光律师", logline: "first" } },
      { id: "plan", schema_type: "分集结构", origin_type: "ai_generated", created_at: "2026-01-06T10:00:00.000Z", data: "{\"totalEpisodes\":24}" },
    ];
    let res = await api("/api/projects", json({ id, name: "crud", documents: docs, edges: [{ from: "idea", to: "plan" }] }));
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { id, name: "crud", documents: 2, edges: 1 });
    const context = async () => (await (await api(`/api/projects/${id}/context`, json({ request: "", maxChars: 16000 }))).json()).context;
    assert.match(await context(), /first/);

    res = await api(`/api/projects/${id}/documents/idea`);
    const { document, version } = await res.json();
    assert.equal(version, 1);
    assert.equal(document.created_at, "2026-01-05T10:00:00.000Z");
    res = await api(`/api/projects/${id}/documents/idea`, put({ data: { title: "逆光律师", logline: "second" }, version: 1 }));
    assert.equal(res.status, 200);
    assert.equal((await res.json()).version, 2);
    assert.match(await context(), /second/);
    assert.doesNotMatch(await context(), /first/);

    res = await api(`/api/projects/${id}/documents`, json([{ id: "bio", schema_type: "人物小传", origin_type: "user_input", data: { name: "林晚" } }]));
    assert.equal(res.status, 201);
    res = await api(`/api/projects/${id}/edges`, json({ from: "plan", to: "bio" }));
    assert.equal(res.status, 201);
    assert.deepEqual((await (await api(`/api/projects/${id}/edges`)).json()).edges, [{ from: "idea", to: "plan" }, { from: "plan", to: "bio" }]);
    assert.equal((await api(`/api/projects/${id}/edges/idea/plan`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`/api/projects/${id}/documents/bio`, { method: "DELETE" })).status, 204);
    assert.deepEqual((await (await api(`/api/projects/${id}/edges`)).json()).edges, [], "a document's edges go with it");
    assert.deepEqual((await (await api(`/api/projects/${id}/documents`)).json()).documents.map((d) => d.id), ["idea", "plan"]);
    assert.equal((await api(`/api/projects/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`/api/projects/${id}`)).status, 404);
  });

  test("a project deleted and made again under its id is read anew, not from the cache", async () => {
    const id = `${run}-again`;
    const make = (word) => api("/api/projects", json({ id, documents: [{ id: "a", schema_type: "x", origin_type: "user_input", data: word }] }));
    const context = async () => (await (await api(`/api/projects/${id}/context`, json({ maxChars: 1000 }))).json()).context;
    assert.equal((await make("before")).status, 201);
    assert.match(await context(), /before/);
    assert.match(await context(), /before/);
    assert.equal((await api(`/api/projects/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await make("after")).status, 201);
    assert.match(await context(), /after/);
    const calls = log.lines.filter((l) => l.path === `/api/projects/${id}/context`).map((l) => l.cached);
    assert.deepEqual(calls, [false, true, false]);
  });

  describe("every endpoint's errors are JSON with a code and a pointer", () => {
    const id = `${run}-errors`;
    before(async () => {
      const res = await api("/api/projects", json({ id, documents: [{ id: "a", schema_type: "x", origin_type: "user_input", data: 1 }] }));
      assert.equal(res.status, 201);
    });
    const cases = [
      ["context: malformed JSON", `/api/projects/${id}/context`, json("{\"request\":"), 400, "INVALID_JSON", ""],
      ["context: a bad project id", "/api/projects/%01/context", json({}), 400, "INVALID_ID", "/id"],
      ["context: no such project", `/api/projects/${run}-none/context`, json({}), 404, "NOT_FOUND", ""],
      ["context: an unknown field", `/api/projects/${id}/context`, json({ budget: 5 }), 400, "INVALID_INPUT", "/budget"],
      ["context: a bad budget, ctxpack's pointer", `/api/projects/${id}/context`, json({ maxChars: -1 }), 422, "INVALID_BUDGET", "/maxChars"],
      ["context: an unknown counter", `/api/projects/${id}/context`, json({ counter: "p50k" }), 400, "INVALID_INPUT", "/counter"],
      ["context: not an object", `/api/projects/${id}/context`, json("[]"), 400, "INVALID_INPUT", ""],
      ["projects: malformed JSON", "/api/projects", json("{"), 400, "INVALID_JSON", ""],
      ["projects: a bad id", "/api/projects", json({ id: "" }), 400, "INVALID_ID", "/id"],
      ["projects: an existing id", "/api/projects", json({ id }), 409, "DUPLICATE_ID", "/id"],
      ["projects: a bad document in the list", "/api/projects", json({ id: `${run}-bad`, documents: [{ id: "a", schema_type: "x", origin_type: "y" }, { id: "b", schema_type: 3 }] }), 400, "INVALID_INPUT", "/documents/1/schema_type"],
      ["projects: an unknown field", "/api/projects", json({ id: `${run}-bad`, docs: [] }), 400, "INVALID_INPUT", "/docs"],
      ["project: a bad id", "/api/projects/%01", undefined, 400, "INVALID_ID", "/id"],
      ["project: none", `/api/projects/${run}-none`, undefined, 404, "NOT_FOUND", ""],
      ["project delete: none", `/api/projects/${run}-none`, { method: "DELETE" }, 404, "NOT_FOUND", ""],
      ["documents: none", `/api/projects/${run}-none/documents`, undefined, 404, "NOT_FOUND", ""],
      ["documents create: a duplicate id", `/api/projects/${id}/documents`, json({ id: "a", schema_type: "x", origin_type: "y" }), 409, "DUPLICATE_ID", ""],
      ["documents create: a bad date", `/api/projects/${id}/documents`, json({ id: "b", schema_type: "x", origin_type: "y", created_at: "yesterday" }), 400, "INVALID_TIMESTAMP", "/created_at"],
      ["documents create: a bad id in a list", `/api/projects/${id}/documents`, json([{ id: "ok", schema_type: "x", origin_type: "y" }, { id: "a/b", schema_type: "x", origin_type: "y" }]), 400, "INVALID_ID", "/1/id"],
      ["documents create: malformed JSON", `/api/projects/${id}/documents`, json("{"), 400, "INVALID_JSON", ""],
      ["document: none", `/api/projects/${id}/documents/zz`, undefined, 404, "NOT_FOUND", ""],
      ["document: a bad id", `/api/projects/${id}/documents/${"x".repeat(201)}`, undefined, 400, "INVALID_ID", "/docId"],
      ["document edit: none", `/api/projects/${id}/documents/zz`, put({ data: 1 }), 404, "NOT_FOUND", ""],
      ["document edit: an unknown field", `/api/projects/${id}/documents/a`, put({ body: 1 }), 400, "INVALID_INPUT", "/body"],
      ["document edit: a stale version", `/api/projects/${id}/documents/a`, put({ data: 2, version: 99 }), 409, "VERSION_CONFLICT", "/version"],
      ["document edit: metadata not an object", `/api/projects/${id}/documents/a`, put({ metadata: [] }), 400, "INVALID_INPUT", "/metadata"],
      ["document edit: malformed JSON", `/api/projects/${id}/documents/a`, put("{"), 400, "INVALID_JSON", ""],
      ["document delete: none", `/api/projects/${id}/documents/zz`, { method: "DELETE" }, 404, "NOT_FOUND", ""],
      ["edges: none", `/api/projects/${run}-none/edges`, undefined, 404, "NOT_FOUND", ""],
      ["edge create: to no document", `/api/projects/${id}/edges`, json({ from: "a", to: "zz" }), 404, "NOT_FOUND", ""],
      ["edge create: not an edge", `/api/projects/${id}/edges`, json([{ from: "a" }]), 400, "INVALID_ID", "/0/to"],
      ["edge delete: none", `/api/projects/${id}/edges/a/zz`, { method: "DELETE" }, 404, "NOT_FOUND", ""],
      ["assemble: malformed JSON", "/api/assemble", json("{"), 400, "INVALID_JSON", ""],
      ["assemble: ctxpack's refusal", "/api/assemble", json({ documents: [{ schema_type: "x" }] }), 422, "MISSING_FIELD", "/documents/0/id"],
      ["an unknown route", "/api/projects/a/b/c/d", undefined, 404, "NOT_FOUND", ""],
    ];
    for (const [name, path, init, status, code, pointer] of cases) {
      test(`${name} -> ${status} ${code}`, async () => {
        const res = await api(path, init);
        assert.equal(res.status, status);
        assert.match(res.headers.get("content-type"), /^application\/json/);
        const error = await errorOf(res);
        assert.equal(error.code, code);
        assert.equal(error.path, pointer);
        assert.ok(error.message.length > 0);
      });
    }

    test("a refused write leaves no row: the project with a bad edge, the list with a duplicate", async () => {
      const res = await api("/api/projects", json({ id: `${run}-half`, documents: [{ id: "a", schema_type: "x", origin_type: "y" }], edges: [{ from: "a", to: "missing" }] }));
      assert.equal(res.status, 404);
      assert.equal((await api(`/api/projects/${run}-half`)).status, 404);
      const list = await api(`/api/projects/${id}/documents`, json([{ id: "fresh", schema_type: "x", origin_type: "y" }, { id: "a", schema_type: "x", origin_type: "y" }]));
      assert.equal(list.status, 409);
      assert.equal((await api(`/api/projects/${id}/documents/fresh`)).status, 404);
    });

    test("a body over the limit: 413 TOO_LARGE on every route that reads one", async () => {
      const small = createApp({ db: service.db, maxBodyBytes: 100 });
      const big = JSON.stringify({ request: "x".repeat(200) });
      for (const [path, method] of [[`/api/projects/${id}/context`, "POST"], ["/api/projects", "POST"], [`/api/projects/${id}/documents`, "POST"], [`/api/projects/${id}/documents/a`, "PUT"], [`/api/projects/${id}/edges`, "POST"], ["/api/assemble", "POST"]]) {
        const res = await small.request(path, { method, body: big, headers: { "content-type": "application/json" } });
        assert.equal(res.status, 413, path);
        assert.equal((await errorOf(res)).code, "TOO_LARGE");
      }
    });
  });

  test("concurrent edits of one document from one version: one is kept whole, the others get 409", async () => {
    const id = `${run}-race`;
    await api("/api/projects", json({ id, documents: [{ id: "doc", schema_type: "x", origin_type: "user_input", data: { n: -1 }, metadata: { n: -1 } }] }));
    const edits = await Promise.all(Array.from({ length: 24 }, (_, n) => api(`/api/projects/${id}/documents/doc`, put({ data: { n }, metadata: { n }, version: 1 }))));
    const statuses = edits.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, ...Array(23).fill(409)]);
    const winner = await edits.find((r) => r.status === 200).json();
    const stored = await (await api(`/api/projects/${id}/documents/doc`)).json();
    assert.equal(stored.version, 2);
    assert.deepEqual(stored.document, winner.document);
    assert.equal(stored.document.data.n, stored.document.metadata.n);
  });

  test("concurrent edits without a version: each is applied whole, one after another", async () => {
    const id = `${run}-race2`;
    await api("/api/projects", json({ id, documents: [{ id: "doc", schema_type: "x", origin_type: "user_input", data: { n: -1 }, metadata: { n: -1 } }] }));
    const edits = await Promise.all(Array.from({ length: 24 }, (_, n) => api(`/api/projects/${id}/documents/doc`, put({ data: { n }, metadata: { n } }))));
    assert.ok(edits.every((r) => r.status === 200));
    const versions = (await Promise.all(edits.map((r) => r.json()))).map((b) => b.version).sort((a, b) => a - b);
    assert.deepEqual(versions, Array.from({ length: 24 }, (_, i) => i + 2), "no two edits saw the same version");
    const stored = await (await api(`/api/projects/${id}/documents/doc`)).json();
    assert.equal(stored.document.data.n, stored.document.metadata.n, "data and metadata from the same edit");
  });

  test("requests carry an id (given or made) in the response and in the access log", async () => {
    const given = await api("/api/health", { headers: { "x-request-id": "abc-123" } });
    assert.equal(given.headers.get("x-request-id"), "abc-123");
    const made = await api("/api/health", { headers: { "x-request-id": "bad id with spaces" } });
    assert.match(made.headers.get("x-request-id"), /^[0-9a-f-]{36}$/);
    await until(() => log.lines.some((l) => l.reqId === made.headers.get("x-request-id")));
    const line = log.lines.find((l) => l.reqId === "abc-123");
    assert.deepEqual([line.method, line.path, line.status, typeof line.ms], ["GET", "/api/health", 200, "number"]);
  });

  test("acceptsGzip reads Accept-Encoding's names and weights", async () => {
    const { acceptsGzip } = await load("app.mjs");
    for (const [header, takes] of [["gzip", true], ["gzip, deflate, br", true], ["br;q=1.0, gzip;q=0.5", true], ["*", true], ["gzip;q=0", false], ["identity", false], [undefined, false], ["deflate, *;q=0", false], ["x-gzip", false]]) {
      assert.equal(acceptsGzip(header), takes, String(header));
    }
  });

  test("a context answer is gzipped by its pool thread when the client takes gzip, and is the same JSON", async () => {
    const body = json({ request: "生成第7-12集", maxChars: 16000 });
    const zipped = await api(`/api/projects/${SAMPLE_ID}/context`, { ...body, headers: { ...body.headers, "accept-encoding": "gzip" } });
    assert.equal(zipped.headers.get("content-encoding"), "gzip");
    assert.match(zipped.headers.get("server-timing"), /gzip;dur=/);
    const plain = await api(`/api/projects/${SAMPLE_ID}/context`, { ...body, headers: { ...body.headers, "accept-encoding": "identity" } });
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.deepEqual(await zipped.json(), await plain.json());
  });

  test("responses are compressed when the client accepts it", async () => {
    const res = await api(`/api/projects/${SAMPLE_ID}`, { headers: { "accept-encoding": "gzip" } });
    assert.equal(res.headers.get("content-encoding"), "gzip");
    assert.equal((await res.json()).id, SAMPLE_ID);
    const plain = await api(`/api/projects/${SAMPLE_ID}`, { headers: { "accept-encoding": "identity" } });
    assert.equal(plain.headers.get("content-encoding"), null);
  });

  test("a write that fails half-way (the database lost mid-transaction) answers 503 naming the database and leaves no row", async () => {
    // The connection is lost after the first of two INSERT batches (500 rows each).
    const lost = Object.assign(new Error("Connection terminated unexpectedly"), { code: "08006" });
    const failing = {
      ...service.db,
      transaction: (fn) =>
        service.db.transaction((tx) => {
          let inserts = 0;
          return fn({ query: (sql, params) => (sql.startsWith("INSERT INTO jsondocs") && ++inserts === 2 ? Promise.reject(lost) : tx.query(sql, params)) });
        }),
    };
    const { DatabaseUnavailable } = await load("db.mjs");
    const guarded = { ...failing, transaction: (fn) => failing.transaction(fn).catch((e) => Promise.reject(e === lost ? new DatabaseUnavailable(service.db.name, e) : e)) };
    const app = createApp({ db: guarded });
    const id = `${run}-lost`;
    const documents = Array.from({ length: 800 }, (_, i) => ({ id: `d${i}`, schema_type: "x", origin_type: "y" }));
    const res = await app.request("/api/projects", json({ id, documents }));
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("retry-after"), "1");
    const error = await errorOf(res);
    assert.equal(error.code, "DATABASE_UNAVAILABLE");
    assert.ok(error.message.includes(service.db.name), error.message);
    assert.equal((await api(`/api/projects/${id}`)).status, 404, "no project row");
    const { rows } = await service.db.query("SELECT count(*)::int AS n FROM jsondocs WHERE project_id = $1", [id]);
    assert.equal(rows[0].n, 0, "no document row");
  });

  test("health answers while the pool assembles a 2,000-document project", async () => {
    const id = `${run}-big`;
    const res = await api("/api/projects", json({ id, documents: bigProject(2000, id) }));
    assert.equal(res.status, 201);
    const calls = Array.from({ length: 6 }, () => api(`/api/projects/${id}/context`, json({ request: "generate episodes 7-12", maxChars: 16000 })));
    // Answered while assemblies are still in flight: the event loop is not the one assembling.
    await until(async () => (await (await api("/api/health")).json()).inFlight >= 2);
    const answers = await Promise.all(calls);
    const hashes = new Set(await Promise.all(answers.map(async (r) => (await r.json()).sha256)));
    assert.equal(hashes.size, 1, "one SHA-256 for identical requests");
  });
});

describe("the worker pool", () => {
  test("runs tasks on its threads: results, refusals, a thread's failure, and closing", async () => {
    const pool = new WorkerPool({ size: 2 });
    try {
      const body = JSON.stringify({ documents: sample.documents, edges: sample.edges, request: "generate episodes 7-12", options: { maxChars: 4000 } });
      const results = await Promise.all(Array.from({ length: 5 }, () => pool.run({ kind: "assemble", body })));
      const expected = assembleContext({ documents: sample.documents, edges: sample.edges, request: "generate episodes 7-12", maxChars: 4000 });
      for (const r of results) assert.equal(JSON.parse(r.json).context, expected.context);
      await assert.rejects(pool.run({ kind: "assemble", body: "{" }), (e) => e.code === "INVALID_JSON" && e.status === 400);
      await assert.rejects(pool.run({ kind: "assemble", body: JSON.stringify({ documents: [{}] }) }), (e) => e.code === "MISSING_FIELD" && e.path === "/documents/0/id");
      // A project task whose rows are not JSON: a failure of the service, not a refusal.
      await assert.rejects(pool.run({ kind: "project", body: "{}", documents: "nope", edges: "[]", profile: null }), (e) => !("code" in e) && /assembly worker/.test(e.message));
      assert.equal(JSON.parse((await pool.run({ kind: "assemble", body })).json).context, expected.context, "still serving");
      assert.equal(pool.load, 0);
    } finally {
      await pool.close();
    }
    await assert.rejects(pool.run({ kind: "assemble", body: "{}" }), (e) => e.code === "SHUTTING_DOWN");
  });
});

describe("the rows a pool thread keeps parsed", () => {
  test("a thread that let a project's rows go is sent them again", async () => {
    const pool = new WorkerPool({ size: 1 });
    try {
      const body = JSON.stringify({ request: "generate episodes 7-12", maxChars: 4000 });
      const task = (i) => ({ kind: "project", body, key: `p@${i}`, documents: JSON.stringify(sample.documents.slice(i)), edges: "[]", profile: null });
      const expected = (i) => assembleContext({ documents: sample.documents.slice(i), edges: [], request: "generate episodes 7-12", maxChars: 4000 }).context;
      // Six projects through one thread that keeps four: the first two are gone from it, and the
      // pool, which sent them, sends them without rows first.
      for (const round of [0, 1]) {
        for (let i = 0; i < 6; i++) assert.equal(JSON.parse((await pool.run(task(i))).json).context, expected(i), `round ${round}, project ${i}`);
      }
    } finally {
      await pool.close();
    }
  });
});

describe("limits of the listener", () => {
  let service;
  before(async () => {
    service = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir: "memory://", seed: false, poolSize: 1, maxInFlight: 1, requestTimeoutMs: 400, headersTimeoutMs: 400, maxHeaderBytes: 2048, maxConnections: 4, logger: false });
  });
  after(() => service.shutdown({ deadlineMs: 200 }));

  test("the cap: with its one slot held by an upload, the next assembly is 503 BUSY with Retry-After; then served", async () => {
    const stalled = stalledUpload(service.url, "/api/assemble");
    await until(async () => (await (await fetch(`${service.url}/api/health`)).json()).inFlight === 1);
    const busy = await fetch(`${service.url}/api/assemble`, json({ documents: [] }));
    assert.equal(busy.status, 503);
    assert.equal(busy.headers.get("retry-after"), "1");
    assert.equal((await busy.json()).error.code, "BUSY");
    stalled.socket.destroy();
    await until(async () => (await (await fetch(`${service.url}/api/health`)).json()).inFlight === 0);
    assert.equal((await fetch(`${service.url}/api/assemble`, json({ documents: [] }))).status, 200);
  });

  const answeredBeforeTheApp = [
    ["a body that stops coming", () => stalledUpload(service.url, "/api/assemble"), 408, "TIMEOUT"],
    ["headers that stop coming", () => raw(service.url, "GET /api/health HTTP/1.1\r\nhost: x\r\n"), 408, "TIMEOUT"],
    ["headers over the limit", () => raw(service.url, `GET /api/health HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(4096)}\r\n\r\n`), 431, "HEADERS_TOO_LARGE"],
    ["not HTTP", () => raw(service.url, "HELLO\r\n\r\n"), 400, "BAD_REQUEST"],
  ];
  for (const [name, send, status, code] of answeredBeforeTheApp) {
    test(`${name}: JSON ${status} ${code}`, async () => {
      const answer = parseRaw(await send().closed);
      assert.equal(answer.status, status);
      assert.match(answer.head, /content-type: application\/json/);
      assert.equal(answer.body.error.code, code);
    });
  }

  test("connections over the cap are closed unanswered", async () => {
    const open = Array.from({ length: 4 }, () => raw(service.url, ""));
    await until(() => new Promise((resolve) => service.server.getConnections((_, n) => resolve(n >= 4))));
    const extra = raw(service.url, "GET /api/health HTTP/1.1\r\nhost: x\r\n\r\n");
    assert.equal(await extra.closed, "", "no answer: the connection was dropped");
    for (const o of open) o.socket.destroy();
  });
});

describe("restarts and shutdown", () => {
  test("a restart keeps the data", async () => {
    const dataDir = join(temp, "restart");
    const id = `${run}-kept`;
    const first = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir, seed: false, poolSize: 1, logger: false });
    assert.equal((await fetch(`${first.url}/api/projects`, json({ id, documents: [{ id: "a", schema_type: "x", origin_type: "y", data: "kept" }] }))).status, 201);
    assert.equal(await first.shutdown(), "drained");
    const second = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir, seed: false, poolSize: 1, logger: false });
    try {
      const { document } = await (await fetch(`${second.url}/api/projects/${id}/documents/a`)).json();
      assert.equal(document.data, "kept");
    } finally {
      await second.shutdown();
    }
  });

  test("draining: /api/ready says 503 at once; a stalled upload is cut at the deadline", async () => {
    const service = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir: "memory://", seed: false, poolSize: 1, logger: false });
    const stalled = stalledUpload(service.url, "/api/assemble");
    await until(async () => (await (await fetch(`${service.url}/api/health`)).json()).inFlight === 1);
    const stopping = service.shutdown({ deadlineMs: 300 });
    const ready = await service.app.request("/api/ready");
    assert.equal(ready.status, 503);
    assert.equal((await ready.json()).error.code, "SHUTTING_DOWN");
    assert.equal(await stopping, "deadline");
    await stalled.closed;
  });

  test("SIGTERM with a stalled upload open: the process drains to its deadline and exits 0", async () => {
    const env = { ...process.env, PORT: "0", DATA_DIR: "memory://", DRAIN_MS: "300", POOL_SIZE: "1" };
    const child = spawn(process.execPath, [join(example, "server.mjs")], { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    await until(() => /"msg":"listening"/.test(out));
    const { url } = JSON.parse(out.split("\n").find((l) => l.includes('"listening"')));
    stalledUpload(url, "/api/assemble");
    await until(async () => (await (await fetch(`${url}/api/health`)).json()).inFlight === 1);
    const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    assert.match(out, /drain deadline reached/);
  });

  test("the database gone: 503 DATABASE_UNAVAILABLE naming it, and /api/ready says so", async () => {
    const service = await startServer({ port: 0, databaseUrl: DATABASE_URL, dataDir: "memory://", seed: false, poolSize: 1, logger: false });
    try {
      await service.db.close();
      for (const [path, init] of [["/api/projects", undefined], ["/api/ready", undefined], [`/api/projects/${SAMPLE_ID}/context`, json({})], ["/api/projects", json({ id: `${run}-down` })]]) {
        const res = await fetch(`${service.url}${path}`, init);
        assert.equal(res.status, 503, path);
        const { error } = await res.json();
        assert.equal(error.code, "DATABASE_UNAVAILABLE");
        assert.ok(error.message.includes(service.db.name), error.message);
      }
    } finally {
      await service.shutdown();
    }
  });
});
