// What the Module registry tab hands to `ctxpack/code`: the source files (pasted, dropped or the
// sample), the registry as the user edits it (JSON text), and the options.
import type { ExtractedClasses, ModuleRegistry, RegistryOptions } from "ctxpack/code";
import dartShapes from "../../tests/vectors/code/sources/dart_shapes.dart?raw";
import notes from "../../tests/vectors/code/sources/notes.txt?raw";
import pythonDecorated from "../../tests/vectors/code/sources/python_decorated.py?raw";
import tsForms from "../../tests/vectors/code/sources/ts_forms.ts?raw";
import tsxView from "../../tests/vectors/code/sources/tsx_view.tsx?raw";
import sampleText from "./samples/registry.json?raw";

export interface SourceFile {
  path: string;
  content: string;
}

/** The options as the tab's controls hold them: `null` is "not given". */
export interface RegistryControls {
  maxCharsPerClass: number | null;
  /** Comma-separated, as typed. */
  sourceRoots: string;
  importerDir: string;
  maxChars: number | null;
  maxTokens: number | null;
}

export interface RegistrySample {
  files: SourceFile[];
  registryText: string;
  controls: RegistryControls;
}

// The sample's files by their name in tests/vectors/code/sources (samples/registry.json names them).
const SOURCES: Record<string, string> = {
  "dart_shapes.dart": dartShapes,
  "notes.txt": notes,
  "python_decorated.py": pythonDecorated,
  "ts_forms.ts": tsForms,
  "tsx_view.tsx": tsxView,
};

/** The built-in sample (src/samples/registry.json; tests/e2e/run.mjs makes the same call in Node). */
export function registrySample(): RegistrySample {
  const sample = JSON.parse(sampleText) as { files: Record<string, string>; registry: ModuleRegistry; options: RegistryOptions };
  const files = Object.entries(sample.files).map(([path, source]) => ({ path, content: SOURCES[source] ?? "" }));
  const o = sample.options;
  return {
    files,
    registryText: registryText(sample.registry),
    controls: {
      maxCharsPerClass: o.maxCharsPerClass ?? null,
      sourceRoots: (o.sourceRoots ?? []).join(", "),
      importerDir: o.importerDir ?? "",
      maxChars: o.maxChars ?? null,
      maxTokens: o.maxTokens ?? null,
    },
  };
}

export const registryText = (registry: ModuleRegistry): string => JSON.stringify(registry, null, 2);

/** The options passed to `formatModuleRegistry`: only what was given (an empty importerDir is the project root). */
export function registryOptions(c: RegistryControls): RegistryOptions {
  const roots = c.sourceRoots
    .split(",")
    .map((r) => r.trim())
    .filter((r) => r !== "");
  const options: RegistryOptions = {};
  if (c.maxCharsPerClass !== null) options.maxCharsPerClass = c.maxCharsPerClass;
  if (roots.length > 0) options.sourceRoots = roots;
  if (c.importerDir.trim() !== "") options.importerDir = c.importerDir.trim();
  if (c.maxChars !== null) options.maxChars = c.maxChars;
  if (c.maxTokens !== null) options.maxTokens = c.maxTokens;
  return options;
}

export type ParsedRegistry = { ok: true; registry: ModuleRegistry } | { ok: false; message: string };

/** The registry text as JSON; its shape is ctxpack's to check (a CtxpackError points into it). */
export function parseRegistry(text: string): ParsedRegistry {
  try {
    return { ok: true, registry: JSON.parse(text) as ModuleRegistry };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * A registry listing every class found, file by file, keeping what the current registry says of
 * a file it already lists (its issue, `modified`); a new file gets issue 1.
 */
export function registryFromClasses(files: readonly SourceFile[], extracted: readonly (ExtractedClasses | null)[], current: ModuleRegistry | null): ModuleRegistry {
  const modules: NonNullable<ModuleRegistry["modules"]> = {};
  files.forEach((f, i) => {
    const classes = extracted[i]?.classes ?? [];
    if (classes.length === 0) return;
    const known = current?.modules?.[f.path];
    modules[f.path] = {
      created_by_issue: known?.created_by_issue ?? 1,
      ...(known?.modified != null ? { modified: known.modified } : {}),
      classes: classes.map((c) => c.name),
    };
  });
  return { modules };
}

/** The files as `formatModuleRegistry` takes them; a later file with the same path wins, as in an object literal. */
export function filesObject(files: readonly SourceFile[]): { [path: string]: string } {
  const out: { [path: string]: string } = {};
  for (const f of files) out[f.path] = f.content;
  return out;
}

export const SAMPLE_RESPONSE = `I'll keep the session model and fix the form.

# MODIFIED FILE: src/app/models/session.py
Modified: \`web/src/forms.ts\`, \`web/src/components/view.tsx\`
**Updated:** "lib/shapes.dart".
Updated: docs/notes.txt
`;
