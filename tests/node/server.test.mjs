// examples/server (the Hono app a backend would run) against ctxpack in this process: the same
// input gives the same bytes, the hash is SHA-256 of the context's UTF-8, and refusals are JSON
// with a CtxpackError's code and a pointer into the request body. The app is called in-process
// (Hono's app.request), with no pool; one test goes through the Node service (its pool of
// threads) over real HTTP. The database routes: server-service.test.mjs.
// Installs examples/server's dependencies (npm ci) when they are missing or stale.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assembleContext, version } from "ctxpack";
import { countTokens } from "ctxpack/tokenizer";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const example = join(root, "examples", "server");
const { ensureServerDependencies } = await import(pathToFileURL(join(root, "www", "serve.mjs")).href);
ensureServerDependencies({ quiet: true });
const { app, createApp, sha256Hex } = await import(pathToFileURL(join(example, "app.mjs")).href);
const { startServer } = await import(pathToFileURL(join(example, "server.mjs")).href);

const project = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");

const post = (body, target = app) =>
  target.request("/api/assemble", { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** The requests the demo page makes, and a few it can: text, none, an explicit intent, budgets, orders, exact counts. */
const CASES = [
  { request: "generate episodes 7-12", options: { maxChars: 16000, cap: "degrade" } },
  { request: "", options: { maxChars: 16000 } },
  { request: "generate episodes 7-12", options: { maxChars: 4000, cap: "degrade" } },
  { request: "generate episodes 7-12", options: { maxChars: 3000, cap: "skip", order: "input" } },
  { request: { intent: "generate_episode_synopsis", params: { fromEpisode: 7, toEpisode: 12 }, text: null }, options: { maxChars: 16000 } },
  { request: "write the character bios", options: { maxChars: 16000, maxTokens: 1500 } },
  { request: "generate episodes 7-12", options: { maxChars: 16000, maxTokens: 1500, counter: "o200k" } },
  { request: "generate episodes 7-12", options: { maxChars: 16000, maxTokens: 1500, counter: "cl100k" } },
  { request: null },
];

/** What ctxpack gives in this process for a case (the counter named as the server names it). */
function inProcess({ request, options = {} }) {
  const { counter = "estimate", ...settings } = options;
  const countTokensCl100k = (text) => countTokens(text, "cl100k");
  const tokenCounter = { estimate: undefined, o200k: countTokens, cl100k: countTokensCl100k }[counter];
  return assembleContext({ documents: project.documents, edges: project.edges, profile, request, ...settings }, tokenCounter && { tokenCounter });
}

describe("examples/server", () => {
  test("GET /api/health names the package version and the body limit", async () => {
    const res = await app.request("/api/health");
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true, ctxpack: version(), maxBodyBytes: 8 * 1024 * 1024, inFlight: 0, maxInFlight: 64 });
  });

  for (const c of CASES) {
    test(`POST /api/assemble equals ctxpack in-process: ${JSON.stringify(c)}`, async () => {
      const res = await post({ documents: project.documents, edges: project.edges, profile, ...c });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type"), /^application\/json/);
      const body = await res.json();
      const expected = inProcess(c);
      assert.equal(body.context, expected.context, "the context, byte for byte");
      assert.deepEqual(body.manifest, JSON.parse(JSON.stringify(expected.manifest)), "the manifest");
      assert.equal(body.sha256, sha256(expected.context), "SHA-256 of the context's UTF-8");
      assert.ok(expected.context.length > 0 || c.request === null);
    });
  }

  test("the cases differ from one another (they test something)", () => {
    const hashes = new Set(CASES.map((c) => sha256(inProcess(c).context)));
    assert.ok(hashes.size >= 6, `${hashes.size} distinct contexts`);
  });

  test("sha256Hex is SHA-256 of UTF-8 (CJK, astral characters, empty)", async () => {
    for (const text of ["", "abc", "单集大纲", "emoji 😀 and é", project.documents[0].body === undefined ? "x" : JSON.stringify(project.documents[0])]) {
      assert.equal(await sha256Hex(text), sha256(text));
    }
  });

  const refusals = [
    ["not JSON", "{\"documents\": [", 400, "INVALID_JSON", ""],
    ["not an object", "[]", 400, "INVALID_INPUT", ""],
    ["an unknown field", { documents: [], maxChars: 10 }, 400, "INVALID_INPUT", "/maxChars"],
    ["an unknown option", { documents: [], options: { budget: 10 } }, 400, "INVALID_INPUT", "/options/budget"],
    ["options not an object", { documents: [], options: 5 }, 400, "INVALID_INPUT", "/options"],
    ["an unknown counter", { documents: [], options: { counter: "p50k" } }, 400, "INVALID_INPUT", "/options/counter"],
    ["no documents", { profile }, 422, "MISSING_FIELD", "/documents"],
    ["a document without an id", { documents: [{ schema_type: "x" }] }, 422, "MISSING_FIELD", "/documents/0/id"],
    ["a duplicate id", { documents: [project.documents[0], project.documents[0]] }, 422, "DUPLICATE_ID", "/documents/1/id"],
    ["a bad budget, pointed at in options", { documents: [], options: { maxChars: -1 } }, 422, "INVALID_BUDGET", "/options/maxChars"],
    ["an unknown intent", { documents: project.documents, profile, request: { intent: "nope" } }, 422, "UNKNOWN_INTENT", "/request/intent"],
    ["an unknown cap, pointed at in options", { documents: [], options: { cap: "fail" } }, 422, "INVALID_INPUT", "/options/cap"],
  ];
  for (const [name, body, status, code, path] of refusals) {
    test(`refused as JSON: ${name} -> ${status} ${code}`, async () => {
      const res = await post(body);
      assert.equal(res.status, status);
      const { error } = await res.json();
      assert.equal(error.code, code);
      if (path !== null) assert.equal(error.path, path);
      assert.equal(typeof error.message, "string");
      assert.ok(error.message.length > 0);
    });
  }

  test("a body over the limit is refused with 413 TOO_LARGE, with or without a content-length", async () => {
    const small = createApp({ maxBodyBytes: 1000 });
    const body = JSON.stringify({ documents: project.documents });
    const res = await post(body, small);
    assert.equal(res.status, 413);
    assert.equal((await res.json()).error.code, "TOO_LARGE");
    // Streamed (chunked): no content-length to trust, so the limit counts the bytes as they come.
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 256) controller.enqueue(bytes.slice(i, i + 256));
        controller.close();
      },
    });
    const streamed = await small.request("/api/assemble", { method: "POST", body: stream, duplex: "half" });
    assert.equal(streamed.status, 413);
    assert.equal((await streamed.json()).error.code, "TOO_LARGE");
    // Under the limit it is served.
    const ok = await post({ documents: [] }, small);
    assert.equal(ok.status, 200);
  });

  test("unknown routes are JSON 404s", async () => {
    const res = await app.request("/api/nothing");
    assert.equal(res.status, 404);
    assert.equal((await res.json()).error.code, "NOT_FOUND");
    assert.equal((await app.request("/api/assemble")).status, 404, "GET on the POST route");
  });

  describe("the Node listener (server.mjs)", () => {
    let service;
    let origin;
    before(async () => {
      service = await startServer({ port: 0, dataDir: "memory://", seed: false, logger: false });
      origin = service.url;
    });
    after(() => service.shutdown());

    test("serves the same bytes over HTTP", async () => {
      const c = CASES[0];
      const res = await fetch(`${origin}/api/assemble`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ documents: project.documents, edges: project.edges, profile, ...c }) });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.context, inProcess(c).context);
      assert.equal(body.sha256, sha256(body.context));
    });
  });
});
