// The assembly worker: holds the project and a compiled profile, and runs ctxpack off the main
// thread so the page keeps painting while 10,000 documents are ranked, trimmed and capped.
// It imports the package exactly like the page does.
import { ContextAssembler, CtxpackError, type Assembly, type Profile } from "ctxpack";
import { generateLargeProject } from "./largeSample";
import { parseProfile, parseProject, sampleProfileText, sampleProjectText, uiError, type Project } from "./project";
import type { Counter, ExactCount, ProjectInfo, ProjectSpec, ServerCheckMessage, Settings, UiError, WorkerReply, WorkerRequest } from "./protocol";
import { checkWithServer, sha256Hex, type ProjectInput } from "./serverCheck";

interface Loaded {
  project: Project;
  assembler: ContextAssembler;
  /** The profile the assembler was compiled from, to compile it again for another counter. */
  profile: Profile;
  /** The counter bound into `assembler` (a ContextAssembler's constructor options bind it for every call). */
  counter: Counter;
  info: ProjectInfo;
  /** The documents' JSON text, to point errors at a line (null for the generated sample). */
  documentsText: string | null;
  /** What the server is sent for this project: one object per project, so its JSON is made once. */
  serverInput: ProjectInput;
}

/** A reply before its context is hashed. */
type Unhashed = Exclude<WorkerReply, { ok: true }> | Omit<Extract<WorkerReply, { ok: true }>, "sha256">;

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply | ServerCheckMessage): void;
}
const scope = self as unknown as WorkerScope;

let current: Loaded | null = null;

function errorFor(e: unknown, loaded: Pick<Loaded, "project" | "documentsText">): UiError {
  if (!(e instanceof CtxpackError)) return uiError("request", "INTERNAL", `Unexpected failure: ${String(e)}`, null, null);
  const { code, path, message } = e;
  // The pointer is into the argument the worker passed: { documents, edges, request, maxChars, maxTokens, cap }.
  if (path.startsWith("/documents") || path.startsWith("/edges")) {
    const own = path.startsWith("/documents") ? loaded.project.documentsPointer + path.slice("/documents".length) : path;
    return uiError("documents", code, message, loaded.documentsText, own, path);
  }
  if (path.startsWith("/maxChars") || path.startsWith("/maxTokens") || path.startsWith("/cap")) return uiError("settings", code, message, null, path);
  return uiError("request", code, message, null, path);
}

function assemble(loaded: Pick<Loaded, "project" | "assembler">, settings: Settings): { assembly: Assembly; ms: number } {
  const t0 = performance.now();
  const assembly = loaded.assembler.assemble({
    documents: loaded.project.documents,
    edges: loaded.project.edges,
    request: settings.request,
    maxChars: settings.maxChars,
    ...(settings.maxTokens === null ? {} : { maxTokens: settings.maxTokens }),
    cap: settings.cap,
    order: settings.order,
  });
  return { assembly, ms: performance.now() - t0 };
}

type Tokenizer = typeof import("ctxpack/tokenizer/web");
let tokenizer: Promise<Tokenizer> | null = null;

/**
 * ctxpack/tokenizer, loaded the first time an exact counter is chosen: its vocabularies make its
 * wasm 1.56 MB gzip, which the page never fetches otherwise. Through its `/web` entry the wasm is
 * a file of its own, cached by the browser apart from the page's JavaScript and compiled while it
 * downloads (the default entry would inline it as 1.87 MB of base64 in a chunk). Loaded here, in
 * the worker, so compiling it never holds up the page; the page's meter gets the exact count from
 * here too, rather than compiling the same wasm again on the main thread.
 */
async function loadTokenizer(): Promise<{ module: Tokenizer; loadMs: number | null }> {
  if (tokenizer !== null) return { module: await tokenizer, loadMs: null };
  const t0 = performance.now();
  tokenizer = import("ctxpack/tokenizer/web").then(async (module) => {
    await module.init();
    return module;
  });
  try {
    return { module: await tokenizer, loadMs: performance.now() - t0 };
  } catch (e) {
    tokenizer = null;
    throw e;
  }
}

/**
 * The `tokenCounter` for a vocabulary. Its name is what the manifest's `tokenCounter` shows
 * (`host:<name>`): set here, since minifying would rename it. o200k's is named as the
 * tokenizer's own `countTokens` (whose default is o200k), so the manifest reads as Node's does
 * with `tokenCounter: countTokens`.
 */
function counterFor(module: Tokenizer, vocabulary: "o200k" | "cl100k"): (text: string) => number {
  const count = vocabulary === "o200k" ? (text: string) => module.countTokens(text) : (text: string) => module.countTokens(text, "cl100k");
  return Object.defineProperty(count, "name", { value: vocabulary === "o200k" ? "countTokens" : "countTokensCl100k" });
}

/** Compiles the profile with the chosen counter bound (after loading the tokenizer if exact). */
async function compile(profile: Profile, counter: Counter): Promise<{ assembler: ContextAssembler; module: Tokenizer | null; loadMs: number | null }> {
  if (counter === "estimate") return { assembler: new ContextAssembler(profile), module: null, loadMs: null };
  const { module, loadMs } = await loadTokenizer();
  return { assembler: new ContextAssembler(profile, { tokenCounter: counterFor(module, counter) }), module, loadMs };
}

