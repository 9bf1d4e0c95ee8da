"use strict";
// readContextFiles: the Node side of preloadFiles (docs/FILES.md). The core's path rules come
// first (checkPaths: lexical, no disk), then the file system's, and what was read or refused
// goes to preloadFiles, which writes one record per path. Copied by scripts/build.mjs next to
// the entry's index.cjs, which has set its exports when it requires this module.
//
// Synchronous, like every other export: the core call is synchronous anyway, the files are
// small (maxBytes bounds each read), and one thread running lstat → open → fstat → read back to
// back leaves the least room for the disk to change between the checks. A server that must not
// block its event loop for a large batch runs it in a worker thread.
const fs = require("node:fs");
const nodePath = require("node:path");
const { checkPaths, preloadFiles, CtxpackError } = require("./index.cjs");

/** A file larger than this is refused from its size, before it is opened (1 MiB). */
const DEFAULT_MAX_BYTES = 1 << 20;
// With an explicit budget the default grows to what the budget could hold: a UTF-16 unit is at
// most 3 UTF-8 bytes, and 16 bytes a token leaves room over o200k's ~4 on code and prose (long
// repeats run to 8). The reader still never reads an unbounded file.
const BYTES_PER_CHAR = 3;
const BYTES_PER_TOKEN = 16;

// O_NOFOLLOW: the last component may not have become a symlink since it was checked.
// O_NONBLOCK: should a FIFO have replaced the file since lstat, opening it must not wait for
// a writer (on a regular file the flag does nothing). Both are absent on Windows.
const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
const OPEN_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads the files `paths` name under `baseDir` and preloads them (see files.d.ts).
 * @param {string} baseDir
 * @param {Array<string | {path: string, source?: string | null}>} paths
 * @param {object} [options] preloadFiles' input fields but references and contents, and maxBytes
 * @param {object} [callOptions] preloadFiles' second argument (limits, tokenCounter)
 */
function readContextFiles(baseDir, paths, options, callOptions) {
  const opts = options ?? {};
  if (typeof opts !== "object" || Array.isArray(opts)) {
    throw new CtxpackError(`invalid type: expected an options object, got ${kind(opts)}`, "INVALID_INPUT", "");
  }
  if (!Array.isArray(paths)) throw new CtxpackError(`invalid type: expected an array of paths, got ${kind(paths)}`, "INVALID_INPUT", "/references");
  const references = paths.map((p) => (typeof p === "string" ? { path: p } : p));
  const maxBytes = opts.maxBytes ?? defaultMaxBytes(opts);
  // Absolute paths are taken under the base as given (resolved, not followed through symlinks):
  // the core strips it lexically and the disk's rules below still apply.
  const lexicalBase = typeof baseDir === "string" && baseDir !== "" ? posixBase(nodePath.resolve(baseDir)) : undefined;
  const input = { ...opts, references, contents: [], maxBytes, ...(lexicalBase === undefined ? {} : { base: lexicalBase }) };
  // The whole input is read by the core before the disk is touched (no contents: cheap): a bad
  // option or reference fails the call with the core's code, message and pointer, and nothing
  // was opened.
  preloadFiles(input, callOptions);
  const checks = checkPaths({ paths: references.map((r) => r.path), allowSecrets: opts.allowSecrets, base: input.base }, limitsOnly(callOptions)).paths;

  if (typeof baseDir !== "string" || baseDir === "") throw new CtxpackError(`baseDir must be a directory's path, got ${kind(baseDir)}`, "INVALID_INPUT", "");
  let base;
  try {
    base = fs.realpathSync.native(baseDir);
    if (!fs.statSync(base).isDirectory()) throw new Error("not a directory");
  } catch (e) {
    throw new CtxpackError(`baseDir ${JSON.stringify(baseDir)} is not a directory that can be read (${e.code ?? e.message})`, "INVALID_INPUT", "");
  }

  const resolved = checks.filter((c) => c.status === "read" && c.normalized !== null).map((c) => resolve(base, c.normalized));
  // Where each path leads is judged by the core's name rules before anything is opened (one
  // call for all): a link to `.env` is refused as `.env` is, and never read.
  const leads = resolved.filter((r) => r?.realPath !== undefined);
  const targets = opts.allowSecrets === true ? [] : checkPaths({ paths: leads.map((r) => r.realPath) }, limitsOnly(callOptions)).paths;
  const secretAt = (i) => targets[i]?.reasonCode === "secret" || (targets[i]?.duplicateOf != null && secretAt(targets[i].duplicateOf));
  const secret = new Set(leads.filter((_, i) => secretAt(i)));
  for (const r of resolved) {
    // A path that cannot be resolved or opened (gone, no permission) gets no content: the core
    // records it as missing.
    const entry = r === null || r.real === undefined ? r : secret.has(r) ? { path: r.path, realPath: r.realPath } : readResolved(base, r, maxBytes);
    if (entry !== null) input.contents.push(entry);
  }
  return preloadFiles(input, callOptions);
}

/** The default maxBytes: 1 MiB, or what an explicit budget could hold when that is more. */
function defaultMaxBytes(opts) {
  const given = (v) => typeof v === "number" && Number.isFinite(v);
  if (!given(opts.maxTokens) && !given(opts.maxChars)) return DEFAULT_MAX_BYTES;
  const byChars = given(opts.maxChars) ? opts.maxChars * BYTES_PER_CHAR : Infinity;
  const byTokens = given(opts.maxTokens) ? opts.maxTokens * BYTES_PER_TOKEN : Infinity;
  return Math.max(DEFAULT_MAX_BYTES, Math.min(byChars, byTokens));
}

