// JSON text of two chunks and more, a string (as UTF-16 units, src/jsondoc/wide.rs) or UTF-8 bytes
// (src/jsondoc/chunked.rs), is read a chunk at a time and its rendered bodies fetched again from it: the result must be what the same
// documents give as objects and as a whole input's JSON text (read whole), at every chunk
// boundary. (That the text's UTF-8 is never held whole: tests/node/json-text.test.mjs.)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { assembleContext, ContextAssembler, CtxpackError } from "../../pkg/index.mjs";
import { documents as workload, request as workloadRequest } from "../../bench/workload.mjs";

const CHUNK = 1 << 16;
const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));

// Seeded, so a failure repeats.
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Documents whose texts put pairs, escapes and CJK across every kind of boundary. */
function mixed(n, seed) {
  const r = random(seed);
  const pieces = ["plain ", "中文字", "😀", "\"quoted\"", "back\\slash", "\n", "é\u0301", "𠀋", "\t", "{\"a\":[1,2]}"];
  const text = (len) => Array.from({ length: len }, () => pieces[Math.floor(r() * pieces.length)]).join("");
  return Array.from({ length: n }, (_, i) => ({
    id: `doc-${i}-${text(1)}`,
    schema_type: ["note", "笔记", "idea"][i % 3],
    origin_type: i % 2 ? "user_input" : "ai_generated",
    created_at: i % 4 ? new Date(Date.UTC(2026, 0, 1 + (i % 28), i % 24)).toISOString() : 1_767_225_600_000 + i,
    data: i % 5 === 0 ? JSON.stringify({ body: text(20 + Math.floor(r() * 400)) }) : { title: text(3), body: text(20 + Math.floor(r() * 400)), n: r() * 1e6 },
    ...(i % 3 === 0 ? { metadata: { tags: [text(2)] } } : i % 3 === 1 ? { metadata: JSON.stringify({ k: text(2) }) } : {}),
  }));
}

const same = (a, b, what) => assert.equal(JSON.stringify(a), JSON.stringify(b), what);

test("a text of many chunks gives what its documents give as objects and as bytes", () => {
  const docs = mixed(1500, 7);
  // One body longer than a chunk: fetched again from several.
  docs[700].data = { body: "剧本😀".repeat(CHUNK / 2) };
  const text = JSON.stringify(docs);
  assert.ok(text.length > 8 * CHUNK, `${text.length} units`);
  for (const maxChars of [20_000, 600_000]) {
    for (const cap of ["stop", "skip", "degrade"]) {
      const input = (documents) => ({ documents, request: "anything", maxChars, cap });
      const fromText = assembleContext(input(text));
      same(fromText, assembleContext(input(docs)), `objects, ${maxChars} ${cap}`);
      same(fromText, assembleContext(input(Buffer.from(text))), `bytes, ${maxChars} ${cap}`);
      // A whole input's JSON text is read whole, string and bytes alike.
      same(fromText, assembleContext(JSON.stringify(input(docs))), `whole text, ${maxChars} ${cap}`);
      same(fromText, assembleContext(Buffer.from(JSON.stringify(input(docs)))), `whole bytes, ${maxChars} ${cap}`);
      assert.ok(fromText.manifest.totals.included > (maxChars > 100_000 ? 100 : 5));
    }
  }
});

test("escaped keys, repeated members and unpaired surrogates read from units as from the whole text", () => {
  const docs = mixed(600, 11);
  let text = JSON.stringify(docs);
  // Keys spelled with escapes, a member given twice (the last counts), a raw lone surrogate in an
  // id and in a body, members ctxpack does not read.
  text = text.replaceAll('"data":', '"d\\u0061ta":').replaceAll('"schema_type":"note"', '"schema_type":"x","s\\u0063hema_type":"note"');
  text = text.replace('"id":"doc-0-', '"id":"doc-\ud800-').replace('"id":"doc-1-', '"extra":[{"deep":[1,2,{"x":null}]}],"id":"doc-1-');
  text = text.replace('"body":"', '"body":"\udc00');
  assert.ok(text.length > 2 * CHUNK, `${text.length} units`);
  for (const cap of ["stop", "degrade"]) {
    const input = (documents) => ({ documents, request: "anything", maxChars: 400_000, cap });
    const fromText = assembleContext(input(text));
    // The same text inside a whole input (read whole): a raw lone surrogate is U+FFFD in both.
    const whole = `{"documents":${text},${JSON.stringify(input(0)).slice(1).replace('"documents":0,', "")}`;
    same(fromText, assembleContext(whole), `whole text, ${cap}`);
    same(fromText, assembleContext(input(Buffer.from(text))), `bytes, ${cap}`);
    assert.ok(fromText.manifest.totals.included > 100);
  }
});

