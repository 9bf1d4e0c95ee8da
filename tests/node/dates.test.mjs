// Timestamps as database drivers return them: node-postgres, Prisma, Drizzle and Kysely give a
// `timestamptz` column as a JavaScript `Date`. A `Date` is read as `JSON.stringify` writes it —
// its ISO text, `null` when invalid — wherever the input holds one (`created_at`, `now`, a
// request's params), so rows passed as objects and the same rows as JSON text agree to the byte.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ContextAssembler, assembleContext, CtxpackError, inferIntent, prioritize } from "../../pkg/index.mjs";
import { RunGovernor } from "../../pkg/governor/index.mjs";

const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));

/** A row as the screenwriting app's table holds it (seed 004): data and metadata as JSON text. */
const row = (i, type, createdAt, extra = {}) => ({
  id: `doc-${i}`,
  project_id: "p-1",
  schema_type: type,
  schema_version: "v1",
  origin_type: i % 3 === 0 ? "ai_generated" : "user_input",
  data: JSON.stringify({ title: `第${i}集`, episodeNumber: (i % 12) + 1, body: "小满".repeat(i % 40) }),
  metadata: JSON.stringify({ derived_from: i > 0 ? [`doc-${i - 1}`] : [] }),
  created_at: createdAt,
  ...extra,
});

const TYPES = ["brainstorm_idea", "剧本设定", "chronicles", "episode_planning", "episode_synopsis", "单集剧本"];
const START = Date.UTC(2026, 0, 1, 9, 30, 0, 125);
const rows = (n, when = (ms) => new Date(ms)) => Array.from({ length: n }, (_, i) => row(i, TYPES[i % TYPES.length], when(START + i * 61_001)));

/** The input as JSON text and back: what the server would get over the wire. */
const viaJson = (v) => JSON.parse(JSON.stringify(v));

function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof CtxpackError, String(e));
    return { code: e.code, path: e.path };
  }
  assert.fail("accepted");
}

for (const [label, n] of [["a project", 24], ["10,000 rows", 10_000]]) {
  test(`${label} with Date created_at: the same result as its JSON text and as ISO strings`, () => {
    const docs = rows(n);
    const request = "write the script for episode 3";
    for (const body of ["data", "document"]) {
      const assembler = new ContextAssembler({ ...profile, render: { ...profile.render, body } });
      const got = assembler.assemble({ documents: docs, request, maxChars: 16_000 });
      assert.deepEqual(got, assembler.assemble({ documents: viaJson(docs), request, maxChars: 16_000 }), body);
      assert.deepEqual(got, assembler.assemble({ documents: JSON.stringify(docs), request, maxChars: 16_000 }), body);
      const sent = got.manifest.documents.filter((d) => d.action !== "discarded" && d.action !== "filtered_out");
      assert.ok(sent.length > 0, body);
      // Each document rendered whole shows its Date as the ISO text JSON.stringify writes.
      if (body === "document") {
        const byId = new Map(docs.map((d) => [d.id, d]));
        for (const d of sent) assert.ok(got.context.includes(`"created_at":"${byId.get(d.id).created_at.toISOString()}"`), d.id);
      }
    }
    const newest = START + (n - 1) * 61_001;
    assert.equal(assembleContext({ documents: docs, request, profile }).manifest.now, newest);
  });
}

test("a document rendered whole shows a Date created_at as its ISO text", () => {
  const docs = [row(1, "剧本设定", new Date(START))];
  const got = assembleContext({ documents: docs, request: "x", profile: { render: { body: "document" } } });
  assert.ok(got.context.includes(`"created_at":"2026-01-01T09:30:00.125Z"`), got.context);
});

test("now given as a Date is the instant it holds", () => {
  const docs = rows(12, (ms) => new Date(ms).toISOString());
  const now = new Date(START + 30 * 86_400_000);
  const a = assembleContext({ documents: docs, request: "x", profile, now });
  assert.equal(a.manifest.now, now.getTime());
  assert.deepEqual(a, assembleContext({ documents: docs, request: "x", profile, now: now.toISOString() }));
  assert.deepEqual(a, assembleContext(JSON.stringify({ documents: docs, request: "x", profile, now })));
  const assembler = new ContextAssembler(profile);
  assert.deepEqual(assembler.assemble({ documents: docs, request: "x", now }), assembler.assemble({ documents: docs, request: "x", now: now.getTime() }));
  assert.deepEqual(prioritize({ documents: docs, request: "x", profile, now }), prioritize({ documents: docs, request: "x", profile, now: now.getTime() }));
});

test("an invalid Date is refused where it stands, as its JSON text (null) is", () => {
  const docs = rows(5);
  docs[3].created_at = new Date(Number.NaN);
  const expected = { code: "INVALID_TIMESTAMP", path: "/documents/3/created_at" };
  assert.deepEqual(thrown(() => assembleContext({ documents: docs, request: "x" })), expected);
  assert.deepEqual(thrown(() => assembleContext({ documents: JSON.stringify(docs), request: "x" })), expected);
  // `now` may be null (measured from the newest document), so an invalid Date there means that,
  // as the input's JSON text says.
  const invalidNow = { documents: rows(3), request: "x", now: new Date("not a date") };
  assert.deepEqual(assembleContext(invalidNow), assembleContext(JSON.stringify(invalidNow)));
  assert.deepEqual(assembleContext(invalidNow), assembleContext({ ...invalidNow, now: null }));
});

