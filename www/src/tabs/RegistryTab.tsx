// The Module registry tab: source files pasted, dropped or from the sample; the classes
// `extractClasses` finds in each; the registry (editable JSON, or filled from those classes);
// `formatModuleRegistry`'s block and its manifest; and `parseModifiedFiles` on an LLM's answer.
// On the main thread: each call over a few files takes well under a millisecond.
import { extractClasses, formatModuleRegistry, parseModifiedFiles, type ClassRecord, type ExtractedClasses, type ModifiedFiles, type RegistryResult } from "ctxpack/code";
import { useMemo, useState, type DragEvent } from "react";
import { CtxpackErrorBox } from "../components/CtxpackErrorBox";
import { NumberField } from "../components/NumberField";
import { fmt, fmtMs } from "../format";
import { pickedFromDrop, pickedFromInput, readPicked, type Picked } from "../readDropped";
import { filesObject, parseRegistry, registryFromClasses, registryOptions, registrySample, registryText, SAMPLE_RESPONSE, type RegistryControls, type SourceFile } from "../registryInput";

type Extracted = { ok: true; result: ExtractedClasses } | { ok: false; error: unknown };
type Outcome = { ok: true; result: RegistryResult; ms: number } | { ok: false; error: unknown };

const STATUSES: readonly ClassRecord["status"][] = ["included", "truncated", "dropped", "not_found", "missing_file"];

