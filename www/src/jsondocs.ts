// The Jsondocs tab's project, made in the page: the sample or pasted JSON parsed, the large sample
// generated. ctxpack/react's useAssembledContext assembles it in the package's worker; its
// errors come back as CtxpackErrors whose `path` points into the hook's input, mapped here to the
// text the user gave.
import { CtxpackError, type AssembleInput, type Profile } from "ctxpack";
import { generateLargeProject } from "./largeSample";
import type { ProjectInfo, ProjectSpec, Settings, UiError } from "./model";
import { parseProfile, parseProject, sampleProfileText, sampleProjectText, uiError, type Project } from "./project";
import type { ProjectInput } from "./serverCheck";

export interface LoadedProject {
  project: Project;
  profile: Profile;
  profileText: string;
  info: ProjectInfo;
  /** The documents' JSON text, to point errors at a line (null for the generated sample). */
  documentsText: string | null;
  /** What the server is sent for this project: one object per project, so its JSON is made once. */
  serverInput: ProjectInput;
}

export function loadProject(spec: ProjectSpec): { ok: true; loaded: LoadedProject } | { ok: false; error: UiError } {
  const t0 = performance.now();
  let project: Project;
  let documentsText: string | null;
  let profileText: string;
  let label: string;
  if (spec.kind === "large") {
    const { documents, edges } = generateLargeProject(spec.seed, spec.count);
    project = { documents, edges, documentsPointer: "/documents", name: null };
    documentsText = null;
    profileText = sampleProfileText;
    label = `Large sample (seed ${spec.seed})`;
  } else {
    documentsText = spec.kind === "sample" ? sampleProjectText : spec.documentsText;
    profileText = spec.kind === "sample" ? sampleProfileText : spec.profileText;
    const parsed = parseProject(documentsText);
    if (!parsed.ok) return parsed;
    project = parsed.project;
    const { name } = project;
    label = spec.kind === "sample" ? `Sample: ${name ?? "writing project"}` : spec.kind === "server" ? `On the server: ${spec.name}` : `Your documents${name === null ? "" : `: ${name}`}`;
  }
  const profile = parseProfile(profileText);
  if (!profile.ok) return profile;
  const info: ProjectInfo = { spec, label, documents: project.documents.length, edges: project.edges.length, loadMs: performance.now() - t0 };
  const serverInput: ProjectInput = { documents: project.documents, edges: project.edges, profile: profile.profile, serverProjectId: spec.kind === "server" ? spec.projectId : null };
  return { ok: true, loaded: { project, profile: profile.profile, profileText, info, documentsText, serverInput } };
}

/** The hook's input: the project and the settings (the counter is the hook's `tokenizer` option). */
export function assembleInput(loaded: LoadedProject, settings: Settings): AssembleInput {
  return {
    documents: loaded.project.documents,
    edges: loaded.project.edges,
    profile: loaded.profile,
    request: settings.request,
    maxChars: settings.maxChars,
    ...(settings.maxTokens === null ? {} : { maxTokens: settings.maxTokens }),
    cap: settings.cap,
    order: settings.order,
  };
}

const within = (path: string, field: string): boolean => path === field || path.startsWith(`${field}/`);

/** The hook's error, pointed at the input the user gave: the documents' or the profile's text, the settings, the request. */
export function errorFor(e: Error, loaded: LoadedProject): UiError {
  // Not ctxpack's refusal: the tokenizer could not be loaded, or a bug.
  if (!(e instanceof CtxpackError)) return uiError("settings", "INTERNAL", e.message, null, null);
  const { code, path, message } = e;
  if (within(path, "/documents")) return uiError("documents", code, message, loaded.documentsText, loaded.project.documentsPointer + path.slice("/documents".length), path);
  if (within(path, "/edges")) return uiError("documents", code, message, loaded.documentsText, path);
  if (within(path, "/profile")) return uiError("profile", code, message, loaded.profileText, path.slice("/profile".length), path);
  if (["/maxChars", "/maxTokens", "/cap", "/order"].some((field) => within(path, field))) return uiError("settings", code, message, null, path);
  return uiError("request", code, message, null, path);
}
