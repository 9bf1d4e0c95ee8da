// What one assembly is, apart from where it runs: the request's fields checked under their body
// paths, ctxpack called, the context hashed. Runs in a pool worker (pool-worker.mjs) and, with
// no pool, in the app's own thread; nothing here is Node-specific.
import { assembleContext, CtxpackError } from "ctxpack";

/** The fields of `options` (POST /api/assemble): ctxpack's per-call settings, and the token counter. */
export const OPTION_KEYS = ["maxChars", "maxTokens", "cap", "order", "now", "counter"];
const BODY_KEYS = ["documents", "edges", "profile", "request", "options"];
/** The fields of POST /api/projects/:id/context: the request and the settings, flat. */
const CONTEXT_KEYS = ["request", ...OPTION_KEYS];
/** Exact counters by `counter`; absent or "estimate": ctxpack's estimator. */
const COUNTERS = ["estimate", "o200k", "cl100k"];

/** Lowercase hex SHA-256 of the text's UTF-8 bytes: what the page computes in its worker too. */
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A refusal the service finds itself (not ctxpack): the shape of a CtxpackError, with a status. */
export class Refusal extends Error {
  constructor(status, code, path, message) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path;
  }
}

export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const listed = (keys) => keys.map((k) => `\`${k}\``).join(", ");

function refuseUnknown(object, allowed, prefix) {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) throw new Refusal(400, "INVALID_INPUT", `${prefix}/${key}`, `unknown field \`${key}\`, expected one of ${listed(allowed)}`);
  }
}

function counterOf(counter, path) {
  if (!COUNTERS.includes(counter)) throw new Refusal(400, "INVALID_INPUT", path, `counter must be one of ${COUNTERS.map((c) => `"${c}"`).join(", ")}`);
  return counter;
}

/** JSON.parse, refusing with INVALID_JSON. */
export function parseBody(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Refusal(400, "INVALID_JSON", "", `the body is not JSON: ${e.message}`);
  }
}

/** ctxpack's input from a POST /api/assemble body; ctxpack's pointers map back with `/options`. */
export function assembleInput(body) {
  if (!isObject(body)) throw new Refusal(400, "INVALID_INPUT", "", "the body must be a JSON object");
  refuseUnknown(body, BODY_KEYS, "");
  const options = body.options ?? {};
  if (!isObject(options)) throw new Refusal(400, "INVALID_INPUT", "/options", "options must be an object");
  refuseUnknown(options, OPTION_KEYS, "/options");
  const { counter = "estimate", ...settings } = options;
  // Only the fields given, so a missing one is ctxpack's MISSING_FIELD rather than a wrong type.
  const given = Object.fromEntries(BODY_KEYS.filter((k) => k !== "options" && body[k] !== undefined).map((k) => [k, body[k]]));
  return { input: { ...given, ...settings }, counter: counterOf(counter, "/options/counter"), pathOf: (p) => (OPTION_KEYS.includes(p.split("/")[1] ?? "") ? `/options${p}` : p) };
}

/**
 * ctxpack's input for a stored project: its rows and edges as read, its profile, and the body of
 * POST /api/projects/:id/context. A pointer into the rows is reported under `/project/…`: the
 * body did not hold them.
 */
export function projectInput(body, { documents, edges, profile }) {
  if (!isObject(body)) throw new Refusal(400, "INVALID_INPUT", "", "the body must be a JSON object");
  refuseUnknown(body, CONTEXT_KEYS, "");
  const { counter = "estimate", ...settings } = body;
  const stored = ["documents", "edges", "profile"];
  const pathOf = (p) => (stored.includes(p.split("/")[1] ?? "") ? `/project${p}` : p);
  const input = { documents, edges, ...(profile === null || profile === undefined ? {} : { profile }), ...settings };
  return { input, counter: counterOf(counter, "/counter"), pathOf };
}

let tokenizer = null;
/**
 * The tokenCounter for an exact vocabulary. ctxpack/tokenizer carries its vocabularies (1.56 MB
 * gzip of wasm), so it is imported on first use only. Named as the page's worker names them, so
 * the manifest's `tokenCounter` (`host:<name>`) is the same on both sides.
 */
async function counterFor(vocabulary) {
  tokenizer ??= import("ctxpack/tokenizer").catch((e) => {
    tokenizer = null;
    throw e;
  });
  const { countTokens } = await tokenizer;
  if (vocabulary === "o200k") return countTokens;
  const countTokensCl100k = (text) => countTokens(text, "cl100k");
  return countTokensCl100k;
}

/**
 * Assembles `{input, counter, pathOf}`: `{context, manifest, sha256, ms}` (ms: ctxpack's own
 * time), or throws a Refusal (a CtxpackError becomes one: 422, or 413 for one of its limits).
 */
export async function assemble({ input, counter, pathOf }) {
  const tokenCounter = counter === "estimate" ? undefined : await counterFor(counter);
  const t0 = performance.now();
  let result;
  try {
    result = assembleContext(input, tokenCounter === undefined ? undefined : { tokenCounter });
  } catch (e) {
    if (e instanceof CtxpackError) throw new Refusal(e.code === "TOO_LARGE" ? 413 : 422, e.code, pathOf(e.path), e.message);
    throw e;
  }
  const ms = performance.now() - t0;
  return { context: result.context, manifest: result.manifest, sha256: await sha256Hex(result.context), ms };
}

/** A project task sent without its rows to a thread that no longer holds them: sent again with them. */
export class RowsMissing extends Error {}

/** Parsed projects by `id@revision`, most recently used last: a context call parses its rows once. */
const parsed = new Map();
const PARSED_PROJECTS = 4;

function projectOf({ key, documents, edges, profile }) {
  const held = key === undefined ? undefined : parsed.get(key);
  if (held !== undefined) {
    parsed.delete(key);
    parsed.set(key, held);
    return held;
  }
  if (documents === null) throw new RowsMissing(key);
  const project = { documents: JSON.parse(documents), edges: JSON.parse(edges), profile: profile === null ? null : JSON.parse(profile) };
  if (key !== undefined) {
    parsed.set(key, project);
    if (parsed.size > PARSED_PROJECTS) parsed.delete(parsed.keys().next().value);
  }
  return project;
}

/**
 * One task of the pool, from text: `{kind: "assemble", body}` (a POST /api/assemble body) or
 * `{kind: "project", body, key, documents, edges, profile}` (a context call and the project's
 * rows as JSON texts, parsed once per `key`; null texts when the thread was sent them before).
 * Resolves to `{json, timings: {parse, ctxpack, stringify}}` (ms), `json` being the answer's
 * text, `{context, manifest, sha256}`.
 */
export async function runTask(task) {
  const t0 = performance.now();
  const body = parseBody(task.body);
  const input = task.kind === "assemble" ? assembleInput(body) : projectInput(body, projectOf(task));
  const parse = performance.now() - t0;
  const { ms, context, manifest, sha256 } = await assemble(input);
  // The answer as JSON text: a 10,000-document manifest is megabytes, and a string crosses to
  // the event loop as one copy, where its objects would be cloned one by one and stringified there.
  const t1 = performance.now();
  const json = JSON.stringify({ context, manifest, sha256 });
  return { json, timings: { parse, ctxpack: ms, stringify: performance.now() - t1 } };
}
