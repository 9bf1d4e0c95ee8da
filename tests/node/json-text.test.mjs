// JSON text into wasm memory: as UTF-8 bytes (a Uint8Array, a Node Buffer) and as long strings,
// which cross by src/wasm/host.rs `long_string` rather than wasm-bindgen's copy. The
// result must not depend on the form; the memory a long text leaves behind is about its UTF-8.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { assembleContext, CtxpackError } from "../../pkg/index.mjs";

const doc = (id, data, extra = {}) => ({ id, schema_type: "note", origin_type: "user_input", created_at: "2024-01-01T00:00:00Z", data, ...extra });

function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof CtxpackError, String(e));
    return { code: e.code, path: e.path, message: e.message };
  }
  assert.fail("accepted");
}

// Texts that put the first non-ASCII character at the start, in the middle, at the end, never;
// three bytes a unit (CJK), two (emoji: four bytes for two units), and lone surrogates, which
// JSON text holds as escapes and the context writes as JSON.stringify does.
const LONG = 1 << 14;
const bodies = {
  ascii: "a".repeat(LONG * 2 + 7),
  "cjk first": "好".repeat(LONG) + "b".repeat(LONG),
  "cjk late": "b".repeat(LONG * 3) + "好".repeat(5),
  "all cjk": "剧本设定".repeat(LONG),
  emoji: "😀".repeat(LONG),
  mixed: Array.from({ length: 3 * LONG }, (_, i) => (i % 7 === 0 ? "é" : i % 11 === 0 ? "😀" : i % 13 === 0 ? "中" : "x")).join(""),
  "lone surrogates": "\ud800x".repeat(LONG) + "\udc00",
  "just under": "好".repeat(LONG - 40),
};

test("long strings cross whole and unchanged, whatever their characters", () => {
  for (const [name, body] of Object.entries(bodies)) {
    const documents = [doc("a", { body })];
    const input = { documents, request: "x", maxChars: 10_000_000 };
    const fromObjects = assembleContext(input);
    const fromText = assembleContext(JSON.stringify(input));
    assert.equal(fromText.context, fromObjects.context, name);
    assert.ok(fromText.context.includes(JSON.stringify(body).slice(1, 101)), name);
    assert.deepEqual(fromText.manifest, fromObjects.manifest, name);
  }
});

test("a long text denser than the slices its size is estimated from crosses whole", () => {
  // glue.js utf8Room reads 32 slices of 512 units from 1,048,576 units on: here they are ASCII and
  // the rest three bytes a unit, so the block estimated is too small and the text is written again.
  const units = (1 << 20) + 4321;
  const body = Array(units).fill("好");
  const input = () => ({ documents: [doc("a", { body: body.join("") })], request: "x", maxChars: 10_000_000 });
  const length = JSON.stringify(input()).length;
  const from = JSON.stringify(input()).indexOf("好");
  for (let i = 0; i < 32; i++) {
    const at = Math.floor((i * (length - 512)) / 31);
    for (let k = Math.max(at, from); k < Math.min(at + 512, from + units); k++) body[k - from] = "a";
  }
  const text = JSON.stringify(input());
  assert.equal(text.length, length);
  const fromText = assembleContext(text);
  const fromObjects = assembleContext(input());
  assert.equal(fromText.context, fromObjects.context);
  assert.ok(fromText.context.includes(body.join("")));
});

test("a string body with lone surrogates reads as from JSON text, short or long, plain or JSON text", () => {
  // A short string is searched for U+FFFD in wasm; a long one is asked of the host whether it
  // is well-formed. Either way a lone surrogate is read from JSON.stringify, and a real U+FFFD
  // stays one.
  for (const n of [3, 100, 300, 5000]) {
    const pad = "好x".repeat(n);
    const strings = {
      lone: `${pad}\ud800${pad}`,
      "lone low last": `${pad}\udc00`,
      "real U+FFFD": `${pad}\ufffd${pad}`,
      both: `\ufffd${pad}\ud83d`,
      "JSON text": JSON.stringify({ episodeNumber: 3, body: `${pad}\ud800` }),
    };
    for (const [name, s] of Object.entries(strings)) {
      const documents = [doc("a", s, { metadata: s }), doc("b", { s })];
      const input = { documents, request: "x", maxChars: 10_000_000 };
      const fromObjects = assembleContext(input);
      const fromText = assembleContext(JSON.stringify(input));
      assert.equal(fromObjects.context, fromText.context, `${name}, ${n}`);
      assert.deepEqual(fromObjects.manifest, fromText.manifest, `${name}, ${n}`);
      assert.equal(fromObjects.context.includes("\ufffd"), s.includes("\ufffd"), `${name}, ${n}`);
    }
  }
});

