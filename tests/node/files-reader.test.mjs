// readContextFiles (ctxpack/files, Node only) against a real temporary directory: the core's path
// rules, then the disk's — symlinks out of the base, `..` through a symlinked directory, a FIFO
// (never opened: opening one blocks), a directory, binary files, a 10 MB file refused from its
// size before it is opened, the traversal corpus, secrets, duplicates spelled differently — and
// every path with exactly one record, in the order given.
//
// Which files were opened is watched on fs.openSync (the reader calls it through the shared
// node:fs module): "refused before reading" is shown by the file never being opened, not by a
// clock. The 10 MB file is also chmod 000, which stops a reader that is not root.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readContextFiles, CtxpackError, preloadFiles } from "ctxpack/files";
import { watchingOpens } from "../support/opens.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const corpus = JSON.parse(fs.readFileSync(join(repo, "tests/vectors/files/inputs/check-traversal-corpus.json"), "utf8")).input.paths;

let root;
let base;
let outside;
const BIG = 10 * 1024 * 1024;

before(() => {
  root = fs.mkdtempSync(join(tmpdir(), "ctxpack-reader-"));
  base = join(root, "base");
  outside = join(root, "outside");
  const write = (path, data) => {
    fs.mkdirSync(dirname(path), { recursive: true });
    fs.writeFileSync(path, data);
  };
  write(join(outside, "secret.txt"), "OUTSIDE-SECRET\n");
  write(join(outside, "dir", "x.txt"), "OUTSIDE-DIR\n");
  write(join(outside, "peek.txt"), "OUTSIDE-PEEK\n");
  write(join(base, "src", "App.jsx"), "export default function App() {\n  return null;\n}\n");
  write(join(base, "src", "util.ts"), "export const one = 1;\n");
  write(join(base, "README.md"), "# inside\n");
  fs.symlinkSync(join(outside, "secret.txt"), join(base, "link-out.txt"));
  fs.symlinkSync(join("..", "outside", "dir"), join(base, "linkdir"));
  fs.symlinkSync(join("src", "App.jsx"), join(base, "link-in.jsx"));
  execFileSync("mkfifo", [join(base, "pipe")]);
  write(join(base, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80]));
  write(join(base, "nul.txt"), "text\u0000more\n");
  write(join(base, "latin1.txt"), Buffer.from("caf\xe9\n", "latin1"));
  write(join(base, "big.log"), Buffer.alloc(BIG, 0x61));
  fs.chmodSync(join(base, "big.log"), 0o000);
  write(join(base, ".env"), "API_KEY=hunter2\n");
  write(join(base, "config.js"), `export const key = "ghp_${"aB3".repeat(12)}";\n`);
  write(join(base, "long.py"), "x = 1\n".repeat(300));
});

after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const byPath = (result) => Object.fromEntries(result.manifest.files.map((f) => [f.path, f]));
const codes = (result) => result.manifest.files.map((f) => `${f.path} ${f.action} ${f.reasonCode}`);

/** One record per path, in the order given, each naming its path as given. */
function oneRecordEach(result, paths) {
  assert.equal(result.manifest.files.length, paths.length);
  result.manifest.files.forEach((f, i) => assert.equal(f.path, typeof paths[i] === "string" ? paths[i] : paths[i].path));
  const t = result.manifest.totals;
  assert.equal(t.references, paths.length);
  assert.equal(t.inlined + t.skipped + t.rejected + t.duplicates, paths.length);
}

test("the disk's rules: symlinks out, a FIFO, a directory, binary, a 10 MB file — one record each", () => {
  const paths = [
    "src/App.jsx",
    "link-out.txt",
    "linkdir/x.txt",
    "linkdir/../peek.txt",
    "link-in.jsx",
    "pipe",
    "src",
    "logo.png",
    "nul.txt",
    "latin1.txt",
    "big.log",
    "long.py",
    "missing.txt",
  ];
  const [result, opened] = watchingOpens(() => readContextFiles(base, paths, { maxTokens: 100_000, maxBytes: 1024 * 1024, maxLines: 200 }));
  oneRecordEach(result, paths);
  assert.deepEqual(codes(result), [
    "src/App.jsx inlined inlined",
    "link-out.txt rejected path_escape",
    "linkdir/x.txt rejected path_escape",
    // Normalised lexically to peek.txt under the base, which has none: never outside/peek.txt.
    "linkdir/../peek.txt skipped missing",
    // A symlink that stays inside the base is followed.
    "link-in.jsx inlined inlined",
    "pipe rejected not_a_file",
    "src rejected directory",
    "logo.png rejected binary",
    "nul.txt rejected binary",
    "latin1.txt rejected binary",
    "big.log skipped too_large",
    "long.py skipped too_many_lines",
    "missing.txt skipped missing",
  ]);
  for (const leaked of ["OUTSIDE-SECRET", "OUTSIDE-DIR", "OUTSIDE-PEEK"]) assert.ok(!result.block.includes(leaked), leaked);
  const f = byPath(result);
  assert.equal(f["big.log"].bytes, BIG);
  assert.match(f["big.log"].reason, /10485760 bytes, over maxBytes \(1048576\)/);
  assert.equal(f["logo.png"].bytes, 12);
  // Opened: the regular files inside the base within the limit, nothing else.
  const names = opened.map((p) => p.slice(fs.realpathSync(base).length + 1)).sort();
  assert.deepEqual(names, ["latin1.txt", "logo.png", "long.py", "nul.txt", "src/App.jsx", "src/App.jsx"].sort());
  assert.ok(!opened.some((p) => p.endsWith("pipe") || p.endsWith("big.log") || p.includes("outside")));
});

