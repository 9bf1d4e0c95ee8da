import { ContextAssembler, CtxpackError, version, type Assembly, type CapStrategy, type JsonValue, type Profile, type RenderOrder, type RequestInput, type ResolvedIntent } from "ctxpack";
import { ContextInspector, useAssembledContext } from "ctxpack/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent } from "react";
import { BudgetMeter } from "./components/BudgetMeter";
import { CopyButton } from "./components/CopyButton";
import { ProjectPanel } from "./components/ProjectPanel";
import { RequestPanel, intentNames } from "./components/RequestPanel";
import { ServerCheckView } from "./components/ServerCheckView";
import { assembleInput, errorFor, loadProject, type LoadedProject } from "./jsondocs";
import type { Counter, ErrorTarget, ProjectSpec, ServerCheck, Settings, UiError } from "./model";
import { parseJson, sampleProjectText } from "./project";
import { checkWithServer, sha256Hex } from "./serverCheck";

type TabId = "jsondocs" | "files" | "sections" | "registry" | "governor";

interface Tab {
  id: TabId;
  label: string;
  /**
   * The engine's own tab, loaded when first opened: its module imports its entry
   * (`ctxpack/files`…), so that entry's wasm is a chunk of its own, fetched only then.
   * The Jsondocs tab has none: it is the page itself.
   */
  component?: LazyExoticComponent<ComponentType>;
}

const TABS: readonly Tab[] = [
  { id: "jsondocs", label: "Jsondocs" },
  { id: "files", label: "Preloaded files", component: lazy(() => import("./tabs/FilesTab")) },
  { id: "sections", label: "Prompt sections", component: lazy(() => import("./tabs/SectionsTab")) },
  { id: "registry", label: "Module registry", component: lazy(() => import("./tabs/RegistryTab")) },
  { id: "governor", label: "Run governor", component: lazy(() => import("./tabs/GovernorTab")) },
];

type Errors = Partial<Record<ErrorTarget, UiError>>;

function isParams(value: unknown): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function buildRequest(text: string, explicitIntent: string | null, paramsSource: string): { ok: true; request: RequestInput } | { ok: false; error: UiError } {
  if (explicitIntent === null) return { ok: true, request: text };
  const parsed = paramsSource.trim() === "" ? ({ ok: true, value: {} } as const) : parseJson(paramsSource, "request", "Params are not valid JSON");
  if (!parsed.ok) return parsed;
  if (!isParams(parsed.value)) {
    return { ok: false, error: { target: "request", code: "INVALID_INPUT", message: "Params must be a JSON object", path: "", apiPath: null, located: "", line: 1, column: 1, offset: 0 } };
  }
  return { ok: true, request: { intent: explicitIntent, params: parsed.value, text: text === "" ? null : text } };
}

/** One compiled profile on the main thread, for inferring the intent on every keystroke. */
function useAssembler(profile: Profile): ContextAssembler | null {
  const held = useRef<{ profile: Profile; assembler: ContextAssembler | null } | null>(null);
  if (held.current?.profile !== profile) {
    held.current?.assembler?.free();
    let assembler: ContextAssembler | null = null;
    try {
      assembler = new ContextAssembler(profile);
    } catch {
      // The assembly reports the profile's errors; a project with such a profile is refused.
    }
    held.current = { profile, assembler };
  }
  return held.current.assembler;
}

/** The sample, parsed once: the page starts on it. */
function loadSample(): LoadedProject {
  const sample = loadProject({ kind: "sample" });
  if (!sample.ok) throw new Error(`the embedded sample does not load: ${sample.error.message}`);
  return sample.loaded;
}

/** A number per result shown (by the manifest's identity): the server comparison answers for one. */
function useResultSeq(manifest: object | null): number {
  const held = useRef<{ manifest: object | null; seq: number }>({ manifest: null, seq: 0 });
  if (held.current.manifest !== manifest) held.current = { manifest, seq: held.current.seq + 1 };
  return held.current.seq;
}

