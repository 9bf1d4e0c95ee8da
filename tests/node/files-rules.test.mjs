// The files engine's promises of issue 33 through the Node reader and the exports, against a
// real temporary directory: absolute paths under the base, an explicit budget lifting the
// default line and byte limits (seed 002: 650k words under maxTokens 900000), strict mode
// failing fast with every skipped file named, the block's metadata and its list of what was not
// inlined, lone `\r` line ends, and a caller's tokenCounter in every engine that budgets.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { readContextFiles, preloadFiles, fitSections, CtxpackError } from "ctxpack/files";
import { formatModuleRegistry } from "ctxpack/code";

let root;
let base;
// 10 words, 49 bytes, 11 real tokens a line in both vocabularies: 715,000 for the bundle.
const WORDS = "one two three four five six seven eight nine ten\n";

before(() => {
  root = fs.mkdtempSync(join(tmpdir(), "ctxpack-rules-"));
  base = join(root, "base");
  const write = (path, data) => {
    fs.mkdirSync(dirname(path), { recursive: true });
    fs.writeFileSync(path, data);
  };
  write(join(base, "src", "App.jsx"), "export default function App() {\n  return null;\n}\n");
  write(join(base, ".env"), "API_KEY=hunter2\n");
  write(join(base, "long.ts"), "export const x = 1;\n".repeat(300));
  write(join(base, "cr.txt"), "line\r".repeat(250));
  write(join(base, "crlf.txt"), "line\r\n".repeat(3));
  write(join(base, "bundle.txt"), WORDS.repeat(65_000)); // 650k words, 3.2 MB
  write(join(root, "outside.txt"), "OUTSIDE\n");
});

after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const record = (result, path) => result.manifest.files.find((f) => f.path === path);

test("absolute paths: inside the base read in their relative form, outside refused saying so", () => {
  const r = readContextFiles(base, [join(base, "src", "App.jsx"), join(root, "outside.txt"), "src/App.jsx"]);
  const inside = record(r, join(base, "src", "App.jsx"));
  assert.equal(inside.action, "inlined");
  assert.equal(inside.id, "src/App.jsx");
  const out = record(r, join(root, "outside.txt"));
  assert.equal(out.reasonCode, "path_escape");
  assert.match(out.reason, /is absolute and outside the base/);
  assert.equal(record(r, "src/App.jsx").action, "duplicate");
  assert.ok(!r.block.includes("OUTSIDE"));
  // Without a base (preloadFiles alone) an absolute path is refused, and the reason says why.
  const alone = preloadFiles({ references: [{ path: "/srv/app/a.js" }], contents: [{ path: "a.js", content: "x\n" }] });
  assert.match(alone.manifest.files[0].reason, /absolute, and no base was given/);
});

