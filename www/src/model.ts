// What the Jsondocs tab holds: the project, the settings, the errors it shows, the server
// comparison. ctxpack/react's hook assembles (useAssembledContext, in the package's worker).
import type { CapStrategy, CtxpackErrorCode, RenderOrder, RequestInput } from "ctxpack";

/** Where the documents and the profile come from. */
export type ProjectSpec =
  | { kind: "sample" }
  | { kind: "large"; seed: number; count: number }
  | { kind: "custom"; documentsText: string; profileText: string }
  /** A project stored by the example server (GET /api/projects/:id), assembled there by its id. */
  | { kind: "server"; projectId: string; name: string; documentsText: string; profileText: string };

/**
 * What measures tokens: the core's estimator, or exact counts: the hook's `tokenizer` option,
 * whose worker passes `ctxpack/tokenizer/o200k` or `/cl100k` to assembleContext as its
 * `tokenCounter` (a worker file of its own per vocabulary, fetched when first chosen).
 */
export type Counter = "estimate" | "o200k" | "cl100k";

/** Per-request settings, as the page's controls hold them. */
export interface Settings {
  request: RequestInput;
  maxChars: number;
  /** A token budget beside maxChars (both hold); null: none. */
  maxTokens: number | null;
  counter: Counter;
  cap: CapStrategy;
  /** The order included documents are rendered in (docs/PROFILE.md, "Render order"). */
  order: RenderOrder;
}

/** Which input an error points into. */
export type ErrorTarget = "documents" | "profile" | "request" | "settings";

export interface UiError {
  target: ErrorTarget;
  /** A CtxpackError code, or JSON_SYNTAX / NOT_A_PROJECT for what the page checks itself. */
  code: CtxpackErrorCode | "JSON_SYNTAX" | "NOT_A_PROJECT" | "INTERNAL";
  message: string;
  /** JSON pointer into the target's own text (mapped from the pointer ctxpack gave). */
  path: string | null;
  /** The pointer as ctxpack reported it, into the argument the page passed. */
  apiPath: string | null;
  /** The part of `path` found in the text: shorter than `path` when the field is missing. */
  located: string | null;
  /** Where in the target's text, when the page has that text. */
  line: number | null;
  column: number | null;
  offset: number | null;
}

export interface ProjectInfo {
  spec: ProjectSpec;
  label: string;
  documents: number;
  edges: number;
  /** Time the page took to generate or parse the project (ms). */
  loadMs: number;
}

/**
 * The same assembly asked of the example server (examples/server, POST /api/assemble) and its
 * bytes compared with the page's: SHA-256 of the context's UTF-8 on each side.
 * - equal / differ: the server answered; its hash beside the page's;
 * - unreachable: no server behind /api (the page served alone: a static host, the e2e's first half);
 * - refused: the server answered with an error;
 * - skipped: not sent, the request being over the server's body limit (GET /api/health).
 */
export interface ServerCheck {
  seq: number;
  state: "equal" | "differ" | "unreachable" | "refused" | "skipped";
  browserSha256: string;
  serverSha256: string | null;
  /** The refusal's code and message, or why the server could not be reached. */
  detail: string | null;
  /** The round trip, in ms. */
  ms: number;
}