function exactCount(module: Tokenizer | null, counter: Counter, assembly: Assembly, loadMs: number | null): ExactCount | null {
  if (module === null || counter === "estimate") return null;
  return { vocabulary: counter, tokens: counter === "o200k" ? module.countTokens(assembly.context) : module.countTokens(assembly.context, "cl100k"), loadMs };
}

function load(spec: ProjectSpec): { ok: true; loaded: Omit<Loaded, "assembler" | "profile" | "counter" | "serverInput">; profile: Profile; profileText: string } | { ok: false; error: UiError } {
  const t0 = performance.now();
  if (spec.kind === "large") {
    const { documents, edges } = generateLargeProject(spec.seed, spec.count);
    const profile = parseProfile(sampleProfileText);
    if (!profile.ok) return profile;
    const info: ProjectInfo = { spec, label: `Large sample (seed ${spec.seed})`, documents: documents.length, edges: edges.length, loadMs: performance.now() - t0 };
    return { ok: true, loaded: { project: { documents, edges, documentsPointer: "/documents", name: null }, info, documentsText: null }, profile: profile.profile, profileText: sampleProfileText };
  }
  const documentsText = spec.kind === "custom" || spec.kind === "server" ? spec.documentsText : sampleProjectText;
  const profileText = spec.kind === "custom" || spec.kind === "server" ? spec.profileText : sampleProfileText;
  const project = parseProject(documentsText);
  if (!project.ok) return project;
  const profile = parseProfile(profileText);
  if (!profile.ok) return profile;
  const { documents, edges, name } = project.project;
  const label = spec.kind === "sample" ? `Sample: ${name ?? "writing project"}` : spec.kind === "server" ? `On the server: ${spec.name}` : `Your documents${name === null ? "" : `: ${name}`}`;
  const info: ProjectInfo = { spec, label, documents: documents.length, edges: edges.length, loadMs: performance.now() - t0 };
  return { ok: true, loaded: { project: project.project, info, documentsText }, profile: profile.profile, profileText };
}

async function handle(request: WorkerRequest): Promise<Unhashed> {
  const { seq, settings } = request;
  if (request.project !== undefined) {
    const candidate = load(request.project);
    if (!candidate.ok) return { seq, ok: false, error: candidate.error, loaded: false };
    let compiled: Awaited<ReturnType<typeof compile>>;
    try {
      compiled = await compile(candidate.profile, settings.counter);
    } catch (e) {
      const error = e instanceof CtxpackError ? uiError("profile", e.code, e.message, candidate.profileText, e.path) : uiError("settings", "INTERNAL", `Could not load the tokenizer: ${String(e)}`, null, null);
      return { seq, ok: false, error, loaded: false };
    }
    const { assembler } = compiled;
    const serverProjectId = request.project.kind === "server" ? request.project.projectId : null;
    const serverInput = { documents: candidate.loaded.project.documents, edges: candidate.loaded.project.edges, profile: candidate.profile, serverProjectId };
    const next: Loaded = { ...candidate.loaded, assembler, profile: candidate.profile, counter: settings.counter, serverInput };
    try {
      const { assembly, ms } = assemble(next, settings);
      current?.assembler.free();
      current = next;
      return { seq, ok: true, assembly, assembleMs: ms, project: next.info, loaded: true, exact: exactCount(compiled.module, settings.counter, assembly, compiled.loadMs) };
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
  let module: Tokenizer | null = null;
  let loadMs: number | null = null;
  if (loaded.counter !== settings.counter) {
    // Another counter: the same profile compiled again with it bound.
    try {
      const compiled = await compile(loaded.profile, settings.counter);
      loaded.assembler.free();
      loaded.assembler = compiled.assembler;
      loaded.counter = settings.counter;
      module = compiled.module;
      loadMs = compiled.loadMs;
    } catch (e) {
      return { seq, ok: false, error: uiError("settings", "INTERNAL", `Could not load the tokenizer: ${String(e)}`, null, null), loaded: false };
    }
  } else if (settings.counter !== "estimate") {
    module = (await loadTokenizer()).module;
  }
  try {
    const { assembly, ms } = assemble(loaded, settings);
    return { seq, ok: true, assembly, assembleMs: ms, project: { ...loaded.info, loadMs: 0 }, loaded: false, exact: exactCount(module, settings.counter, assembly, loadMs) };
  } catch (e) {
    return { seq, ok: false, error: errorFor(e, loaded), loaded: false };
  }
}

async function answer(request: WorkerRequest): Promise<void> {
  const reply = await handle(request);
  if (!reply.ok) {
    scope.postMessage(reply);
    return;
  }
  const sha256 = await sha256Hex(reply.assembly.context);
  scope.postMessage({ ...reply, sha256 });
  // The reply is out: the page shows the result while the server is asked for the same one.
  const loaded = current;
  if (loaded === null) return;
  void checkWithServer(reply.seq, loaded.serverInput, request.settings, sha256).then((check) => {
    if (check !== null) scope.postMessage({ kind: "server", check });
  });
}

scope.onmessage = (event) => {
  void answer(event.data);
};