test("seed 002: 650k words, strict, maxTokens 900000 — inlined whole; without the budget, a fast failure naming it", () => {
  const r = readContextFiles(base, ["bundle.txt"], { mode: "strict", maxTokens: 900_000 });
  const f = record(r, "bundle.txt");
  assert.equal(f.action, "inlined");
  assert.equal(f.bytes, WORDS.length * 65_000);
  assert.ok(r.manifest.totals.tokens <= 900_000);
  assert.match(r.block, /#### `bundle\.txt` \(65000 lines, 3185000 bytes, ~\d+ tokens\)\n/);
  // No budget: the default 200 lines and 1 MiB apply, and strict names the file and why.
  assert.throws(
    () => readContextFiles(base, ["bundle.txt", "long.ts", "src/App.jsx"], { mode: "strict" }),
    (e) =>
      e instanceof CtxpackError &&
      e.code === "BUDGET_EXCEEDED" &&
      e.path === "/maxBytes" &&
      e.message.includes("`bundle.txt` has 3185000 bytes, over maxBytes (1048576)") &&
      e.message.includes("`long.ts` has 300 lines, over maxLines (200, the default when no budget is given") &&
      e.message.endsWith("nothing was rendered"),
  );
  // Too small a budget: named too — here by the byte limit the budget implies (16 bytes a
  // token), the reader refusing to read what could never fit.
  assert.throws(
    () => readContextFiles(base, ["bundle.txt"], { mode: "strict", maxTokens: 100_000 }),
    (e) => e.code === "BUDGET_EXCEEDED" && e.path === "/maxBytes" && /`bundle\.txt` has 3185000 bytes, over maxBytes \(1600000\)/.test(e.message),
  );
  assert.throws(
    () => readContextFiles(base, ["bundle.txt"], { mode: "strict", maxTokens: 500_000 }),
    (e) => e.code === "BUDGET_EXCEEDED" && e.path === "/maxTokens" && /these do not fit: `bundle\.txt`/.test(e.message),
  );
  // Best effort without a budget: the reader refuses it by size before reading it.
  assert.equal(record(readContextFiles(base, ["bundle.txt"]), "bundle.txt").reasonCode, "too_large");
  // A limit the caller set wins over the budget.
  const capped = readContextFiles(base, ["bundle.txt"], { maxTokens: 900_000, maxBytes: 1000 });
  assert.equal(record(capped, "bundle.txt").reasonCode, "too_large");
});

test("the block: lines, bytes and tokens in each heading, then what was not inlined and why", () => {
  const r = readContextFiles(base, ["src/App.jsx", ".env", "long.ts", "gone.ts"]);
  assert.match(r.block, /#### `src\/App\.jsx` \(3 lines, 49 bytes, ~\d+ tokens\)\n```jsx\n/);
  assert.ok(
    r.block.endsWith("\nReferenced but not inlined (reason in brackets):\n- `.env` (secret)\n- `long.ts` (too_many_lines)\n- `gone.ts` (missing)\n"),
    r.block,
  );
  assert.equal(r.manifest.totals.chars, r.block.length);
  const off = readContextFiles(base, ["src/App.jsx", ".env"], { listNotInlined: false });
  assert.ok(!off.block.includes("not inlined"));
  assert.equal(record(off, ".env").reasonCode, "secret");
});

test("a lone \\r ends a line: 250 CR-terminated lines are 250, over the default 200", () => {
  const r = readContextFiles(base, ["cr.txt", "crlf.txt"]);
  assert.equal(record(r, "cr.txt").lines, 250);
  assert.equal(record(r, "cr.txt").reasonCode, "too_many_lines");
  assert.equal(record(r, "crlf.txt").lines, 3);
});

test("tokenCounter in preloadFiles, readContextFiles, fitSections and formatModuleRegistry", () => {
  const seen = [];
  function countChars(text) {
    seen.push(text);
    return text.length;
  }
  const r = readContextFiles(base, ["src/App.jsx", "long.ts"], { maxTokens: 2000 }, { tokenCounter: countChars });
  assert.equal(r.manifest.totals.counter, "host:countChars");
  assert.equal(r.manifest.totals.counterCalls, seen.length);
  assert.equal(new Set(seen).size, seen.length, "each distinct piece is counted once");
  // text.length summed over the pieces is the block's length: the count is exact.
  assert.equal(r.manifest.totals.tokens, r.block.length);
  assert.ok(r.block.length <= 2000);
  // long.ts (300 lines, lifted by the budget) does not fit 2000 chars-as-tokens.
  assert.equal(record(r, "long.ts").reasonCode, "budget");

  const s = fitSections(
    { sections: [{ name: "a", variants: [{ name: "full", text: "x".repeat(500) }] }], plan: "do it", maxTokens: 100 },
    { tokenCounter: (t) => t.length },
  );
  assert.equal(s.totals.counter, "host:tokenCounter");
  assert.equal(s.text.length, s.totals.tokens);
  assert.ok(s.cut && s.text.length <= 100 && s.text.length >= 99, s.text);

  const reg = formatModuleRegistry(
    { modules: { "a.py": { created_by_issue: 1, classes: ["A"] } } },
    { "a.py": "class A:\n    x = 1\n" },
    { maxTokens: 10_000 },
    { tokenCounter: (t) => t.length },
  );
  assert.equal(reg.counter, "host:tokenCounter");
  assert.equal(reg.tokens, reg.text.length);
  assert.ok(reg.counterCalls >= 1);
});

test("a counter that throws or lies fails the call with TOKEN_COUNTER_FAILED, nothing rendered", () => {
  const fails = (fn, message) =>
    assert.throws(fn, (e) => e instanceof CtxpackError && e.code === "TOKEN_COUNTER_FAILED" && e.path === "/options/tokenCounter" && message.test(e.message));
  const input = { references: [{ path: "a.js" }], contents: [{ path: "a.js", content: "x\n" }] };
  fails(() => preloadFiles(input, { tokenCounter: () => { throw new Error("no vocabulary"); } }), /no vocabulary/);
  fails(() => preloadFiles(input, { tokenCounter: () => -1 }), /-1/);
  fails(() => readContextFiles(base, ["src/App.jsx"], {}, { tokenCounter: () => "many" }), /a string/);
  fails(() => fitSections({ sections: [{ name: "a", variants: [{ name: "f", text: "x" }] }], maxTokens: 5 }, { tokenCounter: () => NaN }), /NaN/);
  assert.throws(() => preloadFiles(input, { tokenCounter: 5 }), (e) => e.code === "INVALID_INPUT" && e.path === "/options/tokenCounter");
});
