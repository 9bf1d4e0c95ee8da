import { useRef, useState, type DragEvent } from "react";
import { fmt, fmtMs } from "../format";
import type { ProjectInfo, ProjectSpec, UiError } from "../model";
import { ErrorBox } from "./ErrorBox";
import { ServerProjects } from "./ServerProjects";

function JsonEditor(props: { id: string; label: string; hint: string; value: string; onChange: (text: string) => void; error: UiError | undefined }) {
  const { id, label, hint, value, onChange, error } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const [over, setOver] = useState(false);

  const locate = (e: UiError) => {
    const el = area.current;
    if (el === null || e.offset === null) return;
    el.focus();
    // Select the token at the error: up to the end of the line, at most 40 units.
    const lineEnd = value.indexOf("\n", e.offset);
    const end = Math.min(lineEnd === -1 ? value.length : lineEnd, e.offset + 40);
    el.setSelectionRange(e.offset, Math.max(end, e.offset + 1));
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 16;
    el.scrollTop = Math.max(0, ((e.line ?? 1) - 3) * lineHeight);
  };

  const drop = (event: DragEvent<HTMLTextAreaElement>) => {
    const file = event.dataTransfer.files[0];
    if (file === undefined) return;
    event.preventDefault();
    setOver(false);
    void file.text().then(onChange);
  };

  return (
    <div className="editor">
      <label htmlFor={id}>
        {label} <span className="muted">— {hint}</span>
      </label>
      <textarea
        id={id}
        ref={area}
        className={over ? "drop-over" : undefined}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid={`editor-${id}`}
      />
      {error !== undefined && <ErrorBox error={error} onLocate={locate} />}
    </div>
  );
}

export interface ProjectPanelProps {
  project: ProjectInfo | null;
  pendingKind: ProjectSpec["kind"] | null;
  documentsDraft: string;
  profileDraft: string;
  onDocumentsDraft: (text: string) => void;
  onProfileDraft: (text: string) => void;
  errors: { documents?: UiError; profile?: UiError };
  onLoad: (spec: ProjectSpec) => void;
}

export function ProjectPanel(props: ProjectPanelProps) {
  const { project, pendingKind, documentsDraft, profileDraft, errors } = props;
  const [seed, setSeed] = useState(42);
  const [count, setCount] = useState(10_000);
  const [editing, setEditing] = useState(false);
  const kind = project?.spec.kind;

  return (
    <section className="panel" aria-labelledby="project-title">
      <h2 id="project-title">Project</h2>
      <div className="project-info" data-testid="project-info">
        {project === null ? (
          <span className="muted">Loading…</span>
        ) : (
          <>
            <strong>{project.label}</strong>
            <span className="muted">
              {" "}
              · <span data-testid="project-count">{fmt(project.documents)}</span> documents · {fmt(project.edges)} edges
              {project.loadMs > 0 && <> · {project.spec.kind === "large" ? "generated" : "parsed"} in {fmtMs(project.loadMs)}</>}
            </span>
          </>
        )}
      </div>
      <div className="button-row">
        <button type="button" className={kind === "sample" ? "active" : undefined} onClick={() => props.onLoad({ kind: "sample" })} data-testid="load-sample">
          Sample project
        </button>
        <button type="button" className={kind === "custom" || editing ? "active" : undefined} onClick={() => setEditing(!editing)} aria-expanded={editing} data-testid="toggle-editor">
          Your JSON…
        </button>
      </div>
      <div className="large-title muted small">Large sample, generated from a seed (deterministic):</div>
      <div className="large-row">
        <label>
          seed <input type="number" value={seed} min={0} max={4294967295} onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.target.value) || 0)))} data-testid="large-seed" />
        </label>
        <select value={count} onChange={(e) => setCount(Number(e.target.value))} aria-label="number of documents" data-testid="large-count">
          <option value={1_000}>1,000 docs</option>
          <option value={10_000}>10,000 docs</option>
          <option value={100_000}>100,000 docs</option>
        </select>
        <button type="button" className={kind === "large" ? "active" : undefined} onClick={() => props.onLoad({ kind: "large", seed, count })} disabled={pendingKind === "large"} data-testid="load-large">
          {pendingKind === "large" ? "Generating…" : "Generate"}
        </button>
      </div>
      <ServerProjects project={project} onLoad={props.onLoad} />
      {editing && (
        <div className="editors">
          <p className="muted small">
            Paste or drop JSON. Documents: an array of jsondocs, or <code>{"{ documents, edges }"}</code> like the sample. Nothing leaves the page.
          </p>
          <JsonEditor id="documents" label="Documents" hint="jsondocs JSON" value={documentsDraft} onChange={props.onDocumentsDraft} error={errors.documents} />
          <JsonEditor id="profile" label="Profile" hint="see docs/PROFILE.md" value={profileDraft} onChange={props.onProfileDraft} error={errors.profile} />
          <div className="button-row">
            <button type="button" className="primary" onClick={() => props.onLoad({ kind: "custom", documentsText: documentsDraft, profileText: profileDraft })} data-testid="apply-json">
              Apply
            </button>
            <span className="muted small">The current result stays until the new input is accepted.</span>
          </div>
        </div>
      )}
      {!editing && (errors.documents !== undefined || errors.profile !== undefined) && (
        <p className="small warn">
          Your JSON was refused —{" "}
          <button type="button" className="link" onClick={() => setEditing(true)}>
            open the editor
          </button>
        </p>
      )}
    </section>
  );
}
