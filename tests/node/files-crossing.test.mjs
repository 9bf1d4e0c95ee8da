// preloadFiles' crossing (docs/FILES.md, "How the contents cross"): text contents are held apart
// in JavaScript, encoded once into one wasm buffer and the block is built in JavaScript around
// them, while contents given as bytes go through the core's own decoding. The two roads must
// give the same result for the same UTF-8, whatever the characters — including files that need
// the encoder's second round (more UTF-8 than the first buffer's room) — and hostile values must
// fail as they did when every string crossed in the tape.
import { test } from "node:test";
import assert from "node:assert/strict";
import { preloadFiles, CtxpackError } from "ctxpack/files";

const asBytes = (text) => Array.from(Buffer.from(text, "utf8"));
const refs = (contents) => contents.map(({ path }) => ({ path }));

/** The same contents as text and as bytes give the same result. */
function sameBothWays(contents, options = {}) {
  const text = preloadFiles({ references: refs(contents), contents, ...options });
  const bytes = preloadFiles({ references: refs(contents), contents: contents.map((c) => ({ ...c, content: asBytes(c.content) })), ...options });
  assert.equal(JSON.stringify(text), JSON.stringify(bytes));
  return text;
}

test("text and bytes give the same block, with held texts and bytes between them", () => {
  const contents = [
    { path: "a.ts", content: "const a = `x`;\n" },
    { path: "b.md", content: "résumé 測試 ✅ 😀\n```\ncode\n```\n" },
    { path: "c.txt", content: "no final newline" },
    { path: "d.txt", content: "" },
    { path: "e.txt", content: "\n\n" },
  ];
  const out = sameBothWays(contents, { maxChars: 100_000 });
  assert.equal(out.manifest.totals.inlined, 5);
  assert.ok(out.block.includes("\n````markdown\nrésumé 測試 ✅ 😀\n```\ncode\n```\n````\n"));
  const mixed = preloadFiles({ references: refs(contents), contents: contents.map((c, i) => (i % 2 ? { ...c, content: asBytes(c.content) } : c)), maxChars: 100_000 });
  assert.equal(JSON.stringify(mixed), JSON.stringify(out));
});

test("files whose UTF-8 outgrows the first buffer (CJK, astral) are encoded in a second round", () => {
  const contents = [
    { path: "cjk.txt", content: `${"測".repeat(5000)}\n` },
    { path: "astral.txt", content: "😀".repeat(3001) },
    { path: "ascii.txt", content: "x".repeat(10) },
  ];
  const out = sameBothWays(contents, { maxChars: 1_000_000, maxLines: 10 });
  assert.deepEqual(
    out.manifest.files.map((f) => f.bytes),
    [15001, 12004, 10],
  );
  assert.ok(out.block.includes(`\n${"😀".repeat(3001)}\n`));
});

test("lone surrogates cross as U+FFFD, as TextEncoder writes them", () => {
  const out = preloadFiles({ references: [{ path: "a.txt" }, { path: "b.txt" }], contents: [{ path: "a.txt", content: "a\uD800b\n" }, { path: "b.txt", content: "\uDE00\uD83D" }] });
  assert.ok(out.block.includes("\na\uFFFDb\n"));
  assert.ok(out.block.includes("\n\uFFFD\uFFFD\n"));
  assert.equal(out.block.isWellFormed(), true);
  assert.deepEqual(
    out.manifest.files.map((f) => f.bytes),
    [6, 6],
  );
});

