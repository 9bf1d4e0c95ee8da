import { ContextAssembler, CtxpackError, version, type Assembly, type CapStrategy, type JsonValue, type Profile, type RenderOrder, type RequestInput, type ResolvedIntent } from "ctxpack";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent } from "react";
import { AssemblyClient } from "./client";
import { BudgetMeter } from "./components/BudgetMeter";
import { ContextInspector } from "ctxpack/react";
import { CopyButton } from "./components/CopyButton";
import { ProjectPanel } from "./components/ProjectPanel";
import { RequestPanel, intentNames } from "./components/RequestPanel";
import { ServerCheckView } from "./components/ServerCheckView";
import { parseJson, parseProfile, sampleProfileText, sampleProjectText } from "./project";
import type { Counter, ErrorTarget, ExactCount, ProjectInfo, ProjectSpec, ServerCheck, Settings, UiError, WorkerReply, WorkerRequest } from "./protocol";

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

interface Result {
  projectLabel: string;
  settings: Settings;
  assembly: Assembly;
  seq: number;
  assembleMs: number;
  exact: ExactCount | null;
  /** SHA-256 of the context's UTF-8, computed by the worker. */
  sha256: string;
}

type Errors = Partial<Record<ErrorTarget, UiError>>;

function profileTextOf(spec: ProjectSpec): string {
  return spec.kind === "custom" || spec.kind === "server" ? spec.profileText : sampleProfileText;
}

function profileOf(text: string): Profile {
  const parsed = parseProfile(text);
  return parsed.ok ? parsed.profile : {};
}

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
      // The worker reports the profile's errors; the page then keeps the last good profile.
    }
    held.current = { profile, assembler };
  }
  return held.current.assembler;
}

