import { CtxpackError } from "ctxpack/files";

/** A thrown CtxpackError as ctxpack worded it: its code, its JSON pointer into the call's argument, its message. */
export function CtxpackErrorBox({ error, testid }: { error: unknown; testid: string }) {
  if (!(error instanceof CtxpackError)) {
    return (
      <div className="error" role="alert" data-testid={testid}>
        <div className="error-head">
          <span className="error-code">Error</span>
        </div>
        <div className="error-message">{String(error)}</div>
      </div>
    );
  }
  return (
    <div className="error" role="alert" data-testid={testid} data-code={error.code}>
      <div className="error-head">
        <span className="error-code">{error.code}</span>
        <code className="error-path" title="JSON pointer into the argument the page passed">
          {error.path === "" ? "(the whole argument)" : error.path}
        </code>
      </div>
      <div className="error-message">{error.message}</div>
    </div>
  );
}
