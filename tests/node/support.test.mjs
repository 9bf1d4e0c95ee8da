// tests/support/server.mjs, the static server of the browser suites and the benchmarks: it serves
// what is under its directories with the right content types, and nothing else — not `..`, not
// encoded traversal, not a NUL, not a sibling directory whose name starts with the root's.
// Needs no build and no browser: node --test tests/node/support.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { containedPath, contentType, origin, requestPath, serveFiles } from "../support/server.mjs";

// base/root (served), base/root-evil and base/secret.txt (not served).
const base = mkdtempSync(join(tmpdir(), "ctxpack-support-"));
const root = join(base, "root");
const SECRET = "SECRET, never served";
const layout = {
  "root/index.html": "<!doctype html><title>index</title>",
  "root/a.js": "export const a = 1;",
  "root/m.mjs": "export const m = 1;",
  "root/w.wasm": "\0asm",
  "root/d.json": "{}",
  "root/s.css": "body{}",
  "root/sub/index.html": "<!doctype html><title>sub</title>",
  "root/sub/page.html": "<p>sub page</p>",
  "root-evil/secret.txt": SECRET,
  "secret.txt": SECRET,
};
for (const [file, text] of Object.entries(layout)) {
  mkdirSync(join(base, file, ".."), { recursive: true });
  writeFileSync(join(base, file), text);
}
test.after(() => rmSync(base, { recursive: true, force: true }));