test("a 10 MB file is refused from its size: never opened, unreadable or not", () => {
  const [result, opened] = watchingOpens(() => readContextFiles(base, ["big.log"], { maxBytes: 1000 }));
  assert.deepEqual(opened, []);
  assert.deepEqual(codes(result), ["big.log skipped too_large"]);
  assert.equal(result.manifest.files[0].bytes, BIG);
  // The default limit (1 MiB) refuses it too.
  assert.deepEqual(codes(readContextFiles(base, ["big.log"])), ["big.log skipped too_large"]);
});

test("the traversal corpus against the real directory: every payload refused, nothing opened", () => {
  const [result, opened] = watchingOpens(() => readContextFiles(base, corpus, { maxTokens: 100_000, allowSecrets: true }));
  assert.deepEqual(opened, []);
  oneRecordEach(result, corpus);
  for (const f of result.manifest.files) {
    assert.equal(f.action, "rejected", JSON.stringify(f.path));
    assert.ok(["path_escape", "invalid_path"].includes(f.reasonCode), `${JSON.stringify(f.path)}: ${f.reasonCode}`);
  }
  assert.equal(result.block, "");
});

test("the corpus spelled into the base's symlinks: no read lands outside", () => {
  const escapes = ["link-out.txt", "linkdir/x.txt", "linkdir/../../outside/secret.txt", "linkdir/../linkdir/x.txt", "./linkdir//x.txt", "linkdir/."];
  const result = readContextFiles(base, escapes, { maxTokens: 100_000 });
  oneRecordEach(result, escapes);
  assert.equal(result.manifest.totals.inlined, 0, codes(result).join("\n"));
  assert.ok(!result.block.includes("OUTSIDE"));
});

test("a large binary file: the record has its whole size, wherever its first invalid byte is", () => {
  const late = Buffer.alloc(300 * 1024, 0x61);
  late[250 * 1024] = 0xff; // past the first chunks the reader decodes
  fs.writeFileSync(join(base, "late.bin"), late);
  const truncated = Buffer.concat([Buffer.alloc(200 * 1024, 0x62), Buffer.from([0xe2, 0x82])]);
  fs.writeFileSync(join(base, "truncated.txt"), truncated);
  try {
    const result = readContextFiles(base, ["late.bin", "truncated.txt", "logo.png"], { maxLines: 1e6 });
    assert.deepEqual(codes(result), ["late.bin rejected binary", "truncated.txt rejected binary", "logo.png rejected binary"]);
    assert.deepEqual(result.manifest.files.map((f) => f.bytes), [late.length, truncated.length, 12]);
  } finally {
    fs.rmSync(join(base, "late.bin"));
    fs.rmSync(join(base, "truncated.txt"));
  }
});

test("secrets: refused by name before opening, by content after; allowSecrets lets them through", () => {
  const [result, opened] = watchingOpens(() => readContextFiles(base, [".env", "config.js", "README.md"]));
  assert.deepEqual(codes(result), [".env rejected secret", "config.js rejected secret", "README.md inlined inlined"]);
  assert.ok(!opened.some((p) => p.endsWith(".env")));
  assert.ok(!result.block.includes("hunter2") && !result.block.includes("ghp_"));
  assert.ok(!result.manifest.files[1].reason.includes("ghp_"), "the reason names the shape, not the text");
  const allowed = readContextFiles(base, [".env", "config.js"], { allowSecrets: true });
  assert.deepEqual(codes(allowed), [".env inlined inlined", "config.js inlined inlined"]);
});

