import type { ServerCheck } from "../model";

/** How many hex digits of a hash are shown (the full one is in the title). */
const SHORT = 12;

const VERDICT: Record<ServerCheck["state"], string> = {
  equal: "equal",
  differ: "differ",
  unreachable: "server unreachable",
  refused: "server refused",
  skipped: "not compared",
};

/**
 * The page's context beside the server's for the same input: SHA-256 of each one's UTF-8.
 * "equal" is the design's promise — the browser and a backend assemble the same bytes.
 */
export function ServerCheckView({ seq, browserSha256, check }: { seq: number; browserSha256: string; check: ServerCheck | null }) {
  const current = check !== null && check.seq === seq ? check : null;
  const state = current?.state ?? "checking";
  return (
    <section className="panel server-check" aria-label="server comparison" data-testid="server-check" data-state={state} data-seq={seq}>
      <div className="server-check-row">
        <span className="server-check-label">Browser</span>
        <code title={browserSha256} data-testid="browser-sha">
          {browserSha256.slice(0, SHORT)}
        </code>
        <span className="server-check-label">Server</span>
        <code title={current?.serverSha256 ?? ""} data-testid="server-sha">
          {current?.serverSha256?.slice(0, SHORT) ?? "—"}
        </code>
        <span className={`verdict verdict-${state}`} data-testid="server-verdict">
          {current === null ? "checking…" : VERDICT[current.state]}
        </span>
      </div>
      <div className="muted small">
        SHA-256 of the context&apos;s UTF-8, computed in this page and by the example server (examples/server: POST /api/assemble, or /api/projects/:id/context for a project it stores) for the same input.
        {current?.state === "unreachable" && " No server answers at /api: `npm start` runs one beside the page."}
        {current?.detail && current.state !== "unreachable" && <span data-testid="server-detail"> {current.detail}.</span>}
        {current !== null && (current.state === "equal" || current.state === "differ") && ` (${current.ms.toFixed(0)} ms round trip)`}
      </div>
    </section>
  );
}