test("JSON text as bytes: the same result as the string, whole input or documents alone", () => {
  const documents = [doc("a", { body: bodies.mixed }), doc("b", "剧本 " + "x".repeat(100)), doc("c", [1, 2, 3])];
  const input = { documents, request: "write the script", maxChars: 50_000 };
  const want = assembleContext(JSON.stringify(input));
  const bytes = new TextEncoder().encode(JSON.stringify(input));
  for (const [form, given] of [
    ["Uint8Array", bytes],
    ["Buffer", Buffer.from(bytes)],
    ["a view into a larger buffer", new Uint8Array([9, 9, ...bytes, 9]).subarray(2, 2 + bytes.length)],
    ["with a byte-order mark", new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])],
    ["from another realm", runInNewContext("(b) => new Uint8Array(b)")(bytes)],
  ]) {
    assert.deepEqual(assembleContext(given), want, form);
  }
  const docsBytes = Buffer.from(JSON.stringify(documents));
  assert.deepEqual(assembleContext({ ...input, documents: docsBytes }), want, "documents as bytes");
});

test("bytes that are not UTF-8 are INVALID_JSON, with the byte where they stop being UTF-8", () => {
  const good = Buffer.from(JSON.stringify([doc("a", "x")]));
  const bad = Buffer.concat([good.subarray(0, 10), Buffer.from([0xff]), good.subarray(10)]);
  assert.deepEqual(thrown(() => assembleContext({ documents: bad })), {
    code: "INVALID_JSON",
    path: "/documents",
    message: "the documents' JSON text is not UTF-8 (from byte 10)",
  });
  // A character cut in half at the end (a careless slice of bytes).
  const cut = Buffer.from(JSON.stringify([doc("a", "好")]));
  assert.equal(thrown(() => assembleContext({ documents: cut.subarray(0, cut.indexOf(Buffer.from("好")) + 1) })).code, "INVALID_JSON");
  // A lone byte-order mark is empty text, refused as the empty string is.
  assert.deepEqual(thrown(() => assembleContext(new Uint8Array([0xef, 0xbb, 0xbf]))), thrown(() => assembleContext("")));
});

test("bytes are held to limits.maxTextLength, counted as bytes, before they are copied", () => {
  const bytes = Buffer.from(JSON.stringify([doc("a", "好好")]));
  assert.deepEqual(thrown(() => assembleContext({ documents: bytes }, { limits: { maxTextLength: bytes.length - 1 } })), {
    code: "TOO_LARGE",
    path: "/documents",
    message: `the documents' JSON text is ${bytes.length} bytes long, over limits.maxTextLength (${bytes.length - 1}), which bounds bytes as it bounds UTF-16 units`,
  });
  assert.equal(assembleContext({ documents: bytes }, { limits: { maxTextLength: bytes.length } }).manifest.documents.length, 1);
});

test("other typed arrays, array buffers and look-alikes are not JSON text", () => {
  const text = JSON.stringify([doc("a", "x")]);
  const bytes = new TextEncoder().encode(text);
  const fake = { length: bytes.length, [Symbol.toStringTag]: "Uint8Array" };
  for (const [name, value] of [
    ["Int8Array", new Int8Array(bytes)],
    ["Uint8ClampedArray", new Uint8ClampedArray(bytes)],
    ["ArrayBuffer", bytes.buffer],
    ["DataView", new DataView(bytes.buffer)],
    ["an object tagged Uint8Array", fake],
    ["a Proxy of a Uint8Array", new Proxy(bytes, {})],
  ]) {
    const e = thrown(() => assembleContext({ documents: value }));
    assert.equal(e.code, "INVALID_INPUT", name);
    assert.equal(e.path, "/documents", name);
  }
  // Whole inputs too: a Uint8Array is text, anything else is read as an object.
  assert.equal(thrown(() => assembleContext(new Uint16Array(4))).code, "INVALID_INPUT");
});

test("INVALID_JSON in bytes says line and UTF-16 column, as it does in the string", () => {
  const text = `[\n  {"id": "😀好", "x": nope}\n]`;
  const caught = (given) => {
    try {
      assembleContext({ documents: given });
    } catch (e) {
      return e;
    }
    assert.fail("accepted");
  };
  const fromString = caught(text);
  const fromBytes = caught(Buffer.from(text));
  assert.equal(fromBytes.code, "INVALID_JSON");
  assert.equal(fromBytes.message, fromString.message);
  // "n" of nope: two spaces, {"id": " (8), an emoji (2 units) and 好 (1), ", "x": (8).
  assert.deepEqual([fromBytes.line, fromBytes.column], [2, 22]);
  assert.deepEqual([fromString.line, fromString.column], [2, 22]);
});

// Linear memory after one call, in a fresh process (memory only grows, so this is the call's
// peak), measured from the instance the package makes: one document whose body is `repeat`
// many times, prioritized (which reads no body), so the text is all the call holds.
// The start of a script run in a fresh Node: \`memory\` is the package's WebAssembly.Memory.
const WATCH_MEMORY = `let memory;
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) {
      const instance = new Instance(module, imports);
      memory = instance.exports.memory;
      return instance;
    };`;