test("units whose low byte is a quote, a backslash or an escape letter never end a string early", () => {
  // The scanner compares sixteen units a block with wasm SIMD, narrowing them to bytes for the
  // escape letters: "Ģ" is 0x0122, "Ŝ" 0x015C, "•" 0x2022, "艢" 0x8822, "屜" 0x5C1C.
  const r = random(5);
  const pieces = ["Ģ", "Ŝ", "•", "艢", "屜", "\"", "\\", "\n", "ŀ", "Ů", "\u0000", "b", "a", "⁢", "\/", "😀"];
  const text = (len) => Array.from({ length: len }, () => pieces[Math.floor(r() * pieces.length)]).join("");
  const docs = Array.from({ length: 4000 }, (_, i) => ({
    id: `u-${i}-${text(3)}`,
    schema_type: "note",
    origin_type: "user_input",
    created_at: 1_767_225_600_000 + i,
    data: i % 2 ? { body: text(3000 + (i % 17)) } : JSON.stringify({ body: text(2000 + (i % 13)) }),
  }));
  const json = JSON.stringify(docs);
  assert.ok(json.length > 2 * CHUNK, `${json.length} units`);
  const input = (documents) => ({ documents, request: "anything", maxChars: 20_000_000, cap: "stop" });
  const fromText = assembleContext(input(json));
  same(fromText, assembleContext(input(docs)), "objects");
  same(fromText, assembleContext(input(Buffer.from(json))), "bytes");
  assert.equal(fromText.manifest.totals.included, 4000);
  // Giving up would give the same result (the whole reader), so memory tells: read as units, the
  // call holds far less than the text's UTF-8.
  const file = join(mkdtempSync(join(tmpdir(), "ctxpack-units-")), "docs.json");
  writeFileSync(file, json);
  const script = `
    let memory;
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) {
      const instance = new Instance(module, imports);
      memory = instance.exports.memory;
      return instance;
    };
    const { prioritize } = require(${JSON.stringify(new URL("../../pkg/index.cjs", import.meta.url).pathname)});
    const text = require("fs").readFileSync(${JSON.stringify(file)}, "utf8");
    const before = memory.buffer.byteLength;
    try {
      prioritize({ documents: process.argv[1] === "whole" ? text + " x" : text });
    } catch {}
    process.stdout.write(JSON.stringify({ grown: memory.buffer.byteLength - before }));
  `;
  const grown = (how) => JSON.parse(execFileSync(process.execPath, ["-e", script, how], { encoding: "utf8" })).grown;
  // A fault at the very end: read as units, given up on, read whole (and refused).
  const [units, whole] = [grown("units"), grown("whole")];
  assert.ok(whole >= Buffer.byteLength(json), `read whole: grew ${whole} bytes for ${Buffer.byteLength(json)} bytes of UTF-8`);
  assert.ok(units < whole / 4, `grew ${units} bytes, ${whole} when read whole`);
});

test("without Node's Buffer (a page, a worker) a string's units are copied one by one: the same result", () => {
  const script = `
    delete globalThis.Buffer;
    const { assembleContext } = require(${JSON.stringify(new URL("../../pkg/index.cjs", import.meta.url).pathname)});
    import(${JSON.stringify(new URL("../../bench/workload.mjs", import.meta.url).href)}).then(({ documents }) => {
      const text = JSON.stringify(documents(2000, { bodyScale: 1 }));
      const r = assembleContext({ documents: text, request: "generate episodes 7-12", maxChars: 200000, cap: "degrade" });
      process.stdout.write(JSON.stringify({ hasBuffer: typeof Buffer, r }));
    });
  `;
  const child = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 1 << 28 }));
  assert.equal(child.hasBuffer, "undefined");
  const text = JSON.stringify(workload(2000, { bodyScale: 1 }));
  same(child.r, assembleContext({ documents: text, request: "generate episodes 7-12", maxChars: 200000, cap: "degrade" }), "with and without Buffer");
});

test("bodies read while ranking (a param match) come from the string too", () => {
  const docs = workload(3000, { bodyScale: 1 });
  const text = JSON.stringify(docs);
  const a = new ContextAssembler(profile);
  for (const request of ["write the script for episode 3", "生成第7-12集大纲", workloadRequest]) {
    const fromObjects = a.assemble({ documents: docs, request, maxChars: 50_000 });
    same(a.assemble({ documents: text, request, maxChars: 50_000 }), fromObjects, request);
    // The free function compiles the input's profile to know which bodies ranking reads.
    same(assembleContext({ documents: text, profile, request, maxChars: 50_000 }), fromObjects, `${request}, assembleContext`);
  }
  a.free();
});