export function App() {
  const [tab, setTab] = useState<TabId>("jsondocs");
  // An engine tab stays mounted once opened, so switching away keeps what the user set there.
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set());
  useEffect(() => setOpened((o) => (o.has(tab) ? o : new Set(o).add(tab))), [tab]);
  /** The project assembled and shown; `candidate`: one just loaded, taken once it assembles. */
  const [project, setProject] = useState<LoadedProject>(loadSample);
  const [candidate, setCandidate] = useState<LoadedProject | null>(null);
  const active = candidate ?? project;
  const profile = project.profile;
  const [documentsDraft, setDocumentsDraft] = useState(sampleProjectText);
  const [profileDraft, setProfileDraft] = useState(project.profileText);
  /** The errors of the last project loaded (its text, or its assembly). */
  const [projectErrors, setProjectErrors] = useState<Errors>({});

  const [text, setText] = useState("generate episodes 7-12");
  const [explicitIntent, setExplicitIntent] = useState<string | null>(null);
  const [params, setParams] = useState("{}");
  const [maxChars, setMaxChars] = useState(profile.budget?.maxChars ?? 16_000);
  const [cap, setCap] = useState<CapStrategy>(profile.cap ?? "degrade");
  const [order, setOrder] = useState<RenderOrder>("rank");
  const [maxTokens, setMaxTokens] = useState<number | null>(profile.budget?.maxTokens ?? null);
  const [counter, setCounter] = useState<Counter>("estimate");
  /** The counter of the last answer: until one comes with the chosen one, the page says it is loading. */
  const [counterAnswered, setCounterAnswered] = useState<Counter>("estimate");
  const [serverCheck, setServerCheck] = useState<ServerCheck | null>(null);

  const assembler = useAssembler(profile);
  const inferred = useMemo((): { ok: true; intent: ResolvedIntent } | { ok: false; message: string } => {
    if (assembler === null) return { ok: false, message: "The profile did not compile" };
    try {
      return { ok: true, intent: assembler.inferIntent(text) };
    } catch (e) {
      return { ok: false, message: e instanceof CtxpackError ? `${e.code}: ${e.message}` : String(e) };
    }
  }, [assembler, text]);

  const built = useMemo(() => buildRequest(text, explicitIntent, params), [text, explicitIntent, params]);
  // Params that do not parse leave the input as it was: the page shows their error, the hook keeps its result.
  const lastRequest = useRef<RequestInput>(text);
  if (built.ok) lastRequest.current = built.request;
  const settings = useMemo((): Settings => ({ request: lastRequest.current, maxChars, maxTokens, counter, cap, order }), [built, maxChars, maxTokens, counter, cap, order]);
  const input = useMemo(() => assembleInput(active, settings), [active, settings]);
  // ctxpack/react: the package's worker assembles, the latest input winning; an exact counter is
  // its `tokenizer` option (a worker of its own, fetched when first chosen).
  const assembled = useAssembledContext(input, counter === "estimate" ? {} : { tokenizer: counter });
  const { context, manifest, pending } = assembled;
  // Mapped when it comes, onto the project whose input failed (a refused one is dropped after).
  const mapped = useRef<{ error: Error | null; ui: UiError | null }>({ error: null, ui: null });
  if (mapped.current.error !== assembled.error) mapped.current = { error: assembled.error, ui: assembled.error === null ? null : errorFor(assembled.error, active) };
  const answerError = mapped.current.ui;
  const seq = useResultSeq(manifest);

  // A project just loaded is taken once it assembles; refused (its documents or profile), the
  // page goes back to the one before, whose result it still shows.
  useEffect(() => {
    if (candidate === null || pending) return;
    setCandidate(null);
    if (answerError !== null && (answerError.target === "documents" || answerError.target === "profile")) {
      setProjectErrors({ [answerError.target]: answerError });
      return;
    }
    setProjectErrors({});
    if (candidate.profileText !== project.profileText) {
      // A new profile brings its own budget and cap.
      const next = candidate.profile;
      setMaxChars(next.budget?.maxChars ?? 16_000);
      setMaxTokens(next.budget?.maxTokens ?? null);
      setCap(next.cap ?? "degrade");
      setExplicitIntent((intent) => (intent !== null && !intentNames(next).includes(intent) ? null : intent));
    }
    setProject(candidate);
  }, [candidate, pending, answerError, project.profileText]);
  useEffect(() => {
    if (!pending) setCounterAnswered(counter);
  }, [pending, counter]);

  // The server comparison: for a result of the current input (not pending, no error), SHA-256 of
  // its context here, and the same input sent to the example server.
  const [hashed, setHashed] = useState<{ seq: number; sha256: string } | null>(null);
  useEffect(() => {
    if (context === null) return;
    let live = true;
    void sha256Hex(context).then((sha256) => {
      if (live) setHashed({ seq, sha256 });
    });
    return () => {
      live = false;
    };
  }, [context, seq]);
  const current = hashed !== null && hashed.seq === seq && !pending && assembled.error === null;
  useEffect(() => {
    if (!current || hashed === null) return;
    void checkWithServer(hashed.seq, active.serverInput, settings, hashed.sha256).then((check) => {
      if (check !== null) setServerCheck(check);
    });
  }, [current, hashed, active.serverInput, settings]);

  const load = (spec: ProjectSpec) => {
    const next = loadProject(spec);
    if (!next.ok) {
      // Refused before it is assembled: its error replaces whatever the last attempt reported.
      setProjectErrors({ [next.error.target]: next.error });
      return;
    }
    setCandidate(next.loaded);
  };

  const errors: Errors = { ...projectErrors, ...(answerError === null ? {} : { [answerError.target]: answerError }) };
  const requestErrors = { request: built.ok ? errors.request : built.error, settings: errors.settings };
  const stale = errors.documents !== undefined || errors.profile !== undefined || requestErrors.request !== undefined || errors.settings !== undefined;

  return (
    <div className="app" data-busy={pending ? "true" : "false"} data-seq={seq}>
      <header className="top">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ◧
          </span>
          <h1>ctxpack</h1>
          <span className="subtitle">context inspector — what the agent will see</span>
        </div>
        <div className="muted small">
          ctxpack {version()} · WebAssembly, in this page and ctxpack/react&apos;s worker
        </div>
      </header>
      <nav className="tabs" role="tablist">
        {TABS.map((t) => (
          <button type="button" role="tab" key={t.id} aria-selected={tab === t.id} className={tab === t.id ? "tab active" : "tab"} onClick={() => setTab(t.id)} data-testid={`tab-${t.id}`}>
            {t.label}
          </button>
        ))}
      </nav>
      {TABS.filter((t) => t.component !== undefined && (opened.has(t.id) || t.id === tab)).map(({ id, label, component: Engine }) =>
        Engine === undefined ? null : (
          <div key={id} hidden={id !== tab} data-testid={`panel-${id}`}>
            <Suspense fallback={<section className="panel muted">Loading the {label} tab…</section>}>
              <Engine />
            </Suspense>
          </div>
        ),
      )}
      <div className="layout" hidden={tab !== "jsondocs"} role="tabpanel">
        <aside className="controls">
          <ProjectPanel
            project={project.info}
            pendingKind={candidate?.info.spec.kind ?? null}
            documentsDraft={documentsDraft}
            profileDraft={profileDraft}
            onDocumentsDraft={setDocumentsDraft}
            onProfileDraft={setProfileDraft}
            errors={{ documents: errors.documents, profile: errors.profile }}
            onLoad={load}
          />
          <RequestPanel
            profile={profile}
            text={text}
            onText={setText}
            inferred={inferred}
            explicitIntent={explicitIntent}
            onExplicitIntent={(intent) => {
              if (intent !== null && explicitIntent === null && inferred.ok) setParams(JSON.stringify(inferred.intent.params));
              setExplicitIntent(intent);
            }}
            params={params}
            onParams={setParams}
            maxChars={maxChars}
            onMaxChars={setMaxChars}
            maxTokens={maxTokens}
            onMaxTokens={setMaxTokens}
            counter={counter}
            onCounter={setCounter}
            counterLoading={counter !== "estimate" && counterAnswered !== counter && pending}
            cap={cap}
            onCap={setCap}
            order={order}
            onOrder={setOrder}
            errors={requestErrors}
          />
        </aside>
        <main className="results">
          {context === null || manifest === null ? (
            <section className="panel muted">Assembling the sample project…</section>
          ) : (
            <>
              {stale && (
                <div className="stale" data-testid="stale">
                  Showing the last good result: fix the input marked in red to update it.
                </div>
              )}
              <BudgetMeter assembly={{ context, manifest }} assembleMs={assembled.ms} busy={pending} />
              <ServerCheckView seq={seq} browserSha256={hashed?.seq === seq ? hashed.sha256 : ""} check={serverCheck} />
              <CopyButton text={context} />
              {/* The package's inspector (ctxpack/react); the page's meter above adds the timing and the server comparison. */}
              <ContextInspector result={{ context, manifest }} meter={false} className="panel" />
              <Log assembly={{ context, manifest }} />
            </>
          )}
        </main>
      </div>
    </div>
  );
}

function Log({ assembly }: { assembly: Assembly }) {
  return (
    <section className="panel" aria-labelledby="log-title">
      <h2 id="log-title">Log</h2>
      <pre className="log">{assembly.manifest.log.join("\n")}</pre>
    </section>
  );
}
