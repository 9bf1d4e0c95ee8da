// The embedded sample project and profile, and turning pasted JSON into ctxpack's input.
import { CtxpackError, locateJson, type Edge, type JsonLocation, type JsondocInput, type Profile } from "ctxpack";
import sampleProjectText from "../../samples/writing-project.json?raw";
import sampleProfileText from "../../profiles/writing-app.json?raw";
import type { ErrorTarget, UiError } from "./model";

export { sampleProfileText, sampleProjectText };

export interface Project {
  documents: JsondocInput[];
  edges: Edge[];
  /** Where `documents` sits in the text the project came from: "" for a bare array, "/documents" for {documents, edges}. */
  documentsPointer: "" | "/documents";
  name: string | null;
}

/** Where the value `path` names starts in `text` (or its deepest existing parent), by ctxpack. */
function locate(text: string, path: string): JsonLocation | null {
  try {
    return locateJson(text, path);
  } catch {
    // Text JSON.parse took but ctxpack's reader refuses (nested deeper than 256): no place to show.
    return null;
  }
}

export function uiError(target: ErrorTarget, code: UiError["code"], message: string, text: string | null, path: string | null, apiPath: string | null = path): UiError {
  const at = text === null || path === null ? null : locate(text, path);
  return { target, code, message, path, apiPath, located: at?.found ?? null, line: at?.line ?? null, column: at?.column ?? null, offset: at?.offset ?? null };
}

/** The UTF-16 index of a 1-based line and column (lines split at `\n`, as ctxpack counts them). */
function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf("\n", start);
    if (newline === -1) break;
    start = newline + 1;
  }
  return Math.min(start + column - 1, text.length);
}

/**
 * JSON.parse, and when it fails, ctxpack's reader for where and why: engines word their
 * SyntaxError differently and not all of them give a position. `locateJson` throws the text's
 * INVALID_JSON error, with `line` and `column`.
 */
export function parseJson(text: string, target: ErrorTarget, what: string): { ok: true; value: unknown } | { ok: false; error: UiError } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (syntax) {
    let message = syntax instanceof Error ? syntax.message : String(syntax);
    let line: number | null = null;
    let column: number | null = null;
    try {
      locateJson(text);
    } catch (e) {
      if (e instanceof CtxpackError) {
        message = e.message;
        line = e.line ?? null;
        column = e.column ?? null;
      }
    }
    const offset = line === null || column === null ? null : offsetOf(text, line, column);
    return { ok: false, error: { target, code: "JSON_SYNTAX", message: `${what}: ${message}`, path: null, apiPath: null, located: null, line, column, offset } };
  }
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Accepts what an app would paste: an array of jsondocs, or `{documents, edges?}` like
 * samples/writing-project.json. The documents' fields are left to ctxpack to check: its errors
 * name the exact field.
 */
export function parseProject(text: string): { ok: true; project: Project } | { ok: false; error: UiError } {
  const parsed = parseJson(text, "documents", "Not valid JSON");
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (Array.isArray(value)) return { ok: true, project: { documents: value as JsondocInput[], edges: [], documentsPointer: "", name: null } };
  if (isRecord(value) && Array.isArray(value.documents)) {
    const edges = value.edges;
    if (edges !== undefined && edges !== null && !Array.isArray(edges)) {
      return { ok: false, error: uiError("documents", "NOT_A_PROJECT", "`edges` must be an array of {from, to}", text, "/edges") };
    }
    const name = typeof value.name === "string" ? value.name : null;
    return { ok: true, project: { documents: value.documents as JsondocInput[], edges: (edges ?? []) as Edge[], documentsPointer: "/documents", name } };
  }
  return {
    ok: false,
    error: uiError("documents", "NOT_A_PROJECT", "Expected an array of jsondocs, or an object with a `documents` array (and optional `edges`)", text, ""),
  };
}

export function parseProfile(text: string): { ok: true; profile: Profile } | { ok: false; error: UiError } {
  const parsed = parseJson(text, "profile", "Not valid JSON");
  if (!parsed.ok) return parsed;
  if (!isRecord(parsed.value)) return { ok: false, error: uiError("profile", "INVALID_PROFILE", "A profile is a JSON object", text, "") };
  // Its fields are checked by ctxpack when it compiles the profile, with a pointer to the bad one.
  return { ok: true, profile: parsed.value as Profile };
}
