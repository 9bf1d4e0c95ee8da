// ctxpack/react in a bundled browser app: the first input assembled in render, a second budget in
// the package's worker; the worker's answer goes to the page.
import { createElement as h, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { ContextInspector, useAssembledContext } from "ctxpack/react";
import { sha256hex } from "./shared/sha256.js";
import input from "./input.json";

function App() {
  const [maxChars, setMaxChars] = useState(null);
  const [sawPending, setSawPending] = useState(false);
  const result = useAssembledContext({ ...input, now: "2026-11-27T00:00:00Z", ...(maxChars === null ? {} : { maxChars }) });
  useEffect(() => setMaxChars(6000), []);
  useEffect(() => {
    if (result.pending) setSawPending(true);
  }, [result.pending]);
  const done = maxChars !== null && !result.pending && result.context !== null;
  return h("main", null, h("pre", { id: "out" }, done ? JSON.stringify({ sha256: sha256hex(result.context), sawPending, error: result.error?.message ?? null }) : ""), h(ContextInspector, { result }));
}

createRoot(document.getElementById("root")).render(h(App));