test("duplicates spelled differently: read once, first-seen order kept", () => {
  const paths = ["src/util.ts", "src/App.jsx", "./src/App.jsx", "src//App.jsx", "src/x/../App.jsx", "./src/util.ts", { path: "README.md", source: "contexts[0].sourceFile" }];
  const [result, opened] = watchingOpens(() => readContextFiles(base, paths));
  oneRecordEach(result, paths);
  assert.deepEqual(
    result.manifest.files.map((f) => [f.id, f.action, f.duplicateOf]),
    [
      ["src/util.ts", "inlined", null],
      ["src/App.jsx", "inlined", null],
      ["src/App.jsx", "duplicate", 1],
      ["src/App.jsx", "duplicate", 1],
      ["src/App.jsx", "duplicate", 1],
      ["src/util.ts", "duplicate", 0],
      ["README.md", "inlined", null],
    ],
  );
  assert.equal(result.manifest.files[6].source, "contexts[0].sourceFile");
  assert.equal(opened.length, 3);
  const at = (s) => result.block.indexOf(s);
  assert.ok(at("#### `src/util.ts`") < at("#### `src/App.jsx`") && at("#### `src/App.jsx`") < at("#### `README.md`"));
});

test("the same as preloadFiles given the contents by hand", () => {
  const paths = ["src/App.jsx", "./src/util.ts", "README.md"];
  const options = { maxTokens: 60, fanout: 3 };
  const read = (p) => fs.readFileSync(join(base, p), "utf8");
  const byHand = preloadFiles({
    ...options,
    references: paths.map((path) => ({ path })),
    contents: [
      { path: "src/App.jsx", content: read("src/App.jsx") },
      { path: "src/util.ts", content: read("src/util.ts") },
      { path: "README.md", content: read("README.md") },
    ],
    maxBytes: 1 << 20,
  });
  assert.deepEqual(readContextFiles(base, paths, options), byHand);
  assert.equal(byHand.manifest.totals.fanoutTokens, byHand.manifest.totals.tokens * 3);
});

test("strict mode: BUDGET_EXCEEDED before rendering, after reading", () => {
  assert.throws(
    () => readContextFiles(base, ["src/App.jsx", "README.md"], { mode: "strict", maxTokens: 5 }),
    (e) => e instanceof CtxpackError && e.code === "BUDGET_EXCEEDED" && e.path === "/maxTokens",
  );
});

test("bad arguments fail before any file is opened, with the core's codes and pointers", () => {
  const fails = (fn, code, path) => {
    const [, opened] = watchingOpens(() =>
      assert.throws(fn, (e) => {
        assert.ok(e instanceof CtxpackError, String(e));
        assert.equal(e.code, code, e.message);
        assert.equal(e.path, path, e.message);
        return true;
      }),
    );
    assert.deepEqual(opened, []);
  };
  fails(() => readContextFiles(base, ["src/App.jsx"], { maxBytes: -1 }), "INVALID_INPUT", "/maxBytes");
  fails(() => readContextFiles(base, ["src/App.jsx"], { maxLines: 1.5 }), "INVALID_INPUT", "/maxLines");
  fails(() => readContextFiles(base, ["src/App.jsx"], { mode: "lenient" }), "INVALID_INPUT", "/mode");
  fails(() => readContextFiles(base, ["src/App.jsx", 7]), "INVALID_INPUT", "/references/1");
  fails(() => readContextFiles(base, "src/App.jsx"), "INVALID_INPUT", "/references");
  fails(() => readContextFiles(join(root, "nope"), ["src/App.jsx"]), "INVALID_INPUT", "");
  fails(() => readContextFiles(join(base, "README.md"), ["src/App.jsx"]), "INVALID_INPUT", "");
  fails(() => readContextFiles(undefined, ["src/App.jsx"]), "INVALID_INPUT", "");
});

test("a file the reader may not open is missing, and the others go on", { skip: process.getuid?.() === 0 && "root opens everything" }, () => {
  const locked = join(base, "locked.txt");
  fs.writeFileSync(locked, "locked\n");
  fs.chmodSync(locked, 0o000);
  try {
    assert.deepEqual(codes(readContextFiles(base, ["locked.txt", "README.md"])), ["locked.txt skipped missing", "README.md inlined inlined"]);
  } finally {
    fs.rmSync(locked);
  }
});

test("require and import give the same reader", () => {
  const required = createRequire(import.meta.url)("ctxpack/files");
  assert.equal(required.readContextFiles, readContextFiles);
});