function memoryAfter(form, repeat, times) {
  const script = `
    ${WATCH_MEMORY}
    const { prioritize } = require(${JSON.stringify(new URL("../../pkg/index.cjs", import.meta.url).pathname)});
    const before = memory.buffer.byteLength;
    const text = JSON.stringify([{ id: "a", schema_type: "note", origin_type: "user_input", created_at: 1, data: { body: ${JSON.stringify(repeat)}.repeat(${times}) } }]);
    const given = ${form === "bytes" ? "Buffer.from(text)" : "text"};
    prioritize({ documents: given });
    process.stdout.write(JSON.stringify({ grown: memory.buffer.byteLength - before, units: text.length, utf8: Buffer.byteLength(text) }));
  `;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

test("a long JSON text takes wasm memory about its UTF-8 size", () => {
  // wasm-bindgen's own copy took three bytes a unit from the first non-ASCII character on, then
  // moved the text when the block could not grow in place: four bytes a unit at once.
  for (const [label, repeat] of [
    ["ascii", "plain words "],
    ["half chinese", "剧本ab"],
    ["chinese", "剧本设定的故事"],
    ["emoji", "😀a"],
  ]) {
    for (const form of ["string", "bytes"]) {
      const m = memoryAfter(form, repeat, Math.floor(8_000_000 / repeat.length));
      assert.ok(m.grown <= m.utf8 * 1.1 + (1 << 20), `${label}, ${form}: grew ${m.grown} bytes for ${m.utf8} bytes of UTF-8 (${m.units} units)`);
    }
  }
});

test("a ContextAssembler's calls with a long text take less than its UTF-8, the same each time, string or bytes", () => {
  // Read in chunks (src/jsondoc/chunked.rs), the text is never whole in wasm memory, string or
  // bytes (a chunk of bytes that parted a character would not be UTF-8, and send the reader to
  // the whole text). Nothing a call allocates may outlive it: it would sit where that call's text
  // was (the intent's regex caches did) and keep the next text of that size from fitting there.
  for (const form of ["string", "bytes"]) {
    const script = `
      ${WATCH_MEMORY}
      const { ContextAssembler } = require(${JSON.stringify(new URL("../../pkg/index.cjs", import.meta.url).pathname)});
      const profile = JSON.parse(require("fs").readFileSync(${JSON.stringify(new URL("../../profiles/writing-app.json", import.meta.url).pathname)}, "utf8"));
      const a = new ContextAssembler(profile);
      import(${JSON.stringify(new URL("../../bench/workload.mjs", import.meta.url).href)}).then(({ documents, request, options }) => {
        const text = JSON.stringify(documents(10000, { bodyScale: 1 }));
        const given = ${form === "bytes" ? "Buffer.from(text)" : "text"};
        const before = memory.buffer.byteLength;
        const sizes = [];
        for (let i = 0; i < 3; i++) {
          a.assemble({ documents: given, request, ...options });
          sizes.push(memory.buffer.byteLength);
        }
        process.stdout.write(JSON.stringify({ before, sizes, utf8: Buffer.byteLength(text) }));
      });
    `;
    const { before, sizes, utf8 } = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
    assert.ok(sizes[0] - before < utf8 / 3, `${form}: grew ${sizes[0] - before} bytes for a text of ${utf8} bytes of UTF-8`);
    assert.equal(sizes[1], sizes[0], `${form}: memory after each call: ${sizes.join(", ")}`);
    assert.equal(sizes[2], sizes[0], form);
  }
});

// A Uint8Array whose buffer was transferred (to a worker, by structuredClone) is detached: it
// reads as no bytes, as an empty one does, and is refused as a CtxpackError with its path, never
// a TypeError from the copy.
test("a detached Uint8Array is refused as an empty one is, never with a TypeError", async () => {
  const { preloadFiles } = await import("../../pkg/files/index.mjs");
  const detached = (text) => {
    const bytes = new TextEncoder().encode(text);
    structuredClone(bytes, { transfer: [bytes.buffer] });
    assert.equal(bytes.length, 0);
    return bytes;
  };
  const empty = () => new Uint8Array(0);
  for (const bytes of [detached, empty]) {
    const asDocuments = thrown(() => assembleContext({ documents: bytes("[]"), request: "x" }));
    assert.equal(asDocuments.path, "/documents");
    const asDocument = thrown(() => assembleContext({ documents: [bytes(JSON.stringify(doc("a", {})))], request: "x" }));
    assert.match(asDocument.path, /^\/documents\/0/);
  }
  const a = preloadFiles({ references: [{ path: "a.ts" }], contents: [{ path: "a.ts", content: detached("x") }] });
  const b = preloadFiles({ references: [{ path: "a.ts" }], contents: [{ path: "a.ts", content: empty() }] });
  assert.deepEqual(a, b);
});