/** The base for the core's absolute-path rule: a POSIX path, or none (Windows' `C:\`). */
function posixBase(resolved) {
  return resolved.startsWith("/") ? resolved : undefined;
}

/** checkPaths takes no counter: only the limits go on. */
function limitsOnly(callOptions) {
  if (callOptions === null || typeof callOptions !== "object" || !("tokenCounter" in callOptions)) return callOptions;
  const { tokenCounter, ...rest } = callOptions;
  return rest;
}

/** Where one normalised path leads: `{path, real, realPath}`, a refusal, or null (gone). */
function resolve(base, path) {
  let real;
  try {
    // Symlinks followed, `..` resolved after them: where a read would really land.
    real = fs.realpathSync.native(nodePath.join(base, ...path.split("/")));
  } catch {
    return null;
  }
  if (!inside(base, real)) return { path, kind: "outside" };
  if (real === base) return { path, kind: "directory" };
  // Relative to the real base: the core applies its secret-name rules to it as to `path`.
  return { path, real, realPath: nodePath.relative(base, real).split(nodePath.sep).join("/") };
}

/** What the disk has at a resolved path: content, or why there is none; with its realPath. */
function readResolved(base, resolved, maxBytes) {
  const entry = readReal(base, resolved.path, resolved.real, maxBytes);
  return entry === null ? null : { ...entry, realPath: resolved.realPath };
}

function readReal(base, path, real, maxBytes) {
  let st;
  try {
    // The real path has no symlink left in it; lstat so that one swapped in is not followed.
    st = fs.lstatSync(real);
  } catch {
    return null;
  }
  const refused = judge(path, st, maxBytes);
  if (refused !== null) return refused;

  let fd;
  try {
    fd = fs.openSync(real, OPEN_FLAGS);
  } catch (e) {
    // ELOOP: the last component became a symlink after lstat.
    return e.code === "ELOOP" ? { path, kind: "outside" } : null;
  }
  try {
    // The file may have changed between lstat and open: judge what was opened.
    const opened = fs.fstatSync(fd);
    if (opened.dev !== st.dev || opened.ino !== st.ino) {
      const again = judge(path, opened, maxBytes);
      if (again !== null) return again;
    }
    if (!opened.isFile()) return { path, kind: "other" };
    // Where the open file really is (Linux): a directory on the way swapped for a symlink
    // would show here — outside the base, or elsewhere inside it than the real path whose name
    // was judged (a secret file, say).
    const where = openedPath(fd);
    if (where !== null && where !== real) return { path, kind: "outside" };
    return readBounded(fd, path, opened.size, maxBytes);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** A refusal from a stat, or null when it is a regular file within the byte limit. */
function judge(path, st, maxBytes) {
  if (st.isDirectory()) return { path, kind: "directory" };
  // FIFOs, sockets, devices, and a symlink that appeared since the real path was resolved.
  if (!st.isFile()) return st.isSymbolicLink() ? { path, kind: "outside" } : { path, kind: "other" };
  if (st.size > maxBytes) return { path, size: st.size };
  return null;
}

/** The content, at most maxBytes + 1 bytes read: a file that grew past the limit is refused. */
function readBounded(fd, path, size, maxBytes) {
  // Sized by the fstat, grown should the file have grown since.
  let buf = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
  let n = 0;
  for (;;) {
    if (n === buf.length) {
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
      buf.copy(bigger, 0, 0, n);
      buf = bigger;
    }
    const got = fs.readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) break;
    n += got;
    if (n > maxBytes) return { path, size: Math.max(n, size) };
  }
  const bytes = buf.subarray(0, n);
  try {
    return { path, content: utf8.decode(bytes) };
  } catch {
    // Not UTF-8: the bytes cross as numbers and the core judges them (binary). Only the head
    // up to the first invalid sequence crosses — a number per byte is 8 bytes in JavaScript
    // and more in wasm — with the file's size, which the record reports.
    return { path, content: Array.from(invalidHead(bytes)), size: n };
  }
}

const HEAD_CHUNK = 64 * 1024;

/** The shortest run of whole chunks from the start that is itself invalid UTF-8. */
function invalidHead(bytes) {
  const streaming = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (let at = 0; at < bytes.length; at += HEAD_CHUNK) {
    const end = Math.min(at + HEAD_CHUNK, bytes.length);
    try {
      // A sequence cut by the chunk's end is not an error while streaming; the last chunk is
      // decoded to the end, so a truncated final sequence is one.
      streaming.decode(bytes.subarray(at, end), { stream: end < bytes.length });
    } catch {
      // The error is a sequence invalid whatever follows: the head up to here holds it.
      return bytes.subarray(0, end);
    }
  }
  return bytes;
}

/** The path of an open descriptor, where the platform says it (/proc on Linux), else null. */
function openedPath(fd) {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

function inside(base, real) {
  if (real === base) return true;
  const prefix = base.endsWith(nodePath.sep) ? base : base + nodePath.sep;
  return real.startsWith(prefix);
}

function kind(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

module.exports = { readContextFiles };
