// What the Preloaded files tab hands to `preloadFiles`: the references as the user edits them
// (one per line), the contents the page read from a drop or a folder picker, and the options.
import type { FileContent, FileRef, PreloadInput, PreloadMode } from "ctxpack/files";
import sampleText from "./samples/files.json?raw";

export interface FileSet {
  references: FileRef[];
  contents: FileContent[];
  /** What the set is, for the page: "the sample", "3 dropped files"… */
  label: string;
  /** What the page did not read as given (too large, past the count it reads, not UTF-8). */
  notes: string[];
}

/** The built-in sample (www/src/samples/files.json; tests/e2e/run.mjs makes the same call in Node). */
export function sampleFiles(): FileSet {
  const sample = JSON.parse(sampleText) as { references: FileRef[]; contents: FileContent[] };
  return { references: sample.references, contents: sample.contents, label: "the built-in sample", notes: [] };
}

/** Between a path and where it came from, in the references editor. */
const SOURCE_MARK = " <- ";

export function referencesText(references: readonly FileRef[]): string {
  return references.map((r) => (r.source == null ? r.path : `${r.path}${SOURCE_MARK}${r.source}`)).join("\n");
}

/**
 * One reference per non-empty line, `path` or `path <- source`. The path is kept as written
 * (spaces included): normalising and refusing it is ctxpack's job, and the page shows its verdict.
 */
export function parseReferences(text: string): FileRef[] {
  const refs: FileRef[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const at = line.lastIndexOf(SOURCE_MARK);
    refs.push(at < 0 ? { path: line } : { path: line.slice(0, at), source: line.slice(at + SOURCE_MARK.length) });
  }
  return refs;
}

export interface FileOptions {
  maxTokens: number | null;
  maxChars: number | null;
  maxLines: number;
  maxBytes: number;
  mode: PreloadMode;
  fanout: number;
  allowSecrets: boolean;
}

export const defaultFileOptions: FileOptions = {
  maxTokens: 2000,
  maxChars: null,
  maxLines: 200,
  maxBytes: 1_000_000,
  mode: "bestEffort",
  fanout: 1,
  allowSecrets: false,
};

/** The options part of the call, as the page shows it (and the e2e reads it back). */
export function callOptions(o: FileOptions): Omit<PreloadInput, "references" | "contents"> {
  return {
    ...(o.maxTokens === null ? {} : { maxTokens: o.maxTokens }),
    ...(o.maxChars === null ? {} : { maxChars: o.maxChars }),
    maxLines: o.maxLines,
    maxBytes: o.maxBytes,
    mode: o.mode,
    fanout: o.fanout,
    allowSecrets: o.allowSecrets,
  };
}
