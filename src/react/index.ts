"use client";
// ctxpack/react: useAssembledContext (the package's worker, the latest input winning) and
// <ContextInspector> (the manifest for people). No wasm of its own: it uses the main entry.
// "use client": Next.js renders these in client components (the inspector from a server
// component's props); other bundlers ignore it.
export { useAssembledContext, type AssembledContext, type AssembledContextOptions } from "./hook.js";
export { ContextInspector, type ContextInspectorProps, type InspectedResult } from "./ContextInspector.js";
export type { Tokenizer } from "./counter.js";
export { ACTION_LABEL, type HeadingLevel } from "./format.js";