test("a fault anywhere in a long text is reported as the whole text reports it", () => {
  const docs = mixed(1200, 11);
  const good = JSON.stringify(docs);
  const late = good.lastIndexOf('"created_at"');
  const faults = {
    syntax: `${good.slice(0, late)}"created_at" 1${good.slice(late + 12)}`,
    date: good.replace(/"created_at":"2026-01-0[1-9]T/g, (m, at) => (at > good.length * 0.9 ? '"created_at":"yesterdayT' : m)),
    duplicate: good.replace(`"id":"${docs[1100].id.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`, `"id":${JSON.stringify(docs[3].id)}`),
    trailing: `${good} x`,
    "not documents": JSON.stringify({ documents: docs }),
  };
  for (const [label, text] of Object.entries(faults)) {
    assert.notEqual(text, good, label);
    const error = (documents) => {
      try {
        assembleContext({ documents, request: "anything" });
      } catch (e) {
        assert.ok(e instanceof CtxpackError, String(e));
        return { code: e.code, path: e.path, message: e.message, line: e.line, column: e.column };
      }
      assert.fail(`${label}: accepted`);
    };
    same(error(text), error(Buffer.from(text)), label);
  }
});

test("bytes in chunks: every cut through a character, a byte-order mark, a view into a larger buffer", () => {
  const request = "anything";
  for (const char of ["é", "中", "😀"]) {
    const size = Buffer.byteLength(char);
    for (let into = 0; into < size; into++) {
      // The first document's body ends so that `char` straddles the chunk edge `into` bytes in.
      const docs = mixed(400, 3);
      docs[0].data = "@@@";
      const head = Buffer.byteLength(JSON.stringify(docs).split("@@@")[0]);
      docs[0].data = "x".repeat(CHUNK - into - head) + char.repeat(40);
      const bytes = Buffer.from(JSON.stringify(docs));
      assert.ok(bytes.length >= 2 * CHUNK, `${bytes.length} bytes`);
      assert.equal(bytes.subarray(CHUNK - into, CHUNK - into + size).toString(), char, `${char} at the edge`);
      const want = assembleContext({ documents: JSON.stringify(docs), request, maxChars: 300_000 });
      assert.ok(want.manifest.totals.included > 5);
      same(assembleContext({ documents: bytes, request, maxChars: 300_000 }), want, `${char}, ${into} into it`);
      const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
      same(assembleContext({ documents: marked, request, maxChars: 300_000 }), want, `${char}, ${into}, a byte-order mark`);
      const larger = new Uint8Array(bytes.length + 10);
      larger.set(bytes, 7);
      same(assembleContext({ documents: larger.subarray(7, 7 + bytes.length), request, maxChars: 300_000 }), want, `${char}, ${into}, a view`);
    }
  }
});

test("long bytes that are not UTF-8 are INVALID_JSON naming the first bad byte, as short ones are", () => {
  const bytes = Buffer.from(JSON.stringify(mixed(1200, 5)));
  assert.ok(bytes.length > 3 * CHUNK);
  // At an ASCII byte, so that the first bad byte is the one changed.
  const ascii = (from) => bytes.findIndex((b, i) => i >= from && b < 0x80);
  for (const at of [5, CHUNK - 1, CHUNK, Math.floor(bytes.length * 0.9), bytes.length - 2].map(ascii)) {
    const bad = Buffer.from(bytes);
    bad[at] = 0xff;
    assert.throws(() => assembleContext({ documents: bad, request: "anything" }), (e) => {
      assert.ok(e instanceof CtxpackError, String(e));
      assert.equal(e.code, "INVALID_JSON");
      assert.equal(e.path, "/documents");
      assert.equal(e.message, `the documents' JSON text is not UTF-8 (from byte ${at})`);
      return true;
    });
  }
  // Cut in the middle of a character at the very end (a careless slice of bytes).
  const cut = Buffer.concat([bytes.subarray(0, bytes.length - 1), Buffer.from("中").subarray(0, 2)]);
  assert.throws(() => assembleContext({ documents: cut, request: "anything" }), { code: "INVALID_JSON" });
});

test("bytes changed during the call (by a token counter) end in a result or a CtxpackError, and the next call is right", () => {
  const docs = mixed(1500, 9);
  const text = JSON.stringify(docs);
  const want = assembleContext({ documents: text, request: "anything", maxTokens: 50_000 });
  for (const change of [(b) => b.fill(0xff), (b) => b.fill(0x20), (b) => b.fill(0x22, 0, b.length >> 1), (b) => b.copyWithin(0, 1000)]) {
    const bytes = Buffer.from(text);
    let changed = false;
    const tokenCounter = (piece) => {
      if (!changed) {
        change(bytes);
        changed = true;
      }
      return Math.ceil(piece.length / 4);
    };
    try {
      const got = assembleContext({ documents: bytes, request: "anything", maxTokens: 50_000 }, { tokenCounter });
      assert.equal(typeof got.context, "string");
    } catch (e) {
      assert.ok(e instanceof CtxpackError, String(e));
    }
    assert.ok(changed, "the counter ran");
    same(assembleContext({ documents: text, request: "anything", maxTokens: 50_000 }), want, "the next call");
  }
});
