// The HTTP service as a Hono app: routes only, no listener, so the same `app` runs under Node
// (server.mjs), Cloudflare Workers (`export default app`), Bun or Deno. Nothing here is
// Node-specific: the hash is Web Crypto's, the body a web Request's.
//
//   POST /api/assemble  {documents, edges?, profile?, request?, options?} -> {context, manifest, sha256}
//   GET  /api/health    -> {ok, ctxpack, maxBodyBytes}
//
// Errors are JSON, `{error: {code, path, message}}` with a 4xx: a CtxpackError's own code and
// message, its path pointing into the request body (so `/options/maxChars`, not `/maxChars`).
import { assembleContext, CtxpackError, version } from "ctxpack";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Large enough for a 10,000-document project as JSON (~5 MB), small enough that one request
 * cannot make the process hold an arbitrary amount of text.
 */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The fields of `options`: ctxpack's per-call settings, and which token counter measures maxTokens. */
const OPTION_KEYS = ["maxChars", "maxTokens", "cap", "order", "now", "counter"];
const BODY_KEYS = ["documents", "edges", "profile", "request", "options"];
/** Exact counters by `options.counter`; absent or "estimate": ctxpack's estimator. */
const COUNTERS = ["estimate", "o200k", "cl100k"];

/** Lowercase hex SHA-256 of the text's UTF-8 bytes: what the page computes in its worker too. */
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A refusal the service itself finds (not ctxpack): same shape as a CtxpackError's. */
class BadRequest extends Error {
  constructor(status, code, path, message) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

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

/** ctxpack's input from the body, refusing fields ctxpack would not see under their body path. */
function inputOf(body) {
  if (!isObject(body)) throw new BadRequest(400, "INVALID_INPUT", "", "the body must be a JSON object");
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.includes(key)) throw new BadRequest(400, "INVALID_INPUT", `/${key}`, `unknown field \`${key}\`, expected one of ${BODY_KEYS.map((k) => `\`${k}\``).join(", ")}`);
  }
  const options = body.options ?? {};
  if (!isObject(options)) throw new BadRequest(400, "INVALID_INPUT", "/options", "options must be an object");
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) throw new BadRequest(400, "INVALID_INPUT", `/options/${key}`, `unknown field \`${key}\`, expected one of ${OPTION_KEYS.map((k) => `\`${k}\``).join(", ")}`);
  }
  const { counter = "estimate", ...settings } = options;
  if (!COUNTERS.includes(counter)) throw new BadRequest(400, "INVALID_INPUT", "/options/counter", `counter must be one of ${COUNTERS.map((c) => `"${c}"`).join(", ")}`);
  // Only the fields given, so a missing one is ctxpack's MISSING_FIELD rather than a wrong type.
  const given = Object.fromEntries(BODY_KEYS.filter((k) => k !== "options" && body[k] !== undefined).map((k) => [k, body[k]]));
  return { input: { ...given, ...settings }, counter };
}

/** ctxpack's pointer (into the argument it was given) as a pointer into the request body. */
function bodyPath(path) {
  const top = path.split("/")[1] ?? "";
  return OPTION_KEYS.includes(top) ? `/options${path}` : path;
}

const refusal = (c, status, code, path, message) => c.json({ error: { code, path, message } }, status);

/** The app, with its own body limit (bytes). `app` below is one with the default. */
export function createApp({ maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = {}) {
  const app = new Hono();

  app.get("/api/health", (c) => c.json({ ok: true, ctxpack: version(), maxBodyBytes }));

  app.post(
    "/api/assemble",
    bodyLimit({ maxSize: maxBodyBytes, onError: (c) => refusal(c, 413, "TOO_LARGE", "", `the body is larger than ${maxBodyBytes} bytes`) }),
    async (c) => {
      let body;
      try {
        body = JSON.parse(await c.req.text());
      } catch (e) {
        return refusal(c, 400, "INVALID_JSON", "", `the body is not JSON: ${e.message}`);
      }
      try {
        const { input, counter } = inputOf(body);
        const tokenCounter = counter === "estimate" ? undefined : await counterFor(counter);
        const { context, manifest } = assembleContext(input, tokenCounter === undefined ? undefined : { tokenCounter });
        return c.json({ context, manifest, sha256: await sha256Hex(context) });
      } catch (e) {
        if (e instanceof BadRequest) return refusal(c, e.status, e.code, e.path, e.message);
        // Input faults: the request is wrong, not the service (TOO_LARGE: one of ctxpack's limits).
        if (e instanceof CtxpackError) return refusal(c, e.code === "TOO_LARGE" ? 413 : 422, e.code, bodyPath(e.path), e.message);
        throw e;
      }
    },
  );

  app.notFound((c) => refusal(c, 404, "NOT_FOUND", "", `no route for ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((e, c) => {
    console.error(e);
    return refusal(c, 500, "INTERNAL", "", "the service failed; see its log");
  });
  return app;
}

export const app = createApp();
export default app;