test("hostile contents fail as before: a throwing getter (run once), a string over the limit, a bad byte", () => {
  let reads = 0;
  const throwing = { path: "a.js", get content() { reads++; throw new Error("boom"); } };
  assert.throws(
    () => preloadFiles({ references: [{ path: "a.js" }], contents: [throwing] }),
    (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT" && e.path === "/contents/0/content" && e.message === "reading this field threw: boom",
  );
  assert.equal(reads, 1);
  assert.throws(
    () => preloadFiles({ references: [{ path: "a.js" }], contents: [{ path: "a.js", content: "x".repeat(100) }] }, { limits: { maxTextLength: 50 } }),
    (e) => e instanceof CtxpackError && e.code === "TOO_LARGE",
  );
  assert.throws(
    () => preloadFiles({ references: [{ path: "a.js" }], contents: [{ path: "a.js", content: [1, 300] }] }),
    (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT" && e.path === "/contents/0/content/1",
  );
  // The instance is still sound after the failures.
  assert.equal(preloadFiles({ references: [{ path: "a.js" }], contents: [{ path: "a.js", content: "ok\n" }] }).manifest.totals.inlined, 1);
});

test("a `content` anywhere but contents[i] crosses as an ordinary string", () => {
  assert.throws(
    () => preloadFiles({ references: [{ path: "a.js", content: "not a field of a reference" }], contents: [{ path: "a.js", content: "x" }] }),
    (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT" && e.path.startsWith("/references/0"),
  );
});

test("contents given as a Buffer, a Uint8Array or an ArrayBuffer read as the same bytes given as numbers", async () => {
  const { runInNewContext } = await import("node:vm");
  const samples = {
    "source": "export const a = 1;\n",
    "with a byte-order mark": "\uFEFFconst b = 2;\n",
    "CJK and emoji": "// 剧本设定 😀\nconst c = 3;\n".repeat(40),
    "empty": "",
  };
  const raw = {
    "invalid UTF-8": [0x41, 0xff, 0x42, 0x0a],
    "a NUL byte": [0x61, 0x00, 0x62],
    "a cut character": [0x61, 0xe5, 0x89],
    ...Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, asBytes(v)])),
  };
  const views = {
    Buffer: (b) => Buffer.from(b),
    Uint8Array: (b) => Uint8Array.from(b),
    ArrayBuffer: (b) => Uint8Array.from(b).buffer,
    "a view into a larger buffer": (b) => new Uint8Array(Uint8Array.from([9, 9, ...b, 9]).buffer, 2, b.length),
    "another realm's Uint8Array": (b) => runInNewContext("Uint8Array.from(b)", { b }),
    "shared memory": (b) => {
      const v = new Uint8Array(new SharedArrayBuffer(b.length));
      v.set(b);
      return v;
    },
  };
  for (const [name, bytes] of Object.entries(raw)) {
    const contents = [{ path: "x.ts", content: bytes }, { path: "y.ts", content: "between\n" }];
    const expected = JSON.stringify(preloadFiles({ references: refs(contents), contents }));
    for (const [kind, make] of Object.entries(views)) {
      const got = preloadFiles({ references: refs(contents), contents: [{ ...contents[0], content: make(bytes) }, contents[1]] });
      assert.equal(JSON.stringify(got), expected, `${name} as ${kind}`);
    }
  }
  // Text read from disk as bytes is text: the result is the one its string gives.
  const text = samples["CJK and emoji"];
  assert.equal(
    JSON.stringify(preloadFiles({ references: [{ path: "z.ts" }], contents: [{ path: "z.ts", content: Buffer.from(text) }] })),
    JSON.stringify(preloadFiles({ references: [{ path: "z.ts" }], contents: [{ path: "z.ts", content: text }] })),
  );
});

test("bytes past maxTextLength are too large, as text is; bytes anywhere but a content are refused", () => {
  const limits = { limits: { maxTextLength: 64 } };
  const code = (content) => {
    try {
      preloadFiles({ references: [{ path: "a" }], contents: [{ path: "a", content }] }, limits);
    } catch (e) {
      assert.ok(e instanceof CtxpackError, String(e));
      return e.code;
    }
    return "ok";
  };
  // The limit counts every string and key of the input together: the same either way.
  const codes = [10, 30, 40, 50, 65, 100].map((n) => [code("a".repeat(n)), code(Buffer.from("a".repeat(n)))]);
  for (const [text, bytes] of codes) assert.equal(bytes, text);
  assert.deepEqual([codes[0][0], codes[5][0]], ["ok", "TOO_LARGE"]);
  assert.equal(code(Buffer.from([0xff, ...Array(70).fill(0x41)])), "TOO_LARGE");
  assert.throws(() => preloadFiles({ references: [{ path: Buffer.from("a") }], contents: [] }), (e) => e instanceof CtxpackError && e.code === "INVALID_INPUT");
});
