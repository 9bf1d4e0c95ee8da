// The Preloaded files tab: files dropped, picked or from the sample, handed to `preloadFiles`
// with the options the user sets; the manifest, the budget and the rendered block as ctxpack
// returned them. On the main thread: one call over a few files takes well under a millisecond,
// and reading a dropped folder is asynchronous anyway.
import { preloadFiles, type PreloadResult } from "ctxpack/files";
import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { CtxpackErrorBox } from "../components/CtxpackErrorBox";
import { FileManifest } from "../components/FileManifest";
import { NumberField } from "../components/NumberField";
import { PreloadMeter } from "../components/PreloadMeter";
import { callOptions, defaultFileOptions, parseReferences, referencesText, sampleFiles, type FileOptions, type FileSet } from "../filesInput";
import { fmt } from "../format";
import { pickedFromDrop, pickedFromInput, readPicked, type Picked } from "../readDropped";

type Outcome = { ok: true; result: PreloadResult; ms: number } | { ok: false; error: unknown };

export default function FilesTab() {
  const [set, setSet] = useState<FileSet>(sampleFiles);
  const [refsText, setRefsText] = useState(() => referencesText(set.references));
  const [options, setOptions] = useState<FileOptions>(defaultFileOptions);
  const [reading, setReading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const references = useMemo(() => parseReferences(refsText), [refsText]);
  const call = useMemo(() => callOptions(options), [options]);
  const outcome = useMemo((): Outcome => {
    const t0 = performance.now();
    try {
      const result = preloadFiles({ references, contents: set.contents, ...call });
      return { ok: true, result, ms: performance.now() - t0 };
    } catch (error) {
      return { ok: false, error };
    }
  }, [references, set.contents, call]);

  const load = (next: FileSet) => {
    setSet(next);
    setRefsText(referencesText(next.references));
  };
  const read = async (picked: Picked[], label: string) => {
    setReading(`Reading ${fmt(picked.length)} files…`);
    try {
      load(await readPicked(picked, label));
    } catch (e) {
      load({ references: [], contents: [], label, notes: [`the page could not read the files: ${String(e)}`] });
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
        load({ references: [], contents: [], label: "the drop", notes: [`the page could not read the drop: ${String(err)}`] });
      },
    );
  };

  const folderInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Not in React's attribute types: a folder picker whose files carry webkitRelativePath.
    folderInput.current?.setAttribute("webkitdirectory", "");
  }, []);

  const set1 = <K extends keyof FileOptions>(key: K) => (value: FileOptions[K]) => setOptions((o) => ({ ...o, [key]: value }));

  return (
    <div className="layout" role="tabpanel" data-testid="files-tab">
      <aside className="controls">
        <section className="panel" aria-labelledby="files-source-title">
          <h2 id="files-source-title">Files</h2>
          <div
            className={dragging ? "dropzone dragging" : "dropzone"}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="files-dropzone"
          >
            Drop files or a folder here
            <div className="button-row">
              <label className="file-button">
                files…
                <input type="file" multiple onChange={(e) => e.target.files && void read(pickedFromInput(e.target.files), `${fmt(e.target.files.length)} picked files`)} data-testid="files-input" />
              </label>
              <label className="file-button">
                a folder…
                <input type="file" ref={folderInput} onChange={(e) => e.target.files && void read(pickedFromInput(e.target.files), "a picked folder")} data-testid="folder-input" />
              </label>
              <button type="button" onClick={() => load(sampleFiles())} data-testid="files-load-sample">
                Sample
              </button>
            </div>
          </div>
          <p className="muted small" data-testid="files-source">
            {reading ?? (
              <>
                Showing <strong>{set.label}</strong>: {fmt(set.contents.length)} contents read. The files never leave the page.
              </>
            )}
          </p>
          {set.notes.length > 0 && (
            <ul className="notes small">
              {set.notes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          )}
          <label className="field-label" htmlFor="files-references">
            References <span className="muted small">in order; one per line, <code>path &lt;- source</code></span>
          </label>
          <textarea id="files-references" className="references" value={refsText} onChange={(e) => setRefsText(e.target.value)} spellCheck={false} data-testid="files-references" />
          <p className="muted small">A reference with no content read is <code>missing</code>; add any path, e.g. <code>../secrets.txt</code>, to see the rules.</p>
        </section>
        <section className="panel" aria-labelledby="files-options-title">
          <h2 id="files-options-title">Options</h2>
          <div className="num-fields">
            <NumberField label="maxTokens" value={options.maxTokens} onChange={set1("maxTokens")} optional fallback={2000} testid="files-max-tokens" hint="The block's budget in tokens (5,000 when no budget is given)" />
            <NumberField label="maxChars" value={options.maxChars} onChange={set1("maxChars")} optional fallback={8000} testid="files-max-chars" hint="The block's budget in UTF-16 code units" />
            <NumberField label="maxLines" value={options.maxLines} onChange={(v) => set1("maxLines")(v ?? 0)} testid="files-max-lines" hint="A longer file is skipped" />
            <NumberField label="maxBytes" value={options.maxBytes} onChange={(v) => set1("maxBytes")(v ?? 0)} testid="files-max-bytes" hint="A file with more UTF-8 bytes is skipped (too_large)" />
            <NumberField label="fanout" value={options.fanout} min={1} onChange={(v) => set1("fanout")(v ?? 1)} testid="files-fanout" hint="How many agents receive the block" />
          </div>
          <fieldset className="cap">
            <legend className="field-label">mode</legend>
            <div className="cap-options">
              {(["bestEffort", "strict"] as const).map((m) => (
                <label key={m}>
                  <input type="radio" name="files-mode" checked={options.mode === m} onChange={() => set1("mode")(m)} data-testid={`files-mode-${m}`} />
                  {m}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="check">
            <input type="checkbox" checked={options.allowSecrets} onChange={(e) => set1("allowSecrets")(e.target.checked)} data-testid="files-allow-secrets" /> allowSecrets
          </label>
          <div className="field-label">The call</div>
          <pre className="call" data-testid="files-call">{JSON.stringify(call)}</pre>
          <p className="muted small">
            <code>preloadFiles({"{"}references, contents, …{"}"})</code> from <code>ctxpack/files</code>, with these options.
          </p>
        </section>
      </aside>
      <main className="results">
        {outcome.ok ? (
          <>
            <PreloadMeter totals={outcome.result.manifest.totals} ms={outcome.ms} />
            <FileManifest files={outcome.result.manifest.files} />
            <section className="panel" aria-labelledby="files-block-title">
              <div className="panel-head">
                <h2 id="files-block-title">Rendered block</h2>
                <span className="muted small">what goes into the agent's prompt ({fmt(outcome.result.manifest.totals.chars)} chars)</span>
              </div>
              {outcome.result.block === "" ? (
                <p className="muted" data-testid="files-block-empty">
                  Nothing was inlined: the block is empty.
                </p>
              ) : (
                <pre className="context-text" data-testid="files-block">
                  {outcome.result.block}
                </pre>
              )}
              <details className="json-details">
                <summary>The manifest as JSON</summary>
                <pre className="context-text" data-testid="files-manifest-json">
                  {JSON.stringify(outcome.result.manifest, null, 2)}
                </pre>
              </details>
            </section>
          </>
        ) : (
          <section className="panel">
            <h2>Not rendered</h2>
            <CtxpackErrorBox error={outcome.error} testid="files-error" />
            <p className="muted small">
              {options.mode === "strict" ? "In strict mode ctxpack fails before rendering anything when the files that pass the rules do not all fit: raise the budget, or switch to bestEffort." : "Fix the input or options to render the block."}
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
