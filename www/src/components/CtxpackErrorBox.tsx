/**
 * What a CtxpackError carries. Each entry (`ctxpack/files`, `ctxpack/code`, …) has its own class,
 * so this box reads the error's fields instead of importing one entry's class: importing it
 * would pull that entry's wasm into every tab that shows an error.
 */
interface CtxpackErrorLike {
  name: "CtxpackError";
  code: string;
  path: string;
  message: string;
}

export function isCtxpackError(error: unknown): error is CtxpackErrorLike {
  return error instanceof Error && error.name === "CtxpackError" && typeof (error as { code?: unknown }).code === "string" && typeof (error as { path?: unknown }).path === "string";
}

/** A thrown CtxpackError as ctxpack worded it: its code, its JSON pointer into the call's argument, its message. */
export function CtxpackErrorBox({ error, testid }: { error: unknown; testid: string }) {
  if (!isCtxpackError(error)) {
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
