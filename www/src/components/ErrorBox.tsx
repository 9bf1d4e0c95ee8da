import type { UiError } from "../model";

export function ErrorBox({ error, onLocate }: { error: UiError; onLocate?: (error: UiError) => void }) {
  const where: string[] = [];
  if (error.line !== null && error.column !== null) where.push(`line ${error.line}, column ${error.column}`);
  if (error.located !== null && error.path !== null && error.located !== error.path) {
    where.push(`(not in the text: shown at ${error.located === "" ? "the top" : error.located})`);
  }
  const located = error.line !== null && onLocate !== undefined;
  return (
    <div className="error" role="alert" data-testid={`error-${error.target}`}>
      <div className="error-head">
        <span className="error-code">{error.code}</span>
        {error.path !== null && (
          <code className="error-path" title="JSON pointer into this input">
            {error.path === "" ? "(the whole value)" : error.path}
          </code>
        )}
        {where.length > 0 && <span className="error-where">{where.join(" ")}</span>}
        {located && (
          <button type="button" className="link" onClick={() => onLocate(error)}>
            show
          </button>
        )}
      </div>
      <div className="error-message">{error.message}</div>
      {error.apiPath !== null && error.apiPath !== error.path && (
        <div className="error-note">
          ctxpack reported <code>{error.apiPath === "" ? '""' : error.apiPath}</code> (a pointer into the argument the page passed).
        </div>
      )}
    </div>
  );
}