function tryCall<T>(f: () => T): { ok: true; result: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, result: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

export default function RegistryTab() {
  const [sample] = useState(registrySample);
  const [files, setFiles] = useState<SourceFile[]>(sample.files);
  const [label, setLabel] = useState("the built-in sample");
  const [notes, setNotes] = useState<string[]>([]);
  const [regText, setRegText] = useState(sample.registryText);
  const [controls, setControls] = useState<RegistryControls>(sample.controls);
  const [reading, setReading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [pastePath, setPastePath] = useState("src/app/services/billing.py");
  const [pasteContent, setPasteContent] = useState("class Invoice:\n    total: int = 0\n\n    def pay(self) -> None:\n        ...\n");
  const [response, setResponse] = useState(SAMPLE_RESPONSE);

  const extracted = useMemo((): Extracted[] => files.map((f) => tryCall(() => extractClasses(f.path, f.content))), [files]);
  const parsed = useMemo(() => parseRegistry(regText), [regText]);
  const options = useMemo(() => registryOptions(controls), [controls]);
  const outcome = useMemo((): Outcome | null => {
    if (!parsed.ok) return null;
    const t0 = performance.now();
    const r = tryCall(() => formatModuleRegistry(parsed.registry, filesObject(files), options));
    return r.ok ? { ok: true, result: r.result, ms: performance.now() - t0 } : r;
  }, [parsed, files, options]);
  const modified = useMemo(() => tryCall((): ModifiedFiles => parseModifiedFiles(response)), [response]);

  const loadSample = () => {
    const s = registrySample();
    setFiles(s.files);
    setRegText(s.registryText);
    setControls(s.controls);
    setLabel("the built-in sample");
    setNotes([]);
  };
  const add = (more: SourceFile[], what: string, moreNotes: string[]) => {
    // A file dropped again under the same path replaces the earlier one.
    setFiles((fs) => [...fs.filter((f) => !more.some((m) => m.path === f.path)), ...more]);
    setLabel(what);
    setNotes(moreNotes);
  };
  const read = async (picked: Picked[], what: string) => {
    setReading(`Reading ${fmt(picked.length)} files…`);
    try {
      const set = await readPicked(picked, what);
      const read: SourceFile[] = [];
      // Source files are text; bytes (a file that is not UTF-8) have no classes to show.
      for (const c of set.contents) if (typeof c.content === "string") read.push({ path: c.path, content: c.content });
      add(read, what, set.notes);
    } catch (e) {
      setNotes([`the page could not read the files: ${String(e)}`]);
    } finally {
      setReading(null);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    setReading("Reading the drop…");
    void pickedFromDrop(e.dataTransfer).then(
      (picked) => read(picked, `${fmt(picked.length)} dropped files`),
      (err: unknown) => {
        setReading(null);
        setNotes([`the page could not read the drop: ${String(err)}`]);
      },
    );
  };
  const fill = () => {
    const current = parsed.ok ? parsed.registry : null;
    setRegText(registryText(registryFromClasses(files, extracted.map((x) => (x.ok ? x.result : null)), current)));
  };
  const set1 = <K extends keyof RegistryControls>(key: K) => (value: RegistryControls[K]) => setControls((c) => ({ ...c, [key]: value }));

  return (
    <div className="layout" role="tabpanel" data-testid="registry-tab">
      <aside className="controls">
        <section className="panel" aria-labelledby="registry-files-title">
          <h2 id="registry-files-title">Source files</h2>
          <div
            className={dragging ? "dropzone dragging" : "dropzone"}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="registry-dropzone"
          >
            Drop Python, TypeScript/JavaScript or Dart files here
            <div className="button-row">
              <label className="file-button">
                files…
                <input type="file" multiple onChange={(e) => e.target.files && void read(pickedFromInput(e.target.files), `${fmt(e.target.files.length)} picked files`)} data-testid="registry-input" />
              </label>
              <button type="button" onClick={loadSample} data-testid="registry-load-sample">
                Sample
              </button>
              <button type="button" onClick={() => setFiles([])} data-testid="registry-clear">
                Clear
              </button>
            </div>
          </div>
          <p className="muted small" data-testid="registry-source">
            {reading ?? (
              <>
                Last added: <strong>{label}</strong>; {fmt(files.length)} files. The files never leave the page.
              </>
            )}
          </p>
          {notes.length > 0 && (
            <ul className="notes small">
              {notes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          )}
          <details className="json-details">
            <summary>Paste a file</summary>
            <label className="field-label" htmlFor="registry-paste-path">
              Path <span className="muted small">its extension picks the language</span>
            </label>
            <input id="registry-paste-path" type="text" value={pastePath} onChange={(e) => setPastePath(e.target.value)} spellCheck={false} data-testid="registry-paste-path" />
            <label className="field-label" htmlFor="registry-paste-content">
              Content
            </label>
            <textarea id="registry-paste-content" className="references" value={pasteContent} onChange={(e) => setPasteContent(e.target.value)} spellCheck={false} data-testid="registry-paste-content" />
            <button type="button" disabled={pastePath.trim() === ""} onClick={() => add([{ path: pastePath.trim(), content: pasteContent }], pastePath.trim(), [])} data-testid="registry-paste-add">
              Add the file
            </button>
          </details>
        </section>
        <section className="panel" aria-labelledby="registry-registry-title">
          <div className="panel-head">
            <h2 id="registry-registry-title">Registry</h2>
            <button type="button" onClick={fill} title="Every class found in the files above, file by file; a file's issue and modified flag are kept" data-testid="registry-fill">
              Fill from the classes found
            </button>
          </div>
          <p className="muted small">
            <code>{"{modules: {path: {created_by_issue, modified?, classes}}}"}</code>, as the orchestrator keeps it.
          </p>
          <textarea className="references" value={regText} onChange={(e) => setRegText(e.target.value)} spellCheck={false} aria-label="registry JSON" data-testid="registry-json" />
          {!parsed.ok && (
            <div className="error" role="alert" data-testid="registry-json-error">
              <div className="error-head">
                <span className="error-code">JSON_SYNTAX</span>
              </div>
              <div className="error-message">{parsed.message}</div>
            </div>
          )}
        </section>
        <section className="panel" aria-labelledby="registry-options-title">
          <h2 id="registry-options-title">Options</h2>
          <div className="num-fields">
            <NumberField label="maxCharsPerClass" value={controls.maxCharsPerClass} onChange={set1("maxCharsPerClass")} optional fallback={2000} testid="registry-max-chars-per-class" hint="Each class's source is cut to this many UTF-16 units (2,000 when not given)" />
            <NumberField label="maxChars" value={controls.maxChars} onChange={set1("maxChars")} optional fallback={4000} testid="registry-max-chars" hint="The whole block's budget in UTF-16 units: whole classes are dropped from the end" />
            <NumberField label="maxTokens" value={controls.maxTokens} onChange={set1("maxTokens")} optional fallback={1000} testid="registry-max-tokens" hint="The whole block's budget in estimated tokens" />
          </div>
          <label className="field-label" htmlFor="registry-source-roots">
            sourceRoots <span className="muted small">comma-separated prefixes stripped from Python paths</span>
          </label>
          <input id="registry-source-roots" type="text" value={controls.sourceRoots} onChange={(e) => set1("sourceRoots")(e.target.value)} spellCheck={false} data-testid="registry-source-roots" />
          <label className="field-label" htmlFor="registry-importer-dir">
            importerDir <span className="muted small">where the importing file lives (TS/JS/Dart imports are relative to it)</span>
          </label>
          <input id="registry-importer-dir" type="text" value={controls.importerDir} placeholder="the project root" onChange={(e) => set1("importerDir")(e.target.value)} spellCheck={false} data-testid="registry-importer-dir" />
          <div className="field-label">The call</div>
          <pre className="call" data-testid="registry-call">{JSON.stringify(options)}</pre>
          <p className="muted small">
            <code>formatModuleRegistry(registry, files, options)</code> from <code>ctxpack/code</code>.
          </p>
        </section>
        <ModifiedBox response={response} onResponse={setResponse} modified={modified} />
      </aside>
      <main className="results">
        <ClassesFound files={files} extracted={extracted} onRemove={(path) => setFiles((fs) => fs.filter((f) => f.path !== path))} />
        {outcome === null ? (
          <section className="panel muted">Fix the registry's JSON to render the block.</section>
        ) : outcome.ok ? (
          <>
            <RegistryManifest result={outcome.result} ms={outcome.ms} />
            <section className="panel" aria-labelledby="registry-block-title">
              <div className="panel-head">
                <h2 id="registry-block-title">Registry block</h2>
                <span className="muted small">what goes into the coding agent's prompt ({fmt(outcome.result.chars)} chars)</span>
              </div>
              {outcome.result.text === "" ? (
                <p className="muted" data-testid="registry-block-empty">
                  Nothing to list: the block is empty.
                </p>
              ) : (
                <pre className="context-text" data-testid="registry-block">
                  {outcome.result.text}
                </pre>
              )}
              <details className="json-details">
                <summary>The result as JSON</summary>
                <pre className="context-text" data-testid="registry-result-json">
                  {JSON.stringify(outcome.result, null, 2)}
                </pre>
              </details>
            </section>
          </>
        ) : (
          <section className="panel">
            <h2>Not rendered</h2>
            <CtxpackErrorBox error={outcome.error} testid="registry-error" />
          </section>
        )}
      </main>
    </div>
  );
}

function ClassesFound({ files, extracted, onRemove }: { files: readonly SourceFile[]; extracted: readonly Extracted[]; onRemove: (path: string) => void }) {
  return (
    <section className="panel" aria-labelledby="registry-classes-title">
      <div className="panel-head">
        <h2 id="registry-classes-title">Classes found</h2>
        <span className="muted small">
          <code>extractClasses(path, content)</code> per file: lines are where the class starts (decorators included) and ends
        </span>
      </div>
      {files.length === 0 ? (
        <p className="muted">No files: drop some, paste one, or load the sample.</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="registry-classes">
            <thead>
              <tr>
                <th>file</th>
                <th>class</th>
                <th className="num">lines</th>
                <th>nested in</th>
              </tr>
            </thead>
            <tbody>
              {files.map((f, i) => {
                const x = extracted[i];
                const head = (span: number) => (
                  <td rowSpan={span}>
                    <code className="doc-id">{f.path}</code>
                    {x?.ok && <span className="muted small"> {x.result.language ?? "not a known language"}</span>}{" "}
                    <button type="button" className="link small" onClick={() => onRemove(f.path)} title="Remove this file">
                      ×
                    </button>
                  </td>
                );
                if (x === undefined || !x.ok)
                  return (
                    <tr key={f.path} data-path={f.path}>
                      {head(1)}
                      <td colSpan={3}>
                        <CtxpackErrorBox error={x?.ok === false ? x.error : "not extracted"} testid="registry-extract-error" />
                      </td>
                    </tr>
                  );
                const classes = x.result.classes;
                if (classes.length === 0)
                  return (
                    <tr key={f.path} data-path={f.path} data-class="">
                      {head(1)}
                      <td colSpan={3} className="muted">
                        no classes
                      </td>
                    </tr>
                  );
                return classes.map((c, j) => (
                  <tr key={`${f.path}#${j}`} data-path={f.path} data-class={c.name} data-lines={`${c.startLine}-${c.endLine}`} data-parent={c.parent === null ? "" : (classes[c.parent]?.name ?? "")}>
                    {j === 0 && head(classes.length)}
                    <td>
                      <code>{c.name}</code>
                    </td>
                    <td className="num">
                      {c.startLine}–{c.endLine}
                      {c.line !== c.startLine && <span className="muted small"> (class at {c.line})</span>}
                    </td>
                    <td>{c.parent === null ? <span className="muted">–</span> : <code>{classes[c.parent]?.name}</code>}</td>
                  </tr>
                ));
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RegistryManifest({ result, ms }: { result: RegistryResult; ms: number }) {
  const count = (s: ClassRecord["status"]) => result.classes.filter((c) => c.status === s).length;
  return (
    <section className="panel" aria-labelledby="registry-manifest-title">
      <div className="panel-head">
        <h2 id="registry-manifest-title">Manifest</h2>
        <span className="muted small">one record per listed class, in registry order · {fmtMs(ms)}</span>
      </div>
      <div className="counts" data-testid="registry-counts">
        {STATUSES.map((s) => (
          <span key={s} className={`badge status-${s}`} data-status={s}>
            {count(s)} {s.replace("_", " ")}
          </span>
        ))}
        <span className="muted small">
          {fmt(result.chars)} chars{result.tokens !== null && <> · {fmt(result.tokens)} tokens (estimate)</>}
        </span>
      </div>
      <div className="table-wrap">
        <table data-testid="registry-table">
          <thead>
            <tr>
              <th>class</th>
              <th>status</th>
              <th>reason</th>
              <th className="num">line</th>
              <th className="num">chars</th>
            </tr>
          </thead>
          <tbody>
            {result.classes.map((c) => (
              <tr key={c.id} data-id={c.id} data-status={c.status}>
                <td>
                  <code className="doc-id">{c.path}</code> <code>{c.className}</code>
                </td>
                <td>
                  <span className={`badge status-${c.status}`}>{c.status.replace("_", " ")}</span>
                </td>
                <td className="reason small">{c.reason}</td>
                <td className="num">{c.line ?? <span className="muted">–</span>}</td>
                <td className="num">
                  {c.charsBefore === null ? <span className="muted">–</span> : c.charsBefore === c.charsAfter ? fmt(c.charsAfter) : `${fmt(c.charsAfter)} of ${fmt(c.charsBefore)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(result.notFound.length > 0 || result.missingFiles.length > 0 || result.dropped.length > 0) && (
        <ul className="notes small" data-testid="registry-lists">
          {result.notFound.length > 0 && <li>not found in their file: {result.notFound.join(", ")}</li>}
          {result.missingFiles.length > 0 && <li>files not given: {result.missingFiles.join(", ")}</li>}
          {result.dropped.length > 0 && <li>dropped by the budget (from the end): {result.dropped.join(", ")}</li>}
        </ul>
      )}
    </section>
  );
}

function ModifiedBox({ response, onResponse, modified }: { response: string; onResponse: (text: string) => void; modified: { ok: true; result: ModifiedFiles } | { ok: false; error: unknown } }) {
  return (
    <section className="panel" aria-labelledby="registry-modified-title">
      <h2 id="registry-modified-title">Parse modified files</h2>
      <p className="muted small">
        An LLM's answer; <code>parseModifiedFiles</code> reads the files it says it modified (<code># MODIFIED FILE:</code>, <code>Modified:</code>, <code>Updated:</code>).
      </p>
      <textarea className="references" value={response} onChange={(e) => onResponse(e.target.value)} spellCheck={false} aria-label="LLM response" data-testid="registry-response" />
      {modified.ok ? (
        modified.result.paths.length === 0 ? (
          <p className="muted small" data-testid="registry-modified">
            none
          </p>
        ) : (
          <ol className="small" data-testid="registry-modified">
            {modified.result.paths.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ol>
        )
      ) : (
        <CtxpackErrorBox error={modified.error} testid="registry-modified-error" />
      )}
    </section>
  );
}
