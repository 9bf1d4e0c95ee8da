// Messages between the page and its assembly worker.
import type { Assembly, CapStrategy, CtxpackErrorCode, RenderOrder, RequestInput } from "ctxpack";

/** Where the documents and the profile come from. */
export type ProjectSpec =
  | { kind: "sample" }
  | { kind: "large"; seed: number; count: number }
  | { kind: "custom"; documentsText: string; profileText: string }
  /** A project stored by the example server (GET /api/projects/:id), assembled there by its id. */
  | { kind: "server"; projectId: string; name: string; documentsText: string; profileText: string };

/**
 * What measures tokens: the core's estimator, or exact counts by `ctxpack/tokenizer` passed as
 * the assembler's `tokenCounter` (loaded by the worker when first chosen through
 * `ctxpack/tokenizer/web`: 1.6 MB gzip of wasm, a file of its own).
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

/** The context counted exactly by the worker's tokenizer (with an exact counter). */
export interface ExactCount {
  vocabulary: "o200k" | "cl100k";
  tokens: number;
  /** How long loading ctxpack/tokenizer took, when this request loaded it (ms). */
  loadMs: number | null;
}

export interface WorkerRequest {
  seq: number;
  /** Present when the project changes; the worker keeps its current one if this one fails. */
  project?: ProjectSpec;
  settings: Settings;
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
  /** Time the worker took to generate or parse the project (ms), when it just did. */
  loadMs: number;
}

export type WorkerReply =
  | { seq: number; ok: true; assembly: Assembly; assembleMs: number; project: ProjectInfo; loaded: boolean; exact: ExactCount | null; sha256: string }
  | { seq: number; ok: false; error: UiError; loaded: false }
  /** The new project was taken, but the request failed on it. */
  | { seq: number; ok: false; error: UiError; loaded: true; project: ProjectInfo };

/**
 * The same assembly asked of the example server (examples/server, POST /api/assemble) and its
 * bytes compared with the worker's: SHA-256 of the context's UTF-8 on each side.
 * - equal / differ: the server answered; its hash beside the worker's;
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

/** Sent by the worker after a reply, when the server has answered for that assembly. */
export interface ServerCheckMessage {
  kind: "server";
  check: ServerCheck;
}
