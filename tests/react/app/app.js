// The test app: ctxpack/react as a user's app calls it (plain createElement: no JSX plugin).
// window.ctxpackTest lets tests/react/run.mjs drive it and read what it showed.
import { createElement as h, useEffect, useState } from "react";
import { ContextInspector, useAssembledContext } from "ctxpack/react";
import base from "./input.js";

const log = typeof window === "undefined" ? null : (window.ctxpackTest ??= { shown: [], sent: 0 });

// Two inputs that keep their identity, as an app's memoized ones do (?presets: the page starts
// on the first).
const PRESETS = [{ ...base, maxChars: 5000 }, { ...base, maxChars: 5500 }];
const query = new URLSearchParams(typeof location === "undefined" ? "" : location.search);
const startPreset = query.has("presets") ? 0 : null;
// ?tokenizer=o200k&maxTokens=1500: exact counts under a token budget.
const tokenizer = query.get("tokenizer") ?? undefined;
const maxTokens = query.has("maxTokens") ? { maxTokens: Number(query.get("maxTokens")) } : {};

export function App() {
  const [preset, setPreset] = useState(startPreset);
  const [maxChars, setMaxChars] = useState(base.maxChars);
  const [request, setRequest] = useState(base.request);
  const [documents, setDocuments] = useState(base.documents);
  // Written inline, a new object each render, as users write it: the hook compares its fields.
  const { context, manifest, error, pending } = useAssembledContext(preset === null ? { ...base, ...maxTokens, documents, maxChars, request } : PRESETS[preset], { tokenizer });
  useEffect(() => {
    if (log === null) return;
    Object.assign(log, { setPreset, setMaxChars, setRequest, setDocuments, context, manifest, error: error && { name: error.name, code: error.code, path: error.path }, pending });
    log.sent++;
  }, [context, manifest, error, pending]);
  useEffect(() => {
    if (log !== null && manifest !== null) log.shown.push(manifest.totals.maxChars);
  }, [manifest]);
  return h(
    "main",
    null,
    h("h1", null, "ctxpack/react test app"),
    h("label", null, "Budget in chars ", h("input", { type: "number", value: maxChars, onChange: (e) => setMaxChars(Number(e.target.value)) })),
    h("p", { "data-testid": "status" }, pending ? "assembling" : "ready", error === null ? "" : ` · ${error.code} at ${error.path}`),
    h(ContextInspector, { result: { context, manifest } }),
  );
}
