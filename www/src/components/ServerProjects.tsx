// Projects stored by the example server (examples/server, /api/projects): open one (the page
// assembles the rows the server sent, and the server assembles the same project by its
// id), edit a document's data there, and see both contexts again after the edit.
import { useCallback, useEffect, useState } from "react";
import type { ProjectInfo, ProjectSpec } from "../model";

interface Listed {
  id: string;
  name: string;
  documents: number;
}

interface ApiError {
  error?: { code?: string; message?: string };
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, init);
  const json = (res.headers.get("content-type") ?? "").startsWith("application/json") ? ((await res.json()) as T & ApiError) : null;
  if (!res.ok || json === null) throw new Error(json?.error ? `${json.error.code ?? res.status}: ${json.error.message ?? ""}` : `HTTP ${res.status} from ${path}`);
  return json;
}

const path = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** Opens a stored project: what the page loads, as the server sent it. */
async function openSpec(id: string): Promise<ProjectSpec> {
  const project = await api<{ id: string; name: string; profile: unknown; documents: unknown[]; edges: unknown[] }>(path(id));
  const documentsText = JSON.stringify({ name: project.name, documents: project.documents, edges: project.edges });
  return { kind: "server", projectId: project.id, name: project.name || project.id, documentsText, profileText: JSON.stringify(project.profile ?? {}) };
}

export function ServerProjects({ project, onLoad }: { project: ProjectInfo | null; onLoad: (spec: ProjectSpec) => void }) {
  const [listed, setListed] = useState<Listed[] | null>(null);
  const [choice, setChoice] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const open = project?.spec.kind === "server" ? project.spec : null;
  const [docId, setDocId] = useState("");
  const [draft, setDraft] = useState("");
  const [version, setVersion] = useState<number | null>(null);

  useEffect(() => {
    api<{ projects: Listed[] }>("/api/projects")
      .then(({ projects }) => {
        setListed(projects);
        setChoice((c) => c || (projects[0]?.id ?? ""));
      })
      .catch((e: unknown) => setNote(`No stored projects: ${String(e instanceof Error ? e.message : e)}`));
  }, []);

  const openProject = useCallback(
    (id: string) => {
      setNote(null);
      openSpec(id)
        .then(onLoad)
        .catch((e: unknown) => setNote(String(e instanceof Error ? e.message : e)));
    },
    [onLoad],
  );

  const ids = open === null ? [] : ((JSON.parse(open.documentsText) as { documents: { id: string }[] }).documents ?? []).map((d) => d.id);

  const pick = (id: string) => {
    setDocId(id);
    setVersion(null);
    if (open === null || id === "") return;
    api<{ document: { data: unknown }; version: number }>(`${path(open.projectId)}/documents/${encodeURIComponent(id)}`)
      .then(({ document, version: v }) => {
        setDraft(JSON.stringify(document.data, null, 2));
        setVersion(v);
      })
      .catch((e: unknown) => setNote(String(e instanceof Error ? e.message : e)));
  };

  const save = () => {
    if (open === null || version === null) return;
    let data: unknown;
    try {
      data = JSON.parse(draft);
    } catch (e) {
      setNote(`The data is not JSON: ${String(e instanceof Error ? e.message : e)}`);
      return;
    }
    api<{ version: number }>(`${path(open.projectId)}/documents/${encodeURIComponent(docId)}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ data, version }) })
      .then(({ version: v }) => {
        setVersion(v);
        setNote(`Saved ${docId} (version ${v}); assembled again from the server's rows.`);
        openProject(open.projectId);
      })
      .catch((e: unknown) => setNote(String(e instanceof Error ? e.message : e)));
  };

  if (listed === null && note === null) return null;
  return (
    <div className="server-projects" data-testid="server-projects">
      <div className="large-title muted small">Stored on the server (examples/server, PGlite or PostgreSQL):</div>
      {listed !== null && listed.length > 0 && (
        <div className="large-row">
          <select value={choice} onChange={(e) => setChoice(e.target.value)} aria-label="stored project" data-testid="server-project">
            {listed.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name || p.id} ({p.documents} docs)
              </option>
            ))}
          </select>
          <button type="button" className={open !== null ? "active" : undefined} onClick={() => openProject(choice)} disabled={choice === ""} data-testid="open-server-project">
            Open
          </button>
        </div>
      )}
      {open !== null && (
        <div className="editors">
          <select value={docId} onChange={(e) => pick(e.target.value)} aria-label="document to edit" data-testid="server-document">
            <option value="">Edit a document…</option>
            {ids.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
          {version !== null && (
            <>
              <textarea spellCheck={false} value={draft} onChange={(e) => setDraft(e.target.value)} aria-label="document data" data-testid="server-document-data" />
              <div className="button-row">
                <button type="button" className="primary" onClick={save} data-testid="save-server-document">
                  Save to the server
                </button>
                <span className="muted small">version {version}: a save from an older version is refused (409).</span>
              </div>
            </>
          )}
        </div>
      )}
      {note !== null && (
        <p className="small muted" data-testid="server-note">
          {note}
        </p>
      )}
    </div>
  );
}
