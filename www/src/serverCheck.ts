// The server comparison, a plain fetch on top of ctxpack/react: the page sends the input of the
// result it shows to the example server (examples/server, reached at /api on the page's own
// origin) and compares SHA-256 of the two contexts' UTF-8. The server gets exactly the hook's
// input: the same documents, edges and profile objects (POST /api/assemble), or, for a project
// the server stores, only its id and the request (POST /api/projects/:id/context): the server
// reads the rows the page was given.
import type { JsondocInput, Profile } from "ctxpack";
import type { Edge } from "ctxpack";
import type { ServerCheck, Settings } from "./model";

/** Lowercase hex SHA-256 of the text's UTF-8 bytes (the server computes the same with Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface ProjectInput {
  documents: JsondocInput[];
  edges: Edge[];
  profile: Profile;
  /** The id of the project on the server, when it is one the server stores. */
  serverProjectId: string | null;
}

const encoder = new TextEncoder();

/**
 * The body's project part as JSON, without its closing brace, and its size in UTF-8 bytes. A
 * project stays loaded for many requests, and a large one is megabytes of JSON: it is serialized
 * once, not per keystroke.
 */
function optionsOf(settings: Settings) {
  return {
    maxChars: settings.maxChars,
    ...(settings.maxTokens === null ? {} : { maxTokens: settings.maxTokens }),
    cap: settings.cap,
    order: settings.order,
    ...(settings.counter === "estimate" ? {} : { counter: settings.counter }),
  };
}

/** The request for a stored project: its id in the path, the settings flat in the body. */
function storedRequest(id: string, settings: Settings): { path: string; text: string; bytes: number } {
  const text = JSON.stringify({ request: settings.request, ...optionsOf(settings) });
  return { path: `/api/projects/${encodeURIComponent(id)}/context`, text, bytes: encoder.encode(text).length };
}

const prefixes = new WeakMap<ProjectInput, { text: string; bytes: number }>();
function bodyOf(project: ProjectInput, settings: Settings): { text: string; bytes: number } {
  let prefix = prefixes.get(project);
  if (prefix === undefined) {
    const text = JSON.stringify({ documents: project.documents, edges: project.edges, profile: project.profile }).slice(0, -1);
    prefix = { text, bytes: encoder.encode(text).length };
    prefixes.set(project, prefix);
  }
  const options = optionsOf(settings);
  const rest = `,"request":${JSON.stringify(settings.request)},"options":${JSON.stringify(options)}}`;
  return { text: prefix.text + rest, bytes: prefix.bytes + encoder.encode(rest).length };
}

/**
 * The server's body limit (GET /api/health), asked once: a project over it (the 10,000-document
 * sample is ~18 MB of JSON) is not uploaded on every keystroke only to be refused. null: no
 * server answered; asked again next time, so a server started later is found.
 */
let health: Promise<number | null> | null = null;
function serverLimit(): Promise<number | null> {
  health ??= fetch("/api/health")
    .then(async (res) => {
      const json: unknown = (res.headers.get("content-type") ?? "").startsWith("application/json") ? await res.json() : null;
      const limit = (json as { maxBodyBytes?: unknown } | null)?.maxBodyBytes;
      return res.ok && typeof limit === "number" ? limit : null;
    })
    .catch(() => null)
    .then((limit) => {
      if (limit === null) health = null;
      return limit;
    });
  return health;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface ServerAnswer {
  sha256?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/** The comparison in flight: a newer assembly makes it moot, so it is aborted. */
let inflight: AbortController | null = null;

/** Asks the server for the same assembly; null when a newer check took its place. */
export async function checkWithServer(seq: number, project: ProjectInput, settings: Settings, browserSha256: string): Promise<ServerCheck | null> {
  inflight?.abort();
  const controller = new AbortController();
  inflight = controller;
  const t0 = performance.now();
  const check = (state: ServerCheck["state"], serverSha256: string | null, detail: string | null): ServerCheck => ({ seq, state, browserSha256, serverSha256, detail, ms: performance.now() - t0 });
  try {
    const limit = await serverLimit();
    if (limit === null) return check("unreachable", null, "no ctxpack server answers GET /api/health");
    const body = project.serverProjectId === null ? { path: "/api/assemble", ...bodyOf(project, settings) } : storedRequest(project.serverProjectId, settings);
    if (body.bytes > limit) return check("skipped", null, `not sent: the request would be ${mb(body.bytes)}, over the server's ${mb(limit)} body limit`);
    if (controller.signal.aborted) return null;
    const res = await fetch(body.path, { method: "POST", headers: { "content-type": "application/json" }, body: body.text, signal: controller.signal });
    let answer: ServerAnswer | null = null;
    if ((res.headers.get("content-type") ?? "").startsWith("application/json")) answer = (await res.json()) as ServerAnswer;
    // A static server (no /api behind it) answers 404/405 with text: there is no ctxpack server.
    if (answer === null) return check("unreachable", null, `HTTP ${res.status} from ${body.path}`);
    if (res.ok && typeof answer.sha256 === "string") return check(answer.sha256 === browserSha256 ? "equal" : "differ", answer.sha256, null);
    const code = typeof answer.error?.code === "string" ? answer.error.code : `HTTP ${res.status}`;
    const message = typeof answer.error?.message === "string" ? answer.error.message : "";
    return check(res.status === 404 && code === "NOT_FOUND" ? "unreachable" : "refused", null, `${code}${message === "" ? "" : `: ${message}`}`);
  } catch (e) {
    if (controller.signal.aborted) return null;
    return check("unreachable", null, String(e));
  } finally {
    if (inflight === controller) inflight = null;
  }
}