/** GET (or another method) with the request target sent exactly as written. */
function fetchRaw(server, target, method = "GET") {
  const { port } = server.address();
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolvePromise({ status: res.statusCode, type: res.headers["content-type"], headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function withServer(options, fn) {
  const server = await serveFiles(options);
  try {
    await fn(server);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

// Targets that reach outside the root, each a different spelling; none may be served.
const ESCAPES = [
  "/../secret.txt",
  "/../root-evil/secret.txt",
  "/sub/../../secret.txt",
  "/%2e%2e/secret.txt",
  "/%2E%2E/root-evil/secret.txt",
  "/..%2fsecret.txt",
  "/..%2Froot-evil%2Fsecret.txt",
  "/%2e%2e%2f%2e%2e%2fsecret.txt",
  "/..%5csecret.txt",
  "/..\\secret.txt",
  "/sub/%2e%2e/%2e%2e/secret.txt",
  "/a.js%00",
  "/a.js%00.html",
  "/%00/../secret.txt",
  "/%E0%A4%A",
  "/%",
];

test("requestPath decodes once and refuses traversal, NUL and bad encoding", () => {
  assert.equal(requestPath("/"), "/");
  assert.equal(requestPath("/a%20b.js?x=1#y"), "/a b.js");
  assert.equal(requestPath("/%E7%AC%AC.json"), "/第.json");
  assert.equal(requestPath("/%252e%252e/x"), "/%2e%2e/x", "decoded once: a literal file name, not a traversal");
  assert.equal(requestPath("/.../x"), "/.../x", "three dots are a name");
  for (const target of ESCAPES) assert.equal(requestPath(target), null, target);
  assert.equal(requestPath("secret.txt"), null, "no leading slash");
  assert.equal(requestPath("http://127.0.0.1/secret.txt"), null, "absolute-form target");
  assert.equal(requestPath(undefined), null);
});

test("containedPath accepts the root and what is under root + sep, nothing else", () => {
  assert.equal(containedPath(root, ""), root);
  assert.equal(containedPath(root, "/"), root);
  assert.equal(containedPath(root + "/", "a.js"), join(root, "a.js"));
  assert.equal(containedPath(root, "/sub/page.html"), join(root, "sub", "page.html"));
  assert.equal(containedPath(root, "/etc/passwd"), join(root, "etc", "passwd"), "an absolute path stays under the root");
  assert.equal(containedPath(root, "sub/../a.js"), join(root, "a.js"));
  assert.equal(containedPath(root, "../root-evil/secret.txt"), null, "a sibling whose name starts with the root's");
  assert.equal(containedPath(root, "/../root-evil"), null);
  assert.equal(containedPath(root, ".."), null);
  assert.equal(containedPath(root, "sub/../../secret.txt"), null);
  assert.equal(containedPath(root, "a.js\0"), null);
});

test("content types of what the suites serve", () => {
  assert.equal(contentType("x.js"), "text/javascript; charset=utf-8");
  assert.equal(contentType("x.mjs"), "text/javascript; charset=utf-8");
  assert.equal(contentType("x.wasm"), "application/wasm");
  assert.equal(contentType("x.html"), "text/html; charset=utf-8");
  assert.equal(contentType("x.json"), "application/json; charset=utf-8");
  assert.equal(contentType("x.css"), "text/css; charset=utf-8");
  assert.equal(contentType("x.JS"), "text/javascript; charset=utf-8");
  assert.equal(contentType("x.bin"), "application/octet-stream");
});

test("serves the root's files with their types, and directories by their index", async () => {
  await withServer({ root, headers: { "cache-control": "no-store" } }, async (server) => {
    assert.match(origin(server), /^http:\/\/127\.0\.0\.1:\d+$/);
    for (const [target, type, text] of [
      ["/a.js", "text/javascript; charset=utf-8", layout["root/a.js"]],
      ["/m.mjs", "text/javascript; charset=utf-8", layout["root/m.mjs"]],
      ["/w.wasm", "application/wasm", layout["root/w.wasm"]],
      ["/d.json", "application/json; charset=utf-8", "{}"],
      ["/s.css", "text/css; charset=utf-8", "body{}"],
      ["/", "text/html; charset=utf-8", layout["root/index.html"]],
      ["/sub", "text/html; charset=utf-8", layout["root/sub/index.html"]],
      ["/sub/", "text/html; charset=utf-8", layout["root/sub/index.html"]],
      ["/sub/page.html?v=1", "text/html; charset=utf-8", layout["root/sub/page.html"]],
      ["/sub/./page.html", "text/html; charset=utf-8", layout["root/sub/page.html"]],
    ]) {
      const r = await fetchRaw(server, target);
      assert.equal(r.status, 200, target);
      assert.equal(r.type, type, target);
      assert.equal(r.body, text, target);
      assert.equal(r.headers["cache-control"], "no-store", target);
    }
    assert.equal((await fetchRaw(server, "/nope.js")).status, 404);
    assert.equal((await fetchRaw(server, "//etc/passwd")).status, 404, "stays under the root");
    assert.equal((await fetchRaw(server, "/a.js", "POST")).status, 405);
    const head = await fetchRaw(server, "/a.js", "HEAD");
    assert.equal(head.status, 200);
    assert.equal(head.body, "");
  });
});

test("no spelling of a path outside the root is served", async () => {
  await withServer({ root, fallback: "index.html" }, async (server) => {
    for (const target of ESCAPES) {
      const r = await fetchRaw(server, target);
      assert.ok(!r.body.includes("SECRET"), `${target} served a file outside the root`);
      assert.equal(r.status, 400, `${target}: ${r.status}`);
    }
    // A single-page app's fallback serves index.html for what is not found, never a file outside.
    const miss = await fetchRaw(server, "/route/that/is/not/a/file");
    assert.equal(miss.status, 200);
    assert.equal(miss.body, layout["root/index.html"]);
    assert.equal((await fetchRaw(server, "/%252e%252e/secret.txt")).body, layout["root/index.html"]);
  });
});

test("mounts: a prefix reaches its directory only; files are served as given", async () => {
  const files = { "/": "<p>page</p>", "/gen/x.js": "export default 1;" };
  await withServer({ mounts: { "/pkg/": root, "/pkg/sub/": join(root, "sub") }, files }, async (server) => {
    const page = await fetchRaw(server, "/");
    assert.deepEqual([page.status, page.type, page.body], [200, "text/html; charset=utf-8", "<p>page</p>"]);
    const gen = await fetchRaw(server, "/gen/x.js");
    assert.deepEqual([gen.status, gen.type], [200, "text/javascript; charset=utf-8"]);
    assert.equal((await fetchRaw(server, "/pkg/a.js")).body, layout["root/a.js"]);
    assert.equal((await fetchRaw(server, "/pkg/sub/page.html")).body, layout["root/sub/page.html"]);
    for (const target of ["/pkg-evil/secret.txt", "/root-evil/secret.txt", "/secret.txt", "/a.js"]) {
      const r = await fetchRaw(server, target);
      assert.equal(r.status, 404, target);
      assert.ok(!r.body.includes("SECRET"), target);
    }
    for (const target of ["/pkg/../root-evil/secret.txt", "/pkg/%2e%2e/secret.txt", "/pkg/..%2froot-evil/secret.txt"]) {
      const r = await fetchRaw(server, target);
      assert.equal(r.status, 400, target);
    }
  });
});

test("listening errors reject (a port in use)", async () => {
  await withServer({ root }, async (server) => {
    await assert.rejects(serveFiles({ root, port: server.address().port }), { code: "EADDRINUSE" });
  });
});