export function App() {
  const [tab, setTab] = useState<TabId>("jsondocs");
  // An engine tab stays mounted once opened, so switching away keeps what the user set there.
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set());
  useEffect(() => setOpened((o) => (o.has(tab) ? o : new Set(o).add(tab))), [tab]);
  const [project, setProject] = useState<ProjectInfo | null>(null);
  const [pendingKind, setPendingKind] = useState<ProjectSpec["kind"] | null>(null);
  const [profileText, setProfileText] = useState(sampleProfileText);
  const profile = useMemo(() => profileOf(profileText), [profileText]);
  const [documentsDraft, setDocumentsDraft] = useState(sampleProjectText);
  const [profileDraft, setProfileDraft] = useState(sampleProfileText);
  const [errors, setErrors] = useState<Errors>({});
  const [crash, setCrash] = useState<string | null>(null);

  const [text, setText] = useState("generate episodes 7-12");
  const [explicitIntent, setExplicitIntent] = useState<string | null>(null);
  const [params, setParams] = useState("{}");
  const [maxChars, setMaxChars] = useState(profile.budget?.maxChars ?? 16_000);
  const [cap, setCap] = useState<CapStrategy>(profile.cap ?? "degrade");
  const [order, setOrder] = useState<RenderOrder>("rank");
  const [maxTokens, setMaxTokens] = useState<number | null>(profile.budget?.maxTokens ?? null);
  const [counter, setCounter] = useState<Counter>("estimate");
  /** The exact counter the worker has answered with: until then, the page says the tokenizer is loading. */
  const [counterReady, setCounterReady] = useState<Counter>("estimate");

  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
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
  const settings = useMemo((): Settings | null => (built.ok ? { request: built.request, maxChars, maxTokens, counter, cap, order } : null), [built, maxChars, maxTokens, counter, cap, order]);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const profileTextRef = useRef(profileText);
  profileTextRef.current = profileText;

  const onReply = useCallback((reply: WorkerReply, request: WorkerRequest) => {
    if (request.project !== undefined) setPendingKind(null);
    if ((reply.ok || reply.loaded) && request.project !== undefined) {
      const nextProfileText = profileTextOf(request.project);
      if (nextProfileText !== profileTextRef.current) {
        // A new profile brings its own budget and cap.
        const next = profileOf(nextProfileText);
        setProfileText(nextProfileText);
        setMaxChars(next.budget?.maxChars ?? 16_000);
        setMaxTokens(next.budget?.maxTokens ?? null);
        setCap(next.cap ?? "degrade");
        setExplicitIntent((intent) => (intent !== null && !intentNames(next).includes(intent) ? null : intent));
      }
      setProject(reply.project);
      setErrors((e) => ({ ...e, documents: undefined, profile: undefined }));
    }
    if (reply.ok) {
      setResult({ seq: reply.seq, assembly: reply.assembly, assembleMs: reply.assembleMs, exact: reply.exact, sha256: reply.sha256, settings: request.settings, projectLabel: reply.project.label });
      setCounterReady(request.settings.counter);
      setErrors((e) => ({ ...e, request: undefined, settings: undefined }));
    } else if (request.project !== undefined) {
      // A refused project: its error replaces whatever the last attempt reported.
      setErrors((e) => ({ ...e, documents: undefined, profile: undefined, [reply.error.target]: reply.error }));
    } else {
      setErrors((e) => ({ ...e, [reply.error.target]: reply.error }));
    }
  }, []);

  const client = useRef<AssemblyClient | null>(null);
  // Declared before the worker is created: the first assembly goes with the load below.
  useEffect(() => {
    if (settings !== null) client.current?.send({ settings });
  }, [settings]);
  useEffect(() => {
    const c = new AssemblyClient(onReply, setBusy, setCrash, setServerCheck);
    client.current = c;
    const initial = settingsRef.current ?? { request: "", maxChars: 16_000, maxTokens: null, counter: "estimate", cap: "degrade", order: "rank" };
    c.send({ project: { kind: "sample" }, settings: initial });
    return () => {
      c.terminate();
      client.current = null;
    };
  }, [onReply]);

  const load = (spec: ProjectSpec) => {
    const current = settingsRef.current;
    if (current === null) return;
    setPendingKind(spec.kind);
    client.current?.send({ project: spec, settings: current });
  };

  const requestErrors = { request: built.ok ? errors.request : built.error, settings: errors.settings };
  const stale = errors.documents !== undefined || errors.profile !== undefined || requestErrors.request !== undefined || errors.settings !== undefined;

  return (
    <div className="app" data-busy={busy ? "true" : "false"} data-seq={result?.seq ?? 0}>
      <header className="top">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ◧
          </span>
          <h1>ctxpack</h1>
          <span className="subtitle">context inspector — what the agent will see</span>
        </div>
        <div className="muted small">
          ctxpack {version()} · WebAssembly, in this page and its worker
        </div>
      </header>
      <nav className="tabs" role="tablist">
        {TABS.map((t) => (
          <button type="button" role="tab" key={t.id} aria-selected={tab === t.id} className={tab === t.id ? "tab active" : "tab"} onClick={() => setTab(t.id)} data-testid={`tab-${t.id}`}>
            {t.label}
          </button>
        ))}
      </nav>
      {crash !== null && (
        <div className="error" role="alert">
          The assembly worker failed: {crash}
        </div>
      )}
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
            project={project}
            pendingKind={pendingKind}
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
            counterLoading={counter !== "estimate" && counterReady !== counter && busy}
            cap={cap}
            onCap={setCap}
            order={order}
            onOrder={setOrder}
            errors={requestErrors}
          />
        </aside>
        <main className="results">
          {result === null ? (
            <section className="panel muted">Assembling the sample project…</section>
          ) : (
            <>
              {stale && (
                <div className="stale" data-testid="stale">
                  Showing the last good result: fix the input marked in red to update it.
                </div>
              )}
              <BudgetMeter assembly={result.assembly} assembleMs={result.assembleMs} exact={result.exact} busy={busy} />
              <ServerCheckView seq={result.seq} browserSha256={result.sha256} check={serverCheck} />
              <CopyButton text={result.assembly.context} />
              {/* The package's inspector (ctxpack/react); the page's meter above adds the worker's timing and exact counts. */}
              <ContextInspector result={result.assembly} meter={false} className="panel" />
              <Log assembly={result.assembly} />
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
