// A param match reads one field of each body it compares while ranking: by property from plain
// data (objects and arrays as JSON.parse makes them), and from JSON text without building the
// rest. Whatever the data holds, the result must be the one its JSON text gives — JSON.stringify
// decides what a host value says (toJSON, prototypes, holes, NaN) — and JSON text as bytes or a
// long string must read the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { assembleContext, CtxpackError } from "../../pkg/index.mjs";

const profile = {
  defaultIntent: "script",
  intents: {
    script: {
      required: ["synopsis"],
      paramMatch: [
        { types: ["synopsis"], field: "/episodeNumber", equals: "episode" },
        { types: ["synopsis"], field: "/list/1/n", equals: "n" },
        { types: ["synopsis"], field: "/name", equals: "name" },
        { types: ["synopsis"], field: "/0", equals: "first" },
      ],
    },
  },
};

const doc = (id, data) => ({ id, schema_type: "synopsis", origin_type: "user_input", created_at: 1_700_000_000_000, data });

class Synopsis {
  constructor(n) {
    this.title = `episode ${n}`;
  }
  get episodeNumber() {
    return 3;
  }
}

// Each: the data of one synopsis; the request asks for episode 3, n 3 or a name.
const bodies = {
  "plain object": { episodeNumber: 3, title: "x" },
  "other episode": { episodeNumber: 4 },
  "as a string": "a".repeat(20),
  "JSON text": JSON.stringify({ episodeNumber: 3, title: "好".repeat(300) }),
  "JSON text, named twice": '{"episodeNumber":3,"episodeNumber":4}',
  "JSON text, escaped key": '{"episode\\u004eumber":3}',
  "JSON text, not JSON": '{"episodeNumber":3',
  "JSON text with a lone surrogate": `{"episodeNumber":3,"t":"\ud800${"x".repeat(300)}"}`,
  "null prototype": Object.assign(Object.create(null), { episodeNumber: 3 }),
  "inherited field": Object.create({ episodeNumber: 3 }),
  "class instance": new Synopsis(3),
  "own getter": Object.defineProperty({}, "episodeNumber", { get: () => 3, enumerable: true }),
  "non-enumerable": Object.defineProperty({}, "episodeNumber", { value: 3, enumerable: false }),
  toJSON: { toJSON: () => ({ episodeNumber: 3 }) },
  "nested toJSON": { list: [{}, { toJSON: () => ({ n: 3 }) }] },
  Date: new Date(0),
  "boxed number": new Number(3),
  // Its characters are own enumerable properties, but JSON.stringify writes it as a string.
  "boxed string": new String("ab"),
  "JSON text, an array": '["a"]',
  "an array": ["a"],
  "another realm": runInNewContext("({ episodeNumber: 3, list: [0, { n: 3 }] })"),
  "array field": { list: [{ n: 2 }, { n: 3 }] },
  "array hole": { list: [{ n: 2 }, , { n: 3 }] },
  "array of functions": { list: [0, () => 3] },
  "undefined field": { episodeNumber: undefined },
  "function field": { episodeNumber: () => 3 },
  NaN: { episodeNumber: NaN },
  "minus zero": { episodeNumber: -0 },
  "string 3": { episodeNumber: "3" },
  "object field": { episodeNumber: { n: 3 } },
  "lone surrogate name": { name: "\ud800x" },
  "well-formed name": { name: "好x" },
};

const requests = [
  { intent: "script", params: { episode: 3 } },
  { intent: "script", params: { episode: 0 } },
  { intent: "script", params: { n: 3 } },
  { intent: "script", params: { n: null } },
  { intent: "script", params: { name: "\ud800x" } },
  { intent: "script", params: { name: "好x" } },
  { intent: "script", params: { episode: { n: 3 } } },
  { intent: "script", params: { first: "a" } },
];