test("a Date past year 9999 is refused, as its extended-year ISO text is", () => {
  const docs = rows(2);
  docs[1].created_at = new Date(Date.UTC(10_000, 0, 1));
  const objects = thrown(() => assembleContext({ documents: docs, request: "x" }));
  assert.deepEqual(objects, thrown(() => assembleContext({ documents: JSON.stringify(docs), request: "x" })));
  assert.deepEqual(objects, { code: "INVALID_TIMESTAMP", path: "/documents/1/created_at" });
});

test("any toJSON in created_at is JSON.stringify's answer; one that throws is reported at its field", () => {
  const iso = new Date(START).toISOString();
  const custom = (v) => ({ toJSON: (key) => (key === "created_at" ? v : "wrong key") });
  const base = rows(3, (ms) => new Date(ms).toISOString());
  for (const v of [iso, START]) {
    const docs = base.map((d, i) => (i === 1 ? { ...d, created_at: custom(v) } : d));
    assert.deepEqual(assembleContext({ documents: docs, request: "x" }), assembleContext({ documents: JSON.stringify(docs), request: "x" }));
  }
  const docs = base.map((d, i) => (i === 2 ? { ...d, created_at: { toJSON() { throw new Error("no clock"); } } } : d));
  const e = thrown(() => assembleContext({ documents: docs, request: "x" }));
  assert.deepEqual(e, { code: "INVALID_INPUT", path: "/documents/2/created_at" });
  // Without toJSON an object is no timestamp.
  assert.equal(thrown(() => assembleContext({ documents: base.map((d) => ({ ...d, created_at: {} })), request: "x" })).code, "INVALID_TIMESTAMP");
});

test("read field by field (a getter that throws once sends the call there), a Date still reads the same", () => {
  const docs = rows(6);
  const expected = assembleContext({ documents: viaJson(docs), request: "x", profile });
  let thrownOnce = false;
  const type = docs[4].schema_type;
  const flaky = { ...docs[4] };
  Object.defineProperty(flaky, "schema_type", {
    enumerable: true,
    get() {
      if (!thrownOnce) {
        thrownOnce = true;
        throw new Error("first read");
      }
      return type;
    },
  });
  docs[4] = flaky;
  assert.deepEqual(assembleContext({ documents: docs, request: "x", profile }), expected);
  assert.ok(thrownOnce);
});

test("Dates in a request's params and in governor events read as their JSON text", () => {
  const when = new Date(START);
  const request = { intent: "general", params: { since: when } };
  const intent = inferIntent(request, profile);
  assert.deepEqual(intent, inferIntent(viaJson(request), profile));
  assert.equal(intent.params.since, when.toISOString());

  const run = (events) => {
    const g = new RunGovernor({});
    try {
      return events.map((e) => g.push(e));
    } finally {
      g.free();
    }
  };
  // A step named by the time it began, and a logger's event class that serializes itself.
  class Logged {
    constructor(command) {
      this.command = command;
    }
    toJSON() {
      return { type: "command", command: this.command, step: when };
    }
  }
  const events = [{ type: "command", command: "npm test", step: when }, { type: "tokens", count: 5, step: when }, new Logged("npm test"), new Logged("ls")];
  const decisions = run(events);
  assert.deepEqual(decisions, run(events.map((e) => JSON.stringify(e))));
  const plain = [{ type: "command", command: "npm test", step: when.toISOString() }, { type: "command", command: "ls", step: when.toISOString() }];
  assert.deepEqual(run([new Logged("npm test"), new Logged("ls")]), run(plain));
});

test("Dates from 1969 to 9999 render whole as toISOString writes them, whichever way they cross", () => {
  class Stamp extends Date {}
  const own = new Date(Date.UTC(2026, 5, 1));
  own.toJSON = () => "2020-01-01T00:00:00Z";
  const when = [
    new Date(0),
    new Date(-1),
    new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 999)),
    new Date(Date.UTC(2000, 1, 29, 12)),
    new Date(Date.UTC(2100, 1, 28, 23, 59, 59, 1)),
    new Date(253402300799999),
    new Stamp(Date.UTC(2024, 1, 29, 8, 7, 6, 5)),
    own,
  ];
  for (let i = 0; i < 300; i++) when.push(new Date(Math.floor(((i * 7919) % 300) / 300 * 253402300799999)));
  const docs = when.map((d, i) => row(i, "剧本设定", d));
  const profileDoc = { render: { body: "document" } };
  const objects = assembleContext({ documents: docs, request: "x", profile: profileDoc, maxChars: 1_000_000 });
  assert.deepEqual(objects, assembleContext({ documents: JSON.stringify(docs), request: "x", profile: profileDoc, maxChars: 1_000_000 }));
  for (const d of when) assert.ok(objects.context.includes(`"created_at":${JSON.stringify(d)}`), JSON.stringify(d));
});
