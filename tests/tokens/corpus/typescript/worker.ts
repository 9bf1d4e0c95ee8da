// The assembly worker: holds the project and a compiled profile, and runs ctxpack off the main
// thread so the page keeps painting while 10,000 documents are ranked, trimmed and capped.
// It imports the package exactly like the page does.
import { ContextAssembler, CtxpackError, type Assembly, type Profile } from "ctxpack";
import { generateLargeProject } from "./largeSample";
import { parseProfile, parseProject, sampleProfileText, sampleProjectText, uiError, type Project } from "./project";
import type { ProjectInfo, ProjectSpec, Settings, UiError, WorkerReply, WorkerRequest } from "./protocol";

interface Loaded {
  project: Project;
  assembler: ContextAssembler;
  info: ProjectInfo;
  /** The documents' JSON text, to point errors at a line (null for the generated sample). */
  documentsText: string | null;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}
const scope = self as unknown as WorkerScope;

let current: Loaded | null = null;

function errorFor(e: unknown, loaded: Pick<Loaded, "project" | "documentsText">): UiError {
  if (!(e instanceof CtxpackError)) return uiError("request", "INTERNAL", `Unexpected failure: ${String(e)}`, null, null);
  const { code, path, message } = e;
  // The pointer is into the argument the worker passed: { documents, edges, request, maxChars, cap }.
  if (path.startsWith("/documents") || path.startsWith("/edges")) {
    const own = path.startsWith("/documents") ? loaded.project.documentsPointer + path.slice("/documents".length) : path;
    return uiError("documents", code, message, loaded.documentsText, own, path);
  }
  if (path.startsWith("/maxChars") || path.startsWith("/cap")) return uiError("settings", code, message, null, path);
  return uiError("request", code, message, null, path);
}

function assemble(loaded: Pick<Loaded, "project" | "assembler">, settings: Settings): { assembly: Assembly; ms: number } {
  const t0 = performance.now();
  const assembly = loaded.assembler.assemble({
    documents: loaded.project.documents,
    edges: loaded.project.edges,
    request: settings.request,
    maxChars: settings.maxChars,
    cap: settings.cap,
  });
  return { assembly, ms: performance.now() - t0 };
}

function load(spec: ProjectSpec): { ok: true; loaded: Omit<Loaded, "assembler">; profile: Profile; profileText: string } | { ok: false; error: UiError } {
  const t0 = performance.now();
  if (spec.kind === "large") {
    const { documents, edges } = generateLargeProject(spec.seed, spec.count);
    const profile = parseProfile(sampleProfileText);
    if (!profile.ok) return profile;
    const info: ProjectInfo = { spec, label: `Large sample (seed ${spec.seed})`, documents: documents.length, edges: edges.length, loadMs: performance.now() - t0 };
    return { ok: true, loaded: { project: { documents, edges, documentsPointer: "/documents", name: null }, info, documentsText: null }, profile: profile.profile, profileText: sampleProfileText };
  }
  const documentsText = spec.kind === "custom" ? spec.documentsText : sampleProjectText;
  const profileText = spec.kind === "custom" ? spec.profileText : sampleProfileText;
  const project = parseProject(documentsText);
  if (!project.ok) return project;
  const profile = parseProfile(profileText);
  if (!profile.ok) return profile;
  const { documents, edges, name } = project.project;
  const label = spec.kind === "sample" ? `Sample: ${name ?? "writing project"}` : `Your documents${name === null ? "" : `: ${name}`}`;
  const info: ProjectInfo = { spec, label, documents: documents.length, edges: edges.length, loadMs: performance.now() - t0 };
  return { ok: true, loaded: { project: project.project, info, documentsText }, profile: profile.profile, profileText };
}

function handle(request: WorkerRequest): WorkerReply {
  const { seq, settings } = request;
  if (request.project !== undefined) {
    const candidate = load(request.project);
    if (!candidate.ok) return { seq, ok: false, error: candidate.error, loaded: false };
    let assembler: ContextAssembler;
    try {
      assembler = new ContextAssembler(candidate.profile);
    } catch (e) {
      const error = e instanceof CtxpackError ? uiError("profile", e.code, e.message, candidate.profileText, e.path) : uiError("profile", "INTERNAL", String(e), null, null);
      return { seq, ok: false, error, loaded: false };
    }
    const next: Loaded = { ...candidate.loaded, assembler };
    try {
      const { assembly, ms } = assemble(next, settings);
      current?.assembler.free();
      current = next;
      return { seq, ok: true, assembly, assembleMs: ms, project: next.info, loaded: true };
    } catch (e) {
      const error = errorFor(e, next);
      if (error.target === "documents" || error.target === "profile") {
        // The new project is refused: keep the current one (and the page keeps its result).
        assembler.free();
        return { seq, ok: false, error, loaded: false };
      }
      // The project is fine; the request is not. Keep the project, report the request.
      current?.assembler.free();
      current = next;
      return { seq, ok: false, error, loaded: true, project: next.info };
    }
  }
  if (current === null) return { seq, ok: false, error: uiError("request", "INTERNAL", "No project is loaded yet", null, null), loaded: false };
  const loaded = current;
  try {
    const { assembly, ms } = assemble(loaded, settings);
    return { seq, ok: true, assembly, assembleMs: ms, project: { ...loaded.info, loadMs: 0 }, loaded: false };
  } catch (e) {
    return { seq, ok: false, error: errorFor(e, loaded), loaded: false };
  }
}

scope.onmessage = (event) => {
  scope.postMessage(handle(event.data));
};
