// The embedded sample project and profile, and turning pasted JSON into ctxpack's input.
import type { Edge, JsondocInput, Profile } from "ctxpack";
import sampleProjectText from "../../samples/writing-project.json?raw";
import sampleProfileText from "../../profiles/writing-app.json?raw";
import { locatePointer, parseJson } from "./json";
import type { ErrorTarget, UiError } from "./protocol";

export { sampleProfileText, sampleProjectText };

export interface Project {
  documents: JsondocInput[];
  edges: Edge[];
  /** Where `documents` sits in the text the project came from: "" for a bare array, "/documents" for {documents, edges}. */
  documentsPointer: "" | "/documents";
  name: string | null;
}

export function uiError(target: ErrorTarget, code: UiError["code"], message: string, text: string | null, path: string | null, apiPath: string | null = path): UiError {
  const at = text === null || path === null ? null : locatePointer(text, path);
  return { target, code, message, path, apiPath, located: at?.found ?? null, line: at?.line ?? null, column: at?.column ?? null, offset: at?.offset ?? null };
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
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, offset } = parsed.position;
    return { ok: false, error: { target: "documents", code: "JSON_SYNTAX", message: `Not valid JSON: ${parsed.message}`, path: null, apiPath: null, located: null, line, column, offset } };
  }
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
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, offset } = parsed.position;
    return { ok: false, error: { target: "profile", code: "JSON_SYNTAX", message: `Not valid JSON: ${parsed.message}`, path: null, apiPath: null, located: null, line, column, offset } };
  }
  if (!isRecord(parsed.value)) return { ok: false, error: uiError("profile", "INVALID_PROFILE", "A profile is a JSON object", text, "") };
  // Its fields are checked by ctxpack when it compiles the profile, with a pointer to the bad one.
  return { ok: true, profile: parsed.value as Profile };
}
