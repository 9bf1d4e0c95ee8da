import type { FileRecord } from "ctxpack/files";
import { ACTION_LABEL } from "ctxpack/react";
import { fmt } from "../format";

const orDash = (n: number | null) => (n === null ? <span className="muted">–</span> : fmt(n));

/** One row per reference, in the order given: what ctxpack did with it and why. */
export function FileManifest({ files }: { files: readonly FileRecord[] }) {
  return (
    <section className="panel" aria-labelledby="files-manifest-title">
      <div className="panel-head">
        <h2 id="files-manifest-title">Manifest</h2>
        <span className="muted small">one record per reference, in order; tokens are what the file's block costs</span>
      </div>
      <div className="table-wrap">
        <table data-testid="files-table">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>path</th>
              <th>source</th>
              <th>action</th>
              <th>reason</th>
              <th className="num">lines</th>
              <th className="num">bytes</th>
              <th className="num">tokens</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f, i) => (
              <tr key={i} data-path={f.path} data-action={f.action} data-reason-code={f.reasonCode}>
                <td className="num muted">{i}</td>
                <td>
                  <code className="doc-id">{f.path}</code>
                  {f.language !== null && <span className="muted small"> {f.language}</span>}
                  {f.duplicateOf !== null && <span className="muted small"> = #{f.duplicateOf}</span>}
                </td>
                <td className="small">{f.source === null ? <span className="muted">–</span> : <code>{f.source}</code>}</td>
                <td>
                  <span className={`badge ${f.action}`}>{ACTION_LABEL[f.action]}</span>
                </td>
                <td className="reason small">
                  <code className="reason-code">{f.reasonCode}</code> {f.reason}
                </td>
                <td className="num">{orDash(f.lines)}</td>
                <td className="num">{orDash(f.bytes)}</td>
                <td className="num">{orDash(f.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
