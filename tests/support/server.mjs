// A small static file server on 127.0.0.1 for the suites, the benchmarks and the demo page
// (tests/e2e, tests/packaging, tests/abuse/browser.mjs, bench/browser.mjs, www/serve.mjs).
//
//   const server = await serveFiles({ root: dir });                      // dir at /
//   const server = await serveFiles({ mounts: { "/pkg/": pkgDir }, files: { "/": html } });
//   const url = origin(server);                                           // http://127.0.0.1:<port>
//
// Containment: the URL's path is percent-decoded once, and refused (400) if it is malformed, holds
// a NUL, or has a `..` segment (split at `/` and `\`, so `%2e%2e`, `..%2f` and `..%5c` are
// refused too); then it is resolved against the directory it is served from and accepted only if
// the result is that directory or lies under it (`dir + path.sep`: a sibling `dir-evil` is not
// under `dir`). The check is on paths, not on where symlinks point.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { extname, join, resolve, sep } from "node:path";

/** Content types by extension; anything else is application/octet-stream. */
export const MIME = Object.freeze({
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
});

/** The content type of a file name or URL path (by its extension). */
export function contentType(name, otherwise = "application/octet-stream") {
  return MIME[extname(name).toLowerCase()] ?? otherwise;
}

/**
 * The decoded path of a request target (`req.url`), without its query and fragment; null if it
 * must be refused: not starting with `/`, malformed percent-encoding, a NUL, or a `..` segment.
 */
export function requestPath(target) {
  if (typeof target !== "string" || !target.startsWith("/")) return null;
  let path;
  try {
    path = decodeURIComponent(target.split(/[?#]/, 1)[0]);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  if (path.split(/[/\\]/).includes("..")) return null;
  return path;
}

/**
 * `relative` (a decoded URL path or part of one) resolved inside `root`: the absolute path if it
 * is `root` itself or under `root + path.sep`, else null.
 */
export function containedPath(root, relative) {
  const base = resolve(root);
  if (typeof relative !== "string" || relative.includes("\0")) return null;
  const file = resolve(join(base, relative));
  const inside = base.endsWith(sep) ? base : base + sep;
  return file === base || file.startsWith(inside) ? file : null;
}

/** Stat without throwing: null when the path does not exist or cannot be read. */
function statOf(file) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/**
 * Serves files on `host:port` (port 0: one the system picks). Resolves to the listening
 * http.Server (close it with `server.close()`); rejects if it cannot listen (e.g. EADDRINUSE).
 *
 * - `root`: a directory served at `/` (the same as `mounts: { "/": root }`);
 * - `mounts`: `{ "/prefix/": dir }`, the longest matching prefix wins; nothing else of the disk
 *   is reachable;
 * - `files`: `{ "/path": text | Buffer }` served as they are (looked up first), typed by the
 *   path's extension, text/html without one;
 * - `index`: the file served for a directory (default index.html), `null` for none;
 * - `fallback`: a path under `root` served (200) for any path not found (a single-page app), or
 *   null for a 404;
 * - `headers`: added to every response (cache-control, cross-origin isolation…).
 */
export function serveFiles({ root, mounts = {}, files = {}, index = "index.html", fallback = null, headers = {}, port = 0, host = "127.0.0.1" } = {}) {
  const table = Object.entries({ ...mounts, ...(root === undefined ? {} : { "/": root }) })
    .map(([prefix, dir]) => {
      if (!prefix.startsWith("/") || !prefix.endsWith("/")) throw new Error(`serveFiles: a mount prefix starts and ends with "/": ${prefix}`);
      return [prefix, resolve(dir)];
    })
    .sort((a, b) => b[0].length - a[0].length);
  const fallbackFile = fallback === null ? null : root === undefined ? null : containedPath(root, fallback);
  if (fallback !== null && fallbackFile === null) throw new Error(`serveFiles: the fallback must be a path under root: ${fallback}`);

  const server = createServer((req, res) => {
    const send = (status, body, type, extra = {}) => {
      res.writeHead(status, { ...headers, "content-type": type, "content-length": Buffer.byteLength(body), ...extra });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    const sendFile = (file, size) => {
      res.writeHead(200, { ...headers, "content-type": contentType(file), "content-length": size });
      if (req.method === "HEAD") return res.end();
      createReadStream(file)
        .on("error", () => res.destroy())
        .pipe(res);
    };
    const notFound = () => {
      const st = fallbackFile && statOf(fallbackFile);
      if (st?.isFile()) return sendFile(fallbackFile, st.size);
      send(404, "not found\n", MIME[".txt"]);
    };

    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n", MIME[".txt"], { allow: "GET, HEAD" });
    const path = requestPath(req.url);
    if (path === null) return send(400, "bad request\n", MIME[".txt"]);
    if (Object.hasOwn(files, path)) {
      const body = files[path];
      return send(200, body, contentType(path, MIME[".html"]));
    }
    const mount = table.find(([prefix]) => path.startsWith(prefix) || path === prefix.slice(0, -1));
    if (!mount) return notFound();
    let file = containedPath(mount[1], path.slice(mount[0].length));
    if (file === null) return notFound();
    let st = statOf(file);
    if (st?.isDirectory()) {
      file = index === null ? null : containedPath(file, index);
      st = file && statOf(file);
    }
    if (!st?.isFile()) return notFound();
    sendFile(file, st.size);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolvePromise(server);
    });
  });
}

/** `http://host:port` of a listening server (IPv6 hosts in brackets). */
export function origin(server) {
  const { address, port } = server.address();
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
}

/** A port nothing listens on now (the OS picks it), for a server that needs a fixed one. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
