"use client";
// useAssembledContext in a client page: prerendered on the server (no Worker: in render), hydrated
// with the same first result, then a second budget assembled in the package's worker. `now` is
// fixed so that the server's and the browser's recency scores agree.
import { useEffect, useState } from "react";
import type { AssembleInput } from "ctxpack";
import { ContextInspector, useAssembledContext } from "ctxpack/react";
import { input } from "../../input";
import { sha256hex } from "../../shared/sha256.js";

export default function Page() {
  const [maxChars, setMaxChars] = useState<number | null>(null);
  const [sawPending, setSawPending] = useState(false);
  const result = useAssembledContext({ ...(input as AssembleInput), now: "2026-11-27T00:00:00Z", ...(maxChars === null ? {} : { maxChars }) });
  useEffect(() => setMaxChars(6000), []);
  useEffect(() => {
    if (result.pending) setSawPending(true);
  }, [result.pending]);
  const done = maxChars !== null && !result.pending && result.context !== null;
  return (
    <main>
      <h1>hook</h1>
      <ContextInspector result={result} />
      <p id="hook">{done ? JSON.stringify({ sha256: sha256hex(result.context ?? ""), sawPending, error: result.error?.message ?? null }) : ""}</p>
    </main>
  );
}