test("a param match gives, for any data, what the data's JSON text gives", () => {
  for (const [name, data] of Object.entries(bodies)) {
    for (const request of requests) {
      const input = { documents: [doc("a", data), doc("b", { episodeNumber: 1 })], profile, request, maxChars: 100_000 };
      const fromObjects = assembleContext(input);
      const text = JSON.stringify(input);
      const fromText = assembleContext(text);
      const label = `${name}, ${JSON.stringify(request.params)}`;
      assert.equal(JSON.stringify(fromObjects), JSON.stringify(fromText), label);
      // Long JSON text is read in chunks (as units, and as bytes): the same again.
      const padded = { ...JSON.parse(text), documents: [...JSON.parse(text).documents, doc("pad", "p".repeat(300_000))] };
      const long = assembleContext({ ...padded, documents: JSON.stringify(padded.documents) });
      const bytes = assembleContext({ ...padded, documents: Buffer.from(JSON.stringify(padded.documents)) });
      const whole = assembleContext(padded);
      assert.equal(JSON.stringify(long), JSON.stringify(whole), `${label}, long text`);
      assert.equal(JSON.stringify(bytes), JSON.stringify(whole), `${label}, bytes`);
    }
  }
});

test("which documents a param match keeps is what the field says", () => {
  const input = (data) => ({ documents: [doc("a", data)], profile, request: requests[0] });
  const action = (data) => assembleContext(input(data)).manifest.documents[0];
  assert.equal(action({ episodeNumber: 3 }).reasonCode, "kept_full");
  assert.equal(action(JSON.stringify({ episodeNumber: 3 })).reasonCode, "kept_full");
  // A class's getter is on its prototype, which JSON.stringify does not write.
  assert.equal(action(new Synopsis(3)).reasonCode, "param_mismatch");
  const left = action({ episodeNumber: 4 });
  assert.equal(left.action, "filtered_out");
  assert.equal(left.reason, "data/episodeNumber is 4, the request asks for episode = 3");
  assert.equal(action(Object.create({ episodeNumber: 3 })).reason, "data/episodeNumber is absent, the request asks for episode = 3");
});

test("a getter that throws while a param match reads is bad input, under the document", () => {
  const data = Object.defineProperty({}, "episodeNumber", {
    get() {
      throw new Error("no episode");
    },
    enumerable: true,
  });
  assert.throws(
    () => assembleContext({ documents: [doc("a", data)], profile, request: requests[0] }),
    (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT" && e.path === "/documents/0/data" && e.message.includes("no episode"),
  );
});

test("a body nested past maxDepth fails a param match as objects and as JSON text alike", () => {
  let deep = 3;
  for (let i = 0; i < 40; i++) deep = [deep];
  const data = JSON.stringify({ episodeNumber: 3, deep });
  const input = { documents: [doc("a", data)], profile, request: requests[0] };
  const fail = (given) => {
    try {
      assembleContext(given, { limits: { maxDepth: 20 } });
    } catch (e) {
      assert.ok(e instanceof CtxpackError, String(e));
      return { code: e.code, path: e.path };
    }
    assert.fail("accepted");
  };
  assert.deepEqual(fail(input), { code: "TOO_DEEP", path: "/documents/0/data" });
  assert.deepEqual(fail(JSON.stringify(input)), fail(input));
});

test("the example profile finds the episode asked for as text, from a route or a form field", async () => {
  const { readFileSync } = await import("node:fs");
  const writing = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));
  // Synopses whose episode numbers a model wrote as numbers and as text, rows as the app stores them.
  const rows = [1, "2", 3, "3", 4].map((n, i) => ({
    id: `syn-${i}`,
    schema_type: "episode_synopsis",
    origin_type: "ai_generated",
    created_at: 1_700_000_000_000 + i,
    data: JSON.stringify({ episodeNumber: n, synopsis: `episode ${n}` }),
  }));
  rows.push({ id: "settings", schema_type: "剧本设定", origin_type: "user_input", created_at: 1_700_000_000_000, data: "{}" });
  const kept = (params) =>
    assembleContext({ documents: rows, request: { intent: "generate_episode_script", params }, profile: writing })
      .manifest.documents.filter((d) => d.action !== "filtered_out" && d.schemaType === "episode_synopsis")
      .map((d) => d.id)
      .sort();
  assert.deepEqual(kept({ episode: "3" }), ["syn-2", "syn-3"]);
  assert.deepEqual(kept({ episode: 3 }), ["syn-2", "syn-3"]);
  assert.deepEqual(kept({ episodeStart: "2", episodeEnd: "3" }), ["syn-1", "syn-2", "syn-3"]);
  assert.deepEqual(kept({ episode: "third" }), []);
});
